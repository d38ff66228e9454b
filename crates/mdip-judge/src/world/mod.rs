//! The multiversal world: seasons, timelines and their boards, and the steps that advance them.
//!
//! A standard game of Diplomacy is a world with a single timeline; the same code adjudicates it.
//! The world never sees text: callers name units and places by [`Spot`] (season and province) and
//! get back plain data with reasons, which they map to their own source ranges.
//!
//! The rules implemented here are those of `docs/rules.md` (rule set `mdatc`): seasons and
//! heads (rules 1–4), global steps (5–7), adjacency across time (8–11), anchored re-adjudication
//! of re-opened past seasons (12–15), forks (16–20) and reporting (21–22). A world is made on a
//! map under a [`Rules`] value (`setup.rs`), and reads the map and the policies from itself.

mod adjustment_step;
mod advance;
mod fit;
mod geography;
mod graph;
mod movement_step;
mod possible;
mod reach;
mod records;
mod reopen;
mod report;
mod retreat_step;
mod setup;
mod validate;
mod verify;
mod victory;

pub use crate::rules::Rules;
pub use adjustment_step::{AdjustmentInput, AdjustmentOrder, Owed};
pub use report::{
    Advance, Build, Disband, Fork, GraphUnit, OrderOutcome, Removal, ReportedCut, Retreat,
    StepEntry, StepReport, UnitSig,
};
pub use retreat_step::{RetreatInput, RetreatOrder};
pub use setup::SetupError;
pub use validate::{Illegal, MoveImpossible, OrderInput, ReachProblem, Unfit, UnitOrder, UnitRef};

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use mdip_map::{Coast, Location, Map, Power, ProvinceId, UnitType};

/// A season `X:Y`: turn `X` (0 = Spring 1901, 1 = Fall 1901, ...) in timeline `Y`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SeasonKey {
    /// The turn, one per movement phase.
    pub turn: u32,
    /// The timeline number, 0 for the main timeline.
    pub timeline: u32,
}

impl SeasonKey {
    /// Builds a season key.
    pub const fn new(turn: u32, timeline: u32) -> SeasonKey {
        SeasonKey { turn, timeline }
    }

    /// Whether this is a Fall turn (after which supply centres change hands).
    pub fn is_fall(self) -> bool {
        self.turn % 2 == 1
    }

    /// The game year of this turn when turn 0 is Spring of `first_year` (the map's; 1901).
    pub fn year(self, first_year: u32) -> u32 {
        first_year.saturating_add(self.turn / 2)
    }

    /// The season's name in the calendar counting from `first_year`, e.g. "Spring 1901".
    pub fn calendar(self, first_year: u32) -> String {
        let half = if self.is_fall() { "Fall" } else { "Spring" };
        format!("{half} {}", self.year(first_year))
    }
}

impl fmt::Display for SeasonKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.turn, self.timeline)
    }
}

/// A province in a season: where a unit stands, or the target of a support or convoy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Spot {
    /// The season.
    pub season: SeasonKey,
    /// The province.
    pub province: ProvinceId,
}

/// A location (province and coast) in a season.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    /// The season.
    pub season: SeasonKey,
    /// The location, with its coast where the province has several.
    pub loc: Location,
}

impl Pos {
    /// The spot (season and province) of this position.
    pub fn spot(self) -> Spot {
        Spot {
            season: self.season,
            province: self.loc.province,
        }
    }
}

/// The phase the world is in: which kind of step comes next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Moves, supports and convoys for every head.
    Movement,
    /// Retreats and disbands of the units dislodged in the last movement step.
    Retreat,
    /// Builds and removals of the timelines that just finished a Fall turn.
    Adjustment,
}

impl Phase {
    /// The lower-case name of the phase.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Movement => "movement",
            Phase::Retreat => "retreat",
            Phase::Adjustment => "adjustment",
        }
    }
}

/// How a unit came to stand where it stands in its season: lineage for hover and go-to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// Placed by the setup (starting position or `@unit`).
    Placed,
    /// Continued from the same place in the parent season.
    Stayed {
        /// The season it was in before.
        from: SeasonKey,
    },
    /// Arrived by a successful move.
    Moved {
        /// Where it came from.
        from: Pos,
    },
    /// Arrived by a retreat after being dislodged.
    Retreated {
        /// Where it was dislodged.
        from: Pos,
    },
    /// Built in an adjustment step.
    Built,
}

/// One unit on a season's board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardUnit {
    /// The owner.
    pub power: Power,
    /// Army or fleet.
    pub kind: UnitType,
    /// Where it stands.
    pub loc: Location,
    /// How it came there.
    pub origin: Origin,
}

/// What a movement adjudication left in a season before retreats (rule 16): the units that stay
/// or arrive, and the units dislodged. Both lists are sorted by province (a province holds one
/// unit, so the order is canonical).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct ResultSig {
    /// Units that stay or arrive.
    pub units: Vec<UnitSig>,
    /// Units dislodged.
    pub dislodged: Vec<UnitSig>,
}

/// A movement order as resolved against the world (names, coasts and seasons settled).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveOrder {
    /// Hold (also the order of a unit without one).
    Hold,
    /// Move to a location in a season, directly or by convoy.
    Move {
        /// The destination.
        to: Pos,
        /// `via Convoy` was written.
        via_convoy: bool,
    },
    /// Support the unit at `target` to hold.
    SupportHold {
        /// The supported unit.
        target: Spot,
    },
    /// Support the unit at `target` moving to `to`.
    SupportMove {
        /// The supported unit.
        target: Spot,
        /// The destination of the supported move.
        to: Spot,
        /// The coast of the destination as written: when given, the supported move must go to
        /// that coast (DATC 6.B.9).
        coast: Option<Coast>,
    },
    /// Convoy the army at `army` to `to`.
    Convoy {
        /// The convoyed army.
        army: Spot,
        /// The army's destination.
        to: Spot,
    },
}

impl MoveOrder {
    /// The seasons other than `own` that this order acts on.
    pub fn referenced_seasons(&self, own: SeasonKey) -> Vec<SeasonKey> {
        let mut out = Vec::new();
        let mut add = |s: SeasonKey| {
            if s != own && !out.contains(&s) {
                out.push(s);
            }
        };
        match *self {
            MoveOrder::Hold => {}
            MoveOrder::Move { to, .. } => add(to.season),
            MoveOrder::SupportHold { target } => add(target.season),
            MoveOrder::SupportMove { target, to, .. } => {
                add(target.season);
                add(to.season);
            }
            MoveOrder::Convoy { army, to } => {
                add(army.season);
                add(to.season);
            }
        }
        out
    }
}

/// One order of a season's original order set, with the outcome it had (rule 13).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedOrder {
    /// Where the ordered unit stood.
    pub unit: Spot,
    /// The ordered unit.
    pub sig: UnitSig,
    /// The order.
    pub order: MoveOrder,
    /// Whether it succeeded.
    pub success: bool,
}

/// The record of a season's own movement adjudication, made when it was a head.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Record {
    /// The original order set: the season's own orders and the orders from other seasons that
    /// acted on it in the same step.
    pub orders: Vec<RecordedOrder>,
    /// The result that created the season's first child.
    pub result: ResultSig,
}

/// A build or removal stored for the adjustment step before a season (`@record France: Build A
/// Marseilles 2:0 => succeeds`): that season's board is the one the adjustments changed, so a
/// successful build stands on it (placed by the setup) and a successful removal does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoredAdjustment {
    /// The season whose board the adjustments changed (the turn after a Fall).
    pub season: SeasonKey,
    /// The unit built or removed.
    pub unit: UnitSig,
    /// A build (else a removal).
    pub build: bool,
    /// The stored outcome.
    pub success: bool,
}

/// A retreat or disband stored for the retreat step after a past season's movement
/// (`@record England: Retreat A London 0:0 - Wales => succeeds`): the unit stood on that
/// season's board, was dislodged there, and retreated into the season's first child.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoredRetreat {
    /// The season where the unit was dislodged.
    pub season: SeasonKey,
    /// The season it retreats into: the first child of `season`.
    pub into: SeasonKey,
    /// The dislodged unit, where it stood.
    pub unit: UnitSig,
    /// Where it retreats to (`None`: a disband).
    pub to: Option<Location>,
    /// The stored outcome.
    pub success: bool,
}

/// A stored outcome that the judge's adjudication of the same board contradicts
/// ([`World::check_records`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordContradiction {
    /// What was stored.
    pub stored: StoredKind,
    /// The stored outcome (true: success).
    pub stored_success: bool,
    /// The judge's reason for the outcome it finds; a movement order's names units of
    /// `graph` by index.
    pub reason: crate::Reason,
    /// The units of the adjudication (movement records only), for naming them.
    pub graph: Vec<GraphUnit>,
}

/// Which stored order a [`RecordContradiction`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum StoredKind {
    /// The movement order of the unit at this spot.
    Movement(Spot),
    /// The build or removal in this province of the season's board.
    Adjustment(Spot),
    /// The retreat or disband of the unit dislodged at this spot.
    Retreat(Spot),
}

/// One board: a season of one timeline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Season {
    /// Its key.
    pub key: SeasonKey,
    /// The season it continues or branched from (`None` for the root).
    pub parent: Option<SeasonKey>,
    /// Its children: the next season of its timeline first, then forks in creation order.
    pub children: Vec<SeasonKey>,
    /// The units at the start of its movement phase, sorted by province.
    pub units: Vec<BoardUnit>,
    /// Supply-centre owners, indexed by province.
    pub owners: Vec<Option<Power>>,
    /// The record of its adjudication, once adjudicated.
    pub record: Option<Record>,
    /// The result of the parent's adjudication that created this season.
    pub created_by: Option<ResultSig>,
}

impl Season {
    /// The unit standing in `province`, if any.
    pub fn unit_at(&self, province: ProvinceId) -> Option<&BoardUnit> {
        // Boards are kept sorted by province.
        self.units
            .binary_search_by_key(&province, |u| u.loc.province)
            .ok()
            .map(|i| &self.units[i])
    }

    /// The owner of a supply centre in this season.
    pub fn owner(&self, province: ProvinceId) -> Option<Power> {
        self.owners.get(province.0 as usize).copied().flatten()
    }
}

/// A timeline: its number, where it branched from, and its head.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timeline {
    /// Its number.
    pub number: u32,
    /// The season it branched from (`None` for timeline 0).
    pub branched_from: Option<SeasonKey>,
    /// Its first season.
    pub first: SeasonKey,
    /// Its head: the season with no child.
    pub head: SeasonKey,
}

/// A unit dislodged in the last movement step, waiting for the retreat step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dislodged {
    /// Where it stood when dislodged.
    pub at: Pos,
    /// Its owner.
    pub power: Power,
    /// Army or fleet.
    pub kind: UnitType,
    /// The season it retreats into: the successor of the season where it was dislodged.
    pub into: SeasonKey,
    /// Where the attacker that dislodged it came from.
    pub attacker_from: Spot,
    /// Whether that attack came by convoy (the attacker's origin is then open to retreat).
    pub by_convoy: bool,
    /// Provinces of its season left empty by a standoff: closed to retreat.
    pub contested: Vec<ProvinceId>,
    /// The locations it may retreat to.
    pub options: Vec<Location>,
}

/// The whole game: every season of every timeline, and what comes next.
#[derive(Clone, Debug)]
pub struct World {
    /// The map, for the whole life of the world (a map read at run time is leaked once to be
    /// held here, see [`World::new`]).
    map: &'static Map,
    /// The rules in force.
    rules: Rules,
    /// Shared with clones of the world (checkpoints): a season is copied only when changed.
    seasons: BTreeMap<SeasonKey, Arc<Season>>,
    timelines: Vec<Timeline>,
    phase: Phase,
    /// Units waiting to retreat (retreat phase).
    pending_retreats: Vec<Dislodged>,
    /// Seasons whose boards take builds and removals (adjustment phase).
    pending_adjustments: Vec<SeasonKey>,
    /// Provinces left empty by a standoff in the movement step before a retreat phase that
    /// was set up by hand ([`World::add_standoff`]); empty otherwise.
    setup_standoffs: Vec<ProvinceId>,
    /// Under [`Winters::BesideMovement`](crate::Winters::BesideMovement): the heads that took their adjustments in the step
    /// just played, while other heads still move: they rest in the movement step that follows
    /// (no orders, no advance, out of reach). Empty otherwise.
    resting: Vec<SeasonKey>,
    /// Under `@rules 5dd`: orders that could not act when given and are checked again when a
    /// later step reaches them (the unit held meanwhile): supports and convoys for units of
    /// seasons that did not exist yet or that did not fit the orders they name, and moves over
    /// water that no chain of convoys carried. One that acts is removed.
    anticipated: Vec<RecordedOrder>,
    /// Builds and removals stored for past adjustment steps (`@record`, setup only).
    stored_adjustments: Vec<StoredAdjustment>,
    /// Retreats and disbands stored for past retreat steps (`@record`, setup only).
    stored_retreats: Vec<StoredRetreat>,
    /// How many steps have run.
    steps: u32,
    /// Whether `@phase retreat` set up the root's successor as the board after the movement
    /// (then setup directives place units there, [`World::setup_season`]).
    retreat_successor: bool,
}

impl World {
    /// The map.
    pub fn map(&self) -> &'static Map {
        self.map
    }

    /// The rules in force.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The root season.
    pub fn root(&self) -> SeasonKey {
        self.timelines[0].first
    }

    /// How many steps have been adjudicated.
    pub fn steps_done(&self) -> u32 {
        self.steps
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// A season, if it exists.
    pub fn season(&self, key: SeasonKey) -> Option<&Season> {
        self.seasons.get(&key).map(|s| &**s)
    }

    /// Whether a season exists.
    pub fn exists(&self, key: SeasonKey) -> bool {
        // A timeline holds every turn from its first season to its head (a season is only
        // ever made as the next turn of its timeline, or the first of a new one): the range
        // answers without the map lookup, which a step asks hundreds of thousands of times.
        let exists = self
            .timeline(key.timeline)
            .is_some_and(|t| t.first.turn <= key.turn && key.turn <= t.head.turn);
        debug_assert_eq!(exists, self.seasons.contains_key(&key), "{key:?}");
        exists
    }

    /// Every season, sorted by (turn, timeline).
    pub fn seasons(&self) -> impl Iterator<Item = &Season> + '_ {
        self.seasons.values().map(|s| &**s)
    }

    /// Every timeline, by number.
    pub fn timelines(&self) -> &[Timeline] {
        &self.timelines
    }

    /// The timeline with this number.
    pub fn timeline(&self, number: u32) -> Option<&Timeline> {
        self.timelines.get(number as usize)
    }

    /// The heads, by timeline number.
    pub fn heads(&self) -> Vec<SeasonKey> {
        self.timelines.iter().map(|t| t.head).collect()
    }

    /// The heads that take part in the coming movement step: every head but those resting
    /// beside it ([`World::resting`]).
    pub fn moving_heads(&self) -> Vec<SeasonKey> {
        self.timelines
            .iter()
            .map(|t| t.head)
            .filter(|h| !self.resting.contains(h))
            .collect()
    }

    /// The heads that rest in the coming movement step: they took their adjustments beside
    /// it ([`Winters::BesideMovement`](crate::Winters::BesideMovement)).
    pub fn resting(&self) -> &[SeasonKey] {
        &self.resting
    }

    /// Whether a season is a head.
    pub fn is_head(&self, key: SeasonKey) -> bool {
        self.timeline(key.timeline).is_some_and(|t| t.head == key)
    }

    /// The unit at a spot.
    pub fn unit(&self, spot: Spot) -> Option<&BoardUnit> {
        self.seasons.get(&spot.season)?.unit_at(spot.province)
    }

    /// Units waiting to retreat.
    pub fn pending_retreats(&self) -> &[Dislodged] {
        &self.pending_retreats
    }

    /// Seasons whose boards take builds and removals in the pending adjustment step.
    pub fn pending_adjustments(&self) -> &[SeasonKey] {
        &self.pending_adjustments
    }

    /// The season a new order without a season refers to: the only head (or the only season
    /// pending adjustment, in that phase), if there is exactly one.
    pub fn default_season(&self) -> Option<SeasonKey> {
        if self.phase == Phase::Adjustment && self.pending_adjustments.len() == 1 {
            return Some(self.pending_adjustments[0]);
        }
        if self.phase == Phase::Retreat {
            let mut seasons: Vec<SeasonKey> =
                self.pending_retreats.iter().map(|d| d.at.season).collect();
            seasons.dedup();
            if seasons.len() == 1 {
                return Some(seasons[0]);
            }
        }
        match self.timelines.as_slice() {
            [only] => Some(only.head),
            _ => None,
        }
    }

    /// The season whose board is "the current position": after the last step, the head of the
    /// only timeline (or `None` when there are several).
    pub fn current_board(&self) -> Option<SeasonKey> {
        match self.timelines.as_slice() {
            [only] => Some(only.head),
            _ => None,
        }
    }
}
