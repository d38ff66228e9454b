//! The completion item and what it completes, and what the client supports.

use mdip_syntax::Span;

/// What the client supports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CompletionConfig {
    /// Whole-order snippets with placeholders (`$1`, `${1|a,b|}`) may be offered.
    pub snippets: bool,
}

/// What an item completes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CompletionKind {
    /// A power name.
    Power,
    /// A unit (`A Munich`).
    Unit,
    /// An order keyword.
    Keyword,
    /// A province or location (a destination).
    Province,
    /// A season.
    Season,
    /// A directive or one of its words.
    Directive,
    /// A whole order with placeholders.
    Snippet,
}

/// One completion item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompletionItem {
    /// What the list shows.
    pub label: String,
    /// What it completes.
    pub kind: CompletionKind,
    /// A short description.
    pub detail: Option<String>,
    /// The text inserted (a snippet when `snippet` is set).
    pub insert: String,
    /// Whether `insert` is a snippet.
    pub snippet: bool,
    /// The range the insertion replaces: the word typed so far.
    pub replace: Span,
    /// Orders the list: items with smaller keys first.
    pub sort: String,
}
