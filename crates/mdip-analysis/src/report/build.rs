//! Building a [`FileReport`] from an analysis: the one place where the analysis' values
//! (map ids, seasons, reasons) become the report's written names.

use std::borrow::Cow;

use mdip_judge::world::{BoardUnit, Dislodged, Owed, Phase, SeasonKey};
use mdip_map::{Location, Map, Power};
use mdip_syntax::{ExpectedOutcome, LineIndex, LineKind, Span};

use super::words::*;
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
            rules: a.rules_words(),
            map: map_name(a),
        }
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

pub(super) fn counts(a: &Analysis) -> Counts {
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

pub(super) fn timelines(a: &Analysis) -> Vec<TimelineReport> {
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

pub(super) fn victory(a: &Analysis) -> VictoryReport {
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
pub(super) fn map_name(a: &Analysis) -> Option<&'static str> {
    let map: &'static mdip_map::Map = a.world.map();
    (!std::ptr::eq(map, mdip_map::Map::standard())).then(|| map.info().name.as_str())
}

pub(super) fn games(a: &Analysis) -> Vec<GameReport> {
    a.games
        .iter()
        .map(|g| GameReport {
            name: g.name.clone(),
            line: g.line + 1,
            first_step: g.first_step,
        })
        .collect()
}

pub(super) struct Builder<'a> {
    map: &'static Map,
    text: &'a str,
    index: LineIndex,
    a: &'a Analysis,
}

impl<'a> Builder<'a> {
    pub(super) fn new(text: &'a str, a: &'a Analysis) -> Builder<'a> {
        Builder {
            map: a.world.map(),
            text,
            index: LineIndex::new(text),
            a,
        }
    }

    pub(super) fn diagnostics(&self) -> impl Iterator<Item = DiagnosticReport> + '_ {
        self.a.diagnostics.iter().map(|d| self.diagnostic(d))
    }

    pub(super) fn steps(&self) -> impl Iterator<Item = StepReport> + '_ {
        let at = self.report_indices();
        self.a
            .steps
            .iter()
            .enumerate()
            .map(move |(i, s)| self.step(i, s, &at))
    }
}

impl Builder<'_> {
    pub(super) fn range(&self, span: Span) -> Range {
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

    pub(super) fn diagnostic(&self, d: &Diagnostic) -> DiagnosticReport {
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

    /// A location as the map abbreviates it, lent by the map (written out only for a location
    /// of no province of the map).
    pub(super) fn location(&self, l: Location) -> Cow<'static, str> {
        let map: &'static Map = self.map;
        match map.location_str(l) {
            Some(s) => Cow::Borrowed(s),
            None => Cow::Owned(map.location_abbrev(l)),
        }
    }

    pub(super) fn place(&self, s: SeasonKey, l: Location) -> PlaceReport {
        PlaceReport {
            location: self.location(l),
            season: season(s),
        }
    }

    pub(super) fn strength(&self, s: &crate::StrengthInfo) -> StrengthReport {
        StrengthReport {
            value: s.value,
            supporters: s.supporters.iter().map(|u| self.step_unit(u)).collect(),
        }
    }

    pub(super) fn step_unit(&self, u: &StepUnit) -> UnitReport {
        UnitReport {
            power: Some(u.power.name()),
            kind: Some(unit_type(u.kind)),
            location: self.location(u.loc),
            season: season(u.season),
        }
    }

    pub(super) fn board_unit(&self, u: &BoardUnit) -> BoardUnitReport {
        BoardUnitReport {
            kind: unit_type(u.kind),
            location: self.location(u.loc),
        }
    }

    /// Every order line of the file, in file order: the analysis' orders, and the order
    /// lines it could not take (unknown power, unreadable), as not adjudicated.
    pub(super) fn orders(&self) -> impl Iterator<Item = OrderReport> + '_ {
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

    pub(super) fn order(&self, o: &OrderInfo) -> OrderReport {
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
    pub(super) fn route(&self, o: &OrderInfo) -> Vec<UnitReport> {
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
    pub(super) fn unread(&self, line: usize, span: Span) -> OrderReport {
        // Diagnostics are sorted by their start.
        let diags = &self.a.diagnostics;
        let first = diags.partition_point(|d| d.span.start < span.start);
        let sentence = diags
            .get(first)
            .filter(|d| d.span.start <= span.end)
            .map_or_else(
                || crate::run::describe::NOT_READ.to_owned(),
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

    pub(super) fn text_of(&self, span: Span) -> String {
        self.text
            .get(span.start as usize..span.end as usize)
            .unwrap_or("")
            .trim()
            .to_owned()
    }

    pub(super) fn dislodged(&self, d: &Dislodged) -> DislodgedReport {
        DislodgedReport {
            unit: UnitReport {
                power: Some(d.power.name()),
                kind: Some(unit_type(d.kind)),
                location: self.location(d.at.loc),
                season: season(d.at.season),
            },
            retreats_into: season(d.into),
            attacker_from: PlaceReport {
                location: Cow::Borrowed(self.map.abbrev(d.attacker_from.province)),
                season: season(d.attacker_from.season),
            },
            by_convoy: d.by_convoy,
            standoffs: d.contested.iter().map(|&p| self.map.abbrev(p)).collect(),
            options: d.options.iter().map(|&l| self.location(l)).collect(),
        }
    }

    pub(super) fn owed(&self, o: &Owed) -> OwedReport {
        OwedReport {
            season: season(o.season),
            power: o.power.name(),
            builds: o.builds,
            removals: o.removals,
            free_homes: o.free_homes.iter().map(|&p| self.map.abbrev(p)).collect(),
        }
    }

    /// Units grouped by power, in the map's order of powers.
    pub(super) fn by_power(&self, units: &[BoardUnit]) -> Vec<PowerUnits> {
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
    pub(super) fn report_indices(&self) -> Vec<usize> {
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

    pub(super) fn step(&self, index: usize, s: &StepInfo, at: &[usize]) -> StepReport {
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

    pub(super) fn seasons(&self) -> impl Iterator<Item = SeasonReport> + '_ {
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

    pub(super) fn power_board(
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

    pub(super) fn next(&self) -> Next {
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
