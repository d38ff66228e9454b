//! Tests of each construct of the notation, of incomplete orders and of error recovery
//! (directives are in `parse_directives.rs`).
//!
//! Most tests go through `check`, which compares the compact rendering of a parse
//! ([`mdip_syntax::render`]) with the expected text, so that they survive changes of the API.

use mdip_syntax::{parse, ErrorCode, Expected, LineKind, Order, OrderOp, UnitKind};

mod common;

use common::{check, text};

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
fn blank_and_comment_lines() {
    check("", "blank");
    check("   \t ", "blank");
    check("# anything, any script: ΑΒΓ 日本", "comment");
    check("A Paris # holds", "(hold (A \"Paris\"))");
}

#[test]
fn header_forms() {
    check("England:", r#"(header "England" :)"#);
    check("England", r#"(header "England")"#);
    check("Germany 1:0", r#"(header "Germany" 1:0)"#);
    check("Germany 1:0:", r#"(header "Germany" 1:0 :)"#);
    check(
        "Austria-Hungary 2:1:",
        r#"(header "Austria-Hungary" 2:1 :)"#,
    );
    check("Englnd:", r#"(header "Englnd" :)"#);
    check("  England :  # the English", r#"(header "England" :)"#);
}

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

#[test]
fn header_followed_by_an_order_on_the_same_line() {
    check(
        "Germany 1:0 A Munich hold",
        r#"(header "Germany" 1:0)
           ! E0107 12..25 unexpected `A` after a block header"#,
    );
}

// ---- Orders.

#[test]
fn holds() {
    check("A Paris Hold", r#"(hold (A "Paris"))"#);
    check("A Paris holds", r#"(hold (A "Paris"))"#);
    check("F Brest H", r#"(hold (F "Brest"))"#);
    check("A Munich", r#"(hold (A "Munich"))"#);
    check("Army Munich", r#"(hold (A "Munich"))"#);
    check("fleet North Sea", r#"(hold (F "North Sea"))"#);
    check("A Tyrolia 2:0 hold", r#"(hold (A "Tyrolia" 2:0))"#);
}

#[test]
fn moves() {
    check("A Paris - Burgundy", r#"(move (A "Paris") -> "Burgundy")"#);
    check("A Paris -> Burgundy", r#"(move (A "Paris") -> "Burgundy")"#);
    check("A Paris->Burgundy", r#"(move (A "Paris") -> "Burgundy")"#);
    check("A Paris to Burgundy", r#"(move (A "Paris") -> "Burgundy")"#);
    check(
        "F North Sea - Picardy",
        r#"(move (F "North Sea") -> "Picardy")"#,
    );
    check(
        "F Mid-Atlantic Ocean - St. Petersburg",
        r#"(move (F "Mid-Atlantic Ocean") -> "St. Petersburg")"#,
    );
    check(
        "A Munich 1:1 - Tyrolia",
        r#"(move (A "Munich" 1:1) -> "Tyrolia")"#,
    );
    check(
        "A Munich - Tyrolia 0:0",
        r#"(move (A "Munich") -> "Tyrolia" 0:0)"#,
    );
    check(
        "A London - Belgium via Convoy",
        r#"(move (A "London") -> "Belgium" via-convoy)"#,
    );
}

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
    check(
        "F Trieste - Albania",
        r#"(move (F "Trieste") -> "Albania")"#,
    );
    check(
        "F Trieste R Albania",
        r#"(retreat (F "Trieste") -> "Albania")"#,
    );
    check(
        "F Trieste Retreat to Albania",
        r#"(retreat (F "Trieste") -> "Albania")"#,
    );
    check(
        "Retreat F Trieste - Albania",
        r#"(retreat (F "Trieste") -> "Albania")"#,
    );
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
fn supports() {
    check(
        "A Ruhr Supports A Munich",
        r#"(support (A "Ruhr") (A "Munich"))"#,
    );
    check("A Ruhr S A Munich", r#"(support (A "Ruhr") (A "Munich"))"#);
    check(
        "A Liverpool Supports A Yorkshire - Yorkshire",
        r#"(support (A "Liverpool") (A "Yorkshire") -> "Yorkshire")"#,
    );
    check(
        "A Munich 1:0 S F Kiel 1:1",
        r#"(support (A "Munich" 1:0) (F "Kiel" 1:1))"#,
    );
    check(
        "A Munich supports A Munich 1:1 - Tyrolia 0:0",
        r#"(support (A "Munich") (A "Munich" 1:1) -> "Tyrolia" 0:0)"#,
    );
    check(
        "A mun S A mun - tyr 0:0",
        r#"(support (A "mun") (A "mun") -> "tyr" 0:0)"#,
    );
}

#[test]
fn terse_support_and_convoy_targets_need_no_unit_type() {
    check(
        "A Prussia Supports Livonia - Prussia",
        r#"(support (A "Prussia") (? "Livonia") -> "Prussia")"#,
    );
    check(
        "F Skagerrak Convoys Denmark - Norway",
        r#"(convoy (F "Skagerrak") (? "Denmark") -> "Norway")"#,
    );
}

#[test]
fn convoys() {
    check(
        "F North Sea Convoys A London - Belgium",
        r#"(convoy (F "North Sea") (A "London") -> "Belgium")"#,
    );
    check(
        "F nth C A lon - bel",
        r#"(convoy (F "nth") (A "lon") -> "bel")"#,
    );
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
    check(
        "F Spain(nc) - Gascony",
        r#"(move (F "Spain"(nc)) -> "Gascony")"#,
    );
    check("F Spain (nc) H", r#"(hold (F "Spain"(nc)))"#);
    check("F spa/sc - wes", r#"(move (F "spa"(sc)) -> "wes")"#);
    check("F spa /sc - wes", r#"(move (F "spa"(sc)) -> "wes")"#);
    check(
        "F St Petersburg (north coast) - Barents Sea",
        r#"(move (F "St Petersburg"(north coast)) -> "Barents Sea")"#,
    );
    check(
        "F Gascony - Spain(nc) 1:0",
        r#"(move (F "Gascony") -> "Spain"(nc) 1:0)"#,
    );
    let input = "F Spain (north coast) H";
    let (line, _) = order_of(input);
    let coast = line.order.unit().unwrap().loc.coast.clone().unwrap();
    assert_eq!(coast.text, "north coast");
    assert_eq!(text(input, coast.span), "(north coast)");
    assert_eq!(text(input, coast.text_span), "north coast");
}

#[test]
fn adjustments() {
    check("Build A Munich", r#"(build (A "Munich"))"#);
    check(
        "Build F St Petersburg(nc)",
        r#"(build (F "St Petersburg"(nc)))"#,
    );
    check("B A mun", r#"(build (A "mun"))"#);
    check("Remove A Berlin", r#"(remove (A "Berlin"))"#);
    check("Remove F Gulf of Lyon", r#"(remove (F "Gulf of Lyon"))"#);
    check("Disband F Trieste", r#"(disband (F "Trieste"))"#);
    check("F Trieste Disband", r#"(disband (F "Trieste"))"#);
    check("F Trieste D", r#"(disband (F "Trieste"))"#);
    check("Waive", "(waive)");
    check("waive", "(waive)");
    // Without the unit type: the unit standing there.
    check("Remove gol", r#"(remove (? "gol"))"#);
    check(
        "Remove Gulf of Lyon 1:0",
        r#"(remove (? "Gulf of Lyon" 1:0))"#,
    );
    check("Disband Trieste", r#"(disband (? "Trieste"))"#);
    check("D Trieste", r#"(disband (? "Trieste"))"#);
}

#[test]
fn power_in_front_of_an_order() {
    check(
        "England: F lon - yor",
        r#"["England"] (move (F "lon") -> "yor")"#,
    );
    check("Germany: Waive", r#"["Germany"] (waive)"#);
    check(
        "Russia: Build F St Petersburg(nc)",
        r#"["Russia"] (build (F "St Petersburg"(nc)))"#,
    );
    let input = "England: F lon - yor";
    let (line, _) = order_of(input);
    assert_eq!(text(input, line.power.unwrap().span), "England");
    assert_eq!(text(input, line.colon.unwrap()), ":");
}

#[test]
fn expected_outcomes() {
    check(
        "A Munich - Tyrolia 0:0 => succeeds",
        r#"(move (A "Munich") -> "Tyrolia" 0:0) => succeeds"#,
    );
    check("A Paris H => fails", r#"(hold (A "Paris")) => fails"#);
    check("A Paris => illegal", r#"(hold (A "Paris")) => illegal"#);
    check("Waive => Illegal", "(waive) => illegal");
    let input = "A Paris - Picardy => SUCCEEDS";
    let (line, _) = order_of(input);
    let expect = line.expect.unwrap();
    assert_eq!(text(input, expect.arrow), "=>");
    assert_eq!(text(input, expect.word), "SUCCEEDS");
    assert_eq!(text(input, expect.span), "=> SUCCEEDS");
}

#[test]
fn keywords_are_case_insensitive() {
    check(
        "f NORTH SEA convoys a London TO belgium",
        r#"(convoy (F "NORTH SEA") (A "London") -> "belgium")"#,
    );
}

#[test]
fn non_ascii_words_are_names() {
    check("A Zürich - Genève", r#"(move (A "Zürich") -> "Genève")"#);
    check("Österreich:", r#"(header "Österreich" :)"#);
}

// ---- Seasons.

#[test]
fn malformed_seasons() {
    check(
        "Germany 1:",
        r#"(header "Germany" 1:?)
           ! E0102 8..10 season `1:` has no timeline"#,
    );
    check(
        "Germany :0",
        r#"(header "Germany" ?:0)
           ! E0102 8..10 season `:0` has no turn"#,
    );
    check(
        "Germany 99999999999:0",
        r#"(header "Germany" ?:0)
           ! E0103 8..21 `99999999999` has more than 9 digits"#,
    );
    check("Germany 999999999:0", r#"(header "Germany" 999999999:0)"#);
    check(
        "A Munich 1: - Tyrolia",
        r#"(move (A "Munich" 1:?) -> "Tyrolia")
           ! E0102 9..11 season `1:` has no timeline"#,
    );
    check(
        "1:0",
        r#"error
           ! E0104 0..3 a season must follow a power, as in `Germany 1:0`"#,
    );
}

// ---- Incomplete orders.

#[test]
fn incomplete_orders_keep_what_was_read() {
    check(
        "A Paris -",
        r#"(incomplete Destination op=move unit=(A "Paris") at=9..9)
           ! E0106 9..9 expected a destination province after `-`"#,
    );
    check(
        "A Paris - ",
        r#"(incomplete Destination op=move unit=(A "Paris") at=9..9)
           ! E0106 9..9 expected a destination province after `-`"#,
    );
    check(
        "F North Sea Convoys A",
        r#"(incomplete TargetProvince op=convoy unit=(F "North Sea") kind=A at=21..21)
           ! E0106 21..21 expected the province of the unit after `A`"#,
    );
    check(
        "F North Sea Convoys",
        r#"(incomplete Target op=convoy unit=(F "North Sea") at=19..19)
           ! E0106 19..19 expected the unit to support or convoy after `Convoys`"#,
    );
    check(
        "F North Sea Convoys A London",
        r#"(incomplete ConvoyArrow op=convoy unit=(F "North Sea") target=(A "London") at=28..28)
           ! E0106 28..28 expected `-` and the destination of the convoyed army after `A London`"#,
    );
    check(
        "A Ruhr S A Munich -",
        r#"(incomplete Destination op=support unit=(A "Ruhr") target=(A "Munich") at=19..19)
           ! E0106 19..19 expected a destination province after `-`"#,
    );
    check(
        "A London - Belgium via",
        r#"(incomplete ViaConvoy op=move unit=(A "London") dest="Belgium" at=22..22)
           ! E0106 22..22 expected `Convoy` after `via`"#,
    );
    check(
        "Build",
        r#"(incomplete Unit op=build at=5..5)
           ! E0106 5..5 expected a unit (A or F and a province) after `Build`"#,
    );
    check(
        "Build A",
        r#"(incomplete UnitProvince op=build kind=A at=7..7)
           ! E0106 7..7 expected the province of the unit after `A`"#,
    );
    check(
        "A",
        r#"(incomplete UnitProvince kind=A at=1..1)
           ! E0106 1..1 expected the province of the unit after `A`"#,
    );
    check(
        "England: Hold",
        r#"["England"] (incomplete Unit at=9..13)
           ! E0106 9..13 expected a unit (A or F and a province) after `:`, found `Hold`"#,
    );
    check(
        "A Paris (nc) (sc)",
        r#"(incomplete Operator unit=(A "Paris"(nc)) at=13..14)
           ! E0106 13..14 expected an order (Hold, -, Supports, Convoys, Disband) after `A Paris (nc)`, found `(`"#,
    );
}

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
fn malformed_coasts() {
    check(
        "F Gascony - Spain(",
        r#"(incomplete Coast op=move unit=(F "Gascony") loc="Spain" at=18..18)
           ! E0108 17..18 expected a coast after `(`"#,
    );
    check(
        "F Spain(nc - Gascony",
        r#"(incomplete Coast kind=F loc="Spain" at=11..12)
           ! E0108 11..12 missing `)` after the coast"#,
    );
    check(
        "F spa/ - wes",
        r#"(incomplete Coast kind=F loc="spa" at=7..8)
           ! E0108 7..8 expected a coast after `/`"#,
    );
}

#[test]
fn missing_unit_type() {
    check(
        "Munich - Tyrolia",
        r#"(move (? "Munich") -> "Tyrolia")
           ! E0105 0..6 missing unit type before `Munich`"#,
    );
    check(
        "Munich 1:0 hold",
        r#"(hold (? "Munich" 1:0))
           ! E0105 0..6 missing unit type before `Munich`"#,
    );
    check(
        "Build Munich",
        r#"(build (? "Munich"))
           ! E0105 6..12 missing unit type before `Munich`"#,
    );

    let parse = parse("Munich - Tyrolia");
    assert_eq!(
        parse.errors[0].hint.as_deref(),
        Some("write `A Munich` for an army or `F Munich` for a fleet")
    );
}

#[test]
fn missing_colon_after_power() {
    check(
        "England F London - North Sea",
        r#"["England"] (move (F "London") -> "North Sea")
           ! E0110 7..7 missing `:` after the power `England`"#,
    );
}

#[test]
fn bad_outcomes() {
    check(
        "A Paris => win",
        r#"(hold (A "Paris"))
           ! E0109 11..14 unknown outcome `win`; expected succeeds, fails or illegal"#,
    );
    check(
        "A Paris =>",
        r#"(hold (A "Paris"))
           ! E0109 8..10 expected succeeds, fails or illegal after `=>`"#,
    );
    let parse = parse("A Paris => succeed");
    assert_eq!(
        parse.errors[0].hint.as_deref(),
        Some("did you mean `succeeds`?")
    );
}

#[test]
fn trailing_text_and_invalid_characters() {
    check(
        "A Paris - Burgundy !",
        r#"(move (A "Paris") -> "Burgundy")
           ! E0101 19..20 unexpected character `!`"#,
    );
    check(
        "A Paris - Burgundy => fails fails",
        r#"(move (A "Paris") -> "Burgundy") => fails
           ! E0107 28..33 unexpected `fails` after the order"#,
    );
    check(
        "% A Paris",
        r#"error
           ! E0101 0..1 unexpected character `%`"#,
    );
    check(
        "A Paris 😀",
        r#"(incomplete Operator unit=(A "Paris") at=8..12)
           ! E0101 8..12 unexpected character `😀` (U+1F600)"#,
    );
}

// ---- Error recovery.

#[test]
fn a_bad_line_between_two_good_ones_gives_one_error() {
    check(
        "England:\nF North Sea ) Picardy %% ->\nA Liverpool - Edinburgh\n",
        r#"(header "England" :)
           (incomplete Operator unit=(F "North Sea") at=21..22)
           (move (A "Liverpool") -> "Edinburgh")
           blank
           ! E0106 21..22 expected an order (Hold, -, Supports, Convoys, Disband) after `F North Sea`, found `)`"#,
    );
    check(
        "A Paris - Burgundy\n@@@ ### \nF Brest H",
        r#"(move (A "Paris") -> "Burgundy")
           error
           (hold (F "Brest"))
           ! E0111 20..21 expected a directive name after `@`"#,
    );
}

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
