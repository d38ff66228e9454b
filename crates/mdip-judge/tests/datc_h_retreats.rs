//! DATC v3.0 chapter 6, section H: retreats (and 6.F.7 for a dislodged convoy).
//!
//! Supports and convoys in the retreat phase are rejected by the caller (6.H.1–6.H.3); here the
//! retreat orders that remain are adjudicated.

use mdip_judge::{retreat_options, Reason, StandardGeography};
use mdip_test_support::fixtures::{at, check};

#[test]
fn h_01_no_supports_during_retreat() {
    let c = check(
        &[
            "Austria: F tri H",
            "Austria: A ser H",
            "Turkey: F gre H",
            "Italy: A ven S A tyr - tri",
            "Italy: A tyr - tri",
            "Italy: F ion - gre",
            "Italy: F aeg S F ion - gre",
        ],
        "succeeds: tyr ion; dislodged: tri gre",
    );
    let r = c.retreat(&["Austria: F tri - alb", "Turkey: F gre - alb"]);
    assert!(!r.survives("tri"));
    assert!(!r.survives("gre"));
    assert_eq!(
        r.outcome("tri").reason,
        Reason::RetreatCollision {
            with: vec![c.unit("gre")]
        }
    );
}

#[test]
fn h_02_no_supports_from_retreating_unit() {
    let c = check(
        &[
            "England: A lvp - edi",
            "England: F yor S A lvp - edi",
            "England: F nwy H",
            "Germany: A kie S A ruh - hol",
            "Germany: A ruh - hol",
            "Russia: F edi H",
            "Russia: A swe S A fin - nwy",
            "Russia: A fin - nwy",
            "Russia: F hol H",
        ],
        "succeeds: lvp ruh fin; dislodged: nwy edi hol",
    );
    let r = c.retreat(&["England: F nwy - nth", "Russia: F edi - nth"]);
    assert!(!r.survives("nwy"));
    assert!(!r.survives("edi"));
    assert_eq!(r.outcome("hol").reason, Reason::NoRetreatOrder);
}

#[test]
fn h_03_no_convoy_during_retreat() {
    let c = check(
        &[
            "England: F nth H",
            "England: A hol H",
            "Germany: F kie S A ruh - hol",
            "Germany: A ruh - hol",
        ],
        "succeeds: ruh; dislodged: hol",
    );
    let r = c.retreat(&["England: A hol - yor"]);
    assert_eq!(r.outcome("hol").reason, Reason::RetreatUnreachable);
}

#[test]
fn h_04_no_other_moves_during_retreat() {
    let c = check(
        &[
            "England: F nth H",
            "England: A hol H",
            "Germany: F kie S A ruh - hol",
            "Germany: A ruh - hol",
        ],
        "dislodged: hol",
    );
    let r = c.retreat(&["England: A hol - bel", "England: F nth - nwg"]);
    assert!(r.survives("hol"));
    assert_eq!(r.result.ignored, vec![1]);
}

#[test]
fn h_05_a_unit_may_not_retreat_to_the_area_from_which_it_is_attacked() {
    let c = check(
        &[
            "Russia: F con S F bla - ank",
            "Russia: F bla - ank",
            "Turkey: F ank H",
        ],
        "dislodged: ank",
    );
    let r = c.retreat(&["Turkey: F ank - bla"]);
    assert_eq!(r.outcome("ank").reason, Reason::RetreatToAttacker);
    let options = retreat_options(&c.input.units, &c.result, c.unit("ank"), &StandardGeography);
    assert_eq!(options, vec![at("arm")]);
}

#[test]
fn h_06_unit_may_not_retreat_to_a_contested_area() {
    let c = check(
        &[
            "Austria: A bud S A tri - vie",
            "Austria: A tri - vie",
            "Germany: A mun - boh",
            "Germany: A sil - boh",
            "Italy: A vie H",
        ],
        "dislodged: vie; contested: boh",
    );
    let r = c.retreat(&["Italy: A vie - boh"]);
    assert_eq!(r.outcome("vie").reason, Reason::RetreatContested);
}

#[test]
fn h_07_multiple_retreat_to_same_area_will_disband_units() {
    let c = check(
        &[
            "Austria: A bud S A tri - vie",
            "Austria: A tri - vie",
            "Germany: A mun S A sil - boh",
            "Germany: A sil - boh",
            "Italy: A vie H",
            "Italy: A boh H",
        ],
        "dislodged: vie boh",
    );
    let r = c.retreat(&["Italy: A boh - tyr", "Italy: A vie - tyr"]);
    assert!(!r.survives("boh"));
    assert!(!r.survives("vie"));
}

#[test]
fn h_08_triple_retreat_to_same_area_will_disband_units() {
    let c = check(
        &[
            "England: A lvp - edi",
            "England: F yor S A lvp - edi",
            "England: F nwy H",
            "Germany: A kie S A ruh - hol",
            "Germany: A ruh - hol",
            "Russia: F edi H",
            "Russia: A swe S A fin - nwy",
            "Russia: A fin - nwy",
            "Russia: F hol H",
        ],
        "dislodged: nwy edi hol",
    );
    let r = c.retreat(&[
        "England: F nwy - nth",
        "Russia: F edi - nth",
        "Russia: F hol - nth",
    ]);
    for u in ["nwy", "edi", "hol"] {
        assert!(!r.survives(u), "{u}");
    }
}

#[test]
fn h_09_dislodged_unit_will_not_make_attackers_area_contested() {
    let c = check(
        &[
            "England: F hel - kie",
            "England: F den S F hel - kie",
            "Germany: A ber - pru",
            "Germany: F kie H",
            "Germany: A sil S A ber - pru",
            "Russia: A pru - ber",
        ],
        "succeeds: hel ber; dislodged: kie pru; contested: ",
    );
    let r = c.retreat(&["Germany: F kie - ber"]);
    assert!(r.survives("kie"));
}

#[test]
fn h_10_not_retreating_to_attacker_does_not_mean_contested() {
    let c = check(
        &[
            "England: A kie H",
            "Germany: A ber - kie",
            "Germany: A mun S A ber - kie",
            "Germany: A pru H",
            "Russia: A war - pru",
            "Russia: A sil S A war - pru",
        ],
        "dislodged: kie pru",
    );
    let r = c.retreat(&["England: A kie - ber", "Germany: A pru - ber"]);
    assert_eq!(r.outcome("kie").reason, Reason::RetreatToAttacker);
    assert!(r.survives("pru"));
}

#[test]
fn h_11_retreat_when_dislodged_by_adjacent_convoy() {
    let c = check(
        &[
            "France: A gas - mar via convoy",
            "France: A bur S A gas - mar",
            "France: F mao C A gas - mar",
            "France: F wes C A gas - mar",
            "France: F lyo C A gas - mar",
            "Italy: A mar H",
        ],
        "succeeds: gas; dislodged: mar",
    );
    assert!(c.result.dislodged[0].by_convoy);
    let r = c.retreat(&["Italy: A mar - gas"]);
    assert!(r.survives("mar"));
}

#[test]
fn h_12_retreat_when_dislodged_by_adjacent_convoy_while_trying_to_do_the_same() {
    let c = check(
        &[
            "England: A lvp - edi via convoy",
            "England: F iri C A lvp - edi",
            "England: F eng C A lvp - edi",
            "England: F nth C A lvp - edi",
            "France: F bre - eng",
            "France: F mao S F bre - eng",
            "Russia: A edi - lvp via convoy",
            "Russia: F nwg C A edi - lvp",
            "Russia: F nao C A edi - lvp",
            "Russia: A cly S A edi - lvp",
        ],
        "succeeds: edi bre; fails: lvp; dislodged: lvp eng",
    );
    let r = c.retreat(&["England: A lvp - edi"]);
    assert!(r.survives("lvp"));
}

#[test]
fn h_13_no_retreat_with_convoy_in_movement_phase() {
    let c = check(
        &[
            "England: A pic H",
            "England: F eng C A pic - lon",
            "France: A par - pic",
            "France: A bre S A par - pic",
        ],
        "dislodged: pic",
    );
    let r = c.retreat(&["England: A pic - lon"]);
    assert_eq!(r.outcome("pic").reason, Reason::RetreatUnreachable);
}

#[test]
fn h_14_no_retreat_with_support_in_movement_phase() {
    let c = check(
        &[
            "England: A pic H",
            "England: F eng S A pic - bel",
            "France: A par - pic",
            "France: A bre S A par - pic",
            "France: A bur H",
            "Germany: A mun S A mar - bur",
            "Germany: A mar - bur",
        ],
        "dislodged: pic bur",
    );
    let r = c.retreat(&["England: A pic - bel", "France: A bur - bel"]);
    assert!(!r.survives("pic"));
    assert!(!r.survives("bur"));
}

#[test]
fn h_15_no_coastal_crawl_in_retreat() {
    let c = check(
        &[
            "England: F por H",
            "France: F spa/sc - por",
            "France: F mao S F spa/sc - por",
        ],
        "dislodged: por",
    );
    let r = c.retreat(&["England: F por - spa/nc"]);
    assert_eq!(r.outcome("por").reason, Reason::RetreatToAttacker);
}

#[test]
fn h_16_contested_for_both_coasts() {
    let c = check(
        &[
            "France: F mao - spa/nc",
            "France: F gas - spa/nc",
            "France: F wes H",
            "Italy: F tun S F tys - wes",
            "Italy: F tys - wes",
        ],
        "dislodged: wes; contested: spa",
    );
    let r = c.retreat(&["France: F wes - spa/sc"]);
    assert_eq!(r.outcome("wes").reason, Reason::RetreatContested);
}
