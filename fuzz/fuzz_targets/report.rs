//! Fuzz target: any text, analysed, is rendered by `mdip check` in every format (the text
//! report with and without colour, json, json-lines, sarif, github, junit, concise) without a
//! panic; the terminal formats (text without colour, concise, github) carry no raw control
//! character but tab and newline, and no bidi control; the JSON formats parse.
//!
//! Inputs up to 1 MB (`-max_len` in `scripts/fuzz`): long lines and long orders are reached.

#![no_main]

use clap::ValueEnum;
use libfuzzer_sys::fuzz_target;
use mdip_analysis::analyze;
use mdip_analysis::report::{FileStatus, Summary};
use mdip_cli::formats::{self, Checked, Options};
use mdip_cli::Format;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let analysis = analyze(&text);
    // A file name with controls in it, as a hostile checkout could have.
    let status = FileStatus::new("dir/\u{1b}]0;x\u{7}\u{202e}f.mdip", &analysis);
    for &format in Format::value_variants() {
        for color in [false, true] {
            let out = render_one(format, color, &text, &analysis, &status);
            if !color && matches!(format, Format::Text | Format::Concise | Format::Github) {
                let shown = String::from_utf8_lossy(&out);
                if mdip_cli::formats::has_unsafe(&shown) {
                    panic!("{format:?} wrote a raw control: {:?}", mdip_cli::formats::escape(&shown));
                }
            }
            if matches!(format, Format::Json | Format::Sarif) {
                serde_json::from_slice::<serde_json::Value>(&out)
                    .unwrap_or_else(|e| panic!("{format:?} wrote bad JSON: {e}"));
            }
            if format == Format::JsonLines {
                for line in out.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
                    serde_json::from_slice::<serde_json::Value>(line)
                        .unwrap_or_else(|e| panic!("json-lines wrote bad JSON: {e}"));
                }
            }
        }
    }
});

fn render_one(
    format: Format,
    color: bool,
    text: &str,
    analysis: &mdip_analysis::Analysis,
    status: &FileStatus,
) -> Vec<u8> {
    let options = Options {
        color,
        show_report: true,
        pretty: color,
    };
    let mut renderer = formats::writer_for(format, options);
    let mut out = renderer.start();
    let file = Checked::new(text, analysis, status);
    renderer
        .file(&file, &mut out)
        .unwrap_or_else(|e| panic!("{format:?} failed: {e}"));
    if renderer.keeps() {
        renderer.keep(file.kept());
    }
    let mut summary = Summary::default();
    summary.add(status);
    out.extend(renderer.finish(&[], &summary));
    out
}
