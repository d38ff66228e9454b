//! The browser's answers are the language server's: every shipped example and founding case is
//! opened in `mdip-wasm` (called natively) and in the in-process server (UTF-16 positions),
//! and diagnostics, quick fixes, hover, completion, inlay hints, semantic tokens, formatting,
//! the outline and the pictures are compared, positions converted to the same UTF-16 offsets.

use std::path::{Path, PathBuf};

use mdip_test_support::lsp::TestClient;
use mdip_wasm::Document;
use serde_json::{json, Value};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn inputs() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in ["examples", "tests/mdatc"] {
        let mut here: Vec<PathBuf> = std::fs::read_dir(repo().join(dir))
            .expect("folder")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "mdip"))
            .collect();
        here.sort();
        files.extend(here);
    }
    assert!(
        files.len() >= 8,
        "the examples and the founding cases: {files:?}"
    );
    // And the diagnostics inputs of names, coasts, seasons and characters (non-ASCII text
    // among them, where UTF-16 offsets differ from bytes).
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(repo().join("crates/mdip-cli/tests/inputs"))
        .expect("folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| {
            // The inputs numbered 1 to 23 (`07-...`, not `100-...`).
            p.file_name().is_some_and(|n| {
                n.to_string_lossy()
                    .split('-')
                    .next()
                    .and_then(|k| k.parse::<u32>().ok())
                    .is_some_and(|k| k <= 23)
            })
        })
        .collect();
    inputs.sort();
    assert_eq!(inputs.len(), 23);
    files.extend(inputs);
    files
}

/// UTF-16 offsets of the start and of the end (before its break) of every line; lines end at
/// `\n`, `\r\n` or a lone `\r`, as the server counts them.
fn lines(text: &str) -> (Vec<u32>, Vec<u32>) {
    let (mut starts, mut ends) = (vec![0], Vec::new());
    let mut u = 0u32;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let here = u;
        u += c.len_utf16() as u32;
        if c == '\r' && chars.peek() == Some(&'\n') {
            chars.next();
            u += 1;
        }
        if c == '\n' || c == '\r' {
            ends.push(here);
            starts.push(u);
        }
    }
    ends.push(u);
    (starts, ends)
}

struct Text {
    starts: Vec<u32>,
    ends: Vec<u32>,
}

impl Text {
    fn flat(&self, p: &Value) -> u32 {
        let line = p["line"].as_u64().expect("line") as usize;
        self.starts[line] + p["character"].as_u64().expect("character") as u32
    }
    fn range(&self, r: &Value) -> (u32, u32) {
        (self.flat(&r["start"]), self.flat(&r["end"]))
    }
    fn pos(&self, offset: u32) -> Value {
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        json!({ "line": line, "character": offset - self.starts[line] })
    }
}

/// The server's message of a diagnostic, composed from the browser's parts.
fn lsp_message(d: &mdip_wasm::Diag) -> String {
    let mut m = d.message.clone();
    if d.expected {
        m.push_str(" (expected)");
    }
    if let Some(h) = &d.hint {
        m.push_str("\nhint: ");
        m.push_str(h);
    }
    m
}

fn edits(t: &Text, v: &Value) -> Vec<(u32, u32, String)> {
    let mut out: Vec<(u32, u32, String)> = v
        .as_array()
        .map(|a| {
            a.iter()
                .map(|e| {
                    let (a, b) = t.range(&e["range"]);
                    (a, b, e["newText"].as_str().unwrap_or_default().to_owned())
                })
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

fn wasm_edits(e: &[mdip_wasm::TextEdit]) -> Vec<(u32, u32, String)> {
    let mut out: Vec<_> = e.iter().map(|e| (e.from, e.to, e.insert.clone())).collect();
    out.sort();
    out
}

/// The server's token type of a highlight class (its legend, `to_proto::TOKEN_TYPES`).
fn token_type(kind: &str) -> u64 {
    match kind {
        "keyword" => 0,
        "power" => 1,
        "province" => 2,
        "unitType" => 3,
        "season" | "number" => 4,
        "coast" => 5,
        "comment" => 6,
        "directive" => 7,
        "value" | "outcome" => 8,
        "operator" => 9,
        other => panic!("no token type for {other}"),
    }
}

fn outline(t: &Text, v: &Value) -> Vec<(String, u32, u32, u32, u32, Value)> {
    v.as_array()
        .map(|a| {
            a.iter()
                .map(|s| {
                    let (a, b) = t.range(&s["range"]);
                    let (c, d) = t.range(&s["selectionRange"]);
                    let children = json!(outline(t, &s["children"])
                        .into_iter()
                        .map(|c| json!([c.0, c.1, c.2, c.3, c.4, c.5]))
                        .collect::<Vec<_>>());
                    (s["name"].as_str().unwrap().to_owned(), a, b, c, d, children)
                })
                .collect()
        })
        .unwrap_or_default()
}

fn wasm_outline(items: &[mdip_wasm::OutlineItem]) -> Vec<(String, u32, u32, u32, u32, Value)> {
    items
        .iter()
        .map(|s| {
            let children = json!(wasm_outline(&s.children)
                .into_iter()
                .map(|c| json!([c.0, c.1, c.2, c.3, c.4, c.5]))
                .collect::<Vec<_>>());
            (
                s.name.clone(),
                s.from,
                s.to,
                s.selection.from,
                s.selection.to,
                children,
            )
        })
        .collect()
}

/// One input opened in the browser's document: its name, its URI in the server, its lines.
struct Opened {
    name: String,
    uri: String,
    doc: Document,
    t: Text,
}

impl Opened {
    /// The message of a failed comparison: the file and what was compared.
    fn what(&self, kind: &str) -> String {
        format!("{}: {kind}", self.name)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_browser_answers_as_the_server_does() {
    let (mut c, init) = TestClient::start(&["utf-16"]).await;
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-16");
    let mut compared = [0usize; 9];
    for path in inputs() {
        let text = std::fs::read_to_string(&path).expect("read");
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let uri = format!("file:///parity/{name}");
        let doc = Document::new(&name, &text);
        let (starts, ends) = lines(&text);
        let t = Text { starts, ends };
        c.open(&uri, &text).await;
        let f = Opened { name, uri, doc, t };

        let mine = compare_diagnostics(&mut c, &f).await;
        compared[0] += mine.len();
        compared[1] += compare_code_actions(&mut c, &f, &mine).await;
        let tokens = compare_semantic_tokens(&mut c, &f).await;
        compared[2] += tokens.len();
        compared[3] += compare_hovers(&mut c, &f, &tokens).await;
        compared[4] += compare_completions(&mut c, &f).await;
        compared[5] += compare_inlay_hints(&mut c, &f).await;
        compare_formatting(&mut c, &f).await;
        compared[6] += 1;
        compare_outline(&mut c, &f).await;
        compared[7] += 1;
        compared[8] += compare_pictures(&mut c, &f).await;
    }
    // Every kind of answer was compared on something.
    for (kind, n) in [
        "diagnostics",
        "code actions",
        "tokens",
        "hovers",
        "completions",
        "hints",
        "formatting",
        "outlines",
        "pictures",
    ]
    .iter()
    .zip(compared)
    {
        assert!(n > 0, "no {kind} compared");
    }
    c.shutdown().await;
}

/// The server's diagnostics against the browser's (range, code, severity, message): the
/// browser's.
async fn compare_diagnostics(c: &mut TestClient, f: &Opened) -> Vec<mdip_wasm::Diag> {
    let t = &f.t;
    let server = c.diagnostics(&f.uri, 1).await;
    let mine = f.doc.diagnostics();
    let mut a: Vec<_> = server
        .iter()
        .map(|d| {
            let (from, to) = t.range(&d["range"]);
            (
                from,
                to,
                d["code"].as_str().unwrap().to_owned(),
                d["severity"].as_u64().unwrap(),
                d["message"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let mut b: Vec<_> = mine
        .iter()
        .map(|d| {
            let sev = match d.severity {
                "error" => 1,
                "warning" => 2,
                _ => 3,
            };
            (d.from, d.to, d.code.clone(), sev, lsp_message(d))
        })
        .collect();
    a.sort();
    b.sort();
    assert_eq!(a, b, "{}", f.what("diagnostics"));
    mine
}

/// The code actions of each diagnostic's range, and its own fixes among them: how many.
async fn compare_code_actions(c: &mut TestClient, f: &Opened, mine: &[mdip_wasm::Diag]) -> usize {
    let (t, uri) = (&f.t, &f.uri);
    let mut compared = 0;
    for d in mine {
        let r = c
            .request(
                "textDocument/codeAction",
                json!({ "textDocument": { "uri": uri }, "range": { "start": t.pos(d.from), "end": t.pos(d.to) }, "context": { "diagnostics": [] } }),
            )
            .await;
        let mut server: Vec<_> = r["result"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .map(|a| {
                (
                    a["title"].as_str().unwrap().to_owned(),
                    edits(t, &a["edit"]["changes"][uri]),
                )
            })
            .collect();
        let mut browser: Vec<_> = f
            .doc
            .code_actions(d.from, d.to)
            .iter()
            .map(|fix| (fix.title.clone(), wasm_edits(&fix.edits)))
            .collect();
        server.sort();
        browser.sort();
        assert_eq!(server, browser, "{}", f.what("code actions"));
        // A diagnostic's own fixes are among the actions of its range.
        for fix in &d.fixes {
            assert!(
                browser.contains(&(fix.title.clone(), wasm_edits(&fix.edits))),
                "{}",
                f.what("fix")
            );
        }
        compared += browser.len();
    }
    compared
}

/// Semantic tokens (the server's are relative; lengths in UTF-16 units): the browser's.
async fn compare_semantic_tokens(c: &mut TestClient, f: &Opened) -> Vec<mdip_wasm::Token> {
    let r = c
        .request(
            "textDocument/semanticTokens/full",
            json!({ "textDocument": { "uri": f.uri } }),
        )
        .await;
    let data: Vec<u64> = r["result"]["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let (mut line, mut col) = (0u64, 0u64);
    let mut server = Vec::new();
    for tok in data.chunks(5) {
        if tok[0] > 0 {
            col = 0;
        }
        line += tok[0];
        col += tok[1];
        let from = f.t.starts[line as usize] + col as u32;
        server.push((from, from + tok[2] as u32, tok[3]));
    }
    let tokens = f.doc.tokens();
    let browser: Vec<_> = tokens
        .iter()
        .map(|k| (k.from, k.to, token_type(k.kind)))
        .collect();
    assert_eq!(server, browser, "{}", f.what("semantic tokens"));
    tokens
}

/// Hover at the start of every token (the first 80): how many hovers were answered.
async fn compare_hovers(c: &mut TestClient, f: &Opened, tokens: &[mdip_wasm::Token]) -> usize {
    let t = &f.t;
    let mut compared = 0;
    for k in tokens.iter().take(80) {
        let r = c
            .request(
                "textDocument/hover",
                json!({ "textDocument": { "uri": f.uri }, "position": t.pos(k.from) }),
            )
            .await;
        let server = (!r["result"].is_null()).then(|| {
            let (a, b) = t.range(&r["result"]["range"]);
            (
                a,
                b,
                r["result"]["contents"]["value"]
                    .as_str()
                    .unwrap()
                    .to_owned(),
            )
        });
        let browser = f.doc.hover(k.from).map(|h| (h.from, h.to, h.markdown));
        assert_eq!(server, browser, "{} at {}", f.what("hover"), k.from);
        compared += usize::from(browser.is_some());
    }
    compared
}

/// Completion at the end of every line (the first 60): how many items.
async fn compare_completions(c: &mut TestClient, f: &Opened) -> usize {
    let t = &f.t;
    let mut compared = 0;
    for (i, &at) in t.ends.iter().enumerate().take(60) {
        let r = c
            .request(
                "textDocument/completion",
                json!({ "textDocument": { "uri": f.uri }, "position": t.pos(at) }),
            )
            .await;
        let server: Vec<_> = r["result"]["items"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .map(|i| {
                let (a, b) = t.range(&i["textEdit"]["range"]);
                (
                    i["label"].as_str().unwrap().to_owned(),
                    i["textEdit"]["newText"].as_str().unwrap().to_owned(),
                    a,
                    b,
                    i["sortText"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        let browser: Vec<_> = f
            .doc
            .completions(at, true)
            .into_iter()
            .map(|i| (i.label, i.insert, i.from, i.to, i.sort))
            .collect();
        assert_eq!(server, browser, "{} at line {i}", f.what("completion"));
        compared += browser.len();
    }
    compared
}

/// Inlay hints of the whole text: how many.
async fn compare_inlay_hints(c: &mut TestClient, f: &Opened) -> usize {
    let t = &f.t;
    let end = t.pos(*t.ends.last().unwrap());
    let r = c
        .request("textDocument/inlayHint", json!({ "textDocument": { "uri": f.uri }, "range": { "start": { "line": 0, "character": 0 }, "end": end } }))
        .await;
    let server: Vec<_> = r["result"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|h| {
            (
                t.flat(&h["position"]),
                h["label"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let browser: Vec<_> = f
        .doc
        .inlay_hints()
        .into_iter()
        .map(|h| (h.at, h.label))
        .collect();
    assert_eq!(server, browser, "{}", f.what("inlay hints"));
    browser.len()
}

/// The formatting edits of the whole document.
async fn compare_formatting(c: &mut TestClient, f: &Opened) {
    let r = c
        .request("textDocument/formatting", json!({ "textDocument": { "uri": f.uri }, "options": { "tabSize": 4, "insertSpaces": true } }))
        .await;
    let browser = f.doc.format().ok().map(|e| wasm_edits(&e));
    let server = (!r["result"].is_null()).then(|| edits(&f.t, &r["result"]));
    assert_eq!(server, browser, "{}", f.what("formatting"));
}

/// The outline (document symbols, with their children).
async fn compare_outline(c: &mut TestClient, f: &Opened) {
    let r = c
        .request(
            "textDocument/documentSymbol",
            json!({ "textDocument": { "uri": f.uri } }),
        )
        .await;
    assert_eq!(
        outline(&f.t, &r["result"]),
        wasm_outline(&f.doc.outline()),
        "{}",
        f.what("outline")
    );
}

/// The pictures: the default one, the multiverse, and the board of each order's line (the
/// first 6): how many.
async fn compare_pictures(c: &mut TestClient, f: &Opened) -> usize {
    let mut subjects = vec![
        (Value::Null, String::new()),
        (json!("multiverse"), "multiverse".to_owned()),
    ];
    for o in f.doc.report().orders.iter().take(6) {
        subjects.push((
            json!({ "line": o.line - 1, "character": 0 }),
            format!("line:{}", o.line),
        ));
    }
    let mut compared = 0;
    for (arg, subject) in subjects {
        let mut args = vec![json!(f.uri)];
        if !arg.is_null() {
            args.push(arg);
        }
        let r = c
            .request(
                "workspace/executeCommand",
                json!({ "command": "mdip.render", "arguments": args }),
            )
            .await;
        let browser = f.doc.render(&subject).expect("a picture");
        assert_eq!(
            r["result"].as_str(),
            Some(browser.as_str()),
            "{} {subject}",
            f.what("picture")
        );
        compared += 1;
    }
    compared
}

#[test]
fn an_edit_answers_as_a_fresh_document() {
    let text = std::fs::read_to_string(repo().join("tests/mdatc/3.A.2.mdip")).expect("read");
    let mut doc = Document::new("3.A.2.mdip", &text);
    let edited = text.replacen("A Munich - Tyrolia", "A Munih - Tyrolia", 1);
    doc.update(&edited);
    let fresh = Document::new("3.A.2.mdip", &edited);
    assert_eq!(doc.diagnostics(), fresh.diagnostics());
    assert_eq!(doc.inlay_hints(), fresh.inlay_hints());
    assert!(doc
        .diagnostics()
        .iter()
        .any(|d| d.fixes.iter().any(|f| f.title.contains("Munich"))));
}
