//! Seasons in words in block headers: `Spring 1901`, `England Fall 1901:`, `S1901M`.

use mdip_syntax::{parse, ErrorCode, LineKind};

mod common;

use common::{check, text};

#[test]
fn headers_with_a_season_in_words() {
    check("Spring 1901", r#"(header Spring 1901)"#);
    check("Spring 1901:", r#"(header Spring 1901 :)"#);
    check("fall 1901", r#"(header Fall 1901)"#);
    check("Autumn 1902", r#"(header Fall 1902)"#);
    check("WINTER 1901", r#"(header Winter 1901)"#);
    check("England Spring 1901", r#"(header "England" Spring 1901)"#);
    check(
        "Austria-Hungary Fall 1901:",
        r#"(header "Austria-Hungary" Fall 1901 :)"#,
    );
    check(
        "Great Britain Fall 1901",
        r#"(header "Great Britain" Fall 1901)"#,
    );
}

#[test]
fn compact_seasons_of_jdip_and_daide() {
    check("S1901M", r#"(header Spring 1901 Movement)"#);
    check("F1901R", r#"(header Fall 1901 Retreat)"#);
    check("w1901a", r#"(header Winter 1901 Adjustment)"#);
    check("W1901B", r#"(header Winter 1901 Adjustment)"#);
    check(
        "England F1901M:",
        r#"(header "England" Fall 1901 Movement :)"#,
    );
    // Not a season: a name (an unknown power for the analysis).
    check("S1901X", r#"(header "S1901X")"#);
    check("Spring", r#"(header "Spring")"#);
}

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

#[test]
fn season_words_do_not_disturb_orders() {
    check(
        "Spring 1901\nEngland:\nF lon - nth",
        r#"(header Spring 1901)
           (header "England" :)
           (move (F "lon") -> "nth")"#,
    );
}
