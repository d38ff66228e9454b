//! A guard in front of tower-lsp-server's transport, so that malformed input gets an error
//! response instead of ending the session.
//!
//! tower-lsp-server stops reading (and the server ends) at the first message it cannot decode:
//! its framed reader yields the decode error, then ends the stream. So the raw input is read
//! here first: each frame is parsed (`Content-Length` framing) and its body checked to be a
//! JSON-RPC request, notification or response; good frames go on to tower-lsp-server byte for
//! byte through a pipe, bad ones are answered here with `-32700` (not JSON, bad framing) or
//! `-32600` (JSON, but not a JSON-RPC message). tower-lsp-server's output also goes through a
//! pipe and is copied frame by frame to the real output, so that the answers written here never
//! land inside one of its messages.

use serde_json::{json, Value};
use tokio::io::{
    AsyncBufRead, AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader,
};
use tokio::sync::mpsc;
use tower_lsp_server::jsonrpc::{Request, Response};

/// The largest message accepted (a 10 MB file is a 10 MB `didOpen`).
const MAX_BODY: usize = 512 << 20;
/// The longest header line kept.
const MAX_HEADER_LINE: usize = 8 << 10;

/// An error response with a null id, or the request's id when it could be read.
fn error_frame(code: i64, message: &str, id: Value) -> Vec<u8> {
    let body = json!({ "jsonrpc": "2.0", "id": id, "error": { "code": code, "message": message } });
    frame(serde_json::to_vec(&body).unwrap_or_default().as_slice())
}

/// A message framed for the wire.
fn frame(body: &[u8]) -> Vec<u8> {
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body);
    out
}

/// Reads one header line (without its line break), keeping at most `MAX_HEADER_LINE` bytes;
/// `None` at the end of the input.
async fn header_line<R: AsyncBufRead + Unpin>(r: &mut R) -> Option<String> {
    let mut line = Vec::new();
    loop {
        let buf = r.fill_buf().await.ok()?;
        if buf.is_empty() {
            return if line.is_empty() {
                None
            } else {
                Some(String::from_utf8_lossy(&line).into_owned())
            };
        }
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..=i], true),
            None => (buf, false),
        };
        let n = chunk.len();
        let room = MAX_HEADER_LINE.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..n.min(room)]);
        r.consume(n);
        if done {
            while line.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
                line.pop();
            }
            return Some(String::from_utf8_lossy(&line).into_owned());
        }
    }
}

/// What reading one frame gave.
enum Frame {
    /// A body.
    Body(Vec<u8>),
    /// A frame that cannot be read (no or bad `Content-Length`, too long); skipped.
    Bad,
}

/// Reads the next frame; `None` at the end of the input.
async fn read_frame<R: AsyncBufRead + Unpin>(r: &mut R) -> Option<Frame> {
    let mut length: Option<Option<usize>> = None;
    let mut any = false;
    loop {
        let line = header_line(r).await?;
        if line.is_empty() {
            if any {
                break;
            }
            continue; // Blank lines between messages.
        }
        any = true;
        if let Some((name, value)) = line.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                length = Some(value.trim().parse::<usize>().ok());
            }
        }
    }
    let Some(Some(len)) = length else {
        return Some(Frame::Bad);
    };
    if len > MAX_BODY {
        // Skip the body.
        let mut rest = len as u64;
        let mut sink = tokio::io::sink();
        let mut take = r.take(rest);
        rest -= tokio::io::copy(&mut take, &mut sink).await.ok()?;
        return (rest == 0).then_some(Frame::Bad);
    }
    let mut body = vec![0; len];
    r.read_exact(&mut body).await.ok()?;
    Some(Frame::Body(body))
}

/// Checks a body; `Err` with the error frame to answer.
fn check(body: &[u8]) -> Result<(), Vec<u8>> {
    if serde_json::from_slice::<Request>(body).is_ok()
        || serde_json::from_slice::<Response>(body).is_ok()
    {
        return Ok(());
    }
    match serde_json::from_slice::<Value>(body) {
        Err(_) => Err(error_frame(-32700, "Parse error", Value::Null)),
        Ok(v) => {
            let id = match &v["id"] {
                id @ (Value::Number(_) | Value::String(_)) => id.clone(),
                _ => Value::Null,
            };
            Err(error_frame(-32600, "Invalid request", id))
        }
    }
}

/// Copies checked frames from `input` to `server`; answers bad ones through `answers`. Ends
/// at the end of the input (closing `server`, which ends the session).
pub async fn guard_input<I, W>(input: I, mut server: W, answers: mpsc::UnboundedSender<Vec<u8>>)
where
    I: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let mut input = BufReader::with_capacity(1 << 16, input);
    while let Some(f) = read_frame(&mut input).await {
        match f {
            Frame::Bad => {
                let _ = answers.send(error_frame(
                    -32700,
                    "Parse error: bad message header",
                    Value::Null,
                ));
            }
            Frame::Body(body) => match check(&body) {
                Ok(()) => {
                    if server.write_all(&frame(&body)).await.is_err()
                        || server.flush().await.is_err()
                    {
                        return;
                    }
                }
                Err(answer) => {
                    let _ = answers.send(answer);
                }
            },
        }
    }
    let _ = server.shutdown().await;
}

/// Copies the server's frames and the guard's answers to `output`, whole frames only, until
/// the server's output ends.
pub async fn merge_output<S, O>(
    server: S,
    mut answers: mpsc::UnboundedReceiver<Vec<u8>>,
    mut output: O,
) where
    S: AsyncRead + Unpin + Send + 'static,
    O: AsyncWrite + Unpin,
{
    // Frames are read by their own task: reading a frame is not cancel-safe, receiving is.
    let (frames_tx, mut frames) = mpsc::channel::<Vec<u8>>(16);
    let reader = tokio::spawn(async move {
        let mut server = BufReader::with_capacity(1 << 16, server);
        while let Some(f) = read_frame(&mut server).await {
            if let Frame::Body(body) = f {
                if frames_tx.send(body).await.is_err() {
                    return;
                }
            }
        }
    });
    let mut answers_open = true;
    loop {
        let bytes = tokio::select! {
            f = frames.recv() => match f {
                Some(body) => frame(&body),
                None => break,
            },
            a = answers.recv(), if answers_open => match a {
                Some(bytes) => bytes,
                None => {
                    answers_open = false;
                    continue;
                }
            },
        };
        if output.write_all(&bytes).await.is_err() || output.flush().await.is_err() {
            reader.abort();
            return;
        }
    }
    // The server is done: flush the answers still queued.
    while let Ok(bytes) = answers.try_recv() {
        let _ = output.write_all(&bytes).await;
    }
    let _ = output.flush().await;
}
