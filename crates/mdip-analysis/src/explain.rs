//! What each diagnostic code means, taught by example: for every code a longer meaning, a
//! wrong example that produces it, a right one that does not (a test checks both), and the rule
//! or DATC section behind it. The texts are data, one section a code in `explain/codes.txt`
//! (its format is at its top); this module reads them and writes them out.
//! `mdip check --explain CODE` prints [`explain`]; the sections of `docs/diagnostics.md` below
//! its marker are [`docs_page`] (a test checks that the page is fresh;
//! `MDIP_WRITE_DOCS=1 cargo test -p mdip-analysis --test explain` writes it).

use crate::diagnostics::{Code, Severity};

/// A code taught by example.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// What the code means, in a few sentences (Markdown).
    pub meaning: &'static str,
    /// A whole order file that produces the code; `None` where no example fits on a page
    /// (`E0113`, a file over 4 GiB).
    pub wrong: Option<&'static str>,
    /// The same file written right: it does not produce the code.
    pub right: &'static str,
    /// The rule, DATC section or reference behind the code.
    pub rule: &'static str,
}

/// The explanations, one section a code: a data file (its format is at its top).
const CODES: &str = include_str!("explain/codes.txt");

/// The explanation of `code`. A code without a section (a test forbids it) has an empty one.
pub fn explanation(code: Code) -> Explanation {
    table()
        .iter()
        .find(|(c, _)| *c == code.as_str())
        .map(|(_, e)| e.as_explanation())
        .unwrap_or(Explanation {
            meaning: "",
            wrong: None,
            right: "",
            rule: "",
        })
}

/// One section of `codes.txt`, its examples' `{U+XXXX}` made characters.
struct Section {
    meaning: &'static str,
    wrong: Option<String>,
    right: String,
    rule: &'static str,
}

impl Section {
    fn as_explanation(&'static self) -> Explanation {
        Explanation {
            meaning: self.meaning,
            wrong: self.wrong.as_deref(),
            right: &self.right,
            rule: self.rule,
        }
    }
}

/// The sections of `codes.txt` by code, read once.
fn table() -> &'static [(&'static str, Section)] {
    static TABLE: std::sync::OnceLock<Vec<(&'static str, Section)>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| sections(CODES))
}

/// The sections of a file in `codes.txt`'s format, in order, with their codes. What a section
/// lacks is empty; a `%%` line of an unknown word ends the section before it and is skipped.
fn sections(file: &'static str) -> Vec<(&'static str, Section)> {
    // Each `%%` line's word, where its text starts, and where the line itself starts.
    let mut markers: Vec<(&'static str, usize, usize)> = Vec::new();
    let mut offset = 0;
    for line in file.split_inclusive('\n') {
        if let Some(word) = line.strip_prefix("%% ") {
            markers.push((word.trim(), offset + line.len(), offset));
        }
        offset += line.len();
    }
    let mut out: Vec<(&'static str, Section)> = Vec::new();
    for (i, &(word, start, _)) in markers.iter().enumerate() {
        let end = markers.get(i + 1).map_or(file.len(), |next| next.2);
        let text = file.get(start..end).unwrap_or("");
        let line = text.strip_suffix('\n').unwrap_or(text);
        match (word, out.last_mut()) {
            ("wrong", Some((_, s))) => s.wrong = Some(characters(text)),
            ("wrong: none", Some((_, s))) => s.wrong = None,
            ("right", Some((_, s))) => s.right = characters(text),
            ("rule", Some((_, s))) => s.rule = line,
            (code, _) if code.starts_with(['E', 'W']) => out.push((
                code,
                Section {
                    meaning: line,
                    wrong: None,
                    right: String::new(),
                    rule: "",
                },
            )),
            _ => {}
        }
    }
    out
}

/// `text` with each `{U+XXXX}` the character it names.
fn characters(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("{U+") {
        out.push_str(&rest[..at]);
        let tail = &rest[at + 3..];
        let named = tail.split_once('}').and_then(|(hex, after)| {
            let c = char::from_u32(u32::from_str_radix(hex, 16).ok()?)?;
            Some((c, after))
        });
        match named {
            Some((c, after)) => {
                out.push(c);
                rest = after;
            }
            None => {
                out.push_str("{U+");
                rest = tail;
            }
        }
    }
    out.push_str(rest);
    out
}

/// What the wrong example of `code` reports: the first diagnostic with that code, its message
/// and hint as the concise format writes them.
pub fn wrong_message(code: Code) -> Option<String> {
    let text = explanation(code).wrong?;
    let reported = reported(text);
    let d = reported.iter().find(|d| d.code == code)?;
    Some(match &d.hint {
        Some(h) => format!("{} (hint: {h})", d.message),
        None => d.message.clone(),
    })
}

/// The diagnostics `mdip check` reports for `text` with no configuration: the analysis' own,
/// with the file's suppression comments applied (which is where W0101 and W0102 come from).
pub fn reported(text: &str) -> Vec<crate::Diagnostic> {
    crate::config::Lint::default().apply(text, &crate::analyze(text).diagnostics)
}

/// The text `mdip check --explain CODE` prints: the code's one-line summary, its meaning, a
/// wrong example with what it reports, a right one, and the rule behind it.
pub fn explain(code: Code) -> String {
    let e = explanation(code);
    let indent = |t: &str| -> String { t.lines().map(|l| format!("    {l}\n")).collect() };
    let mut out = format!(
        "{}: {}\n\n{}\n",
        code.as_str(),
        code.explain(),
        plain(e.meaning)
    );
    match e.wrong {
        Some(w) => {
            out.push_str("\nWrong:\n");
            out.push_str(&indent(w));
            if let Some(m) = wrong_message(code) {
                out.push_str(&format!("  {}[{}]: {m}\n", severity(code), code.as_str()));
            }
        }
        None => out.push_str("\nWrong: no example fits on a page.\n"),
    }
    if !e.right.is_empty() {
        out.push_str("\nRight:\n");
        out.push_str(&indent(e.right));
    }
    out.push_str(&format!("\nRule: {}\n", plain(e.rule)));
    out
}

fn severity(code: Code) -> &'static str {
    match code.severity() {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

/// Markdown code spans as plain text for a terminal (`` `A Munich` `` stays readable without
/// its backticks).
fn plain(text: &str) -> String {
    text.replace('`', "")
}

/// The groups of codes of the page, with their headings.
const GROUPS: [(&str, &str); 5] = [
    ("E01", "Syntax — `E01xx`"),
    ("E02", "Names — `E02xx`"),
    ("E03", "Legality — `E03xx`"),
    ("E04", "Failed expectations — `E04xx`"),
    ("W0", "Warnings — `W0xxx`"),
];

/// The line of `docs/diagnostics.md` after which the page is generated.
pub const DOCS_MARKER: &str =
    "<!-- Generated from crates/mdip-analysis/src/explain.rs: MDIP_WRITE_DOCS=1 cargo test -p mdip-analysis --test explain -->";

/// The generated part of `docs/diagnostics.md`: every code with its meaning, its wrong and
/// right examples, what the wrong one reports, and its rule.
pub fn docs_page() -> String {
    let mut out = String::new();
    for (prefix, heading) in GROUPS {
        out.push_str(&format!("\n## {heading}\n"));
        for code in Code::every().filter(|c| c.as_str().starts_with(prefix)) {
            let e = explanation(code);
            out.push_str(&format!(
                "\n### <a id=\"{}\"></a>{} — {}\n\n{}\n",
                code.as_str().to_ascii_lowercase(),
                code.as_str(),
                code.explain(),
                e.meaning
            ));
            match e.wrong {
                Some(w) => {
                    let said = wrong_message(code).unwrap_or_default();
                    out.push_str(&format!(
                        "\nWrong — {} {}: {said}\n\n```mdip\n{w}```\n",
                        severity(code),
                        code.as_str()
                    ));
                }
                None => out.push_str("\nWrong: no example fits on a page.\n"),
            }
            if !e.right.is_empty() {
                out.push_str(&format!("\nRight:\n\n```mdip\n{}```\n", e.right));
            }
            out.push_str(&format!("\nRule: {}\n", e.rule));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_one_section_and_every_section_is_a_code() {
        let sections: Vec<&str> = table().iter().map(|(c, _)| *c).collect();
        for code in Code::every() {
            let n = sections.iter().filter(|c| **c == code.as_str()).count();
            assert_eq!(n, 1, "{} has {n} sections in codes.txt", code.as_str());
        }
        for c in &sections {
            assert!(
                Code::every().any(|code| code.as_str() == *c),
                "codes.txt: {c} is not a code"
            );
        }
    }

    #[test]
    fn a_section_reads_its_parts_and_what_it_lacks_is_empty() {
        let file =
            "# a comment\n%% E0101\nmeaning\n%% wrong\nA\n\nB\n%% right\n%% rule\nthe rule\n\
                    %% W0206\nother\n%% wrong: none\n%% nonsense\nskipped\n%% rule\nr";
        let got = sections(file);
        assert_eq!(got.len(), 2);
        let (code, s) = &got[0];
        assert_eq!(
            (
                *code,
                s.meaning,
                s.wrong.as_deref(),
                s.right.as_str(),
                s.rule
            ),
            ("E0101", "meaning", Some("A\n\nB\n"), "", "the rule")
        );
        let (code, s) = &got[1];
        assert_eq!(
            (*code, s.meaning, s.wrong.as_deref(), s.rule),
            ("W0206", "other", None, "r")
        );
    }

    #[test]
    fn named_characters_are_made_characters_and_the_rest_is_kept() {
        assert_eq!(
            characters("a{U+202E}b {U+ZZ} {U+110000} {U+"),
            "a\u{202e}b {U+ZZ} {U+110000} {U+"
        );
    }
}
