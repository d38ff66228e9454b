//! Setup directives (`@rules`, `@start`, `@turn`, `@unit`, `@owns`, `@phase`, `@dislodged`,
//! `@standoff`): they shape the world before the first order and return what the scheduler must do; they never close a step
//! themselves.

use mdip_judge::world::{Phase, Rules, SeasonKey};
use mdip_map::{Coast, Location, Map, ProvinceId, UnitType};
use mdip_syntax::{DirectiveKind, Name, Span, UnitRef};

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
        if let DirectiveKind::Phase(name) = kind {
            return self.phase(name, span);
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
                        self.err(Code::SetupTooLate, span, describe::setup_error(&e));
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
                        self.err(Code::BadPlacement, unit.span, describe::setup_error(&e));
                    }
                }
            }
            DirectiveKind::Owns { power, provinces } => {
                let Some(power) = names::power(self.map(), power, &mut self.diags) else {
                    return Effect::None;
                };
                let root = self.world.setup_season();
                for p in join_province_words(self.map(), provinces) {
                    if let Some(pid) = names::province(self.map(), &p, &mut self.diags) {
                        if let Err(e) = self.world.set_owner(root, pid, Some(power)) {
                            self.err(Code::BadPlacement, p.span, describe::setup_error(&e));
                        }
                    }
                }
            }
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
        if let Err(e) = self
            .world
            .place_dislodged(power, kind, loc, attacker, by_convoy)
        {
            let mut d = Diagnostic::new(Code::BadPlacement, span, describe::setup_error(&e));
            if e == mdip_judge::world::SetupError::NotInRetreatPhase {
                d = d.with_hint("write `@phase retreat` before the dislodged units");
            }
            self.diags.push(d);
        }
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
        match Rules::named(&name.text) {
            Some(rules) => self.world.set_rules(rules),
            None => self.diags.push(
                Diagnostic::new(
                    Code::UnknownDirectiveWord,
                    name.span,
                    format!("unknown rule set `{}`", name.text),
                )
                .with_hint(format!("rule sets: {}", Rules::NAMES.join(", "))),
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
    fn phase(&mut self, name: &Name, span: Span) -> Effect {
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
        if !self.setup.started && !self.setup.phase_set && self.world.steps_done() == 0 {
            self.setup.phase_set = true;
            self.starting_phase(phase, span);
            return Effect::None;
        }
        self.setup.started = true;
        Effect::ReachPhase(phase)
    }

    /// The first `@phase` before any order: the phase the game starts in.
    fn starting_phase(&mut self, phase: Phase, span: Span) {
        match phase {
            Phase::Movement => {}
            Phase::Adjustment => {
                if !self.setup.turn_set {
                    if let Err(e) = self.world.set_root_turn(2) {
                        self.err(Code::SetupTooLate, span, describe::setup_error(&e));
                    }
                }
                if let Err(e) = self.world.start_in_adjustment() {
                    self.err(Code::SetupTooLate, span, describe::setup_error(&e));
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
    fn placement(&mut self, unit: &UnitRef) -> Option<(UnitType, Location, SeasonKey)> {
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
