//! Unit tests of the formatter's safety check.

use super::check::same_meaning;
use super::{apply, format_text, CanonicalCoast, Options};

fn coast(name: &str) -> Option<&'static str> {
    match name.to_ascii_lowercase().as_str() {
        "nc" | "north coast" => Some("nc"),
        "sc" | "south coast" => Some("sc"),
        _ => None,
    }
}

const COAST: CanonicalCoast<'static> = &coast;

const OPTIONS: &Options<'static> = &Options {
    coast: COAST,
    reread: &crate::parse,
    keep: &|_| false,
    shorthand_decided: false,
};

fn line(text: &str) -> crate::Line {
    crate::parse(text).file.lines.remove(0)
}

#[test]
fn keywords_and_spacing_do_not_change_the_meaning() {
    assert!(same_meaning(&line("A  Paris"), "A Paris Hold", OPTIONS));
    assert!(same_meaning(
        &line("Army Paris -> Burgundy"),
        "A Paris - Burgundy",
        OPTIONS
    ));
    assert!(same_meaning(
        &line("F Spain (north coast) S A Gascony"),
        "F Spain(nc) Supports A Gascony",
        OPTIONS
    ));
    assert!(same_meaning(
        &line("Disband F Trieste"),
        "F Trieste Disband",
        OPTIONS
    ));
}

#[test]
fn names_coasts_seasons_and_order_kinds_do() {
    assert!(!same_meaning(
        &line("A Paris - Burgundy"),
        "A Paris - Picardy",
        OPTIONS
    ));
    assert!(!same_meaning(
        &line("A Paris - Burgundy"),
        "A Paris - Burgundy via Convoy",
        OPTIONS
    ));
    assert!(!same_meaning(
        &line("F Spain(nc) Hold"),
        "F Spain(sc) Hold",
        OPTIONS
    ));
    assert!(!same_meaning(
        &line("A Paris 1:0 Hold"),
        "A Paris 1:1 Hold",
        OPTIONS
    ));
    assert!(!same_meaning(
        &line("A Paris Hold"),
        "A Paris Disband",
        OPTIONS
    ));
    assert!(!same_meaning(
        &line("@expect error E0101"),
        "@expect error E0102",
        OPTIONS
    ));
    // Incomplete orders and unreadable lines have no meaning to keep.
    assert!(!same_meaning(&line("A Paris -"), "A Paris -", OPTIONS));
}

#[test]
fn formats_without_a_map() {
    let text = "  germany   1:0  \nArmy  munich   s  A kiel -> ber # why\nF  spain /SC  -  mao =>SUCCEEDS\n";
    let edits = format_text(text, COAST).expect("formats");
    assert_eq!(
        apply(text, &edits),
        "germany 1:0\nA munich Supports A kiel - ber # why\nF spain(sc) - mao => succeeds\n"
    );
}

#[test]
fn shorthand_stays_as_written_without_a_map() {
    // Without the map `F Mid-Atlantic` could be a move to "Atlantic"; nothing is rewritten.
    let text = "A  bud-gal\nF Mid-Atlantic\nA  Paris\n";
    let edits = format_text(text, COAST).expect("formats");
    assert_eq!(
        apply(text, &edits),
        "A  bud-gal\nF Mid-Atlantic\nA Paris Hold\n"
    );
}

#[test]
fn retreat_and_via_convoy_spellings_are_kept() {
    let text = "Turkey:\nF Ankara R Black Sea\nA Smyrna - Syria VIA convoy\nA Paris - \n";
    let edits = format_text(text, COAST).expect("formats");
    assert_eq!(
        apply(text, &edits),
        "Turkey:\nF Ankara Retreat Black Sea\nA Smyrna - Syria via Convoy\nA Paris -\n"
    );
}

#[test]
fn seasons_in_words_get_one_spelling() {
    let text = "spring  1901:\nengland   autumn 1901\nf1901r\nGermany w1901b:\n";
    let edits = format_text(text, COAST).expect("formats");
    assert_eq!(
        apply(text, &edits),
        "Spring 1901\nengland Fall 1901\nF1901R\nGermany W1901A\n"
    );
}

#[test]
fn removals_without_a_unit_type_keep_the_keyword_first() {
    // `gol Disband` would lack the unit type: a disband without one stays keyword first.
    let text = "France:\nd  gol\nremove   Paris 1:0\nF Trieste D\n";
    let edits = format_text(text, COAST).expect("formats");
    assert_eq!(
        apply(text, &edits),
        "France:\nDisband gol\nRemove Paris 1:0\nF Trieste Disband\n"
    );
}

#[test]
fn setup_directives_of_seasons_and_records() {
    let text = "@SEASON  1:1   FROM 0:0\n@season 1:0\n@owns  Austria vie  bud   1:1\n@phase ADJUSTMENT 2:0,  2:1\n@record  germany:  a munich 0:0 -  tyr   =>  FAILS\n@record Germany: A mun-tyr => fails\n";
    let edits = format_text(text, COAST).expect("formats");
    assert_eq!(
        apply(text, &edits),
        "@season 1:1 from 0:0\n@season 1:0\n@owns Austria vie, bud 1:1\n@phase adjustment 2:0 2:1\n@record germany: A munich 0:0 - tyr => fails\n@record Germany: A mun-tyr => fails\n"
    );
}
