//! Youngstown Redux: the built-in map loads and agrees with its README (powers, provinces,
//! centres, home centres, victory count), and its special features hold: six split-coast
//! provinces (Thailand's east and west coasts), the Boxes that wrap the world, Hebei's coasts.

use mdip_map::{Builds, Coast, Location, Map, Terrain, UnitType};

fn map() -> &'static Map {
    Map::builtin("youngstown-redux").expect("youngstown-redux is built in")
}

fn loc(map: &Map, text: &str) -> Location {
    map.resolve_location(text)
        .unwrap_or_else(|| panic!("{text} is no location"))
}

#[test]
fn youngstown_redux_agrees_with_its_readme() {
    let map = map();
    // README.md: ten powers, 183 provinces (96 coastal, 38 inland, 49 seas), 81 supply
    // centres (44 home centres, 37 neutral), 28 to win, builds in home centres, 44 units.
    let powers: Vec<&str> = map.powers().iter().map(|p| p.name()).collect();
    assert_eq!(
        powers,
        [
            "Austria", "Britain", "China", "France", "Germany", "India", "Italy", "Japan",
            "Russia", "Turkey"
        ]
    );
    assert_eq!(map.province_count(), 183);
    let count = |t: Terrain| map.provinces().filter(|&p| map.terrain(p) == t).count();
    assert_eq!(
        (
            count(Terrain::Coastal),
            count(Terrain::Inland),
            count(Terrain::Sea)
        ),
        (96, 38, 49)
    );
    assert_eq!(map.supply_centres().count(), 81);
    let neutral = map
        .supply_centres()
        .filter(|&c| map.home_power(c).is_none())
        .count();
    assert_eq!(neutral, 37);
    assert_eq!(map.victory_centres(), 28);
    assert_eq!(map.info().builds, Builds::Home);
    assert_eq!(map.starting_units().len(), 44);
    let homes: Vec<(&str, usize)> = map
        .powers()
        .iter()
        .map(|&p| (p.name(), map.home_centres(p).len()))
        .collect();
    assert_eq!(
        homes,
        [
            ("Austria", 4),
            ("Britain", 5),
            ("China", 4),
            ("France", 4),
            ("Germany", 5),
            ("India", 4),
            ("Italy", 4),
            ("Japan", 4),
            ("Russia", 6),
            ("Turkey", 4)
        ]
    );
    for &power in map.powers() {
        assert!(map.power_colour(power).is_some(), "{power}");
    }
    let p = |name: &str| map.resolve_province(name).unwrap();
    let mut split: Vec<&str> = map
        .provinces()
        .filter(|&q| !map.coasts(q).is_empty())
        .map(|q| map.abbrev(q))
        .collect();
    split.sort_unstable();
    assert_eq!(split, ["ara", "heb", "lev", "spa", "stp", "tha"]);
    assert_eq!(map.coasts(p("Thailand")), [Coast::East, Coast::West]);
    assert_eq!(map.resolve_province("Vietnam"), Some(p("Vietnaam")));
    // A full name may be its own abbreviation.
    assert_eq!(map.abbrev(p("Fez")), "fez");
}

#[test]
fn thailand_has_an_east_and_a_west_coast() {
    let map = map();
    let f = |a: &str, b: &str| map.adjacent(UnitType::Fleet, loc(map, a), loc(map, b));
    assert!(f("tha/wc", "and"));
    assert!(f("tha/ec", "guh"));
    assert!(!f("tha/ec", "and"));
    assert!(!f("tha/wc", "guh"));
    // Singapore borders both coasts; the Andaman Sea the west one only.
    assert!(f("sig", "tha/ec") && f("sig", "tha/wc"));
    assert_eq!(
        map.resolve_location("Thailand (west coast)"),
        Some(loc(map, "tha/wc"))
    );
}

#[test]
fn the_boxes_wrap_the_world_and_hebei_has_two_coasts() {
    let map = map();
    let f = |a: &str, b: &str| map.adjacent(UnitType::Fleet, loc(map, a), loc(map, b));
    for (a, b) in [
        ("bxa", "bxb"),
        ("bxa", "bxc"),
        ("bxa", "bxd"),
        ("bxb", "bxe"),
        ("bxc", "bxh"),
        ("bxa", "nao"),
        ("bxd", "npo"),
        ("bxh", "eio"),
    ] {
        assert!(f(a, b), "{a}-{b}");
    }
    for (a, b) in [("bxa", "bxe"), ("bxb", "bxg"), ("bxa", "npo")] {
        assert!(!f(a, b), "{a}-{b}");
    }
    // The Yellow Sea borders Hebei's north coast only.
    assert!(f("yel", "heb/nc"));
    assert!(!f("yel", "heb/sc"));
    assert!(f("ecs", "heb/sc"));
    assert!(map.adjacent(UnitType::Army, loc(map, "heb"), loc(map, "pek")));
}
