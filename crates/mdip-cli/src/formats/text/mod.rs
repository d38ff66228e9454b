//! `--format text` (the default): each file's diagnostics with source snippets
//! (codespan-reporting), its adjudication report for players (`report.rs`), a line saying
//! whether it passed, and the summary. Colours (when on) are ANSI styles from `anstyle`;
//! whether they are on is decided once, by `anstream`'s reading of the terminal, `NO_COLOR`
//! and `--color`.

mod report;

use std::io::{self, Write};

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label, Severity as CsSeverity};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, termcolor::Buffer, Config, Styles, StylesWriter};
use mdip_analysis::report::{FileStatus, Problem, Summary};
use mdip_analysis::{Analysis, Severity};

use super::{plural, summary_line, Checked, FormatWriter, Options};

/// `--format text`.
pub struct Text {
    options: Options,
}

impl Text {
    pub fn new(options: Options) -> Text {
        Text { options }
    }
}

impl FormatWriter for Text {
    fn file(&self, file: &Checked<'_>, sink: &mut dyn Write) -> io::Result<()> {
        // Controls and bidi controls of the file or its name are written escaped. What the
        // output says of the file comes from its text and name: when they hold none, neither
        // does the output; when they do, the file is written without colour (the escapes of
        // the colours could not be told from the file's own) and escaped whole.
        let hostile = super::has_unsafe(file.text) || super::has_unsafe(file.path());
        let color = self.options.color && !hostile;
        let mut out = diagnostics(file.path(), file.text, file.analysis, color);
        if self.options.show_report {
            out.push_str(&report::report(file.report(), color));
        }
        out.push_str(&file_summary(file.status));
        out.push('\n');
        if hostile {
            out = super::escape(&out).into_owned();
        }
        sink.write_all(out.as_bytes())
    }

    fn finish(&mut self, _problems: &[Problem], summary: &Summary) -> Vec<u8> {
        summary_line(summary).into_bytes()
    }
}

/// Renders the diagnostics of one file with source snippets.
fn diagnostics(name: &str, text: &str, a: &Analysis, color: bool) -> String {
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
fn file_summary(r: &FileStatus) -> String {
    let c = &r.counts;
    let status = if r.ok { "ok" } else { "FAILED" };
    let steps = r.steps;
    let orders = r.orders;
    format!(
        "{}: {status} ({steps} step{}, {orders} order{}, {} expectation{}{}, {} error{})",
        r.path,
        plural(steps),
        plural(orders),
        c.expectations,
        plural(c.expectations),
        if c.unmet > 0 {
            format!(", {} unmet", c.unmet)
        } else {
            String::new()
        },
        c.errors,
        plural(c.errors)
    )
}
