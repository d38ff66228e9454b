//! Protocol-level tests: the server runs in-process over duplex pipes and a test client speaks
//! JSON-RPC to it, once per position encoding. The sample puts non-ASCII text before the
//! positions that matter, so UTF-8 and UTF-16 columns differ.

use mdip_test_support::lsp::{at, TestClient};
use serde_json::{json, Value};

const URI: &str = "file:///test/sample.mdip";

/// Line 4 has `Müních` (6 characters, 8 bytes) at column 2; line 8 forks timeline 1.
const SAMPLE: &str = "\
# ü 🎲 日本
Germany 0:0
A Munich hold
A Berlin - Kiel
A Müních hold  # 🎲 unknown
F Kiell hold

Germany 1:0
A Munich - Tyrolia 0:0
A Kiel hold
";

/// The column of byte `byte` of `line` in `enc`.
fn col(line: &str, byte: usize, enc: &str) -> u32 {
    let s = &line[..byte];
    if enc == "utf-8" {
        s.len() as u32
    } else {
        s.encode_utf16().count() as u32
    }
}

fn line(n: usize) -> &'static str {
    SAMPLE.lines().nth(n).unwrap()
}

fn range(l0: u32, c0: u32, l1: u32, c1: u32) -> Value {
    json!({ "start": { "line": l0, "character": c0 }, "end": { "line": l1, "character": c1 } })
}

fn has_code(diags: &[Value], code: &str, line: u32) -> bool {
    diags
        .iter()
        .any(|d| d["code"] == code && d["range"]["start"]["line"] == line)
}

async fn features(offered: &[&str], enc: &str) {
    let (mut c, init) = TestClient::start(offered).await;
    check_capabilities(&init, enc);
    check_open_diagnostics(&mut c, enc).await;
    check_hovers(&mut c).await;
    check_inlay_hints(&mut c, enc).await;
    check_inlay_settings(&mut c).await;
    check_quick_fix(&mut c).await;
    check_definition(&mut c).await;
    check_references(&mut c).await;
    check_pull_diagnostics(&mut c).await;
    check_outline(&mut c, enc).await;
    check_formatting(&mut c, enc).await;
    check_completion(&mut c).await;
    check_edit(&mut c, enc).await;
    check_close(&mut c).await;
    let r = c.shutdown().await;
    assert!(r["result"].is_null() && r["error"].is_null(), "{r}");
}

/// The negotiated encoding, incremental sync and every provider are advertised.
fn check_capabilities(init: &Value, enc: &str) {
    let caps = &init["capabilities"];
    assert_eq!(caps["positionEncoding"], enc, "{init}");
    assert_eq!(caps["textDocumentSync"]["change"], 2, "incremental sync");
    for provider in [
        "hoverProvider",
        "completionProvider",
        "inlayHintProvider",
        "codeActionProvider",
        "documentSymbolProvider",
        "semanticTokensProvider",
        "foldingRangeProvider",
        "documentFormattingProvider",
        "definitionProvider",
        "referencesProvider",
        "documentHighlightProvider",
        "diagnosticProvider",
    ] {
        assert!(!caps[provider].is_null(), "{provider} advertised");
    }
    assert_eq!(
        caps["executeCommandProvider"]["commands"],
        json!(["mdip.render"]),
        "{init}"
    );
}

/// Diagnostics on open, with ranges in the negotiated units.
async fn check_open_diagnostics(c: &mut TestClient, enc: &str) {
    c.open(URI, SAMPLE).await;
    let diags = c.diagnostics(URI, 1).await;
    let d = diags
        .iter()
        .find(|d| d["code"] == "E0202" && d["range"]["start"]["line"] == 4)
        .expect("unknown province on line 4");
    assert_eq!(d["range"], range(4, 2, 4, col(line(4), 10, enc)), "{d}");
    assert_eq!(d["severity"], 1);
    assert!(d["message"].as_str().unwrap().contains("Müních"));
    assert!(has_code(&diags, "E0202", 5), "Kiell: {diags:?}");
}

/// Hover on a unit (power, type, season, outcome, origin), on a season literal and on a power
/// header.
async fn check_hovers(c: &mut TestClient) {
    let h = c.request("textDocument/hover", at(URI, 2, 3)).await;
    let text = h["result"]["contents"]["value"]
        .as_str()
        .expect("hover text")
        .to_owned();
    for part in [
        "A Munich",
        "German",
        "0:0",
        "succeeds",
        "placed by the setup",
    ] {
        assert!(text.contains(part), "{part:?} in {text}");
    }
    assert_eq!(h["result"]["range"], range(2, 0, 2, 8));
    // On a season literal, and on a power header.
    let h = c.request("textDocument/hover", at(URI, 8, 20)).await;
    let text = h["result"]["contents"]["value"].as_str().unwrap();
    assert!(
        text.contains("Season 0:0") && text.contains("1:1"),
        "{text}"
    );
    let h = c.request("textDocument/hover", at(URI, 1, 2)).await;
    let text = h["result"]["contents"]["value"].as_str().unwrap();
    assert!(
        text.contains("Germany") && text.contains("Units (2)"),
        "{text}"
    );
}

/// Inlay hints: outcomes after orders (after non-ASCII on line 4), forks on headers.
async fn check_inlay_hints(c: &mut TestClient, enc: &str) {
    let hints = c
        .request(
            "textDocument/inlayHint",
            json!({ "textDocument": { "uri": URI }, "range": range(0, 0, 11, 0) }),
        )
        .await;
    let hints = hints["result"].as_array().expect("hints").clone();
    let label_at = |l: u32| -> Vec<(String, Value)> {
        hints
            .iter()
            .filter(|h| h["position"]["line"] == l)
            .map(|h| {
                (
                    h["label"].as_str().unwrap().to_owned(),
                    h["position"]["character"].clone(),
                )
            })
            .collect()
    };
    assert_eq!(
        label_at(8),
        vec![("succeeds, forks timeline 1".to_owned(), json!(22))]
    );
    assert_eq!(
        label_at(4),
        vec![("illegal".to_owned(), json!(col(line(4), 15, enc)))]
    );
    assert_eq!(label_at(1)[0].0, "forks timeline 1 (1:1)");
}

/// The lines and labels of the inlay hints of the whole sample.
async fn hint_labels(c: &mut TestClient) -> Vec<(u64, String)> {
    let hints = c
        .request(
            "textDocument/inlayHint",
            json!({ "textDocument": { "uri": URI }, "range": range(0, 0, 11, 0) }),
        )
        .await;
    hints["result"]
        .as_array()
        .expect("hints")
        .iter()
        .map(|h| {
            (
                h["position"]["line"].as_u64().unwrap(),
                h["label"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// `workspace/didChangeConfiguration` turns kinds of inlay hints off and on again
/// (`mdip.inlayHints.outcomes`, `mdip.inlayHints.forks`, `mdip.inlayHints.victory`).
async fn check_inlay_settings(c: &mut TestClient) {
    let all = hint_labels(c).await;
    assert_eq!(all.len(), 8, "{all:?}");
    assert_eq!(all[0], (1, "forks timeline 1 (1:1)".to_owned()));
    // The victory count after Germany's last header.
    let victory = (7, "Germany 1/18".to_owned());
    assert!(all.contains(&victory), "{all:?}");
    c.notify(
        "workspace/didChangeConfiguration",
        json!({ "settings": { "mdip": { "inlayHints": { "outcomes": false } } } }),
    )
    .await;
    assert_eq!(
        hint_labels(c).await,
        vec![(1, "forks timeline 1 (1:1)".to_owned()), victory.clone()]
    );
    c.notify(
        "workspace/didChangeConfiguration",
        json!({ "settings": { "mdip": { "inlayHints": { "forks": false, "victory": false } } } }),
    )
    .await;
    let outcomes = hint_labels(c).await;
    let expected: Vec<(u64, String)> = all[1..]
        .iter()
        .filter(|h| **h != victory)
        .cloned()
        .collect();
    assert_eq!(outcomes, expected);
    assert!(outcomes.iter().all(|h| !h.1.starts_with("forks")));
    // Back to the defaults.
    c.notify(
        "workspace/didChangeConfiguration",
        json!({ "settings": {} }),
    )
    .await;
    assert_eq!(hint_labels(c).await, all);
}

/// References and highlights of a unit (in 0:0 and, having stayed, in 1:0) and of a season.
async fn check_references(c: &mut TestClient) {
    let mut params = at(URI, 2, 3);
    params["context"] = json!({ "includeDeclaration": true });
    let refs = c.request("textDocument/references", params).await;
    assert_eq!(
        refs["result"],
        json!([
            { "uri": URI, "range": range(2, 0, 2, 8) },
            { "uri": URI, "range": range(8, 0, 8, 8) },
        ]),
        "{refs}"
    );
    let hl = c
        .request("textDocument/documentHighlight", at(URI, 8, 3))
        .await;
    assert_eq!(
        hl["result"],
        json!([
            { "range": range(2, 0, 2, 8), "kind": 3 },
            { "range": range(8, 0, 8, 8), "kind": 3 },
        ]),
        "{hl}"
    );
    // A season: its literals, read.
    let hl = c
        .request("textDocument/documentHighlight", at(URI, 8, 21))
        .await;
    assert_eq!(
        hl["result"],
        json!([
            { "range": range(1, 8, 1, 11), "kind": 2 },
            { "range": range(8, 19, 8, 22), "kind": 2 },
        ]),
        "{hl}"
    );
    // Nothing on a blank line.
    let refs = c
        .request("textDocument/references", {
            let mut p = at(URI, 6, 0);
            p["context"] = json!({ "includeDeclaration": true });
            p
        })
        .await;
    assert_eq!(refs["result"], json!([]), "{refs}");
}

/// Pull diagnostics: the same diagnostics as pushed, the version as result id.
async fn check_pull_diagnostics(c: &mut TestClient) {
    let r = c
        .request(
            "textDocument/diagnostic",
            json!({ "textDocument": { "uri": URI } }),
        )
        .await;
    assert_eq!(r["result"]["kind"], "full", "{r}");
    assert_eq!(r["result"]["resultId"], "1", "{r}");
    let items = r["result"]["items"].as_array().unwrap();
    assert!(
        has_code(items, "E0202", 4) && has_code(items, "E0202", 5),
        "{r}"
    );
    // A document that is not open: an empty report.
    let r = c
        .request(
            "textDocument/diagnostic",
            json!({ "textDocument": { "uri": "file:///test/closed.mdip" } }),
        )
        .await;
    assert_eq!(r["result"]["items"], json!([]), "{r}");
}

/// A quick fix from the diagnostic's "did you mean".
async fn check_quick_fix(c: &mut TestClient) {
    let actions = c
        .request(
            "textDocument/codeAction",
            json!({
                "textDocument": { "uri": URI },
                "range": range(5, 3, 5, 3),
                "context": { "diagnostics": [] }
            }),
        )
        .await;
    let action = &actions["result"][0];
    assert_eq!(action["title"], "Replace with `Kiel`", "{actions}");
    assert_eq!(action["kind"], "quickfix");
    assert_eq!(action["diagnostics"][0]["code"], "E0202");
    let edit = &action["edit"]["changes"][URI][0];
    assert_eq!(edit["range"], range(5, 2, 5, 7));
    assert_eq!(edit["newText"], "Kiel");
}

/// Go to definition: from A Munich in 1:0 to the order that put it there in 0:0.
async fn check_definition(c: &mut TestClient) {
    let def = c.request("textDocument/definition", at(URI, 8, 3)).await;
    assert_eq!(def["result"]["uri"], URI);
    assert_eq!(def["result"]["range"], range(2, 0, 2, 13), "{def}");
}

/// Symbols, folding, semantic tokens.
async fn check_outline(c: &mut TestClient, enc: &str) {
    let symbols = c
        .request(
            "textDocument/documentSymbol",
            json!({ "textDocument": { "uri": URI } }),
        )
        .await;
    assert_eq!(symbols["result"][0]["name"], "Step 1", "{symbols}");
    assert_eq!(
        symbols["result"][0]["children"][0]["children"][0]["name"],
        "Germany"
    );
    let folds = c
        .request(
            "textDocument/foldingRange",
            json!({ "textDocument": { "uri": URI } }),
        )
        .await;
    assert!(!folds["result"].as_array().unwrap().is_empty());
    let tokens = c
        .request(
            "textDocument/semanticTokens/full",
            json!({ "textDocument": { "uri": URI } }),
        )
        .await;
    let data = tokens["result"]["data"].as_array().unwrap();
    assert_eq!(data.len() % 5, 0);
    // The first token is the comment of line 0: 16 bytes, 9 UTF-16 units.
    assert_eq!(
        &data[0..3],
        &[json!(0), json!(0), json!(col(line(0), 16, enc))]
    );
}

/// Formatting: canonical keywords, meaning kept; a line with an error (line 4, an unknown
/// province) stays as written; edit ranges in the negotiated units.
async fn check_formatting(c: &mut TestClient, enc: &str) {
    let edits = c
        .request(
            "textDocument/formatting",
            json!({ "textDocument": { "uri": URI }, "options": { "tabSize": 4, "insertSpaces": true } }),
        )
        .await;
    let edits = edits["result"].as_array().unwrap();
    assert!(
        edits
            .iter()
            .any(|e| e["newText"] == "A Munich Hold" && e["range"] == range(2, 0, 2, 13)),
        "{edits:?}"
    );
    assert!(
        edits.iter().all(|e| e["range"]["start"]["line"] != 4),
        "{edits:?}"
    );
    let uri = "file:///test/format.mdip";
    let text = "Germany:\nA  Berlin  hold  # 🎲 日本\n";
    c.open(uri, text).await;
    let edits = c
        .request(
            "textDocument/formatting",
            json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 4, "insertSpaces": true } }),
        )
        .await;
    let edits = edits["result"].as_array().unwrap();
    let on_line_1 = edits
        .iter()
        .find(|e| e["range"]["start"]["line"] == 1)
        .unwrap_or_else(|| panic!("{edits:?}"));
    assert_eq!(on_line_1["newText"], "A Berlin Hold # 🎲 日本");
    let line_1 = text.lines().nth(1).unwrap();
    assert_eq!(
        on_line_1["range"]["end"]["character"],
        json!(col(line_1, line_1.len(), enc))
    );
}

/// Completion after `A ` on a new line (the power's armies in the block's season), at the
/// start of the line (units, whole-order snippets, powers) and after a unit and `- `
/// (destinations, other seasons of the step included, not those it creates).
async fn check_completion(c: &mut TestClient) {
    c.edit(URI, 2, 10, 0, 10, 0, "A ").await;
    let items = c.request("textDocument/completion", at(URI, 10, 2)).await;
    let labels: Vec<&str> = items["result"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["Kiel", "Munich"], "{items}");
    // At the start of the line: units, whole-order snippets, powers.
    c.edit(URI, 3, 10, 0, 10, 2, "").await;
    let items = c.request("textDocument/completion", at(URI, 10, 0)).await;
    let items = items["result"]["items"].as_array().unwrap().clone();
    let snippet = items
        .iter()
        .find(|i| i["label"] == "A Kiel - …")
        .expect("a move snippet");
    assert_eq!(snippet["insertTextFormat"], 2);
    let text = snippet["textEdit"]["newText"].as_str().unwrap();
    assert!(
        text.starts_with("A Kiel - ${1|") && text.contains("Munich"),
        "{text}"
    );
    assert!(items.iter().any(|i| i["label"] == "Germany"));
    // After a unit and `- `: destinations, other seasons included.
    c.edit(URI, 4, 10, 0, 10, 0, "A Kiel - ").await;
    let items = c.request("textDocument/completion", at(URI, 10, 9)).await;
    let labels: Vec<String> = items["result"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap().to_owned())
        .collect();
    // The step of 1:0 knows 0:0 and 1:0: 2:0 and 1:1 only exist once it is adjudicated.
    assert_eq!(
        labels,
        [
            "Berlin",
            "Denmark",
            "Holland",
            "Munich",
            "Ruhr",
            "Berlin 0:0",
            "Denmark 0:0",
            "Holland 0:0",
            "Kiel 0:0",
            "Munich 0:0",
            "Ruhr 0:0"
        ]
    );
}

/// An edit on the line with non-ASCII text, in the negotiated units, clears the diagnostic.
async fn check_edit(c: &mut TestClient, enc: &str) {
    c.edit(URI, 5, 4, 2, 4, col(line(4), 10, enc), "Ruhr").await;
    let diags = c.diagnostics(URI, 5).await;
    assert!(!has_code(&diags, "E0202", 4), "{diags:?}");
    assert!(has_code(&diags, "E0202", 5));
    let h = c.request("textDocument/hover", at(URI, 4, 3)).await;
    assert!(h["result"]["contents"]["value"]
        .as_str()
        .unwrap()
        .contains("A Ruhr"));
}

/// Close: diagnostics cleared.
async fn check_close(c: &mut TestClient) {
    c.notify(
        "textDocument/didClose",
        json!({ "textDocument": { "uri": URI } }),
    )
    .await;
    let p = c
        .notification("textDocument/publishDiagnostics", |p| {
            p["uri"] == URI && p["diagnostics"] == json!([])
        })
        .await;
    assert!(p["version"].is_null());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn features_in_utf8() {
    features(&["utf-8", "utf-16"], "utf-8").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn features_in_utf16() {
    features(&["utf-16"], "utf-16").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn utf16_when_the_client_offers_nothing() {
    let (c, init) = TestClient::start(&[]).await;
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-16");
    c.shutdown().await;
}

/// The tests of one behaviour each: edits, fixes, pull diagnostics, the picture command, the
/// end of a session.
mod sessions;
