//! Instruction counts of parsing, for the performance gate (`scripts/perf-gate`, baseline in
//! `perf/baseline.txt`): the 400 phases of the standard workload (`tests/bench/`), lexed and
//! parsed as one file. Run under Valgrind by `gungraun-runner`; see `docs/perf.md`.

use std::hint::black_box;

use gungraun::{library_benchmark, library_benchmark_group, main};

const WORKLOAD: &str = include_str!("../../../tests/bench/workload-standard.txt");

#[library_benchmark]
#[bench::workload(WORKLOAD)]
fn parse(text: &str) -> mdip_syntax::Parse {
    black_box(mdip_syntax::parse(black_box(text)))
}

library_benchmark_group!(name = syntax, benchmarks = [parse]);
main!(library_benchmark_groups = syntax);
