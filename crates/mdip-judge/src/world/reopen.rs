//! The re-opening of past seasons by live orders, one phase of [`World::movement_step`]
//! (`movement_step.rs`'s module docs list them all), as the rules' [`Reopening`] policy says:
//! anchored references under `@rules mdatc`, touch under `@rules 5dd`.

use std::collections::BTreeSet;

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

use mdip_map::UnitType;

use super::graph::{places, replayed, resolved_again, Graph};
use super::validate::{Illegal, OrderInput, UnitOrder};
use super::{MoveOrder, Pos, RecordedOrder, SeasonKey, Spot, World};
use crate::rules::Reopening;
use crate::Pin;

impl World {
    /// Past seasons re-opened by live orders, with their stored orders replayed into the
    /// graph, as the rules' [`Reopening`] policy says.
    /// Also returns the graph units whose anticipatory order ([`World::anticipate`]) a live
    /// order reached and that now name existing units (they are checked further by
    /// `fit_game_orders`).
    pub(super) fn reopen(&self, graph: &mut Graph) -> (BTreeSet<SeasonKey>, Vec<(usize, usize)>) {
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
    pub(super) fn anticipate(
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
    pub(super) fn anticipation_holds(&self, ro: &RecordedOrder) -> bool {
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
    pub(super) fn reopen_by_touch(
        &self,
        graph: &mut Graph,
    ) -> (BTreeSet<SeasonKey>, Vec<(usize, usize)>) {
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
    pub(super) fn reopen_anchored(&self, graph: &mut Graph) -> BTreeSet<SeasonKey> {
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
}
