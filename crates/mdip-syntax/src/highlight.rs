//! Semantic classification of the text, for syntax highlighting in editors.
//!
//! [`highlight`] returns non-overlapping, sorted spans, each with a [`HighlightKind`] decided
//! from the syntax tree (a word is a power or a province by its position, not by a dictionary),
//! by [`crate::walk()`], completed with the lexical tokens the tree does not cover: comments, punctuation, stray
//! numbers and invalid characters. Plain words of unreadable lines get no class.

use crate::lexer::{TokenKind, Tokens};
use crate::parser::{parse, Parse};
use crate::span::Span;
use crate::walk::{walk, Node, Role, Step};

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
    walk(&parse.file, &mut |role, span, node| {
        tree.extend(classify(text, role, span, node));
        Step::Into
    });
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

/// The class of a node of the tree, if it has one of its own; `text` is the whole text.
fn classify(text: &str, role: Role, span: Span, node: Node<'_>) -> Option<Highlight> {
    let (kind, span) = match (role, node) {
        (Role::Power, _) => (HighlightKind::Power, span),
        (Role::Province, _) => (HighlightKind::Province, span),
        (Role::Season, _) => (HighlightKind::Season, span),
        (Role::Coast, _) => (HighlightKind::Coast, span),
        (Role::UnitKind, _) => (HighlightKind::UnitType, span),
        (Role::Keyword | Role::RetreatKeyword, _) => (HighlightKind::Keyword, span),
        (Role::Arrow, _) => (arrow_kind(text, span), span),
        (Role::OutcomeArrow, _) => (HighlightKind::Operator, span),
        (Role::OutcomeWord, _) => (HighlightKind::Outcome, span),
        // The `@` and the name as one span.
        (Role::Directive, Node::Directive(d)) => {
            (HighlightKind::Directive, d.at.cover(d.name.span))
        }
        (Role::DirectiveSub, _) => (HighlightKind::Directive, span),
        (Role::Value, _) => (HighlightKind::Value, span),
        (Role::Number, _) => (HighlightKind::Number, span),
        _ => return None,
    };
    Some(Highlight { kind, span })
}

/// The class of an arrow: `-` and `->` are operators, `to` and `R` keywords.
fn arrow_kind(text: &str, span: Span) -> HighlightKind {
    if text.get(span.range()).unwrap_or("").starts_with('-') {
        HighlightKind::Operator
    } else {
        HighlightKind::Keyword
    }
}
