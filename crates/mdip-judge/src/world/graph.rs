//! The builder of one movement step's decision graph: its units (live ones with the orders
//! given, and orders replayed from the records of re-opened seasons with their pins) and the
//! index from spots to them.

use foldhash::{HashMap, HashMapExt};

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
/// numbered in the order they came. Most steps touch a few seasons, found by a short scan; a
/// step of many heads touches hundreds, found by a hash lookup once there are more than
/// [`SpotIndex::SCAN`].
struct SpotIndex {
    seasons: Vec<SeasonKey>,
    /// The numbers of `seasons`, filled once there are more than [`SpotIndex::SCAN`].
    numbers: HashMap<SeasonKey, usize>,
    table: Vec<usize>,
    provinces: usize,
}

impl SpotIndex {
    const NONE: usize = usize::MAX;
    /// Up to this many seasons, a scan is cheaper than hashing.
    const SCAN: usize = 8;

    fn new(provinces: usize) -> SpotIndex {
        SpotIndex {
            seasons: Vec::new(),
            numbers: HashMap::new(),
            table: Vec::new(),
            provinces,
        }
    }

    fn number(&self, season: &SeasonKey) -> Option<usize> {
        if self.seasons.len() <= Self::SCAN {
            self.seasons.iter().position(|k| k == season)
        } else {
            self.numbers.get(season).copied()
        }
    }

    fn slot(&self, spot: &Spot) -> Option<usize> {
        let s = self.number(&spot.season)?;
        let p = spot.province.0 as usize;
        (p < self.provinces).then_some(s * self.provinces + p)
    }

    fn get(&self, spot: &Spot) -> Option<&usize> {
        self.table
            .get(self.slot(spot)?)
            .filter(|&&v| v != Self::NONE)
    }

    fn insert(&mut self, spot: Spot, value: usize) {
        if self.number(&spot.season).is_none() {
            self.seasons.push(spot.season);
            if self.seasons.len() > Self::SCAN {
                if self.numbers.is_empty() {
                    self.numbers = (self.seasons.iter().copied()).zip(0..).collect();
                } else {
                    self.numbers.insert(spot.season, self.seasons.len() - 1);
                }
            }
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

/// A stored order of a re-opened season under [`Reopening::TouchClosure`]: resolved again
/// with nothing fixed when `touched`, otherwise with its recorded outcome. Either way it acts
/// on every season it names (nothing is anchored to a record), and a move that leaves is
/// contested again like any other.
///
/// [`Reopening::TouchClosure`]: crate::rules::Reopening::TouchClosure
pub(super) fn resolved_again(ro: &RecordedOrder, touched: bool) -> GraphUnit {
    let mut records = vec![ro.unit.season];
    records.extend(ro.order.referenced_seasons(ro.unit.season));
    GraphUnit {
        spot: ro.unit,
        sig: ro.sig,
        order: ro.order,
        live: false,
        pin: if touched {
            Pin::Free
        } else {
            pin_of(ro.success)
        },
        records,
        left: false,
    }
}

/// The places (season and province) an order touches: its unit's, and every place it moves
/// to, supports or convoys through (the 5D game's "touching" orders share one).
pub(super) fn places(unit: Spot, order: &MoveOrder) -> impl Iterator<Item = Spot> {
    let (a, b) = match *order {
        MoveOrder::Hold => (None, None),
        MoveOrder::Move { to, .. } => (Some(to.spot()), None),
        MoveOrder::SupportHold { target } => (Some(target), None),
        MoveOrder::SupportMove { target, to, .. } => (Some(target), Some(to)),
        MoveOrder::Convoy { army, to } => (Some(army), Some(to)),
    };
    std::iter::once(unit).chain(a).chain(b)
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

#[cfg(test)]
mod tests {
    use super::*;
    use mdip_map::ProvinceId;

    /// The index finds every spot before and after it switches from a scan to hashing.
    #[test]
    fn spot_index_past_the_scan() {
        let mut index = SpotIndex::new(80);
        let spot = |t: u32, p: u8| Spot {
            season: SeasonKey::new(t % 7, t),
            province: ProvinceId(p),
        };
        for t in 0..40u32 {
            index.insert(spot(t, (t % 80) as u8), t as usize);
            index.insert(spot(t, 79), 1000 + t as usize);
            for u in 0..=t {
                assert_eq!(index.get(&spot(u, (u % 80) as u8)), Some(&(u as usize)));
                assert_eq!(index.get(&spot(u, 79)), Some(&(1000 + u as usize)));
                assert_eq!(index.get(&spot(u, 78)), None);
            }
            assert_eq!(index.get(&spot(t + 1, 0)), None);
        }
    }
}
