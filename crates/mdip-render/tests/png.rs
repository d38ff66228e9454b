//! Pictures as PNG (feature `png`): golden images, compared with a tolerance, and what the
//! rendered picture measures (labels hide no unit and no other label).
//!
//! `cargo test -p mdip-render --features png --test png`; after a deliberate change of the
//! pictures, `MDIP_UPDATE_GOLDEN=1 cargo test -p mdip-render --features png --test png` writes
//! the new images to `tests/golden/` (look at them before committing).

use std::path::{Path, PathBuf};

use mdip_analysis::{analyze, FileReport};
use mdip_render::{
    default_season, multiverse_svg_with, png, season_svg_with, tree, SeasonRef, Style,
};
use resvg::tiny_skia::Pixmap;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn report_of(rel: &str) -> FileReport {
    let text = std::fs::read_to_string(repo().join(rel)).expect("readable test file");
    FileReport::new(rel, &text, &analyze(&text))
}

/// Golden images are drawn small, so the repository stays light.
const GOLDEN: Style = Style { width: Some(500) };

/// Compares a picture with its golden image: same size, and at most 0.5% of the pixels differ
/// by more than 24 in a channel (anti-aliasing may differ between builds of the rasteriser,
/// a changed mark does not stay under that).
fn check_golden(name: &str, svg: &str) {
    let bytes = png(svg).expect("a PNG");
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("{name}.png"));
    if std::env::var_os("MDIP_UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &bytes).expect("write the golden image");
    }
    let want = std::fs::read(&path).unwrap_or_else(|_| {
        panic!(
            "{}: no golden image (MDIP_UPDATE_GOLDEN=1 writes it)",
            path.display()
        )
    });
    let (got, want) = (
        Pixmap::decode_png(&bytes).expect("decodes"),
        Pixmap::decode_png(&want).expect("the golden image decodes"),
    );
    assert_eq!(
        (got.width(), got.height()),
        (want.width(), want.height()),
        "{name}: the picture's size changed"
    );
    let differ = got
        .data()
        .chunks_exact(4)
        .zip(want.data().chunks_exact(4))
        .filter(|(a, b)| a.iter().zip(b.iter()).any(|(x, y)| x.abs_diff(*y) > 24))
        .count();
    let total = (got.width() * got.height()) as usize;
    assert!(
        differ * 200 <= total,
        "{name}: {differ} of {total} pixels differ from tests/golden/{name}.png; if on purpose, \
         rerun with MDIP_UPDATE_GOLDEN=1 and look at the new image"
    );
}

/// One board of each order kind: moves, supports, convoys and a dislodged unit (6.C.5), holds
/// and a supported hold (6.D.1), a standoff (6.A.11), retreats and disbands (6.H.1, 6.H.10),
/// builds (6.I.1), removals (6.J.1).
#[test]
fn golden_boards_of_each_order_kind() {
    for case in [
        "6.C.5", "6.D.1", "6.A.11", "6.H.1", "6.H.10", "6.I.1", "6.J.1",
    ] {
        let report = report_of(&format!("tests/datc/{case}.mdip"));
        let svg = season_svg_with(&report, default_season(&report), GOLDEN).expect("a board");
        check_golden(case, &svg);
    }
}

/// The founding cases' multiverses (MDATC 3.A).
#[test]
fn golden_multiverses_of_the_founding_cases() {
    for n in 1..=6 {
        let case = format!("3.A.{n}");
        let report = report_of(&format!("tests/mdatc/{case}.mdip"));
        check_golden(&case, &multiverse_svg_with(&report, GOLDEN));
    }
}

/// On the standard start at the default size, as the rasteriser lays out the text with the
/// embedded font: no label overlaps another label or a unit.
#[test]
fn no_label_hides_a_unit_or_a_label_on_the_standard_start() {
    let text = "@start standard\n";
    let report = FileReport::new("start.mdip", text, &analyze(text));
    let season = SeasonRef {
        turn: 0,
        timeline: 0,
    };
    let svg = season_svg_with(&report, season, Style::default()).expect("0:0");
    let tree = tree(&svg).expect("resvg reads it");
    let mut labels = Vec::new();
    let mut units = Vec::new();
    let mut stack = vec![tree.root().clone()];
    while let Some(group) = stack.pop() {
        for node in group.children() {
            let id = node.id().to_owned();
            let b = node.abs_bounding_box();
            let rect = (id.clone(), b.left(), b.top(), b.right(), b.bottom());
            if id.starts_with("label-") {
                labels.push(rect);
            } else if id.starts_with("unit-") {
                units.push(rect);
            }
            if let resvg::usvg::Node::Group(g) = node {
                stack.push((**g).clone());
            }
        }
    }
    assert!(labels.len() >= 60, "{} labels", labels.len());
    assert_eq!(units.len(), 22, "the 22 units of the start");
    let overlap = |a: &(String, f32, f32, f32, f32), b: &(String, f32, f32, f32, f32)| {
        a.1 < b.3 && b.1 < a.3 && a.2 < b.4 && b.2 < a.4
    };
    for (i, a) in labels.iter().enumerate() {
        for b in &labels[i + 1..] {
            assert!(!overlap(a, b), "{} overlaps {}", a.0, b.0);
        }
        for u in &units {
            assert!(!overlap(a, u), "{} overlaps {}", a.0, u.0);
        }
    }
}
