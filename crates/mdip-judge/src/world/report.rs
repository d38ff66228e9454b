//! What the three steps hand back: one report per step kind, an entry per input order, and the
//! step's effects on the world (advanced heads, forks, dislodged, retreated, built, removed).

use mdip_map::{Location, Power, UnitType};

use super::retreat::RetreatProblem;
use super::validate::Illegal;
use super::{Dislodged, MoveOrder, Pos, SeasonKey, Spot, UnitSig};
use crate::{Outcome, Pin};

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

/// What became of one movement order given to the step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovementReportEntry {
    /// The index of the order in the step's input.
    pub input: usize,
    /// The unit's index in [`MovementReport::graph`], or why the order was illegal (the unit
    /// then holds).
    pub result: Result<usize, Illegal>,
}

/// A timeline created by a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fork {
    /// The past season that forked.
    pub from: SeasonKey,
    /// The first season of the new timeline.
    pub first: SeasonKey,
}

/// Everything a movement step did.
#[derive(Clone, Debug, Default)]
pub struct MovementReport {
    /// One entry per input order, in input order.
    pub orders: Vec<MovementReportEntry>,
    /// The decision graph: live units of every head, then units replayed from re-opened seasons.
    pub graph: Vec<GraphUnit>,
    /// The outcome of each graph unit's order; reasons name other graph units by index.
    pub outcomes: Vec<Outcome>,
    /// Supports replayed with a recorded outcome that a live attack would cut now: reported as
    /// cut, changing nothing (rule 13, founding case 3.A.6). Graph indices.
    pub reported_cut: Vec<(usize, usize)>,
    /// Past seasons re-opened by live orders.
    pub reopened: Vec<SeasonKey>,
    /// Heads and the seasons they advanced to.
    pub advanced: Vec<(SeasonKey, SeasonKey)>,
    /// Timelines created.
    pub forks: Vec<Fork>,
    /// Units dislodged, waiting to retreat.
    pub dislodged: Vec<Dislodged>,
    /// Whether the step ran at all (false when the world was not in its movement phase).
    pub ran: bool,
}

impl MovementReport {
    /// The outcome of the order at `input`, if it was legal.
    pub fn outcome_of(&self, input: usize) -> Option<&Outcome> {
        let e = self.orders.get(input)?;
        e.result.as_ref().ok().map(|&g| &self.outcomes[g])
    }
}

/// What became of one retreat-phase order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetreatReportEntry {
    /// The index of the order in the step's input.
    pub input: usize,
    /// `Ok(Some(pos))` retreated there, `Ok(None)` disbanded as ordered, `Err((illegal, problem))`:
    /// `illegal` says whether the order was rejected (rather than legal but unsuccessful).
    pub result: Result<Option<Pos>, (bool, RetreatProblem)>,
}

/// Everything a retreat step did.
#[derive(Clone, Debug, Default)]
pub struct RetreatReport {
    /// One entry per input order.
    pub orders: Vec<RetreatReportEntry>,
    /// Units that retreated: from, to.
    pub retreated: Vec<(Pos, Pos)>,
    /// Units disbanded (ordered, failed or without orders).
    pub disbanded: Vec<(Power, UnitType, Pos)>,
    /// Whether the step ran at all.
    pub ran: bool,
}

/// What became of one adjustment-phase order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdjustmentReportEntry {
    /// The index of the order in the step's input.
    pub input: usize,
    /// The season it applied to, when it could be placed.
    pub season: Option<SeasonKey>,
    /// Its outcome.
    pub outcome: Outcome,
    /// Whether it was rejected as illegal (rather than legal but unused).
    pub illegal: bool,
}

/// Everything an adjustment step did.
#[derive(Clone, Debug, Default)]
pub struct AdjustmentReport {
    /// One entry per input order.
    pub orders: Vec<AdjustmentReportEntry>,
    /// Units built: season, power, type, location.
    pub built: Vec<(SeasonKey, Power, UnitType, Location)>,
    /// Units removed (ordered or by civil disorder): season, power, type, location, whether by
    /// civil disorder.
    pub removed: Vec<(SeasonKey, Power, UnitType, Location, bool)>,
    /// Whether the step ran at all.
    pub ran: bool,
}
