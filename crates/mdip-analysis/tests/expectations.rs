//! In-file expectations of diagnostics: the code and the severity must both match.

use mdip_analysis::{analyze, Code};

const NEEDLESS_COAST: &str = "England:\nF London - North Sea(nc)\n";

#[test]
fn an_expected_warning_is_met_by_the_warning() {
    let a = analyze(&format!(
        "@expect warning W0201\n{}",
        NEEDLESS_COAST.replace("England:\n", "England: ")
    ));
    let missing: Vec<_> = a
        .diagnostics
        .iter()
        .filter(|d| d.code == Code::MissingDiagnostic)
        .collect();
    assert!(missing.is_empty(), "{missing:?}");
    assert!(a
        .diagnostics
        .iter()
        .any(|d| d.code == Code::NeedlessCoast && d.expected));
}

#[test]
fn an_expected_error_is_not_met_by_a_warning_of_that_code() {
    let a = analyze(&format!(
        "@expect error W0201\n{}",
        NEEDLESS_COAST.replace("England:\n", "England: ")
    ));
    assert!(a
        .diagnostics
        .iter()
        .any(|d| d.code == Code::MissingDiagnostic));
    assert!(a.has_errors());
}

/// `@expect has` fails with a message naming what it expected and what stands there, and
/// only for its own line: the season's other units are not looked at.
#[test]
fn expect_has_fails_clearly() {
    let text = "@start standard\nGermany 0:0\nA Munich hold\nGermany 1:0\nA Munich - Tyrolia 0:0\n\
                @expect has A Tyrolia 1:1\n\
                @expect has A Bohemia 1:1\n\
                @expect has France A Munich 1:1\n\
                @expect has F Kiel 7:0\n";
    let a = analyze(text);
    let failures: Vec<(usize, &str)> = a
        .diagnostics
        .iter()
        .filter(|d| d.code == Code::MissingUnit)
        .map(|d| {
            (
                text[..d.span.start as usize].matches('\n').count() + 1,
                d.message.as_str(),
            )
        })
        .collect();
    assert_eq!(
        failures,
        [
            (
                7,
                "expected A Bohemia in 1:1 (Fall 1901), but the province is empty"
            ),
            (
                8,
                "expected French A Munich in 1:1 (Fall 1901), but found German A Munich"
            ),
            (
                9,
                "expected F Kiel in 7:0 (Fall 1904), but season 7:0 does not exist"
            ),
        ]
    );
    assert!(a.has_errors());
    assert_eq!((a.expectations.stated, a.expectations.failed), (4, 3));
    // In a game with one timeline the season is the current one, in words.
    let a = analyze("@start standard\n@expect has Russia F Sevastopol\n@expect has A Kiel\n");
    let messages: Vec<&str> = a.diagnostics.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        messages,
        ["expected A Kiel in Spring 1901, but found German F Kiel"]
    );
}
