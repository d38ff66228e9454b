//! DATC v3.0 chapter 6, sections A to C: basic checks, coasts and circular movement.
//!
//! Orders that DATC calls illegal are written as the holds the caller turns them into (DATC
//! 4.E.1); the adjudicator itself only sees legal orders.

use mdip_judge::Reason;
use mdip_test_support::fixtures::check;

#[test]
fn a_08_support_to_hold_yourself_is_not_possible() {
    let c = check(
        &[
            "Italy: A ven - tri",
            "Italy: A tyr S A ven - tri",
            "Austria: F tri S F tri",
        ],
        "succeeds: ven; fails: tri; dislodged: tri",
    );
    assert_eq!(c.reason("tri"), &Reason::SupportVoid);
}

#[test]
fn a_11_simple_bounce() {
    let c = check(
        &["Austria: A vie - tyr", "Italy: A ven - tyr"],
        "fails: vie ven; dislodged: ; contested: tyr",
    );
    assert_eq!(
        c.reason("vie"),
        &Reason::Bounced {
            by: vec![c.unit("ven")]
        }
    );
}

#[test]
fn a_12_bounce_of_three_units() {
    check(
        &[
            "Austria: A vie - tyr",
            "Germany: A mun - tyr",
            "Italy: A ven - tyr",
        ],
        "fails: vie mun ven; dislodged: ; contested: tyr",
    );
}

#[test]
fn b_04_support_to_unreachable_coast_allowed() {
    check(
        &[
            "France: F gas - spa/nc",
            "France: F mar S F gas - spa/nc",
            "Italy: F wes - spa/sc",
        ],
        "succeeds: gas mar; fails: wes",
    );
}

#[test]
fn b_06_support_can_be_cut_with_other_coast() {
    let c = check(
        &[
            "England: F iri S F nao - mao",
            "England: F nao - mao",
            "France: F spa/nc S F mao",
            "France: F mao H",
            "Italy: F lyo - spa/sc",
        ],
        "succeeds: nao; fails: spa lyo; dislodged: mao",
    );
    assert_eq!(c.reason("spa"), &Reason::SupportCut { by: c.unit("lyo") });
}

#[test]
fn b_07_supporting_own_unit_with_unspecified_coast() {
    check(
        &[
            "France: F por S F mao - spa",
            "France: F mao - spa/nc",
            "Italy: F lyo S F wes - spa/sc",
            "Italy: F wes - spa/sc",
        ],
        "succeeds: por lyo; fails: mao wes; dislodged: ",
    );
}

#[test]
fn b_09_supporting_with_wrong_coast() {
    let c = check(
        &[
            "France: F por S F mao - spa/nc",
            "France: F mao - spa/sc",
            "Italy: F lyo S F wes - spa/sc",
            "Italy: F wes - spa/sc",
        ],
        "succeeds: wes; fails: por mao",
    );
    assert_eq!(c.reason("por"), &Reason::SupportVoid);
}

#[test]
fn b_13_coastal_crawl_not_allowed() {
    check(
        &["Turkey: F bul/sc - con", "Turkey: F con - bul/ec"],
        "fails: bul con; dislodged: ",
    );
}

#[test]
fn b_15_supporting_foreign_unit_with_unspecified_coast() {
    check(
        &[
            "France: F por S F mao - spa",
            "England: F mao - spa/nc",
            "Italy: F lyo S F wes - spa/sc",
            "Italy: F wes - spa/sc",
        ],
        "succeeds: por; fails: mao wes",
    );
}

#[test]
fn c_01_three_army_circular_movement() {
    check(
        &[
            "Turkey: F ank - con",
            "Turkey: A con - smy",
            "Turkey: A smy - ank",
        ],
        "succeeds: ank con smy; dislodged: ",
    );
}

#[test]
fn c_02_three_army_circular_movement_with_support() {
    check(
        &[
            "Turkey: F ank - con",
            "Turkey: A con - smy",
            "Turkey: A smy - ank",
            "Turkey: A bul S F ank - con",
        ],
        "succeeds: ank con smy bul; dislodged: ",
    );
}

#[test]
fn c_03_disrupted_three_army_circular_movement() {
    check(
        &[
            "Turkey: F ank - con",
            "Turkey: A con - smy",
            "Turkey: A smy - ank",
            "Turkey: A bul - con",
        ],
        "fails: ank con smy bul; dislodged: ",
    );
}

#[test]
fn c_04_circular_movement_with_attacked_convoy() {
    check(
        &[
            "Austria: A tri - ser",
            "Austria: A ser - bul",
            "Turkey: A bul - tri",
            "Turkey: F aeg C A bul - tri",
            "Turkey: F ion C A bul - tri",
            "Turkey: F adr C A bul - tri",
            "Italy: F nap - ion",
        ],
        "succeeds: tri ser bul aeg ion adr; fails: nap; dislodged: ",
    );
}

#[test]
fn c_05_disrupted_circular_movement_due_to_dislodged_convoy() {
    let c = check(
        &[
            "Austria: A tri - ser",
            "Austria: A ser - bul",
            "Turkey: A bul - tri",
            "Turkey: F aeg C A bul - tri",
            "Turkey: F ion C A bul - tri",
            "Turkey: F adr C A bul - tri",
            "Italy: F nap - ion",
            "Italy: F tun S F nap - ion",
        ],
        "succeeds: nap; fails: tri ser bul ion; dislodged: ion",
    );
    assert_eq!(c.reason("bul"), &Reason::ConvoyDisrupted);
}

#[test]
fn c_06_two_armies_with_two_convoys() {
    check(
        &[
            "England: F nth C A lon - bel",
            "England: A lon - bel",
            "France: F eng C A bel - lon",
            "France: A bel - lon",
        ],
        "succeeds: lon bel; dislodged: ",
    );
}

#[test]
fn c_07_disrupted_unit_swap() {
    check(
        &[
            "England: F nth C A lon - bel",
            "England: A lon - bel",
            "France: F eng C A bel - lon",
            "France: A bel - lon",
            "France: A bur - bel",
        ],
        "fails: lon bel bur; dislodged: ",
    );
}

#[test]
fn c_08_no_self_dislodgement_in_disrupted_circular_movement() {
    check(
        &[
            "Turkey: F con - bla",
            "Turkey: A bul - con",
            "Turkey: A smy S A bul - con",
            "Russia: F bla - bul/ec",
            "Austria: A ser - bul",
        ],
        "fails: con bul bla ser; dislodged: ",
    );
}

#[test]
fn c_09_no_help_in_dislodgement_of_own_unit_in_disrupted_circular_movement() {
    check(
        &[
            "Turkey: F con - bla",
            "Turkey: A smy S A bul - con",
            "Russia: F bla - bul/ec",
            "Austria: A ser - bul",
            "Austria: A bul - con",
        ],
        "fails: con bla ser bul; dislodged: ",
    );
}
