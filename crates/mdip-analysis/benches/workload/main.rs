//! Throughput on the standard workload of `tests/bench/` (issue 3, item 5).
//!
//! Adjudicates the 400 Spring 1901 movement phases of `workload-standard.txt` with mdip and with
//! the `diplomacy` crate 0.2.0 in the same run, parsing excluded and included, prints medians of
//! repeated runs and the throughput ratios, checks that both agree on which moves succeed, and
//! times `analyze` over the DATC suite.
//!
//! ```text
//! cargo bench -p mdip-analysis --bench workload
//! ```
//!
//! Environment: `WORKLOAD_FILE` (another workload file), `WORKLOAD_RUNS` (timed runs, 15 by
//! default), `WORKLOAD_DIFFS` (disagreements to print, 6 by default), `WORKLOAD_PROFILE=<row>`
//! (run only that row of the table, `WORKLOAD_RUNS` times: for a profiler).

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use diplomacy::judge::{MappedMainOrder, Rulebook, Submission};
use mdip_judge::world::{MoveOrder, OrderInput, Spot, UnitOrder, UnitRef, World};
use mdip_judge::{
    adjudicate_movement, At, MovementInput, Order as CoreOrder, Pin, PinnedOrder, Place, Site,
    StandardGeography, Unit as CoreUnit,
};
use mdip_map::{Location, Map, Power, UnitType};

mod agreement;

use agreement::{agreement, crate_map_from_mdip, crate_map_gaps, sanity, touches_gap};

/// An order as the workload writes it, read once for both engines.
#[derive(Clone, Copy, Debug)]
enum Written {
    Hold,
    Move(Location),
    SupportHold(UnitType, Location),
    SupportMove(UnitType, Location, Location),
    Convoy(Location, Location),
}

/// One line of a phase.
struct Line {
    text: String,
    power: Power,
    kind: UnitType,
    loc: Location,
    order: Written,
}

/// One phase, prepared for every variant before any timing.
struct Phase {
    number: usize,
    /// The block's text as in the file (header comment included): input of `analyze`.
    text: String,
    lines: Vec<Line>,
    /// The orders lowered to the world's inputs, in line order.
    inputs: Vec<OrderInput>,
    /// A world with the phase's units placed.
    world: World,
    /// The same phase as the core adjudicator's input (orders as the world validated them).
    core: MovementInput,
    /// The same orders in the notation of the `diplomacy` crate.
    dip_text: Vec<String>,
    /// ... and parsed by it.
    dip_orders: Vec<MappedMainOrder>,
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn location(map: &Map, s: &str) -> Location {
    map.resolve_location(s)
        .unwrap_or_else(|| panic!("unknown location `{s}`"))
}

fn unit_type(s: &str) -> UnitType {
    match s {
        "A" => UnitType::Army,
        "F" => UnitType::Fleet,
        _ => panic!("unknown unit type `{s}`"),
    }
}

/// Reads one `Power: <unit> <order>` line.
fn read_line(map: &Map, text: &str) -> Line {
    let w: Vec<&str> = text.split_whitespace().collect();
    let power = Power::from_name(w[0].trim_end_matches(':'))
        .unwrap_or_else(|| panic!("unknown power in `{text}`"));
    let kind = unit_type(w[1]);
    let loc = location(map, w[2]);
    let order = match (w[3], w.len()) {
        ("H", 4) => Written::Hold,
        ("-", 5) => Written::Move(location(map, w[4])),
        ("S", 6) => Written::SupportHold(unit_type(w[4]), location(map, w[5])),
        ("S", 8) if w[6] == "-" => {
            Written::SupportMove(unit_type(w[4]), location(map, w[5]), location(map, w[7]))
        }
        ("C", 8) if w[4] == "A" && w[6] == "-" => {
            Written::Convoy(location(map, w[5]), location(map, w[7]))
        }
        _ => panic!("unreadable order `{text}`"),
    };
    Line {
        text: text.to_string(),
        power,
        kind,
        loc,
        order,
    }
}

/// The world's input for one line, as `mdip_analysis` lowers it.
fn lower(world: &World, l: &Line) -> OrderInput {
    let root = world.root();
    let spot = |loc: Location| Spot {
        season: root,
        province: loc.province,
    };
    let unit = |kind: UnitType, loc: Location| UnitRef {
        kind: Some(kind),
        spot: spot(loc),
        coast: loc.coast,
    };
    let order = match l.order {
        Written::Hold => UnitOrder::Hold,
        Written::Move(to) => UnitOrder::Move {
            to: spot(to),
            coast: to.coast,
            via_convoy: false,
        },
        Written::SupportHold(k, at) => UnitOrder::SupportHold {
            target: unit(k, at),
        },
        Written::SupportMove(k, at, to) => UnitOrder::SupportMove {
            target: unit(k, at),
            to: spot(to),
            coast: to.coast,
        },
        Written::Convoy(army, to) => UnitOrder::Convoy {
            army: unit(UnitType::Army, army),
            to: spot(to),
        },
    };
    OrderInput {
        power: l.power,
        unit: unit(l.kind, l.loc),
        order,
    }
}

/// The core adjudicator's input for a phase: the units and orders of the world's own decision
/// graph, on the standard single board (for the timing split only).
fn core_input(world: &World, inputs: &[OrderInput]) -> MovementInput {
    let report = world.clone().movement_step(inputs);
    let index = |spot: Spot| {
        report
            .graph
            .iter()
            .position(|g| g.spot == spot)
            .expect("a unit of the graph")
    };
    let units = report
        .graph
        .iter()
        .map(|g| CoreUnit {
            power: g.sig.power,
            kind: g.sig.kind,
            at: At::standard(g.sig.loc),
        })
        .collect();
    let orders = report
        .graph
        .iter()
        .map(|g| {
            let order = match g.order {
                MoveOrder::Hold => CoreOrder::Hold,
                MoveOrder::Move { to, via_convoy } => CoreOrder::Move {
                    dest: At::standard(to.loc),
                    via_convoy,
                },
                MoveOrder::SupportHold { target } => CoreOrder::SupportHold {
                    target: index(target),
                },
                MoveOrder::SupportMove { target, to, coast } => CoreOrder::SupportMove {
                    target: index(target),
                    dest: At::standard(Location::new(to.province, coast)),
                },
                MoveOrder::Convoy { army, to } => CoreOrder::Convoy {
                    army: index(army),
                    dest: Place::new(Site(0), to.province),
                },
            };
            PinnedOrder::new(order, Pin::Free)
        })
        .collect();
    MovementInput { units, orders }
}

/// The `diplomacy` crate's notation: `ENG: F stp(sc) -> bot`, `supports A mun -> sil`,
/// `convoys A lon -> bel`.
fn dip_notation(map: &Map, l: &Line) -> String {
    let loc = |loc: Location| {
        let p = map.abbrev(loc.province).to_ascii_lowercase();
        match loc.coast {
            Some(c) => format!("{p}({})", c.abbrev()),
            None => p,
        }
    };
    let letter = |k: UnitType| k.letter();
    let cmd = match l.order {
        Written::Hold => "hold".to_string(),
        Written::Move(to) => format!("-> {}", loc(to)),
        Written::SupportHold(k, at) => format!("supports {} {}", letter(k), loc(at)),
        Written::SupportMove(k, at, to) => {
            format!("supports {} {} -> {}", letter(k), loc(at), loc(to))
        }
        Written::Convoy(army, to) => format!("convoys A {} -> {}", loc(army), loc(to)),
    };
    format!(
        "{}: {} {} {cmd}",
        l.power.abbrev().to_ascii_uppercase(),
        letter(l.kind),
        loc(l.loc)
    )
}

/// Reads the workload: blank-line separated blocks, each introduced by `# phase N ...`.
fn read_workload(text: &str) -> Vec<Phase> {
    let map = Map::standard();
    let mut phases = Vec::new();
    for block in text.split("\n\n") {
        let block = block.trim_matches('\n');
        let Some(header) = block.lines().find(|l| l.starts_with("# phase ")) else {
            continue;
        };
        let number = header
            .split_whitespace()
            .nth(2)
            .and_then(|n| n.parse().ok())
            .expect("phase number");
        let lines: Vec<Line> = block
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| read_line(map, l))
            .collect();
        let mut world = World::new(map, Default::default());
        let root = world.root();
        for l in &lines {
            world
                .place_unit(root, l.power, l.kind, l.loc)
                .unwrap_or_else(|e| panic!("phase {number}: cannot place `{}`: {e:?}", l.text));
        }
        let inputs: Vec<OrderInput> = lines.iter().map(|l| lower(&world, l)).collect();
        let core = core_input(&world, &inputs);
        let dip_text: Vec<String> = lines.iter().map(|l| dip_notation(map, l)).collect();
        let dip_orders = dip_text
            .iter()
            .map(|t| {
                t.parse()
                    .unwrap_or_else(|e| panic!("diplomacy cannot read `{t}`: {e}"))
            })
            .collect();
        phases.push(Phase {
            number,
            text: format!("{block}\n"),
            lines,
            inputs,
            world,
            core,
            dip_text,
            dip_orders,
        });
    }
    phases
}

// ----- The timed variants: each runs all phases once and returns the elapsed time. -----------

/// mdip, parsing excluded: a prepared world per phase (cloned before timing), then
/// `movement_step` (validation and adjudication).
fn mdip_world(phases: &[Phase]) -> Duration {
    let mut worlds: Vec<World> = phases.iter().map(|p| p.world.clone()).collect();
    let start = Instant::now();
    for (w, p) in worlds.iter_mut().zip(phases) {
        black_box(w.movement_step(black_box(&p.inputs)));
    }
    let t = start.elapsed();
    drop(worlds);
    t
}

/// Timing split: `World::validate` of every order, alone.
fn mdip_validate(phases: &[Phase]) -> Duration {
    let start = Instant::now();
    for p in phases {
        for i in &p.inputs {
            let _ = black_box(p.world.validate(black_box(i)));
        }
    }
    start.elapsed()
}

/// Timing split: the core adjudicator alone on the validated orders.
fn mdip_core(phases: &[Phase]) -> Duration {
    let start = Instant::now();
    for p in phases {
        black_box(adjudicate_movement(black_box(&p.core), &StandardGeography));
    }
    start.elapsed()
}

/// mdip, parsing included: `analyze` on each block's text.
fn mdip_analyze(phases: &[Phase]) -> Duration {
    let start = Instant::now();
    for p in phases {
        black_box(mdip_analysis::analyze(black_box(&p.text)));
    }
    start.elapsed()
}

/// diplomacy, adjudication only: submissions (with its legality checks) built before timing.
fn dip_adjudicate(subs: &[Submission<'_>], rules: &Rulebook) -> Duration {
    let start = Instant::now();
    for s in subs {
        let out = s.adjudicate(rules.clone());
        black_box(&out);
    }
    start.elapsed()
}

/// diplomacy, parsing excluded: orders built before timing; legality checks and adjudication.
fn dip_submit(phases: &[Phase], rules: &Rulebook) -> Duration {
    let map = diplomacy::geo::standard_map();
    let batches: Vec<Vec<MappedMainOrder>> = phases.iter().map(|p| p.dip_orders.clone()).collect();
    let start = Instant::now();
    for orders in batches {
        let s = Submission::with_inferred_state(map, black_box(orders));
        let out = s.adjudicate(rules.clone());
        black_box(&out);
    }
    start.elapsed()
}

/// diplomacy, parsing included: its own order parser on each line, then as `dip_submit`.
fn dip_parse_submit(phases: &[Phase], rules: &Rulebook) -> Duration {
    let map = diplomacy::geo::standard_map();
    let start = Instant::now();
    for p in phases {
        let orders: Vec<MappedMainOrder> = p
            .dip_text
            .iter()
            .map(|t| black_box(t.as_str()).parse().expect("parsed before"))
            .collect();
        let s = Submission::with_inferred_state(map, orders);
        let out = s.adjudicate(rules.clone());
        black_box(&out);
    }
    start.elapsed()
}

fn median(v: &mut [Duration]) -> Duration {
    v.sort();
    v[v.len() / 2]
}

// ----- DATC -----------------------------------------------------------------------------------

fn datc_texts() -> Vec<String> {
    let dir = repo().join("tests/datc");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "mdip"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| std::fs::read_to_string(p).expect("readable DATC file"))
        .collect()
}

fn datc_run(texts: &[String]) -> Duration {
    let start = Instant::now();
    for t in texts {
        black_box(mdip_analysis::analyze(black_box(t)));
    }
    start.elapsed()
}

// ----- Main -----------------------------------------------------------------------------------

/// A timed variant: runs every phase once and returns the time it took.
type Run<'a> = Box<dyn Fn() -> Duration + 'a>;

/// The rows of the table: (parsing group, engine and entry point, run).
fn variants<'a>(
    phases: &'a [Phase],
    subs: &'a [Submission<'_>],
    rules: &'a Rulebook,
) -> Vec<(&'static str, &'static str, Run<'a>)> {
    vec![
        (
            "excluded",
            "mdip      World::movement_step (validation + adjudication)",
            Box::new(|| mdip_world(phases)),
        ),
        (
            "excluded",
            "diplomacy Submission::adjudicate (submission pre-built)",
            Box::new(|| dip_adjudicate(subs, rules)),
        ),
        (
            "excluded",
            "diplomacy Submission::with_inferred_state + adjudicate",
            Box::new(|| dip_submit(phases, rules)),
        ),
        (
            "split",
            "mdip      World::validate of every order, alone",
            Box::new(|| mdip_validate(phases)),
        ),
        (
            "split",
            "mdip      core adjudicate_movement alone (StandardGeography)",
            Box::new(|| mdip_core(phases)),
        ),
        (
            "included",
            "mdip      analyze(block text)",
            Box::new(|| mdip_analyze(phases)),
        ),
        (
            "included",
            "diplomacy str::parse per order + submission + adjudicate",
            Box::new(|| dip_parse_submit(phases, rules)),
        ),
    ]
}

/// Correctness first: analyze reads every block and agrees with the inputs built here.
fn print_sanity(phases: &[Phase]) {
    let check = sanity(phases);
    println!(
        "check: analyze diagnostics over all blocks: {:?}; illegal orders: {:?}; void supports \
         and convoys: {}; orders whose status differs between analyze and the world inputs \
         built here: {}",
        check.diagnostics, check.illegal, check.void, check.mismatched
    );
}

/// One warm-up round, then the timed rounds; the variants take turns within each round so
/// that drift of the machine spreads over all of them. Returns each variant's median.
fn time_variants(variants: &[(&str, &str, Run<'_>)], runs: usize) -> Vec<Duration> {
    for (_, _, f) in variants {
        f();
    }
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); variants.len()];
    for _ in 0..runs {
        for (i, (_, _, f)) in variants.iter().enumerate() {
            times[i].push(f());
        }
    }
    times.iter_mut().map(|t| median(t)).collect()
}

/// Prints the table of throughputs and the mdip/diplomacy ratios.
fn print_table(variants: &[(&str, &str, Run<'_>)], medians: &[Duration], n: usize) {
    let per_s = |d: Duration| n as f64 / d.as_secs_f64();
    let us = |d: Duration| d.as_secs_f64() * 1e6 / n as f64;

    println!();
    println!(
        "row parsing   {:<58} {:>10} {:>9} {:>9}",
        "engine and entry point (diplomacy: Rulebook::default())",
        "phases/s",
        "µs/phase",
        "total ms"
    );
    println!("{}", "-".repeat(104));
    for (i, (group, name, _)) in variants.iter().enumerate() {
        println!(
            "{:>3} {:<9} {:<58} {:>10.0} {:>9.2} {:>9.2}",
            i + 1,
            group,
            name,
            per_s(medians[i]),
            us(medians[i]),
            medians[i].as_secs_f64() * 1e3
        );
    }
    println!("{}", "-".repeat(104));
    // Rows: 0 mdip world, 1 diplomacy adjudicate, 2 diplomacy submit, 5 mdip analyze,
    // 6 diplomacy parse + submit.
    let ratio = |a: usize, b: usize| per_s(medians[a]) / per_s(medians[b]);
    println!(
        "ratio mdip/diplomacy throughput, parsing excluded: {:.1}x (rows 1/3, both validate and \
         adjudicate; against its adjudication alone, rows 1/2: {:.1}x)",
        ratio(0, 2),
        ratio(0, 1)
    );
    println!(
        "ratio mdip/diplomacy throughput, parsing included: {:.1}x (rows 6/7)",
        ratio(5, 6)
    );
}

/// Agreement on which moves succeed, under the crate's default (1971) rulebook and its 2023
/// edition (the convoy rule of DATC 4.A.3), on its map and on mdip's adjacencies.
fn print_agreement(phases: &[Phase], map: &diplomacy::geo::Map) {
    let n = phases.len();
    let keep = env_usize("WORKLOAD_DIFFS", 6);
    let (gaps, gap_list) = crate_map_gaps();
    let touched = phases.iter().filter(|p| touches_gap(p, &gaps)).count();
    println!();
    println!(
        "diplomacy's map lacks {} adjacencies of the standard map: {}; {touched} of {n} phases \
         order a move or support across one",
        gap_list.len(),
        gap_list.join(", ")
    );
    let fixed = crate_map_from_mdip();
    for (label, map, gaps_matter, rules) in [
        (
            "its map, Rulebook::default()",
            map,
            true,
            Rulebook::default(),
        ),
        (
            "its map, Rulebook::edition_2023()",
            map,
            true,
            Rulebook::edition_2023(),
        ),
        (
            "mdip's adjacencies, Rulebook::default()",
            &fixed,
            false,
            Rulebook::default(),
        ),
        (
            "mdip's adjacencies, Rulebook::edition_2023()",
            &fixed,
            false,
            Rulebook::edition_2023(),
        ),
    ] {
        let a = agreement(phases, map, &rules, &gaps, gaps_matter, keep);
        println!(
            "agreement with diplomacy on {label}: {} of {n} phases differ ({} of {} moves); \
             {} of the {} phases clear of its map gaps",
            a.phases_differing,
            a.moves_differing,
            a.moves,
            a.phases_differing_clean,
            n - touched
        );
        for (k, c) in &a.kinds {
            println!("    {c:>4}  {k}");
        }
        for e in &a.examples {
            println!("    {e}");
        }
    }
}

/// The DATC suite through `analyze`: one untimed run, then the median of `runs`.
fn print_datc(runs: usize) {
    let texts = datc_texts();
    let passed = texts
        .iter()
        .filter(|t| !mdip_analysis::analyze(t).has_errors())
        .count();
    datc_run(&texts);
    let mut datc: Vec<Duration> = (0..runs).map(|_| datc_run(&texts)).collect();
    let m = median(&mut datc);
    println!();
    println!(
        "DATC suite: analyze over {} files ({passed} pass): {:.2} ms total (median of {runs}), {:.1} µs per file",
        texts.len(),
        m.as_secs_f64() * 1e3,
        m.as_secs_f64() * 1e6 / texts.len() as f64
    );
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` does not: then only check the setup.
    let benching = std::env::args().any(|a| a == "--bench");
    let path = std::env::var_os("WORKLOAD_FILE")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo().join("tests/bench/workload-standard.txt"));
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("workload: {} not found; nothing to do", path.display());
        return;
    };
    let phases = read_workload(&text);
    let n = phases.len();
    let runs = if benching {
        env_usize("WORKLOAD_RUNS", 15).max(1)
    } else {
        1
    };
    let units: usize = phases.iter().map(|p| p.lines.len()).sum();
    println!(
        "workload: {} ({n} phases, {units} orders); {runs} timed runs of all phases, medians",
        path.display()
    );
    print_sanity(&phases);

    let rules = Rulebook::default();
    let map = diplomacy::geo::standard_map();
    let subs: Vec<Submission<'_>> = phases
        .iter()
        .map(|p| Submission::with_inferred_state(map, p.dip_orders.clone()))
        .collect();
    let variants = variants(&phases, &subs, &rules);
    // Profiling aid: `WORKLOAD_PROFILE=<row number, from 1>` runs only that row, many times.
    if let Some(row) = std::env::var("WORKLOAD_PROFILE")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
    {
        let (_, name, f) = &variants[row.clamp(1, variants.len()) - 1];
        let mut t: Vec<Duration> = (0..runs).map(|_| f()).collect();
        println!("profile {name}: median {:?} for {n} phases", median(&mut t));
        return;
    }
    let medians = time_variants(&variants, runs);
    print_table(&variants, &medians, n);
    print_agreement(&phases, map);
    print_datc(runs);
}
