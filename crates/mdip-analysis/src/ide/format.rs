//! Formatting to one canonical spelling, without ever changing meaning: the IDE entry point.
//!
//! The formatter itself is [`mdip_syntax::format_text`] (the canonical form and its safety
//! check are described there); this wrapper gives it the map's spelling of coasts
//! (`north coast` is `nc`) and returns the edits as [`Edit`]s.

use mdip_map::Coast;

use crate::diagnostics::Edit;

pub use mdip_syntax::FormatError;

/// The edits that bring `text` to its canonical form (empty when it already is).
pub fn format(text: &str) -> Result<Vec<Edit>, FormatError> {
    let coast = |name: &str| Coast::from_name(name).map(Coast::abbrev);
    let edits = mdip_syntax::format_text(text, &coast)?;
    Ok(edits
        .into_iter()
        .map(|e| Edit {
            span: e.span,
            text: e.text,
        })
        .collect())
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

    #[test]
    fn formats_to_one_spelling_and_is_idempotent() {
        let text = "\n\n  germany   1:0  \nArmy  munich   s  A kiel -> ber # why\nF  spain /SC  -  mao =>SUCCEEDS\n\n\n\n@EXPECT   timelines 0 1\n\n";
        let once = fmt(text);
        assert_eq!(
            once,
            "germany 1:0\nA munich Supports A kiel - ber # why\nF spain(sc) - mao => succeeds\n\n@expect timelines 0 1\n"
        );
        assert_eq!(fmt(&once), once);
        assert!(format(&once).unwrap().is_empty());
    }

    #[test]
    fn error_lines_stay_and_crlf_is_kept() {
        let text = "England:\r\nF London -\r\nA  Paris\r\n";
        assert_eq!(fmt(text), "England:\r\nF London -\r\nA Paris Hold\r\n");
    }
}
