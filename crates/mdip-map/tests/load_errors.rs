//! Loading of map data: the embedded files load, and each kind of broken
//! data gives an error naming the file and line.

use mdip_map::{Map, MapError, MapErrors, Power};

const POWERS: &str = include_str!("../data/powers.txt");
const PROVINCES: &str = include_str!("../data/provinces.txt");
const ADJACENCY: &str = include_str!("../data/adjacency.txt");
const UNITS: &str = include_str!("../data/units.txt");

/// The 1-based number of the first line of `text` equal to `line` (after
/// trimming).
fn line_of(text: &str, line: &str) -> usize {
    text.lines()
        .position(|l| l.trim() == line)
        .map(|i| i + 1)
        .unwrap_or_else(|| panic!("no line {line:?}"))
}

/// Replaces the line `old` (exactly, after trimming) with `new`.
fn replace_line(text: &str, old: &str, new: &str) -> String {
    let n = line_of(text, old);
    text.lines()
        .enumerate()
        .map(|(i, l)| if i + 1 == n { new } else { l })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Loads the map with one of the last three files changed and returns the
/// error.
fn error_with(provinces: &str, adjacency: &str, units: &str) -> MapError {
    error_with_powers(POWERS, provinces, adjacency, units)
}

/// Loads the map with one line changed and returns its one problem: a bad line is one
/// problem, whatever names it would have defined.
fn error_with_powers(powers: &str, provinces: &str, adjacency: &str, units: &str) -> MapError {
    let errors = errors_with_powers(powers, provinces, adjacency, units);
    assert_eq!(errors.len(), 1, "{errors}");
    errors.first().clone()
}

/// Loads the map with its files as given and returns every problem.
fn errors_with_powers(powers: &str, provinces: &str, adjacency: &str, units: &str) -> MapErrors {
    match Map::parse(powers, provinces, adjacency, units) {
        Ok(_) => panic!("the broken data was accepted"),
        Err(e) => e,
    }
}

#[test]
fn embedded_data_loads() {
    let map = Map::parse(POWERS, PROVINCES, ADJACENCY, UNITS).expect("embedded data is valid");
    assert_eq!(map.province_count(), 75);
    assert_eq!(Map::standard().province_count(), 75);
    assert_eq!(map.powers(), Power::ALL);
}

#[test]
fn power_errors_name_the_line() {
    let italy = "Italy   | ita | Italian  |";
    let n = line_of(POWERS, italy);
    let cases = [
        ("Italy | ita", "expected 3 to 5 fields"),
        ("Ital y | ita | Italian", "is not one word"),
        ("Italy | ITA | Italian", "not lower-case letters"),
        ("Italy | ita | ", "the adjective is empty"),
        (
            "Italy | eng | Italian",
            "name `eng` is already a name of England",
        ),
        ("Italy | ita | Italian | France", "already a name of France"),
        (
            "Italy | ita | Italian | neutral",
            "`neutral` cannot name a power",
        ),
    ];
    for (line, message) in cases {
        let powers = replace_line(POWERS, italy, line);
        let e = error_with_powers(&powers, PROVINCES, ADJACENCY, UNITS);
        assert_eq!((e.file, e.line), ("powers.txt", n), "{line}: {e}");
        assert!(e.message.contains(message), "{line}: {e}");
    }
    let e = error_with_powers("# none\n", PROVINCES, ADJACENCY, UNITS);
    assert_eq!((e.file, e.line), ("powers.txt", 0), "{e}");
}

#[test]
fn home_centres_and_units_need_a_listed_power() {
    // Without Turkey in powers.txt, its home centres and units are unknown.
    // Every one of them is reported: three home centres, three units.
    let powers = replace_line(POWERS, "Turkey  | tur | Turkish  |", "");
    let errors = errors_with_powers(&powers, PROVINCES, ADJACENCY, UNITS);
    let found: Vec<(&str, &str)> = errors
        .iter()
        .map(|e| (e.file, e.message.split(" (").next().unwrap()))
        .collect();
    assert_eq!(
        found,
        [
            ("provinces.txt", "unknown centre `Turkey`"),
            ("provinces.txt", "unknown centre `Turkey`"),
            ("provinces.txt", "unknown centre `Turkey`"),
            ("units.txt", "unknown power `Turkey`"),
            ("units.txt", "unknown power `Turkey`"),
            ("units.txt", "unknown power `Turkey`"),
        ],
        "{errors}"
    );
    let units = replace_line(UNITS, "Russia  F stp/sc", "Rus F stp/sc");
    let e = error_with(PROVINCES, ADJACENCY, &units);
    assert!(e.message.contains("unknown power `Rus`"), "{e}");
}

#[test]
fn province_errors_name_the_line() {
    let nth = "nth | sea     | -       | -     | North Sea             |";
    let n = line_of(PROVINCES, nth);
    let cases = [
        ("nth | sea | - | - ", "expected 5 or 6 fields"),
        ("nth | lake | - | - | North Sea |", "unknown terrain `lake`"),
        (
            "nth | sea | Prussia | - | North Sea |",
            "unknown centre `Prussia`",
        ),
        (
            "nth | sea | neutral | - | North Sea |",
            "cannot be a supply centre",
        ),
        (
            "NTH | sea | - | - | North Sea |",
            "three lower-case letters",
        ),
        (
            "nth | sea | - | nc sc | North Sea |",
            "only coastal provinces",
        ),
        (
            "nth | sea | - | - | North Sea | Adriatic",
            "already a name of `adr` (line",
        ),
        (
            "nth | sea | - | - | North Sea | nth",
            "already a name of this province",
        ),
        ("nth | sea | - | - | North Sea | ,", "an alias is empty"),
        ("nth | sea | - | - | Aaa Sea |", "out of alphabetical order"),
    ];
    for (line, message) in cases {
        let provinces = replace_line(PROVINCES, nth, line);
        let e = error_with(&provinces, ADJACENCY, UNITS);
        assert_eq!((e.file, e.line), ("provinces.txt", n), "{line}: {e}");
        assert!(e.message.contains(message), "{line}: {e}");
        assert!(e.to_string().starts_with(&format!("provinces.txt:{n}: ")));
    }
}

#[test]
fn adjacency_errors_name_the_line() {
    let line = "fleet nth: nwg nwy ska yor";
    let n = line_of(ADJACENCY, line);
    let cases = [
        ("fleet nth nwg", "expected `kind from: to to ...`"),
        ("ship nth: nwg", "unknown kind `ship`"),
        ("fleet xyz: nwg", "unknown province abbreviation `xyz`"),
        ("fleet nth: nth", "cannot border itself"),
        ("army nth: nwg", "armies cannot enter sea `nth`"),
        ("fleet nth: mun", "fleets cannot enter inland `mun`"),
        ("fleet nth: stp", "needs a coast"),
        ("fleet nth: nwy/nc", "`nwy` has no coast `nc`"),
        (
            "both bul: con",
            "needs two coastal provinces without split coasts, not `bul`",
        ),
        ("fleet nth: edi", "already listed on line"),
        ("fleet nth:", "no neighbours after ':'"),
    ];
    for (bad, message) in cases {
        let adjacency = replace_line(ADJACENCY, line, bad);
        let e = error_with(PROVINCES, &adjacency, UNITS);
        assert_eq!((e.file, e.line), ("adjacency.txt", n), "{bad}: {e}");
        assert!(e.message.contains(message), "{bad}: {e}");
    }
}

#[test]
fn missing_adjacency_is_reported() {
    // Dropping both fleet moves into the north coast of St Petersburg leaves
    // a coast that no fleet could ever leave.
    let adjacency = replace_line(ADJACENCY, "fleet bar: nwg nwy stp/nc", "fleet bar: nwg nwy");
    let adjacency = replace_line(
        &adjacency,
        "fleet nwy: nwg ska stp/nc",
        "fleet nwy: nwg ska",
    );
    let e = error_with(PROVINCES, &adjacency, UNITS);
    assert_eq!((e.file, e.line), ("adjacency.txt", 0));
    assert!(
        e.message.contains("fleets at `stp/nc` have no neighbours"),
        "{e}"
    );
}

#[test]
fn unit_errors_name_the_line() {
    let line = "Russia  F stp/sc";
    let n = line_of(UNITS, line);
    let cases = [
        ("Russia F stp", "cannot stand at `stp`"),
        ("Russia A stp/sc", "cannot stand at `stp/sc`"),
        ("Russia F mos", "cannot stand at `mos`"),
        ("Prussia F stp/sc", "unknown power `Prussia`"),
        ("Russia S stp/sc", "unknown unit type `S`"),
        ("Russia F", "expected `Power A|F location`"),
        ("Russia A war", "already has a unit"),
    ];
    for (bad, message) in cases {
        let units = replace_line(UNITS, line, bad);
        let e = error_with(PROVINCES, ADJACENCY, &units);
        assert_eq!((e.file, e.line), ("units.txt", n), "{bad}: {e}");
        assert!(e.message.contains(message), "{bad}: {e}");
    }
}
