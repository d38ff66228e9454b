//! The movement step: every head together with the past seasons its live orders re-open is one
//! decision graph for the core (rules 5 and 12–15); then every head advances, re-opened seasons
//! whose result changed fork (rules 16–20), and dislodged units wait to retreat.
//!
//! [`World::movement_step`] reads as its phases: validate, live graph, reopen, to core,
//! results per season, heads, forks, advance, retreats.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::sync::Arc;

use mdip_map::{Location, ProvinceId, UnitType};

use super::geography::StepGeography;
use super::graph::{give_live_orders, places, replayed, resolved_again, Graph};
use super::report::{Advance, Fork, GraphUnit, OrderOutcome, ReportedCut, StepEntry, StepReport};
use super::validate::{Illegal, OrderInput, Unfit, UnitOrder};
use super::{
    BoardUnit, Dislodged, MoveOrder, Origin, Phase, Pos, Record, RecordedOrder, ResultSig, Season,
    SeasonKey, Spot, Timeline, UnitSig, World,
};
use crate::rules::{ConvoyIntent, OrderFit, Reopening, TimeAdjacency};
use crate::{
    adjudicate_movement, At, Dislodgement, Geography, MovementInput, Order as CoreOrder, Outcome,
    Pin, PinnedOrder, Place, Reason, Unit as CoreUnit,
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
struct Adjudicated {
    /// The outcome of each graph unit's order.
    outcomes: Vec<Outcome>,
    /// Places left empty by a standoff.
    contested: Vec<Place>,
    /// The strengths behind each graph unit's outcome.
    strengths: Vec<crate::Strengths>,
    /// Whether each graph unit moved (a move that succeeded).
    moved: Vec<bool>,
    /// The dislodgement of each graph unit, if dislodged.
    dislodged_by: Vec<Option<Dislodgement>>,
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
    fn new(graph: &Graph, input: &MovementInput, geo: &StepGeography<'_>) -> Adjudicated {
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
    fn site_of(&self, s: SeasonKey) -> Option<usize> {
        self.real_site.get(&s).copied()
    }

    /// The successful moves into season `s`.
    fn arrivals_into(&self, s: SeasonKey) -> &[usize] {
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
struct SeasonResult {
    /// The result signature the fork rule compares.
    sig: ResultSig,
    /// The board of its next season, sorted by province.
    board: Vec<BoardUnit>,
    /// The graph indices of its units dislodged.
    dislodged: Vec<usize>,
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

    /// The 5D game's checks of orders against each other ([`OrderFit::Game`]), on the graph
    /// with every order known: a move that needs a convoy is illegal without an ordered chain of
    /// convoys; then a support or convoy is illegal when the unit it names was not ordered what
    /// it names (a support to hold: the unit was not ordered to stay; a move to its own place is
    /// not staying). An illegal order's unit holds.
    fn fit_game_orders(
        &self,
        graph: &mut Graph,
        inputs: &[OrderInput],
        mut validated: Vec<Result<MoveOrder, Illegal>>,
        woken: &[(usize, usize)],
        kept: &mut Vec<RecordedOrder>,
    ) -> Vec<Result<MoveOrder, Illegal>> {
        // An invalid order is kept: the game checks its invalid orders again at every step, so
        // one may act once a later step reaches it.
        let keep = |graph: &Graph, g: usize, order: MoveOrder, kept: &mut Vec<RecordedOrder>| {
            kept.push(RecordedOrder {
                unit: graph.units[g].spot,
                sig: graph.units[g].sig,
                order,
                success: false,
            });
        };
        // A move to the very place the unit stands (its coast included) is not staying; a
        // fleet ordered to the other coast of its province is (the game compares locations).
        let mut not_staying: HashSet<Spot> = inputs
            .iter()
            .filter(|i| match i.order {
                UnitOrder::Move { to, coast, .. } if to == i.unit.spot => graph
                    .get(&i.unit.spot)
                    .is_some_and(|g| coast.is_none_or(|c| graph.units[g].sig.loc.coast == Some(c))),
                _ => false,
            })
            .map(|i| i.unit.spot)
            .collect();
        // The graph unit each legal order was given to (its order is the one given: duplicates
        // were dropped already).
        let given = |graph: &Graph, i: usize, o: &MoveOrder| {
            graph
                .get(&inputs[i].unit.spot)
                .filter(|&g| graph.units[g].live && graph.units[g].order == *o)
        };
        for i in 0..validated.len() {
            let Ok(o @ MoveOrder::Move { to, .. }) = validated[i] else {
                continue;
            };
            let Some(g) = given(graph, i, &o) else {
                continue;
            };
            if !self.carried(graph, g, to) {
                validated[i] = Err(Illegal::NoOrderedConvoy);
                graph.units[g].order = MoveOrder::Hold;
                keep(graph, g, o, kept);
                // Fleets could have convoyed it (validation saw to that): the game does not
                // count the unit as staying.
                not_staying.insert(inputs[i].unit.spot);
            }
        }
        // Kept moves reached by this step act if a chain of convoys now carries them.
        for &(g, _) in woken {
            if let MoveOrder::Move { to, .. } = graph.units[g].order {
                if !self.carried(graph, g, to) {
                    graph.units[g].order = MoveOrder::Hold;
                }
            }
        }
        for (i, r) in validated.iter_mut().enumerate() {
            let Ok(o) = *r else {
                continue;
            };
            let Some(g) = given(graph, i, &o) else {
                continue;
            };
            if let Err(why) = self.fits_orders(graph, g, &not_staying) {
                *r = Err(Illegal::Unmatched(why));
                graph.units[g].order = MoveOrder::Hold;
                keep(graph, g, o, kept);
            }
        }
        // Anticipatory orders reached by this step: they act only on what was really ordered.
        for &(g, _) in woken {
            if self.fits_orders(graph, g, &not_staying).is_err() {
                graph.units[g].order = MoveOrder::Hold;
            }
        }
        validated
    }

    /// Whether graph unit `g` can make its move to `to` under the game's rules: directly, or by
    /// a chain of fleets ordered to convoy it.
    fn carried(&self, graph: &Graph, g: usize, to: Pos) -> bool {
        let u = &graph.units[g];
        let from = Pos {
            season: u.spot.season,
            loc: u.sig.loc,
        };
        self.reaches(u.sig.kind, from, to) || !self.ordered_convoy_chain(graph, g, to).is_empty()
    }

    /// Whether the support or convoy of graph unit `g` names what the unit it names was
    /// ordered (see `fit_game_orders`), or why not.
    fn fits_orders(
        &self,
        graph: &Graph,
        g: usize,
        not_staying: &HashSet<Spot>,
    ) -> Result<(), Unfit> {
        let order_of = |s: &Spot| graph.get(s).map(|t| graph.units[t].order);
        let me = &graph.units[g];
        // Strict adjacencies: across boards a support reaches only the very place it stands on,
        // coast included (the game's sibling coasts count on one board only).
        if self.rules.adjacency == (TimeAdjacency::Numbered { strict: true }) {
            let exact = |season: SeasonKey, loc: Option<Location>| {
                season == me.spot.season || loc == Some(me.sig.loc)
            };
            let ok = match me.order {
                MoveOrder::SupportHold { target } => exact(
                    target.season,
                    graph.get(&target).map(|t| graph.units[t].sig.loc),
                ),
                MoveOrder::SupportMove { target, to, .. } => exact(
                    to.season,
                    match order_of(&target) {
                        Some(MoveOrder::Move { to: d, .. }) => Some(d.loc),
                        _ => None,
                    },
                ),
                _ => true,
            };
            if !ok {
                return Err(Unfit::StrictReach);
            }
        }
        let (fits, why) = match graph.units[g].order {
            MoveOrder::SupportHold { target } => (
                !not_staying.contains(&target)
                    && order_of(&target).is_some_and(|t| !matches!(t, MoveOrder::Move { .. })),
                Unfit::NotStaying,
            ),
            MoveOrder::SupportMove { target, to, coast } => (
                order_of(&target).is_some_and(|t| {
                    matches!(t, MoveOrder::Move { to: d, .. }
                        if d.spot() == to && coast.is_none_or(|c| d.loc.coast == Some(c)))
                }),
                Unfit::NoSuchMove,
            ),
            MoveOrder::Convoy { army, to } => (
                match (graph.get(&army), order_of(&army)) {
                    (Some(a), Some(MoveOrder::Move { to: d, .. })) if d.spot() == to => {
                        self.ordered_convoy_chain(graph, a, d).contains(&g)
                    }
                    _ => false,
                },
                Unfit::NotConvoyed,
            ),
            MoveOrder::Hold | MoveOrder::Move { .. } => (true, Unfit::NoSuchMove),
        };
        if fits {
            Ok(())
        } else {
            Err(why)
        }
    }

    /// The fleets (graph indices) ordered to convoy the army of graph unit `army` to `to` that
    /// lie on a chain of such fleets from the army to there (hops as the step's geography joins
    /// them); empty when no chain exists.
    fn ordered_convoy_chain(&self, graph: &Graph, army: usize, to: Pos) -> Vec<usize> {
        let a = &graph.units[army];
        let mut geo = StepGeography::new(self, Vec::new());
        let fleets: Vec<(usize, At)> = graph
            .units
            .iter()
            .enumerate()
            .filter(|(_, f)| {
                f.sig.kind == UnitType::Fleet
                    && matches!(f.order, MoveOrder::Convoy { army: s, to: d }
                        if s == a.spot && d == to.spot())
            })
            .map(|(i, f)| (i, geo.at(f.spot.season, f.sig.loc)))
            .collect();
        if fleets.is_empty() {
            return Vec::new();
        }
        let start = geo.at(a.spot.season, a.sig.loc);
        let dest = geo.at(to.season, Location::new(to.loc.province, None));
        let spread = |first: &dyn Fn(At) -> bool, hop: &dyn Fn(At, At) -> bool| {
            let mut reached: Vec<bool> = fleets.iter().map(|&(_, f)| first(f)).collect();
            let mut queue: Vec<usize> = (0..fleets.len()).filter(|&i| reached[i]).collect();
            while let Some(i) = queue.pop() {
                for j in 0..fleets.len() {
                    if !reached[j] && hop(fleets[i].1, fleets[j].1) {
                        reached[j] = true;
                        queue.push(j);
                    }
                }
            }
            reached
        };
        let forward = spread(&|f| geo.convoy_hop(start, f), &|x, y| geo.convoy_hop(x, y));
        let backward = spread(&|f| geo.convoy_hop(f, dest), &|x, y| geo.convoy_hop(y, x));
        (0..fleets.len())
            .filter(|&i| forward[i] && backward[i])
            .map(|i| fleets[i].0)
            .collect()
    }

    /// Past seasons re-opened by live orders, with their stored orders replayed into the
    /// graph, as the rules' [`Reopening`] policy says.
    /// Also returns the graph units whose anticipatory order ([`World::anticipate`]) a live
    /// order reached and that now name existing units (they are checked further by
    /// `fit_game_orders`).
    fn reopen(&self, graph: &mut Graph) -> (BTreeSet<SeasonKey>, Vec<(usize, usize)>) {
        match self.rules.reopening {
            Reopening::Anchored => (self.reopen_anchored(graph), Vec::new()),
            Reopening::TouchClosure => self.reopen_by_touch(graph),
        }
    }

    /// The 5D game's orders for units that do not exist yet: a live support or convoy naming a
    /// unit of a season that does not exist yet is invalid now (it is reported as such, and its
    /// unit holds), but it is kept, and resolved whenever a later step reaches it and the unit it
    /// names exists (the game's MDATC D.03). Returns the validation results with those orders
    /// marked, and the orders to keep once the step is over.
    fn anticipate(
        &self,
        graph: &Graph,
        inputs: &[OrderInput],
        mut validated: Vec<Result<MoveOrder, Illegal>>,
    ) -> (Vec<Result<MoveOrder, Illegal>>, Vec<RecordedOrder>) {
        let mut kept = Vec::new();
        for (i, r) in validated.iter_mut().enumerate() {
            let Err(Illegal::NoSuchSeason(missing)) = *r else {
                continue;
            };
            let input = &inputs[i];
            let order = match input.order {
                UnitOrder::SupportHold { target } if target.spot.season == missing => {
                    MoveOrder::SupportHold {
                        target: target.spot,
                    }
                }
                UnitOrder::SupportMove { target, to, coast }
                    if target.spot.season == missing || to.season == missing =>
                {
                    MoveOrder::SupportMove {
                        target: target.spot,
                        to,
                        coast,
                    }
                }
                UnitOrder::Convoy { army, to }
                    if army.spot.season == missing || to.season == missing =>
                {
                    MoveOrder::Convoy {
                        army: army.spot,
                        to,
                    }
                }
                _ => continue,
            };
            let Some(g) = graph
                .get(&input.unit.spot)
                .filter(|&g| graph.units[g].live && graph.units[g].sig.power == input.power)
            else {
                continue;
            };
            // A support reaches only a board next to its own: one that never can stays illegal.
            let acts_in = match order {
                MoveOrder::SupportHold { target } => Some(target.season),
                MoveOrder::SupportMove { to, .. } => Some(to.season),
                _ => None,
            };
            let own = input.unit.spot.season;
            if acts_in
                .is_some_and(|t| t.turn.abs_diff(own.turn) + t.timeline.abs_diff(own.timeline) > 1)
            {
                continue;
            }
            *r = Err(Illegal::Anticipated(missing));
            kept.push(RecordedOrder {
                unit: input.unit.spot,
                sig: graph.units[g].sig,
                order,
                success: false,
            });
        }
        (validated, kept)
    }

    /// Whether a kept anticipatory order can act now: the units it names exist, and its unit
    /// reaches where it acts (a convoy: a fleet at sea convoying an army).
    fn anticipation_holds(&self, ro: &RecordedOrder) -> bool {
        let from = Pos {
            season: ro.unit.season,
            loc: ro.sig.loc,
        };
        match ro.order {
            MoveOrder::SupportHold { target } => {
                self.unit(target).is_some() && self.reaches_province(ro.sig.kind, from, target)
            }
            MoveOrder::SupportMove { target, to, .. } => {
                self.unit(target).is_some()
                    && self.exists(to.season)
                    && self.reaches_province(ro.sig.kind, from, to)
            }
            MoveOrder::Convoy { army, to } => {
                ro.sig.kind == UnitType::Fleet
                    && self.map.convoys_from(ro.sig.loc.province)
                    && self.unit(army).is_some_and(|a| a.kind == UnitType::Army)
                    && self.exists(to.season)
            }
            MoveOrder::Move { to, .. } => self.unit(ro.unit).is_some() && self.exists(to.season),
            MoveOrder::Hold => false,
        }
    }

    /// The 5D game's re-opening ([`Reopening::TouchClosure`]): every stored order that shares
    /// a place (season and province) with a live order, or with a stored order already taken,
    /// is resolved again with nothing fixed; every past season holding a place so touched is
    /// re-opened, and its other stored orders are replayed with their recorded outcomes (they
    /// touch nothing that changes, so they only say who stayed and who left).
    fn reopen_by_touch(&self, graph: &mut Graph) -> (BTreeSet<SeasonKey>, Vec<(usize, usize)>) {
        let mut touched: HashSet<Spot> = HashSet::new();
        let mut work: Vec<Spot> = Vec::new();
        for g in &graph.units {
            for p in places(g.spot, &g.order) {
                if touched.insert(p) {
                    work.push(p);
                }
            }
        }
        // The stored orders of each past season met so far, by the places they touch.
        let mut by_place: HashMap<SeasonKey, HashMap<Spot, Vec<usize>>> = HashMap::new();
        let mut taken: HashSet<Spot> = HashSet::new();
        // Kept anticipatory orders a touched place reaches (by index in `self.anticipated`).
        let mut woken: Vec<usize> = Vec::new();
        let mut is_woken = vec![false; self.anticipated.len()];
        loop {
            if work.is_empty() {
                for (k, ro) in self.anticipated.iter().enumerate() {
                    if !is_woken[k] && places(ro.unit, &ro.order).any(|q| touched.contains(&q)) {
                        is_woken[k] = true;
                        woken.push(k);
                        for q in places(ro.unit, &ro.order) {
                            if touched.insert(q) {
                                work.push(q);
                            }
                        }
                    }
                }
            }
            let Some(p) = work.pop() else {
                break;
            };
            if self.is_head(p.season) {
                continue;
            }
            let Some(record) = self.season(p.season).and_then(|s| s.record.as_ref()) else {
                continue;
            };
            let index = by_place.entry(p.season).or_insert_with(|| {
                let mut index: HashMap<Spot, Vec<usize>> = HashMap::new();
                for (i, ro) in record.orders.iter().enumerate() {
                    for q in places(ro.unit, &ro.order) {
                        index.entry(q).or_default().push(i);
                    }
                }
                index
            });
            for &i in index.get(&p).map_or(&[][..], Vec::as_slice) {
                let ro = &record.orders[i];
                if taken.insert(ro.unit) {
                    for q in places(ro.unit, &ro.order) {
                        if touched.insert(q) {
                            work.push(q);
                        }
                    }
                }
            }
        }
        let reopened: BTreeSet<SeasonKey> = touched
            .iter()
            .map(|p| p.season)
            .filter(|&s| self.exists(s) && !self.is_head(s))
            .collect();
        for &s in &reopened {
            let Some(record) = self.seasons[&s].record.as_ref() else {
                continue;
            };
            for ro in &record.orders {
                graph.add(resolved_again(ro, taken.contains(&ro.unit)));
            }
        }
        // An anticipatory order that can act now replaces the hold its unit was recorded with.
        let mut acting = Vec::new();
        for &k in &woken {
            let ro = &self.anticipated[k];
            if !self.anticipation_holds(ro) || self.is_head(ro.unit.season) {
                continue;
            }
            let g = graph.add(resolved_again(ro, true));
            graph.units[g].order = ro.order;
            graph.units[g].pin = Pin::Free;
            for s in ro.order.referenced_seasons(ro.unit.season) {
                if !graph.units[g].records.contains(&s) {
                    graph.units[g].records.push(s);
                }
            }
            acting.push((g, k));
        }
        (reopened, acting)
    }

    /// Past seasons re-opened by live orders (rule 12; not transitive), with their original
    /// order sets replayed into the graph (rule 13).
    fn reopen_anchored(&self, graph: &mut Graph) -> BTreeSet<SeasonKey> {
        let mut reopened: BTreeSet<SeasonKey> = BTreeSet::new();
        for g in &graph.units {
            for s in g.order.referenced_seasons(g.spot.season) {
                if self.exists(s) && !self.is_head(s) {
                    reopened.insert(s);
                }
            }
        }
        for &s in &reopened {
            let Some(record) = self.seasons[&s].record.as_ref() else {
                continue;
            };
            for ro in &record.orders {
                graph.add(replayed(ro, s));
            }
        }
        reopened
    }

    /// The core's view of the graph: its sites, units and orders.
    fn to_core(&self, graph: &Graph) -> (StepGeography<'_>, MovementInput) {
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

    /// Which re-opened seasons fork (rule 16), numbered by (turn, timeline) (rule 18): those a
    /// live move arrived in, and those whose result matches none of their children.
    fn forking(
        &self,
        reopened: &BTreeSet<SeasonKey>,
        graph: &Graph,
        adjudicated: &Adjudicated,
        results: &BTreeMap<SeasonKey, SeasonResult>,
    ) -> Vec<SeasonKey> {
        let mut forking: Vec<SeasonKey> = Vec::new();
        for &s in reopened {
            let live_arrival = adjudicated
                .arrivals_into(s)
                .iter()
                .any(|&i| graph.units[i].live);
            let sig = &results[&s].sig;
            let matches_child = self.seasons[&s]
                .children
                .iter()
                .any(|c| self.seasons[c].created_by.as_ref() == Some(sig));
            if self.rules.forks.forks(live_arrival, matches_child) {
                forking.push(s);
            }
        }
        forking.sort();
        forking
    }

    /// Advances every head (rule 5), even an empty one, and creates a timeline for every
    /// forking season. Returns the heads with their next seasons, and the forks.
    fn advance(
        &mut self,
        heads: &[SeasonKey],
        forking: &[SeasonKey],
        results: &BTreeMap<SeasonKey, SeasonResult>,
    ) -> (Vec<Advance>, Vec<Fork>) {
        let advanced: Vec<Advance> = heads
            .iter()
            .map(|&h| Advance {
                head: h,
                next: SeasonKey::new(h.turn + 1, h.timeline),
            })
            .collect();
        let first_new_timeline = self.timelines.len() as u32;
        let forks: Vec<Fork> = (first_new_timeline..)
            .zip(forking.iter())
            .map(|(next_timeline, &s)| Fork {
                from: s,
                first: SeasonKey::new(s.turn + 1, next_timeline),
            })
            .collect();
        for &(parent, key) in new_seasons(&advanced, &forks).iter() {
            self.create_season(parent, key, &results[&parent]);
        }
        (advanced, forks)
    }

    /// Creates season `key` after `parent` with the board of the parent's result, as the next
    /// season of its timeline or the first of a new one.
    fn create_season(&mut self, parent: SeasonKey, key: SeasonKey, result: &SeasonResult) {
        let owners = self.seasons[&parent].owners.clone();
        self.seasons.insert(
            key,
            Arc::new(Season {
                key,
                parent: Some(parent),
                children: Vec::new(),
                units: result.board.clone(),
                owners,
                record: None,
                created_by: Some(result.sig.clone()),
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

    /// Dislodged units of heads and forking seasons retreat into their new seasons: they wait
    /// for the retreat step (or, without any, the step goes on to the adjustments). Returns
    /// the dislodged units.
    fn retreats(
        &mut self,
        advanced: &[Advance],
        forks: &[Fork],
        graph: &Graph,
        adjudicated: &Adjudicated,
        results: &BTreeMap<SeasonKey, SeasonResult>,
    ) -> Vec<Dislodged> {
        let new_seasons = new_seasons(advanced, forks);
        let mut pending = Vec::new();
        for &(parent, key) in &new_seasons {
            let contested: Vec<ProvinceId> = adjudicated
                .contested
                .iter()
                .filter(|p| adjudicated.site_of(parent) == Some(p.site.0 as usize))
                .map(|p| p.province)
                .collect();
            for &gi in &results[&parent].dislodged {
                let Some(d) = adjudicated.dislodged_by[gi] else {
                    continue;
                };
                let g = &graph.units[gi];
                let mut dl = Dislodged {
                    at: Pos {
                        season: parent,
                        loc: g.sig.loc,
                    },
                    power: g.sig.power,
                    kind: g.sig.kind,
                    into: key,
                    attacker_from: graph.units[d.by].spot,
                    by_convoy: d.by_convoy,
                    contested: contested.clone(),
                    options: Vec::new(),
                };
                dl.options = self.retreat_options(&dl);
                pending.push(dl);
            }
        }
        self.steps += 1;
        self.pending_retreats = pending.clone();
        self.pending_adjustments = new_seasons
            .iter()
            .filter(|(parent, _)| parent.is_fall())
            .map(|&(_, key)| key)
            .collect();
        if self.pending_retreats.is_empty() {
            self.after_retreats();
        } else {
            self.phase = Phase::Retreat;
        }
        pending
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
fn game_statuses(graph: &Graph, adjudicated: &mut Adjudicated) {
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

/// Every season the step creates, after its parent: the heads' next seasons, then the forks'
/// first seasons.
fn new_seasons(advanced: &[Advance], forks: &[Fork]) -> Vec<(SeasonKey, SeasonKey)> {
    advanced
        .iter()
        .map(|a| (a.head, a.next))
        .chain(forks.iter().map(|f| (f.from, f.first)))
        .collect()
}

impl World {
    /// The stored movement orders of every past season (their records, set up or adjudicated)
    /// resolved again together from scratch, as the 5D game's re-adjudication by touch resolves
    /// the stored orders it reaches: the orders whose outcome differs from the stored one, with
    /// the reason found and the units of that adjudication. Orders that touch a head (whose
    /// units are live) are left out: their stored outcome is not re-checked.
    pub(super) fn contradicted_movement_records(&self) -> Vec<super::RecordContradiction> {
        let mut graph = Graph::new(self.map.province_count(), 0);
        let mut stored: Vec<bool> = Vec::new();
        for s in self.seasons.values() {
            if self.is_head(s.key) {
                continue;
            }
            for ro in s.record.iter().flat_map(|r| &r.orders) {
                if places(ro.unit, &ro.order)
                    .any(|p| self.is_head(p.season) || !self.exists(p.season))
                {
                    continue;
                }
                let i = graph.add(resolved_again(ro, true));
                if i == stored.len() {
                    stored.push(ro.success);
                }
            }
        }
        if graph.units.is_empty() {
            return Vec::new();
        }
        let (geo, input) = self.to_core(&graph);
        let mut adjudicated = Adjudicated::new(&graph, &input, &geo);
        drop(geo);
        if self.rules.fit == OrderFit::Game {
            game_statuses(&graph, &mut adjudicated);
        }
        let mut out = Vec::new();
        for (i, g) in graph.units.iter().enumerate() {
            let outcome = &adjudicated.outcomes[i];
            if outcome.success() != stored[i] {
                out.push(super::RecordContradiction {
                    stored: super::StoredKind::Movement(g.spot),
                    stored_success: stored[i],
                    reason: outcome.reason.clone(),
                    graph: Vec::new(),
                });
            }
        }
        if !out.is_empty() {
            for c in &mut out {
                c.graph.clone_from(&graph.units);
            }
        }
        out
    }
}
