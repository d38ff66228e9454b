//! Helpers shared by the parser's tests (`parse.rs`, `parse_directives.rs`).

use mdip_syntax::Span;

/// Returns the text a span covers.
pub fn text(input: &str, span: Span) -> &str {
    &input[span.range()]
}
