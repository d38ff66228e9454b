//! Outcomes and the reasons behind them, for every phase.
//!
//! Every order the adjudicator looks at gets an [`Outcome`]: a [`Reason`] saying what became of
//! it, from which whether it succeeded is derived ([`Reason::succeeded`]), so that the two
//! cannot contradict each other. The judge writes no words: the analysis turns reasons into the
//! sentences of reports and editor hovers.

use crate::movement::UnitId;

/// Why an order succeeded or failed.
///
/// Unit ids refer to the unit list of the phase the reason comes from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    // Movement: moves.
    /// The move succeeded.
    Moved {
        /// Whether the army went by convoy.
        by_convoy: bool,
    },
    /// The move failed: the listed units opposed it with at least its strength (the holding or
    /// defending unit at the destination, and rival moves to the same place). Empty only when a
    /// backup rule decided the move.
    Bounced {
        /// The units whose strength stopped the move.
        by: Vec<UnitId>,
    },
    /// The move failed in a head-to-head battle that the opposing unit won.
    LostHeadToHead {
        /// The unit that moved into this unit's place.
        to: UnitId,
    },
    /// The move failed because it would dislodge a unit of its own power, which stays.
    WouldDislodgeOwnUnit {
        /// The unit of the same power at the destination.
        unit: UnitId,
    },
    /// The move needs a convoy and no complete chain of fleets was ordered to convoy it.
    NoConvoyPath,
    /// The move needs a convoy and every chain of convoying fleets was broken by a dislodgement
    /// (for a fleet: it stood, but the army had no complete chain).
    ConvoyDisrupted,
    /// For a convoying fleet that stood: no complete chain of fleets was ordered to convoy the
    /// army, so nothing disrupted the convoy; it had no route.
    NoConvoyRoute,
    /// A convoy paradox was resolved by the Szykman rule: the convoys in the paradox fail (for an
    /// army: its convoy was cancelled so).
    ConvoyParadox,
    /// The destination cannot be reached at all (the caller should have rejected this move).
    Unreachable,

    // Movement: holds, supports and convoys.
    /// The unit held its place.
    Held,
    /// The unit was dislodged (for a support: the dislodgement cut it; for a convoy: the convoy
    /// failed).
    Dislodged {
        /// The unit that moved in.
        by: UnitId,
    },
    /// The support was given.
    SupportGiven,
    /// The support was cut by an attack on the supporting unit.
    SupportCut {
        /// The attacking unit.
        by: UnitId,
    },
    /// The supported unit did not order what the support names: the support is void.
    SupportVoid,
    /// The convoy was available and the army had a complete chain of fleets.
    ConvoyUsed,
    /// The army moves over land: no fleet of its own power convoys it and it did not say
    /// `via Convoy`, so a foreign convoy cannot take it.
    ConvoyNotUsed,
    /// The convoyed army did not order this move: the convoy is void.
    ConvoyVoid,
    /// `@rules 5dd`: the support was given, but the order it supports failed.
    SupportedOrderFailed {
        /// The supported unit.
        unit: UnitId,
    },
    /// `@rules 5dd`: the support helps a move into a place its own power's unit keeps.
    SupportAgainstOwnUnit {
        /// The supporting power's unit that stays there.
        unit: UnitId,
    },
    /// `@rules 5dd`: the convoy carried its army, but the army's move failed.
    ConvoyedMoveFailed {
        /// The convoyed army.
        army: UnitId,
    },
    /// The outcome was fixed by the caller (a [`Pin`](crate::Pin)), as recorded earlier.
    Pinned {
        /// Whether the pin made the order succeed.
        succeeded: bool,
    },
    /// The order was part of a paradox that no specific rule settles; the backup rule made every
    /// order in it fail.
    Paradox,

    // Retreats.
    /// The unit retreated.
    Retreated,
    /// The unit was disbanded as ordered.
    Disbanded,
    /// The dislodged unit had no retreat order and is disbanded.
    NoRetreatOrder,
    /// The retreat destination is not adjacent (or not reachable for this unit type).
    RetreatUnreachable,
    /// The retreat destination is occupied after the movement phase.
    RetreatOccupied,
    /// The retreat destination was left empty by a standoff.
    RetreatContested,
    /// The retreat destination is where the attacker came from (allowed only after a convoyed
    /// attack).
    RetreatToAttacker,
    /// Another unit retreated to the same place: both are disbanded.
    RetreatCollision {
        /// The other units retreating there.
        with: Vec<UnitId>,
    },
    /// The unit is not dislodged and may not act in a retreat phase.
    NotDislodged,

    // Adjustments.
    /// The unit was built.
    Built,
    /// The build was waived.
    Waived,
    /// The unit was removed as ordered.
    Removed,
    /// The unit was removed by the civil-disorder rule because too few removals were ordered.
    CivilDisorder,
    /// The power may not build this adjustment (it has no more builds than units).
    NoBuildAllowed,
    /// The power has already used all its builds.
    NoBuildsLeft,
    /// The province is not a home supply centre of the power.
    NotHomeCentre,
    /// The home centre is not owned by the power.
    CentreNotOwned,
    /// The home centre already holds a unit (on any coast).
    CentreOccupied,
    /// That unit type cannot stand there (a fleet inland, or a split coast not named).
    WrongTerrain,
    /// The power has no removals to make.
    NoRemovalAllowed,
    /// The power has already made all its removals.
    NoRemovalsLeft,
    /// There is no unit at that location.
    NoUnitThere,
    /// The unit there belongs to another power.
    NotOwnUnit,
    /// The unit is already removed by an earlier order.
    AlreadyRemoved,
    /// An earlier build of this phase already uses that home centre (DATC 4.D.5).
    AlreadyBuilt,
}

impl Reason {
    /// The units this reason names (the units that bounced, beat, dislodged or cut), for
    /// related information in editors and reports.
    pub fn units(&self) -> Vec<UnitId> {
        match self {
            Reason::Bounced { by } => by.clone(),
            Reason::RetreatCollision { with } => with.clone(),
            Reason::LostHeadToHead { to } => vec![*to],
            Reason::WouldDislodgeOwnUnit { unit } => vec![*unit],
            Reason::Dislodged { by } | Reason::SupportCut { by } => vec![*by],
            Reason::SupportedOrderFailed { unit } | Reason::SupportAgainstOwnUnit { unit } => {
                vec![*unit]
            }
            Reason::ConvoyedMoveFailed { army } => vec![*army],
            _ => Vec::new(),
        }
    }

    /// Whether the order succeeded: a move arrived, a hold kept its place, a support was given,
    /// a convoy carried its army's chain, a retreat, disband or adjustment took effect, or a pin
    /// fixed it to succeed. (Whether a unit was dislodged, whatever its order, is in
    /// [`MovementResult::dislodged`].)
    ///
    /// [`MovementResult::dislodged`]: crate::MovementResult::dislodged
    pub fn succeeded(&self) -> bool {
        matches!(
            self,
            Reason::Moved { .. }
                | Reason::Held
                | Reason::SupportGiven
                | Reason::ConvoyUsed
                | Reason::Pinned { succeeded: true }
                | Reason::Retreated
                | Reason::Disbanded
                | Reason::Built
                | Reason::Waived
                | Reason::Removed
                | Reason::CivilDisorder
        )
    }
}

/// The outcome of one order (or of one unit's part in a phase): its reason, from which its
/// success follows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// What became of the order, and why.
    pub reason: Reason,
}

impl Outcome {
    /// The outcome with this reason.
    pub fn new(reason: Reason) -> Outcome {
        Outcome { reason }
    }

    /// Whether the order succeeded (see [`Reason::succeeded`]).
    pub fn success(&self) -> bool {
        self.reason.succeeded()
    }
}
