//! Lexer, resilient parser and syntax tree of the mdip order notation.
//!
//! The notation is specified in `grammar/README.md` at the root of the repository. This crate
//! turns text into a line-based syntax tree with exact byte spans and a list of syntax errors.
//! It knows neither the map nor the rules: power and province names are kept as written, and
//! resolving them is the job of `mdip-analysis`.
//!
//! # Public API
//!
//! - [`parse`]`(&str) -> `[`Parse`]: never fails and never panics. [`Parse::file`] is the
//!   [`SourceFile`] (one [`Line`] per line of text, each a [`LineKind`]: blank, comment,
//!   [`Header`], [`OrderLine`], [`Directive`] or error); [`Parse::errors`] holds at most one
//!   [`SyntaxError`] per line, each with a stable [`ErrorCode`] (`E0101`..), a span, a message
//!   and an optional hint.
//! - [`parse_after`]: the parse of an edited text that keeps the previous parse's lines above
//!   the first changed line (its order lines shared) and reads only the rest; the same result
//!   as [`parse`].
//! - An order cut short (`A Paris -`, `F North Sea Convoys A`) is an [`Order::Incomplete`]
//!   holding the pieces read and the [`Expected`] piece, for completion.
//! - [`lex`] and [`Tokens`]: the raw [`Token`]s ([`TokenKind`] and [`Span`]); [`run_before`]
//!   finds the tokens that end at a byte offset (completion's context).
//! - [`highlight()`] and [`highlight_parse`]: classified spans ([`HighlightKind`]) for semantic
//!   highlighting.
//! - [`LineIndex`]: byte offset to line and column and back, lines split at LF, CRLF and CR.
//!   [`SourceFile::line_at`] finds the line of an offset.
//! - [`walk()`]: the one traversal of the tree, every node with its span and [`Role`]; the
//!   highlighting, [`Parse::spans`] and the IDE's cursor are built on it.
//! - [`format_text`]: the formatter, one canonical spelling, with a safety check on the walk.
//! - [`notation`]: the notation as typed values (an order, a unit, a season, a directive)
//!   and its one printer, the formatter's: what every writer of `.mdip` text builds.
//! - [`dump()`]: a compact text form of a parse, for tests and debugging.
//!
//! # Example
//!
//! ```
//! use mdip_syntax::{parse, LineKind, Order};
//!
//! let parse = parse("Germany 1:0\nA Munich - Tyrolia 0:0 => succeeds\nA Paris -\n");
//! assert_eq!(parse.errors.len(), 1); // `A Paris -` lacks its destination.
//! assert_eq!(parse.errors[0].code.as_str(), "E0106");
//!
//! let LineKind::Order(line) = &parse.file.lines[1].kind else { panic!() };
//! let Order::Move { unit, dest, .. } = &line.order else { panic!() };
//! assert_eq!(unit.loc.province.text, "Munich");
//! assert_eq!(dest.season.and_then(|s| s.turn), Some(0));
//!
//! let LineKind::Order(line) = &parse.file.lines[2].kind else { panic!() };
//! let Order::Incomplete(partial) = &line.order else { panic!() };
//! assert_eq!(partial.unit.as_ref().unwrap().loc.province.text, "Paris");
//! assert_eq!(partial.expected, mdip_syntax::Expected::Destination);
//! ```

pub mod ast;
pub mod chars;
pub mod dump;
pub mod error;
pub mod format;
pub mod highlight;
pub mod lexer;
pub mod line_index;
pub mod notation;
pub mod parser;
pub mod span;
mod spans;
pub mod walk;

pub use ast::{
    CoastLit, Directive, DirectiveKind, Expected, ExpectedOutcome, Header, IncompleteOrder, Line,
    LineKind, LocRef, Name, NumberLit, Order, OrderLine, OrderOp, OrderOpLit, OutcomeLit,
    PhaseLetter, SeasonLit, SeasonName, SeasonWords, Shorthand, SourceFile, UnitKind, UnitKindLit,
    UnitRef,
};
pub use dump::dump;
pub use error::{ErrorCode, SyntaxError};
pub use format::{format_parsed, format_text, CanonicalCoast, FormatError, Options, TextEdit};
pub use highlight::{highlight, highlight_parse, Highlight, HighlightKind};
pub use lexer::{lex, run_before, Token, TokenKind, Tokens};
pub use line_index::{LineCol, LineIndex};
pub use parser::{parse, parse_after, reparse_line, Parse, Split};
pub use span::Span;
pub use walk::{walk, walk_line, LocSlot, Node, Role, Step, UnitSlot};

/// Cuts `text` to at most `u32::MAX` bytes, at a character boundary, so that every offset fits
/// in a [`Span`].
pub(crate) fn clamp_text(text: &str) -> &str {
    let max = u32::MAX as usize;
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}
