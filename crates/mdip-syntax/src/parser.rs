//! The resilient, line-based parser.
//!
//! [`parse`] reads the text one line at a time. Each line is parsed on its own, from its tokens
//! alone, so an error can never spill into the next line. A line reports at most one error (the
//! first found, left to right) and still yields the most useful node it can: a header with
//! leftover text, an [`Order::Incomplete`] that keeps what was read, or [`LineKind::Error`].
//!
//! Every loop consumes at least one token per iteration; debug builds assert it.

use crate::ast::{
    CoastLit, Directive, DirectiveKind, Expected, ExpectedOutcome, Header, IncompleteOrder, Line,
    LineKind, LocRef, Name, NumberLit, Order, OrderLine, OrderOp, OrderOpLit, OutcomeLit,
    SeasonLit, SourceFile, UnitKind, UnitKindLit, UnitRef,
};
use crate::error::{ErrorCode, SyntaxError};
use crate::lexer::{Token, TokenKind, Tokens};
use crate::span::Span;

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
    let clamped = crate::clamp_text(text);
    let mut errors = Vec::new();
    // Reserving the lines up front saves copying a large vector as it grows.
    let line_estimate = clamped.bytes().filter(|&b| b == b'\n').count() + 1;
    let mut lines = Vec::with_capacity(line_estimate);
    let mut buffer: Vec<Token> = Vec::new();
    let mut keywords: Vec<Option<Kw>> = Vec::new();
    let mut line_start = 0u32;
    let mut last_end = 0u32;
    for token in Tokens::new(clamped) {
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

/// Parses one line from its tokens (line break excluded).
fn parse_line(
    text: &str,
    span: Span,
    tokens: &[Token],
    keywords: &mut Vec<Option<Kw>>,
    errors: &mut Vec<SyntaxError>,
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

    /// Tells whether the current token is a word that may be part of a name here.
    fn at_name_word(&self) -> bool {
        self.at(TokenKind::Word) && self.peek_kw().is_none()
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
                format!("unexpected character `{character}`"),
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

    // ---- Lines.

    /// Parses the line; there is at least one token.
    fn line(&mut self) -> LineKind {
        let Some(first) = self.peek() else {
            return LineKind::Blank;
        };
        match first.kind {
            TokenKind::At => self.directive(),
            TokenKind::Word => self.word_line(first),
            _ => {
                if let Some(season) = self.try_season() {
                    // A season with no power: most likely a header missing its power.
                    let error = SyntaxError::new(
                        ErrorCode::UnrecognizedLine,
                        season.span,
                        "a season must follow a power, as in `Germany 1:0`",
                    );
                    self.report(error);
                    return LineKind::Error;
                }
                self.unrecognized()
            }
        }
    }

    /// Reports the rest of the line as unrecognized and returns an error line.
    fn unrecognized(&mut self) -> LineKind {
        let error = SyntaxError::new(
            ErrorCode::UnrecognizedLine,
            self.rest_span(),
            format!(
                "expected an order, a block header or a directive, found {}",
                self.describe_here()
            ),
        );
        self.report_here(error);
        LineKind::Error
    }

    /// Parses a line that starts with a word: a header, an order, or an order with a power.
    fn word_line(&mut self, first: Token) -> LineKind {
        let second_is_colon = self.nth(1).is_some_and(|t| t.kind == TokenKind::Colon);
        match self.peek_kw() {
            Some(_) if !second_is_colon => return self.order_line(None, None),
            Some(_) => {
                // A keyword used as a power name (`Fleet:`), most likely a typo; the name
                // resolver reports it.
                self.bump();
                let name = Name {
                    text: self.slice(first.span).to_owned(),
                    span: first.span,
                };
                return self.after_line_name(name);
            }
            None => {}
        }
        // The first word is no keyword, so a name is always read here.
        let Some(name) = self.name() else {
            return self.unrecognized();
        };
        self.after_line_name(name)
    }

    /// Continues a line that starts with a name: a header, a power in front of an order, or a
    /// unit written without its type.
    fn after_line_name(&mut self, name: Name) -> LineKind {
        let Some(next) = self.peek() else {
            let span = name.span;
            return LineKind::Header(Header {
                power: name,
                season: None,
                colon: None,
                span,
            });
        };
        if let Some(season) = self.try_season() {
            return self.header_with_season(name, season);
        }
        match next.kind {
            TokenKind::Colon => {
                let colon = self.bump().span;
                if self.at_end() {
                    let span = name.span.cover(colon);
                    let header = Header {
                        power: name,
                        season: None,
                        colon: Some(colon),
                        span,
                    };
                    return LineKind::Header(header);
                }
                self.order_line(Some(name), Some(colon))
            }
            TokenKind::Word => match self.peek_kw() {
                Some(Kw::Army | Kw::Fleet | Kw::Build | Kw::Remove | Kw::Disband | Kw::Waive) => {
                    let error = SyntaxError::new(
                        ErrorCode::MissingColon,
                        Span::empty(name.span.end),
                        format!("missing `:` after the power `{}`", name.text),
                    )
                    .with_hint(format!("write `{}: ...`", name.text));
                    self.report(error);
                    self.order_line(Some(name), None)
                }
                Some(_) => self.kindless_order_line(name),
                // A name is a maximal run of words, so a word cannot follow it.
                None => self.unrecognized(),
            },
            TokenKind::LParen
            | TokenKind::Slash
            | TokenKind::Dash
            | TokenKind::Arrow
            | TokenKind::FatArrow => self.kindless_order_line(name),
            _ => {
                let error = SyntaxError::new(
                    ErrorCode::UnrecognizedLine,
                    self.rest_span(),
                    format!("unexpected {} after `{}`", self.describe_here(), name.text),
                );
                self.report_here(error);
                LineKind::Error
            }
        }
    }

    /// Finishes a header whose season was just read.
    fn header_with_season(&mut self, name: Name, season: SeasonLit) -> LineKind {
        if self.at_end() || self.at(TokenKind::Colon) {
            let colon = if self.at_end() {
                None
            } else {
                Some(self.bump().span)
            };
            let end = colon.unwrap_or(season.span);
            let span = name.span.cover(end);
            self.expect_end("a block header");
            return LineKind::Header(Header {
                power: name,
                season: Some(season),
                colon,
                span,
            });
        }
        let operator = matches!(
            self.peek_kind(),
            Some(TokenKind::Dash | TokenKind::Arrow | TokenKind::FatArrow)
        ) || matches!(
            self.peek_kw(),
            Some(
                Kw::Hold
                    | Kw::Support
                    | Kw::Convoy
                    | Kw::To
                    | Kw::Retreat
                    | Kw::Disband
                    | Kw::Build
                    | Kw::Remove
            )
        );
        if operator {
            // `Munich 1:0 - Tyrolia`: a unit without its type.
            let span = name.span.cover(season.span);
            let loc = LocRef {
                province: name,
                coast: None,
                season: Some(season),
                span,
            };
            return self.kindless_unit_order(loc);
        }
        let span = name.span.cover(season.span);
        self.expect_end("a block header");
        if let Some(error) = &mut self.error {
            if error.code == ErrorCode::UnexpectedTrailing {
                error.hint = Some("a block header stands alone on its line".to_owned());
            }
        }
        LineKind::Header(Header {
            power: name,
            season: Some(season),
            colon: None,
            span,
        })
    }

    /// Parses an order line whose first name is a province written without a unit type.
    fn kindless_order_line(&mut self, province: Name) -> LineKind {
        match self.loc_after_name(province) {
            Ok(loc) => self.kindless_unit_order(loc),
            Err(fail) => {
                let order = self.unit_fail_to_incomplete(fail, None, Expected::Unit);
                self.finish_order_line(None, None, order)
            }
        }
    }

    /// Reports a unit written without its type and parses the rest of its order.
    fn kindless_unit_order(&mut self, loc: LocRef) -> LineKind {
        let unit = UnitRef {
            kind: None,
            span: loc.span,
            loc,
        };
        self.report_missing_kind(&unit);
        let order = self.order_tail(unit);
        self.finish_order_line(None, None, order)
    }

    fn report_missing_kind(&mut self, unit: &UnitRef) {
        self.report(missing_kind_error(unit));
    }

    /// Parses an order (after an optional power and colon) and the rest of its line.
    fn order_line(&mut self, power: Option<Name>, colon: Option<Span>) -> LineKind {
        let order = self.order();
        self.finish_order_line(power, colon, order)
    }

    /// Reads the optional `=> outcome` and checks that the line ends.
    fn finish_order_line(
        &mut self,
        power: Option<Name>,
        colon: Option<Span>,
        order: Order,
    ) -> LineKind {
        let mut expect = None;
        if !order.is_incomplete() {
            if self.at(TokenKind::FatArrow) {
                expect = self.outcome();
            }
            self.expect_end("the order");
        }
        let span = self.line_tokens_span();
        LineKind::Order(Box::new(OrderLine {
            power,
            colon,
            order,
            expect,
            span,
        }))
    }

    /// Reads `=> succeeds|fails|illegal`; the current token is `=>`.
    fn outcome(&mut self) -> Option<OutcomeLit> {
        let arrow = self.bump().span;
        if let Some(word) = self.peek().filter(|t| t.kind == TokenKind::Word) {
            let text = self.slice(word.span);
            if let Some(outcome) = outcome_word(text) {
                self.bump();
                return Some(OutcomeLit {
                    outcome,
                    arrow,
                    word: word.span,
                    span: arrow.cover(word.span),
                });
            }
            let mut error = SyntaxError::new(
                ErrorCode::MalformedOutcome,
                word.span,
                format!("unknown outcome `{text}`; expected succeeds, fails or illegal"),
            );
            if let Some(suggestion) = outcome_suggestion(text) {
                error = error.with_hint(format!("did you mean `{suggestion}`?"));
            }
            self.report(error);
            self.pos = self.tokens.len();
            return None;
        }
        let error = SyntaxError::new(
            ErrorCode::MalformedOutcome,
            if self.at_end() { arrow } else { self.here() },
            "expected succeeds, fails or illegal after `=>`",
        );
        self.report_here(error);
        self.pos = self.tokens.len();
        None
    }

    // ---- Orders.

    /// Parses an order starting at the current token.
    fn order(&mut self) -> Order {
        let Some(first) = self.peek() else {
            return self.incomplete(None, Expected::Unit);
        };
        match self.peek_kw() {
            Some(Kw::Waive) => {
                self.bump();
                Order::Waive {
                    keyword: first.span,
                }
            }
            Some(kw @ (Kw::Build | Kw::Remove | Kw::Disband)) => {
                self.bump();
                let op = match kw {
                    Kw::Build => OrderOp::Build,
                    Kw::Remove => OrderOp::Remove,
                    _ => OrderOp::Disband,
                };
                let op = OrderOpLit {
                    op,
                    span: first.span,
                };
                match self.unit() {
                    Ok(unit) => {
                        if unit.kind.is_none() {
                            self.report_missing_kind(&unit);
                        }
                        let keyword = first.span;
                        match kw {
                            Kw::Build => Order::Build { unit, keyword },
                            Kw::Remove => Order::Remove { unit, keyword },
                            _ => Order::Disband { unit, keyword },
                        }
                    }
                    Err(fail) => self.unit_fail_to_incomplete(fail, Some(op), Expected::Unit),
                }
            }
            Some(Kw::Retreat) => {
                self.bump();
                let op = OrderOpLit {
                    op: OrderOp::Retreat,
                    span: first.span,
                };
                match self.unit() {
                    Ok(unit) => {
                        if unit.kind.is_none() {
                            self.report_missing_kind(&unit);
                        }
                        if self.at_move_arrow() {
                            let arrow = self.bump().span;
                            self.move_rest(unit, arrow, Some(first.span))
                        } else {
                            self.incomplete_with(IncompleteOrder {
                                op: Some(op),
                                unit: Some(unit),
                                ..self.blank_incomplete(Expected::Destination)
                            })
                        }
                    }
                    Err(fail) => self.unit_fail_to_incomplete(fail, Some(op), Expected::Unit),
                }
            }
            Some(Kw::Army | Kw::Fleet) | None if first.kind == TokenKind::Word => {
                match self.unit() {
                    Ok(unit) => {
                        if unit.kind.is_none() {
                            self.report_missing_kind(&unit);
                        }
                        self.order_tail(unit)
                    }
                    Err(fail) => self.unit_fail_to_incomplete(fail, None, Expected::Unit),
                }
            }
            _ => self.incomplete(None, Expected::Unit),
        }
    }

    /// Tells whether the current token is `-`, `->` or `to`.
    fn at_move_arrow(&self) -> bool {
        matches!(self.peek_kind(), Some(TokenKind::Dash | TokenKind::Arrow))
            || self.peek_kw() == Some(Kw::To)
    }

    /// Parses what follows a complete unit.
    fn order_tail(&mut self, unit: UnitRef) -> Order {
        let Some(next) = self.peek() else {
            return Order::Hold {
                unit,
                keyword: None,
            };
        };
        if next.kind == TokenKind::FatArrow {
            return Order::Hold {
                unit,
                keyword: None,
            };
        }
        if self.at_move_arrow() {
            let arrow = self.bump().span;
            return self.move_rest(unit, arrow, None);
        }
        match self.peek_kw() {
            Some(Kw::Hold) => {
                self.bump();
                Order::Hold {
                    unit,
                    keyword: Some(next.span),
                }
            }
            Some(Kw::Retreat) => {
                self.bump();
                let mut arrow = next.span;
                if self.peek_kw() == Some(Kw::To) {
                    arrow = arrow.cover(self.bump().span);
                }
                self.move_rest(unit, arrow, Some(next.span))
            }
            Some(Kw::Support) => {
                self.bump();
                self.support_rest(unit, next.span)
            }
            Some(Kw::Convoy) => {
                self.bump();
                self.convoy_rest(unit, next.span)
            }
            Some(Kw::Disband) => {
                self.bump();
                Order::Disband {
                    unit,
                    keyword: next.span,
                }
            }
            Some(Kw::Build) => {
                self.bump();
                Order::Build {
                    unit,
                    keyword: next.span,
                }
            }
            Some(Kw::Remove) => {
                self.bump();
                Order::Remove {
                    unit,
                    keyword: next.span,
                }
            }
            _ => self.incomplete_with(IncompleteOrder {
                unit: Some(unit),
                ..self.blank_incomplete(Expected::Operator)
            }),
        }
    }

    /// Parses the destination of a move (and `via Convoy`) after its arrow.
    fn move_rest(&mut self, unit: UnitRef, arrow: Span, retreat: Option<Span>) -> Order {
        let op = OrderOpLit {
            op: if retreat.is_some() {
                OrderOp::Retreat
            } else {
                OrderOp::Move
            },
            span: arrow,
        };
        let dest = match self.loc() {
            Ok(dest) => dest,
            Err(fail) => {
                return self.loc_fail_to_incomplete(
                    fail,
                    IncompleteOrder {
                        op: Some(op),
                        unit: Some(unit),
                        ..self.blank_incomplete(Expected::Destination)
                    },
                );
            }
        };
        let mut via_convoy = None;
        if self.peek_kw() == Some(Kw::Via) {
            let via = self.bump();
            match self.peek_kw() {
                Some(Kw::Convoy) => {
                    let word = self.bump();
                    via_convoy = Some(via.span.cover(word.span));
                }
                _ => {
                    return self.incomplete_with(IncompleteOrder {
                        op: Some(op),
                        unit: Some(unit),
                        dest: Some(dest),
                        ..self.blank_incomplete(Expected::ViaConvoy)
                    });
                }
            }
        }
        Order::Move {
            unit,
            arrow,
            dest,
            via_convoy,
            retreat_keyword: retreat,
        }
    }

    /// Parses a support after its keyword.
    fn support_rest(&mut self, unit: UnitRef, keyword: Span) -> Order {
        let op = OrderOpLit {
            op: OrderOp::Support,
            span: keyword,
        };
        let target = match self.unit() {
            Ok(target) => target,
            Err(fail) => {
                return self.target_fail_to_incomplete(fail, op, unit);
            }
        };
        if !self.at_move_arrow() {
            return Order::SupportHold {
                unit,
                keyword,
                target,
            };
        }
        let arrow = self.bump().span;
        match self.loc() {
            Ok(dest) => Order::SupportMove {
                unit,
                keyword,
                target,
                arrow,
                dest,
            },
            Err(fail) => self.loc_fail_to_incomplete(
                fail,
                IncompleteOrder {
                    op: Some(op),
                    unit: Some(unit),
                    target: Some(target),
                    ..self.blank_incomplete(Expected::Destination)
                },
            ),
        }
    }

    /// Parses a convoy after its keyword.
    fn convoy_rest(&mut self, unit: UnitRef, keyword: Span) -> Order {
        let op = OrderOpLit {
            op: OrderOp::Convoy,
            span: keyword,
        };
        let army = match self.unit() {
            Ok(army) => army,
            Err(fail) => return self.target_fail_to_incomplete(fail, op, unit),
        };
        if !self.at_move_arrow() {
            return self.incomplete_with(IncompleteOrder {
                op: Some(op),
                unit: Some(unit),
                target: Some(army),
                ..self.blank_incomplete(Expected::ConvoyArrow)
            });
        }
        let arrow = self.bump().span;
        match self.loc() {
            Ok(dest) => Order::Convoy {
                unit,
                keyword,
                army,
                arrow,
                dest,
            },
            Err(fail) => self.loc_fail_to_incomplete(
                fail,
                IncompleteOrder {
                    op: Some(op),
                    unit: Some(unit),
                    target: Some(army),
                    ..self.blank_incomplete(Expected::Destination)
                },
            ),
        }
    }

    // ---- Incomplete orders.

    /// An incomplete order with nothing read, expecting `expected` at the current position.
    fn blank_incomplete(&self, expected: Expected) -> IncompleteOrder {
        IncompleteOrder {
            op: None,
            unit: None,
            target: None,
            dest: None,
            dangling_kind: None,
            partial_loc: None,
            expected,
            at: self.here(),
        }
    }

    fn incomplete(&mut self, op: Option<OrderOpLit>, expected: Expected) -> Order {
        self.incomplete_with(IncompleteOrder {
            op,
            ..self.blank_incomplete(expected)
        })
    }

    /// Reports the error of an incomplete order and returns it.
    fn incomplete_with(&mut self, incomplete: IncompleteOrder) -> Order {
        // Name the piece the missing one should follow: a whole unit where one was read last.
        let previous = match (&incomplete.dangling_kind, incomplete.expected) {
            (Some(kind), _) if incomplete.partial_loc.is_none() => Some(kind.span),
            (_, Expected::Operator) => incomplete.unit.as_ref().map(|unit| unit.span),
            (_, Expected::ConvoyArrow) => incomplete.target.as_ref().map(|unit| unit.span),
            _ => None,
        };
        let previous = previous.or_else(|| self.pos.checked_sub(1).map(|i| self.tokens[i].span));
        let after =
            previous.map_or_else(String::new, |span| format!(" after `{}`", self.slice(span)));
        let found = if self.at_end() {
            String::new()
        } else {
            format!(", found {}", self.describe_here())
        };
        let message = format!("expected {}{after}{found}", incomplete.expected.describe());
        // A malformed coast has already reported its own, more precise error.
        let error = SyntaxError::new(ErrorCode::IncompleteOrder, incomplete.at, message);
        self.report_here(error);
        Order::Incomplete(Box::new(incomplete))
    }

    /// Turns a failed ordered unit into an incomplete order.
    fn unit_fail_to_incomplete(
        &mut self,
        fail: Fail,
        op: Option<OrderOpLit>,
        expected: Expected,
    ) -> Order {
        let base = IncompleteOrder {
            op,
            ..self.blank_incomplete(expected)
        };
        match fail {
            Fail::Missing => self.incomplete_with(base),
            Fail::Dangling(kind) => self.incomplete_with(IncompleteOrder {
                dangling_kind: Some(kind),
                expected: Expected::UnitProvince,
                ..base
            }),
            Fail::BadCoast(kind, loc) => self.incomplete_with(IncompleteOrder {
                dangling_kind: kind,
                partial_loc: Some(*loc),
                expected: Expected::Coast,
                ..base
            }),
        }
    }

    /// Turns a failed support or convoy target into an incomplete order.
    fn target_fail_to_incomplete(&mut self, fail: Fail, op: OrderOpLit, unit: UnitRef) -> Order {
        let base = IncompleteOrder {
            op: Some(op),
            unit: Some(unit),
            ..self.blank_incomplete(Expected::Target)
        };
        match fail {
            Fail::Missing => self.incomplete_with(base),
            Fail::Dangling(kind) => self.incomplete_with(IncompleteOrder {
                dangling_kind: Some(kind),
                expected: Expected::TargetProvince,
                ..base
            }),
            Fail::BadCoast(kind, loc) => self.incomplete_with(IncompleteOrder {
                dangling_kind: kind,
                partial_loc: Some(*loc),
                expected: Expected::Coast,
                ..base
            }),
        }
    }

    /// Turns a failed destination into an incomplete order.
    fn loc_fail_to_incomplete(&mut self, fail: Fail, base: IncompleteOrder) -> Order {
        match fail {
            Fail::Missing | Fail::Dangling(_) => self.incomplete_with(base),
            Fail::BadCoast(_, loc) => self.incomplete_with(IncompleteOrder {
                partial_loc: Some(*loc),
                expected: Expected::Coast,
                ..base
            }),
        }
    }

    // ---- Units, locations, names, literals.

    /// Reads a unit: an optional unit type and a location.
    fn unit(&mut self) -> Result<UnitRef, Fail> {
        let kind = match self.peek_kw() {
            Some(Kw::Army) => Some(UnitKindLit {
                kind: UnitKind::Army,
                span: self.bump().span,
            }),
            Some(Kw::Fleet) => Some(UnitKindLit {
                kind: UnitKind::Fleet,
                span: self.bump().span,
            }),
            _ => None,
        };
        match self.loc() {
            Ok(loc) => {
                let span = kind.map_or(loc.span, |k| k.span.cover(loc.span));
                Ok(UnitRef { kind, loc, span })
            }
            Err(Fail::Missing) => Err(kind.map_or(Fail::Missing, Fail::Dangling)),
            Err(Fail::BadCoast(_, loc)) => Err(Fail::BadCoast(kind, loc)),
            Err(other) => Err(other),
        }
    }

    /// Reads a location: a name, an optional coast, an optional season.
    fn loc(&mut self) -> Result<LocRef, Fail> {
        let province = self.name().ok_or(Fail::Missing)?;
        self.loc_after_name(province)
    }

    /// Reads the coast and season of a location whose name was just read.
    fn loc_after_name(&mut self, province: Name) -> Result<LocRef, Fail> {
        let mut span = province.span;
        let mut coast = None;
        match self.peek_kind() {
            Some(TokenKind::LParen) => {
                let open = self.bump().span;
                let words = self.words();
                let Some((text, text_span)) = words else {
                    self.report_coast_error(open, "expected a coast after `(`");
                    let loc = LocRef {
                        province,
                        coast: None,
                        season: None,
                        span,
                    };
                    return Err(Fail::BadCoast(None, Box::new(loc)));
                };
                if !self.at(TokenKind::RParen) {
                    self.report_coast_error(open, "missing `)` after the coast");
                    let loc = LocRef {
                        province,
                        coast: None,
                        season: None,
                        span,
                    };
                    return Err(Fail::BadCoast(None, Box::new(loc)));
                }
                let close = self.bump().span;
                coast = Some(CoastLit {
                    text,
                    text_span,
                    span: open.cover(close),
                });
                span = span.cover(close);
            }
            Some(TokenKind::Slash) => {
                let slash = self.bump().span;
                match self.peek().filter(|t| t.kind == TokenKind::Word) {
                    Some(word) => {
                        self.bump();
                        let text = self.slice(word.span).to_owned();
                        let lit = CoastLit {
                            text,
                            text_span: word.span,
                            span: slash.cover(word.span),
                        };
                        span = span.cover(lit.span);
                        coast = Some(lit);
                    }
                    None => {
                        self.report_coast_error(slash, "expected a coast after `/`");
                        let loc = LocRef {
                            province,
                            coast: None,
                            season: None,
                            span,
                        };
                        return Err(Fail::BadCoast(None, Box::new(loc)));
                    }
                }
            }
            _ => {}
        }
        let season = self.try_season();
        if let Some(season) = season {
            span = span.cover(season.span);
        }
        Ok(LocRef {
            province,
            coast,
            season,
            span,
        })
    }

    /// Makes the error of a malformed coast that starts at `open`.
    fn report_coast_error(&mut self, open: Span, message: &str) {
        let span = if self.at_end() { open } else { self.here() };
        let error = SyntaxError::new(ErrorCode::MalformedCoast, span, message)
            .with_hint("write a coast as `(nc)`, `(north coast)` or `/nc`");
        self.report_here(error);
    }

    /// Reads a maximal run of words that are not keywords; `None` if there is none.
    fn name(&mut self) -> Option<Name> {
        if !self.at_name_word() {
            return None;
        }
        let start = self.pos;
        let first = self.bump().span;
        let mut last = first;
        while self.at_name_word() {
            let before = self.pos;
            last = self.bump().span;
            debug_assert!(self.pos > before);
        }
        Some(Name {
            text: self.join_words(start, self.pos),
            span: first.cover(last),
        })
    }

    /// Reads a run of any words, keywords included; `None` if there is none.
    fn words(&mut self) -> Option<(String, Span)> {
        let first = self.peek().filter(|t| t.kind == TokenKind::Word)?.span;
        let start = self.pos;
        let mut last = first;
        while self.at(TokenKind::Word) {
            let before = self.pos;
            last = self.bump().span;
            debug_assert!(self.pos > before);
        }
        Some((self.join_words(start, self.pos), first.cover(last)))
    }

    /// Reads exactly one word of any kind.
    fn one_word(&mut self) -> Option<Name> {
        let token = self.peek().filter(|t| t.kind == TokenKind::Word)?;
        self.bump();
        Some(Name {
            text: self.slice(token.span).to_owned(),
            span: token.span,
        })
    }

    /// Joins the words of tokens `start..end` with single spaces.
    fn join_words(&self, start: usize, end: usize) -> String {
        let tokens = &self.tokens[start.min(end)..end];
        if let [only] = tokens {
            return self.slice(only.span).to_owned();
        }
        let mut text = String::new();
        for token in tokens {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(self.slice(token.span));
        }
        text
    }

    /// Reads a season if one is here: an `X:Y` token, or a `:` directly followed by digits
    /// (`:0`, a season missing its turn). Reports malformed seasons.
    fn try_season(&mut self) -> Option<SeasonLit> {
        let token = self.peek()?;
        match token.kind {
            TokenKind::Season => {
                self.bump();
                let text = self.slice(token.span);
                let (turn_text, timeline_text) = text.split_once(':').unwrap_or((text, ""));
                let turn = self.number_part(turn_text, token.span, "turn");
                let timeline = self.number_part(timeline_text, token.span, "timeline");
                Some(SeasonLit {
                    turn,
                    timeline,
                    span: token.span,
                })
            }
            TokenKind::Colon => {
                let digits = self
                    .nth(1)
                    .filter(|t| t.kind == TokenKind::Number && t.span.start == token.span.end)?;
                self.bump();
                self.bump();
                let span = token.span.cover(digits.span);
                let timeline = self.number_part(self.slice(digits.span), span, "timeline");
                let error = SyntaxError::new(
                    ErrorCode::MalformedSeason,
                    span,
                    format!("season `{}` has no turn", self.slice(span)),
                )
                .with_hint("write a season as X:Y, turn X in timeline Y, as in `1:0`");
                self.report(error);
                Some(SeasonLit {
                    turn: None,
                    timeline,
                    span,
                })
            }
            _ => None,
        }
    }

    /// Reads one part of a season, reporting a missing or too long part.
    fn number_part(&mut self, digits: &str, span: Span, what: &str) -> Option<u32> {
        if digits.is_empty() {
            let error = SyntaxError::new(
                ErrorCode::MalformedSeason,
                span,
                format!("season `{}` has no {what}", self.slice(span)),
            )
            .with_hint("write a season as X:Y, turn X in timeline Y, as in `1:0`");
            self.report(error);
            return None;
        }
        self.digits_value(digits, span)
    }

    /// Converts at most 9 digits to a number, reporting longer runs.
    fn digits_value(&mut self, digits: &str, span: Span) -> Option<u32> {
        if digits.len() > 9 {
            let error = SyntaxError::new(
                ErrorCode::NumberTooLong,
                span,
                format!("`{digits}` has more than 9 digits"),
            );
            self.report(error);
            return None;
        }
        digits.parse().ok()
    }

    // ---- Directives.

    /// Parses a directive line; the current token is `@`.
    fn directive(&mut self) -> LineKind {
        let at = self.bump().span;
        let Some(name) = self.one_word() else {
            let error = SyntaxError::new(
                ErrorCode::UnknownDirective,
                if self.at_end() { at } else { self.here() },
                "expected a directive name after `@`",
            )
            .with_hint(DIRECTIVES_HINT);
            self.report_here(error);
            return LineKind::Error;
        };
        let mut sub = None;
        let kind = match name.text.to_ascii_lowercase().as_str() {
            "rules" => self
                .arg_word("a rule set (`mdatc` or `standard`)")
                .map(DirectiveKind::Rules),
            "start" => self
                .arg_word("a starting position (`standard`)")
                .map(DirectiveKind::Start),
            "phase" => self
                .arg_word("a phase (`movement`, `retreat` or `adjustment`)")
                .map(DirectiveKind::Phase),
            "turn" => self.arg_number().map(DirectiveKind::Turn),
            "unit" => self
                .power_and_unit()
                .map(|(power, unit)| DirectiveKind::Unit { power, unit }),
            "owns" => self.owns(),
            "expect" => {
                let (parsed_sub, kind) = self.expectation();
                sub = parsed_sub;
                kind
            }
            _ => {
                let error = SyntaxError::new(
                    ErrorCode::UnknownDirective,
                    at.cover(name.span),
                    format!("unknown directive `@{}`", name.text),
                )
                .with_hint(DIRECTIVES_HINT);
                self.report(error);
                None
            }
        };
        let kind = match kind {
            Some(kind) => {
                self.expect_end("the directive");
                kind
            }
            None => DirectiveKind::Unknown,
        };
        let span = self.line_tokens_span();
        LineKind::Directive(Box::new(Directive {
            at,
            name,
            sub,
            kind,
            span,
        }))
    }

    /// Reports a missing or malformed directive argument.
    fn directive_error(&mut self, what: &str) {
        let span = self.here();
        let error = SyntaxError::new(
            ErrorCode::MalformedDirective,
            span,
            format!("expected {what}, found {}", self.describe_here()),
        );
        self.report_here(error);
    }

    /// Reads a one-word argument.
    fn arg_word(&mut self, what: &str) -> Option<Name> {
        let word = self.one_word();
        if word.is_none() {
            self.directive_error(what);
        }
        word
    }

    /// Reads a number argument.
    fn arg_number(&mut self) -> Option<NumberLit> {
        match self.peek().filter(|t| t.kind == TokenKind::Number) {
            Some(token) => {
                self.bump();
                let value = self.digits_value(self.slice(token.span), token.span);
                Some(NumberLit {
                    value,
                    span: token.span,
                })
            }
            None => {
                self.directive_error("a number");
                None
            }
        }
    }

    /// Reads `<Power> <unit>`; the unit must have its type.
    fn power_and_unit(&mut self) -> Option<(Name, UnitRef)> {
        let power = self.arg_word("a power")?;
        match self.unit() {
            Ok(unit) if unit.kind.is_some() => Some((power, unit)),
            Ok(unit) => {
                let mut error = missing_kind_error(&unit);
                error.code = ErrorCode::MalformedDirective;
                self.report(error);
                None
            }
            // The malformed coast has reported its error.
            Err(Fail::BadCoast(..)) => None,
            Err(_) => {
                self.directive_error("a unit such as `A Munich` or `F St Petersburg(sc)`");
                None
            }
        }
    }

    /// Reads the arguments of `@owns`.
    fn owns(&mut self) -> Option<DirectiveKind> {
        let power = self.arg_word("a power")?;
        let has_comma = self.tokens[self.pos..]
            .iter()
            .any(|t| t.kind == TokenKind::Comma);
        let mut provinces = Vec::new();
        while !self.at_end() {
            let before = self.pos;
            let name = if has_comma {
                self.words().map(|(text, span)| Name { text, span })
            } else {
                self.one_word()
            };
            let Some(name) = name else {
                self.directive_error("a province");
                return None;
            };
            provinces.push(name);
            if has_comma && self.at(TokenKind::Comma) {
                self.bump();
                if self.at_end() {
                    self.directive_error("a province after `,`");
                    return None;
                }
            }
            debug_assert!(self.pos > before);
        }
        if provinces.is_empty() {
            self.directive_error("at least one province");
            return None;
        }
        Some(DirectiveKind::Owns { power, provinces })
    }

    /// Reads the arguments of `@expect`; returns the sub-keyword and the directive.
    fn expectation(&mut self) -> (Option<Name>, Option<DirectiveKind>) {
        let Some(sub) = self.one_word() else {
            self.directive_error("what to expect (`unit`, `timelines`, ...)");
            return (None, None);
        };
        let kind = match sub.text.to_ascii_lowercase().as_str() {
            "unit" => self
                .power_and_unit()
                .map(|(power, unit)| DirectiveKind::ExpectUnit { power, unit }),
            "dislodged" => self
                .power_and_unit()
                .map(|(power, unit)| DirectiveKind::ExpectDislodged { power, unit }),
            "empty" => match self.try_season() {
                Some(season) => Some(DirectiveKind::ExpectEmpty(season)),
                None => {
                    self.directive_error("a season such as `2:0`");
                    None
                }
            },
            "seasons" => self.season_list().map(DirectiveKind::ExpectSeasons),
            "heads" => self.season_list().map(DirectiveKind::ExpectHeads),
            "timelines" => self.number_list().map(DirectiveKind::ExpectTimelines),
            "owner" => self.owner(),
            "winner" => self
                .arg_word("a power or `none`")
                .map(DirectiveKind::ExpectWinner),
            "error" | "warning" => {
                let severity = sub.clone();
                self.arg_word("a diagnostic code such as `E0301`")
                    .map(|code| DirectiveKind::ExpectDiagnostic { severity, code })
            }
            _ => {
                let error = SyntaxError::new(
                    ErrorCode::UnknownDirective,
                    sub.span,
                    format!("unknown expectation `@expect {}`", sub.text),
                )
                .with_hint(EXPECT_HINT);
                self.report(error);
                None
            }
        };
        (Some(sub), kind)
    }

    /// Reads one or more seasons, with optional commas between them.
    fn season_list(&mut self) -> Option<Vec<SeasonLit>> {
        let mut seasons = Vec::new();
        while !self.at_end() {
            let before = self.pos;
            if !seasons.is_empty() && self.at(TokenKind::Comma) {
                self.bump();
            }
            let Some(season) = self.try_season() else {
                self.directive_error("a season such as `1:0`");
                return None;
            };
            seasons.push(season);
            debug_assert!(self.pos > before);
        }
        if seasons.is_empty() {
            self.directive_error("at least one season");
            return None;
        }
        Some(seasons)
    }

    /// Reads one or more numbers, with optional commas between them.
    fn number_list(&mut self) -> Option<Vec<NumberLit>> {
        let mut numbers = Vec::new();
        while !self.at_end() {
            let before = self.pos;
            if !numbers.is_empty() && self.at(TokenKind::Comma) {
                self.bump();
            }
            numbers.push(self.arg_number()?);
            debug_assert!(self.pos > before);
        }
        if numbers.is_empty() {
            self.directive_error("at least one timeline number");
            return None;
        }
        Some(numbers)
    }

    /// Reads `<province> <Power or none> [season]`.
    fn owner(&mut self) -> Option<DirectiveKind> {
        let start = self.pos;
        while self.at(TokenKind::Word) {
            let before = self.pos;
            self.bump();
            debug_assert!(self.pos > before);
        }
        let end = self.pos;
        if end - start < 2 {
            self.directive_error("a province and then a power (or `none`)");
            return None;
        }
        let province_tokens = &self.tokens[start..end - 1];
        let province = Name {
            text: self.join_words(start, end - 1),
            span: province_tokens[0]
                .span
                .cover(province_tokens[province_tokens.len() - 1].span),
        };
        let power_span = self.tokens[end - 1].span;
        let power = Name {
            text: self.slice(power_span).to_owned(),
            span: power_span,
        };
        let season = self.try_season();
        Some(DirectiveKind::ExpectOwner {
            province,
            power,
            season,
        })
    }
}

/// The hint listing the directives.
const DIRECTIVES_HINT: &str =
    "the directives are @rules, @start, @unit, @owns, @phase, @turn and @expect";

/// The hint listing the expectations.
const EXPECT_HINT: &str = "the expectations are unit, dislodged, empty, seasons, timelines, \
                           heads, owner, winner, error and warning";

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
