//! Lines: what a line holds (header, order line, directive or error), and the `=>` outcome
//! ending an order line.

use crate::ast::{
    Expected, Header, LineKind, LocRef, Name, Order, OrderLine, OutcomeLit, SeasonLit, SeasonWords,
    UnitRef,
};
use crate::error::{ErrorCode, SyntaxError};
use crate::lexer::{Token, TokenKind};
use crate::span::Span;

use super::{missing_kind_error, outcome_suggestion, outcome_word, Kw, LineParser};

impl LineParser<'_> {
    // ---- Lines.

    /// Parses the line; there is at least one token.
    pub(super) fn line(&mut self) -> LineKind {
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
    pub(super) fn unrecognized(&mut self) -> LineKind {
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
    pub(super) fn word_line(&mut self, first: Token) -> LineKind {
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
        // `Spring 1901`, `S1901M`: a header naming only a season.
        if self.at_season_words() {
            if let Some((words, colon)) = self.season_words() {
                return self.header_with_words(None, words, colon);
            }
        }
        // The first word is no keyword, so a name is always read here.
        let Some(name) = self.name() else {
            return self.unrecognized();
        };
        self.after_line_name(name)
    }

    /// Continues a line that starts with a name: a header, a power in front of an order, or a
    /// unit written without its type.
    pub(super) fn after_line_name(&mut self, name: Name) -> LineKind {
        let Some(next) = self.peek() else {
            let span = name.span;
            return LineKind::Header(Box::new(Header {
                power: Some(name),
                season: None,
                words: None,
                colon: None,
                span,
            }));
        };
        if self.at_season_words() {
            if let Some((words, colon)) = self.season_words() {
                return self.header_with_words(Some(name), words, colon);
            }
        }
        if let Some(season) = self.try_season() {
            return self.header_with_season(name, season);
        }
        match next.kind {
            TokenKind::Colon => {
                let colon = self.bump().span;
                if self.at_end() {
                    let span = name.span.cover(colon);
                    let header = Header {
                        power: Some(name),
                        season: None,
                        words: None,
                        colon: Some(colon),
                        span,
                    };
                    return LineKind::Header(Box::new(header));
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
    pub(super) fn header_with_season(&mut self, name: Name, season: SeasonLit) -> LineKind {
        if self.at_end() || self.at(TokenKind::Colon) {
            let colon = if self.at_end() {
                None
            } else {
                Some(self.bump().span)
            };
            let end = colon.unwrap_or(season.span);
            let span = name.span.cover(end);
            self.expect_end("a block header");
            return LineKind::Header(Box::new(Header {
                power: Some(name),
                season: Some(season),
                words: None,
                colon,
                span,
            }));
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
        LineKind::Header(Box::new(Header {
            power: Some(name),
            season: Some(season),
            words: None,
            colon: None,
            span,
        }))
    }

    /// Finishes a header whose season in words was just read: `England Spring 1901:`.
    pub(super) fn header_with_words(
        &mut self,
        power: Option<Name>,
        words: SeasonWords,
        colon: Option<Span>,
    ) -> LineKind {
        let colon = colon.or_else(|| self.at(TokenKind::Colon).then(|| self.bump().span));
        let start = power.as_ref().map_or(words.span, |p| p.span);
        let span = start.cover(colon.unwrap_or(words.span));
        self.expect_end("a block header");
        if let Some(error) = &mut self.error {
            if error.code == ErrorCode::UnexpectedTrailing {
                error.hint = Some("a block header stands alone on its line".to_owned());
            }
        }
        LineKind::Header(Box::new(Header {
            power,
            season: None,
            words: Some(words),
            colon,
            span,
        }))
    }

    /// Parses an order line whose first name is a province written without a unit type.
    pub(super) fn kindless_order_line(&mut self, province: Name) -> LineKind {
        match self.loc_after_name(province) {
            Ok(loc) => self.kindless_unit_order(loc),
            Err(fail) => {
                let order = self.unit_fail_to_incomplete(fail, None, Expected::Unit);
                self.finish_order_line(None, None, order)
            }
        }
    }

    /// Reports a unit written without its type and parses the rest of its order.
    pub(super) fn kindless_unit_order(&mut self, loc: LocRef) -> LineKind {
        let unit = UnitRef {
            kind: None,
            span: loc.span,
            loc,
        };
        self.report_missing_kind(&unit);
        let order = self.order_tail(unit);
        self.finish_order_line(None, None, order)
    }

    pub(super) fn report_missing_kind(&mut self, unit: &UnitRef) {
        self.report(missing_kind_error(unit));
    }

    /// Parses an order (after an optional power and colon) and the rest of its line.
    pub(super) fn order_line(&mut self, power: Option<Name>, colon: Option<Span>) -> LineKind {
        let order = self.order();
        self.finish_order_line(power, colon, order)
    }

    /// Reads the optional `=> outcome` and checks that the line ends.
    pub(super) fn finish_order_line(
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
        LineKind::Order(std::sync::Arc::new(OrderLine {
            power,
            colon,
            order,
            expect,
            shorthand: self.shorthand,
            span,
        }))
    }

    /// Reads `=> succeeds|fails|illegal`; the current token is `=>`.
    pub(super) fn outcome(&mut self) -> Option<OutcomeLit> {
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
}
