//! Why an order ended as it did, as data: the public [`ReasonCode`] beside the units it names
//! ([`crate::Cause`]), and the crate-private [`Why`], the judge's reason in full, from which
//! `run/describe.rs` makes the sentence where one is shown (hover, inlay hints, the text
//! report, the JSON's `sentence`, expectation messages). No words are stored.

use mdip_judge::world::{Illegal, Phase, SeasonKey};
use mdip_judge::Reason;
use mdip_map::{Location, Map};

use crate::model::StepUnit;

/// The stable code of an order's reason, as the machine formats write it (`bounced`,
/// `support-cut`, `no-unit`, ...): codes never change meaning; the list is in
/// `docs/json-schema.md`. The sentence of a reason is made from it and the units it names
/// only where it is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ReasonCode {
    /// `moved`.
    Moved,
    /// `moved-by-convoy`.
    MovedByConvoy,
    /// `bounced`.
    Bounced,
    /// `lost-head-to-head`.
    LostHeadToHead,
    /// `would-dislodge-own-unit`.
    WouldDislodgeOwnUnit,
    /// `no-convoy-path`.
    NoConvoyPath,
    /// `convoy-disrupted`.
    ConvoyDisrupted,
    /// `no-convoy-route`.
    NoConvoyRoute,
    /// `convoy-paradox`.
    ConvoyParadox,
    /// `unreachable`.
    Unreachable,
    /// `held`.
    Held,
    /// `dislodged`.
    Dislodged,
    /// `support-given`.
    SupportGiven,
    /// `support-cut`.
    SupportCut,
    /// `support-void`.
    SupportVoid,
    /// `convoy-used`.
    ConvoyUsed,
    /// `convoy-not-used`.
    ConvoyNotUsed,
    /// `convoy-void`.
    ConvoyVoid,
    /// `supported-order-failed`.
    SupportedOrderFailed,
    /// `support-against-own-unit`.
    SupportAgainstOwnUnit,
    /// `convoyed-move-failed`.
    ConvoyedMoveFailed,
    /// `pinned`.
    Pinned,
    /// `paradox`.
    Paradox,
    /// `retreated`.
    Retreated,
    /// `disbanded`.
    Disbanded,
    /// `no-retreat-order`.
    NoRetreatOrder,
    /// `retreat-unreachable`.
    RetreatUnreachable,
    /// `retreat-occupied`.
    RetreatOccupied,
    /// `retreat-contested`.
    RetreatContested,
    /// `retreat-to-attacker`.
    RetreatToAttacker,
    /// `retreat-collision`.
    RetreatCollision,
    /// `not-dislodged`.
    NotDislodged,
    /// `built`.
    Built,
    /// `waived`.
    Waived,
    /// `removed`.
    Removed,
    /// `civil-disorder`.
    CivilDisorder,
    /// `no-build-allowed`.
    NoBuildAllowed,
    /// `no-builds-left`.
    NoBuildsLeft,
    /// `not-home-centre`.
    NotHomeCentre,
    /// `centre-not-owned`.
    CentreNotOwned,
    /// `centre-occupied`.
    CentreOccupied,
    /// `wrong-terrain`.
    WrongTerrain,
    /// `no-removal-allowed`.
    NoRemovalAllowed,
    /// `no-removals-left`.
    NoRemovalsLeft,
    /// `no-unit-there`.
    NoUnitThere,
    /// `not-own-unit`.
    NotOwnUnit,
    /// `already-removed`.
    AlreadyRemoved,
    /// `already-built`.
    AlreadyBuilt,
    /// `wrong-phase`.
    WrongPhase,
    /// `retreat-leaves-season`.
    RetreatLeavesSeason,
    /// `coast-missing`.
    CoastMissing,
    /// `no-such-season`.
    NoSuchSeason,
    /// `no-unit`.
    NoUnit,
    /// `wrong-unit-type`.
    WrongUnitType,
    /// `foreign-unit`.
    ForeignUnit,
    /// `not-a-head`.
    NotAHead,
    /// `move-to-self`.
    MoveToSelf,
    /// `coast-unreachable`.
    CoastUnreachable,
    /// `support-self`.
    SupportSelf,
    /// `support-unreachable`.
    SupportUnreachable,
    /// `support-into-own-place`.
    SupportIntoOwnPlace,
    /// `convoy-by-army`.
    ConvoyByArmy,
    /// `convoy-from-coast`.
    ConvoyFromCoast,
    /// `convoy-of-fleet`.
    ConvoyOfFleet,
    /// `convoy-destination`.
    ConvoyDestination,
    /// `convoy-not-on-route`.
    ConvoyNotOnRoute,
    /// `supported-move-impossible`.
    SupportedMoveImpossible,
    /// `duplicate`.
    Duplicate,
    /// `unmatched`.
    Unmatched,
    /// `no-ordered-convoy`.
    NoOrderedConvoy,
    /// `game-over`.
    GameOver,
    /// `anticipated`.
    Anticipated,
    /// `standard-rules`.
    StandardRules,
    /// `unreadable`.
    Unreadable,
}

impl ReasonCode {
    /// The code as written in the JSON (`outcome.code`) and in hover.
    pub fn as_str(self) -> &'static str {
        match self {
            ReasonCode::Moved => "moved",
            ReasonCode::MovedByConvoy => "moved-by-convoy",
            ReasonCode::Bounced => "bounced",
            ReasonCode::LostHeadToHead => "lost-head-to-head",
            ReasonCode::WouldDislodgeOwnUnit => "would-dislodge-own-unit",
            ReasonCode::NoConvoyPath => "no-convoy-path",
            ReasonCode::ConvoyDisrupted => "convoy-disrupted",
            ReasonCode::NoConvoyRoute => "no-convoy-route",
            ReasonCode::ConvoyParadox => "convoy-paradox",
            ReasonCode::Unreachable => "unreachable",
            ReasonCode::Held => "held",
            ReasonCode::Dislodged => "dislodged",
            ReasonCode::SupportGiven => "support-given",
            ReasonCode::SupportCut => "support-cut",
            ReasonCode::SupportVoid => "support-void",
            ReasonCode::ConvoyUsed => "convoy-used",
            ReasonCode::ConvoyNotUsed => "convoy-not-used",
            ReasonCode::ConvoyVoid => "convoy-void",
            ReasonCode::SupportedOrderFailed => "supported-order-failed",
            ReasonCode::SupportAgainstOwnUnit => "support-against-own-unit",
            ReasonCode::ConvoyedMoveFailed => "convoyed-move-failed",
            ReasonCode::Pinned => "pinned",
            ReasonCode::Paradox => "paradox",
            ReasonCode::Retreated => "retreated",
            ReasonCode::Disbanded => "disbanded",
            ReasonCode::NoRetreatOrder => "no-retreat-order",
            ReasonCode::RetreatUnreachable => "retreat-unreachable",
            ReasonCode::RetreatOccupied => "retreat-occupied",
            ReasonCode::RetreatContested => "retreat-contested",
            ReasonCode::RetreatToAttacker => "retreat-to-attacker",
            ReasonCode::RetreatCollision => "retreat-collision",
            ReasonCode::NotDislodged => "not-dislodged",
            ReasonCode::Built => "built",
            ReasonCode::Waived => "waived",
            ReasonCode::Removed => "removed",
            ReasonCode::CivilDisorder => "civil-disorder",
            ReasonCode::NoBuildAllowed => "no-build-allowed",
            ReasonCode::NoBuildsLeft => "no-builds-left",
            ReasonCode::NotHomeCentre => "not-home-centre",
            ReasonCode::CentreNotOwned => "centre-not-owned",
            ReasonCode::CentreOccupied => "centre-occupied",
            ReasonCode::WrongTerrain => "wrong-terrain",
            ReasonCode::NoRemovalAllowed => "no-removal-allowed",
            ReasonCode::NoRemovalsLeft => "no-removals-left",
            ReasonCode::NoUnitThere => "no-unit-there",
            ReasonCode::NotOwnUnit => "not-own-unit",
            ReasonCode::AlreadyRemoved => "already-removed",
            ReasonCode::AlreadyBuilt => "already-built",
            ReasonCode::WrongPhase => "wrong-phase",
            ReasonCode::RetreatLeavesSeason => "retreat-leaves-season",
            ReasonCode::CoastMissing => "coast-missing",
            ReasonCode::NoSuchSeason => "no-such-season",
            ReasonCode::NoUnit => "no-unit",
            ReasonCode::WrongUnitType => "wrong-unit-type",
            ReasonCode::ForeignUnit => "foreign-unit",
            ReasonCode::NotAHead => "not-a-head",
            ReasonCode::MoveToSelf => "move-to-self",
            ReasonCode::CoastUnreachable => "coast-unreachable",
            ReasonCode::SupportSelf => "support-self",
            ReasonCode::SupportUnreachable => "support-unreachable",
            ReasonCode::SupportIntoOwnPlace => "support-into-own-place",
            ReasonCode::ConvoyByArmy => "convoy-by-army",
            ReasonCode::ConvoyFromCoast => "convoy-from-coast",
            ReasonCode::ConvoyOfFleet => "convoy-of-fleet",
            ReasonCode::ConvoyDestination => "convoy-destination",
            ReasonCode::ConvoyNotOnRoute => "convoy-not-on-route",
            ReasonCode::SupportedMoveImpossible => "supported-move-impossible",
            ReasonCode::Duplicate => "duplicate",
            ReasonCode::Unmatched => "unmatched",
            ReasonCode::NoOrderedConvoy => "no-ordered-convoy",
            ReasonCode::GameOver => "game-over",
            ReasonCode::Anticipated => "anticipated",
            ReasonCode::StandardRules => "standard-rules",
            ReasonCode::Unreadable => "unreadable",
        }
    }
}

/// The judge's reason for an order's outcome (or the reading's, for an order that never
/// reached the judge), in full: what the one sentence writer (`describe::sentence`) needs.
/// Holds the judge's types, so it stays inside the crate.
#[derive(Clone, Debug, Default)]
pub(crate) enum Why {
    /// Not adjudicated (yet): no reason.
    #[default]
    Pending,
    /// A movement order adjudicated. The units `reason` names are the order's
    /// [`crate::Cause::units`], in the order [`Reason::units`] gives them.
    Judged {
        /// The judge's reason.
        reason: Reason,
        /// Units that cut this support in a past season, which changes nothing there.
        cut_in_past: Vec<StepUnit>,
        /// Whether units were named with their season when the step closed.
        multiversal: bool,
        /// The map of the game.
        map: GameMap,
    },
    /// A failed retreat or an adjustment order: the judge's reason, naming no unit.
    Unnamed(Reason),
    /// The unit retreated to this place.
    Retreated(Location, GameMap),
    /// The retreating unit was disbanded.
    Disbanded,
    /// Two units retreated to the same place.
    RetreatBounced,
    /// The judge rejected the order in a step of `phase`.
    Illegal {
        /// The problem.
        illegal: Illegal,
        /// The step's phase.
        phase: Phase,
        /// Whether seasons are named with their coordinates.
        multiversal: bool,
        /// The map of the game.
        map: GameMap,
    },
    /// The season the order names does not exist.
    NoSuchSeason(SeasonKey),
    /// A name of the order could not be resolved.
    Unreadable,
    /// An order of a step of phase `given` written while the game is in phase `now`.
    WrongPhase {
        /// The phase the order belongs to.
        given: Phase,
        /// The phase of the game.
        now: Phase,
    },
}

/// A note of a step about a unit without an order line, as data; its words are made where the
/// report shows it (`describe::note`).
#[derive(Clone, Debug)]
pub(crate) enum Note {
    /// The unit was removed by the civil-disorder rule.
    CivilDisorder(StepUnit, GameMap),
    /// A live unit with no order of the file failed (it was dislodged, or its implied hold
    /// failed) for the judge's `reason`.
    Unordered {
        /// The unit.
        unit: StepUnit,
        /// The judge's reason.
        reason: Reason,
        /// The units `reason` names, in the order [`Reason::units`] gives them.
        named: Vec<StepUnit>,
        /// Whether units are named with their season.
        multiversal: bool,
        /// The map of the game.
        map: GameMap,
    },
}

/// The map a reason's places are named on (its `Debug` does not print the map).
#[derive(Clone, Copy)]
pub(crate) struct GameMap(pub(crate) &'static Map);

impl std::fmt::Debug for GameMap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("GameMap")
    }
}

#[cfg(test)]
mod tests {
    use super::ReasonCode;

    /// Every reason code is documented in docs/json-schema.md, and no two share a spelling.
    #[test]
    fn every_reason_code_is_documented_once() {
        let all = [
            ReasonCode::Moved,
            ReasonCode::MovedByConvoy,
            ReasonCode::Bounced,
            ReasonCode::LostHeadToHead,
            ReasonCode::WouldDislodgeOwnUnit,
            ReasonCode::NoConvoyPath,
            ReasonCode::ConvoyDisrupted,
            ReasonCode::NoConvoyRoute,
            ReasonCode::ConvoyParadox,
            ReasonCode::Unreachable,
            ReasonCode::Held,
            ReasonCode::Dislodged,
            ReasonCode::SupportGiven,
            ReasonCode::SupportCut,
            ReasonCode::SupportVoid,
            ReasonCode::ConvoyUsed,
            ReasonCode::ConvoyNotUsed,
            ReasonCode::ConvoyVoid,
            ReasonCode::SupportedOrderFailed,
            ReasonCode::SupportAgainstOwnUnit,
            ReasonCode::ConvoyedMoveFailed,
            ReasonCode::Pinned,
            ReasonCode::Paradox,
            ReasonCode::Retreated,
            ReasonCode::Disbanded,
            ReasonCode::NoRetreatOrder,
            ReasonCode::RetreatUnreachable,
            ReasonCode::RetreatOccupied,
            ReasonCode::RetreatContested,
            ReasonCode::RetreatToAttacker,
            ReasonCode::RetreatCollision,
            ReasonCode::NotDislodged,
            ReasonCode::Built,
            ReasonCode::Waived,
            ReasonCode::Removed,
            ReasonCode::CivilDisorder,
            ReasonCode::NoBuildAllowed,
            ReasonCode::NoBuildsLeft,
            ReasonCode::NotHomeCentre,
            ReasonCode::CentreNotOwned,
            ReasonCode::CentreOccupied,
            ReasonCode::WrongTerrain,
            ReasonCode::NoRemovalAllowed,
            ReasonCode::NoRemovalsLeft,
            ReasonCode::NoUnitThere,
            ReasonCode::NotOwnUnit,
            ReasonCode::AlreadyRemoved,
            ReasonCode::AlreadyBuilt,
            ReasonCode::WrongPhase,
            ReasonCode::RetreatLeavesSeason,
            ReasonCode::CoastMissing,
            ReasonCode::NoSuchSeason,
            ReasonCode::NoUnit,
            ReasonCode::WrongUnitType,
            ReasonCode::ForeignUnit,
            ReasonCode::NotAHead,
            ReasonCode::MoveToSelf,
            ReasonCode::CoastUnreachable,
            ReasonCode::SupportSelf,
            ReasonCode::SupportUnreachable,
            ReasonCode::SupportIntoOwnPlace,
            ReasonCode::ConvoyByArmy,
            ReasonCode::ConvoyFromCoast,
            ReasonCode::ConvoyOfFleet,
            ReasonCode::ConvoyDestination,
            ReasonCode::ConvoyNotOnRoute,
            ReasonCode::SupportedMoveImpossible,
            ReasonCode::Duplicate,
            ReasonCode::Unmatched,
            ReasonCode::NoOrderedConvoy,
            ReasonCode::GameOver,
            ReasonCode::Anticipated,
            ReasonCode::StandardRules,
            ReasonCode::Unreadable,
        ];
        let doc = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/json-schema.md"),
        )
        .unwrap();
        let mut seen = std::collections::BTreeSet::new();
        for code in all {
            assert!(seen.insert(code.as_str()), "{code:?} spelt twice");
            assert!(
                doc.contains(&format!("`{}`", code.as_str())),
                "reason code `{}` is not in docs/json-schema.md",
                code.as_str()
            );
        }
        assert_eq!(seen.len(), 74);
    }
}
