//! IDE queries over an [`Analysis`]: hover, completion, inlay hints, code actions, document
//! symbols, folding, semantic highlighting, formatting and go to definition.
//!
//! Plain data in, plain data out: every query takes the analysis and the text it was made of,
//! and byte offsets into that text; every answer holds byte [`Span`](mdip_syntax::Span)s and
//! strings. Nothing here knows the language server protocol or position encodings; the server
//! converts (`mdip-lsp`).
//!
//! Board questions ("which units stand in 1:0?", "where can this army go?") are answered from
//! [`Analysis::world`], the game at the end of the file, which keeps every season that ever
//! existed with the units that stood in it at the start of its movement phase.
//!
//! Each query has its own module; [`cursor`] finds what the cursor is on, for all of them.

mod actions;
mod completion;
pub mod cursor;
mod format;
mod hover;
mod inlay;
mod navigation;
mod outline;

pub use actions::{code_actions, Action};
pub use completion::{completions, CompletionConfig, CompletionItem, CompletionKind};
pub use format::{format, FormatError};
pub use hover::{hover, Hover};
pub use inlay::{inlay_hints, InlayHint, InlayKind};
pub use navigation::{definition, Navigation};
pub use outline::{document_symbols, folding_ranges, Fold, FoldKind, Symbol, SymbolKind};

use mdip_judge::world::SeasonKey;
use mdip_map::{Location, Map, UnitType};
use mdip_syntax::Highlight;

use crate::Analysis;

/// The classified spans of the text, for semantic highlighting (sorted, non-overlapping).
pub fn highlights(analysis: &Analysis, text: &str) -> Vec<Highlight> {
    mdip_syntax::highlight_parse(text, &analysis.parse)
}

/// A location as the notation writes it: `Munich`, `Spain(nc)`.
pub(crate) fn loc_text(map: &Map, loc: Location) -> String {
    match loc.coast {
        Some(c) => format!("{}({})", map.name(loc.province), c.abbrev()),
        None => map.name(loc.province).to_owned(),
    }
}

/// A unit as the notation writes it: `A Munich`, `F Spain(nc) 1:0` (the season only when
/// given).
pub(crate) fn unit_text(
    map: &Map,
    kind: UnitType,
    loc: Location,
    season: Option<SeasonKey>,
) -> String {
    match season {
        Some(s) => format!("{} {} {s}", kind.letter(), loc_text(map, loc)),
        None => format!("{} {}", kind.letter(), loc_text(map, loc)),
    }
}

#[cfg(test)]
mod tests;
