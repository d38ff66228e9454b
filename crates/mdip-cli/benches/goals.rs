//! The scale goals of issue 14 end to end, with memory: the `mdip` binary of this build on
//! generated files (written to a temporary folder, removed at the end). For each file: its
//! size, the median wall time and the median processor time (user and system) of the command
//! over `GOALS_RUNS` runs (default 3), and the peak resident memory of the process. Time and
//! memory come from mimalloc's report at exit with `MIMALLOC_SHOW_STATS=1` (`getrusage`); on a
//! busy machine the processor time is the steadier figure. Each family runs over a few sizes,
//! so its rows are a growth curve:
//!
//! - `forks`: games that fork N timelines as fast as they can and then play turns with no
//!   orders (`@phase next`), as the issue's files did (a few KB for thousands of seasons):
//!   30 x 40 turns, 64, 128, 250, 500, 800 timelines x 50 turns, 250 x 66 turns (about 12,000
//!   seasons) and 963 x 134 turns (about 200 steps); `mdip check FILE` (text, with the report)
//!   and `--no-report`. Then, in process, one more movement step with no orders on the world
//!   the file leaves (`World::movement_step`, the fastest of a few runs): the N-head step.
//! - `multiverse`: games of the generator of `mdip-test-support` (orders in every head:
//!   supports, convoys, moves into the past; as in `mdip-analysis`'s `scale` bench), 30 x 40
//!   (a real game) and 32 x 50; `mdip check FILE`.
//! - `typos`: one standard game whose orders name N distinct unknown provinces (each one or two
//!   edits from a real name), N from 4,000 to 32,000; `mdip check --no-report`.
//! - `long`: a standard game in which everyone holds, every sixth name misspelt (from a pool of
//!   20,000 typos), 1, 2, 5 and 10 MB, and the same 10 MB game without typos;
//!   `mdip check --format json` and text with `--no-report`.
//! - `steps`: a standard game of N steps with no orders (`@phase next`), N = 50,000 and
//!   200,000; `mdip check --no-report`; then the memory each step keeps, in bytes: the
//!   difference of the two peaks over the difference of the steps (issue 23).
//! - `editor`: `mdip lsp` over stdio opens each 10 MB file, waits for its diagnostics, then
//!   edits an order in the middle 4 times, waiting for each version's diagnostics: the time to
//!   the first diagnostics, the median edit, and the server's peak memory.
//!
//! ```text
//! cargo bench -p mdip-cli --bench goals
//! ```
//!
//! Environment: `GOALS_RUNS` (runs per command, 3 by default); `GOALS_ONLY`, the families to
//! run (comma-separated: `forks,multiverse,typos,long,steps,editor`); `GOALS_FORKS`, the sizes of
//! `forks` (`250x50,963x134`: timelines x turns); `GOALS_DIR`, a folder to write the files to
//! and keep them in (to profile one). `cargo test --benches` only checks the setup (the
//! smallest file of each family, once).

// The `editor` family's language server client, beside this bench (not a bench of its own).
#[path = "goals/editor.rs"]
mod editor;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use mdip_test_support::lsp::{empty_neighbour_in, long_standard_game};
use mdip_test_support::{game_text, generate, Config, Style};

use editor::editor;

const MDIP: &str = env!("CARGO_BIN_EXE_mdip");

/// `mdip ARGS` started by a shell in the background, so that its peak RSS is its own: Linux
/// carries the maximum RSS of the memory a process replaces at `execve` into the new program's
/// (`getrusage`), and a process spawned straight from this bench would report the bench's own
/// peak (the worlds it generated). The shell's background child starts with a fresh count and
/// replaces the shell's small memory; standard input is passed on through descriptor 3.
fn mdip(args: &[&str]) -> Command {
    let mut c = Command::new("sh");
    c.arg("-c")
        .arg(r#"exec 3<&0; "$@" <&3 3<&- & wait $!"#)
        .arg("sh")
        .arg(MDIP)
        .args(args)
        .env("MIMALLOC_SHOW_STATS", "1")
        // The command in this process, not in a child (`supervise.rs`): the statistics are
        // then those of the process that did the work.
        .env("MDIP_IN_PROCESS", "1");
    c
}

fn env(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.to_owned())
}

/// The peak RSS in MiB from mimalloc's statistics on standard error (`peak rss: 53.1 MiB`).
fn peak_rss_mib(stderr: &str) -> Option<f64> {
    let at = stderr.rfind("peak rss:")?;
    let mut words = stderr[at + "peak rss:".len()..].split_whitespace();
    let value: f64 = words.next()?.trim_end_matches(',').parse().ok()?;
    let unit = words.next()?.trim_end_matches(',');
    let factor = match unit {
        "B" => 1.0 / (1024.0 * 1024.0),
        "KiB" => 1.0 / 1024.0,
        "MiB" => 1.0,
        "GiB" => 1024.0,
        _ => return None,
    };
    Some(value * factor)
}

/// The processor time (user and system) from mimalloc's statistics
/// (`process   : user: 0.146 s, system: 0.158 s, ...`).
fn cpu_time(stderr: &str) -> Option<Duration> {
    let at = stderr.rfind("user:")?;
    let line = stderr[at..].lines().next()?;
    let seconds = |key: &str| -> Option<f64> {
        let rest = &line[line.find(key)? + key.len()..];
        rest.split_whitespace().next()?.parse().ok()
    };
    Some(Duration::from_secs_f64(
        seconds("user:")? + seconds("system:")?,
    ))
}

/// A measure of one command: median wall time, median processor time, largest peak RSS (MiB).
type Measure = (Duration, Duration, f64);

/// Runs `mdip ARGS` `runs` times (output to nowhere).
fn measure(args: &[&str], runs: usize) -> Measure {
    let mut times = Vec::new();
    let mut cpu = Vec::new();
    let mut peak: f64 = 0.0;
    for _ in 0..runs.max(1) {
        let t = Instant::now();
        let out = mdip(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .output()
            .expect("run mdip");
        times.push(t.elapsed());
        let code = out.status.code();
        assert!(
            matches!(code, Some(0 | 1)),
            "mdip {args:?} exited with {code:?}"
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        peak = peak.max(peak_rss_mib(&stderr).expect("mimalloc's statistics on stderr"));
        cpu.push(cpu_time(&stderr).expect("mimalloc's statistics on stderr"));
    }
    times.sort();
    cpu.sort();
    (times[times.len() / 2], cpu[cpu.len() / 2], peak)
}

fn row(family: &str, what: &str, bytes: usize, command: &str, (wall, cpu, mib): Measure) {
    println!(
        "{family:<10} {what:<44} {:>7} {:>9.1} {:>9.1} {:>9.1}  {command}",
        bytes / 1024,
        wall.as_secs_f64() * 1e3,
        cpu.as_secs_f64() * 1e3,
        mib
    );
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write a generated file");
    path
}

/// A game that forks `timelines` timelines as fast as it can, then plays until turn `turns`
/// with no orders, as the issue's files did (a few KB for thousands of seasons): at each step
/// every head that has a previous season in its own timeline sends one unit into it (an empty
/// neighbouring province), which forks that timeline; once there are enough timelines, one
/// `@phase next` a step. Written from the board the analysis computes for the text so far.
fn forking_game(timelines: usize, turns: u32) -> String {
    use mdip_judge::world::{Phase, SeasonKey};
    let map = mdip_map::Map::standard();
    let name = |loc: mdip_map::Location| match loc.coast {
        Some(c) => format!("{}({})", map.name(loc.province), c.abbrev()),
        None => map.name(loc.province).to_owned(),
    };
    let mut text = String::from("# Generated: forks, then empty turns.\n@start standard\n\n");
    loop {
        let mut analysis = mdip_analysis::analyze(&text);
        if analysis.judge_world().phase() != Phase::Movement {
            text.push_str("@phase movement\n");
            analysis = mdip_analysis::analyze(&text);
        }
        let world = analysis.judge_world();
        let have = world.timelines().len();
        let turn = world.heads().iter().map(|h| h.turn).max().unwrap_or(0);
        if have >= timelines || turn + 1 >= turns {
            // The rest: no orders, one `@phase next` a step (two after a Fall turn).
            for t in turn..turns {
                text.push_str("@phase next\n");
                if t % 2 == 1 {
                    text.push_str("@phase next\n");
                }
            }
            return text;
        }
        let mut forks = 0;
        for head in world.heads() {
            if have + forks >= timelines {
                break;
            }
            let (Some(season), Some(turn)) = (world.season(head), head.turn.checked_sub(1)) else {
                continue;
            };
            let past = SeasonKey::new(turn, head.timeline);
            let Some(ps) = world.season(past) else {
                continue;
            };
            let fork = season
                .units
                .iter()
                .find_map(|u| empty_neighbour_in(world, head, u, past, ps).map(|l| (u, l)));
            if let Some((u, l)) = fork {
                text.push_str(&format!(
                    "{} {head}\n{} {} - {} {past}\n",
                    u.power.name(),
                    u.kind.letter(),
                    name(u.loc),
                    name(l)
                ));
                forks += 1;
            }
        }
        if forks == 0 {
            text.push_str("@phase next\n");
        }
        text.push('\n');
    }
}

/// The time of one movement step with no orders at the end of `text` (the world before it
/// analysed once, cloned before each run): its number of heads and the shortest time (the
/// least disturbed by other processes).
fn empty_step(text: &str, runs: usize) -> (usize, Duration) {
    use mdip_judge::world::Phase;
    let mut text = text.to_owned();
    let mut world = mdip_analysis::analyze(&text).judge_world().clone();
    while world.phase() != Phase::Movement {
        text.push_str("@phase next\n");
        world = mdip_analysis::analyze(&text).judge_world().clone();
    }
    let mut times: Vec<Duration> = (0..runs.max(1) * 3)
        .map(|_| {
            let mut w = world.clone();
            let t = Instant::now();
            std::hint::black_box(w.movement_step(&[]));
            t.elapsed()
        })
        .collect();
    times.sort();
    (world.heads().len(), times[0])
}

/// A small deterministic generator (xorshift64).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// `n` distinct misspellings of the standard map's one-word province names (one or two
/// substitutions, insertions, deletions or transpositions), none of them a name of the map.
fn typos(n: usize) -> Vec<String> {
    let map = mdip_map::Map::standard();
    let names: Vec<Vec<u8>> = map
        .provinces()
        .map(|p| map.name(p).to_owned())
        .filter(|name| name.bytes().all(|b| b.is_ascii_alphabetic()))
        .map(String::into_bytes)
        .collect();
    let mut rng = Rng(0x7e57_5eed);
    let mut seen = BTreeSet::new();
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut word = names[rng.below(names.len())].clone();
        for _ in 0..1 + rng.below(2) {
            let i = 1 + rng.below(word.len() - 1);
            let letter = b'a' + rng.below(26) as u8;
            match rng.below(4) {
                0 => word[i] = letter,
                1 => word.insert(i, letter),
                2 if word.len() > 4 => {
                    word.remove(i);
                }
                _ if i + 1 < word.len() => word.swap(i, i + 1),
                _ => word[i] = letter,
            }
        }
        let word = String::from_utf8(word).expect("ASCII");
        if map.resolve_province(&word).is_none() && seen.insert(word.clone()) {
            out.push(word);
        }
    }
    out
}

/// A standard game whose orders name `n` distinct unknown provinces, a thousand a block.
fn typo_game(n: usize) -> String {
    let mut text = String::from("# Generated: unknown province names.\n@start standard\n\n");
    for (i, typo) in typos(n).iter().enumerate() {
        if i % 1000 == 0 {
            text.push_str("England 1:0\n");
        }
        text.push_str(&format!("A {typo} Hold\n"));
    }
    text
}

/// The long standard game of `bytes`, with every sixth order line's province misspelt.
fn long_game_with_typos(bytes: usize) -> String {
    let pool = typos(20_000);
    let mut i = 0;
    let mut out = String::with_capacity(bytes + 4096);
    for line in long_standard_game(bytes).lines() {
        match line.strip_suffix(" Hold").and_then(|l| l.split_once(' ')) {
            Some((kind, _)) if i % 6 == 5 => {
                out.push_str(&format!("{kind} {} Hold\n", pool[(i / 6) % pool.len()]));
                i += 1;
            }
            Some(_) => {
                out.push_str(line);
                out.push('\n');
                i += 1;
            }
            None => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

/// What every family shares: whether this is a real bench run (all sizes) or the setup check
/// (the smallest file, once), the runs per command, and the folder of the generated files.
struct Setup {
    benching: bool,
    runs: usize,
    dir: PathBuf,
}

impl Setup {
    /// `text` written to `name` in the bench's folder: its path.
    fn write(&self, name: &str, text: &str) -> PathBuf {
        write(&self.dir, name, text)
    }
}

fn main() {
    let benching = std::env::args().any(|a| a == "--bench");
    let runs: usize = env("GOALS_RUNS", "3").parse().unwrap_or(3);
    let runs = if benching { runs } else { 1 };
    let only = env("GOALS_ONLY", "forks,multiverse,typos,long,steps,editor");
    let family = |name: &str| only.split(',').any(|f| f.trim() == name);
    let keep = std::env::var_os("GOALS_DIR").map(PathBuf::from);
    let dir = keep
        .clone()
        .unwrap_or_else(|| std::env::temp_dir().join(format!("mdip-goals-{}", std::process::id())));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let setup = Setup {
        benching,
        runs,
        dir,
    };

    println!("goals bench: {runs} runs per command (median times, largest peak RSS)");
    println!(
        "{:<10} {:<44} {:>7} {:>9} {:>9} {:>9}  command",
        "family", "file", "KB", "wall ms", "cpu ms", "peak MiB"
    );

    if family("steps") {
        bench_steps(&setup);
    }
    if family("forks") {
        bench_forks(&setup);
    }
    if family("multiverse") {
        bench_multiverse(&setup);
    }
    if family("typos") {
        bench_typos(&setup);
    }
    if family("long") {
        bench_long(&setup);
    }
    if family("editor") {
        bench_editor(&setup);
    }

    if keep.is_none() {
        let _ = std::fs::remove_dir_all(&setup.dir);
    }
}

/// `steps`: games of N steps with no orders, checked; then the bytes each step keeps.
fn bench_steps(s: &Setup) {
    let sizes: &[usize] = if s.benching {
        &[50_000, 200_000]
    } else {
        &[500, 2_000]
    };
    let mut peaks = Vec::new();
    for &n in sizes {
        let mut text = String::from("@start standard\n");
        for _ in 0..n {
            text.push_str("@phase next\n");
        }
        let path = s.write(&format!("steps-{n}.mdip"), &text);
        let p = path.to_str().expect("a UTF-8 path");
        let m = measure(&["check", "--no-report", p], s.runs);
        row(
            "steps",
            &format!("{n} steps, no orders"),
            text.len(),
            "check --no-report",
            m,
        );
        peaks.push((n, m.2));
    }
    if let [(n1, m1), (n2, m2)] = peaks[..] {
        println!(
            "{:<10} bytes kept per step: {:.0}",
            "steps",
            (m2 - m1) * 1024.0 * 1024.0 / (n2 - n1) as f64
        );
    }
}

/// `forks`: games that fork N timelines then play empty turns, checked with and without the
/// report; then one more movement step in process.
fn bench_forks(s: &Setup) {
    // (timelines, turns); 134 turns are 200 steps (a movement step a turn, an adjustment
    // step after each Fall turn).
    let mut sizes = vec![
        (30, 40),
        (64, 50),
        (128, 50),
        (250, 50),
        (250, 66),
        (500, 50),
        (800, 50),
        (963, 134),
    ];
    if let Ok(list) = std::env::var("GOALS_FORKS") {
        sizes = list
            .split(',')
            .filter_map(|s| s.trim().split_once('x'))
            .filter_map(|(t, n)| Some((t.parse().ok()?, n.parse().ok()?)))
            .collect();
    }
    if !s.benching {
        sizes.truncate(1);
    }
    for (timelines, turns) in sizes {
        let text = forking_game(timelines, turns);
        let analysis = mdip_analysis::analyze(&text);
        let what = format!(
            "{} timelines, {turns} turns, {} steps, {} seasons",
            analysis.judge_world().timelines().len(),
            analysis.step_count(),
            analysis.judge_world().seasons().count()
        );
        let path = s.write(&format!("forks-{timelines}x{turns}.mdip"), &text);
        let path = path.to_str().expect("a UTF-8 path");
        let m = measure(&["check", path], s.runs);
        row("forks", &what, text.len(), "mdip check FILE", m);
        let m = measure(&["check", "--no-report", path], s.runs);
        row("forks", "", text.len(), "mdip check --no-report FILE", m);
        let (heads, step) = empty_step(&text, s.runs);
        println!(
            "{:<10} {:<44} {:>7} {:>9.2} {:>9} {:>9}  one more step, no orders (World::movement_step in process, fastest run)",
            "forks",
            format!("{heads}-head step"),
            "",
            step.as_secs_f64() * 1e3,
            "",
            "",
        );
    }
}

/// `multiverse`: generated games with orders in every head (convoys, supports, moves into the
/// past), checked.
fn bench_multiverse(s: &Setup) {
    let mut sizes = vec![(30, 40), (32, 50)];
    if !s.benching {
        sizes.truncate(1);
    }
    for (timelines, steps) in sizes {
        let config = Config {
            movement_steps: steps,
            max_timelines: timelines,
            past_orders: (timelines / steps).max(1) * 2 + 1,
            ..Config::bench(7)
        };
        let game = generate(&config);
        let text = game_text(&game, &Style::terse()).text;
        let what = format!(
            "{} timelines x {steps} steps, {} seasons",
            game.last.timelines().len(),
            game.last.seasons().count()
        );
        let path = s.write(&format!("multiverse-{timelines}x{steps}.mdip"), &text);
        let path = path.to_str().expect("a UTF-8 path");
        let m = measure(&["check", path], s.runs);
        row("multiverse", &what, text.len(), "mdip check FILE", m);
    }
}

/// `typos`: games naming N distinct unknown provinces, checked without the report.
fn bench_typos(s: &Setup) {
    let mut sizes = vec![4_000, 8_000, 16_000, 32_000];
    if !s.benching {
        sizes.truncate(1);
    }
    for n in sizes {
        let text = typo_game(n);
        let path = s.write(&format!("typos-{n}.mdip"), &text);
        let path = path.to_str().expect("a UTF-8 path");
        let m = measure(&["check", "--no-report", path], s.runs);
        let what = format!("{n} distinct unknown names");
        row("typos", &what, text.len(), "mdip check --no-report FILE", m);
    }
}

/// The sizes in MB of the `long` and `editor` files (the smallest only when not benching).
fn long_sizes_mb(benching: bool) -> Vec<usize> {
    let mut sizes_mb = vec![1, 2, 5, 10];
    if !benching {
        sizes_mb.truncate(1);
    }
    sizes_mb
}

/// The long standard game of `mb` MB, with or without typos.
fn big(mb: usize, typos: bool) -> String {
    if typos {
        long_game_with_typos(mb << 20)
    } else {
        long_standard_game(mb << 20)
    }
}

/// What a long file is, in a row's `file` column.
fn long_what(mb: usize, with_typos: bool) -> String {
    if with_typos {
        format!("{mb} MB, every sixth name misspelt")
    } else {
        format!("{mb} MB, no typos")
    }
}

/// `long`: long standard games with typos, and the largest without, checked as JSON and as
/// text without the report.
fn bench_long(s: &Setup) {
    let sizes_mb = long_sizes_mb(s.benching);
    let mut files: Vec<(usize, bool)> = sizes_mb.iter().map(|&mb| (mb, true)).collect();
    files.push((*sizes_mb.last().expect("a size"), false));
    for (mb, with_typos) in files {
        let text = big(mb, with_typos);
        let name = format!("long-{mb}mb{}.mdip", if with_typos { "-typos" } else { "" });
        let path = s.write(&name, &text);
        let path = path.to_str().expect("a UTF-8 path");
        let what = long_what(mb, with_typos);
        let m = measure(&["check", "--format", "json", path], s.runs);
        row(
            "long",
            &what,
            text.len(),
            "mdip check --format json FILE",
            m,
        );
        let m = measure(&["check", "--no-report", path], s.runs);
        row("long", &what, text.len(), "mdip check --no-report FILE", m);
    }
}

/// `editor`: the largest long file, with and without typos, opened and edited in `mdip lsp`.
fn bench_editor(s: &Setup) {
    let mb = *long_sizes_mb(s.benching).last().expect("a size");
    for with_typos in [true, false] {
        let text = big(mb, with_typos);
        let (open, edit, mib) = editor(&text, if s.benching { 4 } else { 2 });
        let what = long_what(mb, with_typos);
        println!(
            "{:<10} {what:<44} {:>7} {:>9.1} {:>9} {:>9.1}  mdip lsp: open to diagnostics (edit median {:.1} ms)",
            "editor",
            text.len() / 1024,
            open.as_secs_f64() * 1e3,
            "",
            mib,
            edit.as_secs_f64() * 1e3,
        );
    }
}
