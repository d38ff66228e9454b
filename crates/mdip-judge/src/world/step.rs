//! The three kinds of step: movement (with re-opened past seasons and forks), retreat and
//! adjustment. Each validates its orders, adjudicates them with the core, and advances the world.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;

use mdip_map::{Coast, Location, Power, ProvinceId, UnitType};

use super::geography::StepGeography;
use super::validate::{Illegal, OrderInput, UnitRef};
use super::{
    BoardUnit, Dislodged, MoveOrder, Origin, Phase, Pos, Record, RecordedOrder, ResultSig, Season,
    SeasonKey, Spot, Timeline, UnitSig, World,
};
use crate::{
    adjudicate_adjustments_under, adjudicate_movement, retreat_collisions,
    AdjustmentOrder as CoreAdjustmentOrder, At, MovementInput, Order as CoreOrder, Outcome, Pin,
    Place, Reason, RetreatBoard, Retreating, Unit as CoreUnit,
};

/// One unit of a step's decision graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphUnit {
    /// Where it stands.
    pub spot: Spot,
    /// Power, type and location.
    pub sig: UnitSig,
    /// The order it was adjudicated with.
    pub order: MoveOrder,
    /// Whether it is a live order (a unit in a head) rather than one replayed from the record.
    pub live: bool,
    /// The pin the record imposed, for replayed orders.
    pub pin: Pin,
    /// For replayed orders: the re-opened seasons whose original order sets hold this order
    /// (rule 13). A replayed order acts on another season only if that season's set holds it.
    pub records: Vec<SeasonKey>,
    /// A replayed move whose recorded departure stands: the unit is gone from its own season
    /// whatever its re-contested arrival now gives (rule 13: "its origin keeps its record").
    pub left: bool,
}

/// What became of one movement order given to the step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovementReportEntry {
    /// The index of the order in the step's input.
    pub input: usize,
    /// The unit's index in [`MovementReport::graph`], or why the order was illegal (the unit
    /// then holds).
    pub result: Result<usize, Illegal>,
}

/// A timeline created by a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fork {
    /// The past season that forked.
    pub from: SeasonKey,
    /// The first season of the new timeline.
    pub first: SeasonKey,
}

/// Everything a movement step did.
#[derive(Clone, Debug, Default)]
pub struct MovementReport {
    /// One entry per input order, in input order.
    pub orders: Vec<MovementReportEntry>,
    /// The decision graph: live units of every head, then units replayed from re-opened seasons.
    pub graph: Vec<GraphUnit>,
    /// The outcome of each graph unit's order; reasons name other graph units by index.
    pub outcomes: Vec<Outcome>,
    /// Supports replayed with a recorded outcome that a live attack would cut now: reported as
    /// cut, changing nothing (rule 13, founding case 3.A.6). Graph indices.
    pub reported_cut: Vec<(usize, usize)>,
    /// Past seasons re-opened by live orders.
    pub reopened: Vec<SeasonKey>,
    /// Heads and the seasons they advanced to.
    pub advanced: Vec<(SeasonKey, SeasonKey)>,
    /// Timelines created.
    pub forks: Vec<Fork>,
    /// Units dislodged, waiting to retreat.
    pub dislodged: Vec<Dislodged>,
    /// Whether the step ran at all (false when the world was not in its movement phase).
    pub ran: bool,
}

impl MovementReport {
    /// The outcome of the order at `input`, if it was legal.
    pub fn outcome_of(&self, input: usize) -> Option<&Outcome> {
        let e = self.orders.get(input)?;
        e.result.as_ref().ok().map(|&g| &self.outcomes[g])
    }
}

/// A retreat-phase order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RetreatOrder {
    /// Retreat to a province of the same season.
    Move {
        /// The destination; a season other than the unit's own is illegal.
        to: Spot,
        /// The coast as written.
        coast: Option<Coast>,
    },
    /// Disband.
    Disband,
}

/// One retreat-phase order for the world.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RetreatInput {
    /// The power giving it.
    pub power: Power,
    /// The dislodged unit, named where it was dislodged.
    pub unit: UnitRef,
    /// The order.
    pub order: RetreatOrder,
}

/// Why a retreat failed or was illegal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RetreatProblem {
    /// The unit is not waiting to retreat.
    NotDislodged,
    /// Not the power's unit.
    ForeignUnit(Power),
    /// The world is not in its retreat phase.
    WrongPhase(Phase),
    /// Retreats stay in their season.
    LeavesSeason,
    /// Not adjacent, or the unit cannot stand there.
    Unreachable,
    /// Occupied after the movement.
    Occupied,
    /// Left empty by a standoff.
    Contested,
    /// The province the attacker came from.
    AttackerOrigin,
    /// The fleet could reach several coasts and none was given.
    CoastMissing,
    /// Another unit retreated there too: both are disbanded.
    Bounced,
    /// Several orders for this unit: all dropped.
    Duplicate,
}

impl std::fmt::Display for RetreatProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RetreatProblem::NotDislodged => write!(f, "this unit is not waiting to retreat"),
            RetreatProblem::ForeignUnit(p) => write!(f, "the unit belongs to {}", p.name()),
            RetreatProblem::WrongPhase(p) => {
                write!(f, "retreats are not allowed in the {} phase", p.name())
            }
            RetreatProblem::LeavesSeason => write!(f, "a retreat cannot change season"),
            RetreatProblem::Unreachable => write!(f, "the unit cannot retreat there"),
            RetreatProblem::Occupied => write!(f, "that province is occupied"),
            RetreatProblem::Contested => write!(f, "that province was left empty by a standoff"),
            RetreatProblem::AttackerOrigin => {
                write!(f, "a unit cannot retreat to where its attacker came from")
            }
            RetreatProblem::CoastMissing => write!(f, "the coast must be given"),
            RetreatProblem::Bounced => {
                write!(f, "another unit retreated there too: both are disbanded")
            }
            RetreatProblem::Duplicate => {
                write!(f, "several orders for one unit: all are dropped")
            }
        }
    }
}

/// What became of one retreat-phase order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetreatReportEntry {
    /// The index of the order in the step's input.
    pub input: usize,
    /// `Ok(Some(pos))` retreated there, `Ok(None)` disbanded as ordered, `Err((illegal, problem))`:
    /// `illegal` says whether the order was rejected (rather than legal but unsuccessful).
    pub result: Result<Option<Pos>, (bool, RetreatProblem)>,
}

/// Everything a retreat step did.
#[derive(Clone, Debug, Default)]
pub struct RetreatReport {
    /// One entry per input order.
    pub orders: Vec<RetreatReportEntry>,
    /// Units that retreated: from, to.
    pub retreated: Vec<(Pos, Pos)>,
    /// Units disbanded (ordered, failed or without orders).
    pub disbanded: Vec<(Power, UnitType, Pos)>,
    /// Whether the step ran at all.
    pub ran: bool,
}

/// An adjustment-phase order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AdjustmentOrder {
    /// Build a unit.
    Build {
        /// Army or fleet.
        kind: UnitType,
        /// Where.
        province: ProvinceId,
        /// The coast as written.
        coast: Option<Coast>,
    },
    /// Remove a unit.
    Remove {
        /// The type as written.
        kind: Option<UnitType>,
        /// Where it stands.
        province: ProvinceId,
    },
    /// Waive one build.
    Waive,
}

/// One adjustment-phase order for the world.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AdjustmentInput {
    /// The power giving it.
    pub power: Power,
    /// The season whose board it changes (`None`: the only one pending).
    pub season: Option<SeasonKey>,
    /// The order.
    pub order: AdjustmentOrder,
}

/// What became of one adjustment-phase order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdjustmentReportEntry {
    /// The index of the order in the step's input.
    pub input: usize,
    /// The season it applied to, when it could be placed.
    pub season: Option<SeasonKey>,
    /// Its outcome.
    pub outcome: Outcome,
    /// Whether it was rejected as illegal (rather than legal but unused).
    pub illegal: bool,
}

/// Everything an adjustment step did.
#[derive(Clone, Debug, Default)]
pub struct AdjustmentReport {
    /// One entry per input order.
    pub orders: Vec<AdjustmentReportEntry>,
    /// Units built: season, power, type, location.
    pub built: Vec<(SeasonKey, Power, UnitType, Location)>,
    /// Units removed (ordered or by civil disorder): season, power, type, location, whether by
    /// civil disorder.
    pub removed: Vec<(SeasonKey, Power, UnitType, Location, bool)>,
    /// Whether the step ran at all.
    pub ran: bool,
}

/// Whether an order acts only inside its own season (rule 13: such orders are resolved again
/// when their season is re-opened).
fn acts_inside(order: &MoveOrder, own: SeasonKey) -> bool {
    order.referenced_seasons(own).is_empty()
}

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

fn pin_of(success: bool) -> Pin {
    if success {
        Pin::Succeeds
    } else {
        Pin::Fails
    }
}

/// Builder of one movement step's decision graph.
struct Graph {
    units: Vec<GraphUnit>,
    index: SpotIndex,
}

/// A map from spots to graph indices: a table of provinces per season in play (a step touches
/// few seasons, so finding the season is a short scan).
struct SpotIndex {
    seasons: Vec<SeasonKey>,
    table: Vec<usize>,
    provinces: usize,
}

impl SpotIndex {
    const NONE: usize = usize::MAX;

    fn new(provinces: usize) -> SpotIndex {
        SpotIndex {
            seasons: Vec::new(),
            table: Vec::new(),
            provinces,
        }
    }

    fn slot(&self, spot: &Spot) -> Option<usize> {
        let s = self.seasons.iter().position(|k| *k == spot.season)?;
        let p = spot.province.0 as usize;
        (p < self.provinces).then_some(s * self.provinces + p)
    }

    fn get(&self, spot: &Spot) -> Option<&usize> {
        self.table
            .get(self.slot(spot)?)
            .filter(|&&v| v != Self::NONE)
    }

    fn insert(&mut self, spot: Spot, value: usize) {
        if !self.seasons.contains(&spot.season) {
            self.seasons.push(spot.season);
            self.table
                .resize(self.seasons.len() * self.provinces, Self::NONE);
        }
        if let Some(slot) = self.slot(&spot) {
            self.table[slot] = value;
        }
    }
}

impl Graph {
    fn add(&mut self, unit: GraphUnit) -> usize {
        if let Some(&i) = self.index.get(&unit.spot) {
            for &r in &unit.records {
                if !self.units[i].records.contains(&r) {
                    self.units[i].records.push(r);
                }
            }
            // A move replayed from both its own season and its destination: the destination
            // contests it again (it may lose) while its own season keeps its departure.
            let other = &mut self.units[i];
            if !other.live {
                other.left |= unit.left;
                if unit.pin == Pin::Free || other.pin == Pin::Free {
                    other.pin = Pin::Free;
                }
            }
            return i;
        }
        self.units.push(unit.clone());
        self.index.insert(unit.spot, self.units.len() - 1);
        self.units.len() - 1
    }
}

impl World {
    /// Adjudicates the movement step of every head together with the past seasons the live
    /// orders re-open, then advances every head, creates forks and records the results.
    pub fn movement_step(&mut self, inputs: &[OrderInput]) -> MovementReport {
        let mut report = MovementReport {
            orders: Vec::with_capacity(inputs.len()),
            ..MovementReport::default()
        };
        let mut cache = None;
        let mut validated: Vec<Result<MoveOrder, Illegal>> = inputs
            .iter()
            .map(|i| self.validate_with(i, &mut cache))
            .collect();
        drop(cache);
        if self.phase != Phase::Movement {
            report.orders = validated
                .into_iter()
                .enumerate()
                .map(|(input, r)| MovementReportEntry {
                    input,
                    result: Err(r.err().unwrap_or(Illegal::WrongPhase(self.phase))),
                })
                .collect();
            return report;
        }
        report.ran = true;

        // Live units: every unit of every head, holding until its order is known.
        let heads = self.heads();
        let live_total: usize = heads.iter().map(|h| self.seasons[h].units.len()).sum();
        let mut graph = Graph {
            units: Vec::with_capacity(live_total),
            index: SpotIndex::new(self.map.province_count()),
        };
        for &h in &heads {
            for u in &self.seasons[&h].units {
                graph.add(GraphUnit {
                    spot: Spot {
                        season: h,
                        province: u.loc.province,
                    },
                    sig: (u.power, u.kind, u.loc),
                    order: MoveOrder::Hold,
                    live: true,
                    pin: Pin::Free,
                    records: Vec::new(),
                    left: false,
                });
            }
        }
        // Several legal orders for one unit (DATC 4.D.3): identical ones count once; different
        // ones are all dropped and the unit holds (choice c). Illegal orders do not count: a
        // unit with one legal and one illegal order follows the legal one.
        let mut first_input: Vec<Option<usize>> = vec![None; graph.units.len()];
        let mut conflict = vec![false; graph.units.len()];
        for (i, r) in validated.iter().enumerate() {
            let (Ok(o), Some(&g)) = (r, graph.index.get(&inputs[i].unit.spot)) else {
                continue;
            };
            match first_input[g] {
                None => first_input[g] = Some(i),
                Some(f) => conflict[g] |= validated[f].as_ref().ok() != Some(o),
            }
        }
        for (i, r) in validated.iter_mut().enumerate() {
            if let (Ok(o), Some(&g)) = (&*r, graph.index.get(&inputs[i].unit.spot)) {
                if conflict[g] {
                    *r = Err(Illegal::Duplicate);
                } else {
                    graph.units[g].order = *o;
                }
            }
        }
        let live_count = graph.units.len();

        // Past seasons re-opened by live orders (rule 12; not transitive).
        let mut reopened: BTreeSet<SeasonKey> = BTreeSet::new();
        for g in &graph.units[..live_count] {
            for s in g.order.referenced_seasons(g.spot.season) {
                if self.exists(s) && !self.is_head(s) {
                    reopened.insert(s);
                }
            }
        }
        // Their original order sets (rule 13).
        for &s in &reopened {
            let Some(record) = self.seasons[&s].record.clone() else {
                continue;
            };
            for ro in &record.orders {
                let own = ro.unit.season;
                let pin = if own == s {
                    if acts_inside(&ro.order, s) {
                        Pin::Free
                    } else {
                        pin_of(ro.success)
                    }
                } else {
                    match ro.order {
                        // A move into S is contested again but may only lose.
                        MoveOrder::Move { to, .. } if to.season == s => {
                            if ro.success {
                                Pin::Free
                            } else {
                                Pin::Fails
                            }
                        }
                        _ => pin_of(ro.success),
                    }
                };
                let left = own == s
                    && ro.success
                    && matches!(ro.order, MoveOrder::Move { to, .. } if to.season != s);
                graph.add(GraphUnit {
                    spot: ro.unit,
                    sig: ro.sig,
                    order: ro.order,
                    live: false,
                    pin,
                    records: vec![s],
                    left,
                });
            }
        }
        report.reopened = reopened.iter().copied().collect();

        // The core's view: sites, units and orders.
        let mut geo = StepGeography::new(self, Vec::new());
        // A replayed move that left its season for good but is contested again stands on a
        // ghost of its season: it reaches as from there, and nothing there is in its way.
        let units: Vec<CoreUnit> = graph
            .units
            .iter()
            .map(|g| CoreUnit {
                power: g.sig.0,
                kind: g.sig.1,
                at: if g.left && g.pin == Pin::Free {
                    geo.ghost_at(g.spot.season, g.sig.2)
                } else {
                    geo.at(g.spot.season, g.sig.2)
                },
            })
            .collect();
        // A place no unit can reach: where replayed moves go whose destination season does
        // not hold them in its original order set (they left, and arrive nowhere new).
        let void = SeasonKey::new(u32::MAX, u32::MAX);
        let mut orders = Vec::with_capacity(graph.units.len());
        for g in &graph.units {
            let acts_elsewhere = !g.live
                && battle_season(&g.order)
                    .is_some_and(|b| b != g.spot.season && !g.records.contains(&b));
            if acts_elsewhere {
                let core = match g.order {
                    MoveOrder::Move { to, via_convoy } => CoreOrder::Move {
                        dest: geo.at(void, to.loc),
                        via_convoy,
                    },
                    _ => CoreOrder::Hold,
                };
                orders.push((core, g.pin));
                continue;
            }
            let core = match g.order {
                MoveOrder::Hold => CoreOrder::Hold,
                MoveOrder::Move { to, via_convoy } => CoreOrder::Move {
                    dest: geo.at(to.season, to.loc),
                    via_convoy,
                },
                MoveOrder::SupportHold { target } => match graph.index.get(&target) {
                    Some(&t) => CoreOrder::SupportHold { target: t },
                    None => CoreOrder::Hold,
                },
                MoveOrder::SupportMove { target, to, coast } => match graph.index.get(&target) {
                    Some(&t) => CoreOrder::SupportMove {
                        target: t,
                        dest: geo.at(to.season, Location::new(to.province, coast)),
                    },
                    None => CoreOrder::Hold,
                },
                MoveOrder::Convoy { army, to } => match graph.index.get(&army) {
                    Some(&a) => CoreOrder::Convoy {
                        army: a,
                        dest: Place::new(geo.site(to.season), to.province),
                    },
                    None => CoreOrder::Hold,
                },
            };
            orders.push((core, g.pin));
        }
        let input = MovementInput { units, orders };
        let result = adjudicate_movement(&input, &geo);
        // The site of each season (standoffs are reported per site; a ghost site holds only a
        // replayed unit that left, never a standoff, so it is not the season's site).
        let mut real_site: HashMap<SeasonKey, usize> = HashMap::with_capacity(geo.sites.len());
        for (i, (&s, &ghost)) in geo.sites.iter().zip(&geo.ghosts).enumerate() {
            if !ghost {
                real_site.entry(s).or_insert(i);
            }
        }
        let site_of = |s: SeasonKey| real_site.get(&s).copied();
        // Indexes over the graph, so that each season's work below touches only its own units:
        // successful moves by destination season, live moves by destination spot, and for each
        // season the units that act on it (rule 13's record).
        let moved = |i: usize| {
            matches!(graph.units[i].order, MoveOrder::Move { .. }) && result.outcomes[i].success
        };
        let mut arrivals: HashMap<SeasonKey, Vec<usize>> = HashMap::new();
        let mut live_moves_into: HashMap<Spot, Vec<usize>> = HashMap::new();
        let mut acting_on: HashMap<SeasonKey, Vec<usize>> = HashMap::new();
        for (i, g) in graph.units.iter().enumerate() {
            if let MoveOrder::Move { to, .. } = g.order {
                if moved(i) {
                    arrivals.entry(to.season).or_default().push(i);
                }
                if g.live {
                    live_moves_into.entry(to.spot()).or_default().push(i);
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
                acting_on.entry(s).or_default().push(i);
            }
        }

        // Entries for the caller.
        for (i, r) in validated.iter().enumerate() {
            let spot = inputs[i].unit.spot;
            let graph_index = graph.index.get(&spot).copied();
            report.orders.push(MovementReportEntry {
                input: i,
                result: match r {
                    Ok(_) => graph_index.ok_or(Illegal::NoUnit(spot)),
                    Err(e) => Err(e.clone()),
                },
            });
        }

        // Supports replayed with a recorded outcome that a live attack would cut now.
        for (si, g) in graph.units.iter().enumerate() {
            let is_support = matches!(
                g.order,
                MoveOrder::SupportHold { .. } | MoveOrder::SupportMove { .. }
            );
            if g.live || g.pin == Pin::Free || !is_support {
                continue;
            }
            for &ai in live_moves_into.get(&g.spot).into_iter().flatten() {
                let a = &graph.units[ai];
                let from_target = match g.order {
                    MoveOrder::SupportMove { to: t, .. } => t == a.spot,
                    MoveOrder::SupportHold { target } => target == a.spot,
                    _ => false,
                };
                if a.sig.0 != g.sig.0 && !from_target {
                    report.reported_cut.push((si, ai));
                }
            }
        }

        // What each season of the graph now holds (rule 16's result), before retreats.
        let mut dislodged_by: Vec<Option<&crate::Dislodgement>> = vec![None; graph.units.len()];
        for d in &result.dislodged {
            if let Some(slot) = dislodged_by.get_mut(d.unit) {
                *slot = Some(d);
            }
        }
        let mut seasons_in_play: Vec<SeasonKey> = heads.clone();
        seasons_in_play.extend(reopened.iter().copied());
        let mut results: BTreeMap<SeasonKey, (ResultSig, Vec<BoardUnit>, Vec<usize>)> =
            BTreeMap::new();
        for &s in &seasons_in_play {
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
                let gi = graph.index.get(&spot).copied();
                let gone = gi.is_some_and(|i| moved(i) || graph.units[i].left);
                let lost = gi.is_some_and(|i| dislodged_by[i].is_some());
                if lost {
                    sig.dislodged.push((u.power, u.kind, u.loc));
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
            for &i in arrivals.get(&s).into_iter().flatten() {
                let g = &graph.units[i];
                if let MoveOrder::Move { to, .. } = g.order {
                    let counts = g.live || g.records.contains(&s);
                    if counts {
                        let at =
                            board.partition_point(|b: &BoardUnit| b.loc.province < to.loc.province);
                        board.insert(
                            at,
                            BoardUnit {
                                power: g.sig.0,
                                kind: g.sig.1,
                                loc: to.loc,
                                origin: Origin::Moved {
                                    from: Pos {
                                        season: g.spot.season,
                                        loc: g.sig.2,
                                    },
                                },
                            },
                        );
                    }
                }
            }
            sig.units = board.iter().map(|u| (u.power, u.kind, u.loc)).collect();
            results.insert(s, (sig, board, dislodged));
        }

        // The record of every head: its own orders and the orders from other seasons acting on
        // it, with their outcomes (rule 13).
        for &h in &heads {
            let acting = acting_on.get(&h).map_or(&[][..], Vec::as_slice);
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
                    success: result.outcomes[i].success,
                });
            }
            rec.result = results[&h].0.clone();
            self.seasons
                .get_mut(&h)
                .map(Arc::make_mut)
                .expect("heads exist")
                .record = Some(rec);
        }

        // Which re-opened seasons fork (rule 16), numbered by (turn, timeline) (rule 18).
        let mut forking: Vec<SeasonKey> = Vec::new();
        for &s in &reopened {
            let live_arrival = arrivals
                .get(&s)
                .is_some_and(|movers| movers.iter().any(|&i| i < live_count));
            let sig = &results[&s].0;
            let matches_child = self.seasons[&s]
                .children
                .iter()
                .any(|c| self.seasons[c].created_by.as_ref() == Some(sig));
            if self.rules.forks.forks(live_arrival, matches_child) {
                forking.push(s);
            }
        }
        forking.sort();

        // Advance every head (rule 5), even an empty one.
        let mut new_seasons: Vec<(SeasonKey, SeasonKey)> = Vec::new();
        for &h in &heads {
            let next = SeasonKey::new(h.turn + 1, h.timeline);
            new_seasons.push((h, next));
            report.advanced.push((h, next));
        }
        let first_new_timeline = self.timelines.len() as u32;
        for (next_timeline, &s) in (first_new_timeline..).zip(forking.iter()) {
            let first = SeasonKey::new(s.turn + 1, next_timeline);
            new_seasons.push((s, first));
            report.forks.push(Fork { from: s, first });
        }
        for &(parent, key) in &new_seasons {
            let (sig, board, _) = results[&parent].clone();
            let owners = self.seasons[&parent].owners.clone();
            self.seasons.insert(
                key,
                Arc::new(Season {
                    key,
                    parent: Some(parent),
                    children: Vec::new(),
                    units: board,
                    owners,
                    record: None,
                    created_by: Some(sig),
                }),
            );
            self.seasons
                .get_mut(&parent)
                .map(Arc::make_mut)
                .expect("parents exist")
                .children
                .push(key);
            if key.timeline == parent.timeline {
                self.timelines[key.timeline as usize].head = key;
            } else {
                self.timelines.push(Timeline {
                    number: key.timeline,
                    branched_from: Some(parent),
                    first: key,
                    head: key,
                });
            }
        }

        // Dislodged units of heads and forking seasons retreat into their new seasons.
        let mut pending = Vec::new();
        for &(parent, key) in &new_seasons {
            let contested: Vec<ProvinceId> = result
                .contested
                .iter()
                .filter(|p| site_of(parent) == Some(p.site.0 as usize))
                .map(|p| p.province)
                .collect();
            for &gi in &results[&parent].2 {
                let Some(d) = dislodged_by[gi] else { continue };
                let g = &graph.units[gi];
                let attacker = &graph.units[d.by];
                let mut dl = Dislodged {
                    at: Pos {
                        season: parent,
                        loc: g.sig.2,
                    },
                    power: g.sig.0,
                    kind: g.sig.1,
                    into: key,
                    attacker_from: attacker.spot,
                    by_convoy: d.by_convoy,
                    contested: contested.clone(),
                    options: Vec::new(),
                };
                dl.options = self.retreat_options(&dl);
                pending.push(dl);
            }
        }
        report.dislodged = pending.clone();
        report.graph = graph.units;
        report.outcomes = result.outcomes;
        self.steps += 1;
        self.pending_retreats = pending;
        let fall_seasons: Vec<SeasonKey> = new_seasons
            .iter()
            .filter(|(parent, _)| parent.is_fall())
            .map(|&(_, key)| key)
            .collect();
        self.pending_adjustments = fall_seasons;
        if self.pending_retreats.is_empty() {
            self.after_retreats();
        } else {
            self.phase = Phase::Retreat;
        }
        report
    }

    /// The retreat rules' view of a dislodged unit (rule 6: DATC's rules within its season):
    /// its season is the only site of a one-board geography, the board is the successor's
    /// units and the season's standoffs, and an attacker from another season bars nothing.
    fn retreat_view(&self, d: &Dislodged) -> (StepGeography<'_>, RetreatBoard, Retreating) {
        let site = crate::Site(0);
        let geo = StepGeography::new(self, vec![d.at.season]);
        let occupied = self.seasons.get(&d.into).map_or_else(Vec::new, |s| {
            s.units
                .iter()
                .map(|u| Place::new(site, u.loc.province))
                .collect()
        });
        let contested = d.contested.iter().map(|&p| Place::new(site, p)).collect();
        // A site no place of this board is on: an attacker from another season.
        let elsewhere = crate::Site(1);
        let retreating = Retreating {
            kind: d.kind,
            at: At::new(site, d.at.loc),
            attacker_from: Place::new(
                if d.attacker_from.season == d.at.season {
                    site
                } else {
                    elsewhere
                },
                d.attacker_from.province,
            ),
            by_convoy: d.by_convoy,
        };
        (geo, RetreatBoard::new(occupied, contested), retreating)
    }

    /// Where a dislodged unit may retreat.
    fn retreat_options(&self, d: &Dislodged) -> Vec<Location> {
        let (geo, board, r) = self.retreat_view(d);
        board
            .options(&r, &geo)
            .into_iter()
            .map(|at| at.loc)
            .collect()
    }

    /// After the retreat step (or a movement step without dislodgements): supply centres change
    /// hands in the timelines that finished a Fall turn, whose adjustment step comes next.
    fn after_retreats(&mut self) {
        self.pending_retreats.clear();
        for &key in &self.pending_adjustments.clone() {
            if let Some(s) = self.seasons.get_mut(&key).map(Arc::make_mut) {
                for u in &s.units {
                    if self.map.is_supply_centre(u.loc.province) {
                        s.owners[u.loc.province.0 as usize] = Some(u.power);
                    }
                }
            }
        }
        self.phase = if self.pending_adjustments.is_empty() {
            Phase::Movement
        } else {
            Phase::Adjustment
        };
    }

    /// Adjudicates the retreat step: every dislodged unit retreats as ordered or is disbanded.
    pub fn retreat_step(&mut self, inputs: &[RetreatInput]) -> RetreatReport {
        let mut report = RetreatReport::default();
        if self.phase != Phase::Retreat {
            report.orders = (0..inputs.len())
                .map(|input| RetreatReportEntry {
                    input,
                    result: Err((true, RetreatProblem::WrongPhase(self.phase))),
                })
                .collect();
            return report;
        }
        report.ran = true;
        let pending = std::mem::take(&mut self.pending_retreats);
        let find = |spot: Spot| pending.iter().position(|d| d.at.spot() == spot);

        // Validate.
        let mut results: Vec<Result<Option<Pos>, (bool, RetreatProblem)>> = Vec::new();
        for input in inputs {
            let r = match find(input.unit.spot) {
                None => Err((true, RetreatProblem::NotDislodged)),
                Some(i) => {
                    let d = &pending[i];
                    if d.power != input.power {
                        Err((true, RetreatProblem::ForeignUnit(d.power)))
                    } else if input.unit.kind.is_some_and(|k| k != d.kind) {
                        Err((true, RetreatProblem::NotDislodged))
                    } else {
                        match input.order {
                            RetreatOrder::Disband => Ok(None),
                            RetreatOrder::Move { to, coast } => self
                                .validate_retreat(d, to, coast)
                                .map(Some)
                                .map_err(|p| (true, p)),
                        }
                    }
                }
            };
            results.push(r);
        }
        // Duplicates: all dropped.
        for i in 0..inputs.len() {
            let spot = inputs[i].unit.spot;
            let same = (0..inputs.len())
                .filter(|&j| inputs[j].unit.spot == spot && find(spot).is_some())
                .count();
            if same > 1 && find(spot).is_some() {
                results[i] = Err((true, RetreatProblem::Duplicate));
            }
        }
        // Two retreats to one place both fail. Every season is a site of its own here, so the
        // same province in two seasons is two places.
        let mut seasons: Vec<SeasonKey> = Vec::new();
        let targets: Vec<Option<Place>> = results
            .iter()
            .map(|r| match r {
                Ok(Some(p)) => {
                    let site = seasons
                        .iter()
                        .position(|&s| s == p.season)
                        .unwrap_or_else(|| {
                            seasons.push(p.season);
                            seasons.len() - 1
                        });
                    Some(Place::new(crate::Site(site as u32), p.loc.province))
                }
                _ => None,
            })
            .collect();
        for (r, others) in results.iter_mut().zip(retreat_collisions(&targets)) {
            if !others.is_empty() {
                *r = Err((false, RetreatProblem::Bounced));
            }
        }
        // Apply.
        let mut done = vec![false; pending.len()];
        for (i, r) in results.iter().enumerate() {
            let Some(di) = find(inputs[i].unit.spot) else {
                continue;
            };
            if done[di] {
                continue;
            }
            let d = &pending[di];
            if let Ok(Some(to)) = r {
                done[di] = true;
                let landing = Pos {
                    season: d.into,
                    loc: to.loc,
                };
                if let Some(s) = self.seasons.get_mut(&d.into).map(Arc::make_mut) {
                    s.units.push(BoardUnit {
                        power: d.power,
                        kind: d.kind,
                        loc: to.loc,
                        origin: Origin::Retreated { from: d.at },
                    });
                    s.units.sort_unstable_by_key(|u| u.loc.province);
                }
                report.retreated.push((d.at, landing));
            }
        }
        for (di, d) in pending.iter().enumerate() {
            if !done[di] {
                report.disbanded.push((d.power, d.kind, d.at));
            }
        }
        report.orders = results
            .into_iter()
            .enumerate()
            .map(|(input, result)| RetreatReportEntry { input, result })
            .collect();
        self.steps += 1;
        self.after_retreats();
        report
    }

    fn validate_retreat(
        &self,
        d: &Dislodged,
        to: Spot,
        coast: Option<Coast>,
    ) -> Result<Pos, RetreatProblem> {
        if to.season != d.at.season {
            return Err(RetreatProblem::LeavesSeason);
        }
        // Settle the coast of the destination (the written one, or the only reachable one).
        let candidates: Vec<Location> = self
            .locations_of(to.province)
            .into_iter()
            .filter(|l| self.map.can_stand(d.kind, *l) && self.map.adjacent(d.kind, d.at.loc, *l))
            .filter(|l| d.kind == UnitType::Army || coast.is_none() || l.coast == coast)
            .collect();
        let loc = match candidates.as_slice() {
            [] => return Err(RetreatProblem::Unreachable),
            [one] => *one,
            _ => return Err(RetreatProblem::CoastMissing),
        };
        let (geo, board, r) = self.retreat_view(d);
        match board.check(&r, At::new(r.at.site, loc), &geo) {
            Ok(at) => Ok(Pos {
                season: d.at.season,
                loc: at.loc,
            }),
            Err(Reason::RetreatOccupied) => Err(RetreatProblem::Occupied),
            Err(Reason::RetreatContested) => Err(RetreatProblem::Contested),
            Err(Reason::RetreatToAttacker) => Err(RetreatProblem::AttackerOrigin),
            Err(_) => Err(RetreatProblem::Unreachable),
        }
    }

    /// Adjudicates the adjustment step of every season pending adjustment (per timeline, never
    /// pooled): builds, removals, waives and civil disorder.
    pub fn adjustment_step(&mut self, inputs: &[AdjustmentInput]) -> AdjustmentReport {
        let mut report = AdjustmentReport::default();
        let unplaced = |input: usize, illegal_phase: Phase| AdjustmentReportEntry {
            input,
            season: None,
            outcome: Outcome {
                success: false,
                reason: Reason::WrongPhase(illegal_phase.name()),
            },
            illegal: true,
        };
        if self.phase != Phase::Adjustment {
            report.orders = (0..inputs.len()).map(|i| unplaced(i, self.phase)).collect();
            return report;
        }
        report.ran = true;
        let pending = std::mem::take(&mut self.pending_adjustments);
        let mut entries: Vec<Option<AdjustmentReportEntry>> = vec![None; inputs.len()];
        for &key in &pending {
            let mine: Vec<usize> = (0..inputs.len())
                .filter(|&i| match inputs[i].season {
                    Some(s) => s == key,
                    None => pending.len() == 1,
                })
                .collect();
            let Some(season) = self.seasons.get(&key) else {
                continue;
            };
            let units: Vec<(Power, UnitType, Location)> = season
                .units
                .iter()
                .map(|u| (u.power, u.kind, u.loc))
                .collect();
            let orders: Vec<(Power, CoreAdjustmentOrder)> = mine
                .iter()
                .map(|&i| {
                    let o = match inputs[i].order {
                        AdjustmentOrder::Build {
                            kind,
                            province,
                            coast,
                        } => CoreAdjustmentOrder::Build(
                            kind,
                            Location {
                                province,
                                coast: if kind == UnitType::Army { None } else { coast },
                            },
                        ),
                        AdjustmentOrder::Remove { province, .. } => {
                            CoreAdjustmentOrder::Remove(Location::province(province))
                        }
                        AdjustmentOrder::Waive => CoreAdjustmentOrder::Waive,
                    };
                    (inputs[i].power, o)
                })
                .collect();
            let result =
                adjudicate_adjustments_under(self.map, self.rules, &units, &season.owners, &orders);
            for (k, &i) in mine.iter().enumerate() {
                entries[i] = Some(AdjustmentReportEntry {
                    input: i,
                    season: Some(key),
                    outcome: result.outcomes[k].clone(),
                    illegal: result.illegal[k],
                });
            }
            let s = self
                .seasons
                .get_mut(&key)
                .map(Arc::make_mut)
                .expect("pending seasons exist");
            let mut removed_idx: Vec<usize> = result.removed.iter().map(|r| r.0).collect();
            removed_idx.sort_unstable();
            for &(ui, by_disorder) in &result.removed {
                let u = s.units[ui];
                report
                    .removed
                    .push((key, u.power, u.kind, u.loc, by_disorder));
            }
            for &ui in removed_idx.iter().rev() {
                s.units.remove(ui);
            }
            for &(power, kind, loc) in &result.built {
                s.units.push(BoardUnit {
                    power,
                    kind,
                    loc,
                    origin: Origin::Built,
                });
                report.built.push((key, power, kind, loc));
            }
            s.units.sort_unstable_by_key(|u| u.loc.province);
        }
        report.orders = entries
            .into_iter()
            .enumerate()
            .map(|(i, e)| e.unwrap_or_else(|| unplaced(i, Phase::Adjustment)))
            .collect();
        self.steps += 1;
        self.phase = Phase::Movement;
        report
    }
}
