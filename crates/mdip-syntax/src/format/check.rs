//! The safety check of the formatter: the formatted text must mean what the original meant.
//!
//! The meaning of a line is what the syntax walk ([`crate::walk_line`]) finds in it, spans,
//! keywords and spacing left out: the kind of line, of order and of directive, the names
//! exactly as written, coasts (spelled by the caller's [`CanonicalCoast`]), seasons, numbers,
//! outcomes and the structure (which unit, which location). The printer keeps names as
//! written, so no map is needed to compare them. Being built on the walk, the check knows no
//! kind of order or directive by name: a new kind is checked as soon as the walk visits it.

use std::mem::discriminant;

use crate::ast::{DirectiveKind, Line, LineKind, Order};
use crate::parser::Parse;
use crate::walk::{walk_line, Node, Role, Step};

use super::{apply, CanonicalCoast, FormatError, Options, TextEdit};

/// The meaning of a line; `None` for lines that have none to keep (unreadable lines,
/// incomplete orders, unknown directives), which must stay byte for byte.
fn meaning(line: &Line, coast: CanonicalCoast<'_>) -> Option<String> {
    let mut out = match line.kind {
        LineKind::Error => return None,
        LineKind::Blank => return Some(String::new()),
        LineKind::Comment => "#".to_owned(),
        LineKind::Header(_) | LineKind::Order(_) | LineKind::Directive(_) => String::new(),
    };
    let mut readable = true;
    // `@expect error` codes compare in upper case, other directive values in lower case.
    let mut upper_values = false;
    walk_line(line, &mut |role, _, node| {
        let part = match (role, node) {
            (Role::Header, _) => "header".to_owned(),
            (Role::OrderLine, Node::OrderLine(o)) => {
                let (via, retreat) = match &o.order {
                    Order::Move {
                        via_convoy,
                        retreat_keyword,
                        ..
                    } => (via_convoy.is_some(), retreat_keyword.is_some()),
                    _ => (false, false),
                };
                format!("order {:?} via={via} r={retreat}", discriminant(&o.order))
            }
            (Role::Directive, Node::Directive(d)) => {
                readable &= !matches!(d.kind, DirectiveKind::Unknown);
                upper_values = matches!(d.kind, DirectiveKind::ExpectDiagnostic { .. });
                format!("@{:?}", discriminant(&d.kind))
            }
            (Role::Missing, _) => {
                readable = false;
                return Step::Skip;
            }
            (Role::Power | Role::Province, Node::Name(n)) => format!("{role:?} {}", n.text),
            (Role::Value, Node::Name(n)) if upper_values => format!("v {}", n.text.to_uppercase()),
            (Role::Value | Role::Severity, Node::Name(n)) => format!("v {}", n.text.to_lowercase()),
            (Role::Unit(_) | Role::Loc(_), _) => format!("{role:?}"),
            (Role::UnitKind, Node::UnitKind(k)) => format!("{:?}", k.kind),
            (Role::Coast, Node::Coast(c)) => match coast(&c.text) {
                Some(c) => format!("({c})"),
                None => format!("(?{})", c.text.to_lowercase()),
            },
            (Role::Season, Node::Season(s)) => format!("{:?}:{:?}", s.turn, s.timeline),
            (Role::Season, Node::SeasonWords(w)) => {
                format!("{:?} {:?} {:?}", w.season, w.year, w.phase)
            }
            (Role::Number, Node::Number(n)) => format!("{:?}", n.value),
            (Role::Outcome, Node::Outcome(o)) => format!("=> {:?}", o.outcome),
            _ => return Step::Into,
        };
        out.push_str(&part);
        out.push('|');
        Step::Into
    });
    readable.then_some(out)
}

/// The meanings of the lines and their comments, blank lines left out.
fn meanings(text: &str, parse: &Parse, coast: CanonicalCoast<'_>) -> Vec<String> {
    parse
        .file
        .lines
        .iter()
        .filter(|l| !matches!(l.kind, LineKind::Blank))
        .map(|l| {
            let comment = l.comment.map_or("", |c| text[c.range()].trim_end());
            format!(
                "{} {comment}",
                meaning(l, coast).unwrap_or_else(|| {
                    // Unreadable lines must stay byte for byte.
                    text[l.span.range()].trim_end().to_owned()
                })
            )
        })
        .collect()
}

/// Checks that `edits` keep the meaning of every line of `text` (parsed as `parse`) and the
/// number of syntax errors.
pub(super) fn verify(
    text: &str,
    parse: &Parse,
    edits: &[TextEdit],
    options: &Options<'_>,
) -> Result<(), FormatError> {
    if edits.is_empty() {
        return Ok(());
    }
    let coast = options.coast;
    let new = apply(text, edits);
    let reparsed = (options.reread)(&new);
    let before = meanings(text, parse, coast);
    let after = meanings(&new, &reparsed, coast);
    if before == after && parse.errors.len() == reparsed.errors.len() {
        return Ok(());
    }
    let line = before
        .iter()
        .zip(&after)
        .position(|(a, b)| a != b)
        .unwrap_or(before.len().min(after.len()));
    Err(FormatError::MeaningChanged { line })
}

/// Whether the canonical text of a line reads as the line did.
pub(super) fn same_meaning(line: &Line, canonical: &str, options: &Options<'_>) -> bool {
    let coast = options.coast;
    let parse = (options.reread)(canonical);
    if !parse.errors.is_empty() || parse.file.lines.len() != 1 {
        return false;
    }
    let before = meaning(line, coast);
    before.is_some() && before == meaning(&parse.file.lines[0], coast)
}
