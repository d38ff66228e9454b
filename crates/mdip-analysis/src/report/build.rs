//! Building a [`FileReport`] from an analysis: the one place where the analysis' values
//! (map ids, seasons, reasons) become the report's written names.

use mdip_judge::world::{BoardUnit, Dislodged, Owed, Phase, SeasonKey};
use mdip_map::{Location, Map, Power, UnitType};
use mdip_syntax::{ExpectedOutcome, LineIndex, LineKind, Span};

use super::*;
use crate::diagnostics::{Diagnostic, Severity};
use crate::model::{Analysis, OrderInfo, OrderKind, Status, StepInfo, StepUnit};

impl FileReport {
    /// The report of one analysed file; `path` is how the file is named in it.
    pub fn new(path: &str, text: &str, a: &Analysis) -> FileReport {
        let b = Builder::new(text, a);
        FileReport {
            path: path.to_owned(),
            ok: !a.has_errors(),
            multiversal: a.multiversal,
            phase: phase(a.world.phase()),
            counts: counts(a),
            diagnostics: b.diagnostics().collect(),
            orders: b.orders().collect(),
            steps: b.steps().collect(),
            seasons: b.seasons().collect(),
            timelines: timelines(a),
            heads: a.world.heads().into_iter().map(season).collect(),
            next: b.next(),
            winner: a.world.winner().map(|p| p.name()),
            victory: victory(a),
            games: games(a),
            rules: a.rules_name(),
            map: map_name(a),
        }
    }

    /// The same report, serialised as it is built: [`Streamed`] writes exactly what
    /// serialising [`FileReport::new`] would, but makes each diagnostic, order, step and season
    /// only when the serialiser reaches it, so a large file's report never exists whole in
    /// memory (`mdip check --format json` writes it straight to its output).
    pub fn streamed<'a>(path: &'a str, text: &'a str, a: &'a Analysis) -> Streamed<'a> {
        Streamed { path, text, a }
    }
}

/// A file's report made while it is serialised; see [`FileReport::streamed`].
pub struct Streamed<'a> {
    path: &'a str,
    text: &'a str,
    a: &'a Analysis,
}

impl std::fmt::Debug for Streamed<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Streamed")
            .field("path", &self.path)
            .finish()
    }
}

/// The schema of a [`FileReport`]: a streamed report is one.
impl JsonSchema for Streamed<'_> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        FileReport::schema_name()
    }

    fn schema_id() -> std::borrow::Cow<'static, str> {
        FileReport::schema_id()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        FileReport::json_schema(generator)
    }
}

/// A sequence serialised from the items an iterator makes, one at a time.
struct Lazy<F>(F);

impl<F, I> Serialize for Lazy<F>
where
    F: Fn() -> I,
    I: Iterator,
    I::Item: Serialize,
{
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq((self.0)())
    }
}

impl Serialize for Streamed<'_> {
    /// The fields of [`FileReport`], in its order and with its attributes; a test compares
    /// the two serialisations on every order file of the repository.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let a = self.a;
        let b = Builder::new(self.text, a);
        let games = games(a);
        let map = map_name(a);
        let mut m = s.serialize_struct("FileReport", 16)?;
        m.serialize_field("path", self.path)?;
        m.serialize_field("ok", &!a.has_errors())?;
        m.serialize_field("multiversal", &a.multiversal)?;
        m.serialize_field("phase", &phase(a.world.phase()))?;
        m.serialize_field("counts", &counts(a))?;
        m.serialize_field("diagnostics", &Lazy(|| b.diagnostics()))?;
        m.serialize_field("orders", &Lazy(|| b.orders()))?;
        m.serialize_field("steps", &Lazy(|| b.steps()))?;
        m.serialize_field("seasons", &Lazy(|| b.seasons()))?;
        m.serialize_field("timelines", &timelines(a))?;
        m.serialize_field(
            "heads",
            &a.world.heads().into_iter().map(season).collect::<Vec<_>>(),
        )?;
        m.serialize_field("next", &b.next())?;
        m.serialize_field("winner", &a.world.winner().map(|p| p.name()))?;
        m.serialize_field("victory", &victory(a))?;
        if games.is_empty() {
            m.skip_field("games")?;
        } else {
            m.serialize_field("games", &games)?;
        }
        match map {
            None => m.skip_field("map")?,
            Some(name) => m.serialize_field("map", name)?,
        }
        m.end()
    }
}

impl FileStatus {
    /// The status of one analysed file; `path` is how the file is named in it.
    pub fn new(path: &str, a: &Analysis) -> FileStatus {
        FileStatus {
            path: path.to_owned(),
            ok: !a.has_errors(),
            counts: counts(a),
            steps: a.steps.len(),
            orders: a
                .parse
                .file
                .lines
                .iter()
                .filter(|l| matches!(l.kind, LineKind::Order(_)))
                .count(),
        }
    }
}

/// The diagnostics of one analysed file as the report writes them.
pub fn diagnostics(text: &str, a: &Analysis) -> Vec<DiagnosticReport> {
    Builder::new(text, a).diagnostics().collect()
}

fn counts(a: &Analysis) -> Counts {
    Counts {
        errors: a.diagnostics.iter().filter(|d| d.is_failure()).count(),
        warnings: a
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Warning && !d.expected)
            .count(),
        expectations: a.expectations.stated,
        unmet: a.expectations.failed,
    }
}

fn timelines(a: &Analysis) -> Vec<TimelineReport> {
    a.world
        .timelines()
        .iter()
        .map(|t| TimelineReport {
            number: t.number,
            branched_from: t.branched_from.map(season),
            first: season(t.first),
            head: season(t.head),
        })
        .collect()
}

fn victory(a: &Analysis) -> VictoryReport {
    let (needed, counts) = a.world.victory_counts();
    VictoryReport {
        needed,
        powers: counts
            .into_iter()
            .map(|(p, centres)| VictoryCount {
                power: p.name(),
                centres,
            })
            .collect(),
    }
}

/// The name of the file's map, `None` on the standard map.
fn map_name(a: &Analysis) -> Option<&'static str> {
    let map: &'static mdip_map::Map = a.world.map();
    (!std::ptr::eq(map, mdip_map::Map::standard())).then(|| map.info().name.as_str())
}

fn games(a: &Analysis) -> Vec<GameReport> {
    a.games
        .iter()
        .map(|g| GameReport {
            name: g.name.clone(),
            line: g.line + 1,
            first_step: g.first_step,
        })
        .collect()
}

struct Builder<'a> {
    map: &'static Map,
    text: &'a str,
    index: LineIndex,
    a: &'a Analysis,
}

impl<'a> Builder<'a> {
    fn new(text: &'a str, a: &'a Analysis) -> Builder<'a> {
        Builder {
            map: a.world.map(),
            text,
            index: LineIndex::new(text),
            a,
        }
    }

    fn diagnostics(&self) -> impl Iterator<Item = DiagnosticReport> + '_ {
        self.a.diagnostics.iter().map(|d| self.diagnostic(d))
    }

    fn steps(&self) -> impl Iterator<Item = StepReport> + '_ {
        let at = self.report_indices();
        self.a
            .steps
            .iter()
            .enumerate()
            .map(move |(i, s)| self.step(i, s, &at))
    }
}

fn season(s: SeasonKey) -> SeasonRef {
    SeasonRef {
        turn: s.turn,
        timeline: s.timeline,
    }
}

fn phase(p: Phase) -> PhaseName {
    match p {
        Phase::Movement => PhaseName::Movement,
        Phase::Retreat => PhaseName::Retreat,
        Phase::Adjustment => PhaseName::Adjustment,
    }
}

fn unit_type(k: UnitType) -> UnitTypeName {
    match k {
        UnitType::Army => UnitTypeName::Army,
        UnitType::Fleet => UnitTypeName::Fleet,
    }
}

fn status(s: Status) -> StatusName {
    match s {
        Status::Succeeds => StatusName::Succeeds,
        Status::Fails => StatusName::Fails,
        Status::Illegal => StatusName::Illegal,
        Status::Pending => StatusName::Pending,
    }
}

fn kind(k: OrderKind) -> OrderKindName {
    match k {
        OrderKind::Hold => OrderKindName::Hold,
        OrderKind::Move => OrderKindName::Move,
        OrderKind::SupportHold => OrderKindName::SupportHold,
        OrderKind::SupportMove => OrderKindName::SupportMove,
        OrderKind::Convoy => OrderKindName::Convoy,
        OrderKind::Retreat => OrderKindName::Retreat,
        OrderKind::Disband => OrderKindName::Disband,
        OrderKind::Build => OrderKindName::Build,
        OrderKind::Remove => OrderKindName::Remove,
        OrderKind::Waive => OrderKindName::Waive,
    }
}

/// The name of a season in the calendar (from `first_year`) for a step of `phase`: an adjustment
/// step is the Winter of the year whose Fall it follows (its board is the next Spring's).
pub(crate) fn calendar(s: SeasonKey, phase: Phase, first_year: u32) -> String {
    crate::run::describe::step_season_words(s, phase, false, first_year)
}

/// The distinct calendar names of some seasons, joined: `Spring 1902, Fall 1901`.
fn calendars(seasons: impl Iterator<Item = SeasonKey>, phase: Phase, first_year: u32) -> String {
    let mut names: Vec<String> = Vec::new();
    for s in seasons {
        let n = calendar(s, phase, first_year);
        if !names.contains(&n) {
            names.push(n);
        }
    }
    names.join(", ")
}

impl Builder<'_> {
    fn range(&self, span: Span) -> Range {
        let at = |offset: u32| {
            let lc = self.index.line_col(offset);
            let line_start = self
                .index
                .line_span(lc.line as usize)
                .map_or(0, |s| s.start);
            let column = self
                .text
                .get(line_start as usize..offset as usize)
                .map_or(0, |s| s.chars().count());
            LineCol {
                line: lc.line as usize + 1,
                column: column + 1,
            }
        };
        Range {
            start: at(span.start),
            end: at(span.end),
            byte_start: span.start,
            byte_end: span.end,
        }
    }

    fn diagnostic(&self, d: &Diagnostic) -> DiagnosticReport {
        DiagnosticReport {
            code: d.code.as_str(),
            severity: match d.severity {
                Severity::Error => SeverityName::Error,
                Severity::Warning => SeverityName::Warning,
            },
            expected: d.expected,
            message: d.message.clone(),
            hint: d.hint.clone(),
            range: self.range(d.span),
            related: d
                .related
                .iter()
                .map(|r| RelatedReport {
                    message: r.message.clone(),
                    range: self.range(r.span),
                })
                .collect(),
            fixes: d
                .fixes
                .iter()
                .map(|f| FixReport {
                    title: f.title.clone(),
                    edits: f
                        .edits
                        .iter()
                        .map(|e| EditReport {
                            range: self.range(e.span),
                            text: e.text.clone(),
                        })
                        .collect(),
                })
                .collect(),
        }
    }

    fn location(&self, l: Location) -> String {
        self.map.location_abbrev(l)
    }

    fn place(&self, s: SeasonKey, l: Location) -> PlaceReport {
        PlaceReport {
            location: self.location(l),
            season: season(s),
        }
    }

    fn strength(&self, s: &crate::StrengthInfo) -> StrengthReport {
        StrengthReport {
            value: s.value,
            supporters: s.supporters.iter().map(|u| self.step_unit(u)).collect(),
        }
    }

    fn step_unit(&self, u: &StepUnit) -> UnitReport {
        UnitReport {
            power: Some(u.power.name()),
            kind: Some(unit_type(u.kind)),
            location: self.location(u.loc),
            season: season(u.season),
        }
    }

    fn board_unit(&self, u: &BoardUnit) -> BoardUnitReport {
        BoardUnitReport {
            kind: unit_type(u.kind),
            location: self.location(u.loc),
        }
    }

    /// Every order line of the file, in file order: the analysis' orders, and the order
    /// lines it could not take (unknown power, unreadable), as not adjudicated.
    fn orders(&self) -> impl Iterator<Item = OrderReport> + '_ {
        let mut next = self.a.orders.iter().peekable();
        self.a
            .parse
            .file
            .lines
            .iter()
            .enumerate()
            .filter_map(move |(i, line)| {
                let LineKind::Order(o) = &line.kind else {
                    return None;
                };
                Some(match next.peek() {
                    Some(info) if info.line == i => {
                        let report = self.order(info);
                        next.next();
                        report
                    }
                    _ => self.unread(i, o.span),
                })
            })
    }

    fn order(&self, o: &OrderInfo) -> OrderReport {
        let unit = o.unit.map(|u| UnitReport {
            power: Some(o.power.name()),
            kind: Some(unit_type(u.kind)),
            location: self.location(u.loc),
            season: season(u.season),
        });
        let target = TargetReport {
            destination: o.target.dest.map(|p| self.place(p.season, p.loc)),
            via_convoy: o.target.via_convoy,
            unit: o.target.unit.map(|t| UnitReport {
                power: None,
                kind: t.kind.map(unit_type),
                location: self.location(t.loc),
                season: season(t.season),
            }),
            route: self.route(o),
        };
        OrderReport {
            line: o.line + 1,
            power: Some(o.power.name()),
            unit,
            kind: kind(o.kind),
            text: self.text_of(o.span),
            range: self.range(o.span),
            target,
            outcome: OutcomeReport {
                status: status(o.status),
                code: o.cause.code.map(crate::ReasonCode::as_str),
                by: o.cause.units.iter().map(|u| self.step_unit(u)).collect(),
                sentence: self.a.sentence(o),
                strengths: o.cause.strengths.as_ref().map(|s| StrengthsReport {
                    own: self.strength(&s.own),
                    met: s
                        .met
                        .iter()
                        .map(|m| MetReport {
                            kind: match m.kind {
                                mdip_judge::Opposition::Hold => OppositionName::Hold,
                                mdip_judge::Opposition::Defend => OppositionName::Defend,
                                mdip_judge::Opposition::Prevent => OppositionName::Prevent,
                            },
                            unit: self.step_unit(&m.unit),
                            strength: self.strength(&m.strength),
                        })
                        .collect(),
                }),
                turn: o
                    .cause
                    .turn
                    .iter()
                    .map(|t| match t {
                        crate::Turn::Support(u) => TurnReport {
                            change: TurnName::Support,
                            unit: self.step_unit(u),
                        },
                        crate::Turn::Cut(u) => TurnReport {
                            change: TurnName::Cut,
                            unit: self.step_unit(u),
                        },
                    })
                    .collect(),
            },
            // `=> any` expects nothing.
            expected: o.expect.and_then(|e| match e {
                ExpectedOutcome::Succeeds => Some(StatusName::Succeeds),
                ExpectedOutcome::Fails => Some(StatusName::Fails),
                ExpectedOutcome::Illegal => Some(StatusName::Illegal),
                ExpectedOutcome::Any => None,
            }),
            step: o.step,
            forks: o.forks.iter().map(|&f| season(f)).collect(),
        }
    }

    /// The fleets whose convoy carried a move that went by convoy.
    fn route(&self, o: &OrderInfo) -> Vec<UnitReport> {
        let (Some(unit), Some(dest)) = (o.unit, o.target.dest) else {
            return Vec::new();
        };
        if o.cause.code != Some(crate::ReasonCode::MovedByConvoy) {
            return Vec::new();
        }
        self.a
            .orders
            .iter()
            .filter(|c| {
                c.kind == OrderKind::Convoy
                    && c.step == o.step
                    && c.status == Status::Succeeds
                    && c.target.unit.is_some_and(|t| {
                        t.loc.province == unit.loc.province && t.season == unit.season
                    })
                    && c.target.dest.is_some_and(|d| {
                        d.loc.province == dest.loc.province && d.season == dest.season
                    })
            })
            .filter_map(|c| {
                c.unit.map(|u| UnitReport {
                    power: Some(c.power.name()),
                    kind: Some(unit_type(u.kind)),
                    location: self.location(u.loc),
                    season: season(u.season),
                })
            })
            .collect()
    }

    /// An order line the analysis could not take: what the first diagnostic on it says.
    fn unread(&self, line: usize, span: Span) -> OrderReport {
        // Diagnostics are sorted by their start.
        let diags = &self.a.diagnostics;
        let first = diags.partition_point(|d| d.span.start < span.start);
        let sentence = diags
            .get(first)
            .filter(|d| d.span.start <= span.end)
            .map_or_else(
                || "the order could not be read".to_owned(),
                |d| d.message.clone(),
            );
        OrderReport {
            line: line + 1,
            // The power of the block the line stands in, if its header named one.
            power: self
                .a
                .contexts
                .get(line)
                .and_then(|c| c.power)
                .map(|p| p.name()),
            unit: None,
            kind: OrderKindName::Unknown,
            text: self.text_of(span),
            range: self.range(span),
            target: TargetReport::default(),
            outcome: OutcomeReport {
                status: StatusName::NotAdjudicated,
                code: Some("not-adjudicated"),
                by: Vec::new(),
                sentence,
                strengths: None,
                turn: Vec::new(),
            },
            expected: None,
            step: None,
            forks: Vec::new(),
        }
    }

    fn text_of(&self, span: Span) -> String {
        self.text
            .get(span.start as usize..span.end as usize)
            .unwrap_or("")
            .trim()
            .to_owned()
    }

    fn dislodged(&self, d: &Dislodged) -> DislodgedReport {
        DislodgedReport {
            unit: UnitReport {
                power: Some(d.power.name()),
                kind: Some(unit_type(d.kind)),
                location: self.location(d.at.loc),
                season: season(d.at.season),
            },
            retreats_into: season(d.into),
            attacker_from: PlaceReport {
                location: self.map.abbrev(d.attacker_from.province).to_owned(),
                season: season(d.attacker_from.season),
            },
            by_convoy: d.by_convoy,
            standoffs: d
                .contested
                .iter()
                .map(|&p| self.map.abbrev(p).to_owned())
                .collect(),
            options: d.options.iter().map(|&l| self.location(l)).collect(),
        }
    }

    fn owed(&self, o: &Owed) -> OwedReport {
        OwedReport {
            season: season(o.season),
            power: o.power.name(),
            builds: o.builds,
            removals: o.removals,
            free_homes: o.free_homes.iter().map(|&p| self.map.abbrev(p)).collect(),
        }
    }

    /// Units grouped by power, in the map's order of powers.
    fn by_power(&self, units: &[BoardUnit]) -> Vec<PowerUnits> {
        self.map
            .powers()
            .iter()
            .filter_map(|&p| {
                let mine: Vec<BoardUnitReport> = units
                    .iter()
                    .filter(|u| u.power == p)
                    .map(|u| self.board_unit(u))
                    .collect();
                (!mine.is_empty()).then_some(PowerUnits {
                    power: p.name(),
                    units: mine,
                })
            })
            .collect()
    }

    /// Where each of the analysis' orders stands among the report's orders, which also list
    /// the order lines the analysis could not take.
    fn report_indices(&self) -> Vec<usize> {
        let mut out = Vec::with_capacity(self.a.orders.len());
        let mut next = self.a.orders.iter().peekable();
        let order_lines = self
            .a
            .parse
            .file
            .lines
            .iter()
            .enumerate()
            .filter(|(_, l)| matches!(l.kind, LineKind::Order(_)));
        for (k, (i, _)) in order_lines.enumerate() {
            if next.peek().is_some_and(|o| o.line == i) {
                out.push(k);
                next.next();
            }
        }
        out
    }

    fn step(&self, index: usize, s: &StepInfo, at: &[usize]) -> StepReport {
        StepReport {
            index,
            phase: phase(s.phase),
            calendar: calendars(s.seasons.iter().copied(), s.phase, self.map.first_year()),
            seasons: s.seasons.iter().map(|&k| season(k)).collect(),
            orders: s
                .orders
                .iter()
                .map(|&i| at.get(i).copied().unwrap_or(i))
                .collect(),
            closed_at: s.closed_at.map(|l| l + 1),
            reopened: s.reopened.iter().map(|&k| season(k)).collect(),
            advanced: s
                .advanced
                .iter()
                .map(|a| AdvanceReport {
                    from: season(a.head),
                    to: season(a.next),
                })
                .collect(),
            forks: s
                .forks
                .iter()
                .map(|f| ForkReport {
                    from: season(f.from),
                    first: season(f.first),
                    timeline: f.first.timeline,
                })
                .collect(),
            dislodged: s.dislodged.iter().map(|d| self.dislodged(d)).collect(),
            retreats_owed: s.retreats_owed.iter().map(|d| self.dislodged(d)).collect(),
            retreated: s
                .retreated
                .iter()
                .map(|r| {
                    // Who retreated: the unit standing at its destination right after the step.
                    let who = s
                        .boards
                        .iter()
                        .filter(|b| b.season == r.to.season)
                        .flat_map(|b| &b.units)
                        .find(|u| u.loc.province == r.to.loc.province);
                    RetreatReport {
                        unit: UnitReport {
                            power: who.map(|u| u.power.name()),
                            kind: who.map(|u| unit_type(u.kind)),
                            location: self.location(r.from.loc),
                            season: season(r.from.season),
                        },
                        to: self.place(r.to.season, r.to.loc),
                    }
                })
                .collect(),
            owed: s.owed.iter().map(|o| self.owed(o)).collect(),
            built: s.built.iter().map(|u| self.step_unit(u)).collect(),
            removed: s.removed.iter().map(|u| self.step_unit(u)).collect(),
            notes: s.notes.iter().map(crate::run::describe::note).collect(),
            boards: s
                .boards
                .iter()
                .map(|b| BoardReport {
                    season: season(b.season),
                    powers: self.by_power(&b.units),
                })
                .collect(),
        }
    }

    fn seasons(&self) -> impl Iterator<Item = SeasonReport> + '_ {
        let world = &self.a.world;
        let pending = world.pending_retreats();
        world.seasons().map(move |s| {
            let head = world.is_head(s.key);
            let phase = if !head {
                SeasonPhase::Past
            } else if pending.iter().any(|d| d.into == s.key) {
                SeasonPhase::Retreat
            } else if world.pending_adjustments().contains(&s.key) {
                SeasonPhase::Adjustment
            } else {
                SeasonPhase::Movement
            };
            let owner_of = |p| s.owner(p);
            let powers = self
                .map
                .powers()
                .iter()
                .filter_map(|&p| self.power_board(p, &s.units, owner_of))
                .collect();
            SeasonReport {
                season: season(s.key),
                calendar: s.key.calendar(self.map.first_year()),
                phase,
                parent: s.parent.map(season),
                children: s.children.iter().map(|&c| season(c)).collect(),
                head,
                powers,
                unowned_centres: self
                    .map
                    .supply_centres()
                    .filter(|&p| s.owner(p).is_none())
                    .map(|p| self.map.abbrev(p))
                    .collect(),
                dislodged: pending
                    .iter()
                    .filter(|d| d.at.season == s.key)
                    .map(|d| self.dislodged(d))
                    .collect(),
            }
        })
    }

    fn power_board(
        &self,
        p: Power,
        units: &[BoardUnit],
        owner: impl Fn(mdip_map::ProvinceId) -> Option<Power>,
    ) -> Option<PowerBoard> {
        let centres: Vec<&'static str> = self
            .map
            .supply_centres()
            .filter(|&c| owner(c) == Some(p))
            .map(|c| self.map.abbrev(c))
            .collect();
        let units: Vec<BoardUnitReport> = units
            .iter()
            .filter(|u| u.power == p)
            .map(|u| self.board_unit(u))
            .collect();
        (!centres.is_empty() || !units.is_empty()).then_some(PowerBoard {
            power: p.name(),
            centres,
            units,
        })
    }

    fn next(&self) -> Next {
        let world = &self.a.world;
        let phase_now = world.phase();
        let retreats = world.pending_retreats();
        let seasons: Vec<SeasonKey> = match phase_now {
            Phase::Movement => world.moving_heads(),
            Phase::Retreat => retreats.iter().map(|d| d.at.season).collect(),
            Phase::Adjustment => world.pending_adjustments().to_vec(),
        };
        let calendar = calendars(seasons.into_iter(), phase_now, self.map.first_year());
        Next {
            phase: phase(phase_now),
            calendar,
            retreats: world
                .pending_retreats()
                .iter()
                .map(|d| self.dislodged(d))
                .collect(),
            adjustments: world
                .pending_adjustments()
                .iter()
                .flat_map(|&s| world.adjustments_owed(s))
                .map(|o| self.owed(&o))
                .collect(),
        }
    }
}
