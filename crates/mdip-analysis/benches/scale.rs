//! Growth of the cost of a multiversal game with the number of timelines (issue 14, item 4).
//!
//! Generated games (the generator of `mdip-test-support`) with more and more timelines over the
//! same number of movement steps; for each: the file's size, the world's size, and medians of
//! `analyze` of the whole file, of a replay of every step at the World level, and of the last
//! movement step alone (per head). The time per head of a step should stay flat as timelines
//! grow: a step costs what it touches.
//!
//! Run: `cargo bench -p mdip-analysis --bench scale`. `MDIP_BENCH_RUNS` (default 5) sets the
//! runs per measure, `MDIP_SCALE_TIMELINES` (default `32,64,128,250`) the sizes,
//! `MDIP_SCALE_STEPS` (default 50) the movement steps.

use std::hint::black_box;
use std::time::{Duration, Instant};

use mdip_analysis::analyze;
use mdip_test_support::{apply, game_text, generate, Config, StepInput, Style};

fn env(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.to_owned())
}

fn median(runs: usize, mut once: impl FnMut() -> Duration) -> Duration {
    let mut v: Vec<Duration> = (0..runs.max(1)).map(|_| once()).collect();
    v.sort();
    v[v.len() / 2]
}

fn main() {
    // `cargo test --benches` runs this without `--bench`: then only the smallest size, once.
    let benching = std::env::args().any(|a| a == "--bench");
    let runs: usize = env("MDIP_BENCH_RUNS", "5").parse().unwrap_or(5);
    let steps: usize = env("MDIP_SCALE_STEPS", "50").parse().unwrap_or(50);
    let mut sizes: Vec<usize> = env("MDIP_SCALE_TIMELINES", "32,64,128,250")
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect();
    if !benching {
        sizes.truncate(1);
    }
    println!("scale bench: {steps} movement steps, {runs} runs per measure (medians)");
    println!(
        "{:>9} {:>9} {:>9} {:>10} {:>12} {:>12} {:>12} {:>14}",
        "timelines",
        "seasons",
        "KB",
        "heads",
        "analyze ms",
        "replay ms",
        "last step ms",
        "us/head (last)"
    );
    for &max_timelines in &sizes {
        let config = Config {
            movement_steps: steps,
            max_timelines,
            past_orders: (max_timelines / steps).max(1) * 2 + 1,
            ..Config::bench(7)
        };
        let game = generate(&config);
        let text = game_text(&game, &Style::terse()).text;
        let world = &game.last;
        let n = game.steps.len();
        let mut before_last = game.setup.world();
        for s in &game.steps[..n - 1] {
            apply(&mut before_last, s);
        }
        let StepInput::Movement(last) = &game.steps[n - 1] else {
            unreachable!("games end with a movement step")
        };
        let heads = before_last.heads().len();
        let runs = if benching { runs } else { 1 };
        let analyze_time = median(runs, || {
            let t = Instant::now();
            black_box(analyze(black_box(&text)));
            t.elapsed()
        });
        let replay_time = median(runs, || {
            let t = Instant::now();
            let mut w = game.setup.world();
            for s in &game.steps {
                black_box(apply(&mut w, s));
            }
            t.elapsed()
        });
        let step_time = median(runs * 3, || {
            let mut w = before_last.clone();
            let t = Instant::now();
            black_box(w.movement_step(black_box(last)));
            t.elapsed()
        });
        println!(
            "{:>9} {:>9} {:>9} {:>10} {:>12.1} {:>12.1} {:>12.2} {:>14.1}",
            world.timelines().len(),
            world.seasons().count(),
            text.len() / 1024,
            heads,
            analyze_time.as_secs_f64() * 1e3,
            replay_time.as_secs_f64() * 1e3,
            step_time.as_secs_f64() * 1e3,
            step_time.as_secs_f64() * 1e6 / heads as f64,
        );
    }
}
