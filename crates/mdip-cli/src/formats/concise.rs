//! `--format concise`: one line per diagnostic, `path:line:column: error[E0202]: message`,
//! as compilers write them (editors and `grep` read it), then the summary line. A message of
//! several lines is written on one, its lines joined by `; `.

use std::fmt::Write as _;
use std::io::{self, Write};

use mdip_analysis::report::{Problem, SeverityName, Summary};

use super::{summary_line, Checked, FormatWriter};

/// `--format concise`.
pub struct Concise;

fn severity(s: SeverityName) -> &'static str {
    match s {
        SeverityName::Error => "error",
        SeverityName::Warning => "warning",
    }
}

/// A message on one line: the lines of a message of several (a variant folder's problems)
/// joined by `; `.
fn one_line(message: &str) -> std::borrow::Cow<'_, str> {
    if message.contains('\n') {
        let lines: Vec<&str> = message.lines().map(str::trim).collect();
        lines.join("; ").into()
    } else {
        message.into()
    }
}

impl FormatWriter for Concise {
    fn problem(&self, p: &Problem) -> Vec<u8> {
        let line = format!("{}: {}: {}\n", p.path, severity(p.severity), p.message);
        super::escape(&line).into_owned().into_bytes()
    }

    fn file(&self, file: &Checked<'_>, sink: &mut dyn Write) -> io::Result<()> {
        let mut out = String::new();
        for d in file.diagnostics() {
            let level = if d.expected {
                "note"
            } else {
                severity(d.severity)
            };
            let _ = write!(
                out,
                "{}:{}:{}: {level}[{}]: {}",
                file.path(),
                d.range.start.line,
                d.range.start.column,
                d.code,
                one_line(&d.message)
            );
            if let Some(h) = &d.hint {
                let _ = write!(out, " (hint: {h})");
            }
            out.push('\n');
        }
        // A path or a message may hold controls of the file's: escaped.
        sink.write_all(super::escape(&out).as_bytes())
    }

    fn finish(&mut self, _problems: &[Problem], summary: &Summary) -> Vec<u8> {
        summary_line(summary).into_bytes()
    }
}
