//! The IDE queries, as data: every `tests/fixtures/ide/<query>/*.mdip` file is one case of the
//! query its folder names, asked through the crate's public IDE API.
//!
//! A fixture is an order file with two kinds of marker, both removed before it is analysed:
//!
//! - `$0` is the cursor of a query that asks at a place (hover, completion, code actions,
//!   definition, references).
//! - An **annotation line** marks a diagnostic under the line it starts on. Its `#` stands in the
//!   diagnostic's first column, `^` covers the rest of its range, `#|` marks an empty range, and
//!   `+N` after them says the range goes on N characters past the line's end (line breaks
//!   counted); then its code, severity and message:
//!
//!   ```text
//!   F Londn - North Sea
//!     #^^^^ E0202 error: unknown province `Londn`
//!   ```
//!
//!   Columns are counted in characters (a tab is one) on the line as written (a `$0` on it
//!   counts). An annotation line is removed with the line break before it, so a fixture whose
//!   last line is annotated may still end without one. A diagnostic after the text's last line
//!   break (an empty range at its end) is marked one column past the end of the last line. A
//!   comment line that reads like an annotation (`#`, a mark, a code such as `E0202`, `error:`
//!   or `warning:`) is one.
//!
//! Every fixture's annotations are checked: they must be exactly the diagnostics of its text, in
//! the order the analysis gives them. The `diagnostics/` fixtures ask nothing else; every other
//! query's answer is compared with an insta snapshot, `tests/snapshots/ide__<query>__<name>.snap`.
//! `INSTA_UPDATE=always cargo test -p mdip-analysis --test ide` rewrites both, the snapshots and
//! the annotations in the fixtures; review the diff (docs/testing.md). `IDE_FIXTURE=hover/unit`
//! runs only the fixtures whose `<query>/<name>` contains it.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use mdip_analysis::ide::{
    code_actions, completions, definition, document_symbols, folding_ranges, format, formatted,
    hover, inlay_hints, references, CompletionConfig, ReferenceKind, Symbol,
};
use mdip_analysis::{analyze, Analysis, Diagnostic, Severity};
use mdip_syntax::Span;

/// One fixture, read.
struct Fixture {
    path: PathBuf,
    /// The file as it is on disk.
    file: String,
    /// The file without its annotation lines, the cursor kept.
    written: String,
    /// What the queries read: without annotations and cursor.
    text: String,
    /// The cursor's offset in `text`.
    cursor: Option<u32>,
}

impl Fixture {
    fn read(path: &Path) -> Fixture {
        Fixture::parse(path, std::fs::read_to_string(path).expect("a fixture"))
    }

    /// A fixture from its file's text (`path` names it in messages).
    fn parse(path: &Path, file: String) -> Fixture {
        assert!(
            !file.contains('\r'),
            "{path:?}: write fixtures with LF line breaks"
        );
        let mut written = String::new();
        for line in file.split_inclusive('\n') {
            if is_annotation(line) {
                assert!(
                    written.ends_with('\n'),
                    "{path:?}: an annotation line must follow the line it marks: {line:?}"
                );
                written.pop();
                if line.ends_with('\n') {
                    written.push('\n');
                }
            } else {
                written.push_str(line);
            }
        }
        assert!(
            written.matches("$0").count() <= 1,
            "{path:?}: more than one `$0`"
        );
        let cursor = written.find("$0").map(|at| at as u32);
        let text = written.replacen("$0", "", 1);
        Fixture {
            path: path.to_owned(),
            file,
            written,
            text,
            cursor,
        }
    }

    fn cursor(&self) -> u32 {
        self.cursor
            .unwrap_or_else(|| panic!("{:?}: this query needs a `$0` cursor", self.path))
    }

    /// The written line holding the cursor, to head an answer asked at a place.
    fn cursor_line(&self) -> String {
        let at = self.written.find("$0").expect("a cursor");
        let start = self.written[..at].rfind('\n').map_or(0, |i| i + 1);
        let end = self.written[at..]
            .find('\n')
            .map_or(self.written.len(), |i| at + i);
        format!("at: {}\n", &self.written[start..end])
    }

    /// The file as it should be: the written text with an annotation line for each of
    /// `diagnostics`, in their order, under the line each starts on.
    fn annotated(&self, diagnostics: &[Diagnostic]) -> String {
        let (text, cursor) = (&self.text, self.cursor.map(|c| c as usize));
        let mut written: Vec<&str> = self.written.split_inclusive('\n').collect();
        if written.is_empty() {
            written.push("");
        }
        let mut placed = vec![false; diagnostics.len()];
        let mut out = String::new();
        let mut start = 0;
        for (i, shown) in written.iter().enumerate() {
            let body = shown.strip_suffix('\n').unwrap_or(shown);
            let end = start + body.len() - if body.contains("$0") { 2 } else { 0 };
            let last = i + 1 == written.len();
            out.push_str(body);
            // Columns as written: a `$0` on the line counts before a range's start when it is
            // at or before it, before its end only when it is before it.
            let column = |at: usize, end_of_range: bool| {
                let moved = cursor.is_some_and(|c| {
                    start <= c && c <= end && if end_of_range { c < at } else { c <= at }
                });
                text[start..at.min(end)].chars().count()
                    + usize::from(at > end)
                    + 2 * usize::from(moved)
            };
            for (d, done) in diagnostics.iter().zip(placed.iter_mut()) {
                let (s, t) = (d.span.start as usize, d.span.end as usize);
                if *done || s < start || (s > end && !last) {
                    continue;
                }
                *done = true;
                let first = column(s, false);
                let mark = if t <= s {
                    "#|".to_owned()
                } else {
                    let width = column(t.min(end), true).saturating_sub(first).max(1);
                    format!("#{}", "^".repeat(width - 1))
                };
                // A range past the line's end: how many characters it goes on (line breaks
                // included).
                let more = if t > end && s <= end {
                    format!("+{}", text[end..t].chars().count())
                } else {
                    String::new()
                };
                let severity = match d.severity {
                    Severity::Error => "error",
                    Severity::Warning => "warning",
                };
                assert!(!d.message.contains('\n'), "{:?}: {d:?}", self.path);
                let _ = write!(
                    out,
                    "\n{}{mark}{more} {} {severity}: {}",
                    " ".repeat(first),
                    d.code.as_str(),
                    d.message
                );
            }
            if shown.ends_with('\n') {
                out.push('\n');
            }
            start = end + usize::from(shown.ends_with('\n'));
        }
        assert!(
            placed.iter().all(|&p| p),
            "{:?}: a diagnostic could not be placed",
            self.path
        );
        out
    }
}

/// Whether a line is an annotation: spaces, `#`, then `^`s or `|`, maybe `+` and a count, a
/// space, a code (`E0202`, `W0501`), a space and `error:` or `warning:`. Any other comment is
/// part of the text.
fn is_annotation(line: &str) -> bool {
    let line = line.strip_suffix('\n').unwrap_or(line);
    let Some(rest) = line.trim_start_matches(' ').strip_prefix('#') else {
        return false;
    };
    let rest = match rest.strip_prefix('|') {
        Some(rest) => rest,
        None => rest.trim_start_matches('^'),
    };
    let rest = match rest.strip_prefix('+') {
        Some(count) if count.starts_with(|c: char| c.is_ascii_digit()) => {
            count.trim_start_matches(|c: char| c.is_ascii_digit())
        }
        Some(_) => return false,
        None => rest,
    };
    let Some(rest) = rest.strip_prefix(' ') else {
        return false;
    };
    let Some((code, rest)) = rest.split_once(' ') else {
        return false;
    };
    let code = code.as_bytes();
    code.len() == 5
        && matches!(code[0], b'E' | b'W')
        && code[1..].iter().all(u8::is_ascii_digit)
        && (rest.starts_with("error: ") || rest.starts_with("warning: "))
}

/// The hover at the cursor, in Markdown, or `(no hover)`.
fn hover_answer(f: &Fixture, analysis: &Analysis) -> String {
    let answer = hover(analysis, &f.text, f.cursor()).map_or_else(
        || "(no hover)".to_owned(),
        |h| format!("{}\n[span: {:?}]", h.markdown, &f.text[h.span.range()]),
    );
    format!("{}{answer}\n", f.cursor_line())
}

/// The completions at the cursor, one a line in the order the client shows them (by sort key),
/// each as its label and, when it differs, the text it inserts.
fn completion_answer(f: &Fixture, analysis: &Analysis, snippets: bool) -> String {
    let mut items = completions(analysis, &f.text, f.cursor(), CompletionConfig { snippets });
    items.sort_by(|a, b| a.sort.cmp(&b.sort));
    let mut answer = f.cursor_line();
    for i in &items {
        answer.push_str(&i.label);
        if i.insert != i.label {
            let _ = write!(answer, "  ⇒ {:?}", i.insert);
        }
        answer.push('\n');
    }
    if items.is_empty() {
        answer.push_str("(no completion)\n");
    }
    answer
}

/// The text with each inlay hint shown where the editor draws it, as `⟨label⟩`.
fn inlay_answer(f: &Fixture, analysis: &Analysis) -> String {
    let hints = inlay_hints(analysis, Span::new(0, f.text.len() as u32));
    let mut shown = f.text.clone();
    for h in hints.iter().rev() {
        shown.insert_str(h.offset as usize, &format!(" ⟨{}⟩", h.label));
    }
    shown
}

/// Every code action at the cursor: its title, whether it is preferred and safe, and the text
/// after its edits.
fn actions_answer(f: &Fixture, analysis: &Analysis) -> String {
    let actions = code_actions(analysis, Span::empty(f.cursor()));
    let mut answer = f.cursor_line();
    for action in &actions {
        let mut new = f.text.clone();
        for e in action.edits.iter().rev() {
            new.replace_range(e.span.range(), &e.text);
        }
        let _ = write!(
            answer,
            "## {}{}{}\n{new}",
            action.title,
            if action.preferred { " (preferred)" } else { "" },
            if action.safe { " (safe)" } else { "" },
        );
    }
    if actions.is_empty() {
        answer.push_str("(no action)\n");
    }
    answer
}

/// The line number (from 1) of an offset.
fn line_of(text: &str, at: u32) -> usize {
    text[..at as usize].matches('\n').count() + 1
}

/// The outline as an indented tree (name, detail, kind, the lines it spans), then the folding
/// ranges; lines counted from 1.
fn outline_answer(f: &Fixture, analysis: &Analysis) -> String {
    fn tree(out: &mut String, text: &str, symbols: &[Symbol], depth: usize) {
        for s in symbols {
            let _ = writeln!(
                out,
                "{}{}{} [{:?}] lines {}-{}",
                "  ".repeat(depth),
                s.name,
                s.detail
                    .as_ref()
                    .map_or_else(String::new, |d| format!(" — {d}")),
                s.kind,
                line_of(text, s.span.start),
                line_of(text, s.span.end),
            );
            tree(out, text, &s.children, depth + 1);
        }
    }
    let mut answer = String::new();
    tree(&mut answer, &f.text, &document_symbols(analysis), 0);
    for fold in folding_ranges(analysis) {
        let _ = writeln!(
            answer,
            "fold {:?} lines {}-{}",
            fold.kind,
            fold.start_line + 1,
            fold.end_line + 1
        );
    }
    answer
}

/// Where definition at the cursor leads: the target's line and text, and the origin's text.
fn definition_answer(f: &Fixture, analysis: &Analysis) -> String {
    let answer = definition(analysis, f.cursor()).map_or_else(
        || "(no definition)".to_owned(),
        |n| {
            format!(
                "origin: {:?}\ntarget: line {}: {:?}",
                &f.text[n.origin.range()],
                line_of(&f.text, n.target.start),
                &f.text[n.target.range()],
            )
        },
    );
    format!("{}{answer}\n", f.cursor_line())
}

/// The references at the cursor, each as its line, its text and whether it is the ordered unit.
fn references_answer(f: &Fixture, analysis: &Analysis) -> String {
    let found = references(analysis, f.cursor());
    let mut answer = f.cursor_line();
    for r in &found {
        let _ = writeln!(
            answer,
            "line {}: {:?}{}",
            line_of(&f.text, r.span.start),
            &f.text[r.span.range()],
            if r.kind == ReferenceKind::Ordered {
                " (ordered)"
            } else {
                ""
            }
        );
    }
    if found.is_empty() {
        answer.push_str("(no reference)\n");
    }
    answer
}

/// The text after formatting; formatting it again changes nothing.
fn format_answer(f: &Fixture, analysis: &Analysis) -> String {
    let new = formatted(&f.text, analysis).unwrap_or_else(|e| panic!("{:?}: {e}", f.path));
    assert_eq!(format(&new), Ok(Vec::new()), "{:?}: not idempotent", f.path);
    new
}

type Query = fn(&Fixture, &Analysis) -> String;

/// The queries, by the folder of their fixtures. `diagnostics` asks nothing more than the
/// annotations every fixture has.
const QUERIES: &[(&str, Option<Query>)] = &[
    ("code-actions", Some(actions_answer)),
    ("completion", Some(|f, a| completion_answer(f, a, false))),
    (
        "completion-snippets",
        Some(|f, a| completion_answer(f, a, true)),
    ),
    ("definition", Some(definition_answer)),
    ("diagnostics", None),
    ("format", Some(format_answer)),
    ("hover", Some(hover_answer)),
    ("inlay-hints", Some(inlay_answer)),
    ("outline", Some(outline_answer)),
    ("references", Some(references_answer)),
];

/// The folder of the IDE fixtures.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ide")
}

fn fixtures_of(query: &str) -> Vec<PathBuf> {
    let dir = root().join(query);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir:?}: {e}"))
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "mdip"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no fixtures in {dir:?}");
    paths
}

/// Every fixture: its annotations, then its query's answer against its snapshot. Every failure
/// is listed, not only the first. `IDE_FIXTURE=hover/unit` (a part of `<query>/<name>`) runs
/// only the fixtures it names.
#[test]
fn ide_fixtures() {
    let update = std::env::var("INSTA_UPDATE").is_ok_and(|v| v == "always");
    let only = std::env::var("IDE_FIXTURE").ok();
    // Every folder is a query: a new folder without a query here would be silently skipped.
    for entry in std::fs::read_dir(root()).expect("the IDE fixtures") {
        let name = entry.expect("an entry").file_name();
        let name = name.to_string_lossy();
        assert!(
            QUERIES.iter().any(|(q, _)| *q == name),
            "{:?}/{name}: no query of that name",
            root()
        );
    }
    let mut wrong = Vec::new();
    let mut ran = 0;
    for &(query, answer) in QUERIES {
        for path in fixtures_of(query) {
            let name = path.file_stem().expect("a name").to_string_lossy();
            if only
                .as_deref()
                .is_some_and(|o| !format!("{query}/{name}").contains(o))
            {
                continue;
            }
            ran += 1;
            let fixture = Fixture::read(&path);
            let analysis = analyze(&fixture.text);
            let annotated = fixture.annotated(&analysis.diagnostics);
            if annotated != fixture.file {
                if update {
                    std::fs::write(&path, &annotated).expect("update the fixture");
                } else {
                    wrong.push(format!(
                        "{query}/{name}: its annotations are not its diagnostics; it should read:\n{annotated}"
                    ));
                }
            }
            let Some(answer) = answer else {
                continue;
            };
            let compared = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                insta::with_settings!({ input_file => &path, omit_expression => true }, {
                    insta::assert_snapshot!(format!("{query}__{name}"), answer(&fixture, &analysis));
                });
            }));
            if compared.is_err() {
                wrong.push(format!(
                    "{query}/{name}: its answer differs from its snapshot (above)"
                ));
            }
        }
    }
    assert!(ran > 0, "IDE_FIXTURE={only:?} names no fixture");
    assert!(
        wrong.is_empty(),
        "{}\n(to accept them: INSTA_UPDATE=always cargo test -p mdip-analysis --test ide)",
        wrong.join("\n")
    );
}

/// Every IDE snapshot belongs to a fixture that asks for one: a fixture renamed or removed
/// leaves none behind.
#[test]
fn every_ide_snapshot_has_its_fixture() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots");
    for entry in std::fs::read_dir(&dir).expect("the snapshots") {
        let file = entry.expect("an entry").file_name();
        let file = file.to_string_lossy();
        let Some(rest) = file.strip_prefix("ide__") else {
            continue;
        };
        let rest = rest.strip_suffix(".snap").unwrap_or(rest);
        let (query, name) = rest.split_once("__").expect("ide__<query>__<name>.snap");
        let asks = QUERIES.iter().any(|(q, a)| *q == query && a.is_some());
        assert!(
            asks && root().join(query).join(format!("{name}.mdip")).is_file(),
            "{file}: no fixture {query}/{name}.mdip asks for it; remove it"
        );
    }
}

/// A fixture's markers read, and annotations written for chosen diagnostics: column 0, an
/// empty range, a range past its line, a `$0` before, inside and after a range, characters of
/// more than one byte, and a diagnostic after the last line break. Reading what is written
/// gives back the text.
#[test]
fn fixture_markers() {
    let path = Path::new("markers.mdip");
    // Annotations are removed whatever their columns say; `#A` and a comment naming a code are
    // comments of the text.
    let file = "England:\nF Lo$0ndn - North Sea\n   #^^^^^^ E0202 error: unknown province\nA Lon\n#^^^^ E0999 error: x\n# E0202 is not raised here\n#A\n#|+3 W0001 warning: y";
    let f = Fixture::parse(path, file.to_owned());
    assert_eq!(
        f.text,
        "England:\nF Londn - North Sea\nA Lon\n# E0202 is not raised here\n#A"
    );
    assert_eq!(
        f.written,
        "England:\nF Lo$0ndn - North Sea\nA Lon\n# E0202 is not raised here\n#A"
    );
    assert_eq!(f.cursor, Some(13));
    assert!(!is_annotation("#^^ E0202 is not raised here\n"));
    assert!(is_annotation("  #^^ E0101 error: m\n") && is_annotation("#|+12 W0501 warning: m"));
    assert!(!is_annotation("#^+ E0101 error: m"));

    let diagnostic = |start: u32, end: u32, message: &str| Diagnostic {
        code: mdip_analysis::Code::UnknownProvince,
        severity: Severity::Error,
        span: Span::new(start, end),
        message: message.to_owned(),
        hint: None,
        related: Vec::new(),
        fixes: Vec::new(),
        expected: false,
    };
    // "ü" and "é" are two bytes and one column each; the cursor sits after "Mü". Byte offsets:
    // the second line starts at 9, "M" 11, "n" 14, "é" 21, "R" 24, its line break 28; "F Kiel"
    // ends at 35 and the text at 36.
    let f = Fixture::parse(path, "Germany:\nA Mü$0nich - é Ruhr\nF Kiel\n".to_owned());
    assert_eq!(f.cursor, Some(14));
    let annotated = f.annotated(&[
        diagnostic(0, 7, "column 0"),
        diagnostic(9, 9, "empty, column 0"),
        diagnostic(11, 14, "before the cursor: Mü"),
        diagnostic(11, 17, "around the cursor: Münic"),
        diagnostic(14, 17, "after the cursor: nic"),
        diagnostic(23, 23, "empty, after é"),
        diagnostic(24, 35, "Ruhr, then the next line"),
        diagnostic(36, 36, "after the last line break"),
    ]);
    let expected = [
        "Germany:",
        "#^^^^^^ E0202 error: column 0",
        "A Mü$0nich - é Ruhr",
        "#| E0202 error: empty, column 0",
        "  #^ E0202 error: before the cursor: Mü",
        "  #^^^^^^ E0202 error: around the cursor: Münic",
        "      #^^ E0202 error: after the cursor: nic",
        "              #| E0202 error: empty, after é",
        "               #^^^+7 E0202 error: Ruhr, then the next line",
        "F Kiel",
        "       #| E0202 error: after the last line break",
        "",
    ]
    .join("\n");
    assert_eq!(annotated, expected);
    let again = Fixture::parse(path, annotated);
    assert_eq!((again.text, again.cursor), (f.text, f.cursor));
    // An empty text: an annotation still has a line to follow.
    let empty = Fixture::parse(path, String::new());
    let annotated = empty.annotated(&[diagnostic(0, 0, "nothing")]);
    assert_eq!(annotated, "\n#| E0202 error: nothing");
    assert_eq!(Fixture::parse(path, annotated).text, "");
}

/// In a long file the board of a step is found again from the last checkpoint before it: the
/// long-file completion fixture asks after one, and answers what the same line answers in the
/// second turn of a short file (with the season before it named alike).
#[test]
fn completion_in_a_long_file_answers_as_in_a_short_one() {
    let long = Fixture::read(&root().join("completion/long-file-from-a-checkpoint.mdip"));
    let analysis = analyze(&long.text);
    let line = long.text[..long.cursor() as usize].matches('\n').count();
    assert!(
        analysis
            .checkpoint_lines()
            .iter()
            .any(|&c| 0 < c && c < line),
        "no checkpoint before line {line}: {:?}",
        analysis.checkpoint_lines()
    );
    let labels = |text: &str, at: u32| {
        let mut items = completions(
            &analyze(text),
            text,
            at,
            CompletionConfig { snippets: false },
        );
        items.sort_by(|a, b| a.sort.cmp(&b.sort));
        items.into_iter().map(|i| i.label).collect::<Vec<_>>()
    };
    let short = "@start standard\nGermany 0:0\nA Munich hold\nA Berlin hold\nF Kiel hold\n\nGermany 1:0\nA Munich - ";
    let expected: Vec<String> = labels(short, short.len() as u32)
        .into_iter()
        .map(|l| l.replace(" 0:0", " 29:0"))
        .collect();
    assert_eq!(labels(&long.text, long.cursor()), expected);
}
