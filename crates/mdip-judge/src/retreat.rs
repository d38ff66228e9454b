//! The retreat phase: where dislodged units may go, and what happens to their retreat orders.
//!
//! A retreat is legal when the destination is adjacent, empty after the movement phase, not
//! left empty by a standoff, and not the place the attacker came from (unless the attacker came
//! by convoy, DATC 4.A.5). Illegal retreats disband the unit without bothering anyone else
//! (DATC 6.H.10); two or more legal retreats to one place all disband (DATC 6.H.7). Supports and
//! convoys do not exist in this phase: the caller rejects them.

use mdip_map::UnitType;

use crate::geography::{At, Geography, Place};
use crate::movement::{Dislodgement, MovementResult, Unit, UnitId};
use crate::reason::{Outcome, Reason};

/// A retreat-phase order for a dislodged unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardRetreatOrder {
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

/// A dislodged unit as the retreat rules see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Retreating {
    /// Army or fleet.
    pub kind: UnitType,
    /// Where it was dislodged.
    pub at: At,
    /// Where the attacker that dislodged it came from.
    pub attacker_from: Place,
    /// Whether that attack came by convoy (its origin is then open to retreat, DATC 4.A.5).
    pub by_convoy: bool,
}

/// The board after a movement phase, as far as retreats care: the places still held and the
/// places left empty by a standoff.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetreatBoard {
    occupied: Vec<Place>,
    contested: Vec<Place>,
}

impl RetreatBoard {
    /// A board from the places held by units that were not dislodged and the contested places.
    pub fn new(mut occupied: Vec<Place>, mut contested: Vec<Place>) -> RetreatBoard {
        occupied.sort_unstable();
        contested.sort_unstable();
        RetreatBoard {
            occupied,
            contested,
        }
    }

    /// The board a movement phase left.
    pub fn after(units: &[Unit], movement: &MovementResult) -> RetreatBoard {
        let occupied = (0..units.len())
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
        RetreatBoard::new(occupied, movement.contested.clone())
    }

    /// Whether `r` may retreat to `to`: the position it lands on, or why not.
    pub fn check<G: Geography + ?Sized>(
        &self,
        r: &Retreating,
        to: At,
        geo: &G,
    ) -> Result<At, Reason> {
        let (from, to) = match r.kind {
            UnitType::Army => (r.at.without_coast(), to.without_coast()),
            UnitType::Fleet => (r.at, to),
        };
        if !geo.reaches(r.kind, from, to) || !geo.map().can_stand(r.kind, to.loc) {
            return Err(Reason::RetreatUnreachable);
        }
        let place = to.place();
        if place == r.attacker_from && !r.by_convoy {
            return Err(Reason::RetreatToAttacker);
        }
        if self.occupied.binary_search(&place).is_ok() {
            return Err(Reason::RetreatOccupied);
        }
        if self.contested.binary_search(&place).is_ok() {
            return Err(Reason::RetreatContested);
        }
        Ok(to)
    }

    /// Every position `r` may retreat to, in map order.
    pub fn options<G: Geography + ?Sized>(&self, r: &Retreating, geo: &G) -> Vec<At> {
        geo.map()
            .neighbours(r.kind, r.at.loc)
            .into_iter()
            .map(|loc| At::new(r.at.site, loc))
            .filter_map(|to| self.check(r, to, geo).ok())
            .collect()
    }
}

/// For each legal retreat target, the other retreats aiming at the same place: two or more
/// retreats to one place all fail (DATC 6.H.7). `targets[i]` is retreat `i`'s place, if legal.
pub fn retreat_collisions(targets: &[Option<Place>]) -> Vec<Vec<usize>> {
    targets
        .iter()
        .enumerate()
        .map(|(i, t)| match t {
            None => Vec::new(),
            Some(place) => targets
                .iter()
                .enumerate()
                .filter(|&(j, other)| j != i && *other == Some(*place))
                .map(|(j, _)| j)
                .collect(),
        })
        .collect()
}

/// The retreat view of a dislodgement of the movement phase.
fn retreating(units: &[Unit], d: &Dislodgement) -> Option<Retreating> {
    let u = units.get(d.unit)?;
    Some(Retreating {
        kind: u.kind,
        at: u.at,
        attacker_from: d.attacker_from,
        by_convoy: d.by_convoy,
    })
}

/// A retreat-phase order for a dislodged unit, named by its id in the movement phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnitRetreat {
    /// The dislodged unit.
    pub unit: UnitId,
    /// Its order.
    pub order: BoardRetreatOrder,
}

/// Adjudicates a retreat phase.
///
/// `units` and `movement` are the input and result of the movement phase; `orders` name
/// dislodged units by id. A dislodged unit without an order disbands; of several orders for one
/// unit the first counts (the caller should reject duplicates).
pub fn adjudicate_retreats<G: Geography + ?Sized>(
    units: &[Unit],
    movement: &MovementResult,
    orders: &[UnitRetreat],
    geo: &G,
) -> RetreatResult {
    let board = RetreatBoard::after(units, movement);
    let mut ignored = Vec::new();
    let mut chosen: Vec<Option<BoardRetreatOrder>> = vec![None; movement.dislodged.len()];
    for (i, &UnitRetreat { unit, order }) in orders.iter().enumerate() {
        match movement.dislodged.iter().position(|d| d.unit == unit) {
            Some(k) if chosen[k].is_none() => chosen[k] = Some(order),
            Some(_) => {}
            None => ignored.push(i),
        }
    }

    // First the legality of each retreat on its own.
    let mut retreats: Vec<RetreatOutcome> = Vec::with_capacity(chosen.len());
    for (d, order) in movement.dislodged.iter().zip(&chosen) {
        let (outcome, to) = match (order, retreating(units, d)) {
            (None, _) => (Outcome::new(Reason::NoRetreatOrder), None),
            (Some(BoardRetreatOrder::Disband), _) => (Outcome::new(Reason::Disbanded), None),
            (Some(BoardRetreatOrder::Move(_)), None) => {
                (Outcome::new(Reason::RetreatUnreachable), None)
            }
            (Some(BoardRetreatOrder::Move(to)), Some(r)) => match board.check(&r, *to, geo) {
                Ok(to) => (Outcome::new(Reason::Retreated), Some(to)),
                Err(reason) => (Outcome::new(reason), None),
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
    for (i, others) in retreat_collisions(&targets).into_iter().enumerate() {
        if !others.is_empty() {
            let with = others.iter().map(|&j| movement.dislodged[j].unit).collect();
            retreats[i].outcome = Outcome::new(Reason::RetreatCollision { with });
            retreats[i].to = None;
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
    movement
        .dislodged
        .iter()
        .find(|d| d.unit == unit)
        .and_then(|d| retreating(units, d))
        .map_or_else(Vec::new, |r| {
            RetreatBoard::after(units, movement).options(&r, geo)
        })
}
