//! Players' shorthand: a move written without spaces, `A bud-gal` or `F stp/sc-bot`, read
//! where an order could end (after the ordered unit, a supported unit or a convoyed army).
//! Which hyphen, if any, is the arrow is chosen by [`Split`]; the parser only knows where
//! hyphens are, not which names exist.

use crate::ast::{CoastLit, LocRef, Name, Shorthand, UnitRef};
use crate::lexer::TokenKind;
use crate::span::Span;

use super::{LineParser, Split};

/// A location cut at a hyphen: the part before it, the hyphen, the part after it.
pub(super) struct Cut {
    pub(super) before: LocRef,
    pub(super) hyphen: Span,
    pub(super) after: LocRef,
}

impl LineParser<'_> {
    /// Whether the order may end here, so that a hyphen just read may be its arrow.
    pub(super) fn at_order_end(&self) -> bool {
        self.at_end() || self.at(TokenKind::FatArrow)
    }

    /// Cuts `unit` at the hyphen [`Split`] chooses, recording the shorthand; `None` when the
    /// unit has no such hyphen (or a season, which shorthand never writes).
    pub(super) fn cut_unit(&mut self, unit: &UnitRef) -> Option<(UnitRef, Span, LocRef)> {
        let cut = self.cut(&unit.loc)?;
        let span = unit
            .kind
            .map_or(cut.before.span, |k| k.span.cover(cut.before.span));
        let before = UnitRef {
            kind: unit.kind,
            loc: cut.before,
            span,
        };
        Some((before, cut.hyphen, cut.after))
    }

    fn cut(&mut self, loc: &LocRef) -> Option<Cut> {
        if loc.season.is_some() || self.split == Split::Never {
            return None;
        }
        let province_word = last_word(self.slice(loc.province.span), loc.province.span);
        // Only a coast written with a slash is one word that a hyphen may continue.
        let coast_word = loc
            .coast
            .as_ref()
            .filter(|c| self.slice(c.span).starts_with('/') && c.span.end == c.text_span.end)
            .map(|c| c.text_span);
        let hyphen = |word: Span| -> Option<u32> {
            let text = self.slice(word);
            match self.split {
                Split::First => text.find('-').map(|k| word.start + k as u32),
                Split::At(at) => (at > word.start
                    && at < word.end
                    && text.as_bytes().get((at - word.start) as usize) == Some(&b'-'))
                .then_some(at),
                Split::Never => None,
            }
        };
        let (cut, word) = if let Some(h) = hyphen(province_word) {
            (self.cut_province(loc, province_word, h), province_word)
        } else {
            let word = coast_word?;
            let h = hyphen(word)?;
            (self.cut_coast(loc, word, h), word)
        };
        self.shorthand = Some(Shorthand {
            word,
            hyphen: cut.hyphen,
        });
        Some(cut)
    }

    /// `mid-spa/nc` at the hyphen: `mid` and `spa/nc`.
    fn cut_province(&self, loc: &LocRef, word: Span, h: u32) -> Cut {
        let name = &loc.province;
        let word_text = self.slice(word);
        let k = (h - word.start) as usize;
        // The name's text ends with its last word as written (words are joined by spaces).
        let prefix = name
            .text
            .get(..name.text.len().saturating_sub(word_text.len()))
            .unwrap_or_default();
        let before_name = Name {
            text: format!("{prefix}{}", word_text.get(..k).unwrap_or_default()),
            span: Span::new(name.span.start, h),
        };
        let after_name = Name {
            text: word_text.get(k + 1..).unwrap_or_default().to_owned(),
            span: Span::new(h + 1, word.end),
        };
        let after_span = loc
            .coast
            .as_ref()
            .map_or(after_name.span, |c| after_name.span.cover(c.span));
        Cut {
            before: LocRef {
                span: before_name.span,
                province: before_name,
                coast: None,
                season: None,
            },
            hyphen: Span::new(h, h + 1),
            after: LocRef {
                province: after_name,
                coast: loc.coast.clone(),
                season: None,
                span: after_span,
            },
        }
    }

    /// `stp/sc-bot` at the hyphen: `stp/sc` and `bot`.
    fn cut_coast(&self, loc: &LocRef, word: Span, h: u32) -> Cut {
        let word_text = self.slice(word);
        let k = (h - word.start) as usize;
        let coast_span = loc.coast.as_ref().map_or(word, |c| c.span);
        let coast = CoastLit {
            text: word_text.get(..k).unwrap_or_default().to_owned(),
            text_span: Span::new(word.start, h),
            span: Span::new(coast_span.start, h),
        };
        let after_name = Name {
            text: word_text.get(k + 1..).unwrap_or_default().to_owned(),
            span: Span::new(h + 1, word.end),
        };
        Cut {
            before: LocRef {
                province: loc.province.clone(),
                coast: Some(Box::new(coast)),
                season: None,
                span: Span::new(loc.span.start, h),
            },
            hyphen: Span::new(h, h + 1),
            after: LocRef {
                span: after_name.span,
                province: after_name,
                coast: None,
                season: None,
            },
        }
    }
}

/// The span of the last word of a name whose text `text` spans `span`.
fn last_word(text: &str, span: Span) -> Span {
    let start = text
        .char_indices()
        .rev()
        .find(|&(_, c)| c.is_whitespace() || c == '\u{FEFF}')
        .map(|(i, c)| i + c.len_utf8())
        .unwrap_or(0);
    Span::new(span.start + start as u32, span.end)
}
