//! Writing the `.mdip` file of a converted game: the header, the set-up of every board, the
//! stored orders with their outcomes, the phase the game waits for and its orders, in the
//! notation's typed values (`crate::notation`).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use mdip_syntax::notation::{self as n, Directive, Spelt, Words};

use super::*;

/// The units a head board will have, keyed by its season: what `@expect unit` checks.
type HeadUnits = Vec<(Key, Vec<(String, Unit)>)>;

impl Converter {
    pub(super) fn write(&self, world: &World, options: &Options) -> Result<String, ImportError> {
        let mut t = String::new();
        self.write_header(&mut t, world, options);
        let heads: Vec<usize> = self
            .timelines
            .iter()
            .filter_map(|l| l.last().copied())
            .collect();
        let retreating: Vec<(usize, &String, Unit)> = world
            .boards
            .iter()
            .enumerate()
            .flat_map(|(i, b)| {
                b.units
                    .iter()
                    .filter(|(_, u)| u.must_retreat)
                    .map(move |(r, u)| (i, r, *u))
            })
            .collect();
        let mut all = self.write_seasons(&mut t, world)?;
        // The phase the game waits for.
        let mut head_keys: Vec<Key> = Vec::new();
        let mut head_units: HeadUnits = Vec::new();
        if retreating.is_empty() {
            self.write_adjustments(&mut t, world, &heads, &mut head_keys, &mut head_units);
        } else {
            t.push_str(
                "\n# Retreats are due: the boards the game makes once they are done (units that did not move\n# away and were not dislodged stay, successful moves arrive).\n",
            );
            for &h in &heads {
                let (key, units) = self.write_head_after_retreats(&mut t, world, h, &mut all);
                head_keys.push(key);
                head_units.push((key, units));
            }
            self.write_records(&mut t);
            t.push_str("\n@phase retreat\n");
            self.write_dislodged(&mut t, world, &retreating);
        }
        write_expectations(&mut t, all, head_keys, head_units);
        // No `@expect dislodged`: it speaks of the last movement step, and the set-up
        // retreat phase has none; `@dislodged` states those units.
        self.write_pending(&mut t);
        Ok(t)
    }

    /// The comment naming the game and its source, `@rules`, and `@turn` when the game does
    /// not start at turn 0.
    fn write_header(&self, t: &mut String, world: &World, options: &Options) {
        let source = if options.source.is_empty() {
            "standard input"
        } else {
            options.source.as_str()
        };
        let _ = writeln!(
            t,
            "# A 5D Diplomacy game (`GET game/{{id}}` of its server) imported by `mdip import 5dd` from {source}."
        );
        let _ = writeln!(
            t,
            "# iteration {}; winner: {}",
            world.iteration,
            world.winner.map_or("none", Nation::name)
        );
        // The preset's name as the rule table writes it (`5dd`, `5dd strict`).
        let rules = mdip_judge::Rules::fivedd(options.strict).name();
        let _ = writeln!(t, "{}", Directive::Rules(rules.to_owned()));
        let root = self.seasons[self.timelines[0][0]].unwrap_or_default();
        if root.0 != 0 {
            let _ = writeln!(t, "{}", Directive::Turn(root.0));
        }
    }

    /// `@season` and the set-up of every board, timeline by timeline; the seasons declared.
    fn write_seasons(&self, t: &mut String, world: &World) -> Result<Vec<Key>, ImportError> {
        // A fork's parent is in a lower timeline, so it is declared before it.
        let mut all: Vec<Key> = Vec::new();
        for (y, list) in self.timelines.iter().enumerate() {
            for (j, &i) in list.iter().enumerate() {
                let b = &world.boards[i];
                let key = self.seasons[i].unwrap_or_default();
                all.push(key);
                let _ = writeln!(t, "\n# {}", board_name((b.timeline, b.year, b.phase)));
                if j == 0 && y > 0 {
                    let from = self.parent_of(world, y)?;
                    let d = Directive::Season {
                        season: season(key),
                        from: Some(season(from)),
                    };
                    let _ = writeln!(t, "{d}");
                } else if j > 0 {
                    let d = Directive::Season {
                        season: season(key),
                        from: None,
                    };
                    let _ = writeln!(t, "{d}");
                }
                let units = b.units.iter().map(|(r, u)| (r.as_str(), *u));
                write_board(t, key, units, &b.centres);
            }
        }
        Ok(all)
    }

    /// With retreats due: the board head `h` makes once they are done, declared (a Winter
    /// head stays as it is); its season and units.
    fn write_head_after_retreats(
        &self,
        t: &mut String,
        world: &World,
        h: usize,
        all: &mut Vec<Key>,
    ) -> (Key, Vec<(String, Unit)>) {
        let b = &world.boards[h];
        let key = self.seasons[h].unwrap_or_default();
        if b.phase == Phase::Winter {
            return (key, owned_units(b));
        }
        let next = (key.0 + 1, key.1);
        let units = self.after_movement(world, h);
        let _ = writeln!(
            t,
            "\n# {} (after the retreats)",
            board_name(next_board((b.timeline, b.year, b.phase)))
        );
        let d = Directive::Season {
            season: season(next),
            from: None,
        };
        let _ = writeln!(t, "{d}");
        write_board(
            t,
            next,
            units.iter().map(|(r, u)| (r.as_str(), *u)),
            &b.centres,
        );
        all.push(next);
        let units = units
            .into_iter()
            .map(|(r, u)| (location_of(&r), u))
            .collect();
        (next, units)
    }

    /// `@dislodged` lines of the units that must retreat, with their attacker's origin.
    fn write_dislodged(
        &self,
        t: &mut String,
        world: &World,
        retreating: &[(usize, &String, Unit)],
    ) {
        for (i, region, unit) in retreating {
            let key = self.seasons[*i].unwrap_or_default();
            let b = &world.boards[*i];
            let place = Place {
                board: (b.timeline, b.year, b.phase),
                season: key,
                name: location_of(region),
            };
            let attacker = self.attacker(&place).filter(|a| a.at.board == place.board);
            let d = Directive::Dislodged {
                power: unit.owner.name().to_owned(),
                unit: unit_of(*unit, &place),
                from: attacker.map(|a| n::Place::new(province(&a.at.name))),
                by_convoy: attacker.is_some_and(|a| self.convoyed(a)),
            };
            let _ = writeln!(t, "{d}");
        }
    }

    /// With no retreats due: the heads as they are, the records, and `@phase adjustment` when
    /// Winter heads wait for builds and removals.
    fn write_adjustments(
        &self,
        t: &mut String,
        world: &World,
        heads: &[usize],
        head_keys: &mut Vec<Key>,
        head_units: &mut HeadUnits,
    ) {
        let winters: Vec<Key> = heads
            .iter()
            .filter(|&&h| world.boards[h].phase == Phase::Winter)
            .filter_map(|&h| self.seasons[h])
            .collect();
        for &h in heads {
            let key = self.seasons[h].unwrap_or_default();
            head_keys.push(key);
            head_units.push((key, owned_units(&world.boards[h])));
        }
        self.write_records(t);
        if !winters.is_empty() {
            let d = Directive::Phase {
                phase: "adjustment".to_owned(),
                seasons: winters.iter().map(|&k| season(k)).collect(),
            };
            let _ = writeln!(t, "\n# Winter: builds and removals are due.\n{d}");
        }
    }

    /// The orders of the iteration in progress: builds and removals first (a movement order
    /// closes the adjustment step; the Winter boards are played beside the other timelines'
    /// movement), a retreat-step disband written after its unit.
    fn write_pending(&self, t: &mut String) {
        let mut pending: Vec<&Order> = self
            .orders
            .iter()
            .map(|(_, o)| o)
            .filter(|o| matches!(o.status, OrderStatus::New | OrderStatus::RetreatNew))
            .collect();
        pending.sort_by_key(|o| o.at.board.2 != Phase::Winter);
        if !pending.is_empty() {
            t.push_str("\n# Orders given in the iteration in progress.\n");
        }
        for o in pending {
            let unit = unit_of(o.unit, &o.at);
            let order = match (o.status, o.kind) {
                (OrderStatus::RetreatNew, Kind::Move) => self.order(o),
                // A disband written after its unit.
                (OrderStatus::RetreatNew, _) => {
                    let line = n::OrderLine {
                        power: Some(o.unit.owner.name().to_owned()),
                        order: n::Order::Disband { unit },
                        expect: None,
                    };
                    let words = Words {
                        disband: "disband",
                        disband_in_front: false,
                        ..Words::TERSE
                    };
                    let _ = writeln!(t, "{}", Spelt(&line, &words));
                    continue;
                }
                (_, Kind::Build) => n::Order::Build { unit },
                (_, Kind::Disband) => n::Order::Remove { unit },
                _ => self.order(o),
            };
            let line = n::OrderLine {
                power: Some(o.unit.owner.name().to_owned()),
                order,
                expect: None,
            };
            let _ = writeln!(t, "{}", terse(&line));
        }
    }

    /// `@record` lines: every stored order of a past board with its outcome: movement orders
    /// of Spring and Fall boards, then the builds and removals of past Winter boards (on the
    /// season of the next Spring, whose board they changed) and the retreats and disbands of
    /// past retreat steps. Written after every `@season`, so that each season they name is
    /// past already.
    pub(super) fn write_records(&self, t: &mut String) {
        let records = self.stored(|o| {
            adjudicated(o.status)
                && matches!(
                    o.kind,
                    Kind::Hold | Kind::Move | Kind::Support | Kind::Convoy
                )
                && o.at.board.2 != Phase::Winter
        });
        if !records.is_empty() {
            t.push_str("\n# Orders stored on past boards, with their outcomes.\n");
        }
        for o in &records {
            let (order, outcome) = if o.status == OrderStatus::Invalid && o.kind == Kind::Hold {
                let held = if self.dislodged(o.at.board, &o.at.name) {
                    n::ExpectedOutcome::Fails
                } else {
                    n::ExpectedOutcome::Succeeds
                };
                let unit = unit_of(o.unit, &o.at);
                (n::Order::Hold { unit }, held)
            } else if o.status == OrderStatus::Invalid {
                // The unit held; the order is kept and checked again when a step reaches it.
                (self.order(o), n::ExpectedOutcome::Illegal)
            } else {
                (self.order(o), outcome(o.status))
            };
            record(t, o, order, outcome);
        }
        // Builds and removals of past Winter boards (a Winter head's are still to come).
        let winters = self.stored(|o| {
            adjudicated(o.status)
                && matches!(o.kind, Kind::Build | Kind::Disband)
                && o.at.board.2 == Phase::Winter
        });
        if !winters.is_empty() {
            t.push_str(
                "\n# Builds and removals stored on past Winter boards (on the next Spring's season).\n",
            );
        }
        for o in &winters {
            let unit = unit_of(o.unit, &o.at);
            let order = if o.kind == Kind::Build {
                n::Order::Build { unit }
            } else {
                n::Order::Remove { unit }
            };
            record(t, o, order, outcome(o.status));
        }
        // Retreats and disbands of past retreat steps.
        let retreats = self.stored(|o| {
            matches!(
                o.status,
                OrderStatus::RetreatSuccess
                    | OrderStatus::RetreatFailure
                    | OrderStatus::RetreatInvalid
            ) && matches!(o.kind, Kind::Move | Kind::Disband)
        });
        if !retreats.is_empty() {
            t.push_str("\n# Retreats and disbands stored for past retreat steps.\n");
        }
        for o in &retreats {
            let unit = unit_of(o.unit, &o.at);
            let order = match (&o.kind, &o.destination) {
                (Kind::Move, Some(d)) => n::Order::Move {
                    unit,
                    dest: n::Place::new(&d.name),
                    via_convoy: false,
                    retreat: true,
                },
                _ => n::Order::Disband { unit },
            };
            record(t, o, order, outcome(o.status));
        }
    }

    /// The stored orders `keep` takes, in the game's order.
    fn stored(&self, keep: impl Fn(&Order) -> bool) -> Vec<&Order> {
        self.orders
            .iter()
            .map(|(_, o)| o)
            .filter(|o| keep(o))
            .collect()
    }

    /// A stored or new movement order in the notation, every season written; the supported
    /// unit's type is read off its board (written without it when the board has none there).
    pub(super) fn order(&self, o: &Order) -> n::Order {
        let unit = unit_of(o.unit, &o.at);
        let helped = |m: &Place| n::Unit {
            kind: self
                .units
                .get(&m.board)
                .and_then(|units| units.get(&m.name))
                .map(|u| u.kind.kind()),
            place: place_of(m),
        };
        match (o.kind, &o.destination, &o.middle) {
            (Kind::Move, Some(d), _) => n::Order::Move {
                unit,
                dest: place_of(d),
                via_convoy: false,
                retreat: false,
            },
            (Kind::Support, Some(d), Some(m)) if d == m => n::Order::SupportHold {
                unit,
                target: helped(m),
            },
            (Kind::Support, Some(d), Some(m)) => n::Order::SupportMove {
                unit,
                target: helped(m),
                dest: place_of(d),
            },
            (Kind::Convoy, Some(d), Some(m)) => n::Order::Convoy {
                unit,
                army: n::Unit::new(n::UnitKind::Army, place_of(m)),
                dest: place_of(d),
            },
            _ => n::Order::Hold { unit },
        }
    }

    /// Whether a successful move went into this place's province on its board.
    pub(super) fn dislodged(&self, board: (i64, i64, Phase), name: &str) -> bool {
        self.attacker(&Place {
            board,
            season: (0, 0),
            name: name.to_owned(),
        })
        .is_some()
    }

    /// The successful move into a place's province on its board.
    pub(super) fn attacker(&self, place: &Place) -> Option<&Order> {
        self.orders_to(place.board).find(|o| {
            o.kind == Kind::Move
                && o.status == OrderStatus::Success
                && o.destination.as_ref().is_some_and(|d| {
                    d.board == place.board && province(&d.name) == province(&place.name)
                })
        })
    }

    /// Whether a convoy order carried this move.
    pub(super) fn convoyed(&self, mover: &Order) -> bool {
        let Some(d) = &mover.destination else {
            return false;
        };
        self.orders_to(d.board).any(|o| {
            o.kind == Kind::Convoy
                && o.middle.as_ref() == Some(&mover.at)
                && o.destination == mover.destination
        })
    }

    /// The units of the board the game makes from head `h` after its movement (and the
    /// retreats): the units that did not move away and were not dislodged stay, units whose
    /// move into this board succeeded arrive (the retreats are the retreat step's). Keyed by
    /// the game's region id.
    pub(super) fn after_movement(&self, world: &World, h: usize) -> Vec<(String, Unit)> {
        let b = &world.boards[h];
        let key = (b.timeline, b.year, b.phase);
        let mut units: Vec<(String, Unit)> = Vec::new();
        for (region, u) in &b.units {
            if u.must_retreat {
                continue;
            }
            let name = location_of(region);
            // Moved away, or dislodged with nowhere to go: the game disbands such a unit at
            // once (a `Disband` stored as `RetreatSuccess`) and does not mark it.
            let gone = self.orders_from(key).any(|o| {
                let left = match o.kind {
                    Kind::Move => o.status == OrderStatus::Success,
                    Kind::Disband => o.status == OrderStatus::RetreatSuccess,
                    _ => false,
                };
                left && o.at.board == key && o.at.name == name
            });
            if !gone {
                units.push((region.clone(), *u));
            }
        }
        for o in self.orders_to(key) {
            if o.kind == Kind::Move && o.status == OrderStatus::Success {
                if let Some(d) = o.destination.as_ref().filter(|d| d.board == key) {
                    let region = game_region(&d.name).unwrap_or_default().to_owned();
                    units.push((
                        region,
                        Unit {
                            must_retreat: false,
                            ..o.unit
                        },
                    ));
                }
            }
        }
        units
    }
}

/// The `=>` word of a stored status: `succeeds`, `fails`, or `illegal` (the game's `Invalid`).
pub(super) fn outcome(status: OrderStatus) -> n::ExpectedOutcome {
    match status {
        OrderStatus::Success | OrderStatus::RetreatSuccess => n::ExpectedOutcome::Succeeds,
        OrderStatus::Invalid | OrderStatus::RetreatInvalid => n::ExpectedOutcome::Illegal,
        _ => n::ExpectedOutcome::Fails,
    }
}

/// mdip's name of a region already checked.
pub(super) fn location_of(region: &str) -> String {
    mdip_location(region).unwrap_or_else(|| region.to_ascii_lowercase())
}

pub(super) fn known_region(region: &str, path: &str) -> Result<String, ImportError> {
    mdip_location(region).ok_or_else(|| {
        error(
            path,
            format!("unknown region `{region}` (the game's ids are like `Lon`, `NTH`, `Spa_S`)"),
        )
    })
}

/// The board after a Spring or Fall board in the game's calendar (Fall, or Winter).
pub(super) fn next_board(b: (i64, i64, Phase)) -> (i64, i64, Phase) {
    match b.2 {
        Phase::Spring => (b.0, b.1, Phase::Fall),
        Phase::Fall => (b.0, b.1, Phase::Winter),
        Phase::Winter => (b.0, b.1 + 1, Phase::Spring),
    }
}

pub(super) fn owned_units(b: &Board) -> Vec<(String, Unit)> {
    b.units.iter().map(|(r, u)| (location_of(r), *u)).collect()
}

/// `@unit` lines and `@owns` lines (one per power) of a season.
pub(super) fn write_board<'a>(
    t: &mut String,
    key: Key,
    units: impl Iterator<Item = (&'a str, Unit)>,
    centres: &BTreeMap<String, Nation>,
) {
    let mut units: Vec<(String, Unit)> = units.map(|(r, u)| (location_of(r), u)).collect();
    units.sort_by(|a, b| (a.1.owner, &a.0).cmp(&(b.1.owner, &b.0)));
    for (name, u) in &units {
        let d = Directive::Unit {
            power: u.owner.name().to_owned(),
            unit: n::Unit::new(u.kind.kind(), n::Place::new(name).season(Some(season(key)))),
        };
        let _ = writeln!(t, "{d}");
    }
    let mut owners: BTreeMap<Nation, BTreeSet<String>> = BTreeMap::new();
    for (region, nation) in centres {
        owners
            .entry(*nation)
            .or_default()
            .insert(province(&location_of(region)).to_owned());
    }
    for (nation, list) in owners {
        let d = Directive::Owns {
            power: nation.name().to_owned(),
            provinces: list.into_iter().collect(),
            season: Some(season(key)),
        };
        let _ = writeln!(t, "{}", terse(&d));
    }
}

pub(super) fn unit_of(u: Unit, at: &Place) -> n::Unit {
    n::Unit::new(u.kind.kind(), place_of(at))
}

/// A place with its season written.
pub(super) fn place_of(p: &Place) -> n::Place {
    n::Place::new(&p.name).season(Some(season(p.season)))
}

/// An `@record` line of a stored order.
pub(super) fn record(t: &mut String, o: &Order, order: n::Order, outcome: n::ExpectedOutcome) {
    let d = Directive::Record(n::OrderLine {
        power: Some(o.unit.owner.name().to_owned()),
        order,
        expect: Some(outcome),
    });
    let _ = writeln!(t, "{}", terse(&d));
}

/// The position checking itself: `@expect seasons`, `@expect heads`, and every head's units
/// (`@expect unit`, or `@expect empty`).
fn write_expectations(
    t: &mut String,
    mut all: Vec<Key>,
    mut head_keys: Vec<Key>,
    mut head_units: HeadUnits,
) {
    all.sort_unstable();
    head_keys.sort_unstable();
    t.push_str("\n# The imported position.\n");
    let d = Directive::ExpectSeasons(all.iter().map(|&k| season(k)).collect());
    let _ = writeln!(t, "{d}");
    let d = Directive::ExpectHeads(head_keys.iter().map(|&k| season(k)).collect());
    let _ = writeln!(t, "{d}");
    head_units.sort_by_key(|(k, _)| *k);
    for (key, mut units) in head_units {
        if units.is_empty() {
            let _ = writeln!(t, "{}", Directive::ExpectEmpty(season(key)));
            continue;
        }
        units.sort_by(|a, b| (a.1.owner, &a.0).cmp(&(b.1.owner, &b.0)));
        for (name, u) in units {
            let d = Directive::ExpectUnit {
                power: u.owner.name().to_owned(),
                unit: n::Unit::new(u.kind.kind(), n::Place::new(name).season(Some(season(key)))),
            };
            let _ = writeln!(t, "{d}");
        }
    }
}

/// Whether a movement or adjustment order was adjudicated (succeeded, failed or was illegal).
fn adjudicated(status: OrderStatus) -> bool {
    matches!(
        status,
        OrderStatus::Success | OrderStatus::Failure | OrderStatus::Invalid
    )
}
