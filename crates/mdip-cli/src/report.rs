//! Text rendering: diagnostics with source snippets (codespan-reporting) and the adjudication
//! report (each step's orders with outcome and reason, then every timeline and its seasons).

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label, Severity as CsSeverity};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, termcolor::Buffer, Config, Styles, StylesWriter};
use mdip_analysis::describe;
use mdip_analysis::{Analysis, ExpectationCount, OrderInfo, Severity, Status, StepInfo, StepUnit};
use mdip_judge::world::{BoardUnit, Phase};
use mdip_map::Map;

/// Renders the diagnostics of one file with source snippets.
pub fn diagnostics(name: &str, text: &str, a: &Analysis, color: bool) -> String {
    // codespan-reporting breaks lines at LF only; a lone CR is a line break too. Replacing it by
    // LF keeps every byte offset.
    let unified = lone_cr_to_lf(text);
    let file = SimpleFile::new(name, unified.as_str());
    let config = Config::default();
    let styles = Styles::default();
    let mut buffer = if color {
        Buffer::ansi()
    } else {
        Buffer::no_color()
    };
    for d in &a.diagnostics {
        let severity = match (d.severity, d.expected) {
            (_, true) => CsSeverity::Note,
            (Severity::Error, false) => CsSeverity::Error,
            (Severity::Warning, false) => CsSeverity::Warning,
        };
        let range = clamp(d.span.start as usize, d.span.end as usize, text);
        let mut labels = vec![Label::primary((), range)];
        for r in &d.related {
            labels.push(
                Label::secondary((), clamp(r.span.start as usize, r.span.end as usize, text))
                    .with_message(r.message.clone()),
            );
        }
        let mut notes = Vec::new();
        if d.expected {
            notes.push("expected by the file".to_string());
        }
        if let Some(h) = &d.hint {
            notes.push(format!("hint: {h}"));
        }
        for f in &d.fixes {
            notes.push(format!("fix: {}", f.title));
        }
        let cs = CsDiagnostic::new(severity)
            .with_code(d.code.as_str())
            .with_message(d.message.clone())
            .with_labels(labels)
            .with_notes(notes);
        let mut w = StylesWriter::new(&mut buffer, &styles);
        let _ = term::emit_to_write_style(&mut w, &config, &file, &cs);
    }
    String::from_utf8_lossy(buffer.as_slice()).into_owned()
}

/// The text with every CR that is not followed by LF replaced by LF (same length).
fn lone_cr_to_lf(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        if c == '\r' && bytes.get(i + 1) != Some(&b'\n') {
            out.push('\n');
        } else {
            out.push(c);
        }
    }
    out
}

/// A range that lies inside the text on character boundaries.
fn clamp(start: usize, end: usize, text: &str) -> std::ops::Range<usize> {
    let mut s = start.min(text.len());
    while !text.is_char_boundary(s) {
        s -= 1;
    }
    let mut e = end.clamp(s, text.len());
    while !text.is_char_boundary(e) {
        e += 1;
    }
    s..e
}

/// One line per file: its name and whether it passed.
pub fn file_summary(name: &str, a: &Analysis) -> String {
    let errors = a.diagnostics.iter().filter(|d| d.is_failure()).count();
    let ExpectationCount { stated, failed } = a.expectations;
    let status = if a.has_errors() { "FAILED" } else { "ok" };
    format!(
        "{name}: {status} ({} step{}, {} order{}, {stated} expectation{}{}, {errors} error{})",
        a.steps.len(),
        s(a.steps.len()),
        a.orders.len(),
        s(a.orders.len()),
        s(stated),
        if failed > 0 {
            format!(", {failed} unmet")
        } else {
            String::new()
        },
        s(errors)
    )
}

fn s(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The adjudication report of one file.
pub fn report(name: &str, text: &str, a: &Analysis) -> String {
    let map = a.world.map();
    let mut out = String::new();
    out.push_str(&format!("== {name}\n"));
    for (i, step) in a.steps.iter().enumerate() {
        step_header(&mut out, i, step);
        for &oi in &step.orders {
            order_line(&mut out, text, &a.orders[oi]);
        }
        step_effects(&mut out, map, step);
    }
    timelines(&mut out, map, a);
    out
}

/// "Step 3: retreat of 1:0 (Spring 1901)" and the seasons it re-opened.
fn step_header(out: &mut String, i: usize, step: &StepInfo) {
    let seasons: Vec<String> = step
        .seasons
        .iter()
        .map(|s| format!("{s} ({})", s.calendar()))
        .collect();
    out.push_str(&format!(
        "\nStep {}: {} of {}\n",
        i + 1,
        step.phase.name(),
        if seasons.is_empty() {
            "nothing".into()
        } else {
            seasons.join(", ")
        }
    ));
    if !step.reopened.is_empty() {
        let r: Vec<String> = step.reopened.iter().map(|s| s.to_string()).collect();
        out.push_str(&format!("  re-opened: {}\n", r.join(", ")));
    }
}

/// One order of a step with its mark, status, reason and forks.
fn order_line(out: &mut String, text: &str, o: &OrderInfo) {
    let order_text = text
        .get(o.span.start as usize..o.span.end as usize)
        .unwrap_or("")
        .trim();
    let mark = match o.status {
        Status::Succeeds => "ok  ",
        Status::Fails => "FAIL",
        Status::Illegal => "ILL ",
        Status::Pending => "....",
    };
    let forks: Vec<String> = o
        .forks
        .iter()
        .map(|f| format!("; forks timeline {} ({f})", f.timeline))
        .collect();
    out.push_str(&format!(
        "  {mark} {}: {order_text}  -- {}{}{}\n",
        o.power.name(),
        o.status.name(),
        if o.reason.is_empty() {
            String::new()
        } else {
            format!(": {}", o.reason)
        },
        forks.concat()
    ));
}

/// Notes, dislodgements, forks, builds, removals and the boards a step touched.
fn step_effects(out: &mut String, map: &Map, step: &StepInfo) {
    for n in &step.notes {
        out.push_str(&format!("  note: {n}\n"));
    }
    for d in &step.dislodged {
        let opts: Vec<String> = d.options.iter().map(|l| map.location_abbrev(*l)).collect();
        out.push_str(&format!(
            "  dislodged: {} {} {} in {} (retreats: {})\n",
            d.power.name(),
            d.kind.letter(),
            describe::location(map, d.at.loc),
            d.at.season,
            if opts.is_empty() {
                "none".into()
            } else {
                opts.join(", ")
            }
        ));
    }
    for f in &step.forks {
        out.push_str(&format!(
            "  fork: {} branches into timeline {} at {}\n",
            f.from, f.first.timeline, f.first
        ));
    }
    let unit_line = |out: &mut String, what: &str, u: &StepUnit| {
        out.push_str(&format!(
            "  {what}: {} {} {} in {}\n",
            u.power.name(),
            u.kind.letter(),
            describe::location(map, u.loc),
            u.season
        ));
    };
    for u in &step.built {
        unit_line(out, "built", u);
    }
    if step.phase != Phase::Movement {
        for u in &step.removed {
            unit_line(out, "removed", u);
        }
    }
    for board in &step.boards {
        out.push_str(&format!(
            "  board {}: {}\n",
            board.season,
            board_list(map, &board.units)
        ));
    }
}

/// Every timeline with its seasons' boards, and the winner.
fn timelines(out: &mut String, map: &Map, a: &Analysis) {
    out.push_str("\nTimelines:\n");
    for t in a.world.timelines() {
        out.push_str(&format!(
            "  timeline {}{}: head {}\n",
            t.number,
            t.branched_from
                .map(|b| format!(" (branched from {b})"))
                .unwrap_or_default(),
            t.head
        ));
        for season in a.world.seasons().filter(|s| s.key.timeline == t.number) {
            out.push_str(&format!(
                "    {} {}: {}\n",
                season.key,
                season.key.calendar(),
                board_list(map, &season.units)
            ));
        }
    }
    if let Some(w) = a.world.winner() {
        out.push_str(&format!("Winner: {}\n", w.name()));
    }
}

/// A board in short: `ger A mun, eng F stp/sc`, or `empty`.
fn board_list(map: &Map, units: &[BoardUnit]) -> String {
    if units.is_empty() {
        return "empty".into();
    }
    let list: Vec<String> = units
        .iter()
        .map(|u| {
            format!(
                "{} {} {}",
                u.power.abbrev(),
                u.kind.letter(),
                map.location_abbrev(u.loc)
            )
        })
        .collect();
    list.join(", ")
}
