//! DATC v3.0 chapter 6, sections D and E: supports and dislodges, head-to-head battles and
//! beleaguered garrisons.
//!
//! Orders that DATC calls illegal are written as the holds the caller turns them into (DATC
//! 4.E.1); the adjudicator itself only sees legal orders.

use mdip_judge::Reason;
use mdip_test_support::fixtures::check;

#[test]
fn d_01_supported_hold_can_prevent_dislodgement() {
    check(
        &[
            "Austria: F adr S A tri - ven",
            "Austria: A tri - ven",
            "Italy: A ven H",
            "Italy: A tyr S A ven",
        ],
        "fails: tri; succeeds: tyr; dislodged: ",
    );
}

#[test]
fn d_02_a_move_cuts_support_on_hold() {
    check(
        &[
            "Austria: F adr S A tri - ven",
            "Austria: A tri - ven",
            "Austria: A vie - tyr",
            "Italy: A ven H",
            "Italy: A tyr S A ven",
        ],
        "succeeds: tri; fails: tyr vie; dislodged: ven",
    );
}

#[test]
fn d_03_a_move_cuts_support_on_move() {
    check(
        &[
            "Austria: F adr S A tri - ven",
            "Austria: A tri - ven",
            "Italy: A ven H",
            "Italy: F ion - adr",
        ],
        "fails: adr tri ion; dislodged: ",
    );
}

#[test]
fn d_04_support_to_hold_on_unit_supporting_a_hold_allowed() {
    check(
        &[
            "Germany: A ber S F kie",
            "Germany: F kie S A ber",
            "Russia: F bal S A pru - ber",
            "Russia: A pru - ber",
        ],
        "fails: pru ber; succeeds: kie; dislodged: ",
    );
}

#[test]
fn d_05_support_to_hold_on_unit_supporting_a_move_allowed() {
    check(
        &[
            "Germany: A ber S A mun - sil",
            "Germany: F kie S A ber",
            "Germany: A mun - sil",
            "Russia: F bal S A pru - ber",
            "Russia: A pru - ber",
        ],
        "fails: pru; succeeds: mun; dislodged: ",
    );
}

#[test]
fn d_06_support_to_hold_on_convoying_unit_allowed() {
    check(
        &[
            "Germany: A ber - swe",
            "Germany: F bal C A ber - swe",
            "Germany: F pru S F bal",
            "Russia: F lvn - bal",
            "Russia: F bot S F lvn - bal",
        ],
        "succeeds: ber bal; fails: lvn; dislodged: ",
    );
}

#[test]
fn d_07_support_to_hold_on_moving_unit_not_allowed() {
    let c = check(
        &[
            "Germany: F bal - swe",
            "Germany: F pru S F bal",
            "Russia: F lvn - bal",
            "Russia: F bot S F lvn - bal",
            "Russia: A fin - swe",
        ],
        "succeeds: lvn; fails: bal pru fin; dislodged: bal",
    );
    assert_eq!(c.reason("pru"), &Reason::SupportVoid);
}

#[test]
fn d_08_failed_convoy_cannot_receive_hold_support() {
    let c = check(
        &[
            "Austria: F ion H",
            "Austria: A ser S A alb - gre",
            "Austria: A alb - gre",
            "Turkey: A gre - nap",
            "Turkey: A bul S A gre",
        ],
        "succeeds: alb; fails: gre bul; dislodged: gre",
    );
    assert_eq!(c.reason("gre"), &Reason::NoConvoyPath);
}

#[test]
fn d_09_support_to_move_on_holding_unit_not_allowed() {
    check(
        &[
            "Italy: A ven - tri",
            "Italy: A tyr S A ven - tri",
            "Austria: A alb S A tri - ser",
            "Austria: A tri H",
        ],
        "succeeds: ven; fails: alb; dislodged: tri",
    );
}

#[test]
fn d_10_self_dislodgment_prohibited() {
    let c = check(
        &[
            "Germany: A ber H",
            "Germany: F kie - ber",
            "Germany: A mun S F kie - ber",
        ],
        "fails: kie; dislodged: ",
    );
    assert_eq!(
        c.reason("kie"),
        &Reason::WouldDislodgeOwnUnit {
            unit: c.unit("ber")
        }
    );
}

#[test]
fn d_11_no_self_dislodgment_of_returning_unit() {
    check(
        &[
            "Germany: A ber - pru",
            "Germany: F kie - ber",
            "Germany: A mun S F kie - ber",
            "Russia: A war - pru",
        ],
        "fails: ber kie war; dislodged: ",
    );
}

#[test]
fn d_12_supporting_a_foreign_unit_to_dislodge_own_unit_prohibited() {
    check(
        &[
            "Austria: F tri H",
            "Austria: A vie S A ven - tri",
            "Italy: A ven - tri",
        ],
        "fails: ven; dislodged: ",
    );
}

#[test]
fn d_13_supporting_a_foreign_unit_to_dislodge_a_returning_own_unit_prohibited() {
    check(
        &[
            "Austria: F tri - adr",
            "Austria: A vie S A ven - tri",
            "Italy: A ven - tri",
            "Italy: F apu - adr",
        ],
        "fails: tri ven apu; dislodged: ",
    );
}

#[test]
fn d_14_supporting_a_foreign_unit_is_not_enough_to_prevent_dislodgement() {
    check(
        &[
            "Austria: F tri H",
            "Austria: A vie S A ven - tri",
            "Italy: A ven - tri",
            "Italy: A tyr S A ven - tri",
            "Italy: F adr S A ven - tri",
        ],
        "succeeds: ven; dislodged: tri",
    );
}

#[test]
fn d_15_defender_cannot_cut_support_for_attack_on_itself() {
    check(
        &[
            "Russia: F con S F bla - ank",
            "Russia: F bla - ank",
            "Turkey: F ank - con",
        ],
        "succeeds: con bla; fails: ank; dislodged: ank",
    );
}

#[test]
fn d_16_convoying_a_unit_dislodging_a_unit_of_same_power_is_allowed() {
    check(
        &[
            "England: A lon H",
            "England: F nth C A bel - lon",
            "France: F eng S A bel - lon",
            "France: A bel - lon",
        ],
        "succeeds: bel nth; dislodged: lon",
    );
}

#[test]
fn d_17_dislodgement_cuts_supports() {
    let c = check(
        &[
            "Russia: F con S F bla - ank",
            "Russia: F bla - ank",
            "Turkey: F ank - con",
            "Turkey: A smy S F ank - con",
            "Turkey: A arm - ank",
        ],
        "succeeds: ank; fails: con bla arm; dislodged: con",
    );
    assert_eq!(c.reason("con"), &Reason::Dislodged { by: c.unit("ank") });
}

#[test]
fn d_18_a_surviving_unit_will_sustain_support() {
    check(
        &[
            "Russia: F con S F bla - ank",
            "Russia: F bla - ank",
            "Russia: A bul S F con",
            "Turkey: F ank - con",
            "Turkey: A smy S F ank - con",
            "Turkey: A arm - ank",
        ],
        "succeeds: bla con; fails: ank arm; dislodged: ank",
    );
}

#[test]
fn d_19_even_when_surviving_is_in_alternative_way() {
    check(
        &[
            "Russia: F con S F bla - ank",
            "Russia: F bla - ank",
            "Russia: A smy S F ank - con",
            "Turkey: F ank - con",
        ],
        "succeeds: bla con; fails: ank; dislodged: ank",
    );
}

#[test]
fn d_20_unit_cannot_cut_support_of_its_own_country() {
    check(
        &[
            "England: F lon S F nth - eng",
            "England: F nth - eng",
            "England: A yor - lon",
            "France: F eng H",
        ],
        "succeeds: lon nth; fails: yor; dislodged: eng",
    );
}

#[test]
fn d_21_dislodging_does_not_cancel_a_support_cut() {
    check(
        &[
            "Austria: F tri H",
            "Italy: A ven - tri",
            "Italy: A tyr S A ven - tri",
            "Germany: A mun - tyr",
            "Russia: A sil - mun",
            "Russia: A ber S A sil - mun",
        ],
        "succeeds: sil; fails: ven tyr mun; dislodged: mun",
    );
}

#[test]
fn d_25_failing_hold_support_can_be_supported() {
    check(
        &[
            "Germany: A ber S A pru",
            "Germany: F kie S A ber",
            "Russia: F bal S A pru - ber",
            "Russia: A pru - ber",
        ],
        "fails: ber pru; succeeds: kie; dislodged: ",
    );
}

#[test]
fn d_26_failing_move_support_can_be_supported() {
    check(
        &[
            "Germany: A ber S A pru - sil",
            "Germany: F kie S A ber",
            "Russia: F bal S A pru - ber",
            "Russia: A pru - ber",
        ],
        "fails: ber pru; dislodged: ",
    );
}

#[test]
fn d_27_failing_convoy_can_be_supported() {
    let c = check(
        &[
            "England: F swe - bal",
            "England: F den S F swe - bal",
            "Germany: A ber H",
            "Russia: F bal C A ber - lvn",
            "Russia: F pru S F bal",
        ],
        "fails: swe bal; dislodged: ",
    );
    assert_eq!(c.reason("bal"), &Reason::ConvoyVoid);
}

#[test]
fn d_28_illegal_move_becomes_a_hold_that_can_be_supported() {
    // `F Rumania - Holland` is illegal and becomes a hold (DATC 4.E.1).
    check(
        &[
            "Austria: A bud S F rum",
            "Russia: F rum H",
            "Turkey: F bla - rum",
            "Turkey: A bul S F bla - rum",
        ],
        "fails: bla; dislodged: ",
    );
}

#[test]
fn d_33_unwanted_support_allowed() {
    check(
        &[
            "Austria: A ser - bud",
            "Austria: A vie - bud",
            "Russia: A gal S A ser - bud",
            "Turkey: A bul - ser",
        ],
        "succeeds: ser bul; fails: vie; dislodged: ",
    );
}

#[test]
fn d_34_support_targeting_own_area_not_allowed() {
    // The Italian support of a move into its own province is illegal and becomes a hold.
    check(
        &[
            "Germany: A ber - pru",
            "Germany: A sil S A ber - pru",
            "Germany: F bal S A ber - pru",
            "Italy: A pru H",
            "Russia: A war S A lvn - pru",
            "Russia: A lvn - pru",
        ],
        "succeeds: ber; fails: lvn; dislodged: pru",
    );
}

#[test]
fn e_01_dislodged_unit_has_no_effect_on_attackers_area() {
    check(
        &[
            "Germany: A ber - pru",
            "Germany: F kie - ber",
            "Germany: A sil S A ber - pru",
            "Russia: A pru - ber",
        ],
        "succeeds: ber kie; fails: pru; dislodged: pru; contested: ",
    );
}

#[test]
fn e_02_no_self_dislodgement_in_head_to_head_battle() {
    check(
        &[
            "Germany: A ber - kie",
            "Germany: F kie - ber",
            "Germany: A mun S A ber - kie",
        ],
        "fails: ber kie; dislodged: ",
    );
}

#[test]
fn e_03_no_help_in_dislodging_own_unit() {
    check(
        &[
            "Germany: A ber - kie",
            "Germany: A mun S F kie - ber",
            "England: F kie - ber",
        ],
        "fails: ber kie; dislodged: ",
    );
}

#[test]
fn e_04_non_dislodged_loser_still_has_effect() {
    check(
        &[
            "Germany: F hol - nth",
            "Germany: F hel S F hol - nth",
            "Germany: F ska S F hol - nth",
            "France: F nth - hol",
            "France: F bel S F nth - hol",
            "England: F edi S F nwg - nth",
            "England: F yor S F nwg - nth",
            "England: F nwg - nth",
            "Austria: A kie S A ruh - hol",
            "Austria: A ruh - hol",
        ],
        "fails: hol nth nwg ruh; dislodged: ",
    );
}

#[test]
fn e_05_loser_dislodged_by_another_army_still_has_effect() {
    check(
        &[
            "Germany: F hol - nth",
            "Germany: F hel S F hol - nth",
            "Germany: F ska S F hol - nth",
            "France: F nth - hol",
            "France: F bel S F nth - hol",
            "England: F edi S F nwg - nth",
            "England: F yor S F nwg - nth",
            "England: F nwg - nth",
            "England: F lon S F nwg - nth",
            "Austria: A kie S A ruh - hol",
            "Austria: A ruh - hol",
        ],
        "succeeds: nwg; fails: hol nth ruh; dislodged: nth",
    );
}

#[test]
fn e_06_not_dislodge_because_of_own_support_still_has_effect() {
    check(
        &[
            "Germany: F hol - nth",
            "Germany: F hel S F hol - nth",
            "France: F nth - hol",
            "France: F bel S F nth - hol",
            "France: F eng S F hol - nth",
            "Austria: A kie S A ruh - hol",
            "Austria: A ruh - hol",
        ],
        "fails: hol nth ruh; dislodged: ",
    );
}

#[test]
fn e_07_no_self_dislodgement_with_beleaguered_garrison() {
    check(
        &[
            "England: F nth H",
            "England: F yor S F nwy - nth",
            "Germany: F hol S F hel - nth",
            "Germany: F hel - nth",
            "Russia: F ska S F nwy - nth",
            "Russia: F nwy - nth",
        ],
        "fails: hel nwy; dislodged: ",
    );
}

#[test]
fn e_08_no_self_dislodgement_with_beleaguered_garrison_and_head_to_head_battle() {
    check(
        &[
            "England: F nth - nwy",
            "England: F yor S F nwy - nth",
            "Germany: F hol S F hel - nth",
            "Germany: F hel - nth",
            "Russia: F ska S F nwy - nth",
            "Russia: F nwy - nth",
        ],
        "fails: nth hel nwy; dislodged: ",
    );
}

#[test]
fn e_09_almost_self_dislodgement_with_beleaguered_garrison() {
    check(
        &[
            "England: F nth - nwg",
            "England: F yor S F nwy - nth",
            "Germany: F hol S F hel - nth",
            "Germany: F hel - nth",
            "Russia: F ska S F nwy - nth",
            "Russia: F nwy - nth",
        ],
        "succeeds: nth nwy; fails: hel; dislodged: ",
    );
}

#[test]
fn e_10_almost_circular_movement_with_no_self_dislodgement_with_beleaguered_garrison() {
    check(
        &[
            "England: F nth - den",
            "England: F yor S F nwy - nth",
            "Germany: F hol S F hel - nth",
            "Germany: F hel - nth",
            "Germany: F den - hel",
            "Russia: F ska S F nwy - nth",
            "Russia: F nwy - nth",
        ],
        "fails: nth hel den nwy; dislodged: ",
    );
}

#[test]
fn e_11_no_self_dislodgement_with_beleaguered_garrison_unit_swap_with_adjacent_convoying() {
    check(
        &[
            "France: A spa - por via convoy",
            "France: F mao C A spa - por",
            "France: F lyo S F por - spa/nc",
            "Germany: A mar S A gas - spa",
            "Germany: A gas - spa",
            "Italy: F por - spa/nc",
            "Italy: F wes S F por - spa/nc",
        ],
        "succeeds: spa por; fails: gas; dislodged: ",
    );
}

#[test]
fn e_12_support_on_attack_on_own_unit_can_be_used_for_other_means() {
    check(
        &[
            "Austria: A bud - rum",
            "Austria: A ser S A vie - bud",
            "Italy: A vie - bud",
            "Russia: A gal - bud",
            "Russia: A rum S A gal - bud",
        ],
        "fails: bud vie gal; dislodged: ",
    );
}

#[test]
fn e_13_three_way_beleaguered_garrison() {
    check(
        &[
            "England: F edi S F yor - nth",
            "England: F yor - nth",
            "France: F bel - nth",
            "France: F eng S F bel - nth",
            "Germany: F nth H",
            "Russia: F nwg - nth",
            "Russia: F nwy S F nwg - nth",
        ],
        "fails: yor bel nwg; dislodged: ",
    );
}

#[test]
fn e_14_illegal_head_to_head_battle_can_still_defend() {
    // `F Edinburgh - Liverpool` is illegal and becomes a hold.
    check(
        &["England: A lvp - edi", "Russia: F edi H"],
        "fails: lvp; dislodged: ",
    );
}

#[test]
fn e_15_the_friendly_head_to_head_battle() {
    check(
        &[
            "England: F hol S A ruh - kie",
            "England: A ruh - kie",
            "France: A kie - ber",
            "France: A mun S A kie - ber",
            "France: A sil S A kie - ber",
            "Germany: A ber - kie",
            "Germany: F den S A ber - kie",
            "Germany: F hel S A ber - kie",
            "Russia: F bal S A pru - ber",
            "Russia: A pru - ber",
        ],
        "fails: ruh kie ber pru; dislodged: ",
    );
}
