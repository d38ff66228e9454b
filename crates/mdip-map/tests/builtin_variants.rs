//! The built-in variants on the standard map's geography (France vs Austria, Chaos): each loads
//! and agrees with its README (powers, provinces, centres, victory count, builds), and its
//! board is the standard map's: the same provinces, terrain, coasts and adjacencies.

use mdip_map::{Builds, Location, Map, UnitType};

/// Every adjacency of the map, by unit type, as abbreviations.
fn adjacencies(map: &Map) -> Vec<(UnitType, String, String)> {
    let mut out = Vec::new();
    for p in map.provinces() {
        let mut froms = vec![Location::province(p)];
        froms.extend(map.fleet_locations(p));
        froms.dedup();
        for from in froms {
            for unit in [UnitType::Army, UnitType::Fleet] {
                for to in map.neighbours(unit, from) {
                    out.push((unit, map.location_abbrev(from), map.location_abbrev(to)));
                }
            }
        }
    }
    out.sort_by(|a, b| (format!("{:?}", a.0), &a.1, &a.2).cmp(&(format!("{:?}", b.0), &b.1, &b.2)));
    out.dedup();
    out
}

/// The map's provinces with their terrain and coasts, as text.
fn board(map: &Map) -> Vec<String> {
    map.provinces()
        .map(|p| {
            format!(
                "{} {} {:?} {:?} {}",
                map.abbrev(p),
                map.name(p),
                map.terrain(p),
                map.coasts(p),
                map.is_supply_centre(p)
            )
        })
        .collect()
}

fn standard_board_of(name: &str) -> &'static Map {
    let map = Map::builtin(name).unwrap_or_else(|| panic!("{name} is not built in"));
    let standard = Map::standard();
    assert_eq!(board(map), board(standard), "{name}: the provinces differ");
    assert_eq!(
        adjacencies(map),
        adjacencies(standard),
        "{name}: the adjacencies differ"
    );
    map
}

#[test]
fn france_vs_austria_agrees_with_its_readme() {
    let map = standard_board_of("france-vs-austria");
    // README.md: two powers, 75 provinces, 34 centres (3 home centres each, 28 neutral), 18 to
    // win, builds in home centres; the standard units of the two powers.
    let powers: Vec<&str> = map.powers().iter().map(|p| p.name()).collect();
    assert_eq!(powers, ["Austria", "France"]);
    assert_eq!(map.province_count(), 75);
    assert_eq!(map.supply_centres().count(), 34);
    let homes: Vec<Vec<&str>> = map
        .powers()
        .iter()
        .map(|&p| {
            let mut h: Vec<&str> = map.home_centres(p).iter().map(|&c| map.abbrev(c)).collect();
            h.sort_unstable();
            h
        })
        .collect();
    assert_eq!(homes, [["bud", "tri", "vie"], ["bre", "mar", "par"]]);
    let neutral = map
        .supply_centres()
        .filter(|&c| map.home_power(c).is_none())
        .count();
    assert_eq!(neutral, 28);
    assert_eq!(map.victory_centres(), 18);
    assert_eq!(map.info().builds, Builds::Home);
    let mut units: Vec<String> = map
        .starting_units()
        .iter()
        .map(|(p, u, l)| format!("{} {u:?} {}", p.name(), map.location_abbrev(*l)))
        .collect();
    units.sort();
    assert_eq!(
        units,
        [
            "Austria Army bud",
            "Austria Army vie",
            "Austria Fleet tri",
            "France Army mar",
            "France Army par",
            "France Fleet bre"
        ]
    );
}

#[test]
fn chaos_agrees_with_its_readme() {
    let map = standard_board_of("chaos");
    // README.md: 34 powers, one per supply centre and named after it, each with that centre as
    // its one home centre; no neutral centre, no starting unit; 18 to win; builds anywhere.
    assert_eq!(map.powers().len(), 34);
    assert_eq!(map.province_count(), 75);
    assert_eq!(map.supply_centres().count(), 34);
    for &p in map.powers() {
        let homes = map.home_centres(p);
        assert_eq!(homes.len(), 1, "{}", p.name());
        assert_eq!(
            p.name(),
            map.name(homes[0]).replace(' ', ""),
            "a power is named after its centre"
        );
    }
    assert!(map.supply_centres().all(|c| map.home_power(c).is_some()));
    assert!(map.starting_units().is_empty());
    assert_eq!(map.victory_centres(), 18);
    assert_eq!(map.info().builds, Builds::Anywhere);
}
