//! Fuzz target: `mdip import jdip`'s converter on any bytes (lossy UTF-8) never panics; every
//! case it writes is named by a safe file name (no separator, no control, at most 255 bytes)
//! and is an order file the analysis reads without a panic; every problem names a line of the
//! input.
//!
//! Seeded with the repository's case file (`crates/mdip-analysis/tests/import/jdip-sample.txt`)
//! and order files; inputs up to 1 MB.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mdip_analysis::import::jdip;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let converted = jdip::convert(&text, "fuzz.txt");
    let lines = text.split(['\n', '\r']).count().max(1);
    for p in &converted.problems {
        assert!(p.line >= 1 && p.line <= lines, "problem on line {} of {lines}", p.line);
    }
    for case in &converted.cases {
        let name = &case.file_name;
        assert!(
            !name.is_empty()
                && name.len() <= 255
                && !name.contains(['/', '\\', '\0'])
                && !name.chars().any(char::is_control)
                && name != ".mdip",
            "unsafe file name {name:?}"
        );
        let _ = mdip_analysis::analyze(&case.text);
    }
    if converted.cases.len() > 1 {
        let _ = jdip::as_games(&converted.cases);
    }
});
