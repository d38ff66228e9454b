//! The builder of one movement step's decision graph: its units (live ones with the orders
//! given, and orders replayed from the records of re-opened seasons with their pins) and the
//! index from spots to them.

use std::collections::HashMap;

use super::report::GraphUnit;
use super::validate::{Illegal, OrderInput};
use super::{MoveOrder, RecordedOrder, SeasonKey, Spot};
use crate::Pin;

/// Builder of one movement step's decision graph.
pub(super) struct Graph {
    /// The units, live ones first.
    pub(super) units: Vec<GraphUnit>,
    index: SpotIndex,
}

/// A map from spots to graph indices: a table of provinces per season in play, the seasons
/// numbered in the order they came (a step of many heads touches hundreds of seasons: finding
/// one is a hash lookup, not a scan).
struct SpotIndex {
    seasons: HashMap<SeasonKey, usize>,
    table: Vec<usize>,
    provinces: usize,
}

impl SpotIndex {
    const NONE: usize = usize::MAX;

    fn new(provinces: usize) -> SpotIndex {
        SpotIndex {
            seasons: HashMap::new(),
            table: Vec::new(),
            provinces,
        }
    }

    fn slot(&self, spot: &Spot) -> Option<usize> {
        let s = *self.seasons.get(&spot.season)?;
        let p = spot.province.0 as usize;
        (p < self.provinces).then_some(s * self.provinces + p)
    }

    fn get(&self, spot: &Spot) -> Option<&usize> {
        self.table
            .get(self.slot(spot)?)
            .filter(|&&v| v != Self::NONE)
    }

    fn insert(&mut self, spot: Spot, value: usize) {
        if !self.seasons.contains_key(&spot.season) {
            self.seasons.insert(spot.season, self.seasons.len());
            self.table
                .resize(self.seasons.len() * self.provinces, Self::NONE);
        }
        if let Some(slot) = self.slot(&spot) {
            self.table[slot] = value;
        }
    }
}

impl Graph {
    /// An empty graph over a map of `provinces` provinces, with room for `capacity` units.
    pub(super) fn new(provinces: usize, capacity: usize) -> Graph {
        Graph {
            units: Vec::with_capacity(capacity),
            index: SpotIndex::new(provinces),
        }
    }

    /// The graph index of the unit at `spot`, if it is in the graph.
    pub(super) fn get(&self, spot: &Spot) -> Option<usize> {
        self.index.get(spot).copied()
    }

    /// Adds a unit, or merges it into the unit already at its spot; returns its index.
    pub(super) fn add(&mut self, unit: GraphUnit) -> usize {
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
        let (spot, i) = (unit.spot, self.units.len());
        self.units.push(unit);
        self.index.insert(spot, i);
        i
    }
}

/// Gives the live units their orders. Several legal orders for one unit (DATC 4.D.3):
/// identical ones count once; different ones are all dropped and the unit holds (choice c).
/// Illegal orders do not count: a unit with one legal and one illegal order follows the legal
/// one. Returns the validation results with the dropped orders marked.
pub(super) fn give_live_orders(
    graph: &mut Graph,
    inputs: &[OrderInput],
    mut validated: Vec<Result<MoveOrder, Illegal>>,
) -> Vec<Result<MoveOrder, Illegal>> {
    let mut first_input: Vec<Option<usize>> = vec![None; graph.units.len()];
    let mut conflict = vec![false; graph.units.len()];
    for (i, r) in validated.iter().enumerate() {
        let (Ok(o), Some(g)) = (r, graph.get(&inputs[i].unit.spot)) else {
            continue;
        };
        match first_input[g] {
            None => first_input[g] = Some(i),
            Some(f) => conflict[g] |= validated[f].as_ref().ok() != Some(o),
        }
    }
    for (i, r) in validated.iter_mut().enumerate() {
        if let (Ok(o), Some(g)) = (&*r, graph.get(&inputs[i].unit.spot)) {
            if conflict[g] {
                *r = Err(Illegal::Duplicate);
            } else {
                graph.units[g].order = *o;
            }
        }
    }
    validated
}

/// A recorded order of re-opened season `s`, replayed with the pin its record imposes.
pub(super) fn replayed(ro: &RecordedOrder, s: SeasonKey) -> GraphUnit {
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
    let left =
        own == s && ro.success && matches!(ro.order, MoveOrder::Move { to, .. } if to.season != s);
    GraphUnit {
        spot: ro.unit,
        sig: ro.sig,
        order: ro.order,
        live: false,
        pin,
        records: vec![s],
        left,
    }
}

/// Whether an order acts only inside its own season (rule 13: such orders are resolved again
/// when their season is re-opened).
fn acts_inside(order: &MoveOrder, own: SeasonKey) -> bool {
    order.referenced_seasons(own).is_empty()
}

/// The pin of a recorded outcome.
fn pin_of(success: bool) -> Pin {
    if success {
        Pin::Succeeds
    } else {
        Pin::Fails
    }
}
