//! Code actions: the quick fixes of the diagnostics under the cursor ("did you mean" names,
//! coasts), and for an order given to a unit in a past season, the same order moved to the
//! unit's timeline's head.

use mdip_syntax::{LineKind, Span};

use crate::diagnostics::{Code, Edit};
use crate::Analysis;

/// A code action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action {
    /// What it does.
    pub title: String,
    /// The edits.
    pub edits: Vec<Edit>,
    /// The diagnostic it fixes, as an index into [`Analysis::diagnostics`] (or into the list
    /// given to [`code_actions_of`]).
    pub diagnostic: Option<usize>,
    /// Whether it is the obvious fix (the only one for its diagnostic).
    pub preferred: bool,
    /// Whether it is safe to apply unseen ([`crate::Fix::safe`]; moving an order to the head
    /// is not: it changes what the order does).
    pub safe: bool,
}

/// The actions for the diagnostics that `range` touches.
pub fn code_actions(analysis: &Analysis, range: Span) -> Vec<Action> {
    code_actions_of(analysis, &analysis.diagnostics, range)
}

/// [`code_actions`] for the diagnostics as they are reported (after the settings,
/// `crate::config::Lint::apply`, which leaves some out and adds others of its own).
pub fn code_actions_of(
    analysis: &Analysis,
    diagnostics: &[crate::Diagnostic],
    range: Span,
) -> Vec<Action> {
    let mut out = Vec::new();
    for (i, d) in diagnostics.iter().enumerate() {
        if d.span.end < range.start || d.span.start > range.end {
            continue;
        }
        let fixes = fixes_of(analysis, d);
        let preferred = fixes.len() == 1;
        for f in fixes {
            out.push(Action {
                title: f.title,
                edits: f.edits,
                diagnostic: Some(i),
                preferred,
                safe: f.safe,
            });
        }
    }
    out
}

/// The fixes offered for a diagnostic: its own, and for an order to a unit in a past season
/// without one, moving the order to the head (not safe).
pub(crate) fn fixes_of(analysis: &Analysis, d: &crate::Diagnostic) -> Vec<crate::Fix> {
    let mut fixes = d.fixes.clone();
    if d.code == Code::PastUnit && fixes.is_empty() {
        fixes.extend(to_head(analysis, d.span).map(|(title, edits)| crate::Fix {
            title,
            edits,
            safe: false,
        }));
    }
    fixes
}

/// Moves the order at `span` (a unit in a past season) to the head of the unit's timeline:
/// rewrites the unit's season, or adds it.
fn to_head(analysis: &Analysis, span: Span) -> Option<(String, Vec<Edit>)> {
    let file = &analysis.parse.file;
    let line_no = file.line_number_at(span.start);
    let LineKind::Order(ol) = &file.lines.get(line_no)?.kind else {
        return None;
    };
    let written = ol.order.unit()?;
    let order = analysis.order_on_line(line_no)?;
    let unit = order.unit?;
    let timeline = unit.season.timeline;
    let head = order
        .step
        .and_then(|s| analysis.steps.get(s))
        .and_then(|s| s.seasons.iter().copied().find(|h| h.timeline == timeline))
        .or_else(|| analysis.world.timeline(timeline).map(|t| t.head))?;
    if head == unit.season {
        return None;
    }
    // Only when the unit stands there in the head.
    let board = analysis.world.season(head)?;
    let stands = board
        .unit_at(unit.loc.province)
        .is_some_and(|b| b.power == order.power);
    if !stands {
        return None;
    }
    let edit = match &written.loc.season {
        Some(lit) => Edit {
            span: lit.span,
            text: head.to_string(),
        },
        None => Edit {
            span: Span::empty(written.loc.span.end),
            text: format!(" {head}"),
        },
    };
    let map = analysis.world.map();
    Some((
        format!(
            "Order {} in its timeline's head, {head}",
            super::unit_text(map, unit.kind, unit.loc, None)
        ),
        vec![edit],
    ))
}
