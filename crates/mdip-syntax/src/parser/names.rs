//! The pieces orders and directives are made of: units, locations, coasts, names, seasons
//! and numbers.

use crate::ast::{
    CoastLit, LocRef, Name, PhaseLetter, SeasonLit, SeasonName, SeasonWords, UnitKind, UnitKindLit,
    UnitRef,
};
use crate::error::{ErrorCode, SyntaxError};
use crate::lexer::{Token, TokenKind};
use crate::span::Span;

use super::{Fail, Kw, LineParser};

impl LineParser<'_> {
    // ---- Units, locations, names, literals.

    /// Reads a unit: an optional unit type and a location.
    pub(super) fn unit(&mut self) -> Result<UnitRef, Fail> {
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
    pub(super) fn loc(&mut self) -> Result<LocRef, Fail> {
        let province = self.name().ok_or(Fail::Missing)?;
        self.loc_after_name(province)
    }

    /// Reads the coast and season of a location whose name was just read.
    pub(super) fn loc_after_name(&mut self, province: Name) -> Result<LocRef, Fail> {
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
                coast = Some(Box::new(CoastLit {
                    text,
                    text_span,
                    span: open.cover(close),
                }));
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
                        coast = Some(Box::new(lit));
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
    pub(super) fn report_coast_error(&mut self, open: Span, message: &str) {
        let span = if self.at_end() { open } else { self.here() };
        let error = SyntaxError::new(ErrorCode::MalformedCoast, span, message)
            .with_hint("write a coast as `(nc)`, `(north coast)` or `/nc`");
        self.report_here(error);
    }

    /// Reads a maximal run of words that are not keywords; `None` if there is none.
    pub(super) fn name(&mut self) -> Option<Name> {
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
    pub(super) fn words(&mut self) -> Option<(String, Span)> {
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
    pub(super) fn one_word(&mut self) -> Option<Name> {
        let token = self.peek().filter(|t| t.kind == TokenKind::Word)?;
        self.bump();
        Some(Name {
            text: self.slice(token.span).to_owned(),
            span: token.span,
        })
    }

    /// Joins the words of tokens `start..end` with single spaces.
    pub(super) fn join_words(&self, start: usize, end: usize) -> String {
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
    pub(super) fn try_season(&mut self) -> Option<SeasonLit> {
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
    pub(super) fn number_part(&mut self, digits: &str, span: Span, what: &str) -> Option<u32> {
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
    pub(super) fn digits_value(&mut self, digits: &str, span: Span) -> Option<u32> {
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
}

impl LineParser<'_> {
    // ---- Seasons in words.

    /// Whether a season in words starts here: `Spring`, `Fall`, `Autumn` or `Winter` followed
    /// by a number, or one compact word such as `S1901M`.
    pub(super) fn at_season_words(&self) -> bool {
        let Some(token) = self.peek().filter(|t| t.kind == TokenKind::Word) else {
            return false;
        };
        let word = self.slice(token.span);
        if compact_season(word).is_some() {
            return true;
        }
        season_name(word).is_some() && self.nth(1).is_some_and(|t| self.is_year(t))
    }

    /// Whether a token is a year: digits, or digits and a colon (`1901:`, lexed as a season
    /// missing its timeline).
    fn is_year(&self, token: Token) -> bool {
        match token.kind {
            TokenKind::Number => true,
            TokenKind::Season => self.slice(token.span).ends_with(':'),
            _ => false,
        }
    }

    /// Reads a season in words and the colon glued to its year (`Spring 1901:`); the caller
    /// checked [`LineParser::at_season_words`].
    pub(super) fn season_words(&mut self) -> Option<(SeasonWords, Option<Span>)> {
        let token = self.peek()?;
        let word = self.slice(token.span);
        if let Some((season, digits, phase)) = compact_season(word) {
            self.bump();
            let year = self.digits_value(digits, token.span);
            let words = SeasonWords {
                season,
                year,
                phase: Some(phase),
                span: token.span,
            };
            return Some((words, None));
        }
        let season = season_name(word)?;
        let number = self.nth(1).filter(|&t| self.is_year(t))?;
        self.bump();
        self.bump();
        let digits = self.slice(number.span);
        let (digits, span, colon) = match digits.strip_suffix(':') {
            Some(d) => {
                let end = number.span.end - 1;
                let span = Span::new(number.span.start, end);
                (d, span, Some(Span::new(end, number.span.end)))
            }
            None => (digits, number.span, None),
        };
        let year = self.digits_value(digits, span);
        let words = SeasonWords {
            season,
            year,
            phase: None,
            span: token.span.cover(span),
        };
        Some((words, colon))
    }
}

/// `Spring`, `Fall`, `Autumn`, `Winter`, ignoring case.
fn season_name(word: &str) -> Option<SeasonName> {
    let mut buffer = [0u8; 8];
    match super::lower_short(word, &mut buffer)? {
        b"spring" => Some(SeasonName::Spring),
        b"fall" | b"autumn" => Some(SeasonName::Fall),
        b"winter" => Some(SeasonName::Winter),
        _ => None,
    }
}

/// The compact form `S1901M`: a season letter (`S`, `F`, `W`), digits, a phase letter (`M`,
/// `R`, `A`, `B`), ignoring case.
fn compact_season(word: &str) -> Option<(SeasonName, &str, PhaseLetter)> {
    let bytes = word.as_bytes();
    if bytes.len() < 3 || !word.is_ascii() {
        return None;
    }
    let season = match bytes[0].to_ascii_lowercase() {
        b's' => SeasonName::Spring,
        b'f' => SeasonName::Fall,
        b'w' => SeasonName::Winter,
        _ => return None,
    };
    let phase = match bytes[bytes.len() - 1].to_ascii_lowercase() {
        b'm' => PhaseLetter::Movement,
        b'r' => PhaseLetter::Retreat,
        b'a' | b'b' => PhaseLetter::Adjustment,
        _ => return None,
    };
    let digits = &word[1..word.len() - 1];
    digits
        .bytes()
        .all(|b| b.is_ascii_digit())
        .then_some((season, digits, phase))
}
