//! The report's boards and seasons: the units of each season by power, each season's place in
//! the multiverse, the timelines, the victory counts and what the game waits for next.

use schemars::JsonSchema;
use serde::Serialize;

use super::*;

/// A board: the units of one season, grouped by power.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct BoardReport {
    /// The season.
    pub season: SeasonRef,
    /// Per power that has units there, in the map's order of powers.
    pub powers: Vec<PowerUnits>,
}

/// The units of one power on a board.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct PowerUnits {
    /// The power.
    pub power: &'static str,
    /// Its units, by province: `F nth`, `A yor`.
    pub units: Vec<BoardUnitReport>,
}

/// A unit on a board.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct BoardUnitReport {
    /// Army or fleet.
    #[serde(rename = "type")]
    pub kind: UnitTypeName,
    /// Its location: `stp/sc`.
    pub location: std::borrow::Cow<'static, str>,
}

/// One season of the game.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct SeasonReport {
    /// Its key.
    pub season: SeasonRef,
    /// Its name in the calendar: `Spring 1901`, `Fall 1901`.
    pub calendar: String,
    /// What it waits for: the phase of a head (`movement`, `retreat`, `adjustment`), or
    /// `past` for a season already adjudicated.
    pub phase: SeasonPhase,
    /// The season it continues or branched from.
    pub parent: Option<SeasonRef>,
    /// Its children: the next season of its timeline first, then forks.
    pub children: Vec<SeasonRef>,
    /// Whether it is the head of its timeline.
    pub head: bool,
    /// Its board and supply centres, per power (powers with neither left out).
    pub powers: Vec<PowerBoard>,
    /// Supply centres no power owns.
    pub unowned_centres: Vec<&'static str>,
    /// Units dislodged there that still owe a retreat.
    pub dislodged: Vec<DislodgedReport>,
}

/// What a season waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum SeasonPhase {
    /// A head waiting for its movement step.
    Movement,
    /// A head waiting for its retreat step.
    Retreat,
    /// A head waiting for its adjustment step.
    Adjustment,
    /// Adjudicated already.
    Past,
}

/// One power on one season's board.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct PowerBoard {
    /// The power.
    pub power: &'static str,
    /// The supply centres it owns, by province.
    pub centres: Vec<&'static str>,
    /// Its units, by province.
    pub units: Vec<BoardUnitReport>,
}

/// A timeline.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
pub struct TimelineReport {
    /// Its number.
    pub number: u32,
    /// The season it branched from (absent for timeline 0).
    pub branched_from: Option<SeasonRef>,
    /// Its first season.
    pub first: SeasonRef,
    /// Its head.
    pub head: SeasonRef,
}

/// Each power's distinct supply centres over all heads (rule 21, under every rule set),
/// against the count a win needs: `France 14/18`.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct VictoryReport {
    /// The supply centres a win needs: more than half the map's (18 on the standard map).
    pub needed: usize,
    /// Every power of the map, in the map's order, with its count.
    pub powers: Vec<VictoryCount>,
}

/// One power's distinct supply centres over all heads.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct VictoryCount {
    /// The power.
    pub power: &'static str,
    /// Its distinct supply centres over all heads.
    pub centres: usize,
}

/// What the next step asks for.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Next {
    /// The phase of the next step.
    pub phase: PhaseName,
    /// Its name in the calendar: `Fall 1901`, `Winter 1901`.
    pub calendar: String,
    /// Dislodged units that owe a retreat, with their options.
    pub retreats: Vec<DislodgedReport>,
    /// Builds and removals owed.
    pub adjustments: Vec<OwedReport>,
}
