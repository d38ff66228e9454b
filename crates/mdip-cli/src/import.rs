//! `mdip import jdip FILE...`: jDip/godip test cases converted into self-checking `.mdip`
//! files, one per case (or one file of games on standard output), by `mdip_analysis::import::jdip` (this file only reads and writes).
//! Exit codes: 0 converted, 1 some lines could not be converted (the files are still written,
//! those lines kept as comments), 2 usage or IO.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::PathBuf;

use clap::{Args, Subcommand};
use mdip_analysis::import::jdip;

/// Arguments of `mdip import`.
#[derive(Args, Debug)]
pub struct ImportArgs {
    #[command(subcommand)]
    pub format: ImportFormat,
}

/// The formats `mdip import` reads.
#[derive(Subcommand, Debug)]
pub enum ImportFormat {
    /// jDip / godip `CASE ... END` test cases (PRESTATE, ORDERS, POSTSTATE, ...).
    Jdip {
        /// Case files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Write one `.mdip` file per case into this folder (created if needed), named after
        /// the case (`6.A.1.mdip`). Without it, the cases are written to standard output as
        /// one file: one case as it is, several each as a game of its own (`@game NAME`).
        #[arg(long, short = 'o', value_name = "DIR")]
        out_dir: Option<PathBuf>,
    },
}

/// Runs `mdip import`; returns the exit code.
pub fn run(args: &ImportArgs) -> u8 {
    let ImportFormat::Jdip { files, out_dir } = &args.format;
    let mut cases = Vec::new();
    let mut problems = false;
    for path in files {
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("mdip import: {}: {e}", path.display());
                return 2;
            }
        };
        let text = String::from_utf8_lossy(&bytes);
        let source = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let converted = jdip::convert(&text, &source);
        for p in &converted.problems {
            eprintln!("{}:{}: {}", path.display(), p.line, p.message);
            problems = true;
        }
        cases.extend(converted.cases);
    }
    if cases.is_empty() {
        eprintln!("mdip import: no CASE found in the input");
        return 1;
    }
    let Some(dir) = out_dir else {
        return match cases.as_slice() {
            [one] => {
                let mut out = std::io::stdout().lock();
                if out.write_all(one.text.as_bytes()).is_err() {
                    return 2;
                }
                u8::from(problems)
            }
            // Several cases: one file, each case a game of its own (`@game`).
            many => {
                let mut out = std::io::stdout().lock();
                if out.write_all(jdip::as_games(many).as_bytes()).is_err() {
                    return 2;
                }
                u8::from(problems)
            }
        };
    };
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("mdip import: {}: {e}", dir.display());
        return 2;
    }
    // Two cases with one name (in two files) get distinct file names.
    let mut taken = BTreeSet::new();
    for case in &cases {
        let mut name = case.file_name.clone();
        let mut n = 2;
        // Compared without case: `6.A.1` and `6.a.1` are one file on some file systems.
        while !taken.insert(name.to_ascii_lowercase()) {
            name = format!("{}-{n}.mdip", case.file_name.trim_end_matches(".mdip"));
            n += 1;
        }
        let path = dir.join(&name);
        if let Err(e) = std::fs::write(&path, &case.text) {
            eprintln!("mdip import: {}: {e}", path.display());
            return 2;
        }
    }
    eprintln!("converted {} cases into {}", cases.len(), dir.display());
    u8::from(problems)
}
