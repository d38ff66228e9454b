//! The pictures, read back as XML: the multiverse grid of MDATC 3.A.6 (one board per season,
//! the fork, one element per order with its outcome, the cross-timeline support and its later
//! cut), the cells of every board (each province's cell contains its anchor), a golden
//! picture of one standard case, and every test file of the repository drawn without a panic
//! into well-formed SVG.
//!
//! The golden file is rewritten with `MDIP_UPDATE_GOLDEN=1 cargo test -p mdip-render`.

use std::path::{Path, PathBuf};

use mdip_analysis::analyze;
use mdip_analysis::report::{FileReport, OrderKindName, SeasonRef, StatusName};
use mdip_render::{anchor, default_season, later_cuts, multiverse_svg, season_svg};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn report_of(rel: &str) -> FileReport {
    let text = std::fs::read_to_string(repo().join(rel)).expect("readable test file");
    FileReport::new(rel, &text, &analyze(&text))
}

fn classes<'a>(n: roxmltree::Node<'a, 'a>) -> Vec<&'a str> {
    n.attribute("class").unwrap_or("").split(' ').collect()
}

fn has_class(n: roxmltree::Node, class: &str) -> bool {
    n.attribute("class")
        .is_some_and(|c| c.split(' ').any(|x| x == class))
}

/// The polygons of a cell's path (`M x,y L x,y ... Z`, one per part).
fn polygons(d: &str) -> Vec<Vec<(f64, f64)>> {
    d.split('M')
        .filter(|p| !p.is_empty())
        .map(|part| {
            part.trim_end_matches('Z')
                .split('L')
                .map(|xy| {
                    let (x, y) = xy.split_once(',').expect("x,y");
                    (x.parse().expect("x"), y.parse().expect("y"))
                })
                .collect()
        })
        .collect()
}

fn inside(poly: &[(f64, f64)], (x, y): (f64, f64)) -> bool {
    let mut c = false;
    for k in 0..poly.len() {
        let (a, b) = (poly[k], poly[(k + poly.len() - 1) % poly.len()]);
        if (a.1 > y) != (b.1 > y) && x < (b.0 - a.0) * (y - a.1) / (b.1 - a.1) + a.0 {
            c = !c;
        }
    }
    c
}

/// Every board of the picture has one cell per province, filled, whose shape (drawn once in
/// `<defs>`) contains the province's anchor, and shows the overlay whose labels name every
/// province.
fn check_boards(doc: &roxmltree::Document, boards: usize) {
    let by_id = |id: &str| {
        doc.descendants()
            .find(|n| n.attribute("id") == Some(id))
            .unwrap_or_else(|| panic!("#{id} is defined"))
    };
    let found: Vec<_> = doc
        .descendants()
        .filter(|n| has_class(*n, "board"))
        .collect();
    assert_eq!(found.len(), boards, "one board per season");
    for b in found {
        let cells: Vec<_> = b.descendants().filter(|n| has_class(*n, "cell")).collect();
        assert_eq!(cells.len(), 75, "75 provinces");
        for c in cells {
            let p = c
                .attribute("data-province")
                .expect("a cell names its province");
            let at = anchor(p).expect("a known province");
            let href = c.attribute("href").expect("a cell uses its shape");
            let shape = by_id(href.trim_start_matches('#'));
            let d = shape.attribute("d").expect("a path");
            assert!(
                polygons(d).iter().any(|poly| inside(poly, at)),
                "{p}'s cell does not contain its anchor {at:?}"
            );
            assert!(c.attribute("fill").is_some_and(|f| f.starts_with('#')));
            let terrain = if classes(c).contains(&"sea") {
                "sea"
            } else {
                "land"
            };
            assert!(classes(c).contains(&terrain));
        }
        let labels: Vec<&str> = b
            .descendants()
            .filter(|n| has_class(*n, "label"))
            .filter_map(|n| n.attribute("data-province"))
            .collect();
        for p in ["lon", "mun", "tyr"] {
            assert!(labels.contains(&p), "label {p}");
        }
        // One label per province at most (those whose anchor is in the part shown).
        let mut unique = labels.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), labels.len());
    }
}

fn status_class(s: StatusName) -> &'static str {
    match s {
        StatusName::Succeeds => "succeeds",
        StatusName::Fails => "fails",
        StatusName::Illegal => "illegal",
        StatusName::Pending => "pending",
        StatusName::NotAdjudicated => "not-adjudicated",
    }
}

#[test]
fn the_multiverse_of_3_a_6() {
    let report = report_of("tests/mdatc/3.A.6.mdip");
    let svg = multiverse_svg(&report);
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    check_boards(&doc, report.seasons.len());
    assert_eq!(report.seasons.len(), 8);

    // Each board sits in its row (timeline) and column (turn): titles name them.
    let titles: Vec<&str> = doc
        .descendants()
        .filter(|n| has_class(*n, "board-title"))
        .filter_map(|n| n.text())
        .collect();
    for s in &report.seasons {
        let want = format!("{} · {}", s.season, s.calendar);
        assert!(
            titles.iter().any(|t| t.starts_with(&want)),
            "{want} in {titles:?}"
        );
    }
    // Timeline 1 branched from 0:0; its first season is 1:1.
    let forks: Vec<_> = doc
        .descendants()
        .filter(|n| has_class(*n, "fork"))
        .collect();
    assert_eq!(forks.len(), 1);
    assert_eq!(forks[0].attribute("data-from"), Some("0:0"));
    assert_eq!(forks[0].attribute("data-to"), Some("1:1"));

    // One element per order, classed by kind and outcome.
    for o in &report.orders {
        let line = o.line.to_string();
        let found: Vec<_> = doc
            .descendants()
            .filter(|n| has_class(*n, "order") && n.attribute("data-line") == Some(&line))
            .collect();
        assert_eq!(found.len(), 1, "order on line {line}");
        assert!(
            has_class(found[0], status_class(o.outcome.status)),
            "line {line}: {:?}",
            classes(found[0])
        );
    }
    // Every order and every unit given an order leads back to the order's text.
    for o in &report.orders {
        let line = o.line.to_string();
        let range = format!("{}-{}", o.range.byte_start, o.range.byte_end);
        let drawn = doc
            .descendants()
            .find(|n| has_class(*n, "order") && n.attribute("data-line") == Some(&line))
            .expect("drawn");
        assert_eq!(drawn.attribute("data-range"), Some(range.as_str()));
        let season = o.unit.as_ref().expect("a unit").season.to_string();
        assert_eq!(drawn.attribute("data-season"), Some(season.as_str()));
        let u = o.unit.as_ref().expect("a unit");
        // A unit that retreated or disbanded is drawn (on its board) for its movement order.
        if matches!(o.kind, OrderKindName::Retreat | OrderKindName::Disband) {
            continue;
        }
        let unit = doc
            .descendants()
            .filter(|n| has_class(*n, "unit") && n.attribute("data-line") == Some(&line))
            .collect::<Vec<_>>();
        assert_eq!(unit.len(), 1, "the unit of line {line}");
        assert_eq!(unit[0].attribute("data-location"), Some(&*u.location));
        assert_eq!(unit[0].attribute("data-range"), Some(range.as_str()));
        let board = unit[0]
            .ancestors()
            .find(|n| has_class(*n, "board"))
            .expect("on a board");
        assert_eq!(board.attribute("data-season"), Some(season.as_str()));
    }
    let order = |line: usize| {
        doc.descendants()
            .find(|n| has_class(*n, "order") && n.attribute("data-line") == Some(&line.to_string()))
            .expect("drawn")
    };
    // The cross-timeline support (line 45) succeeded, and the move of line 63 cut it later:
    // marked on the support, which keeps its result.
    let support = order(45);
    assert!(has_class(support, "support-move") && has_class(support, "succeeds"));
    assert!(support.descendants().any(|n| has_class(n, "cut-mark")));
    let label = support
        .descendants()
        .find(|n| has_class(*n, "cut-label"))
        .and_then(|n| n.text())
        .expect("the cut is explained");
    assert!(
        label.contains("A tyr 2:1") && label.contains("line 63"),
        "{label}"
    );
    // The move that cut it bounced: a failed move, crossed.
    let mv = order(63);
    assert!(has_class(mv, "move") && has_class(mv, "fails"));
    assert!(mv.descendants().any(|n| has_class(n, "fail-mark")));
    // Only that support was cut.
    let cuts = doc
        .descendants()
        .filter(|n| has_class(*n, "cut-mark"))
        .count();
    assert_eq!(cuts, 1);
}

#[test]
fn one_season_of_3_a_6() {
    let report = report_of("tests/mdatc/3.A.6.mdip");
    let season = SeasonRef {
        turn: 1,
        timeline: 1,
    };
    let svg = season_svg(&report, season).expect("1:1 exists");
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    check_boards(&doc, 1);
    // The orders acting on 1:1: its own, and the move arriving from 2:1 (line 63) at the frame,
    // tagged with its season; the support reaching 2:0 leaves tagged with 2:0.
    let lines: Vec<&str> = doc
        .descendants()
        .filter(|n| has_class(*n, "order"))
        .filter_map(|n| n.attribute("data-line"))
        .collect();
    let want: Vec<String> = report
        .orders
        .iter()
        .filter(|o| mdip_render::acts_on(o, season))
        .map(|o| o.line.to_string())
        .collect();
    assert_eq!(lines, want);
    assert!(lines.contains(&"63"), "{lines:?}");
    assert!(doc
        .descendants()
        .any(|n| has_class(n, "season-tag") && n.text() == Some("2:1")));
    assert!(doc
        .descendants()
        .any(|n| has_class(n, "season-tag") && n.text() == Some("2:0")));
    // The units of 1:1: four (A tyr, A mun, F lon, F nth).
    let units = doc.descendants().filter(|n| has_class(*n, "unit")).count();
    assert_eq!(units, 4);
    assert!(season_svg(
        &report,
        SeasonRef {
            turn: 9,
            timeline: 0
        }
    )
    .is_none());
}

#[test]
fn golden_standard_board() {
    let report = report_of("tests/datc/6.C.5.mdip");
    assert!(!report.multiversal);
    let season = default_season(&report);
    assert_eq!(
        season,
        SeasonRef {
            turn: 0,
            timeline: 0
        }
    );
    let svg = season_svg(&report, season).expect("0:0");
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    check_boards(&doc, 1);
    // Moves, supports and convoys, each with its outcome.
    let count = |kind: &str, status: &str| {
        doc.descendants()
            .filter(|n| has_class(*n, "order") && has_class(*n, kind) && has_class(*n, status))
            .count()
    };
    let want = |kind: OrderKindName, status: StatusName| {
        report
            .orders
            .iter()
            .filter(|o| o.kind == kind && o.outcome.status == status)
            .count()
    };
    assert_eq!(
        count("move", "fails"),
        want(OrderKindName::Move, StatusName::Fails)
    );
    assert_eq!(count("move", "fails"), 3);
    assert_eq!(count("convoy", "fails"), 3);
    assert_eq!(count("support-move", "succeeds"), 1);
    assert_eq!(count("move", "succeeds"), 1);
    // F Ionian Sea, dislodged and owing a retreat, is drawn once, ringed.
    let ion: Vec<_> = doc
        .descendants()
        .filter(|n| has_class(*n, "unit") && n.attribute("data-location") == Some("ion"))
        .collect();
    assert_eq!(ion.len(), 1, "one unit in the Ionian Sea");
    assert!(ion[0].parent().is_some_and(|p| has_class(p, "dislodged")));

    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/6.C.5.svg");
    if std::env::var_os("MDIP_UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(golden.parent().expect("a folder")).expect("folder");
        std::fs::write(&golden, &svg).expect("write the golden file");
    }
    let want =
        std::fs::read_to_string(&golden).expect("the golden file (MDIP_UPDATE_GOLDEN=1 writes it)");
    assert!(
        want == svg,
        "the picture of 6.C.5 changed; if on purpose, rerun with MDIP_UPDATE_GOLDEN=1 and \
         look at the new tests/golden/6.C.5.svg"
    );
}

/// Every test file of the repository (DATC, MDATC, cases), both pictures: well-formed, one
/// board per season; and every later cut found is in a season its step re-opened.
#[test]
fn every_test_file_draws() {
    let mut files = Vec::new();
    for dir in ["tests/datc", "tests/mdatc", "tests/cases"] {
        for e in std::fs::read_dir(repo().join(dir)).expect("folder") {
            let p = e.expect("entry").path();
            if p.extension().is_some_and(|x| x == "mdip") {
                files.push(p);
            }
        }
    }
    assert!(files.len() > 200, "{}", files.len());
    for p in files {
        let text = std::fs::read_to_string(&p).expect("readable");
        let report = FileReport::new("f", &text, &analyze(&text));
        let grid = multiverse_svg(&report);
        let doc =
            roxmltree::Document::parse(&grid).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        let boards = doc.descendants().filter(|n| has_class(*n, "board")).count();
        assert_eq!(boards, report.seasons.len(), "{}", p.display());
        // A later cut is one of a support in a season that the cutting move's step re-opened.
        for (sup, mv) in later_cuts(&report) {
            let season = report.orders[sup].unit.as_ref().expect("a unit").season;
            let step = report.orders[mv].step.expect("adjudicated");
            assert!(
                report.steps[step].reopened.contains(&season),
                "{}: line {} cut in a season step {step} did not re-open",
                p.display(),
                report.orders[sup].line
            );
        }
        let one = season_svg(&report, default_season(&report))
            .unwrap_or_else(|| panic!("{}: no default season", p.display()));
        roxmltree::Document::parse(&one).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    }
}

/// Text that is not a game at all still draws.
#[test]
fn garbage_draws() {
    for text in [
        "",
        "\u{0}<&>\"",
        "Germany 9:9\nA Munich - Nowhere 3:7\n",
        "@phase\n",
    ] {
        let report = FileReport::new("<&>", text, &analyze(text));
        roxmltree::Document::parse(&multiverse_svg(&report)).expect("well-formed");
        if let Some(svg) = season_svg(&report, default_season(&report)) {
            roxmltree::Document::parse(&svg).expect("well-formed");
        }
    }
}

/// A game set up far in the future draws one column per turn that has a season, not one per
/// turn since 0 (at `@turn 900000` that was a 112 MB picture).
#[test]
fn a_late_start_draws_only_its_own_turns() {
    let text = "@turn 900000\nEngland 900000:0\nF London - North Sea\n";
    let report = FileReport::new("late.mdip", text, &analyze(text));
    let svg = mdip_render::multiverse_svg(&report);
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let turns: Vec<&str> = doc
        .descendants()
        .filter(|n| has_class(*n, "turn"))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(
        turns,
        ["turn 900000 · Spring 451901", "turn 900001 · Fall 451901"]
    );
    assert!(svg.len() < 200_000, "{} bytes", svg.len());
}

/// The one-season board of the cross-season support (3.A.6, 2:0): the move into Tyrolia and the
/// support arriving from 1:1 are both on it, so the move's strength (2) against the hold (1)
/// can be counted from this board alone.
#[test]
fn one_season_board_counts_the_support_from_another_season() {
    let report = report_of("tests/mdatc/3.A.6.mdip");
    let season = SeasonRef {
        turn: 2,
        timeline: 0,
    };
    let svg = season_svg(&report, season).expect("2:0 exists");
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let order = |line: &str| {
        doc.descendants()
            .find(|n| has_class(*n, "order") && n.attribute("data-line") == Some(line))
            .unwrap_or_else(|| panic!("line {line} drawn on 2:0"))
    };
    let mv = order("44");
    assert!(has_class(mv, "move") && has_class(mv, "succeeds"));
    let support = order("45");
    assert!(has_class(support, "support-move") && has_class(support, "from-other-season"));
    assert_eq!(support.attribute("data-season"), Some("1:1"));
    assert!(support
        .descendants()
        .any(|n| has_class(n, "season-tag") && n.text() == Some("1:1")));
    let hold = order("48");
    assert!(has_class(hold, "hold") && has_class(hold, "fails"));
}

/// A variant's board is drawn plain from its map's points: every province a cell, every unit
/// of the season in its power's colour, every order of the season a line; the start of Ancient
/// Mediterranean is a golden picture.
#[test]
fn golden_ancient_mediterranean_start() {
    let rel = "tests/variants/ancient-mediterranean/opening.mdip";
    let text = std::fs::read_to_string(repo().join(rel)).expect("readable test file");
    let analysis = analyze(&text);
    let report = FileReport::new(rel, &text, &analysis);
    let map = analysis.map();
    let season = SeasonRef {
        turn: 0,
        timeline: 0,
    };
    let svg = mdip_render::variant_season_svg(map, &report, season, Default::default())
        .expect("a board of 0:0");
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let count = |class: &str| doc.descendants().filter(|n| has_class(*n, class)).count();
    assert_eq!(count("cell"), map.province_count());
    assert_eq!(count("unit"), 15);
    assert_eq!(count("order"), 15);
    assert_eq!(count("centre"), 34);
    let carthage = doc
        .descendants()
        .find(|n| has_class(*n, "unit") && n.attribute("data-location") == Some("tha"))
        .expect("Carthage's F Thapsus");
    assert_eq!(carthage.attribute("data-power"), Some("Carthage"));
    // The standard map has no points: its own renderer draws it.
    let standard = report_of("tests/datc/6.A.1.mdip");
    assert!(mdip_render::variant_season_svg(
        mdip_map::Map::standard(),
        &standard,
        season,
        Default::default()
    )
    .is_none());

    let golden =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/ancient-mediterranean.svg");
    if std::env::var_os("MDIP_UPDATE_GOLDEN").is_some() {
        std::fs::write(&golden, &svg).expect("write the golden file");
    }
    let want =
        std::fs::read_to_string(&golden).expect("the golden file (MDIP_UPDATE_GOLDEN=1 writes it)");
    assert!(
        want == svg,
        "the picture of Ancient Mediterranean changed; if on purpose, rerun with \
         MDIP_UPDATE_GOLDEN=1 and look at the new tests/golden/ancient-mediterranean.svg"
    );
}
