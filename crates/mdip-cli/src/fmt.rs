//! `mdip fmt`: the language server's formatter as a command. Each file is brought to the one
//! canonical spelling the editor's formatting request gives (`mdip_analysis::ide::formatted`,
//! the same function), written back atomically; `--check` only says which files would change,
//! `--diff` shows how. `-` formats standard input to standard output. Exit codes: 0, 1 with
//! `--check` or `--diff` when a file would change, 2 for usage or IO errors and for a file
//! the formatter refuses (it never changes what a file means).

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;
use mdip_analysis::config::Lint;
use mdip_analysis::ide;
use rayon::prelude::*;

use crate::check::parse_size;
use crate::inputs::{self, Source};
use crate::settings::{self, ConfigArgs};

/// Arguments of `mdip fmt`.
#[derive(Args, Debug)]
pub struct FmtArgs {
    /// Files, folders (searched for `*.mdip`), or `-` for standard input (written to standard
    /// output).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Write nothing; list the files that would change (exit code 1 if any).
    #[arg(long)]
    pub check: bool,
    /// Write nothing; print a unified diff of what would change (exit code 1 if anything).
    #[arg(long)]
    pub diff: bool,
    /// The largest file read, in bytes (suffixes K, M, G).
    #[arg(long, value_name = "SIZE", default_value = "256M", value_parser = parse_size)]
    pub max_file_size: u64,
    /// Leave paths that match GLOB out of folders (gitignore syntax; may be repeated).
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,
    /// Follow links inside folders that lead out of the folder given (by default they are
    /// skipped with a warning: formatting would rewrite a file outside it).
    #[arg(long)]
    pub follow_links: bool,
    /// Which `mdip.toml` applies (its `exclude`).
    #[command(flatten)]
    pub settings: ConfigArgs,
}

/// What formatting one input gave.
enum Outcome {
    /// The input could not be read or formatted: the message.
    Failed(String),
    /// Its name, path (not for standard input), text and formatted text.
    Done {
        name: String,
        path: Option<PathBuf>,
        text: String,
        formatted: String,
    },
}

/// Runs `mdip fmt`; returns the exit code.
pub fn run(args: &FmtArgs) -> u8 {
    let read = inputs::read(
        &args.paths,
        &inputs::Options {
            max_file_size: args.max_file_size,
            exclude: &args.exclude,
            // A folder with no order file is a warning, as for `mdip check`.
            empty_is_error: false,
            follow_links: args.follow_links,
        },
    );
    let mut failed = false;
    for p in &read.problems {
        eprintln!(
            "mdip fmt: {}{}",
            if p.error { "" } else { "warning: " },
            p.message
        );
        failed |= p.error;
    }
    let Some(sources) = args
        .settings
        .sources_or_report(read.sources, &args.paths, "fmt")
    else {
        return 2;
    };
    let max = args.max_file_size;
    let outcomes: Vec<Outcome> = sources
        .into_par_iter()
        .map(|(source, lint)| format_one(source, &lint, max))
        .collect();
    let mut stdout = std::io::stdout().lock();
    let mut changed = 0usize;
    let mut unchanged = 0usize;
    let mut write_failed = None;
    for outcome in outcomes {
        let (name, path, text, formatted) = match outcome {
            Outcome::Failed(message) => {
                eprintln!("mdip fmt: {message}");
                failed = true;
                continue;
            }
            Outcome::Done {
                name,
                path,
                text,
                formatted,
            } => (name, path, text, formatted),
        };
        let differs = text != formatted;
        if differs {
            changed += 1;
        } else {
            unchanged += 1;
        }
        let written = if args.diff {
            stdout.write_all(settings::unified_diff(&name, &text, &formatted).as_bytes())
        } else if args.check {
            if differs {
                writeln!(stdout, "would reformat {name}")
            } else {
                Ok(())
            }
        } else {
            match &path {
                None => stdout.write_all(formatted.as_bytes()),
                Some(p) if differs => {
                    if let Err(e) = write(p, &formatted) {
                        eprintln!("mdip fmt: cannot write {name}: {e}");
                        failed = true;
                    }
                    Ok(())
                }
                Some(_) => Ok(()),
            }
        };
        if let Err(e) = written {
            write_failed.get_or_insert(e);
        }
    }
    if let Err(e) = stdout.flush() {
        write_failed.get_or_insert(e);
    }
    if let Some(e) = write_failed.filter(|e| e.kind() != std::io::ErrorKind::BrokenPipe) {
        eprintln!("mdip fmt: cannot write the output: {e}");
        return 2;
    }
    let s = |n: usize| if n == 1 { "" } else { "s" };
    let did = if args.check || args.diff {
        "would be reformatted"
    } else {
        "reformatted"
    };
    eprintln!(
        "mdip fmt: {changed} file{} {did}, {unchanged} file{} already formatted",
        s(changed),
        s(unchanged)
    );
    if failed {
        2
    } else if (args.check || args.diff) && changed > 0 {
        1
    } else {
        0
    }
}

/// Reads and formats one input.
fn format_one(source: Source, lint: &Lint, max_file_size: u64) -> Outcome {
    let path = match &source {
        Source::File(p) => Some(p.clone()),
        Source::Stdin(_) => None,
    };
    let (input, problem) = source.load(max_file_size);
    let Some(input) = input else {
        return Outcome::Failed(problem.map(|p| p.message).unwrap_or_default());
    };
    if let Some(p) = problem {
        // Bytes that are not UTF-8 would be written back as U+FFFD: leave such a file alone.
        return Outcome::Failed(format!("{}; not formatted", p.message));
    }
    // Under the configuration's rule set: lines it finds wrong stay as written.
    let analysis =
        mdip_analysis::analyze_for_with(&input.text, lint, &crate::maps::folders_of(&input.name));
    match ide::formatted(&input.text, &analysis) {
        Ok(formatted) => Outcome::Done {
            name: input.name,
            path,
            text: input.text,
            formatted,
        },
        Err(e) => Outcome::Failed(format!("{} is left as it is: {e}", input.name)),
    }
}

fn write(path: &Path, text: &str) -> std::io::Result<()> {
    settings::write_atomic(path, text)
}
