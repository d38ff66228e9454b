//! Fuzz target: `mdip import python-diplomacy`'s converter on any bytes (lossy UTF-8) never
//! panics; what it writes from a game it accepts is an order file whose every line is a
//! comment, a directive or an order with its power in front (nothing of the input breaks a
//! line), and which the analysis reads without a panic.
//!
//! Seeded with the repository's saved games (`crates/mdip-analysis/tests/import/python-diplomacy/`);
//! inputs up to 1 MB.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mdip_analysis::import::python_diplomacy;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let options = python_diplomacy::Options {
        source: "fuzz.json".to_owned(),
    };
    if let Ok(mdip) = python_diplomacy::convert(&text, &options) {
        for line in mdip.lines() {
            let order = line.split_once(": ").is_some_and(|(power, _)| {
                power
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-')
            });
            assert!(
                line.is_empty() || line.starts_with('#') || line.starts_with('@') || order,
                "{line:?}"
            );
        }
        let _ = mdip_analysis::analyze(&mdip);
    }
});
