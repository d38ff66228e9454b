//! A retreat phase set up by hand (`World::start_in_retreat`, `place_dislodged`,
//! `add_standoff`): the options are the retreat rules' on the board set up, kept up to date as
//! the setup goes on, and the retreat step then runs as after a movement step.

use mdip_judge::world::{
    OrderOutcome, Phase, RetreatInput, RetreatOrder, SeasonKey, SetupError, Spot, UnitRef, World,
};
use mdip_judge::Rules;
use mdip_map::{Location, Map, Power, ProvinceId, UnitType};

fn p(map: &Map, name: &str) -> ProvinceId {
    map.resolve_province(name).expect(name)
}

fn options(w: &World) -> Vec<&'static str> {
    let map = w.map();
    let mut v: Vec<&str> = w.pending_retreats()[0]
        .options
        .iter()
        .map(|l| map.abbrev(l.province))
        .collect();
    v.sort_unstable();
    v
}

#[test]
fn options_follow_the_board_attacker_and_standoffs() {
    let map = Map::standard();
    let mut w = World::new(map, Rules::default());
    let tyr = Location::new(p(map, "Tyrolia"), None);
    // Not a retreat phase yet.
    assert_eq!(
        w.place_dislodged(Power::Austria, UnitType::Army, tyr, p(map, "Munich"), false),
        Err(SetupError::NotInRetreatPhase)
    );
    w.start_in_retreat().unwrap();
    assert_eq!(w.phase(), Phase::Retreat);
    assert_eq!(w.setup_season(), SeasonKey::new(1, 0));
    w.place_unit(w.setup_season(), Power::Germany, UnitType::Army, tyr)
        .unwrap();
    w.place_dislodged(Power::Austria, UnitType::Army, tyr, p(map, "Munich"), false)
        .unwrap();
    assert_eq!(options(&w), ["boh", "pie", "tri", "ven", "vie"]);
    // A unit placed afterwards closes its province; so does a standoff.
    let vie = Location::new(p(map, "Vienna"), None);
    w.place_unit(w.setup_season(), Power::Austria, UnitType::Army, vie)
        .unwrap();
    w.add_standoff(p(map, "Trieste")).unwrap();
    assert_eq!(options(&w), ["boh", "pie", "ven"]);
    assert_eq!(
        w.place_dislodged(Power::Italy, UnitType::Army, tyr, p(map, "Venice"), false),
        Err(SetupError::AlreadyDislodged(Power::Austria, UnitType::Army))
    );
    // The retreat step runs as usual: the unit lands on the board after the movement.
    let order = RetreatInput {
        power: Power::Austria,
        unit: UnitRef {
            kind: Some(UnitType::Army),
            spot: Spot {
                season: SeasonKey::new(0, 0),
                province: p(map, "Tyrolia"),
            },
            coast: None,
        },
        order: RetreatOrder::Move {
            to: Spot {
                season: SeasonKey::new(0, 0),
                province: p(map, "Bohemia"),
            },
            coast: None,
        },
    };
    let report = w.retreat_step(&[order]);
    assert!(matches!(
        report.entries[0].outcome,
        OrderOutcome::Retreated { .. }
    ));
    let board = w.season(SeasonKey::new(1, 0)).unwrap();
    assert!(board.unit_at(p(map, "Bohemia")).is_some());
    assert_eq!(w.phase(), Phase::Movement);
}

#[test]
fn an_attack_by_convoy_leaves_its_origin_open() {
    let map = Map::standard();
    let mut w = World::new(map, Rules::default());
    w.set_root_turn(1).unwrap();
    w.start_in_retreat().unwrap();
    // `@turn` is settled once the retreat phase is set up.
    assert_eq!(w.set_root_turn(3), Err(SetupError::AlreadyStarted));
    let bre = Location::new(p(map, "Brest"), None);
    w.place_unit(w.setup_season(), Power::England, UnitType::Army, bre)
        .unwrap();
    w.place_dislodged(Power::France, UnitType::Army, bre, p(map, "Picardy"), true)
        .unwrap();
    assert_eq!(options(&w), ["gas", "par", "pic"]);
    // A Fall turn: the adjustments follow the retreats.
    let _ = w.retreat_step(&[]);
    assert_eq!(w.phase(), Phase::Adjustment);
}
