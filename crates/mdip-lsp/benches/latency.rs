//! Edit-to-diagnostics latency of the language server, end to end over the protocol: the time
//! from writing a `didChange` to reading the `publishDiagnostics` of that version, on a
//! generated 5,000-line multiversal file, on the goals bench's dense game (30 timelines x 40
//! steps, orders in every head: an edit in its first, middle and last step) and on a 10 MB file.
//!
//! Run: `cargo bench -p mdip-lsp --bench latency` (add `-- --quick` for fewer samples, and
//! `-- lines`, `-- dense` or `-- big` for one of the three files only).

use std::time::Instant;

use mdip_test_support::lsp::{long_standard_game, ms, multiversal_game, TestClient};
use mdip_test_support::{game_text, generate, Config, Style};

/// The shipped binary's allocator (`mdip-cli/src/bin/mdip.rs`): the server runs in this
/// process, and its latency is the binary's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn report(name: &str, mut samples: Vec<f64>) {
    samples.sort_by(f64::total_cmp);
    println!(
        "{name:<48} n={:<4} p50={:>8.2} ms  p95={:>8.2} ms  p99={:>8.2} ms  max={:>8.2} ms",
        samples.len(),
        percentile(&samples, 0.50),
        percentile(&samples, 0.95),
        percentile(&samples, 0.99),
        samples.last().copied().unwrap_or(0.0),
    );
}

/// Edits line `line` (an order) back and forth between two spellings, `n` times, waiting for
/// the diagnostics of each version; returns the latencies. With `comment`, types into a
/// comment at the end of the line instead.
async fn run(
    c: &mut TestClient,
    uri: &str,
    text: &str,
    line: u32,
    n: usize,
    version: &mut i64,
    comment: bool,
) -> Vec<f64> {
    let content = text.lines().nth(line as usize).unwrap_or("");
    let len = content.encode_utf16().count() as u32;
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        *version += 1;
        let t = Instant::now();
        if comment {
            // Type one character into a trailing comment, then delete it.
            if i % 2 == 0 {
                c.edit(uri, *version, line, len, line, len, "x").await;
            } else {
                c.edit(uri, *version, line, len, line, len + 1, "").await;
            }
        } else if i % 2 == 0 {
            // `Hold` -> `H`, which the analysis must read again.
            c.edit(uri, *version, line, len - 4, line, len, "H").await;
        } else {
            c.edit(uri, *version, line, len - 4, line, len - 3, "Hold")
                .await;
        }
        c.diagnostics(uri, *version).await;
        out.push(ms(t));
    }
    out
}

/// Turns the move on line `line` (`A ukr 13:13 - rum 13:13`) into a hold of the same unit and
/// back, `n` times, waiting for the diagnostics of each version: every step from that line's
/// on is analysed again.
async fn toggle_move(
    c: &mut TestClient,
    uri: &str,
    text: &str,
    line: u32,
    n: usize,
    version: &mut i64,
) -> Vec<f64> {
    let content = text.lines().nth(line as usize).unwrap_or("");
    let unit = content.split(" - ").next().unwrap_or(content);
    let hold = format!("{unit} H");
    let width = |s: &str| s.encode_utf16().count() as u32;
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        *version += 1;
        let t = Instant::now();
        if i % 2 == 0 {
            c.edit(uri, *version, line, 0, line, width(content), &hold)
                .await;
        } else {
            c.edit(uri, *version, line, 0, line, width(&hold), content)
                .await;
        }
        c.diagnostics(uri, *version).await;
        out.push(ms(t));
    }
    out
}

/// The goals bench's dense game: 30 timelines x 40 steps, orders in every head (the
/// `multiverse` family of `mdip-cli`'s goals bench, same seed).
fn dense_game() -> String {
    let config = Config {
        movement_steps: 40,
        max_timelines: 30,
        // (timelines / steps).max(1) * 2 + 1 with 30 timelines and 40 steps, as the goals bench.
        past_orders: 3,
        ..Config::bench(7)
    };
    game_text(&generate(&config), &Style::terse()).text
}

/// The lines of plain moves (`A ukr 13:13 - rum 13:13`: no support or convoy).
fn move_lines(text: &str) -> Vec<u32> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| {
            l.starts_with(['A', 'F'])
                && l.contains(" - ")
                && !l.contains(" S ")
                && !l.contains(" C ")
        })
        .map(|(i, _)| i as u32)
        .collect()
}

/// The line of the first `... Hold` order at or after `from`.
fn hold_line(text: &str, from: usize) -> u32 {
    text.lines()
        .enumerate()
        .skip(from)
        .find(|(_, l)| l.ends_with(" Hold"))
        .map_or(0, |(i, _)| i as u32)
}

/// The line of the first line with a comment at or after `from`.
fn comment_line(text: &str, from: usize) -> u32 {
    text.lines()
        .enumerate()
        .skip(from)
        .find(|(_, l)| l.contains('#'))
        .map_or(0, |(i, _)| i as u32)
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let n = if quick { 40 } else { 300 };
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| ["lines", "dense", "big"].contains(&a.as_str()))
        .collect();
    let wanted = |name: &str| only.is_empty() || only.iter().any(|o| o == name);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let (mut c, _) = TestClient::start(&["utf-16"]).await;
        if wanted("lines") {
            five_thousand_lines(&mut c, n).await;
        }
        if wanted("dense") {
            dense(&mut c, quick).await;
        }
        if wanted("big") {
            big(&mut c, quick).await;
        }
        c.shutdown().await;
    });
}

/// Times one analysis of `text` (printed as `what`), then opens it in the server as `uri` and
/// waits for its first diagnostics; returns the document's version.
async fn open(c: &mut TestClient, uri: &str, text: &str, what: &str) -> i64 {
    let t = Instant::now();
    let _ = mdip_analysis::analyze(text);
    println!(
        "{what}: {} lines, {} bytes; one analysis: {:.0} ms",
        text.lines().count(),
        text.len(),
        ms(t)
    );
    c.open(uri, text).await;
    c.diagnostics(uri, 1).await;
    1
}

/// The generated 5,000-line multiversal file: edits early, in the middle and late, and typing
/// in a comment.
async fn five_thousand_lines(c: &mut TestClient, n: usize) {
    let t = Instant::now();
    let multi = multiversal_game(5000);
    let analysis = mdip_analysis::analyze(&multi);
    println!(
        "generated: {} lines, {} bytes, {} steps, {} timelines, {} orders ({:.0} ms)",
        multi.lines().count(),
        multi.len(),
        analysis.step_count(),
        analysis.judge_world().timelines().len(),
        analysis.order_count(),
        ms(t)
    );
    let uri = "file:///bench/multi.mdip";
    let mut version = open(c, uri, &multi, "5,000-line file").await;
    let lines = multi.lines().count();
    let middle = hold_line(&multi, lines / 2);
    let late = hold_line(&multi, lines * 9 / 10);
    let early = hold_line(&multi, lines / 20);
    for (name, line) in [("early", early), ("middle", middle), ("late", late)] {
        let samples = run(c, uri, &multi, line, n, &mut version, false).await;
        report(
            &format!("5,000 lines, edit an order ({name}, line {})", line + 1),
            samples,
        );
    }
    let samples = run(
        c,
        uri,
        &multi,
        comment_line(&multi, lines / 2),
        n,
        &mut version,
        true,
    )
    .await;
    report("5,000 lines, type in a comment (reuse)", samples);
}

/// The goals bench's dense game: an edit in its first, middle and last step.
async fn dense(c: &mut TestClient, quick: bool) {
    let dense = dense_game();
    let uri = "file:///bench/dense.mdip";
    let mut version = open(c, uri, &dense, "dense game").await;
    let moves = move_lines(&dense);
    let d = if quick { 10 } else { 60 };
    for (name, line) in [
        ("first step", moves[0]),
        ("middle", moves[moves.len() / 2]),
        ("last step", moves[moves.len() - 1]),
    ] {
        let samples = toggle_move(c, uri, &dense, line, d, &mut version).await;
        report(
            &format!("dense 30x40, move <-> hold ({name}, line {})", line + 1),
            samples,
        );
    }
}

/// The 10 MB standard game: an edit in the middle and typing in a comment.
async fn big(c: &mut TestClient, quick: bool) {
    let big = long_standard_game(10 << 20);
    let uri = "file:///bench/big.mdip";
    let mut version = open(c, uri, &big, "10 MB file").await;
    let line = hold_line(&big, big.lines().count() / 2);
    let m = if quick { 5 } else { 30 };
    let samples = run(c, uri, &big, line, m, &mut version, false).await;
    report("10 MB, edit an order (middle)", samples);
    let samples = run(
        c,
        uri,
        &big,
        comment_line(&big, big.lines().count() / 2),
        m,
        &mut version,
        true,
    )
    .await;
    report("10 MB, type in a comment (reuse)", samples);
}
