//! Parses every order of the reference documents (DATC chapter 6 and the founding MDATC
//! draft), extracted at test time, and of the code blocks of `grammar/README.md` and
//! `docs/rules.md`, and checks
//! that none gives a syntax error.

use std::path::PathBuf;

use mdip_syntax::{parse, LineIndex, LineKind, Order};

/// The powers that head DATC order blocks.
const POWERS: [&str; 7] = [
    "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
];

/// Reads a file relative to this crate, failing with a clear message if it is missing.
fn read(relative: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|error| {
        panic!(
            "cannot read reference file {} ({error}); the reference texts are kept in \
             `tests/reference/` of the repository",
            path.display()
        )
    })
}

/// One group of lines to parse together, with a label naming where it comes from.
struct Case {
    label: String,
    lines: Vec<String>,
}

/// Parses each case and returns the number of non-blank lines parsed, panicking with every
/// failing line named.
fn check_cases(cases: &[Case]) -> usize {
    let mut failures = Vec::new();
    let mut count = 0;
    for case in cases {
        let text = case.lines.join("\n");
        let parse = parse(&text);
        let index = LineIndex::new(&text);
        for error in &parse.errors {
            let line = index.line_col(error.span.start).line as usize;
            failures.push(format!(
                "{}: `{}`: {} {}",
                case.label, case.lines[line], error.code, error.message
            ));
        }
        for (line, source) in parse.file.lines.iter().zip(&case.lines) {
            match line.kind {
                LineKind::Header(_) | LineKind::Order(_) => count += 1,
                LineKind::Error => {
                    failures.push(format!("{}: `{source}` is unreadable", case.label))
                }
                LineKind::Blank | LineKind::Comment | LineKind::Directive(_) => {}
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} reference lines fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
    count
}

/// Tells whether a DATC line is a block header: a power, with or without a colon.
fn is_datc_header(line: &str) -> bool {
    let line = line.trim_end();
    let name = line.strip_suffix(':').unwrap_or(line);
    POWERS.contains(&name)
}

/// Extracts the order blocks of DATC chapter 6: each header line and the non-blank lines right
/// after it.
fn datc_cases() -> Vec<Case> {
    let text = read("../../tests/reference/datc-v3.0.txt");
    let start = text
        .lines()
        .position(|line| line.starts_with("6.A.1. TEST CASE"))
        .expect("DATC has no line starting with `6.A.1. TEST CASE`");
    let mut cases: Vec<Case> = Vec::new();
    let mut label = String::new();
    let mut in_block = false;
    for line in text.lines().skip(start) {
        if line.starts_with("6.") && line.contains("TEST CASE") {
            label = line.split(' ').next().unwrap_or("").to_owned();
            cases.push(Case {
                label: label.clone(),
                lines: Vec::new(),
            });
            in_block = false;
            continue;
        }
        if line.trim().is_empty() {
            in_block = false;
            continue;
        }
        if is_datc_header(line) {
            in_block = true;
        }
        if in_block {
            let case = cases
                .last_mut()
                .expect("a block before the first test case");
            assert_eq!(case.label, label);
            case.lines.push(line.to_owned());
        }
    }
    cases.retain(|case| !case.lines.is_empty());
    cases
}

/// Extracts the indented order blocks of the `3.A.N` cases of the MDATC draft.
fn mdatc_cases() -> Vec<Case> {
    let text = read("../../tests/reference/mdatc-draft.txt");
    let mut cases: Vec<Case> = Vec::new();
    for line in text.lines() {
        let heading = line
            .strip_prefix("3.A.")
            .and_then(|rest| rest.split('.').next());
        if let Some(number) =
            heading.filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        {
            cases.push(Case {
                label: format!("3.A.{number}"),
                lines: Vec::new(),
            });
            continue;
        }
        if let Some(case) = cases.last_mut() {
            if line.starts_with("    ") || (line.trim().is_empty() && !case.lines.is_empty()) {
                case.lines.push(line.trim().to_owned());
            }
        }
    }
    cases
}

/// Extracts the fenced `mdip` code blocks of a document of the repository (`grammar/README.md`,
/// `docs/rules.md`).
fn doc_cases(doc: &str) -> Vec<Case> {
    let text = read(&format!("../../{doc}"));
    let mut cases = Vec::new();
    let mut current: Option<Vec<String>> = None;
    for line in text.lines() {
        match &mut current {
            None if line.trim_start() == "```mdip" => current = Some(Vec::new()),
            Some(lines) if line.trim_start().starts_with("```") => {
                let label = format!("{doc} block {}", cases.len() + 1);
                cases.push(Case {
                    label,
                    lines: std::mem::take(lines),
                });
                current = None;
            }
            Some(lines) => lines.push(line.to_owned()),
            None => {}
        }
    }
    cases
}

/// Names the kind of order a DATC line spells with its keyword, to check the tree.
fn expected_kind(line: &str) -> &'static str {
    if line.starts_with("Build ") {
        "build"
    } else if line.starts_with("Remove ") {
        "remove"
    } else if line.contains(" Supports ") {
        if line.contains(" - ") {
            "support-move"
        } else {
            "support-hold"
        }
    } else if line.contains(" Convoys ") {
        "convoy"
    } else if line.contains(" - ") {
        "move"
    } else {
        "hold"
    }
}

/// Names the kind of a parsed order.
fn actual_kind(order: &Order) -> &'static str {
    match order {
        Order::Hold { .. } => "hold",
        Order::Move { .. } => "move",
        Order::SupportHold { .. } => "support-hold",
        Order::SupportMove { .. } => "support-move",
        Order::Convoy { .. } => "convoy",
        Order::Disband { .. } => "disband",
        Order::Build { .. } => "build",
        Order::Remove { .. } => "remove",
        Order::Waive { .. } => "waive",
        Order::Incomplete(_) => "incomplete",
    }
}

#[test]
fn datc_orders_have_the_kind_their_keywords_say() {
    let mut mismatches = Vec::new();
    for case in datc_cases() {
        for source in &case.lines {
            let parse = parse(source);
            if let LineKind::Order(line) = &parse.file.lines[0].kind {
                let (expected, actual) = (expected_kind(source), actual_kind(&line.order));
                if expected != actual {
                    mismatches.push(format!(
                        "{}: `{source}`: {actual}, not {expected}",
                        case.label
                    ));
                }
            }
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
fn datc_chapter_6_parses() {
    let cases = datc_cases();
    assert!(
        cases.len() > 150,
        "only {} DATC cases with orders found",
        cases.len()
    );
    let count = check_cases(&cases);
    println!(
        "reference lines parsed (DATC chapter 6): {count} in {} cases",
        cases.len()
    );
    assert!(count > 1000);
}

#[test]
fn mdatc_draft_parses() {
    let cases = mdatc_cases();
    assert_eq!(cases.len(), 6, "the MDATC draft has cases 3.A.1 to 3.A.6");
    let count = check_cases(&cases);
    println!(
        "reference lines parsed (MDATC 3.A): {count} in {} cases",
        cases.len()
    );
    assert!(count > 30);
}

#[test]
fn readme_examples_parse() {
    let cases = doc_cases("grammar/README.md");
    assert!(!cases.is_empty(), "grammar/README.md has no ```mdip block");
    let count = check_cases(&cases);
    println!("reference lines parsed (grammar/README.md): {count}");
}

/// The examples of the rules document are order files as written.
#[test]
fn rules_examples_parse() {
    let cases = doc_cases("docs/rules.md");
    assert!(
        cases.len() >= 10,
        "docs/rules.md has {} ```mdip blocks",
        cases.len()
    );
    let count = check_cases(&cases);
    println!("reference lines parsed (docs/rules.md): {count}");
}

#[test]
fn reference_total() {
    let total = check_cases(&datc_cases()) + check_cases(&mdatc_cases());
    println!("reference lines parsed: {total}");
}
