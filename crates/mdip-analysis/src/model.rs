//! The result of analysing a file: plain data that the CLI renders and the server converts.

use mdip_judge::world::{
    Advance, BoardUnit, Dislodged, Fork, Owed, Phase, Pos, Retreat, SeasonKey, World,
};
use mdip_map::{Location, Power, UnitType};
use mdip_syntax::{ExpectedOutcome, Parse, Span};

use crate::diagnostics::Diagnostic;
pub use crate::reason::ReasonCode;

/// What kind of order a line gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OrderKind {
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
    /// Disband (retreat phase).
    Disband,
    /// Build.
    Build,
    /// Remove (adjustment phase).
    Remove,
    /// Waive.
    Waive,
}

impl OrderKind {
    /// The lower-case name used in reports and JSON.
    pub fn name(self) -> &'static str {
        match self {
            OrderKind::Hold => "hold",
            OrderKind::Move => "move",
            OrderKind::SupportHold => "support-hold",
            OrderKind::SupportMove => "support-move",
            OrderKind::Convoy => "convoy",
            OrderKind::Retreat => "retreat",
            OrderKind::Disband => "disband",
            OrderKind::Build => "build",
            OrderKind::Remove => "remove",
            OrderKind::Waive => "waive",
        }
    }
}

/// The outcome of an order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// It succeeded.
    Succeeds,
    /// It was legal but failed.
    Fails,
    /// It was rejected as illegal (the unit held).
    Illegal,
    /// It never reached adjudication (its step is still open, or it could not be read).
    Pending,
}

impl Status {
    /// The lower-case word used in reports, JSON and expectations.
    pub fn name(self) -> &'static str {
        match self {
            Status::Succeeds => "succeeds",
            Status::Fails => "fails",
            Status::Illegal => "illegal",
            Status::Pending => "pending",
        }
    }

    /// Whether this status satisfies an expected outcome (`any` is satisfied by every status).
    pub fn matches(self, e: ExpectedOutcome) -> bool {
        matches!(
            (self, e),
            (_, ExpectedOutcome::Any)
                | (Status::Succeeds, ExpectedOutcome::Succeeds)
                | (Status::Fails, ExpectedOutcome::Fails)
                | (Status::Illegal, ExpectedOutcome::Illegal)
        )
    }
}

/// A unit as an order names it, resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnitInfo {
    /// Army or fleet (as it stands, when it exists; else as written).
    pub kind: UnitType,
    /// Where it stands.
    pub loc: Location,
    /// Its season.
    pub season: SeasonKey,
}

/// One order line, resolved and (once its step closed) adjudicated.
#[derive(Clone, Debug)]
pub struct OrderInfo {
    /// The line number (zero-based).
    pub line: usize,
    /// The order's text range (power prefix and expectation excluded).
    pub span: Span,
    /// The power giving it.
    pub power: Power,
    /// The ordered unit (absent for `Waive`).
    pub unit: Option<UnitInfo>,
    /// The kind of order.
    pub kind: OrderKind,
    /// The step that adjudicated it (index into [`Analysis::steps`]).
    pub step: Option<usize>,
    /// Its outcome.
    pub status: Status,
    /// Why, as data: a stable code and the units the reason names ([`Cause`]); its sentence
    /// is made where it is shown ([`Analysis::sentence`]).
    pub cause: Cause,
    /// What the order aims at: destination, supported or convoyed unit ([`Target`]).
    pub target: Target,
    /// The order lines of the units the reason names (those that bounced, cut or dislodged
    /// it), as data: their words are made where they are shown
    /// ([`crate::run::describe::related`]).
    pub related: Vec<RelatedOrder>,
    /// The outcome the file expects, if any.
    pub expect: Option<ExpectedOutcome>,
    /// Forks this order caused (its move arrived in the past, or its support changed a past
    /// battle): first seasons of the new timelines.
    pub forks: Vec<SeasonKey>,
    /// The reason in full, for its sentence (holds the judge's types).
    pub(crate) why: crate::reason::Why,
}

/// The order line of a unit an order's reason names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RelatedOrder {
    /// The range of that unit's order.
    pub span: Span,
    /// The unit.
    pub unit: StepUnit,
}

/// Why an order ended as it did, as data: the stable code of its reason and the units that
/// reason names. Its sentence is [`Analysis::sentence`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cause {
    /// A stable code (`moved`, `bounced`, `support-cut`, `no-unit`, ...; the list is in
    /// `docs/json-schema.md`). `None` while the order is pending.
    pub code: Option<ReasonCode>,
    /// The units the reason names: those a move bounced off, the unit that cut a support or
    /// dislodged a unit, the winner of a head-to-head battle.
    pub units: Vec<StepUnit>,
    /// A movement order's strengths as the judge counted them (DATC 5.B): a move's attack and
    /// what it met, any other order's hold strength. `None` for other orders.
    pub strengths: Option<OrderStrengths>,
    /// For a failed move or a dislodged unit whose outcome one order could have turned: the
    /// smallest changes that would have (one more support from a named unit that can give it,
    /// or cutting a named support). Advice, never applied.
    pub turn: Vec<Turn>,
}

/// The strengths behind a movement order's outcome, with the units behind each.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OrderStrengths {
    /// A move: its attack strength; any other order: the hold strength of its place.
    pub own: StrengthInfo,
    /// A move: the hold or defend strength at its destination, then each rival's prevent
    /// strength.
    pub met: Vec<MetInfo>,
}

/// One strength: its value and the units whose supports made it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StrengthInfo {
    /// The strength.
    pub value: u32,
    /// The supporting units counted in it.
    pub supporters: Vec<StepUnit>,
}

/// A strength a move met, and whose it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MetInfo {
    /// The unit at the destination, or the rival moving there.
    pub unit: StepUnit,
    /// Hold, defend or prevent strength.
    pub kind: mdip_judge::Opposition,
    /// The strength.
    pub strength: StrengthInfo,
}

/// A change that would have turned an order's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// One more support from this unit (which can reach the place) would have carried the
    /// move, or kept the dislodged unit in place.
    Support(StepUnit),
    /// Cutting this unit's support would have carried the move, or kept the dislodged unit in
    /// place.
    Cut(StepUnit),
}

/// What an order aims at, resolved against the map and the world.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Target {
    /// Where a move, retreat, supported move or convoyed army goes (with the coast as
    /// written, and the season).
    pub dest: Option<Pos>,
    /// `via Convoy` was written.
    pub via_convoy: bool,
    /// The supported unit, or the convoyed army.
    pub unit: Option<TargetUnit>,
}

/// A unit an order names as its target (a supported unit, a convoyed army).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TargetUnit {
    /// Its type as written (`None` when the notation left it out).
    pub kind: Option<UnitType>,
    /// Where it stands.
    pub loc: Location,
    /// Its season.
    pub season: SeasonKey,
}

/// What one step did.
#[derive(Clone, Debug)]
pub struct StepInfo {
    /// Its phase.
    pub phase: Phase,
    /// The seasons it adjudicated: heads (movement), seasons of dislodged units (retreat),
    /// seasons adjusted (adjustment).
    pub seasons: Vec<SeasonKey>,
    /// The orders it adjudicated, as indices into [`Analysis::orders`].
    pub orders: Vec<usize>,
    /// The line where the step closed (`None`: at the end of the file).
    pub closed_at: Option<usize>,
    /// Past seasons re-opened.
    pub reopened: Vec<SeasonKey>,
    /// Heads advanced: from ([`Advance::head`]), to ([`Advance::next`]).
    pub advanced: Vec<Advance>,
    /// Timelines created.
    pub forks: Vec<Fork>,
    /// Units dislodged (movement steps).
    pub dislodged: Vec<Dislodged>,
    /// The dislodged units waiting to retreat when the step opened (retreat steps), whether a
    /// movement step of the file dislodged them or the position was set up so.
    pub retreats_owed: Vec<Dislodged>,
    /// Units that retreated (retreat steps): where each was dislodged and where it stands now
    /// (same location as written, in the season after).
    pub retreated: Vec<Retreat>,
    /// Units disbanded or removed.
    pub removed: Vec<StepUnit>,
    /// Units built.
    pub built: Vec<StepUnit>,
    /// Implicit holds and other units of the graph without an order line: their outcome as
    /// text, for units that were dislodged ("A Paris: dislodged by A Burgundy").
    pub(crate) notes: Vec<crate::reason::Note>,
    /// The boards this step produced or changed, as they stood right after it.
    pub boards: Vec<StepBoard>,
    /// What the step owed (adjustment steps): builds or removals per power and season, as
    /// they stood when the step opened.
    pub owed: Vec<Owed>,
}

impl StepInfo {
    /// Gives back the spare room of every list (a step is never changed once stored).
    pub(crate) fn shrink(&mut self) {
        self.seasons.shrink_to_fit();
        self.orders.shrink_to_fit();
        self.reopened.shrink_to_fit();
        self.advanced.shrink_to_fit();
        self.forks.shrink_to_fit();
        self.dislodged.shrink_to_fit();
        self.retreats_owed.shrink_to_fit();
        self.retreated.shrink_to_fit();
        self.removed.shrink_to_fit();
        self.built.shrink_to_fit();
        self.notes.shrink_to_fit();
        self.boards.shrink_to_fit();
        self.owed.shrink_to_fit();
    }
}

/// A unit a step built, disbanded or removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepUnit {
    /// Its power.
    pub power: Power,
    /// Army or fleet.
    pub kind: UnitType,
    /// The season of its board.
    pub season: SeasonKey,
    /// Its location.
    pub loc: Location,
}

/// One board as it stood right after a step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepBoard {
    /// The season of the board.
    pub season: SeasonKey,
    /// Its units, by province.
    pub units: Vec<BoardUnit>,
}

/// Everything the analysis knows about one file. Callers read it as plain data: its
/// diagnostics and expectation counts, the typed report ([`crate::FileReport::new`]) and the
/// IDE queries ([`crate::ide`]). Crate-private: the orders and steps as the run keeps them
/// (with the judge's types), the syntax tree, the game at the end of the file, and the
/// resumable state (`Resumable`) that [`crate::analyze_incremental`] and the IDE queries run
/// the game again from (rust-analyzer's `ide` rule: no syntax tree or judge type out).
#[derive(Debug)]
pub struct Analysis {
    /// The syntax tree.
    pub(crate) parse: Parse,
    /// All diagnostics, sorted by position.
    pub diagnostics: Vec<Diagnostic>,
    /// Every order line that could be resolved, in file order.
    pub(crate) orders: Vec<OrderInfo>,
    /// Every step adjudicated, in order.
    pub(crate) steps: Vec<StepInfo>,
    /// The game at the end of the file (the last game of a file with several).
    pub(crate) world: World,
    /// The games an `@game` line started, in file order (empty when the file has none: it is
    /// then one game). Orders and steps are numbered through the whole file.
    pub(crate) games: Vec<GameInfo>,
    /// Per line: the block's power and season, and the phase at that line (for completion).
    pub(crate) contexts: Vec<LineContext>,
    /// Whether the file names seasons anywhere (reports then show them).
    pub(crate) multiversal: bool,
    /// How many expectations the file states, and how many failed.
    pub expectations: ExpectationCount,
    /// What a later run resumes from: checkpoints, the rules, the world cache.
    pub(crate) resumable: Resumable,
}

/// The resumable state of an analysis (rust-analyzer's `AnalysisHost` beside its snapshot of
/// answers): the saved states of the run and the caches of the IDE queries. Crate-private.
#[derive(Debug)]
pub(crate) struct Resumable {
    /// Saved states of the run, for [`crate::analyze_incremental`].
    pub(crate) checkpoints: crate::run::Checkpoints,
    /// The world of the step [`Analysis::world_of_step`] gave last, or, until it is first
    /// asked, of the file's last step (kept by the run: the last block is where one writes):
    /// completion and hover ask for the step under the cursor again and again, and each answer
    /// otherwise runs the game again from a checkpoint.
    pub(crate) last_world: std::sync::Mutex<Option<(usize, World)>>,
    /// The rules its games play under until an `@rules` line ([`crate::analyze_with_rules`]).
    pub(crate) default_rules: mdip_judge::world::Rules,
}

/// A game an `@game` line started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// Its name as written after `@game` (empty if none).
    pub name: String,
    /// The line of its `@game` (zero-based).
    pub line: usize,
    /// The index of its first step in [`Analysis::steps`].
    pub first_step: usize,
    /// The index of its first order in [`Analysis::orders`].
    pub first_order: usize,
}

/// How many expectations a file states, and how many of them failed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExpectationCount {
    /// Expectations stated.
    pub stated: usize,
    /// Expectations that failed.
    pub failed: usize,
}

/// What a line of the file is "in": for hover and completion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineContext {
    /// The power of the current block.
    pub power: Option<Power>,
    /// The season of the current block, or the default season at that point.
    pub season: Option<SeasonKey>,
    /// The phase at that line.
    pub phase: Phase,
    /// The step in progress after that line (an index into [`Analysis::steps`]; equal to
    /// their number when no step closed after it).
    pub step: usize,
}

impl Analysis {
    /// Everything a user can see of the analysis, as text, one line per item: diagnostics,
    /// orders with their outcomes, steps, seasons with their units, timelines, line contexts
    /// and expectations. Two analyses that agree here look the same in every output; the tests
    /// and the fuzz targets compare incremental and full analyses with it.
    pub fn fingerprint(&self) -> String {
        let mut out = String::new();
        for d in &self.diagnostics {
            out.push_str(&format!(
                "D {} {:?} {} {}\n",
                d.code.as_str(),
                d.span,
                d.message,
                d.expected
            ));
        }
        for o in &self.orders {
            out.push_str(&format!(
                "O {} {:?} {:?} {} {:?}\n",
                o.line,
                o.span,
                o.status,
                crate::run::describe::sentence(o),
                o.related
            ));
        }
        out.push_str(&format!("steps {}\n", self.steps.len()));
        out.push_str(&format!("G {:?}\n", self.games));
        for s in self.world.seasons() {
            out.push_str(&format!("S {} {:?}\n", s.key, s.units));
        }
        for t in self.world.timelines() {
            out.push_str(&format!("T {:?}\n", t));
        }
        out.push_str(&format!("C {:?}\n", self.contexts));
        out.push_str(&format!(
            "E ({}, {})\n",
            self.expectations.stated, self.expectations.failed
        ));
        out
    }

    /// The rule set the game at the end of the file plays under, in the words `@rules` writes
    /// for it: a rule set's name (`standard`, `mdatc`, `5dd`, `5dd strict`), then the options
    /// it chooses otherwise (`mdatc convoy-intent any-fleet`), which `@rules` reads back.
    pub fn rules_words(&self) -> String {
        self.world.rules().words()
    }

    /// The map the file is played on (its `@map`, else the standard map): immutable geography
    /// the pictures draw a variant's board from (`mdip-render` may know the map; the judge's
    /// state stays private).
    pub fn map(&self) -> &'static mdip_map::Map {
        self.world.map()
    }

    /// How many lines the file has, as the analysis read it.
    pub fn line_count(&self) -> usize {
        self.parse.file.lines.len()
    }

    /// The lines at which the run saved its state for [`crate::analyze_incremental`] (for the
    /// tests of incremental analysis).
    pub fn checkpoint_lines(&self) -> Vec<usize> {
        self.resumable
            .checkpoints
            .0
            .iter()
            .map(|c| c.line)
            .collect()
    }

    /// Whether `other` read the text into the same syntax tree (for the tests of incremental
    /// analysis: reading an edit again must give the tree reading the whole text gives).
    pub fn same_reading(&self, other: &Analysis) -> bool {
        self.parse == other.parse
    }

    /// The judge's world at the end of the file, for the workspace's own tests, benches, fuzz
    /// targets and generators, which build games from it. Not part of the API: it exists only
    /// with the `internals` feature, which no shipped crate enables (the tidy test checks).
    #[cfg(feature = "internals")]
    pub fn judge_world(&self) -> &World {
        &self.world
    }

    /// Why `order` (one of the analysis' orders) ended as it did, in words
    /// (`bounced off A Vienna and A Venice`): the sentence hover, inlay hints, the reports and
    /// expectation messages show. Empty while the order is pending.
    /// (Public with the `internals` feature only; callers read the report's `sentence`.)
    #[cfg(feature = "internals")]
    pub fn sentence(&self, order: &OrderInfo) -> String {
        crate::run::describe::sentence(order)
    }

    /// Why `order` ended as it did, in words (see the public form above).
    #[cfg(not(feature = "internals"))]
    pub(crate) fn sentence(&self, order: &OrderInfo) -> String {
        crate::run::describe::sentence(order)
    }

    /// Whether the file fails: an error diagnostic the file does not expect.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.is_failure())
    }

    /// The game as the order on `line` (or an order written there) meets it: as the step in
    /// progress after that line finds it before adjudication; when the line's season does not
    /// exist yet then (a header of a season the next step creates, before its first order
    /// closes the step in progress), as the step after the one creating it. Never a state later
    /// than the step the line belongs to; the end of the file for a line past the last step.
    /// `text` is the text this analysis was made of.
    ///
    /// Nothing per step is stored (but the world of the file's last step and of the step
    /// asked for last): the run is repeated from the last checkpoint before that step (at most
    /// about 1/64 of a long file) up to the step's closing.
    pub(crate) fn world_at_line(&self, text: &str, line: usize) -> std::borrow::Cow<'_, World> {
        self.world_of_step(text, self.step_at_line(line))
    }

    /// The game as step `step` finds it before adjudication (the end of the file when there is
    /// no such step), run again from the last checkpoint before it.
    pub(crate) fn world_of_step(&self, text: &str, step: usize) -> std::borrow::Cow<'_, World> {
        if step >= self.steps.len() {
            return std::borrow::Cow::Borrowed(&self.world);
        }
        if let Ok(last) = self.resumable.last_world.lock() {
            if let Some((s, w)) = last.as_ref().filter(|(s, _)| *s == step) {
                debug_assert_eq!(*s, step);
                return std::borrow::Cow::Owned(w.clone());
            }
        }
        let start = self
            .resumable
            .checkpoints
            .0
            .iter()
            .rev()
            .find(|c| c.steps_len() <= step);
        let world = match start {
            Some(c) => c
                .restore(self)
                .world_before_step(text, &self.parse, c.line, step),
            None => crate::run::State::on_map(self.world.map(), self.resumable.default_rules)
                .world_before_step(text, &self.parse, 0, step),
        };
        if let Ok(mut last) = self.resumable.last_world.lock() {
            *last = Some((step, world.clone()));
        }
        std::borrow::Cow::Owned(world)
    }

    /// The index of the step whose world `Analysis::world_at_line` gives (the number of
    /// steps for the end of the file).
    pub fn step_at_line(&self, line: usize) -> usize {
        let last = self.steps.len();
        let Some(ctx) = self.contexts.get(line) else {
            return last;
        };
        let mut step = ctx.step.min(last);
        if let Some(season) = ctx.season {
            // The step that created the season (a head advancing into it, or a fork).
            let created = self.steps.iter().position(|st| {
                st.advanced.iter().any(|a| a.next == season)
                    || st.forks.iter().any(|f| f.first == season)
            });
            if let Some(c) = created {
                step = step.max(c + 1).min(last);
            }
        }
        step
    }

    /// How many order lines the analysis resolved.
    pub fn order_count(&self) -> usize {
        self.orders.len()
    }

    /// How many steps were adjudicated.
    pub fn step_count(&self) -> usize {
        self.steps.len()
    }

    /// Every order line that could be resolved, in file order, as the run keeps them (the
    /// `internals` feature: the workspace's tests, benches and fuzz targets).
    #[cfg(feature = "internals")]
    pub fn orders(&self) -> &[OrderInfo] {
        &self.orders
    }

    /// Every step adjudicated, as the run keeps them (the `internals` feature).
    #[cfg(feature = "internals")]
    pub fn steps(&self) -> &[StepInfo] {
        &self.steps
    }

    /// The games `@game` lines started (the `internals` feature).
    #[cfg(feature = "internals")]
    pub fn games(&self) -> &[GameInfo] {
        &self.games
    }

    /// The order on a line, if any.
    /// (Public with the `internals` feature only: an order holds the judge's types.)
    #[cfg(feature = "internals")]
    pub fn order_on_line(&self, line: usize) -> Option<&OrderInfo> {
        self.orders.iter().find(|o| o.line == line)
    }

    /// The order on a line, if any.
    #[cfg(not(feature = "internals"))]
    pub(crate) fn order_on_line(&self, line: usize) -> Option<&OrderInfo> {
        self.orders.iter().find(|o| o.line == line)
    }
}

#[cfg(test)]
mod tests {
    /// The world an analysis keeps for its last step (the step the end of the file is in) is
    /// the world running the game again to that step gives.
    #[test]
    fn the_kept_world_of_the_last_step_is_the_world_run_again() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests");
        let mut kept = 0;
        for dir in ["cases", "mdatc", "datc", "5dd/mdatc", "5dd/datc"] {
            for entry in std::fs::read_dir(root.join(dir)).unwrap().flatten() {
                let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
                let full = crate::analyze(&text);
                // And resumed from the middle of the file (from a checkpoint, if one is there).
                let lines = text.lines().count();
                let resumed = crate::analyze_incremental(&text, &full, lines / 2);
                for a in [full, resumed] {
                    let Some((step, world)) = a.resumable.last_world.lock().unwrap().take() else {
                        continue;
                    };
                    assert!(step < a.steps.len(), "{}", entry.path().display());
                    let again = a.world_of_step(&text, step);
                    assert_eq!(
                        format!("{world:?}"),
                        format!("{:?}", *again),
                        "{}",
                        entry.path().display()
                    );
                    kept += 1;
                }
            }
        }
        assert!(kept > 200, "only {kept} files kept a world");
    }
}
