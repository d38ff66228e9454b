//! The IDE queries, as data: every `tests/fixtures/ide/<query>/*.mdip` file is one case of the
//! query its folder names, asked through the crate's public IDE API.
//!
//! A fixture is an order file with two kinds of marker, both removed before it is analysed:
//!
//! - `$0` is the cursor of a query that asks at a place (hover, completion, code actions,
//!   definition, references).
//! - An **annotation line** marks a diagnostic under the line it starts on. Its `#` stands in the
//!   diagnostic's first column, `^` covers the rest of its range, `#|` marks an empty range, a
//!   `+` after them says the range goes on past the line; then its code, severity and message:
//!
//!   ```text
//!   F Londn - North Sea
//!     #^^^^ E0202 error: unknown province `Londn`
//!   ```
//!
//!   Columns are counted in characters on the line as written (a `$0` on it counts). An
//!   annotation line is removed with the line break before it, so a fixture whose last line is
//!   annotated may still end without one. A diagnostic after the text's last line break is
//!   marked one column past the end of the last line.
//!
//! Every fixture's annotations are checked: they must be exactly the diagnostics of its text, in
//! the order the analysis gives them. The `diagnostics/` fixtures ask nothing else; every other
//! query's answer is compared with an insta snapshot, `tests/snapshots/ide__<query>__<name>.snap`.
//! `INSTA_UPDATE=always cargo test -p mdip-analysis --test ide` rewrites both, the snapshots and
//! the annotations in the fixtures; review the diff (docs/testing.md).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use mdip_analysis::ide::{
    code_actions, completions, definition, document_symbols, folding_ranges, format, hover,
    inlay_hints, references, CompletionConfig, ReferenceKind, Symbol,
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
        let file = std::fs::read_to_string(path).expect("a fixture");
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
        let written: Vec<&str> = self.written.split_inclusive('\n').collect();
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
                let severity = match d.severity {
                    Severity::Error => "error",
                    Severity::Warning => "warning",
                };
                assert!(!d.message.contains('\n'), "{:?}: {d:?}", self.path);
                let _ = write!(
                    out,
                    "\n{}{mark}{} {} {severity}: {}",
                    " ".repeat(first),
                    if t > end && s <= end { "+" } else { "" },
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

/// Whether a line is an annotation: spaces, `#`, then `^`s or `|`, maybe `+`, a space and a code
/// (`E0202`, `W0501`). Any other comment is part of the text.
fn is_annotation(line: &str) -> bool {
    let Some(rest) = line.trim_start_matches(' ').strip_prefix('#') else {
        return false;
    };
    let rest = match rest.strip_prefix('|') {
        Some(rest) => rest,
        None => rest.trim_start_matches('^'),
    };
    let rest = rest.strip_prefix('+').unwrap_or(rest);
    let Some(rest) = rest.strip_prefix(' ') else {
        return false;
    };
    let code = rest.split(' ').next().unwrap_or_default().as_bytes();
    code.len() == 5 && matches!(code[0], b'E' | b'W') && code[1..].iter().all(u8::is_ascii_digit)
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

/// The outline as an indented tree (name, detail, kind, the lines it spans, from 1), then the
/// folding ranges (the editor's lines, from 0).
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
            fold.kind, fold.start_line, fold.end_line
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
fn format_answer(f: &Fixture, _: &Analysis) -> String {
    let edits = format(&f.text).unwrap_or_else(|e| panic!("{:?}: {e}", f.path));
    let mut new = f.text.clone();
    for e in edits.iter().rev() {
        new.replace_range(e.span.range(), &e.text);
    }
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

fn fixtures_of(query: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/ide")
        .join(query);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir:?}: {e}"))
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "mdip"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no fixtures in {dir:?}");
    paths
}

#[test]
fn ide_fixtures() {
    let update = std::env::var("INSTA_UPDATE").is_ok_and(|v| v == "always");
    let mut wrong = Vec::new();
    // Every folder is a query: a new folder without a query here would be silently skipped.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ide");
    for entry in std::fs::read_dir(&root).expect("the IDE fixtures") {
        let name = entry.expect("an entry").file_name();
        let name = name.to_string_lossy();
        assert!(
            QUERIES.iter().any(|(q, _)| *q == name),
            "{root:?}/{name}: no query of that name"
        );
    }
    for &(query, answer) in QUERIES {
        for path in fixtures_of(query) {
            let fixture = Fixture::read(&path);
            let analysis = analyze(&fixture.text);
            let annotated = fixture.annotated(&analysis.diagnostics);
            if annotated != fixture.file {
                if update {
                    std::fs::write(&path, &annotated).expect("update the fixture");
                } else {
                    wrong.push(format!(
                        "{path:?}: its annotations are not its diagnostics; it should read:\n{annotated}"
                    ));
                }
            }
            if let Some(answer) = answer {
                let name = path.file_stem().expect("a name").to_string_lossy();
                insta::with_settings!({ input_file => &path, omit_expression => true }, {
                    insta::assert_snapshot!(format!("{query}__{name}"), answer(&fixture, &analysis));
                });
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{}\n(to accept them: INSTA_UPDATE=always cargo test -p mdip-analysis --test ide)",
        wrong.join("\n")
    );
}

/// The markers: what a fixture's text is, where its cursor is, and how its annotations read.
#[test]
fn fixture_markers() {
    let dir = std::env::temp_dir().join(format!("mdip-ide-markers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let path = dir.join("f.mdip");
    // Annotations are removed whatever their columns say; `#A` is a comment of the text.
    let file = "England:\nF Lo$0ndn - North Sea\n   #^^^^^^ E0202 error: unknown province `Londn`\nA Lon\n#^^^^ E0999 error: x\n# E0202 marks column 0\n#A\n#|+ W0001 warning: y";
    std::fs::write(&path, file).expect("write");
    let f = Fixture::read(&path);
    std::fs::remove_dir_all(&dir).expect("clean up");
    assert_eq!(f.text, "England:\nF Londn - North Sea\nA Lon\n#A");
    assert_eq!(f.written, "England:\nF Lo$0ndn - North Sea\nA Lon\n#A");
    assert_eq!(f.cursor, Some(13));
    assert!(!is_annotation("# a comment\n") && !is_annotation("#^^ not a code\n"));
    assert!(is_annotation("  #^^ E0101 error: m\n") && is_annotation("#| W0501 warning: m"));
    // The annotations written back: the `$0` inside "Londn" widens its mark; a diagnostic at
    // the end of a line and one past the last line break.
    let analysis = analyze(&f.text);
    let lines: Vec<String> = f
        .annotated(&analysis.diagnostics)
        .lines()
        .filter(|l| is_annotation(l))
        .map(str::to_owned)
        .collect();
    assert_eq!(
        lines.first().map(String::as_str),
        Some("  #^^^^^^ E0202 error: unknown province `Londn`"),
        "{lines:#?}"
    );
}

/// In a long file the board of a step is found again from the last checkpoint before it: the
/// long-file completion fixture asks after one, and answers what the same line answers in the
/// second turn of a short file (with the season before it named alike).
#[test]
fn completion_in_a_long_file_answers_as_in_a_short_one() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ide/completion");
    let long = Fixture::read(&root.join("long-file-from-a-checkpoint.mdip"));
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
