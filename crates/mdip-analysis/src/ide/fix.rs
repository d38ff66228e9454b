//! Fix all: the quick fixes of a file's diagnostics applied together, as `mdip check --fix` and
//! the editor's `source.fixAll.mdip` action do.
//!
//! Only safe fixes ([`crate::Fix::safe`]) unless asked for the others; only the fix of a
//! diagnostic that has exactly one; never an edit on a line with a syntax error (a line the
//! parser could not read is not rewritten by guesswork). Fixes whose edits overlap wait for
//! the next pass: the text is analysed again after each pass, until no fix applies (at most
//! [`MAX_PASSES`]), so running it again on its result changes nothing.

use mdip_syntax::{LineIndex, Span};

use crate::config::Lint;
use crate::diagnostics::{Code, Edit};
use crate::Analysis;

/// The most passes made; each analyses the text again.
pub const MAX_PASSES: usize = 8;

/// What fixing a file did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixAll {
    /// The fixed text (the input when nothing applied).
    pub text: String,
    /// The fixes applied, in order.
    pub applied: Vec<FixNote>,
    /// The fixes offered and not applied, and why (of the fixed text).
    pub left: Vec<FixNote>,
}

impl FixAll {
    /// The title of the action that applies it, as editors show it.
    pub fn title(&self) -> String {
        format!(
            "Fix all auto-fixable problems (mdip: {} fix{})",
            self.applied.len(),
            if self.applied.len() == 1 { "" } else { "es" }
        )
    }
}

/// A fix applied or left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixNote {
    /// The code of the diagnostic it fixes.
    pub code: Code,
    /// What it does: "Replace with `North Sea`".
    pub title: String,
    /// The zero-based line of the diagnostic, in the text as it was when the fix was made
    /// (applied) or in the fixed text (left).
    pub line: usize,
    /// Why it was left (`None` for an applied fix).
    pub left: Option<Left>,
}

/// Why a fix was not applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Left {
    /// It is a guess: only with `--unsafe-fixes`.
    Unsafe,
    /// Its diagnostic has several fixes: which is meant is the writer's choice.
    Several,
    /// It edits a line with a syntax error.
    Unreadable,
    /// Its edits overlap another fix's after the last pass.
    Overlap,
}

impl Left {
    /// Why, in words.
    pub fn reason(self) -> &'static str {
        match self {
            Left::Unsafe => "not safe to apply unseen; --unsafe-fixes applies it",
            Left::Several => "several fixes are offered: choose one in an editor",
            Left::Unreadable => "it would edit a line with a syntax error",
            Left::Overlap => "it overlaps another fix",
        }
    }
}

/// Applies the fixes of `text`'s diagnostics as `lint` reports them (see the module).
pub fn fix_all(text: &str, lint: &Lint, unsafe_fixes: bool) -> FixAll {
    fix_all_analysed(text, &crate::analyze_for(text, lint), lint, unsafe_fixes)
}

/// [`fix_all`] with the analysis of `text` already made (under `lint`'s rules,
/// [`crate::analyze_for`]).
pub fn fix_all_analysed(
    text: &str,
    analysis: &Analysis,
    lint: &Lint,
    unsafe_fixes: bool,
) -> FixAll {
    let mut current = text.to_owned();
    let mut applied = Vec::new();
    let mut owned: Option<Analysis> = None;
    for _ in 0..MAX_PASSES {
        let pass = one_pass(
            &current,
            owned.as_ref().unwrap_or(analysis),
            lint,
            unsafe_fixes,
        );
        if pass.edits.is_empty() {
            break;
        }
        applied.extend(pass.applied);
        current = apply(&current, pass.edits);
        owned = Some(crate::analyze_for(&current, lint));
    }
    // What the fixed text still offers; a fix that would still apply was held back by an
    // overlap on the last pass allowed.
    let last = one_pass(
        &current,
        owned.as_ref().unwrap_or(analysis),
        lint,
        unsafe_fixes,
    );
    let mut left = last.left;
    left.extend(last.applied);
    for n in &mut left {
        n.left.get_or_insert(Left::Overlap);
    }
    left.sort_by_key(|n| n.line);
    FixAll {
        text: current,
        applied,
        left,
    }
}

/// The fixes one pass applies, and those it leaves.
struct Pass {
    edits: Vec<Edit>,
    applied: Vec<FixNote>,
    left: Vec<FixNote>,
}

fn one_pass(text: &str, analysis: &Analysis, lint: &Lint, unsafe_fixes: bool) -> Pass {
    let index = LineIndex::new(text);
    let line = |offset: u32| index.line_col(offset).line as usize;
    let mut unreadable: Vec<usize> = analysis
        .diagnostics
        .iter()
        .filter(|d| matches!(d.code, Code::Syntax(_)))
        .flat_map(|d| line(d.span.start)..=line(d.span.end))
        .collect();
    unreadable.sort_unstable();
    unreadable.dedup();
    let mut pass = Pass {
        edits: Vec::new(),
        applied: Vec::new(),
        left: Vec::new(),
    };
    let mut taken: Vec<Span> = Vec::new();
    for d in lint.apply(text, &analysis.diagnostics) {
        let fixes = super::actions::fixes_of(analysis, &d);
        let note = |title: &str, left: Option<Left>| FixNote {
            code: d.code,
            title: title.to_owned(),
            line: line(d.span.start),
            left,
        };
        let fix = match fixes.as_slice() {
            [] => continue,
            [one] => one,
            several => {
                for f in several {
                    pass.left.push(note(&f.title, Some(Left::Several)));
                }
                continue;
            }
        };
        if !fix.safe && !unsafe_fixes {
            pass.left.push(note(&fix.title, Some(Left::Unsafe)));
            continue;
        }
        let touches_unreadable = fix.edits.iter().any(|e| {
            (line(e.span.start)..=line(e.span.end)).any(|l| unreadable.binary_search(&l).is_ok())
        });
        if touches_unreadable {
            pass.left.push(note(&fix.title, Some(Left::Unreadable)));
            continue;
        }
        let overlaps = fix.edits.iter().any(|e| {
            taken
                .iter()
                .any(|t| e.span.start <= t.end && t.start <= e.span.end)
        });
        if overlaps {
            // Tried again on the next pass.
            pass.left.push(note(&fix.title, None));
            continue;
        }
        taken.extend(fix.edits.iter().map(|e| e.span));
        pass.edits.extend(fix.edits.iter().cloned());
        pass.applied.push(note(&fix.title, None));
    }
    pass
}

/// `text` with non-overlapping `edits` applied.
fn apply(text: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by_key(|e| (e.span.start, e.span.end));
    let mut out = String::with_capacity(text.len());
    let mut at = 0usize;
    for e in edits {
        let (s, end) = (e.span.start as usize, e.span.end as usize);
        if s < at || end > text.len() || !text.is_char_boundary(s) || !text.is_char_boundary(end) {
            continue;
        }
        out.push_str(&text[at..s]);
        out.push_str(&e.text);
        at = end;
    }
    out.push_str(&text[at..]);
    out
}

/// The one edit that turns `before` into `after`: what lies between their common start and
/// common end (for an editor, which keeps the cursor outside it). `None` when they are equal.
pub fn minimal_edit(before: &str, after: &str) -> Option<Edit> {
    if before == after {
        return None;
    }
    let mut start = before
        .bytes()
        .zip(after.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    while !before.is_char_boundary(start) || !after.is_char_boundary(start) {
        start -= 1;
    }
    let max_end = before.len().min(after.len()) - start;
    let mut end = before
        .bytes()
        .rev()
        .zip(after.bytes().rev())
        .take(max_end)
        .take_while(|(a, b)| a == b)
        .count();
    while !before.is_char_boundary(before.len() - end) || !after.is_char_boundary(after.len() - end)
    {
        end -= 1;
    }
    Some(Edit {
        span: Span::new(
            u32::try_from(start).unwrap_or(u32::MAX),
            u32::try_from(before.len() - end).unwrap_or(u32::MAX),
        ),
        text: after[start..after.len() - end].to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn safe_fixes_apply_and_a_second_run_changes_nothing() {
        let text = "England:\nF Lodnon - North Sae\nA Liverpool - Yorkshire(nc)\nFrance:\nF Brest - Picardy\n";
        let once = fix_all(text, &Lint::default(), false);
        assert_eq!(
            once.text,
            "England:\nF London - North Sea\nA Liverpool - Yorkshire\nFrance:\nF Brest - Picardy\n"
        );
        assert_eq!(once.applied.len(), 3, "{:?}", once.applied);
        let twice = fix_all(&once.text, &Lint::default(), false);
        assert_eq!(twice.text, once.text);
        assert!(twice.applied.is_empty());
    }

    #[test]
    fn unsafe_fixes_and_unreadable_lines_are_left() {
        // An army at sea: changing the unit type is a guess.
        let text = "England:\nA North Sea Hold\nF Lodnon - \n";
        let out = fix_all(text, &Lint::default(), false);
        assert_eq!(out.text, text);
        let reasons: Vec<_> = out.left.iter().map(|n| (n.code.as_str(), n.left)).collect();
        assert!(
            reasons.contains(&("E0306", Some(Left::Unsafe))),
            "{reasons:?}"
        );
        let out = fix_all(text, &Lint::default(), true);
        // With unsafe fixes the army becomes a fleet; the unreadable line is still left.
        assert_eq!(out.text, "England:\nF North Sea Hold\nF Lodnon - \n");
    }

    #[test]
    fn the_minimal_edit_spans_only_the_difference() {
        let e = minimal_edit("abcXYdef", "abcZdef").unwrap();
        assert_eq!((e.span, e.text.as_str()), (Span::new(3, 5), "Z"));
        assert_eq!(minimal_edit("same", "same"), None);
        let e = minimal_edit("aé", "aè").unwrap();
        assert_eq!(apply("aé", vec![e]), "aè");
    }
}
