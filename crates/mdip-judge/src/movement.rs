//! The movement phase: units, their orders, and the result of adjudicating them.
//!
//! [`adjudicate_movement`] takes every unit with one order each and returns, per unit, an
//! [`Outcome`] with its [`Reason`](crate::Reason), plus the dislodgements and the places left
//! empty by a standoff that the retreat phase needs. The decision work itself lives in the
//! private `engine` module.

use mdip_map::{Power, UnitType};

use crate::engine;
use crate::geography::{At, Geography, Place};
use crate::reason::Outcome;

/// A unit's index in [`MovementInput::units`] (and in every per-unit result vector).
pub type UnitId = usize;

/// A unit on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Unit {
    /// The owner.
    pub power: Power,
    /// Army or fleet.
    pub kind: UnitType,
    /// Where it stands (with its coast for a fleet on a split-coast province).
    pub at: At,
}

/// A movement-phase order, already resolved to unit ids and positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Order {
    /// Hold (also the order of a unit whose order was illegal or missing).
    Hold,
    /// Move to `dest`, directly or by convoy.
    ///
    /// An army's move to a place it cannot reach directly is a convoy attempt. When it could
    /// also move directly, it goes by convoy only if `via_convoy` is set or a fleet of its own
    /// power is ordered to convoy it (2023 rulebook, DATC 4.A.3); otherwise it moves over land
    /// and foreign convoy orders for it are not used.
    Move {
        /// The destination, with the coast for a fleet moving to a split-coast province.
        dest: At,
        /// Whether the order said `via Convoy`.
        via_convoy: bool,
    },
    /// Support `target` to hold. Void if the target is ordered to move.
    SupportHold {
        /// The supported unit.
        target: UnitId,
    },
    /// Support `target` moving to `dest`. Void unless the target is ordered to move to that
    /// place; a coast named here must equal the coast of the move, and no coast matches any.
    SupportMove {
        /// The supported unit.
        target: UnitId,
        /// The destination of the supported move.
        dest: At,
    },
    /// Convoy `army` to `dest`. Void unless the army is ordered to move there.
    Convoy {
        /// The convoyed army.
        army: UnitId,
        /// The army's destination.
        dest: Place,
    },
}

/// A fixed resolution for an order, for the multiversal layer (re-adjudicated past seasons).
///
/// A pinned order keeps its part in the battles: a move pinned to fail still attacks, prevents
/// and defends with its strength; a move pinned to succeed leaves its place. A support pinned to
/// succeed is given and cannot be cut; one pinned to fail adds nothing. A convoy pinned to
/// succeed is available to its army; one pinned to fail is not. Holds ignore pins. A pinned unit
/// can still be dislodged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Pin {
    /// Adjudicated normally.
    #[default]
    Free,
    /// Fixed to succeed.
    Succeeds,
    /// Fixed to fail.
    Fails,
}

/// The input of a movement phase.
///
/// `orders[i]` is the order of `units[i]`; a unit without an entry holds, and extra entries are
/// ignored. The caller has already checked static legality (DATC 4.E.1: illegal orders become
/// holds): terrain, coasts, adjacency or a possible convoy route for moves, reach of supports,
/// convoys only by fleets at sea and only of armies. The adjudicator never panics on orders that
/// break these promises, but its results for them are only as meaningful as the orders.
/// Two units in one place are not allowed; the lower id is then taken as the occupant.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MovementInput {
    /// Every unit taking part (on every site of the decision graph).
    pub units: Vec<Unit>,
    /// One order and pin per unit.
    pub orders: Vec<PinnedOrder>,
}

/// A unit's order with the pin that fixes its resolution, or leaves it free.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PinnedOrder {
    /// The order.
    pub order: Order,
    /// The pin.
    pub pin: Pin,
}

impl PinnedOrder {
    /// An order with its pin.
    pub fn new(order: Order, pin: Pin) -> PinnedOrder {
        PinnedOrder { order, pin }
    }
}

/// A unit dislodged in a movement phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dislodgement {
    /// The dislodged unit.
    pub unit: UnitId,
    /// The unit that moved into its place.
    pub by: UnitId,
    /// The place the attacker came from (closed to the retreat unless the attack came by convoy).
    pub attacker_from: Place,
    /// Whether the attacker came by convoy.
    pub by_convoy: bool,
}

/// A strength of DATC 5.B as the adjudication counted it: its value and the units whose
/// supports made it (a unit alone has strength 1 and no supporters).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Strength {
    /// The strength.
    pub value: u32,
    /// The supporting units counted in it, in unit order.
    pub supporters: Vec<UnitId>,
}

/// Which strength a move met (DATC 5.B).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opposition {
    /// The hold strength of the unit at the destination (5.B.5).
    Hold,
    /// The defend strength of the unit at the destination moving head to head (5.B.7).
    Defend,
    /// The prevent strength of a rival move into the same place (5.B.6).
    Prevent,
}

/// One strength a move met, and whose it is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Met {
    /// The unit it belongs to: the unit at the destination, or the rival.
    pub unit: UnitId,
    /// Which strength.
    pub kind: Opposition,
    /// The strength.
    pub strength: Strength,
}

/// The strengths behind a unit's outcome, once the phase is adjudicated: plain numbers and
/// unit indices, no words.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Strengths {
    /// A move: its attack strength (5.B.8; 0 without a path, or against its own power's unit).
    /// Any other order: the hold strength of its place (5.B.5).
    pub own: Strength,
    /// A move: what it met: the hold or defend strength at its destination (when a unit stands
    /// there), then the prevent strength of each rival move into the same place. Empty for
    /// other orders.
    pub met: Vec<Met>,
}

/// The result of a movement phase.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MovementResult {
    /// Per unit: whether its order succeeded and why.
    pub outcomes: Vec<Outcome>,
    /// Per unit: where it stands after the phase (the destination of a successful move, else
    /// where it stood; a dislodged unit still stands where it was dislodged until it retreats).
    pub positions: Vec<At>,
    /// The dislodged units, in unit order.
    pub dislodged: Vec<Dislodgement>,
    /// Places left empty by a standoff: closed to retreats. Sorted.
    pub contested: Vec<Place>,
    /// Per unit: the strengths behind its outcome.
    pub strengths: Vec<Strengths>,
}

impl MovementResult {
    /// The dislodgement of `unit`, if it was dislodged.
    pub fn dislodgement(&self, unit: UnitId) -> Option<&Dislodgement> {
        self.dislodged.iter().find(|d| d.unit == unit)
    }
}

/// Adjudicates a movement phase.
///
/// The decisions are those of DATC chapter 5 (move, attack/hold/prevent/defend strength, path,
/// support and convoy), solved with partial information; cycles without a unique solution take
/// the backup rule: circular movement succeeds, convoy paradoxes follow the Szykman rule (the
/// convoys in the paradox fail), and any other paradox makes its orders fail. Deterministic.
pub fn adjudicate_movement<G: Geography + ?Sized>(
    input: &MovementInput,
    geo: &G,
) -> MovementResult {
    engine::adjudicate(&input.units, &input.orders, geo)
}
