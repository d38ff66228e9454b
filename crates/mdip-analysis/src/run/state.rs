//! The state of a run before a line: what a checkpoint clones so that an edit further down can
//! resume from it instead of running the whole file again.

use std::sync::Arc;

use mdip_judge::world::{AdjustmentInput, OrderInput, Phase, RetreatInput, SeasonKey, World};
use mdip_judge::Rules;
use mdip_map::{Map, Power, UnitType};
use mdip_syntax::Span;

use crate::diagnostics::Diagnostic;
use crate::expect::Expectations;
use crate::model::{Analysis, GameInfo, LineContext, OrderInfo, StepInfo};

/// Everything a run knows between two lines.
#[derive(Clone)]
pub(crate) struct State {
    pub(crate) world: World,
    /// The rules a game plays under until an `@rules` line says otherwise (also for each game
    /// an `@game` line starts): `mdatc`, or the configuration's `rules`.
    pub(crate) default_rules: Rules,
    /// The diagnostics found since the last checkpoint (only ever appended to while running).
    pub(crate) diags: Vec<Diagnostic>,
    /// The diagnostics found before the last checkpoint, in segments shared with the
    /// checkpoints (a checkpoint copies no diagnostic). [`State::all_diags`] joins them.
    pub(crate) frozen: Vec<Arc<Vec<Diagnostic>>>,
    pub(crate) orders: Vec<OrderInfo>,
    pub(crate) steps: Vec<StepInfo>,
    /// When set, the step whose world to keep as it is before adjudication
    /// ([`State::world_before_step`]); the world is then in `captured`.
    pub(crate) capture: Option<usize>,
    pub(crate) captured: Option<World>,
    /// The orders of the step in progress: their index in `orders`, the lowered order and the
    /// spans of its parts.
    pub(crate) pending: Vec<(usize, Pending, Parts)>,
    pub(crate) setup: SetupState,
    pub(crate) block: Block,
    pub(crate) multiversal: bool,
    pub(crate) contexts: Vec<LineContext>,
    pub(crate) expectations: Expectations,
    /// The range of the line being run: where a step it closes is reported.
    pub(crate) line_span: Span,
    /// Whether the step being closed is an adjustment step passed over on the way to the next
    /// movement step (its unused builds are not reported).
    pub(crate) passing_over: bool,
    /// Ordered units written without their type (a syntax error, E0105) whose type the board
    /// implies: the province's range, its text and the type of the unit standing there.
    pub(crate) implied_kinds: Vec<(Span, String, UnitType)>,
    /// The games `@game` lines started so far.
    pub(crate) games: Vec<GameInfo>,
    /// The stored orders of the setup (`@record` lines with `succeeds` or `fails`) whose outcome
    /// is checked against the judge before the first step: what was stored, and the range of
    /// its outcome.
    pub(crate) stored: Vec<(mdip_judge::world::StoredKind, Span)>,
    /// The diagnostics of the file's `@map` lines, by line index ([`crate::maps::choose`]),
    /// reported when the run reaches their line.
    pub(crate) map_diags: Arc<Vec<(usize, Diagnostic)>>,
}

/// What the setup directives have decided so far.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SetupState {
    /// Whether the game has started (an order or a later `@phase` was seen).
    pub(crate) started: bool,
    /// Whether a first `@phase` set the starting phase.
    pub(crate) phase_set: bool,
    /// Whether the root turn was chosen explicitly with `@turn`.
    pub(crate) turn_set: bool,
    /// Positions are implied by the orders of the first step (no `@start`).
    pub(crate) implicit_placement: bool,
}

/// The block header in force (`England 1:0:`).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Block {
    pub(crate) power: Option<Power>,
    /// Whether the header named a power that could not be resolved (its orders then get no
    /// second error).
    pub(crate) power_unknown: bool,
    pub(crate) season: Option<SeasonKey>,
    /// The span of the header's season.
    pub(crate) season_span: Option<Span>,
    /// The season of the last header that named only a season (`Spring 1901`), which a
    /// power's header without a season (`England:`) takes, with its span.
    pub(crate) standing: Option<(SeasonKey, Span)>,
}

/// A lowered order waiting for its step.
#[derive(Clone)]
pub(crate) enum Pending {
    Movement(OrderInput),
    Retreat(RetreatInput),
    Adjustment(AdjustmentInput),
}

/// Spans of the parts of an order, for precise diagnostics.
#[derive(Clone, Copy, Default)]
pub(crate) struct Parts {
    pub(crate) unit: Span,
    pub(crate) target: Option<Span>,
    pub(crate) dest: Option<Span>,
    /// The coast written with a move's destination (`(sc)`, parentheses included).
    pub(crate) dest_coast: Option<Span>,
}

/// What class of step an order belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Class {
    Movement,
    Retreat,
    Adjustment,
}

impl Class {
    /// The phase whose step adjudicates orders of this class.
    pub(crate) fn phase(self) -> Phase {
        match self {
            Class::Movement => Phase::Movement,
            Class::Retreat => Phase::Retreat,
            Class::Adjustment => Phase::Adjustment,
        }
    }
}

impl State {
    /// The map of the world the file is played on.
    pub(crate) fn map(&self) -> &'static Map {
        self.world.map()
    }

    /// Every diagnostic found so far, in the order found: the frozen segments, then the
    /// current one (which this empties).
    pub(crate) fn all_diags(&mut self) -> Vec<Diagnostic> {
        let frozen: usize = self.frozen.iter().map(|s| s.len()).sum();
        let mut all = Vec::with_capacity(frozen + self.diags.len());
        for segment in &self.frozen {
            all.extend(segment.iter().cloned());
        }
        all.append(&mut self.diags);
        all
    }

    /// The state of a file before its first line.
    ///
    /// A file is played on the map its `@map` chose (`choice`) under `default_rules`
    /// (`@rules mdatc` unless the configuration's `rules` names another) until its directives
    /// say otherwise; everything after reads the map from the world.
    pub(crate) fn new(choice: crate::maps::Choice, default_rules: Rules) -> State {
        let mut state = State::on_map(choice.map, default_rules);
        state.map_diags = choice.diags;
        state
    }

    /// A state on `map` with no `@map` diagnostics (a fresh game of the same file, or the run
    /// again of [`State::world_before_step`]).
    pub(crate) fn on_map(map: &'static Map, default_rules: Rules) -> State {
        let world = World::new(map, default_rules);
        State {
            world,
            default_rules,
            diags: Vec::new(),
            frozen: Vec::new(),
            orders: Vec::new(),
            steps: Vec::new(),
            capture: None,
            captured: None,
            pending: Vec::new(),
            setup: SetupState {
                started: false,
                phase_set: false,
                turn_set: false,
                implicit_placement: true,
            },
            block: Block::default(),
            multiversal: false,
            contexts: Vec::new(),
            expectations: Expectations::default(),
            line_span: Span::new(0, 0),
            passing_over: false,
            implied_kinds: Vec::new(),
            games: Vec::new(),
            stored: Vec::new(),
            map_diags: Arc::default(),
        }
    }
}

/// The state of a run before a line.
///
/// To stay cheap, a checkpoint does not copy the orders, steps and line contexts found so far
/// (they only grow): it keeps their lengths, and the analysis that made it supplies them.
#[derive(Clone)]
pub(crate) struct Checkpoint {
    /// The first line not yet processed.
    pub(crate) line: usize,
    /// The state, with empty `orders`, `steps` and `contexts`.
    state: State,
    orders_len: usize,
    steps_len: usize,
    /// The orders still waiting for their step at the checkpoint, as they were then.
    pending_orders: Vec<(usize, OrderInfo)>,
}

impl Checkpoint {
    /// The checkpoint of a run's current state. The diagnostics found since the last
    /// checkpoint become a frozen segment that the run and the checkpoint share.
    pub(crate) fn of(state: &mut State, line: usize) -> Checkpoint {
        if !state.diags.is_empty() {
            let segment = std::mem::take(&mut state.diags);
            state.frozen.push(Arc::new(segment));
        }
        let light = State {
            world: state.world.clone(),
            default_rules: state.default_rules,
            diags: Vec::new(),
            frozen: state.frozen.clone(),
            orders: Vec::new(),
            steps: Vec::new(),
            capture: None,
            captured: None,
            pending: state.pending.clone(),
            setup: state.setup,
            block: state.block,
            multiversal: state.multiversal,
            contexts: Vec::new(),
            expectations: state.expectations.clone(),
            line_span: state.line_span,
            passing_over: false,
            implied_kinds: state.implied_kinds.clone(),
            games: state.games.clone(),
            stored: state.stored.clone(),
            map_diags: Arc::clone(&state.map_diags),
        };
        Checkpoint {
            line,
            state: light,
            orders_len: state.orders.len(),
            steps_len: state.steps.len(),
            pending_orders: state
                .pending
                .iter()
                .map(|p| (p.0, state.orders[p.0].clone()))
                .collect(),
        }
    }

    /// How many steps had closed at the checkpoint.
    pub(crate) fn steps_len(&self) -> usize {
        self.steps_len
    }

    /// The state as it was at the checkpoint, given the analysis that made the checkpoint.
    pub(crate) fn restore(&self, from: &Analysis) -> State {
        let mut state = self.state.clone();
        state.orders = from.orders[..self.orders_len.min(from.orders.len())].to_vec();
        for (i, o) in &self.pending_orders {
            if let Some(slot) = state.orders.get_mut(*i) {
                *slot = o.clone();
            }
        }
        state.steps = from.steps[..self.steps_len.min(from.steps.len())].to_vec();
        state.contexts = from.contexts[..self.line.min(from.contexts.len())].to_vec();
        state
    }
}

/// The checkpoints of an analysis, for [`crate::analyze_incremental`].
#[derive(Clone, Default)]
pub struct Checkpoints(pub(crate) Vec<Checkpoint>);

impl std::fmt::Debug for Checkpoints {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let lines: Vec<usize> = self.0.iter().map(|c| c.line).collect();
        f.debug_tuple("Checkpoints").field(&lines).finish()
    }
}

/// The steps of the game in progress (after its `@game` line, if any).
pub(crate) fn game_steps<'a>(steps: &'a [StepInfo], games: &[GameInfo]) -> &'a [StepInfo] {
    let first = games.last().map_or(0, |g| g.first_step);
    &steps[first.min(steps.len())..]
}
