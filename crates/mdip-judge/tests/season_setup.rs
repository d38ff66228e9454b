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

/// Seasons 0:0 and 1:0 set up, each with Austrian A Tyrolia and German A Munich.
fn tyrolia_and_munich_in_two_seasons(map: &'static Map) -> World {
    let mut w = World::new(map, Rules::default());
    w.add_season(s(1, 0), None).unwrap();
    for season in [s(0, 0), s(1, 0)] {
        w.place_unit(season, Power::Austria, UnitType::Army, army(map, "Tyrolia"))
            .unwrap();
        w.place_unit(season, Power::Germany, UnitType::Army, army(map, "Munich"))
            .unwrap();
    }
    w
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
    assert_eq!(
        w.add_season(s(2, 3), Some(s(1, 0))),
        Err(SetupError::BranchFromHead(s(1, 0)))
    );
    assert_eq!(w.set_root_turn(4), Err(SetupError::TurnAfterSeasons));
    check_world(&w).unwrap();
}

#[test]
fn a_recorded_move_is_replayed_and_forks_when_it_now_succeeds() {
    let map = Map::standard();
    let mut w = tyrolia_and_munich_in_two_seasons(map);
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
    let mut w = tyrolia_and_munich_in_two_seasons(map);
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

/// Random multiverses set up with seasons (continued, branched, parentless), units, owners and
/// records, then played for a few movement steps with random orders: every world keeps the
/// invariants of any world, and every step passes the checks of a played step.
#[test]
fn random_set_up_multiverses_play_like_any_other() {
    use mdip_test_support::{check_movement, check_world, Rng, Stats};
    let map = Map::standard();
    let provinces: Vec<ProvinceId> = [
        "Munich", "Tyrolia", "Bohemia", "Vienna", "Silesia", "Berlin",
    ]
    .iter()
    .map(|n| p(map, n))
    .collect();
    let powers = [Power::Germany, Power::Austria];
    let mut stats = Stats::default();
    for seed in 0..200 {
        let mut rng = Rng::new(seed);
        let mut w = World::new(map, Rules::default());
        // Seasons: each either continues a timeline, branches from a season one turn back, or
        // starts a timeline with no parent.
        for _ in 0..rng.below(6) {
            let timelines = w.timelines().len() as u32;
            let _ = match rng.below(3) {
                0 => {
                    let t = rng.below(timelines as usize) as u32;
                    let head = w.timeline(t).unwrap().head;
                    w.add_season(s(head.turn + 1, t), None)
                }
                1 => {
                    let from = rng
                        .pick(&w.seasons().map(|x| x.key).collect::<Vec<_>>())
                        .unwrap();
                    w.add_season(s(from.turn + 1, timelines), Some(from))
                }
                _ => w.add_season(s(rng.below(3) as u32, timelines), None),
            };
        }
        let seasons: Vec<SeasonKey> = w.seasons().map(|x| x.key).collect();
        for &season in &seasons {
            for &province in &provinces {
                if rng.chance(40) {
                    let power = rng.pick(&powers).unwrap();
                    w.place_unit(season, power, UnitType::Army, Location::new(province, None))
                        .unwrap();
                }
            }
        }
        // Records: random moves and supports of past units, kept when legal.
        for &season in &seasons {
            let units: Vec<(Power, ProvinceId)> = w
                .season(season)
                .unwrap()
                .units
                .iter()
                .map(|u| (u.power, u.loc.province))
                .collect();
            for (power, province) in units {
                let to = Spot {
                    season: rng.pick(&seasons).unwrap(),
                    province: rng.pick(&provinces).unwrap(),
                };
                let order = if rng.chance(50) {
                    UnitOrder::Move {
                        to,
                        coast: None,
                        via_convoy: false,
                    }
                } else {
                    UnitOrder::SupportHold {
                        target: UnitRef {
                            kind: None,
                            spot: to,
                            coast: None,
                        },
                    }
                };
                let input = OrderInput {
                    power,
                    unit: UnitRef {
                        kind: Some(UnitType::Army),
                        spot: Spot { season, province },
                        coast: None,
                    },
                    order,
                };
                let _ = w.add_record(&input, rng.chance(50));
            }
        }
        check_world(&w).unwrap_or_else(|e| panic!("seed {seed}, set up: {e}"));
        w.finish_setup();
        for step in 0..3 {
            if w.phase() != mdip_judge::world::Phase::Movement {
                break;
            }
            let heads = w.heads();
            let all: Vec<SeasonKey> = w.seasons().map(|x| x.key).collect();
            let mut inputs = Vec::new();
            for &h in &heads {
                for u in w.season(h).unwrap().units.clone() {
                    let to = Spot {
                        season: rng.pick(&all).unwrap(),
                        province: rng.pick(&provinces).unwrap(),
                    };
                    inputs.push(OrderInput {
                        power: u.power,
                        unit: UnitRef {
                            kind: Some(UnitType::Army),
                            spot: Spot {
                                season: h,
                                province: u.loc.province,
                            },
                            coast: None,
                        },
                        order: if rng.chance(70) {
                            UnitOrder::Move {
                                to,
                                coast: None,
                                via_convoy: false,
                            }
                        } else {
                            UnitOrder::Hold
                        },
                    });
                }
            }
            let before = w.clone();
            let report = w.movement_step(&inputs);
            check_movement(&before, &inputs, &report, &w, &mut stats)
                .unwrap_or_else(|e| panic!("seed {seed}, step {step}: {e}"));
            check_world(&w).unwrap_or_else(|e| panic!("seed {seed}, step {step}: {e}"));
            // Retreats: every dislodged unit disbands; adjustments: nothing ordered.
            if w.phase() == mdip_judge::world::Phase::Retreat {
                w.retreat_step(&[]);
            }
            if w.phase() == mdip_judge::world::Phase::Adjustment {
                w.adjustment_step(&[]);
            }
        }
    }
    // The games did reach back into set-up seasons.
    assert!(stats.reopened > 50 && stats.forks > 20, "{stats:?}");
    assert!(stats.reopened_unforked > 0, "{stats:?}");
}
