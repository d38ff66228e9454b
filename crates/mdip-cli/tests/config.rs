//! `mdip.toml`, suppression comments, `mdip check --fix` and `mdip fmt`, run as a user would,
//! in scratch folders; outputs are snapshots.

mod common;

use std::path::{Path, PathBuf};

use common::{root, run_in, Run};

/// A fresh folder holding `files` (path, text).
fn folder(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("cli-config")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (path, text) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    dir
}

/// The exit code, standard output and standard error of a run, for a snapshot.
fn shown(r: &Run) -> String {
    format!(
        "exit code: {}\n--- stdout\n{}--- stderr\n{}",
        r.code, r.stdout, r.stderr
    )
}

/// Typos with one answer, a needless coast, an army at sea (its fix is a guess), and a line
/// the parser cannot read next to a typo.
const TYPOS: &str = "\
England:
F Lodnon - North Sae
A Liverpool - Yorkshire(nc)
A North Sea Hold
F Edinburgh - Norwegian Sea

Frnace:
A Paris - Burgundy
A Marseilles - Spian -
";

/// One order of each kind the configuration changes: E0202 (a typo), W0201 (a needless coast).
const SMALL: &str = "England:\nF Lodnon - North Sea\nA Liverpool - Yorkshire(nc)\n";

#[test]
fn a_folders_mdip_toml_ignores_a_code_and_raises_a_warning() {
    let config = "# The team's settings.\nignore = [\"E02\"]\n\n[severity]\nW0201 = \"error\"\n";
    let dir = folder(
        "follow",
        &[
            ("mdip.toml", config),
            ("games/a.mdip", SMALL),
            ("other/mdip.toml", "extend-select = []\n"),
            ("other/b.mdip", SMALL),
        ],
    );
    let games = run_in(&dir, &["check", "--format", "concise", "games"], "");
    // `other/` has a configuration of its own (files are not merged): the defaults there.
    let other = run_in(&dir, &["check", "--format", "concise", "other"], "");
    let isolated = run_in(
        &dir,
        &["check", "--format", "concise", "--isolated", "games"],
        "",
    );
    let explicit = run_in(
        &dir,
        &[
            "check",
            "--format",
            "concise",
            "--config",
            "mdip.toml",
            "other",
        ],
        "",
    );
    assert_eq!(
        (games.code, other.code, isolated.code, explicit.code),
        (1, 1, 1, 1)
    );
    assert!(!games.stdout.contains("E0202") && games.stdout.contains("error[W0201]"));
    assert!(other.stdout.contains("E0202") && other.stdout.contains("warning[W0201]"));
    assert!(isolated.stdout.contains("E0202"));
    assert!(!explicit.stdout.contains("E0202"));
    insta::assert_snapshot!(
        "config_follow",
        [&games, &other, &isolated, &explicit]
            .map(shown)
            .join("\n=====\n")
    );
    // Standard input follows the current folder's configuration.
    let stdin = run_in(&dir, &["check", "--format", "concise", "-"], SMALL);
    assert!(
        !stdin.stdout.contains("E0202") && stdin.stdout.contains("error[W0201]"),
        "{}",
        stdin.stdout
    );
}

#[test]
fn select_overrides_and_exclude() {
    let config = "\
select = [\"E\"]
extend-select = [\"W0201\"]
exclude = [\"drafts\"]

[[overrides]]
files = [\"legacy/**\"]
ignore = [\"E0202\"]
warnings-as-errors = true
";
    let dir = folder(
        "overrides",
        &[
            (".mdip.toml", config),
            ("new/a.mdip", SMALL),
            ("legacy/b.mdip", SMALL),
            ("drafts/c.mdip", "this line is not an order\n"),
        ],
    );
    let all = run_in(&dir, &["check", "--format", "concise", "."], "");
    // A file named on the command line is checked even when excluded.
    let named = run_in(&dir, &["check", "--format", "concise", "drafts/c.mdip"], "");
    assert!(!all.stdout.contains("drafts"), "{}", all.stdout);
    assert_eq!(named.code, 1);
    insta::assert_snapshot!(
        "config_overrides",
        [&all, &named].map(shown).join("\n=====\n")
    );
}

#[test]
fn bad_configuration_is_an_error_naming_file_line_and_key() {
    let cases: [(&str, &str); 7] = [
        ("unknown-key", "select = [\"E\"]\nignroe = [\"W\"]\n"),
        ("unknown-code", "ignore = [\"E02\", \"W201\"]\n"),
        ("unknown-prefix", "select = [\"X\"]\n"),
        ("bad-severity", "[severity]\nW0201 = \"fatal\"\n"),
        ("wrong-type", "warnings-as-errors = \"yes\"\n"),
        ("malformed", "ignore = [\"E02\"\n"),
        (
            "override",
            "[[overrides]]\nfiles = [\"a/[\"]\nseverity = { E03 = \"warning\", Q1 = \"error\" }\n",
        ),
    ];
    let mut out = Vec::new();
    for (name, config) in cases {
        let dir = folder(
            &format!("bad-{name}"),
            &[("mdip.toml", config), ("a.mdip", SMALL)],
        );
        let r = run_in(&dir, &["check", "a.mdip"], "");
        assert_eq!(r.code, 2, "{name}: {}", r.stderr);
        assert!(r.stdout.is_empty(), "{name}: nothing is checked");
        assert!(r.stderr.contains("mdip.toml:"), "{name}: {}", r.stderr);
        out.push(format!("## {name}\n{config}--\n{}", shown(&r)));
    }
    // `--config` naming a file that does not exist; `mdip fmt` reads the same files.
    let dir = folder("bad-missing", &[("a.mdip", SMALL)]);
    let r = run_in(&dir, &["check", "--config", "nowhere.toml", "a.mdip"], "");
    assert_eq!(r.code, 2);
    out.push(format!("## missing\n{}", shown(&r)));
    let dir = folder(
        "bad-fmt",
        &[("mdip.toml", "exclude = 3\n"), ("a.mdip", SMALL)],
    );
    let r = run_in(&dir, &["fmt", "--check", "a.mdip"], "");
    assert_eq!(r.code, 2);
    out.push(format!("## fmt\n{}", shown(&r)));
    insta::assert_snapshot!("config_errors", out.join("\n"));
}

#[test]
fn suppression_comments_silence_one_line_and_report_unused_codes() {
    let text = "\
England:
F Lodnon - North Sea   # mdip: ignore[E0202]
A Yorx Hold            # mdip: ignore[E0202, W0201, E9999]
A Liverpool - Yorkshire(nc) # a comment, then mdip: ignore[W0201]
F Edinbrugh - Norwegian Sea # mdip: ignore[W0201]
F Brest - Picardy # mdip: ignore[E0202]
";
    let dir = folder("suppress", &[("a.mdip", text)]);
    let r = run_in(&dir, &["check", "--format", "concise", "a.mdip"], "");
    assert_eq!(r.code, 1, "the unsuppressed E0202 on line 5 fails the file");
    insta::assert_snapshot!("suppression", shown(&r));
    // The unused codes are warnings a configuration may ignore, or raise.
    std::fs::write(dir.join("mdip.toml"), "ignore = [\"W01\"]\n").unwrap();
    let r = run_in(&dir, &["check", "--format", "concise", "a.mdip"], "");
    assert!(!r.stdout.contains("W010"), "{}", r.stdout);
}

#[test]
fn fix_applies_safe_fixes_reports_them_and_is_idempotent() {
    let dir = folder("fix", &[("typos.mdip", TYPOS)]);
    let diff = run_in(
        &dir,
        &["check", "--fix", "--diff", "--no-report", "typos.mdip"],
        "",
    );
    assert_eq!(diff.code, 1, "a file would change");
    assert_eq!(
        std::fs::read_to_string(dir.join("typos.mdip")).unwrap(),
        TYPOS,
        "--diff writes nothing"
    );
    let first = run_in(
        &dir,
        &["check", "--fix", "--format", "concise", "typos.mdip"],
        "",
    );
    let fixed = std::fs::read_to_string(dir.join("typos.mdip")).unwrap();
    let second = run_in(
        &dir,
        &["check", "--fix", "--format", "concise", "typos.mdip"],
        "",
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("typos.mdip")).unwrap(),
        fixed,
        "a second --fix changes nothing"
    );
    assert!(second.stderr.contains("0 fixes applied, 0 files changed"));
    // The line the parser could not read keeps its typo.
    assert!(fixed.contains("A Marseilles - Spian -"), "{fixed}");
    let unsafe_fixes = run_in(
        &dir,
        &[
            "check",
            "--fix",
            "--unsafe-fixes",
            "--format",
            "concise",
            "typos.mdip",
        ],
        "",
    );
    let guessed = std::fs::read_to_string(dir.join("typos.mdip")).unwrap();
    assert!(guessed.contains("F North Sea Hold"), "{guessed}");
    insta::assert_snapshot!(
        "fix_typos",
        format!(
            "{}\n=====\n{}\n--- the file\n{fixed}=====\n{}\n=====\n{}\n--- the file\n{guessed}",
            shown(&diff),
            shown(&first),
            shown(&second),
            shown(&unsafe_fixes)
        )
    );
    // A file that is not UTF-8 is not rewritten (its bad bytes would be lost).
    std::fs::write(
        dir.join("bytes.mdip"),
        b"England:\nF Lodnon - North Sea # \xff\n",
    )
    .unwrap();
    let r = run_in(&dir, &["check", "--fix", "bytes.mdip"], "");
    assert!(
        r.stderr.contains("not fixed: it is not valid UTF-8"),
        "{}",
        r.stderr
    );
    assert_eq!(
        std::fs::read(dir.join("bytes.mdip")).unwrap(),
        b"England:\nF Lodnon - North Sea # \xff\n"
    );
    // Standard input is not rewritten: a usage error, unless --diff.
    let r = run_in(&dir, &["check", "--fix", "-"], TYPOS);
    assert_eq!(r.code, 2);
    let r = run_in(&dir, &["check", "--fix", "--diff", "-"], TYPOS);
    assert_eq!(r.code, 1);
    assert!(r.stdout.contains("+F London - North Sea"), "{}", r.stdout);
}

#[test]
fn fix_on_the_shipped_examples_changes_nothing() {
    let examples = root().join("examples");
    let mut files: Vec<(String, String)> = std::fs::read_dir(&examples)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "mdip"))
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect();
    files.sort();
    assert!(files.len() >= 2);
    let owned: Vec<(&str, &str)> = files
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    let dir = folder("examples-fix", &owned);
    let r = run_in(&dir, &["check", "--fix", "--no-report", "."], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    for (name, text) in &files {
        assert_eq!(&std::fs::read_to_string(dir.join(name)).unwrap(), text);
    }
    insta::assert_snapshot!("fix_examples", shown(&r));
}

#[test]
fn fmt_check_and_diff_on_the_examples_and_a_file_with_typos() {
    let check = run_in(&root(), &["fmt", "--check", "examples"], "");
    let diff = run_in(&root(), &["fmt", "--diff", "examples"], "");
    assert_eq!((check.code, diff.code), (1, 1));
    let dir = folder(
        "fmt",
        &[
            ("typos.mdip", TYPOS),
            ("messy.mdip", "England:\nF  London   hold\n"),
        ],
    );
    let before = run_in(&dir, &["fmt", "--check", "."], "");
    let write = run_in(&dir, &["fmt", "."], "");
    let after = run_in(&dir, &["fmt", "--check", "."], "");
    assert_eq!((before.code, write.code, after.code), (1, 0, 0));
    let formatted = std::fs::read_to_string(dir.join("typos.mdip")).unwrap();
    // Lines with an error stay as written.
    assert!(formatted.contains("F Lodnon - North Sae\n"), "{formatted}");
    let stdin = run_in(&dir, &["fmt", "-"], "England:\nF  London   hold\n");
    assert_eq!(stdin.stdout, "England:\nF London Hold\n");
    insta::assert_snapshot!(
        "fmt",
        format!(
            "{}\n=====\n{}\n=====\n{}\n=====\n{}\n=====\n{}\n--- the file\n{formatted}=====\n{}",
            shown(&check),
            shown(&diff),
            shown(&before),
            shown(&write),
            shown(&after),
            shown(&stdin)
        )
    );
}

/// `mdip fmt` writes what the language server's formatting request gives, on every shipped
/// example and suite file sampled (the editor applies the server's edits; here they are
/// applied to the text and compared with the command's output).
#[tokio::test]
async fn fmt_writes_what_the_language_server_formats() {
    use mdip_test_support::lsp::TestClient;
    use serde_json::json;
    let mut texts: Vec<String> = vec![TYPOS.to_owned()];
    for dir in ["examples", "tests/cases"] {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "mdip"))
            .collect();
        paths.sort();
        texts.extend(
            paths
                .iter()
                .take(12)
                .map(|p| std::fs::read_to_string(p).unwrap()),
        );
    }
    let (mut c, _) = TestClient::start(&["utf-8"]).await;
    for (i, text) in texts.iter().enumerate() {
        let messy = text.replace(" - ", "  -  ").replace("Hold", "hold");
        let uri = format!("file:///fmt/{i}.mdip");
        c.open(&uri, &messy).await;
        let r = c
            .request(
                "textDocument/formatting",
                json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 4, "insertSpaces": true } }),
            )
            .await;
        let mut edits = r["result"].as_array().cloned().unwrap_or_default();
        // Applied from the end, so earlier positions hold.
        edits.sort_by_key(|e| {
            (
                e["range"]["start"]["line"].as_u64(),
                e["range"]["start"]["character"].as_u64(),
            )
        });
        let mut server = messy.clone();
        for e in edits.iter().rev() {
            let offset = |p: &serde_json::Value| {
                let line = p["line"].as_u64().unwrap() as usize;
                let col = p["character"].as_u64().unwrap() as usize;
                server
                    .split_inclusive('\n')
                    .take(line)
                    .map(str::len)
                    .sum::<usize>()
                    + col
            };
            let (s, t) = (offset(&e["range"]["start"]), offset(&e["range"]["end"]));
            server.replace_range(s..t, e["newText"].as_str().unwrap());
        }
        let cli = run_in(&root(), &["fmt", "-"], &messy);
        assert_eq!(cli.code, 0, "{}", cli.stderr);
        assert_eq!(cli.stdout, server, "text {i}");
    }
    c.shutdown().await;
}
