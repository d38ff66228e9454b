//! Fuzz target: parsing any text never panics, and the parse keeps its invariants (spans inside
//! the text on character boundaries, lines matching the line index, at most one error per
//! line), as do highlighting and rendering.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // Invalid UTF-8 is replaced, so that every input reaches the parser.
    let text = String::from_utf8_lossy(data);
    let parse = mdip_syntax::parse(&text);
    if let Err(broken) = parse.validate(&text) {
        panic!("{broken} in {text:?}");
    }
    let mut end = 0;
    for highlight in mdip_syntax::highlight_parse(&text, &parse) {
        assert!(highlight.span.start >= end, "overlapping highlights in {text:?}");
        assert!(text.is_char_boundary(highlight.span.end as usize));
        end = highlight.span.end;
    }
    let _ = mdip_syntax::dump(&parse);
});
