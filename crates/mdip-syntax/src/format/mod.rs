//! Formatting to one canonical spelling, without ever changing meaning.
//!
//! The canonical form: no indentation and no trailing white space; single spaces between
//! words; unit types `A` and `F`; keywords spelled `Hold`, `-`, `Supports`, `Convoys`,
//! `via Convoy`, `Retreat`, `Disband`, `Build`, `Remove`, `Waive` (an order of a unit alone gets
//! `Hold`); coasts `(nc)`; seasons `X:Y` without leading zeros; ` => succeeds`; headers
//! `England:` without a season and `Germany 1:0` with one; directives in lower case
//! (`@expect unit`); one space before a comment; at most one blank line in a row, none at the
//! start or end of the file, and a final line break. Names of powers and provinces stay as
//! written (an abbreviation is not expanded). Lines with a syntax error stay as they are, and
//! so do the lines the caller names ([`Options::keep`]: the analysis keeps every line with an
//! error, so that a misreading is never written down as canonical).
//!
//! Players' shorthand (`A bud-gal`) is normalised (`A bud - gal`) only when the caller has
//! decided it with the map ([`Options::shorthand_decided`]); [`format_text`] knows no map and
//! leaves such lines as written.
//!
//! Coasts are spelled by the caller's [`CanonicalCoast`] (the map knows that `north coast` is
//! `nc`); this crate knows no map.
//!
//! Safety (`check`): every rewritten line is parsed again and its *meaning* (what the syntax
//! walk finds in it: names exactly as written, coasts, seasons, numbers, outcomes, the kind of
//! order and directive; keywords and spacing ignored) must equal the original line's, or the
//! line is left alone; then the whole result is parsed again and the sequence of meanings and
//! comments compared with the original's, or nothing is formatted.
//!
//! `print` holds the printer, the one writer of the notation (of [`crate::notation`] values too).

use crate::ast::{Line, LineKind};
use crate::parser::Parse;
use crate::span::Span;

mod check;
pub(crate) mod print;

/// Spells a coast as written (`north coast`, `NC`) canonically (`nc`), or `None` for a coast
/// it does not know (kept as written).
pub type CanonicalCoast<'a> = &'a dyn Fn(&str) -> Option<&'static str>;

/// One edit of the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextEdit {
    /// The range replaced.
    pub span: Span,
    /// The new text.
    pub text: String,
}

/// Why a file was not formatted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatError {
    /// The formatted text would read differently at this line (a bug of the formatter; the
    /// file is left as it is).
    MeaningChanged {
        /// The zero-based line.
        line: usize,
    },
}

impl std::fmt::Display for FormatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FormatError::MeaningChanged { line } => {
                write!(
                    f,
                    "formatting would change the meaning of line {}",
                    line + 1
                )
            }
        }
    }
}

impl std::error::Error for FormatError {}

/// The edits that bring `text` to its canonical form (empty when it already is), sorted and
/// non-overlapping; `coast` spells coasts.
///
/// # Errors
///
/// [`FormatError::MeaningChanged`] when the result would read differently (a bug of the
/// formatter); the file is then left as it is.
pub fn format_text(text: &str, coast: CanonicalCoast<'_>) -> Result<Vec<TextEdit>, FormatError> {
    let parse = crate::parse(text);
    let options = Options {
        coast,
        reread: &crate::parse,
        keep: &|_| false,
        shorthand_decided: false,
    };
    format_parsed(text, &parse, &options)
}

/// How [`format_parsed`] reads and spells.
pub struct Options<'a> {
    /// Spells coasts.
    pub coast: CanonicalCoast<'a>,
    /// Reads a text as the caller does (the safety check reads the result with it):
    /// [`crate::parse`], or a parse whose shorthand the map decided.
    pub reread: &'a dyn Fn(&str) -> Parse,
    /// Lines (zero-based) to leave as written, such as lines with an error found later than
    /// the syntax.
    pub keep: &'a dyn Fn(usize) -> bool,
    /// Whether the shorthand of `parse` was decided ([`crate::OrderLine::shorthand`] lines
    /// are then normalised; otherwise they stay as written).
    pub shorthand_decided: bool,
}

/// [`format_text`] on a parse of `text` read by `options.reread`.
///
/// # Errors
///
/// [`FormatError::MeaningChanged`] when the result would read differently (a bug of the
/// formatter); the file is then left as it is.
pub fn format_parsed(
    text: &str,
    parse: &Parse,
    options: &Options<'_>,
) -> Result<Vec<TextEdit>, FormatError> {
    let coast = options.coast;
    let lines = &parse.file.lines;
    let n = lines.len();
    let newline = if text.contains("\r\n") {
        "\r\n"
    } else if text.contains('\n') || !text.contains('\r') {
        "\n"
    } else {
        "\r"
    };
    let mut error_starts: Vec<u32> = parse.errors.iter().map(|e| e.span.start).collect();
    error_starts.sort_unstable();
    let has_error = |l: &Line| {
        let i = error_starts.partition_point(|&s| s < l.span.start);
        error_starts.get(i).is_some_and(|&s| s <= l.span.end)
    };
    let last_content = lines
        .iter()
        .rposition(|l| !matches!(l.kind, LineKind::Blank));
    let mut edits = Vec::new();
    let mut seen_content = false;
    let mut prev_blank = false;
    for (i, line) in lines.iter().enumerate() {
        let original = &text[line.span.range()];
        let is_last = i + 1 == n;
        if matches!(line.kind, LineKind::Blank) && !is_last {
            let drop = !seen_content || prev_blank || last_content.is_none_or(|c| i > c);
            if drop {
                edits.push(TextEdit {
                    span: Span::new(line.span.start, lines[i + 1].span.start),
                    text: String::new(),
                });
                continue;
            }
            prev_blank = true;
            if !original.is_empty() {
                edits.push(TextEdit {
                    span: line.span,
                    text: String::new(),
                });
            }
            continue;
        }
        if matches!(line.kind, LineKind::Blank) {
            // The last line, after the final line break: stays empty.
            if !original.is_empty() {
                edits.push(TextEdit {
                    span: line.span,
                    text: String::new(),
                });
            }
            continue;
        }
        seen_content = true;
        prev_blank = false;
        let undecided = !options.shorthand_decided
            && match &line.kind {
                LineKind::Order(o) => o.shorthand.is_some(),
                LineKind::Directive(d) => {
                    matches!(&d.kind, crate::ast::DirectiveKind::Record(o) if o.shorthand.is_some())
                }
                _ => false,
            };
        let canonical = if has_error(line) || undecided || (options.keep)(i) {
            None
        } else {
            print::canonical_line(text, line, coast)
        };
        let mut new = match canonical {
            Some(c) if c == original => c,
            Some(c) if check::same_meaning(line, &c, options) => c,
            _ => original.trim_end_matches([' ', '\t']).to_owned(),
        };
        if is_last {
            new.push_str(newline);
        }
        if new != original {
            edits.push(TextEdit {
                span: line.span,
                text: new,
            });
        }
    }
    check::verify(text, parse, &edits, options)?;
    Ok(edits)
}

/// Applies non-overlapping, sorted edits to `text`.
#[must_use]
pub fn apply(text: &str, edits: &[TextEdit]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for e in edits {
        out.push_str(&text[at..e.span.start as usize]);
        out.push_str(&e.text);
        at = e.span.end as usize;
    }
    out.push_str(&text[at..]);
    out
}

#[cfg(test)]
mod tests;
