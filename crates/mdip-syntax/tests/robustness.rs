//! Property tests: the parser never panics, and every span it returns lies inside the input, on
//! character boundaries, with `start <= end`.

use mdip_syntax::{dump, highlight_parse, parse, parse_after, LineCol, LineIndex, Span};
use proptest::prelude::*;

/// Pieces of the notation, valid and not, to build inputs that reach deep into the parser.
const FRAGMENTS: &[&str] = &[
    "A",
    "F",
    "Army",
    "Fleet",
    "Paris",
    "North Sea",
    "Gulf of Lyon",
    "Mid-Atlantic",
    "St.",
    "St Petersburg",
    "Austria-Hungary",
    "England",
    "England:",
    "Germany 1:0",
    "Hold",
    "H",
    "Supports",
    "S",
    "Convoys",
    "C",
    "via",
    "Convoy",
    "to",
    "-",
    "->",
    "=>",
    "succeeds",
    "fails",
    "illegal",
    "Build",
    "B",
    "Remove",
    "Disband",
    "D",
    "Waive",
    "Retreat",
    "R",
    "(",
    ")",
    "(nc)",
    "(north coast)",
    "/",
    "/sc",
    ",",
    ":",
    "@",
    "@expect",
    "@unit",
    "@owns",
    "@turn",
    "@start",
    "unit",
    "timelines",
    "owner",
    "error",
    "E0101",
    "0",
    "1",
    "1:0",
    "1:",
    ":0",
    "12:3",
    "99999999999:0",
    "1234567890",
    "#",
    "# comment",
    " ",
    "  ",
    "\t",
    "\n",
    "\r\n",
    "\r",
    "%",
    "=",
    ">",
    "ü",
    "日本",
    "😀",
    "\u{feff}",
    "\u{a0}",
    "\u{2028}",
    "'",
    ".",
    "of",
];

/// A string strategy made of notation fragments.
fn fragments() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(FRAGMENTS), 0..40).prop_map(|parts| {
        // Join with nothing or a space, chosen by the parts themselves, to vary adjacency.
        let mut text = String::new();
        for (i, part) in parts.iter().enumerate() {
            if i % 3 != 0 {
                text.push(' ');
            }
            text.push_str(part);
        }
        text
    })
}

/// Checks that a span lies inside `text`, on character boundaries, with `start <= end`.
fn check_span(text: &str, span: Span, what: &str) {
    assert!(
        span.start <= span.end,
        "{what} {span:?} is reversed in {text:?}"
    );
    assert!(
        span.end as usize <= text.len(),
        "{what} {span:?} is past the end of {text:?}"
    );
    assert!(
        text.is_char_boundary(span.start as usize),
        "{what} {span:?} splits a char: {text:?}"
    );
    assert!(
        text.is_char_boundary(span.end as usize),
        "{what} {span:?} splits a char: {text:?}"
    );
}

/// Checks every invariant of the parse, highlighting and line index of `text`.
fn check_invariants(text: &str) {
    let parse = parse(text);
    if let Err(broken) = parse.validate(text) {
        panic!("{broken} in {text:?}");
    }
    // The checks of `validate` are repeated here, independently of the crate.
    for span in parse.spans() {
        check_span(text, span, "span");
    }
    let index = LineIndex::new(text);
    assert_eq!(parse.file.lines.len(), index.line_count());

    // Highlights are sorted, non-overlapping and inside the text.
    let highlights = highlight_parse(text, &parse);
    let mut end = 0;
    for h in &highlights {
        check_span(text, h.span, "highlight");
        assert!(h.span.start >= end, "overlapping highlights in {text:?}");
        end = h.span.end;
    }

    // Offsets on character boundaries survive a round trip through line and column.
    for (offset, _) in text.char_indices().chain([(text.len(), ' ')]) {
        let offset = offset as u32;
        let LineCol { line, col } = index.line_col(offset);
        let span = index.line_span(line as usize).unwrap();
        if offset <= span.end {
            assert_eq!(index.offset(LineCol { line, col }), Some(offset));
        }
    }

    let _ = dump(&parse);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_unicode_never_breaks_the_parser(text in any::<String>()) {
        check_invariants(&text);
    }

    #[test]
    fn notation_fragments_never_break_the_parser(text in fragments()) {
        check_invariants(&text);
    }

    #[test]
    fn edited_orders_never_break_the_parser(
        cut in 0usize..200,
        insert in "[-:()/@#=>,a-zA-Z0-9 \\r\\n\u{e9}\u{1f600}]{0,6}",
    ) {
        let base = "England:\nF North Sea Convoys A London - Belgium => succeeds\n\
                    A Munich 1:0 S A Munich 0:0 - Tyrolia 0:0\nBuild F St Petersburg(nc)\n\
                    @expect owner St Petersburg Russia 1:0\n";
        let mut cut = cut.min(base.len());
        while !base.is_char_boundary(cut) {
            cut -= 1;
        }
        let text = format!("{}{insert}{}", &base[..cut], &base[cut..]);
        check_invariants(&text);
    }
}

/// The line of `text` that byte `at` is on, counting line breaks as the lexer does (CR LF,
/// LF, lone CR); a byte between the CR and the LF of a CR LF is on the line that CR LF ends.
fn line_of(text: &str, at: usize) -> usize {
    let bytes = text.as_bytes();
    let mut line = 0;
    let mut i = 0;
    while i < at.min(bytes.len()) {
        match bytes[i] {
            b'\r' if bytes.get(i + 1) == Some(&b'\n') => {
                if i + 1 < at {
                    line += 1;
                }
                i += 1;
            }
            b'\r' | b'\n' => line += 1,
            _ => {}
        }
        i += 1;
    }
    line
}

/// Replaces `remove` bytes at `at` (moved back to character boundaries) by `insert`: the new
/// text and the first line the edit touches (the line of `at` in the old text).
fn edit(text: &str, at: usize, remove: usize, insert: &str) -> (String, usize) {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let mut end = (at + remove).min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let edited = format!("{}{insert}{}", &text[..at], &text[end..]);
    (edited, line_of(text, at))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// A parse of an edited text that keeps the lines above the edit from the parse before it
    /// is the parse of the edited text, whatever the line breaks around the edit.
    #[test]
    fn a_parse_after_an_edit_is_the_full_parse(
        text in fragments(),
        at in 0usize..400,
        remove in 0usize..8,
        insert in prop::sample::select(FRAGMENTS),
    ) {
        let (edited, line) = edit(&text, at, remove, insert);
        let before = parse(&text);
        prop_assert_eq!(parse_after(&edited, &before, line), parse(&edited));
    }
}

#[test]
fn a_parse_after_an_edit_at_a_line_break_is_the_full_parse() {
    let base = "England:\r\nF London - North Sea\rA Paris Hold\n\nGermany 1:0\r\nA Munich Hold";
    for at in 0..=base.len() {
        for remove in 0..3 {
            for insert in ["", "\n", "\r", "\r\n", "x", "F Kiel Hold\n", "#"] {
                let (edited, line) = edit(base, at, remove, insert);
                let before = parse(base);
                assert_eq!(
                    parse_after(&edited, &before, line),
                    parse(&edited),
                    "{edited:?} (line {line})"
                );
            }
        }
    }
}

#[test]
fn hand_picked_edge_cases() {
    for text in [
        "",
        "\n",
        "\r",
        "\r\n",
        "\n\r",
        ":",
        "::",
        "1:",
        ":0",
        "99999999999:0",
        "@",
        "@@",
        "=>",
        "A",
        "A -",
        "A (",
        "A /",
        "A Paris(",
        "A Paris()",
        "A Paris(nc",
        "F x S",
        "F x C A",
        "F x C A y",
        "F x C A y -",
        "England:\u{0}",
        "\u{feff}England:",
        "Build Build Build",
        "Retreat",
        "Retreat A",
        "Retreat A x",
        "A x R",
        "A x via",
        "A x - y via",
        "A x - y via c",
        "@expect",
        "@expect owner",
        "@expect seasons ,",
        "@owns",
        "@owns G ,",
        "@owns G a,,b",
        "@turn 99999999999",
        "@expect timelines 1,",
        "Germany :0:",
        "Germany 1:0: x",
        "😀:",
    ] {
        check_invariants(text);
    }
}
