//! Fuzz target: the language server survives any sequence of client messages.
//!
//! An in-process server (`mdip_lsp::serve` over `tokio::io::duplex`, on a current-thread
//! runtime made once) gets `initialize` (encodings and snippet support from the first input
//! byte) and `initialized`, then up to 24 messages built from the input: document
//! notifications (`didOpen`, incremental and whole `didChange`, `didClose`) on two documents,
//! requests (hover, completion, definition, inlay hints, code actions, document symbols,
//! folding ranges, semantic tokens, formatting) at positions from the input, cancellations,
//! requests with bogus parameters or unknown methods, and raw frames (random bodies, wrong
//! `Content-Length`, headers without a blank line, JSON that is no JSON-RPC); then `shutdown`
//! and `exit`, and the input is closed.
//!
//! Checked: nothing panics (libFuzzer aborts on any panic, in any task or thread), the server
//! writes only well-framed JSON, the session ends within `LIMIT` once the input is closed, and,
//! when no raw frame was sent (a raw frame may itself say `exit`, or swallow the rest),
//! `shutdown` is answered and the server reports a clean exit.

#![no_main]

use std::sync::OnceLock;
use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::runtime::Runtime;
use tokio::sync::mpsc;

/// How long one session may take (a query waits for its analysis at most 5 s).
const LIMIT: Duration = Duration::from_secs(30);
const MAX_MESSAGES: usize = 24;
const URIS: [&str; 2] = ["file:///fuzz/a.mdip", "file:///fuzz/%C3%A9%20b.mdip"];
const SHUTDOWN_ID: &str = "fuzz-shutdown";

fn runtime() -> &'static Runtime {
    static RUNTIME: OnceLock<Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a tokio runtime")
    })
}

fuzz_target!(|data: &[u8]| {
    runtime().block_on(async {
        if tokio::time::timeout(LIMIT, session(data)).await.is_err() {
            panic!("the session did not end within {LIMIT:?}");
        }
    });
});

/// Reads the input.
struct Input<'a>(&'a [u8]);

impl Input<'_> {
    fn byte(&mut self) -> Option<u8> {
        let (&b, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(b)
    }

    fn bytes(&mut self, n: usize) -> &[u8] {
        let n = n.min(self.0.len());
        let (taken, rest) = self.0.split_at(n);
        self.0 = rest;
        taken
    }

    fn text(&mut self, n: usize) -> String {
        String::from_utf8_lossy(self.bytes(n)).into_owned()
    }

    /// A position: mostly small lines and columns, sometimes far past the end.
    fn position(&mut self) -> Value {
        let (l, c) = (self.byte().unwrap_or(0), self.byte().unwrap_or(0));
        let line = if l == 255 {
            u32::MAX
        } else {
            u32::from(l % 16)
        };
        let character = if c >= 250 {
            u32::MAX - u32::from(c - 250)
        } else {
            u32::from(c % 64)
        };
        json!({ "line": line, "character": character })
    }

    fn range(&mut self) -> Value {
        json!({ "start": self.position(), "end": self.position() })
    }
}

/// A framed message.
fn frame(msg: &Value) -> Vec<u8> {
    let body = serde_json::to_vec(msg).expect("json");
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(&body);
    out
}

fn request(id: i64, method: &str, params: Value) -> Vec<u8> {
    frame(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }))
}

fn notification(method: &str, params: Value) -> Vec<u8> {
    frame(&json!({ "jsonrpc": "2.0", "method": method, "params": params }))
}

/// The messages an input stands for, and whether any is a raw frame.
fn messages(data: &[u8]) -> (Vec<Vec<u8>>, bool) {
    let mut input = Input(data);
    let config = input.byte().unwrap_or(0);
    let mut out = vec![
        request(
            1,
            "initialize",
            json!({ "processId": null, "rootUri": null, "capabilities": capabilities(config) }),
        ),
        notification("initialized", json!({})),
    ];
    let mut raw = false;
    let mut id = 2;
    let mut versions = [0i64; 2];
    while out.len() < MAX_MESSAGES + 2 {
        let Some(op) = input.byte() else { break };
        let which = usize::from(op >> 7);
        let uri = URIS[which];
        let doc = json!({ "uri": uri });
        id += 1;
        let msg = match op % 20 {
            0 | 1 => {
                let len = usize::from(input.byte().unwrap_or(0)) * 4;
                versions[which] += 1;
                notification(
                    "textDocument/didOpen",
                    json!({ "textDocument": {
                        "uri": uri, "languageId": "mdip", "version": versions[which],
                        "text": input.text(len)
                    } }),
                )
            }
            2 | 3 | 4 => {
                let mut changes = Vec::new();
                for _ in 0..=input.byte().unwrap_or(0) % 3 {
                    let range = input.range();
                    let len = usize::from(input.byte().unwrap_or(0) % 32);
                    changes.push(json!({ "range": range, "text": input.text(len) }));
                }
                // Versions mostly go up; sometimes one is repeated.
                if op & 64 == 0 {
                    versions[which] += 1;
                }
                notification(
                    "textDocument/didChange",
                    json!({ "textDocument": { "uri": uri, "version": versions[which] },
                            "contentChanges": changes }),
                )
            }
            5 => {
                let len = usize::from(input.byte().unwrap_or(0)) * 2;
                versions[which] += 1;
                notification(
                    "textDocument/didChange",
                    json!({ "textDocument": { "uri": uri, "version": versions[which] },
                            "contentChanges": [{ "text": input.text(len) }] }),
                )
            }
            6 => notification("textDocument/didClose", json!({ "textDocument": doc })),
            7 => request(
                id,
                "textDocument/hover",
                json!({ "textDocument": doc, "position": input.position() }),
            ),
            8 => request(
                id,
                "textDocument/completion",
                json!({ "textDocument": doc, "position": input.position() }),
            ),
            9 => request(
                id,
                "textDocument/definition",
                json!({ "textDocument": doc, "position": input.position() }),
            ),
            10 => request(
                id,
                "textDocument/inlayHint",
                json!({ "textDocument": doc, "range": input.range() }),
            ),
            11 => request(
                id,
                "textDocument/codeAction",
                json!({ "textDocument": doc, "range": input.range(),
                        "context": { "diagnostics": [] } }),
            ),
            12 => request(
                id,
                "textDocument/documentSymbol",
                json!({ "textDocument": doc }),
            ),
            13 => request(
                id,
                "textDocument/foldingRange",
                json!({ "textDocument": doc }),
            ),
            14 => {
                if op & 64 == 0 {
                    request(
                        id,
                        "textDocument/semanticTokens/full",
                        json!({ "textDocument": doc }),
                    )
                } else {
                    request(
                        id,
                        "textDocument/semanticTokens/range",
                        json!({ "textDocument": doc, "range": input.range() }),
                    )
                }
            }
            15 => request(
                id,
                "textDocument/formatting",
                json!({ "textDocument": doc,
                        "options": { "tabSize": 4, "insertSpaces": true } }),
            ),
            16 => {
                let back = i64::from(input.byte().unwrap_or(0) % 4);
                notification("$/cancelRequest", json!({ "id": id - 1 - back }))
            }
            17 => malformed(&mut input, id, op, &doc),
            _ => {
                raw = true;
                raw_frame(&mut input)
            }
        };
        out.push(msg);
    }
    (out, raw)
}

/// The client's capabilities the input's first byte chooses: snippets, code action literals
/// and the position encodings offered.
fn capabilities(config: u8) -> Value {
    let mut caps = json!({
        "textDocument": {
            "completion": { "completionItem": { "snippetSupport": config & 1 != 0 } },
            "publishDiagnostics": { "relatedInformation": true, "versionSupport": true }
        }
    });
    if config & 2 != 0 {
        caps["textDocument"]["codeAction"] = json!({ "codeActionLiteralSupport": { "codeActionKind": { "valueSet": ["quickfix"] } } });
    }
    let encodings: &[&str] = match config / 4 % 4 {
        0 => &["utf-16"],
        1 => &["utf-8"],
        2 => &["utf-8", "utf-16"],
        _ => &[],
    };
    if !encodings.is_empty() {
        caps["general"] = json!({ "positionEncodings": encodings });
    }
    caps
}

/// A message of a known method with parameters of the wrong shape, or of an unknown method: a
/// request or (`op & 64`) a notification.
fn malformed(input: &mut Input<'_>, id: i64, op: u8, doc: &Value) -> Vec<u8> {
    // Known methods with parameters of the wrong shape, unknown methods.
    let methods = [
        "textDocument/hover",
        "textDocument/completion",
        "textDocument/didOpen",
        "textDocument/didChange",
        "textDocument/codeAction",
        "mdip/nothing",
        "initialize",
        "workspace/didChangeConfiguration",
    ];
    let method = methods[usize::from(input.byte().unwrap_or(0)) % methods.len()];
    let params = match input.byte().unwrap_or(0) % 5 {
        0 => Value::Null,
        1 => json!({ "bogus": true }),
        2 => json!({ "textDocument": 5, "position": "here" }),
        3 => json!([1, 2, 3]),
        _ => json!({ "textDocument": doc, "contentChanges": [{ "range": null }] }),
    };
    if op & 64 == 0 {
        request(id, method, params)
    } else {
        notification(method, params)
    }
}

/// A frame that is broken in some way, with bytes from the input.
fn raw_frame(input: &mut Input<'_>) -> Vec<u8> {
    let kind = input.byte().unwrap_or(0);
    let len = usize::from(input.byte().unwrap_or(0) % 64);
    let body = input.bytes(len).to_vec();
    let mut out = Vec::new();
    match kind % 6 {
        // Any bytes, framed correctly.
        0 => {
            out.extend_from_slice(format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes());
            out.extend_from_slice(&body);
        }
        // A wrong length, too long or too short.
        1 => {
            let stated = body.len() + usize::from(kind / 6 % 8) * 7 + 1;
            let stated = if kind & 128 != 0 {
                body.len().saturating_sub(stated - body.len())
            } else {
                stated
            };
            out.extend_from_slice(format!("Content-Length: {stated}\r\n\r\n").as_bytes());
            out.extend_from_slice(&body);
        }
        // Bytes with no header at all, then a line break.
        2 => {
            out.extend_from_slice(&body);
            out.extend_from_slice(b"\r\n");
        }
        // Other headers, a bad length, LF-only framing.
        3 => {
            out.extend_from_slice(b"Content-Type: text/plain\r\nContent-Length: x");
            out.extend_from_slice(&body);
            out.extend_from_slice(b"\n\n");
        }
        // JSON that is no JSON-RPC message, with an id.
        4 => {
            let text = String::from_utf8_lossy(&body);
            let msg = match kind / 6 % 4 {
                0 => json!({ "jsonrpc": "2.0", "id": 77, "params": [] }),
                1 => json!([1, 2, text]),
                2 => json!({ "jsonrpc": "1.0", "id": text, "method": "textDocument/hover" }),
                _ => json!({ "jsonrpc": "2.0", "id": 78, "result": text }),
            };
            out = frame(&msg);
        }
        // A body as the fuzzer wrote it, with its own header.
        _ => {
            out.extend_from_slice(b"Content-Length: ");
            out.extend_from_slice(&body);
            out.extend_from_slice(b"\r\n\r\n");
        }
    }
    out
}

async fn write(to: &mut (impl AsyncWrite + Unpin), bytes: &[u8]) -> bool {
    to.write_all(bytes).await.is_ok() && to.flush().await.is_ok()
}

async fn session(data: &[u8]) {
    let (messages, raw) = messages(data);
    let (client, server) = tokio::io::duplex(1 << 16);
    let (server_read, server_write) = tokio::io::split(server);
    let served = tokio::spawn(mdip_lsp::serve(server_read, server_write));
    let (mut client_read, mut client_write) = tokio::io::split(client);

    // Reads the server's frames until its output ends; passes on the ids of responses.
    let (ids_tx, mut ids) = mpsc::unbounded_channel::<Value>();
    let reader = tokio::spawn(async move {
        let mut buf = Vec::new();
        let mut chunk = vec![0u8; 1 << 14];
        loop {
            match client_read.read(&mut chunk).await {
                Ok(0) | Err(_) => return,
                Ok(n) => buf.extend_from_slice(&chunk[..n]),
            }
            while let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                let header = String::from_utf8_lossy(&buf[..end]).into_owned();
                let len: usize = header
                    .lines()
                    .find_map(|l| l.strip_prefix("Content-Length:"))
                    .and_then(|v| v.trim().parse().ok())
                    .unwrap_or_else(|| {
                        panic!("the server wrote a frame without length: {header:?}")
                    });
                if buf.len() < end + 4 + len {
                    break;
                }
                let body: Value = serde_json::from_slice(&buf[end + 4..end + 4 + len])
                    .unwrap_or_else(|e| panic!("the server wrote a body that is not JSON: {e}"));
                buf.drain(..end + 4 + len);
                if body.get("method").is_none() {
                    let _ = ids_tx.send(body["id"].clone());
                }
            }
        }
    });

    for m in &messages {
        if !write(&mut client_write, m).await {
            break;
        }
    }
    let shutdown = frame(&json!({ "jsonrpc": "2.0", "id": SHUTDOWN_ID, "method": "shutdown" }));
    let sent = write(&mut client_write, &shutdown).await;
    // After a raw frame nothing is waited for: a frame may have said `exit`, or stated a length
    // past the largest accepted (whose body is skipped, up to the end of the input).
    if !raw {
        assert!(sent, "the server stopped reading before shutdown");
        let answered = async {
            while let Some(id) = ids.recv().await {
                if id == SHUTDOWN_ID {
                    return true;
                }
            }
            false
        }
        .await;
        assert!(answered, "shutdown was not answered");
    }
    let _ = write(
        &mut client_write,
        &frame(&json!({ "jsonrpc": "2.0", "method": "exit" })),
    )
    .await;
    let _ = client_write.shutdown().await;
    drop(client_write);
    let clean = served.await.expect("the server task");
    assert!(clean || raw, "shutdown then exit was not a clean exit");
    let _ = reader.await;
}
