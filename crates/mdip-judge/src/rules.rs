//! The rules in force, as a value: each DATC option or multiversal policy the adjudicator
//! follows is a named field of [`Rules`], an enum whose variants say what each choice means.
//!
//! A [`World`](crate::world::World) is made with its rules (`World::new(map, rules)`), and the
//! `@rules` directive picks one by name ([`Rules::named`]). There are three rule sets:
//! [`Rules::mdatc`] (the default), [`Rules::standard`] (differs only in [`Rules::adjacency`])
//! and [`Rules::fivedd`] (the 5D Diplomacy game, which differs in every policy but civil
//! disorder). A new rule set is a new combination of policies (and, where a rule really differs,
//! a new variant wired where the policy is read); the adjudicator asks the policy, never the
//! rule set's name.
//!
//! Where each policy is read: [`ConvoyIntent`] by the movement core (`engine.rs`) through
//! [`Geography::rules`](crate::Geography::rules), when it matches convoys to armies;
//! [`CivilDisorder`] by [`adjudicate_adjustments`](crate::adjudicate_adjustments);
//! [`TimeAdjacency`] by the world's reach (`world/mod.rs`, `World::seasons_adjacent` and
//! `World::reaches`) and order validation (`world/validate.rs`); [`ForkPolicy`] and
//! [`Reopening`] by the world's movement step (`world/movement_step.rs`), when past seasons are
//! re-opened and when they fork; [`OrderFit`] by the movement step (checks of orders against
//! each other, statuses, orders kept for later), the retreat step and the adjustment step;
//! [`Victory`] by `World::winner` and every step (a game that is over adjudicates nothing);
//! [`Winters`] by the adjustment step (which heads rest) and, in the analysis, by the rule that
//! closes a step.

use mdip_map::{Map, Power, ProvinceId};

/// How an army that could also move over land shows that it means to go by convoy (DATC 4.A.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ConvoyIntent {
    /// The 2023 rulebook as DATC v3.0 prefers it: the army goes by convoy if its order says
    /// `via Convoy` or a fleet of its own power is ordered to convoy it; otherwise it moves over
    /// land. Once by convoy, a disrupted convoy does not fall back to the land route
    /// (DATC 6.G.1–6.G.20).
    #[default]
    ViaConvoyOrOwnFleet,
    /// The 5D Diplomacy game, which has no `via Convoy`: any matching convoy order, by a fleet
    /// of any power, makes the army go by convoy.
    AnyMatchingConvoy,
}

impl ConvoyIntent {
    /// Whether a matching convoy order by a fleet of `fleet_power` makes an army of
    /// `army_power`, which could also move over land, go by convoy.
    pub fn convoy_order_shows_intent(self, fleet_power: Power, army_power: Power) -> bool {
        match self {
            ConvoyIntent::ViaConvoyOrOwnFleet => fleet_power == army_power,
            ConvoyIntent::AnyMatchingConvoy => true,
        }
    }
}

/// How orders that do not fit the orders of the units they name are treated, and how supports
/// and convoys report their outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum OrderFit {
    /// DATC: a support or convoy whose unit was not ordered what it names is legal and void
    /// (it fails); a move over water is legal when fleets on the board could convoy it; a support
    /// succeeds when given and not cut, a convoy when its army had a chain; a retreat to an
    /// occupied place, a standoff or the attacker's origin is illegal; a repeated adjustment order
    /// fails.
    #[default]
    Datc,
    /// The 5D Diplomacy game: a support or convoy that matches no ordered move (or, for a support
    /// to hold, no unit ordered to stay) is illegal, and so is a move over water without an
    /// ordered chain of convoys; a support or convoy fails when the order it helps fails (and a
    /// support into a place its own power keeps); a retreat is illegal only when it is not
    /// adjacent (it fails where DATC makes it illegal); a repeated adjustment order is illegal.
    Game,
}

/// Which units a power in civil disorder loses when it orders too few removals (DATC 4.D.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum CivilDisorder {
    /// The 2023 rulebook as DATC v3.0 reads it (cases 6.J.3–6.J.11): the units farthest from the
    /// nearest supply centre the power owns go first, distance counted in steps between
    /// bordering provinces with armies and fleets alike crossing land and sea
    /// ([`Map::distance_to_home`]); ties remove fleets before armies, then go by the English
    /// province name in alphabetical order.
    #[default]
    NearestOwnedCentreOverLandAndSea,
}

impl CivilDisorder {
    /// The provinces a unit's civil-disorder distance is counted to: under
    /// [`CivilDisorder::NearestOwnedCentreOverLandAndSea`] the supply centres `power` owns in
    /// `owners` (indexed by province id).
    pub fn targets(self, map: &Map, owners: &[Option<Power>], power: Power) -> Vec<ProvinceId> {
        match self {
            CivilDisorder::NearestOwnedCentreOverLandAndSea => map
                .supply_centres()
                .filter(|p| owners.get(p.index()).copied().flatten() == Some(power))
                .collect(),
        }
    }
}

/// Which seasons an order may reach besides its unit's own (`docs/rules.md` rule 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum TimeAdjacency {
    /// Multiversal time travel (rule 8 of `docs/rules.md`): a unit reaches the seasons at most
    /// one turn away in adjacent timelines (the same, parent and child, or siblings branched from
    /// the same season), and a convoy may chain such hops between any two seasons.
    #[default]
    Multiversal,
    /// Standard Diplomacy: every order that moves to, supports in or convoys through another
    /// season than the unit's own is illegal.
    OwnSeasonOnly,
    /// The 5D Diplomacy game (`@rules 5dd`): another board is reachable when it is one turn
    /// away in the same timeline or the same turn in the timeline numbered one more or one less
    /// (no diagonal step, timelines by number, not by the tree). With `strict` only the same
    /// location is reachable on the other board; otherwise (loose) also the locations
    /// bordering it. Another coast of the same province never is.
    Numbered {
        /// Only the same location across boards (the game's "strict adjacencies").
        strict: bool,
    },
}

impl TimeAdjacency {
    /// Whether orders may act on seasons other than their unit's own.
    pub fn crosses_seasons(self) -> bool {
        match self {
            TimeAdjacency::Multiversal | TimeAdjacency::Numbered { .. } => true,
            TimeAdjacency::OwnSeasonOnly => false,
        }
    }
}

/// Which stored orders of past seasons a movement step resolves again (`docs/rules.md` rules
/// 12–13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Reopening {
    /// Rules 12–13: the past seasons live orders reach are re-opened (not transitively); their
    /// original order sets are replayed, cross-season inputs with their recorded outcomes.
    #[default]
    Anchored,
    /// The 5D Diplomacy game: every stored order that shares a place (season and province) with
    /// a live order, or with a stored order already taken, is resolved again from scratch;
    /// its effects reach every season it acts on.
    TouchClosure,
}

/// When re-adjudicating a re-opened past season starts a new timeline (`docs/rules.md`
/// rules 16–20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ForkPolicy {
    /// A re-opened season forks when a live move (one ordered in this step, not a recorded one)
    /// arrived in it, or when its new result matches the result that created none of its
    /// existing children (rule 16).
    #[default]
    LiveArrivalOrNewResult,
    /// The 5D Diplomacy game: a re-opened season forks when its new result differs from the
    /// result of every existing successor; an arrival alone does not fork (a unit arriving
    /// where its own past self stood leaves the board as it was, and vanishes).
    NewResultOnly,
}

impl ForkPolicy {
    /// Whether a re-opened season forks: `live_arrival` says a live move arrived in it,
    /// `matches_child` that its new result is the one that created one of its children.
    pub fn forks(self, live_arrival: bool, matches_child: bool) -> bool {
        match self {
            ForkPolicy::LiveArrivalOrNewResult => live_arrival || !matches_child,
            ForkPolicy::NewResultOnly => !matches_child,
        }
    }
}

/// When the adjustments after a Fall turn are played, in a world whose timelines are not all
/// at the same phase (`docs/rules.md` rule 7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Winters {
    /// Rule 7: the adjustment step is global; every other head waits for it and moves in the
    /// movement step that follows.
    #[default]
    Global,
    /// The 5D Diplomacy game: a Winter board is adjudicated beside the other timelines'
    /// movement. The boards that took adjustments rest in the movement step that follows the
    /// adjustment step (they neither move, nor advance, nor can be reached); the other heads
    /// move in it.
    BesideMovement,
}

/// Who wins, and whether a win ends the game (`docs/rules.md` rule 21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Victory {
    /// Rule 21: the one power owning at least 18 distinct centres over the heads, if exactly
    /// one does; a report only, later orders are adjudicated as usual.
    #[default]
    OnlyOneAtEighteen,
    /// The 5D Diplomacy game: the power with the most distinct centres over the heads, if it
    /// has at least 18 and no other power has as many; once there is a winner nothing more is
    /// adjudicated.
    SoleLeaderEndsGame,
}

/// The rules in force: one named policy per option (in the shape of the `diplomacy` crate's
/// `Rulebook`). [`Rules::mdatc`] is the default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// How an army shows it means to go by convoy (DATC 4.A.3).
    pub convoy_intent: ConvoyIntent,
    /// Which units civil disorder removes (DATC 4.D.8).
    pub civil_disorder: CivilDisorder,
    /// Which seasons orders may reach (rule 8).
    pub adjacency: TimeAdjacency,
    /// When a re-opened season forks (rule 16).
    pub forks: ForkPolicy,
    /// Which stored orders a step resolves again (rules 12–13).
    pub reopening: Reopening,
    /// How orders that do not fit other units' orders count, and how supports report.
    pub fit: OrderFit,
    /// Who wins, and whether that ends the game (rule 21).
    pub victory: Victory,
    /// When adjustments are played beside other timelines' movement (rule 7).
    pub winters: Winters,
}

/// One choice of a [`RuleOption`]: its word in `@rules` and what it sets.
#[derive(Clone, Copy, Debug)]
pub struct Choice {
    /// Its word: `any-fleet`.
    pub name: &'static str,
    /// What it means, one sentence (the docs, hover and completion show it).
    pub doc: &'static str,
    set: fn(&mut Rules),
    is: fn(&Rules) -> bool,
}

impl Choice {
    /// Whether `rules` follow this choice.
    pub fn is_set(&self, rules: &Rules) -> bool {
        (self.is)(rules)
    }

    /// Makes `rules` follow this choice.
    pub fn set(&self, rules: &mut Rules) {
        (self.set)(rules);
    }
}

/// An option of the rules: one field of [`Rules`], named in `@rules` after a preset
/// (`@rules mdatc convoy-intent any-fleet`).
#[derive(Clone, Copy, Debug)]
pub struct RuleOption {
    /// Its word: `convoy-intent`.
    pub name: &'static str,
    /// Where the choice is described: `DATC 4.A.3`, `rule 8` (of `docs/rules.md`). A DATC
    /// option may also be named by its number (`@rules mdatc 4.A.3 any-fleet`).
    pub source: &'static str,
    /// What it decides, one sentence.
    pub doc: &'static str,
    /// Its choices.
    pub choices: &'static [Choice],
}

impl RuleOption {
    /// The choice `rules` follow (every rule set follows exactly one of each option's).
    pub fn current(&self, rules: &Rules) -> Option<&'static Choice> {
        self.choices.iter().find(|c| c.is_set(rules))
    }

    /// The choice named `word` (case-insensitively).
    pub fn choice(&self, word: &str) -> Option<&'static Choice> {
        self.choices
            .iter()
            .find(|c| c.name.eq_ignore_ascii_case(word))
    }

    /// Whether `word` names this option: its name, or the DATC number of a DATC option.
    pub fn is_named(&self, word: &str) -> bool {
        self.name.eq_ignore_ascii_case(word)
            || self
                .source
                .strip_prefix("DATC ")
                .is_some_and(|n| n.eq_ignore_ascii_case(word))
    }
}

/// A named rule set: `@rules mdatc`.
#[derive(Clone, Copy, Debug)]
pub struct Preset {
    /// Its name, one or two words: `5dd strict`.
    pub name: &'static str,
    /// Other names of the same rule set: `5dd loose`.
    pub aliases: &'static [&'static str],
    /// What it is, one sentence.
    pub doc: &'static str,
    /// Its rules.
    pub rules: Rules,
}

macro_rules! choice {
    ($name:literal, $field:ident = $value:expr, $doc:literal) => {
        Choice {
            name: $name,
            doc: $doc,
            set: |r| r.$field = $value,
            is: |r| r.$field == $value,
        }
    };
}

/// The rule sets `@rules` names, the default first: the one list of them (the judge, the
/// analysis, completion, hover, the docs and the JSON read it).
pub const PRESETS: [Preset; 4] = [
    Preset {
        name: "mdatc",
        aliases: &[],
        doc: "multiversal time travel per docs/rules.md, on DATC v3.0's preferred options",
        rules: Rules::mdatc(),
    },
    Preset {
        name: "standard",
        aliases: &[],
        doc: "standard Diplomacy, DATC v3.0's preferred options: no order reaches another season",
        rules: Rules::standard(),
    },
    Preset {
        name: "5dd",
        aliases: &["5dd loose"],
        doc: "the 5D Diplomacy game's rules, with its loose adjacencies",
        rules: Rules::fivedd(false),
    },
    Preset {
        name: "5dd strict",
        aliases: &[],
        doc: "the 5D Diplomacy game's rules, with its strict adjacencies",
        rules: Rules::fivedd(true),
    },
];

/// The options of the rules, each a field of [`Rules`] with its choices: the one list of them.
pub const OPTIONS: [RuleOption; 8] = [
    RuleOption {
        name: "convoy-intent",
        source: "DATC 4.A.3",
        doc: "how an army that could also move over land shows that it means to go by convoy",
        choices: &[
            choice!(
                "own-fleet",
                convoy_intent = ConvoyIntent::ViaConvoyOrOwnFleet,
                "by `via Convoy`, or a fleet of its own power ordered to convoy it (DATC's preference)"
            ),
            choice!(
                "any-fleet",
                convoy_intent = ConvoyIntent::AnyMatchingConvoy,
                "any matching convoy order, by a fleet of any power (the 5D Diplomacy game)"
            ),
        ],
    },
    RuleOption {
        name: "civil-disorder",
        source: "DATC 4.D.8",
        doc: "which units a power in civil disorder loses when it orders too few removals",
        choices: &[choice!(
            "nearest-centre",
            civil_disorder = CivilDisorder::NearestOwnedCentreOverLandAndSea,
            "the units farthest from the nearest centre the power owns, over land and sea (DATC's preference; the only choice)"
        )],
    },
    RuleOption {
        name: "reach",
        source: "rule 8",
        doc: "which seasons an order may reach besides its unit's own",
        choices: &[
            choice!(
                "multiversal",
                adjacency = TimeAdjacency::Multiversal,
                "one turn away in adjacent timelines (rule 8)"
            ),
            choice!(
                "own-season",
                adjacency = TimeAdjacency::OwnSeasonOnly,
                "none: an order reaching another season is illegal (standard Diplomacy)"
            ),
            choice!(
                "numbered",
                adjacency = TimeAdjacency::Numbered { strict: false },
                "one turn away or one timeline number away, and the places bordering (the game's loose adjacencies)"
            ),
            choice!(
                "numbered-strict",
                adjacency = TimeAdjacency::Numbered { strict: true },
                "one turn away or one timeline number away, the same place only (the game's strict adjacencies)"
            ),
        ],
    },
    RuleOption {
        name: "reopening",
        source: "rules 12-13",
        doc: "which stored orders of past seasons a movement step resolves again",
        choices: &[
            choice!(
                "anchored",
                reopening = Reopening::Anchored,
                "the past seasons live orders reach, with their original order sets (rules 12-13)"
            ),
            choice!(
                "touch",
                reopening = Reopening::TouchClosure,
                "every stored order sharing a place with a live or a taken stored order (the 5D Diplomacy game)"
            ),
        ],
    },
    RuleOption {
        name: "forks",
        source: "rule 16",
        doc: "when re-adjudicating a re-opened past season starts a new timeline",
        choices: &[
            choice!(
                "arrival-or-new-result",
                forks = ForkPolicy::LiveArrivalOrNewResult,
                "when a live move arrived in it, or its result is new (rule 16)"
            ),
            choice!(
                "new-result",
                forks = ForkPolicy::NewResultOnly,
                "only when its result is new (the 5D Diplomacy game)"
            ),
        ],
    },
    RuleOption {
        name: "order-fit",
        source: "rule 22",
        doc: "how orders that do not fit the orders of the units they name count",
        choices: &[
            choice!(
                "datc",
                fit = OrderFit::Datc,
                "a support or convoy of a unit not ordered so is void and fails; a move over water needs fleets on the board (DATC)"
            ),
            choice!(
                "game",
                fit = OrderFit::Game,
                "a support or convoy matching no order is illegal, and fails with the order it helps (the 5D Diplomacy game)"
            ),
        ],
    },
    RuleOption {
        name: "victory",
        source: "rule 21",
        doc: "who wins, and whether a win ends the game",
        choices: &[
            choice!(
                "only-one-at-18",
                victory = Victory::OnlyOneAtEighteen,
                "the one power owning 18 distinct centres, if exactly one does; play goes on (rule 21)"
            ),
            choice!(
                "leader-ends-game",
                victory = Victory::SoleLeaderEndsGame,
                "the sole leader with at least 18; nothing is adjudicated after the win (the 5D Diplomacy game)"
            ),
        ],
    },
    RuleOption {
        name: "winters",
        source: "rule 7",
        doc: "when the adjustments after a Fall turn are played",
        choices: &[
            choice!(
                "global",
                winters = Winters::Global,
                "in one global step that every other head waits for (rule 7)"
            ),
            choice!(
                "beside-movement",
                winters = Winters::BesideMovement,
                "beside the other timelines' movement (the 5D Diplomacy game)"
            ),
        ],
    },
];

/// Why `@rules` words name no rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// No words.
    Empty,
    /// The first words are no preset.
    UnknownPreset(String),
    /// A word after the preset is no option.
    UnknownOption(String),
    /// An option without its choice.
    MissingChoice(&'static str),
    /// A word that is not a choice of the option before it.
    UnknownChoice {
        /// The option.
        option: &'static str,
        /// The word.
        word: String,
    },
}

impl std::fmt::Display for RulesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let list = |l: &mut dyn Iterator<Item = &str>| {
            l.map(|w| format!("`{w}`")).collect::<Vec<_>>().join(", ")
        };
        match self {
            RulesError::Empty | RulesError::UnknownPreset(_) => {
                if let RulesError::UnknownPreset(w) = self {
                    write!(f, "unknown rule set `{w}`: ")?;
                }
                write!(
                    f,
                    "the rule sets are {}",
                    list(&mut PRESETS.iter().map(|p| p.name))
                )
            }
            RulesError::UnknownOption(w) => write!(
                f,
                "unknown rule option `{w}`: the options are {}",
                list(&mut OPTIONS.iter().map(|o| o.name))
            ),
            RulesError::MissingChoice(o) => {
                let option = OPTIONS.iter().find(|x| x.name == *o).expect("an option");
                write!(
                    f,
                    "`{o}` needs its choice: {}",
                    list(&mut option.choices.iter().map(|c| c.name))
                )
            }
            RulesError::UnknownChoice { option: o, word } => {
                let option = OPTIONS.iter().find(|x| x.name == *o).expect("an option");
                write!(
                    f,
                    "`{word}` is no choice of `{o}`: the choices are {}",
                    list(&mut option.choices.iter().map(|c| c.name))
                )
            }
        }
    }
}

impl std::error::Error for RulesError {}

impl Rules {
    /// The names [`Rules::named`] knows, in the order a hint lists them (the [`PRESETS`]).
    pub const NAMES: [&'static str; 4] = [
        PRESETS[0].name,
        PRESETS[1].name,
        PRESETS[2].name,
        PRESETS[3].name,
    ];

    /// Multiversal time travel per `docs/rules.md` (`@rules mdatc`, the default), on DATC v3.0's
    /// preferred options.
    pub const fn mdatc() -> Rules {
        Rules {
            convoy_intent: ConvoyIntent::ViaConvoyOrOwnFleet,
            civil_disorder: CivilDisorder::NearestOwnedCentreOverLandAndSea,
            adjacency: TimeAdjacency::Multiversal,
            forks: ForkPolicy::LiveArrivalOrNewResult,
            reopening: Reopening::Anchored,
            fit: OrderFit::Datc,
            victory: Victory::OnlyOneAtEighteen,
            winters: Winters::Global,
        }
    }

    /// The rules of the 5D Diplomacy game (`@rules 5dd`, `@rules 5dd strict`; `docs/rules.md`
    /// "`@rules 5dd`"): boards reached by timeline number with no diagonal step, the same
    /// location only across boards when `strict`, stored orders resolved again by touch,
    /// forks only when a re-fought season's result is new.
    pub const fn fivedd(strict: bool) -> Rules {
        Rules {
            adjacency: TimeAdjacency::Numbered { strict },
            forks: ForkPolicy::NewResultOnly,
            reopening: Reopening::TouchClosure,
            convoy_intent: ConvoyIntent::AnyMatchingConvoy,
            fit: OrderFit::Game,
            victory: Victory::SoleLeaderEndsGame,
            winters: Winters::BesideMovement,
            ..Rules::mdatc()
        }
    }

    /// Standard Diplomacy (`@rules standard`): DATC v3.0's preferred options, and no order
    /// reaches outside its unit's season.
    pub const fn standard() -> Rules {
        Rules {
            adjacency: TimeAdjacency::OwnSeasonOnly,
            ..Rules::mdatc()
        }
    }

    /// The rule set `@rules` words name (see [`Rules::parse`]), or `None`.
    pub fn named(words: &str) -> Option<Rules> {
        Rules::parse(words).ok()
    }

    /// The rule set `@rules` words name: a preset of [`PRESETS`] (`mdatc`, `standard`, `5dd`,
    /// `5dd loose`, `5dd strict`), then any number of options of [`OPTIONS`], each its name
    /// and a choice (`@rules mdatc convoy-intent any-fleet`; a later choice of the same option
    /// wins). Case-insensitive; words separated by white space.
    ///
    /// # Errors
    ///
    /// A [`RulesError`] naming the first word that does not fit.
    pub fn parse(words: &str) -> Result<Rules, RulesError> {
        let words: Vec<String> = words
            .split_whitespace()
            .map(str::to_ascii_lowercase)
            .collect();
        let first = words.first().ok_or(RulesError::Empty)?;
        let names = |p: &'static Preset| std::iter::once(p.name).chain(p.aliases.iter().copied());
        // The longest name that matches (`5dd strict` before `5dd`).
        let mut best: Option<(&Preset, usize)> = None;
        for p in &PRESETS {
            for name in names(p) {
                let n = name.split(' ').count();
                let matches = words.len() >= n && words[..n].join(" ") == name;
                if matches && best.is_none_or(|(_, m)| n > m) {
                    best = Some((p, n));
                }
            }
        }
        let Some((preset, used)) = best else {
            return Err(RulesError::UnknownPreset(first.clone()));
        };
        let mut rules = preset.rules;
        let mut rest = words[used..].iter();
        while let Some(word) = rest.next() {
            let option = OPTIONS
                .iter()
                .find(|o| o.is_named(word))
                .ok_or_else(|| RulesError::UnknownOption(word.clone()))?;
            let choice = rest.next().ok_or(RulesError::MissingChoice(option.name))?;
            option
                .choice(choice)
                .ok_or_else(|| RulesError::UnknownChoice {
                    option: option.name,
                    word: choice.clone(),
                })?
                .set(&mut rules);
        }
        Ok(rules)
    }

    /// The name of this rule set as `@rules` writes it: `"mdatc"`, `"standard"`, `"5dd"` or
    /// `"5dd strict"`, or `"custom"` for a combination of policies that is none of them (see
    /// [`Rules::words`]).
    pub fn name(&self) -> &'static str {
        PRESETS
            .iter()
            .find(|p| p.rules == *self)
            .map_or("custom", |p| p.name)
    }

    /// The words of `@rules` that name this rule set: the preset it differs least from, then
    /// the options it chooses otherwise (`mdatc convoy-intent any-fleet`).
    pub fn words(&self) -> String {
        let differences = |p: &Preset| {
            OPTIONS
                .iter()
                .filter(|o| o.current(&p.rules).map(|c| c.name) != o.current(self).map(|c| c.name))
                .collect::<Vec<_>>()
        };
        let preset = PRESETS
            .iter()
            .min_by_key(|p| differences(p).len())
            .expect("presets");
        let mut out = preset.name.to_owned();
        for o in differences(preset) {
            if let Some(c) = o.current(self) {
                out.push(' ');
                out.push_str(o.name);
                out.push(' ');
                out.push_str(c.name);
            }
        }
        out
    }
}

impl Default for Rules {
    /// [`Rules::mdatc`].
    fn default() -> Rules {
        Rules::mdatc()
    }
}

#[cfg(test)]
mod tests;
