//! The rule sets and options in `docs/rules.md` are generated from the rule table
//! (`mdip_judge::PRESETS` and `OPTIONS`): a stale page fails, and
//! `MDIP_WRITE_DOCS=1 cargo test -p mdip-judge --test rules_docs` writes it.

use mdip_judge::{OPTIONS, PRESETS};

const BEGIN: &str =
    "<!-- Generated from crates/mdip-judge/src/rules.rs: MDIP_WRITE_DOCS=1 cargo test -p mdip-judge --test rules_docs -->";
const END: &str = "<!-- End of the generated rule table. -->";

fn table() -> String {
    let mut out = String::from("| directive | rule set |\n|---|---|\n");
    for (i, p) in PRESETS.iter().enumerate() {
        let names: Vec<String> = std::iter::once(p.name)
            .chain(p.aliases.iter().copied())
            .map(|n| format!("`@rules {n}`"))
            .collect();
        let default = if i == 0 { " (the default)" } else { "" };
        out.push_str(&format!("| {}{default} | {} |\n", names.join(" · "), p.doc));
    }
    out.push_str("\nThe options, and the choice of each rule set:\n\n| option | decides | ");
    let heads: Vec<String> = PRESETS.iter().map(|p| format!("`{}`", p.name)).collect();
    out.push_str(&heads.join(" | "));
    out.push_str(" |\n|---|---|");
    out.push_str(&"---|".repeat(PRESETS.len()));
    out.push('\n');
    for o in &OPTIONS {
        let numbered = if o.source.starts_with("DATC ") {
            format!(" (or `{}`)", o.source.trim_start_matches("DATC "))
        } else {
            String::new()
        };
        out.push_str(&format!(
            "| `{}`{numbered} | {} ({}) |",
            o.name, o.doc, o.source
        ));
        for p in &PRESETS {
            let c = o.current(&p.rules).map_or("?", |c| c.name);
            out.push_str(&format!(" `{c}` |"));
        }
        out.push('\n');
    }
    out.push_str("\n| option | choice | meaning |\n|---|---|---|\n");
    for o in &OPTIONS {
        for c in o.choices {
            out.push_str(&format!("| `{}` | `{}` | {} |\n", o.name, c.name, c.doc));
        }
    }
    out
}

#[test]
fn the_rule_table_in_the_docs_is_generated_from_the_code() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/rules.md");
    let doc = std::fs::read_to_string(&path).expect("docs/rules.md");
    let (Some(begin), Some(end)) = (doc.find(BEGIN), doc.find(END)) else {
        panic!("docs/rules.md lacks the lines {BEGIN} and {END}");
    };
    let fresh = format!("{}{BEGIN}\n\n{}\n{}", &doc[..begin], table(), &doc[end..]);
    if std::env::var_os("MDIP_WRITE_DOCS").is_some() {
        std::fs::write(&path, &fresh).expect("write docs/rules.md");
        return;
    }
    assert!(
        doc == fresh,
        "docs/rules.md is stale: run MDIP_WRITE_DOCS=1 cargo test -p mdip-judge --test rules_docs"
    );
}

/// Every option with a choice to make has its case, `tests/cases/rules-option-NAME.mdip`, with
/// a game under each of its choices (`@rules ... NAME CHOICE`, or its DATC number); that the
/// games' outcomes differ is the case's own expectations (the `cases` suite runs them).
#[test]
fn every_option_with_choices_has_a_case_playing_each_choice() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases");
    let mut missing = Vec::new();
    for o in OPTIONS.iter().filter(|o| o.choices.len() > 1) {
        let file = dir.join(format!("rules-option-{}.mdip", o.name));
        let Ok(text) = std::fs::read_to_string(&file) else {
            missing.push(format!("{}: no file", file.display()));
            continue;
        };
        let rules: Vec<Vec<String>> = text
            .lines()
            .map(|l| l.split('#').next().unwrap_or("").to_ascii_lowercase())
            .filter(|l| l.trim_start().starts_with("@rules"))
            .map(|l| l.split_whitespace().map(str::to_owned).collect())
            .collect();
        for c in o.choices {
            let played = rules.iter().any(|words| {
                words
                    .windows(2)
                    .any(|w| o.is_named(&w[0]) && w[1].eq_ignore_ascii_case(c.name))
            });
            if !played {
                missing.push(format!(
                    "{}: no game under `{} {}`",
                    file.display(),
                    o.name,
                    c.name
                ));
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
