//! `mdip check`: reads files, folders or standard input, analyses the files in parallel,
//! builds each file's typed report, and writes it in the chosen format, file by file in the
//! order given. Exit codes: 0 clean, 1 errors, 2 usage or IO.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use std::sync::mpsc;

use clap::Args;
use mdip_analysis::report::{FileReport, Problem, SeverityName, Summary};
use mdip_analysis::{analyze, Code};
use rayon::prelude::*;

use crate::inputs::{self, Input};
use crate::render::{self, Checked, Renderer};
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
}

/// `1024`, `64K`, `256M`, `1G`.
fn parse_size(text: &str) -> Result<u64, String> {
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

/// Runs `mdip check`; returns the exit code.
pub fn run(args: &CheckArgs) -> u8 {
    if let Some(code) = &args.explain {
        return explain(code);
    }
    let read = inputs::read(
        &args.paths,
        &inputs::Options {
            max_file_size: args.max_file_size,
            exclude: &args.exclude,
        },
    );
    let problems: Vec<Problem> = read
        .problems
        .iter()
        .map(|p| Problem {
            path: p.path.clone(),
            message: p.message.clone(),
            severity: if p.error {
                SeverityName::Error
            } else {
                SeverityName::Warning
            },
        })
        .collect();
    for problem in &read.problems {
        let kind = if problem.error { "" } else { "warning: " };
        eprintln!("mdip check: {kind}{}", problem.message);
    }
    let io_error = read.has_errors();
    let writer: Box<dyn Write> = match &args.output_file {
        Some(path) => match File::create(path) {
            Ok(f) => Box::new(f),
            Err(e) => {
                eprintln!("mdip check: cannot write {}: {e}", path.display());
                return 2;
            }
        },
        None => Box::new(std::io::stdout().lock()),
    };
    let color = match args.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => {
            args.output_file.is_none()
                && anstream::AutoStream::choice(&std::io::stdout()) != anstream::ColorChoice::Never
        }
    };
    let options = render::Options {
        color,
        show_report: args.report || (!args.no_report && read.inputs.len() == 1),
        pretty: args.pretty,
    };
    let mut renderer = render::renderer(args.format, options);
    let mut out = Out {
        w: std::io::BufWriter::new(writer),
        error: None,
    };
    let mut summary = Summary {
        unreadable: problems
            .iter()
            .filter(|p| p.severity == SeverityName::Error)
            .count(),
        ..Summary::default()
    };
    out.put_bytes(&renderer.start(&problems));
    check_all(
        read.inputs,
        renderer.as_mut(),
        args.quiet,
        &mut summary,
        &mut out,
    );
    out.put_bytes(&renderer.finish(&problems, &summary));
    if let Some(e) = out.finish() {
        eprintln!("mdip check: cannot write the output: {e}");
        return 2;
    }
    if io_error {
        2
    } else if summary.failed > 0 {
        1
    } else {
        0
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
    out.put(&format!("{}: {}\n", c.as_str(), c.explain()));
    match out.finish() {
        None => 0,
        Some(e) => {
            eprintln!("mdip check: cannot write the output: {e}");
            2
        }
    }
}

/// One file checked on a worker: its report and its rendered output.
struct Done {
    report: FileReport,
    output: Vec<u8>,
}

/// Checks every input on the worker threads (rayon) and writes each file's output in input
/// order as soon as the files before it are written.
fn check_all<W: Write>(
    inputs: Vec<Input>,
    renderer: &mut dyn Renderer,
    quiet: bool,
    summary: &mut Summary,
    out: &mut Out<W>,
) {
    let (tx, rx) = mpsc::channel::<(usize, Done)>();
    let shared: &dyn Renderer = renderer;
    let keeps = shared.keeps();
    let mut kept = Vec::new();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            inputs
                .into_par_iter()
                .enumerate()
                .for_each_with(tx, |tx, (i, input)| {
                    let _ = tx.send((i, check_one(&input, shared, quiet)));
                });
        });
        // Results arrive in any order; write them in input order.
        let mut waiting: BTreeMap<usize, Done> = BTreeMap::new();
        let mut next = 0;
        let mut written = 0;
        for (i, done) in rx {
            waiting.insert(i, done);
            while let Some(done) = waiting.remove(&next) {
                next += 1;
                summary.add(&done.report);
                if quiet && done.report.ok {
                    continue;
                }
                out.put(shared.separator(written));
                out.put_bytes(&done.output);
                written += 1;
                if keeps {
                    kept.push(done.report);
                }
            }
        }
    });
    for report in kept {
        renderer.keep(report);
    }
}

/// Analyses one file and renders its output.
fn check_one(input: &Input, renderer: &dyn Renderer, quiet: bool) -> Done {
    let analysis = analyze(&input.text);
    let report = FileReport::new(&input.name, &input.text, &analysis);
    let output = if quiet && report.ok {
        Vec::new()
    } else {
        renderer.file(&Checked {
            text: &input.text,
            analysis: &analysis,
            report: &report,
        })
    };
    Done { report, output }
}
