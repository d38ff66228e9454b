//! Framing that recovers: a message whose `Content-Length` is too short or too long, or a header
//! with no valid length followed by a body, is answered with a parse error, and every later
//! message is served as usual. After `shutdown`, edits are ignored; `exit` without `shutdown`
//! ends the session as unclean.

use std::time::Duration;

use mdip_test_support::lsp::{at, TestClient};
use serde_json::{json, Value};

const URI: &str = "file:///test/framing.mdip";

/// A framed message with the stated `length` instead of its own.
fn misframed(msg: &Value, length: usize) -> Vec<u8> {
    let body = serde_json::to_vec(msg).expect("json");
    let mut frame = format!("Content-Length: {length}\r\n\r\n").into_bytes();
    frame.extend_from_slice(&body);
    frame
}

fn hover(id: i64) -> Value {
    json!({ "jsonrpc": "2.0", "id": id, "method": "textDocument/hover",
            "params": at("file:///nowhere.mdip", 0, 0) })
}

/// Sends `bad` then a good hover request in one write, and checks that the broken message got a
/// parse error and the good one its (empty) answer.
async fn recovers(c: &mut TestClient, bad: Vec<u8>, id: i64) {
    let mut bytes = bad;
    let good = serde_json::to_vec(&hover(id)).unwrap();
    bytes.extend_from_slice(format!("Content-Length: {}\r\n\r\n", good.len()).as_bytes());
    bytes.extend_from_slice(&good);
    c.send_raw(&bytes).await;
    let answered = c.response(json!(id)).await;
    assert!(
        answered["error"].is_null() && answered["result"].is_null(),
        "the message after the broken one is served: {answered}"
    );
    // The parse error may have come first (it is then in the backlog).
    let early = c
        .backlog
        .iter()
        .position(|m| m.get("method").is_none() && m["id"].is_null());
    let error = match early {
        Some(i) => c.backlog.remove(i).expect("in the backlog"),
        None => c.response(Value::Null).await,
    };
    assert_eq!(error["error"]["code"], -32700, "{error}");
    // Exactly one error for the broken message: nothing else unanswered is pending.
    let probe = id + 500_000;
    c.send(&hover(probe)).await;
    let answered = c.response(json!(probe)).await;
    assert!(answered["error"].is_null(), "{answered}");
    assert!(
        !c.backlog
            .iter()
            .any(|m| m.get("method").is_none() && m["id"].is_null()),
        "a second error for one broken message: {:?}",
        c.backlog
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_content_length_is_answered_and_the_next_message_served() {
    let (mut c, _) = TestClient::start(&["utf-8"]).await;
    let body_len = serde_json::to_vec(&hover(100)).unwrap().len();
    // Too short: the rest of the body comes before the next header.
    recovers(&mut c, misframed(&hover(100), body_len - 7), 1001).await;
    // Too long: the body would swallow the next message.
    recovers(&mut c, misframed(&hover(101), body_len + 40), 1002).await;
    // Far too long: nothing more comes, so only the header line found inside the body shows
    // that the length is wrong.
    recovers(&mut c, misframed(&hover(104), body_len + 100_000), 1005).await;
    // Over the largest message accepted (a typo in the length): answered at once.
    recovers(&mut c, misframed(&hover(105), 5_000_000_000), 1006).await;
    // Another header line before a wrong length: the frame's own length line is not taken for
    // the next message's.
    let mut bad = b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n".to_vec();
    bad.extend_from_slice(&misframed(&hover(106), body_len - 3));
    recovers(&mut c, bad, 1007).await;
    // A length that is not a number, then a body.
    let mut bad = b"Content-Length: twelve\r\n\r\n".to_vec();
    bad.extend_from_slice(&serde_json::to_vec(&hover(102)).unwrap());
    recovers(&mut c, bad, 1003).await;
    // A header block with no length at all, then a body.
    let mut bad = b"Content-Type: application/json\r\n\r\n".to_vec();
    bad.extend_from_slice(&serde_json::to_vec(&hover(103)).unwrap());
    recovers(&mut c, bad, 1004).await;
    // Several broken frames in a row, then ordinary traffic.
    for (i, length) in [1usize, 3, body_len - 1, body_len + 1]
        .into_iter()
        .enumerate()
    {
        recovers(&mut c, misframed(&hover(110), length), 1010 + i as i64).await;
    }
    c.open(URI, "England:\nF Londn - North Sea\n").await;
    let diags = c.diagnostics(URI, 1).await;
    assert_eq!(diags[0]["code"], "E0202");
    c.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn edits_after_shutdown_are_ignored() {
    let (mut c, _) = TestClient::start(&["utf-8"]).await;
    c.open(URI, "England:\nF London - North Sea\n").await;
    assert!(c.diagnostics(URI, 1).await.is_empty());
    let r = c.request("shutdown", Value::Null).await;
    assert!(r["error"].is_null(), "{r}");
    // This edit would make an error (E0202) if it were applied.
    c.edit(URI, 2, 1, 2, 1, 8, "Londn").await;
    let mut late = Vec::new();
    while let Some(m) = c.try_recv(Duration::from_millis(800)).await {
        late.push(m);
    }
    assert!(
        !late
            .iter()
            .any(|m| m["method"] == "textDocument/publishDiagnostics"),
        "no analysis after shutdown: {late:?}"
    );
    c.notify("exit", Value::Null).await;
    assert_eq!(c.stopped().await, Some(true));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn exit_without_shutdown_is_unclean() {
    let (mut c, _) = TestClient::start(&["utf-8"]).await;
    c.notify("exit", Value::Null).await;
    assert_eq!(c.stopped().await, Some(false));
}
