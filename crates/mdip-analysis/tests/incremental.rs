//! `analyze_incremental` must give exactly what `analyze` gives: every file of the repository's
//! suites is edited at many lines (a word changed, a line inserted, a line deleted), and the
//! incremental analysis resumed from the unedited file's checkpoints is compared with a full
//! analysis of the edited text.

use std::path::Path;

use mdip_analysis::{analyze, analyze_incremental};

fn files() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests");
    let mut out = Vec::new();
    for dir in ["mdatc", "cases", "datc"] {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "mdip"))
            // Dozens of analyses of a generated many-timeline case (tens of kilobytes) would
            // take minutes in a debug build; `long_file` covers checkpoints in long files.
            .filter(|p| std::fs::metadata(p).is_ok_and(|m| m.len() <= 8 * 1024))
            .collect();
        paths.sort();
        for p in paths {
            out.push(std::fs::read_to_string(p).unwrap());
        }
    }
    out
}

/// A long multiversal file built from the founding cases, so that checkpoints exist.
fn long_file() -> String {
    let mut text = String::new();
    text.push_str("Germany 0:0\nA Munich hold\nEngland 0:0\nF London hold\n");
    for turn in 1..120 {
        text.push_str(&format!(
            "\nGermany {turn}:0\nA Munich hold\nEngland {turn}:0\nF London hold   # turn {turn}\n"
        ));
    }
    text
}

fn edits(text: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut out = Vec::new();
    let step = (lines.len() / 12).max(1);
    for at in (0..lines.len()).step_by(step) {
        let mut changed = lines.clone();
        let replaced = changed[at]
            .replace("Munich", "Berlin")
            .replace("hold", "- Tyrolia");
        changed[at] = &replaced;
        out.push((changed.join("\n"), at));
        let mut inserted = lines.clone();
        inserted.insert(at, "A Kiel hold");
        out.push((inserted.join("\n"), at));
        if lines.len() > 1 {
            let mut deleted = lines.clone();
            deleted.remove(at);
            out.push((deleted.join("\n"), at));
        }
    }
    out
}

#[test]
fn incremental_equals_full_analysis() {
    let mut texts = files();
    texts.push(long_file());
    // Several games, each long enough for checkpoints: a resumed run keeps the games so far.
    texts.push(format!(
        "@game one\n{}\n@game two\n{}\n@expect dislodged Germany A Munich\n",
        long_file(),
        long_file()
    ));
    let mut compared = 0;
    let mut resumed = 0;
    for text in &texts {
        let before = analyze(text);
        for (edited, line) in edits(text) {
            let full = analyze(&edited);
            let incremental = analyze_incremental(&edited, &before, line);
            assert_eq!(
                full.fingerprint(),
                incremental.fingerprint(),
                "incremental analysis differs after an edit at line {line} of:\n{edited}"
            );
            // The tree too: its lines above the edit are kept from the previous parse.
            assert!(
                full.same_reading(&incremental),
                "the incremental parse differs after an edit at line {line} of:\n{edited}"
            );
            compared += 1;
            if !before.checkpoint_lines().is_empty() {
                resumed += 1;
            }
        }
    }
    assert!(compared > 1000, "only {compared} edits compared");
    assert!(resumed > 0, "no file had checkpoints to resume from");
}

#[test]
fn long_files_keep_checkpoints() {
    let a = analyze(&long_file());
    assert!(
        !a.checkpoint_lines().is_empty(),
        "a 480-line file of 120 steps has checkpoints"
    );
}
