//! The server follows `mdip.toml` as `mdip check` does: a folder's file that ignores a code
//! and raises a warning to an error; suppression comments; the editor's `mdip.lint` settings;
//! a bad file named with its line and key; and the `source.fixAll.mdip` action.

use std::path::{Path, PathBuf};

use mdip_test_support::lsp::TestClient;
use serde_json::{json, Value};

/// A fresh folder of its own under the test's scratch folder.
fn folder(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("lsp-config")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn uri_of(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// `(code, severity)` of each diagnostic (1 error, 2 warning).
fn codes(diags: &[Value]) -> Vec<(String, i64)> {
    diags
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or("").to_owned(),
                d["severity"].as_i64().unwrap_or(0),
            )
        })
        .collect()
}

/// A typo (E0202), a needless coast (W0201), a suppression of a code that is not there.
const TEXT: &str = "England:\nF Lodnon - North Sea\nA Liverpool - Yorkshire(nc)\nA Wales Hold # mdip: ignore[E0301]\n";

#[tokio::test]
async fn a_folders_mdip_toml_is_followed_and_fix_all_applies_safe_fixes() {
    let dir = folder("follow");
    std::fs::create_dir_all(dir.join("games")).unwrap();
    std::fs::write(
        dir.join("mdip.toml"),
        "ignore = [\"E02\"]\n[severity]\nW0201 = \"error\"\n",
    )
    .unwrap();
    let file = dir.join("games/a.mdip");
    std::fs::write(&file, TEXT).unwrap();
    let uri = uri_of(&file);

    let (mut c, init) = TestClient::start(&["utf-8"]).await;
    let kinds = &init["capabilities"]["codeActionProvider"]["codeActionKinds"];
    assert!(
        kinds
            .as_array()
            .is_some_and(|k| k.contains(&json!("source.fixAll.mdip"))),
        "{init}"
    );
    c.open(&uri, TEXT).await;
    let diags = c.diagnostics(&uri, 1).await;
    // E0202 ignored, W0201 an error, the unused suppression a warning.
    assert_eq!(
        codes(&diags),
        [("W0201".to_owned(), 1), ("W0101".to_owned(), 2)],
        "{diags:?}"
    );

    // Fix all, as VS Code asks on save: the needless coast and the unused suppression go; the
    // typo's fix is not applied, its code being ignored here.
    let r = c
        .request(
            "textDocument/codeAction",
            json!({
                "textDocument": { "uri": uri },
                "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": 0 } },
                "context": { "diagnostics": [], "only": ["source.fixAll"] }
            }),
        )
        .await;
    let actions = r["result"].as_array().unwrap();
    assert_eq!(actions.len(), 1, "{r}");
    assert_eq!(actions[0]["kind"], "source.fixAll.mdip");
    let edits = actions[0]["edit"]["changes"][&uri].as_array().unwrap();
    assert_eq!(edits.len(), 1, "{edits:?}");
    let fixed = apply(TEXT, &edits[0]);
    assert_eq!(
        fixed,
        "England:\nF Lodnon - North Sea\nA Liverpool - Yorkshire\nA Wales Hold\n"
    );

    // Quick fixes only: no fix-all among them.
    let r = c
        .request(
            "textDocument/codeAction",
            json!({
                "textDocument": { "uri": uri },
                "range": { "start": { "line": 2, "character": 24 }, "end": { "line": 2, "character": 24 } },
                "context": { "diagnostics": [], "only": ["quickfix"] }
            }),
        )
        .await;
    let kinds: Vec<&Value> = r["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| &a["kind"])
        .collect();
    assert!(
        !kinds.is_empty() && kinds.iter().all(|k| *k == "quickfix"),
        "{r}"
    );

    // The unused suppression's own quick fix.
    let r = c
        .request(
            "textDocument/codeAction",
            json!({
                "textDocument": { "uri": uri },
                "range": { "start": { "line": 3, "character": 30 }, "end": { "line": 3, "character": 30 } },
                "context": { "diagnostics": [] }
            }),
        )
        .await;
    let actions = r["result"].as_array().unwrap();
    let remove = actions
        .iter()
        .find(|a| a["title"] == "Remove the unused suppression")
        .unwrap_or_else(|| panic!("{r}"));
    assert_eq!(remove["diagnostics"][0]["code"], "W0101");
    assert_eq!(
        apply(TEXT, &remove["edit"]["changes"][&uri][0]),
        "England:\nF Lodnon - North Sea\nA Liverpool - Yorkshire(nc)\nA Wales Hold\n"
    );

    // The editor's settings come on top of the file's: E0202 selected again.
    c.notify(
        "workspace/didChangeConfiguration",
        json!({ "settings": { "mdip": { "lint": { "extendSelect": ["E0202"] } } } }),
    )
    .await;
    let p = c
        .notification("textDocument/publishDiagnostics", |p| {
            p["uri"] == uri.as_str()
                && p["diagnostics"]
                    .as_array()
                    .is_some_and(|d| d.iter().any(|d| d["code"] == "E0202"))
        })
        .await;
    assert_eq!(
        codes(p["diagnostics"].as_array().unwrap()),
        [
            ("E0202".to_owned(), 1),
            ("W0201".to_owned(), 1),
            ("W0101".to_owned(), 2)
        ]
    );
    let r = c.shutdown().await;
    assert!(r["error"].is_null(), "{r}");
}

#[tokio::test]
async fn a_bad_mdip_toml_is_reported_at_its_line_and_key() {
    let dir = folder("bad");
    let config = dir.join(".mdip.toml");
    std::fs::write(
        &config,
        "select = [\"ALL\"]\nignore = [\"E02\", \"W02011\"]\n",
    )
    .unwrap();
    let file = dir.join("a.mdip");
    std::fs::write(&file, TEXT).unwrap();
    let uri = uri_of(&file);
    let (mut c, _) = TestClient::start(&["utf-8"]).await;
    c.open(&uri, TEXT).await;
    let config_uri = uri_of(&config);
    let p = c
        .notification("textDocument/publishDiagnostics", |p| {
            p["uri"] == config_uri.as_str()
        })
        .await;
    let d = &p["diagnostics"][0];
    assert_eq!(d["range"]["start"]["line"], 1, "{p}");
    let message = d["message"].as_str().unwrap();
    assert!(
        message.starts_with("`ignore`: unknown code `W02011`: did you mean `W0201`"),
        "{message}"
    );
    // The document still has its diagnostics, with the default settings.
    let diags = c.diagnostics(&uri, 1).await;
    assert!(
        codes(&diags).contains(&("E0202".to_owned(), 1)),
        "{diags:?}"
    );
    // Once the file is fixed (and the client says it changed), its diagnostics are cleared.
    std::fs::write(&config, "ignore = [\"E02\"]\n# fixed\n").unwrap();
    c.notify(
        "workspace/didChangeWatchedFiles",
        json!({ "changes": [{ "uri": config_uri, "type": 2 }] }),
    )
    .await;
    let p = c
        .notification("textDocument/publishDiagnostics", |p| {
            p["uri"] == config_uri.as_str()
        })
        .await;
    assert_eq!(p["diagnostics"], json!([]));
    let r = c.shutdown().await;
    assert!(r["error"].is_null(), "{r}");
}

/// The configuration's rule set plays files without `@rules`: a move into the past is illegal
/// under `rules = "standard"`, and legal again once the file says otherwise (the document is
/// analysed again when the setting changes).
#[tokio::test]
async fn the_configurations_rule_set_plays_the_document() {
    let dir = folder("rules");
    std::fs::write(dir.join("mdip.toml"), "rules = \"standard\"\n").unwrap();
    let text = "Germany 0:0\nA Munich Hold\n\nGermany 1:0\nA Munich - Tyrolia 0:0\n";
    let file = dir.join("a.mdip");
    std::fs::write(&file, text).unwrap();
    let uri = uri_of(&file);
    let (mut c, _) = TestClient::start(&["utf-8"]).await;
    c.open(&uri, text).await;
    let diags = c.diagnostics(&uri, 1).await;
    assert!(
        codes(&diags).contains(&("E0315".to_owned(), 1)),
        "{diags:?}"
    );
    std::fs::write(dir.join("mdip.toml"), "rules = \"mdatc\"\n# changed\n").unwrap();
    c.notify("workspace/didChangeWatchedFiles", json!({ "changes": [] }))
        .await;
    let p = c
        .notification("textDocument/publishDiagnostics", |p| {
            p["uri"] == uri.as_str() && p["diagnostics"] == json!([])
        })
        .await;
    assert_eq!(p["version"], 1);
    let r = c.shutdown().await;
    assert!(r["error"].is_null(), "{r}");
}

/// Applies one LSP text edit (UTF-8 columns) to `text`.
fn apply(text: &str, edit: &Value) -> String {
    let offset = |p: &Value| {
        let line = p["line"].as_u64().unwrap() as usize;
        let col = p["character"].as_u64().unwrap() as usize;
        let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
        start + col
    };
    let (s, e) = (
        offset(&edit["range"]["start"]),
        offset(&edit["range"]["end"]),
    );
    format!(
        "{}{}{}",
        &text[..s],
        edit["newText"].as_str().unwrap(),
        &text[e..]
    )
}
