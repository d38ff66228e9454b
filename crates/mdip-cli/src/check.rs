//! `mdip check`: reads files, folders or standard input, analyses the files in parallel,
//! renders each file's report in the chosen format on the worker that checked it, and writes
//! the outputs file by file in the order given, streamed in pieces. Exit codes: 0 clean,
//! 1 errors, 2 usage or IO.
//!
//! Inputs are read by `inputs.rs` (regular files only; folders walked with the `ignore` crate
//! in natural order; links out of the folder skipped unless `--follow-links`; a size limit; one
//! problem per unreadable path). Each file's output is made on its rayon worker and sent in
//! 256 KiB pieces to the writing thread, which writes them in input order; the channel is
//! bounded, so workers wait while the output is behind. The full `FileReport` is built only for
//! the text report (`formats::Checked::report`); the other formats read a `FileStatus` and the
//! diagnostics, and JSON serialises `FileReport::streamed` straight to its output, so a file's
//! report and JSON are not whole in memory unless the file waits behind a slower one.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc;

use clap::Args;
use mdip_analysis::config::Lint;
use mdip_analysis::report::{FileStatus, Problem, SeverityName, Summary};
use mdip_analysis::{analyze_for_with, Code};
use rayon::prelude::*;

use crate::formats::{self, Checked, FormatWriter, Kept};
use crate::inputs::{self, Input, Source};
use crate::output::{self, Output};
use crate::settings::ConfigArgs;
use crate::{Color, Format};

/// Arguments of `mdip check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Files, folders (searched for `*.mdip`), or `-` for standard input.
    #[arg(required_unless_present = "explain")]
    pub paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print the adjudication report of every file (default: only when checking one file).
    #[arg(long, conflicts_with = "no_report")]
    pub report: bool,
    /// Print no adjudication report, only diagnostics and the summary.
    #[arg(long)]
    pub no_report: bool,
    /// Only print files with errors, and the summary (in every format: clean files are left
    /// out of the output, and still counted).
    #[arg(long, short)]
    pub quiet: bool,
    /// Indent the JSON output (`--format json`).
    #[arg(long)]
    pub pretty: bool,
    /// Write the output to this file instead of standard output.
    #[arg(long, short = 'o', value_name = "PATH")]
    pub output_file: Option<PathBuf>,
    /// When to use colours.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    pub color: Color,
    /// Explain a diagnostic code (e.g. E0202) and exit.
    #[arg(long, value_name = "CODE")]
    pub explain: Option<String>,
    /// The largest file read, in bytes (suffixes K, M, G: powers of 1024); larger files are an
    /// error and are not read.
    #[arg(long, value_name = "SIZE", default_value = "256M", value_parser = parse_size)]
    pub max_file_size: u64,
    /// Leave paths that match GLOB out of folders (gitignore syntax; may be repeated).
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,
    /// Which `mdip.toml` applies (docs/configuration.md).
    #[command(flatten)]
    pub settings: ConfigArgs,
    /// Apply the safe quick fixes of the diagnostics and rewrite the files; what was fixed
    /// and what was left is said on standard error, then the fixed files are checked.
    #[arg(long)]
    pub fix: bool,
    /// With --fix: write no file, print what would change as a unified diff (exit code 1
    /// when a file would change).
    #[arg(long, requires = "fix")]
    pub diff: bool,
    /// With --fix: also apply the fixes that are guesses (changing a unit's type, moving an
    /// order to its timeline's head, a "did you mean" with rivals).
    #[arg(long, requires = "fix")]
    pub unsafe_fixes: bool,
    /// Make a folder that holds no `*.mdip` file an error (exit code 2), not a warning.
    #[arg(long)]
    pub exit_non_zero_on_empty: bool,
    /// Follow links inside folders that lead out of the folder given (by default they are
    /// skipped with a warning: a link checked in could show any file of the machine).
    #[arg(long)]
    pub follow_links: bool,
}

/// What `--fix` does.
#[derive(Clone, Copy, Debug)]
struct FixMode {
    unsafe_fixes: bool,
    diff: bool,
}

/// `1024`, `64K`, `256M`, `1G`.
pub(crate) fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let (digits, unit) = match t.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => t.split_at(i),
        None => (t, ""),
    };
    let shift = match unit.to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        _ => {
            return Err(format!(
                "`{text}` is not a size (examples: 1000, 64K, 256M, 1G)"
            ))
        }
    };
    let n: u64 = digits
        .parse()
        .map_err(|_| format!("`{text}` is not a size (examples: 1000, 64K, 256M, 1G)"))?;
    n.checked_mul(1 << shift)
        .ok_or_else(|| format!("`{text}` is too large"))
}

/// An output that remembers its first write error, so that a full disk or a closed pipe
/// is reported (exit code 2) instead of ignored.
struct Out<W: Write> {
    w: W,
    error: Option<std::io::Error>,
}

impl<W: Write> Out<W> {
    fn put(&mut self, text: &str) {
        self.put_bytes(text.as_bytes());
    }

    fn put_bytes(&mut self, bytes: &[u8]) {
        if self.error.is_none() && !bytes.is_empty() {
            if let Err(e) = self.w.write_all(bytes) {
                self.error = Some(e);
            }
        }
    }

    /// Flushes; the first error met, if any. A reader that stopped reading (`mdip check ... |
    /// head`) is not an error: the output it wanted was written.
    fn finish(mut self) -> Option<std::io::Error> {
        if self.error.is_none() {
            if let Err(e) = self.w.flush() {
                self.error = Some(e);
            }
        }
        self.error
            .filter(|e| e.kind() != std::io::ErrorKind::BrokenPipe)
    }
}

impl<W: Write> Out<std::io::BufWriter<W>> {
    /// Flushes the buffer; the writer below it when all was written, and the first error met.
    fn finish_into(self) -> (Option<W>, Option<std::io::Error>) {
        let Out { w, error } = self;
        if let Some(e) = error {
            let e = (e.kind() != std::io::ErrorKind::BrokenPipe).then_some(e);
            return (None, e);
        }
        match w.into_inner() {
            Ok(inner) => (Some(inner), None),
            Err(e) => {
                let e = e.into_error();
                let e = (e.kind() != std::io::ErrorKind::BrokenPipe).then_some(e);
                (None, e)
            }
        }
    }
}

/// Runs `mdip check`; returns the exit code.
pub fn run(args: &CheckArgs) -> u8 {
    if let Some(code) = &args.explain {
        return explain(code);
    }
    // An output that is one of the paths named (standard input included) is refused before
    // anything is read, one found in a folder before any file is read.
    if let Some(path) = &args.output_file {
        if let Err(e) = output::refuse_input(path, args.paths.iter().map(PathBuf::as_path)) {
            eprintln!("mdip check: {e}");
            return 2;
        }
    }
    let read = inputs::read(
        &args.paths,
        &inputs::Options {
            max_file_size: args.max_file_size,
            exclude: &args.exclude,
            empty_is_error: args.exit_non_zero_on_empty,
            follow_links: args.follow_links,
        },
    );
    if let Some(path) = &args.output_file {
        let found = read.sources.iter().filter_map(|s| match s {
            Source::File(p) => Some(p.as_path()),
            Source::Stdin(_) => None,
        });
        if let Err(e) = output::refuse_input(path, found) {
            eprintln!("mdip check: {e}");
            return 2;
        }
    }
    let found: Vec<Problem> = read.problems.into_iter().map(problem).collect();
    let Some(sources) = args
        .settings
        .sources_or_report(read.sources, &args.paths, "check")
    else {
        return 2;
    };
    let fix = args.fix.then_some(FixMode {
        unsafe_fixes: args.unsafe_fixes,
        diff: args.diff,
    });
    if args.fix && !args.diff && args.paths.iter().any(|p| p.as_os_str() == "-") {
        eprintln!("mdip check: --fix cannot rewrite standard input; add --diff to see the fixes");
        return 2;
    }
    let writer = match Output::create(args.output_file.as_deref()) {
        Ok(w) => w,
        Err(e) => {
            let path = args.output_file.as_deref().unwrap_or(Path::new("-"));
            eprintln!("mdip check: cannot write {}: {e}", path.display());
            return 2;
        }
    };
    let color = match args.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => {
            args.output_file.is_none()
                && anstream::AutoStream::choice(&std::io::stdout()) != anstream::ColorChoice::Never
        }
    };
    let options = formats::Options {
        color,
        show_report: args.report || (!args.no_report && sources.len() == 1),
        pretty: args.pretty,
    };
    let mut format_writer = formats::writer_for(args.format, options);
    let mut run = Run {
        out: Out {
            w: std::io::BufWriter::new(writer),
            error: None,
        },
        summary: Summary::default(),
        problems: Vec::new(),
        quiet: args.quiet,
        written: 0,
        cut_short: false,
        diff_mode: args.diff,
        fixes: FixCount::default(),
    };
    if !run.diff_mode {
        run.out.put_bytes(&format_writer.start());
    }
    for p in found {
        run.problem(format_writer.as_ref(), p);
    }
    let kept = check_all(
        sources,
        args.max_file_size,
        fix,
        format_writer.as_ref(),
        &mut run,
    );
    for file in kept {
        format_writer.keep(file);
    }
    if !run.diff_mode {
        run.out
            .put_bytes(&format_writer.finish(&run.problems, &run.summary));
    }
    // The output file is renamed into place only once it is whole.
    let committed = match run.out.finish_into() {
        (Some(w), None) => w.commit().err(),
        (_, e) => e,
    };
    if let Some(e) = committed {
        eprintln!("mdip check: cannot write the output: {e}");
        return 2;
    }
    if let Some(f) = fix {
        run.fixes.say(f.diff);
    }
    if run.summary.unreadable > 0 || run.cut_short {
        2
    } else if run.diff_mode {
        u8::from(run.fixes.files > 0)
    } else if run.summary.failed > 0 {
        1
    } else {
        0
    }
}

/// A problem of the paths as the report writes it.
fn problem(p: inputs::Problem) -> Problem {
    Problem {
        path: p.path,
        message: p.message,
        severity: if p.error {
            SeverityName::Error
        } else {
            SeverityName::Warning
        },
    }
}

/// The output side of a run: where it writes, and what it has counted.
struct Run<W: Write> {
    out: Out<W>,
    summary: Summary,
    problems: Vec<Problem>,
    quiet: bool,
    /// Files written so far.
    written: usize,
    /// Whether a format writer failed and left a file's output cut short (exit code 2).
    cut_short: bool,
    /// `--fix --diff`: the output is the diffs, not the format writer's.
    diff_mode: bool,
    /// What `--fix` did.
    fixes: FixCount,
}

/// What `--fix` did, over every file.
#[derive(Default)]
struct FixCount {
    applied: usize,
    left: usize,
    /// Files changed (or, with --diff, that would change).
    files: usize,
}

impl FixCount {
    /// The last line on standard error.
    fn say(&self, diff: bool) {
        let s = |n: usize| if n == 1 { "" } else { "s" };
        let (fixed, files) = if diff {
            ("would be applied", "would change")
        } else {
            ("applied", "changed")
        };
        eprintln!(
            "mdip check: {} fix{} {fixed}, {} file{} {files}, {} fix{} left",
            self.applied,
            if self.applied == 1 { "" } else { "es" },
            self.files,
            s(self.files),
            self.left,
            if self.left == 1 { "" } else { "es" },
        );
    }
}

impl<W: Write> Run<W> {
    /// A problem with a path: on standard error, in the output where the format shows it, and
    /// kept for the format's end.
    fn problem(&mut self, format_writer: &dyn FormatWriter, p: Problem) {
        let kind = match p.severity {
            SeverityName::Error => {
                self.summary.unreadable += 1;
                ""
            }
            SeverityName::Warning => "warning: ",
        };
        eprintln!("mdip check: {kind}{}", formats::escape(&p.message));
        self.out.put_bytes(&format_writer.problem(&p));
        self.problems.push(p);
    }

    /// The start of one input, in input order: its problem, then (unless `--quiet` leaves a
    /// clean file out) the separator before its output. Tells whether its output is written.
    fn begin(&mut self, format_writer: &dyn FormatWriter, begin: Begin) -> bool {
        if let Some(p) = begin.problem {
            self.problem(format_writer, p);
        }
        for note in &begin.notes {
            eprintln!("{note}");
        }
        self.fixes.applied += begin.fixed.0;
        self.fixes.left += begin.fixed.1;
        self.fixes.files += usize::from(begin.fixed.2);
        let Some(status) = begin.status else {
            return false;
        };
        self.summary.add(&status);
        if self.quiet && status.ok && !self.diff_mode {
            return false;
        }
        if self.diff_mode {
            return true;
        }
        self.out.put(format_writer.separator(self.written));
        self.written += 1;
        true
    }
}

/// `--explain CODE`.
fn explain(code: &str) -> u8 {
    let Some(c) = Code::from_code(code) else {
        eprintln!("mdip check: unknown code `{code}`");
        return 2;
    };
    let mut out = Out {
        w: std::io::stdout().lock(),
        error: None,
    };
    out.put(&mdip_analysis::explain::explain(c));
    match out.finish() {
        None => 0,
        Some(e) => {
            eprintln!("mdip check: cannot write the output: {e}");
            2
        }
    }
}

/// What a worker tells the writing thread about input `i`, in this order: [`Msg::Begin`]
/// once, any number of [`Msg::Chunk`]s of its output, then [`Msg::End`].
enum Msg {
    Begin(Begin),
    Chunk(Vec<u8>),
    /// The input is done: what the format writer keeps of it, if it keeps files, and the error
    /// that cut its output short, if any.
    End(Option<Kept>, Option<String>),
}

/// The start of one input: the problem met reading it, and the status of its analysis (none
/// when it could not be read).
struct Begin {
    problem: Option<Problem>,
    status: Option<FileStatus>,
    /// What `--fix` did, for standard error.
    notes: Vec<String>,
    /// Fixes applied, fixes left, whether the file changed.
    fixed: (usize, usize, bool),
}

/// An input's messages waiting for the inputs before it to be written.
#[derive(Default)]
struct Waiting {
    begin: Option<Begin>,
    /// Whether its start is written and its output goes out.
    open: Option<bool>,
    chunks: Vec<Vec<u8>>,
    end: Option<(Option<Kept>, Option<String>)>,
}

/// The output of one file as a worker makes it: sent to the writing thread in pieces of
/// about [`Chunks::SIZE`] bytes.
struct Chunks<'a> {
    i: usize,
    tx: &'a mpsc::SyncSender<(usize, Msg)>,
    buf: Vec<u8>,
}

impl Chunks<'_> {
    const SIZE: usize = 1 << 18;

    fn send(&mut self) {
        if !self.buf.is_empty() {
            let chunk = std::mem::take(&mut self.buf);
            // The writing thread reads every message until the workers are done.
            let _ = self.tx.send((self.i, Msg::Chunk(chunk)));
        }
    }
}

impl Write for Chunks<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let mut rest = bytes;
        while !rest.is_empty() {
            if self.buf.capacity() == 0 {
                self.buf.reserve_exact(Self::SIZE);
            }
            let take = rest.len().min(Self::SIZE - self.buf.len().min(Self::SIZE));
            self.buf.extend_from_slice(&rest[..take]);
            rest = &rest[take..];
            if self.buf.len() >= Self::SIZE {
                self.send();
            }
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Reads and checks every input on the worker threads (rayon) and writes each file's output in
/// input order as it comes, once the files before it are written; returns what the format writer
/// keeps of the files.
fn check_all<W: Write>(
    sources: Vec<(Source, Lint)>,
    max_file_size: u64,
    fix: Option<FixMode>,
    format_writer: &dyn FormatWriter,
    run: &mut Run<W>,
) -> Vec<Kept> {
    // Bounded: a worker whose output is ready waits while the writing thread is behind.
    let (tx, rx) = mpsc::sync_channel::<(usize, Msg)>(64);
    let quiet = run.quiet;
    let mut kept = Vec::new();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            sources
                .into_par_iter()
                .enumerate()
                .for_each_with(tx, |tx, (i, (source, lint))| {
                    let path = match &source {
                        Source::File(p) => Some(p.clone()),
                        Source::Stdin(_) => None,
                    };
                    let (input, problem) = source.load(max_file_size);
                    let problem = problem.map(self::problem);
                    match input {
                        Some(input) => {
                            let file = One {
                                input: &input,
                                path: path.as_deref(),
                                lint: &lint,
                                fix,
                            };
                            check_one(i, &file, problem, format_writer, quiet, tx);
                        }
                        None => {
                            let begin = Begin {
                                problem,
                                status: None,
                                notes: Vec::new(),
                                fixed: (0, 0, false),
                            };
                            let _ = tx.send((i, Msg::Begin(begin)));
                            let _ = tx.send((i, Msg::End(None, None)));
                        }
                    }
                });
        });
        // Messages arrive in any order of inputs; outputs are written in input order.
        let mut waiting: BTreeMap<usize, Waiting> = BTreeMap::new();
        let mut next = 0;
        for (i, msg) in rx {
            let w = waiting.entry(i).or_default();
            match msg {
                Msg::Begin(b) => w.begin = Some(b),
                Msg::Chunk(c) => w.chunks.push(c),
                Msg::End(k, error) => w.end = Some((k, error)),
            }
            while let Some(w) = waiting.get_mut(&next) {
                if w.open.is_none() {
                    let Some(begin) = w.begin.take() else {
                        break;
                    };
                    w.open = Some(run.begin(format_writer, begin));
                }
                for chunk in w.chunks.drain(..) {
                    if w.open == Some(true) {
                        run.out.put_bytes(&chunk);
                    }
                }
                let Some((end, error)) = w.end.take() else {
                    break;
                };
                if let Some(e) = error {
                    eprintln!("mdip check: {}", formats::escape(&e));
                    run.cut_short = true;
                }
                kept.extend(end);
                waiting.remove(&next);
                next += 1;
            }
        }
    });
    kept
}

/// One input to check, with what applies to it.
struct One<'a> {
    input: &'a Input,
    /// Its path (not for standard input): where `--fix` writes.
    path: Option<&'a Path>,
    lint: &'a Lint,
    fix: Option<FixMode>,
}

/// Analyses one file and sends its start, its output and its end to the writing thread.
fn check_one(
    i: usize,
    one: &One<'_>,
    problem: Option<Problem>,
    format_writer: &dyn FormatWriter,
    quiet: bool,
    tx: &mpsc::SyncSender<(usize, Msg)>,
) {
    let started = std::time::Instant::now();
    let input = one.input;
    let folders = crate::maps::folders_of(&input.name);
    let mut analysis = analyze_for_with(&input.text, one.lint, &folders);
    let mut fixed = None;
    // Bytes that are not UTF-8 were read as U+FFFD (`problem` says so): writing the text back
    // would lose them, so such a file is not fixed.
    let lossy = problem.is_some();
    if one.fix.is_some() && lossy {
        fixed = Some(Fixed {
            text: None,
            notes: vec![format!(
                "{}: not fixed: it is not valid UTF-8, and rewriting it would lose bytes",
                input.name
            )],
            counts: (0, 0, false),
            diff: String::new(),
            error: None,
        });
    } else if let Some(mode) = one.fix {
        let f = fix_one(one, mode, &analysis);
        if let Some(text) = &f.text {
            analysis = analyze_for_with(text, one.lint, &folders);
        }
        fixed = Some(f);
    }
    let fixed_text = fixed.as_mut().and_then(|f: &mut Fixed| f.text.take());
    let text: &str = fixed_text.as_deref().unwrap_or(&input.text);
    analysis.diagnostics = one.lint.apply(text, &analysis.diagnostics);
    let status = FileStatus::new(&input.name, &analysis);
    let diff_mode = one.fix.is_some_and(|m| m.diff);
    let shown = !(quiet && status.ok) || diff_mode;
    let (notes, counts, write_error, diff) = match fixed {
        Some(f) => (f.notes, f.counts, f.error, f.diff),
        None => (Vec::new(), (0, 0, false), None, String::new()),
    };
    let begin = Begin {
        problem: problem.or(write_error),
        status: Some(status.clone()),
        notes,
        fixed: counts,
    };
    let _ = tx.send((i, Msg::Begin(begin)));
    let mut kept = None;
    let mut error = None;
    if diff_mode {
        if !diff.is_empty() {
            let _ = tx.send((i, Msg::Chunk(diff.into_bytes())));
        }
    } else if shown {
        let file = Checked::new(text, &analysis, &status);
        let mut out = Chunks {
            i,
            tx,
            buf: Vec::new(),
        };
        // Chunks never fail: write errors are met, and reported, by the writing thread. An
        // error here is one of the format writer's own.
        if let Err(e) = format_writer.file(&file, &mut out) {
            error = Some(format!("the output of {} is cut short: {e}", input.name));
        }
        out.send();
        if format_writer.keeps() {
            let mut k = file.kept();
            k.elapsed = started.elapsed();
            kept = Some(k);
        }
    }
    let _ = tx.send((i, Msg::End(kept, error)));
}

mod fix;
use fix::{fix_one, Fixed};
