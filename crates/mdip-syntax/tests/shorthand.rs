//! Players' shorthand (`A bud-gal`): a hyphen inside a word read as the arrow of a move where
//! the order could end, and the other readings a map-aware caller may ask for with
//! `reparse_line`.

use mdip_syntax::{parse, reparse_line, ErrorCode, LineKind, Split};

mod common;

use common::text;

#[test]
fn hyphens_elsewhere_are_parts_of_names() {
    // A unit without its type is an error already.
    let parse = parse("bud-gal");
    assert!(matches!(parse.file.lines[0].kind, LineKind::Header(_)));
}

#[test]
fn spans_of_the_two_halves() {
    let input = "F mid-spa/nc";
    let parse = parse(input);
    let LineKind::Order(line) = &parse.file.lines[0].kind else {
        panic!()
    };
    let mdip_syntax::Order::Move {
        unit, arrow, dest, ..
    } = &line.order
    else {
        panic!()
    };
    assert_eq!(text(input, unit.span), "F mid");
    assert_eq!(text(input, *arrow), "-");
    assert_eq!(text(input, dest.span), "spa/nc");
    let shorthand = line.shorthand.unwrap();
    assert_eq!(text(input, shorthand.word), "mid-spa");
    assert_eq!(shorthand.hyphen, *arrow);
}

#[test]
fn reparse_reads_one_name_or_another_hyphen() {
    let input = "England:\nF Mid-Atlantic-spa\nF nth C A Mid-Atlantic\n";
    let parse = parse(input);
    assert!(parse.is_ok(), "{:?}", parse.errors);
    let line = &parse.file.lines[1];
    let first = mdip_syntax::dump(&mdip_syntax::Parse {
        file: mdip_syntax::SourceFile {
            lines: vec![line.clone()],
        },
        errors: vec![],
    });
    assert_eq!(
        first.trim(),
        r#"(move (F "Mid") -> "Atlantic-spa") shorthand"#
    );

    let at = input.find("-spa").unwrap() as u32;
    let (other, error) = reparse_line(input, line.span, Split::At(at));
    assert!(error.is_none());
    let one = |l: mdip_syntax::Line| {
        mdip_syntax::dump(&mdip_syntax::Parse {
            file: mdip_syntax::SourceFile { lines: vec![l] },
            errors: vec![],
        })
    };
    assert_eq!(
        one(other).trim(),
        r#"(move (F "Mid-Atlantic") -> "spa") shorthand"#
    );

    let (joined, error) = reparse_line(input, line.span, Split::Never);
    assert!(error.is_none());
    assert_eq!(one(joined).trim(), r#"(hold (F "Mid-Atlantic-spa"))"#);

    // The joined reading of a convoy lacks its destination: the error the line then has.
    let convoy = &parse.file.lines[2];
    let (joined, error) = reparse_line(input, convoy.span, Split::Never);
    assert!(matches!(joined.kind, LineKind::Order(_)));
    assert_eq!(error.map(|e| e.code), Some(ErrorCode::IncompleteOrder));
}

#[test]
fn reparse_of_a_bad_span_is_an_error_line() {
    let (line, error) = reparse_line("A bud-gal", mdip_syntax::Span::new(3, 40), Split::First);
    assert!(matches!(line.kind, LineKind::Error));
    assert!(error.is_some());
}

#[test]
fn highlighting_shows_two_provinces_and_an_arrow() {
    use mdip_syntax::{highlight, HighlightKind};
    let input = "F stp/sc-bot";
    let kinds: Vec<(HighlightKind, &str)> = highlight(input)
        .into_iter()
        .map(|h| (h.kind, text(input, h.span)))
        .collect();
    assert!(
        kinds.contains(&(HighlightKind::Province, "stp")),
        "{kinds:?}"
    );
    assert!(kinds.contains(&(HighlightKind::Operator, "-")), "{kinds:?}");
    assert!(
        kinds.contains(&(HighlightKind::Province, "bot")),
        "{kinds:?}"
    );
    assert!(
        !kinds.iter().any(|(_, t)| *t == "sc-bot"),
        "the coast is not `sc-bot`: {kinds:?}"
    );
}
