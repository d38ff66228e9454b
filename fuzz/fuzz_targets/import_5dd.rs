//! Fuzz target: `mdip import 5dd`'s converter on any bytes (lossy UTF-8) never panics, and
//! what it writes from a game it accepts is an order file the analysis reads without a panic.
//!
//! Seeded with the repository's game JSON files (`crates/mdip-analysis/tests/import/5dd/`);
//! inputs up to 1 MB.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mdip_analysis::import::fivedd;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let options = fivedd::Options {
        strict: data.first().is_some_and(|b| b & 1 == 1),
        source: "fuzz.json".to_owned(),
    };
    if let Ok(mdip) = fivedd::convert(&text, &options) {
        let _ = mdip_analysis::analyze(&mdip);
    }
});
