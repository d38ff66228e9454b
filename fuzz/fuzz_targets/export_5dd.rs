//! Fuzz target: `mdip export 5dd` on any text (lossy UTF-8, under `@rules 5dd` unless it says
//! otherwise) never panics, and nothing is lost: every order of the step in progress is
//! exported or named in a warning, and the request serialises as JSON.
//!
//! Seeded with the repository's order files (`tests/5dd/` among them); inputs up to 1 MB.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mdip_analysis::export::fivedd;
use mdip_analysis::{analyze, FileReport};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let text = if text.contains("@rules") {
        text.into_owned()
    } else {
        format!("@rules 5dd\n{text}")
    };
    let analysis = analyze(&text);
    let report = FileReport::new("fuzz.mdip", &text, &analysis);
    let players = ["England".to_owned()];
    let players = data.first().is_some_and(|b| b & 1 == 1).then_some(&players[..]);
    if fivedd::established(&text, &report).is_err() {
        return;
    }
    if let Ok(export) = fivedd::export(&report, &report.rules, players) {
        serde_json::to_string(&export.request).expect("the request serialises");
        // Nothing lost: as many orders exported or named as there are orders after the last
        // step that closed (or more: orders never adjudicated are named wherever they are).
        let closed = report.steps.iter().filter_map(|s| s.closed_at).max().unwrap_or(0);
        let current = report.orders.iter().filter(|o| o.line > closed).count();
        let named = export
            .warnings
            .iter()
            .filter(|w| w.contains("is left out") || w.contains("though mdip finds it illegal"))
            .count();
        let exported = export.request.orders.len();
        assert!(
            exported + named >= current,
            "{current} orders in the step in progress, {exported} exported, {named} named: {:?}",
            export.warnings
        );
    }
});
