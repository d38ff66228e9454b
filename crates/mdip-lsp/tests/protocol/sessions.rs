//! The protocol tests of one behaviour each, on the sample of `main.rs`: edits in a comment,
//! fixes, expectations, duplicates, a client that pulls diagnostics, the picture command and
//! the end of a session.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn comment_edits_reuse_the_analysis_and_shift_it() {
    let (mut c, _) = TestClient::start(&["utf-16"]).await;
    c.open(URI, SAMPLE).await;
    c.diagnostics(URI, 1).await;
    // Type into the comment of line 4, before the diagnostic of line 5.
    let end = col(line(4), line(4).len(), "utf-16");
    c.edit(URI, 2, 4, end, 4, end, "é🎲").await;
    let diags = c.diagnostics(URI, 2).await;
    let kiell = diags
        .iter()
        .find(|d| d["range"]["start"]["line"] == 5)
        .unwrap();
    assert_eq!(kiell["range"], range(5, 2, 5, 7));
    // Inlay hint positions of line 4 do not move (the comment is after the order) and the
    // semantic token of the comment grows by the three units typed.
    let tokens = c
        .request(
            "textDocument/semanticTokens/full",
            json!({ "textDocument": { "uri": URI } }),
        )
        .await;
    let data: Vec<u64> = tokens["result"]["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let mut line_no = 0;
    let mut comment_len = None;
    for t in data.chunks(5) {
        line_no += t[0];
        if line_no == 4 && t[3] == 6 {
            comment_len = Some(t[2]);
        }
    }
    assert_eq!(
        comment_len,
        Some(("# 🎲 unknown".encode_utf16().count() + 3) as u64)
    );
    // A structural edit after that is analysed again.
    c.edit(URI, 3, 5, 2, 5, 7, "Kiel").await;
    let diags = c.diagnostics(URI, 3).await;
    assert!(!has_code(&diags, "E0202", 5), "{diags:?}");
    c.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_unit_gets_a_fix_moving_the_order_to_the_head() {
    let text = "Germany 0:0\nA Munich hold\n\nGermany 1:0\nA Munich hold\n\nGermany 0:0\nA Munich - Tyrolia\n";
    let (mut c, _) = TestClient::start(&["utf-8"]).await;
    c.open(URI, text).await;
    let diags = c.diagnostics(URI, 1).await;
    assert!(has_code(&diags, "E0304", 7), "{diags:?}");
    let actions = c
        .request(
            "textDocument/codeAction",
            json!({ "textDocument": { "uri": URI }, "range": range(7, 3, 7, 3), "context": { "diagnostics": [] } }),
        )
        .await;
    let action = actions["result"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["title"].as_str().unwrap().contains("head"))
        .unwrap_or_else(|| panic!("{actions}"))
        .clone();
    let edit = &action["edit"]["changes"][URI][0];
    assert_eq!(edit["range"], range(7, 8, 7, 8));
    // The step in progress is the one of 1:0, the head of timeline 0 then.
    assert_eq!(edit["newText"], " 1:0");
    c.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_expectation_points_at_the_unit_that_bounced_it() {
    let text =
        "@start standard\nGermany:\nA Munich - Burgundy => succeeds\nFrance:\nA Paris - Burgundy\n";
    let (mut c, _) = TestClient::start(&["utf-8"]).await;
    c.open(URI, text).await;
    let diags = c.diagnostics(URI, 1).await;
    let d = diags
        .iter()
        .find(|d| d["code"] == "E0401")
        .unwrap_or_else(|| panic!("{diags:?}"));
    assert_eq!(d["range"]["start"]["line"], 2);
    let related = &d["relatedInformation"][0];
    assert_eq!(related["location"]["uri"], URI);
    assert_eq!(related["location"]["range"], range(4, 0, 4, 18), "{d}");
    assert!(
        related["message"].as_str().unwrap().contains("A Paris"),
        "{d}"
    );
    // The inlay hint says the same.
    let hints = c
        .request(
            "textDocument/inlayHint",
            json!({ "textDocument": { "uri": URI }, "range": range(0, 0, 5, 0) }),
        )
        .await;
    assert_eq!(
        hints["result"][1]["label"], "bounced off A Paris",
        "{hints}"
    );
    c.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_orders_for_one_unit_point_at_each_other() {
    let text = "Germany 0:0\nA Munich hold\nA Munich - Ruhr\n";
    let (mut c, _) = TestClient::start(&["utf-8"]).await;
    c.open(URI, text).await;
    let diags = c.diagnostics(URI, 1).await;
    let d = diags
        .iter()
        .find(|d| d["code"] == "E0313" && d["range"]["start"]["line"] == 2)
        .unwrap_or_else(|| panic!("{diags:?}"));
    let related = d["relatedInformation"]
        .as_array()
        .expect("related information");
    assert_eq!(related[0]["location"]["uri"], URI, "{d}");
    assert_eq!(related[0]["location"]["range"]["start"]["line"], 1, "{d}");
    assert!(
        d["codeDescription"].is_null(),
        "no repository URL is configured: {d}"
    );
    c.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_pulls_diagnostics_gets_none_pushed() {
    let mut c = TestClient::in_process();
    let init = c
        .request(
            "initialize",
            json!({
                "processId": null,
                "rootUri": null,
                "capabilities": {
                    "textDocument": { "diagnostic": { "dynamicRegistration": false } },
                    "workspace": { "inlayHint": { "refreshSupport": true } }
                },
                "initializationOptions": { "mdip": { "inlayHints": { "outcomes": false } } }
            }),
        )
        .await;
    assert!(!init["result"]["capabilities"]["diagnosticProvider"].is_null());
    c.notify("initialized", json!({})).await;
    c.open(URI, SAMPLE).await;
    let r = c
        .request(
            "textDocument/diagnostic",
            json!({ "textDocument": { "uri": URI } }),
        )
        .await;
    assert!(
        has_code(r["result"]["items"].as_array().unwrap(), "E0202", 4),
        "{r}"
    );
    // The initialization options turned the outcomes off.
    let hints = c
        .request(
            "textDocument/inlayHint",
            json!({ "textDocument": { "uri": URI }, "range": range(0, 0, 11, 0) }),
        )
        .await;
    // The fork and the victory count are left.
    assert_eq!(hints["result"].as_array().unwrap().len(), 2, "{hints}");
    // New settings: the client is asked to refresh its hints.
    c.notify(
        "workspace/didChangeConfiguration",
        json!({ "settings": { "mdip": { "inlayHints": { "outcomes": true } } } }),
    )
    .await;
    let refresh = loop {
        let m = c.recv().await;
        if m["method"] == "workspace/inlayHint/refresh" {
            break m;
        }
        c.backlog.push_back(m);
    };
    c.send(&json!({ "jsonrpc": "2.0", "id": refresh["id"], "result": null }))
        .await;
    let hints = c
        .request(
            "textDocument/inlayHint",
            json!({ "textDocument": { "uri": URI }, "range": range(0, 0, 11, 0) }),
        )
        .await;
    assert_eq!(hints["result"].as_array().unwrap().len(), 8, "{hints}");
    // Nothing was pushed meanwhile.
    while let Some(m) = c.try_recv(std::time::Duration::from_millis(300)).await {
        c.backlog.push_back(m);
    }
    for m in &c.backlog {
        assert_ne!(m["method"], "textDocument/publishDiagnostics", "{m}");
    }
    c.shutdown().await;
}

/// `mdip.render` answers the picture of an open document: the multiverse by default on a
/// multiversal file, one board for a season or a position, and an error for a season the
/// file lacks or a document that is not open.
#[tokio::test]
async fn render_command_returns_the_svg() {
    let (mut c, _) = TestClient::start(&["utf-8"]).await;
    c.open(URI, SAMPLE).await;
    c.diagnostics(URI, 1).await;
    let run = |args: Value| json!({ "command": "mdip.render", "arguments": args });
    let boards = |svg: &str| svg.matches(r#"<g class="board"#).count();

    let r = c
        .request("workspace/executeCommand", run(json!([URI])))
        .await;
    let svg = r["result"].as_str().unwrap_or_else(|| panic!("{r}"));
    assert!(svg.starts_with("<svg"), "{svg:.80}");
    // Seasons 0:0, 1:0, 2:0 and the fork 1:1 (line 8 moves into 0:0).
    assert_eq!(boards(svg), 4, "one board per season");
    assert!(svg.contains(r#"class="fork""#), "the fork is drawn");
    assert!(
        !svg.contains("file://"),
        "the title names the file, not its URI"
    );

    let r = c
        .request("workspace/executeCommand", run(json!([URI, "1:0"])))
        .await;
    let svg = r["result"].as_str().unwrap_or_else(|| panic!("{r}"));
    assert_eq!(boards(svg), 1);
    assert!(svg.contains(r#"data-season="1:0""#));

    // The cursor on `A Munich hold` (line 2): the board of 0:0.
    let r = c
        .request(
            "workspace/executeCommand",
            run(json!([URI, { "line": 2, "character": 3 }])),
        )
        .await;
    let svg = r["result"].as_str().unwrap_or_else(|| panic!("{r}"));
    assert!(svg.contains(r#"data-season="0:0""#), "{svg:.200}");

    // The same board as PNG, a data URL of a PNG image.
    let r = c
        .request("workspace/executeCommand", run(json!([URI, "1:0", "png"])))
        .await;
    let url = r["result"].as_str().unwrap_or_else(|| panic!("{r}"));
    let data = url
        .strip_prefix("data:image/png;base64,")
        .unwrap_or_else(|| panic!("{url:.80}"));
    assert!(
        data.starts_with("iVBORw0KGgo"),
        "the PNG signature: {data:.20}"
    );
    assert!(data.len() > 10_000, "a whole board: {} bytes", data.len());
    let r = c
        .request("workspace/executeCommand", run(json!([URI, "1:0", "gif"])))
        .await;
    assert!(
        r["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("png")),
        "{r}"
    );

    let r = c
        .request("workspace/executeCommand", run(json!([URI, "7:3"])))
        .await;
    assert!(
        r["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("no season 7:3")),
        "{r}"
    );
    let r = c
        .request(
            "workspace/executeCommand",
            run(json!(["file:///not/open.mdip"])),
        )
        .await;
    assert!(
        r["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("not open")),
        "{r}"
    );
    let r = c
        .request(
            "workspace/executeCommand",
            json!({ "command": "mdip.nothing", "arguments": [] }),
        )
        .await;
    assert!(!r["error"].is_null(), "{r}");
    c.shutdown().await;
}

/// A session that ends leaves nothing running: its document workers and its publisher end
/// with it, even for a document never closed. (Before, the publisher held the session that
/// held the publisher's sender, and the workers waited for edits forever: one session leaked
/// per `serve`, which the protocol fuzz target, serving hundreds of thousands of sessions in
/// one process, showed as 4.6 KB of memory per session.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_session_leaves_no_task_behind() {
    let metrics = tokio::runtime::Handle::current().metrics();
    let (mut c, _) = TestClient::start(&["utf-8"]).await;
    let uri = "file:///left-open.mdip";
    c.open(uri, "England:\nF London - North Sea\n").await;
    c.diagnostics(uri, 1).await;
    c.shutdown().await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while metrics.num_alive_tasks() > 0 && std::time::Instant::now() < deadline {
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert_eq!(
        metrics.num_alive_tasks(),
        0,
        "tasks left after the session ended"
    );
}
