//! Benchmark of a large generated multiversal game (issue 4, item 5).
//!
//! The game comes from the generator of the judge's tests (`mdip-test-support`): the
//! standard opening, 41 movement steps with their retreat and adjustment steps, forks until at
//! least 20 timelines, about 30 units per season, written as one `.mdip` file. It prints the
//! file's size, then medians of repeated runs of:
//!
//! - `analyze` of the whole file;
//! - `analyze` of the file without its last step, alternating with the whole file (the median
//!   difference is the last step's share);
//! - the last movement step alone at the World level (the world before it is built once, cloned
//!   before every run; the clone is not timed);
//! - the whole game replayed at the World level (no text).
//!
//! Run: `cargo bench -p mdip-analysis --bench multiverse`. `MDIP_BENCH_RUNS` (default 15) sets
//! the number of runs, `MDIP_BENCH_SEED` (default 1) the first seed tried.

use std::hint::black_box;
use std::time::{Duration, Instant};

use mdip_analysis::analyze;
use mdip_judge::world::World;
use mdip_test_support::{
    apply, digest, game_text, generate, Config, Game, GameText, StepInput, StepReport, Style,
};

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// Median and minimum of `runs` timings.
fn measure(runs: u64, mut once: impl FnMut() -> Duration) -> (Duration, Duration) {
    once(); // warm-up
    let mut v: Vec<Duration> = (0..runs.max(1)).map(|_| once()).collect();
    v.sort();
    (v[v.len() / 2], v[0])
}

fn ms(d: Duration) -> String {
    format!("{:8.3} ms", d.as_secs_f64() * 1e3)
}

/// The first game from `first_seed` on with at least 20 timelines by turn 40, its seed and the
/// time it took to find.
fn big_game(first_seed: u64) -> (Game, u64, Duration) {
    let start = Instant::now();
    let mut seed = first_seed;
    let game = loop {
        let g = generate(&Config::bench(seed));
        let max_turn = g.last.seasons().map(|s| s.key.turn).max().unwrap_or(0);
        if g.last.timelines().len() >= 20 && max_turn >= 40 {
            break g;
        }
        seed += 1;
        assert!(
            seed < first_seed + 50,
            "no seed gives 20 timelines by 40 turns"
        );
    };
    (game, seed, start.elapsed())
}

/// Prints the file's and the final world's size.
fn print_shape(game: &Game, full: &GameText, seed: u64, generated: Duration) {
    let n = game.steps.len();
    let world = &game.last;
    let seasons = world.seasons().count();
    let units: usize = world.seasons().map(|s| s.units.len()).sum();
    let max_turn = world.seasons().map(|s| s.key.turn).max().unwrap_or(0);
    let count = |p: fn(&StepInput) -> bool| game.steps.iter().filter(|s| p(s)).count();
    println!("multiverse bench: seed {seed} (generated in {generated:.2?})");
    println!(
        "  file: {} lines, {} bytes, {} order lines",
        full.text.lines().count(),
        full.text.len(),
        full.orders.len()
    );
    println!(
        "  steps: {n} ({} movement, {} retreat, {} adjustment)",
        count(|s| matches!(s, StepInput::Movement(_))),
        count(|s| matches!(s, StepInput::Retreat(_))),
        count(|s| matches!(s, StepInput::Adjustment(_))),
    );
    println!(
        "  world: {} timelines, {seasons} seasons, turns 0..={max_turn}, {units} units ({:.1} per season), {} units in {} heads",
        world.timelines().len(),
        units as f64 / seasons as f64,
        world
            .heads()
            .iter()
            .map(|h| world.season(*h).map_or(0, |s| s.units.len()))
            .sum::<usize>(),
        world.heads().len(),
    );
}

/// The world before the last step (a movement step), with the last step's size printed.
fn before_last_step(game: &Game) -> World {
    let n = game.steps.len();
    let mut before_last = game.setup.world();
    for s in &game.steps[..n - 1] {
        apply(&mut before_last, s);
    }
    let StepInput::Movement(last) = &game.steps[n - 1] else {
        unreachable!("games end with a movement step")
    };
    let StepReport::Movement(r) = apply(&mut before_last.clone(), &game.steps[n - 1]) else {
        unreachable!()
    };
    let live_units: usize = before_last
        .heads()
        .iter()
        .map(|h| before_last.season(*h).map_or(0, |s| s.units.len()))
        .sum();
    println!(
        "  last step: {} orders for {live_units} units in {} heads; graph {} units, {} seasons re-opened, {} forks",
        last.len(),
        before_last.heads().len(),
        r.graph.len(),
        r.reopened.len(),
        r.forks.len()
    );
    before_last
}

/// Whole file and prefix alternate, so that a busy machine slows both alike. Returns the
/// whole file's median and minimum, the prefix's median and the median difference.
fn time_full_and_prefix(
    runs: u64,
    full: &str,
    prefix: &str,
) -> (Duration, Duration, Duration, Duration) {
    let time_analyze = |text: &str| {
        let t = Instant::now();
        black_box(analyze(black_box(text)));
        t.elapsed()
    };
    let mut pairs: Vec<(Duration, Duration)> = (0..=runs)
        .map(|_| (time_analyze(full), time_analyze(prefix)))
        .skip(1)
        .collect();
    let mut diffs: Vec<Duration> = pairs.iter().map(|p| p.0.saturating_sub(p.1)).collect();
    diffs.sort();
    let diff_med = diffs[diffs.len() / 2];
    pairs.sort();
    let (full_med, full_min) = (pairs[pairs.len() / 2].0, pairs[0].0);
    let mut prefix_times: Vec<Duration> = pairs.iter().map(|p| p.1).collect();
    prefix_times.sort();
    let prefix_med = prefix_times[prefix_times.len() / 2];
    (full_med, full_min, prefix_med, diff_med)
}

fn main() {
    let runs = env("MDIP_BENCH_RUNS", 15);
    let (game, seed, generated) = big_game(env("MDIP_BENCH_SEED", 1));
    let n = game.steps.len();
    let full = game_text(&game, &Style::terse());
    let prefix = game_text(&game.truncated(n - 1), &Style::terse());

    // The analysis must reproduce the World-level game.
    let a = analyze(&full.text);
    assert!(
        digest(a.judge_world()) == digest(&game.last),
        "the analysis of the file differs from the World-level game"
    );
    print_shape(&game, &full, seed, generated);
    let before_last = before_last_step(&game);
    let StepInput::Movement(last) = &game.steps[n - 1] else {
        unreachable!("games end with a movement step")
    };

    let (full_med, full_min, prefix_med, diff_med) =
        time_full_and_prefix(runs, &full.text, &prefix.text);
    let (step_med, step_min) = measure(runs * 4, || {
        let mut w = before_last.clone();
        let t = Instant::now();
        black_box(w.movement_step(black_box(last)));
        t.elapsed()
    });
    let (replay_med, _) = measure(runs, || {
        let t = Instant::now();
        let mut w = game.setup.world();
        for s in &game.steps {
            black_box(apply(&mut w, s));
        }
        t.elapsed()
    });
    println!("timings (median of {runs} runs, min):");
    println!(
        "  analyze(whole file)              {} (min {})",
        ms(full_med),
        ms(full_min)
    );
    println!("  analyze(all but the last step)   {}", ms(prefix_med));
    println!("    median difference (the last step) {}", ms(diff_med));
    println!(
        "  World: last movement step alone  {} (min {}, {} runs)",
        ms(step_med),
        ms(step_min),
        runs * 4
    );
    println!("  World: replay of every step      {}", ms(replay_med));
}
