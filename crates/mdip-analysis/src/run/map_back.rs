//! Map-back: runs the judge on the step in progress and writes its results back onto the
//! orders of the file (status, reason, related units, forks), the step's summary and the
//! diagnostics of illegal orders, with the most precise range each can have.

use std::cell::OnceCell;
use std::collections::BTreeMap;

use mdip_judge::world::{
    AdjustmentInput, OrderOutcome, Phase, RetreatInput, SeasonKey, Spot, StepReport,
};
use mdip_map::Power;
use mdip_syntax::ExpectedOutcome;

use super::describe;
use super::state::{Parts, Pending, State};
use super::why::LiveUnits;
use crate::diagnostics::{Code, Diagnostic};
use crate::model::{ReasonCode, RelatedOrder, Status, StepBoard, StepInfo, StepUnit};
use crate::reason::{GameMap, Note, Why};

impl State {
    /// Adjudicates the step in progress with its pending orders.
    pub(crate) fn close_step(&mut self, line: Option<usize>) {
        self.check_stored();
        // `@rules 5dd`: an adjustment step that carries other heads' movement orders is played
        // as the adjustments, then the movement beside them (the adjusted heads rest in it).
        if self.world.phase() == Phase::Adjustment
            && self.world.rules().winters == mdip_judge::Winters::BesideMovement
            && self
                .pending
                .iter()
                .any(|p| matches!(p.1, Pending::Movement(_)))
        {
            let (moves, adjustments): (Vec<_>, Vec<_>) = std::mem::take(&mut self.pending)
                .into_iter()
                .partition(|p| matches!(p.1, Pending::Movement(_)));
            self.pending = adjustments;
            // One turn of the game: the expectations waiting for it see the board after both.
            self.close_step_as(line, Phase::Adjustment, false);
            self.pending = moves;
            self.close_step_as(line, Phase::Movement, true);
            return;
        }
        let phase = self.world.phase();
        self.close_step_as(line, phase, true);
    }

    /// Closes the step in progress as a step of `phase` (the world's, except for the movement
    /// that follows a 5dd Winter beside it); `then_expect`: check the expectations waiting for
    /// it.
    fn close_step_as(&mut self, line: Option<usize>, phase: Phase, then_expect: bool) {
        let pending = std::mem::take(&mut self.pending);
        if self.capture == Some(self.steps.len()) && self.captured.is_none() {
            self.captured = Some(self.world.clone());
        }
        let step_index = self.steps.len();
        let mut step = StepInfo {
            phase,
            seasons: Vec::new(),
            orders: pending.iter().map(|p| p.0).collect(),
            closed_at: line,
            reopened: Vec::new(),
            advanced: Vec::new(),
            forks: Vec::new(),
            dislodged: Vec::new(),
            retreats_owed: Vec::new(),
            retreated: Vec::new(),
            removed: Vec::new(),
            built: Vec::new(),
            notes: Vec::new(),
            boards: Vec::new(),
            owed: Vec::new(),
        };
        let mut touched: Vec<SeasonKey> = match phase {
            Phase::Retreat => self
                .world
                .pending_retreats()
                .iter()
                .map(|d| d.into)
                .collect(),
            Phase::Adjustment => self.world.pending_adjustments().to_vec(),
            Phase::Movement => Vec::new(),
        };
        // Closing a step in the middle of the file forfeits what it still owes: say so. At the
        // end of the file there is nothing more to read, and disbanding is the rule (DATC); an
        // adjustment step passed over had no chance of orders.
        let warn = line.is_some() && !self.passing_over;
        match phase {
            Phase::Movement => self.close_movement(pending, &mut step, step_index),
            Phase::Retreat => self.close_retreat(pending, &mut step, step_index, warn),
            Phase::Adjustment => self.close_adjustment(pending, &mut step, step_index, warn),
        }
        if phase == Phase::Movement {
            touched.extend(step.advanced.iter().map(|a| a.next));
            touched.extend(step.forks.iter().map(|f| f.first));
        }
        touched.sort();
        touched.dedup();
        for s in touched {
            if let Some(season) = self.world.season(s) {
                step.boards.push(StepBoard {
                    season: s,
                    units: season.units.clone(),
                });
            }
        }
        // What a step keeps after it is done is kept at its size: no vector keeps the spare
        // room it grew with (a long file has as many steps as lines).
        step.shrink();
        self.steps.push(step);
        if !then_expect {
            return;
        }
        // Expectations written while this step's orders were waiting see its result.
        let board = crate::expect::Board {
            world: &self.world,
            steps: super::state::game_steps(&self.steps, &self.games),
            map: self.world.map(),
            multiversal: self.multiversal || self.world.timelines().len() > 1,
        };
        self.expectations.check_after_step(&board, &mut self.diags);
    }

    fn close_movement(
        &mut self,
        pending: Vec<(usize, Pending, Parts)>,
        step: &mut StepInfo,
        step_index: usize,
    ) {
        let (given, inputs) = Given::split(pending, |p| match p {
            Pending::Movement(m) => {
                let unit = Some(m.unit.spot);
                Some((m, unit))
            }
            _ => None,
        });
        step.seasons = self.world.moving_heads();
        let mut report = self.world.movement_step(&inputs);
        self.map_back(&report, Phase::Movement, &given, step_index);
        self.note_unordered(&report, &given, step);
        // The step keeps the judge's lists as they are: moved, not copied.
        step.reopened = std::mem::take(&mut report.reopened);
        step.advanced = std::mem::take(&mut report.advanced);
        step.forks = std::mem::take(&mut report.forks);
        step.dislodged = std::mem::take(&mut report.dislodged);
    }

    fn close_retreat(
        &mut self,
        pending: Vec<(usize, Pending, Parts)>,
        step: &mut StepInfo,
        step_index: usize,
        warn: bool,
    ) {
        let (given, inputs) = Given::split(pending, |p| match p {
            Pending::Retreat(r) => Some((r, None)),
            _ => None,
        });
        if warn {
            self.warn_retreats_owed(&inputs);
        }
        let mut seasons: Vec<SeasonKey> = self
            .world
            .pending_retreats()
            .iter()
            .map(|d| d.at.season)
            .collect();
        seasons.dedup();
        step.seasons = seasons;
        step.retreats_owed = self.world.pending_retreats().to_vec();
        let mut report = self.world.retreat_step(&inputs);
        for d in &report.disbanded {
            step.removed.push(StepUnit {
                power: d.power,
                kind: d.kind,
                season: d.at.season,
                loc: d.at.loc,
            });
        }
        self.map_back(&report, Phase::Retreat, &given, step_index);
        step.retreated = std::mem::take(&mut report.retreated);
    }

    fn close_adjustment(
        &mut self,
        pending: Vec<(usize, Pending, Parts)>,
        step: &mut StepInfo,
        step_index: usize,
        warn: bool,
    ) {
        let (given, inputs) = Given::split(pending, |p| match p {
            Pending::Adjustment(a) => Some((a, None)),
            _ => None,
        });
        step.seasons = self.world.pending_adjustments().to_vec();
        step.owed = step
            .seasons
            .iter()
            .flat_map(|&s| self.world.adjustments_owed(s))
            .collect();
        // The builds each power could still make, as owed before the step.
        let possible: Vec<(SeasonKey, Power, usize)> = step
            .owed
            .iter()
            .filter(|o| o.builds > 0)
            .map(|o| (o.season, o.power, o.builds))
            .collect();
        let report = self.world.adjustment_step(&inputs);
        if warn {
            self.warn_builds_unused(possible, &report, &inputs);
        }
        for b in &report.built {
            step.built.push(StepUnit {
                power: b.power,
                kind: b.kind,
                season: b.season,
                loc: b.loc,
            });
        }
        for r in &report.removed {
            step.removed.push(StepUnit {
                power: r.power,
                kind: r.kind,
                season: r.season,
                loc: r.loc,
            });
            if r.civil_disorder {
                let unit = StepUnit {
                    power: r.power,
                    kind: r.kind,
                    season: r.season,
                    loc: r.loc,
                };
                step.notes
                    .push(Note::CivilDisorder(unit, GameMap(self.map())));
            }
        }
        self.map_back(&report, Phase::Adjustment, &given, step_index);
    }

    /// W0203 at the line closing a retreat step: the dislodged units no order of `inputs`
    /// names, which the step disbands.
    fn warn_retreats_owed(&mut self, inputs: &[RetreatInput]) {
        let multiversal = self.multiversal || self.world.timelines().len() > 1;
        let owed: Vec<String> = self
            .world
            .pending_retreats()
            .iter()
            .filter(|d| {
                !inputs.iter().any(|i| {
                    i.unit.spot.season == d.at.season && i.unit.spot.province == d.at.loc.province
                })
            })
            .map(|d| {
                format!(
                    "{} {}",
                    d.power.name(),
                    describe::unit(self.map(), d.kind, d.at.loc, d.at.season, multiversal)
                )
            })
            .collect();
        if owed.is_empty() {
            return;
        }
        let (n, verb) = if owed.len() == 1 {
            ("1 dislodged unit", "is")
        } else {
            ("dislodged units", "are")
        };
        self.diags.push(
            Diagnostic::new(
                Code::RetreatsOwed,
                self.line_span,
                format!(
                    "the retreat step closes here with {n} that had no retreat order: {} {verb} disbanded",
                    describe::capped_list(&owed, 6)
                ),
            )
            .with_hint("give each dislodged unit a retreat or a disband order above this line"),
        );
    }

    /// W0204 at the line closing an adjustment step: builds that were possible and neither
    /// made nor waived.
    fn warn_builds_unused(
        &mut self,
        possible: Vec<(SeasonKey, Power, usize)>,
        report: &StepReport,
        inputs: &[AdjustmentInput],
    ) {
        let multiversal = self.multiversal || self.world.timelines().len() > 1;
        let mut unused = Vec::new();
        for (season, power, n) in possible {
            let built = report
                .built
                .iter()
                .filter(|b| b.season == season && b.power == power)
                .count();
            let waived = report
                .entries
                .iter()
                .filter(|e| {
                    inputs.get(e.input).is_some_and(|i| i.power == power)
                        && matches!(
                            &e.outcome,
                            OrderOutcome::Adjusted { season: s, outcome }
                                if *s == season && outcome.reason == mdip_judge::Reason::Waived
                        )
                })
                .count();
            let left = n.saturating_sub(built + waived);
            if left > 0 {
                let builds = if left == 1 { "build" } else { "builds" };
                unused.push(format!(
                    "{} {left} {builds} in {}",
                    power.name(),
                    describe::step_season_words(
                        season,
                        Phase::Adjustment,
                        multiversal,
                        self.map().first_year()
                    )
                ));
            }
        }
        if unused.is_empty() {
            return;
        }
        self.diags.push(
            Diagnostic::new(
                Code::BuildsUnused,
                self.line_span,
                format!(
                    "the adjustment step closes here with builds unused: {}",
                    describe::capped_list(&unused, 6)
                ),
            )
            .with_hint("build or `Waive` above this line"),
        );
    }

    /// The one map-back loop: writes each entry of a step's report onto its order (status,
    /// reason, related units, forks) and a diagnostic for each illegal order.
    fn map_back(&mut self, report: &StepReport, phase: Phase, given: &Given, step_index: usize) {
        // Which order line each graph unit's order came from, for related information.
        let line_of_graph = line_of_graph(report, given);
        let live = OnceCell::new();
        let multiversal = self.multiversal || self.world.timelines().len() > 1;
        let map = self.map();
        for (k, e) in report.entries.iter().enumerate() {
            let oi = given.lines[k];
            let info = &mut self.orders[oi];
            info.step = Some(step_index);
            info.status = if e.outcome.succeeded() {
                Status::Succeeds
            } else {
                Status::Fails
            };
            info.cause.code = Some(match &e.outcome {
                OrderOutcome::Adjudicated { outcome, .. }
                | OrderOutcome::Adjusted { outcome, .. } => describe::reason_code(&outcome.reason),
                OrderOutcome::Retreated { .. } => ReasonCode::Retreated,
                OrderOutcome::Disbanded => ReasonCode::Disbanded,
                OrderOutcome::RetreatBounced => ReasonCode::RetreatCollision,
                OrderOutcome::RetreatFailed(reason) => describe::reason_code(reason),
                OrderOutcome::Illegal(illegal) => describe::illegal_code(illegal),
            });
            match &e.outcome {
                OrderOutcome::Adjudicated { unit, outcome } => {
                    info.why = Why::Judged {
                        reason: outcome.reason.clone(),
                        cut_in_past: Vec::new(),
                        multiversal,
                        map: GameMap(map),
                    };
                    self.map_back_graph_unit(report, *unit, oi, &line_of_graph, &live);
                }
                OrderOutcome::Adjusted { outcome, .. } => {
                    info.why = Why::Unnamed(outcome.reason.clone());
                }
                OrderOutcome::Retreated { to } => info.why = Why::Retreated(to.loc, GameMap(map)),
                OrderOutcome::Disbanded => info.why = Why::Disbanded,
                OrderOutcome::RetreatBounced => info.why = Why::RetreatBounced,
                OrderOutcome::RetreatFailed(reason) => info.why = Why::Unnamed(reason.clone()),
                OrderOutcome::Illegal(illegal) => {
                    info.status = Status::Illegal;
                    info.why = Why::Illegal {
                        illegal: illegal.clone(),
                        phase,
                        multiversal,
                        map: GameMap(map),
                    };
                    let mut d = self.illegal_diagnostic(illegal, phase, given, k, oi);
                    if matches!(
                        self.orders[oi].expect,
                        Some(ExpectedOutcome::Illegal | ExpectedOutcome::Any)
                    ) {
                        d.expected = true;
                    }
                    self.diags.push(d);
                }
            }
        }
    }

    /// The related units, forks and reported cuts of a movement order adjudicated as graph
    /// unit `g`.
    fn map_back_graph_unit(
        &mut self,
        report: &StepReport,
        g: usize,
        oi: usize,
        line_of_graph: &BTreeMap<usize, usize>,
        live: &OnceCell<LiveUnits>,
    ) {
        for other in report.outcomes[g].reason.units() {
            let u = &report.graph[other];
            let unit = StepUnit {
                power: u.sig.power,
                kind: u.sig.kind,
                season: u.spot.season,
                loc: u.sig.loc,
            };
            self.orders[oi].cause.units.push(unit);
            if let Some(&ol) = line_of_graph.get(&other) {
                let span = self.orders[ol].span;
                self.orders[oi].related.push(RelatedOrder { span, unit });
            }
        }
        self.orders[oi].cause.strengths = super::why::strengths(report, g);
        self.orders[oi].cause.turn = super::why::turn(&self.world, report, g, live);
        // Forks caused by this order: a live move arriving in the past, or any live order
        // touching a season that forked.
        let g_unit = &report.graph[g];
        let touched = g_unit.order.referenced_seasons(g_unit.spot.season);
        self.orders[oi].forks = report
            .forks
            .iter()
            .filter(|f| touched.contains(&f.from))
            .map(|f| f.first)
            .collect();
        for cut in &report.reported_cut {
            if cut.support == g {
                let u = &report.graph[cut.by];
                let by = StepUnit {
                    power: u.sig.power,
                    kind: u.sig.kind,
                    season: u.spot.season,
                    loc: u.sig.loc,
                };
                if let Why::Judged { cut_in_past, .. } = &mut self.orders[oi].why {
                    cut_in_past.push(by);
                }
            }
        }
    }

    /// Notes for the live units that failed without an order of the file.
    fn note_unordered(&self, report: &StepReport, given: &Given, step: &mut StepInfo) {
        let line_of_graph = line_of_graph(report, given);
        let multiversal = self.multiversal || self.world.timelines().len() > 1;
        let unit = |g: usize| -> StepUnit {
            let u = &report.graph[g];
            StepUnit {
                power: u.sig.power,
                kind: u.sig.kind,
                season: u.spot.season,
                loc: u.sig.loc,
            }
        };
        for (gi, g) in report.graph.iter().enumerate() {
            if !line_of_graph.contains_key(&gi) && g.live {
                let out = &report.outcomes[gi];
                if !out.success() {
                    step.notes.push(Note::Unordered {
                        unit: unit(gi),
                        reason: out.reason.clone(),
                        named: out.reason.units().into_iter().map(unit).collect(),
                        multiversal,
                        map: GameMap(self.map()),
                    });
                }
            }
        }
    }
}

/// The orders given to one step: their lines in the file, the spans of their parts, and for
/// movement orders the spot of the ordered unit; indexed like the step's input.
#[derive(Default)]
pub(super) struct Given {
    pub(super) lines: Vec<usize>,
    pub(super) parts: Vec<Parts>,
    pub(super) units: Vec<Option<Spot>>,
}

impl Given {
    /// The pending orders of one kind of step (`pick` returns the lowered order and the spot of
    /// its unit, if any), with where each came from.
    fn split<T>(
        pending: Vec<(usize, Pending, Parts)>,
        pick: impl Fn(Pending) -> Option<(T, Option<Spot>)>,
    ) -> (Given, Vec<T>) {
        let mut given = Given::default();
        let mut inputs = Vec::new();
        for (line, p, parts) in pending {
            if let Some((input, unit)) = pick(p) {
                given.lines.push(line);
                given.parts.push(parts);
                given.units.push(unit);
                inputs.push(input);
            }
        }
        (given, inputs)
    }
}

/// Which order line each graph unit's order came from.
fn line_of_graph(report: &StepReport, given: &Given) -> BTreeMap<usize, usize> {
    let mut lines = BTreeMap::new();
    for (k, e) in report.entries.iter().enumerate() {
        if let OrderOutcome::Adjudicated { unit, .. } = e.outcome {
            lines.insert(unit, given.lines[k]);
        }
    }
    lines
}
