//! `mdip check`: reads files, folders or standard input, analyses each file, and prints
//! diagnostics and reports as text or JSON. Exit codes: 0 clean, 1 errors, 2 usage or IO.

use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use mdip_analysis::{analyze, Analysis, Code, Severity};

use crate::{json, report, Color, Format};

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
}

/// One input: its display name and text.
struct Input {
    name: String,
    text: String,
}

/// Runs `mdip check`; returns the exit code.
pub fn run(args: &CheckArgs) -> u8 {
    if let Some(code) = &args.explain {
        return match Code::from_code(code) {
            Some(c) => {
                println!("{}: {}", c.as_str(), c.explain());
                0
            }
            None => {
                eprintln!("mdip check: unknown code `{code}`");
                2
            }
        };
    }
    let mut inputs = Vec::new();
    let mut io_error = false;
    for path in &args.paths {
        if path.as_os_str() == "-" {
            let mut text = String::new();
            match std::io::stdin().read_to_string(&mut text) {
                Ok(_) => inputs.push(Input {
                    name: "<stdin>".into(),
                    text,
                }),
                Err(e) => {
                    eprintln!("mdip check: cannot read standard input: {e}");
                    io_error = true;
                }
            }
            continue;
        }
        match collect(path) {
            Ok(files) if files.is_empty() && path.is_dir() => {
                eprintln!("mdip check: no .mdip files in {}", path.display());
                io_error = true;
            }
            Ok(files) => {
                for f in files {
                    match std::fs::read(&f) {
                        Ok(bytes) => {
                            let text = match String::from_utf8(bytes) {
                                Ok(t) => t,
                                Err(e) => {
                                    eprintln!(
                                        "mdip check: {} is not valid UTF-8 (first bad byte at offset {}); bad bytes are read as U+FFFD",
                                        f.display(),
                                        e.utf8_error().valid_up_to()
                                    );
                                    String::from_utf8_lossy(e.as_bytes()).into_owned()
                                }
                            };
                            inputs.push(Input {
                                name: f.display().to_string(),
                                text,
                            });
                        }
                        Err(e) => {
                            eprintln!("mdip check: cannot read {}: {e}", f.display());
                            io_error = true;
                        }
                    }
                }
            }
            Err(e) => {
                eprintln!("mdip check: cannot read {}: {e}", path.display());
                io_error = true;
            }
        }
    }
    let analyses: Vec<(Input, Analysis)> = inputs
        .into_iter()
        .map(|i| {
            let a = analyze(&i.text);
            (i, a)
        })
        .collect();
    let any_errors = analyses.iter().any(|(_, a)| a.has_errors());
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match args.format {
        Format::Json => {
            let doc = json::document(
                analyses
                    .iter()
                    .map(|(i, a)| (i.name.as_str(), i.text.as_str(), a)),
            );
            let _ = writeln!(
                out,
                "{}",
                serde_json::to_string_pretty(&doc).unwrap_or_default()
            );
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
                let _ = out
                    .write_all(report::diagnostics(&input.name, &input.text, a, color).as_bytes());
                if show_report {
                    let _ = out.write_all(report::report(&input.name, &input.text, a).as_bytes());
                }
                let _ = writeln!(out, "{}", report::file_summary(&input.name, a));
            }
            let _ = writeln!(
                out,
                "checked {} file{}: {} ok, {} with errors ({} error{}, {} warning{})",
                analyses.len(),
                plural(analyses.len()),
                files_ok,
                analyses.len() - files_ok,
                errors,
                plural(errors),
                warnings,
                plural(warnings)
            );
        }
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

/// The `.mdip` files a path names: the file itself, or every `*.mdip` below a folder, sorted.
fn collect(path: &Path) -> std::io::Result<Vec<PathBuf>> {
    let meta = std::fs::metadata(path)?;
    if meta.is_file() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut out = Vec::new();
    let mut stack = vec![path.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let entry = entry?;
            let p = entry.path();
            let ft = entry.file_type()?;
            if ft.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "mdip") {
                out.push(p);
            }
        }
    }
    out.sort_by_key(|p| natural_key(p));
    Ok(out)
}

/// Sorts `6.A.10` after `6.A.9`: numbers in names compare by value.
fn natural_key(p: &Path) -> Vec<(String, u64)> {
    let s = p.to_string_lossy();
    let mut out = Vec::new();
    let mut text = String::new();
    let mut num = String::new();
    for c in s.chars() {
        if c.is_ascii_digit() {
            num.push(c);
        } else {
            if !num.is_empty() {
                out.push((std::mem::take(&mut text), num.parse().unwrap_or(u64::MAX)));
                num.clear();
            }
            text.push(c);
        }
    }
    out.push((text, num.parse().unwrap_or(0)));
    out
}
