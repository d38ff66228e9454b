//! In-file expectations: what the file says the result must be. A failed expectation is an error
//! diagnostic showing expected versus actual.
//!
//! An expectation about the board is checked against the game as it stands at its line: when
//! orders are waiting for their step there, once that step is adjudicated (at the line that
//! closes it, or the end of the file); otherwise at once. Consecutive expectation lines are one
//! group, checked together (a season's list of units is exact within its group). Expectations
//! written after the last orders of a file are therefore checked at the end of the file.
//! Outcomes (`=>`) and expected diagnostics are checked when the whole file has run.

use std::collections::{BTreeMap, BTreeSet};

use mdip_judge::world::{Phase, SeasonKey, World};
use mdip_map::{Coast, Location, Map, Power, UnitType};
use mdip_syntax::{DirectiveKind, Name, SeasonLit, Span, UnitRef};

use crate::diagnostics::{Code, Diagnostic};
use crate::model::{ExpectationCount, OrderInfo, Status, StepInfo};
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
    /// `@expect dislodged except disbanded`: the units dislodged with nowhere to retreat are
    /// left out of the exact list.
    DislodgedExceptDisbanded,
    /// A unit waiting to retreat and where it may go (province, coast if written).
    Retreats(
        ExpectedUnit,
        Option<SeasonKey>,
        Vec<(mdip_map::ProvinceId, Option<Coast>)>,
    ),
    /// `@expect has`: a unit stands there (of that power, if given), whatever else does.
    Has {
        power: Option<Power>,
        kind: UnitType,
        loc: Location,
        coast_given: bool,
        season: Option<SeasonKey>,
    },
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
    /// Whether orders were waiting for their step at its line: it is checked once that step
    /// is adjudicated.
    after_step: bool,
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
    /// Expectations about the board not checked yet.
    items: Vec<Item>,
    diags: Vec<DiagExpect>,
    /// Expectations stated and failed among those already checked.
    stated: usize,
    failed: usize,
}

/// What the board expectations are checked against.
pub(crate) struct Board<'a> {
    pub(crate) world: &'a World,
    pub(crate) steps: &'a [StepInfo],
    pub(crate) map: &'a Map,
    /// Whether the game has or writes more than one timeline (how seasons are named).
    pub(crate) multiversal: bool,
}

/// The expectation of `@expect has [power] unit`, its names resolved.
fn has(
    map: &Map,
    power: Option<Power>,
    unit: &UnitRef,
    block: Option<SeasonKey>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Kind> {
    let kind = unit_type(unit.kind.as_ref()?.kind);
    let province = names::province(map, &unit.loc.province, diags)?;
    let coast: Option<Coast> = match &unit.loc.coast {
        Some(c) => Some(names::coast(c, diags)?),
        None => None,
    };
    let coast = coast.filter(|_| kind == UnitType::Fleet && !map.coasts(province).is_empty());
    Some(Kind::Has {
        power,
        kind,
        loc: Location::new(province, coast),
        coast_given: coast.is_some(),
        season: season_of(unit.loc.season.as_ref()).or(block),
    })
}

fn season_of(lit: Option<&SeasonLit>) -> Option<SeasonKey> {
    lit.and_then(names::season)
}

impl Expectations {
    /// Records an expectation directive; `after_step`: orders are waiting for their step.
    pub(crate) fn add(
        &mut self,
        span: Span,
        kind: DirectiveKind,
        block: Option<SeasonKey>,
        after_step: bool,
        map: &Map,
        diags: &mut Vec<Diagnostic>,
    ) {
        let unit = |power: &Name, unit: &UnitRef, diags: &mut Vec<Diagnostic>| {
            let power = names::power(map, power, diags)?;
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
            DirectiveKind::ExpectHas { power, unit: u } => {
                let power = power.as_ref().map(|p| names::power(map, p, diags));
                // A power that does not resolve has been diagnosed: nothing is expected.
                if power.is_some_and(|p| p.is_none()) {
                    None
                } else {
                    has(map, power.flatten(), &u, block, diags)
                }
            }
            DirectiveKind::ExpectDislodgedExceptDisbanded => Some(Kind::DislodgedExceptDisbanded),
            DirectiveKind::ExpectRetreats {
                power,
                unit: u,
                options,
            } => {
                let mut places = Vec::new();
                let mut ok = true;
                for o in &options {
                    let p = names::province(map, &o.province, diags);
                    let c = match &o.coast {
                        Some(c) => names::coast(c, diags).map(Some),
                        None => Some(None),
                    };
                    match (p, c) {
                        (Some(p), Some(c)) => places.push((p, c)),
                        _ => ok = false,
                    }
                }
                unit(&power, &u, diags)
                    .filter(|_| ok)
                    .map(|(e, s)| Kind::Retreats(e, s, places))
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
                    names::power(map, &power, diags).map(Some)
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
                    names::power(map, &name, diags).map(|p| Kind::Winner(Some(p)))
                }
            }
            _ => None,
        };
        if let Some(kind) = k {
            self.items.push(Item {
                span,
                kind,
                after_step,
            });
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

    /// Checks the waiting expectations that were written with no orders waiting (at a line
    /// that is not an expectation, the board is still the one they were written against).
    pub(crate) fn check_written_now(&mut self, board: &Board<'_>, diags: &mut Vec<Diagnostic>) {
        self.check_items(board, diags, |i| !i.after_step);
    }

    /// Checks the expectations that waited for the step just adjudicated.
    pub(crate) fn check_after_step(&mut self, board: &Board<'_>, diags: &mut Vec<Diagnostic>) {
        self.check_items(board, diags, |i| i.after_step);
    }

    /// Checks the items `which` selects against `board` and forgets them.
    fn check_items(
        &mut self,
        board: &Board<'_>,
        diags: &mut Vec<Diagnostic>,
        which: impl Fn(&Item) -> bool,
    ) {
        let (now, later): (Vec<Item>, Vec<Item>) = std::mem::take(&mut self.items)
            .into_iter()
            .partition(|i| which(i));
        self.items = later;
        if now.is_empty() {
            return;
        }
        let mut c = Checker::new(board, diags);
        let units = c.units(&now);
        c.dislodged(&now, &units, board.steps);
        for item in &now {
            c.world_item(item);
        }
        self.stated += c.stated;
        self.failed += c.failed;
    }

    /// Checks every waiting expectation against the end of a game (a new `@game` starts).
    pub(crate) fn check_game_end(&mut self, board: &Board<'_>, diags: &mut Vec<Diagnostic>) {
        self.check_items(board, diags, |_| true);
    }

    /// Checks what is left at the end of the file: every waiting expectation against the end
    /// state, the outcomes of the orders and the expected diagnostics; adds a diagnostic per
    /// failure. Returns how many were stated and how many failed, in the whole file.
    pub(crate) fn check(
        &mut self,
        board: &Board<'_>,
        orders: &[OrderInfo],
        diags: &mut Vec<Diagnostic>,
    ) -> ExpectationCount {
        self.check_items(board, diags, |_| true);
        let mut c = Checker::new(board, diags);
        c.outcomes(orders);
        c.diagnostics(&self.diags);
        ExpectationCount {
            stated: self.stated + c.stated,
            failed: self.failed + c.failed,
        }
    }
}

/// The units expected per season (exact once any is given), and the first line stating each.
struct ExpectedBoards<'e> {
    by_season: BTreeMap<SeasonKey, Vec<&'e ExpectedUnit>>,
    first_span: BTreeMap<SeasonKey, Span>,
}

/// Checks expectations against the end of a run, counting what was stated and what failed.
struct Checker<'a> {
    world: &'a World,
    map: &'a Map,
    multiversal: bool,
    diags: &'a mut Vec<Diagnostic>,
    stated: usize,
    failed: usize,
}

impl<'a> Checker<'a> {
    /// A checker of expectations against `board`, adding its failures to `diags`.
    fn new(board: &Board<'a>, diags: &'a mut Vec<Diagnostic>) -> Checker<'a> {
        Checker {
            world: board.world,
            map: board.map,
            multiversal: board.multiversal,
            diags,
            stated: 0,
            failed: 0,
        }
    }

    fn fail(&mut self, code: Code, span: Span, message: impl Into<String>) {
        self.failed += 1;
        self.diags.push(Diagnostic::new(code, span, message));
    }

    /// "English A Munich", with the season when the game has more than its root.
    fn describe(
        &self,
        power: Power,
        kind: UnitType,
        loc: Location,
        s: Option<SeasonKey>,
    ) -> String {
        let mut t = format!(
            "{} {} {}",
            power.adjective(),
            kind.letter(),
            crate::run::describe::location(self.map, loc)
        );
        if let Some(s) = s.filter(|_| self.multiversal) {
            t.push_str(&format!(" {s}"));
        }
        t
    }

    /// Order outcomes (`=> succeeds`, `=> fails`, `=> illegal`).
    fn outcomes(&mut self, orders: &[OrderInfo]) {
        for o in orders {
            // `=> any` leaves the outcome open: nothing is stated.
            let Some(e) = o.expect.filter(|e| *e != mdip_syntax::ExpectedOutcome::Any) else {
                continue;
            };
            self.stated += 1;
            if o.status.matches(e) {
                continue;
            }
            let word = match e {
                mdip_syntax::ExpectedOutcome::Succeeds => "succeeds",
                mdip_syntax::ExpectedOutcome::Fails => "fails",
                mdip_syntax::ExpectedOutcome::Illegal => "illegal",
                mdip_syntax::ExpectedOutcome::Any => "any",
            };
            let sentence = crate::run::describe::sentence(o);
            let reason = if sentence.is_empty() {
                "no reason"
            } else {
                &sentence
            };
            let actual = match o.status {
                Status::Succeeds => "succeeds",
                Status::Fails => "fails",
                Status::Illegal => "is illegal",
                Status::Pending => "was never adjudicated",
            };
            let mut d = Diagnostic::new(
                Code::OutcomeMismatch,
                o.span,
                format!("expected `{word}`, but the order {actual} ({reason})"),
            );
            d.related = o.related.clone();
            self.failed += 1;
            self.diags.push(d);
        }
    }

    /// `@expect unit`: per season, every listed unit is there and nothing else is.
    fn units<'e>(&mut self, items: &'e [Item]) -> ExpectedBoards<'e> {
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
    fn words(&self, s: SeasonKey) -> String {
        crate::run::describe::season_words(s, self.multiversal, self.map.first_year())
    }

    /// One season's board against the units expected in it.
    fn board(&mut self, s: SeasonKey, expected: &[&ExpectedUnit], first_span: Span) {
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
    fn dislodged(&mut self, items: &[Item], units: &ExpectedBoards<'_>, steps: &[StepInfo]) {
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
    fn world_item(&mut self, item: &Item) {
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
    fn has(
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
    fn retreats(
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
    fn owner(
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
    fn diagnostics(&mut self, expected: &[DiagExpect]) {
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
