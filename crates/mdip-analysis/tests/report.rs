//! The typed report's account of retreat steps: what each owed when it opened, whether a
//! movement step of the file dislodged the units or the position was set up so, and never a
//! unit of another game.

use mdip_analysis::report::{DislodgedReport, FileReport, PhaseName};

/// `(power, location, options)` of each unit a report's retreat step owed.
fn owed(report: &FileReport) -> Vec<Vec<(String, String, Vec<String>)>> {
    report
        .steps
        .iter()
        .filter(|s| s.phase == PhaseName::Retreat)
        .map(|s| s.retreats_owed.iter().map(line).collect())
        .collect()
}

fn line(d: &DislodgedReport) -> (String, String, Vec<String>) {
    (
        d.unit.power.unwrap_or("?").to_owned(),
        d.unit.location.to_string(),
        d.options.iter().map(|o| o.to_string()).collect(),
    )
}

fn report(text: &str) -> FileReport {
    FileReport::new("f.mdip", text, &mdip_analysis::analyze(text))
}

#[test]
fn a_retreat_phase_set_up_by_hand_owes_its_dislodged_units() {
    let r = report(
        "@phase retreat\n@unit Germany A Tyrolia\n@dislodged Austria A Tyrolia from Munich\n\
         @dislodged Russia F North Sea\nAustria:\nA Tyrolia - Bohemia\n",
    );
    let owed = owed(&r);
    assert_eq!(owed.len(), 1, "{owed:?}");
    let names: Vec<(&str, &str)> = owed[0]
        .iter()
        .map(|(p, l, _)| (p.as_str(), l.as_str()))
        .collect();
    // In the world's order of provinces.
    assert_eq!(names, [("Russia", "nth"), ("Austria", "tyr")]);
    assert!(owed[0][1].2.contains(&"boh".to_owned()), "{owed:?}");
}

#[test]
fn a_second_game_owes_only_its_own_retreats() {
    let r = report(
        "@game one\nGermany:\nA Munich - Tyrolia\nA Bohemia S A Munich - Tyrolia\nAustria:\nA Tyrolia Hold\n\
         @phase retreat\nAustria:\nA Tyrolia - Vienna\n\
         @game two\n@phase retreat\n@unit Germany A Bohemia\n@dislodged Austria A Bohemia from Silesia\n\
         Austria:\nA Bohemia - Vienna\n",
    );
    let owed = owed(&r);
    let locations: Vec<Vec<&str>> = owed
        .iter()
        .map(|step| step.iter().map(|(_, l, _)| l.as_str()).collect())
        .collect();
    assert_eq!(locations, [vec!["tyr"], vec!["boh"]], "{owed:?}");
}

/// `(power, centres)` of the report's victory counts with at least one centre, and the count a
/// win needs.
fn victory(r: &FileReport) -> (usize, Vec<(&'static str, usize)>) {
    (
        r.victory.needed,
        r.victory
            .powers
            .iter()
            .filter(|c| c.centres > 0)
            .map(|c| (c.power, c.centres))
            .collect(),
    )
}

/// Victory at a glance counts each power's distinct centres over the heads, under both rule
/// sets: 17 on each of two heads, 18 distinct (`tests/cases/victory-across-timelines.mdip`).
#[test]
fn victory_counts_distinct_centres_over_the_heads_under_both_rule_sets() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/cases/victory-across-timelines.mdip"),
    )
    .unwrap();
    let r = report(&text);
    assert_eq!(r.winner, Some("Germany"));
    assert_eq!(victory(&r), (18, vec![("France", 2), ("Germany", 18)]));
    // The 5D game's rules count the same way (a win ends the game there).
    let r = report(
        "@rules 5dd\n@owns Germany Berlin, Kiel, Munich\n@owns France Paris\n\
         @unit Germany A Berlin\nGermany:\nA Berlin Hold\n",
    );
    assert_eq!(victory(&r), (18, vec![("France", 1), ("Germany", 3)]));
    assert_eq!(r.winner, None);
}
