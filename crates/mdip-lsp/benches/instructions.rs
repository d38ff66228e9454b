//! Instruction counts of one edit in the language server, in process, for the performance
//! gate (`scripts/perf-gate`, baseline in `perf/baseline.txt`): what the server's analysis
//! worker does for an edit outside a comment (`session.rs`): apply the change to the
//! document, take its text, and analyse again from the last checkpoint before the edited line
//! (`mdip_analysis::analyze_incremental`). The file is the gate's dense multiversal game
//! (`Config::dense_gate`); the edit retypes a move in the middle of the file, or the last one.
//! The file and its first analysis are made in the setup, which is not counted. The protocol's
//! JSON is not included (it is timed end to end by the `latency` bench). Run under Valgrind
//! by `gungraun-runner`; see `docs/perf.md`.

use std::hint::black_box;

use gungraun::{library_benchmark, library_benchmark_group, main};
use mdip_analysis::{analyze, analyze_incremental, Analysis};
use mdip_lsp::document::{Document, TextChange};
use mdip_lsp::encoding::{Encoding, Pos};
use mdip_test_support::{game_text, generate, Config, Style};

/// An open document of the dense game, analysed, and the change that retypes one of its moves
/// (`middle`: the middle one, else the last).
fn open(middle: bool) -> (Document, Analysis, TextChange) {
    let text = game_text(&generate(&Config::dense_gate()), &Style::terse()).text;
    let moves: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.contains(" - ") && !l.starts_with(['#', '@']))
        .collect();
    let (line, content) = if middle {
        moves[moves.len() / 2]
    } else {
        moves[moves.len() - 1]
    };
    let end = Pos::new(line as u32, content.encode_utf16().count() as u32);
    let change = TextChange {
        range: Some((Pos::new(line as u32, 0), end)),
        text: content.to_owned(),
    };
    let analysis = analyze(&text);
    let mut doc = Document::new(&text, 1);
    doc.mark_analysed();
    (doc, analysis, change)
}

#[library_benchmark]
#[bench::dense_middle(setup = open, args = (true))]
#[bench::dense_last(setup = open, args = (false))]
fn edit(
    (mut doc, previous, change): (Document, Analysis, TextChange),
) -> (Document, Analysis, Analysis) {
    doc.apply(std::slice::from_ref(&change), 2, Encoding::Utf16);
    let line = doc.first_changed_line.unwrap_or(0);
    doc.mark_analysed();
    let text = doc.text();
    let analysis = analyze_incremental(black_box(&text), &previous, line);
    // The previous analysis is returned, not dropped here: the server frees it elsewhere.
    black_box((doc, analysis, previous))
}

library_benchmark_group!(name = lsp, benchmarks = [edit]);
main!(library_benchmark_groups = lsp);
