//! `mdip check`: reads files, folders or standard input, analyses each file, and prints
//! diagnostics and reports as text or JSON. Exit codes: 0 clean, 1 errors, 2 usage or IO.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use clap::Args;
use mdip_analysis::{analyze, Analysis, Code, Severity};

use crate::{inputs, json, report, Color, Format};

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
    /// Only print files with errors, and the summary.
    #[arg(long, short)]
    pub quiet: bool,
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

/// Standard output that remembers its first write error, so that a full disk or a closed pipe
/// is reported (exit code 2) instead of ignored.
struct Out<W: Write> {
    w: W,
    error: Option<std::io::Error>,
}

impl<W: Write> Out<W> {
    fn put(&mut self, text: &str) {
        if self.error.is_none() {
            if let Err(e) = self.w.write_all(text.as_bytes()) {
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
        return match Code::from_code(code) {
            Some(c) => {
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
            None => {
                eprintln!("mdip check: unknown code `{code}`");
                2
            }
        };
    }
    let read = inputs::read(
        &args.paths,
        &inputs::Options {
            max_file_size: args.max_file_size,
            exclude: &args.exclude,
        },
    );
    for problem in &read.problems {
        let kind = if problem.error { "" } else { "warning: " };
        eprintln!("mdip check: {kind}{}", problem.message);
    }
    let io_error = read.has_errors();
    let inputs = read.inputs;
    let analyses: Vec<(inputs::Input, Analysis)> = inputs
        .into_iter()
        .map(|i| {
            let a = analyze(&i.text);
            (i, a)
        })
        .collect();
    let any_errors = analyses.iter().any(|(_, a)| a.has_errors());
    let mut out = Out {
        w: std::io::BufWriter::new(std::io::stdout().lock()),
        error: None,
    };
    match args.format {
        Format::Json => {
            let doc = json::document(
                analyses
                    .iter()
                    .map(|(i, a)| (i.name.as_str(), i.text.as_str(), a)),
            );
            out.put(&serde_json::to_string_pretty(&doc).unwrap_or_default());
            out.put("\n");
        }
        Format::Text => {
            let color = match args.color {
                Color::Always => true,
                Color::Never => false,
                Color::Auto => {
                    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
                }
            };
            let show_report = args.report || (!args.no_report && analyses.len() == 1);
            let (mut files_ok, mut errors, mut warnings) = (0, 0, 0);
            for (input, a) in &analyses {
                let failing = a.has_errors();
                if !failing {
                    files_ok += 1;
                }
                errors += a.diagnostics.iter().filter(|d| d.is_failure()).count();
                warnings += a
                    .diagnostics
                    .iter()
                    .filter(|d| d.severity == Severity::Warning)
                    .count();
                if args.quiet && !failing {
                    continue;
                }
                out.put(&report::diagnostics(&input.name, &input.text, a, color));
                if show_report {
                    out.put(&report::report(&input.name, &input.text, a));
                }
                out.put(&report::file_summary(&input.name, a));
                out.put("\n");
            }
            out.put(&format!(
                "checked {} file{}: {} ok, {} with errors ({} error{}, {} warning{})\n",
                analyses.len(),
                plural(analyses.len()),
                files_ok,
                analyses.len() - files_ok,
                errors,
                plural(errors),
                warnings,
                plural(warnings)
            ));
        }
    }
    if let Some(e) = out.finish() {
        eprintln!("mdip check: cannot write the output: {e}");
        return 2;
    }
    if io_error {
        2
    } else if any_errors {
        1
    } else {
        0
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
