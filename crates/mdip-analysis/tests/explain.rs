//! Every diagnostic code is taught by example (`mdip check --explain CODE`): its wrong example
//! produces the code, its right example does not, and `docs/diagnostics.md` is generated from the
//! same source. To rewrite the page after changing an explanation or a message:
//! `MDIP_WRITE_DOCS=1 cargo test -p mdip-analysis --test explain`.

use mdip_analysis::explain::{docs_page, explanation, reported, DOCS_MARKER};
use mdip_analysis::Code;

/// The codes whose wrong example cannot be written down, with the reason.
const NO_EXAMPLE: &[(&str, &str)] = &[("E0113", "a file over 4 GiB")];

#[test]
fn every_wrong_example_gives_its_code_and_every_right_one_does_not() {
    let mut failures = Vec::new();
    for code in Code::every() {
        let e = explanation(code);
        match e.wrong {
            Some(wrong) => {
                let diagnostics = reported(wrong);
                if !diagnostics.iter().any(|d| d.code == code && !d.expected) {
                    let got: Vec<&str> = diagnostics.iter().map(|d| d.code.as_str()).collect();
                    failures.push(format!(
                        "{}: the wrong example gives {got:?}",
                        code.as_str()
                    ));
                }
            }
            None => assert!(
                NO_EXAMPLE.iter().any(|(c, _)| *c == code.as_str()),
                "{} has no wrong example",
                code.as_str()
            ),
        }
        if reported(e.right).iter().any(|d| d.code == code) {
            failures.push(format!("{}: the right example gives it too", code.as_str()));
        }
        assert!(
            !e.meaning.is_empty() && !e.rule.is_empty(),
            "{}",
            code.as_str()
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_diagnostics_page_is_generated_from_the_explanations() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/diagnostics.md");
    let doc = std::fs::read_to_string(&path).expect("docs/diagnostics.md");
    let Some(at) = doc.find(DOCS_MARKER) else {
        panic!("docs/diagnostics.md lacks the line {DOCS_MARKER}");
    };
    let head = &doc[..at + DOCS_MARKER.len()];
    let fresh = format!("{head}\n{}", docs_page());
    if std::env::var_os("MDIP_WRITE_DOCS").is_some() {
        std::fs::write(&path, &fresh).expect("write docs/diagnostics.md");
        return;
    }
    assert!(
        doc == fresh,
        "docs/diagnostics.md is stale: run MDIP_WRITE_DOCS=1 cargo test -p mdip-analysis --test explain"
    );
}
