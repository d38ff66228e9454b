//! What the three steps hand back: one [`StepReport`] shape for movement, retreat and
//! adjustment steps, an entry per input order with one [`OrderOutcome`] type, and the step's
//! effects on the world (advanced heads, forks, dislodged, retreated, disbanded, built,
//! removed) as named structs.
//!
//! A movement step also returns the strengths behind each outcome (`strengths`, by graph unit:
//! a move's attack and the hold, defend and prevent strengths it met, any other unit's hold
//! strength, with the supporting units), computed by the core once its decisions are final
//! (`engine.rs`). An outcome's success is derived from its reason ([`OrderOutcome::succeeded`],
//! `Reason::succeeded`), so the two cannot contradict. No sentence a user reads is made here:
//! the analysis puts reasons in words (`mdip-analysis`, `run/describe.rs`).

use mdip_map::{Location, Power, UnitType};

use super::validate::Illegal;
use super::{BoardUnit, Dislodged, MoveOrder, Pos, SeasonKey, Spot};
use crate::{Outcome, Pin};

/// A unit as the fork rule compares it: power, type and location.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UnitSig {
    /// The owner.
    pub power: Power,
    /// Army or fleet.
    pub kind: UnitType,
    /// Where it stands.
    pub loc: Location,
}

impl UnitSig {
    /// The signature of a unit on a board.
    pub fn of(u: &BoardUnit) -> UnitSig {
        UnitSig {
            power: u.power,
            kind: u.kind,
            loc: u.loc,
        }
    }
}

/// One unit of a step's decision graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphUnit {
    /// Where it stands.
    pub spot: Spot,
    /// Power, type and location.
    pub sig: UnitSig,
    /// The order it was adjudicated with.
    pub order: MoveOrder,
    /// Whether it is a live order (a unit in a head) rather than one replayed from the record.
    pub live: bool,
    /// The pin the record imposed, for replayed orders.
    pub pin: Pin,
    /// For replayed orders: the re-opened seasons whose original order sets hold this order
    /// (rule 13). A replayed order acts on another season only if that season's set holds it.
    pub records: Vec<SeasonKey>,
    /// A replayed move whose recorded departure stands: the unit is gone from its own season
    /// whatever its re-contested arrival now gives (rule 13: "its origin keeps its record").
    pub left: bool,
}

/// What became of one order given to a step. Whether it succeeded is derived
/// ([`OrderOutcome::succeeded`]), so it cannot contradict the outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OrderOutcome {
    /// A legal movement order, adjudicated as unit `unit` of [`StepReport::graph`].
    Adjudicated {
        /// The unit's index in the decision graph.
        unit: usize,
        /// Its outcome; reasons name other graph units by index.
        outcome: Outcome,
    },
    /// The unit retreated there (in the season after the one it was dislodged in, at the
    /// location given here in its own season).
    Retreated {
        /// The retreat's destination, in the unit's own season.
        to: Pos,
    },
    /// The unit was disbanded as ordered.
    Disbanded,
    /// A legal retreat that failed: another unit retreated there too, and both are disbanded.
    RetreatBounced,
    /// A retreat the 5D game accepts and fails ([`OrderFit::Game`]): into a place the retreat
    /// rules close (occupied, left empty by a standoff, where the attacker came from); the
    /// unit is disbanded.
    ///
    /// [`OrderFit::Game`]: crate::OrderFit::Game
    RetreatFailed(crate::Reason),
    /// A legal adjustment order, applied to the board of `season` (it may still fail).
    Adjusted {
        /// The season whose board it changed.
        season: SeasonKey,
        /// Its outcome.
        outcome: Outcome,
    },
    /// The order was rejected (a movement order's unit then holds).
    Illegal(Illegal),
}

impl OrderOutcome {
    /// Whether the order succeeded: a legal order whose outcome succeeded, a retreat or a
    /// disband. Illegal orders and bounced retreats did not.
    pub fn succeeded(&self) -> bool {
        match self {
            OrderOutcome::Adjudicated { outcome, .. } | OrderOutcome::Adjusted { outcome, .. } => {
                outcome.success()
            }
            OrderOutcome::Retreated { .. } | OrderOutcome::Disbanded => true,
            OrderOutcome::RetreatBounced
            | OrderOutcome::RetreatFailed(_)
            | OrderOutcome::Illegal(_) => false,
        }
    }

    /// The adjudicated outcome of a legal movement or adjustment order.
    pub fn outcome(&self) -> Option<&Outcome> {
        match self {
            OrderOutcome::Adjudicated { outcome, .. } | OrderOutcome::Adjusted { outcome, .. } => {
                Some(outcome)
            }
            _ => None,
        }
    }

    /// Why the order was rejected, if it was.
    pub fn illegal(&self) -> Option<&Illegal> {
        match self {
            OrderOutcome::Illegal(i) => Some(i),
            _ => None,
        }
    }
}

/// What became of one order given to the step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepEntry {
    /// The index of the order in the step's input.
    pub input: usize,
    /// Its outcome.
    pub outcome: OrderOutcome,
}

/// A timeline created by a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fork {
    /// The past season that forked.
    pub from: SeasonKey,
    /// The first season of the new timeline.
    pub first: SeasonKey,
}

/// A head and the season it advanced to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Advance {
    /// The head before the step.
    pub head: SeasonKey,
    /// Its next season, the new head of its timeline.
    pub next: SeasonKey,
}

/// A support replayed with a recorded outcome that a live attack would cut now: reported as
/// cut, changing nothing (rule 13, founding case 3.A.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReportedCut {
    /// The supporting unit (graph index).
    pub support: usize,
    /// The live attacker (graph index).
    pub by: usize,
}

/// A unit that retreated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Retreat {
    /// Where it was dislodged.
    pub from: Pos,
    /// Where it stands now, in the season after.
    pub to: Pos,
}

/// A dislodged unit disbanded (as ordered, after a failed retreat, or without an order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Disband {
    /// Its owner.
    pub power: Power,
    /// Army or fleet.
    pub kind: UnitType,
    /// Where it was dislodged.
    pub at: Pos,
}

/// A unit built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Build {
    /// The season whose board it joined.
    pub season: SeasonKey,
    /// Its owner.
    pub power: Power,
    /// Army or fleet.
    pub kind: UnitType,
    /// Where.
    pub loc: Location,
}

/// A unit removed in an adjustment step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Removal {
    /// The season whose board it left.
    pub season: SeasonKey,
    /// Its owner.
    pub power: Power,
    /// Army or fleet.
    pub kind: UnitType,
    /// Where it stood.
    pub loc: Location,
    /// Whether the civil-disorder rule removed it (rather than an order).
    pub civil_disorder: bool,
}

/// Everything a step did: the same shape for movement, retreat and adjustment steps (the
/// effects of the other kinds stay empty).
#[derive(Clone, Debug, Default)]
pub struct StepReport {
    /// One entry per input order, in input order.
    pub entries: Vec<StepEntry>,
    /// Movement: the decision graph, live units of every head, then units replayed from
    /// re-opened seasons.
    pub graph: Vec<GraphUnit>,
    /// Movement: the outcome of each graph unit's order; reasons name other graph units by
    /// index.
    pub outcomes: Vec<Outcome>,
    /// Movement: the strengths behind each graph unit's outcome (DATC 5.B: a move's attack
    /// and the hold, defend and prevent strengths it met; any other unit's hold strength), with
    /// the supporting and opposing units as graph indices.
    pub strengths: Vec<crate::Strengths>,
    /// Movement: supports replayed with a recorded outcome that a live attack would cut now.
    pub reported_cut: Vec<ReportedCut>,
    /// Movement: past seasons re-opened by live orders.
    pub reopened: Vec<SeasonKey>,
    /// Movement: heads and the seasons they advanced to.
    pub advanced: Vec<Advance>,
    /// Movement: timelines created.
    pub forks: Vec<Fork>,
    /// Movement: units dislodged, waiting to retreat.
    pub dislodged: Vec<Dislodged>,
    /// Retreat: units that retreated.
    pub retreated: Vec<Retreat>,
    /// Retreat: units disbanded (ordered, failed or without orders).
    pub disbanded: Vec<Disband>,
    /// Adjustment: units built.
    pub built: Vec<Build>,
    /// Adjustment: units removed (ordered or by civil disorder).
    pub removed: Vec<Removal>,
    /// Whether the step ran at all (false when the world was not in the step's phase).
    pub ran: bool,
}

impl StepReport {
    /// The outcome of the order at `input`, if it was legal and adjudicated.
    pub fn outcome_of(&self, input: usize) -> Option<&Outcome> {
        self.entries.get(input)?.outcome.outcome()
    }

    /// The report of a step that did not run: every order illegal.
    pub(super) fn not_run(illegal: impl IntoIterator<Item = Illegal>) -> StepReport {
        StepReport {
            entries: illegal
                .into_iter()
                .enumerate()
                .map(|(input, i)| StepEntry {
                    input,
                    outcome: OrderOutcome::Illegal(i),
                })
                .collect(),
            ..StepReport::default()
        }
    }
}
