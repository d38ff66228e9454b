//! The seam for variant maps: a small invented map with two invented powers, given as data,
//! loads, and a world on it under the standard rules adjudicates a bounce and a move.

use mdip_judge::world::{OrderInput, SeasonKey, Spot, UnitOrder, UnitRef, World};
use mdip_judge::Rules;
use mdip_map::{Location, Map, Power, ProvinceId, UnitType};

const POWERS: &str = "
# name | abbrev | adjective | aliases
Aurelia  | aur | Aurelian  | Old Aurelia
Borealis | bor | Borealian |
";

const PROVINCES: &str = "
alp | coastal | Aurelia  | - | Alpha       |
bet | inland  | neutral  | - | Beta        |
del | inland  | -        | - | Delta       |
gam | coastal | bor      | - | Gamma       |
sea | sea     | -        | - | Sea of Calm | calm
";

const ADJACENCY: &str = "
army  alp: bet del
army  gam: bet del
army  bet: del
fleet sea: alp gam
";

const UNITS: &str = "
Aurelia  A alp
Borealis A gam
";

/// The variant map, leaked once to live as long as the worlds on it.
fn variant() -> &'static Map {
    let map = Map::parse(POWERS, PROVINCES, ADJACENCY, UNITS).expect("the variant data is valid");
    Box::leak(Box::new(map))
}

fn province(map: &Map, name: &str) -> ProvinceId {
    map.resolve_province(name)
        .unwrap_or_else(|| panic!("no {name}"))
}

/// An army move by the power owning the unit at `from`.
fn army_move(world: &World, season: SeasonKey, from: ProvinceId, to: ProvinceId) -> OrderInput {
    let power = world
        .unit(Spot {
            season,
            province: from,
        })
        .expect("a unit")
        .power;
    OrderInput {
        power,
        unit: UnitRef {
            kind: Some(UnitType::Army),
            spot: Spot {
                season,
                province: from,
            },
            coast: None,
        },
        order: UnitOrder::Move {
            to: Spot {
                season,
                province: to,
            },
            coast: None,
            via_convoy: false,
        },
    }
}

/// Where the units of a season stand: (power name, province abbreviation).
fn board(world: &World, season: SeasonKey) -> Vec<(&'static str, String)> {
    let map = world.map();
    world
        .season(season)
        .expect("the season exists")
        .units
        .iter()
        .map(|u| (u.power.name(), map.abbrev(u.loc.province).to_owned()))
        .collect()
}

#[test]
fn a_variant_map_loads_with_its_own_powers() {
    let map = variant();
    let names: Vec<&str> = map.powers().iter().map(|p| p.name()).collect();
    assert_eq!(names, ["Aurelia", "Borealis"]);
    let borealis = map.resolve_power("BOR").expect("an abbreviation");
    assert_eq!(borealis.adjective(), "Borealian");
    assert_eq!(map.resolve_power("old aurelia"), Some(map.powers()[0]));
    assert_eq!(map.resolve_power("England"), None);
    assert_ne!(borealis, Power::England, "same index, another power");
    assert_eq!(map.home_centres(borealis), [province(map, "gam")]);
    assert_eq!(map.supply_centres().count(), 3);
    assert!(map.adjacent(
        UnitType::Fleet,
        Location::province(province(map, "calm")),
        Location::province(province(map, "alp")),
    ));
}

#[test]
fn a_world_on_the_variant_map_adjudicates_a_bounce_and_a_move() {
    let map = variant();
    let mut world = World::new(map, Rules::standard());
    assert_eq!(world.rules().name(), "standard");
    world
        .place_standard_start()
        .expect("the starting units fit");
    let root = world.root();
    let (alp, bet, del, gam) = (
        province(map, "alp"),
        province(map, "bet"),
        province(map, "del"),
        province(map, "gam"),
    );
    assert_eq!(
        world.season(root).and_then(|s| s.owner(gam)),
        Some(map.powers()[1])
    );
    assert_eq!(world.winner(), None, "one centre each of three");
    let mut won = world.clone();
    won.set_owner(root, bet, Some(map.powers()[0]))
        .expect("Beta is a centre");
    assert_eq!(
        won.winner(),
        Some(map.powers()[0]),
        "two of three is a majority"
    );

    // Both armies into Beta: a standoff, both stay.
    let orders = [
        army_move(&world, root, alp, bet),
        army_move(&world, root, gam, bet),
    ];
    let report = world.movement_step(&orders);
    assert!(report.ran);
    let fall = world.heads()[0];
    assert_eq!(fall, SeasonKey::new(1, 0));
    assert_eq!(
        board(&world, fall),
        [
            ("Aurelia", "alp".to_owned()),
            ("Borealis", "gam".to_owned())
        ]
    );

    // Aurelia alone moves to Delta.
    let report = world.movement_step(&[army_move(&world, fall, alp, del)]);
    assert!(report.ran);
    let next = SeasonKey::new(2, 0);
    assert!(world.exists(next));
    assert_eq!(
        board(&world, next),
        [
            ("Aurelia", "del".to_owned()),
            ("Borealis", "gam".to_owned())
        ]
    );
}
