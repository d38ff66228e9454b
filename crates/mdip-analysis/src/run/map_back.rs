//! Map-back: runs the judge on the step in progress and writes its results back onto the
//! orders of the file (status, reason, related units, forks), the step's summary and the
//! diagnostics of illegal orders, with the most precise range each can have.

use std::collections::BTreeMap;

use mdip_judge::world::{Illegal, Phase, RetreatProblem, SeasonKey, Spot};
use mdip_syntax::{ExpectedOutcome, Span};

use super::describe;
use super::state::{Parts, Pending, State};
use crate::diagnostics::{Code, Diagnostic, Related};
use crate::model::{Status, StepInfo};

impl State {
    /// Adjudicates the step in progress with its pending orders.
    pub(crate) fn close_step(&mut self, line: Option<usize>) {
        let pending = std::mem::take(&mut self.pending);
        let phase = self.world.phase();
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
            retreated: Vec::new(),
            removed: Vec::new(),
            built: Vec::new(),
            notes: Vec::new(),
            boards: Vec::new(),
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
        match phase {
            Phase::Movement => self.close_movement(pending, &mut step, step_index),
            Phase::Retreat => self.close_retreat(pending, &mut step, step_index),
            Phase::Adjustment => self.close_adjustment(pending, &mut step, step_index),
        }
        if phase == Phase::Movement {
            touched.extend(step.advanced.iter().map(|a| a.1));
            touched.extend(step.forks.iter().map(|f| f.first));
        }
        touched.sort();
        touched.dedup();
        for s in touched {
            if let Some(season) = self.world.season(s) {
                step.boards.push((s, season.units.clone()));
            }
        }
        self.steps.push(step);
    }

    fn close_movement(
        &mut self,
        pending: Vec<(usize, Pending, Parts)>,
        step: &mut StepInfo,
        step_index: usize,
    ) {
        let mut idx = Vec::new();
        let mut inputs = Vec::new();
        let mut parts = Vec::new();
        for (i, p, pt) in pending {
            if let Pending::Movement(m) = p {
                idx.push(i);
                inputs.push(m);
                parts.push(pt);
            }
        }
        step.seasons = self.world.heads();
        let report = self.world.movement_step(&inputs);
        step.reopened = report.reopened.clone();
        step.advanced = report.advanced.clone();
        step.forks = report.forks.clone();
        step.dislodged = report.dislodged.clone();
        // Which order line each graph unit's order came from, for related information.
        let mut line_of_graph: BTreeMap<usize, usize> = BTreeMap::new();
        for (k, e) in report.orders.iter().enumerate() {
            if let Ok(g) = e.result {
                line_of_graph.insert(g, idx[k]);
            }
        }
        let multiversal = self.multiversal || self.world.timelines().len() > 1;
        let describe = |g: usize| -> String {
            let u = &report.graph[g];
            describe::unit(self.map, u.sig.1, u.sig.2, u.spot.season, multiversal)
        };
        for (k, e) in report.orders.iter().enumerate() {
            let oi = idx[k];
            let info = &mut self.orders[oi];
            info.step = Some(step_index);
            match &e.result {
                Ok(g) => {
                    let out = &report.outcomes[*g];
                    info.status = if out.success {
                        Status::Succeeds
                    } else {
                        Status::Fails
                    };
                    info.reason = out.reason.describe(describe);
                    for other in out.reason.units() {
                        if let Some(&ol) = line_of_graph.get(&other) {
                            let span = self.orders[ol].span;
                            let d = describe(other);
                            self.orders[oi].related.push(Related { span, message: d });
                        }
                    }
                    // Forks caused by this order: a live move arriving in the past, or any
                    // live order touching a season that forked.
                    let g_unit = &report.graph[*g];
                    let touched = g_unit.order.referenced_seasons(g_unit.spot.season);
                    let forks: Vec<SeasonKey> = report
                        .forks
                        .iter()
                        .filter(|f| touched.contains(&f.from))
                        .map(|f| f.first)
                        .collect();
                    self.orders[oi].forks = forks;
                    for &(s, a) in &report.reported_cut {
                        if s == *g {
                            self.orders[oi].reason.push_str(&format!(
                                " (cut by {}, which changes nothing in the past)",
                                describe(a)
                            ));
                        }
                    }
                }
                Err(illegal) => {
                    info.status = Status::Illegal;
                    info.reason = illegal.to_string();
                    let span = illegal_span(illegal, &parts[k], info.span, inputs[k].unit.spot);
                    let mut d = illegal_diagnostic(illegal, span);
                    // Say which coast a fleet stands on when that is why it cannot get there.
                    if let Illegal::Unreachable(_) | Illegal::CoastUnreachable { .. } = illegal {
                        if let Some(u) = self.world.unit(inputs[k].unit.spot) {
                            if u.loc.coast.is_some() && d.hint.is_none() {
                                d = d.with_hint(format!(
                                    "the fleet stands on {}",
                                    self.map.location_name(u.loc)
                                ));
                            }
                        }
                    }
                    if info.expect == Some(ExpectedOutcome::Illegal) {
                        d.expected = true;
                    }
                    self.diags.push(d);
                }
            }
        }
        for (gi, g) in report.graph.iter().enumerate() {
            if !line_of_graph.contains_key(&gi) && g.live {
                let out = &report.outcomes[gi];
                if !out.success {
                    step.notes.push(format!(
                        "{} {}: {}",
                        g.sig.0.name(),
                        describe(gi),
                        out.reason.describe(describe)
                    ));
                }
            }
        }
    }

    fn close_retreat(
        &mut self,
        pending: Vec<(usize, Pending, Parts)>,
        step: &mut StepInfo,
        step_index: usize,
    ) {
        let mut idx = Vec::new();
        let mut inputs = Vec::new();
        let mut parts = Vec::new();
        for (i, p, pt) in pending {
            if let Pending::Retreat(r) = p {
                idx.push(i);
                inputs.push(r);
                parts.push(pt);
            }
        }
        let mut seasons: Vec<SeasonKey> = self
            .world
            .pending_retreats()
            .iter()
            .map(|d| d.at.season)
            .collect();
        seasons.dedup();
        step.seasons = seasons;
        let report = self.world.retreat_step(&inputs);
        for &(from, to) in &report.retreated {
            step.retreated.push((from.season, from.loc, to.loc));
        }
        for &(power, kind, at) in &report.disbanded {
            step.removed.push((power, kind, at.season, at.loc));
        }
        for (k, e) in report.orders.iter().enumerate() {
            let oi = idx[k];
            let info = &mut self.orders[oi];
            info.step = Some(step_index);
            match &e.result {
                Ok(Some(p)) => {
                    info.status = Status::Succeeds;
                    info.reason = format!("retreats to {}", self.map.location_name(p.loc));
                }
                Ok(None) => {
                    info.status = Status::Succeeds;
                    info.reason = "disbanded".into();
                }
                Err((illegal, problem)) => {
                    info.reason = problem.to_string();
                    if *illegal {
                        info.status = Status::Illegal;
                        let span = match problem {
                            RetreatProblem::NotDislodged | RetreatProblem::ForeignUnit(_) => {
                                parts[k].unit
                            }
                            _ => parts[k].dest.unwrap_or(info.span),
                        };
                        let mut d = Diagnostic::new(Code::BadRetreat, span, problem.to_string());
                        if let RetreatProblem::WrongPhase(_) = problem {
                            d.code = Code::WrongPhase;
                        }
                        if info.expect == Some(ExpectedOutcome::Illegal) {
                            d.expected = true;
                        }
                        self.diags.push(d);
                    } else {
                        info.status = Status::Fails;
                    }
                }
            }
        }
    }

    fn close_adjustment(
        &mut self,
        pending: Vec<(usize, Pending, Parts)>,
        step: &mut StepInfo,
        step_index: usize,
    ) {
        let mut idx = Vec::new();
        let mut inputs = Vec::new();
        let mut parts = Vec::new();
        for (i, p, pt) in pending {
            if let Pending::Adjustment(a) = p {
                idx.push(i);
                inputs.push(a);
                parts.push(pt);
            }
        }
        step.seasons = self.world.pending_adjustments().to_vec();
        let report = self.world.adjustment_step(&inputs);
        for &(s, power, kind, loc) in &report.built {
            step.built.push((power, kind, s, loc));
        }
        for &(s, power, kind, loc, disorder) in &report.removed {
            step.removed.push((power, kind, s, loc));
            if disorder {
                step.notes.push(format!(
                    "{}: {} {} removed by civil disorder in {}",
                    power.name(),
                    kind.letter(),
                    self.map.location_name(loc),
                    s
                ));
            }
        }
        for (k, e) in report.orders.iter().enumerate() {
            let oi = idx[k];
            let info = &mut self.orders[oi];
            info.step = Some(step_index);
            info.reason = e.outcome.reason.describe(|_| String::new());
            if e.illegal {
                info.status = Status::Illegal;
                let mut d =
                    Diagnostic::new(Code::BadAdjustment, parts[k].unit, info.reason.clone());
                if info.expect == Some(ExpectedOutcome::Illegal) {
                    d.expected = true;
                }
                self.diags.push(d);
            } else if e.outcome.success {
                info.status = Status::Succeeds;
            } else {
                info.status = Status::Fails;
            }
        }
    }
}

/// The most precise range for an illegal order's diagnostic.
fn illegal_span(i: &Illegal, parts: &Parts, whole: Span, own: Spot) -> Span {
    match i {
        Illegal::NoUnit(s) | Illegal::WrongUnitType { spot: s, .. } if *s != own => {
            parts.target.unwrap_or(whole)
        }
        Illegal::NoUnit(_) | Illegal::WrongUnitType { .. } => whole_or(parts.unit, whole),
        Illegal::ForeignUnit { .. } | Illegal::NotAHead { .. } => whole_or(parts.unit, whole),
        Illegal::WrongTerrain
        | Illegal::Unreachable(_)
        | Illegal::CoastMissing(_)
        | Illegal::CoastUnreachable { .. }
        | Illegal::MoveToSelf
        | Illegal::SupportUnreachable(_)
        | Illegal::SupportIntoOwnPlace
        | Illegal::ConvoyDestination
        | Illegal::NoSuchSeason(_) => parts.dest.or(parts.target).unwrap_or(whole),
        Illegal::SupportSelf | Illegal::ConvoyOfFleet => parts.target.unwrap_or(whole),
        _ => whole,
    }
}

fn whole_or(s: Span, whole: Span) -> Span {
    if s.is_empty() {
        whole
    } else {
        s
    }
}

/// The diagnostic for an illegal movement order.
fn illegal_diagnostic(i: &Illegal, span: Span) -> Diagnostic {
    let code = match i {
        Illegal::NoSuchSeason(_) => Code::NoSuchSeason,
        Illegal::NoUnit(_) => Code::NoSuchUnit,
        Illegal::WrongUnitType { .. } => Code::WrongUnitType,
        Illegal::ForeignUnit { .. } => Code::ForeignUnit,
        Illegal::NotAHead { .. } => Code::PastUnit,
        Illegal::WrongPhase(_) => Code::WrongPhase,
        Illegal::WrongTerrain => Code::WrongTerrain,
        Illegal::MoveToSelf => Code::MoveToSelf,
        Illegal::Unreachable(_) => Code::Unreachable,
        Illegal::CoastMissing(_) => Code::CoastMissing,
        Illegal::CoastUnreachable { .. } => Code::CoastUnreachable,
        Illegal::SupportSelf | Illegal::SupportIntoOwnPlace => Code::SupportSelf,
        Illegal::SupportUnreachable(_) => Code::SupportUnreachable,
        Illegal::ConvoyByArmy
        | Illegal::ConvoyFromCoast
        | Illegal::ConvoyOfFleet
        | Illegal::ConvoyDestination
        | Illegal::ConvoyNotOnRoute => Code::BadConvoy,
        Illegal::SupportedMoveImpossible => Code::SupportUnreachable,
        Illegal::Duplicate => Code::DuplicateOrder,
        Illegal::OtherSeasonInStandardRules => Code::StandardRules,
    };
    let mut d = Diagnostic::new(code, span, format!("illegal order: {i}"));
    match i {
        Illegal::NotAHead { head } => {
            d = d.with_hint(format!("order the unit in its timeline's head, {head}"));
        }
        Illegal::CoastMissing(c) => {
            if let Some(first) = c.first() {
                d = d.with_hint(format!("add the coast, e.g. ({})", first.abbrev()));
            }
        }
        _ => {}
    }
    d
}
