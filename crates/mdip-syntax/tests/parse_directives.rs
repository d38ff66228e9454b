//! Tests of directives and expectations; the other constructs are in `parse.rs`.
//!
//! Most tests go through `check`, which compares the compact rendering of a parse
//! ([`mdip_syntax::render`]) with the expected text, so that they survive changes of the API.

use mdip_syntax::{parse, DirectiveKind, ErrorCode, LineKind};

mod common;

use common::{check, text};

// ---- Directives.

#[test]
fn setup_directives() {
    check("@rules mdatc", r#"(@rules "mdatc")"#);
    check("@start standard", r#"(@start "standard")"#);
    check("@phase adjustment", r#"(@phase "adjustment")"#);
    check("@turn 4", "(@turn 4)");
    check(
        "@unit Russia F St Petersburg(sc)",
        r#"(@unit "Russia" (F "St Petersburg"(sc)))"#,
    );
    check(
        "@unit Germany A Munich 1:0",
        r#"(@unit "Germany" (A "Munich" 1:0))"#,
    );
    check(
        "@owns Germany Berlin, Kiel, Munich",
        r#"(@owns "Germany" "Berlin" "Kiel" "Munich")"#,
    );
    check(
        "@owns Russia St Petersburg, Moscow",
        r#"(@owns "Russia" "St Petersburg" "Moscow")"#,
    );
    check(
        "@owns Germany ber kie mun",
        r#"(@owns "Germany" "ber" "kie" "mun")"#,
    );
    check("@START Standard # comment", r#"(@start "Standard")"#);
}

#[test]
fn setup_of_seasons_records_and_boards() {
    check("@season 1:0", "(@season 1:0)");
    check("@season 1:1 from 0:0", "(@season 1:1 from 0:0)");
    check("@Season 4:2 FROM 3:0", "(@season 4:2 from 3:0)");
    check(
        "@owns Austria Vienna, Budapest 1:1",
        r#"(@owns "Austria" "Vienna" "Budapest" 1:1)"#,
    );
    check(
        "@owns Russia St Petersburg 2:0",
        r#"(@owns "Russia" "St" "Petersburg" 2:0)"#,
    );
    check(
        "@phase adjustment 2:0 2:1",
        r#"(@phase "adjustment" 2:0 2:1)"#,
    );
    check(
        "@record Germany: A Munich 0:0 - Tyrolia => fails",
        r#"(@record ["Germany"] (move (A "Munich" 0:0) -> "Tyrolia") => fails)"#,
    );
    check(
        "@record Austria: A Tyrolia S A Munich - Bohemia => succeeds",
        r#"(@record ["Austria"] (support (A "Tyrolia") (A "Munich") -> "Bohemia") => succeeds)"#,
    );
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
fn malformed_setup_of_seasons_and_records() {
    check(
        "@season",
        r#"(@season unknown)
           ! E0112 7..7 expected a season such as `1:1`, found the end of the line"#,
    );
    check(
        "@season 1:1 to 0:0",
        r#"(@season unknown)
           ! E0112 12..14 expected `from` and the season it branches from, or the end, found `to`"#,
    );
    check(
        "@season 1:1 from",
        r#"(@season unknown)
           ! E0112 16..16 expected the season it branches from, such as `0:0`, found the end of the line"#,
    );
    check(
        "@record Germany A Munich hold => succeeds",
        r#"(@record unknown)
           ! E0112 16..17 expected `:` after the power, found `A`"#,
    );
    check(
        "@record Germany: A Munich hold",
        r#"(@record ["Germany"] (hold (A "Munich")))
           ! E0112 30..30 a recorded order ends with its outcome: `=> succeeds`, `=> fails` or `=> illegal`"#,
    );
    check(
        "@record Germany: A Munich hold => any",
        r#"(@record ["Germany"] (hold (A "Munich")) => any)
           ! E0112 31..37 a recorded order ends with its outcome: `=> succeeds`, `=> fails` or `=> illegal`"#,
    );
    check(
        "@phase movement now",
        r#"(@phase unknown)
           ! E0112 16..19 expected a season such as `1:0`, found `now`"#,
    );
}

#[test]
fn expectations() {
    check(
        "@expect unit Germany A Munich 1:1",
        r#"(@expect unit "Germany" (A "Munich" 1:1))"#,
    );
    check(
        "@expect dislodged Austria A Tyrolia 0:0",
        r#"(@expect dislodged "Austria" (A "Tyrolia" 0:0))"#,
    );
    check(
        "@expect dislodged except disbanded",
        "(@expect dislodged except disbanded)",
    );
    check(
        "@expect has A Munich 1:0",
        r#"(@expect has (A "Munich" 1:0))"#,
    );
    check(
        "@expect has Germany F St Petersburg(sc)",
        r#"(@expect has "Germany" (F "St Petersburg"(sc)))"#,
    );
    check(
        "@Expect Dislodged EXCEPT Disbanded # as jDip lists them",
        "(@expect dislodged except disbanded)",
    );
    // A power that happens to be called `Except`.
    check(
        "@expect dislodged Except A Tyrolia",
        r#"(@expect dislodged "Except" (A "Tyrolia"))"#,
    );
    check("@expect empty 2:0", "(@expect empty 2:0)");
    check(
        "@expect seasons 0:0 1:0, 1:1",
        "(@expect seasons 0:0 1:0 1:1)",
    );
    check("@expect timelines 0 1", "(@expect timelines 0 1)");
    check("@expect heads 2:0 1:1", "(@expect heads 2:0 1:1)");
    check(
        "@expect owner St Petersburg Russia 1:0",
        r#"(@expect owner "St Petersburg" "Russia" 1:0)"#,
    );
    check(
        "@expect owner Munich none",
        r#"(@expect owner "Munich" "none")"#,
    );
    check("@expect winner none", r#"(@expect winner "none")"#);
    check("@expect error E0301", r#"(@expect error "E0301")"#);
    check("@expect warning W0101", r#"(@expect warning "W0101")"#);
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
fn malformed_directives() {
    check(
        "@bogus 1",
        r#"(@bogus unknown)
           ! E0111 0..6 unknown directive `@bogus`"#,
    );
    check(
        "@expect foo",
        r#"(@expect foo unknown)
           ! E0111 8..11 unknown expectation `@expect foo`"#,
    );
    check(
        "@turn x",
        r#"(@turn unknown)
           ! E0112 6..7 expected a number, found `x`"#,
    );
    check(
        "@unit Russia Moscow",
        r#"(@unit unknown)
           ! E0112 13..19 missing unit type before `Moscow`"#,
    );
    check(
        "@expect timelines",
        r#"(@expect timelines unknown)
           ! E0112 17..17 expected at least one timeline number, found the end of the line"#,
    );
    check(
        "@expect owner Munich",
        r#"(@expect owner unknown)
           ! E0112 20..20 expected a province and then a power (or `none`), found the end of the line"#,
    );
    check(
        "@start standard extra",
        r#"(@start "standard")
           ! E0107 16..21 unexpected `extra` after the directive"#,
    );
    check(
        "@",
        r#"error
           ! E0111 0..1 expected a directive name after `@`"#,
    );
}

#[test]
fn whole_file() {
    check(
        "# Founding case 3.A.1.\nGermany 0:0\nA Munich hold\n\nGermany 1:0\nA Munich - Tyrolia 0:0      => succeeds\n\n@expect empty 2:0\n@expect unit Germany A Munich 1:1\n@expect timelines 0 1\n",
        r#"comment
           (header "Germany" 0:0)
           (hold (A "Munich"))
           blank
           (header "Germany" 1:0)
           (move (A "Munich") -> "Tyrolia" 0:0) => succeeds
           blank
           (@expect empty 2:0)
           (@expect unit "Germany" (A "Munich" 1:1))
           (@expect timelines 0 1)
           blank"#,
    );
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
