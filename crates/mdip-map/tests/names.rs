//! Province name resolution: full names, abbreviations, aliases, folding of
//! case, spaces, dots and hyphens, "did you mean" suggestions, and every
//! province name used in the order lines of DATC chapter 6.

use std::path::PathBuf;

use mdip_map::{Coast, Location, Map, ProvinceId};

fn map() -> &'static Map {
    Map::standard()
}

/// The province with canonical abbreviation `abbrev`.
fn p(abbrev: &str) -> ProvinceId {
    map()
        .province_by_abbrev(abbrev)
        .unwrap_or_else(|| panic!("no province `{abbrev}`"))
}

/// Asserts that each name resolves to the province `abbrev`.
fn check_names(abbrev: &str, names: &[&str]) {
    for name in names {
        assert_eq!(
            map().resolve_province(name).map(|q| map().abbrev(q)),
            Some(abbrev),
            "{name:?} should resolve to {abbrev}"
        );
    }
}

#[test]
fn every_province_resolves_by_name_and_abbreviation() {
    let map = map();
    for q in map.provinces() {
        assert_eq!(map.resolve_province(map.name(q)), Some(q));
        assert_eq!(map.resolve_province(map.abbrev(q)), Some(q));
        assert_eq!(map.resolve_province(&map.name(q).to_uppercase()), Some(q));
        assert_eq!(map.resolve_province(&map.abbrev(q).to_uppercase()), Some(q));
        assert_eq!(map.province_by_abbrev(map.abbrev(q)), Some(q));
        for alias in map.aliases(q) {
            assert_eq!(map.resolve_province(alias), Some(q), "{alias}");
        }
    }
}

#[test]
fn aliases_from_the_brief() {
    check_names(
        "stp",
        &[
            "St Petersburg",
            "St. Petersburg",
            "Saint Petersburg",
            "stp",
            "ST PETERSBURG",
        ],
    );
    check_names(
        "lyo",
        &[
            "Gulf of Lyon",
            "Gulf of Lyons",
            "Gulf of Lions",
            "lyo",
            "gol",
        ],
    );
    check_names(
        "hel",
        &["Heligoland Bight", "Helgoland Bight", "hel", "Helgoland"],
    );
    check_names(
        "mao",
        &[
            "Mid-Atlantic Ocean",
            "Mid Atlantic Ocean",
            "mid-atlantic",
            "mao",
            "mid",
        ],
    );
    check_names("nwg", &["Norwegian Sea", "nwg", "nrg"]);
    check_names(
        "nao",
        &["North Atlantic Ocean", "North Atlantic", "nao", "nat"],
    );
    check_names("naf", &["North Africa", "naf"]);
    check_names("tyr", &["Tyrolia", "Tyrol", "tyr"]);
    check_names("eng", &["English Channel", "eng", "ech"]);
    check_names("tys", &["Tyrrhenian Sea", "tys", "tyn"]);
    check_names("bot", &["Gulf of Bothnia", "bot", "gob"]);
    check_names("ska", &["Skagerrak", "ska"]);
    check_names("bar", &["Barents Sea", "bar"]);
    check_names("eas", &["Eastern Mediterranean", "eas", "emed"]);
    check_names("wes", &["Western Mediterranean", "wes", "wmed"]);
    check_names("ion", &["Ionian Sea", "ion"]);
    check_names("aeg", &["Aegean Sea", "aeg"]);
    check_names("bla", &["Black Sea", "bla"]);
    check_names("iri", &["Irish Sea", "iri"]);
    check_names("bal", &["Baltic Sea", "bal"]);
    check_names("adr", &["Adriatic Sea", "adr"]);
    check_names("con", &["Constantinople", "con"]);
    check_names("lvp", &["Liverpool", "lvp", "lpl"]);
    check_names("sev", &["Sevastopol", "sev"]);
    check_names("nth", &["North Sea", "nth", "  north   SEA "]);
    check_names("nwy", &["Norway", "nwy", "nor"]);
    check_names("ruh", &["Ruhr", "Rhur"]);
}

#[test]
fn unknown_names_do_not_resolve() {
    let map = map();
    for name in [
        "",
        " ",
        "-",
        ".",
        "North",
        "Sea",
        "Atlantis",
        "nt",
        "nthh",
        "eng/nc",
        "Spain(nc)",
        "England",
        "Austria",
        "St",
        "Gulf",
        "日本",
        "\u{0}",
        "North Sea Hold",
    ] {
        assert_eq!(map.resolve_province(name), None, "{name:?}");
    }
    // Powers are a separate namespace: `eng` is the English Channel here.
    assert_eq!(map.resolve_province("eng"), Some(p("eng")));
    assert_eq!(map.province_by_abbrev("North Sea"), None);
    assert_eq!(map.province_by_abbrev("gol"), None);
    assert_eq!(map.province_by_abbrev(" NTH "), Some(p("nth")));
}

#[test]
fn locations_with_coasts() {
    let map = map();
    let at = |text: &str| map.resolve_location(text);
    let stp = p("stp");
    assert_eq!(at("stp/nc"), Some(Location::new(stp, Some(Coast::North))));
    assert_eq!(
        at("St Petersburg (north coast)"),
        Some(Location::new(stp, Some(Coast::North)))
    );
    assert_eq!(
        at("St. Petersburg(sc)"),
        Some(Location::new(stp, Some(Coast::South)))
    );
    assert_eq!(
        at("Spain(nc)"),
        Some(Location::new(p("spa"), Some(Coast::North)))
    );
    assert_eq!(
        at("bul/ec"),
        Some(Location::new(p("bul"), Some(Coast::East)))
    );
    assert_eq!(
        at("Bulgaria (east)"),
        Some(Location::new(p("bul"), Some(Coast::East)))
    );
    assert_eq!(at("North Sea"), Some(Location::province(p("nth"))));
    assert_eq!(at("spa"), Some(Location::province(p("spa"))));
    // Coasts the province does not have, unknown coasts, broken brackets.
    assert_eq!(at("bul/nc"), None);
    assert_eq!(at("spa/ec"), None);
    assert_eq!(at("nth/nc"), None);
    assert_eq!(at("spa/xx"), None);
    assert_eq!(at("spa(nc"), None);
    assert_eq!(at("spa()"), None);
    assert_eq!(at("(nc)"), None);
    assert_eq!(at("/"), None);
    assert_eq!(at(""), None);
}

#[test]
fn suggestions_for_typos() {
    let map = map();
    let suggest = |name: &str| map.suggest_province(name).map(|q| map.abbrev(q));
    for (typo, expected) in [
        ("Nort Sea", "nth"),
        ("north see", "nth"),
        ("Munchen", "mun"),
        ("Sevastapol", "sev"),
        ("Constantinopel", "con"),
        ("Tyrhenian Sea", "tys"),
        ("Portgal", "por"),
        ("Spian", "spa"),
        ("Berlinn", "ber"),
        ("Gulf of Lion", "lyo"),
        ("Mid Atlantc", "mao"),
        ("St Petersberg", "stp"),
        ("Edinborough", "edi"),
        ("Skaggerak", "ska"),
        ("Helgoland Bite", "hel"),
        ("Livonai", "lvn"),
        ("mnu", "mun"),
        ("nrth", "nth"),
        ("North", "nth"),
        ("Tunisia", "tun"),
        ("Gascogne", "gas"),
        ("bal sea", "bal"),
    ] {
        assert_eq!(suggest(typo), Some(expected), "{typo:?}");
    }
    // A name that resolves suggests itself.
    assert_eq!(suggest("North Sea"), Some("nth"));
    // A transposition beats another edit: `nht` is one edit from both `nth`
    // and `nat` (North Atlantic), `sew` from both `swe` and `sev`, but only
    // `nth` and `swe` have the same letters.
    assert_eq!(suggest("nht"), Some("nth"));
    assert_eq!(suggest("sew"), Some("swe"));
    // Ambiguous: `lvo` is one substitution from `lvn`, `lvp` and `lyo`.
    assert_eq!(suggest("lvo"), None);
    // Nothing close, or nothing at all (`Irland` is two edits from
    // `Finland`, `Parma` two from `Paris`: too far for short names).
    for nonsense in [
        "",
        "   ",
        "xyzzy",
        "Atlantis",
        "qqq",
        "Kingdom of Poland",
        "12345",
        "日本語",
    ] {
        assert_eq!(suggest(nonsense), None, "{nonsense:?}");
    }
}

#[test]
fn name_functions_never_panic() {
    let map = map();
    // A spread of awkward inputs: control characters, combining marks,
    // very long strings, lone brackets and slashes.
    let long = "a".repeat(10_000);
    let inputs = [
        "\u{0}\u{1}\u{7f}",
        "e\u{301}\u{301}\u{301}",
        "(((",
        ")))",
        "///",
        "(/)",
        "spa/(nc)",
        "spa(nc)/sc",
        "ΑΒΓ",
        "🦀 sea",
        long.as_str(),
        "\t\n\r",
        "İstanbul",
    ];
    for input in inputs {
        let _ = map.resolve_province(input);
        let _ = map.resolve_location(input);
        let _ = map.suggest_province(input);
        let _ = map.province_by_abbrev(input);
        let _ = mdip_map::Power::from_name(input);
        let _ = Coast::from_name(input);
    }
    assert_eq!(map.resolve_province(&long), None);
    assert_eq!(map.suggest_province(&long), None);
}

/// The DATC text: `MDIP_DATC` if set, else the copy kept in `tests/reference/`.
fn datc_path() -> PathBuf {
    std::env::var_os("MDIP_DATC")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/reference/datc-v3.0.txt")
        })
}

/// Splits an order line of DATC chapter 6 into the province names it
/// mentions (coasts removed), or `None` if the line is not an order.
///
/// An order line starts with an optional `Build` or `Remove`, then a unit
/// letter and a capitalised word. Names end at `-`, the order keywords and
/// the end of the line; a unit letter before a name is dropped.
fn names_in_order_line(line: &str) -> Option<Vec<String>> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let start = usize::from(matches!(words.first(), Some(&"Build") | Some(&"Remove")));
    let unit_ok = matches!(words.get(start), Some(&"A") | Some(&"F"));
    let name_ok = words
        .get(start + 1)
        .and_then(|w| w.chars().next())
        .is_some_and(char::is_uppercase);
    if !unit_ok || !name_ok {
        return None;
    }
    let keywords = [
        "-", "Supports", "Convoys", "Hold", "via", "Convoy", "convoy",
    ];
    let mut names = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    for word in &words[start..] {
        if keywords.contains(word) {
            if !current.is_empty() {
                names.push(current.join(" "));
            }
            current.clear();
        } else if current.is_empty() && (*word == "A" || *word == "F") {
            // A unit letter before a name.
        } else {
            current.push(word);
        }
    }
    if !current.is_empty() {
        names.push(current.join(" "));
    }
    // Drop a coast such as `(sc)` glued to the end of a name.
    let names = names
        .into_iter()
        .map(|n| match n.find('(') {
            Some(i) => n[..i].trim().to_string(),
            None => n,
        })
        .collect();
    Some(names)
}

#[test]
fn datc_chapter_6_names_resolve() {
    let path = datc_path();
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read the DATC text at {} (set MDIP_DATC to its path): {e}",
            path.display()
        )
    });
    let start = text
        .find("6.A.1. TEST CASE")
        .expect("the DATC text has a line `6.A.1. TEST CASE`");
    let map = map();
    let mut names_checked = 0;
    let mut distinct = std::collections::BTreeSet::new();
    let mut failures = Vec::new();
    for line in text[start..].lines() {
        let Some(names) = names_in_order_line(line.trim()) else {
            continue;
        };
        for name in names {
            names_checked += 1;
            if map.resolve_province(&name).is_none() {
                failures.push(format!("{name:?} in {line:?}"));
            }
            distinct.insert(name);
        }
    }
    assert!(
        failures.is_empty(),
        "unresolved DATC names:\n{}",
        failures.join("\n")
    );
    // The extraction really found the orders (about 700 lines of them).
    assert!(names_checked > 1000, "only {names_checked} names found");
    for expected in [
        "Mid-Atlantic Ocean",
        "Gulf of Lyon",
        "St Petersburg",
        "Helgoland Bight",
        "Norwegian Sea",
        "North Africa",
        "Rhur",
    ] {
        assert!(distinct.contains(expected), "{expected} not extracted");
    }
}

#[test]
fn order_line_extraction() {
    assert_eq!(
        names_in_order_line("F North Sea Convoys A London - Belgium"),
        Some(vec!["North Sea".into(), "London".into(), "Belgium".into()])
    );
    assert_eq!(
        names_in_order_line("Build F St Petersburg(nc)"),
        Some(vec!["St Petersburg".into()])
    );
    assert_eq!(
        names_in_order_line("A Holland Supports Rhur - Belgium"),
        Some(vec!["Holland".into(), "Rhur".into(), "Belgium".into()])
    );
    assert_eq!(
        names_in_order_line("A Gascony - Spain(nc) via Convoy"),
        Some(vec!["Gascony".into(), "Spain".into()])
    );
    assert_eq!(names_in_order_line("France:"), None);
    assert_eq!(names_in_order_line("A move fails."), None);
}
