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
//! let text = "England:\nF North Sea - Picardy => illegal\n";
//! let analysis = mdip_analysis::analyze(text);
//! assert!(!analysis.has_errors());
//! let report = mdip_analysis::FileReport::new("example.mdip", text, &analysis);
//! let outcome = &report.orders[0].outcome;
//! assert_eq!(outcome.status, mdip_analysis::report::StatusName::Illegal);
//! assert_eq!(outcome.sentence, "the destination is not adjacent");
//! ```

pub mod config;
pub mod diagnostics;
mod expect;
pub mod explain;
pub mod export;
pub mod ide;
pub mod import;
pub mod maps;
mod model;
pub(crate) mod names;
mod reason;
pub mod report;
mod run;

pub use diagnostics::{Code, Diagnostic, Edit, Fix, Related, Severity};
pub use maps::{BuiltinMaps, MapSource};
/// Characters a terminal must not receive raw, escaped and named (`mdip-syntax`).
pub use mdip_syntax::chars;
/// The notation as typed values and its one printer (`mdip-syntax`): what writers of `.mdip`
/// text build (the importers, the text report).
pub use mdip_syntax::notation;
pub use model::{Analysis, ExpectationCount};
/// The orders and steps as the run keeps them (with the judge's types): for the workspace's
/// tests, benches and fuzz targets only; callers read the report ([`FileReport`]).
#[cfg(feature = "internals")]
pub use model::{
    Cause, GameInfo, LineContext, MetInfo, OrderInfo, OrderKind, OrderStrengths, ReasonCode,
    RelatedOrder, Status, StepBoard, StepInfo, StepUnit, StrengthInfo, Target, TargetUnit, Turn,
    UnitInfo,
};
// The same names for the crate itself, without the feature.
#[cfg(not(feature = "internals"))]
#[allow(unused_imports)]
pub(crate) use model::{
    Cause, GameInfo, LineContext, MetInfo, OrderInfo, OrderKind, OrderStrengths, ReasonCode,
    RelatedOrder, Status, StepBoard, StepInfo, StepUnit, StrengthInfo, Target, TargetUnit, Turn,
    UnitInfo,
};
pub use report::FileReport;

/// Analyses a whole file: parses it, runs every step and checks its expectations.
///
/// Never panics on any input; every problem is a diagnostic.
pub fn analyze(text: &str) -> Analysis {
    analyze_with_rules(text, mdip_judge::world::Rules::default())
}

/// [`analyze`] with games played under `rules` until an `@rules` line says otherwise (the
/// configuration's `rules`).
pub(crate) fn analyze_with_rules(text: &str, rules: mdip_judge::world::Rules) -> Analysis {
    analyze_with(text, rules, &BuiltinMaps)
}

/// [`analyze`] with the variant folders an `@map "path"` names read through `maps` (the
/// host's reading; [`BuiltinMaps`] reads none). The map is chosen first ([`maps`]), then the
/// file is read on it.
pub fn analyze_with_maps(text: &str, maps: &dyn MapSource) -> Analysis {
    analyze_with(text, mdip_judge::world::Rules::default(), maps)
}

/// [`analyze_with_rules`] with the variant folders an `@map "path"` names read through `maps`
/// (the host's reading; [`BuiltinMaps`] reads none). The map is chosen first
/// ([`maps`]), then the file is read on it.
pub(crate) fn analyze_with(
    text: &str,
    rules: mdip_judge::world::Rules,
    maps: &dyn MapSource,
) -> Analysis {
    let mut parse = mdip_syntax::parse(text);
    let choice = maps::choose(&parse, maps);
    names::read_shorthand(choice.map, text, &mut parse, 0);
    run::State::new(choice, rules).run(text, parse, 0, Vec::new())
}

/// [`analyze`] under the rules `lint` names, if any (a configuration's `rules`).
pub fn analyze_for(text: &str, lint: &config::Lint) -> Analysis {
    analyze_for_with(text, lint, &BuiltinMaps)
}

/// [`analyze_for`] with variant folders read through `maps` (see [`analyze_with_maps`]).
pub fn analyze_for_with(text: &str, lint: &config::Lint, maps: &dyn MapSource) -> Analysis {
    analyze_with(text, lint.rules().unwrap_or_default(), maps)
}

/// Parses `text` and decides what the map must decide about its notation: which hyphens of
/// players' shorthand are arrows ([`names::read_shorthand`]).
pub(crate) fn read(map: &mdip_map::Map, text: &str) -> mdip_syntax::Parse {
    let mut parse = mdip_syntax::parse(text);
    names::read_shorthand(map, text, &mut parse, 0);
    parse
}

/// [`read`] for an edit of the text `previous` was read from, whose lines before
/// `first_changed_line` are unchanged: those lines are kept as `previous` read them (the map's
/// reading of shorthand included, when the map chosen is `previous`'s), the rest is read again
/// ([`mdip_syntax::parse_after`]). Returns the parse and the map's choice.
fn read_after(
    previous: &Analysis,
    text: &str,
    first_changed_line: usize,
    maps: &dyn MapSource,
) -> (mdip_syntax::Parse, maps::Choice) {
    let mut parse = mdip_syntax::parse_after(text, &previous.parse, first_changed_line);
    let choice = maps::choose(&parse, maps);
    if !std::ptr::eq(choice.map, previous.world.map()) {
        names::read_shorthand(choice.map, text, &mut parse, 0);
        return (parse, choice);
    }
    let previous = &previous.parse;
    // The lines taken from `previous`: as many as precede the first line read again.
    let kept = parse
        .file
        .lines
        .iter()
        .zip(&previous.file.lines)
        .take(first_changed_line)
        .take_while(|(new, old)| new.span == old.span && new.kind == old.kind)
        .count();
    names::read_shorthand(choice.map, text, &mut parse, kept);
    (parse, choice)
}

/// Analyses a file again after an edit whose first changed line is `first_changed_line`
/// (zero-based, in both texts): the steps before that line are not run again, the analysis
/// resumes from the last checkpoint of `previous` before it. The result is the same as
/// [`analyze`]`(text)`; a test checks it on random edits.
pub fn analyze_incremental(text: &str, previous: &Analysis, first_changed_line: usize) -> Analysis {
    analyze_incremental_with(text, previous, first_changed_line, &BuiltinMaps)
}

/// [`analyze_incremental`] with variant folders read through `maps` (see [`analyze_with_maps`]).
pub fn analyze_incremental_with(
    text: &str,
    previous: &Analysis,
    first_changed_line: usize,
    maps: &dyn MapSource,
) -> Analysis {
    let (parse, choice) = read_after(previous, text, first_changed_line, maps);
    let multiversal = parse.file.lines.iter().any(run::line_names_season);
    // A checkpoint is only good if every line it has seen is unchanged, if the file's
    // notation (seasons or not, which changes how units are named) is the same, and if the
    // file is on the same map.
    let usable =
        previous.multiversal == multiversal && std::ptr::eq(choice.map, previous.world.map());
    let mut kept: Vec<run::Checkpoint> = previous
        .resumable
        .checkpoints
        .0
        .iter()
        .filter(|c| usable && c.line <= first_changed_line)
        .cloned()
        .collect();
    match kept.pop() {
        Some(start) => {
            let from = start.line;
            let mut state = start.restore(previous);
            state.map_diags = choice.diags;
            kept.push(start);
            state.run(text, parse, from, kept)
        }
        None => run::State::new(choice, previous.resumable.default_rules).run(
            text,
            parse,
            0,
            Vec::new(),
        ),
    }
}
