//! A random game written as `.mdip` text, in one of several [`Style`]s.

use std::collections::{BTreeMap, BTreeSet};

use mdip_judge::world::{
    AdjustmentInput, AdjustmentOrder, OrderInput, Phase, RetreatInput, RetreatOrder, SeasonKey,
    UnitOrder, UnitRef,
};
use mdip_map::{Coast, Location, Map, Power, ProvinceId, UnitType};

use mdip_syntax::notation::{self as n, Directive, Spelt, Words};

use crate::games::{Game, StepInput};
use crate::rng::Rng;

/// How a game is written as `.mdip` text.
#[derive(Clone, Debug, Default)]
pub struct Style {
    /// Randomness of the wording, and of the permutation when `shuffle` is set.
    pub seed: u64,
    /// Close steps with `@phase` only where the notation needs it (before retreats, after a
    /// step without orders, after a retreat or adjustment step, before an adjustment step with
    /// a waive that has no season); elsewhere the first order of the next step closes the
    /// movement step in progress (the founding rule). Otherwise every step ends with
    /// `@phase <next phase>`.
    pub implicit_steps: bool,
    /// Leave out seasons that the notation's defaults supply (randomly, per place).
    pub omit_defaults: bool,
    /// Vary the wording: full names, long keywords, colons after headers.
    pub vary_words: bool,
    /// Shuffle the blocks of every step and the lines of every block.
    pub shuffle: bool,
    /// End with `@expect` lines describing the final world (timelines, heads, seasons, the
    /// exact units of a few seasons, the units dislodged in the last movement step).
    pub expectations: bool,
}

impl Style {
    /// The tersest style (the benchmark's).
    pub fn terse() -> Style {
        Style::default()
    }
}

/// A generated game written as a file.
#[derive(Clone, Debug)]
pub struct GameText {
    /// The file.
    pub text: String,
    /// Per order line: its zero-based line number, step and input index.
    pub orders: Vec<(usize, usize, usize)>,
    /// How many `@expect` lines the file ends with.
    pub expectations: usize,
}

struct Writer {
    text: String,
    lines: usize,
    orders: Vec<(usize, usize, usize)>,
}

impl Writer {
    fn line(&mut self, s: &str) {
        self.text.push_str(s);
        self.text.push('\n');
        self.lines += 1;
    }

    fn order(&mut self, s: &str, step: usize, input: usize) {
        self.orders.push((self.lines, step, input));
        self.line(s);
    }
}

struct Wording<'a> {
    map: &'static Map,
    style: &'a Style,
    rng: Rng,
}

impl Wording<'_> {
    fn loc(&mut self, province: ProvinceId, coast: Option<Coast>) -> String {
        let loc = Location::new(province, coast);
        if self.style.vary_words && self.rng.chance(50) {
            self.map.location_name(loc)
        } else {
            self.map.location_abbrev(loc)
        }
    }

    fn power(&mut self, p: Power) -> String {
        if self.style.vary_words && self.rng.chance(30) {
            p.abbrev().to_string()
        } else {
            p.name().to_string()
        }
    }

    /// `season` written after a place, or nothing when it is the default and may be left out.
    fn season(&mut self, season: SeasonKey, default: Option<SeasonKey>) -> Option<n::Season> {
        if self.style.omit_defaults && default == Some(season) && self.rng.chance(70) {
            None
        } else {
            Some(n::Season::new(season.turn, season.timeline))
        }
    }

    /// A unit, and whether its type is written as a word (`Army`).
    fn unit(&mut self, r: UnitRef, default: Option<SeasonKey>) -> (n::Unit, bool) {
        let kind = r.kind.unwrap_or(UnitType::Army);
        let long = self.style.vary_words && self.rng.chance(20);
        let loc = self.loc(r.spot.province, r.coast);
        let season = self.season(r.spot.season, default);
        (
            n::Unit::new(kind_of(kind), n::Place::new(loc).season(season)),
            long,
        )
    }

    fn kw<'k>(&mut self, short: &'k str, long: &'k str) -> &'k str {
        if self.style.vary_words && self.rng.chance(50) {
            long
        } else {
            short
        }
    }

    fn movement(&mut self, o: &OrderInput, block: SeasonKey) -> String {
        let own = o.unit.spot.season;
        let (unit, long) = self.unit(o.unit, Some(block));
        let mut words = words(long);
        let order = match o.order {
            UnitOrder::Hold => {
                words.hold = if self.style.vary_words {
                    ["", "H", "hold", "holds"][self.rng.below(4)]
                } else {
                    "H"
                };
                n::Order::Hold { unit }
            }
            UnitOrder::Move {
                to,
                coast,
                via_convoy,
            } => {
                words.arrow = self.kw("-", "->");
                let loc = self.loc(to.province, coast);
                let season = self.season(to.season, Some(own));
                n::Order::Move {
                    unit,
                    dest: n::Place::new(loc).season(season),
                    via_convoy,
                    retreat: false,
                }
            }
            UnitOrder::SupportHold { target } => {
                words.support = self.kw("S", "supports");
                let (target, _) = self.unit(target, Some(own));
                n::Order::SupportHold { unit, target }
            }
            UnitOrder::SupportMove { target, to, coast } => {
                words.support = self.kw("S", "supports");
                let season_of_target = target.spot.season;
                let (target, _) = self.unit(target, Some(own));
                let loc = self.loc(to.province, coast);
                let season = self.season(to.season, Some(season_of_target));
                n::Order::SupportMove {
                    unit,
                    target,
                    dest: n::Place::new(loc).season(season),
                }
            }
            UnitOrder::Convoy { army, to } => {
                words.convoy = self.kw("C", "convoys");
                let season_of_army = army.spot.season;
                let (army, _) = self.unit(army, Some(own));
                let loc = self.loc(to.province, None);
                let season = self.season(to.season, Some(season_of_army));
                n::Order::Convoy {
                    unit,
                    army,
                    dest: n::Place::new(loc).season(season),
                }
            }
        };
        Spelt(&order, &words).to_string()
    }

    fn retreat(&mut self, o: &RetreatInput) -> String {
        let (unit, long) = self.unit(o.unit, None);
        let mut words = words(long);
        let order = match o.order {
            RetreatOrder::Move { to, coast } => {
                let loc = self.loc(to.province, coast);
                let season = self.season(to.season, Some(o.unit.spot.season));
                n::Order::Move {
                    unit,
                    dest: n::Place::new(loc).season(season),
                    via_convoy: false,
                    retreat: false,
                }
            }
            RetreatOrder::Disband => {
                words.disband = self.kw("disband", "disbands");
                n::Order::Disband { unit }
            }
        };
        Spelt(&order, &words).to_string()
    }

    fn adjustment(&mut self, o: &AdjustmentInput, block: Option<SeasonKey>) -> String {
        let season = |w: &mut Self| o.season.and_then(|s| w.season(s, block));
        let order = match o.order {
            AdjustmentOrder::Build {
                kind,
                province,
                coast,
            } => {
                let loc = self.loc(province, coast);
                let place = n::Place::new(loc).season(season(self));
                n::Order::Build {
                    unit: n::Unit::new(kind_of(kind), place),
                }
            }
            AdjustmentOrder::Remove { kind, province } => {
                let loc = self.loc(province, None);
                let place = n::Place::new(loc).season(season(self));
                n::Order::Remove {
                    unit: n::Unit {
                        kind: kind.map(kind_of),
                        place,
                    },
                }
            }
            AdjustmentOrder::Waive => n::Order::Waive,
        };
        order.to_string()
    }
}

pub(crate) fn kind_of(kind: UnitType) -> n::UnitKind {
    match kind {
        UnitType::Army => n::UnitKind::Army,
        UnitType::Fleet => n::UnitKind::Fleet,
    }
}

/// The generator's keywords: the canonical ones with `H`, `S`, `C`, `disband`, `via convoy`,
/// and unit types as words (`Army`) when `long`. The varied wording changes some per order.
fn words(long: bool) -> Words<'static> {
    Words {
        army: if long { "Army" } else { "A" },
        fleet: if long { "Fleet" } else { "F" },
        hold: "H",
        support: "S",
        convoy: "C",
        via_convoy: "via convoy",
        disband: "disband",
        ..Words::CANONICAL
    }
}

/// The blocks of one step: (header, lines as (input index, text)).
type Blocks = Vec<(String, Vec<(usize, String)>)>;

/// Writes a game as an `.mdip` file.
pub fn game_text(game: &Game, style: &Style) -> GameText {
    let map = Map::standard();
    let mut words = Wording {
        map,
        style,
        rng: Rng::new(style.seed ^ 0x7E57),
    };
    let mut shuffler = Rng::new(style.seed ^ 0x5A0F);
    let mut w = Writer {
        text: String::new(),
        lines: 0,
        orders: Vec::new(),
    };
    w.line(&format!(
        "# A generated multiversal game: seed {}, {} steps.",
        game.config.seed,
        game.steps.len()
    ));
    for l in game.setup.text(map).lines() {
        w.line(l);
    }
    // Whether the last line written is a `@phase` that made the current phase current (another
    // `@phase` for the same phase would adjudicate a further step).
    let mut phase_written = false;
    for (k, step) in game.steps.iter().enumerate() {
        w.line("");
        let (mut blocks, has_waive) = step_blocks(step, style, &mut words);
        if style.shuffle {
            shuffler.shuffle(&mut blocks);
            // A power's adjustment orders keep their order (see `random_permutation`).
            if step.phase() != Phase::Adjustment {
                for b in &mut blocks {
                    shuffler.shuffle(&mut b.1);
                }
            }
        }
        if style.implicit_steps && step.phase() == Phase::Adjustment && has_waive && !phase_written
        {
            let d = Directive::Phase {
                phase: "adjustment".to_owned(),
                seasons: Vec::new(),
            };
            w.line(&d.to_string());
        }
        for (header, lines) in &blocks {
            w.line(header);
            for (i, text) in lines {
                w.order(text, k, *i);
            }
        }
        let next = game.phases_after[k];
        // Only a movement step is closed by the orders of the next one: an order for a
        // season that exists already closes nothing.
        let needed = next == Phase::Retreat || step.is_empty() || step.phase() != Phase::Movement;
        phase_written = !style.implicit_steps || needed;
        if phase_written {
            let d = Directive::Phase {
                phase: next.name().to_owned(),
                seasons: Vec::new(),
            };
            w.line(&d.to_string());
        }
    }
    let mut expectations = 0;
    if style.expectations {
        w.line("");
        let lines = expectation_lines(game, style, map);
        expectations = lines.len();
        for l in lines {
            w.line(&l);
        }
    }
    GameText {
        text: w.text,
        orders: w.orders,
        expectations,
    }
}

/// The order lines of one step, in blocks per power (and season), worded by `words`. Also
/// says whether the step waives a build without naming a season.
fn step_blocks(step: &StepInput, style: &Style, words: &mut Wording) -> (Blocks, bool) {
    let mut blocks: Blocks = Vec::new();
    let mut key_of: BTreeMap<(Power, Option<SeasonKey>), usize> = BTreeMap::new();
    let mut add = |blocks: &mut Blocks,
                   words: &mut Wording,
                   power: Power,
                   season: Option<SeasonKey>,
                   line: (usize, String)| {
        let b = *key_of.entry((power, season)).or_insert_with(|| {
            let colon = if style.vary_words && words.rng.chance(30) {
                ":"
            } else {
                ""
            };
            let p = words.power(power);
            let header = n::Header {
                power: Some(p),
                season: season.map(season_of),
                words: None,
                colon: !colon.is_empty(),
            }
            .to_string();
            blocks.push((header, Vec::new()));
            blocks.len() - 1
        });
        blocks[b].1.push(line);
    };
    let mut has_waive = false;
    match step {
        StepInput::Movement(v) => {
            for (i, o) in v.iter().enumerate() {
                let s = o.unit.spot.season;
                let text = words.movement(o, s);
                add(&mut blocks, words, o.power, Some(s), (i, text));
            }
        }
        StepInput::Retreat(v) => {
            for (i, o) in v.iter().enumerate() {
                let text = words.retreat(o);
                add(&mut blocks, words, o.power, None, (i, text));
            }
        }
        StepInput::Adjustment(v) => {
            // One block per power and season: a waive needs its block's season, and a
            // power's orders for one season keep their order when blocks are shuffled. A
            // power whose orders include a waive without a season gets a single block.
            let unseasoned: BTreeSet<Power> = v
                .iter()
                .filter(|o| o.season.is_none())
                .map(|o| o.power)
                .collect();
            for (i, o) in v.iter().enumerate() {
                has_waive |= matches!(o.order, AdjustmentOrder::Waive) && o.season.is_none();
                let block = if unseasoned.contains(&o.power) {
                    None
                } else {
                    o.season
                };
                let text = words.adjustment(o, block);
                add(&mut blocks, words, o.power, block, (i, text));
            }
        }
    }
    (blocks, has_waive)
}

/// The `@expect` lines describing the game's final world: timelines, heads, seasons, the
/// boards of two random seasons and the units dislodged in the last movement step.
fn expectation_lines(game: &Game, style: &Style, map: &Map) -> Vec<String> {
    let world = &game.last;
    let mut lines = Vec::new();
    let timelines = world.timelines().iter().map(|t| t.number).collect();
    lines.push(Directive::ExpectTimelines(timelines));
    lines.push(Directive::ExpectHeads(
        world.heads().into_iter().map(season_of).collect(),
    ));
    lines.push(Directive::ExpectSeasons(
        world.seasons().map(|s| season_of(s.key)).collect(),
    ));
    let mut keys: Vec<SeasonKey> = world.seasons().map(|s| s.key).collect();
    Rng::new(style.seed ^ 0xE7).shuffle(&mut keys);
    let unit = |kind, loc, season| {
        n::Unit::new(
            kind_of(kind),
            n::Place::new(map.location_abbrev(loc)).season(Some(season_of(season))),
        )
    };
    for &key in keys.iter().take(2) {
        let season = world.season(key).expect("exists");
        if season.units.is_empty() {
            lines.push(Directive::ExpectEmpty(season_of(key)));
        }
        for u in &season.units {
            lines.push(Directive::ExpectUnit {
                power: u.power.name().to_owned(),
                unit: unit(u.kind, u.loc, key),
            });
        }
    }
    // Once a unit is expected, the units dislodged in the last movement step must be listed.
    for d in &game.last_dislodged {
        lines.push(Directive::ExpectDislodged {
            power: d.power.name().to_owned(),
            unit: unit(d.kind, d.at.loc, d.at.season),
        });
    }
    lines.iter().map(Directive::to_string).collect()
}

fn season_of(s: SeasonKey) -> n::Season {
    n::Season::new(s.turn, s.timeline)
}
