//! IDE queries over an [`Analysis`]: hover, completion, inlay hints, code actions, document
//! symbols, folding, semantic highlighting, formatting, go to definition and references, and
//! which season's picture a line asks for.
//!
//! Plain data in, plain data out: every query takes the analysis and the text it was made of,
//! and byte offsets into that text; every answer holds byte [`Span`](mdip_syntax::Span)s and
//! strings. Nothing here knows the language server protocol or position encodings; the server
//! converts (`mdip-lsp`).
//!
//! Board questions ("which units stand in 1:0?", "where can this army go?") are answered from
//! the game as the step of the cursor's line found it (`Analysis::world_at_line`, run again
//! from the nearest checkpoint), never from a later state: a line of Spring 1901 knows no
//! Fall 1901 season, a block of 2:0 no fork its own step creates. Go to definition follows a
//! unit's history in `Analysis::world`, the game at the end of the file.
//!
//! Each query has its own module; `cursor` finds what the cursor is on, for all of them.

mod actions;
mod completion;
pub(crate) mod cursor;
mod fix;
mod format;
mod hover;
mod inlay;
mod navigation;
mod outline;
mod picture;

pub use actions::{code_actions, code_actions_of, Action};
pub use completion::{completions, CompletionConfig, CompletionItem, CompletionKind};
pub use fix::{fix_all, fix_all_analysed, minimal_edit, FixAll, FixNote, Left, MAX_PASSES};
pub use format::{format, format_analysed, formatted, FormatError};
pub use hover::{hover, Hover};
pub use inlay::{inlay_hints, InlayHint, InlayKind};
pub use navigation::{definition, references, Navigation, Reference, ReferenceKind};
pub use outline::{document_symbols, folding_ranges, Fold, FoldKind, Symbol, SymbolKind};
pub use picture::season_at_line;

use mdip_syntax::Highlight;

use crate::Analysis;

/// The classified spans of the text, for semantic highlighting (sorted, non-overlapping).
pub fn highlights(analysis: &Analysis, text: &str) -> Vec<Highlight> {
    mdip_syntax::highlight_parse(text, &analysis.parse)
}

pub(crate) use crate::run::describe::{location as loc_text, unit_text};

#[cfg(test)]
mod tests;
