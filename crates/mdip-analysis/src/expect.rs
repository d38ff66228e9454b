//! In-file expectations: what the file says the result must be. A failed expectation is an error
//! diagnostic showing expected versus actual.
//!
//! An expectation about the board is checked against the game as it stands at its line: when
//! orders are waiting for their step there, once that step is adjudicated (at the line that
//! closes it, or the end of the file); otherwise at once. Consecutive expectation lines are one
//! group, checked together (a season's list of units is exact within its group). Expectations
//! written after the last orders of a file are therefore checked at the end of the file.
//! Outcomes (`=>`) and expected diagnostics are checked when the whole file has run.

use mdip_judge::world::{SeasonKey, World};
use mdip_map::{Coast, Location, Map, Power, UnitType};
use mdip_syntax::{DirectiveKind, Name, SeasonLit, Span, UnitRef};

use crate::diagnostics::Diagnostic;
use crate::model::{ExpectationCount, OrderInfo, StepInfo};
use crate::names;
use crate::run::unit_type;

mod checker;
use checker::Checker;

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
