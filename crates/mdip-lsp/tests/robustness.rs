//! Robustness: malformed JSON-RPC, unknown documents, positions past the end, a 10 MB file,
//! hundreds of rapid edits, and the built server binary. Each is answered with an error or an
//! empty result, and the server is alive afterwards.

use std::process::Stdio;
use std::time::Duration;

use mdip_test_support::lsp::{at, long_standard_game, TestClient};
use serde_json::{json, Value};

const URI: &str = "file:///test/robust.mdip";

/// The server still answers: a hover on an unknown document is an empty result.
async fn alive(c: &mut TestClient) {
    let r = c
        .request("textDocument/hover", at("file:///nowhere.mdip", 0, 0))
        .await;
    assert!(r["result"].is_null() && r["error"].is_null(), "{r}");
}

fn error_code(r: &Value) -> i64 {
    r["error"]["code"]
        .as_i64()
        .unwrap_or_else(|| panic!("an error: {r}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_json_rpc_gets_errors() {
    let (mut c, _) = TestClient::start(&["utf-16"]).await;
    // Not JSON.
    c.send_raw(b"Content-Length: 9\r\n\r\n{invalid}").await;
    let r = c.response(Value::Null).await;
    assert_eq!(error_code(&r), -32700, "{r}");
    alive(&mut c).await;
    // JSON, but not a request: answered with its id.
    c.send(&json!({ "jsonrpc": "2.0", "id": 77, "params": [] }))
        .await;
    let r = c.response(json!(77)).await;
    assert!([-32600, -32601].contains(&error_code(&r)), "{r}");
    c.send(&json!([1, 2, 3])).await;
    let r = c.response(Value::Null).await;
    assert_eq!(error_code(&r), -32600, "{r}");
    // A frame without Content-Length, then garbage between frames.
    c.send_raw(b"Content-Type: text/plain\r\n\r\n").await;
    let r = c.response(Value::Null).await;
    assert_eq!(error_code(&r), -32700, "{r}");
    alive(&mut c).await;
    c.send_raw(b"\r\n\r\nno header here\r\n\r\n").await;
    let r = c.response(Value::Null).await;
    assert_eq!(error_code(&r), -32700, "{r}");
    alive(&mut c).await;
    // Wrong parameters, unknown method.
    let r = c
        .request("textDocument/hover", json!({ "bogus": true }))
        .await;
    assert_eq!(error_code(&r), -32602, "{r}");
    let r = c.request("mdip/nothing", json!({})).await;
    assert_eq!(error_code(&r), -32601, "{r}");
    // Malformed document notifications are dropped.
    c.notify("textDocument/didOpen", json!({ "textDocument": 5 }))
        .await;
    c.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": URI } }),
    )
    .await;
    c.notify("textDocument/didChange", Value::Null).await;
    alive(&mut c).await;
    // A second initialize is refused.
    let r = c.request("initialize", json!({ "capabilities": {} })).await;
    assert_eq!(error_code(&r), -32600, "{r}");
    alive(&mut c).await;
    c.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_on_unknown_documents_are_empty() {
    let (mut c, _) = TestClient::start(&["utf-8"]).await;
    let nowhere = "file:///not/open.mdip";
    let doc = json!({ "uri": nowhere });
    let r0 =
        json!({ "start": { "line": 0, "character": 0 }, "end": { "line": 3, "character": 0 } });
    for (method, params) in [
        ("textDocument/hover", at(nowhere, 0, 0)),
        ("textDocument/completion", at(nowhere, 0, 0)),
        ("textDocument/definition", at(nowhere, 0, 0)),
        (
            "textDocument/inlayHint",
            json!({ "textDocument": doc, "range": r0 }),
        ),
        (
            "textDocument/codeAction",
            json!({ "textDocument": doc, "range": r0, "context": { "diagnostics": [] } }),
        ),
        (
            "textDocument/documentSymbol",
            json!({ "textDocument": doc }),
        ),
        ("textDocument/foldingRange", json!({ "textDocument": doc })),
        (
            "textDocument/semanticTokens/full",
            json!({ "textDocument": doc }),
        ),
        (
            "textDocument/formatting",
            json!({ "textDocument": doc, "options": { "tabSize": 2, "insertSpaces": true } }),
        ),
    ] {
        let r = c.request(method, params).await;
        assert!(
            r["result"].is_null() && r["error"].is_null(),
            "{method}: {r}"
        );
    }
    // Changes and closes of unknown documents are ignored.
    c.edit(nowhere, 2, 0, 0, 0, 0, "x").await;
    c.notify("textDocument/didClose", json!({ "textDocument": doc }))
        .await;
    alive(&mut c).await;
    c.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn positions_past_the_end_are_clamped() {
    let (mut c, _) = TestClient::start(&["utf-16"]).await;
    c.open(URI, "Germany:\nA Munich hold\n").await;
    c.diagnostics(URI, 1).await;
    for (line, ch) in [(1, 999), (99, 0), (u32::MAX, u32::MAX)] {
        for method in [
            "textDocument/hover",
            "textDocument/completion",
            "textDocument/definition",
        ] {
            let r = c.request(method, at(URI, line, ch)).await;
            assert!(r["error"].is_null(), "{method} at {line}:{ch}: {r}");
        }
    }
    let far =
        json!({ "start": { "line": 500, "character": 3 }, "end": { "line": 900, "character": 9 } });
    let r = c
        .request(
            "textDocument/inlayHint",
            json!({ "textDocument": { "uri": URI }, "range": far }),
        )
        .await;
    assert!(r["error"].is_null(), "{r}");
    let r = c
        .request(
            "textDocument/semanticTokens/range",
            json!({ "textDocument": { "uri": URI }, "range": far }),
        )
        .await;
    assert!(r["error"].is_null(), "{r}");
    // An edit past the end appends at the end; an inverted range is read in order.
    c.edit(URI, 2, 40, 7, 41, 0, "A Berlin hold\n").await;
    c.edit(URI, 3, 2, 8, 2, 2, "Kiel").await;
    let diags = c.diagnostics(URI, 3).await;
    assert!(diags.iter().all(|d| d["severity"] != 1), "{diags:?}");
    let h = c.request("textDocument/hover", at(URI, 2, 3)).await;
    assert!(
        h["result"]["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("A Kiel"),
        "{h}"
    );
    alive(&mut c).await;
    c.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ten_megabyte_file() {
    let big = long_standard_game(10 << 20);
    assert!(big.len() >= 10 << 20);
    let (mut c, _) = TestClient::start(&["utf-16"]).await;
    c.open(URI, &big).await;
    // Requests made while the analysis runs are answered (after at most the wait), and the
    // server keeps answering other documents.
    let r = c.request("textDocument/hover", at(URI, 4, 3)).await;
    assert!(r["error"].is_null(), "{r}");
    alive(&mut c).await;
    let diags = c.diagnostics(URI, 1).await;
    assert!(diags.is_empty(), "{diags:?}");
    let h = c.request("textDocument/hover", at(URI, 4, 3)).await;
    assert!(h["result"]["contents"]["value"].as_str().is_some(), "{h}");
    // An edit near the end.
    let last = big.lines().count() as u32 - 1;
    c.edit(URI, 2, last, 0, last, 0, "A Atlantis hold").await;
    let diags = c.diagnostics(URI, 2).await;
    assert!(diags.iter().any(|d| d["code"] == "E0202"), "{diags:?}");
    c.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hundreds_of_rapid_edits_apply_in_order() {
    let (mut c, _) = TestClient::start(&["utf-16"]).await;
    c.open(URI, "@start standard\nGermany:\n").await;
    let orders = [
        "A Berlin - Kiel",
        "A Munich - Ruhr",
        "F Kiel - Denmark",
        "# typed fast",
    ];
    let mut version = 1;
    let mut line = 2;
    for round in 0..6 {
        for order in orders {
            for (i, ch) in order.chars().enumerate() {
                version += 1;
                c.edit(
                    URI,
                    version,
                    line,
                    i as u32,
                    line,
                    i as u32,
                    &ch.to_string(),
                )
                .await;
                if version % 25 == 0 {
                    // Requests in the middle of the burst are answered.
                    let r = c.request("textDocument/hover", at(URI, line, 0)).await;
                    assert!(r["error"].is_null(), "{r}");
                }
            }
            version += 1;
            let end = order.len() as u32;
            c.edit(URI, version, line, end, line, end, "\n").await;
            line += 1;
        }
        let _ = round;
    }
    assert!(version > 300, "{version} edits");
    let diags = c.diagnostics(URI, version).await;
    // Any edit out of order would have left garbled names.
    assert!(
        diags
            .iter()
            .all(|d| !d["code"].as_str().unwrap().starts_with("E02")),
        "{diags:?}"
    );
    // Publications never go back in version.
    let mut last = 0;
    for m in &c.backlog {
        if m["method"] == "textDocument/publishDiagnostics" {
            let v = m["params"]["version"].as_i64().unwrap();
            assert!(v >= last, "{v} after {last}");
            last = v;
        }
    }
    let h = c.request("textDocument/hover", at(URI, 2 + 4 * 5, 3)).await;
    assert!(
        h["result"]["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("A Berlin"),
        "{h}"
    );
    c.shutdown().await;
}

/// The built server binary over real pipes: a session, then garbage, then the end of input.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_serves_stdio_and_exits() {
    let exe = env!("CARGO_BIN_EXE_mdip-lsp-test-server");
    let mut child = tokio::process::Command::new(exe)
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the server");
    let mut c = TestClient::over(child.stdin.take().unwrap(), child.stdout.take().unwrap());
    let init = c.initialize(&["utf-8"]).await;
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-8");
    c.open(URI, "England:\nF Londn - North Sea\n").await;
    let diags = c.diagnostics(URI, 1).await;
    assert_eq!(diags[0]["code"], "E0202");
    c.send_raw(b"Content-Length: 3\r\n\r\n}}}").await;
    let r = c.response(Value::Null).await;
    assert_eq!(error_code(&r), -32700);
    alive(&mut c).await;
    let r = c.shutdown().await;
    assert!(r["error"].is_null());
    let status = tokio::time::timeout(Duration::from_secs(30), child.wait())
        .await
        .expect("exits after exit")
        .unwrap();
    assert!(status.success(), "{status}");

    // Without `exit`: the server stops when its input closes.
    let mut child = tokio::process::Command::new(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("start the server");
    drop(child.stdin.take());
    let status = tokio::time::timeout(Duration::from_secs(30), child.wait())
        .await
        .expect("exits when input closes")
        .unwrap();
    assert_eq!(
        status.code(),
        Some(1),
        "no shutdown before the end: {status}"
    );

    // `exit` without `shutdown`: exit code 1, as the protocol says.
    let mut child = tokio::process::Command::new(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the server");
    let mut c = TestClient::over(child.stdin.take().unwrap(), child.stdout.take().unwrap());
    c.initialize(&["utf-8"]).await;
    c.notify("exit", Value::Null).await;
    let status = tokio::time::timeout(Duration::from_secs(30), child.wait())
        .await
        .expect("exits after exit")
        .unwrap();
    assert_eq!(status.code(), Some(1), "exit without shutdown: {status}");
}
