//! Runs a file: the line loop and the only step scheduler.
//!
//! A file is read top to bottom. Block headers set the power and season in force; setup
//! directives (`setup.rs`) shape the world and return an [`Effect`]; order lines are lowered
//! (`lower.rs`) into orders of the step in progress; expectations are collected
//! (`crate::expect`). Only this module decides when a step closes — at an `@phase`, when an
//! order names a season that exists only after the step (the founding rule), and at the end
//! of the file — and closing a step runs the judge and maps its report back (`map_back.rs`).
//! The state a checkpoint clones lives in `state.rs`; `describe.rs` is the notation printer.

pub mod describe;
mod lower;
mod map_back;
mod seasons;
mod setup;
mod state;

pub(crate) use lower::unit_type;
pub use state::Checkpoints;
pub(crate) use state::{Checkpoint, State};

use mdip_judge::world::{Phase, SeasonKey};
use mdip_syntax::{DirectiveKind, LineKind, LocRef, Order, OrderLine, Parse, Span};

use self::lower::{Lower, LoweredOrder};
use self::setup::Effect;
use self::state::Class;
use crate::diagnostics::Diagnostic;
use crate::model::{Analysis, LineContext};

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
        // Checkpoints at step boundaries, at most about 64 of them.
        let gap = (total / 64).max(64);
        let mut steps_at_last = self.steps.len();
        let mut last_line = kept.last().map_or(0, |c| c.line);
        for (i, line) in parse.file.lines.iter().enumerate().skip(from) {
            if self.steps.len() > steps_at_last && i >= last_line + gap {
                kept.push(Checkpoint::of(&self, i));
                steps_at_last = self.steps.len();
                last_line = i;
            }
            self.line(text, i, &line.kind);
            self.contexts.push(LineContext {
                power: self.block.power,
                season: self.block.season.or_else(|| self.world.default_season()),
                phase: self.world.phase(),
            });
            if !matches!(line.kind, LineKind::Blank | LineKind::Comment) {
                self.expectations.bind_line(line.span);
            }
        }
        if !self.pending.is_empty() {
            self.close_step(None);
        }
        self.finish(parse, kept)
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
    fn finish(mut self, parse: Parse, kept: Vec<Checkpoint>) -> Analysis {
        // Syntax errors come from this parse (a checkpoint holds none).
        for e in &parse.errors {
            self.diags.push(Diagnostic::from(e));
        }
        let mut diags = std::mem::take(&mut self.diags);
        let expectations = self.expectations.check(
            &self.world,
            &self.orders,
            &self.steps,
            &mut diags,
            self.map(),
        );
        diags.sort_by_key(|d| (d.span.start, d.span.end));
        Analysis {
            parse,
            diagnostics: diags,
            orders: self.orders,
            steps: self.steps,
            world: self.world,
            contexts: self.contexts,
            multiversal: self.multiversal,
            expectations,
            checkpoints: Checkpoints(kept),
        }
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
            DirectiveKind::Rules(_)
            | DirectiveKind::Start(_)
            | DirectiveKind::Turn(_)
            | DirectiveKind::Unit { .. }
            | DirectiveKind::Owns { .. }
            | DirectiveKind::Phase(_) => match self.setup(kind, span) {
                Effect::None => {}
                Effect::ReachPhase(phase) => self.reach_phase(phase, line),
            },
            other => {
                let block = self.block.season;
                self.expectations
                    .add(span, other.clone(), block, self.map(), &mut self.diags);
            }
        }
    }

    /// An order line: steps close first if the order names a season they create, then the
    /// order is lowered into the step in progress.
    fn order(&mut self, text: &str, line: usize, o: &OrderLine) {
        let Some(head) = lower::head(self.map(), text, o, &self.block, &mut self.diags) else {
            return;
        };
        if let Some(season) = head.explicit {
            let class = lower::classify(&o.order, self.world.phase());
            self.close_for_season(season, class, Some(line));
        }
        self.setup.started = true;
        let lowered = Lower::new(&self.world, self.setup.implicit_placement).order(
            line,
            o,
            &head,
            self.block.season_span,
        );
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
                    .and_then(|u| lower::unit_info(self.map(), &self.world, u, season));
                let index = self.orders.len();
                self.orders.push(info);
                self.pending.push((index, pending, parts));
            }
        }
    }

    /// `@phase` after the game started: adjudicate at least the step in progress, then until
    /// the phase is reached. Naming the current phase with nothing to adjudicate does nothing.
    fn reach_phase(&mut self, phase: Phase, line: usize) {
        if self.world.phase() == phase && self.pending.is_empty() {
            return;
        }
        self.close_step(Some(line));
        let mut guard = 0;
        while self.world.phase() != phase && guard < 4 {
            self.close_step(Some(line));
            guard += 1;
        }
    }

    /// The founding rule: an order for a season that exists only once the current step is
    /// adjudicated, or for the next phase's kind of order in an explicit head, closes steps.
    fn close_for_season(&mut self, season: SeasonKey, class: Class, line: Option<usize>) {
        // A movement, a retreat and an adjustment step, and one more movement, at most.
        for _ in 0..4 {
            let phase = self.world.phase();
            if !self.season_needs_close(season, class) {
                return;
            }
            // Closing must make progress towards the season; stop if it cannot.
            if phase == Phase::Movement && self.pending.is_empty() {
                return;
            }
            self.close_step(line);
            if self.world.exists(season) && self.world.phase() == class.phase() {
                return;
            }
        }
    }

    /// Whether an order of `class` for `season` belongs to a step after the current one.
    fn season_needs_close(&self, season: SeasonKey, class: Class) -> bool {
        let world = &self.world;
        match (world.phase(), class) {
            (Phase::Movement, _) => !world.exists(season) && !self.pending.is_empty(),
            (Phase::Retreat, Class::Retreat) => {
                !world.exists(season)
                    || (world.is_head(season)
                        && !world
                            .pending_retreats()
                            .iter()
                            .any(|d| d.at.season == season))
            }
            (Phase::Retreat, _) => world.is_head(season) || !world.exists(season),
            (Phase::Adjustment, Class::Adjustment) => !world.exists(season),
            (Phase::Adjustment, _) => world.is_head(season) || !world.exists(season),
        }
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
            ) || matches!(&d.kind, DirectiveKind::ExpectUnit { unit, .. } | DirectiveKind::Unit { unit, .. } if unit.loc.season.is_some())
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
