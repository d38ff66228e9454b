//! Seasons and records set up before the first step (`World::add_season`,
//! `World::add_record`): the tree of seasons they make, the errors that refuse a season or a
//! record, and a set-up past season replayed by a later step as if it had been played.

use mdip_judge::world::{
    Illegal, MoveOrder, OrderInput, SeasonKey, SetupError, Spot, UnitOrder, UnitRef, World,
};
use mdip_judge::Rules;
use mdip_map::{Location, Map, Power, ProvinceId, UnitType};
use mdip_test_support::checks::check_world;

fn p(map: &Map, name: &str) -> ProvinceId {
    map.resolve_province(name).expect(name)
}

fn s(turn: u32, timeline: u32) -> SeasonKey {
    SeasonKey::new(turn, timeline)
}

fn army(map: &Map, name: &str) -> Location {
    Location::new(p(map, name), None)
}

fn input(map: &Map, power: Power, at: SeasonKey, from: &str, order: UnitOrder) -> OrderInput {
    OrderInput {
        power,
        unit: UnitRef {
            kind: Some(UnitType::Army),
            spot: Spot {
                season: at,
                province: p(map, from),
            },
            coast: None,
        },
        order,
    }
}

#[test]
fn seasons_continue_branch_or_stand_alone() {
    let map = Map::standard();
    let mut w = World::new(map, Rules::default());
    w.add_season(s(1, 0), None).unwrap();
    w.add_season(s(1, 1), Some(s(0, 0))).unwrap();
    w.add_season(s(7, 2), None).unwrap();
    assert_eq!(w.heads(), vec![s(1, 0), s(1, 1), s(7, 2)]);
    assert_eq!(w.season(s(0, 0)).unwrap().children, vec![s(1, 0), s(1, 1)]);
    assert_eq!(w.season(s(7, 2)).unwrap().parent, None);
    assert_eq!(w.timeline(2).unwrap().branched_from, None);
    assert_eq!(w.timeline(1).unwrap().branched_from, Some(s(0, 0)));
    assert!(!w.timelines_adjacent(0, 2) && w.timelines_adjacent(0, 1));
    check_world(&w).unwrap();

    assert_eq!(
        w.add_season(s(3, 0), None),
        Err(SetupError::NotNextTurn { last: s(1, 0) })
    );
    assert_eq!(
        w.add_season(s(1, 4), None),
        Err(SetupError::TimelineNotNext { next: 3 })
    );
    assert_eq!(
        w.add_season(s(3, 3), Some(s(1, 0))),
        Err(SetupError::BranchNotPreviousTurn { from: s(1, 0) })
    );
    assert_eq!(
        w.add_season(s(2, 0), Some(s(1, 1))),
        Err(SetupError::BranchInExistingTimeline { last: s(1, 0) })
    );
    assert_eq!(
        w.add_season(s(2, 3), Some(s(1, 9))),
        Err(SetupError::NoSuchSeason(s(1, 9)))
    );
    assert_eq!(
        w.add_season(s(1, 1), None),
        Err(SetupError::SeasonExists(s(1, 1)))
    );
    assert_eq!(w.set_root_turn(4), Err(SetupError::TurnAfterSeasons));
    check_world(&w).unwrap();
}

#[test]
fn a_recorded_move_is_replayed_and_forks_when_it_now_succeeds() {
    let map = Map::standard();
    let mut w = World::new(map, Rules::default());
    w.add_season(s(1, 0), None).unwrap();
    for season in [s(0, 0), s(1, 0)] {
        w.place_unit(season, Power::Austria, UnitType::Army, army(map, "Tyrolia"))
            .unwrap();
        w.place_unit(season, Power::Germany, UnitType::Army, army(map, "Munich"))
            .unwrap();
    }
    let to_tyrolia = UnitOrder::Move {
        to: Spot {
            season: s(0, 0),
            province: p(map, "Tyrolia"),
        },
        coast: None,
        via_convoy: false,
    };
    // A head has no record; an illegal order is refused.
    assert_eq!(
        w.add_record(
            &input(map, Power::Germany, s(1, 0), "Munich", to_tyrolia),
            false
        ),
        Err(SetupError::RecordInHead(s(1, 0)))
    );
    let to_warsaw = UnitOrder::Move {
        to: Spot {
            season: s(0, 0),
            province: p(map, "Warsaw"),
        },
        coast: None,
        via_convoy: false,
    };
    assert!(matches!(
        w.add_record(
            &input(map, Power::Germany, s(0, 0), "Munich", to_warsaw),
            false
        ),
        Err(SetupError::RecordIllegal(Illegal::Unreachable(_)))
    ));
    w.add_record(
        &input(map, Power::Germany, s(0, 0), "Munich", to_tyrolia),
        false,
    )
    .unwrap();
    assert_eq!(
        w.add_record(
            &input(map, Power::Germany, s(0, 0), "Munich", UnitOrder::Hold),
            true
        ),
        Err(SetupError::AlreadyRecorded)
    );
    let record = w.season(s(0, 0)).unwrap().record.clone().unwrap();
    assert_eq!(record.orders.len(), 1);
    assert!(matches!(record.orders[0].order, MoveOrder::Move { .. }));

    // A Munich 1:0 supports its own past move: 0:0 is re-opened, the move succeeds now.
    let support = input(
        map,
        Power::Germany,
        s(1, 0),
        "Munich",
        UnitOrder::SupportMove {
            target: UnitRef {
                kind: Some(UnitType::Army),
                spot: Spot {
                    season: s(0, 0),
                    province: p(map, "Munich"),
                },
                coast: None,
            },
            to: Spot {
                season: s(0, 0),
                province: p(map, "Tyrolia"),
            },
            coast: None,
        },
    );
    let report = w.movement_step(&[support]);
    assert_eq!(report.forks.len(), 1);
    assert_eq!(report.forks[0].from, s(0, 0));
    // The unit without a record held, and the child counts as created by its set-up units.
    let record = w.season(s(0, 0)).unwrap().record.clone().unwrap();
    assert_eq!(record.orders.len(), 2);
    assert!(w.season(s(1, 0)).unwrap().created_by.is_some());
    check_world(&w).unwrap();
}

#[test]
fn a_support_that_changes_nothing_does_not_fork() {
    let map = Map::standard();
    let mut w = World::new(map, Rules::default());
    w.add_season(s(1, 0), None).unwrap();
    for season in [s(0, 0), s(1, 0)] {
        w.place_unit(season, Power::Austria, UnitType::Army, army(map, "Tyrolia"))
            .unwrap();
        w.place_unit(season, Power::Germany, UnitType::Army, army(map, "Munich"))
            .unwrap();
    }
    let support = input(
        map,
        Power::Germany,
        s(1, 0),
        "Munich",
        UnitOrder::SupportHold {
            target: UnitRef {
                kind: Some(UnitType::Army),
                spot: Spot {
                    season: s(0, 0),
                    province: p(map, "Tyrolia"),
                },
                coast: None,
            },
        },
    );
    let report = w.movement_step(&[support]);
    assert!(report.forks.is_empty());
    assert_eq!(w.timelines().len(), 1);
    check_world(&w).unwrap();
}
