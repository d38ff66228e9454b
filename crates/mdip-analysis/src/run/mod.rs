//! Runs a file: the line loop and the only step scheduler.
//!
//! A file is read top to bottom. Block headers set the power and season in force; setup
//! directives (`setup.rs`) shape the world and return an [`Effect`]; order lines are lowered
//! (`lower.rs`) into orders of the step in progress; expectations are collected
//! (`crate::expect`). Only this module decides when a step closes — at an `@phase` (which
//! must name the next phase, or be `@phase next`), when an order names a season that exists
//! only after the movement step in progress (the founding rule: never a retreat step), and at
//! the end of the file — and closing a step runs the judge and maps its report back
//! (`map_back.rs`), which warns about retreats and builds a mid-file closing forfeits.
//! The state a checkpoint clones lives in `state.rs`; `describe.rs` is the notation printer.

pub(crate) mod describe;
mod illegal;
mod lower;
mod map_back;
mod records;
mod seasons;
mod setup;
mod state;
mod why;

pub(crate) use lower::unit_type;
pub(crate) use state::Checkpoints;
pub(crate) use state::{Checkpoint, State};

use mdip_judge::world::{Phase, SeasonKey};
use mdip_judge::Winters;
use mdip_syntax::{DirectiveKind, LineKind, LocRef, Order, OrderLine, Parse, Span};

use self::lower::{Lower, LoweredOrder};
use self::setup::Effect;
use self::state::Class;
use crate::diagnostics::{Code, Diagnostic};
use crate::model::{Analysis, LineContext, Target, TargetUnit};
use crate::names;

impl State {
    /// Runs the whole file, from line `from` on (0, or the line of the checkpoint this state
    /// was restored from), keeping checkpoints for later incremental runs.
    pub(crate) fn run(
        mut self,
        text: &str,
        parse: Parse,
        from: usize,
        mut kept: Vec<Checkpoint>,
    ) -> Analysis {
        self.multiversal = parse.file.lines.iter().any(line_names_season);
        let total = parse.file.lines.len();
        // The orders and line contexts to come, allocated once: grown by doubling, the two
        // largest vectors of a long file would hold up to twice their size at the end.
        let order_lines = parse.file.lines[from.min(total)..]
            .iter()
            .filter(|l| matches!(l.kind, LineKind::Order(_)))
            .count();
        self.orders.reserve_exact(order_lines);
        self.contexts.reserve_exact(total.saturating_sub(from));
        // Checkpoints at step boundaries, at most about 64 of them.
        let gap = (total / 64).max(64);
        let mut steps_at_last = self.steps.len();
        let mut last_line = kept.last().map_or(0, |c| c.line);
        for (i, line) in parse.file.lines.iter().enumerate().skip(from) {
            if self.steps.len() > steps_at_last && i >= last_line + gap {
                kept.push(Checkpoint::of(&mut self, i));
                steps_at_last = self.steps.len();
                last_line = i;
            }
            self.line_span = line.span;
            if !is_expectation(&line.kind) {
                // Expectations written with no orders waiting see the board of their line,
                // which is still the board before this line.
                self.check_expectations_now();
            }
            self.line(text, i, &line.kind);
            self.contexts.push(LineContext {
                power: self.block.power,
                season: self.block.season.or_else(|| self.world.default_season()),
                phase: self.world.phase(),
                step: self.steps.len(),
            });
            if !matches!(line.kind, LineKind::Blank | LineKind::Comment) {
                self.expectations.bind_line(line.span);
            }
        }
        let mut last = None;
        if !self.pending.is_empty() {
            // The world the last step finds, kept for hover and completion at the end of the
            // file, where one writes (Analysis::world_of_step would run the game again).
            let step = self.steps.len();
            self.capture = Some(step);
            self.close_step(None);
            self.capture = None;
            last = self.captured.take().map(|w| (step, w));
        }
        self.finish(text, parse, kept, last)
    }

    /// The world as step `step` finds it before adjudication, running the lines of `parse`
    /// from line `from` (0, or the line of the checkpoint this state was restored from) until
    /// that step closes; the world at the end of the file if it never does. What hover and
    /// completion read for a line of that step ([`Analysis::world_at_line`]).
    pub(crate) fn world_before_step(
        mut self,
        text: &str,
        parse: &Parse,
        from: usize,
        step: usize,
    ) -> mdip_judge::world::World {
        self.multiversal = parse.file.lines.iter().any(line_names_season);
        self.capture = Some(step);
        for (i, line) in parse.file.lines.iter().enumerate().skip(from) {
            self.line_span = line.span;
            self.line(text, i, &line.kind);
            if let Some(w) = self.captured.take() {
                return w;
            }
        }
        if !self.pending.is_empty() {
            self.close_step(None);
        }
        self.captured.take().unwrap_or(self.world)
    }

    /// One line of the file.
    fn line(&mut self, text: &str, i: usize, kind: &LineKind) {
        match kind {
            LineKind::Header(h) => self.header(i, h),
            LineKind::Order(o) => self.order(text, i, o),
            LineKind::Directive(d) => self.directive(i, &d.kind, d.span),
            LineKind::Blank | LineKind::Comment | LineKind::Error => {}
        }
    }

    /// The analysis, once every line has run: syntax errors added, expectations checked,
    /// diagnostics in text order.
    fn finish(
        mut self,
        text: &str,
        parse: Parse,
        kept: Vec<Checkpoint>,
        last: Option<(usize, mdip_judge::world::World)>,
    ) -> Analysis {
        self.check_stored();
        // Syntax errors come from this parse (a checkpoint holds none).
        for e in &parse.errors {
            let d = self.with_implied_kind(Diagnostic::from(e), e);
            self.diags.push(d);
        }
        crate::diagnostics::bidi_controls(text, &mut self.diags);
        let mut diags = self.all_diags();
        let board = crate::expect::Board {
            world: &self.world,
            steps: state::game_steps(&self.steps, &self.games),
            map: self.world.map(),
            multiversal: self.multiversal || self.world.timelines().len() > 1,
        };
        let expectations = self.expectations.check(&board, &self.orders, &mut diags);
        diags.sort_by_key(|d| (d.span.start, d.span.end));
        Analysis {
            parse,
            diagnostics: diags,
            orders: self.orders,
            steps: self.steps,
            world: self.world,
            games: self.games,
            contexts: self.contexts,
            multiversal: self.multiversal,
            expectations,
            resumable: crate::model::Resumable {
                checkpoints: Checkpoints(kept),
                last_world: std::sync::Mutex::new(last),
                default_rules: self.default_rules,
            },
        }
    }

    /// `@game`: the game so far ends as at the end of a file (the step in progress is
    /// adjudicated, a retreat or adjustment step with no orders is left pending, the waiting
    /// expectations are checked), and a fresh game starts: a new world, setup and block.
    fn new_game(&mut self, line: usize, name: Option<&mdip_syntax::Name>) {
        if !self.pending.is_empty() {
            self.close_step(None);
        }
        self.check_stored();
        let board = crate::expect::Board {
            world: &self.world,
            steps: state::game_steps(&self.steps, &self.games),
            map: self.world.map(),
            multiversal: self.multiversal || self.world.timelines().len() > 1,
        };
        self.expectations.check_game_end(&board, &mut self.diags);
        let fresh = State::on_map(self.world.map(), self.default_rules);
        self.world = fresh.world;
        self.setup = fresh.setup;
        self.block = fresh.block;
        self.passing_over = false;
        self.games.push(crate::model::GameInfo {
            name: name.map(|n| n.text.clone()).unwrap_or_default(),
            line,
            first_step: self.steps.len(),
            first_order: self.orders.len(),
        });
    }

    /// Checks the expectations written with no orders waiting, against the board as it is.
    fn check_expectations_now(&mut self) {
        let board = crate::expect::Board {
            world: &self.world,
            steps: state::game_steps(&self.steps, &self.games),
            map: self.world.map(),
            multiversal: self.multiversal || self.world.timelines().len() > 1,
        };
        self.expectations.check_written_now(&board, &mut self.diags);
    }

    /// A directive: expectations are collected, setup directives applied, and their effect
    /// on the steps carried out here.
    fn directive(&mut self, line: usize, kind: &DirectiveKind, span: Span) {
        match kind {
            DirectiveKind::ExpectDiagnostic { severity, code } => {
                self.expectations
                    .add_diagnostic(span, severity.clone(), code.clone());
            }
            DirectiveKind::Unknown => {}
            DirectiveKind::Map(_) => {
                let diags = std::sync::Arc::clone(&self.map_diags);
                let here = diags.iter().filter(|(l, _)| *l == line);
                self.diags.extend(here.map(|(_, d)| d.clone()));
            }
            DirectiveKind::Game(name) => self.new_game(line, name.as_ref()),
            DirectiveKind::Rules(_)
            | DirectiveKind::Start(_)
            | DirectiveKind::Turn(_)
            | DirectiveKind::Unit { .. }
            | DirectiveKind::Owns { .. }
            | DirectiveKind::Season { .. }
            | DirectiveKind::Record(_)
            | DirectiveKind::Dislodged { .. }
            | DirectiveKind::Standoff(_)
            | DirectiveKind::Phase { .. } => match self.setup(kind, span) {
                Effect::None => {}
                Effect::ReachPhase(phase) => self.reach_phase(phase, line, span),
                Effect::NextStep => self.close_step(Some(line)),
            },
            other => {
                let block = self.block.season;
                let after_step = !self.pending.is_empty();
                self.expectations.add(
                    span,
                    other.clone(),
                    block,
                    after_step,
                    self.map(),
                    &mut self.diags,
                );
            }
        }
    }

    /// An order line: steps close first if the order names a season they create, then the
    /// order is lowered into the step in progress.
    fn order(&mut self, text: &str, line: usize, o: &OrderLine) {
        if let Some(u) = o.order.unit().filter(|u| u.kind.is_none()) {
            self.imply_kind(u);
        }
        let Some(head) = lower::head(self.map(), text, o, &self.block, &mut self.diags) else {
            return;
        };
        if let Some(season) = head.explicit {
            let class = lower::class_in(self.map(), &self.world, &o.order, Some(season));
            self.close_for_season(season, class, Some(line));
        }
        self.setup.started = true;
        let lowered = Lower::new(&self.world, self.setup.implicit_placement, self.multiversal)
            .order(line, o, &head, self.block.season_span);
        self.diags.extend(lowered.diags);
        if let Some(p) = lowered.placement {
            let _ = self.world.place_unit(p.season, p.power, p.kind, p.loc);
        }
        match lowered.order {
            LoweredOrder::Dropped => {}
            LoweredOrder::Settled(info) => self.orders.push(info),
            LoweredOrder::Pending {
                mut info,
                season,
                pending,
                parts,
            } => {
                info.unit = o
                    .order
                    .unit()
                    .and_then(|u| lower::unit_info(self.map(), &self.world, &o.order, u, season));
                info.target = target(&pending);
                let index = self.orders.len();
                self.orders.push(info);
                self.pending.push((index, pending, parts));
            }
        }
    }

    /// Records the type of the unit standing where an order names a unit without its type
    /// (`Remove gol`), so that its syntax error (E0105) can say which letter to write.
    fn imply_kind(&mut self, u: &mdip_syntax::UnitRef) {
        let Some(province) = self.map().resolve_province(&u.loc.province.text) else {
            return;
        };
        let season = u
            .loc
            .season
            .as_ref()
            .and_then(names::season)
            .or(self.block.season)
            .or_else(|| self.world.default_season());
        let Some(season) = season else { return };
        let spot = mdip_judge::world::Spot { season, province };
        let kind = self.world.unit(spot).map(|b| b.kind).or_else(|| {
            self.world
                .pending_retreats()
                .iter()
                .find(|d| d.at.season == season && d.at.loc.province == province)
                .map(|d| d.kind)
        });
        if let Some(kind) = kind {
            let name = u.loc.province.clone();
            self.implied_kinds.push((name.span, name.text, kind));
        }
    }

    /// An E0105 (missing unit type) made precise by the unit standing there: which type it
    /// is, and a fix writing its letter.
    fn with_implied_kind(&self, d: Diagnostic, e: &mdip_syntax::SyntaxError) -> Diagnostic {
        if e.code != mdip_syntax::ErrorCode::MissingUnitKind {
            return d;
        }
        let Some((span, text, kind)) = self.implied_kinds.iter().find(|k| k.0 == e.span) else {
            return d;
        };
        let letter = kind.letter();
        let what = match kind {
            mdip_map::UnitType::Army => "an army",
            mdip_map::UnitType::Fleet => "a fleet",
        };
        let mut d = d.with_fix(
            format!("Insert `{letter}`"),
            Span::new(span.start, span.start),
            format!("{letter} "),
        );
        d.hint = Some(format!(
            "the unit in {text} is {what}: write `{letter} {text}`"
        ));
        d
    }

    /// `@phase` after the game started: adjudicate the step in progress (and, for `@phase
    /// movement`, the adjustment step after a Fall turn), which must lead to `phase`. Naming the current phase with nothing to adjudicate does nothing. A phase that
    /// does not come next is an error at the directive and no further step is played: passing
    /// over steps takes one `@phase next` per step.
    fn reach_phase(&mut self, phase: Phase, line: usize, span: Span) {
        if self.world.phase() == phase && self.pending.is_empty() {
            return;
        }
        let before = self.world.phase();
        let step = match before {
            Phase::Movement => self.world.moving_heads(),
            Phase::Retreat => {
                let mut s: Vec<SeasonKey> = self
                    .world
                    .pending_retreats()
                    .iter()
                    .map(|d| d.at.season)
                    .collect();
                s.sort();
                s.dedup();
                s
            }
            Phase::Adjustment => self.world.pending_adjustments().to_vec(),
        };
        self.close_step(Some(line));
        // As for an order of the next season: the adjustment step after a Fall turn is passed
        // over on the way to the movement phase.
        if phase == Phase::Movement && self.world.phase() == Phase::Adjustment {
            self.pass_over_adjustment(Some(line));
        }
        let now = self.world.phase();
        if now == phase {
            return;
        }
        let why = match (phase, now) {
            (Phase::Retreat, _) if before == Phase::Movement => "no unit was dislodged",
            (Phase::Retreat, _) => "retreats only follow a movement step",
            (_, Phase::Retreat) => "the retreats come first",
            (Phase::Adjustment, _) => "adjustments only follow a Fall turn",
            _ => "the adjustments of a Fall turn come first",
        };
        let multiversal = self.multiversal || self.world.timelines().len() > 1;
        let words = |seasons: &[SeasonKey], phase: Phase| {
            let mut names: Vec<String> = Vec::new();
            for &s in seasons {
                let n = describe::step_season_words(s, phase, multiversal, self.map().first_year());
                if !names.contains(&n) {
                    names.push(n);
                }
            }
            names.join(", ")
        };
        let step = words(&step, before);
        let next = match now {
            Phase::Adjustment => words(self.world.pending_adjustments(), now),
            _ => words(&self.world.heads(), now),
        };
        self.diags.push(
            Diagnostic::new(
                Code::PhaseNotNext,
                span,
                format!(
                    "the {} step of {step} is followed by the {} phase of {next}, not the {} phase: {why}",
                    before.name(),
                    now.name(),
                    phase.name()
                ),
            )
            .with_hint("to play steps with no orders, write `@phase next` once for each step"),
        );
    }

    /// The founding rule: an order for a season that exists only once the movement step in
    /// progress is adjudicated closes that step, and the adjustment step that follows a Fall
    /// turn (with no orders) when the order is not an adjustment. A retreat step is never
    /// closed by an order (rule 6: until it is over, only retreats and disbands; any other
    /// order is illegal there, E0305), nor is any step closed for a season that exists already.
    fn close_for_season(&mut self, season: SeasonKey, class: Class, line: Option<usize>) {
        if !self.season_needs_close(season) {
            return;
        }
        self.close_step(line);
        if self.world.phase() == Phase::Adjustment
            && class != Class::Adjustment
            && !lower::beside_winter(&self.world, season, class)
        {
            self.pass_over_adjustment(line);
        }
    }

    /// Closes the adjustment step that a movement step has just led to, on the way to the
    /// next movement step: it had no chance of orders, so builds it leaves unused are not
    /// reported (skipping a winter is how multiversal files are written).
    fn pass_over_adjustment(&mut self, line: Option<usize>) {
        self.passing_over = true;
        self.close_step(line);
        self.passing_over = false;
    }

    /// Whether an order for `season` belongs to a step after the current one: its season
    /// exists only once the movement step in progress is adjudicated. Retreat and adjustment
    /// steps create no season.
    fn season_needs_close(&self, season: SeasonKey) -> bool {
        let world = &self.world;
        // Under `@rules 5dd` an adjustment step may carry other heads' movement orders.
        let moving = world.phase() == Phase::Movement
            || world.phase() == Phase::Adjustment
                && world.rules().winters == Winters::BesideMovement
                && self
                    .pending
                    .iter()
                    .any(|p| matches!(p.1, state::Pending::Movement(_)));
        // Closing an empty movement step would only make more empty seasons.
        moving && !world.exists(season) && !self.pending.is_empty()
    }
}

/// Whether a line is an expectation about the board (`@expect unit`, ...; not `@expect error`):
/// consecutive ones are checked together.
fn is_expectation(kind: &LineKind) -> bool {
    match kind {
        LineKind::Blank | LineKind::Comment => true,
        LineKind::Directive(d) => d.name.text.eq_ignore_ascii_case("expect"),
        _ => false,
    }
}

/// What a lowered order aims at, as the report shows it.
fn target(pending: &state::Pending) -> Target {
    use mdip_judge::world::{AdjustmentOrder, Pos, RetreatOrder, Spot, UnitOrder, UnitRef};
    let pos = |to: Spot, coast| Pos {
        season: to.season,
        loc: mdip_map::Location::new(to.province, coast),
    };
    let unit = |u: UnitRef| TargetUnit {
        kind: u.kind,
        loc: mdip_map::Location::new(u.spot.province, u.coast),
        season: u.spot.season,
    };
    match pending {
        state::Pending::Movement(m) => match m.order {
            UnitOrder::Hold => Target::default(),
            UnitOrder::Move {
                to,
                coast,
                via_convoy,
            } => Target {
                dest: Some(pos(to, coast)),
                via_convoy,
                unit: None,
            },
            UnitOrder::SupportHold { target } => Target {
                unit: Some(unit(target)),
                ..Target::default()
            },
            UnitOrder::SupportMove { target, to, coast } => Target {
                dest: Some(pos(to, coast)),
                via_convoy: false,
                unit: Some(unit(target)),
            },
            UnitOrder::Convoy { army, to } => Target {
                dest: Some(pos(to, None)),
                via_convoy: false,
                unit: Some(unit(army)),
            },
        },
        state::Pending::Retreat(r) => match r.order {
            RetreatOrder::Move { to, coast } => Target {
                dest: Some(pos(to, coast)),
                ..Target::default()
            },
            RetreatOrder::Disband => Target::default(),
        },
        state::Pending::Adjustment(a) => match a.order {
            AdjustmentOrder::Build { .. }
            | AdjustmentOrder::Remove { .. }
            | AdjustmentOrder::Waive => Target::default(),
        },
    }
}

/// Whether a line names a season anywhere (the file is then multiversal in its reports).
pub(crate) fn line_names_season(line: &mdip_syntax::Line) -> bool {
    match &line.kind {
        LineKind::Header(h) => h.season.is_some(),
        LineKind::Order(o) => order_names_season(&o.order),
        LineKind::Directive(d) => {
            matches!(
                d.kind,
                DirectiveKind::ExpectEmpty(_)
                    | DirectiveKind::ExpectSeasons(_)
                    | DirectiveKind::ExpectTimelines(_)
                    | DirectiveKind::ExpectHeads(_)
                    | DirectiveKind::Season { .. }
                    | DirectiveKind::Owns {
                        season: Some(_),
                        ..
                    }
            ) || matches!(&d.kind, DirectiveKind::ExpectUnit { unit, .. } | DirectiveKind::ExpectHas { unit, .. } | DirectiveKind::Unit { unit, .. } | DirectiveKind::Dislodged { unit, .. } if unit.loc.season.is_some())
                || matches!(&d.kind, DirectiveKind::Phase { seasons, .. } if !seasons.is_empty())
                || matches!(&d.kind, DirectiveKind::Record(o) if order_names_season(&o.order))
        }
        _ => false,
    }
}

/// Whether any location of an order names a season.
fn order_names_season(order: &Order) -> bool {
    let has = |l: &LocRef| l.season.is_some();
    match order {
        Order::Hold { unit, .. }
        | Order::Disband { unit, .. }
        | Order::Build { unit, .. }
        | Order::Remove { unit, .. } => has(&unit.loc),
        Order::Move { unit, dest, .. } => has(&unit.loc) || has(dest),
        Order::SupportHold { unit, target, .. } => has(&unit.loc) || has(&target.loc),
        Order::SupportMove {
            unit, target, dest, ..
        } => has(&unit.loc) || has(&target.loc) || has(dest),
        Order::Convoy {
            unit, army, dest, ..
        } => has(&unit.loc) || has(&army.loc) || has(dest),
        Order::Waive { .. } | Order::Incomplete(_) => false,
    }
}
