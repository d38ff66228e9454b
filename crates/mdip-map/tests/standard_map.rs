//! Facts about the standard map: counts, terrain, centres, starting units,
//! split coasts, adjacency spot checks (including the ones DATC cases turn
//! on) and civil-disorder distances.

use mdip_map::{Coast, Location, Map, Power, ProvinceId, Terrain, UnitType};
use UnitType::{Army, Fleet};

fn map() -> &'static Map {
    Map::standard()
}

/// The province with canonical abbreviation `abbrev`.
fn p(abbrev: &str) -> ProvinceId {
    map()
        .province_by_abbrev(abbrev)
        .unwrap_or_else(|| panic!("no province `{abbrev}`"))
}

/// A location written as `abbrev` or `abbrev/coast`.
fn loc(text: &str) -> Location {
    map()
        .resolve_location(text)
        .unwrap_or_else(|| panic!("no location `{text}`"))
}

/// The canonical forms of a list of locations, sorted.
fn forms(locations: &[Location]) -> Vec<String> {
    let mut out: Vec<String> = locations
        .iter()
        .map(|l| map().location_abbrev(*l))
        .collect();
    out.sort();
    out
}

#[test]
fn counts() {
    let map = map();
    assert_eq!(map.province_count(), 75);
    assert_eq!(map.provinces().count(), 75);
    let count = |t: Terrain| map.provinces().filter(|q| map.terrain(*q) == t).count();
    assert_eq!(count(Terrain::Sea), 19);
    assert_eq!(count(Terrain::Inland), 14);
    assert_eq!(count(Terrain::Coastal), 42);
    assert_eq!(map.supply_centres().count(), 34);
    assert_eq!(map.starting_units().len(), 22);
    for power in Power::ALL {
        let expected = if power == Power::Russia { 4 } else { 3 };
        assert_eq!(map.home_centres(power).len(), expected, "{power}");
        let units = map
            .starting_units()
            .iter()
            .filter(|(owner, _, _)| *owner == power)
            .count();
        assert_eq!(units, expected, "{power}");
    }
    let neutral = map
        .supply_centres()
        .filter(|c| map.home_power(*c).is_none())
        .count();
    assert_eq!(neutral, 12);
}

#[test]
fn ids_follow_alphabetical_order_of_names() {
    let map = map();
    let names: Vec<String> = map
        .provinces()
        .map(|q| map.name(q).to_lowercase())
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
    assert_eq!(map.name(ProvinceId(0)), "Adriatic Sea");
    assert_eq!(map.name(ProvinceId(74)), "Yorkshire");
    assert!(
        p("bot") < p("nth"),
        "Gulf of Bothnia sorts before North Sea"
    );
    assert!(p("lvn") < p("ukr"), "Livonia sorts before Ukraine");
}

#[test]
fn terrain_and_centres_of_sample_provinces() {
    let map = map();
    for (abbrev, terrain) in [
        ("nth", Terrain::Sea),
        ("mao", Terrain::Sea),
        ("ska", Terrain::Sea),
        ("mun", Terrain::Inland),
        ("ser", Terrain::Inland),
        ("tyr", Terrain::Inland),
        ("kie", Terrain::Coastal),
        ("stp", Terrain::Coastal),
        ("naf", Terrain::Coastal),
        ("syr", Terrain::Coastal),
    ] {
        assert_eq!(map.terrain(p(abbrev)), terrain, "{abbrev}");
    }
    assert!(map.is_supply_centre(p("ser")));
    assert!(map.is_supply_centre(p("tun")));
    assert!(!map.is_supply_centre(p("naf")));
    assert!(!map.is_supply_centre(p("nth")));
    assert!(!map.is_supply_centre(p("ruh")));
    assert_eq!(map.home_power(p("stp")), Some(Power::Russia));
    assert_eq!(map.home_power(p("lvp")), Some(Power::England));
    assert_eq!(map.home_power(p("bel")), None);
    assert_eq!(map.home_power(p("apu")), None);
    assert_eq!(map.name(p("nth")), "North Sea");
    assert_eq!(map.abbrev(p("nth")), "nth");
}

#[test]
fn home_centres_of_each_power() {
    let map = map();
    let homes = |power| -> Vec<&str> {
        map.home_centres(power)
            .iter()
            .map(|c| map.abbrev(*c))
            .collect()
    };
    assert_eq!(homes(Power::Austria), ["bud", "tri", "vie"]);
    assert_eq!(homes(Power::England), ["edi", "lvp", "lon"]);
    assert_eq!(homes(Power::France), ["bre", "mar", "par"]);
    assert_eq!(homes(Power::Germany), ["ber", "kie", "mun"]);
    assert_eq!(homes(Power::Italy), ["nap", "rom", "ven"]);
    assert_eq!(homes(Power::Russia), ["mos", "sev", "stp", "war"]);
    assert_eq!(homes(Power::Turkey), ["ank", "con", "smy"]);
    for power in Power::ALL {
        for c in map.home_centres(power) {
            assert!(map.is_supply_centre(*c));
            assert_eq!(map.home_power(*c), Some(power));
        }
    }
}

#[test]
fn starting_units() {
    let map = map();
    let mut units: Vec<String> = map
        .starting_units()
        .iter()
        .map(|(power, unit, at)| format!("{} {unit} {}", power.abbrev(), map.location_abbrev(*at)))
        .collect();
    units.sort();
    assert_eq!(
        units,
        [
            "aus A bud",
            "aus A vie",
            "aus F tri",
            "eng A lvp",
            "eng F edi",
            "eng F lon",
            "fra A mar",
            "fra A par",
            "fra F bre",
            "ger A ber",
            "ger A mun",
            "ger F kie",
            "ita A rom",
            "ita A ven",
            "ita F nap",
            "rus A mos",
            "rus A war",
            "rus F sev",
            "rus F stp/sc",
            "tur A con",
            "tur A smy",
            "tur F ank",
        ]
    );
    for (power, unit, at) in map.starting_units() {
        assert!(map.can_stand(*unit, *at));
        assert_eq!(map.home_power(at.province), Some(*power));
    }
}

#[test]
fn split_coasts() {
    let map = map();
    let split: Vec<&str> = map
        .provinces()
        .filter(|q| !map.coasts(*q).is_empty())
        .map(|q| map.abbrev(q))
        .collect();
    assert_eq!(split, ["bul", "spa", "stp"]);
    assert_eq!(map.coasts(p("spa")), [Coast::North, Coast::South]);
    assert_eq!(map.coasts(p("stp")), [Coast::North, Coast::South]);
    assert_eq!(map.coasts(p("bul")), [Coast::South, Coast::East]);
    assert!(map.coasts(p("nth")).is_empty());
}

#[test]
fn neighbours_of_every_split_coast() {
    let map = map();
    let fleet = |text: &str| forms(&map.neighbours(Fleet, loc(text)));
    assert_eq!(fleet("spa/nc"), ["gas", "mao", "por"]);
    assert_eq!(fleet("spa/sc"), ["lyo", "mao", "mar", "por", "wes"]);
    assert_eq!(fleet("stp/nc"), ["bar", "nwy"]);
    assert_eq!(fleet("stp/sc"), ["bot", "fin", "lvn"]);
    assert_eq!(fleet("bul/ec"), ["bla", "con", "rum"]);
    assert_eq!(fleet("bul/sc"), ["aeg", "con", "gre"]);
    // A fleet named without its coast on a split-coast province goes nowhere.
    assert!(map.neighbours(Fleet, loc("spa")).is_empty());
    // Armies ignore coasts entirely.
    assert_eq!(
        forms(&map.neighbours(Army, loc("spa"))),
        ["gas", "mar", "por"]
    );
    assert_eq!(
        forms(&map.neighbours(Army, loc("stp"))),
        ["fin", "lvn", "mos", "nwy"]
    );
    assert_eq!(
        forms(&map.neighbours(Army, loc("bul"))),
        ["con", "gre", "rum", "ser"]
    );
}

#[test]
fn neighbours_of_sample_provinces() {
    let map = map();
    assert_eq!(
        forms(&map.neighbours(Fleet, loc("nth"))),
        ["bel", "den", "edi", "eng", "hel", "hol", "lon", "nwg", "nwy", "ska", "yor"]
    );
    assert_eq!(
        forms(&map.neighbours(Army, loc("mun"))),
        ["ber", "boh", "bur", "kie", "ruh", "sil", "tyr"]
    );
    assert_eq!(
        forms(&map.neighbours(Fleet, loc("mao"))),
        ["bre", "eng", "gas", "iri", "naf", "nao", "por", "spa/nc", "spa/sc", "wes"]
    );
    assert_eq!(
        forms(&map.neighbours(Fleet, loc("kie"))),
        ["bal", "ber", "den", "hel", "hol"]
    );
    assert!(map.neighbours(Army, loc("nth")).is_empty());
    assert!(map.neighbours(Fleet, loc("mun")).is_empty());
}

#[test]
fn adjacency_is_symmetric() {
    let map = map();
    let mut army_edges = 0;
    let mut fleet_edges = 0;
    for q in map.provinces() {
        for to in map.neighbours(Army, Location::province(q)) {
            army_edges += 1;
            assert!(
                map.adjacent(Army, to, Location::province(q)),
                "{q:?} {to:?}"
            );
            assert!(map.borders(q, to.province) && map.borders(to.province, q));
            assert_ne!(map.terrain(q), Terrain::Sea);
            assert_ne!(map.terrain(to.province), Terrain::Sea);
        }
        for from in map.fleet_locations(q) {
            for to in map.neighbours(Fleet, from) {
                fleet_edges += 1;
                assert!(map.adjacent(Fleet, to, from), "{from:?} {to:?}");
                assert!(map.can_stand(Fleet, from) && map.can_stand(Fleet, to));
                assert!(map.borders(q, to.province) && map.borders(to.province, q));
            }
        }
    }
    // Each edge is seen once from each end.
    assert_eq!(army_edges, 2 * 111);
    assert_eq!(fleet_edges, 2 * 141);
}

/// (unit, from, to, adjacent): facts checked against the standard board.
const ADJACENCY_CASES: &[(UnitType, &str, &str, bool)] = &[
    // 6.A.1: the North Sea does not touch Picardy.
    (Fleet, "nth", "pic", false),
    // 6.A.2 and 6.A.3: armies stay off the sea, fleets off inland.
    (Army, "lvp", "iri", false),
    (Fleet, "kie", "mun", false),
    (Army, "kie", "mun", true),
    // 6.A.4: no province borders itself.
    (Army, "kie", "kie", false),
    (Fleet, "kie", "kie", false),
    // 6.A.9 and 6.A.10: Rome and Venice share no coast.
    (Fleet, "rom", "ven", false),
    (Army, "rom", "ven", true),
    (Army, "apu", "ven", true),
    (Fleet, "apu", "ven", true),
    (Army, "apu", "rom", true),
    (Fleet, "apu", "rom", false),
    // 6.B.1 to 6.B.3: Portugal and Gascony against Spain's coasts.
    (Fleet, "por", "spa", false),
    (Fleet, "por", "spa/nc", true),
    (Fleet, "por", "spa/sc", true),
    (Fleet, "gas", "spa", false),
    (Fleet, "gas", "spa/nc", true),
    (Fleet, "gas", "spa/sc", false),
    // 6.B.4, 6.B.5 and 6.B.11: Marseilles and the Gulf of Lyon reach
    // only the south coast.
    (Fleet, "mar", "spa/nc", false),
    (Fleet, "mar", "spa/sc", true),
    (Fleet, "spa/nc", "lyo", false),
    (Fleet, "spa/sc", "lyo", true),
    (Fleet, "wes", "spa/sc", true),
    (Fleet, "wes", "spa/nc", false),
    // 6.B.6: the Mid-Atlantic touches both coasts of Spain.
    (Fleet, "mao", "spa/nc", true),
    (Fleet, "mao", "spa/sc", true),
    (Fleet, "nao", "mao", true),
    (Fleet, "iri", "mao", true),
    // 6.B.12: armies ignore a coast given with the destination.
    (Army, "gas", "spa/nc", true),
    // 6.B.13: both coasts of Bulgaria touch Constantinople.
    (Fleet, "bul/sc", "con", true),
    (Fleet, "bul/ec", "con", true),
    (Fleet, "bul/ec", "aeg", false),
    (Fleet, "bul/sc", "bla", false),
    (Fleet, "bul/sc", "gre", true),
    (Fleet, "bul/ec", "rum", true),
    // 6.C.1 to 6.C.3: the Turkish circle.
    (Fleet, "ank", "con", true),
    (Army, "con", "smy", true),
    (Army, "smy", "ank", true),
    (Fleet, "smy", "ank", false),
    (Army, "bul", "con", true),
    // St Petersburg's coasts.
    (Fleet, "nwy", "stp/nc", true),
    (Fleet, "nwy", "stp/sc", false),
    (Fleet, "bot", "stp/sc", true),
    (Fleet, "bot", "stp/nc", false),
    (Fleet, "fin", "stp/sc", true),
    (Fleet, "lvn", "stp/sc", true),
    (Fleet, "bar", "stp/nc", true),
    (Army, "nwy", "stp", true),
    (Army, "fin", "stp", true),
    // The Gulf of Bothnia.
    (Fleet, "bot", "swe", true),
    (Fleet, "bot", "fin", true),
    (Fleet, "bot", "lvn", true),
    (Fleet, "bot", "bal", true),
    (Fleet, "bot", "den", false),
    // Tuscany, Rome, Naples and the Tyrrhenian Sea.
    (Fleet, "tus", "tys", true),
    (Fleet, "rom", "tys", true),
    (Fleet, "nap", "tys", true),
    (Fleet, "tus", "lyo", true),
    (Fleet, "tun", "tys", true),
    (Fleet, "tys", "wes", true),
    (Fleet, "tys", "adr", false),
    (Fleet, "nap", "apu", true),
    (Army, "nap", "ven", false),
    // Other border cases often got wrong.
    (Fleet, "den", "kie", true),
    (Fleet, "den", "bal", true),
    (Fleet, "den", "hel", true),
    (Fleet, "ska", "swe", true),
    (Fleet, "nth", "ska", true),
    (Fleet, "nth", "nwy", true),
    (Army, "nwy", "swe", true),
    (Army, "swe", "den", true),
    (Fleet, "eng", "bel", true),
    (Fleet, "eng", "hol", false),
    (Fleet, "iri", "eng", true),
    (Fleet, "nao", "nwg", true),
    (Fleet, "nao", "nth", false),
    (Fleet, "cly", "nwg", true),
    (Army, "lvp", "edi", true),
    (Fleet, "lvp", "edi", false),
    (Army, "wal", "yor", true),
    (Fleet, "wal", "yor", false),
    (Army, "bur", "bel", true),
    (Army, "ruh", "hol", true),
    (Fleet, "ruh", "hol", false),
    (Army, "ber", "sil", true),
    (Army, "pru", "sil", true),
    (Army, "lvn", "war", true),
    (Army, "gal", "ukr", true),
    (Army, "gal", "sev", false),
    (Army, "sev", "arm", true),
    (Fleet, "sev", "arm", true),
    (Army, "arm", "syr", true),
    (Fleet, "arm", "syr", false),
    (Fleet, "syr", "eas", true),
    (Fleet, "smy", "eas", true),
    (Fleet, "smy", "aeg", true),
    (Fleet, "aeg", "eas", true),
    (Fleet, "naf", "mao", true),
    (Fleet, "naf", "tun", true),
    (Fleet, "naf", "tys", false),
    (Army, "tyr", "tri", true),
    (Army, "tyr", "pie", true),
    (Army, "boh", "gal", true),
    (Army, "boh", "bud", false),
    (Army, "vie", "ser", false),
    (Army, "alb", "ser", true),
    (Fleet, "alb", "gre", true),
    (Army, "gre", "bul", true),
    (Fleet, "gre", "bul", false),
    (Army, "mos", "sev", true),
    (Army, "pic", "par", true),
    (Army, "bre", "par", true),
    (Fleet, "bre", "par", false),
    (Army, "mar", "pie", true),
    (Fleet, "mar", "pie", true),
    (Army, "pie", "ven", true),
    (Fleet, "pie", "ven", false),
    // Armies never go to or from the sea.
    (Army, "nth", "nwg", false),
    (Army, "yor", "nth", false),
];

#[test]
fn adjacency_spot_checks() {
    let map = map();
    let cases = ADJACENCY_CASES;
    assert!(cases.len() >= 40);
    for &(unit, from, to, expected) in cases {
        let (from, to) = (loc(from), loc(to));
        assert_eq!(
            map.adjacent(unit, from, to),
            expected,
            "{unit} {from:?} - {to:?} should be {}",
            if expected { "adjacent" } else { "not adjacent" }
        );
        // Adjacency is symmetric for every case.
        assert_eq!(
            map.adjacent(unit, to, from),
            expected,
            "{unit} {to:?} - {from:?}"
        );
    }
}

#[test]
fn borders_ignore_unit_type() {
    let map = map();
    assert!(map.borders(p("kie"), p("mun")));
    assert!(map.borders(p("rom"), p("ven")));
    assert!(map.borders(p("lvp"), p("iri")));
    assert!(map.borders(p("nth"), p("nwg")));
    assert!(map.borders(p("spa"), p("lyo")));
    assert!(map.borders(p("bul"), p("bla")));
    assert!(!map.borders(p("nth"), p("pic")));
    assert!(!map.borders(p("kie"), p("kie")));
    assert!(!map.borders(p("par"), p("mar")));
    assert_eq!(map.bordering(p("stp")).len(), 6);
}

#[test]
fn fleet_coasts_to_split_coast_provinces() {
    let map = map();
    let coasts = |from: &str, to: &str| map.fleet_coasts_to(loc(from), p(to));
    assert_eq!(
        coasts("mao", "spa"),
        [Some(Coast::North), Some(Coast::South)]
    );
    assert_eq!(coasts("gas", "spa"), [Some(Coast::North)]);
    assert_eq!(coasts("wes", "spa"), [Some(Coast::South)]);
    assert_eq!(
        coasts("por", "spa"),
        [Some(Coast::North), Some(Coast::South)]
    );
    assert_eq!(
        coasts("con", "bul"),
        [Some(Coast::South), Some(Coast::East)]
    );
    assert_eq!(coasts("bla", "bul"), [Some(Coast::East)]);
    assert_eq!(coasts("nwy", "stp"), [Some(Coast::North)]);
    assert_eq!(coasts("lyo", "mar"), [None]);
    assert_eq!(coasts("spa/sc", "mar"), [None]);
    assert!(coasts("spa/nc", "mar").is_empty());
    assert!(coasts("nth", "pic").is_empty());
    assert!(coasts("par", "bre").is_empty());
}

#[test]
fn where_units_can_stand() {
    let map = map();
    assert!(map.can_stand(Army, loc("mun")));
    assert!(map.can_stand(Army, loc("spa")));
    assert!(!map.can_stand(Army, loc("spa/nc")));
    assert!(!map.can_stand(Army, loc("nth")));
    assert!(map.can_stand(Fleet, loc("nth")));
    assert!(map.can_stand(Fleet, loc("kie")));
    assert!(!map.can_stand(Fleet, loc("mun")));
    assert!(!map.can_stand(Fleet, loc("spa")));
    assert!(map.can_stand(Fleet, loc("spa/nc")));
    assert!(map.can_stand(Fleet, loc("bul/ec")));
    assert!(!map.can_stand(Fleet, Location::new(p("bul"), Some(Coast::North))));
    assert!(!map.can_stand(Fleet, Location::new(p("kie"), Some(Coast::North))));
    assert_eq!(forms(&map.fleet_locations(p("stp"))), ["stp/nc", "stp/sc"]);
    assert_eq!(forms(&map.fleet_locations(p("nth"))), ["nth"]);
    assert!(map.fleet_locations(p("par")).is_empty());
}

#[test]
fn foreign_ids_answer_no_instead_of_panicking() {
    let map = map();
    let bad = ProvinceId(200);
    let bad_loc = Location::province(bad);
    assert!(!map.contains(bad));
    assert!(map.contains(p("yor")));
    assert!(!map.is_supply_centre(bad));
    assert_eq!(map.home_power(bad), None);
    assert!(map.coasts(bad).is_empty());
    assert!(map.aliases(bad).is_empty());
    assert!(!map.can_stand(Army, bad_loc));
    assert!(!map.adjacent(Army, bad_loc, loc("mun")));
    assert!(!map.adjacent(Fleet, loc("nth"), bad_loc));
    assert!(map.neighbours(Fleet, bad_loc).is_empty());
    assert!(map.fleet_coasts_to(bad_loc, p("nth")).is_empty());
    assert!(!map.borders(bad, p("nth")));
    assert_eq!(map.distance_to_home(Army, bad_loc, &[p("mun")]), None);
    assert_eq!(map.location_abbrev(bad_loc), "#200");
}

#[test]
fn display_forms() {
    let map = map();
    assert_eq!(map.location_abbrev(loc("stp/nc")), "stp/nc");
    assert_eq!(map.location_abbrev(loc("North Sea")), "nth");
    assert_eq!(map.abbrev(p("mao")), "mao");
    assert_eq!(map.location_abbrev(loc("bul/ec")), "bul/ec");
    assert_eq!(
        map.location_name(loc("stp/sc")),
        "St Petersburg (south coast)"
    );
    assert_eq!(map.location_name(loc("hel")), "Heligoland Bight");
}

/// Civil-disorder distance to `targets` of a unit at `from`.
fn distance(unit: UnitType, from: &str, targets: &[&str]) -> Option<u32> {
    let targets: Vec<ProvinceId> = targets.iter().map(|t| p(t)).collect();
    map().distance_to_home(unit, loc(from), &targets)
}

#[test]
fn civil_disorder_distances_of_datc_6j() {
    // 6.J.3: Russia owns St Petersburg; Livonia is nearer than Sweden.
    assert_eq!(distance(Army, "lvn", &["stp"]), Some(1));
    assert_eq!(distance(Army, "swe", &["stp"]), Some(2));
    // 6.J.4: both armies are one from Moscow.
    assert_eq!(distance(Army, "lvn", &["mos"]), Some(1));
    assert_eq!(distance(Army, "ukr", &["mos"]), Some(1));
    // 6.J.5: Skagerrak two (via Norway), Berlin three.
    assert_eq!(distance(Fleet, "ska", &["stp"]), Some(2));
    assert_eq!(distance(Fleet, "ber", &["stp"]), Some(3));
    // 6.J.6: both fleets three from Munich, crossing land.
    assert_eq!(distance(Fleet, "bot", &["mun"]), Some(3));
    assert_eq!(distance(Fleet, "nth", &["mun"]), Some(3));
    // 6.J.7: army and both fleets two from St Petersburg or Warsaw.
    assert_eq!(distance(Army, "boh", &["stp", "war"]), Some(2));
    assert_eq!(distance(Fleet, "ska", &["stp", "war"]), Some(2));
    assert_eq!(distance(Fleet, "nth", &["stp", "war"]), Some(2));
    // 6.J.8: army in Tyrolia three from Warsaw, fleet in the Baltic two
    // (through Prussia, a land step for a fleet).
    assert_eq!(distance(Army, "tyr", &["war"]), Some(3));
    assert_eq!(distance(Fleet, "bal", &["war"]), Some(2));
    // 6.J.9: fleets reach St Petersburg through either coast.
    assert_eq!(distance(Fleet, "bal", &["stp", "sev"]), Some(2));
    assert_eq!(distance(Fleet, "ska", &["stp", "sev"]), Some(2));
    assert_eq!(distance(Army, "gre", &["stp", "sev"]), Some(3));
    assert_eq!(distance(Army, "sev", &["stp", "sev"]), Some(0));
    // 6.J.10: an army in Greece goes over water to Naples in two.
    assert_eq!(distance(Army, "gre", &["nap"]), Some(2));
    assert_eq!(distance(Army, "pie", &["nap"]), Some(3));
    // 6.J.11: distance is to an owned centre, here Warsaw.
    assert_eq!(distance(Army, "war", &["war"]), Some(0));
    assert_eq!(distance(Army, "tus", &["war"]), Some(5));
    // No target: no distance.
    assert_eq!(distance(Army, "mun", &[]), None);
    // A split-coast origin counts from the province.
    assert_eq!(distance(Fleet, "stp/nc", &["fin"]), Some(1));
}
