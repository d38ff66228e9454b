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
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::sync::mpsc;
use tower_lsp_server::jsonrpc::{Request, Response};

/// The largest message accepted (a 10 MB file is a 10 MB `didOpen`).
const MAX_BODY: usize = 512 << 20;

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

/// The longest header block kept before the frame is declared broken.
const MAX_HEADER: usize = 64 << 10;

/// What reading one frame gave.
enum Frame {
    /// A body.
    Body(Vec<u8>),
    /// A frame that cannot be read (no or bad `Content-Length`, a header block that never ends,
    /// a body that holds the next message's header, too long); skipped.
    Bad,
}

/// Reads `Content-Length` frames from a byte stream, and finds the next frame again after a
/// broken one.
///
/// A frame whose length is wrong leaves the stream misaligned: too short, and the rest of its
/// body comes before the next header; too long, and its body swallows the next message. After a
/// bad frame (or one whose body the caller found not to be JSON, see [`Framer::resync`]) the
/// reader skips to the next `Content-Length: N` header line, searching from just after the
/// broken frame's own header. Such a line (with its raw line break) cannot occur inside a JSON
/// body, where line breaks in strings are escaped, so finding one inside a body also proves that
/// body broken without waiting for the rest of its stated length.
struct Framer<R> {
    inner: R,
    /// Bytes read and not yet consumed start at `start`.
    buf: Vec<u8>,
    start: usize,
    /// Where the header of the last frame returned began, for [`Framer::resync`].
    last: usize,
    /// Where a search for the next header starts after a broken frame, as an offset from
    /// `last`: just past the frame's header block once it was read (so the frame's own
    /// `Content-Length` line is not found again), else just past its first byte.
    resume: usize,
    /// The next read must first search for a header line.
    resync: bool,
    eof: bool,
}

impl<R: AsyncRead + Unpin> Framer<R> {
    fn new(inner: R) -> Framer<R> {
        Framer {
            inner,
            buf: Vec::with_capacity(1 << 16),
            start: 0,
            last: 0,
            resume: 1,
            resync: false,
            eof: false,
        }
    }

    /// Reads more bytes; `false` at the end of the input.
    async fn fill(&mut self) -> bool {
        if self.eof {
            return false;
        }
        // Drop what is consumed (keeping the last frame, which `resync` may search again).
        let keep = self.last.min(self.start);
        if keep > 0 && keep >= self.buf.len() / 2 {
            self.buf.drain(..keep);
            self.start -= keep;
            self.last -= keep;
        }
        let mut chunk = [0u8; 1 << 16];
        match self.inner.read(&mut chunk).await {
            Ok(0) | Err(_) => {
                self.eof = true;
                false
            }
            Ok(n) => {
                self.buf.extend_from_slice(&chunk[..n]);
                true
            }
        }
    }

    /// Declares the last frame broken (its body was not JSON, or its header was): the next
    /// read searches for a header from just past that frame's header block.
    fn resync(&mut self) {
        self.start = self.last + self.resume;
        self.resync = true;
    }

    /// The next frame; `None` at the end of the input.
    async fn next(&mut self) -> Option<Frame> {
        if self.resync {
            loop {
                if let Some(at) = find_header_line(&self.buf[self.start..]) {
                    self.start += at;
                    break;
                }
                // Keep a tail that may be the beginning of a header line.
                self.start = self.buf.len().saturating_sub(64).max(self.start);
                self.last = self.start;
                if !self.fill().await {
                    return None;
                }
            }
            self.resync = false;
        }
        // Blank lines and stray line breaks between messages.
        loop {
            while self.start < self.buf.len() && self.buf[self.start].is_ascii_whitespace() {
                self.start += 1;
            }
            if self.start < self.buf.len() {
                break;
            }
            if !self.fill().await {
                return None;
            }
        }
        self.last = self.start;
        self.resume = 1;
        // The header block, up to its blank line.
        let (end, body_start) = loop {
            if let Some(found) = header_end(&self.buf[self.start..]) {
                break (self.start + found.0, self.start + found.1);
            }
            if self.buf.len() - self.start > MAX_HEADER {
                self.resync();
                return Some(Frame::Bad);
            }
            if !self.fill().await {
                return None; // The input ended inside a header.
            }
        };
        self.resume = body_start - self.start;
        let Some(len) = content_length(&self.buf[self.start..end]) else {
            self.resync();
            return Some(Frame::Bad);
        };
        if len > MAX_BODY {
            // Too large to be meant (or a typo): answer at once and look for the next header,
            // rather than skip that many bytes of later messages.
            self.resync();
            return Some(Frame::Bad);
        }
        // Offsets from the frame's start (`fill` may move the buffer's contents): the body, and
        // where the search for a header line inside it goes on (only new bytes are searched,
        // with an overlap for a line split between reads).
        let body_at = body_start - self.start;
        let mut scanned = body_at;
        while self.buf.len() - self.start - body_at < len {
            // A header line inside the body: the stated length is too long.
            if find_header_line(&self.buf[self.start + scanned..]).is_some() {
                self.resync();
                return Some(Frame::Bad);
            }
            scanned = (self.buf.len() - self.start)
                .saturating_sub(64)
                .max(body_at);
            if !self.fill().await {
                return None;
            }
        }
        let body_start = self.start + body_at;
        let body = self.buf[body_start..body_start + len].to_vec();
        self.start = body_start + len;
        Some(Frame::Body(body))
    }
}

/// The end of a header block (the index of its blank line, and of the first body byte).
fn header_end(bytes: &[u8]) -> Option<(usize, usize)> {
    let crlf = bytes.windows(4).position(|w| w == b"\r\n\r\n");
    let lf = bytes.windows(2).position(|w| w == b"\n\n");
    match (crlf, lf) {
        (Some(c), Some(l)) if l + 1 < c => Some((l, l + 2)),
        (Some(c), _) => Some((c, c + 4)),
        (None, Some(l)) => Some((l, l + 2)),
        (None, None) => None,
    }
}

/// The value of the `Content-Length` header of a header block, if it has a valid one.
fn content_length(header: &[u8]) -> Option<usize> {
    let text = String::from_utf8_lossy(header);
    let mut length = None;
    for line in text.lines() {
        if let Some((name, value)) = line.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                length = Some(value.trim().parse::<usize>().ok());
            }
        }
    }
    length.flatten()
}

/// The position of the first complete `Content-Length: N` line (digits, then a raw line break)
/// in `bytes`, case-insensitive.
fn find_header_line(bytes: &[u8]) -> Option<usize> {
    const NAME: &[u8] = b"content-length";
    let mut from = 0;
    while from + NAME.len() <= bytes.len() {
        let at = from
            + bytes[from..]
                .windows(NAME.len())
                .position(|w| w.eq_ignore_ascii_case(NAME))?;
        let mut i = at + NAME.len();
        while bytes.get(i) == Some(&b' ') {
            i += 1;
        }
        if bytes.get(i) == Some(&b':') {
            i += 1;
            while bytes.get(i) == Some(&b' ') {
                i += 1;
            }
            let digits = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
            if digits > 0 && matches!(bytes.get(i + digits), Some(b'\r' | b'\n')) {
                return Some(at);
            }
        }
        from = at + 1;
    }
    None
}

/// Checks a body; `Err` with the error frame to answer, and whether the body is not JSON at all
/// (then its frame's length may be wrong, and the reader must find the next header).
fn check(body: &[u8]) -> Result<(), (Vec<u8>, bool)> {
    if serde_json::from_slice::<Request>(body).is_ok()
        || serde_json::from_slice::<Response>(body).is_ok()
    {
        return Ok(());
    }
    match serde_json::from_slice::<Value>(body) {
        Err(_) => Err((error_frame(-32700, "Parse error", Value::Null), true)),
        Ok(v) => {
            let id = match &v["id"] {
                id @ (Value::Number(_) | Value::String(_)) => id.clone(),
                _ => Value::Null,
            };
            Err((error_frame(-32600, "Invalid request", id), false))
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
    let mut input = Framer::new(input);
    while let Some(f) = input.next().await {
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
                Err((answer, misframed)) => {
                    if misframed {
                        input.resync();
                    }
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
        let mut server = Framer::new(server);
        while let Some(f) = server.next().await {
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
