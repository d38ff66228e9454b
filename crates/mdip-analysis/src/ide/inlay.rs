//! Inlay hints: after each adjudicated order, a preview of its outcome (`succeeds`,
//! `bounced off A Munich 1:0`, `succeeds, forks timeline 1`); after the first header of a season
//! that a step forked, the timeline it forked into; after the last header of each power, its
//! distinct supply centres over the heads at the end of the file against the count a win
//! needs (`France 14/18`, rule 21).

use std::collections::HashSet;

use mdip_syntax::{LineKind, Span};

use super::cursor::season_of;
use crate::{Analysis, Status};

/// What a hint is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InlayKind {
    /// The outcome of an order.
    Outcome,
    /// A fork of a season.
    Fork,
    /// A power's supply centres against the count a win needs (`France 14/18`).
    Victory,
}

/// One inlay hint, shown after `offset`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlayHint {
    /// Where: the end of the order or header.
    pub offset: u32,
    /// The text.
    pub label: String,
    /// More detail, in Markdown.
    pub tooltip: Option<String>,
    /// What it is about.
    pub kind: InlayKind,
}

/// The hints of the lines that `range` touches.
pub fn inlay_hints(analysis: &Analysis, range: Span) -> Vec<InlayHint> {
    let file = &analysis.parse.file;
    let first = file.line_number_at(range.start);
    let last = file.line_number_at(range.end);
    let mut out = Vec::new();
    let start = analysis.orders.partition_point(|o| o.line < first);
    for o in analysis.orders[start..]
        .iter()
        .take_while(|o| o.line <= last)
    {
        let Some(line) = file.lines.get(o.line) else {
            continue;
        };
        let LineKind::Order(ol) = &line.kind else {
            continue;
        };
        if o.status == Status::Pending {
            continue;
        }
        let sentence = analysis.sentence(o);
        let mut label = match o.status {
            Status::Pending => continue,
            Status::Succeeds => "succeeds".to_owned(),
            Status::Fails if sentence.is_empty() => "fails".to_owned(),
            Status::Fails => sentence.clone(),
            Status::Illegal => "illegal".to_owned(),
        };
        // The file already says `=> succeeds` (or `fails`, `illegal`) and it is so: the hint
        // does not repeat the word, only what the file does not say.
        let said = o.expect.is_some_and(|e| {
            o.status.matches(e)
                && e != mdip_syntax::ExpectedOutcome::Any
                && label == o.status.name()
        });
        if said {
            label.clear();
        }
        for f in &o.forks {
            if !label.is_empty() {
                label.push_str(", ");
            }
            label.push_str(&format!("forks timeline {}", f.timeline));
        }
        if label.is_empty() {
            continue;
        }
        let mut tooltip = format!("**{}**", o.status.name());
        if !sentence.is_empty() {
            tooltip.push_str(": ");
            tooltip.push_str(&sentence);
        }
        for f in &o.forks {
            tooltip.push_str(&format!(
                "\n\nCreates timeline {} (first season {f}).",
                f.timeline
            ));
        }
        out.push(InlayHint {
            offset: ol.span.end,
            label,
            tooltip: Some(tooltip),
            kind: InlayKind::Outcome,
        });
    }
    // Forks, on the first header of each forked season.
    let mut seen = HashSet::new();
    for (i, line) in file.lines.iter().enumerate().take(last + 1) {
        let LineKind::Header(h) = &line.kind else {
            continue;
        };
        let Some(s) = h.season.as_ref().and_then(season_of) else {
            continue;
        };
        if !seen.insert(s) || i < first {
            continue;
        }
        let forks: Vec<_> = analysis
            .steps
            .iter()
            .flat_map(|st| st.forks.iter())
            .filter(|f| f.from == s)
            .collect();
        if forks.is_empty() {
            continue;
        }
        let label = forks
            .iter()
            .map(|f| format!("forks timeline {} ({})", f.first.timeline, f.first))
            .collect::<Vec<_>>()
            .join(", ");
        out.push(InlayHint {
            offset: h.span.end,
            label,
            tooltip: Some(format!(
                "A later step changed the past of {s}: the new timeline starts from it."
            )),
            kind: InlayKind::Fork,
        });
    }
    victory_hints(analysis, first, last, &mut out);
    out.sort_by_key(|h| h.offset);
    out
}

/// `France 14/18` after the last header of each power (where the next orders are written),
/// counted at the end of the file as rule 21 counts victory under every rule set.
fn victory_hints(analysis: &Analysis, first: usize, last: usize, out: &mut Vec<InlayHint>) {
    let file = &analysis.parse.file;
    let map = analysis.world.map();
    let (needed, counts) = analysis.world.victory_counts();
    // A position set up from orders alone owns no centre: nothing to count.
    if counts.iter().all(|&(_, n)| n == 0) {
        return;
    }
    let mut seen = HashSet::new();
    for (i, line) in file.lines.iter().enumerate().rev() {
        let LineKind::Header(h) = &line.kind else {
            continue;
        };
        let Some(power) = h.power.as_ref().and_then(|n| map.resolve_power(&n.text)) else {
            continue;
        };
        if !seen.insert(power) || i < first || i > last {
            continue;
        }
        let n = counts
            .iter()
            .find(|(p, _)| *p == power)
            .map_or(0, |&(_, n)| n);
        out.push(InlayHint {
            offset: h.span.end,
            label: format!("{} {n}/{needed}", power.name()),
            tooltip: Some(format!(
                "{} owns {n} distinct supply centre{} over the heads at the end of the file; {needed} win (rule 21).",
                power.name(),
                if n == 1 { "" } else { "s" }
            )),
            kind: InlayKind::Victory,
        });
    }
}
