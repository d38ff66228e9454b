use super::*;

fn codes(diags: &[Diagnostic]) -> Vec<(&'static str, Severity)> {
    diags
        .iter()
        .map(|d| (d.code.as_str(), d.severity))
        .collect()
}

#[test]
fn selectors_are_checked_against_the_registry() {
    assert!(Selector::parse("E0202").is_ok());
    assert!(Selector::parse("e03").is_ok());
    assert!(Selector::parse("W").is_ok());
    assert!(Selector::parse("ALL").is_ok());
    let e = Selector::parse("W201").unwrap_err();
    assert!(e.contains("did you mean `W0201`"), "{e}");
    assert!(Selector::parse("E0299").is_err());
    assert!(Selector::parse("X1").is_err());
    assert!(Selector::parse("").is_err());
}

#[test]
fn the_most_specific_selector_wins() {
    let c = Config::parse("select = [\"E0202\"]\nignore = [\"E02\"]\n").unwrap();
    let l = c.lint_for("a.mdip");
    assert!(l.enabled(Code::UnknownProvince));
    assert!(!l.enabled(Code::UnknownPower));
    assert!(!l.enabled(Code::NoSuchUnit));
    let c = Config::parse("ignore = [\"W\"]\nextend-select = [\"W0202\"]\n").unwrap();
    let l = c.lint_for("a.mdip");
    assert!(l.enabled(Code::WrongUnitCoast));
    assert!(!l.enabled(Code::NeedlessCoast));
    assert!(l.enabled(Code::NoSuchUnit));
}

#[test]
fn severities_and_overrides() {
    let c = Config::parse(
        "warnings-as-errors = true\n[severity]\nW0201 = \"warning\"\nE0404 = \"warning\"\n\n[[overrides]]\nfiles = [\"legacy/**\"]\nignore = [\"E04\"]\nwarnings-as-errors = false\n",
    )
    .unwrap();
    let l = c.lint_for("games/a.mdip");
    assert_eq!(
        l.severity(Code::WrongUnitCoast, Severity::Warning),
        Severity::Error
    );
    assert_eq!(
        l.severity(Code::NeedlessCoast, Severity::Warning),
        Severity::Warning
    );
    assert_eq!(
        l.severity(Code::UnexpectedUnit, Severity::Error),
        Severity::Warning
    );
    let c2 = Config::parse("[per-file-ignores]\n\"legacy/**\" = [\"E04\"]\n").unwrap();
    assert!(!c2.lint_for("legacy/a.mdip").enabled(Code::UnexpectedUnit));
    assert!(c2.lint_for("new/a.mdip").enabled(Code::UnexpectedUnit));
    let e = Config::parse("[per-file-ignores]\n\"a/*\" = [\"E0\", \"Z\"]\n").unwrap_err();
    assert_eq!(
        (e[0].line, e[0].key.as_deref()),
        (2, Some("per-file-ignores.a/*"))
    );
    let legacy = c.lint_for("legacy/old/b.mdip");
    assert!(!legacy.enabled(Code::UnexpectedUnit));
    assert_eq!(
        legacy.severity(Code::WrongUnitCoast, Severity::Warning),
        Severity::Warning
    );
}

#[test]
fn the_rule_set_default_plays_files_without_rules() {
    let c = Config::parse(
        "rules = \"standard\"\n[[overrides]]\nfiles = [\"5d/*\"]\nrules = \"mdatc\"\n",
    )
    .unwrap();
    // A move to another season: illegal under standard rules only.
    let text = "Germany 0:0\nA Munich Hold\n\nGermany 1:0\nA Munich - Tyrolia 0:0\n";
    let standard = crate::analyze_for(text, &c.lint_for("a.mdip"));
    let mdatc = crate::analyze_for(text, &c.lint_for("5d/a.mdip"));
    assert!(standard
        .diagnostics
        .iter()
        .any(|d| d.code == Code::StandardRules));
    assert!(!mdatc.has_errors());
    // An `@rules` line still wins.
    let standard = crate::analyze_for(&format!("@rules mdatc\n{text}"), &c.lint_for("a.mdip"));
    assert!(!standard.has_errors());
    let e = Config::parse("rules = \"6dd\"\n").unwrap_err();
    assert_eq!(e[0].key.as_deref(), Some("rules"));
    assert!(e[0].message.contains("`5dd strict`"), "{}", e[0].message);
}

#[test]
fn exclude_matches_folders_and_names_anywhere() {
    let c = Config::parse("exclude = [\"drafts\", \"*.tmp.mdip\", \"a/b/*.mdip\"]\n").unwrap();
    assert!(c.excludes("drafts/x.mdip"));
    assert!(c.excludes("deep/x.tmp.mdip"));
    assert!(c.excludes("a/b/c.mdip"));
    assert!(!c.excludes("a/b/c/d.mdip"));
    assert!(!c.excludes("games/x.mdip"));
}

#[test]
fn errors_name_line_column_and_key() {
    let e = Config::parse("select = [\"E\"]\nignroe = [\"W\"]\n").unwrap_err();
    assert_eq!((e[0].line, e[0].key.as_deref()), (2, Some("ignroe")));
    let e = Config::parse("\n[[overrides]]\nfiles = [\"x\"]\nignore = [\"E0A\"]\n").unwrap_err();
    assert_eq!(
        (e[0].line, e[0].column, e[0].key.as_deref()),
        (4, 11, Some("overrides[0].ignore"))
    );
    let e = Config::parse("warnings-as-errors = \"yes\"\n").unwrap_err();
    assert_eq!(e[0].line, 1);
    assert_eq!(e[0].key.as_deref(), Some("warnings-as-errors"));
    let e = Config::parse("[severity]\nW0201 = \"fatal\"\n").unwrap_err();
    assert_eq!(
        (e[0].line, e[0].key.as_deref()),
        (2, Some("severity.W0201")),
        "{e:?}"
    );
}

#[test]
fn suppressions_silence_their_line_and_report_what_they_did_not() {
    let text = "England:\nF lon - nth  # mdip: ignore[E0202]\nA Yorx Hold # mdip: ignore[E0202, W0201, E9999]\n";
    let analysis = crate::analyze(text);
    assert_eq!(codes(&analysis.diagnostics), [("E0202", Severity::Error)]);
    let out = Lint::default().apply(text, &analysis.diagnostics);
    assert_eq!(
        codes(&out),
        [
            ("W0101", Severity::Warning),
            ("W0101", Severity::Warning),
            ("W0102", Severity::Warning)
        ]
    );
    // Removing an unused code leaves a well-formed comment.
    let fixed = crate::ide::fix_all(text, &Lint::default(), true).text;
    assert_eq!(
        fixed,
        "England:\nF lon - nth\nA Yorx Hold # mdip: ignore[E0202]\n"
    );
}
