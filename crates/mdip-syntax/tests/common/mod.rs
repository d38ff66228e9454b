//! Helpers shared by the parser's tests (`parse.rs`, `parse_directives.rs`).

use mdip_syntax::{parse, render, Span};

/// Parses `input` and compares its rendering with `expected` (surrounding white space of each
/// line of `expected` is ignored).
#[track_caller]
pub fn check(input: &str, expected: &str) {
    let actual = render(&parse(input));
    let expected: Vec<&str> = expected
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect();
    let actual_lines: Vec<&str> = actual.lines().collect();
    assert_eq!(
        actual_lines, expected,
        "input: {input:?}\nrendered:\n{actual}"
    );
}

/// Returns the text a span covers.
pub fn text(input: &str, span: Span) -> &str {
    &input[span.range()]
}
