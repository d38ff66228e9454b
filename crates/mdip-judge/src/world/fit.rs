//! The 5D game's checks of orders against each other ([`OrderFit::Game`]), one phase of
//! [`World::movement_step`] (`movement_step.rs`'s module docs list them all): a move that needs a
//! convoy needs an ordered chain of convoys, and a support or convoy must name what its unit
//! was ordered.

use foldhash::HashSet;

use mdip_map::{Location, UnitType};

use super::geography::StepGeography;
use super::graph::Graph;
use super::validate::{Illegal, OrderInput, Unfit, UnitOrder};
use super::{MoveOrder, Pos, RecordedOrder, SeasonKey, Spot, World};
use crate::rules::TimeAdjacency;
use crate::{At, Geography};

impl World {
    /// The 5D game's checks of orders against each other ([`OrderFit::Game`]), on the graph
    /// with every order known: a move that needs a convoy is illegal without an ordered chain of
    /// convoys; then a support or convoy is illegal when the unit it names was not ordered what
    /// it names (a support to hold: the unit was not ordered to stay; a move to its own place is
    /// not staying). An illegal order's unit holds.
    pub(super) fn fit_game_orders(
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
    pub(super) fn carried(&self, graph: &Graph, g: usize, to: Pos) -> bool {
        let u = &graph.units[g];
        let from = Pos {
            season: u.spot.season,
            loc: u.sig.loc,
        };
        self.reaches(u.sig.kind, from, to) || !self.ordered_convoy_chain(graph, g, to).is_empty()
    }

    /// Whether the support or convoy of graph unit `g` names what the unit it names was
    /// ordered (see `fit_game_orders`), or why not.
    pub(super) fn fits_orders(
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
    pub(super) fn ordered_convoy_chain(&self, graph: &Graph, army: usize, to: Pos) -> Vec<usize> {
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
}
