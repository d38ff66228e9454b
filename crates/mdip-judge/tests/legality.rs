//! The board-dependent legality helpers for convoys (DATC 4.E.1; cases 6.D.31, 6.D.32, 6.F.1,
//! 6.G.6, 6.G.7, 6.G.19).

use mdip_judge::{convoy_order_is_legal, convoy_possible, StandardGeography};
use mdip_test_support::fixtures::{at, Case};

/// The board of a case, without adjudicating anything interesting.
fn board(lines: &[&str]) -> Case {
    Case::run(lines)
}

#[test]
fn d_31_a_tricky_impossible_support() {
    let c = board(&["Austria: A rum - arm", "Turkey: F bla S A rum - arm"]);
    let (units, geo) = (&c.input.units, &StandardGeography);
    assert!(convoy_possible(units, c.unit("rum"), at("arm"), None, geo));
    // Without the supporting fleet itself there is no route: the support is illegal.
    assert!(!convoy_possible(
        units,
        c.unit("rum"),
        at("arm"),
        Some(c.unit("bla")),
        geo
    ));
}

#[test]
fn d_32_a_missing_fleet() {
    let c = board(&[
        "England: F edi S A lvp - yor",
        "England: A lvp - yor",
        "France: F lon S A yor",
        "Germany: A yor - hol",
    ]);
    assert!(!convoy_possible(
        &c.input.units,
        c.unit("yor"),
        at("hol"),
        None,
        &StandardGeography
    ));
}

#[test]
fn d_08_a_convoy_is_possible_whatever_the_fleet_is_ordered() {
    let c = board(&["Austria: F ion H", "Turkey: A gre - nap"]);
    assert!(convoy_possible(
        &c.input.units,
        c.unit("gre"),
        at("nap"),
        None,
        &StandardGeography
    ));
}

#[test]
fn f_01_no_convoy_in_coastal_areas() {
    let c = board(&[
        "Turkey: A gre - sev",
        "Turkey: F aeg C A gre - sev",
        "Turkey: F con C A gre - sev",
        "Turkey: F bla C A gre - sev",
    ]);
    let legal = |f: &str| {
        convoy_order_is_legal(
            &c.input.units,
            c.unit(f),
            c.unit("gre"),
            at("sev"),
            &StandardGeography,
        )
    };
    assert!(!legal("con"));
    // Without Constantinople the Aegean and the Black Sea do not connect.
    assert!(!legal("aeg"));
    assert!(!legal("bla"));
}

#[test]
fn g_06_an_own_fleet_on_a_possible_route_shows_intent() {
    let c = board(&[
        "England: A lvp - edi",
        "England: F eng C A lvp - edi",
        "Germany: A edi - lvp",
        "France: F iri H",
        "France: F nth H",
        "Russia: F nwg C A lvp - edi",
        "Russia: F nao C A lvp - edi",
    ]);
    for f in ["eng", "nwg", "nao"] {
        assert!(
            convoy_order_is_legal(
                &c.input.units,
                c.unit(f),
                c.unit("lvp"),
                at("edi"),
                &StandardGeography
            ),
            "{f}"
        );
    }
}

#[test]
fn g_07_swapping_with_illegal_intent() {
    let c = board(&[
        "England: F ska C A swe - nwy",
        "England: F nwy - swe",
        "Russia: A swe - nwy",
        "Russia: F bot C A swe - nwy",
    ]);
    let legal = |f: &str| {
        convoy_order_is_legal(
            &c.input.units,
            c.unit(f),
            c.unit("swe"),
            at("nwy"),
            &StandardGeography,
        )
    };
    assert!(legal("ska"));
    assert!(!legal("bot"));
}

#[test]
fn g_19_swapping_with_intent_of_unnecessary_convoy() {
    let c = board(&[
        "France: A mar - spa",
        "France: F wes C A mar - spa",
        "Italy: F lyo C A mar - spa",
        "Italy: A spa - mar",
    ]);
    let legal = |f: &str| {
        convoy_order_is_legal(
            &c.input.units,
            c.unit(f),
            c.unit("mar"),
            at("spa"),
            &StandardGeography,
        )
    };
    assert!(legal("lyo"));
    assert!(!legal("wes"));
}
