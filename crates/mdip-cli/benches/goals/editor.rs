//! The `editor` family of the goals bench: `mdip lsp` over pipes, a large file opened and
//! edited, timed to each version's diagnostics.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::{mdip, peak_rss_mib};

/// `mdip lsp` over pipes: frames out, messages in (a thread reads them).
struct Server {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    stderr: std::thread::JoinHandle<String>,
}

impl Server {
    fn start() -> Server {
        let mut child = mdip(&["lsp"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start mdip lsp");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let mut err = child.stderr.take().expect("stderr");
        let stderr = std::thread::spawn(move || {
            let mut s = String::new();
            let _ = err.read_to_string(&mut s);
            s
        });
        let (tx, messages) = channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            loop {
                let mut length = 0;
                loop {
                    let mut line = String::new();
                    if r.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(v) = line.strip_prefix("Content-Length:") {
                        length = v.trim().parse().unwrap_or(0);
                    }
                }
                let mut body = vec![0; length];
                if r.read_exact(&mut body).is_err() {
                    return;
                }
                let Ok(v) = serde_json::from_slice(&body) else {
                    return;
                };
                if tx.send(v).is_err() {
                    return;
                }
            }
        });
        Server {
            child,
            stdin,
            messages,
            stderr,
        }
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("write");
        self.stdin.flush().expect("flush");
    }

    fn wait(&mut self, what: impl Fn(&Value) -> bool) -> Value {
        loop {
            let m = self
                .messages
                .recv_timeout(Duration::from_secs(600))
                .expect("a message from the server");
            if what(&m) {
                return m;
            }
        }
    }

    fn diagnostics(&mut self, uri: &str, version: i64) {
        self.wait(|m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && m["params"]["version"] == version
        });
    }

    /// Shuts the server down: its peak RSS in MiB (the kernel's `VmHWM`, to the KiB, of the
    /// process that serves: `mdip lsp` supervises a child of its own; where there is no
    /// `/proc`, mimalloc's statistics, to a tenth of their unit: 1.0 GiB).
    fn stop(mut self) -> f64 {
        let hwm = peak_of_tree(self.child.id());
        self.send(json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}));
        self.wait(|m| m["id"] == 2);
        self.send(json!({"jsonrpc": "2.0", "method": "exit"}));
        drop(self.stdin);
        let status = self.child.wait().expect("wait for mdip lsp");
        assert!(status.success(), "mdip lsp exited with {status}");
        let stderr = self.stderr.join().expect("stderr thread");
        hwm.unwrap_or_else(|| peak_rss_mib(&stderr).expect("mimalloc's statistics on stderr"))
    }
}

/// Opens `text` in `mdip lsp`, edits the order at its middle `edits` times: the time to the
/// first diagnostics, the median edit, the server's peak RSS.
pub fn editor(text: &str, edits: usize) -> (Duration, Duration, f64) {
    let mut s = Server::start();
    s.send(json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"processId": null, "rootUri": null, "capabilities": {}}}));
    s.wait(|m| m["id"] == 1);
    s.send(json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
    let uri = "file:///bench/goals.mdip";
    let t = Instant::now();
    s.send(
        json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": uri, "languageId": "mdip", "version": 1, "text": text}}}),
    );
    s.diagnostics(uri, 1);
    let open = t.elapsed();
    let lines = text.lines().count();
    let (line, content) = text
        .lines()
        .enumerate()
        .skip(lines / 2)
        .find(|(_, l)| l.ends_with(" Hold"))
        .expect("an order in the second half");
    let len = content.len();
    let mut times = Vec::new();
    for version in 2..2 + edits as i64 {
        let (from, to, new) = if version % 2 == 0 {
            (len - 4, len, "H")
        } else {
            (len - 4, len - 3, "Hold")
        };
        let t = Instant::now();
        s.send(
            json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": line, "character": from},
                "end": {"line": line, "character": to}}, "text": new}]}}),
        );
        s.diagnostics(uri, version);
        times.push(t.elapsed());
    }
    times.sort();
    let edit = times.get(times.len() / 2).copied().unwrap_or_default();
    (open, edit, s.stop())
}

/// The largest `VmHWM` (MiB) of process `pid` and its descendants, if `/proc` tells.
fn peak_of_tree(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let own = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok())
        .map(|kib| kib / 1024.0);
    let children =
        std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children")).unwrap_or_default();
    children
        .split_whitespace()
        .filter_map(|c| c.parse().ok())
        .filter_map(peak_of_tree)
        .chain(own)
        .reduce(f64::max)
}
