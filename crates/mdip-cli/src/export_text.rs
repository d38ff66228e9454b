//! `mdip export text FILE`: the orders of a file's step in progress as text in the notation of
//! the 5D game's widely used fork, by `mdip_analysis::export::text` from the file's typed
//! report (this file only reads and writes). Exit codes as `mdip export 5dd`: 0, 1 when
//! something was warned about (the text is still written), 2 usage or IO.

use std::path::{Path, PathBuf};

use mdip_analysis::export::text;
use mdip_analysis::{analyze_with_maps, FileReport};

use crate::inputs::{self, Input};

/// Runs `mdip export text`; returns the exit code.
pub fn run(file: &Path, out: Option<&PathBuf>, max_file_size: u64) -> u8 {
    let command = "mdip export text";
    let Some(Input { name, text: source }) = inputs::read_one(file, max_file_size, command) else {
        return 2;
    };
    let analysis = analyze_with_maps(&source, &crate::maps::folders_of(&name));
    let report = FileReport::new(&name, &source, &analysis);
    let (written, warnings) = match text::export(&report) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("{command}: {name}: {e}");
            return 2;
        }
    };
    for w in &warnings {
        eprintln!("{command}: {name}: warning: {w}");
    }
    match crate::import::write_output(out, &written, command) {
        0 => u8::from(!warnings.is_empty()),
        code => code,
    }
}
