//! Outcomes and the reasons behind them, for every phase.
//!
//! Every order the adjudicator looks at gets an [`Outcome`]: whether it succeeded and a
//! [`Reason`] saying why. [`Reason::describe`] turns a reason into the English sentence fragment
//! used by reports and editor hovers, so both say the same thing.

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
    /// The outcome was fixed by the caller (a [`Pin`](crate::Pin)), as recorded earlier.
    Pinned,
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

    // Any phase.
    /// The order kind is not allowed in this phase (the phase's name).
    WrongPhase(&'static str),
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
            _ => Vec::new(),
        }
    }

    /// The reason as an English phrase (lower case, no final full stop), naming units with
    /// `name`, e.g. `"bounced off A Vienna and A Venice"`.
    pub fn describe(&self, name: impl Fn(UnitId) -> String) -> String {
        match self {
            Reason::Moved { by_convoy: false } => "moved".to_owned(),
            Reason::Moved { by_convoy: true } => "moved by convoy".to_owned(),
            Reason::Bounced { by } if by.is_empty() => "bounced".to_owned(),
            Reason::Bounced { by } => format!("bounced off {}", list(by, &name)),
            Reason::LostHeadToHead { to } => {
                format!("lost the head-to-head battle against {}", name(*to))
            }
            Reason::WouldDislodgeOwnUnit { unit } => {
                format!("would dislodge {}, a unit of the same power", name(*unit))
            }
            Reason::NoConvoyPath => "no chain of fleets was ordered to convoy it".to_owned(),
            Reason::ConvoyDisrupted => "the convoy was disrupted".to_owned(),
            Reason::ConvoyParadox => {
                "convoy paradox: the convoy is cancelled (Szykman rule)".to_owned()
            }
            Reason::Unreachable => "the destination cannot be reached".to_owned(),
            Reason::Held => "held".to_owned(),
            Reason::Dislodged { by } => format!("dislodged by {}", name(*by)),
            Reason::SupportGiven => "support given".to_owned(),
            Reason::SupportCut { by } => format!("support cut by {}", name(*by)),
            Reason::SupportVoid => "void: the supported unit did not order that".to_owned(),
            Reason::ConvoyUsed => "convoyed the army".to_owned(),
            Reason::ConvoyNotUsed => {
                "not used: the army moves over land (no convoy intent)".to_owned()
            }
            Reason::ConvoyVoid => "void: the army did not order that move".to_owned(),
            Reason::Pinned => "fixed by an earlier adjudication".to_owned(),
            Reason::Paradox => "part of a paradox: every order in it fails".to_owned(),
            Reason::Retreated => "retreated".to_owned(),
            Reason::Disbanded => "disbanded".to_owned(),
            Reason::NoRetreatOrder => "disbanded: no retreat order".to_owned(),
            Reason::RetreatUnreachable => {
                "disbanded: the retreat destination is not adjacent".to_owned()
            }
            Reason::RetreatOccupied => "disbanded: the retreat destination is occupied".to_owned(),
            Reason::RetreatContested => {
                "disbanded: the retreat destination was left empty by a standoff".to_owned()
            }
            Reason::RetreatToAttacker => {
                "disbanded: cannot retreat to where the attacker came from".to_owned()
            }
            Reason::RetreatCollision { with } => {
                format!(
                    "disbanded: retreated to the same place as {}",
                    list(with, &name)
                )
            }
            Reason::NotDislodged => "not dislodged: no retreat order possible".to_owned(),
            Reason::Built => "built".to_owned(),
            Reason::Waived => "build waived".to_owned(),
            Reason::Removed => "removed".to_owned(),
            Reason::CivilDisorder => "removed by the civil-disorder rule".to_owned(),
            Reason::NoBuildAllowed => "no build allowed".to_owned(),
            Reason::NoBuildsLeft => "all allowed builds are already used".to_owned(),
            Reason::NotHomeCentre => "not a home supply centre of this power".to_owned(),
            Reason::CentreNotOwned => "the home centre is not owned by this power".to_owned(),
            Reason::CentreOccupied => "the home centre is occupied".to_owned(),
            Reason::WrongTerrain => "that unit cannot stand there".to_owned(),
            Reason::NoRemovalAllowed => "no removal needed".to_owned(),
            Reason::NoRemovalsLeft => "all required removals are already made".to_owned(),
            Reason::NoUnitThere => "no unit there".to_owned(),
            Reason::NotOwnUnit => "the unit there belongs to another power".to_owned(),
            Reason::AlreadyRemoved => "the unit is already removed".to_owned(),
            Reason::AlreadyBuilt => "another build already uses that centre".to_owned(),
            Reason::WrongPhase(phase) => format!("not allowed in the {phase} phase"),
        }
    }
}

/// Joins unit names as "A", "A and B" or "A, B and C".
fn list(ids: &[UnitId], name: &impl Fn(UnitId) -> String) -> String {
    let names: Vec<String> = ids.iter().map(|&id| name(id)).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {}", rest.join(", "), last),
    }
}

/// The outcome of one order (or of one unit's part in a phase).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Whether the order succeeded: a move arrived, a hold kept its place, a support was given,
    /// a convoy carried its army's chain, a retreat or adjustment took effect. (Whether a unit
    /// was dislodged, whatever its order, is in [`MovementResult::dislodged`].)
    ///
    /// [`MovementResult::dislodged`]: crate::MovementResult::dislodged
    pub success: bool,
    /// Why.
    pub reason: Reason,
}

impl Outcome {
    /// An outcome from its success and reason.
    pub fn new(success: bool, reason: Reason) -> Outcome {
        Outcome { success, reason }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptions_name_units() {
        let name = |u: UnitId| format!("unit {u}");
        assert_eq!(
            Reason::Bounced { by: vec![1, 2, 3] }.describe(name),
            "bounced off unit 1, unit 2 and unit 3"
        );
        assert_eq!(Reason::Bounced { by: vec![] }.describe(name), "bounced");
        assert_eq!(
            Reason::SupportCut { by: 4 }.describe(name),
            "support cut by unit 4"
        );
        assert_eq!(
            Reason::WrongPhase("retreat").describe(name),
            "not allowed in the retreat phase"
        );
        assert_eq!(
            Reason::Moved { by_convoy: true }.describe(name),
            "moved by convoy"
        );
    }
}
