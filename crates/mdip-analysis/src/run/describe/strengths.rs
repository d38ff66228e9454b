//! The numbers behind a movement order's outcome in words, for hover: the strengths the judge
//! counted (DATC 5.B) with the units behind each, and, for a failed move or a dislodged unit,
//! the smallest change that would have turned it, offered as a hint (never as an edit).

use std::fmt::Write;

use mdip_judge::Opposition;

use crate::model::{OrderInfo, StepUnit, StrengthInfo, Turn};
use crate::run::describe;
use crate::{Analysis, OrderKind};

/// Writes the strengths section of the hover of order `o` (nothing for orders without them).
pub(crate) fn write_why(analysis: &Analysis, o: &OrderInfo, out: &mut String) {
    let Some(s) = &o.cause.strengths else {
        return;
    };
    let map = analysis.world.map();
    let multiversal = analysis.multiversal || analysis.world.timelines().len() > 1;
    let name = |u: &StepUnit| describe::unit(map, u.kind, u.loc, u.season, multiversal);
    let _ = writeln!(out);
    if matches!(o.kind, OrderKind::Move) {
        let _ = writeln!(
            out,
            "Attack strength **{}**{}",
            s.own.value,
            behind(&s.own, &name)
        );
        for m in &s.met {
            let what = match m.kind {
                Opposition::Hold => "hold",
                Opposition::Defend => "defend",
                Opposition::Prevent => "prevent",
            };
            let _ = writeln!(
                out,
                "- met the {what} strength **{}** of {}{}",
                m.strength.value,
                name(&m.unit),
                behind(&m.strength, &name)
            );
        }
    } else {
        let _ = writeln!(
            out,
            "Hold strength **{}**{}",
            s.own.value,
            behind(&s.own, &name)
        );
    }
    if o.cause.turn.is_empty() {
        return;
    }
    let (mut supports, mut cuts): (Vec<String>, Vec<String>) = (Vec::new(), Vec::new());
    for t in &o.cause.turn {
        match t {
            Turn::Support(u) => supports.push(name(u)),
            Turn::Cut(u) => cuts.push(name(u)),
        }
    }
    let (support, result) = if matches!(o.kind, OrderKind::Move) {
        ("one more support", "carried the move")
    } else {
        ("one more support to hold", "kept the unit in place")
    };
    if !supports.is_empty() {
        let can = if supports.len() == 1 {
            "can"
        } else {
            "could each"
        };
        let _ = writeln!(
            out,
            "\nHint: {support} would have {result}: {} {can} give it.",
            or_list(&supports)
        );
    }
    if !cuts.is_empty() {
        let _ = writeln!(
            out,
            "\nHint: cutting the support of {} would have {result}.",
            or_list(&cuts)
        );
    }
}

/// `" (A Munich alone)"` or `" (supported by A Bohemia and A Tyrolia)"`.
fn behind(s: &StrengthInfo, name: &impl Fn(&StepUnit) -> String) -> String {
    if s.value == 0 || s.supporters.is_empty() {
        return String::new();
    }
    let names: Vec<String> = s.supporters.iter().map(name).collect();
    format!(" (supported by {})", describe::and_list(&names))
}

/// "A Kiel", "A Kiel or A Berlin", "A Kiel, A Berlin or A Ruhr".
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}
