//! The typed report of one file: everything `mdip check` shows, as plain serialisable data
//! with every name already written (schema `mdip-check/2`).
//!
//! [`FileReport::new`] builds it from an [`Analysis`](crate::Analysis) and the file's text; the
//! CLI and every output format render this report only, so a machine client sees exactly what
//! the text report shows: orders with their unit, target and outcome as data (a stable reason
//! code and the units it names, beside the sentence), steps with what they changed and owed,
//! seasons with their boards grouped by power, what comes next, timelines and the winner.
//!
//! The JSON Schema of the documents is generated from these types ([`schema`]) and published
//! in `docs/schema/`; a test keeps the published files equal to the types.

mod board;
mod build;
mod stream;
mod words;

pub use board::*;
pub use build::diagnostics;
pub use stream::Streamed;

use std::borrow::Cow;

use schemars::JsonSchema;
use serde::Serialize;

/// The schema identifier written in every document.
pub const SCHEMA: &str = "mdip-check/2";

/// A whole `--format json` document: every file checked, the paths that could not be read,
/// and the totals.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Document {
    /// Always `mdip-check/2`.
    pub schema: &'static str,
    /// One report per file, in the order the files were given (folders in natural order).
    pub files: Vec<FileReport>,
    /// Paths that could not be read, and warnings about skipped paths.
    pub problems: Vec<Problem>,
    /// The totals.
    pub summary: Summary,
}

/// One line of a `--format json-lines` stream.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(tag = "record", rename_all = "kebab-case")]
pub enum Record<'a> {
    /// The first line: which schema the stream follows.
    Start {
        /// Always `mdip-check/2`.
        schema: &'static str,
    },
    /// One file, as soon as it is checked (in the order the files were given).
    // A `FileReport`, serialised as it is built.
    File(Streamed<'a>),
    /// A path that could not be read, or was skipped.
    Problem(&'a Problem),
    /// The last line: the totals.
    Summary(&'a Summary),
}

/// A path that could not be read (an error: exit code 2), or one that was skipped (a warning).
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Problem {
    /// The path as given or found.
    pub path: String,
    /// What went wrong.
    pub message: String,
    /// `error` (the path was not checked) or `warning` (skipped on purpose).
    pub severity: SeverityName,
}

/// Totals over every file.
#[derive(Clone, Copy, Debug, Default, Serialize, JsonSchema)]
pub struct Summary {
    /// Files checked.
    pub files: usize,
    /// Files without errors.
    pub ok: usize,
    /// Files with errors (a failed expectation included).
    pub failed: usize,
    /// Errors over all files (expected diagnostics excluded).
    pub errors: usize,
    /// Warnings over all files (expected ones excluded).
    pub warnings: usize,
    /// Paths that could not be read.
    pub unreadable: usize,
}

/// What the totals and a file's one-line summary need: its path, whether it is clean, its
/// counts, and how many steps and order lines it has ([`FileStatus::new`]). Made without the
/// report's orders, steps and seasons, for the outputs that do not show them.
#[derive(Clone, Debug)]
pub struct FileStatus {
    /// The path as given (`<stdin>` for standard input).
    pub path: String,
    /// Whether the file is clean: no error it does not expect.
    pub ok: bool,
    /// Diagnostics and expectations counted.
    pub counts: Counts,
    /// Steps adjudicated (the length of [`FileReport::steps`]).
    pub steps: usize,
    /// Order lines (the length of [`FileReport::orders`]).
    pub orders: usize,
}

impl Summary {
    /// Adds one file's counts.
    pub fn add(&mut self, f: &FileStatus) {
        self.files += 1;
        if f.ok {
            self.ok += 1;
        } else {
            self.failed += 1;
        }
        self.errors += f.counts.errors;
        self.warnings += f.counts.warnings;
    }
}

/// Everything checked in one file.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct FileReport {
    /// The path as given (`<stdin>` for standard input).
    pub path: String,
    /// Whether the file is clean: no error it does not expect.
    pub ok: bool,
    /// Whether the file names seasons (reports then show every unit's season).
    pub multiversal: bool,
    /// The phase the game is in at the end of the file.
    pub phase: PhaseName,
    /// Diagnostics and expectations counted.
    pub counts: Counts,
    /// Every diagnostic, in text order.
    pub diagnostics: Vec<DiagnosticReport>,
    /// Every order line of the file, in file order: adjudicated, pending, illegal, or not
    /// adjudicated at all (for example under an unknown power).
    pub orders: Vec<OrderReport>,
    /// Every step adjudicated, in order.
    pub steps: Vec<StepReport>,
    /// Every season of the game at the end of the file.
    pub seasons: Vec<SeasonReport>,
    /// Every timeline.
    pub timelines: Vec<TimelineReport>,
    /// The heads: the newest season of each timeline.
    pub heads: Vec<SeasonRef>,
    /// What the next step asks for.
    pub next: Next,
    /// The power that won, if one did.
    pub winner: Option<&'static str>,
    /// Victory at a glance (rule 21): each power's distinct supply centres over the heads
    /// against the count a win needs.
    pub victory: VictoryReport,
    /// The games `@game` lines started, in file order (absent when the file is one game). The
    /// orders and steps of a game are those from its line to the next game's; `phase`,
    /// `seasons`, `timelines`, `heads`, `next` and `winner` are the last game's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub games: Vec<GameReport>,
    /// The rule set the game at the end of the file plays under, in the words `@rules` writes
    /// for it (`standard`, `5dd`, `mdatc convoy-intent any-fleet`): what `mdip export` checks.
    /// Not in the JSON (its schema is unchanged).
    #[serde(skip)]
    pub rules: String,
    /// The map the file is played on (`@map`): the name of a built-in map or the `name` of a
    /// variant folder's `variant.txt` (absent on the standard map).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub map: Option<&'static str>,
}

/// A game an `@game` line started.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct GameReport {
    /// Its name as written after `@game` (empty if none).
    pub name: String,
    /// The 1-based line of its `@game`.
    pub line: usize,
    /// The index in `steps` of its first step (equal to the next game's when it has none).
    pub first_step: usize,
}

/// How many diagnostics and expectations a file has.
#[derive(Clone, Copy, Debug, Default, Serialize, JsonSchema)]
pub struct Counts {
    /// Errors the file does not expect.
    pub errors: usize,
    /// Warnings the file does not expect.
    pub warnings: usize,
    /// Expectations the file states (`=> fails`, `@expect ...`).
    pub expectations: usize,
    /// Expectations that were not met.
    pub unmet: usize,
}

/// `error` or `warning`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum SeverityName {
    /// An error: the file fails (unless the file expects it).
    Error,
    /// A warning: worth a look; the file is still clean.
    Warning,
}

/// A phase of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PhaseName {
    /// Moves, supports, convoys.
    Movement,
    /// Retreats and disbands of dislodged units.
    Retreat,
    /// Builds, removals and waives (Winter).
    Adjustment,
}

/// A season `X:Y`: turn X (0 = Spring 1901) in timeline Y.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, JsonSchema)]
pub struct SeasonRef {
    /// The turn: 0 is Spring 1901, 1 Fall 1901, 2 Spring 1902, ...
    pub turn: u32,
    /// The timeline: 0 is the original one.
    pub timeline: u32,
}

impl std::fmt::Display for SeasonRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.turn, self.timeline)
    }
}

/// A position in the file: 1-based line and column (columns count characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct LineCol {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters (Unicode scalar values).
    pub column: usize,
}

/// A range of the file, as lines and columns and as byte offsets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Range {
    /// Where it starts.
    pub start: LineCol,
    /// Where it ends (exclusive).
    pub end: LineCol,
    /// Byte offset of the start.
    pub byte_start: u32,
    /// Byte offset of the end (exclusive).
    pub byte_end: u32,
}

/// One diagnostic.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct DiagnosticReport {
    /// The stable code (`E0202`); `mdip check --explain CODE` explains it.
    pub code: &'static str,
    /// Error or warning.
    pub severity: SeverityName,
    /// Whether the file expects it (`=> illegal`, `@expect error`): it then fails nothing.
    pub expected: bool,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub hint: Option<String>,
    /// Where.
    pub range: Range,
    /// Related places (the unit that bounced a move, the other order for the same unit).
    pub related: Vec<RelatedReport>,
    /// Quick fixes.
    pub fixes: Vec<FixReport>,
}

/// A place related to a diagnostic.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct RelatedReport {
    /// What it has to do with the diagnostic.
    pub message: String,
    /// Where.
    pub range: Range,
}

/// A quick fix.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct FixReport {
    /// What it does.
    pub title: String,
    /// Its edits.
    pub edits: Vec<EditReport>,
}

/// A text edit: replace the range by the text.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct EditReport {
    /// The range replaced.
    pub range: Range,
    /// The new text.
    pub text: String,
}

/// Army or fleet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum UnitTypeName {
    /// An army.
    Army,
    /// A fleet.
    Fleet,
}

impl UnitTypeName {
    /// `A` or `F`.
    pub fn letter(self) -> char {
        match self {
            UnitTypeName::Army => 'A',
            UnitTypeName::Fleet => 'F',
        }
    }
}

/// A unit: its owner, type, location and season.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct UnitReport {
    /// Its power (absent where the order names a unit it does not own, e.g. a support
    /// target).
    pub power: Option<&'static str>,
    /// Army or fleet (absent when the notation left it out).
    #[serde(rename = "type")]
    pub kind: Option<UnitTypeName>,
    /// Its location as the map abbreviates it: `lon`, `stp/sc`.
    // Lent by the map, which keeps every location's abbreviation (`Map::location_str`).
    pub location: Cow<'static, str>,
    /// Its season.
    pub season: SeasonRef,
}

/// A place in a season: where a move goes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct PlaceReport {
    /// The location: `nth`, `spa/nc`.
    pub location: Cow<'static, str>,
    /// Its season.
    pub season: SeasonRef,
}

/// The kind of an order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum OrderKindName {
    /// Hold.
    Hold,
    /// Move.
    Move,
    /// Support to hold.
    SupportHold,
    /// Support to move.
    SupportMove,
    /// Convoy.
    Convoy,
    /// Retreat.
    Retreat,
    /// Disband in a retreat phase.
    Disband,
    /// Build.
    Build,
    /// Remove in an adjustment phase.
    Remove,
    /// Waive a build.
    Waive,
    /// An order line that could not be read or resolved (see its diagnostics).
    Unknown,
}

/// The status of an order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum StatusName {
    /// It succeeded.
    Succeeds,
    /// It was legal and failed.
    Fails,
    /// It was illegal (a movement order's unit then held).
    Illegal,
    /// Its step has not been adjudicated (the file ends in the middle of it).
    Pending,
    /// It never reached adjudication: its power is unknown, or it could not be read.
    NotAdjudicated,
}

/// One order line.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct OrderReport {
    /// 1-based line.
    pub line: usize,
    /// The power giving it, as the map names it (absent when it is unknown).
    pub power: Option<&'static str>,
    /// The ordered unit (absent for `Waive`, and for orders that could not be read).
    pub unit: Option<UnitReport>,
    /// What kind of order.
    pub kind: OrderKindName,
    /// The order's text as written (power prefix and expectation excluded).
    pub text: String,
    /// Its range.
    pub range: Range,
    /// What it aims at.
    pub target: TargetReport,
    /// What became of it.
    pub outcome: OutcomeReport,
    /// The outcome the file expects, if any.
    pub expected: Option<StatusName>,
    /// Index of the step that adjudicated it (into `steps`).
    pub step: Option<usize>,
    /// First seasons of the timelines this order forked.
    pub forks: Vec<SeasonRef>,
}

/// What an order aims at.
#[derive(Clone, Debug, Default, Serialize, JsonSchema)]
pub struct TargetReport {
    /// Where the move, retreat, supported move or convoyed army goes.
    pub destination: Option<PlaceReport>,
    /// `via Convoy` was written.
    pub via_convoy: bool,
    /// The supported unit or the convoyed army.
    pub unit: Option<UnitReport>,
    /// For a move that went by convoy: the fleets whose convoys carried it, in file order.
    pub route: Vec<UnitReport>,
}

/// What became of an order, as data and in words.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct OutcomeReport {
    /// Succeeds, fails, illegal, pending or not adjudicated.
    pub status: StatusName,
    /// The stable reason code: `moved`, `bounced`, `support-cut`, `dislodged`, `no-unit`,
    /// ... (absent while pending). The list is in docs/json-schema.md.
    pub code: Option<&'static str>,
    /// The units the reason names: the units a move bounced off, the unit that cut a support
    /// or dislodged the unit, the winner of a head-to-head battle.
    pub by: Vec<UnitReport>,
    /// The reason as a sentence: `bounced off A Munich`.
    pub sentence: String,
    /// A movement order's strengths as the judge counted them (DATC 5.B): a move's attack
    /// strength and the hold, defend and prevent strengths it met, any other order's hold
    /// strength, each with the supporting units. Absent for other orders and pending ones.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strengths: Option<StrengthsReport>,
    /// For a failed move or a dislodged unit: the smallest changes that would have turned the
    /// outcome (one more support from a unit that can give it, or cutting a support). Advice
    /// for players; absent when one order could not have turned it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub turn: Vec<TurnReport>,
}

/// The strengths behind a movement order's outcome.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct StrengthsReport {
    /// A move: its attack strength; any other order: the hold strength of its place.
    pub own: StrengthReport,
    /// A move: the hold or defend strength at its destination (when a unit stands there),
    /// then the prevent strength of each rival move into the same place.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub met: Vec<MetReport>,
}

/// One strength: its value and the units whose supports made it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct StrengthReport {
    /// The strength (a unit alone: 1; a move without a path, or against its own power's
    /// unit: 0).
    pub value: u32,
    /// The supporting units counted in it.
    pub supporters: Vec<UnitReport>,
}

/// A strength a move met.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct MetReport {
    /// `hold`: the unit at the destination stays; `defend`: it moves head to head against
    /// this move; `prevent`: a rival move into the same place.
    pub kind: OppositionName,
    /// The unit whose strength it is.
    pub unit: UnitReport,
    /// The strength.
    pub strength: StrengthReport,
}

/// Which strength a move met.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum OppositionName {
    /// Hold strength (DATC 5.B.5).
    Hold,
    /// Defend strength (DATC 5.B.7).
    Defend,
    /// Prevent strength (DATC 5.B.6).
    Prevent,
}

/// A change that would have turned an order's outcome.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct TurnReport {
    /// `support`: one more support from `unit` (which can reach the place); `cut`: cutting
    /// the support `unit` gave.
    pub change: TurnName,
    /// The unit.
    pub unit: UnitReport,
}

/// The kind of a [`TurnReport`].
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TurnName {
    /// One more support from the unit.
    Support,
    /// Cutting the unit's support.
    Cut,
}

/// One step of the game.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct StepReport {
    /// Its index (0-based) in `steps`.
    pub index: usize,
    /// Its phase.
    pub phase: PhaseName,
    /// Its name in the calendar: `Spring 1901`, `Fall 1901`, `Winter 1901` (the adjustment
    /// after Fall 1901); several when the step spans turns of different timelines.
    pub calendar: String,
    /// The seasons it adjudicated.
    pub seasons: Vec<SeasonRef>,
    /// Indices (into `orders`) of the orders it adjudicated.
    pub orders: Vec<usize>,
    /// The 1-based line where it closed (absent: at the end of the file).
    pub closed_at: Option<usize>,
    /// Past seasons it re-opened.
    pub reopened: Vec<SeasonRef>,
    /// Heads that advanced.
    pub advanced: Vec<AdvanceReport>,
    /// Timelines it created.
    pub forks: Vec<ForkReport>,
    /// Units it dislodged (movement steps), with their retreat options.
    pub dislodged: Vec<DislodgedReport>,
    /// Retreats owed at its start (retreat steps): the dislodged units waiting.
    pub retreats_owed: Vec<DislodgedReport>,
    /// Units that retreated (retreat steps).
    pub retreated: Vec<RetreatReport>,
    /// Builds and removals owed at its start (adjustment steps).
    pub owed: Vec<OwedReport>,
    /// Units built.
    pub built: Vec<UnitReport>,
    /// Units disbanded or removed.
    pub removed: Vec<UnitReport>,
    /// Outcomes of units with no order line that were dislodged or failed, in words.
    pub notes: Vec<String>,
    /// The boards it produced or changed, as they stood right after it.
    pub boards: Vec<BoardReport>,
}

/// A head that advanced one turn.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
pub struct AdvanceReport {
    /// The head before.
    pub from: SeasonRef,
    /// The new head.
    pub to: SeasonRef,
}

/// A timeline created by a step.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
pub struct ForkReport {
    /// The season it branched from.
    pub from: SeasonRef,
    /// Its first season.
    pub first: SeasonRef,
    /// Its number.
    pub timeline: u32,
}

/// A dislodged unit and where it may retreat.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct DislodgedReport {
    /// The unit, where it was dislodged.
    pub unit: UnitReport,
    /// The season it retreats into.
    pub retreats_into: SeasonRef,
    /// Where the attacker came from.
    pub attacker_from: PlaceReport,
    /// Whether the attack came by convoy.
    pub by_convoy: bool,
    /// Provinces left empty by a standoff (closed to retreat).
    pub standoffs: Vec<&'static str>,
    /// The locations it may retreat to (empty: it must disband).
    pub options: Vec<Cow<'static, str>>,
}

/// A unit that retreated.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct RetreatReport {
    /// The unit, where it was dislodged.
    pub unit: UnitReport,
    /// Where it stands now, in the season after.
    pub to: PlaceReport,
}

/// What one power owed on one board when an adjustment step opened.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct OwedReport {
    /// The season whose board the adjustment changes.
    pub season: SeasonRef,
    /// The power.
    pub power: &'static str,
    /// Builds it may make.
    pub builds: usize,
    /// Removals it must make.
    pub removals: usize,
    /// Home centres it owns with no unit on them (where it may build).
    pub free_homes: Vec<&'static str>,
}

/// The JSON Schema of a `--format json` document, generated from the types.
pub fn schema() -> schemars::Schema {
    schemars::schema_for!(Document)
}

/// The JSON Schema of one line of a `--format json-lines` stream.
pub fn lines_schema() -> schemars::Schema {
    schemars::schema_for!(Record<'static>)
}
