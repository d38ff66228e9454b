//! DATC v3.0 chapter 6, sections F and G: convoys, convoy paradoxes (Szykman rule, DATC 4.A.2)
//! and convoys to adjacent provinces (2023 rules, DATC 4.A.3, no fallback to the land route).
//!
//! Orders that DATC calls illegal are written as the holds the caller turns them into.

use mdip_judge::Reason;
use mdip_test_support::fixtures::check;

#[test]
fn f_01_no_convoy_in_coastal_areas() {
    // The convoy order of the fleet in Constantinople is illegal and becomes a hold.
    let c = check(
        &[
            "Turkey: A gre - sev",
            "Turkey: F aeg C A gre - sev",
            "Turkey: F con H",
            "Turkey: F bla C A gre - sev",
        ],
        "fails: gre; dislodged: ",
    );
    assert_eq!(c.reason("gre"), &Reason::NoConvoyPath);
}

#[test]
fn f_02_an_army_being_convoyed_can_bounce_as_normal() {
    check(
        &[
            "England: F eng C A lon - bre",
            "England: A lon - bre",
            "France: A par - bre",
        ],
        "fails: lon par; dislodged: ; contested: bre",
    );
}

#[test]
fn f_03_an_army_being_convoyed_can_receive_support() {
    let c = check(
        &[
            "England: F eng C A lon - bre",
            "England: A lon - bre",
            "England: F mao S A lon - bre",
            "France: A par - bre",
        ],
        "succeeds: lon eng mao; fails: par; dislodged: ",
    );
    assert_eq!(c.reason("lon"), &Reason::Moved { by_convoy: true });
    assert_eq!(c.reason("eng"), &Reason::ConvoyUsed);
}

#[test]
fn f_04_an_attacked_convoy_is_not_disrupted() {
    check(
        &[
            "England: F nth C A lon - hol",
            "England: A lon - hol",
            "Germany: F ska - nth",
        ],
        "succeeds: lon nth; fails: ska; dislodged: ",
    );
}

#[test]
fn f_05_a_beleaguered_convoy_is_not_disrupted() {
    check(
        &[
            "England: F nth C A lon - hol",
            "England: A lon - hol",
            "France: F eng - nth",
            "France: F bel S F eng - nth",
            "Germany: F ska - nth",
            "Germany: F den S F ska - nth",
        ],
        "succeeds: lon; fails: eng ska; dislodged: ",
    );
}

#[test]
fn f_06_dislodged_convoy_does_not_cut_support() {
    check(
        &[
            "England: F nth C A lon - hol",
            "England: A lon - hol",
            "Germany: A hol S A bel",
            "Germany: A bel S A hol",
            "Germany: F hel S F ska - nth",
            "Germany: F ska - nth",
            "France: A pic - bel",
            "France: A bur S A pic - bel",
        ],
        "succeeds: ska hol; fails: lon pic; dislodged: nth",
    );
}

#[test]
fn f_07_dislodged_convoy_does_not_cause_contested_area() {
    let c = check(
        &[
            "England: F nth C A lon - hol",
            "England: A lon - hol",
            "Germany: F hel S F ska - nth",
            "Germany: F ska - nth",
        ],
        "fails: lon; dislodged: nth; contested: ",
    );
    let r = c.retreat(&["England: F nth - hol"]);
    assert!(r.survives("nth"));
}

#[test]
fn f_08_dislodged_convoy_does_not_cause_a_bounce() {
    check(
        &[
            "England: F nth C A lon - hol",
            "England: A lon - hol",
            "Germany: F hel S F ska - nth",
            "Germany: F ska - nth",
            "Germany: A bel - hol",
        ],
        "succeeds: bel ska; fails: lon; dislodged: nth",
    );
}

#[test]
fn f_09_dislodge_of_multi_route_convoy() {
    check(
        &[
            "England: F eng C A lon - bel",
            "England: F nth C A lon - bel",
            "England: A lon - bel",
            "France: F bre S F mao - eng",
            "France: F mao - eng",
        ],
        "succeeds: lon mao; dislodged: eng",
    );
}

#[test]
fn f_10_dislodge_of_multi_route_convoy_with_foreign_fleet() {
    check(
        &[
            "England: F nth C A lon - bel",
            "England: A lon - bel",
            "Germany: F eng C A lon - bel",
            "France: F bre S F mao - eng",
            "France: F mao - eng",
        ],
        "succeeds: lon mao; dislodged: eng",
    );
}

#[test]
fn f_11_dislodge_of_multi_route_convoy_with_only_foreign_fleets() {
    check(
        &[
            "England: A lon - bel",
            "Germany: F eng C A lon - bel",
            "Russia: F nth C A lon - bel",
            "France: F bre S F mao - eng",
            "France: F mao - eng",
        ],
        "succeeds: lon mao; dislodged: eng",
    );
}

#[test]
fn f_12_dislodged_convoying_fleet_not_on_route() {
    check(
        &[
            "England: F eng C A lon - bel",
            "England: A lon - bel",
            "England: F iri C A lon - bel",
            "France: F nao S F mao - iri",
            "France: F mao - iri",
        ],
        "succeeds: lon mao; dislodged: iri",
    );
}

#[test]
fn f_13_the_unwanted_alternative() {
    check(
        &[
            "England: A lon - bel",
            "England: F nth C A lon - bel",
            "France: F eng C A lon - bel",
            "Germany: F hol S F den - nth",
            "Germany: F den - nth",
        ],
        "succeeds: lon den; dislodged: nth",
    );
}

#[test]
fn f_14_simple_convoy_paradox() {
    let c = check(
        &[
            "England: F lon S F wal - eng",
            "England: F wal - eng",
            "France: A bre - lon",
            "France: F eng C A bre - lon",
        ],
        "succeeds: lon wal; fails: bre eng; dislodged: eng",
    );
    assert_eq!(c.reason("eng"), &Reason::ConvoyParadox);
    assert_eq!(c.reason("bre"), &Reason::ConvoyParadox);
}

#[test]
fn f_15_simple_convoy_paradox_with_additional_convoy() {
    check(
        &[
            "England: F lon S F wal - eng",
            "England: F wal - eng",
            "France: A bre - lon",
            "France: F eng C A bre - lon",
            "Italy: F iri C A naf - wal",
            "Italy: F mao C A naf - wal",
            "Italy: A naf - wal",
        ],
        "succeeds: lon wal naf iri mao; fails: bre; dislodged: eng",
    );
}

#[test]
fn f_16_pandins_paradox() {
    check(
        &[
            "England: F lon S F wal - eng",
            "England: F wal - eng",
            "France: A bre - lon",
            "France: F eng C A bre - lon",
            "Germany: F nth S F bel - eng",
            "Germany: F bel - eng",
        ],
        "succeeds: lon; fails: wal bre bel; dislodged: ",
    );
}

#[test]
fn f_17_pandins_extended_paradox() {
    check(
        &[
            "England: F lon S F wal - eng",
            "England: F wal - eng",
            "France: A bre - lon",
            "France: F eng C A bre - lon",
            "France: F yor S A bre - lon",
            "Germany: F nth S F bel - eng",
            "Germany: F bel - eng",
        ],
        "succeeds: lon; fails: wal bre bel eng; dislodged: ",
    );
}

#[test]
fn f_18_betrayal_paradox() {
    check(
        &[
            "England: F nth C A lon - bel",
            "England: A lon - bel",
            "England: F eng S A lon - bel",
            "France: F bel S F nth",
            "Germany: F hel S F ska - nth",
            "Germany: F ska - nth",
        ],
        "succeeds: bel; fails: lon ska nth; dislodged: ",
    );
}

#[test]
fn f_19_multi_route_convoy_disruption_paradox() {
    let c = check(
        &[
            "France: A tun - nap",
            "France: F tys C A tun - nap",
            "France: F ion C A tun - nap",
            "Italy: F nap S F rom - tys",
            "Italy: F rom - tys",
        ],
        "fails: tun nap rom; dislodged: ",
    );
    assert_eq!(c.reason("nap"), &Reason::SupportCut { by: c.unit("tun") });
}

#[test]
fn f_20_unwanted_multi_route_convoy_paradox() {
    check(
        &[
            "France: A tun - nap",
            "France: F tys C A tun - nap",
            "Italy: F nap S F ion",
            "Italy: F ion C A tun - nap",
            "Turkey: F aeg S F eas - ion",
            "Turkey: F eas - ion",
        ],
        "succeeds: eas; fails: nap; dislodged: ion",
    );
}

#[test]
fn f_21_dads_army_convoy() {
    // The Russian army also dislodges the English fleet in Clyde: the English convoy is
    // disrupted, so nothing opposes it there.
    check(
        &[
            "Russia: A edi S A nwy - cly",
            "Russia: F nwg C A nwy - cly",
            "Russia: A nwy - cly",
            "France: F iri S F mao - nao",
            "France: F mao - nao",
            "England: A lvp - cly via convoy",
            "England: F nao C A lvp - cly",
            "England: F cly S F nao",
        ],
        "succeeds: mao nwy; fails: lvp cly; dislodged: nao cly",
    );
}

#[test]
fn f_22_second_order_paradox_with_two_resolutions() {
    check(
        &[
            "England: F edi - nth",
            "England: F lon S F edi - nth",
            "France: A bre - lon",
            "France: F eng C A bre - lon",
            "Germany: F bel S F pic - eng",
            "Germany: F pic - eng",
            "Russia: A nwy - bel",
            "Russia: F nth C A nwy - bel",
        ],
        "succeeds: edi pic lon bel; fails: bre nwy; dislodged: eng nth",
    );
}

#[test]
fn f_23_second_order_paradox_with_two_exclusive_convoys() {
    check(
        &[
            "England: F edi - nth",
            "England: F yor S F edi - nth",
            "France: A bre - lon",
            "France: F eng C A bre - lon",
            "Germany: F bel S F eng",
            "Germany: F lon S F nth",
            "Italy: F mao - eng",
            "Italy: F iri S F mao - eng",
            "Russia: A nwy - bel",
            "Russia: F nth C A nwy - bel",
        ],
        "succeeds: bel lon; fails: edi bre mao nwy; dislodged: ",
    );
}

#[test]
fn f_24_second_order_paradox_with_no_resolution() {
    check(
        &[
            "England: F edi - nth",
            "England: F lon S F edi - nth",
            "England: F iri - eng",
            "England: F mao S F iri - eng",
            "France: A bre - lon",
            "France: F eng C A bre - lon",
            "France: F bel S F eng",
            "Russia: A nwy - bel",
            "Russia: F nth C A nwy - bel",
        ],
        "succeeds: edi lon bel; fails: iri bre nwy; dislodged: nth",
    );
}

#[test]
fn f_25_cut_support_last() {
    check(
        &[
            "Germany: A ruh - bel",
            "Germany: A hol S A ruh - bel",
            "Germany: A den - nwy",
            "Germany: F ska C A den - nwy",
            "Germany: A fin S A den - nwy",
            "England: A yor - hol",
            "England: F nth C A yor - hol",
            "England: F hel S A yor - hol",
            "England: A bel H",
            "Russia: F nwg - nth",
            "Russia: F nwy S F nwg - nth",
            "Russia: F swe - ska",
        ],
        "succeeds: den yor; fails: ruh hol nwg nwy swe; dislodged: hol nwy",
    );
}

#[test]
fn g_01_two_units_can_swap_provinces_by_convoy() {
    check(
        &[
            "England: A nwy - swe",
            "England: F ska C A nwy - swe",
            "Russia: A swe - nwy",
        ],
        "succeeds: nwy swe; dislodged: ",
    );
}

#[test]
fn g_02_kidnapping_an_army() {
    let c = check(
        &[
            "England: A nwy - swe",
            "Russia: F swe - nwy",
            "Germany: F ska C A nwy - swe",
        ],
        "fails: nwy swe ska; dislodged: ",
    );
    assert_eq!(c.reason("ska"), &Reason::ConvoyNotUsed);
}

#[test]
fn g_03_an_unwanted_disrupted_convoy_to_adjacent_province() {
    check(
        &[
            "France: F bre - eng",
            "France: A pic - bel",
            "France: A bur S A pic - bel",
            "France: F mao S F bre - eng",
            "England: F eng C A pic - bel",
        ],
        "succeeds: bre pic; dislodged: eng",
    );
}

#[test]
fn g_04_an_unwanted_disrupted_convoy_to_adjacent_province_and_opposite_move() {
    check(
        &[
            "France: F bre - eng",
            "France: A pic - bel",
            "France: A bur S A pic - bel",
            "France: F mao S F bre - eng",
            "England: F eng C A pic - bel",
            "England: A bel - pic",
        ],
        "succeeds: bre pic; fails: bel; dislodged: bel eng",
    );
}

#[test]
fn g_05_swapping_with_multiple_fleets_with_one_own_fleet() {
    check(
        &[
            "Italy: A rom - apu",
            "Italy: F tys C A apu - rom",
            "Turkey: A apu - rom",
            "Turkey: F ion C A apu - rom",
        ],
        "succeeds: rom apu; dislodged: ",
    );
}

#[test]
fn g_06_swapping_with_unintended_intent() {
    check(
        &[
            "England: A lvp - edi",
            "England: F eng C A lvp - edi",
            "Germany: A edi - lvp",
            "France: F iri H",
            "France: F nth H",
            "Russia: F nwg C A lvp - edi",
            "Russia: F nao C A lvp - edi",
        ],
        "succeeds: lvp edi; dislodged: ",
    );
}

#[test]
fn g_07_swapping_with_illegal_intent() {
    // The Russian convoy from the Gulf of Bothnia is illegal and becomes a hold.
    check(
        &[
            "England: F ska C A swe - nwy",
            "England: F nwy - swe",
            "Russia: A swe - nwy",
            "Russia: F bot H",
        ],
        "fails: nwy swe; dislodged: ",
    );
}

#[test]
fn g_08_explicit_convoy_that_isnt_there() {
    let c = check(
        &[
            "France: A bel - hol via convoy",
            "England: F nth - hel",
            "England: A hol - kie",
        ],
        "succeeds: nth hol; fails: bel; dislodged: ",
    );
    assert_eq!(c.reason("bel"), &Reason::NoConvoyPath);
}

#[test]
fn g_09_swapped_or_dislodged() {
    check(
        &[
            "England: A nwy - swe",
            "England: F ska C A nwy - swe",
            "England: F fin S A nwy - swe",
            "Russia: A swe - nwy",
        ],
        "succeeds: nwy swe; dislodged: ",
    );
}

#[test]
fn g_10_swapped_or_a_head_to_head_battle() {
    check(
        &[
            "England: A nwy - swe via convoy",
            "England: F den S A nwy - swe",
            "England: F fin S A nwy - swe",
            "Germany: F ska C A nwy - swe",
            "Russia: A swe - nwy",
            "Russia: F bar S A swe - nwy",
            "France: F nwg - nwy",
            "France: F nth S F nwg - nwy",
        ],
        "succeeds: nwy; fails: swe nwg; dislodged: swe; contested: nwy",
    );
}

#[test]
fn g_11_a_convoy_to_an_adjacent_province_with_a_paradox() {
    check(
        &[
            "England: F nwy S F nth - ska",
            "England: F nth - ska",
            "Russia: A swe - nwy",
            "Russia: F ska C A swe - nwy",
            "Russia: F bar S A swe - nwy",
        ],
        "succeeds: nth nwy; fails: swe; dislodged: ska",
    );
}

#[test]
fn g_12_swapping_two_units_with_two_convoys() {
    check(
        &[
            "England: A lvp - edi via convoy",
            "England: F nao C A lvp - edi",
            "England: F nwg C A lvp - edi",
            "Germany: A edi - lvp via convoy",
            "Germany: F nth C A edi - lvp",
            "Germany: F eng C A edi - lvp",
            "Germany: F iri C A edi - lvp",
        ],
        "succeeds: lvp edi; dislodged: ",
    );
}

#[test]
fn g_13_support_cut_on_attack_on_itself_via_convoy() {
    check(
        &[
            "Austria: F adr C A tri - ven",
            "Austria: A tri - ven via convoy",
            "Italy: A ven S F alb - tri",
            "Italy: F alb - tri",
        ],
        "succeeds: ven alb; fails: tri; dislodged: tri",
    );
}

#[test]
fn g_14_bounce_by_convoy_to_adjacent_province() {
    check(
        &[
            "England: A nwy - swe",
            "England: F den S A nwy - swe",
            "England: F fin S A nwy - swe",
            "France: F nwg - nwy",
            "France: F nth S F nwg - nwy",
            "Germany: F ska C A swe - nwy",
            "Russia: A swe - nwy via convoy",
            "Russia: F bar S A swe - nwy",
        ],
        "succeeds: nwy; fails: swe nwg; dislodged: swe",
    );
}

#[test]
fn g_15_bounce_and_dislodge_with_double_convoy() {
    check(
        &[
            "England: F nth C A lon - bel",
            "England: A hol S A lon - bel",
            "England: A yor - lon",
            "England: A lon - bel via convoy",
            "France: F eng C A bel - lon",
            "France: A bel - lon via convoy",
        ],
        "succeeds: lon; fails: bel yor; dislodged: bel",
    );
}

#[test]
fn g_16_the_two_unit_in_one_area_bug_moving_by_convoy() {
    check(
        &[
            "England: A nwy - swe",
            "England: A den S A nwy - swe",
            "England: F bal S A nwy - swe",
            "England: F nth - nwy",
            "Russia: A swe - nwy via convoy",
            "Russia: F ska C A swe - nwy",
            "Russia: F nwg S A swe - nwy",
        ],
        "succeeds: nwy swe; fails: nth; dislodged: ",
    );
}

#[test]
fn g_17_the_two_unit_in_one_area_bug_moving_over_land() {
    check(
        &[
            "England: A nwy - swe via convoy",
            "England: A den S A nwy - swe",
            "England: F bal S A nwy - swe",
            "England: F ska C A nwy - swe",
            "England: F nth - nwy",
            "Russia: A swe - nwy",
            "Russia: F nwg S A swe - nwy",
        ],
        "succeeds: nwy swe; fails: nth; dislodged: ",
    );
}

#[test]
fn g_18_the_two_unit_in_one_area_bug_with_double_convoy() {
    check(
        &[
            "England: F nth C A lon - bel",
            "England: A hol S A lon - bel",
            "England: A yor - lon",
            "England: A lon - bel",
            "England: A ruh S A lon - bel",
            "France: F eng C A bel - lon",
            "France: A bel - lon",
            "France: A wal S A bel - lon",
        ],
        "succeeds: lon bel; fails: yor; dislodged: ",
    );
}

#[test]
fn g_19_swapping_with_intent_of_unnecessary_convoy() {
    // The French convoy from the Western Mediterranean is illegal and becomes a hold.
    check(
        &[
            "France: A mar - spa",
            "France: F wes H",
            "Italy: F lyo C A mar - spa",
            "Italy: A spa - mar",
        ],
        "fails: mar spa; dislodged: ",
    );
}

#[test]
fn g_20_explicit_convoy_to_adjacent_province_disrupted() {
    let c = check(
        &[
            "France: F bre - eng",
            "France: A pic - bel via convoy",
            "France: A bur S A pic - bel",
            "France: F mao S F bre - eng",
            "England: F eng C A pic - bel",
        ],
        "succeeds: bre; fails: pic; dislodged: eng",
    );
    assert_eq!(c.reason("pic"), &Reason::ConvoyDisrupted);
}
