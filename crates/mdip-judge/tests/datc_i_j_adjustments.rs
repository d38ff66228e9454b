//! DATC v3.0 chapter 6, sections I and J (and 6.B.14): builds, removals and civil disorder, plus
//! the change of supply-centre ownership after a Fall turn.

use mdip_judge::{update_ownership, Reason, RemovedUnit};
use mdip_map::{Map, Power};
use mdip_test_support::fixtures::{loc, Adjust};

/// The reasons of a result's outcomes, in order.
fn reasons(result: &mdip_judge::AdjustmentResult) -> Vec<Reason> {
    result.outcomes.iter().map(|o| o.reason.clone()).collect()
}

#[test]
fn b_14_building_with_unspecified_coast() {
    let board = Adjust::new(&["Russia: A mos"]).owns("Russia", &["mos", "stp", "war"]);
    let r = board.run(&["Russia: build F stp"]);
    assert_eq!(reasons(&r), vec![Reason::WrongTerrain]);
    assert!(r.built.is_empty());
}

#[test]
fn i_01_too_many_build_orders() {
    let board = Adjust::new(&["Germany: A hol", "Germany: A ruh", "Germany: A ber"])
        .owns("Germany", &["kie", "mun", "ber", "hol"]);
    let r = board.run(&[
        "Germany: build A war",
        "Germany: build A kie",
        "Germany: build A mun",
    ]);
    assert_eq!(
        reasons(&r),
        vec![Reason::NotHomeCentre, Reason::Built, Reason::NoBuildsLeft]
    );
    assert_eq!(r.built.len(), 1);
    assert_eq!(r.built[0].loc, loc("kie"));
}

#[test]
fn i_02_fleets_cannot_be_build_in_land_areas() {
    let board = Adjust::new(&["Russia: A ukr"]).owns("Russia", &["mos", "stp"]);
    let r = board.run(&["Russia: build F mos"]);
    assert_eq!(reasons(&r), vec![Reason::WrongTerrain]);
}

#[test]
fn i_03_supply_center_must_be_empty_for_building() {
    let board = Adjust::new(&["Germany: A ber"]).owns("Germany", &["ber", "kie"]);
    let r = board.run(&["Germany: build A ber"]);
    assert_eq!(reasons(&r), vec![Reason::CentreOccupied]);
}

#[test]
fn i_04_both_coasts_must_be_empty_for_building() {
    let board = Adjust::new(&["Russia: F stp/sc"]).owns("Russia", &["stp", "mos"]);
    let r = board.run(&["Russia: build A stp/nc"]);
    assert_eq!(reasons(&r), vec![Reason::CentreOccupied]);
}

#[test]
fn i_05_building_in_home_supply_center_that_is_not_owned() {
    let board = Adjust::new(&["Germany: A hol"])
        .owns("Germany", &["kie", "mun", "hol", "den"])
        .owns("Russia", &["ber"]);
    let r = board.run(&["Germany: build A ber"]);
    assert_eq!(reasons(&r), vec![Reason::CentreNotOwned]);
}

#[test]
fn i_06_building_in_owned_supply_center_that_is_not_a_home_supply_center() {
    let board = Adjust::new(&["Germany: A kie"]).owns("Germany", &["kie", "war"]);
    let r = board.run(&["Germany: build A war"]);
    assert_eq!(reasons(&r), vec![Reason::NotHomeCentre]);
}

#[test]
fn i_07_only_one_build_in_a_home_supply_center() {
    let board = Adjust::new(&["Russia: A ukr"]).owns("Russia", &["mos", "stp", "war"]);
    let r = board.run(&["Russia: build A mos", "Russia: build A mos"]);
    assert_eq!(reasons(&r), vec![Reason::Built, Reason::AlreadyBuilt]);
}

#[test]
fn waiving_uses_a_build() {
    let board = Adjust::new(&["Russia: A ukr"]).owns("Russia", &["mos", "stp"]);
    let r = board.run(&["Russia: waive", "Russia: build A mos", "Russia: waive"]);
    assert_eq!(
        reasons(&r),
        vec![Reason::Waived, Reason::NoBuildsLeft, Reason::NoBuildsLeft]
    );
    assert!(r.built.is_empty());
}

#[test]
fn j_01_too_many_disband_orders() {
    let board = Adjust::new(&["France: A par", "France: A pic"]).owns("France", &["par"]);
    let r = board.run(&[
        "France: remove F lyo",
        "France: remove A pic",
        "France: remove A par",
    ]);
    assert_eq!(
        reasons(&r),
        vec![Reason::NoUnitThere, Reason::Removed, Reason::NoRemovalsLeft]
    );
    assert_eq!(
        r.removed,
        vec![RemovedUnit {
            unit: 1,
            civil_disorder: false
        }]
    );
    assert_eq!(r.illegal, vec![true, false, false]);
}

#[test]
fn j_02_removing_the_same_unit_twice() {
    let board =
        Adjust::new(&["France: A par", "France: A pic", "France: F bre"]).owns("France", &["par"]);
    let r = board.run(&["France: remove A par", "France: remove A par"]);
    assert_eq!(reasons(&r), vec![Reason::Removed, Reason::AlreadyRemoved]);
    // One more by civil disorder: Brest and Picardy are both one step from Paris; the fleet
    // goes first.
    assert_eq!(board.civil_disorder(&r), vec!["bre"]);
}

#[test]
fn j_03_civil_disorder_two_armies_with_different_distance() {
    let board = Adjust::new(&["Russia: A lvn", "Russia: A swe"]).owns("Russia", &["stp"]);
    assert_eq!(board.civil_disorder(&board.run(&[])), vec!["swe"]);
}

#[test]
fn j_04_civil_disorder_two_armies_with_equal_distance() {
    let board = Adjust::new(&["Russia: A lvn", "Russia: A ukr"]).owns("Russia", &["mos"]);
    assert_eq!(board.civil_disorder(&board.run(&[])), vec!["lvn"]);
}

#[test]
fn j_05_civil_disorder_two_fleets_with_different_distance() {
    let board = Adjust::new(&["Russia: F ska", "Russia: F ber"]).owns("Russia", &["stp"]);
    assert_eq!(board.civil_disorder(&board.run(&[])), vec!["ber"]);
}

#[test]
fn j_06_civil_disorder_two_fleets_with_equal_distance() {
    let board = Adjust::new(&["Russia: F bot", "Russia: F nth"]).owns("Russia", &["mun"]);
    assert_eq!(board.civil_disorder(&board.run(&[])), vec!["bot"]);
}

#[test]
fn j_07_civil_disorder_two_fleets_and_army_with_equal_distance() {
    let board = Adjust::new(&["Russia: A boh", "Russia: F ska", "Russia: F nth"])
        .owns("Russia", &["stp", "war"]);
    assert_eq!(board.civil_disorder(&board.run(&[])), vec!["nth"]);
}

#[test]
fn j_08_civil_disorder_a_fleet_with_shorter_distance_then_the_army() {
    let board = Adjust::new(&["Russia: A tyr", "Russia: F bal"]).owns("Russia", &["war"]);
    assert_eq!(board.civil_disorder(&board.run(&[])), vec!["tyr"]);
}

#[test]
fn j_09_civil_disorder_must_be_counted_from_both_coasts() {
    let board = Adjust::new(&["Russia: A gre", "Russia: A sev", "Russia: F bal"])
        .owns("Russia", &["stp", "sev"]);
    assert_eq!(board.civil_disorder(&board.run(&[])), vec!["gre"]);
    let board = Adjust::new(&["Russia: A gre", "Russia: A sev", "Russia: F ska"])
        .owns("Russia", &["stp", "sev"]);
    assert_eq!(board.civil_disorder(&board.run(&[])), vec!["gre"]);
}

#[test]
fn j_10_civil_disorder_counting_convoying_distance() {
    let board = Adjust::new(&["Italy: A gre", "Italy: A pie"]).owns("Italy", &["nap"]);
    assert_eq!(board.civil_disorder(&board.run(&[])), vec!["pie"]);
}

#[test]
fn j_11_distance_to_owned_supply_center() {
    let board = Adjust::new(&["Italy: A war", "Italy: A tus"]).owns("Italy", &["war"]);
    assert_eq!(board.civil_disorder(&board.run(&[])), vec!["tus"]);
}

#[test]
fn removing_a_foreign_unit_fails() {
    let board = Adjust::new(&["France: A par", "France: A pic", "Germany: A bur"])
        .owns("France", &["par"])
        .owns("Germany", &["mun"]);
    let r = board.run(&["France: remove A bur"]);
    assert_eq!(reasons(&r), vec![Reason::NotOwnUnit]);
    assert_eq!(board.civil_disorder(&r), vec!["pic"]);
}

#[test]
fn counts_per_power() {
    let board = Adjust::new(&["France: A par", "France: A pic"]).owns("France", &["par"]);
    let r = board.run(&[]);
    let france = r.powers[Power::France.index()];
    assert_eq!((france.centres, france.units, france.delta()), (1, 2, -1));
    assert_eq!(france.removed, 1);
}

#[test]
fn ownership_follows_occupation_of_supply_centres() {
    let mut board = Adjust::new(&["Germany: A hol", "Germany: A ruh", "Russia: F ber"])
        .owns("Germany", &["ber"]);
    let changes = update_ownership(Map::standard(), &board.units, &mut board.owners);
    assert_eq!(changes.len(), 2);
    assert_eq!(
        board.owners[loc("hol").province.index()],
        Some(Power::Germany)
    );
    assert_eq!(
        board.owners[loc("ber").province.index()],
        Some(Power::Russia)
    );
    assert_eq!(board.owners[loc("ruh").province.index()], None);
}
