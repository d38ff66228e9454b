//! The output formats of `mdip check`, one writer per file of this folder. Every writer
//! reads the typed report of the analysis (schema `mdip-check/2`: [`FileReport`], its
//! [`FileStatus`] and its diagnostics), never the judge or the map: what a format shows is
//! what the report says.
//!
//! Files are checked in parallel; each file's output is made on the worker thread that checked
//! it ([`FormatWriter::file`]) and sent in pieces to the writing thread, which writes them in the
//! order the files were given, as soon as the files before it are written: output streams
//! while later files are still being checked. The channel is bounded, so a worker waits while
//! the output is behind.
//!
//! The full report of a file is built only for the formats that show it (the text report);
//! the others read the file's [`FileStatus`] and its diagnostics, and `json` and `json-lines`
//! serialise the report as they build it ([`FileReport::streamed`]): a file's report and JSON
//! are never whole in memory, unless the file waits behind a slower one (its pieces are then
//! kept until its turn).

mod concise;
mod github;
mod gitlab;
mod json;
mod junit;
mod sarif;
mod text;

use std::cell::OnceCell;
use std::io::{self, Write};

use mdip_analysis::report::{DiagnosticReport, FileReport, FileStatus, Problem, Summary};
use mdip_analysis::Analysis;

use crate::Format;

/// One checked file, as a worker hands it to a writer.
pub struct Checked<'a> {
    /// The file's text.
    pub text: &'a str,
    /// Its analysis (for source snippets).
    pub analysis: &'a Analysis,
    /// Its path, whether it is clean, and its counts.
    pub status: &'a FileStatus,
    report: OnceCell<FileReport>,
    diagnostics: OnceCell<Vec<DiagnosticReport>>,
}

impl<'a> Checked<'a> {
    pub fn new(text: &'a str, analysis: &'a Analysis, status: &'a FileStatus) -> Checked<'a> {
        Checked {
            text,
            analysis,
            status,
            report: OnceCell::new(),
            diagnostics: OnceCell::new(),
        }
    }

    /// The path as the report names it.
    pub fn path(&self) -> &'a str {
        &self.status.path
    }

    /// The file's full report, built on first use.
    pub fn report(&self) -> &FileReport {
        self.report
            .get_or_init(|| FileReport::new(self.path(), self.text, self.analysis))
    }

    /// The file's diagnostics as the report writes them, without the rest of the report.
    pub fn diagnostics(&self) -> &[DiagnosticReport] {
        match self.report.get() {
            Some(r) => &r.diagnostics,
            None => self
                .diagnostics
                .get_or_init(|| mdip_analysis::report::diagnostics(self.text, self.analysis)),
        }
    }

    /// What a format that writes at the end keeps of the file.
    pub fn kept(self) -> Kept {
        let path = self.status.path.clone();
        let diagnostics = match (self.report.into_inner(), self.diagnostics.into_inner()) {
            (Some(r), _) => r.diagnostics,
            (None, Some(d)) => d,
            (None, None) => mdip_analysis::report::diagnostics(self.text, self.analysis),
        };
        Kept {
            path,
            diagnostics,
            elapsed: std::time::Duration::ZERO,
        }
    }
}

/// What [`FormatWriter::keep`] is given of a file: its path, its diagnostics, and how long it took
/// to check (for JUnit's `time`).
pub struct Kept {
    pub path: String,
    pub diagnostics: Vec<DiagnosticReport>,
    pub elapsed: std::time::Duration,
}

/// What every writer is told besides the files.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Colours in the text output.
    pub color: bool,
    /// Print each file's adjudication report (text).
    pub show_report: bool,
    /// Pretty-print JSON.
    pub pretty: bool,
}

/// One output format.
pub trait FormatWriter: Sync {
    /// Output before the first file.
    fn start(&mut self) -> Vec<u8> {
        Vec::new()
    }

    /// Output for a problem with a path (found while looking for files, or while reading
    /// one), written where it is met: before the files for paths that cannot be found, in
    /// file order for files that cannot be read. Every problem also reaches `finish`.
    fn problem(&self, _problem: &Problem) -> Vec<u8> {
        Vec::new()
    }

    /// Bytes written between two files' outputs (`n` files written so far).
    fn separator(&self, _n: usize) -> &'static str {
        ""
    }

    /// Writes one file's output, on a worker thread.
    fn file(&self, file: &Checked<'_>, out: &mut dyn Write) -> io::Result<()>;

    /// Whether [`FormatWriter::keep`] wants the files (most formats write each file as it comes
    /// and keep nothing).
    fn keeps(&self) -> bool {
        false
    }

    /// Keeps what [`FormatWriter::finish`] needs of a file, in file order, once every file is
    /// checked.
    fn keep(&mut self, _file: Kept) {}

    /// Output after the last file, with every problem met.
    fn finish(&mut self, problems: &[Problem], summary: &Summary) -> Vec<u8>;
}

/// Whether the terminal formats (text, concise, github) would write a character raw that
/// steers a terminal or reorders a line (a C0 or C1 control, ESC, a bidi control): they write
/// it escaped instead (`\u{1b}`, `\u{202e}`), with [`escape`].
pub fn has_unsafe(text: &str) -> bool {
    mdip_analysis::chars::has_unsafe(text)
}

/// The text with its controls and bidi controls escaped (`\u{1b}`); see [`has_unsafe`].
pub fn escape(text: &str) -> std::borrow::Cow<'_, str> {
    mdip_analysis::chars::escape(text)
}

/// The writer of a format.
pub fn writer_for(format: Format, options: Options) -> Box<dyn FormatWriter> {
    match format {
        Format::Text => Box::new(text::Text::new(options)),
        Format::Json => Box::new(json::Json::new(options.pretty)),
        Format::JsonLines => Box::new(json::JsonLines),
        Format::Sarif => Box::new(sarif::Sarif::default()),
        Format::Github => Box::new(github::Github),
        Format::Junit => Box::new(junit::Junit::default()),
        Format::Concise => Box::new(concise::Concise),
        Format::Gitlab => Box::new(gitlab::Gitlab::new(options.pretty)),
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The closing line of the text formats: `checked 3 files: 2 ok, 1 with errors (...)`.
pub fn summary_line(s: &Summary) -> String {
    format!(
        "checked {} file{}: {} ok, {} with errors ({} error{}, {} warning{})\n",
        s.files,
        plural(s.files),
        s.ok,
        s.failed,
        s.errors,
        plural(s.errors),
        s.warnings,
        plural(s.warnings)
    )
}
