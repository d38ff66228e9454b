//! `@map "path"`: a variant folder beside the order file, read by the CLI for the analysis.

mod common;

use std::path::{Path, PathBuf};

use common::run_in;

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mdip-variants-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Copies the standard map's files into `dir/my-variant`, with `edit` applied to each file's
/// text (by file name).
fn copy_standard_map(dir: &Path, edit: impl Fn(&str, String) -> String) {
    let data = common::root().join("crates/mdip-map/data");
    let out = dir.join("my-variant");
    std::fs::create_dir_all(&out).unwrap();
    for file in ["powers.txt", "provinces.txt", "adjacency.txt", "units.txt"] {
        let text = std::fs::read_to_string(data.join(file)).unwrap();
        std::fs::write(out.join(file), edit(file, text)).unwrap();
    }
}

/// London to Paris: illegal on the standard map (no fleets to convoy), a move on a map where
/// the two provinces border.
const LONDON_PARIS: &str = "@map \"./my-variant\"\n@start standard\nEngland: F London - English Channel\nEngland: F Edinburgh - Yorkshire\nFrance: A Paris - London => succeeds\n";

#[test]
fn a_variant_folder_with_one_adjacency_more_changes_the_ruling() {
    let dir = scratch("adjacency");
    copy_standard_map(&dir, |file, text| {
        if file == "adjacency.txt" {
            text + "army lon: par\n"
        } else {
            text
        }
    });
    std::fs::write(dir.join("game.mdip"), LONDON_PARIS).unwrap();
    let out = run_in(&dir, &["check", "game.mdip"], "");
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("A par - lon  moved"), "{}", out.stdout);

    // The same file on the standard map: the move is illegal, so the expectation fails.
    let standard = LONDON_PARIS.replace("@map \"./my-variant\"\n", "");
    std::fs::write(dir.join("standard.mdip"), standard).unwrap();
    let out = run_in(&dir, &["check", "standard.mdip"], "");
    assert_eq!(out.code, 1, "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("E0401"), "{}", out.stdout);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_broken_variant_file_is_an_error_at_the_directive_with_its_line() {
    let dir = scratch("broken");
    copy_standard_map(&dir, |file, text| {
        if file == "provinces.txt" {
            text.replace("lon | coastal |", "lon | swamp |")
        } else {
            text
        }
    });
    let line = std::fs::read_to_string(dir.join("my-variant/provinces.txt"))
        .unwrap()
        .lines()
        .position(|l| l.starts_with("lon |"))
        .unwrap()
        + 1;
    std::fs::write(dir.join("game.mdip"), LONDON_PARIS).unwrap();
    let out = run_in(&dir, &["check", "--format", "concise", "game.mdip"], "");
    assert_eq!(out.code, 1, "{}{}", out.stdout, out.stderr);
    let expected = format!(
        "game.mdip:1:6: error[E0205]: the map `./my-variant` does not load: provinces.txt:{line}: unknown terrain `swamp`"
    );
    assert!(out.stdout.contains(&expected), "{}", out.stdout);

    // Two more problems in another file: all three listed, on one line in the concise format
    // and one a line in the text format.
    copy_standard_map(&dir, |file, text| match file {
        "provinces.txt" => text.replace("lon | coastal |", "lon | swamp |"),
        "units.txt" => text
            .replace("Germany A mun", "Germany A kie/nc")
            .replace("Italy   A rom", "Italy   A nap"),
        _ => text,
    });
    let units = std::fs::read_to_string(dir.join("my-variant/units.txt")).unwrap();
    let unit_line = |start: &str| units.lines().position(|l| l.starts_with(start)).unwrap() + 1;
    let (kie, nap, rom) = (
        unit_line("Germany A kie/nc"),
        unit_line("Italy   F nap"),
        unit_line("Italy   A nap"),
    );
    let out = run_in(&dir, &["check", "--format", "concise", "game.mdip"], "");
    let expected = format!(
        "game.mdip:1:6: error[E0205]: the map `./my-variant` does not load: 3 problems; \
         provinces.txt:{line}: unknown terrain `swamp` (expected inland, coastal, sea or \
         archipelago); units.txt:{kie}: `kie` has no coast `nc`; units.txt:{rom}: `nap` \
         already has a unit (line {nap})"
    );
    assert!(out.stdout.contains(&expected), "{}", out.stdout);
    let out = run_in(&dir, &["check", "game.mdip"], "");
    for problem in [
        format!("\n  provinces.txt:{line}: unknown terrain `swamp`"),
        format!("\n  units.txt:{kie}: `kie` has no coast `nc`\n"),
        format!("\n  units.txt:{rom}: `nap` already has a unit (line {nap})\n"),
    ] {
        assert!(out.stdout.contains(&problem), "{}", out.stdout);
    }

    // A folder that is not there.
    std::fs::write(dir.join("missing.mdip"), "@map \"./nowhere\"\n").unwrap();
    let out = run_in(&dir, &["check", "--format", "concise", "missing.mdip"], "");
    assert_eq!(out.code, 1, "{}{}", out.stdout, out.stderr);
    assert!(
        out.stdout.contains("cannot read the map `./nowhere`"),
        "{}",
        out.stdout
    );
    let _ = std::fs::remove_dir_all(&dir);
}
