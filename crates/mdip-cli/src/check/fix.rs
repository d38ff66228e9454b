//! `mdip check --fix`: a file's safe (and with `--unsafe-fixes`, all) fixes applied, written
//! back atomically unless `--diff`, with the lines for standard error.

use crate::settings;
use mdip_analysis::ide;
use mdip_analysis::report::{Problem, SeverityName};

use super::*;

/// What `--fix` made of a file: its text (the same when nothing applied), the lines for
/// standard error, the counts, the diff (with `--diff`), and an error writing the file.
pub(super) struct Fixed {
    pub(super) text: Option<String>,
    pub(super) notes: Vec<String>,
    pub(super) counts: (usize, usize, bool),
    pub(super) diff: String,
    pub(super) error: Option<Problem>,
}

/// Applies the fixes of one file (see `mdip_analysis::ide::fix_all`) and writes it back
/// unless `--diff`.
pub(super) fn fix_one(one: &One<'_>, mode: FixMode, analysis: &mdip_analysis::Analysis) -> Fixed {
    let input = one.input;
    let result = ide::fix_all_analysed(&input.text, analysis, one.lint, mode.unsafe_fixes);
    let verb = if mode.diff { "would fix" } else { "fixed" };
    let mut notes: Vec<String> = result
        .applied
        .iter()
        .map(|n| {
            format!(
                "{}:{}: {verb} {}: {}",
                input.name,
                n.line + 1,
                n.code.as_str(),
                n.title
            )
        })
        .collect();
    notes.extend(result.left.iter().map(|n| {
        format!(
            "{}:{}: left {}: {} ({})",
            input.name,
            n.line + 1,
            n.code.as_str(),
            n.title,
            n.left.map_or("", ide::Left::reason)
        )
    }));
    let changed = result.text != input.text;
    let mut fixed = Fixed {
        text: None,
        notes,
        counts: (result.applied.len(), result.left.len(), changed),
        diff: String::new(),
        error: None,
    };
    if !changed {
        return fixed;
    }
    if mode.diff {
        fixed.diff = settings::unified_diff(&input.name, &input.text, &result.text);
    } else if let Some(path) = one.path {
        if let Err(e) = settings::write_atomic(path, &result.text) {
            fixed.error = Some(Problem {
                path: input.name.clone(),
                message: format!("cannot write the fixes to {}: {e}", input.name),
                severity: SeverityName::Error,
            });
            fixed.counts = (0, result.applied.len() + result.left.len(), false);
            return fixed;
        }
    }
    fixed.text = Some(result.text);
    fixed
}
