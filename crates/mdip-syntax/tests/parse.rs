//! Tests of each construct of the notation, of incomplete orders and of error recovery
//! (directives are in `parse_directives.rs`).
//!
//! The trees of the constructs are data: `tests/fixtures/parse/*.mdip`, dumped and compared with
//! their snapshots by `fixtures.rs`. The tests here check what a dump does not show: spans,
//! typed values, API details.

use mdip_syntax::{parse, ErrorCode, Expected, LineKind, Order, OrderOp, UnitKind};

mod common;

use common::text;

/// Parses a one-line order and returns it, failing if the line is not an order.
#[track_caller]
fn order_of(input: &str) -> (mdip_syntax::OrderLine, Vec<mdip_syntax::SyntaxError>) {
    let parse = parse(input);
    match parse.file.lines.into_iter().next().map(|line| line.kind) {
        Some(LineKind::Order(order)) => (std::sync::Arc::unwrap_or_clone(order), parse.errors),
        other => panic!("`{input}` is not an order: {other:?}"),
    }
}

// ---- Lines and headers.

#[test]
fn header_spans() {
    let input = "Austria-Hungary 12:3:";
    let parse = parse(input);
    let LineKind::Header(header) = &parse.file.lines[0].kind else {
        panic!()
    };
    assert_eq!(
        text(input, header.power.as_ref().unwrap().span),
        "Austria-Hungary"
    );
    assert_eq!(text(input, header.season.unwrap().span), "12:3");
    assert_eq!(text(input, header.colon.unwrap()), ":");
    assert_eq!(text(input, header.span), input);
}

// ---- Orders.

#[test]
fn move_spans() {
    let input = "A London - Belgium 0:1 via Convoy";
    let (line, errors) = order_of(input);
    assert!(errors.is_empty());
    let Order::Move {
        unit,
        arrow,
        dest,
        via_convoy,
        retreat_keyword,
    } = line.order
    else {
        panic!()
    };
    assert_eq!(unit.kind.map(|k| k.kind), Some(UnitKind::Army));
    assert_eq!(text(input, unit.kind.unwrap().span), "A");
    assert_eq!(text(input, unit.span), "A London");
    assert_eq!(text(input, unit.loc.span), "London");
    assert_eq!(text(input, arrow), "-");
    assert_eq!(text(input, dest.span), "Belgium 0:1");
    assert_eq!(text(input, dest.season.unwrap().span), "0:1");
    assert_eq!(dest.season.unwrap().timeline, Some(1));
    assert_eq!(text(input, via_convoy.unwrap()), "via Convoy");
    assert_eq!(retreat_keyword, None);
    assert_eq!(text(input, line.span), input);
}

#[test]
fn names_join_words_with_one_space_as_written() {
    let input = "F Gulf  of\tLyon - spa";
    let (line, _) = order_of(input);
    let unit = line.order.unit().unwrap();
    assert_eq!(unit.loc.province.text, "Gulf of Lyon");
    assert_eq!(text(input, unit.loc.province.span), "Gulf  of\tLyon");
}

#[test]
fn retreats() {
    let input = "F Trieste Retreat to Albania";
    let (line, _) = order_of(input);
    let Order::Move {
        arrow,
        retreat_keyword,
        ..
    } = line.order
    else {
        panic!()
    };
    assert_eq!(text(input, arrow), "Retreat to");
    assert_eq!(text(input, retreat_keyword.unwrap()), "Retreat");
}

#[test]
fn convoys() {
    let input = "F North Sea Convoys A London - Belgium";
    let (line, _) = order_of(input);
    let Order::Convoy {
        keyword,
        army,
        arrow,
        dest,
        ..
    } = line.order
    else {
        panic!()
    };
    assert_eq!(text(input, keyword), "Convoys");
    assert_eq!(text(input, army.span), "A London");
    assert_eq!(text(input, arrow), "-");
    assert_eq!(text(input, dest.span), "Belgium");
}

#[test]
fn coasts_in_all_forms() {
    let input = "F Spain (north coast) H";
    let (line, _) = order_of(input);
    let coast = line.order.unit().unwrap().loc.coast.clone().unwrap();
    assert_eq!(coast.text, "north coast");
    assert_eq!(text(input, coast.span), "(north coast)");
    assert_eq!(text(input, coast.text_span), "north coast");
}

#[test]
fn power_in_front_of_an_order() {
    let input = "England: F lon - yor";
    let (line, _) = order_of(input);
    assert_eq!(text(input, line.power.unwrap().span), "England");
    assert_eq!(text(input, line.colon.unwrap()), ":");
}

#[test]
fn expected_outcomes() {
    let input = "A Paris - Picardy => SUCCEEDS";
    let (line, _) = order_of(input);
    let expect = line.expect.unwrap();
    assert_eq!(text(input, expect.arrow), "=>");
    assert_eq!(text(input, expect.word), "SUCCEEDS");
    assert_eq!(text(input, expect.span), "=> SUCCEEDS");
}

// ---- Seasons.

// ---- Incomplete orders.

#[test]
fn incomplete_order_gives_the_unit_for_completion() {
    let (line, errors) = order_of("A Paris - ");
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].code, ErrorCode::IncompleteOrder);
    let Order::Incomplete(partial) = &line.order else {
        panic!()
    };
    assert_eq!(partial.expected, Expected::Destination);
    assert_eq!(partial.op.map(|op| op.op), Some(OrderOp::Move));
    assert_eq!(line.order.unit().unwrap().loc.province.text, "Paris");
}

#[test]
fn missing_unit_type() {
    let parse = parse("Munich - Tyrolia");
    assert_eq!(
        parse.errors[0].hint.as_deref(),
        Some("write `A Munich` for an army or `F Munich` for a fleet")
    );
}

#[test]
fn bad_outcomes() {
    let parse = parse("A Paris => succeed");
    assert_eq!(
        parse.errors[0].hint.as_deref(),
        Some("did you mean `succeeds`?")
    );
}

// ---- Error recovery.

#[test]
fn line_breaks_lf_crlf_and_lone_cr() {
    let input = "England:\r\nA Paris\rF Brest H\n\nA Kiel";
    let parse = parse(input);
    assert!(parse.errors.is_empty());
    let spans: Vec<&str> = parse
        .file
        .lines
        .iter()
        .map(|line| text(input, line.span))
        .collect();
    assert_eq!(spans, ["England:", "A Paris", "F Brest H", "", "A Kiel"]);
}

#[test]
fn line_at_finds_the_line_of_an_offset() {
    let input = "England:\r\nA Paris\n";
    let parse = parse(input);
    let file = &parse.file;
    assert_eq!(file.lines.len(), 3);
    assert_eq!(file.line_number_at(0), 0);
    assert_eq!(file.line_number_at(8), 0); // At the CR.
    assert_eq!(file.line_number_at(9), 0); // At the LF of the CRLF.
    assert_eq!(file.line_number_at(10), 1);
    assert_eq!(file.line_number_at(17), 1); // At the final LF.
    assert_eq!(file.line_number_at(18), 2); // The empty last line.
    assert_eq!(file.line_number_at(1000), 2);
    assert!(matches!(file.line_at(12).unwrap().kind, LineKind::Order(_)));
}
