//! Directives (`@start`, `@unit`, `@owns`, ...) and expectations (`@expect ...`).

use crate::ast::{Directive, DirectiveKind, LineKind, Name, NumberLit, SeasonLit, UnitRef};
use crate::error::{ErrorCode, SyntaxError};
use crate::lexer::TokenKind;

use super::{missing_kind_error, Fail, LineParser};

impl LineParser<'_> {
    // ---- Directives.

    /// Parses a directive line; the current token is `@`.
    pub(super) fn directive(&mut self) -> LineKind {
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
    pub(super) fn directive_error(&mut self, what: &str) {
        let span = self.here();
        let error = SyntaxError::new(
            ErrorCode::MalformedDirective,
            span,
            format!("expected {what}, found {}", self.describe_here()),
        );
        self.report_here(error);
    }

    /// Reads a one-word argument.
    pub(super) fn arg_word(&mut self, what: &str) -> Option<Name> {
        let word = self.one_word();
        if word.is_none() {
            self.directive_error(what);
        }
        word
    }

    /// Reads a number argument.
    pub(super) fn arg_number(&mut self) -> Option<NumberLit> {
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
    pub(super) fn power_and_unit(&mut self) -> Option<(Name, UnitRef)> {
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
    pub(super) fn owns(&mut self) -> Option<DirectiveKind> {
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
    pub(super) fn expectation(&mut self) -> (Option<Name>, Option<DirectiveKind>) {
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
    pub(super) fn season_list(&mut self) -> Option<Vec<SeasonLit>> {
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
    pub(super) fn number_list(&mut self) -> Option<Vec<NumberLit>> {
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
    pub(super) fn owner(&mut self) -> Option<DirectiveKind> {
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
