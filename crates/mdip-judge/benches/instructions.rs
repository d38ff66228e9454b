//! Instruction counts of one movement step (`World::movement_step`: validation and
//! adjudication), for the performance gate (`scripts/perf-gate`, baseline in
//! `perf/baseline.txt`). The game is the gate's dense game (`Config::dense_gate`, orders in every
//! head): its first step (the standard opening, one board) and its last step (every head of
//! the multiverse, moves into the past). The game is generated in the setup, which is not
//! counted. Run under Valgrind by `gungraun-runner`; see `docs/perf.md`.

use std::hint::black_box;

use gungraun::{library_benchmark, library_benchmark_group, main};
use mdip_judge::world::{OrderInput, StepReport, World};
use mdip_test_support::{apply, generate, Config, StepInput};

/// The world before step `index` of the gate's dense game (`None`: the last step) and that
/// step's orders.
fn step(index: Option<usize>) -> (World, Vec<OrderInput>) {
    let game = generate(&Config::dense_gate());
    let index = index.unwrap_or(game.steps.len() - 1);
    let mut world = game.setup.world();
    for s in &game.steps[..index] {
        apply(&mut world, s);
    }
    let StepInput::Movement(orders) = &game.steps[index] else {
        panic!("step {index} of the dense game is not a movement step")
    };
    (world, orders.clone())
}

#[library_benchmark]
#[bench::opening(setup = step, args = (Some(0)))]
#[bench::dense_last(setup = step, args = (None))]
fn movement_step((mut world, orders): (World, Vec<OrderInput>)) -> (World, StepReport) {
    let report = world.movement_step(black_box(&orders));
    black_box((world, report))
}

library_benchmark_group!(name = judge, benchmarks = [movement_step]);
main!(library_benchmark_groups = judge);
