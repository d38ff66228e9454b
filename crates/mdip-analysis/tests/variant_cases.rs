//! The self-checking cases of the built-in variants: every order file under
//! `tests/variants/NAME/` (one folder per built-in map) is analysed, and each must meet its
//! expectations. A folder per built-in map besides the standard one must exist.

use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn every_variant_case_passes() {
    let root = repo().join("tests/variants");
    let mut failures = String::new();
    let mut checked = 0;
    for name in mdip_map::Map::builtin_names().filter(|n| *n != "standard") {
        let dir = root.join(name);
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e} (a built-in map needs its cases)", dir.display()))
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "mdip"))
            .collect();
        files.sort();
        assert!(files.len() >= 3, "{name}: too few cases");
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            assert!(
                text.contains(&format!("@map {name}")),
                "{}: not on its map",
                f.display()
            );
            let a = mdip_analysis::analyze(&text);
            checked += 1;
            if a.has_errors() || a.expectations.failed > 0 {
                failures.push_str(&format!("{}: {:#?}\n", f.display(), a.diagnostics));
            }
        }
    }
    assert!(failures.is_empty(), "{failures}");
    assert!(checked >= 6, "{checked}");
}
