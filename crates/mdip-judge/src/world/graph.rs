//! The builder of one movement step's decision graph: its units (live and replayed) and the
//! index from spots to them.

use super::report::GraphUnit;
use super::{SeasonKey, Spot};
use crate::Pin;

/// Builder of one movement step's decision graph.
pub(super) struct Graph {
    /// The units, live ones first.
    pub(super) units: Vec<GraphUnit>,
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
        self.units.push(unit.clone());
        self.index.insert(unit.spot, self.units.len() - 1);
        self.units.len() - 1
    }
}
