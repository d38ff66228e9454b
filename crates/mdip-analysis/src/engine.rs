//! Runs a file: walks its lines in order, lowers orders and directives against the world,
//! closes steps where the notation says, and maps every result back to its text range.

use std::collections::BTreeMap;

use mdip_judge::world::{
    AdjustmentInput, AdjustmentOrder, Illegal, OrderInput, Phase, RetreatInput, RetreatOrder,
    RetreatProblem, RuleSet, SeasonKey, Spot, UnitOrder, UnitRef as WUnitRef, World,
};
use mdip_map::{Coast, Location, Map, Power, ProvinceId, UnitType};
use mdip_syntax::{
    DirectiveKind, ExpectedOutcome, LineKind, LocRef, Order, OrderLine, Parse, Span, UnitKind,
    UnitRef,
};

use crate::diagnostics::{Code, Diagnostic, Related};
use crate::expect::Expectations;
use crate::model::{Analysis, LineContext, OrderInfo, OrderKind, Status, StepInfo, UnitInfo};
use crate::names;

/// The state of the engine before a line, kept so that an edit further down can resume from
/// it instead of running the whole file again.
///
/// To stay cheap, a checkpoint does not copy the orders, steps and line contexts found so far
/// (they only grow): it keeps their lengths, and the analysis that made it supplies them.
#[derive(Clone)]
pub(crate) struct Checkpoint {
    /// The first line not yet processed.
    pub(crate) line: usize,
    /// The engine, with empty `orders`, `steps` and `contexts`.
    pub(crate) engine: Engine,
    orders_len: usize,
    steps_len: usize,
    /// The orders still waiting for their step at the checkpoint, as they were then.
    pending_orders: Vec<(usize, OrderInfo)>,
}

impl Checkpoint {
    /// The checkpoint of an engine's current state.
    fn of(engine: &Engine, line: usize) -> Checkpoint {
        let light = Engine {
            map: engine.map,
            world: engine.world.clone(),
            diags: engine.diags.clone(),
            orders: Vec::new(),
            steps: Vec::new(),
            pending: engine.pending.clone(),
            started: engine.started,
            phase_set: engine.phase_set,
            turn_set: engine.turn_set,
            implicit_placement: engine.implicit_placement,
            block_power: engine.block_power,
            block_power_unknown: engine.block_power_unknown,
            block_season: engine.block_season,
            block_season_span: engine.block_season_span,
            multiversal: engine.multiversal,
            contexts: Vec::new(),
            expectations: engine.expectations.clone(),
        };
        Checkpoint {
            line,
            engine: light,
            orders_len: engine.orders.len(),
            steps_len: engine.steps.len(),
            pending_orders: engine
                .pending
                .iter()
                .map(|p| (p.0, engine.orders[p.0].clone()))
                .collect(),
        }
    }

    /// The engine as it was at the checkpoint, given the analysis that made the checkpoint.
    pub(crate) fn restore(&self, from: &Analysis) -> Engine {
        let mut engine = self.engine.clone();
        engine.orders = from.orders[..self.orders_len.min(from.orders.len())].to_vec();
        for (i, o) in &self.pending_orders {
            if let Some(slot) = engine.orders.get_mut(*i) {
                *slot = o.clone();
            }
        }
        engine.steps = from.steps[..self.steps_len.min(from.steps.len())].to_vec();
        engine.contexts = from.contexts[..self.line.min(from.contexts.len())].to_vec();
        engine
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

/// A pending order of the current step.
#[derive(Clone)]
enum Pending {
    Movement(OrderInput),
    Retreat(RetreatInput),
    Adjustment(AdjustmentInput),
}

/// Spans of the parts of an order, for precise diagnostics.
#[derive(Clone, Copy, Default)]
struct Parts {
    unit: Span,
    target: Option<Span>,
    dest: Option<Span>,
}

/// What class of step an order belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Class {
    Movement,
    Retreat,
    Adjustment,
}

fn class_phase(c: Class) -> Phase {
    match c {
        Class::Movement => Phase::Movement,
        Class::Retreat => Phase::Retreat,
        Class::Adjustment => Phase::Adjustment,
    }
}

#[derive(Clone)]
pub(crate) struct Engine {
    map: &'static Map,
    pub(crate) world: World,
    pub(crate) diags: Vec<Diagnostic>,
    pub(crate) orders: Vec<OrderInfo>,
    pub(crate) steps: Vec<StepInfo>,
    pending: Vec<(usize, Pending, Parts)>,
    /// Whether the game has started (an order or a later `@phase` was seen).
    started: bool,
    /// Whether a first `@phase` set the starting phase.
    phase_set: bool,
    /// Whether the root turn was chosen explicitly with `@turn`.
    turn_set: bool,
    /// Positions are implied by the orders of the first step (no `@start`).
    implicit_placement: bool,
    block_power: Option<Power>,
    /// Whether the current block's header named a power that could not be resolved (its orders
    /// then get no second error).
    block_power_unknown: bool,
    block_season: Option<SeasonKey>,
    /// The span of the current block header's season.
    block_season_span: Option<Span>,
    pub(crate) multiversal: bool,
    pub(crate) contexts: Vec<LineContext>,
    pub(crate) expectations: Expectations,
}

impl Engine {
    pub(crate) fn new() -> Engine {
        Engine {
            map: Map::standard(),
            world: World::new(0),
            diags: Vec::new(),
            orders: Vec::new(),
            steps: Vec::new(),
            pending: Vec::new(),
            started: false,
            phase_set: false,
            turn_set: false,
            implicit_placement: true,
            block_power: None,
            block_power_unknown: false,
            block_season: None,
            block_season_span: None,
            multiversal: false,
            contexts: Vec::new(),
            expectations: Expectations::default(),
        }
    }

    /// Runs the whole file, from line `from` on (0, or the line of the checkpoint this engine
    /// was cloned from), keeping checkpoints for later incremental runs.
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
            match &line.kind {
                LineKind::Header(h) => {
                    self.block_power = names::power(&h.power, &mut self.diags);
                    self.block_power_unknown = self.block_power.is_none();
                    self.block_season_span = h.season.as_ref().map(|s| s.span);
                    // The block's season closes steps only when its orders come (their kind
                    // says which step they belong to).
                    self.block_season = h.season.as_ref().and_then(names::season);
                }
                LineKind::Order(o) => self.order(text, i, o),
                LineKind::Directive(d) => self.directive(i, &d.kind, d.span),
                LineKind::Blank | LineKind::Comment | LineKind::Error => {}
            }
            self.contexts.push(LineContext {
                power: self.block_power,
                season: self.block_season.or_else(|| self.world.default_season()),
                phase: self.world.phase(),
            });
            if !matches!(line.kind, LineKind::Blank | LineKind::Comment) {
                self.expectations.bind_line(line.span);
            }
        }
        if !self.pending.is_empty() {
            self.close_step(None);
        }
        // Syntax errors come from this parse (a checkpoint holds none).
        for e in &parse.errors {
            self.diags.push(Diagnostic::from(e));
        }
        let mut diags = std::mem::take(&mut self.diags);
        let (stated, failed) =
            self.expectations
                .check(&self.world, &self.orders, &self.steps, &mut diags, self.map);
        diags.sort_by_key(|d| (d.span.start, d.span.end));
        Analysis {
            parse,
            diagnostics: diags,
            orders: self.orders,
            steps: self.steps,
            world: self.world,
            contexts: self.contexts,
            multiversal: self.multiversal,
            expectations: (stated, failed),
            checkpoints: Checkpoints(kept),
        }
    }

    fn err(&mut self, code: Code, span: Span, message: impl Into<String>) {
        self.diags.push(Diagnostic::new(code, span, message));
    }

    // ----- Directives -------------------------------------------------------------------------

    fn setup_allowed(&mut self, span: Span) -> bool {
        if self.started || self.world.steps_done() > 0 {
            self.diags.push(
                Diagnostic::new(
                    Code::SetupTooLate,
                    span,
                    "setup directives must come before the first order",
                )
                .with_hint("move this line above the orders"),
            );
            false
        } else {
            true
        }
    }

    fn directive(&mut self, line: usize, kind: &DirectiveKind, span: Span) {
        match kind {
            DirectiveKind::Rules(name) => {
                if !self.setup_allowed(span) {
                    return;
                }
                match name.text.to_ascii_lowercase().as_str() {
                    "mdatc" => self.world.set_rules(RuleSet::Mdatc),
                    "standard" => self.world.set_rules(RuleSet::Standard),
                    _ => self.diags.push(
                        Diagnostic::new(
                            Code::UnknownDirectiveWord,
                            name.span,
                            format!("unknown rule set `{}`", name.text),
                        )
                        .with_hint("rule sets: mdatc, standard"),
                    ),
                }
            }
            DirectiveKind::Start(name) => {
                if !self.setup_allowed(span) {
                    return;
                }
                if name.text.eq_ignore_ascii_case("standard") {
                    if let Err(e) = self.world.place_standard_start() {
                        self.err(Code::BadPlacement, span, e.to_string());
                    }
                    self.implicit_placement = false;
                } else {
                    self.diags.push(
                        Diagnostic::new(
                            Code::UnknownDirectiveWord,
                            name.span,
                            format!("unknown starting position `{}`", name.text),
                        )
                        .with_hint("starting positions: standard"),
                    );
                }
            }
            DirectiveKind::Turn(n) => {
                if !self.setup_allowed(span) {
                    return;
                }
                if let Some(t) = n.value {
                    if let Err(e) = self.world.set_root_turn(t) {
                        self.err(Code::SetupTooLate, span, e.to_string());
                    }
                    self.turn_set = true;
                }
            }
            DirectiveKind::Unit { power, unit } => {
                if !self.setup_allowed(span) {
                    return;
                }
                let Some(power) = names::power(power, &mut self.diags) else {
                    return;
                };
                let Some((kind, loc, season)) = self.placement(unit) else {
                    return;
                };
                if let Err(e) = self.world.place_unit(season, power, kind, loc) {
                    self.err(Code::BadPlacement, unit.span, e.to_string());
                }
            }
            DirectiveKind::Owns { power, provinces } => {
                if !self.setup_allowed(span) {
                    return;
                }
                let Some(power) = names::power(power, &mut self.diags) else {
                    return;
                };
                let root = self.world.root();
                for p in join_province_words(self.map, provinces) {
                    if let Some(pid) = names::province(self.map, &p, &mut self.diags) {
                        if let Err(e) = self.world.set_owner(root, pid, Some(power)) {
                            self.err(Code::BadPlacement, p.span, e.to_string());
                        }
                    }
                }
            }
            DirectiveKind::Phase(name) => {
                let phase = match name.text.to_ascii_lowercase().as_str() {
                    "movement" | "move" | "moves" => Phase::Movement,
                    "retreat" | "retreats" => Phase::Retreat,
                    "adjustment" | "adjustments" | "build" | "builds" | "winter" => {
                        Phase::Adjustment
                    }
                    _ => {
                        self.diags.push(
                            Diagnostic::new(
                                Code::UnknownDirectiveWord,
                                name.span,
                                format!("unknown phase `{}`", name.text),
                            )
                            .with_hint("phases: movement, retreat, adjustment"),
                        );
                        return;
                    }
                };
                if !self.started && !self.phase_set && self.world.steps_done() == 0 {
                    self.phase_set = true;
                    match phase {
                        Phase::Movement => {}
                        Phase::Adjustment => {
                            if !self.turn_set {
                                if let Err(e) = self.world.set_root_turn(2) {
                                    self.err(Code::SetupTooLate, span, e.to_string());
                                }
                            }
                            if let Err(e) = self.world.start_in_adjustment() {
                                self.err(Code::SetupTooLate, span, e.to_string());
                            }
                        }
                        Phase::Retreat => self.diags.push(
                            Diagnostic::new(
                                Code::UnknownDirectiveWord,
                                name.span,
                                "a game cannot start in a retreat phase",
                            )
                            .with_hint("give the movement orders that dislodge the units, then `@phase retreat`"),
                        ),
                    }
                    return;
                }
                self.started = true;
                // Naming the current phase with nothing to adjudicate does nothing.
                if self.world.phase() == phase && self.pending.is_empty() {
                    return;
                }
                // Adjudicate at least the step in progress, then until the phase is reached.
                self.close_step(Some(line));
                let mut guard = 0;
                while self.world.phase() != phase && guard < 4 {
                    self.close_step(Some(line));
                    guard += 1;
                }
            }
            DirectiveKind::ExpectDiagnostic { severity, code } => {
                self.expectations
                    .add_diagnostic(span, severity.clone(), code.clone());
            }
            DirectiveKind::Unknown => {}
            other => {
                let block = self.block_season;
                self.expectations
                    .add(span, other.clone(), block, &mut self.diags);
            }
        }
    }

    /// Resolves a unit of `@unit`: type, location and season.
    fn placement(&mut self, unit: &UnitRef) -> Option<(UnitType, Location, SeasonKey)> {
        let kind = unit_type(unit.kind.as_ref()?.kind);
        let province = names::province(self.map, &unit.loc.province, &mut self.diags)?;
        let coast = match &unit.loc.coast {
            Some(c) => Some(names::coast(c, &mut self.diags)?),
            None => None,
        };
        let season = match &unit.loc.season {
            Some(s) => names::season(s)?,
            None => self.world.root(),
        };
        let loc = self.stand_location(kind, province, coast, unit.loc.span)?;
        Some((kind, loc, season))
    }

    /// The location a unit of `kind` stands on, given a province and a written coast.
    fn stand_location(
        &mut self,
        kind: UnitType,
        province: ProvinceId,
        coast: Option<Coast>,
        span: Span,
    ) -> Option<Location> {
        let coasts = self.map.coasts(province);
        let loc = match kind {
            UnitType::Army => Location::new(province, None),
            UnitType::Fleet if coasts.is_empty() => Location::new(province, None),
            UnitType::Fleet => Location::new(province, coast),
        };
        if !self.map.can_stand(kind, loc) {
            let hint = if kind == UnitType::Fleet && !coasts.is_empty() && coast.is_none() {
                "a fleet here needs its coast, such as (nc) or (sc)"
            } else {
                "armies stand on land, fleets at sea or on coasts"
            };
            self.diags.push(
                Diagnostic::new(
                    Code::BadPlacement,
                    span,
                    format!(
                        "{} cannot stand in {}",
                        if kind == UnitType::Army {
                            "an army"
                        } else {
                            "a fleet"
                        },
                        self.map.location_name(loc)
                    ),
                )
                .with_hint(hint),
            );
            return None;
        }
        Some(loc)
    }

    // ----- Orders -----------------------------------------------------------------------------

    fn order(&mut self, text: &str, line: usize, o: &OrderLine) {
        let power = match &o.power {
            Some(n) => names::power(n, &mut self.diags),
            None => match self.block_power {
                Some(p) => Some(p),
                None if self.block_power_unknown => None,
                None => {
                    self.diags.push(
                        Diagnostic::new(
                            Code::NoPower,
                            o.span,
                            "this order has no power",
                        )
                        .with_hint("put it under a block header such as `England:`, or write the power in front: `England: F London - North Sea`"),
                    );
                    None
                }
            },
        };
        let Some(power) = power else { return };
        if o.order.is_incomplete() {
            return;
        }
        // An ordered unit without its type already has a syntax error (E0105).
        if o.order.unit().is_some_and(|u| u.kind.is_none()) {
            return;
        }
        let order_span = match o.expect {
            Some(e) => trim_end(Span::new(o.span.start, e.span.start), text),
            None => o.span,
        };
        // Without the power written in front (`England: `).
        let order_span = match o.colon {
            Some(c) if o.power.is_some() => {
                let rest = text
                    .get(c.end as usize..order_span.end as usize)
                    .unwrap_or("");
                let skip = (rest.len() - rest.trim_start().len()) as u32;
                Span::new((c.end + skip).min(order_span.end), order_span.end)
            }
            _ => order_span,
        };
        let class = self.classify(&o.order);
        // The season of the ordered unit, as written or by default.
        let unit_season_lit = o.order.unit().and_then(|u| u.loc.season.as_ref());
        let explicit = unit_season_lit
            .and_then(names::season)
            .or(self.block_season);
        if let Some(s) = explicit {
            self.check_step_for_season(s, class, Some(line));
        }
        self.started = true;
        let class = self.classify(&o.order);
        let season = match explicit {
            Some(s) => s,
            None => match self.world.default_season() {
                Some(s) => s,
                None => {
                    self.diags.push(
                        Diagnostic::new(
                            Code::SeasonNeeded,
                            o.order.unit().map_or(order_span, |u| u.span),
                            "which season? The game has several heads",
                        )
                        .with_hint(format!(
                            "write the season after the unit or in the block header; heads: {}",
                            heads_list(&self.world)
                        )),
                    );
                    return;
                }
            },
        };
        // A season that does not exist, even once the steps in progress are adjudicated.
        if !self.world.exists(season) {
            let span = unit_season_lit
                .map(|l| l.span)
                .or(self.block_season_span)
                .unwrap_or(order_span);
            let mut d = Diagnostic::new(
                Code::NoSuchSeason,
                span,
                format!("season {season} does not exist"),
            )
            .with_hint(format!("the heads are {}", heads_list(&self.world)));
            if o.expect.map(|e| e.outcome) == Some(ExpectedOutcome::Illegal) {
                d.expected = true;
            }
            self.diags.push(d);
            self.orders.push(OrderInfo {
                line,
                span: order_span,
                power,
                unit: None,
                kind: order_kind(&o.order, class),
                step: None,
                status: Status::Illegal,
                reason: format!("season {season} does not exist"),
                related: Vec::new(),
                expect: o.expect.map(|e| e.outcome),
                forks: Vec::new(),
            });
            return;
        }
        let kind = order_kind(&o.order, class);
        let mut info = OrderInfo {
            line,
            span: order_span,
            power,
            unit: None,
            kind,
            step: None,
            status: Status::Pending,
            reason: String::new(),
            related: Vec::new(),
            expect: o.expect.map(|e| e.outcome),
            forks: Vec::new(),
        };
        // Wrong phase: the order is illegal now and does not wait for a step.
        if class_phase(class) != self.world.phase() {
            info.status = Status::Illegal;
            info.reason = format!(
                "{} orders are not allowed in the {} phase",
                class_phase(class).name(),
                self.world.phase().name()
            );
            let mut d = Diagnostic::new(Code::WrongPhase, order_span, info.reason.clone());
            d.hint = Some(match self.world.phase() {
                Phase::Movement => "this is a movement phase: hold, move, support or convoy".into(),
                Phase::Retreat => {
                    "this is a retreat phase: only retreats and disbands of dislodged units".into()
                }
                Phase::Adjustment => "this is an adjustment phase: build, remove or waive".into(),
            });
            if o.expect.map(|e| e.outcome) == Some(ExpectedOutcome::Illegal) {
                d.expected = true;
            }
            self.diags.push(d);
            if let Some(u) = o.order.unit() {
                info.unit = self.unit_info(u, season);
            }
            self.orders.push(info);
            return;
        }
        let lowered = match class {
            Class::Movement => self.lower_movement(power, &o.order, season),
            Class::Retreat => self.lower_retreat(power, &o.order, season),
            Class::Adjustment => self.lower_adjustment(power, &o.order, explicit),
        };
        let Some((pending, parts)) = lowered else {
            // A name could not be resolved: the order is dropped (diagnosed already).
            info.status = Status::Illegal;
            info.reason = "the order could not be read".into();
            self.orders.push(info);
            return;
        };
        info.unit = o.order.unit().and_then(|u| self.unit_info(u, season));
        let index = self.orders.len();
        self.orders.push(info);
        self.pending.push((index, pending, parts));
    }

    /// The unit an order names, as it stands if it exists.
    fn unit_info(&self, u: &UnitRef, season: SeasonKey) -> Option<UnitInfo> {
        let province = self.map.resolve_province(&u.loc.province.text)?;
        let spot = Spot { season, province };
        if let Some(b) = self.world.unit(spot) {
            return Some(UnitInfo {
                kind: b.kind,
                loc: b.loc,
                season,
            });
        }
        let kind = unit_type(u.kind.as_ref()?.kind);
        let coast = u.loc.coast.as_ref().and_then(|c| Coast::from_name(&c.text));
        Some(UnitInfo {
            kind,
            loc: Location::new(province, coast),
            season,
        })
    }

    /// The class of an order in the current phase.
    fn classify(&self, o: &Order) -> Class {
        match o {
            Order::Hold { .. }
            | Order::SupportHold { .. }
            | Order::SupportMove { .. }
            | Order::Convoy { .. } => Class::Movement,
            Order::Move {
                retreat_keyword, ..
            } => {
                if self.world.phase() == Phase::Retreat || retreat_keyword.is_some() {
                    Class::Retreat
                } else {
                    Class::Movement
                }
            }
            Order::Disband { .. } => {
                if self.world.phase() == Phase::Adjustment {
                    Class::Adjustment
                } else {
                    Class::Retreat
                }
            }
            Order::Build { .. } | Order::Remove { .. } | Order::Waive { .. } => Class::Adjustment,
            Order::Incomplete(_) => Class::Movement,
        }
    }

    /// The founding rule: an order for a season that exists only once the current step is
    /// adjudicated, or for the next phase's kind of order in an explicit head, closes steps.
    fn check_step_for_season(&mut self, season: SeasonKey, class: Class, line: Option<usize>) {
        for _ in 0..4 {
            let phase = self.world.phase();
            let close = match (phase, class) {
                (Phase::Movement, _) => !self.world.exists(season) && !self.pending.is_empty(),
                (Phase::Retreat, Class::Retreat) => {
                    !self.world.exists(season)
                        || (self.world.is_head(season)
                            && !self
                                .world
                                .pending_retreats()
                                .iter()
                                .any(|d| d.at.season == season))
                }
                (Phase::Retreat, _) => self.world.is_head(season) || !self.world.exists(season),
                (Phase::Adjustment, Class::Adjustment) => !self.world.exists(season),
                (Phase::Adjustment, _) => self.world.is_head(season) || !self.world.exists(season),
            };
            if !close {
                return;
            }
            // Closing must make progress towards the season; stop if it cannot.
            if phase == Phase::Movement && self.pending.is_empty() {
                return;
            }
            self.close_step(line);
            if self.world.exists(season) && self.world.phase() == class_phase(class) {
                return;
            }
        }
    }

    fn lower_loc(&mut self, l: &LocRef, default: SeasonKey) -> Option<(Spot, Option<Coast>)> {
        let province = names::province(self.map, &l.province, &mut self.diags)?;
        let coast = match &l.coast {
            Some(c) => Some(names::coast(c, &mut self.diags)?),
            None => None,
        };
        let season = match &l.season {
            Some(s) => names::season(s)?,
            None => default,
        };
        if let Some(c) = &l.coast {
            if self.map.coasts(province).is_empty() {
                self.diags.push(
                    Diagnostic::new(
                        Code::NeedlessCoast,
                        c.span,
                        format!(
                            "{} has no separate coasts; the coast is ignored",
                            self.map.name(province)
                        ),
                    )
                    .with_fix("Remove the coast", c.span, ""),
                );
            }
        }
        Some((Spot { season, province }, coast))
    }

    fn lower_unit(&mut self, u: &UnitRef, default: SeasonKey) -> Option<WUnitRef> {
        let (spot, coast) = self.lower_loc(&u.loc, default)?;
        // A unit type that can never stand there: an army at sea, a fleet inland.
        if let Some(k) = &u.kind {
            let kind = unit_type(k.kind);
            let terrain = self.map.terrain(spot.province);
            let wrong = match kind {
                UnitType::Army => terrain == mdip_map::Terrain::Sea,
                UnitType::Fleet => terrain == mdip_map::Terrain::Inland,
            };
            if wrong {
                let other = if kind == UnitType::Army { "F" } else { "A" };
                self.diags.push(
                    Diagnostic::new(
                        Code::WrongTerrain,
                        u.span,
                        format!(
                            "{} cannot stand in {} ({})",
                            if kind == UnitType::Army {
                                "an army"
                            } else {
                                "a fleet"
                            },
                            self.map.name(spot.province),
                            terrain.name()
                        ),
                    )
                    .with_fix(
                        format!("Change the unit type to {other}"),
                        k.span,
                        other,
                    ),
                );
                return None;
            }
        }
        Some(WUnitRef {
            kind: u.kind.as_ref().map(|k| unit_type(k.kind)),
            spot,
            coast,
        })
    }

    /// Places the unit an order of the first step names, when positions are implied by orders.
    fn implicit_place(&mut self, power: Power, u: &UnitRef, r: WUnitRef) {
        if !self.implicit_placement
            || self.world.steps_done() > 0
            || r.spot.season != self.world.root()
            || self.world.phase() != Phase::Movement
            || self.world.unit(r.spot).is_some()
        {
            return;
        }
        let Some(kind) = r.kind else { return };
        let Some(loc) = self.stand_location(kind, r.spot.province, r.coast, u.span) else {
            return;
        };
        let _ = self.world.place_unit(r.spot.season, power, kind, loc);
    }

    fn lower_movement(
        &mut self,
        power: Power,
        o: &Order,
        season: SeasonKey,
    ) -> Option<(Pending, Parts)> {
        let u = o.unit()?;
        let unit = self.lower_unit(u, season)?;
        self.implicit_place(power, u, unit);
        self.check_unit_coast(u, unit);
        let mut parts = Parts {
            unit: u.span,
            ..Parts::default()
        };
        let order = match o {
            Order::Hold { .. } => UnitOrder::Hold,
            Order::Move {
                dest, via_convoy, ..
            } => {
                let (to, coast) = self.lower_loc(dest, unit.spot.season)?;
                parts.dest = Some(dest.span);
                UnitOrder::Move {
                    to,
                    coast,
                    via_convoy: via_convoy.is_some(),
                }
            }
            Order::SupportHold { target, .. } => {
                let target = {
                    parts.target = Some(target.span);
                    self.lower_unit(target, unit.spot.season)?
                };
                UnitOrder::SupportHold { target }
            }
            Order::SupportMove { target, dest, .. } => {
                parts.target = Some(target.span);
                parts.dest = Some(dest.span);
                let t = self.lower_unit(target, unit.spot.season)?;
                let (to, coast) = self.lower_loc(dest, t.spot.season)?;
                UnitOrder::SupportMove {
                    target: t,
                    to,
                    coast,
                }
            }
            Order::Convoy { army, dest, .. } => {
                parts.target = Some(army.span);
                parts.dest = Some(dest.span);
                let a = self.lower_unit(army, unit.spot.season)?;
                let (to, _) = self.lower_loc(dest, a.spot.season)?;
                UnitOrder::Convoy { army: a, to }
            }
            _ => return None,
        };
        Some((Pending::Movement(OrderInput { power, unit, order }), parts))
    }

    /// A coast written for the ordered unit that is not where it stands is ignored (4.B.5).
    fn check_unit_coast(&mut self, u: &UnitRef, r: WUnitRef) {
        let (Some(c), Some(lit)) = (r.coast, &u.loc.coast) else {
            return;
        };
        if let Some(b) = self.world.unit(r.spot) {
            if b.loc.coast.is_some() && b.loc.coast != Some(c) {
                self.diags.push(
                    Diagnostic::new(
                        Code::WrongUnitCoast,
                        lit.span,
                        format!(
                            "the fleet stands on {}; the coast written is ignored",
                            self.map.location_name(b.loc)
                        ),
                    )
                    .with_fix(
                        "Use the unit's coast",
                        lit.span,
                        format!("({})", b.loc.coast.map_or("", |c| c.abbrev())),
                    ),
                );
            }
        }
    }

    fn lower_retreat(
        &mut self,
        power: Power,
        o: &Order,
        season: SeasonKey,
    ) -> Option<(Pending, Parts)> {
        let u = o.unit()?;
        let unit = self.lower_unit(u, season)?;
        let mut parts = Parts {
            unit: u.span,
            ..Parts::default()
        };
        let order = match o {
            Order::Move { dest, .. } => {
                parts.dest = Some(dest.span);
                let (to, coast) = self.lower_loc(dest, unit.spot.season)?;
                RetreatOrder::Move { to, coast }
            }
            Order::Disband { .. } => RetreatOrder::Disband,
            _ => return None,
        };
        Some((Pending::Retreat(RetreatInput { power, unit, order }), parts))
    }

    fn lower_adjustment(
        &mut self,
        power: Power,
        o: &Order,
        explicit: Option<SeasonKey>,
    ) -> Option<(Pending, Parts)> {
        let mut parts = Parts::default();
        let order = match o {
            Order::Build { unit, .. } => {
                parts.unit = unit.span;
                let province = names::province(self.map, &unit.loc.province, &mut self.diags)?;
                let coast = match &unit.loc.coast {
                    Some(c) => Some(names::coast(c, &mut self.diags)?),
                    None => None,
                };
                let kind = unit_type(unit.kind.as_ref()?.kind);
                AdjustmentOrder::Build {
                    kind,
                    province,
                    coast,
                }
            }
            Order::Remove { unit, .. } | Order::Disband { unit, .. } => {
                parts.unit = unit.span;
                let province = names::province(self.map, &unit.loc.province, &mut self.diags)?;
                AdjustmentOrder::Remove {
                    kind: unit.kind.as_ref().map(|k| unit_type(k.kind)),
                    province,
                }
            }
            Order::Waive { keyword } => {
                parts.unit = *keyword;
                AdjustmentOrder::Waive
            }
            _ => return None,
        };
        let season = o
            .unit()
            .and_then(|u| u.loc.season.as_ref())
            .and_then(names::season)
            .or(explicit);
        Some((
            Pending::Adjustment(AdjustmentInput {
                power,
                season,
                order,
            }),
            parts,
        ))
    }

    // ----- Steps ------------------------------------------------------------------------------

    /// Adjudicates the step in progress with its pending orders.
    fn close_step(&mut self, line: Option<usize>) {
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
            describe_unit(self.map, u.sig.1, u.sig.2, u.spot.season, multiversal)
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

/// Whether a line names a season anywhere (the file is then multiversal in its reports).
pub(crate) fn line_names_season(line: &mdip_syntax::Line) -> bool {
    match &line.kind {
        LineKind::Header(h) => h.season.is_some(),
        LineKind::Order(o) => {
            let mut any = false;
            let mut check = |l: &LocRef| any |= l.season.is_some();
            match &o.order {
                Order::Hold { unit, .. }
                | Order::Disband { unit, .. }
                | Order::Build { unit, .. }
                | Order::Remove { unit, .. } => check(&unit.loc),
                Order::Move { unit, dest, .. } => {
                    check(&unit.loc);
                    check(dest);
                }
                Order::SupportHold { unit, target, .. } => {
                    check(&unit.loc);
                    check(&target.loc);
                }
                Order::SupportMove {
                    unit, target, dest, ..
                } => {
                    check(&unit.loc);
                    check(&target.loc);
                    check(dest);
                }
                Order::Convoy {
                    unit, army, dest, ..
                } => {
                    check(&unit.loc);
                    check(&army.loc);
                    check(dest);
                }
                Order::Waive { .. } | Order::Incomplete(_) => {}
            }
            any
        }
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

pub(crate) fn unit_type(k: UnitKind) -> UnitType {
    match k {
        UnitKind::Army => UnitType::Army,
        UnitKind::Fleet => UnitType::Fleet,
    }
}

fn order_kind(o: &Order, class: Class) -> OrderKind {
    match o {
        Order::Hold { .. } => OrderKind::Hold,
        Order::Move { .. } if class == Class::Retreat => OrderKind::Retreat,
        Order::Move { .. } => OrderKind::Move,
        Order::SupportHold { .. } => OrderKind::SupportHold,
        Order::SupportMove { .. } => OrderKind::SupportMove,
        Order::Convoy { .. } => OrderKind::Convoy,
        Order::Disband { .. } if class == Class::Adjustment => OrderKind::Remove,
        Order::Disband { .. } => OrderKind::Disband,
        Order::Build { .. } => OrderKind::Build,
        Order::Remove { .. } => OrderKind::Remove,
        Order::Waive { .. } => OrderKind::Waive,
        Order::Incomplete(_) => OrderKind::Hold,
    }
}

/// "A Munich" or, in a multiversal game, "A Munich 1:0".
pub(crate) fn describe_unit(
    map: &Map,
    kind: UnitType,
    loc: Location,
    season: SeasonKey,
    multiversal: bool,
) -> String {
    if multiversal {
        format!("{} {} {}", kind.letter(), map.location_name(loc), season)
    } else {
        format!("{} {}", kind.letter(), map.location_name(loc))
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

/// The span without the white space at its end.
fn trim_end(span: Span, text: &str) -> Span {
    let slice = text
        .get(span.start as usize..span.end as usize)
        .unwrap_or("");
    let trimmed = slice.trim_end().len() as u32;
    Span::new(span.start, span.start + trimmed)
}

/// Joins the words of an `@owns` list written without commas into province names, longest
/// match first: `St Petersburg Moscow` gives `St Petersburg` and `Moscow`.
fn join_province_words(map: &Map, names: &[mdip_syntax::Name]) -> Vec<mdip_syntax::Name> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < names.len() {
        let mut taken = 1;
        for j in (i + 1..names.len().min(i + 4)).rev() {
            let text = names[i..=j]
                .iter()
                .map(|n| n.text.as_str())
                .collect::<Vec<_>>()
                .join(" ");
            if map.resolve_province(&text).is_some() {
                out.push(mdip_syntax::Name {
                    text,
                    span: names[i].span.cover(names[j].span),
                });
                taken = j - i + 1;
                break;
            }
        }
        if taken == 1 {
            out.push(names[i].clone());
        }
        i += taken;
    }
    out
}

/// The heads of the game, for messages: "2:0, 1:1".
fn heads_list(world: &World) -> String {
    world
        .heads()
        .iter()
        .map(|h| h.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
