//! Shared by the protocol tests and the latency benchmark: a JSON-RPC test client that runs
//! the server in-process over duplex pipes (or talks to a child process), and generators of
//! large order files.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use mdip_syntax::notation as n;
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;

/// How long a test waits for one message.
pub const TIMEOUT: Duration = Duration::from_secs(60);

/// A client speaking JSON-RPC to a server.
pub struct TestClient {
    writer: Box<dyn AsyncWrite + Unpin + Send>,
    incoming: mpsc::UnboundedReceiver<Value>,
    /// Notifications (and server requests) received while waiting for something else.
    pub backlog: VecDeque<Value>,
    next_id: i64,
    /// An in-process server; it returns whether the client shut it down before `exit`.
    server: Option<tokio::task::JoinHandle<bool>>,
}

/// Reads framed messages from `reader` into a channel until it closes.
fn spawn_reader<R: AsyncRead + Unpin + Send + 'static>(
    reader: R,
) -> mpsc::UnboundedReceiver<Value> {
    let (tx, rx) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        let mut reader = BufReader::new(reader);
        loop {
            let mut len = None;
            loop {
                let mut header = String::new();
                match reader.read_line(&mut header).await {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {}
                }
                let header = header.trim_end();
                if header.is_empty() {
                    break;
                }
                if let Some(v) = header.strip_prefix("Content-Length:") {
                    len = v.trim().parse::<usize>().ok();
                }
            }
            let Some(len) = len else { return };
            let mut body = vec![0; len];
            if reader.read_exact(&mut body).await.is_err() {
                return;
            }
            let Ok(v) = serde_json::from_slice::<Value>(&body) else {
                return;
            };
            if tx.send(v).is_err() {
                return;
            }
        }
    });
    rx
}

impl TestClient {
    /// Starts the server in-process over duplex pipes (not yet initialized).
    pub fn in_process() -> TestClient {
        let (client_side, server_side) = tokio::io::duplex(1 << 16);
        let (server_read, server_write) = tokio::io::split(server_side);
        let server = tokio::spawn(mdip_lsp::serve(server_read, server_write));
        let (client_read, client_write) = tokio::io::split(client_side);
        TestClient {
            writer: Box::new(client_write),
            incoming: spawn_reader(client_read),
            backlog: VecDeque::new(),
            next_id: 1,
            server: Some(server),
        }
    }

    /// Talks to a child process's standard input and output.
    pub fn over(
        stdin: impl AsyncWrite + Unpin + Send + 'static,
        stdout: impl AsyncRead + Unpin + Send + 'static,
    ) -> TestClient {
        TestClient {
            writer: Box::new(stdin),
            incoming: spawn_reader(stdout),
            backlog: VecDeque::new(),
            next_id: 1,
            server: None,
        }
    }

    /// Starts an in-process server and initializes it, offering `encodings`
    /// (`["utf-8", "utf-16"]`, or `[]` for a client that offers none).
    pub async fn start(encodings: &[&str]) -> (TestClient, Value) {
        let mut c = TestClient::in_process();
        let init = c.initialize(encodings).await;
        (c, init)
    }

    /// Sends `initialize` (with snippet support) and `initialized`; returns the result.
    pub async fn initialize(&mut self, encodings: &[&str]) -> Value {
        let mut caps = json!({
            "textDocument": {
                "completion": { "completionItem": { "snippetSupport": true } },
                "codeAction": { "codeActionLiteralSupport": { "codeActionKind": { "valueSet": ["quickfix"] } } },
                "publishDiagnostics": { "relatedInformation": true, "versionSupport": true }
            }
        });
        if !encodings.is_empty() {
            caps["general"] = json!({ "positionEncodings": encodings });
        }
        let result = self
            .request(
                "initialize",
                json!({ "processId": null, "rootUri": null, "capabilities": caps }),
            )
            .await;
        self.notify("initialized", json!({})).await;
        result["result"].clone()
    }

    /// Writes raw bytes.
    pub async fn send_raw(&mut self, bytes: &[u8]) {
        self.writer.write_all(bytes).await.expect("write to server");
        self.writer.flush().await.expect("flush");
    }

    /// Writes one framed message.
    pub async fn send(&mut self, msg: &Value) {
        let body = serde_json::to_vec(msg).expect("json");
        let mut frame = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
        frame.extend_from_slice(&body);
        self.send_raw(&frame).await;
    }

    /// Sends a notification.
    pub async fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({ "jsonrpc": "2.0", "method": method, "params": params }))
            .await;
    }

    /// Sends a request and returns its whole response (`result` or `error`).
    pub async fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }))
            .await;
        self.response(json!(id)).await
    }

    /// The next message from the server.
    pub async fn recv(&mut self) -> Value {
        tokio::time::timeout(TIMEOUT, self.incoming.recv())
            .await
            .expect("timed out waiting for the server")
            .expect("the server closed its output")
    }

    /// Waits for the response with this id, keeping other messages in the backlog.
    pub async fn response(&mut self, id: Value) -> Value {
        loop {
            let m = self.recv().await;
            if m.get("method").is_none() && m["id"] == id {
                return m;
            }
            self.backlog.push_back(m);
        }
    }

    /// Waits for a notification `method` whose params pass `pred` (looking at the backlog
    /// first, which it consumes up to the match).
    pub async fn notification(&mut self, method: &str, pred: impl Fn(&Value) -> bool) -> Value {
        // The params are taken, not cloned: a file's diagnostics can be megabytes of JSON,
        // and the latency bench measures the server, not this client.
        while let Some(mut m) = self.backlog.pop_front() {
            if m["method"] == method && pred(&m["params"]) {
                return m["params"].take();
            }
        }
        loop {
            let mut m = self.recv().await;
            if m["method"] == method && pred(&m["params"]) {
                return m["params"].take();
            }
        }
    }

    /// Waits for the diagnostics of `uri` at `version`.
    pub async fn diagnostics(&mut self, uri: &str, version: i64) -> Vec<Value> {
        let p = self
            .notification("textDocument/publishDiagnostics", |p| {
                p["uri"] == uri && p["version"] == version
            })
            .await;
        match p {
            Value::Object(mut o) => match o.remove("diagnostics") {
                Some(Value::Array(d)) => d,
                _ => Vec::new(),
            },
            _ => Vec::new(),
        }
    }

    /// Opens a document.
    pub async fn open(&mut self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "mdip", "version": 1, "text": text } }),
        )
        .await;
    }

    /// Replaces `(l0, c0)..(l1, c1)` by `text` at `version`.
    pub async fn edit(
        &mut self,
        uri: &str,
        version: i64,
        l0: u32,
        c0: u32,
        l1: u32,
        c1: u32,
        text: &str,
    ) {
        self.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": uri, "version": version },
                "contentChanges": [{
                    "range": { "start": { "line": l0, "character": c0 }, "end": { "line": l1, "character": c1 } },
                    "text": text
                }]
            }),
        )
        .await;
    }

    /// Sends `shutdown` and `exit`, and waits for an in-process server to stop.
    pub async fn shutdown(mut self) -> Value {
        let r = self.request("shutdown", Value::Null).await;
        self.notify("exit", Value::Null).await;
        if let Some(clean) = self.stopped().await {
            assert!(clean, "the server saw the shutdown before exit");
        }
        r
    }

    /// Waits for an in-process server to stop; `Some(whether it was shut down before exit)`,
    /// or `None` for a child process.
    pub async fn stopped(&mut self) -> Option<bool> {
        let server = self.server.take()?;
        let clean = tokio::time::timeout(TIMEOUT, server)
            .await
            .expect("the server stops after exit")
            .expect("the server task did not panic");
        Some(clean)
    }

    /// The next message, or `None` when none comes within `wait`.
    pub async fn try_recv(&mut self, wait: Duration) -> Option<Value> {
        tokio::time::timeout(wait, self.incoming.recv())
            .await
            .ok()
            .flatten()
    }
}

/// A position parameter.
pub fn at(uri: &str, line: u32, character: u32) -> Value {
    json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } })
}

/// A tiny deterministic random generator (xorshift), for generated files.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// A multiversal game of at least `lines` lines, every step written from the board the
/// analysis core computes for the text so far: each unit of each head holds or moves to an
/// empty neighbouring province, and now and then a unit of timeline 0 moves into the past,
/// which forks a new timeline. Headers name their seasons, so steps close by the founding rule.
pub fn multiversal_game(lines: usize) -> String {
    use mdip_judge::world::SeasonKey;
    let map = mdip_map::Map::standard();
    let mut rng = Rng::new(0x5eed);
    let mut text = String::from("# A generated multiversal game.\n@start standard\n\n");
    let mut step = 0;
    while text.lines().count() < lines {
        let mut analysis = mdip_analysis::analyze(&text);
        if analysis.judge_world().phase() != mdip_judge::world::Phase::Movement {
            // A retreat or adjustment step left pending at the end: run it (with no orders, as
            // the next header would), so that the board below is the one the orders meet.
            text.push_str("@phase movement\n");
            analysis = mdip_analysis::analyze(&text);
        }
        let world = analysis.judge_world();
        let heads = world.heads();
        let mut block = String::new();
        let fork_now = step % 3 == 2 && world.timelines().len() < 12;
        let mut forked = false;
        for head in heads {
            let Some(season) = world.season(head) else {
                continue;
            };
            let mut taken: Vec<mdip_map::ProvinceId> =
                season.units.iter().map(|u| u.loc.province).collect();
            for power in mdip_map::Power::ALL {
                let units: Vec<_> = season.units.iter().filter(|u| u.power == power).collect();
                if units.is_empty() {
                    continue;
                }
                let header = n::Header {
                    power: Some(power.name().to_owned()),
                    season: Some(n::Season::new(head.turn, head.timeline)),
                    words: None,
                    colon: false,
                };
                block.push_str(&format!("{header}\n"));
                for u in units {
                    let unit = notation_unit(map, u.kind, u.loc);
                    // Into the past: an empty neighbour in the previous season.
                    if fork_now && !forked && head.timeline == 0 && head.turn > 0 {
                        let past = SeasonKey::new(head.turn - 1, 0);
                        if let Some(ps) = world.season(past) {
                            let target = empty_neighbour_in(world, head, u, past, ps);
                            if let Some(l) = target {
                                let dest = place(map, l)
                                    .season(Some(n::Season::new(past.turn, past.timeline)));
                                block.push_str(&format!("{}\n", moving(unit, dest)));
                                forked = true;
                                continue;
                            }
                        }
                    }
                    if rng.below(3) == 0 {
                        let options: Vec<_> = map
                            .neighbours(u.kind, u.loc)
                            .into_iter()
                            .filter(|l| !taken.contains(&l.province))
                            .collect();
                        if !options.is_empty() {
                            let l = options[rng.below(options.len() as u64) as usize];
                            taken.push(l.province);
                            block.push_str(&format!("{}\n", moving(unit, place(map, l))));
                            continue;
                        }
                    }
                    block.push_str(&format!("{}\n", n::OrderLine::new(n::Order::Hold { unit })));
                }
                block.push('\n');
            }
        }
        if block.is_empty() {
            break;
        }
        text.push_str(&format!("# Step {}\n", step + 1));
        text.push_str(&block);
        step += 1;
    }
    text
}

/// A standard game of at least `bytes` bytes that needs no analysis to write: every unit of
/// the opening holds, turn after turn, with a comment per block.
pub fn long_standard_game(bytes: usize) -> String {
    let map = mdip_map::Map::standard();
    let mut text = String::with_capacity(bytes + 4096);
    text.push_str("# A generated long game: everyone holds.\n@start standard\n\n");
    let mut turn = 0u32;
    while text.len() < bytes {
        for power in mdip_map::Power::ALL {
            let header = n::Header {
                power: Some(power.name().to_owned()),
                season: Some(n::Season::new(turn, 0)),
                words: None,
                colon: false,
            };
            text.push_str(&format!("{header} # turn {turn}\n"));
            for &(p, kind, loc) in map.starting_units() {
                if p != power {
                    continue;
                }
                let unit = notation_unit(map, kind, loc);
                text.push_str(&format!("{}\n", n::OrderLine::new(n::Order::Hold { unit })));
            }
        }
        text.push('\n');
        turn += 1;
    }
    text
}

/// Milliseconds since `t`.
pub fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1000.0
}

/// An empty location of season `past` (whose board is `past_board`) bordering the place of unit
/// `u` of season `head`, that the unit reaches under the world's rules: where a move into the
/// past forks a timeline. Shared by the generators of forking games.
pub fn empty_neighbour_in(
    world: &mdip_judge::world::World,
    head: mdip_judge::world::SeasonKey,
    u: &mdip_judge::world::BoardUnit,
    past: mdip_judge::world::SeasonKey,
    past_board: &mdip_judge::world::Season,
) -> Option<mdip_map::Location> {
    use mdip_judge::world::Pos;
    let from = Pos {
        season: head,
        loc: u.loc,
    };
    world
        .map()
        .neighbours(u.kind, u.loc)
        .into_iter()
        .find(|&l| {
            past_board.unit_at(l.province).is_none()
                && world.reaches(
                    u.kind,
                    from,
                    Pos {
                        season: past,
                        loc: l,
                    },
                )
        })
}

/// A location in the notation, its province by its full name: `St Petersburg(sc)`.
fn place(map: &mdip_map::Map, loc: mdip_map::Location) -> n::Place {
    n::Place::new(map.name(loc.province)).coast(loc.coast.map(|c| c.abbrev()))
}

/// A unit in the notation: `F St Petersburg(sc)`.
fn notation_unit(
    map: &mdip_map::Map,
    kind: mdip_map::UnitType,
    loc: mdip_map::Location,
) -> n::Unit {
    let kind = match kind {
        mdip_map::UnitType::Army => n::UnitKind::Army,
        mdip_map::UnitType::Fleet => n::UnitKind::Fleet,
    };
    n::Unit::new(kind, place(map, loc))
}

/// The move of `unit` to `dest` as an order line: `A Paris - Burgundy`.
fn moving(unit: n::Unit, dest: n::Place) -> n::OrderLine {
    n::OrderLine::new(n::Order::Move {
        unit,
        dest,
        via_convoy: false,
        retreat: false,
    })
}
