//! Variants: every built-in map loads and agrees with its documentation, and each kind of
//! broken variant file is an error at its file and line.

use mdip_map::{
    Builds, Coast, Location, Map, MapError, MapErrors, ProvinceId, UnitType, VariantFiles,
};

const AM: &str = "ancient-mediterranean";

/// The standard map's files as a variant folder.
fn standard_files() -> [String; 4] {
    [
        include_str!("../data/powers.txt").to_owned(),
        include_str!("../data/provinces.txt").to_owned(),
        include_str!("../data/adjacency.txt").to_owned(),
        include_str!("../data/units.txt").to_owned(),
    ]
}

fn load(
    files: &[String; 4],
    variant: Option<&str>,
    points: Option<&str>,
) -> Result<Map, MapErrors> {
    Map::parse_variant(&VariantFiles {
        powers: &files[0],
        provinces: &files[1],
        adjacency: &files[2],
        units: &files[3],
        variant,
        points,
    })
}

#[test]
fn every_built_in_map_loads_and_the_standard_map_comes_first() {
    let names: Vec<&str> = Map::builtin_names().collect();
    assert_eq!(names[0], "standard");
    assert!(names.contains(&AM));
    for name in names {
        let map = Map::builtin(name).unwrap_or_else(|| panic!("{name} is not built in"));
        assert_eq!(map.info().name, name);
        if name != "standard" {
            let picture = map
                .picture()
                .expect("a built-in variant has picture points");
            assert_eq!(picture.points.len(), map.province_count());
        }
    }
    assert!(Map::builtin("ancient mediterranean").is_none());
    assert!(std::ptr::eq(
        Map::builtin("standard").unwrap(),
        Map::standard()
    ));
}

#[test]
fn ancient_mediterranean_agrees_with_its_readme() {
    let map = Map::builtin(AM).unwrap();
    // README.md: five powers, 79 provinces, 34 supply centres, 18 to win.
    let powers: Vec<&str> = map.powers().iter().map(|p| p.name()).collect();
    assert_eq!(powers, ["Carthage", "Egypt", "Greece", "Persia", "Rome"]);
    assert_eq!(map.province_count(), 79);
    assert_eq!(map.supply_centres().count(), 34);
    assert_eq!(map.victory_centres(), 18);
    assert_eq!(map.info().builds, Builds::Home);
    // README.md: the years count from 1, as godip's.
    assert_eq!(map.first_year(), 1);
    assert_eq!(Map::standard().first_year(), 1901);
    assert_eq!(map.starting_units().len(), 15);
    for &power in map.powers() {
        assert_eq!(map.home_centres(power).len(), 3, "{power}");
        assert!(map.power_colour(power).is_some());
    }
    let p = |name: &str| map.resolve_province(name).unwrap();
    // Baleares: an archipelago, fleets only by land and sea, and a fleet there convoys.
    let bal = p("Baleares");
    assert!(map.convoys_from(bal));
    assert!(!map.convoys_from(p("Crete")));
    assert!(map.can_stand(UnitType::Army, Location::province(bal)));
    assert!(!map.adjacent(
        UnitType::Army,
        Location::province(p("sag")),
        Location::province(bal)
    ));
    assert!(map.adjacent(
        UnitType::Fleet,
        Location::province(p("sag")),
        Location::province(bal)
    ));
    // The canals: armies and fleets alike.
    for (a, b) in [
        ("ath", "spa"),
        ("sic", "nea"),
        ("ale", "mem"),
        ("mem", "the"),
    ] {
        for kind in UnitType::ALL {
            assert!(map.adjacent(kind, Location::province(p(a)), Location::province(p(b))));
        }
    }
    assert!(map.adjacent(
        UnitType::Fleet,
        Location::province(p("byz")),
        Location::province(p("bla"))
    ));
    assert!(map.adjacent(
        UnitType::Fleet,
        Location::province(p("byz")),
        Location::province(p("aeg"))
    ));
    // The four-way connections: every pair adjacent.
    for four in [["aus", "mes", "got", "lib"], ["ale", "sii", "the", "gop"]] {
        for a in four {
            for b in four {
                if a != b {
                    assert!(map.borders(p(a), p(b)), "{a}-{b}");
                }
            }
        }
    }
}

#[test]
fn the_standard_map_as_a_variant_reads_its_rules_and_points() {
    let files = standard_files();
    let map = load(
        &files,
        Some("name = my-map\nvictory = 20\nbuilds = anywhere\nstart-year = 1950\n"),
        None,
    )
    .unwrap();
    assert_eq!(map.info().name, "my-map");
    assert_eq!(map.info().title, "my-map");
    assert_eq!(map.victory_centres(), 20);
    assert!(map.builds_anywhere());
    assert_eq!(map.info().start_year, 1950);
    assert!(!Map::standard().builds_anywhere());
    assert_eq!(Map::standard().victory_centres(), 18);
}

/// The one problem of a variant with `variant.txt` or `points.txt` as given.
fn error_of(variant: Option<&str>, points: Option<&str>) -> MapError {
    let errors =
        load(&standard_files(), variant, points).expect_err("the broken file was accepted");
    assert_eq!(errors.len(), 1, "{errors}");
    errors.first().clone()
}

#[test]
fn broken_variant_files_are_errors_at_their_line() {
    /// variant.txt, points.txt, the file and line of the error, a part of its message.
    type Case<'a> = (Option<&'a str>, Option<&'a str>, &'a str, usize, &'a str);
    let cases: [Case; 9] = [
        (
            Some("name = x\n# c\nvictory = many\n"),
            None,
            "variant.txt",
            3,
            "victory `many`",
        ),
        (
            Some("name = x\nbuilds = somewhere\n"),
            None,
            "variant.txt",
            2,
            "builds `somewhere`",
        ),
        (
            Some("name = x\nname = y\n"),
            None,
            "variant.txt",
            2,
            "already set on line 1",
        ),
        (
            Some("name = x\ncolour = red\n"),
            None,
            "variant.txt",
            2,
            "unknown key `colour`",
        ),
        (Some("title = X\n"), None, "variant.txt", 0, "no `name"),
        (
            Some("name = x\nstart-year = 0\n"),
            None,
            "variant.txt",
            2,
            "start-year `0` is not a year from 1",
        ),
        (
            Some("name = x\nvictory = 35\n"),
            None,
            "variant.txt",
            0,
            "more than the map's 34",
        ),
        (
            None,
            Some("size 10 10\nxyz 1 1\n"),
            "points.txt",
            2,
            "unknown province",
        ),
        (
            None,
            Some("size 10 10\nlon 1\n"),
            "points.txt",
            2,
            "expected `place x y`",
        ),
    ];
    for (variant, points, file, line, message) in cases {
        let e = error_of(variant, points);
        assert_eq!((e.file, e.line), (file, line), "{e}");
        assert!(e.message.contains(message), "{e}");
    }
    // Every province without a point is reported.
    let errors = load(&standard_files(), None, Some("size 10 10\n")).unwrap_err();
    assert_eq!(errors.len(), 75, "{errors}");
    assert!(errors.iter().all(|e| e.message.contains("has no point")));
}

#[test]
fn a_broken_colour_is_an_error_at_its_line() {
    let mut files = standard_files();
    files[0] = files[0].replace(
        "England | eng | English  |",
        "England | eng | English  | | red",
    );
    let e = load(&files, None, None).expect_err("a bad colour was accepted");
    let e = e.first();
    assert_eq!(e.file, "powers.txt");
    assert!(e.message.contains("colour `red`"), "{e}");
    files[0] = standard_files()[0].replace(
        "England | eng | English  |",
        "England | eng | English  | | #aabbcc",
    );
    let map = load(&files, None, None).unwrap();
    assert_eq!(
        map.power_colour(map.resolve_power("eng").unwrap()),
        Some("#aabbcc")
    );
}

#[test]
fn the_same_files_load_once() {
    let files = standard_files();
    let v = VariantFiles {
        powers: &files[0],
        provinces: &files[1],
        adjacency: &files[2],
        units: &files[3],
        variant: Some("name = again\n"),
        points: None,
    };
    let a = Map::load_variant(&v).unwrap();
    let b = Map::load_variant(&v).unwrap();
    assert!(std::ptr::eq(a, b));
}

#[test]
fn every_problem_is_reported_with_its_line() {
    // Two bad lines in provinces.txt, one in units.txt and one in variant.txt: each reported at
    // its line, in file order. London's line is not read, and the unit in London is not
    // reported again; Paris is read as a neutral centre.
    let mut files = standard_files();
    let line_of =
        |text: &str, start: &str| text.lines().position(|l| l.starts_with(start)).unwrap() + 1;
    files[1] = files[1]
        .replace("lon | coastal |", "lon | swamp |")
        .replace("par | inland  | France", "par | inland  | Prussia");
    files[3] = files[3].replace("Germany A mun", "Germany A kie/nc");
    let lon = line_of(&files[1], "lon |");
    let par = line_of(&files[1], "par |");
    let mun = line_of(&files[3], "Germany A kie/nc");
    let errors = load(&files, Some("name = x\nbuilds = somewhere\n"), None).unwrap_err();
    let found: Vec<(&str, usize)> = errors.iter().map(|e| (e.file, e.line)).collect();
    assert_eq!(
        found,
        [
            ("provinces.txt", lon),
            ("provinces.txt", par),
            ("units.txt", mun),
            ("variant.txt", 2),
        ],
        "{errors}"
    );
    assert!(errors[0].message.contains("unknown terrain `swamp`"));
    assert!(errors[1].message.contains("unknown centre `Prussia`"));
    assert!(errors[2].message.contains("`kie` has no coast `nc`"));
    // One problem a line, as `file:line: message`.
    let text = errors.to_string();
    assert_eq!(text.lines().count(), 4, "{text}");
    assert!(
        text.starts_with(&format!("provinces.txt:{lon}: unknown terrain `swamp`")),
        "{text}"
    );
}

#[test]
fn a_province_listed_twice_is_one_problem() {
    // Found by the fuzz target `variant_loader`: a second `ank` line was kept as a province
    // without neighbours, and "`ank` has no neighbours" was reported twice.
    let mut files = standard_files();
    let ank = files[1]
        .lines()
        .find(|l| l.starts_with("ank |"))
        .unwrap()
        .to_owned();
    let line = files[1]
        .lines()
        .position(|l| l.starts_with("ank |"))
        .unwrap()
        + 2;
    files[1] = files[1].replace(&ank, &format!("{ank}\n{}", ank.replace("Ankara", "Ankarb")));
    let errors = load(&files, None, None).unwrap_err();
    let found: Vec<(&str, usize)> = errors.iter().map(|e| (e.file, e.line)).collect();
    assert_eq!(found, [("provinces.txt", line)], "{errors}");
    assert!(errors[0]
        .message
        .contains("`ank` is already a name of `ank`"));
}

#[test]
fn a_line_naming_the_same_unknown_place_twice_is_one_problem() {
    // Found by the fuzz target `variant_loader`.
    let mut files = standard_files();
    files[2] = files[2].replace("fleet nth: nwg", "fleet nth: xyz nwg xyz");
    let errors = load(&files, None, None).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors}");
    assert!(errors[0]
        .message
        .contains("unknown province abbreviation `xyz`"));
}

#[test]
fn every_location_is_lent_as_it_is_written() {
    for name in Map::builtin_names() {
        let map = Map::builtin(name).unwrap();
        for p in map.provinces() {
            // Each location, with how the notation abbreviates it: `stp`, `stp/nc`.
            let mut locations = vec![(Location::new(p, None), map.abbrev(p).to_owned())];
            locations.extend(map.coasts(p).iter().map(|&c| {
                (
                    Location::new(p, Some(c)),
                    format!("{}/{}", map.abbrev(p), c.abbrev()),
                )
            }));
            for (loc, written) in locations {
                assert_eq!(map.location_str(loc), Some(written.as_str()), "{name}");
                assert_eq!(map.location_abbrev(loc), written, "{name}");
            }
        }
        // A coast the province does not have, and a province of no map, are not lent (and
        // are still written).
        let no_coasts = map.provinces().find(|&p| map.coasts(p).is_empty());
        if let Some(p) = no_coasts {
            let odd = Location::new(p, Some(Coast::North));
            assert_eq!(map.location_str(odd), None);
            assert_eq!(map.location_abbrev(odd), format!("{}/nc", map.abbrev(p)));
        }
        assert_eq!(
            map.location_str(Location::new(ProvinceId(u8::MAX), None)),
            None
        );
    }
}
