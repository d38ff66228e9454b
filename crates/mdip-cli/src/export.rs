//! `mdip export 5dd FILE`: the orders of a file's step in progress as the 5D Diplomacy game's
//! order submission JSON, by `mdip_analysis::export::fivedd` from the file's typed report (this
//! file only reads and writes). Exit codes: 0 every order exported as it is, 1 the JSON is
//! written but some orders are illegal in mdip's judgement or were left out (each named on
//! standard error), 2 usage or IO, or a file that is not `@rules 5dd`.

use std::path::PathBuf;

use clap::{Args, Subcommand};
use mdip_analysis::export::fivedd;
use mdip_analysis::{analyze_with_maps, FileReport};

use crate::inputs::{self, Input};

/// Arguments of `mdip export`.
#[derive(Args, Debug)]
pub struct ExportArgs {
    #[command(subcommand)]
    pub format: ExportFormat,
}

/// The formats `mdip export` writes.
#[derive(Subcommand, Debug)]
pub enum ExportFormat {
    /// The 5D Diplomacy game's `OrderSubmissionRequest` (the body of `POST game/{id}/orders`).
    #[command(name = "5dd")]
    Fivedd {
        /// The order file (`@rules 5dd`), or `-` for standard input.
        file: PathBuf,
        /// Write the JSON here instead of standard output.
        #[arg(long = "output-file", short = 'o', value_name = "FILE")]
        out: Option<PathBuf>,
        /// The powers submitting (comma-separated or repeated); default: those with orders.
        #[arg(long, value_name = "POWER", num_args = 1.., value_delimiter = ',')]
        players: Vec<String>,
        /// The largest file read, in bytes (suffixes K, M, G), as for `mdip check`.
        #[arg(long, value_name = "SIZE", default_value = "256M", value_parser = crate::check::parse_size)]
        max_file_size: u64,
    },
    /// The step's orders as text to paste into a chat, in the notation of the 5D game's widely
    /// used fork (`England: T1 S01 F Lon -> T1 S01 NTH, ...; France: ...; `), which `mdip check`
    /// reads back.
    Text {
        /// The order file, or `-` for standard input.
        file: PathBuf,
        /// Write the text here instead of standard output.
        #[arg(long = "output-file", short = 'o', value_name = "FILE")]
        out: Option<PathBuf>,
        /// The largest file read, in bytes (suffixes K, M, G), as for `mdip check`.
        #[arg(long, value_name = "SIZE", default_value = "256M", value_parser = crate::check::parse_size)]
        max_file_size: u64,
    },
}

/// Runs `mdip export`; returns the exit code.
pub fn run(args: &ExportArgs) -> u8 {
    if let ExportFormat::Text {
        file,
        out,
        max_file_size,
    } = &args.format
    {
        return crate::export_text::run(file, out.as_ref(), *max_file_size);
    }
    let ExportFormat::Fivedd {
        file,
        out,
        players,
        max_file_size,
    } = &args.format
    else {
        return 2;
    };
    let command = "mdip export 5dd";
    if let Some(out) = out {
        if let Err(e) = crate::output::refuse_input(out, [file.as_path()]) {
            eprintln!("{command}: {e}");
            return 2;
        }
    }
    let Some(Input { name, text }) = inputs::read_one(file, *max_file_size, command) else {
        return 2;
    };
    let analysis = analyze_with_maps(&text, &crate::maps::folders_of(&name));
    let report = FileReport::new(&name, &text, &analysis);
    if let Err(e) = fivedd::established(&text, &report) {
        eprintln!(
            "{}",
            crate::formats::escape(&format!("{command}: {name}: {e}"))
        );
        return 2;
    }
    let players = (!players.is_empty()).then_some(players.as_slice());
    let export = match fivedd::export(&report, &report.rules, players) {
        Ok(e) => e,
        Err(e) => {
            eprintln!(
                "{}",
                crate::formats::escape(&format!("{command}: {name}: {e}"))
            );
            return 2;
        }
    };
    for w in &export.warnings {
        eprintln!(
            "{}",
            crate::formats::escape(&format!("{command}: {name}: warning: {w}"))
        );
    }
    let json = match serde_json::to_string_pretty(&export.request) {
        Ok(j) => j + "\n",
        Err(e) => {
            eprintln!("{command}: {e}");
            return 2;
        }
    };
    match crate::import::write_output(out.as_ref(), &json, command) {
        0 => u8::from(!export.warnings.is_empty()),
        code => code,
    }
}
