//! Every output format of `mdip check` on real output: the JSON document and the JSON-lines
//! stream validated against the published schemas (`docs/schema/`), SARIF against the SARIF
//! 2.1.0 schema, the GitHub workflow commands and the concise lines parsed back to the same
//! file, line and column as the JSON diagnostics, JUnit read back with `quick-junit`, the
//! GitLab Code Quality report validated against the schema written from GitLab's documentation
//! (`docs/schema/gitlab-code-quality.schema.json`); then `--output-file`, `--quiet` and colours.

mod common;

use std::collections::BTreeSet;
use std::path::PathBuf;

use common::{root, run, run_env};
use serde_json::Value;

/// Inputs with every kind of diagnostic, clean files, multiversal games, steps of every
/// phase, and one path that does not exist (a problem every format must show).
const PATHS: [&str; 5] = [
    "crates/mdip-cli/tests/inputs",
    "tests/mdatc",
    "tests/datc",
    "examples",
    "no-such-folder",
];

fn check(format: &str, extra: &[&str]) -> common::Run {
    let mut args = vec!["check", "--color", "never", "--format", format];
    args.extend_from_slice(extra);
    args.extend_from_slice(&PATHS);
    let r = run(&args);
    assert_eq!(r.code, 2, "an unreadable path makes the exit code 2");
    r
}

fn json_doc() -> Value {
    let r = check("json", &[]);
    serde_json::from_str(&r.stdout).expect("valid JSON")
}

fn schema(name: &str) -> Value {
    let text = std::fs::read_to_string(root().join("docs/schema").join(name)).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn assert_valid(schema: &Value, instance: &Value, what: &str) {
    let validator = jsonschema::validator_for(schema).expect("the schema compiles");
    let errors: Vec<String> = validator
        .iter_errors(instance)
        .take(5)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{what} does not follow its schema: {errors:#?}"
    );
}

/// Every diagnostic of the document as (path, line, column, end line, end column, code,
/// message).
type Diag = (String, u64, u64, u64, u64, String, String);

fn diagnostics(doc: &Value) -> Vec<Diag> {
    let mut out = Vec::new();
    for f in doc["files"].as_array().unwrap() {
        for d in f["diagnostics"].as_array().unwrap() {
            let r = &d["range"];
            out.push((
                f["path"].as_str().unwrap().to_owned(),
                r["start"]["line"].as_u64().unwrap(),
                r["start"]["column"].as_u64().unwrap(),
                r["end"]["line"].as_u64().unwrap(),
                r["end"]["column"].as_u64().unwrap(),
                d["code"].as_str().unwrap().to_owned(),
                d["message"].as_str().unwrap().to_owned(),
            ));
        }
    }
    out
}

#[test]
fn json_follows_the_published_schema() {
    let doc = json_doc();
    assert_valid(
        &schema("mdip-check-2.schema.json"),
        &doc,
        "the JSON document",
    );
    assert_eq!(doc["schema"], "mdip-check/2");
    let files = doc["files"].as_array().unwrap();
    assert!(files.len() > 240, "{} files", files.len());
    assert_eq!(doc["summary"]["files"], files.len());
    assert_eq!(doc["summary"]["unreadable"], 1);
    // The unreadable path is in the document, not only on standard error; so is the warning
    // about the input that is not UTF-8.
    let problems = doc["problems"].as_array().unwrap();
    let errors: Vec<&Value> = problems
        .iter()
        .filter(|p| p["severity"] == "error")
        .collect();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0]["path"], "no-such-folder");
    assert!(problems.iter().any(|p| p["severity"] == "warning"
        && p["path"]
            .as_str()
            .unwrap()
            .ends_with("77-invalid-utf8.mdip")));
    // Folders in natural order: 6.A.9 before 6.A.10.
    let names: Vec<&str> = files.iter().map(|f| f["path"].as_str().unwrap()).collect();
    let nine = names
        .iter()
        .position(|n| n.ends_with("6.A.9.mdip"))
        .unwrap();
    let ten = names
        .iter()
        .position(|n| n.ends_with("6.A.10.mdip"))
        .unwrap();
    assert!(nine < ten);
}

#[test]
fn json_lines_follow_the_published_schema_and_match_the_document() {
    let r = check("json-lines", &[]);
    let lines: Vec<Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    let schema = schema("mdip-check-2-lines.schema.json");
    for l in &lines {
        assert_valid(&schema, l, "a JSON line");
    }
    assert_eq!(lines[0]["record"], "start");
    assert_eq!(lines[0]["schema"], "mdip-check/2");
    assert_eq!(lines.last().unwrap()["record"], "summary");
    assert!(lines
        .iter()
        .any(|l| l["record"] == "problem" && l["path"] == "no-such-folder"));
    // Each file's record is the document's report of that file, in the same order.
    let doc = json_doc();
    let files: Vec<Value> = lines
        .iter()
        .filter(|l| l["record"] == "file")
        .map(|l| {
            let mut l = l.clone();
            l.as_object_mut().unwrap().remove("record");
            l
        })
        .collect();
    assert_eq!(&files, doc["files"].as_array().unwrap());
}

/// The SARIF 2.1.0 schema, pinned in `tests/reference/` (a verbatim copy of the one the
/// `serde-sarif` crate ships, whose types write the output; its README names the source). A copy
/// in the repository, not the cargo cache: a fresh machine's cache holds only what a build
/// downloaded.
fn sarif_schema() -> Value {
    let path = root().join("tests/reference/sarif-schema-2.1.0.json");
    let mut schema: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    // The published schema's pattern for `language` properties has a stray `]` that a strict
    // regex engine refuses (`^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$`); mdip writes no
    // language, so those patterns are dropped.
    drop_bad_patterns(&mut schema);
    schema
}

fn drop_bad_patterns(v: &mut Value) {
    match v {
        Value::Object(map) => {
            if map
                .get("pattern")
                .and_then(Value::as_str)
                .is_some_and(|p| p.ends_with("{2}]?$"))
            {
                map.remove("pattern");
            }
            map.values_mut().for_each(drop_bad_patterns);
        }
        Value::Array(items) => items.iter_mut().for_each(drop_bad_patterns),
        _ => {}
    }
}

#[test]
fn sarif_follows_the_sarif_schema_and_matches_the_diagnostics() {
    let r = check("sarif", &[]);
    let log: Value = serde_json::from_str(&r.stdout).expect("valid JSON");
    assert_valid(&sarif_schema(), &log, "the SARIF log");
    assert_eq!(log["version"], "2.1.0");
    let run = &log["runs"][0];
    let rules: BTreeSet<&str> = run["tool"]["driver"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert!(rules.contains("E0202") && rules.contains("E0101") && rules.contains("W0201"));
    let results = run["results"].as_array().unwrap();
    let got: Vec<Diag> = results
        .iter()
        .map(|res| {
            let loc = &res["locations"][0]["physicalLocation"];
            let region = &loc["region"];
            let text = res["message"]["text"].as_str().unwrap();
            (
                loc["artifactLocation"]["uri"].as_str().unwrap().to_owned(),
                region["startLine"].as_u64().unwrap(),
                region["startColumn"].as_u64().unwrap(),
                region["endLine"].as_u64().unwrap(),
                region["endColumn"].as_u64().unwrap(),
                res["ruleId"].as_str().unwrap().to_owned(),
                text.split(" (hint: ").next().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(got, diagnostics(&json_doc()));
    for res in results {
        assert!(rules.contains(res["ruleId"].as_str().unwrap()));
    }
    // Every quick fix becomes a SARIF fix: the file's replacements, each with its region and
    // inserted text, as the JSON document's edits say.
    let doc = json_doc();
    let json_fixes: Vec<&Value> = doc["files"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|f| f["diagnostics"].as_array().unwrap())
        .map(|d| &d["fixes"])
        .collect();
    assert_eq!(json_fixes.len(), results.len());
    let mut fixes = 0;
    for (res, want) in results.iter().zip(json_fixes) {
        let want = want.as_array().unwrap();
        let got = res["fixes"].as_array().map_or(&[][..], |f| f.as_slice());
        assert_eq!(got.len(), want.len(), "{res}");
        for (fix, w) in got.iter().zip(want) {
            fixes += 1;
            assert_eq!(fix["description"]["text"], w["title"]);
            let change = &fix["artifactChanges"][0];
            assert_eq!(
                change["artifactLocation"]["uri"],
                res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            );
            let replacements = change["replacements"].as_array().unwrap();
            let edits = w["edits"].as_array().unwrap();
            assert_eq!(replacements.len(), edits.len());
            for (r, e) in replacements.iter().zip(edits) {
                assert_eq!(r["insertedContent"]["text"], e["text"]);
                assert_eq!(r["deletedRegion"]["startLine"], e["range"]["start"]["line"]);
                assert_eq!(
                    r["deletedRegion"]["startColumn"],
                    e["range"]["start"]["column"]
                );
                assert_eq!(r["deletedRegion"]["endLine"], e["range"]["end"]["line"]);
                assert_eq!(r["deletedRegion"]["endColumn"], e["range"]["end"]["column"]);
            }
        }
    }
    assert!(fixes > 10, "{fixes} fixes");
    // Each rule says what its code means: a short description (the first sentence of
    // `--explain`), the full text, and help.
    let explain = |code: &str| {
        let r = common::run(&["check", "--explain", code]);
        r.stdout
            .trim_end()
            .strip_prefix(&format!("{code}: "))
            .unwrap()
            .to_owned()
    };
    for rule in run["tool"]["driver"]["rules"].as_array().unwrap() {
        let id = rule["id"].as_str().unwrap();
        let full = rule["fullDescription"]["text"].as_str().unwrap();
        let short = rule["shortDescription"]["text"].as_str().unwrap();
        assert!(full.starts_with(short) && !short.is_empty(), "{rule}");
        if id == "E0308" || id == "W0201" {
            // The summary and the meaning of `--explain`; its examples are in the help.
            let explained = explain(id);
            assert!(
                explained.starts_with(full) && full.contains("\n\n"),
                "{full}"
            );
            assert!(rule["help"]["text"]
                .as_str()
                .unwrap()
                .starts_with(&explained));
        }
        assert!(rule["help"]["text"].as_str().unwrap().contains(id));
    }
    let notes = run["invocations"][0]["toolExecutionNotifications"]
        .as_array()
        .unwrap();
    assert_eq!(
        notes.len(),
        2,
        "the unreadable path and the input that is not UTF-8"
    );
    assert_eq!(run["invocations"][0]["executionSuccessful"], false);
}

/// Reads a workflow command's escaped value back.
fn unescape(s: &str) -> String {
    s.replace("%0D", "\r")
        .replace("%0A", "\n")
        .replace("%3A", ":")
        .replace("%2C", ",")
        .replace("%25", "%")
}

#[test]
fn github_commands_parse_back_to_the_diagnostics() {
    let r = check("github", &[]);
    let mut got: Vec<Diag> = Vec::new();
    let mut problems = 0;
    for line in r.stdout.lines() {
        let rest = line.strip_prefix("::").expect("a workflow command");
        let (command, message) = rest.split_once("::").expect("command::message");
        let (level, props) = command.split_once(' ').expect("level and properties");
        assert!(["error", "warning", "notice"].contains(&level), "{line}");
        let prop = |name: &str| -> Option<String> {
            props
                .split(',')
                .find_map(|p| p.strip_prefix(&format!("{name}=")))
                .map(unescape)
        };
        let num = |name: &str| prop(name).and_then(|v| v.parse::<u64>().ok());
        let file = prop("file").expect("every command names its file");
        if prop("line").is_none() {
            // A problem with a path: the unreadable folder, the input that is not UTF-8.
            assert!(
                file == "no-such-folder" || file.ends_with("77-invalid-utf8.mdip"),
                "{line}"
            );
            problems += 1;
            continue;
        }
        let message = unescape(message);
        got.push((
            file,
            num("line").unwrap(),
            num("col").unwrap(),
            num("endLine").unwrap(),
            num("endColumn").unwrap(),
            prop("title").unwrap(),
            message.split("\nhint: ").next().unwrap().to_owned(),
        ));
    }
    assert_eq!(problems, 2);
    assert_eq!(got, diagnostics(&json_doc()));
}

#[test]
fn concise_lines_parse_back_to_the_diagnostics() {
    let r = check("concise", &[]);
    let mut lines: Vec<&str> = r.stdout.lines().collect();
    let summary = lines.pop().unwrap();
    assert!(summary.starts_with("checked "), "{summary}");
    // A path that cannot be found comes first; a file whose bytes are not UTF-8 is warned
    // about where it is checked, in file order.
    assert!(lines
        .remove(0)
        .starts_with("no-such-folder: error: cannot read no-such-folder: "));
    let warning = lines
        .iter()
        .position(|l| l.ends_with("bad bytes are read as U+FFFD"))
        .expect("the UTF-8 warning");
    assert!(lines
        .remove(warning)
        .starts_with("crates/mdip-cli/tests/inputs/77-invalid-utf8.mdip: warning: "));
    let doc = json_doc();
    let want: Vec<String> = diagnostics(&doc)
        .into_iter()
        .map(|(p, l, c, _, _, code, m)| format!("{p}:{l}:{c}: [{code}] {m}"))
        .collect();
    let got: Vec<String> = lines
        .iter()
        .map(|l| {
            // path:line:col: level[CODE]: message (hint: ...)
            let (place, rest) = l.split_once(": ").unwrap();
            let (level_code, message) = rest.split_once(": ").unwrap();
            let code = &level_code[level_code.find('[').unwrap()..];
            format!(
                "{place}: {code} {}",
                message.split(" (hint: ").next().unwrap()
            )
        })
        .collect();
    assert_eq!(got, want);
}

#[test]
fn junit_has_one_case_per_file_and_tells_failures_from_errors() {
    let r = check("junit", &[]);
    let report = quick_junit::Report::deserialize_from_str(&r.stdout).expect("JUnit XML");
    let doc = json_doc();
    let files = doc["files"].as_array().unwrap();
    let cases = &report.test_suites[0].test_cases;
    assert_eq!(
        cases.len(),
        files.len() + 1,
        "one case per file and per unreadable path"
    );
    let status = |name: &str| {
        cases
            .iter()
            .find(|c| c.name.as_str() == name)
            .map(|c| match &c.status {
                quick_junit::TestCaseStatus::Success { .. } => "passed",
                quick_junit::TestCaseStatus::NonSuccess { kind, .. } => match kind {
                    quick_junit::NonSuccessKind::Failure => "failure",
                    quick_junit::NonSuccessKind::Error => "error",
                },
                quick_junit::TestCaseStatus::Skipped { .. } => "skipped",
            })
            .unwrap_or("missing")
    };
    // A self-checking case whose expectation is not met is a failure.
    assert_eq!(
        status("crates/mdip-cli/tests/inputs/49-expect-succeeds-bounced.mdip"),
        "failure"
    );
    // A file with an unknown province is an error; a clean case passes.
    assert_eq!(
        status("crates/mdip-cli/tests/inputs/01-province-typo.mdip"),
        "error"
    );
    assert_eq!(status("tests/datc/6.A.1.mdip"), "passed");
    assert_eq!(status("no-such-folder"), "error");
    let failing = files.iter().filter(|f| f["ok"] == false).count();
    let suite = &report.test_suites[0];
    assert_eq!(suite.failures + suite.errors, failing + 1);
}

/// `--format gitlab` follows the schema written from GitLab's documentation of the Code
/// Quality report, has one issue per diagnostic with its code, line and severity, and unique
/// fingerprints that do not depend on the line.
#[test]
fn gitlab_code_quality_follows_its_schema_and_matches_the_diagnostics() {
    let r = check("gitlab", &[]);
    let issues: Value = serde_json::from_str(&r.stdout).expect("valid JSON");
    assert_valid(
        &schema("gitlab-code-quality.schema.json"),
        &issues,
        "the GitLab report",
    );
    let issues = issues.as_array().unwrap();
    let doc = json_doc();
    let mut want = Vec::new();
    for f in doc["files"].as_array().unwrap() {
        for d in f["diagnostics"].as_array().unwrap() {
            let severity = match (d["expected"].as_bool().unwrap(), d["severity"].as_str()) {
                (true, _) => "info",
                (false, Some("error")) => "major",
                _ => "minor",
            };
            want.push((
                f["path"].as_str().unwrap().to_owned(),
                d["range"]["start"]["line"].as_u64().unwrap(),
                d["code"].as_str().unwrap().to_owned(),
                severity.to_owned(),
            ));
        }
    }
    let got: Vec<_> = issues
        .iter()
        .map(|i| {
            assert!(i["description"]
                .as_str()
                .unwrap()
                .contains(i["check_name"].as_str().unwrap()));
            (
                i["location"]["path"].as_str().unwrap().to_owned(),
                i["location"]["lines"]["begin"].as_u64().unwrap(),
                i["check_name"].as_str().unwrap().to_owned(),
                i["severity"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(got, want);
    assert!(got.iter().any(|g| g.3 == "minor") && got.iter().any(|g| g.3 == "info"));
    let fingerprints: BTreeSet<&str> = issues
        .iter()
        .map(|i| i["fingerprint"].as_str().unwrap())
        .collect();
    assert_eq!(fingerprints.len(), issues.len(), "fingerprints are unique");

    // Moving a diagnostic down a line keeps its fingerprint; paths lose their `./`.
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gitlab-fingerprints");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fingerprint = |text: &str| {
        std::fs::write(dir.join("a.mdip"), text).unwrap();
        let r = common::run_in(&dir, &["check", "--format", "gitlab", "./a.mdip"], "");
        let issues: Value = serde_json::from_str(&r.stdout).unwrap();
        assert_eq!(issues[0]["location"]["path"], "a.mdip");
        (
            issues[0]["fingerprint"].as_str().unwrap().to_owned(),
            issues[0]["location"]["lines"]["begin"].as_u64().unwrap(),
        )
    };
    let before = fingerprint("England:\nF Nort Sea - Picardy\n");
    let after = fingerprint("# a comment\nEngland:\nF Nort Sea - Picardy\n");
    assert_eq!(
        (before.0.as_str(), before.1 + 1),
        (after.0.as_str(), after.1)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// JUnit lists each file's warnings in its `system-out` and carries times.
#[test]
fn junit_lists_warnings_and_times() {
    let r = check("junit", &[]);
    let report = quick_junit::Report::deserialize_from_str(&r.stdout).expect("JUnit XML");
    assert!(report.time.is_some());
    let suite = &report.test_suites[0];
    assert!(suite.time.is_some());
    assert!(suite.test_cases.iter().all(|c| c.time.is_some()));
    let out = |name: &str| {
        let case = suite
            .test_cases
            .iter()
            .find(|c| c.name.as_str() == name)
            .unwrap_or_else(|| panic!("no case {name}"));
        case.system_out
            .as_ref()
            .map(|s| s.as_str().to_owned())
            .unwrap_or_default()
    };
    // A file whose only problem is a warning passes, and lists it.
    let warned = "crates/mdip-cli/tests/inputs/73-needless-coast-army.mdip";
    let lines: Vec<String> = out(warned).lines().map(str::to_owned).collect();
    let concise = run(&["check", "--format", "concise", warned]);
    let want: Vec<String> = concise
        .stdout
        .lines()
        .filter(|l| l.contains(": warning["))
        .map(str::to_owned)
        .collect();
    assert_eq!(want.len(), 2);
    assert_eq!(lines, want);
    assert_eq!(out("tests/datc/6.A.1.mdip"), "");
}

#[test]
fn output_file_holds_what_standard_output_would() {
    let dir = std::env::temp_dir().join(format!("mdip-output-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("out.json");
    let to_stdout = run(&["check", "--format", "json", "examples"]);
    let to_file = run(&[
        "check",
        "--format",
        "json",
        "--output-file",
        file.to_str().unwrap(),
        "examples",
    ]);
    assert_eq!(to_file.code, to_stdout.code);
    assert_eq!(to_file.stdout, "");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), to_stdout.stdout);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn quiet_leaves_clean_files_out_of_every_format() {
    let all = json_doc();
    let failing = all["files"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["ok"] == false)
        .count();
    let r = check("json", &["--quiet"]);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    let files = doc["files"].as_array().unwrap();
    assert_eq!(files.len(), failing);
    assert!(files.iter().all(|f| f["ok"] == false));
    // The summary still counts every file.
    assert_eq!(doc["summary"], all["summary"]);
    let r = check("junit", &["--quiet"]);
    let report = quick_junit::Report::deserialize_from_str(&r.stdout).unwrap();
    assert_eq!(report.test_suites[0].test_cases.len(), failing + 1);
    let text = check("text", &["--quiet"]);
    assert!(!text.stdout.contains("6.A.1.mdip: ok"), "{}", text.stdout);
}

#[test]
fn colours_follow_the_flag_and_no_color() {
    let file = "crates/mdip-cli/tests/inputs/01-province-typo.mdip";
    let always = run(&["check", "--color", "always", "--report", file]);
    assert!(always.stdout.contains('\u{1b}'), "--color always colours");
    let never = run(&["check", "--color", "never", "--report", file]);
    assert!(!never.stdout.contains('\u{1b}'));
    // Auto: standard output is a pipe here, and NO_COLOR is set: no colour either way.
    let auto = run_env(&["check", "--report", file], &[("NO_COLOR", "1")]);
    assert!(!auto.stdout.contains('\u{1b}'));
    // Without colour, the text is the same as with colour once the styles are removed.
    let stripped = anstream::adapter::strip_str(&always.stdout).to_string();
    assert_eq!(stripped, never.stdout);
}

/// A file's output goes from the worker that checked it to the output in pieces: outputs of
/// many pieces, interleaved with small ones, are written whole and in the order given, in
/// every streamed format, and each file's part is what checking that file alone writes.
#[test]
fn long_outputs_are_written_whole_and_in_order() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("long-outputs");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let long = |turns: usize| {
        let mut text = String::from("@start standard\n\n");
        for turn in 0..turns {
            text.push_str(&format!(
                "Austria {turn}:0\nA Vienna Hold\nA Budapest Hold\nF Trieste Hold\n\n"
            ));
        }
        text
    };
    let files = [
        ("a.mdip", long(500)),
        ("b.mdip", "England:\nF London - Paris\n".to_owned()),
        ("c.mdip", long(300)),
        ("d.mdip", "England:\nF London - North Sea\n".to_owned()),
    ];
    for (name, text) in &files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    // As the folder names them.
    let alone = |format: &str, name: &str| {
        let path = format!("./{name}");
        common::run_in(&dir, &["check", "--format", format, &path], "").stdout
    };
    // The JSON document, compact and pretty.
    for extra in [&[][..], &["--pretty"][..]] {
        let mut args = vec!["check", "--format", "json"];
        args.extend_from_slice(extra);
        args.push(".");
        let r = common::run_in(&dir, &args, "");
        let doc: Value = serde_json::from_str(&r.stdout).expect("valid JSON");
        let got = doc["files"].as_array().unwrap();
        assert_eq!(got.len(), files.len());
        for (file, (name, _)) in got.iter().zip(&files) {
            let one: Value = serde_json::from_str(&alone("json", name)).unwrap();
            assert!(
                file == &one["files"][0],
                "{name} differs from its output alone"
            );
        }
        assert!(r.stdout.len() > 1 << 20, "{} bytes", r.stdout.len());
    }
    // The JSON-lines stream: after the start record, one line per file, in order.
    let r = common::run_in(&dir, &["check", "--format", "json-lines", "."], "");
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), files.len() + 2);
    for (line, (name, _)) in lines[1..].iter().zip(&files) {
        let one = alone("json-lines", name);
        assert!(
            *line == one.lines().nth(1).unwrap(),
            "{name} differs from its output alone"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
