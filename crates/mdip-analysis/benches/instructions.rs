//! Instruction counts of `analyze`, for the performance gate (`scripts/perf-gate`, baseline in
//! `perf/baseline.txt`): the 400 standard phases of the workload (`tests/bench/`), each
//! analysed on its own as the `workload` bench does, and the gate's dense multiversal game
//! (`Config::dense_gate`: orders in every head, convoys, moves into the past), analysed whole.
//! The inputs are made in the setup, which is not counted. Run under Valgrind by
//! `gungraun-runner`; see `docs/perf.md`.

use std::hint::black_box;

use gungraun::{library_benchmark, library_benchmark_group, main};
use mdip_analysis::{analyze, Analysis};
use mdip_test_support::{game_text, generate, Config, Style};

const WORKLOAD: &str = include_str!("../../../tests/bench/workload-standard.txt");

/// The workload's phases: blocks separated by blank lines.
fn phases() -> Vec<&'static str> {
    WORKLOAD
        .split("\n\n")
        .filter(|b| !b.trim().is_empty())
        .collect()
}

fn dense_text() -> String {
    game_text(&generate(&Config::dense_gate()), &Style::terse()).text
}

#[library_benchmark]
#[bench::workload(setup = phases)]
fn analyze_phases(phases: Vec<&'static str>) -> Vec<Analysis> {
    phases.iter().map(|p| analyze(black_box(p))).collect()
}

#[library_benchmark]
#[bench::dense(setup = dense_text)]
fn analyze_file(text: String) -> Analysis {
    black_box(analyze(black_box(&text)))
}

library_benchmark_group!(name = analysis, benchmarks = [analyze_phases, analyze_file]);
main!(library_benchmark_groups = analysis);
