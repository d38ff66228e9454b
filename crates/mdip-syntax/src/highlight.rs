//! Semantic classification of the text, for syntax highlighting in editors.
//!
//! [`highlight`] returns non-overlapping, sorted spans, each with a [`HighlightKind`] decided
//! from the syntax tree (a word is a power or a province by its position, not by a dictionary),
//! completed with the lexical tokens the tree does not cover: comments, punctuation, stray
//! numbers and invalid characters. Plain words of unreadable lines get no class.

use crate::ast::{
    Directive, DirectiveKind, Header, IncompleteOrder, Line, LineKind, LocRef, Order, OrderLine,
    UnitRef,
};
use crate::lexer::{TokenKind, Tokens};
use crate::parser::{parse, Parse};
use crate::span::Span;

/// The class of a highlighted span.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HighlightKind {
    /// An order keyword: `Hold`, `Supports`, `Convoys`, `via Convoy`, `to`, `Build`, `R`, ...
    Keyword,
    /// A power name, in a header, in front of an order or in a directive.
    Power,
    /// A province name.
    Province,
    /// A unit type: `A`, `F`, `Army`, `Fleet`.
    UnitType,
    /// A season `X:Y`.
    Season,
    /// A coast, parentheses or slash included.
    Coast,
    /// A `#` comment.
    Comment,
    /// A directive name with its `@`, or the word after `@expect`.
    Directive,
    /// A value given to a directive: `standard`, `movement`, `error`, a diagnostic code.
    Value,
    /// A number, as in `@expect timelines 0 1`.
    Number,
    /// The outcome word after `=>`.
    Outcome,
    /// An operator: `-`, `->`, `=>`.
    Operator,
    /// Punctuation: `:`, `,`, `(`, `)`, `/`.
    Punctuation,
    /// A character that has no place in the notation.
    Error,
}

/// A highlighted span.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Highlight {
    /// Its class.
    pub kind: HighlightKind,
    /// Where it is.
    pub span: Span,
}

/// Parses `text` and classifies it; see [`highlight_parse`] to reuse a parse.
#[must_use]
pub fn highlight(text: &str) -> Vec<Highlight> {
    highlight_parse(text, &parse(text))
}

/// Classifies `text`, whose parse is `parse`. The result is sorted and non-overlapping.
#[must_use]
pub fn highlight_parse(text: &str, parse: &Parse) -> Vec<Highlight> {
    let mut tree = Vec::new();
    let mut out = Collector {
        text,
        spans: &mut tree,
    };
    for line in &parse.file.lines {
        out.line(line);
    }
    tree.sort_by_key(|h| (h.span.start, std::cmp::Reverse(h.span.end)));
    let tree = remove_overlaps(tree);

    let mut result = Vec::with_capacity(tree.len() * 2);
    let mut next = 0;
    for token in Tokens::new(text) {
        // Emit the tree spans that start before this token.
        while next < tree.len() && tree[next].span.start <= token.span.start {
            result.push(tree[next]);
            next += 1;
        }
        let covered = result
            .last()
            .is_some_and(|h: &Highlight| h.span.end > token.span.start);
        if covered {
            continue;
        }
        let kind = match token.kind {
            TokenKind::Comment => HighlightKind::Comment,
            TokenKind::Error => HighlightKind::Error,
            TokenKind::Season => HighlightKind::Season,
            TokenKind::Number => HighlightKind::Number,
            TokenKind::Dash | TokenKind::Arrow | TokenKind::FatArrow => HighlightKind::Operator,
            TokenKind::Colon
            | TokenKind::LParen
            | TokenKind::RParen
            | TokenKind::Slash
            | TokenKind::Comma => HighlightKind::Punctuation,
            TokenKind::At => HighlightKind::Directive,
            TokenKind::Word | TokenKind::Newline => continue,
        };
        result.push(Highlight {
            kind,
            span: token.span,
        });
    }
    result.extend_from_slice(&tree[next..]);
    remove_overlaps(result)
}

/// Drops every span that overlaps an earlier one; the input is sorted by start.
fn remove_overlaps(spans: Vec<Highlight>) -> Vec<Highlight> {
    let mut out: Vec<Highlight> = Vec::with_capacity(spans.len());
    for h in spans {
        if h.span.is_empty() {
            continue;
        }
        if out.last().is_some_and(|last| last.span.end > h.span.start) {
            continue;
        }
        out.push(h);
    }
    out
}

/// Collects the classified spans of the tree.
struct Collector<'a, 'b> {
    text: &'a str,
    spans: &'b mut Vec<Highlight>,
}

impl Collector<'_, '_> {
    fn push(&mut self, kind: HighlightKind, span: Span) {
        self.spans.push(Highlight { kind, span });
    }

    fn line(&mut self, line: &Line) {
        match &line.kind {
            LineKind::Header(header) => self.header(header),
            LineKind::Order(order) => self.order_line(order),
            LineKind::Directive(directive) => self.directive(directive),
            LineKind::Blank | LineKind::Comment | LineKind::Error => {}
        }
    }

    fn header(&mut self, header: &Header) {
        self.push(HighlightKind::Power, header.power.span);
        if let Some(season) = header.season {
            self.push(HighlightKind::Season, season.span);
        }
    }

    fn order_line(&mut self, line: &OrderLine) {
        if let Some(power) = &line.power {
            self.push(HighlightKind::Power, power.span);
        }
        self.order(&line.order);
        if let Some(expect) = line.expect {
            self.push(HighlightKind::Operator, expect.arrow);
            self.push(HighlightKind::Outcome, expect.word);
        }
    }

    /// Pushes an arrow: `-` and `->` are operators, `to` and `R` keywords.
    fn arrow(&mut self, span: Span) {
        let text = self.text.get(span.range()).unwrap_or("");
        let kind = if text.starts_with('-') {
            HighlightKind::Operator
        } else {
            HighlightKind::Keyword
        };
        self.push(kind, span);
    }

    fn order(&mut self, order: &Order) {
        match order {
            Order::Hold { unit, keyword } => {
                self.unit(unit);
                if let Some(keyword) = keyword {
                    self.push(HighlightKind::Keyword, *keyword);
                }
            }
            Order::Move {
                unit,
                arrow,
                dest,
                via_convoy,
                retreat_keyword,
            } => {
                if let Some(retreat) = retreat_keyword.filter(|r| r.start != arrow.start) {
                    self.push(HighlightKind::Keyword, retreat);
                }
                self.unit(unit);
                self.arrow(*arrow);
                self.loc(dest);
                if let Some(via) = via_convoy {
                    self.push(HighlightKind::Keyword, *via);
                }
            }
            Order::SupportHold {
                unit,
                keyword,
                target,
            } => {
                self.unit(unit);
                self.push(HighlightKind::Keyword, *keyword);
                self.unit(target);
            }
            Order::SupportMove {
                unit,
                keyword,
                target,
                arrow,
                dest,
            }
            | Order::Convoy {
                unit,
                keyword,
                army: target,
                arrow,
                dest,
            } => {
                self.unit(unit);
                self.push(HighlightKind::Keyword, *keyword);
                self.unit(target);
                self.arrow(*arrow);
                self.loc(dest);
            }
            Order::Disband { unit, keyword }
            | Order::Build { unit, keyword }
            | Order::Remove { unit, keyword } => {
                self.push(HighlightKind::Keyword, *keyword);
                self.unit(unit);
            }
            Order::Waive { keyword } => self.push(HighlightKind::Keyword, *keyword),
            Order::Incomplete(incomplete) => self.incomplete(incomplete),
        }
    }

    fn incomplete(&mut self, order: &IncompleteOrder) {
        if let Some(op) = order.op {
            self.arrow(op.span);
        }
        for unit in [&order.unit, &order.target].into_iter().flatten() {
            self.unit(unit);
        }
        for loc in [&order.dest, &order.partial_loc].into_iter().flatten() {
            self.loc(loc);
        }
        if let Some(kind) = order.dangling_kind {
            self.push(HighlightKind::UnitType, kind.span);
        }
    }

    fn unit(&mut self, unit: &UnitRef) {
        if let Some(kind) = unit.kind {
            self.push(HighlightKind::UnitType, kind.span);
        }
        self.loc(&unit.loc);
    }

    fn loc(&mut self, loc: &LocRef) {
        self.push(HighlightKind::Province, loc.province.span);
        if let Some(coast) = &loc.coast {
            self.push(HighlightKind::Coast, coast.span);
        }
        if let Some(season) = loc.season {
            self.push(HighlightKind::Season, season.span);
        }
    }

    fn directive(&mut self, directive: &Directive) {
        self.push(
            HighlightKind::Directive,
            directive.at.cover(directive.name.span),
        );
        if let Some(sub) = &directive.sub {
            self.push(HighlightKind::Directive, sub.span);
        }
        match &directive.kind {
            DirectiveKind::Rules(name)
            | DirectiveKind::Start(name)
            | DirectiveKind::Phase(name) => {
                self.push(HighlightKind::Value, name.span);
            }
            DirectiveKind::Turn(number) => self.push(HighlightKind::Number, number.span),
            DirectiveKind::Unit { power, unit }
            | DirectiveKind::ExpectUnit { power, unit }
            | DirectiveKind::ExpectDislodged { power, unit } => {
                self.push(HighlightKind::Power, power.span);
                self.unit(unit);
            }
            DirectiveKind::Owns { power, provinces } => {
                self.push(HighlightKind::Power, power.span);
                for province in provinces {
                    self.push(HighlightKind::Province, province.span);
                }
            }
            DirectiveKind::ExpectEmpty(season) => self.push(HighlightKind::Season, season.span),
            DirectiveKind::ExpectSeasons(seasons) | DirectiveKind::ExpectHeads(seasons) => {
                for season in seasons {
                    self.push(HighlightKind::Season, season.span);
                }
            }
            DirectiveKind::ExpectTimelines(numbers) => {
                for number in numbers {
                    self.push(HighlightKind::Number, number.span);
                }
            }
            DirectiveKind::ExpectOwner {
                province,
                power,
                season,
            } => {
                self.push(HighlightKind::Province, province.span);
                self.push(HighlightKind::Power, power.span);
                if let Some(season) = season {
                    self.push(HighlightKind::Season, season.span);
                }
            }
            DirectiveKind::ExpectWinner(power) => self.push(HighlightKind::Power, power.span),
            DirectiveKind::ExpectDiagnostic { code, .. } => {
                self.push(HighlightKind::Value, code.span);
            }
            DirectiveKind::Unknown => {}
        }
    }
}
