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

#[test]
fn the_new_directive_names_are_completed() {
    use mdip_analysis::ide::{completions, CompletionConfig};
    let labels = |text: &str| -> Vec<String> {
        let a = analyze(text);
        completions(&a, text, text.len() as u32, CompletionConfig::default())
            .into_iter()
            .map(|c| c.label)
            .collect()
    };
    let at = labels("@");
    assert!(at.iter().any(|l| l == "@dislodged"), "{at:?}");
    assert!(at.iter().any(|l| l == "@standoff"), "{at:?}");
    assert!(at.iter().any(|l| l == "@game"), "{at:?}");
    let expect = labels("@expect ");
    assert!(expect.iter().any(|l| l == "retreats"), "{expect:?}");
    let power = labels("@dislodged ");
    assert!(power.iter().any(|l| l == "Austria"), "{power:?}");
}
