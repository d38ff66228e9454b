//! `mdip import jdip FILE...`: jDip/godip test cases converted into self-checking `.mdip`
//! files, one per case (or one file of games on standard output), by `mdip_analysis::import::jdip` (this file only reads and writes).
//! Exit codes: 0 converted, 1 some lines could not be converted (the files are still written,
//! those lines kept as comments), 2 usage or IO.
//!
//! `mdip import 5dd world.json`: the state of a 5D Diplomacy game (its server's `GET game/{id}`)
//! as one `.mdip` file, by `mdip_analysis::import::fivedd`. Exit codes: 0 converted, 2 usage,
//! IO, or a JSON the converter cannot read (the message names the JSON path).
//!
//! `mdip import python-diplomacy game.json`: a saved game of python `diplomacy` as one
//! self-checking `.mdip` file, by `mdip_analysis::import::python_diplomacy`; exit codes as for
//! `5dd`.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::PathBuf;

use clap::{Args, Subcommand};
use mdip_analysis::import::{fivedd, jdip, python_diplomacy};

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
        /// The largest file read, in bytes (suffixes K, M, G), as for `mdip check`.
        #[arg(long, value_name = "SIZE", default_value = "256M", value_parser = crate::check::parse_size)]
        max_file_size: u64,
    },
    /// The state of a 5D Diplomacy game: the JSON its server returns for `GET game/{id}`.
    #[command(name = "5dd")]
    Fivedd {
        /// The game's JSON (`-` for standard input).
        file: PathBuf,
        /// Write the `.mdip` file here instead of standard output.
        #[arg(long = "output-file", short = 'o', value_name = "FILE")]
        out: Option<PathBuf>,
        /// The game was created with strict adjacencies (`@rules 5dd strict`); the JSON does
        /// not say, and the game's default, loose, is written without it.
        #[arg(long)]
        strict: bool,
        /// The largest file read, in bytes (suffixes K, M, G), as for `mdip check`.
        #[arg(long, value_name = "SIZE", default_value = "256M", value_parser = crate::check::parse_size)]
        max_file_size: u64,
    },
    /// A saved game of python `diplomacy` (`to_saved_game_format`'s JSON): its phases,
    /// orders and results replayed as a self-checking file.
    #[command(name = "python-diplomacy")]
    PythonDiplomacy {
        /// The saved game's JSON (`-` for standard input).
        file: PathBuf,
        /// Write the `.mdip` file here instead of standard output.
        #[arg(long = "output-file", short = 'o', value_name = "FILE")]
        out: Option<PathBuf>,
        /// The largest file read, in bytes (suffixes K, M, G), as for `mdip check`.
        #[arg(long, value_name = "SIZE", default_value = "256M", value_parser = crate::check::parse_size)]
        max_file_size: u64,
    },
}

/// Runs `mdip import`; returns the exit code.
pub fn run(args: &ImportArgs) -> u8 {
    let (files, out_dir, max_file_size) = match &args.format {
        ImportFormat::Jdip {
            files,
            out_dir,
            max_file_size,
        } => (files, out_dir, *max_file_size),
        ImportFormat::Fivedd {
            file,
            out,
            strict,
            max_file_size,
        } => return run_5dd(file, out.as_ref(), *strict, *max_file_size),
        ImportFormat::PythonDiplomacy {
            file,
            out,
            max_file_size,
        } => return run_python(file, out.as_ref(), *max_file_size),
    };
    let mut cases = Vec::new();
    let mut problems = false;
    for path in files {
        // Read as `mdip check` reads a file: regular files only, the size limit.
        let Some(input) = crate::inputs::read_one(path, max_file_size, "mdip import") else {
            return 2;
        };
        let text = input.text;
        let source = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let converted = jdip::convert(&text, &source);
        for p in &converted.problems {
            eprintln!(
                "{}",
                crate::formats::escape(&format!("{}:{}: {}", path.display(), p.line, p.message))
            );
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
    let mut paths = Vec::with_capacity(cases.len());
    for case in &cases {
        let mut name = case.file_name.clone();
        let mut n = 2;
        // Compared without case: `6.A.1` and `6.a.1` are one file on some file systems.
        while !taken.insert(name.to_ascii_lowercase()) {
            name = format!("{}-{n}.mdip", case.file_name.trim_end_matches(".mdip"));
            n += 1;
        }
        let path = dir.join(&name);
        // No case file is overwritten by a converted case: nothing is written then.
        if let Err(e) = crate::output::refuse_input(&path, files.iter().map(PathBuf::as_path)) {
            eprintln!("mdip import: {e}");
            return 2;
        }
        paths.push(path);
    }
    for (case, path) in cases.iter().zip(&paths) {
        if case.shortened {
            let note = format!(
                "mdip import: case `{}` is too long a name for a file: written as {}",
                case.name,
                path.display()
            );
            eprintln!("{}", crate::formats::escape(&note));
        }
        if let Err(e) = crate::output::write_whole(Some(path), case.text.as_bytes()) {
            eprintln!("mdip import: {}: {e}", path.display());
            return 2;
        }
    }
    eprintln!("converted {} cases into {}", cases.len(), dir.display());
    u8::from(problems)
}

/// `mdip import 5dd`: reads the game's JSON, writes the `.mdip` text.
fn run_5dd(file: &std::path::Path, out: Option<&PathBuf>, strict: bool, max_file_size: u64) -> u8 {
    convert_one(
        file,
        out,
        max_file_size,
        "mdip import 5dd",
        |text, source| {
            let options = fivedd::Options {
                strict,
                source: source.to_owned(),
            };
            fivedd::convert(text, &options).map_err(|e| e.to_string())
        },
    )
}

/// `mdip import python-diplomacy`: reads the saved game's JSON, writes the `.mdip` text.
fn run_python(file: &std::path::Path, out: Option<&PathBuf>, max_file_size: u64) -> u8 {
    let command = "mdip import python-diplomacy";
    convert_one(file, out, max_file_size, command, |text, source| {
        let options = python_diplomacy::Options {
            source: source.to_owned(),
        };
        python_diplomacy::convert(text, &options).map_err(|e| e.to_string())
    })
}

/// Converts one input file (`-`: standard input) with `convert` (given its text and its name
/// for the file's comments) and writes the result to `out` or standard output; the exit code.
/// An output that is the input is refused before anything is read; a conversion error is
/// reported with the input's name, escaped for the terminal.
fn convert_one(
    file: &std::path::Path,
    out: Option<&PathBuf>,
    max_file_size: u64,
    command: &str,
    convert: impl FnOnce(&str, &str) -> Result<String, String>,
) -> u8 {
    if let Some(out) = out {
        if let Err(e) = crate::output::refuse_input(out, [file]) {
            eprintln!("{command}: {e}");
            return 2;
        }
    }
    let Some(input) = crate::inputs::read_one(file, max_file_size, command) else {
        return 2;
    };
    let source = if file.as_os_str() == "-" {
        input.name
    } else {
        file.file_name().map_or_else(
            || file.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    };
    match convert(&input.text, &source) {
        Ok(text) => write_output(out, &text, command),
        Err(e) => {
            eprintln!(
                "{}",
                crate::formats::escape(&format!("{command}: {source}: {e}"))
            );
            2
        }
    }
}

/// Writes a converted text to the file given, or to standard output; the exit code.
pub(crate) fn write_output(out: Option<&PathBuf>, text: &str, command: &str) -> u8 {
    match out {
        Some(path) => match crate::output::write_whole(Some(path), text.as_bytes()) {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("{command}: {}: {e}", path.display());
                2
            }
        },
        None => {
            let mut stdout = std::io::stdout().lock();
            match stdout
                .write_all(text.as_bytes())
                .and_then(|()| stdout.flush())
            {
                Ok(()) => 0,
                Err(_) => 2,
            }
        }
    }
}
