//! The movement step: every head together with the past seasons its live orders re-open is one
//! decision graph for the core (rules 5 and 12–15); then every head advances, re-opened seasons
//! whose result changed fork (rules 16–20), and dislodged units wait to retreat.
//!
//! [`World::movement_step`] reads as its phases, each a named method:
//!
//! 1. `validate_all` (`validate.rs`): unit, power, head, phase, terrain, rule-8 reach, coasts
//!    (DATC 6.B), convoy possibility (4.E.1, on a convoy board built once per step); several
//!    different legal orders for one unit are all dropped (4.D.3).
//! 2. `live_graph`, `give_live_orders` (`graph.rs`): every unit of every head, with its order or
//!    a hold.
//! 3. `reopen` (`reopen.rs`), as the [`Reopening`](crate::Reopening) policy says. Under `@rules 5dd`
//!    (`reopen_by_touch`): every stored order sharing a place with a live order, or with one
//!    already taken, is resolved again from scratch, and the other stored orders of the seasons
//!    so touched keep their recorded outcomes; supports and convoys kept for units that did not
//!    exist yet (`anticipate`) wake when touched; then `fit_game_orders` (`fit.rs`) applies the game's
//!    checks of orders against each other. Under `@rules mdatc` (`reopen_anchored`): past
//!    seasons that live orders reference (rule 12; not transitive). Their original order sets
//!    are replayed: orders inside the season are resolved again, moves into it from other
//!    seasons are contested again but may only lose, other cross-season orders keep their
//!    recorded outcome (as `Pin`s of the core). A replayed order acts on another season only if
//!    that season's original set holds it (a traveller never arrives twice).
//! 4. `to_core`: one call of the core (`adjudicate_movement`) over all of it (under
//!    `@rules 5dd`, `adjudicate_with_land_fallback` calls it again while armies whose convoy
//!    failed go by land, as the game's resolution passes do); each season is a `Site`, reach
//!    between sites is rule 8 (`geography.rs`). The graph is indexed once (arrivals by season,
//!    live moves by spot, the units acting on each season, sites by season), so the work per
//!    season is what touches it, not the whole graph.
//! 5. `results_per_season`: per season, the units that stay or arrive and the units dislodged
//!    (kept in province order, so no sorting); `record_heads` keeps each head's original order
//!    set.
//! 6. `forking` (`advance.rs`, as 7): a re-opened season forks when the [`ForkPolicy`](crate::ForkPolicy)
//!    says so (`mdatc`: a live move arrived, or its result matches no existing child; `5dd`:
//!    only the latter); `advance`: heads move one turn (under `@rules 5dd` not the Winter boards
//!    resting beside the step) and forks are created, numbered by (turn, timeline).
//! 7. `retreats`: dislodged units of heads and forking seasons wait for the retreat step;
//!    timelines whose parent turn was a Fall wait for the adjustment step (ownership updates
//!    first).
//! 8. `entries`, `reported_cuts`: the [`StepReport`](super::StepReport), one entry per input
//!    order.
//!
//! Seasons are shared between clones of the world (`Arc`, copied on write), which keeps the
//! analysis' checkpoints cheap.

use std::collections::{BTreeMap, BTreeSet};

use foldhash::{HashMap, HashMapExt, HashSet};
use std::sync::Arc;

use mdip_map::{Location, UnitType};

use super::geography::StepGeography;
use super::graph::{give_live_orders, Graph};
use super::report::{GraphUnit, OrderOutcome, ReportedCut, StepEntry, StepReport};
use super::validate::{Illegal, OrderInput, Unfit};
use super::{
    BoardUnit, MoveOrder, Origin, Phase, Pos, Record, RecordedOrder, ResultSig, SeasonKey, Spot,
    UnitSig, World,
};
use crate::rules::{ConvoyIntent, OrderFit};
use crate::{
    adjudicate_movement, Dislodgement, Geography, MovementInput, Order as CoreOrder, Outcome, Pin,
    PinnedOrder, Place, Reason, Unit as CoreUnit,
};

/// The season a battle is fought in, for an order that acts on another season.
fn battle_season(order: &MoveOrder) -> Option<SeasonKey> {
    match *order {
        MoveOrder::Hold => None,
        MoveOrder::Move { to, .. } => Some(to.season),
        MoveOrder::SupportHold { target } => Some(target.season),
        MoveOrder::SupportMove { to, .. } => Some(to.season),
        MoveOrder::Convoy { to, .. } => Some(to.season),
    }
}

/// What the core decided for the graph, with the indexes the later phases read: so that each
/// season's work touches only its own units.
pub(super) struct Adjudicated {
    /// The outcome of each graph unit's order.
    pub(super) outcomes: Vec<Outcome>,
    /// Places left empty by a standoff.
    pub(super) contested: Vec<Place>,
    /// The strengths behind each graph unit's outcome.
    strengths: Vec<crate::Strengths>,
    /// Whether each graph unit moved (a move that succeeded).
    moved: Vec<bool>,
    /// The dislodgement of each graph unit, if dislodged.
    pub(super) dislodged_by: Vec<Option<Dislodgement>>,
    /// The site of each season (standoffs are reported per site; a ghost site holds only a
    /// replayed unit that left, never a standoff, so it is not the season's site).
    real_site: HashMap<SeasonKey, usize>,
    /// Successful moves by destination season.
    arrivals: HashMap<SeasonKey, Vec<usize>>,
    /// Live moves by destination spot.
    live_moves_into: HashMap<Spot, Vec<usize>>,
    /// For each season, the units that act on it (rule 13's record).
    acting_on: HashMap<SeasonKey, Vec<usize>>,
}

impl Adjudicated {
    /// Adjudicates the core's input and indexes the result over the graph.
    pub(super) fn new(
        graph: &Graph,
        input: &MovementInput,
        geo: &StepGeography<'_>,
    ) -> Adjudicated {
        let result = match geo.world.rules().convoy_intent {
            ConvoyIntent::ViaConvoyOrOwnFleet => adjudicate_movement(input, geo),
            ConvoyIntent::AnyMatchingConvoy => adjudicate_with_land_fallback(input, geo),
        };
        let mut real_site: HashMap<SeasonKey, usize> = HashMap::with_capacity(geo.sites.len());
        for (i, (&s, &ghost)) in geo.sites.iter().zip(&geo.ghosts).enumerate() {
            if !ghost {
                real_site.entry(s).or_insert(i);
            }
        }
        let moved: Vec<bool> = graph
            .units
            .iter()
            .zip(&result.outcomes)
            .map(|(g, o)| matches!(g.order, MoveOrder::Move { .. }) && o.success())
            .collect();
        let mut dislodged_by = vec![None; graph.units.len()];
        for d in &result.dislodged {
            if let Some(slot) = dislodged_by.get_mut(d.unit) {
                *slot = Some(*d);
            }
        }
        let mut adjudicated = Adjudicated {
            outcomes: result.outcomes,
            contested: result.contested,
            strengths: result.strengths,
            moved,
            dislodged_by,
            real_site,
            arrivals: HashMap::new(),
            live_moves_into: HashMap::new(),
            acting_on: HashMap::new(),
        };
        adjudicated.index(graph);
        adjudicated
    }

    /// Fills the arrival, live-move and acting-on indexes.
    fn index(&mut self, graph: &Graph) {
        for (i, g) in graph.units.iter().enumerate() {
            if let MoveOrder::Move { to, .. } = g.order {
                if self.moved[i] {
                    self.arrivals.entry(to.season).or_default().push(i);
                }
                if g.live {
                    self.live_moves_into.entry(to.spot()).or_default().push(i);
                }
            }
            let mut acts_on = vec![g.spot.season];
            if g.live {
                acts_on.extend(battle_season(&g.order));
                acts_on.extend(g.order.referenced_seasons(g.spot.season));
            }
            acts_on.sort_unstable();
            acts_on.dedup();
            for s in acts_on {
                self.acting_on.entry(s).or_default().push(i);
            }
        }
    }

    /// The site of a season in the graph, if it has a real one.
    pub(super) fn site_of(&self, s: SeasonKey) -> Option<usize> {
        self.real_site.get(&s).copied()
    }

    /// The successful moves into season `s`.
    pub(super) fn arrivals_into(&self, s: SeasonKey) -> &[usize] {
        self.arrivals.get(&s).map_or(&[][..], Vec::as_slice)
    }
}

/// The 5D game's convoys ([`ConvoyIntent::AnyMatchingConvoy`]): any matching convoy order makes
/// an army go by convoy (so it meets no army head to head), but an army that borders its
/// destination and whose convoy fails (disrupted, broken by the paradox rule, or no chain at all)
/// goes by land after all, as the game's resolution passes find once the convoy has failed.
/// Played as passes of the core: each pass after the first lets the armies whose convoy failed go
/// by land (their convoying fleets hold, and keep the outcome of the pass their convoy failed
/// in), until no more do.
fn adjudicate_with_land_fallback(
    input: &MovementInput,
    geo: &StepGeography<'_>,
) -> crate::MovementResult {
    let mut input = input.clone();
    let mut result = adjudicate_movement(&input, geo);
    let mut by_land = vec![false; input.units.len()];
    let mut kept: Vec<(usize, Outcome)> = Vec::new();
    // Each pass sends at least one more army by land: at most one pass per army.
    for _ in 0..input.units.len() {
        let mut changed = false;
        for (a, &unit) in input.units.iter().enumerate() {
            let Some(CoreOrder::Move { dest, .. }) = input.orders.get(a).map(|o| o.order) else {
                continue;
            };
            let convoy_failed = matches!(
                result.outcomes[a].reason,
                Reason::NoConvoyPath | Reason::ConvoyDisrupted | Reason::ConvoyParadox
            );
            if by_land[a]
                || !convoy_failed
                || unit.kind != UnitType::Army
                || !geo.reaches(
                    UnitType::Army,
                    unit.at.without_coast(),
                    dest.without_coast(),
                )
            {
                continue;
            }
            by_land[a] = true;
            changed = true;
            for f in 0..input.orders.len() {
                if matches!(input.orders[f].order, CoreOrder::Convoy { army, .. } if army == a) {
                    kept.push((f, result.outcomes[f].clone()));
                    input.orders[f].order = CoreOrder::Hold;
                }
            }
        }
        if !changed {
            break;
        }
        result = adjudicate_movement(&input, geo);
    }
    for (f, outcome) in kept {
        // A fleet dislodged in the last pass reports that; otherwise its convoy's failure.
        if result.dislodgement(f).is_none() {
            result.outcomes[f] = outcome;
        }
    }
    result
}

/// What a season of the graph now holds (rule 16's result), before retreats.
#[derive(Clone)]
pub(super) struct SeasonResult {
    /// The result signature the fork rule compares.
    pub(super) sig: ResultSig,
    /// The board of its next season, sorted by province.
    pub(super) board: Vec<BoardUnit>,
    /// The graph indices of its units dislodged.
    pub(super) dislodged: Vec<usize>,
}

impl World {
    /// Adjudicates the movement step of every head together with the past seasons the live
    /// orders re-open, then advances every head, creates forks and records the results.
    pub fn movement_step(&mut self, inputs: &[OrderInput]) -> StepReport {
        self.finish_setup();
        if self.game_over() {
            return StepReport::not_run(inputs.iter().map(|_| Illegal::GameOver));
        }
        let validated = self.validate_all(inputs);
        if self.phase != Phase::Movement {
            let phase = self.phase;
            return StepReport::not_run(
                validated
                    .into_iter()
                    .map(|r| r.err().unwrap_or(Illegal::WrongPhase(phase))),
            );
        }
        let heads = self.moving_heads();
        let mut graph = self.live_graph(&heads);
        let validated = give_live_orders(&mut graph, inputs, validated);
        let (validated, mut anticipating) = match self.rules.fit {
            OrderFit::Datc => (validated, Vec::new()),
            OrderFit::Game => self.anticipate(&graph, inputs, validated),
        };
        let (reopened, woken) = self.reopen(&mut graph);
        let validated = match self.rules.fit {
            OrderFit::Datc => validated,
            OrderFit::Game => {
                self.fit_game_orders(&mut graph, inputs, validated, &woken, &mut anticipating)
            }
        };
        // Kept orders that act in this step are kept no longer (they are now in the record of
        // the season they fork from, or fought again by touch as stored orders).
        let acted: HashSet<usize> = woken
            .iter()
            .filter(|&&(g, _)| graph.units[g].order != MoveOrder::Hold)
            .map(|&(_, k)| k)
            .collect();
        let (geo, input) = self.to_core(&graph);
        let mut adjudicated = Adjudicated::new(&graph, &input, &geo);
        drop(geo);
        let results = self.results_per_season(&graph, &adjudicated, &heads, &reopened);
        self.record_heads(&heads, &graph, &adjudicated, &results);
        let forking = self.forking(&reopened, &graph, &adjudicated, &results);
        let (advanced, forks) = self.advance(&heads, &forking, &results);
        self.resting.clear();
        if !acted.is_empty() {
            let mut k = 0;
            self.anticipated.retain(|_| {
                k += 1;
                !acted.contains(&(k - 1))
            });
        }
        self.anticipated.extend(anticipating);
        let dislodged = self.retreats(&advanced, &forks, &graph, &adjudicated, &results);
        let reported_cut = reported_cuts(&graph, &adjudicated);
        if self.rules.fit == OrderFit::Game {
            // After the records: they keep what the core decided (a support given stays given
            // when its move is fought again); only the statuses reported change.
            game_statuses(&graph, &mut adjudicated);
        }
        StepReport {
            entries: entries(inputs, validated, &graph, &adjudicated, self.rules.fit),
            reported_cut,
            reopened: reopened.into_iter().collect(),
            advanced,
            forks,
            dislodged,
            graph: graph.units,
            outcomes: adjudicated.outcomes,
            strengths: adjudicated.strengths,
            ran: true,
            ..StepReport::default()
        }
    }

    /// Validates every order, sharing one convoy board between them.
    fn validate_all(&self, inputs: &[OrderInput]) -> Vec<Result<MoveOrder, Illegal>> {
        let mut cache = None;
        inputs
            .iter()
            .map(|i| self.validate_with(i, &mut cache))
            .collect()
    }

    /// Live units: every unit of every head, holding until its order is known.
    fn live_graph(&self, heads: &[SeasonKey]) -> Graph {
        let live_total: usize = heads.iter().map(|h| self.seasons[h].units.len()).sum();
        let mut graph = Graph::new(self.map.province_count(), live_total);
        for &h in heads {
            for u in &self.seasons[&h].units {
                graph.add(GraphUnit {
                    spot: Spot {
                        season: h,
                        province: u.loc.province,
                    },
                    sig: UnitSig::of(u),
                    order: MoveOrder::Hold,
                    live: true,
                    pin: Pin::Free,
                    records: Vec::new(),
                    left: false,
                });
            }
        }
        graph
    }

    /// The core's view of the graph: its sites, units and orders.
    pub(super) fn to_core(&self, graph: &Graph) -> (StepGeography<'_>, MovementInput) {
        let mut geo = StepGeography::new(self, Vec::new());
        // A replayed move that left its season for good but is contested again stands on a
        // ghost of its season: it reaches as from there, and nothing there is in its way.
        let units: Vec<CoreUnit> = graph
            .units
            .iter()
            .map(|g| CoreUnit {
                power: g.sig.power,
                kind: g.sig.kind,
                at: if g.left && g.pin == Pin::Free {
                    geo.ghost_at(g.spot.season, g.sig.loc)
                } else {
                    geo.at(g.spot.season, g.sig.loc)
                },
            })
            .collect();
        let orders = graph
            .units
            .iter()
            .map(|g| PinnedOrder::new(core_order(g, graph, &mut geo), g.pin))
            .collect();
        (geo, MovementInput { units, orders })
    }

    /// What each season in play (heads and re-opened seasons) now holds, before retreats.
    fn results_per_season(
        &self,
        graph: &Graph,
        adjudicated: &Adjudicated,
        heads: &[SeasonKey],
        reopened: &BTreeSet<SeasonKey>,
    ) -> BTreeMap<SeasonKey, SeasonResult> {
        heads
            .iter()
            .chain(reopened.iter())
            .map(|&s| (s, self.season_result(s, graph, adjudicated)))
            .collect()
    }

    /// What season `s` now holds: the units that stay, then the arrivals that count there.
    fn season_result(
        &self,
        s: SeasonKey,
        graph: &Graph,
        adjudicated: &Adjudicated,
    ) -> SeasonResult {
        let n = self.seasons[&s].units.len();
        // Boards are sorted by province; the result signature follows the board's order.
        let mut sig = ResultSig {
            units: Vec::new(),
            dislodged: Vec::new(),
        };
        let mut board = Vec::with_capacity(n + 2);
        let mut dislodged = Vec::new();
        for u in &self.seasons[&s].units {
            let spot = Spot {
                season: s,
                province: u.loc.province,
            };
            let gi = graph.get(&spot);
            let gone = gi.is_some_and(|i| adjudicated.moved[i] || graph.units[i].left);
            let lost = gi.is_some_and(|i| adjudicated.dislodged_by[i].is_some());
            if lost {
                sig.dislodged.push(UnitSig::of(u));
                if let Some(i) = gi {
                    dislodged.push(i);
                }
            } else if !gone {
                board.push(BoardUnit {
                    origin: Origin::Stayed { from: s },
                    ..*u
                });
            }
        }
        for &i in adjudicated.arrivals_into(s) {
            let g = &graph.units[i];
            if let MoveOrder::Move { to, .. } = g.order {
                if g.live || g.records.contains(&s) {
                    let at =
                        board.partition_point(|b: &BoardUnit| b.loc.province < to.loc.province);
                    board.insert(
                        at,
                        BoardUnit {
                            power: g.sig.power,
                            kind: g.sig.kind,
                            loc: to.loc,
                            origin: Origin::Moved {
                                from: Pos {
                                    season: g.spot.season,
                                    loc: g.sig.loc,
                                },
                            },
                        },
                    );
                }
            }
        }
        sig.units = board.iter().map(UnitSig::of).collect();
        SeasonResult {
            sig,
            board,
            dislodged,
        }
    }

    /// The record of every head: its own orders and the orders from other seasons acting on
    /// it, with their outcomes (rule 13).
    fn record_heads(
        &mut self,
        heads: &[SeasonKey],
        graph: &Graph,
        adjudicated: &Adjudicated,
        results: &BTreeMap<SeasonKey, SeasonResult>,
    ) {
        for &h in heads {
            let acting = adjudicated.acting_on.get(&h).map_or(&[][..], Vec::as_slice);
            let mut rec = Record {
                orders: Vec::with_capacity(acting.len()),
                result: ResultSig::default(),
            };
            for &i in acting {
                let g = &graph.units[i];
                rec.orders.push(RecordedOrder {
                    unit: g.spot,
                    sig: g.sig,
                    order: g.order,
                    success: adjudicated.outcomes[i].success(),
                });
            }
            rec.result = results[&h].sig.clone();
            self.seasons
                .get_mut(&h)
                .map(Arc::make_mut)
                .expect("heads exist")
                .record = Some(rec);
        }
    }
}

/// The core's order for a graph unit. A replayed order acting on a season whose original order
/// set does not hold it acts nowhere: a move goes to a place no unit can reach (it left, and
/// arrives nowhere new), anything else holds.
fn core_order(g: &GraphUnit, graph: &Graph, geo: &mut StepGeography<'_>) -> CoreOrder {
    let void = SeasonKey::new(u32::MAX, u32::MAX);
    let acts_elsewhere = !g.live
        && battle_season(&g.order).is_some_and(|b| b != g.spot.season && !g.records.contains(&b));
    if acts_elsewhere {
        return match g.order {
            MoveOrder::Move { to, via_convoy } => CoreOrder::Move {
                dest: geo.at(void, to.loc),
                via_convoy,
            },
            _ => CoreOrder::Hold,
        };
    }
    match g.order {
        MoveOrder::Hold => CoreOrder::Hold,
        MoveOrder::Move { to, via_convoy } => CoreOrder::Move {
            dest: geo.at(to.season, to.loc),
            via_convoy,
        },
        MoveOrder::SupportHold { target } => match graph.get(&target) {
            Some(t) => CoreOrder::SupportHold { target: t },
            None => CoreOrder::Hold,
        },
        MoveOrder::SupportMove { target, to, coast } => match graph.get(&target) {
            Some(t) => CoreOrder::SupportMove {
                target: t,
                dest: geo.at(to.season, Location::new(to.province, coast)),
            },
            None => CoreOrder::Hold,
        },
        MoveOrder::Convoy { army, to } => match graph.get(&army) {
            Some(a) => CoreOrder::Convoy {
                army: a,
                dest: Place::new(geo.site(to.season), to.province),
            },
            None => CoreOrder::Hold,
        },
    }
}

/// Entries for the caller: the graph unit of each legal order, or why it was illegal.
fn entries(
    inputs: &[OrderInput],
    validated: Vec<Result<MoveOrder, Illegal>>,
    graph: &Graph,
    adjudicated: &Adjudicated,
    fit: OrderFit,
) -> Vec<StepEntry> {
    validated
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            let spot = inputs[i].unit.spot;
            let outcome = match r.map(|_| graph.get(&spot).ok_or(Illegal::NoUnit(spot))) {
                // The 5D game: a void support or convoy is an invalid one.
                Ok(Ok(unit))
                    if fit == OrderFit::Game
                        && matches!(
                            adjudicated.outcomes[unit].reason,
                            crate::Reason::SupportVoid | crate::Reason::ConvoyVoid
                        ) =>
                {
                    OrderOutcome::Illegal(Illegal::Unmatched(
                        if adjudicated.outcomes[unit].reason == crate::Reason::ConvoyVoid {
                            Unfit::NotConvoyed
                        } else {
                            Unfit::NoSuchMove
                        },
                    ))
                }
                Ok(Ok(unit)) => OrderOutcome::Adjudicated {
                    unit,
                    outcome: adjudicated.outcomes[unit].clone(),
                },
                Ok(Err(e)) | Err(e) => OrderOutcome::Illegal(e),
            };
            StepEntry { input: i, outcome }
        })
        .collect()
}

/// The statuses the 5D game reports ([`OrderFit::Game`]): a support given fails when the order
/// it supports fails (a hold: its unit dislodged; a move: it did not arrive) or when it helps a
/// move into a place its own power's unit keeps; a convoy used fails when its army's move fails.
pub(super) fn game_statuses(graph: &Graph, adjudicated: &mut Adjudicated) {
    use crate::Reason;
    for (i, g) in graph.units.iter().enumerate() {
        let reason = match (g.order, &adjudicated.outcomes[i].reason) {
            // The game fails a support only for a supported hold or move that failed.
            (MoveOrder::SupportHold { target }, Reason::SupportGiven) => graph
                .get(&target)
                .filter(|&t| {
                    graph.units[t].order == MoveOrder::Hold && adjudicated.dislodged_by[t].is_some()
                })
                .map(|t| Reason::SupportedOrderFailed { unit: t }),
            (MoveOrder::SupportMove { target, to, .. }, Reason::SupportGiven) => {
                let own_stays = graph
                    .get(&to)
                    .filter(|&o| graph.units[o].sig.power == g.sig.power && !adjudicated.moved[o]);
                match (own_stays, graph.get(&target)) {
                    (Some(o), _) => Some(Reason::SupportAgainstOwnUnit { unit: o }),
                    (None, Some(t)) if !adjudicated.moved[t] => {
                        Some(Reason::SupportedOrderFailed { unit: t })
                    }
                    _ => None,
                }
            }
            (MoveOrder::Convoy { army, .. }, Reason::ConvoyUsed) => graph
                .get(&army)
                .filter(|&a| !adjudicated.moved[a])
                .map(|a| Reason::ConvoyedMoveFailed { army: a }),
            _ => None,
        };
        if let Some(reason) = reason {
            adjudicated.outcomes[i] = Outcome::new(reason);
        }
    }
}

/// Supports replayed with a recorded outcome that a live attack would cut now.
fn reported_cuts(graph: &Graph, adjudicated: &Adjudicated) -> Vec<ReportedCut> {
    let mut cut = Vec::new();
    for (si, g) in graph.units.iter().enumerate() {
        let is_support = matches!(
            g.order,
            MoveOrder::SupportHold { .. } | MoveOrder::SupportMove { .. }
        );
        if g.live || g.pin == Pin::Free || !is_support {
            continue;
        }
        for &ai in adjudicated
            .live_moves_into
            .get(&g.spot)
            .into_iter()
            .flatten()
        {
            let a = &graph.units[ai];
            let from_target = match g.order {
                MoveOrder::SupportMove { to: t, .. } => t == a.spot,
                MoveOrder::SupportHold { target } => target == a.spot,
                _ => false,
            };
            if a.sig.power != g.sig.power && !from_target {
                cut.push(ReportedCut {
                    support: si,
                    by: ai,
                });
            }
        }
    }
    cut
}
