//! Seasons in words in block headers: `Spring 1901`, `England Fall 1901:`, `S1901M`.

use mdip_syntax::{parse, ErrorCode, LineKind};

mod common;

use common::text;

#[test]
fn spans_and_errors() {
    let input = "England Spring 1901:";
    let parse = parse(input);
    let LineKind::Header(h) = &parse.file.lines[0].kind else {
        panic!()
    };
    assert_eq!(text(input, h.words.unwrap().span), "Spring 1901");
    assert_eq!(text(input, h.span), input);
    // Something after the season.
    let trailing = mdip_syntax::parse("Spring 1901 orders");
    assert_eq!(trailing.errors[0].code, ErrorCode::UnexpectedTrailing);
    // A year too long.
    let long = mdip_syntax::parse("Spring 12345678901");
    assert_eq!(long.errors[0].code, ErrorCode::NumberTooLong);
}
