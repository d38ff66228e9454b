//! The resilient, line-based parser.
//!
//! [`parse`] reads the text one line at a time. Each line is parsed on its own, from its tokens
//! alone, so an error can never spill into the next line. A line reports at most one error (the
//! first found, left to right) and still yields the most useful node it can: a header with
//! leftover text, an [`Order::Incomplete`](crate::Order::Incomplete) that keeps what was read, or
//! [`LineKind::Error`].
//!
//! Every loop consumes at least one token per iteration; debug builds assert it.
//!
//! This module holds the entry point, the keyword table and the token and error helpers of
//! `LineParser`; the grammar itself is split by topic:
//!
//! - `lines`: what a line is (header, order line, directive, error) and the `=>` outcome;
//! - `orders`: orders and incomplete orders;
//! - `names`: units, locations, coasts, names, seasons and numbers;
//! - `directives`: directives and expectations.

use crate::ast::{
    ExpectedOutcome, Line, LineKind, LocRef, Shorthand, SourceFile, UnitKindLit, UnitRef,
};
use crate::error::{ErrorCode, SyntaxError};
use crate::lexer::{Token, TokenKind, Tokens};
use crate::span::Span;

mod directives;
mod lines;
mod names;
mod orders;
mod shorthand;

/// How the parser reads a hyphen inside a word where an order could end or an arrow could
/// follow (`A bud-gal`, `F stp/sc-bot`, `A ber S A mun-kie`, `F nth C A lon-nwy`): players'
/// shorthand for a move, or part of one name (`F Mid-Atlantic`). The parser knows no map, so
/// [`parse`] reads the first such hyphen as the arrow and marks the order line
/// ([`crate::OrderLine::shorthand`]); whoever knows the map reads the line again with
/// [`reparse_line`] when another reading is meant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Split {
    /// The first hyphen of the word is the arrow (what [`parse`] does).
    First,
    /// The hyphen at this byte offset is the arrow (no other hyphen is).
    At(u32),
    /// No hyphen is an arrow: the word is one name.
    Never,
}

/// The result of [`parse`]: a syntax tree and the syntax errors found, in text order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parse {
    /// The syntax tree; always present, whatever the input.
    pub file: SourceFile,
    /// The syntax errors, at most one per line, in the order of the text.
    pub errors: Vec<SyntaxError>,
}

impl Parse {
    /// Tells whether the text parsed without any syntax error.
    #[must_use]
    pub fn is_ok(&self) -> bool {
        self.errors.is_empty()
    }
}

/// Parses a whole file. Never fails and never panics: errors are collected in [`Parse::errors`].
///
/// Text longer than `u32::MAX` bytes is cut at the last character boundary that fits and an
/// [`ErrorCode::FileTooLarge`] error is reported at the cut.
#[must_use]
pub fn parse(text: &str) -> Parse {
    parse_from(text, &[], Vec::new(), 0)
}

/// Parses `text`, an edit of the text `previous` was parsed from in which the lines before
/// `first_changed_line` (zero-based) are unchanged, byte for byte: those lines and their
/// syntax errors are taken from `previous` (its order lines shared, not copied), and the text
/// is read from the start of that line on. The result is [`parse`]`(text)`; a test checks it
/// on random edits.
#[must_use]
pub fn parse_after(text: &str, previous: &Parse, first_changed_line: usize) -> Parse {
    let old = &previous.file.lines;
    // The last line of the previous text ends without a line break: it is read again.
    let kept = first_changed_line.min(old.len().saturating_sub(1));
    let from = old.get(kept).map_or(0, |l| l.span.start);
    let clamped = crate::clamp_text(text);
    let bytes = clamped.as_bytes();
    // A lone CR ending the last kept line and an LF now starting the next are one line break.
    let joined = from > 0
        && bytes.get(from as usize - 1) == Some(&b'\r')
        && bytes.get(from as usize) == Some(&b'\n');
    if kept == 0 || joined || !clamped.is_char_boundary(from as usize) {
        return parse(text);
    }
    let errors = previous
        .errors
        .iter()
        .take_while(|e| e.span.start < from)
        .cloned()
        .collect();
    parse_from(text, &old[..kept], errors, from)
}

/// Parses `text` from byte `from` (0, or the start of a line) on, after `lines` and `errors`
/// (those of the text before `from`).
fn parse_from(text: &str, kept: &[Line], mut errors: Vec<SyntaxError>, from: u32) -> Parse {
    let clamped = crate::clamp_text(text);
    // Reserving the lines up front saves copying a large vector as it grows.
    let rest = clamped.get(from as usize..).unwrap_or("");
    let line_estimate = rest.bytes().filter(|&b| b == b'\n').count() + 1;
    let mut lines = Vec::with_capacity(kept.len() + line_estimate);
    lines.extend_from_slice(kept);
    let mut buffer: Vec<Token> = Vec::new();
    let mut keywords: Vec<Option<Kw>> = Vec::new();
    let mut line_start = from;
    let mut last_end = from;
    for token in Tokens::new(rest) {
        let token = Token {
            kind: token.kind,
            span: Span::new(token.span.start + from, token.span.end + from),
        };
        // Progress: every token is non-empty and starts where or after the previous one ended.
        debug_assert!(token.span.start >= last_end && token.span.end > token.span.start);
        last_end = token.span.end;
        if token.kind == TokenKind::Newline {
            lines.push(parse_line(
                clamped,
                Span::new(line_start, token.span.start),
                &buffer,
                &mut keywords,
                &mut errors,
                Split::First,
            ));
            buffer.clear();
            line_start = token.span.end;
        } else {
            buffer.push(token);
        }
    }
    // The clamped text is at most `u32::MAX` bytes long, so the cast is lossless.
    let end = clamped.len() as u32;
    lines.push(parse_line(
        clamped,
        Span::new(line_start, end),
        &buffer,
        &mut keywords,
        &mut errors,
        Split::First,
    ));
    if clamped.len() < text.len() {
        errors.push(SyntaxError::new(
            ErrorCode::FileTooLarge,
            Span::empty(end),
            "the file is larger than 4 GiB; the rest is not read",
        ));
    }
    Parse {
        file: SourceFile { lines },
        errors,
    }
}

/// Parses line `span` of `text` again (the span of a [`Line`] of [`parse`]`(text)`), reading
/// hyphens inside words as `split` says, and returns the line and its syntax error, if any.
/// A span that is not on character boundaries of `text` gives an error line.
#[must_use]
pub fn reparse_line(text: &str, span: Span, split: Split) -> (Line, Option<SyntaxError>) {
    let text = crate::clamp_text(text);
    let Some(slice) = text.get(span.range()) else {
        let error = SyntaxError::new(ErrorCode::UnrecognizedLine, span, "not a line of the text");
        let line = Line {
            span,
            kind: LineKind::Error,
            comment: None,
        };
        return (line, Some(error));
    };
    let tokens: Vec<Token> = Tokens::new(slice)
        .map(|t| Token {
            kind: t.kind,
            span: Span::new(t.span.start + span.start, t.span.end + span.start),
        })
        .collect();
    let mut errors = Vec::new();
    let line = parse_line(text, span, &tokens, &mut Vec::new(), &mut errors, split);
    (line, errors.pop())
}

/// Parses one line from its tokens (line break excluded).
fn parse_line(
    text: &str,
    span: Span,
    tokens: &[Token],
    keywords: &mut Vec<Option<Kw>>,
    errors: &mut Vec<SyntaxError>,
    split: Split,
) -> Line {
    let (tokens, comment) = match tokens.split_last() {
        Some((last, rest)) if last.kind == TokenKind::Comment => (rest, Some(last.span)),
        _ => (tokens, None),
    };
    if tokens.is_empty() {
        let kind = if comment.is_some() {
            LineKind::Comment
        } else {
            LineKind::Blank
        };
        return Line {
            span,
            kind,
            comment,
        };
    }
    keywords.clear();
    keywords.extend(tokens.iter().map(|token| match token.kind {
        TokenKind::Word => keyword(&text[token.span.range()]),
        _ => None,
    }));
    let mut parser = LineParser {
        text,
        tokens,
        keywords,
        pos: 0,
        error: None,
        line_start: span.start,
        split,
        shorthand: None,
    };
    let kind = parser.line();
    if let Some(error) = parser.error {
        errors.push(error);
    }
    Line {
        span,
        kind,
        comment,
    }
}

/// A keyword of the order notation. Which words are keywords depends on the position; see
/// [`LineParser::name`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kw {
    Army,
    Fleet,
    Hold,
    Support,
    Convoy,
    Via,
    To,
    Build,
    Remove,
    Disband,
    Waive,
    Retreat,
}

/// Lower-cases a short ASCII word into `buffer`; `None` if the word is too long to be a keyword.
fn lower_short<'b>(word: &str, buffer: &'b mut [u8; 8]) -> Option<&'b [u8]> {
    if word.len() > buffer.len() {
        return None;
    }
    for (slot, byte) in buffer.iter_mut().zip(word.bytes()) {
        *slot = byte.to_ascii_lowercase();
    }
    Some(&buffer[..word.len()])
}

/// Recognizes an order keyword, ignoring case.
fn keyword(word: &str) -> Option<Kw> {
    let mut buffer = [0u8; 8];
    let lower = lower_short(word, &mut buffer)?;
    Some(match lower {
        b"a" | b"army" => Kw::Army,
        b"f" | b"fleet" => Kw::Fleet,
        b"h" | b"hold" | b"holds" => Kw::Hold,
        b"s" | b"support" | b"supports" => Kw::Support,
        b"c" | b"convoy" | b"convoys" => Kw::Convoy,
        b"via" => Kw::Via,
        b"to" => Kw::To,
        b"b" | b"build" | b"builds" => Kw::Build,
        b"remove" | b"removes" => Kw::Remove,
        b"d" | b"disband" | b"disbands" => Kw::Disband,
        b"waive" | b"waives" => Kw::Waive,
        b"r" | b"retreat" | b"retreats" => Kw::Retreat,
        _ => return None,
    })
}

/// Recognizes an outcome word after `=>`, ignoring case.
fn outcome_word(word: &str) -> Option<ExpectedOutcome> {
    let mut buffer = [0u8; 8];
    match lower_short(word, &mut buffer)? {
        b"succeeds" => Some(ExpectedOutcome::Succeeds),
        b"fails" => Some(ExpectedOutcome::Fails),
        b"illegal" => Some(ExpectedOutcome::Illegal),
        b"any" => Some(ExpectedOutcome::Any),
        _ => None,
    }
}

/// Suggests the outcome word meant by a near miss.
fn outcome_suggestion(word: &str) -> Option<&'static str> {
    let lower = word.to_ascii_lowercase();
    match lower.as_str() {
        "succeed" | "success" | "succeeded" | "successful" | "ok" | "pass" | "passes" => {
            Some("succeeds")
        }
        "fail" | "failed" | "failure" | "bounces" | "bounce" => Some("fails"),
        "invalid" | "illegal." | "void" => Some("illegal"),
        _ => None,
    }
}

/// How reading a location or unit went wrong; turned into an [`IncompleteOrder`] or a directive
/// error by the caller.
#[derive(Debug)]
enum Fail {
    /// Nothing usable was found where a location or unit should start.
    Missing,
    /// A unit type with no province after it.
    Dangling(UnitKindLit),
    /// A location whose coast is malformed; the location without its coast.
    BadCoast(Option<UnitKindLit>, Box<LocRef>),
}

/// The parser of one line.
struct LineParser<'a> {
    text: &'a str,
    tokens: &'a [Token],
    /// For each token, the keyword it is, if it is one.
    keywords: &'a [Option<Kw>],
    pos: usize,
    error: Option<SyntaxError>,
    line_start: u32,
    /// How hyphens inside words are read (see [`Split`]).
    split: Split,
    /// The shorthand read on this line, if any.
    shorthand: Option<Shorthand>,
}

impl<'a> LineParser<'a> {
    // ---- Token access.

    fn peek(&self) -> Option<Token> {
        self.tokens.get(self.pos).copied()
    }

    fn nth(&self, n: usize) -> Option<Token> {
        self.tokens.get(self.pos + n).copied()
    }

    fn peek_kind(&self) -> Option<TokenKind> {
        self.peek().map(|t| t.kind)
    }

    fn at(&self, kind: TokenKind) -> bool {
        self.peek_kind() == Some(kind)
    }

    fn at_end(&self) -> bool {
        self.pos >= self.tokens.len()
    }

    /// Consumes the current token. Callers check that there is one.
    fn bump(&mut self) -> Token {
        let token = self.tokens[self.pos];
        self.pos += 1;
        token
    }

    fn slice(&self, span: Span) -> &'a str {
        &self.text[span.range()]
    }

    /// Returns the keyword the current token is, if it is a word that is a keyword.
    fn peek_kw(&self) -> Option<Kw> {
        self.keywords.get(self.pos).copied().flatten()
    }

    /// Tells whether the current token is a word that may be part of a name here (a season in
    /// words ends a name: `England Spring 1901`).
    fn at_name_word(&self) -> bool {
        self.at(TokenKind::Word) && self.peek_kw().is_none() && !self.at_season_words()
    }

    /// The end of the last consumed token, or the start of the line.
    fn last_end(&self) -> u32 {
        if self.pos == 0 {
            self.tokens
                .first()
                .map_or(self.line_start, |t| t.span.start)
        } else {
            self.tokens[self.pos - 1].span.end
        }
    }

    /// The span of the current token, or an empty span after the last token read.
    fn here(&self) -> Span {
        self.peek()
            .map_or_else(|| Span::empty(self.last_end()), |t| t.span)
    }

    /// The span from the current token to the last token of the line.
    fn rest_span(&self) -> Span {
        match (self.peek(), self.tokens.last()) {
            (Some(first), Some(last)) => first.span.cover(last.span),
            _ => Span::empty(self.last_end()),
        }
    }

    /// The span of all tokens of the line.
    fn line_tokens_span(&self) -> Span {
        match (self.tokens.first(), self.tokens.last()) {
            (Some(first), Some(last)) => first.span.cover(last.span),
            _ => Span::empty(self.line_start),
        }
    }

    // ---- Errors.

    /// Records an error unless the line already has one.
    fn report(&mut self, error: SyntaxError) {
        if self.error.is_none() {
            self.error = Some(error);
        }
    }

    /// Describes the current token for a message: "`xyz`" or "the end of the line".
    fn describe_here(&self) -> String {
        match self.peek() {
            Some(token) => format!("`{}`", self.slice(token.span)),
            None => "the end of the line".to_owned(),
        }
    }

    /// Reports an invalid character if the current token is one, otherwise `fallback`.
    fn report_here(&mut self, fallback: SyntaxError) {
        if let Some(token) = self.peek().filter(|t| t.kind == TokenKind::Error) {
            let character = self.slice(token.span);
            let mut error = SyntaxError::new(
                ErrorCode::InvalidCharacter,
                token.span,
                unexpected_character(character),
            );
            if character == ";" {
                error = error.with_hint("write one order per line");
            }
            self.report(error);
        } else {
            self.report(fallback);
        }
    }

    /// Reports whatever is left on the line after `what` as unexpected.
    fn expect_end(&mut self, what: &str) {
        if self.at_end() {
            return;
        }
        let span = self.rest_span();
        let error = SyntaxError::new(
            ErrorCode::UnexpectedTrailing,
            span,
            format!("unexpected {} after {what}", self.describe_here()),
        );
        self.report_here(error);
    }
}

/// The error of a unit written without its type.
fn missing_kind_error(unit: &UnitRef) -> SyntaxError {
    let name = &unit.loc.province.text;
    SyntaxError::new(
        ErrorCode::MissingUnitKind,
        unit.loc.province.span,
        format!("missing unit type before `{name}`"),
    )
    .with_hint(format!(
        "write `A {name}` for an army or `F {name}` for a fleet"
    ))
}

/// `unexpected character `!``; a character that shows nothing (a control, a bidi control, a
/// zero-width space) is named by its code point and name instead of being written:
/// `unexpected character U+202E RIGHT-TO-LEFT OVERRIDE`; another character outside ASCII
/// also gets its code point: `unexpected character `😀` (U+1F600)`.
fn unexpected_character(text: &str) -> String {
    let Some(c) = text.chars().next() else {
        return "unexpected character".to_owned();
    };
    if crate::chars::is_invisible(c) {
        format!("unexpected character {}", crate::chars::describe(c))
    } else if c.is_ascii() {
        format!("unexpected character `{c}`")
    } else {
        format!("unexpected character `{c}` ({})", crate::chars::describe(c))
    }
}
