//! The checker of expectations: each kind of expectation compared with the run (outcomes,
//! boards, dislodged units, retreats, owners, the world's seasons and timelines, expected
//! diagnostics), a failure an error diagnostic showing expected versus actual.

use std::collections::{BTreeMap, BTreeSet};

use mdip_judge::world::{Phase, SeasonKey, World};
use mdip_map::{Coast, Location, Map, Power, UnitType};
use mdip_syntax::Span;

use crate::diagnostics::{Code, Diagnostic};
use crate::model::{OrderInfo, StepInfo};

use super::{Board, DiagExpect, ExpectedUnit, Item, Kind};

/// The units expected per season (exact once any is given), and the first line stating each.
pub(super) struct ExpectedBoards<'e> {
    by_season: BTreeMap<SeasonKey, Vec<&'e ExpectedUnit>>,
    first_span: BTreeMap<SeasonKey, Span>,
}

/// Checks expectations against the end of a run, counting what was stated and what failed.
pub(super) struct Checker<'a> {
    world: &'a World,
    map: &'a Map,
    multiversal: bool,
    diags: &'a mut Vec<Diagnostic>,
    pub(super) stated: usize,
    pub(super) failed: usize,
}

impl<'a> Checker<'a> {
    /// A checker of expectations against `board`, adding its failures to `diags`.
    pub(super) fn new(board: &Board<'a>, diags: &'a mut Vec<Diagnostic>) -> Checker<'a> {
        Checker {
            world: board.world,
            map: board.map,
            multiversal: board.multiversal,
            diags,
            stated: 0,
            failed: 0,
        }
    }

    pub(super) fn fail(&mut self, code: Code, span: Span, message: impl Into<String>) {
        self.failed += 1;
        self.diags.push(Diagnostic::new(code, span, message));
    }

    /// "English A Munich", with the season when the game has more than its root
    /// ([`crate::run::describe::owned_unit`]).
    pub(super) fn describe(
        &self,
        power: Power,
        kind: UnitType,
        loc: Location,
        s: Option<SeasonKey>,
    ) -> String {
        crate::run::describe::owned_unit(self.map, power, kind, loc, s.filter(|_| self.multiversal))
    }

    /// Order outcomes (`=> succeeds`, `=> fails`, `=> illegal`).
    pub(super) fn outcomes(&mut self, orders: &[OrderInfo]) {
        for o in orders {
            // `=> any` leaves the outcome open: nothing is stated.
            let Some(e) = o.expect.filter(|e| *e != mdip_syntax::ExpectedOutcome::Any) else {
                continue;
            };
            self.stated += 1;
            if o.status.matches(e) {
                continue;
            }
            let mut d = Diagnostic::new(
                Code::OutcomeMismatch,
                o.span,
                crate::run::describe::outcome_mismatch(e, o),
            );
            d.related = crate::run::describe::related(o);
            self.failed += 1;
            self.diags.push(d);
        }
    }

    /// `@expect unit`: per season, every listed unit is there and nothing else is.
    pub(super) fn units<'e>(&mut self, items: &'e [Item]) -> ExpectedBoards<'e> {
        let current = self.world.current_board();
        let mut boards = ExpectedBoards {
            by_season: BTreeMap::new(),
            first_span: BTreeMap::new(),
        };
        for item in items {
            if let Kind::Unit(u, s) = &item.kind {
                self.stated += 1;
                let Some(s) = s.or(current) else {
                    self.fail(
                        Code::SeasonNeeded,
                        item.span,
                        "which season? The game has several heads",
                    );
                    continue;
                };
                boards.by_season.entry(s).or_default().push(u);
                boards.first_span.entry(s).or_insert(item.span);
            }
        }
        for (s, expected) in &boards.by_season {
            self.board(*s, expected, boards.first_span[s]);
        }
        boards
    }

    /// A season in the player's words.
    pub(super) fn words(&self, s: SeasonKey) -> String {
        crate::run::describe::season_words(s, self.multiversal, self.map.first_year())
    }

    /// One season's board against the units expected in it.
    pub(super) fn board(&mut self, s: SeasonKey, expected: &[&ExpectedUnit], first_span: Span) {
        let at = self.words(s);
        let Some(season) = self.world.season(s) else {
            for u in expected {
                self.fail(
                    Code::MissingUnit,
                    u.span,
                    format!("season {s} does not exist"),
                );
            }
            return;
        };
        let mut matched = vec![false; season.units.len()];
        // Units an E0403 already names ("found ..."), not reported twice.
        let mut reported = vec![false; season.units.len()];
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
            if let Some(i) = hit {
                matched[i] = true;
                continue;
            }
            // The unit is there, but an earlier line already claimed it.
            let repeated = season
                .units
                .iter()
                .enumerate()
                .any(|(i, b)| matched[i] && fits(b));
            let found = if repeated {
                "an earlier `@expect unit` line already names it (a unit is listed once)".to_owned()
            } else {
                match season.unit_at(u.loc.province) {
                    Some(b) => {
                        // Named here: not reported again as unexpected.
                        let at = b.loc.province;
                        if let Some(i) = season.units.iter().position(|x| x.loc.province == at) {
                            reported[i] = true;
                        }
                        format!("found {}", self.describe(b.power, b.kind, b.loc, None))
                    }
                    None => "the province is empty".into(),
                }
            };
            let message = format!(
                "expected {} in {at}, but {found}",
                self.describe(u.power, u.kind, u.loc, None)
            );
            self.fail(Code::MissingUnit, u.span, message);
        }
        // One diagnostic for the season, however many units are not listed: a single wrong
        // line must not bury the file under one error per unit of the board.
        let extra: Vec<String> = season
            .units
            .iter()
            .enumerate()
            .filter(|(i, _)| !matched[*i] && !reported[*i])
            .map(|(_, b)| self.describe(b.power, b.kind, b.loc, None))
            .collect();
        let message = match extra.as_slice() {
            [] => return,
            [one] => format!("unexpected unit in {at}: {one} (not listed by any `@expect unit`)"),
            many => {
                const SHOWN: usize = 4;
                let mut names = many[..many.len().min(SHOWN)].join(", ");
                if many.len() > SHOWN {
                    names.push_str(&format!(" and {} more", many.len() - SHOWN));
                }
                format!(
                    "{} unexpected units in {at}: {names} (not listed by any `@expect unit`; once a line names {at}, its list is exact)",
                    many.len()
                )
            }
        };
        self.fail(Code::UnexpectedUnit, first_span, message);
    }

    /// `@expect dislodged`: the dislodged units of the last movement step, exact once any unit
    /// expectation is given; with `@expect dislodged except disbanded`, the units with nowhere
    /// to retreat are left out.
    pub(super) fn dislodged(
        &mut self,
        items: &[Item],
        units: &ExpectedBoards<'_>,
        steps: &[StepInfo],
    ) {
        let expected: Vec<(&ExpectedUnit, Option<SeasonKey>, Span)> = items
            .iter()
            .filter_map(|i| match &i.kind {
                Kind::Dislodged(u, s) => Some((u, *s, i.span)),
                _ => None,
            })
            .collect();
        let except_disbanded = items
            .iter()
            .any(|i| matches!(i.kind, Kind::DislodgedExceptDisbanded));
        if units.by_season.is_empty() && expected.is_empty() && !except_disbanded {
            return;
        }
        let Some(step) = steps.iter().rev().find(|s| s.phase == Phase::Movement) else {
            for (u, s, span) in &expected {
                self.stated += 1;
                let message = format!(
                    "expected {} to be dislodged, but no movement step ran",
                    self.describe(u.power, u.kind, u.loc, *s)
                );
                self.fail(Code::DislodgedMismatch, *span, message);
            }
            return;
        };
        let mut matched = vec![false; step.dislodged.len()];
        for (u, s, span) in &expected {
            self.stated += 1;
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
                    let message = format!(
                        "expected {} to be dislodged, but it was not",
                        self.describe(u.power, u.kind, u.loc, *s)
                    );
                    self.fail(Code::DislodgedMismatch, *span, message);
                }
            }
        }
        let anchor = expected
            .first()
            .map(|e| e.2)
            .or_else(|| units.first_span.values().next().copied());
        let anchor = anchor.or_else(|| {
            items
                .iter()
                .find(|i| matches!(i.kind, Kind::DislodgedExceptDisbanded))
                .map(|i| i.span)
        });
        for (i, d) in step.dislodged.iter().enumerate() {
            // With `except disbanded`, a unit with nowhere to retreat is not listed.
            if matched[i] || (except_disbanded && d.options.is_empty()) {
                continue;
            }
            self.failed += 1;
            if let Some(anchor) = anchor {
                let message = format!(
                    "{} was dislodged, but no `@expect dislodged` lists it",
                    self.describe(d.power, d.kind, d.at.loc, Some(d.at.season))
                );
                self.diags
                    .push(Diagnostic::new(Code::DislodgedMismatch, anchor, message));
            }
        }
    }

    /// The expectations about the world as a whole: empty seasons, the sets of seasons,
    /// timelines and heads, owners, the winner.
    pub(super) fn world_item(&mut self, item: &Item) {
        let world = self.world;
        let span = item.span;
        match &item.kind {
            Kind::Unit(..) | Kind::Dislodged(..) | Kind::DislodgedExceptDisbanded => return,
            Kind::Retreats(u, s, options) => self.retreats(span, u, *s, options),
            Kind::Has {
                power,
                kind,
                loc,
                coast_given,
                season,
            } => self.has(span, *power, *kind, *loc, *coast_given, *season),
            Kind::Empty(s) => match world.season(*s) {
                None => self.fail(
                    Code::WorldMismatch,
                    span,
                    format!("season {s} does not exist"),
                ),
                Some(season) if !season.units.is_empty() => {
                    let list: Vec<String> = season
                        .units
                        .iter()
                        .map(|b| self.describe(b.power, b.kind, b.loc, None))
                        .collect();
                    let message = format!(
                        "expected {} to be empty, but it holds {}",
                        self.words(*s),
                        list.join(", ")
                    );
                    self.fail(Code::UnexpectedUnit, span, message);
                }
                Some(_) => {}
            },
            Kind::Seasons(v) => {
                let want: BTreeSet<SeasonKey> = v.iter().copied().collect();
                let have: BTreeSet<SeasonKey> = world.seasons().map(|s| s.key).collect();
                if want != have {
                    let message = format!(
                        "expected seasons {}, but the game has {}",
                        list(&want),
                        list(&have)
                    );
                    self.fail(Code::WorldMismatch, span, message);
                }
            }
            Kind::Timelines(v) => {
                let want: BTreeSet<u32> = v.iter().copied().collect();
                let have: BTreeSet<u32> = world.timelines().iter().map(|t| t.number).collect();
                if want != have {
                    let message = format!(
                        "expected timelines {}, but the game has {}",
                        list(&want),
                        list(&have)
                    );
                    self.fail(Code::WorldMismatch, span, message);
                }
            }
            Kind::Heads(v) => {
                let want: BTreeSet<SeasonKey> = v.iter().copied().collect();
                let have: BTreeSet<SeasonKey> = world.heads().into_iter().collect();
                if want != have {
                    let message = format!(
                        "expected heads {}, but they are {}",
                        list(&want),
                        list(&have)
                    );
                    self.fail(Code::WorldMismatch, span, message);
                }
            }
            Kind::Owner(p, owner, s) => self.owner(span, *p, *owner, *s),
            Kind::Winner(w) => {
                let actual = world.winner();
                if actual != *w {
                    let want =
                        w.map_or("no winner".to_string(), |p| format!("{} to win", p.name()));
                    let have = actual.map_or("there is no winner".to_string(), |p| {
                        format!("{} has won", p.name())
                    });
                    self.fail(
                        Code::WinnerMismatch,
                        span,
                        format!("expected {want}, but {have}"),
                    );
                }
            }
        }
        self.stated += 1;
    }

    /// `@expect has`: the unit stands in its season (of its power, if named); other units of
    /// the season are not looked at.
    pub(super) fn has(
        &mut self,
        span: Span,
        power: Option<Power>,
        kind: UnitType,
        loc: Location,
        coast_given: bool,
        season: Option<SeasonKey>,
    ) {
        let Some(s) = season.or(self.world.current_board()) else {
            self.fail(
                Code::SeasonNeeded,
                span,
                "which season? The game has several heads",
            );
            return;
        };
        let wanted = {
            let l = crate::run::describe::location(self.map, loc);
            match power {
                Some(p) => format!("{} {} {l}", p.adjective(), kind.letter()),
                None => format!("{} {l}", kind.letter()),
            }
        };
        let at = self.words(s);
        let Some(board) = self.world.season(s) else {
            self.fail(
                Code::MissingUnit,
                span,
                format!("expected {wanted} in {at}, but season {s} does not exist"),
            );
            return;
        };
        let found = board.unit_at(loc.province);
        let fits = found.is_some_and(|b| {
            power.is_none_or(|p| b.power == p)
                && b.kind == kind
                && (!coast_given || b.loc.coast == loc.coast)
        });
        if !fits {
            let what = match found {
                Some(b) => format!("found {}", self.describe(b.power, b.kind, b.loc, None)),
                None => "the province is empty".to_owned(),
            };
            self.fail(
                Code::MissingUnit,
                span,
                format!("expected {wanted} in {at}, but {what}"),
            );
        }
    }

    /// `@expect retreats`: the unit waits to retreat, and its options are exactly these.
    pub(super) fn retreats(
        &mut self,
        span: Span,
        u: &ExpectedUnit,
        s: Option<SeasonKey>,
        options: &[(mdip_map::ProvinceId, Option<Coast>)],
    ) {
        let pending = self.world.pending_retreats();
        let Some(d) = pending.iter().find(|d| {
            d.power == u.power
                && d.kind == u.kind
                && d.at.loc.province == u.loc.province
                && s.is_none_or(|s| s == d.at.season)
        }) else {
            let waiting: Vec<String> = pending
                .iter()
                .map(|d| self.describe(d.power, d.kind, d.at.loc, Some(d.at.season)))
                .collect();
            let waiting = if waiting.is_empty() {
                "no unit is waiting to retreat".to_owned()
            } else {
                format!("the units waiting to retreat are {}", waiting.join(", "))
            };
            let message = format!(
                "expected {} to be waiting to retreat, but {waiting}",
                self.describe(u.power, u.kind, u.loc, s)
            );
            self.fail(Code::RetreatsMismatch, span, message);
            return;
        };
        let fits = |l: &Location, (p, c): &(mdip_map::ProvinceId, Option<Coast>)| {
            l.province == *p && (c.is_none() || l.coast == *c)
        };
        let all_expected_there = options.iter().all(|o| d.options.iter().any(|l| fits(l, o)));
        let all_actual_listed = d.options.iter().all(|l| options.iter().any(|o| fits(l, o)));
        if all_expected_there && all_actual_listed {
            return;
        }
        let names = |v: Vec<String>| {
            if v.is_empty() {
                "none".to_owned()
            } else {
                v.join(", ")
            }
        };
        let want = names(
            options
                .iter()
                .map(|&(p, c)| crate::run::describe::location(self.map, Location::new(p, c)))
                .collect(),
        );
        let have = names(
            d.options
                .iter()
                .map(|&l| crate::run::describe::location(self.map, l))
                .collect(),
        );
        let message = format!(
            "expected {} to retreat to {want}, but its options are {have}",
            self.describe(d.power, d.kind, d.at.loc, Some(d.at.season))
        );
        self.fail(Code::RetreatsMismatch, span, message);
    }

    /// `@expect owner`.
    pub(super) fn owner(
        &mut self,
        span: Span,
        p: mdip_map::ProvinceId,
        owner: Option<Power>,
        s: Option<SeasonKey>,
    ) {
        let season = s.or(self.world.current_board());
        let actual = season
            .and_then(|s| self.world.season(s))
            .map(|s| s.owner(p));
        match actual {
            None => self.fail(
                Code::OwnerMismatch,
                span,
                "which season? Name an existing one",
            ),
            Some(a) if a != owner => {
                let message = format!(
                    "expected {} to be owned by {}, but it is owned by {}",
                    self.map.name(p),
                    owner.map_or("nobody", |o| o.name()),
                    a.map_or("nobody", |o| o.name())
                );
                self.fail(Code::OwnerMismatch, span, message);
            }
            Some(_) => {}
        }
    }

    /// `@expect error CODE` / `@expect warning CODE`: the next line has that diagnostic; a
    /// diagnostic so expected is marked as such.
    pub(super) fn diagnostics(&mut self, expected: &[DiagExpect]) {
        for d in expected {
            self.stated += 1;
            let Some(target) = d.target else {
                self.fail(
                    Code::MissingDiagnostic,
                    d.span,
                    "`@expect` a diagnostic, but no line follows",
                );
                continue;
            };
            let severity = if d.warning {
                crate::Severity::Warning
            } else {
                crate::Severity::Error
            };
            let mut hit = false;
            for x in self.diags.iter_mut() {
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
                let message = format!(
                    "expected diagnostic {} on the next line, but none was produced",
                    d.code
                );
                self.fail(Code::MissingDiagnostic, d.span, message);
            }
        }
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
