//! `mdip check` end to end: every input of `crates/mdip-cli/tests/inputs/` is checked by the built binary,
//! as text and as JSON, and the output is compared with its snapshot in `tests/snapshots/`;
//! then the command's behaviour: exit codes, standard input, folders, `--explain`, JSON.
//!
//! The binary runs with the repository root as its working directory and relative paths, so the
//! paths printed in the snapshots do not depend on where the repository is. To review changed
//! snapshots: `cargo insta review`, or `INSTA_UPDATE=always cargo test -p mdip-cli --test
//! diagnostics` and a look at `git diff`.

use std::path::Path;

use serde_json::Value;

mod common;

use common::{root, run, run_in};

/// The input files, sorted by name, as paths relative to the repository root.
fn inputs() -> Vec<String> {
    let dir = root().join("crates/mdip-cli/tests/inputs");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".mdip"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|n| format!("crates/mdip-cli/tests/inputs/{n}"))
        .collect()
}

/// The file name without folder and extension: `01-province-typo`.
fn stem(path: &str) -> &str {
    let name = path.rsplit('/').next().unwrap_or(path);
    name.strip_suffix(".mdip").unwrap_or(name)
}

fn settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_prepend_module_to_snapshot(false);
    s.set_omit_expression(true);
    s
}

#[test]
fn there_are_enough_inputs() {
    let files = inputs();
    assert!(files.len() >= 45, "only {} inputs", files.len());
    for f in &files {
        let bytes = std::fs::read(root().join(f)).unwrap();
        // Every input says what it exercises in a first comment line, except the empty file
        // (and the one starting with a byte order mark, whose comment follows the mark).
        let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(&bytes);
        assert!(
            bytes.is_empty() || bytes.starts_with(b"# "),
            "{f} does not start with a `# ` comment"
        );
        // These are snapshot inputs: no diagnostic may be silenced by the file itself.
        let text = String::from_utf8_lossy(bytes).to_ascii_lowercase();
        assert!(!text.contains("@expect error"), "{f} uses @expect error");
    }
}

#[test]
fn line_ending_inputs_have_the_right_bytes() {
    let read =
        |name: &str| std::fs::read(root().join("crates/mdip-cli/tests/inputs").join(name)).unwrap();
    let crlf = read("21-crlf.mdip");
    let lf = crlf.iter().filter(|&&b| b == b'\n').count();
    let pairs = crlf.windows(2).filter(|w| w == b"\r\n").count();
    assert!(
        lf >= 4 && pairs == lf,
        "21-crlf.mdip must end every line with CR LF"
    );
    let cr = read("22-lone-cr.mdip");
    assert!(!cr.contains(&b'\n') && cr.contains(&b'\r'));
    assert!(read("23-tabs.mdip").contains(&b'\t'));
    assert!(read("24-empty.mdip").is_empty());
    assert!(read("76-bom.mdip").starts_with(b"\xef\xbb\xbf"));
    assert!(std::str::from_utf8(&read("77-invalid-utf8.mdip")).is_err());
}

/// Standard error is empty, except for the file that is not UTF-8, which is named there.
fn check_stderr(path: &str, stderr: &str) {
    if path.ends_with("77-invalid-utf8.mdip") {
        assert!(
            stderr.contains("is not valid UTF-8"),
            "{path}: expected a UTF-8 warning, got: {stderr}"
        );
    } else {
        assert!(stderr.is_empty(), "{path}: stderr: {stderr}");
    }
}

/// The text output of every input: diagnostics with snippets and the summary.
#[test]
fn text_snapshots() {
    for path in inputs() {
        let r = run(&["check", "--color", "never", "--no-report", &path]);
        check_stderr(&path, &r.stderr);
        assert!(
            !r.stdout.contains('\x1b'),
            "{path}: colour codes in the output"
        );
        let snapshot = format!("exit code: {}\n{}", r.code, r.stdout);
        settings().bind(|| {
            insta::assert_snapshot!(format!("{}.text", stem(&path)), snapshot);
        });
    }
}

/// The JSON output of every input; it must parse and carry the schema.
#[test]
fn json_snapshots() {
    for path in inputs() {
        let r = run(&["check", "--format", "json", "--pretty", &path]);
        check_stderr(&path, &r.stderr);
        // The compact document (the default) says the same.
        let compact = run(&["check", "--format", "json", &path]);
        assert_eq!(
            compact.stdout.lines().count(),
            1,
            "{path}: compact JSON is one line"
        );
        assert_eq!(
            serde_json::from_str::<Value>(&compact.stdout).ok(),
            serde_json::from_str::<Value>(&r.stdout).ok(),
            "{path}: compact and pretty JSON differ"
        );
        let doc: Value = serde_json::from_str(&r.stdout)
            .unwrap_or_else(|e| panic!("{path}: invalid JSON: {e}\n{}", r.stdout));
        assert_eq!(doc["schema"], "mdip-check/2", "{path}");
        assert_eq!(doc["files"][0]["path"], path.as_str());
        let ok = doc["files"][0]["ok"].as_bool().expect("ok is a boolean");
        assert_eq!(
            r.code,
            if ok { 0 } else { 1 },
            "{path}: exit code and `ok` disagree"
        );
        let snapshot = format!("exit code: {}\n{}", r.code, r.stdout);
        settings().bind(|| {
            insta::assert_snapshot!(format!("{}.json", stem(&path)), snapshot);
        });
    }
}

/// Every snapshot belongs to an input: none is left behind by a renamed or deleted file.
#[test]
fn no_orphan_snapshots() {
    let stems: Vec<String> = inputs().iter().map(|p| stem(p).to_string()).collect();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    for e in entries {
        let name = e.unwrap().file_name().to_string_lossy().into_owned();
        let Some(base) = name.strip_suffix(".snap") else {
            continue;
        };
        let Some(s) = base
            .strip_suffix(".text")
            .or_else(|| base.strip_suffix(".json"))
        else {
            continue;
        };
        assert!(stems.iter().any(|x| x == s), "snapshot {name} has no input");
    }
}

// ----- Behaviour -------------------------------------------------------------------------------

#[test]
fn clean_file_exits_0() {
    let r = run(&[
        "check",
        "--color",
        "never",
        "crates/mdip-cli/tests/inputs/66-clean-opening.mdip",
    ]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    assert!(r
        .stdout
        .contains("crates/mdip-cli/tests/inputs/66-clean-opening.mdip: ok"));
    assert!(r.stdout.contains("checked 1 file: 1 ok, 0 with errors"));
    // One file: the adjudication report is shown by default.
    assert!(
        r.stdout.contains("Step 1 · Spring 1901 movement"),
        "{}",
        r.stdout
    );
}

#[test]
fn warnings_alone_exit_0() {
    let r = run(&[
        "check",
        "--color",
        "never",
        "crates/mdip-cli/tests/inputs/11-needless-coast.mdip",
    ]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    assert!(r.stdout.contains("warning[W0201]"), "{}", r.stdout);
    assert!(r.stdout.contains("(0 errors, 1 warning)"), "{}", r.stdout);
}

#[test]
fn errors_exit_1() {
    let r = run(&[
        "check",
        "--color",
        "never",
        "crates/mdip-cli/tests/inputs/01-province-typo.mdip",
    ]);
    assert_eq!(r.code, 1);
    assert!(r
        .stdout
        .contains("error[E0202]: unknown province `Nort Sea`"));
    assert!(r.stdout.contains("FAILED"));
}

#[test]
fn failed_expectation_exits_1() {
    let r = run(&[
        "check",
        "--no-report",
        "crates/mdip-cli/tests/inputs/49-expect-succeeds-bounced.mdip",
    ]);
    assert_eq!(r.code, 1);
    assert!(r.stdout.contains("E0401"), "{}", r.stdout);
}

#[test]
fn missing_path_exits_2() {
    let r = run(&["check", "crates/mdip-cli/tests/inputs/no-such-file.mdip"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("cannot read crates/mdip-cli/tests/inputs/no-such-file.mdip"),
        "{}",
        r.stderr
    );
    // A missing path wins over the exit code of the other files.
    let r = run(&[
        "check",
        "crates/mdip-cli/tests/inputs/01-province-typo.mdip",
        "crates/mdip-cli/tests/inputs/no-such-file.mdip",
    ]);
    assert_eq!(r.code, 2);
}

#[test]
fn bad_flags_exit_2() {
    for args in [
        &["check", "--frobnicate", "x.mdip"][..],
        &["check", "--format", "yaml", "x.mdip"],
        &["check", "--color", "sometimes", "x.mdip"],
        &["check", "--report", "--no-report", "x.mdip"],
        &["check"],
        &["frobnicate"],
    ] {
        let r = run(args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert!(!r.stderr.is_empty(), "{args:?}: no message");
        assert!(r.stdout.is_empty(), "{args:?}: {}", r.stdout);
    }
}

#[test]
fn help_and_version_exit_0() {
    let r = run(&["--help"]);
    assert_eq!(r.code, 0);
    assert!(r.stdout.contains("check"));
    let r = run(&["check", "--help"]);
    assert_eq!(r.code, 0);
    assert!(r.stdout.contains("--explain"));
    let r = run(&["--version"]);
    assert_eq!(r.code, 0);
    assert!(r.stdout.starts_with("mdip "));
}

#[test]
fn dash_reads_standard_input() {
    let r = run_in(
        &root(),
        &["check", "--color", "never", "--no-report", "-"],
        "England:\nF Nort Sea - Picardy\n",
    );
    assert_eq!(r.code, 1);
    assert!(r.stdout.contains("<stdin>:2:3"), "{}", r.stdout);
    assert!(r.stdout.contains("E0202"));
    let r = run_in(
        &root(),
        &["check", "--format", "json", "-"],
        "England:\r\nF London - North Sea => succeeds\r\n",
    );
    assert_eq!(r.code, 0, "{}", r.stdout);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(doc["files"][0]["path"], "<stdin>");
    assert_eq!(
        doc["files"][0]["orders"][0]["outcome"]["status"],
        "succeeds"
    );
}

#[test]
fn folders_are_searched_recursively() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("mdip-check-folder");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("b/deeper")).unwrap();
    std::fs::create_dir_all(dir.join("a")).unwrap();
    std::fs::create_dir_all(dir.join("empty")).unwrap();
    std::fs::write(dir.join("top.mdip"), "England:\nF London - North Sea\n").unwrap();
    std::fs::write(dir.join("a/2.mdip"), "France:\nA Paris - Burgundy\n").unwrap();
    std::fs::write(dir.join("a/10.mdip"), "France:\nA Paris - Burgndy\n").unwrap();
    std::fs::write(dir.join("b/deeper/x.mdip"), "Germany:\nA Munich Hold\n").unwrap();
    std::fs::write(dir.join("b/notes.txt"), "not an order file").unwrap();

    let r = run_in(&dir, &["check", "--color", "never", "."], "");
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout
            .contains("checked 4 files: 3 ok, 1 with errors (1 error, 0 warnings)"),
        "{}",
        r.stdout
    );
    // Several files: no adjudication report unless asked for.
    assert!(!r.stdout.contains("Step 1"), "{}", r.stdout);
    // Sorted with numbers compared by value: a/2 before a/10.
    let two = r.stdout.find("a/2.mdip: ok").expect("a/2.mdip is listed");
    let ten = r
        .stdout
        .find("a/10.mdip: FAILED")
        .expect("a/10.mdip is listed");
    assert!(two < ten, "{}", r.stdout);
    assert!(r.stdout.contains("deeper/x.mdip: ok"));
    assert!(!r.stdout.contains("notes.txt"));

    let r = run_in(&dir, &["check", "--quiet", "--color", "never", "."], "");
    assert_eq!(r.code, 1);
    assert!(!r.stdout.contains(": ok"), "{}", r.stdout);
    assert!(r.stdout.contains("a/10.mdip: FAILED"));

    let r = run_in(&dir, &["check", "--report", "--color", "never", "a"], "");
    // `--report` shows the report of every file, even with several.
    assert_eq!(
        r.stdout.matches("\n== ").count() + usize::from(r.stdout.starts_with("== ")),
        2,
        "{}",
        r.stdout
    );

    let r = run_in(&dir, &["check", "--format", "json", "."], "");
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(doc["files"].as_array().unwrap().len(), 4);
    assert_eq!(doc["summary"]["failed"], 1);

    // A folder that holds no order file is a warning (exit code 0), as ruff does; with
    // `--exit-non-zero-on-empty`, an error (exit code 2).
    let r = run_in(&dir, &["check", "empty"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr.contains("warning: no .mdip files in empty"),
        "{}",
        r.stderr
    );
    assert!(r.stdout.contains("checked 0 files"), "{}", r.stdout);
    let r = run_in(&dir, &["check", "--exit-non-zero-on-empty", "empty"], "");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("no .mdip files in empty"), "{}", r.stderr);
    assert!(!r.stderr.contains("warning"), "{}", r.stderr);
    // The warning is in the machine formats too; the other paths are still checked.
    let r = run_in(&dir, &["check", "--format", "json", "empty", "."], "");
    assert_eq!(r.code, 1, "{}", r.stderr);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(doc["problems"][0]["severity"], "warning");
    assert_eq!(doc["problems"][0]["path"], "empty");
    assert_eq!(doc["files"].as_array().unwrap().len(), 4);
}

#[test]
fn the_whole_input_folder() {
    let n = inputs().len();
    let r = run(&["check", "--color", "never", "crates/mdip-cli/tests/inputs"]);
    assert_eq!(r.code, 1);
    assert!(
        r.stdout.contains(&format!("checked {n} files:")),
        "{}",
        r.stdout
    );
}

#[test]
fn explain_prints_the_explanation() {
    // The whole text: what the code means, a wrong file with what it reports, a right one,
    // and the rule behind it.
    let r = run(&["check", "--explain", "E0202"]);
    assert_eq!(r.code, 0);
    settings().bind(|| insta::assert_snapshot!("explain-E0202", r.stdout));
    // Case does not matter, and syntax codes are known too.
    let r = run(&["check", "--explain", "e0101"]);
    assert_eq!(r.code, 0);
    assert!(r.stdout.starts_with("E0101: "), "{}", r.stdout);
    let r = run(&["check", "--explain", "w0201"]);
    assert_eq!(r.code, 0);
    assert!(r.stdout.starts_with("W0201: "), "{}", r.stdout);
    let r = run(&["check", "--explain", "E9999"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("unknown code `E9999`"), "{}", r.stderr);
}

/// `docs/diagnostics.md` has one section per code, and `--explain` knows every code it lists.
#[test]
fn every_code_is_documented_and_explained() {
    let doc = std::fs::read_to_string(root().join("docs/diagnostics.md")).unwrap();
    let rows: Vec<&str> = doc
        .lines()
        .filter_map(|l| l.strip_prefix("### "))
        .map(|l| l.split_once("</a>").map_or(l, |(_, rest)| rest))
        .filter_map(|l| l.split(' ').next())
        .filter(|c| c.len() == 5 && (c.starts_with('E') || c.starts_with('W')))
        .filter(|c| c[1..].bytes().all(|b| b.is_ascii_digit()))
        .collect();
    let mut all: Vec<&str> = mdip_analysis::Code::every().map(|c| c.as_str()).collect();
    all.sort_unstable();
    let mut documented = rows.clone();
    documented.sort_unstable();
    assert_eq!(
        documented, all,
        "docs/diagnostics.md rows differ from the codes"
    );
    for code in rows {
        let r = run(&["check", "--explain", code]);
        assert_eq!(r.code, 0, "{code} is documented but unknown to --explain");
        assert!(r.stdout.starts_with(&format!("{code}: ")), "{}", r.stdout);
        assert!(r.stdout.contains("\nRule: "), "{}", r.stdout);
    }
}

#[test]
fn json_document_shape() {
    let r = run(&[
        "check",
        "--format",
        "json",
        "crates/mdip-cli/tests/inputs/18-non-ascii-province.mdip",
        "crates/mdip-cli/tests/inputs/66-clean-opening.mdip",
    ]);
    assert_eq!(r.code, 1);
    let doc: Value = serde_json::from_str(&r.stdout).expect("valid JSON");
    assert_eq!(doc["schema"], "mdip-check/2");
    assert_eq!(doc["summary"]["files"], 2);
    assert_eq!(doc["summary"]["ok"], 1);
    assert_eq!(doc["summary"]["failed"], 1);
    assert_eq!(doc["summary"]["errors"], 2);
    let f = &doc["files"][0];
    assert_eq!(f["ok"], false);
    let d = &f["diagnostics"][0];
    assert_eq!(d["code"], "E0202");
    assert_eq!(d["severity"], "error");
    assert_eq!(d["expected"], false);
    // `A Pâris - Burgundy` on line 4: columns count characters, offsets count bytes.
    let text = std::fs::read_to_string(
        root().join("crates/mdip-cli/tests/inputs/18-non-ascii-province.mdip"),
    )
    .unwrap();
    let start = text.find("A Pâris").unwrap() + 2;
    assert_eq!(d["range"]["start"]["line"], 4);
    assert_eq!(d["range"]["start"]["column"], 3);
    assert_eq!(d["range"]["end"]["column"], 8);
    assert_eq!(d["range"]["byte_start"], start);
    assert_eq!(d["range"]["byte_end"], start + "Pâris".len());
    // The second diagnostic, in Cyrillic: 6 characters, 12 bytes.
    let d = &f["diagnostics"][1];
    assert_eq!(d["range"]["start"]["line"], 6);
    assert_eq!(d["range"]["end"]["column"], 9);
    let bytes =
        d["range"]["byte_end"].as_u64().unwrap() - d["range"]["byte_start"].as_u64().unwrap();
    assert_eq!(bytes, 12);

    let clean = &doc["files"][1];
    assert_eq!(clean["ok"], true);
    assert_eq!(clean["phase"], "movement");
    assert_eq!(clean["orders"].as_array().unwrap().len(), 5);
    assert_eq!(clean["orders"][3]["outcome"]["status"], "fails");
    assert_eq!(clean["orders"][3]["expected"], "fails");
    assert_eq!(
        clean["heads"][0],
        serde_json::json!({"turn": 1, "timeline": 0})
    );
    assert_eq!(clean["counts"]["expectations"], 5);
    assert_eq!(clean["counts"]["unmet"], 0);
}

#[test]
fn json_on_crlf_counts_lines_once() {
    let r = run(&[
        "check",
        "--format",
        "json",
        "crates/mdip-cli/tests/inputs/21-crlf.mdip",
    ]);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    let d = &doc["files"][0]["diagnostics"][0];
    assert_eq!(d["range"]["start"]["line"], 3);
    assert_eq!(d["range"]["start"]["column"], 3);
    assert_eq!(d["range"]["end"]["column"], 11);
}
