//! Fuzz target: incremental analysis equals a full analysis after any sequence of edits.
//!
//! The input is an edit script: `TEXT [0xFF CONFIG EDIT...]`.
//!
//! - `TEXT` (lossy UTF-8) is the document, after an optional generated prefix: `CONFIG % 20`
//!   turns of a multiversal (or, for one template, standard) game picked by `CONFIG / 32 % 4`,
//!   so that the analysis has checkpoints to resume from (they come every 64 lines or so).
//! - Each `EDIT` is an op byte (`op % 4`: 0 splice `POS:u16le DEL:u8 LEN:u8 BYTES`, 1 copy a
//!   line `FROM:u8 TO:u8`, 2 delete a line `LINE:u8`, 3 replace the word at `POS:u16le` with the
//!   token `TOKEN:u8`); `op & 4` passes the exact first changed line (else one line before it,
//!   as the language server does); `op & 8` continues from the full analysis instead of the
//!   incremental one. At most 4 edits are read.
//! - Without a 0xFF byte the input is all text, with no prefix, and three edits are derived
//!   from a hash of it (so that plain `.mdip` files are useful seeds).
//!
//! After each edit, `analyze_incremental(new, previous, first_changed_line)` must give what
//! `analyze(new)` gives: diagnostics, orders and outcomes, steps, seasons with their units,
//! timelines, line contexts and expectations (`Analysis::fingerprint`,
//! as `tests/incremental.rs` compares them).

#![no_main]

use libfuzzer_sys::fuzz_target;
use mdip_analysis::{analyze, analyze_incremental};
use mdip_syntax::LineIndex;

const MAX_EDITS: usize = 4;
const MAX_TEXT: usize = 16 << 10;

fuzz_target!(|data: &[u8]| {
    let (text, script) = match data.iter().position(|&b| b == 0xFF) {
        Some(at) => {
            let (config, edits) = match data.get(at + 1) {
                Some(&c) => (c, data[at + 2..].to_vec()),
                None => (0, Vec::new()),
            };
            let mut text = prefix(config);
            text.push_str(&String::from_utf8_lossy(&data[..at]));
            (text, edits)
        }
        None => {
            let text = String::from_utf8_lossy(data).into_owned();
            let edits = derived_edits(data);
            (text, edits)
        }
    };
    run(text, &script);
});

/// A generated game of `config % 20` turns, in one of four templates.
fn prefix(config: u8) -> String {
    let turns = usize::from(config % 20);
    let mut out = String::new();
    if turns == 0 {
        return out;
    }
    match config / 32 % 4 {
        // Two units holding, turn after turn (the crate's own `long_file`).
        0 => {
            out.push_str("Germany 0:0\nA Munich hold\nEngland 0:0\nF London hold\n");
            for t in 1..turns {
                out.push_str(&format!(
                    "\nGermany {t}:0\nA Munich hold\nEngland {t}:0\nF London hold   # turn {t}\n"
                ));
            }
        }
        // Units going back and forth, with retreats and adjustments in between.
        1 => {
            out.push_str("@unit Germany A Munich\n@unit England F London\n@unit France A Paris\n");
            for t in 0..turns {
                let (a, b) = if t % 2 == 0 {
                    ("Munich", "Tyrolia")
                } else {
                    ("Tyrolia", "Munich")
                };
                let (f, g) = if t % 2 == 0 {
                    ("London", "North Sea")
                } else {
                    ("North Sea", "London")
                };
                out.push_str(&format!(
                    "Germany {t}:0\nA {a} - {b}\nEngland {t}:0\nF {f} - {g}\nFrance {t}:0\nA Paris S A {a} - {b}\n\n"
                ));
            }
        }
        // A standard game without seasons: steps closed by `@phase`.
        2 => {
            out.push_str("@start standard\n");
            for t in 0..turns {
                let (a, b) = if t % 2 == 0 {
                    ("Munich", "Ruhr")
                } else {
                    ("Ruhr", "Munich")
                };
                out.push_str(&format!(
                    "Germany:\nA {a} - {b}\nFrance:\nA Paris - Burgundy\n@phase movement\n"
                ));
            }
        }
        // A multiverse: the unit goes into its own past every few turns, forking timelines.
        _ => {
            out.push_str("Germany 0:0\nA Munich hold\nRussia 0:0\nA Warsaw hold\n");
            for t in 1..turns {
                if t % 5 == 0 {
                    out.push_str(&format!(
                        "\nGermany {t}:0\nA Munich - Tyrolia {}:0\nRussia {t}:0\nA Warsaw hold\n",
                        t - 1
                    ));
                } else {
                    out.push_str(&format!(
                        "\nGermany {t}:0\nA Munich hold\nRussia {t}:0\nA Warsaw - Silesia\n"
                    ));
                }
            }
        }
    }
    out
}

/// Three edits picked by a hash of a plain text input.
fn derived_edits(data: &[u8]) -> Vec<u8> {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in data {
        hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    let h = hash.to_le_bytes();
    vec![
        // Replace a word.
        3 | 4,
        h[0],
        h[1],
        h[2],
        // Copy a line.
        1,
        h[3],
        h[4],
        // Delete a line, continuing from the full analysis.
        2 | 8,
        h[5],
    ]
}

/// Tokens that edits put in place of a word.
const TOKENS: &[&str] = &[
    "Munich",
    "Berlin",
    "hold",
    "- Tyrolia",
    "Supports",
    "0:0",
    "1:1",
    "Kiel",
    "(nc)",
    "=> fails",
    "",
    "Germany",
    "F",
    "A",
    "2:0",
    "\n",
    "@phase movement",
    "# ",
    "Convoys",
    "Build",
    "@expect timelines 0 1",
    "Germany 3:0\n",
    "\r",
    "Tyrolia 0:0",
];

/// Reads bytes of an edit script.
struct Script<'a>(&'a [u8]);

impl Script<'_> {
    fn byte(&mut self) -> Option<u8> {
        let (&b, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(b)
    }

    fn u16(&mut self) -> Option<usize> {
        Some(usize::from(self.byte()?) | usize::from(self.byte()?) << 8)
    }

    fn bytes(&mut self, n: usize) -> &[u8] {
        let n = n.min(self.0.len());
        let (taken, rest) = self.0.split_at(n);
        self.0 = rest;
        taken
    }
}

fn floor_boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn ceil_boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

/// The byte range of line `line` including its line break.
fn line_range(index: &LineIndex, text: &str, line: usize) -> (usize, usize) {
    let span = index.line_span(line).expect("a line of the text");
    let next = index
        .line_span(line + 1)
        .map_or(text.len(), |s| s.start as usize);
    (span.start as usize, next)
}

/// One edit: the replaced range and the new text; `None` at the end of the script.
fn next_edit(script: &mut Script<'_>, text: &str) -> Option<(u8, usize, usize, String)> {
    let op = script.byte()?;
    let index = LineIndex::new(text);
    let lines = index.line_count();
    let (start, end, insert) = match op % 4 {
        0 => {
            let pos = floor_boundary(text, script.u16()? % (text.len() + 1));
            let del = usize::from(script.byte()? % 24);
            let len = usize::from(script.byte()? % 24);
            let insert = String::from_utf8_lossy(script.bytes(len)).into_owned();
            (pos, ceil_boundary(text, pos + del), insert)
        }
        1 => {
            let from = usize::from(script.byte()?) % lines;
            let to = usize::from(script.byte()?) % lines;
            let (a, b) = line_range(&index, text, from);
            let mut line = text[a..b].to_owned();
            if !line.ends_with(['\n', '\r']) {
                line.push('\n');
            }
            let (at, _) = line_range(&index, text, to);
            (at, at, line)
        }
        2 => {
            let line = usize::from(script.byte()?) % lines;
            let (a, b) = line_range(&index, text, line);
            (a, b, String::new())
        }
        _ => {
            let pos = floor_boundary(text, script.u16()? % (text.len() + 1));
            let token = TOKENS[usize::from(script.byte()?) % TOKENS.len()];
            let word = |c: char| c.is_alphanumeric() || c == ':';
            let start = text[..pos]
                .char_indices()
                .rev()
                .take_while(|&(_, c)| word(c))
                .last()
                .map_or(pos, |(i, _)| i);
            let end = text[pos..]
                .char_indices()
                .find(|&(_, c)| !word(c))
                .map_or(text.len(), |(i, _)| pos + i);
            (start, end, token.to_owned())
        }
    };
    Some((op, start, end, insert))
}

fn run(mut text: String, script: &[u8]) {
    let mut script = Script(script);
    let mut previous = analyze(&text);
    for _ in 0..MAX_EDITS {
        let Some((op, start, end, insert)) = next_edit(&mut script, &text) else {
            break;
        };
        let exact = LineIndex::new(&text).line_col(start as u32).line as usize;
        let first_changed_line = if op & 4 != 0 {
            exact
        } else {
            exact.saturating_sub(1)
        };
        let mut new = text.clone();
        new.replace_range(start..end, &insert);
        if new.len() > MAX_TEXT {
            break;
        }
        let full = analyze(&new);
        let incremental = analyze_incremental(&new, &previous, first_changed_line);
        let (f, i) = (full.fingerprint(), incremental.fingerprint());
        if f != i {
            panic!(
                "incremental analysis differs from the full analysis after replacing \
                 {start}..{end} with {insert:?} (first changed line {first_changed_line}, \
                 checkpoints of the previous analysis {:?})\n\
                 before: {text:?}\nafter: {new:?}\n{}",
                previous.checkpoint_lines(),
                diff(&f, &i)
            );
        }
        previous = if op & 8 != 0 { full } else { incremental };
        text = new;
    }
}

/// The first lines where two fingerprints differ.
fn diff(full: &str, incremental: &str) -> String {
    let mut out = String::new();
    let (mut a, mut b) = (full.lines(), incremental.lines());
    let mut shown = 0;
    loop {
        match (a.next(), b.next()) {
            (None, None) => break,
            (x, y) if x == y => {}
            (x, y) => {
                out.push_str(&format!("full:        {x:?}\nincremental: {y:?}\n"));
                shown += 1;
                if shown == 5 {
                    break;
                }
            }
        }
    }
    out
}
