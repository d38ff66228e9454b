//! The `mdip` command: `mdip check` (the batch checker), `mdip fmt` (the formatter), `mdip render` (the board as SVG),
//! `mdip import` (test suites and game states in other formats to order files), `mdip export`
//! (a file's orders in another program's format) and `mdip lsp` (the language server).
//!
//! The binary is thin: file IO, argument parsing and rendering. Everything it reports comes
//! from `mdip-analysis`. The code is a library (`src/bin/mdip.rs` calls [`main`]) so that the
//! fuzz targets reach the format writers.

mod check;
mod export;
mod export_text;
mod fmt;
pub mod formats;
mod import;
mod inputs;
mod maps;
mod output;
mod render_cmd;
mod settings;
mod supervise;

use std::process::ExitCode;

/// Turns transparent huge pages off for this process. Where the system makes them the default
/// (`/sys/kernel/mm/transparent_hugepage/enabled` set to `always`, as on many distributions),
/// mimalloc's regions are backed by 2 MiB pages as soon as they are touched, and the resident
/// memory of a small check or of the language server is several times what it uses (a
/// 250-timeline game: 70 MiB resident with them, 40 MiB without; the time is the same in the
/// goals bench). Elsewhere, or if the call fails, nothing changes.
fn small_pages() {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    let _ = rustix::thread::disable_transparent_huge_pages(true);
}

use clap::{Parser, Subcommand, ValueEnum};

/// Diplomacy order files, standard and multiversal: check, adjudicate, edit.
#[derive(Parser, Debug)]
#[command(name = "mdip", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Output formats of `mdip check` (one writer each, in `src/formats/`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Diagnostics with source snippets, then the adjudication report.
    Text,
    /// One JSON document (schema `mdip-check/2`, see docs/json-schema.md); compact unless
    /// `--pretty`.
    Json,
    /// One JSON record per line, each file's as soon as it is checked (schema
    /// `mdip-check/2`).
    JsonLines,
    /// SARIF 2.1.0, for code-scanning dashboards.
    Sarif,
    /// GitHub Actions workflow commands (annotations on the lines).
    Github,
    /// JUnit XML: one test case per file (a failed expectation is a failure).
    Junit,
    /// One line per diagnostic: `path:line:column: error[CODE]: message`.
    Concise,
    /// GitLab Code Quality JSON (`artifacts:reports:codequality`); indented with `--pretty`.
    Gitlab,
}

/// When to colour the text output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Color {
    /// When standard output is a terminal and NO_COLOR is unset.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Check order files: diagnostics, adjudication and in-file expectations.
    ///
    /// Exit code 0 when every file is clean, 1 when any has an error (a failed expectation
    /// included), 2 for usage or IO errors.
    Check(check::CheckArgs),
    /// Format order files to one canonical spelling, as the language server does.
    ///
    /// Exit code 0 when every file is formatted, 1 with `--check` or `--diff` when a file
    /// would change, 2 for usage or IO errors (and a file the formatter leaves as it is).
    Fmt(fmt::FmtArgs),
    /// Convert test cases or a game's state in another format into self-checking order files.
    ///
    /// Exit code 0 when every line was converted, 1 when some could not be (they are kept as
    /// comments and reported), 2 for usage or IO errors (and, for `5dd`, a JSON that cannot be
    /// read).
    Import(import::ImportArgs),
    /// Write the orders of a file's step in progress in another program's format.
    ///
    /// Exit code 0 when every order was exported, 1 when the output is written but some orders
    /// are illegal in mdip's judgement or were left out (named on standard error), 2 for usage
    /// or IO errors.
    Export(export::ExportArgs),
    /// Draw the board of a season, or the multiverse of a 5D game, as SVG.
    ///
    /// Exit code 0 when drawn, 2 for usage or IO errors (an unknown season included).
    Render(render_cmd::RenderArgs),
    /// Run the language server over standard input and output.
    Lsp {
        /// Accepted for clients that announce the transport (stdio is the only one).
        #[arg(long)]
        stdio: bool,
    },
}

/// The `mdip` command: parses the arguments and runs the subcommand; the exit code.
pub fn main() -> ExitCode {
    small_pages();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to standard output: a failure to write them is an IO error.
            let code = match (e.use_stderr(), e.print()) {
                (true, _) | (false, Err(_)) => 2,
                (false, Ok(())) => 0,
            };
            return ExitCode::from(code);
        }
    };
    // Memory running out in these commands is an error message, not an abort.
    let name = match &cli.command {
        Command::Check(_) => Some("check"),
        Command::Fmt(_) => Some("fmt"),
        Command::Import(_) => Some("import"),
        Command::Export(_) => Some("export"),
        Command::Render(_) => Some("render"),
        Command::Lsp { .. } => None,
    };
    if let Some(code) = name.and_then(supervise::in_child) {
        return code;
    }
    match cli.command {
        Command::Check(args) => ExitCode::from(check::run(&args)),
        Command::Fmt(args) => ExitCode::from(fmt::run(&args)),
        Command::Import(args) => ExitCode::from(import::run(&args)),
        Command::Export(args) => ExitCode::from(export::run(&args)),
        Command::Render(args) => ExitCode::from(render_cmd::run(&args)),
        Command::Lsp { .. } => match mdip_lsp::run_stdio() {
            Ok(true) => ExitCode::SUCCESS,
            // `exit` (or the end of the input) without `shutdown` first.
            Ok(false) => ExitCode::from(1),
            Err(e) => {
                eprintln!("mdip lsp: {e}");
                ExitCode::from(2)
            }
        },
    }
}
