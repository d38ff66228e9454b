//! In-file expectations: what the file says the result must be, checked against the world at the
//! end of the file. A failed expectation is an error diagnostic showing expected versus actual.

use std::collections::{BTreeMap, BTreeSet};

use mdip_judge::world::{Phase, SeasonKey, World};
use mdip_map::{Coast, Location, Map, Power, UnitType};
use mdip_syntax::{DirectiveKind, Name, SeasonLit, Span, UnitRef};

use crate::diagnostics::{Code, Diagnostic};
use crate::model::{OrderInfo, StepInfo};
use crate::names;
use crate::run::unit_type;

/// A unit an expectation names.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct ExpectedUnit {
    power: Power,
    kind: UnitType,
    loc: Location,
    coast_given: bool,
    span: Span,
}

#[derive(Clone, Debug)]
enum Kind {
    Unit(ExpectedUnit, Option<SeasonKey>),
    Dislodged(ExpectedUnit, Option<SeasonKey>),
    Empty(SeasonKey),
    Seasons(Vec<SeasonKey>),
    Timelines(Vec<u32>),
    Heads(Vec<SeasonKey>),
    Owner(mdip_map::ProvinceId, Option<Power>, Option<SeasonKey>),
    Winner(Option<Power>),
}

#[derive(Clone, Debug)]
struct Item {
    span: Span,
    kind: Kind,
}

/// An `@expect error CODE` waiting for its line.
#[derive(Clone, Debug)]
struct DiagExpect {
    span: Span,
    code: String,
    warning: bool,
    target: Option<Span>,
}

/// The expectations of one file.
#[derive(Clone, Default, Debug)]
pub(crate) struct Expectations {
    items: Vec<Item>,
    diags: Vec<DiagExpect>,
}

fn season_of(lit: Option<&SeasonLit>) -> Option<SeasonKey> {
    lit.and_then(names::season)
}

impl Expectations {
    /// Records an expectation directive.
    pub(crate) fn add(
        &mut self,
        span: Span,
        kind: DirectiveKind,
        block: Option<SeasonKey>,
        diags: &mut Vec<Diagnostic>,
    ) {
        let map = Map::standard();
        let unit = |power: &Name, unit: &UnitRef, diags: &mut Vec<Diagnostic>| {
            let power = names::power(power, diags)?;
            let kind = unit_type(unit.kind.as_ref()?.kind);
            let province = names::province(map, &unit.loc.province, diags)?;
            let coast: Option<Coast> = match &unit.loc.coast {
                Some(c) => Some(names::coast(c, diags)?),
                None => None,
            };
            let coast = if kind == UnitType::Fleet && !map.coasts(province).is_empty() {
                coast
            } else {
                None
            };
            Some((
                ExpectedUnit {
                    power,
                    kind,
                    loc: Location::new(province, coast),
                    coast_given: coast.is_some(),
                    span,
                },
                season_of(unit.loc.season.as_ref()).or(block),
            ))
        };
        let k = match kind {
            DirectiveKind::ExpectUnit { power, unit: u } => {
                unit(&power, &u, diags).map(|(e, s)| Kind::Unit(e, s))
            }
            DirectiveKind::ExpectDislodged { power, unit: u } => {
                unit(&power, &u, diags).map(|(e, s)| Kind::Dislodged(e, s))
            }
            DirectiveKind::ExpectEmpty(s) => names::season(&s).map(Kind::Empty),
            DirectiveKind::ExpectSeasons(v) => {
                Some(Kind::Seasons(v.iter().filter_map(names::season).collect()))
            }
            DirectiveKind::ExpectTimelines(v) => {
                Some(Kind::Timelines(v.iter().filter_map(|n| n.value).collect()))
            }
            DirectiveKind::ExpectHeads(v) => {
                Some(Kind::Heads(v.iter().filter_map(names::season).collect()))
            }
            DirectiveKind::ExpectOwner {
                province,
                power,
                season,
            } => {
                let p = names::province(map, &province, diags);
                let owner = if power.text.eq_ignore_ascii_case("none") {
                    Some(None)
                } else {
                    names::power(&power, diags).map(Some)
                };
                match (p, owner) {
                    (Some(p), Some(o)) => Some(Kind::Owner(p, o, season_of(season.as_ref()))),
                    _ => None,
                }
            }
            DirectiveKind::ExpectWinner(name) => {
                if name.text.eq_ignore_ascii_case("none") {
                    Some(Kind::Winner(None))
                } else {
                    names::power(&name, diags).map(|p| Kind::Winner(Some(p)))
                }
            }
            _ => None,
        };
        if let Some(kind) = k {
            self.items.push(Item { span, kind });
        }
    }

    /// Records `@expect error CODE` for the next line.
    pub(crate) fn add_diagnostic(&mut self, span: Span, severity: Name, code: Name) {
        self.diags.push(DiagExpect {
            span,
            code: code.text,
            warning: severity.text.eq_ignore_ascii_case("warning"),
            target: None,
        });
    }

    /// Binds waiting `@expect error` lines to the line `line` (a non-blank, non-comment line).
    pub(crate) fn bind_line(&mut self, span: Span) {
        for d in &mut self.diags {
            if d.target.is_none() && d.span.end <= span.start {
                d.target = Some(span);
            }
        }
    }

    /// Checks every expectation; adds a diagnostic per failure. Returns (stated, failed).
    pub(crate) fn check(
        &self,
        world: &World,
        orders: &[OrderInfo],
        steps: &[StepInfo],
        diags: &mut Vec<Diagnostic>,
        map: &Map,
    ) -> (usize, usize) {
        let mut stated = 0;
        let mut failed = 0;
        let describe = |power: Power, kind: UnitType, loc: Location, s: Option<SeasonKey>| {
            let mut t = format!(
                "{} {} {}",
                power.adjective(),
                kind.letter(),
                map.location_name(loc)
            );
            if let Some(s) = s {
                if world.timelines().len() > 1 || s != world.root() {
                    t.push_str(&format!(" {s}"));
                }
            }
            t
        };
        let current = world.current_board();

        // Order outcomes.
        for o in orders {
            if let Some(e) = o.expect {
                stated += 1;
                if !o.status.matches(e) {
                    failed += 1;
                    let word = match e {
                        mdip_syntax::ExpectedOutcome::Succeeds => "succeeds",
                        mdip_syntax::ExpectedOutcome::Fails => "fails",
                        mdip_syntax::ExpectedOutcome::Illegal => "illegal",
                    };
                    let mut d = Diagnostic::new(
                        Code::OutcomeMismatch,
                        o.span,
                        format!(
                            "expected `{word}`, but the order {} ({})",
                            o.status.name(),
                            if o.reason.is_empty() {
                                "no reason"
                            } else {
                                &o.reason
                            }
                        ),
                    );
                    d.related = o.related.clone();
                    diags.push(d);
                }
            }
        }

        // Units per season: exact once any is given.
        let mut by_season: BTreeMap<SeasonKey, Vec<&ExpectedUnit>> = BTreeMap::new();
        let mut first_span: BTreeMap<SeasonKey, Span> = BTreeMap::new();
        for item in &self.items {
            if let Kind::Unit(u, s) = &item.kind {
                stated += 1;
                let Some(s) = s.or(current) else {
                    failed += 1;
                    diags.push(Diagnostic::new(
                        Code::SeasonNeeded,
                        item.span,
                        "which season? The game has several heads",
                    ));
                    continue;
                };
                by_season.entry(s).or_default().push(u);
                first_span.entry(s).or_insert(item.span);
            }
        }
        for (s, expected) in &by_season {
            let Some(season) = world.season(*s) else {
                for u in expected {
                    failed += 1;
                    diags.push(Diagnostic::new(
                        Code::MissingUnit,
                        u.span,
                        format!("season {s} does not exist"),
                    ));
                }
                continue;
            };
            let mut matched = vec![false; season.units.len()];
            for u in expected {
                let fits = |b: &mdip_judge::world::BoardUnit| {
                    b.power == u.power
                        && b.kind == u.kind
                        && b.loc.province == u.loc.province
                        && (!u.coast_given || b.loc.coast == u.loc.coast)
                };
                let hit = season
                    .units
                    .iter()
                    .enumerate()
                    .position(|(i, b)| !matched[i] && fits(b));
                match hit {
                    Some(i) => matched[i] = true,
                    None => {
                        failed += 1;
                        // The unit is there, but an earlier line already claimed it.
                        let repeated = season
                            .units
                            .iter()
                            .enumerate()
                            .any(|(i, b)| matched[i] && fits(b));
                        let found = if repeated {
                            "an earlier `@expect unit` line already names it (a unit is listed \
                             once)"
                                .to_owned()
                        } else {
                            season
                                .unit_at(u.loc.province)
                                .map(|b| {
                                    format!("found {}", describe(b.power, b.kind, b.loc, None))
                                })
                                .unwrap_or_else(|| "the province is empty".into())
                        };
                        diags.push(Diagnostic::new(
                            Code::MissingUnit,
                            u.span,
                            format!(
                                "expected {} in {s}, but {found}",
                                describe(u.power, u.kind, u.loc, None)
                            ),
                        ));
                    }
                }
            }
            for (i, b) in season.units.iter().enumerate() {
                if !matched[i] {
                    failed += 1;
                    diags.push(Diagnostic::new(
                        Code::UnexpectedUnit,
                        first_span[s],
                        format!(
                            "unexpected unit in {s}: {} (not listed by any `@expect unit`)",
                            describe(b.power, b.kind, b.loc, None)
                        ),
                    ));
                }
            }
        }

        // Dislodged units of the last movement step: exact once any unit expectation is given.
        let last_movement = steps.iter().rev().find(|s| s.phase == Phase::Movement);
        let expected_dislodged: Vec<(&ExpectedUnit, Option<SeasonKey>, Span)> = self
            .items
            .iter()
            .filter_map(|i| match &i.kind {
                Kind::Dislodged(u, s) => Some((u, *s, i.span)),
                _ => None,
            })
            .collect();
        let any_units = !by_season.is_empty() || !expected_dislodged.is_empty();
        if any_units {
            if let Some(step) = last_movement {
                let mut matched = vec![false; step.dislodged.len()];
                for (u, s, span) in &expected_dislodged {
                    stated += 1;
                    let hit = step.dislodged.iter().enumerate().position(|(i, d)| {
                        !matched[i]
                            && d.power == u.power
                            && d.kind == u.kind
                            && d.at.loc.province == u.loc.province
                            && s.is_none_or(|s| s == d.at.season)
                    });
                    match hit {
                        Some(i) => matched[i] = true,
                        None => {
                            failed += 1;
                            diags.push(Diagnostic::new(
                                Code::DislodgedMismatch,
                                *span,
                                format!(
                                    "expected {} to be dislodged, but it was not",
                                    describe(u.power, u.kind, u.loc, *s)
                                ),
                            ));
                        }
                    }
                }
                let anchor = expected_dislodged
                    .first()
                    .map(|e| e.2)
                    .or_else(|| first_span.values().next().copied());
                for (i, d) in step.dislodged.iter().enumerate() {
                    if !matched[i] {
                        failed += 1;
                        if let Some(anchor) = anchor {
                            diags.push(Diagnostic::new(
                                Code::DislodgedMismatch,
                                anchor,
                                format!(
                                    "{} was dislodged, but no `@expect dislodged` lists it",
                                    describe(d.power, d.kind, d.at.loc, Some(d.at.season))
                                ),
                            ));
                        }
                    }
                }
            } else {
                for (u, s, span) in &expected_dislodged {
                    stated += 1;
                    failed += 1;
                    diags.push(Diagnostic::new(
                        Code::DislodgedMismatch,
                        *span,
                        format!(
                            "expected {} to be dislodged, but no movement step ran",
                            describe(u.power, u.kind, u.loc, *s)
                        ),
                    ));
                }
            }
        }

        // The rest.
        for item in &self.items {
            let mut fail = |msg: String, code: Code| {
                diags.push(Diagnostic::new(code, item.span, msg));
            };
            match &item.kind {
                Kind::Unit(..) | Kind::Dislodged(..) => continue,
                Kind::Empty(s) => match world.season(*s) {
                    None => {
                        failed += 1;
                        fail(format!("season {s} does not exist"), Code::WorldMismatch);
                    }
                    Some(season) if !season.units.is_empty() => {
                        failed += 1;
                        let list: Vec<String> = season
                            .units
                            .iter()
                            .map(|b| describe(b.power, b.kind, b.loc, None))
                            .collect();
                        fail(
                            format!("expected {s} to be empty, but it holds {}", list.join(", ")),
                            Code::UnexpectedUnit,
                        );
                    }
                    Some(_) => {}
                },
                Kind::Seasons(v) => {
                    let want: BTreeSet<SeasonKey> = v.iter().copied().collect();
                    let have: BTreeSet<SeasonKey> = world.seasons().map(|s| s.key).collect();
                    if want != have {
                        failed += 1;
                        fail(
                            format!(
                                "expected seasons {}, but the game has {}",
                                list(&want),
                                list(&have)
                            ),
                            Code::WorldMismatch,
                        );
                    }
                }
                Kind::Timelines(v) => {
                    let want: BTreeSet<u32> = v.iter().copied().collect();
                    let have: BTreeSet<u32> = world.timelines().iter().map(|t| t.number).collect();
                    if want != have {
                        failed += 1;
                        fail(
                            format!(
                                "expected timelines {}, but the game has {}",
                                list(&want),
                                list(&have)
                            ),
                            Code::WorldMismatch,
                        );
                    }
                }
                Kind::Heads(v) => {
                    let want: BTreeSet<SeasonKey> = v.iter().copied().collect();
                    let have: BTreeSet<SeasonKey> = world.heads().into_iter().collect();
                    if want != have {
                        failed += 1;
                        fail(
                            format!(
                                "expected heads {}, but they are {}",
                                list(&want),
                                list(&have)
                            ),
                            Code::WorldMismatch,
                        );
                    }
                }
                Kind::Owner(p, owner, s) => {
                    let season = s.or(current);
                    let actual = season.and_then(|s| world.season(s)).map(|s| s.owner(*p));
                    match actual {
                        None => {
                            failed += 1;
                            fail(
                                "which season? Name an existing one".into(),
                                Code::OwnerMismatch,
                            );
                        }
                        Some(a) if a != *owner => {
                            failed += 1;
                            fail(
                                format!(
                                    "expected {} to be owned by {}, but it is owned by {}",
                                    map.name(*p),
                                    owner.map_or("nobody", |o| o.name()),
                                    a.map_or("nobody", |o| o.name())
                                ),
                                Code::OwnerMismatch,
                            );
                        }
                        Some(_) => {}
                    }
                }
                Kind::Winner(w) => {
                    let actual = world.winner();
                    if actual != *w {
                        failed += 1;
                        fail(
                            format!(
                                "expected {}, but {}",
                                w.map_or("no winner".to_string(), |p| format!(
                                    "{} to win",
                                    p.name()
                                )),
                                actual.map_or("there is no winner".to_string(), |p| format!(
                                    "{} has won",
                                    p.name()
                                ))
                            ),
                            Code::WinnerMismatch,
                        );
                    }
                }
            }
            stated += 1;
        }

        // Expected diagnostics.
        for d in &self.diags {
            stated += 1;
            let Some(target) = d.target else {
                failed += 1;
                diags.push(Diagnostic::new(
                    Code::MissingDiagnostic,
                    d.span,
                    "`@expect` a diagnostic, but no line follows",
                ));
                continue;
            };
            let mut hit = false;
            for x in diags.iter_mut() {
                let severity = if d.warning {
                    crate::Severity::Warning
                } else {
                    crate::Severity::Error
                };
                if x.code.as_str().eq_ignore_ascii_case(&d.code)
                    && x.severity == severity
                    && x.span.start >= target.start
                    && x.span.end <= target.end.max(target.start)
                {
                    x.expected = true;
                    hit = true;
                }
            }
            if !hit {
                failed += 1;
                diags.push(Diagnostic::new(
                    Code::MissingDiagnostic,
                    d.span,
                    format!(
                        "expected diagnostic {} on the next line, but none was produced",
                        d.code
                    ),
                ));
            }
        }
        (stated, failed)
    }
}

fn list<T: std::fmt::Display>(v: &BTreeSet<T>) -> String {
    if v.is_empty() {
        return "none".into();
    }
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}
