//! `mdip check` end to end on the standard workload (issue 11, item 5): the 400 positions of
//! `tests/bench/workload-standard.txt`, one file each, checked by one `mdip check` process per
//! run (`--format json`, `--format json-lines`, and text with `--quiet`), against the
//! `diplomacy` crate's adjudication of the same positions in the same run (its orders built
//! before timing, as a library user would have them). Prints medians of interleaved rounds and
//! the throughput ratios, then where mdip's time goes (process start, analysis, report, JSON).
//!
//! ```text
//! cargo bench -p mdip-cli --bench end_to_end
//! ```
//!
//! Environment: `E2E_RUNS` (rounds, 15 by default). `cargo test --benches` only checks the
//! setup (one round, no table).

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use diplomacy::judge::{MappedMainOrder, Rulebook, Submission};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The workload's blocks, each the text of one file.
fn blocks(text: &str) -> Vec<String> {
    text.split("\n\n")
        .map(|b| b.trim_matches('\n'))
        .filter(|b| b.lines().any(|l| l.starts_with("# phase ")))
        .map(|b| format!("{b}\n"))
        .collect()
}

/// One workload line (`Russia: F stp/sc - bot`) in the `diplomacy` crate's notation
/// (`RUS: F stp(sc) -> bot`).
fn dip_line(line: &str) -> String {
    let (power, order) = line.split_once(": ").expect("`Power: order`");
    let power = match power {
        "Austria" => "AUS",
        "England" => "ENG",
        "France" => "FRA",
        "Germany" => "GER",
        "Italy" => "ITA",
        "Russia" => "RUS",
        "Turkey" => "TUR",
        other => panic!("unknown power {other}"),
    };
    let loc = |w: &str| match w.split_once('/') {
        Some((p, c)) => format!("{p}({c})"),
        None => w.to_owned(),
    };
    let w: Vec<&str> = order.split_whitespace().collect();
    let unit = format!("{} {}", w[0], loc(w[1]));
    let command = match &w[2..] {
        ["H"] => "hold".to_owned(),
        ["-", to] => format!("-> {}", loc(to)),
        ["S", k, at] => format!("supports {k} {}", loc(at)),
        ["S", k, at, "-", to] => format!("supports {k} {} -> {}", loc(at), loc(to)),
        ["C", k, at, "-", to] => format!("convoys {k} {} -> {}", loc(at), loc(to)),
        other => panic!("cannot read {other:?}"),
    };
    format!("{power}: {unit} {command}")
}

fn dip_orders(block: &str) -> Vec<MappedMainOrder> {
    block
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let t = dip_line(l.trim());
            t.parse()
                .unwrap_or_else(|e| panic!("diplomacy cannot read `{t}`: {e}"))
        })
        .collect()
}

/// One `mdip` process over the folder; its output is read (and dropped) like a consumer would.
fn mdip(dir: &Path, args: &[&str]) -> Duration {
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_mdip"))
        .arg("check")
        .args(args)
        .arg(dir)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .expect("mdip runs");
    let t = start.elapsed();
    assert_eq!(out.status.code(), Some(0), "every workload file is clean");
    black_box(out.stdout.len());
    t
}

/// The `diplomacy` crate on every position: orders built before timing.
fn dip(batches: &[Vec<MappedMainOrder>], rules: &Rulebook) -> Duration {
    let map = diplomacy::geo::standard_map();
    let batches = batches.to_vec();
    let start = Instant::now();
    for orders in batches {
        let s = Submission::with_inferred_state(map, black_box(orders));
        black_box(s.adjudicate(rules.clone()));
    }
    start.elapsed()
}

/// In process, one thread: analysis, report and compact JSON of every file, timed apart.
fn split(texts: &[String]) -> [Duration; 3] {
    let mut t = [Duration::ZERO; 3];
    for (i, text) in texts.iter().enumerate() {
        let s = Instant::now();
        let a = mdip_analysis::analyze(text);
        t[0] += s.elapsed();
        let s = Instant::now();
        let r = mdip_analysis::FileReport::new(&format!("phase-{i}.mdip"), text, &a);
        t[1] += s.elapsed();
        let s = Instant::now();
        black_box(serde_json::to_vec(&r).expect("serialises").len());
        t[2] += s.elapsed();
    }
    t
}

fn median(v: &mut [Duration]) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    let benching = std::env::args().any(|a| a == "--bench");
    let runs = if benching {
        std::env::var("E2E_RUNS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(15usize)
            .max(1)
    } else {
        1
    };
    let text = std::fs::read_to_string(repo().join("tests/bench/workload-standard.txt"))
        .expect("the workload is in the repository");
    let texts = blocks(&text);
    let n = texts.len();
    let dir = std::env::temp_dir().join(format!("mdip-e2e-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    for (i, t) in texts.iter().enumerate() {
        std::fs::write(dir.join(format!("phase-{:03}.mdip", i + 1)), t).expect("written");
    }
    let batches: Vec<Vec<MappedMainOrder>> = texts.iter().map(|t| dip_orders(t)).collect();
    let rules = Rulebook::default();
    let rows: [(&str, &[&str]); 3] = [
        ("mdip check --format json", &["--format", "json"]),
        (
            "mdip check --format json-lines",
            &["--format", "json-lines"],
        ),
        ("mdip check --quiet (text)", &["--quiet"]),
    ];
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); rows.len() + 1];
    let mut start_up = Vec::new();
    let mut splits = Vec::new();
    // Interleaved rounds, so that a change of the machine's speed hits every row alike.
    for _ in 0..runs {
        times[0].push(dip(&batches, &rules));
        for (k, (_, args)) in rows.iter().enumerate() {
            times[k + 1].push(mdip(&dir, args));
        }
        let s = Instant::now();
        let _ = Command::new(env!("CARGO_BIN_EXE_mdip"))
            .arg("--version")
            .stdout(Stdio::null())
            .status();
        start_up.push(s.elapsed());
        splits.push(split(&texts));
    }
    let _ = std::fs::remove_dir_all(&dir);
    if !benching {
        println!("end_to_end: setup checked ({n} files); run with `cargo bench` for figures");
        return;
    }
    let meds: Vec<Duration> = times.iter_mut().map(|t| median(t)).collect();
    let rate = |d: Duration| n as f64 / d.as_secs_f64();
    println!("end_to_end: {n} positions, one file each; medians of {runs} interleaved rounds");
    println!(
        "{:<34} {:>10} {:>12} {:>8}",
        "", "ms", "positions/s", "ratio"
    );
    println!(
        "{:<34} {:>10.2} {:>12.0} {:>8}",
        "diplomacy 0.2.0 (orders pre-built)",
        meds[0].as_secs_f64() * 1e3,
        rate(meds[0]),
        "1.00"
    );
    for (k, (name, _)) in rows.iter().enumerate() {
        let m = meds[k + 1];
        println!(
            "{name:<34} {:>10.2} {:>12.0} {:>8.2}",
            m.as_secs_f64() * 1e3,
            rate(m),
            rate(m) / rate(meds[0])
        );
    }
    let parts: Vec<Duration> = (0..3)
        .map(|i| median(&mut splits.iter().map(|s| s[i]).collect::<Vec<_>>()))
        .collect();
    println!(
        "where mdip's time goes (one thread, in process, all {n} files): analysis {:.2} ms, \
         report {:.2} ms, compact JSON {:.2} ms; process start (`mdip --version`) {:.2} ms",
        parts[0].as_secs_f64() * 1e3,
        parts[1].as_secs_f64() * 1e3,
        parts[2].as_secs_f64() * 1e3,
        median(&mut start_up).as_secs_f64() * 1e3
    );
}
