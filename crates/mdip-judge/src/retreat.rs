//! The retreat phase: where dislodged units may go, and what happens to their retreat orders.
//!
//! A retreat is legal when the destination is adjacent, empty after the movement phase, not
//! left empty by a standoff, and not the place the attacker came from (unless the attacker came
//! by convoy, DATC 4.A.5). Illegal retreats disband the unit without bothering anyone else
//! (DATC 6.H.10); two or more legal retreats to one place all disband (DATC 6.H.7). Supports and
//! convoys do not exist in this phase: the caller rejects them.

use mdip_map::{Location, UnitType};

use crate::geography::{At, Geography, Place};
use crate::movement::{Dislodgement, MovementResult, Unit, UnitId};
use crate::reason::{Outcome, Reason};

/// A retreat-phase order for a dislodged unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RetreatOrder {
    /// Retreat to a position on the unit's own board.
    Move(At),
    /// Disband the unit.
    Disband,
}

/// What happened to one dislodged unit.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RetreatOutcome {
    /// The dislodged unit.
    pub unit: UnitId,
    /// Whether it survives, and why.
    pub outcome: Outcome,
    /// Where it now stands, when it retreated.
    pub to: Option<At>,
}

/// The result of a retreat phase.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RetreatResult {
    /// One entry per dislodged unit, in the order of [`MovementResult::dislodged`].
    pub retreats: Vec<RetreatOutcome>,
    /// Orders given to units that were not dislodged (index into the orders), all ignored.
    pub ignored: Vec<usize>,
}

/// Adjudicates a retreat phase.
///
/// `units` and `movement` are the input and result of the movement phase; `orders` name
/// dislodged units by id. A dislodged unit without an order disbands; of several orders for one
/// unit the first counts (the caller should reject duplicates).
pub fn adjudicate_retreats<G: Geography + ?Sized>(
    units: &[Unit],
    movement: &MovementResult,
    orders: &[(UnitId, RetreatOrder)],
    geo: &G,
) -> RetreatResult {
    let board = Board::new(units, movement);
    let mut ignored = Vec::new();
    let mut chosen: Vec<Option<RetreatOrder>> = vec![None; movement.dislodged.len()];
    for (i, &(unit, order)) in orders.iter().enumerate() {
        match movement.dislodged.iter().position(|d| d.unit == unit) {
            Some(k) if chosen[k].is_none() => chosen[k] = Some(order),
            Some(_) => {}
            None => ignored.push(i),
        }
    }

    // First the legality of each retreat on its own.
    let mut retreats: Vec<RetreatOutcome> = Vec::with_capacity(chosen.len());
    for (d, order) in movement.dislodged.iter().zip(&chosen) {
        let (outcome, to) = match order {
            None => (Outcome::new(false, Reason::NoRetreatOrder), None),
            Some(RetreatOrder::Disband) => (Outcome::new(true, Reason::Disbanded), None),
            Some(RetreatOrder::Move(to)) => match board.check(units, d, *to, geo) {
                Ok(to) => (Outcome::new(true, Reason::Retreated), Some(to)),
                Err(reason) => (Outcome::new(false, reason), None),
            },
        };
        retreats.push(RetreatOutcome {
            unit: d.unit,
            outcome,
            to,
        });
    }

    // Then collisions between legal retreats.
    let targets: Vec<Option<Place>> = retreats.iter().map(|r| r.to.map(At::place)).collect();
    for (i, retreat) in retreats.iter_mut().enumerate() {
        let Some(place) = targets[i] else { continue };
        let with: Vec<UnitId> = targets
            .iter()
            .enumerate()
            .filter(|&(j, t)| j != i && *t == Some(place))
            .map(|(j, _)| movement.dislodged[j].unit)
            .collect();
        if !with.is_empty() {
            retreat.outcome = Outcome::new(false, Reason::RetreatCollision { with });
            retreat.to = None;
        }
    }
    RetreatResult { retreats, ignored }
}

/// The positions a dislodged unit may retreat to on its own board, in map order (empty if the
/// unit is not dislodged).
pub fn retreat_options<G: Geography + ?Sized>(
    units: &[Unit],
    movement: &MovementResult,
    unit: UnitId,
    geo: &G,
) -> Vec<At> {
    let Some(d) = movement.dislodged.iter().find(|d| d.unit == unit) else {
        return Vec::new();
    };
    let Some(u) = units.get(unit) else {
        return Vec::new();
    };
    let board = Board::new(units, movement);
    geo.map()
        .neighbours(u.kind, u.at.loc)
        .into_iter()
        .map(|loc| At::new(u.at.site, loc))
        .filter_map(|to| board.check(units, d, to, geo).ok())
        .collect()
}

/// The board after the movement phase, as far as retreats care.
struct Board<'a> {
    /// Places holding a unit that was not dislodged, sorted.
    occupied: Vec<Place>,
    /// Places left empty by a standoff, sorted.
    contested: &'a [Place],
}

impl<'a> Board<'a> {
    /// Collects the occupied places from the movement result.
    fn new(units: &[Unit], movement: &'a MovementResult) -> Board<'a> {
        let mut occupied: Vec<Place> = (0..units.len())
            .filter(|&u| !movement.dislodged.iter().any(|d| d.unit == u))
            .map(|u| {
                movement
                    .positions
                    .get(u)
                    .copied()
                    .unwrap_or(units[u].at)
                    .place()
            })
            .collect();
        occupied.sort_unstable();
        Board {
            occupied,
            contested: &movement.contested,
        }
    }

    /// Whether the dislodged unit `d` may retreat to `to`; the position it lands on, or why not.
    fn check<G: Geography + ?Sized>(
        &self,
        units: &[Unit],
        d: &Dislodgement,
        to: At,
        geo: &G,
    ) -> Result<At, Reason> {
        let Some(unit) = units.get(d.unit) else {
            return Err(Reason::RetreatUnreachable);
        };
        let (from, to) = match unit.kind {
            UnitType::Army => (unit.at.without_coast(), to.without_coast()),
            UnitType::Fleet => (unit.at, to),
        };
        if !geo.reaches(unit.kind, from, to) || !can_stand(geo, unit.kind, to.loc) {
            return Err(Reason::RetreatUnreachable);
        }
        let place = to.place();
        if place == d.attacker_from && !d.by_convoy {
            return Err(Reason::RetreatToAttacker);
        }
        if self.occupied.binary_search(&place).is_ok() {
            return Err(Reason::RetreatOccupied);
        }
        if self.contested.contains(&place) {
            return Err(Reason::RetreatContested);
        }
        Ok(to)
    }
}

/// Whether a unit of `kind` may stand at `loc` on the map.
fn can_stand<G: Geography + ?Sized>(geo: &G, kind: UnitType, loc: Location) -> bool {
    geo.map().can_stand(kind, loc)
}
