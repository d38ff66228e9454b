//! The data-driven suites: every self-checking order file under `tests/` at the repository root
//! (`tests/datc`, `tests/mdatc`, `tests/cases`) is analysed, and each file whose expectations
//! fail, or that has an error it does not expect, is named with its diagnostics.
//!
//! The DATC suite prints `DATC: N/164 passed` and fails below 164; a tidy test checks that every
//! test-case id of DATC chapter 6 has its file.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `.mdip` files of a folder, sorted naturally (6.A.9 before 6.A.10).
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "mdip"))
        .collect();
    v.sort_by_key(|p| natural(p));
    v
}

fn natural(p: &Path) -> Vec<(String, u64)> {
    let name = p.file_name().unwrap().to_string_lossy().to_string();
    name.split('.')
        .map(|part| match part.parse::<u64>() {
            Ok(n) => (String::new(), n),
            Err(_) => (part.to_string(), 0),
        })
        .collect()
}

/// Reads the variant folders an `@map "path"` names, relative to the order file's folder.
struct Folders<'a>(&'a Path);

impl mdip_analysis::MapSource for Folders<'_> {
    fn read(&self, folder: &str, file: &str) -> Result<Option<String>, String> {
        let path = self.0.join(folder).join(file);
        match std::fs::read_to_string(&path) {
            Ok(text) => Ok(Some(text)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("{}: {e}", path.display())),
        }
    }
}

/// Runs one file; `None` when it passes, else a description of its failures.
fn run(path: &Path) -> Option<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let a = mdip_analysis::analyze_with_maps(&text, &Folders(path.parent().unwrap()));
    if !a.has_errors() {
        return None;
    }
    let index = mdip_syntax::LineIndex::new(&text);
    let mut out = String::new();
    for d in a.diagnostics.iter().filter(|d| d.is_failure()) {
        let lc = index.line_col(d.span.start);
        out.push_str(&format!(
            "    {}:{}: {} {}\n",
            path.file_name().unwrap().to_string_lossy(),
            lc.line + 1,
            d.code.as_str(),
            d.message
        ));
    }
    Some(out)
}

/// Runs a suite; returns (passed, total, failure report).
fn suite(dir: &str) -> (usize, usize, String) {
    let mut passed = 0;
    let mut report = String::new();
    let list = files(&repo().join(dir));
    for f in &list {
        match run(f) {
            None => passed += 1,
            Some(r) => {
                report.push_str(&format!("  FAILED {}\n{r}", f.display()));
            }
        }
    }
    (passed, list.len(), report)
}

#[test]
fn datc_suite() {
    let (passed, total, report) = suite("tests/datc");
    println!("DATC: {passed}/164 passed");
    assert!(
        passed == 164 && total == 164,
        "DATC: {passed}/164 passed ({total} files)\n{report}"
    );
}

#[test]
fn mdatc_founding_cases() {
    let (passed, total, report) = suite("tests/mdatc");
    println!("MDATC: {passed}/{total} passed");
    assert!(total >= 6, "the six founding cases must exist");
    assert!(passed == total, "MDATC: {passed}/{total} passed\n{report}");
}

#[test]
fn own_multiversal_cases() {
    let (passed, total, report) = suite("tests/cases");
    println!("cases: {passed}/{total} passed");
    assert!(total >= 25, "at least 25 cases of our own");
    assert!(passed == total, "cases: {passed}/{total} passed\n{report}");
}

/// The cases of the built-in variants (`tests/variants/NAME/`, one folder per built-in map
/// besides the standard one, each with a full opening) and of `@map` itself
/// (`tests/variants/*.mdip`).
#[test]
fn variants_suite() {
    let root = repo().join("tests/variants");
    let (mut passed, mut total, mut report) = suite("tests/variants");
    for name in mdip_map::Map::builtin_names().filter(|n| *n != "standard") {
        let dir = root.join(name);
        assert!(
            dir.join("opening.mdip").is_file(),
            "the built-in map {name} has no tests/variants/{name}/opening.mdip"
        );
        let (p, t, r) = suite(&format!("tests/variants/{name}"));
        println!("{name}: {p}/{t} passed");
        passed += p;
        total += t;
        report.push_str(&r);
    }
    assert!(
        passed == total,
        "variants: {passed}/{total} passed\n{report}"
    );
}

/// Files of `tests/5dd/` that keep the game's expectation where mdip's `@rules 5dd` knowingly
/// decides otherwise, with the reason (also in `docs/rules.md`, "`@rules 5dd`"). The suite checks
/// that each of them still fails (a fixed deviation must leave this list) and that every other
/// file passes.
const FIVEDD_DEVIATIONS: &[(&str, &str)] = &[];

/// The 5D Diplomacy game's own adjudication tests (`tests/5dd/`), transcribed by hand: its DATC
/// chapter (`DATC_A.cs` … `DATC_J.cs`: 146 cases with a body, the game skips 18) and its
/// multiversal cases (`MDATC_A.cs` … `MDATC_E.cs`, 36 cases), every one under `@rules 5dd`.
#[test]
fn fivedd_suite() {
    let root = repo().join("tests/5dd");
    let mut passed = 0;
    let mut total = 0;
    let mut failures = String::new();
    for dir in ["datc", "mdatc"] {
        for f in files(&root.join(dir)) {
            total += 1;
            let name = format!("{dir}/{}", f.file_name().unwrap().to_string_lossy());
            let text = std::fs::read_to_string(&f).unwrap();
            assert!(
                text.lines()
                    .any(|l| l.trim().to_ascii_lowercase().starts_with("@rules 5dd")),
                "{name} is not under @rules 5dd"
            );
            let deviation = FIVEDD_DEVIATIONS.iter().any(|(d, _)| *d == name);
            match (run(&f), deviation) {
                (None, false) => passed += 1,
                (Some(_), true) => {}
                (None, true) => failures.push_str(&format!(
                    "  {name} passes now: take it off FIVEDD_DEVIATIONS (and docs/rules.md)\n"
                )),
                (Some(r), false) => failures.push_str(&format!("  FAILED {name}\n{r}")),
            }
        }
    }
    let deviations: Vec<&str> = FIVEDD_DEVIATIONS
        .iter()
        .map(|(d, _)| d.trim_end_matches(".mdip"))
        .collect();
    if deviations.is_empty() {
        println!("5DD: {passed}/{total} passed");
    } else {
        println!(
            "5DD: {passed}/{total} passed (known deviations: {})",
            deviations.join(", ")
        );
    }
    assert!(
        total >= 182,
        "the game's 182 cases with a body must exist ({total})"
    );
    assert!(
        failures.is_empty(),
        "5DD: {passed}/{total} passed\n{failures}"
    );
}

/// Tidy: every test-case id in DATC chapter 6 has its file, and no file lacks a case.
#[test]
fn every_datc_case_has_its_file() {
    let datc = repo().join("tests/reference/datc-v3.0.txt");
    let text = std::fs::read_to_string(&datc)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", datc.display()));
    let mut ids = BTreeSet::new();
    for line in text.lines() {
        // Headings read `6.A.1. TEST CASE, ...`; one (6.J.5) lacks the final dot.
        let Some(rest) = line.strip_prefix("6.") else {
            continue;
        };
        let Some((id, tail)) = rest.split_once(' ') else {
            continue;
        };
        let id = id.trim_end_matches('.');
        let is_case_id = id.split('.').count() == 2
            && id
                .split('.')
                .nth(1)
                .is_some_and(|n| n.parse::<u32>().is_ok());
        if !tail.starts_with("TEST CASE") || !is_case_id {
            continue;
        }
        ids.insert(format!("6.{id}"));
    }
    assert_eq!(ids.len(), 164, "DATC chapter 6 has 164 cases");
    let have: BTreeSet<String> = files(&repo().join("tests/datc"))
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().to_string())
        .collect();
    let missing: Vec<&String> = ids.difference(&have).collect();
    let extra: Vec<&String> = have.difference(&ids).collect();
    assert!(missing.is_empty(), "DATC cases without a file: {missing:?}");
    assert!(extra.is_empty(), "files that are no DATC case: {extra:?}");
}

/// The examples of `docs/rules.md` are self-checking order files that pass: the page states the
/// rules the adjudicator applies, so an example whose expectations fail is a lie in one of them.
#[test]
fn rules_document_examples_pass() {
    let text = std::fs::read_to_string(repo().join("docs/rules.md")).expect("docs/rules.md");
    let mut blocks: Vec<String> = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        match &mut current {
            None if line.trim_start() == "```mdip" => current = Some(String::new()),
            Some(block) if line.trim_start().starts_with("```") => {
                blocks.push(std::mem::take(block));
                current = None;
            }
            Some(block) => {
                block.push_str(line);
                block.push('\n');
            }
            None => {}
        }
    }
    assert!(
        blocks.len() >= 10,
        "docs/rules.md has {} examples",
        blocks.len()
    );
    let mut failures = String::new();
    for (i, block) in blocks.iter().enumerate() {
        let a = mdip_analysis::analyze(block);
        for d in a.diagnostics.iter().filter(|d| d.is_failure()) {
            failures.push_str(&format!(
                "example {}: {} {}\n",
                i + 1,
                d.code.as_str(),
                d.message
            ));
        }
        let expectations = a.expectations.stated;
        assert!(
            expectations > 0,
            "example {} checks nothing:\n{block}",
            i + 1
        );
    }
    assert!(
        failures.is_empty(),
        "docs/rules.md examples fail:\n{failures}"
    );
}
