//! The pure core of mdip: it turns the text of an order file into diagnostics, adjudication
//! results and a world of seasons, and answers the questions an editor asks about them.
//!
//! Data flow: text -> [`mdip_syntax::parse`] (tree + syntax errors) -> lowering against the
//! map and the world (names, coasts, seasons; every order keeps its text range) ->
//! [`mdip_judge::world::World`] steps (pure rules, no text) -> results mapped back to ranges.
//!
//! This crate does no IO and knows nothing of the language server protocol: plain data in,
//! plain data out.
//!
//! ```
//! let analysis = mdip_analysis::analyze("England:\nF North Sea - Picardy => illegal\n");
//! assert!(!analysis.has_errors());
//! assert_eq!(analysis.orders[0].status, mdip_analysis::Status::Illegal);
//! ```

pub mod diagnostics;
mod engine;
mod expect;
pub mod ide;
pub mod model;
pub mod names;

pub use diagnostics::{Code, Diagnostic, Edit, Fix, Related, Severity};
pub use model::{Analysis, LineContext, OrderInfo, OrderKind, Status, StepInfo, UnitInfo};

/// Analyses a whole file: parses it, runs every step and checks its expectations.
///
/// Never panics on any input; every problem is a diagnostic.
pub fn analyze(text: &str) -> Analysis {
    let parse = mdip_syntax::parse(text);
    engine::Engine::new(text).run(parse)
}
