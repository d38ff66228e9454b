//! Whole-order snippets with placeholders, for clients that take them.

use mdip_judge::world::SeasonKey;
use mdip_map::{Location, UnitType};

use super::context::{Ctx, Resolved};
use super::item::{CompletionItem, CompletionKind};

impl Ctx<'_> {
    /// A move with a choice of the reachable destinations, and a support, for the unit `u`
    /// written `label` (of season `s` when written).
    pub(super) fn move_and_support_snippets(
        &mut self,
        label: &str,
        s: Option<SeasonKey>,
        u: (UnitType, Location),
    ) {
        let season = s.or(self.season);
        let from = Resolved {
            kind: Some(u.0),
            loc: u.1,
            season,
        };
        let dests: Vec<String> = self
            .reachable(from)
            .into_iter()
            .map(|(l, t)| self.dest_text(l, t, season))
            .collect();
        if !dests.is_empty() {
            let choices: Vec<String> = dests.iter().map(|d| escape_choice(d)).collect();
            self.items.push(CompletionItem {
                label: format!("{label} - …"),
                kind: CompletionKind::Snippet,
                detail: Some("move".into()),
                insert: format!(
                    "{} - ${{1|{}|}}$0",
                    label.replace('$', "\\$"),
                    choices.join(",")
                ),
                snippet: true,
                replace: self.replace,
                sort: format!("02{label}"),
            });
        }
        self.items.push(CompletionItem {
            label: format!("{label} Supports …"),
            kind: CompletionKind::Snippet,
            detail: Some("support".into()),
            insert: format!("{} Supports ${{1:unit}}$0", label.replace('$', "\\$")),
            snippet: true,
            replace: self.replace,
            sort: format!("03{label}"),
        });
    }
}

/// Escapes text for a snippet choice.
fn escape_choice(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '$' | '}' | '\\' | ',' | '|') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}
