//! `mdip_analysis::import::python_diplomacy`: a saved game of python `diplomacy` to a
//! self-checking order file. The fixtures (`tests/import/python-diplomacy/`, described in its
//! README) are games the package itself played and saved: the imported file states every
//! outcome and position the package found, and mdip's adjudication of the same orders must
//! agree with each.

use mdip_analysis::analyze;
use mdip_analysis::import::python_diplomacy::{convert, ImportError, Options};
use serde_json::Value;

const FIXTURES: [(&str, &str); 5] = [
    (
        "opening-8",
        include_str!("import/python-diplomacy/opening-8.json"),
    ),
    (
        "random-38",
        include_str!("import/python-diplomacy/random-38.json"),
    ),
    (
        "random-39",
        include_str!("import/python-diplomacy/random-39.json"),
    ),
    // On the package's `standard_france_austria` map: mdip's built-in `france-vs-austria`.
    (
        "france-austria-5",
        include_str!("import/python-diplomacy/france-austria-5.json"),
    ),
    // On the package's `ancmed`: mdip's built-in `ancient-mediterranean` (three provinces
    // abbreviated otherwise, years from 1).
    (
        "ancmed-4",
        include_str!("import/python-diplomacy/ancmed-4.json"),
    ),
];

fn import(name: &str, json: &str) -> String {
    convert(
        json,
        &Options {
            source: format!("{name}.json"),
        },
    )
    .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The round trip: every imported game checks clean, with no warning either, and states
/// many outcomes and positions.
#[test]
fn each_saved_game_checks_itself() {
    for (name, json) in FIXTURES {
        let text = import(name, json);
        let a = analyze(&text);
        assert!(
            a.diagnostics.is_empty() && a.expectations.failed == 0,
            "{name}:\n{:#?}",
            a.diagnostics
        );
        // Every order has its outcome, every phase its position.
        let orders = text.lines().filter(|l| l.contains(" => ")).count();
        assert!(a.expectations.stated > orders, "{name}");
        assert!(orders >= 100, "{name}: {orders} orders");
    }
}

#[test]
fn the_opening_imports_as_its_snapshot() {
    insta::assert_snapshot!(
        "python-diplomacy-opening-8",
        import("opening-8", FIXTURES[0].1)
    );
}

/// The features the fixtures are chosen for are in them (README).
#[test]
fn the_fixtures_hold_retreats_removals_and_passed_over_steps() {
    let all: String = FIXTURES.iter().map(|(n, j)| import(n, j)).collect();
    for needle in [
        "\n@phase retreat  # S",
        "\n@phase retreat  # F",
        "\n@phase retreat  # no phase in the game",
        "@expect retreats ",
        ": Remove ",
        ": Build ",
        ": Waive => any",
        "python diplomacy drops the VIA",
        "\n@phase adjustment  # W",
        "\n@map france-vs-austria\n",
        "\n@map ancient-mediterranean\n",
        "Egypt: A the",
    ] {
        assert!(all.contains(needle), "{needle}");
    }
}

/// The diagnostics of an imported text: code and the line's text.
fn found(text: &str) -> Vec<String> {
    let a = analyze(text);
    let mut out: Vec<String> = a
        .diagnostics
        .iter()
        .map(|d| {
            let line = text[..d.span.start as usize].matches('\n').count();
            format!(
                "{} {}",
                d.code.as_str(),
                text.lines().nth(line).unwrap_or("")
            )
        })
        .collect();
    out.dedup();
    out
}

/// A game the package adjudicated otherwise is caught at the line that differs: one result
/// falsified (a bounce stored as a success) fails that order's expectation, and one unit
/// falsified in a later phase's position fails that position.
#[test]
fn a_falsified_game_is_reported_where_it_differs() {
    let mut game: Value = serde_json::from_str(FIXTURES[0].1).unwrap();
    // The first bounced unit of Fall 1901.
    let results = game["phases"][1]["results"].as_object_mut().unwrap();
    let (unit, _) = results
        .iter()
        .find(|(_, r)| {
            r.as_array()
                .is_some_and(|r| r.iter().any(|w| w == "bounce"))
        })
        .map(|(u, r)| (u.clone(), r.clone()))
        .unwrap();
    results.insert(unit.clone(), Value::Array(Vec::new()));
    let text = import("falsified", &game.to_string());
    // `F KIE` is written `F kie`.
    let written = format!("{}{}", &unit[..2], unit[2..].to_ascii_lowercase());
    let order = text
        .lines()
        .find(|l| l.contains(&format!(": {written} ")) && l.ends_with("=> succeeds"))
        .unwrap()
        .to_owned();
    assert_eq!(found(&text), vec![format!("E0401 {order}")], "{text}");

    // A unit of Fall 1901's position moved elsewhere.
    let mut game: Value = serde_json::from_str(FIXTURES[0].1).unwrap();
    let units = game["phases"][1]["state"]["units"]["FRANCE"]
        .as_array_mut()
        .unwrap();
    let was = units[0].as_str().unwrap().to_owned();
    assert_eq!(was, "F BRE", "the fixture changed");
    units[0] = Value::String("F MAO".to_owned());
    let text = import("moved", &game.to_string());
    let f = found(&text);
    assert!(
        f.iter()
            .any(|d| d.starts_with("E0403 @expect unit France F mao")),
        "{f:#?}"
    );
}

fn error(json: &str) -> ImportError {
    convert(json, &Options::default()).expect_err("the JSON is refused")
}

/// A saved game of one phase with these orders and results (JSON text).
fn one_phase(map: &str, name: &str, orders: &str, results: &str) -> String {
    format!(
        r#"{{"id":"x","map":"{map}","rules":[],"phases":[{{"name":"{name}","state":{{"units":{{"FRANCE":["A PAR"]}},"centers":{{"FRANCE":["PAR"]}}}},"orders":{{"FRANCE":[{orders}]}},"results":{{{results}}}}}]}}"#
    )
}

#[test]
fn bad_input_is_an_error_with_its_json_path() {
    let ok = one_phase("standard", "S1901M", r#""A PAR - BUR""#, r#""A PAR":[]"#);
    assert!(convert(&ok, &Options::default()).is_ok());
    let e = error(&one_phase("modern", "S1901M", "", ""));
    assert_eq!(
        e.to_string(),
        "at `map`: map `modern` of python diplomacy has no counterpart in mdip (the maps read: standard, ancmed, standard_france_austria)"
    );
    let e = error(&ok.replace(r#""map":"standard""#, r#""map_name":"pure""#));
    assert_eq!(e.path, "map_name");
    let e = error(&one_phase("standard", "S1901M", r#""A PAR TO BUR""#, ""));
    assert_eq!(
        e.to_string(),
        "at `phases[0].orders.FRANCE[0]`: `A PAR TO BUR` is no order as python diplomacy writes one (`A BUD - RUM`)"
    );
    let e = error(&one_phase(
        "standard",
        "S1901M",
        r#""A PAR - BUR""#,
        r#""A PAR":["zap"]"#,
    ));
    assert_eq!(
        e.to_string(),
        "at `phases[0].results.A PAR`: unknown result `zap` (python diplomacy writes bounce, cut, void, dislodged, no convoy, disband)"
    );
    // A power name that would break the file's lines.
    let e = error(&ok.replace(
        "\"FRANCE\":[\"A PAR - BUR",
        "\"FRANCE\\n@map x\":[\"A PAR - BUR",
    ));
    assert_eq!(
        e.to_string(),
        "at `phases[0].orders.FRANCE\n@map x`: `FRANCE @map x` is no power name such as `AUSTRIA`"
    );
    let e = error(&one_phase("standard", "S1901M", r#""A PAR - BUR""#, ""));
    assert_eq!(e.path, "phases[0].orders.FRANCE[0]");
    assert!(e.message.contains("has no result"), "{e}");
    let e = error(&one_phase("standard", "F1901R", "", ""));
    assert_eq!(
        e.to_string(),
        "at `phases[0].name`: the game starts with `F1901R`: only games starting with a movement phase are read"
    );
    let e = error(&one_phase("standard", "S1899M", "", ""));
    assert_eq!(e.path, "phases[0].name");
    let e = error(&ok.replace(r#""A PAR":[]}"#, r#""A PAR":[],"A PAR":["bounce"]}"#));
    assert_eq!(
        e.to_string(),
        "at `phases[0].results.A PAR`: the key `A PAR` is given twice in one object"
    );
    let e = error(&ok[..60]);
    assert!(e.message.starts_with("malformed JSON"), "{e}");
    let e = error(r#"{"phases":[]}"#);
    assert_eq!(
        e.to_string(),
        "at `phases`: the game has no phase such as S1901M"
    );
    // Two phases that do not follow one another.
    let two = format!(
        r#"{},{{"name":"S1902M","state":{{}},"orders":{{}},"results":{{}}}}]}}"#,
        &ok[..ok.len() - 2]
    );
    let e = error(&two);
    assert_eq!(
        e.to_string(),
        "at `phases[1].name`: `S1902M` does not follow `S1901M`"
    );
}

/// A game on another map the package names writes `@map` with mdip's name of it.
#[test]
fn a_variant_writes_its_map() {
    let json = one_phase(
        "standard_france_austria",
        "S1901M",
        r#""A PAR - BUR""#,
        r#""A PAR":[]"#,
    );
    let text = convert(&json, &Options::default()).unwrap();
    assert!(text.contains("\n@map france-vs-austria\n"), "{text}");
    let standard = one_phase("standard", "S1901M", r#""A PAR - BUR""#, r#""A PAR":[]"#);
    let text = convert(&standard, &Options::default()).unwrap();
    assert!(!text.contains("@map"), "{text}");
}

/// A game that ended (its last phase `COMPLETED`, with the final position and no orders)
/// checks its last step's outcome and the final position.
#[test]
fn a_completed_game_checks_its_final_position() {
    let ok = one_phase("standard", "S1901M", r#""A PAR - BUR""#, r#""A PAR":[]"#);
    let done = |unit: &str| {
        format!(
            r#"{},{{"name":"COMPLETED","state":{{"units":{{"FRANCE":["{unit}"]}},"centers":{{"FRANCE":["PAR"]}}}},"orders":{{}},"results":{{}}}}]}}"#,
            &ok[..ok.len() - 2]
        )
    };
    let text = convert(&done("A BUR"), &Options::default()).unwrap();
    assert!(text.contains("\n@phase next  # COMPLETED\n"), "{text}");
    assert!(text.contains("\n@expect unit France A bur\n"), "{text}");
    assert!(text.contains("\n@expect owner par France\n"), "{text}");
    assert_eq!(found(&text), Vec::<String>::new(), "{text}");
    // Another final position than mdip's adjudication is reported.
    let text = convert(&done("A PIC"), &Options::default()).unwrap();
    assert!(
        found(&text)
            .iter()
            .any(|d| d.starts_with("E0403 @expect unit France A pic")),
        "{text}"
    );
}
