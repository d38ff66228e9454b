//! The parser's tree dumps, as data: every `tests/fixtures/parse/*.mdip` file is parsed whole and
//! its dump compared with `tests/snapshots/fixtures__<file>.snap` (insta).
//!
//! The dump shows each source line after `> `, its tree after `= ` (the compact form of
//! [`mdip_syntax::dump`]), and each syntax error under the line it starts on, with `^` under
//! the bytes it covers (one `^` for an empty span) and its code and message. A comment line of a
//! fixture says what the lines after it show; it is parsed like any line (`= comment`).
//!
//! A new case is a line in a fixture (or a new fixture file); to accept changed or new dumps,
//! run `INSTA_UPDATE=always cargo test -p mdip-syntax --test fixtures` and review the
//! `.snap` diff (see docs/testing.md).

use std::fmt::Write;

use mdip_syntax::parse;

/// The dump of one fixture's parse.
fn dump(text: &str) -> String {
    let parse = parse(text);
    let rendered = mdip_syntax::dump(&parse);
    let trees: Vec<&str> = rendered.lines().collect();
    let lines = &parse.file.lines;
    // Each error goes under the first line that it starts in or at the end of.
    let line_of = |at: usize| {
        lines
            .iter()
            .position(|l| at <= l.span.end as usize)
            .unwrap_or(lines.len() - 1)
    };
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        let (start, end) = (line.span.start as usize, line.span.end as usize);
        let _ = writeln!(out, "> {}", &text[start..end]);
        let _ = writeln!(out, "= {}", trees[i]);
        for e in parse
            .errors
            .iter()
            .filter(|e| line_of(e.span.start as usize) == i)
        {
            let (s, t) = (e.span.start as usize, e.span.end as usize);
            let col = text[start..s].chars().count();
            let width = text[s..t.clamp(s, end.max(s))].chars().count().max(1);
            let more = if t > end { " (and on)" } else { "" };
            let _ = writeln!(
                out,
                "  {}{} {} {}{more}",
                " ".repeat(col),
                "^".repeat(width),
                e.code,
                e.message
            );
        }
    }
    out
}

#[test]
fn parse_fixtures() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/parse");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("the fixtures folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "mdip"))
        .collect();
    paths.sort();
    assert!(paths.len() > 20, "fixtures missing: {paths:?}");
    for path in paths {
        let text = std::fs::read_to_string(&path).expect("a fixture");
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        insta::assert_snapshot!(name, dump(&text));
    }
}
