//! Tests of directives and expectations; the other constructs are in `parse.rs`.
//!
//! The trees of the constructs are data: `tests/fixtures/parse/*.mdip`, dumped and compared with
//! their snapshots by `fixtures.rs`. The tests here check what a dump does not show: spans,
//! typed values, API details.

use mdip_syntax::{parse, DirectiveKind, ErrorCode, LineKind};

mod common;

use common::text;

// ---- Directives.

#[test]
fn setup_of_seasons_records_and_boards() {
    let input = "@record Germany: A Munich 0:0 - Tyrolia => fails # why";
    let parse = parse(input);
    let LineKind::Directive(directive) = &parse.file.lines[0].kind else {
        panic!()
    };
    let DirectiveKind::Record(line) = &directive.kind else {
        panic!()
    };
    assert_eq!(
        text(input, line.span),
        "Germany: A Munich 0:0 - Tyrolia => fails"
    );
}

#[test]
fn directive_spans() {
    let input = "@expect owner St Petersburg Russia 1:0";
    let parse = parse(input);
    let LineKind::Directive(directive) = &parse.file.lines[0].kind else {
        panic!()
    };
    assert_eq!(text(input, directive.at), "@");
    assert_eq!(text(input, directive.name.span), "expect");
    assert_eq!(text(input, directive.sub.as_ref().unwrap().span), "owner");
    let DirectiveKind::ExpectOwner {
        province,
        power,
        season,
    } = &directive.kind
    else {
        panic!()
    };
    assert_eq!(text(input, province.span), "St Petersburg");
    assert_eq!(text(input, power.span), "Russia");
    assert_eq!(text(input, season.unwrap().span), "1:0");
}

#[test]
fn error_codes_are_stable_and_distinct() {
    let codes: Vec<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
    assert_eq!(codes.first(), Some(&"E0101"));
    let mut sorted = codes.clone();
    sorted.dedup();
    assert_eq!(sorted.len(), codes.len());
    for code in ErrorCode::ALL {
        assert_eq!(ErrorCode::from_code(code.as_str()), Some(code));
        assert!(!code.explain().is_empty());
    }
}
