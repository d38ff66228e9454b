//! The JSON output of `mdip check --format json`, schema `mdip-check/1` (documented in
//! `docs/json-schema.md`). Field names and meanings never change within a schema version.

use mdip_analysis::{Analysis, Severity, StepUnit};
use mdip_judge::world::{BoardUnit, Dislodged, SeasonKey};
use mdip_map::{Location, Map};
use mdip_syntax::{LineIndex, Span};
use serde_json::{json, Value};

/// The schema identifier written in every document.
pub const SCHEMA: &str = "mdip-check/1";

/// The whole document for a set of analysed files.
pub fn document<'a>(files: impl Iterator<Item = (&'a str, &'a str, &'a Analysis)>) -> Value {
    let mut out = Vec::new();
    let (mut ok, mut failed, mut errors, mut warnings) = (0, 0, 0, 0);
    for (name, text, a) in files {
        if a.has_errors() {
            failed += 1;
        } else {
            ok += 1;
        }
        errors += a.diagnostics.iter().filter(|d| d.is_failure()).count();
        warnings += a
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Warning)
            .count();
        out.push(file(name, text, a));
    }
    json!({
        "schema": SCHEMA,
        "files": out,
        "summary": { "files": ok + failed, "ok": ok, "failed": failed, "errors": errors, "warnings": warnings },
    })
}

fn range(index: &LineIndex, text: &str, span: Span) -> Value {
    let start = index.line_col(span.start);
    let end = index.line_col(span.end);
    let chars = |line_start: u32, offset: u32| -> usize {
        text.get(line_start as usize..offset as usize)
            .map_or(0, |s| s.chars().count())
    };
    let ls = index.line_span(start.line as usize).map_or(0, |s| s.start);
    let le = index.line_span(end.line as usize).map_or(0, |s| s.start);
    json!({
        "start": { "line": start.line + 1, "column": chars(ls, span.start) + 1 },
        "end": { "line": end.line + 1, "column": chars(le, span.end) + 1 },
        "byte_start": span.start,
        "byte_end": span.end,
    })
}

fn loc(map: &Map, l: Location) -> String {
    map.location_abbrev(l)
}

fn season(s: SeasonKey) -> Value {
    json!({ "turn": s.turn, "timeline": s.timeline, "name": s.to_string() })
}

fn unit(map: &Map, u: &BoardUnit) -> Value {
    json!({ "power": u.power.name(), "type": u.kind.name().to_lowercase(), "location": loc(map, u.loc) })
}

fn step_unit(map: &Map, u: &StepUnit) -> Value {
    json!({ "power": u.power.name(), "type": u.kind.name().to_lowercase(), "season": u.season.to_string(), "location": loc(map, u.loc) })
}

fn dislodged(map: &Map, d: &Dislodged) -> Value {
    json!({
        "power": d.power.name(),
        "type": d.kind.name().to_lowercase(),
        "location": loc(map, d.at.loc),
        "season": d.at.season.to_string(),
        "retreats_into": d.into.to_string(),
        "attacker_from": { "province": map.abbrev(d.attacker_from.province), "season": d.attacker_from.season.to_string() },
        "retreat_options": d.options.iter().map(|l| loc(map, *l)).collect::<Vec<_>>(),
    })
}

fn file(name: &str, text: &str, a: &Analysis) -> Value {
    let index = LineIndex::new(text);
    let map = a.world.map();
    json!({
        "path": name,
        "ok": !a.has_errors(),
        "phase": a.world.phase().name(),
        "diagnostics": diagnostics(&index, text, a),
        "orders": orders(&index, text, a),
        "phases": phases(a),
        "seasons": seasons(map, a),
        "timelines": timelines(a),
        "heads": a.world.heads().into_iter().map(season).collect::<Vec<_>>(),
        "winner": a.world.winner().map(|p| p.name()),
        "expectations": { "stated": a.expectations.stated, "failed": a.expectations.failed },
    })
}

/// Every diagnostic with its range, related information and fixes.
fn diagnostics(index: &LineIndex, text: &str, a: &Analysis) -> Vec<Value> {
    a
        .diagnostics
        .iter()
        .map(|d| {
            json!({
                "code": d.code.as_str(),
                "severity": match d.severity { Severity::Error => "error", Severity::Warning => "warning" },
                "message": d.message,
                "hint": d.hint,
                "expected": d.expected,
                "range": range(index, text, d.span),
                "related": d.related.iter().map(|r| json!({"message": r.message, "range": range(index, text, r.span)})).collect::<Vec<_>>(),
                "fixes": d.fixes.iter().map(|f| json!({
                    "title": f.title,
                    "edits": f.edits.iter().map(|e| json!({"range": range(index, text, e.span), "text": e.text})).collect::<Vec<_>>(),
                })).collect::<Vec<_>>(),
            })
        })
        .collect()
}

/// Every order with its unit, range, outcome and reason.
fn orders(index: &LineIndex, text: &str, a: &Analysis) -> Vec<Value> {
    let map = a.world.map();
    a.orders
        .iter()
        .map(|o| {
            json!({
                "power": o.power.name(),
                "unit": o.unit.map(|u| json!({
                    "type": u.kind.name().to_lowercase(),
                    "location": loc(map, u.loc),
                    "season": u.season.to_string(),
                })),
                "kind": o.kind.name(),
                "text": text.get(o.span.start as usize..o.span.end as usize).unwrap_or(""),
                "range": range(index, text, o.span),
                "outcome": o.status.name(),
                "reason": o.reason,
                "expected": o.expect.map(|e| match e {
                    mdip_syntax::ExpectedOutcome::Succeeds => "succeeds",
                    mdip_syntax::ExpectedOutcome::Fails => "fails",
                    mdip_syntax::ExpectedOutcome::Illegal => "illegal",
                }),
                "step": o.step,
                "forks": o.forks.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            })
        })
        .collect()
}

/// Every step that ran, with what it changed.
fn phases(a: &Analysis) -> Vec<Value> {
    let map = a.world.map();
    a
        .steps
        .iter()
        .enumerate()
        .map(|(i, s)| {
            json!({
                "index": i,
                "phase": s.phase.name(),
                "seasons": s.seasons.iter().map(|k| k.to_string()).collect::<Vec<_>>(),
                "orders": s.orders,
                "reopened": s.reopened.iter().map(|k| k.to_string()).collect::<Vec<_>>(),
                "advanced": s.advanced.iter().map(|a| json!({"from": a.head.to_string(), "to": a.next.to_string()})).collect::<Vec<_>>(),
                "forks": s.forks.iter().map(|f| json!({"from": f.from.to_string(), "first": f.first.to_string(), "timeline": f.first.timeline})).collect::<Vec<_>>(),
                "dislodged": s.dislodged.iter().map(|d| dislodged(map, d)).collect::<Vec<_>>(),
                "retreated": s.retreated.iter().map(|r| json!({"season": r.from.season.to_string(), "from": loc(map, r.from.loc), "to": loc(map, r.to.loc)})).collect::<Vec<_>>(),
                "built": s.built.iter().map(|u| step_unit(map, u)).collect::<Vec<_>>(),
                "removed": s.removed.iter().map(|u| step_unit(map, u)).collect::<Vec<_>>(),
                "units": s.boards.iter().map(|b| json!({"season": b.season.to_string(), "units": b.units.iter().map(|u| unit(map, u)).collect::<Vec<_>>()})).collect::<Vec<_>>(),
                "notes": s.notes,
            })
        })
        .collect()
}

/// Every season of the world: its board, its phase and its centres.
fn seasons(map: &Map, a: &Analysis) -> Vec<Value> {
    let pending: Vec<&Dislodged> = a.world.pending_retreats().iter().collect();
    a
        .world
        .seasons()
        .map(|s| {
            let mut centres = serde_json::Map::new();
            for p in map.supply_centres() {
                if let Some(o) = s.owner(p) {
                    centres.insert(map.abbrev(p).to_string(), json!(o.name()));
                }
            }
            let phase = if a.world.is_head(s.key) {
                if a.world.pending_retreats().iter().any(|d| d.into == s.key) {
                    "retreat"
                } else if a.world.pending_adjustments().contains(&s.key) {
                    "adjustment"
                } else {
                    "movement"
                }
            } else {
                "past"
            };
            json!({
                "turn": s.key.turn,
                "timeline": s.key.timeline,
                "name": s.key.to_string(),
                "calendar": s.key.calendar(),
                "parent": s.parent.map(|p| p.to_string()),
                "children": s.children.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
                "head": a.world.is_head(s.key),
                "phase": phase,
                "units": s.units.iter().map(|u| unit(map, u)).collect::<Vec<_>>(),
                "dislodged": pending.iter().filter(|d| d.at.season == s.key).map(|d| dislodged(map, d)).collect::<Vec<_>>(),
                "centres": centres,
            })
        })
        .collect()
}

/// Every timeline.
fn timelines(a: &Analysis) -> Vec<Value> {
    a.world
        .timelines()
        .iter()
        .map(|t| {
            json!({
                "number": t.number,
                "branched_from": t.branched_from.map(|b| b.to_string()),
                "first": t.first.to_string(),
                "head": t.head.to_string(),
            })
        })
        .collect()
}
