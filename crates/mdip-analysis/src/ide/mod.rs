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

use mdip_syntax::Highlight;

use crate::Analysis;

/// The classified spans of the text, for semantic highlighting (sorted, non-overlapping).
pub fn highlights(analysis: &Analysis, text: &str) -> Vec<Highlight> {
    mdip_syntax::highlight_parse(text, &analysis.parse)
}

pub(crate) use crate::run::describe::{location as loc_text, unit_text};

#[cfg(test)]
mod tests;
