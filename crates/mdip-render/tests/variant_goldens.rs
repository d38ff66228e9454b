//! Golden pictures of the start of the built-in variants on the standard board (France vs
//! Austria: its opening's Spring 1901; Chaos: its first builds' board, Spring 1901 with the 34
//! units), and of Youngstown Redux on its own board (its opening's Spring 1901), drawn plain
//! from each map's points. `MDIP_UPDATE_GOLDEN=1` writes them anew.

use std::path::{Path, PathBuf};

use mdip_analysis::analyze;
use mdip_analysis::report::{FileReport, SeasonRef};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn has_class(n: roxmltree::Node, class: &str) -> bool {
    n.attribute("class")
        .is_some_and(|c| c.split(' ').any(|x| x == class))
}

/// Draws `season` of the case file `rel`, checks its counts, and compares it with the golden
/// file `name.svg`.
fn golden(rel: &str, name: &str, turn: u32, units: usize, orders: usize) {
    let text = std::fs::read_to_string(repo().join(rel)).expect("readable test file");
    let analysis = analyze(&text);
    let report = FileReport::new(rel, &text, &analysis);
    let map = analysis.map();
    let season = SeasonRef { turn, timeline: 0 };
    let svg = mdip_render::variant_season_svg(map, &report, season, Default::default())
        .expect("a variant's board");
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let count = |class: &str| doc.descendants().filter(|n| has_class(*n, class)).count();
    assert_eq!(count("cell"), map.province_count(), "{name}");
    assert_eq!(count("unit"), units, "{name}");
    assert_eq!(count("order"), orders, "{name}");
    assert_eq!(count("centre"), map.supply_centres().count(), "{name}");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/golden/{name}.svg"));
    if std::env::var_os("MDIP_UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &svg).expect("write the golden file");
    }
    let want =
        std::fs::read_to_string(&path).expect("the golden file (MDIP_UPDATE_GOLDEN=1 writes it)");
    assert!(
        want == svg,
        "the picture of {name} changed; if on purpose, rerun with MDIP_UPDATE_GOLDEN=1 and look \
         at the new tests/golden/{name}.svg"
    );
}

#[test]
fn golden_france_vs_austria_start() {
    golden(
        "tests/variants/france-vs-austria/opening.mdip",
        "france-vs-austria",
        0,
        6,
        6,
    );
}

#[test]
fn golden_chaos_start() {
    // 0:0 is Spring 1901: the 34 units the first builds placed, 12 of them ordered.
    golden("tests/variants/chaos/opening.mdip", "chaos", 0, 34, 12);
}

#[test]
fn golden_youngstown_redux_start() {
    // Spring 1901: the 44 starting units, each ordered; the map's 81 centres.
    let text = std::fs::read_to_string(repo().join("tests/variants/youngstown-redux/opening.mdip"))
        .expect("readable test file");
    assert_eq!(analyze(&text).map().supply_centres().count(), 81);
    golden(
        "tests/variants/youngstown-redux/opening.mdip",
        "youngstown-redux",
        0,
        44,
        44,
    );
}
