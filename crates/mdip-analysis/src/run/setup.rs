//! Setup directives (`@rules`, `@start`, `@turn`, `@season`, `@unit`, `@owns`, `@record`,
//! `@phase`, `@dislodged`, `@standoff`): they shape the world before the first order and return
//! what the scheduler must do; they never close a step themselves.

use mdip_judge::world::{Phase, Rules, SeasonKey, SetupError};
use mdip_judge::RulesError;
use mdip_map::{Coast, Location, Map, ProvinceId, UnitType};
use mdip_syntax::{DirectiveKind, Name, SeasonLit, Span, UnitRef};

use super::describe;
use super::lower::unit_type;
use super::state::State;
use crate::diagnostics::{Code, Diagnostic};
use crate::names;

/// What a directive asks of the step scheduler.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Effect {
    /// Nothing: the directive only shaped the world (or was rejected with a diagnostic).
    None,
    /// `@phase` after the game started: adjudicate at least the step in progress, then until
    /// this phase is reached.
    ReachPhase(Phase),
    /// `@phase next`: adjudicate the step in progress, whatever phase follows.
    NextStep,
}

impl State {
    /// Applies a setup directive; `kind` is never an expectation (`@expect …`).
    pub(crate) fn setup(&mut self, kind: &DirectiveKind, span: Span) -> Effect {
        if let DirectiveKind::Phase { phase, seasons } = kind {
            return self.phase(phase, seasons, span);
        }
        if !self.setup_allowed(span) {
            return Effect::None;
        }
        match kind {
            DirectiveKind::Rules(name) => self.rules(name),
            DirectiveKind::Start(name) => self.start(name, span),
            DirectiveKind::Turn(n) => {
                if let Some(t) = n.value {
                    if let Err(e) = self.world.set_root_turn(t) {
                        let mut d =
                            Diagnostic::new(Code::SetupTooLate, span, describe::setup_error(&e));
                        if e == SetupError::TurnAfterSeasons {
                            d = d.with_hint("write `@turn` above the `@season` lines");
                        }
                        self.diags.push(d);
                    }
                    self.setup.turn_set = true;
                }
            }
            DirectiveKind::Unit { power, unit } => {
                let Some(power) = names::power(self.map(), power, &mut self.diags) else {
                    return Effect::None;
                };
                if let Some((kind, loc, season)) = self.placement(unit) {
                    if let Err(e) = self.world.place_unit(season, power, kind, loc) {
                        let mut d = Diagnostic::new(
                            Code::BadPlacement,
                            unit.span,
                            describe::setup_error(&e),
                        );
                        if matches!(e, SetupError::NoSuchSeason(_)) {
                            d = d.with_hint("set the season up first with `@season`");
                        }
                        self.diags.push(d);
                    }
                }
            }
            DirectiveKind::Owns {
                power,
                provinces,
                season,
            } => {
                let Some(power) = names::power(self.map(), power, &mut self.diags) else {
                    return Effect::None;
                };
                let at = match season {
                    Some(lit) => match names::season(lit) {
                        Some(s) if self.world.exists(s) => s,
                        Some(s) => {
                            self.no_such_season(s, lit.span);
                            return Effect::None;
                        }
                        None => return Effect::None,
                    },
                    None => self.world.setup_season(),
                };
                for p in join_province_words(self.map(), provinces) {
                    if let Some(pid) = names::province(self.map(), &p, &mut self.diags) {
                        if let Err(e) = self.world.set_owner(at, pid, Some(power)) {
                            self.err(Code::BadPlacement, p.span, describe::setup_error(&e));
                        }
                    }
                }
            }
            DirectiveKind::Season { season, from, .. } => self.season(season, from.as_ref()),
            DirectiveKind::Record(line) => self.record(line),
            DirectiveKind::Dislodged {
                power,
                unit,
                from,
                by_convoy,
            } => self.dislodged(power, unit, from.as_ref(), by_convoy.is_some(), span),
            DirectiveKind::Standoff(provinces) => {
                for p in join_province_words(self.map(), provinces) {
                    if let Some(pid) = names::province(self.map(), &p, &mut self.diags) {
                        if let Err(e) = self.world.add_standoff(pid) {
                            self.err(Code::BadPlacement, p.span, describe::setup_error(&e));
                        }
                    }
                }
            }
            _ => {}
        }
        Effect::None
    }

    /// `@dislodged <Power> <unit> [from <province>] [by convoy]`: a unit dislodged in the
    /// movement step before a retreat phase set up by hand. Without `from`, no province is
    /// closed by the attacker's origin.
    fn dislodged(
        &mut self,
        power: &Name,
        unit: &UnitRef,
        from: Option<&mdip_syntax::LocRef>,
        by_convoy: bool,
        span: Span,
    ) {
        let Some(power) = names::power(self.map(), power, &mut self.diags) else {
            return;
        };
        let Some(kind) = unit.kind.as_ref().map(|k| unit_type(k.kind)) else {
            return;
        };
        let Some(province) = names::province(self.map(), &unit.loc.province, &mut self.diags)
        else {
            return;
        };
        let coast = match &unit.loc.coast {
            Some(c) => match names::coast(c, &mut self.diags) {
                Some(c) => Some(c),
                None => return,
            },
            None => None,
        };
        let Some(loc) = stand_location(
            self.map(),
            kind,
            province,
            coast,
            unit.loc.span,
            &mut self.diags,
        ) else {
            return;
        };
        let attacker = match from {
            Some(f) => match names::province(self.map(), &f.province, &mut self.diags) {
                Some(p) => p,
                None => return,
            },
            // No attacker's origin known: the unit's own province, never a retreat option.
            None => province,
        };
        let season = match &unit.loc.season {
            Some(lit) => match names::season(lit) {
                Some(s) => Some((s, lit.span)),
                None => return,
            },
            None => None,
        };
        let placed = match season {
            Some((s, _)) => self
                .world
                .place_dislodged_in(s, power, kind, loc, attacker, by_convoy),
            None => self
                .world
                .place_dislodged(power, kind, loc, attacker, by_convoy),
        };
        if let Err(e) = placed {
            let mut d = match (&e, season) {
                (SetupError::NoSuchSeason(_) | SetupError::NoChild(_), Some((_, at))) => {
                    Diagnostic::new(Code::BadSeasonSetup, at, describe::setup_error(&e))
                        .with_hint("a unit is dislodged in a past season and retreats into its latest child: set up that child with `@season`")
                }
                _ => Diagnostic::new(Code::BadPlacement, span, describe::setup_error(&e)),
            };
            if e == SetupError::NotInRetreatPhase {
                d = d.with_hint("write `@phase retreat` before the dislodged units");
            }
            self.diags.push(d);
        }
    }

    /// `@season X:Y [from P:Q]`: a season that exists before the first step.
    fn season(&mut self, lit: &SeasonLit, from: Option<&SeasonLit>) {
        let Some(key) = names::season(lit) else {
            return;
        };
        let from_key = match from {
            Some(f) => match names::season(f) {
                Some(k) => Some(k),
                None => return,
            },
            None => None,
        };
        let Err(e) = self.world.add_season(key, from_key) else {
            return;
        };
        let at = match (&e, from) {
            (
                SetupError::NoSuchSeason(_)
                | SetupError::BranchNotPreviousTurn { .. }
                | SetupError::BranchFromHead(_),
                Some(f),
            ) => f.span,
            _ => lit.span,
        };
        let hint = match &e {
            SetupError::NotNextTurn { .. } | SetupError::TimelineNotNext { .. } => {
                "declare the seasons of a timeline in turn order, and new timelines by number"
            }
            SetupError::BranchNotPreviousTurn { .. } | SetupError::NoSuchSeason(_) => {
                "a timeline branches from an existing season one turn before its first season"
            }
            SetupError::BranchFromHead(_) => {
                "declare the next season of that timeline before the timelines that branch from it"
            }
            SetupError::BranchInExistingTimeline { .. } => {
                "leave out `from`, or give the new timeline the next unused number"
            }
            SetupError::SeasonAfterPhase | SetupError::AlreadyStarted => {
                "move the `@season` lines above `@phase` and the orders"
            }
            SetupError::SeasonExists(_) => "each season is declared once (the root always exists)",
            _ => "see `mdip check --explain E0322`",
        };
        self.diags.push(
            Diagnostic::new(
                Code::BadSeasonSetup,
                at,
                format!(
                    "season {key} cannot be set up: {}",
                    describe::setup_error(&e)
                ),
            )
            .with_hint(hint),
        );
    }

    fn no_such_season(&mut self, s: SeasonKey, span: Span) {
        self.diags.push(
            Diagnostic::new(
                Code::BadSeasonSetup,
                span,
                format!("season {s} does not exist"),
            )
            .with_hint("set the season up first with `@season`"),
        );
    }

    pub(crate) fn err(&mut self, code: Code, span: Span, message: impl Into<String>) {
        self.diags.push(Diagnostic::new(code, span, message));
    }

    fn setup_allowed(&mut self, span: Span) -> bool {
        if self.setup.started || self.world.steps_done() > 0 {
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

    fn rules(&mut self, name: &Name) {
        match Rules::parse(&name.text) {
            Ok(rules) => self.world.set_rules(rules),
            Err(RulesError::Empty | RulesError::UnknownPreset(_)) => self.diags.push(
                Diagnostic::new(
                    Code::UnknownDirectiveWord,
                    name.span,
                    format!("unknown rule set `{}`", name.text),
                )
                .with_hint(format!("rule sets: {}", Rules::NAMES.join(", "))),
            ),
            Err(e) => self.diags.push(
                Diagnostic::new(
                    Code::UnknownDirectiveWord,
                    name.span,
                    format!("unknown rule option in `{}`", name.text),
                )
                .with_hint(e.to_string()),
            ),
        }
    }

    fn start(&mut self, name: &Name, span: Span) {
        if name.text.eq_ignore_ascii_case("standard") {
            if let Err(e) = self.world.place_standard_start() {
                self.err(Code::BadPlacement, span, describe::setup_error(&e));
            }
            self.setup.implicit_placement = false;
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

    /// `@phase`: before the game starts it chooses the starting phase; afterwards it asks the
    /// scheduler to reach the phase.
    fn phase(&mut self, name: &Name, seasons: &[SeasonLit], span: Span) -> Effect {
        let phase = match name.text.to_ascii_lowercase().as_str() {
            "next" => {
                self.setup.started = true;
                return Effect::NextStep;
            }
            "movement" | "move" | "moves" => Phase::Movement,
            "retreat" | "retreats" => Phase::Retreat,
            "adjustment" | "adjustments" | "build" | "builds" | "winter" => Phase::Adjustment,
            _ => {
                self.diags.push(
                    Diagnostic::new(
                        Code::UnknownDirectiveWord,
                        name.span,
                        format!("unknown phase `{}`", name.text),
                    )
                    .with_hint("phases: movement, retreat, adjustment (or `next`: the step in progress ends, whatever phase follows)"),
                );
                return Effect::None;
            }
        };
        let starting = !self.setup.started && !self.setup.phase_set && self.world.steps_done() == 0;
        let boards_allowed = starting && phase == Phase::Adjustment;
        if !seasons.is_empty() && !boards_allowed {
            let at = seasons[0].span.cover(seasons[seasons.len() - 1].span);
            self.diags.push(
                Diagnostic::new(
                    Code::BadSeasonSetup,
                    at,
                    "seasons after `@phase` only name the boards of a starting adjustment phase",
                )
                .with_hint("write `@phase adjustment X:Y ...` before the first order; later, `@phase` alone"),
            );
            if !starting {
                return Effect::None;
            }
        }
        if starting {
            self.setup.phase_set = true;
            if phase == Phase::Adjustment && !seasons.is_empty() {
                self.adjustment_seasons(seasons);
            } else {
                self.starting_phase(phase, span);
            }
            return Effect::None;
        }
        self.setup.started = true;
        Effect::ReachPhase(phase)
    }

    /// `@phase adjustment X:Y ...` before any order: exactly these heads take builds and
    /// removals first.
    fn adjustment_seasons(&mut self, seasons: &[SeasonLit]) {
        let mut keys = Vec::with_capacity(seasons.len());
        for lit in seasons {
            match names::season(lit) {
                Some(k) => keys.push((k, lit.span)),
                None => return,
            }
        }
        let list: Vec<SeasonKey> = keys.iter().map(|k| k.0).collect();
        if let Err(e) = self.world.start_in_adjustment_of(&list) {
            let at = match &e {
                SetupError::NoSuchSeason(s) | SetupError::NotAHead(s) => keys
                    .iter()
                    .find(|k| k.0 == *s)
                    .map_or(seasons[0].span, |k| k.1),
                _ => seasons[0].span,
            };
            let hint = match &e {
                SetupError::NotAHead(_) => format!(
                    "the boards that take builds are heads: {}",
                    describe::heads(&self.world)
                ),
                _ => "set the seasons up first with `@season`".to_owned(),
            };
            self.diags.push(
                Diagnostic::new(Code::BadSeasonSetup, at, describe::setup_error(&e))
                    .with_hint(hint),
            );
        }
    }

    /// The first `@phase` before any order: the phase the game starts in.
    fn starting_phase(&mut self, phase: Phase, span: Span) {
        match phase {
            Phase::Movement => {}
            Phase::Adjustment => {
                // After `@season` lines the root's turn is settled.
                if !self.setup.turn_set && self.world.seasons().count() == 1 {
                    if let Err(e) = self.world.set_root_turn(2) {
                        self.err(Code::SetupTooLate, span, describe::setup_error(&e));
                    }
                }
                if let Err(e) = self.world.start_in_adjustment() {
                    let code = if e == SetupError::AdjustmentSeasonsNeeded {
                        Code::BadSeasonSetup
                    } else {
                        Code::SetupTooLate
                    };
                    let mut d = Diagnostic::new(code, span, describe::setup_error(&e));
                    if code == Code::BadSeasonSetup {
                        d = d.with_hint(format!(
                            "write `@phase adjustment` and the heads that take builds: {}",
                            describe::heads(&self.world)
                        ));
                    }
                    self.diags.push(d);
                }
            }
            Phase::Retreat => {
                if let Err(e) = self.world.start_in_retreat() {
                    self.err(Code::SetupTooLate, span, describe::setup_error(&e));
                }
            }
        }
    }

    /// Resolves a unit of `@unit`: type, location and season.
    pub(super) fn placement(&mut self, unit: &UnitRef) -> Option<(UnitType, Location, SeasonKey)> {
        let kind = unit_type(unit.kind.as_ref()?.kind);
        let province = names::province(self.map(), &unit.loc.province, &mut self.diags)?;
        let coast = match &unit.loc.coast {
            Some(c) => Some(names::coast(c, &mut self.diags)?),
            None => None,
        };
        let season = match &unit.loc.season {
            Some(s) => names::season(s)?,
            None => self.world.setup_season(),
        };
        let loc = stand_location(
            self.map(),
            kind,
            province,
            coast,
            unit.loc.span,
            &mut self.diags,
        )?;
        Some((kind, loc, season))
    }
}

/// The location a unit of `kind` stands on, given a province and a written coast; a
/// diagnostic when it cannot stand there.
pub(crate) fn stand_location(
    map: &Map,
    kind: UnitType,
    province: ProvinceId,
    coast: Option<Coast>,
    span: Span,
    diags: &mut Vec<Diagnostic>,
) -> Option<Location> {
    let coasts = map.coasts(province);
    let loc = match kind {
        UnitType::Army => Location::new(province, None),
        UnitType::Fleet if coasts.is_empty() => Location::new(province, None),
        UnitType::Fleet => Location::new(province, coast),
    };
    if map.can_stand(kind, loc) {
        return Some(loc);
    }
    let hint = if kind == UnitType::Fleet && !coasts.is_empty() && coast.is_none() {
        "a fleet here needs its coast, such as (nc) or (sc)"
    } else {
        "armies stand on land, fleets at sea or on coasts"
    };
    let unit = if kind == UnitType::Army {
        "an army"
    } else {
        "a fleet"
    };
    diags.push(
        Diagnostic::new(
            Code::BadPlacement,
            span,
            format!(
                "{unit} cannot stand in {}",
                super::describe::location(map, loc)
            ),
        )
        .with_hint(hint),
    );
    None
}

/// Joins the words of an `@owns` list written without commas into province names, longest
/// match first: `St Petersburg Moscow` gives `St Petersburg` and `Moscow`.
fn join_province_words(map: &Map, names: &[Name]) -> Vec<Name> {
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
                out.push(Name {
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
