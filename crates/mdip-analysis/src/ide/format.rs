//! Formatting to one canonical spelling, without ever changing meaning: the IDE entry point.
//!
//! The formatter itself is [`mdip_syntax::format_parsed`] (the canonical form and its safety
//! check are described there); this wrapper gives it what the map knows: the spelling of
//! coasts (`north coast` is `nc`), the reading of players' shorthand (`A bud-gal` is
//! `A bud - gal`, `F Mid-Atlantic` one name), and the lines with an error, which stay as
//! written (formatting `A Lvp-Yorx` to `A Lvp-Yorx Hold` would write a misreading down).
//! It returns the edits as [`Edit`]s.

use mdip_map::Coast;
use mdip_syntax::{LineIndex, Options, Parse};

use crate::diagnostics::{Edit, Severity};

pub use mdip_syntax::FormatError;

/// The edits that bring `text` to its canonical form (empty when it already is).
pub fn format(text: &str) -> Result<Vec<Edit>, FormatError> {
    format_analysed(text, &crate::analyze(text))
}

/// [`format`] with the analysis of `text` already made (the editor and the fuzz targets have
/// it): the same edits, without analysing the text again.
pub fn format_analysed(text: &str, analysis: &crate::Analysis) -> Result<Vec<Edit>, FormatError> {
    let coast = |name: &str| Coast::from_name(name).map(Coast::abbrev);
    let map = analysis.world.map();
    let index = LineIndex::new(text);
    let mut error_lines: Vec<usize> = analysis
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .flat_map(|d| {
            let first = index.line_col(d.span.start).line as usize;
            let last = index.line_col(d.span.end).line as usize;
            first..=last
        })
        .collect();
    error_lines.sort_unstable();
    error_lines.dedup();
    let reread = |t: &str| -> Parse { crate::read(map, t) };
    let keep = |line: usize| error_lines.binary_search(&line).is_ok();
    let options = Options {
        coast: &coast,
        reread: &reread,
        keep: &keep,
        shorthand_decided: true,
    };
    let edits = mdip_syntax::format_parsed(text, &analysis.parse, &options)?;
    Ok(edits
        .into_iter()
        .map(|e| Edit {
            span: e.span,
            text: e.text,
        })
        .collect())
}

/// The text [`format_analysed`]'s edits make of `text`: what `mdip fmt` writes and what the
/// editor's formatting request leaves.
pub fn formatted(text: &str, analysis: &crate::Analysis) -> Result<String, FormatError> {
    let edits: Vec<mdip_syntax::TextEdit> = format_analysed(text, analysis)?
        .into_iter()
        .map(|e| mdip_syntax::TextEdit {
            span: e.span,
            text: e.text,
        })
        .collect();
    Ok(mdip_syntax::format::apply(text, &edits))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mdip_syntax::TextEdit;

    fn fmt(text: &str) -> String {
        let edits: Vec<TextEdit> = format(text)
            .expect("formats")
            .into_iter()
            .map(|e| TextEdit {
                span: e.span,
                text: e.text,
            })
            .collect();
        mdip_syntax::format::apply(text, &edits)
    }

    /// Given the analysis the editor has, an incremental one after an edit, the formatter
    /// writes the edits it writes for the text alone.
    #[test]
    fn formatting_an_incremental_analysis_is_formatting_its_text() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases");
        let mut compared = 0;
        for entry in std::fs::read_dir(root).unwrap().flatten() {
            let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
            let before = crate::analyze(&text);
            let lines: Vec<&str> = text.split('\n').collect();
            for at in [
                lines.len() / 3,
                lines.len() / 2,
                lines.len().saturating_sub(2),
            ] {
                let mut edited = lines.clone();
                let messy = edited[at].replace(" - ", "->").replace("Hold", "H");
                edited[at] = &messy;
                let edited = edited.join("\n");
                let analysis = crate::analyze_incremental(&edited, &before, at);
                assert_eq!(
                    format_analysed(&edited, &analysis),
                    format(&edited),
                    "{edited}"
                );
                compared += 1;
            }
        }
        assert!(compared > 100, "only {compared} texts");
    }

    #[test]
    fn formats_to_one_spelling_and_is_idempotent() {
        let text = "\n\n  germany   0:0  \nA kiel - ber\nArmy  munich   s  A kiel -> ber # why\nF  spain /SC  -  mao =>SUCCEEDS\n\n\n\n@EXPECT   timelines 0\n\n";
        let once = fmt(text);
        assert_eq!(
            once,
            "germany 0:0\nA kiel - ber\nA munich Supports A kiel - ber # why\nF spain(sc) - mao => succeeds\n\n@expect timelines 0\n"
        );
        assert_eq!(fmt(&once), once);
        assert!(format(&once).unwrap().is_empty());
    }

    #[test]
    fn error_lines_stay_and_crlf_is_kept() {
        let text = "England:\r\nF London -\r\nA  Paris\r\n";
        assert_eq!(fmt(text), "England:\r\nF London -\r\nA Paris Hold\r\n");
    }

    #[test]
    fn shorthand_is_normalised_when_the_map_decides_it() {
        let text = "England:\nA Lvp-Yor\nF edi S A lvp-yor\nF nth C A lon-nwy  =>  succeeds\nA lon-nwy\n\nFrance:\nF Mid-Atlantic\n";
        let once = fmt(text);
        assert_eq!(
            once,
            "England:\nA Lvp - Yor\nF edi Supports A lvp - yor\nF nth Convoys A lon - nwy => succeeds\nA lon - nwy\n\nFrance:\nF Mid-Atlantic Hold\n"
        );
        assert_eq!(fmt(&once), once);
    }

    #[test]
    fn lines_with_an_error_are_never_rewritten() {
        // An unknown name (`Yorx`), an unknown province read as one hyphenated name, a wrong
        // terrain: each line stays byte for byte; the good line is formatted.
        let text = "England:\nA  Lvp-Yorx\nA   Parsi\nF  lon   Hold\nA   nth\n";
        assert_eq!(
            fmt(text),
            "England:\nA  Lvp-Yorx\nA   Parsi\nF lon Hold\nA   nth\n"
        );
    }
}
