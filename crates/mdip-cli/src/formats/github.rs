//! `--format github`: GitHub Actions workflow commands, one per diagnostic
//! (`::error file=F,line=L,col=C,endLine=L,endColumn=C,title=E0202::message`), which the
//! Actions runner turns into annotations on the changed lines. Problems reading a path are
//! `::error file=PATH::message`. Expected diagnostics are notices.

use std::fmt::Write as _;
use std::io::{self, Write};

use mdip_analysis::report::{Problem, SeverityName, Summary};

use super::{Checked, FormatWriter};

/// `--format github`.
pub struct Github;

/// Escapes a message (`%`, CR and LF), as the runner reads it back, and the other controls
/// and bidi controls as `\u{1b}` (the runner's log is shown in a terminal-like view).
fn data(text: &str) -> String {
    let text = text
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A");
    super::escape(&text).into_owned()
}

/// Escapes a property value: a message's escapes, and `:` and `,`, which end a property.
fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}

impl FormatWriter for Github {
    fn problem(&self, p: &Problem) -> Vec<u8> {
        let level = match p.severity {
            SeverityName::Error => "error",
            SeverityName::Warning => "warning",
        };
        format!(
            "::{level} file={},title=mdip::{}\n",
            property(&p.path),
            data(&p.message)
        )
        .into_bytes()
    }

    fn file(&self, file: &Checked<'_>, sink: &mut dyn Write) -> io::Result<()> {
        let mut out = String::new();
        let path = property(file.path());
        for d in file.diagnostics() {
            let level = match (d.expected, d.severity) {
                (true, _) => "notice",
                (false, SeverityName::Error) => "error",
                (false, SeverityName::Warning) => "warning",
            };
            let mut message = d.message.clone();
            if let Some(h) = &d.hint {
                message.push_str("\nhint: ");
                message.push_str(h);
            }
            let r = d.range;
            let _ = writeln!(
                out,
                "::{level} file={path},line={},col={},endLine={},endColumn={},title={}::{}",
                r.start.line,
                r.start.column,
                r.end.line,
                r.end.column,
                d.code,
                data(&message)
            );
        }
        sink.write_all(out.as_bytes())
    }

    fn finish(&mut self, _problems: &[Problem], _summary: &Summary) -> Vec<u8> {
        Vec::new()
    }
}
