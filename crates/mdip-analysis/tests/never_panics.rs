//! `mdip_analysis::analyze` never panics, and every range it reports lies inside the input on
//! character boundaries: on arbitrary strings, and on text built from pieces of the notation
//! (headers, orders, seasons, directives, expectations) joined by random separators and line
//! breaks (LF, CRLF, lone CR).

use mdip_analysis::{analyze, Analysis};
use mdip_syntax::Span;
use proptest::prelude::*;

/// Checks that `span` is a valid range of `text`; `what` names it in the failure message.
fn check_span(text: &str, span: Span, what: &str) -> Result<(), TestCaseError> {
    let (s, e) = (span.start as usize, span.end as usize);
    prop_assert!(s <= e, "{what}: span {span} is reversed in {text:?}");
    prop_assert!(
        e <= text.len(),
        "{what}: span {span} ends past the input ({} bytes) in {text:?}",
        text.len()
    );
    prop_assert!(
        text.is_char_boundary(s) && text.is_char_boundary(e),
        "{what}: span {span} is not on character boundaries in {text:?}"
    );
    Ok(())
}

/// Every range the analysis reports: diagnostics with their related places and fix edits, and
/// the orders.
fn check_analysis(text: &str, a: &Analysis) -> Result<(), TestCaseError> {
    for d in &a.diagnostics {
        let what = format!("{} {:?}", d.code.as_str(), d.message);
        check_span(text, d.span, &what)?;
        prop_assert!(!d.message.is_empty(), "{what}: empty message");
        for r in &d.related {
            check_span(text, r.span, &format!("{what} (related)"))?;
        }
        for f in &d.fixes {
            for e in &f.edits {
                check_span(text, e.span, &format!("{what} (fix {:?})", f.title))?;
            }
        }
    }
    for o in a.orders() {
        check_span(text, o.span, "order")?;
    }
    Ok(())
}

/// Pieces of the notation, valid and broken, that the generator strings together.
const FRAGMENTS: &[&str] = &[
    // Block headers and powers.
    "England:",
    "Germany 1:0",
    "Austria-Hungary 2:1:",
    "France",
    "Englnd:",
    "Russia 0:0",
    "Turkey:",
    "Italy 3:1",
    "England: ",
    // Orders.
    "A Munich hold",
    "A Munich - Tyrolia 0:0",
    "A Munich 1:0 S F Kiel 1:1",
    "F North Sea - Picardy",
    "F North Sea Convoys A London - Belgium",
    "A London - Belgium via Convoy",
    "A Liverpool Supports A Yorkshire - Yorkshire",
    "S A mun - tyr 0:0",
    "F Spain(sc) - Gascony",
    "F Gascony - Spain(sc)",
    "F mao - spa/nc",
    "F St Petersburg (north coast) - Barents Sea",
    "F Trieste - Albania",
    "R",
    "Retreat",
    "F Trieste Disband",
    "Disband F Trieste",
    "Build A Munich",
    "Build F St Petersburg(nc)",
    "B A mun",
    "Remove F Sevastopol",
    "Waive",
    "A Paris -",
    "F North Sea Convoys A",
    "A Ruhr Supports",
    "Paris - Burgundy",
    "A Nort Sea - ber",
    "->",
    "to",
    "-",
    "H",
    "Holds",
    // Seasons and numbers.
    "0:0",
    "1:0",
    "0:1",
    "2:1",
    "1:",
    ":0",
    ":",
    "99999999999:0",
    "0:99999999999",
    "999999999:999999999",
    "4294967296:0",
    // Coasts.
    "(nc)",
    "(sc)",
    "(ec)",
    "(north coast)",
    "(",
    "()",
    "/",
    "/sc",
    // Outcomes.
    "=> succeeds",
    "=> fails",
    "=> illegal",
    "=>",
    "=> wins",
    // Directives and expectations.
    "@rules mdatc",
    "@rules standard",
    "@rules 5dd",
    "@rules 5dd strict",
    "@rules 5dd loose",
    "@rules 5dd strict loose",
    "A Munich 1:0 - Tyrolia 0:1",
    "F North Sea 1:0 C A London 2:0 - Norway 0:0",
    "A Munich S A Berlin 0:1 - Kiel 0:1",
    "@start standard",
    "@unit Russia F St Petersburg(sc)",
    "@unit Germany A Munich 1:0",
    "@unit England A North Sea",
    "@owns Germany Berlin, Kiel, Munich",
    "@owns",
    "@phase movement",
    "@phase retreat",
    "@phase adjustment",
    "@phase winter",
    "@turn 3",
    "@turn 999999999",
    "@turn",
    "@dislodged Austria A Tyrolia from Munich",
    "@dislodged Austria A Tyrolia from Munich by convoy",
    "@dislodged Russia F Spain(nc) from",
    "@dislodged France A Brest by",
    "@standoff Bohemia, Trieste",
    "@season 1:0",
    "@season 1:1 from 0:0",
    "@season 3:2",
    "@season 999999999:0",
    "@season 1:999999999 from 999999999:0",
    "@season 1:1 from",
    "@season",
    "@owns Austria Vienna 1:1",
    "@owns Germany 2:0",
    "@phase adjustment 2:0 2:1",
    "@phase retreat 1:0",
    "@dislodged Austria A Tyrolia 0:0 from Munich",
    "@record Germany: A Munich 0:0 - Tyrolia => fails",
    "@record Germany: A Munich 0:0 S A Kiel 0:0 - Berlin => succeeds",
    "@record Germany: A mun-tyr => fails",
    "@record Germany: Build A Kiel => succeeds",
    "@record Germany: A Munich",
    "@record Germany:",
    "@record",
    "@standoff",
    "@game",
    "@game 6.A.1 (two words)",
    "@expect retreats Austria A Tyrolia: Bohemia, Vienna",
    "@expect retreats Austria A Tyrolia: none",
    "@expect retreats Austria A Tyrolia:",
    "A Munich - Bohemia => any",
    "@expect timelines 0 1",
    "@expect unit Germany A Munich 1:1",
    "@expect dislodged Germany A Munich",
    "@expect dislodged except disbanded",
    "@expect dislodged except disbanded now",
    "@expect dislodged except",
    "Remove gol",
    "Disband Munich 1:0",
    "D Munich",
    "@expect empty 2:0",
    "@expect seasons 0:0 1:0",
    "@expect heads 2:0",
    "@expect owner Munich Germany",
    "@expect owner Munich none 1:0",
    "@expect winner none",
    "@expect error E0202",
    "@expect warning W0201",
    "@expect error",
    "@expect",
    "@",
    "@frobnicate",
    // Comments, odd characters and white space.
    "#",
    "# comment ΑΒΓ 日本",
    "é",
    "e\u{301}",
    "日本",
    "🎲",
    "\u{feff}",
    "\u{a0}",
    "\u{2013}",
    "%",
    ";",
    "\t",
    "\0",
];

/// What goes between two fragments.
const SEPARATORS: &[&str] = &[" ", " ", " ", "\n", "\n", "\r\n", "\r", "", "\t", "  \n\n"];

/// Text made of notation fragments and separators.
fn notation() -> impl Strategy<Value = String> {
    prop::collection::vec(
        (
            prop::sample::select(FRAGMENTS),
            prop::sample::select(SEPARATORS),
        ),
        0..48,
    )
    .prop_map(|parts| {
        let mut s = String::new();
        for (f, sep) in parts {
            s.push_str(f);
            s.push_str(sep);
        }
        s
    })
}

/// A line that is more likely to be meaningful: a header, an order, a directive or junk.
fn line() -> impl Strategy<Value = String> {
    let header = (
        prop::sample::select(&["England", "Germany", "Austria", "Russia", "Fra", "Englnd"][..]),
        prop::option::of((0u32..4, 0u32..3)),
        prop::bool::ANY,
    )
        .prop_map(|(p, season, colon)| {
            let mut s = p.to_string();
            if let Some((t, l)) = season {
                s.push_str(&format!(" {t}:{l}"));
            }
            if colon {
                s.push(':');
            }
            s
        });
    let place = (
        prop::sample::select(
            &[
                "Munich",
                "Kiel",
                "Berlin",
                "Tyrolia",
                "North Sea",
                "London",
                "Spain(sc)",
                "spa/nc",
                "St Petersburg",
                "Bohemia",
                "Vienna",
                "Nort Sea",
                "Paris",
            ][..],
        ),
        prop::option::of((0u32..4, 0u32..3)),
    )
        .prop_map(|(p, season)| match season {
            Some((t, l)) => format!("{p} {t}:{l}"),
            None => p.to_string(),
        });
    let unit = (
        prop::sample::select(&["A", "F", "Army", "Fleet", ""][..]),
        place.clone(),
    )
        .prop_map(|(k, p)| format!("{k} {p}"));
    // The part after the keyword: a place (moves), a unit (supports, convoys), a unit moving.
    let rest = prop_oneof![
        place.clone(),
        unit.clone(),
        (unit.clone(), place).prop_map(|(u, p)| format!("{u} - {p}")),
    ];
    let order = (
        unit,
        prop::sample::select(&["Hold", "-", "S", "C", "Disband", "R", "->", ""][..]),
        prop::option::of(rest),
        prop::option::of(prop::sample::select(
            &["=> succeeds", "=> fails", "=> illegal"][..],
        )),
    )
        .prop_map(|(u, op, rest, outcome)| {
            let mut s = format!("{u} {op}");
            if let Some(r) = rest {
                s.push(' ');
                s.push_str(&r);
            }
            if let Some(o) = outcome {
                s.push(' ');
                s.push_str(o);
            }
            s
        });
    prop_oneof![
        3 => header,
        6 => order,
        2 => prop::sample::select(FRAGMENTS).prop_map(str::to_string),
        1 => "[^\n\r]{0,12}",
    ]
}

/// Lines joined by random line breaks.
fn lines() -> impl Strategy<Value = String> {
    prop::collection::vec(
        (
            line(),
            prop::sample::select(&["\n", "\r\n", "\r", "\n\n"][..]),
        ),
        0..30,
    )
    .prop_map(|v| v.into_iter().map(|(l, b)| l + b).collect())
}

/// Some units of the standard opening, each with its power and the places it can move to.
const UNITS: &[(&str, &str, &[&str])] = &[
    (
        "Germany",
        "A Munich",
        &["Tyrolia", "Bohemia", "Ruhr", "Silesia", "Burgundy", "Kiel"],
    ),
    (
        "Germany",
        "A Berlin",
        &["Prussia", "Silesia", "Kiel", "Munich", "Baltic Sea"],
    ),
    (
        "Germany",
        "F Kiel",
        &[
            "Holland",
            "Denmark",
            "Helgoland Bight",
            "Baltic Sea",
            "Berlin",
        ],
    ),
    (
        "Austria",
        "A Vienna",
        &["Tyrolia", "Bohemia", "Galicia", "Budapest", "Trieste"],
    ),
    (
        "Austria",
        "A Budapest",
        &["Galicia", "Rumania", "Serbia", "Trieste", "Vienna"],
    ),
    (
        "Austria",
        "F Trieste",
        &["Adriatic Sea", "Albania", "Venice", "Tyrolia"],
    ),
    (
        "Italy",
        "A Venice",
        &["Tyrolia", "Trieste", "Piedmont", "Rome", "Apulia"],
    ),
];

/// A multi-step game from the standard opening: turn after turn of orders for the units of
/// the centre, whose moves and supports often reach back in time, so that steps are founded,
/// timelines fork, units are dislodged and adjustments come up.
fn game() -> impl Strategy<Value = String> {
    let order = (
        0..UNITS.len(),
        0u8..8,
        0usize..6,
        0..UNITS.len(),
        0u32..3,
        prop_oneof![4 => Just(0u32), 1 => 0u32..3],
        prop_oneof![4 => Just(0u32), 1 => 0u32..3],
    );
    (
        prop::collection::vec(prop::collection::vec(order, 1..6), 0..8),
        prop::sample::select(&["\n", "\r\n"][..]),
        0u8..4,
    )
        .prop_map(|(turns, br, end)| {
            let mut s = format!("@start standard{br}");
            for (t, orders) in turns.into_iter().enumerate() {
                let t = t as u32;
                for (u, op, d, other, back, tl, to_tl) in orders {
                    let (power, unit, dests) = UNITS[u];
                    let dest = dests[d % dests.len()];
                    let to = format!("{dest} {}:{to_tl}", t.saturating_sub(back));
                    let order = match op {
                        0 => "Hold".to_string(),
                        1..=4 => format!("- {to}"),
                        5 => format!("S {} - {to}", UNITS[other].1),
                        6 => format!("S {}", UNITS[other].1),
                        _ => "Disband".to_string(),
                    };
                    s.push_str(&format!("{power} {t}:{tl}{br}{unit} {order}{br}"));
                }
            }
            match end {
                0 => s.push_str(&format!("@phase retreat{br}")),
                1 => s.push_str(&format!("@phase adjustment{br}@phase movement{br}")),
                _ => {}
            }
            s
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn arbitrary_strings(text in any::<String>()) {
        let a = analyze(&text);
        check_analysis(&text, &a)?;
    }

    #[test]
    fn printable_strings(text in "[ -~\t\r\nÀ-ÿΑ-ω日本🎲]{0,200}") {
        let a = analyze(&text);
        check_analysis(&text, &a)?;
    }

    #[test]
    fn notation_fragments(text in notation()) {
        let a = analyze(&text);
        check_analysis(&text, &a)?;
    }

    #[test]
    fn notation_lines(text in lines()) {
        let a = analyze(&text);
        check_analysis(&text, &a)?;
    }

    #[test]
    fn multiversal_games(text in game()) {
        let a = analyze(&text);
        check_analysis(&text, &a)?;
    }
}

/// A few inputs that once looked risky, run every time.
#[test]
fn fixed_inputs() {
    let cases = [
        "",
        "\r",
        "\r\n",
        "\u{feff}",
        "England:\r\nF North Sea - Picardy\r\n",
        "Germany 99999999999:0\nA Munich Hold",
        "Germany 999999999:999999999\nA Munich Hold\n",
        "@turn 999999999\nGermany:\nA Munich - Tyrolia\n",
        "@phase adjustment\n@phase movement\n@phase retreat\n@phase adjustment\n",
        "@start standard\n@phase retreat\n@phase retreat\n",
        "Germany 0:0\nA Munich hold\nGermany 1:0\nA Munich - Tyrolia 0:0\n@phase movement\nA Tyrolia - Vienna\n",
        "A Mün - Tyr 0:0 => succeeds\n",
        "F Spain(\nF spa/\nF Spain()",
    ];
    for text in cases {
        let a = analyze(text);
        if let Err(e) = check_analysis(text, &a) {
            panic!("{e}");
        }
    }
}

/// Lines of the notation, some ending in a suppression comment (codes that exist or not,
/// used or not).
fn suppressed_lines() -> impl Strategy<Value = String> {
    (lines(), proptest::collection::vec(0usize..8, 0..8)).prop_map(|(text, marks)| {
        let codes = [
            "E0202",
            "W0201",
            "E0202, W0201",
            "E9999",
            "",
            "E01",
            "E0307 E0202",
            "w0201,,",
        ];
        text.split('\n')
            .enumerate()
            .map(|(i, l)| match marks.get(i) {
                Some(&m) => format!("{l} # mdip: ignore[{}]", codes[m]),
                None => l.to_owned(),
            })
            .collect::<Vec<_>>()
            .join("\n")
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The settings never panic and report ranges inside the text; the safe fixes never panic
    /// and a second run changes nothing.
    #[test]
    fn settings_and_fix_all(text in suppressed_lines()) {
        use mdip_analysis::config::Lint;
        let a = analyze(&text);
        for d in Lint::default().apply(&text, &a.diagnostics) {
            check_span(&text, d.span, d.code.as_str())?;
            for f in &d.fixes {
                for e in &f.edits {
                    check_span(&text, e.span, "suppression fix")?;
                }
            }
        }
        let once = mdip_analysis::ide::fix_all(&text, &Lint::default(), false);
        let twice = mdip_analysis::ide::fix_all(&once.text, &Lint::default(), false);
        prop_assert_eq!(&twice.text, &once.text, "from {:?}", text);
    }
}
