//! Directives (`@start`, `@unit`, `@owns`, ...) and expectations (`@expect ...`).

use crate::ast::ExpectedOutcome;
use crate::ast::{Directive, DirectiveKind, LineKind, Name, NumberLit, SeasonLit, UnitRef};
use crate::error::{ErrorCode, SyntaxError};
use crate::lexer::TokenKind;
use crate::span::Span;

use super::{missing_kind_error, Fail, Kw, LineParser};

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
            "rules" => match self.game_name() {
                Some(name) => Some(DirectiveKind::Rules(name)),
                None => {
                    self.directive_error("a rule set (`mdatc`, `standard`, `5dd` or `5dd strict`)");
                    None
                }
            },
            "map" => match self.game_name() {
                Some(name) => Some(DirectiveKind::Map(name)),
                None => {
                    self.directive_error(
                        "a map (`standard`, `ancient-mediterranean`, or a folder in quotes)",
                    );
                    None
                }
            },
            "start" => self
                .arg_word("a starting position (`standard`)")
                .map(DirectiveKind::Start),
            "phase" => self.phase(),
            "season" => self.season_directive(),
            "record" => self.record(),
            "turn" => self.arg_number().map(DirectiveKind::Turn),
            "unit" => self
                .power_and_unit()
                .map(|(power, unit)| DirectiveKind::Unit { power, unit }),
            "owns" => self.owns(),
            "game" => Some(DirectiveKind::Game(self.game_name())),
            "dislodged" => self.dislodged(),
            "standoff" | "standoffs" => self.province_list().map(DirectiveKind::Standoff),
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

    /// The name of a game or a rule set: every token to the end of the line, as written
    /// (`6.A.1`, `Spring test`, `5dd strict`); `None` if there is none.
    fn game_name(&mut self) -> Option<Name> {
        let first = self.peek()?.span;
        let mut last = first;
        while !self.at_end() {
            last = self.bump().span;
        }
        let span = first.cover(last);
        Some(Name {
            text: self.slice(span).to_owned(),
            span,
        })
    }

    /// Reads the arguments of `@owns`: a power, provinces, and optionally a season last.
    pub(super) fn owns(&mut self) -> Option<DirectiveKind> {
        let power = self.arg_word("a power")?;
        let season_last = self.tokens.len() > self.pos + 1
            && self
                .tokens
                .last()
                .is_some_and(|t| t.kind == TokenKind::Season);
        let end = if season_last {
            self.tokens.len() - 1
        } else {
            self.tokens.len()
        };
        let provinces = self.before(end, Self::province_list)?;
        let season = if season_last { self.try_season() } else { None };
        Some(DirectiveKind::Owns {
            power,
            provinces,
            season,
        })
    }

    /// Reads the arguments of `@phase`: a phase word, then optionally seasons
    /// (`@phase adjustment 2:0 2:1`).
    fn phase(&mut self) -> Option<DirectiveKind> {
        let phase = self.arg_word("a phase (`movement`, `retreat` or `adjustment`)")?;
        let seasons = if self.at_end() {
            Vec::new()
        } else {
            self.season_list()?
        };
        Some(DirectiveKind::Phase { phase, seasons })
    }

    /// Reads the arguments of `@season`: `<X:Y> [from <P:Q>]`.
    fn season_directive(&mut self) -> Option<DirectiveKind> {
        let Some(season) = self.try_season() else {
            self.directive_error("a season such as `1:1`");
            return None;
        };
        let mut from_keyword = None;
        let mut from = None;
        if let Some(word) = self.peek().filter(|t| t.kind == TokenKind::Word) {
            if !self.slice(word.span).eq_ignore_ascii_case("from") {
                self.directive_error("`from` and the season it branches from, or the end");
                return None;
            }
            self.bump();
            from_keyword = Some(word.span);
            match self.try_season() {
                Some(s) => from = Some(s),
                None => {
                    self.directive_error("the season it branches from, such as `0:0`");
                    return None;
                }
            }
        }
        Some(DirectiveKind::Season {
            season,
            from_keyword,
            from,
        })
    }

    /// Reads the arguments of `@record`: `<Power>: <order> => succeeds|fails|illegal`, an
    /// order line with its power in front and its outcome.
    fn record(&mut self) -> Option<DirectiveKind> {
        let start = self.pos;
        let power = match self.peek() {
            Some(t) if t.kind == TokenKind::Word && self.peek_kw().is_none() => self.name(),
            _ => None,
        };
        let Some(power) = power else {
            self.directive_error("a power, `:` and an order, as in `Germany: A Munich hold`");
            return None;
        };
        if !self.at(TokenKind::Colon) {
            self.directive_error("`:` after the power");
            return None;
        }
        let colon = self.bump().span;
        if self.at_end() {
            self.directive_error("an order after the power");
            return None;
        }
        let LineKind::Order(mut line) = self.order_line(Some(power), Some(colon)) else {
            return None;
        };
        std::sync::Arc::make_mut(&mut line).span = self.tokens[start]
            .span
            .cover(self.tokens[self.tokens.len() - 1].span);
        if !line.order.is_incomplete() && self.error.is_none() {
            let outcome = line.expect.map(|e| e.outcome);
            if !matches!(
                outcome,
                Some(ExpectedOutcome::Succeeds | ExpectedOutcome::Fails | ExpectedOutcome::Illegal)
            ) {
                let span = line.expect.map_or(Span::empty(line.span.end), |e| e.span);
                let error = SyntaxError::new(
                    ErrorCode::MalformedDirective,
                    span,
                    "a recorded order ends with its outcome: `=> succeeds`, `=> fails` or `=> illegal`",
                )
                .with_hint("write the outcome the order had when its season was adjudicated");
                self.report(error);
            }
        }
        Some(DirectiveKind::Record(line))
    }

    /// The position of the first word `word` (any case) from the current token on.
    fn find_word(&self, word: &str) -> Option<usize> {
        (self.pos..self.tokens.len()).find(|&i| {
            self.tokens[i].kind == TokenKind::Word
                && self.slice(self.tokens[i].span).eq_ignore_ascii_case(word)
        })
    }

    /// Runs `f` on the tokens before `end` only (the rest of the line is left for later).
    fn before<T>(&mut self, end: usize, f: impl FnOnce(&mut Self) -> T) -> T {
        let (tokens, keywords) = (self.tokens, self.keywords);
        self.tokens = &tokens[..end];
        self.keywords = &keywords[..end.min(keywords.len())];
        let out = f(self);
        self.tokens = tokens;
        self.keywords = keywords;
        out
    }

    /// Reads the arguments of `@dislodged`: `<Power> <unit> [from <province>] [by convoy]`.
    fn dislodged(&mut self) -> Option<DirectiveKind> {
        let from_at = self.find_word("from");
        let by_at = self
            .find_word("by")
            .filter(|&b| from_at.is_none_or(|f| b > f));
        let unit_end = from_at.or(by_at).unwrap_or(self.tokens.len());
        let (power, unit) = self.before(unit_end, |p| {
            let r = p.power_and_unit();
            if r.is_some() && !p.at_end() {
                p.directive_error("`from` and the province the attacker came from");
                return None;
            }
            r
        })?;
        let mut from = None;
        if let Some(f) = from_at {
            self.bump();
            let end = by_at.unwrap_or(self.tokens.len());
            from = Some(self.before(end, |p| match p.loc() {
                Ok(loc) if p.at_end() => Some(loc),
                Ok(_) => {
                    p.directive_error("the end of the attacker's province");
                    None
                }
                Err(Fail::BadCoast(..)) => None,
                Err(_) => {
                    p.directive_error("the province the attacker came from");
                    None
                }
            })?);
            debug_assert!(self.pos > f);
        }
        let mut by_convoy = None;
        if by_at.is_some() {
            let by = self.bump().span;
            match self.one_word() {
                Some(w) if w.text.eq_ignore_ascii_case("convoy") => {
                    by_convoy = Some(by.cover(w.span));
                }
                _ => {
                    self.directive_error("`convoy` after `by`");
                    return None;
                }
            }
        }
        Some(DirectiveKind::Dislodged {
            power,
            unit,
            from,
            by_convoy,
        })
    }

    /// Reads `<Power> <unit>: <place>, <place>...` or `...: none` (`@expect retreats`).
    fn expect_retreats(&mut self) -> Option<DirectiveKind> {
        let (power, unit) = self.power_and_unit()?;
        if !self.at(TokenKind::Colon) {
            self.directive_error("`:` and then where the unit may retreat (or `none`)");
            return None;
        }
        self.bump();
        let mut options = Vec::new();
        if self.peek().is_some_and(|t| {
            t.kind == TokenKind::Word && self.slice(t.span).eq_ignore_ascii_case("none")
        }) && self.nth(1).is_none()
        {
            self.bump();
            return Some(DirectiveKind::ExpectRetreats {
                power,
                unit,
                options,
            });
        }
        while !self.at_end() {
            let before = self.pos;
            if !options.is_empty() {
                if !self.at(TokenKind::Comma) {
                    self.directive_error("`,` between the provinces");
                    return None;
                }
                self.bump();
            }
            match self.loc() {
                Ok(loc) => options.push(loc),
                Err(Fail::BadCoast(..)) => return None,
                Err(_) => {
                    self.directive_error("a province (or `none`)");
                    return None;
                }
            }
            debug_assert!(self.pos > before);
        }
        if options.is_empty() {
            self.directive_error("where the unit may retreat (or `none`)");
            return None;
        }
        Some(DirectiveKind::ExpectRetreats {
            power,
            unit,
            options,
        })
    }

    /// Reads one or more provinces: with commas, each part is one name; without, each word.
    fn province_list(&mut self) -> Option<Vec<Name>> {
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
        Some(provinces)
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
            "has" => self.expect_has(),
            "dislodged" if self.except_disbanded() => {
                Some(DirectiveKind::ExpectDislodgedExceptDisbanded)
            }
            "dislodged" => self
                .power_and_unit()
                .map(|(power, unit)| DirectiveKind::ExpectDislodged { power, unit }),
            "retreats" => self.expect_retreats(),
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

    /// Reads the arguments of `@expect has`: an optional power, then a unit with its type.
    fn expect_has(&mut self) -> Option<DirectiveKind> {
        let power = match self.peek_kw() {
            Some(Kw::Army | Kw::Fleet) => None,
            _ => Some(self.arg_word("a power or a unit such as `A Munich`")?),
        };
        match self.unit() {
            Ok(unit) if unit.kind.is_some() => Some(DirectiveKind::ExpectHas { power, unit }),
            Ok(unit) => {
                let mut error = missing_kind_error(&unit);
                error.code = ErrorCode::MalformedDirective;
                self.report(error);
                None
            }
            Err(Fail::BadCoast(..)) => None,
            Err(_) => {
                self.directive_error("a unit such as `A Munich` or `F St Petersburg(sc)`");
                None
            }
        }
    }

    /// Reads `except disbanded` if it is all the rest of the line (after `@expect dislodged`).
    fn except_disbanded(&mut self) -> bool {
        let word = |p: &Self, i: usize, w: &str| {
            p.tokens.get(i).is_some_and(|t| {
                t.kind == TokenKind::Word && p.slice(t.span).eq_ignore_ascii_case(w)
            })
        };
        if !(word(self, self.pos, "except") && word(self, self.pos + 1, "disbanded")) {
            return false;
        }
        self.bump();
        self.bump();
        if !self.at_end() {
            self.directive_error("nothing after `except disbanded`");
        }
        true
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
    "the directives are @map, @rules, @start, @turn, @season, @unit, @owns, @record, @phase, @dislodged, @standoff, @game and @expect";

/// The hint listing the expectations.
const EXPECT_HINT: &str = "the expectations are unit, has, dislodged, retreats, empty, seasons, \
                           timelines, heads, owner, winner, error and warning";
