//! `mdip_analysis::import::fivedd` and `mdip_analysis::export::fivedd`: the 5D Diplomacy game's
//! `World` JSON to a self-checking order file, and a file's step in progress back to the game's
//! order submission.
//!
//! The fixtures (`tests/import/5dd/`) are written for these tests from the game's models
//! (`server/Models/`, the JSON its server writes):
//! - `fresh.json`: a new game, the standard opening on the one board of Spring 1901;
//! - `winter.json`: one timeline at Winter 1901 with England's two builds given (`New`);
//! - `three-timelines-retreat.json`: iteration 4 of a small game: in Fall 1901 a French army
//!   went back to Spring 1901 (timeline 2 forked from it), in timeline 2's Fall 1901 a German
//!   army crossed to timeline 1's Fall 1901 (timeline 3 forked from there, first as a Winter
//!   board), and the movement just adjudicated dislodged England's fleet in Holland in
//!   timeline 1's Fall 1902; England's retreat is given (`RetreatNew`);
//! - `past-winter-retreat.json`: iteration 3 of a game started in Fall 1901: Germany dislodged
//!   France's army in Burgundy, which retreated to Gascony (`RetreatSuccess`), then Germany
//!   built an army in Berlin (`Success`) and one more in Kiel (`Failure`: one build only) on
//!   the Winter 1901 board; Spring 1902 is the head.

use mdip_analysis::export::fivedd as export;
use mdip_analysis::import::fivedd::{convert, ImportError, Options};
use mdip_analysis::{analyze, FileReport};

const FIXTURES: [(&str, &str); 4] = [
    ("fresh", include_str!("import/5dd/fresh.json")),
    ("winter", include_str!("import/5dd/winter.json")),
    (
        "three-timelines-retreat",
        include_str!("import/5dd/three-timelines-retreat.json"),
    ),
    (
        "past-winter-retreat",
        include_str!("import/5dd/past-winter-retreat.json"),
    ),
];

/// A downloaded game is verified by `mdip check`: every stored outcome that mdip's
/// adjudication of the same boards contradicts is an E0410 at that `@record` line, and only
/// those. Here one status of the clean fixture is falsified: the French hold in Burgundy
/// (dislodged by a supported attack) as `Success`.
#[test]
fn a_downloaded_game_is_verified_against_its_stored_outcomes() {
    let json = FIXTURES[3].1;
    let clean = analyze(&import("past-winter-retreat", json));
    assert!(!clean.has_errors(), "{:#?}", clean.diagnostics);
    let hold = r#""$type": "Hold",
      "status": "Failure""#;
    assert!(json.contains(hold));
    let falsified = json.replace(hold, &hold.replace("Failure", "Success"));
    let text = import("falsified", &falsified);
    let a = analyze(&text);
    let found: Vec<(String, String)> = a
        .diagnostics
        .iter()
        .map(|d| {
            let line = text[..d.span.start as usize].matches('\n').count();
            (
                format!(
                    "{} {}",
                    d.code.as_str(),
                    text.lines().nth(line).unwrap_or("")
                ),
                d.message.clone(),
            )
        })
        .collect();
    assert_eq!(
        found,
        vec![(
            "E0410 @record France: A bur 1:0 hold => succeeds".to_owned(),
            "the game stored `succeeds`, but adjudicating the same boards this order fails \
             (dislodged by A Munich 1:0)"
                .to_owned()
        )],
        "{text}"
    );
}

fn import(name: &str, json: &str) -> String {
    convert(
        json,
        &Options {
            strict: false,
            source: format!("{name}.json"),
        },
    )
    .unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn each_fixture_imports_as_its_snapshot() {
    for (name, json) in FIXTURES {
        insta::assert_snapshot!(format!("5dd-{name}"), import(name, json));
    }
}

/// Needs the multi-season setup directives (`@season`, `@owns ... X:Y`, `@record`, `@phase
/// adjustment X:Y`, `@dislodged` in a season).
#[test]
fn each_imported_file_checks_itself() {
    for (name, json) in FIXTURES {
        let text = import(name, json);
        let a = analyze(&text);
        assert!(
            !a.has_errors() && a.expectations.failed == 0,
            "{name}:\n{text}\n{:#?}",
            a.diagnostics
        );
        assert!(a.expectations.stated >= 3, "{name}");
    }
}

#[test]
fn strict_is_written_when_asked() {
    let text = convert(
        FIXTURES[0].1,
        &Options {
            strict: true,
            source: String::new(),
        },
    )
    .unwrap();
    assert!(text.contains("\n@rules 5dd strict\n"), "{text}");
    assert!(text.starts_with("# A 5D Diplomacy game"), "{text}");
    assert!(text.contains("from standard input."), "{text}");
}

fn error(json: &str) -> ImportError {
    convert(json, &Options::default()).expect_err("the JSON is refused")
}

/// One board of Spring 1901 with the units and centres given as JSON text.
fn one_board(units: &str, centres: &str) -> String {
    format!(
        r#"{{"iteration":0,"boards":[{{"timeline":1,"year":1901,"phase":"Spring","childTimelines":[],"centres":{{{centres}}},"units":{{{units}}}}}],"orders":[],"winner":null}}"#
    )
}

#[test]
fn bad_input_is_an_error_with_its_json_path() {
    let e = error(r#"{"iteration": 0, "boards": [ {"timeline": 1,"#);
    assert_eq!(e.path, "boards[0]");
    assert_eq!(
        e.to_string(),
        "at `boards[0]`: malformed JSON: EOF while parsing a value at line 1 column 44"
    );
    let e = error("not json");
    assert_eq!(
        e.to_string(),
        "malformed JSON: expected ident at line 1 column 2"
    );
    let e = error(&one_board(
        r#""Xyz":{"owner":"England","type":"Army","mustRetreat":false}"#,
        "",
    ));
    assert_eq!(
        e.to_string(),
        "at `boards[0].units.Xyz`: unknown region `Xyz` (the game's ids are like `Lon`, `NTH`, `Spa_S`)"
    );
    let e = error(&one_board(
        r#""Lon":{"owner":"Spain","type":"Army","mustRetreat":false}"#,
        "",
    ));
    assert_eq!(
        e.to_string(),
        "at `boards[0].units.Lon.owner`: unknown nation `Spain`, expected one of `Austria`, `England`, `France`, `Germany`, `Italy`, `Russia`, `Turkey` at line 1 column 132"
    );
    let e = error(&one_board("", r#""Lon":"Spain""#));
    assert_eq!(e.path, "boards[0].centres.Lon");
    let e = error(&one_board(
        r#""Lon":{"owner":"England","type":"Zeppelin"}"#,
        "",
    ));
    assert_eq!(e.path, "boards[0].units.Lon.type");
    let e = error(r#"{"iteration":0,"orders":[],"winner":null}"#);
    assert_eq!(e.to_string(), "missing field `boards` at line 1 column 41");
    let e = error(r#"{"iteration":0,"boards":[],"orders":[],"winner":null}"#);
    assert_eq!(e.to_string(), "at `boards`: the game has no board");
}

#[test]
fn bad_orders_and_boards_are_errors_with_their_json_path() {
    let world = |orders: &str| {
        one_board(
            r#""Lon":{"owner":"England","type":"Fleet","mustRetreat":false}"#,
            "",
        )
        .replace(r#""orders":[]"#, &format!(r#""orders":[{orders}]"#))
    };
    let at = |region: &str| {
        format!(r#"{{"timeline":1,"year":1901,"phase":"Spring","region":"{region}"}}"#)
    };
    let unit = r#"{"owner":"England","type":"Fleet","mustRetreat":false}"#;
    let e = error(&world(&format!(
        r#"{{"$type":"Teleport","status":"New","unit":{unit},"location":{}}}"#,
        at("Lon")
    )));
    assert_eq!(
        e.to_string(),
        "at `orders[0].$type`: unknown order type `Teleport`, expected Hold, Move, Support, Convoy, Build or Disband"
    );
    let e = error(&world(&format!(
        r#"{{"$type":"Move","status":"New","unit":{unit},"location":{},"destination":{}}}"#,
        at("Lon"),
        at("Atlantis")
    )));
    assert_eq!(e.path, "orders[0].destination.region");
    let e = error(&world(&format!(
        r#"{{"$type":"Move","status":"Pending","unit":{unit},"location":{}}}"#,
        at("Lon")
    )));
    assert_eq!(e.path, "orders[0].status");
    let e = error(&world(&format!(
        r#"{{"$type":"Move","status":"New","unit":{unit},"location":{}}}"#,
        at("Lon")
    )));
    assert_eq!(
        e.to_string(),
        "at `orders[0]`: a Move order without its destination or the unit it helps"
    );
    let e = error(&world(&format!(
        r#"{{"$type":"Hold","status":"New","unit":{unit},"location":{}}}"#,
        at("Lon").replace("1901", "1905")
    )));
    assert_eq!(
        e.to_string(),
        "at `orders[0].location`: no board timeline 1, Spring 1905 in `boards`"
    );
    // A second timeline that no board lists as a child.
    let two = FIXTURES[0].1.replace(
        "  ],\n  \"orders\"",
        "  ,{\"timeline\":2,\"year\":1901,\"phase\":\"Fall\",\"centres\":{},\"units\":{}}],\n  \"orders\"",
    );
    let e = error(&two);
    assert_eq!(
        e.to_string(),
        "at `boards[1]`: timeline 2: no board lists it in `childTimelines`"
    );
    // A timeline listed as a child of its own board.
    let own = two.replace(
        "\"timeline\":2,\"year\":1901,\"phase\":\"Fall\",",
        "\"timeline\":2,\"year\":1901,\"phase\":\"Fall\",\"childTimelines\":[2],",
    );
    assert_eq!(
        error(&own).to_string(),
        "at `boards[1].childTimelines`: timeline 2 branches from timeline 2, Fall 1901: a timeline branches from an older one"
    );
    // A gap in a timeline.
    let gap = two
        .replace("\"timeline\":2", "\"timeline\":1")
        .replace("Fall", "Winter")
        .replace("1901,\"phase\":\"Winter\"", "1902,\"phase\":\"Fall\"");
    assert_eq!(
        error(&gap).to_string(),
        "at `boards[1]`: timeline 1, Fall 1902: the board before it in its timeline is missing"
    );
}

#[test]
fn no_input_makes_it_panic() {
    // Every prefix of every fixture, and every fixture with one byte changed: an error or a
    // text, never a panic.
    for (_, json) in FIXTURES {
        for end in (0..json.len()).step_by(7) {
            let _ = convert(&json[..end], &Options::default());
        }
        for (i, _) in json.char_indices().step_by(11) {
            for replacement in ["9", "\"", "-1", "null", "[]"] {
                let mut changed = json.to_owned();
                let end = json[i..].chars().next().map_or(i, |c| i + c.len_utf8());
                changed.replace_range(i..end, replacement);
                let _ = convert(&changed, &Options::default());
            }
        }
    }
}

fn report_of(text: &str) -> (FileReport, String) {
    let a = analyze(text);
    let rules = a.rules_words();
    (FileReport::new("game.mdip", text, &a), rules)
}

/// The report names the rule set in the words `@rules` writes for it, options and all (not
/// "custom"), and those words read back as the same rule set; `export 5dd` takes only the
/// game's own rule sets, and names the words of any other.
#[test]
fn the_report_names_the_rules_as_rules_writes_them() {
    for words in [
        "mdatc",
        "standard",
        "5dd",
        "5dd strict",
        "mdatc convoy-intent any-fleet",
        "5dd winters global",
        "5dd strict forks arrival-or-new-result victory only-one-at-18",
    ] {
        let (report, rules) = report_of(&format!("@rules {words}\n@start standard\n"));
        assert_eq!(report.rules, words);
        assert_eq!(rules, words);
        let again = report_of(&format!("@rules {}\n@start standard\n", report.rules)).0;
        assert_eq!(again.rules, words);
    }
    // The same rule set written otherwise is written back in its shortest words.
    let (report, _) = report_of("@RULES 5dd loose convoy-intent any-fleet 4.A.3 own-fleet\n");
    assert_eq!(report.rules, "5dd convoy-intent own-fleet");
    let (report, rules) =
        report_of("@rules 5dd winters global\n@start standard\nEngland: F lon - nth\n");
    let e = export::export(&report, &rules, None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the file is played under `@rules 5dd winters global`: only a file with `@rules 5dd` (or `5dd strict`) is a 5D Diplomacy game"
    );
}

#[test]
fn export_refuses_other_rule_sets_and_unknown_players() {
    let (report, rules) = report_of("@start standard\nEngland: F lon - nth\n");
    let e = export::export(&report, &rules, None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the file is played under `@rules mdatc`: only a file with `@rules 5dd` (or `5dd strict`) is a 5D Diplomacy game"
    );
    let (report, rules) = report_of("@rules 5dd\n@start standard\nEngland: F lon - nth\n");
    let e = export::export(&report, &rules, Some(&["England, Spain".to_owned()])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "`Spain` is no power of the game (England, Germany, Russia, Turkey, Austria, Italy, France)"
    );
    let x = export::export(&report, &rules, Some(&["france".to_owned()])).unwrap();
    assert_eq!(x.request.players, ["France"]);
    assert_eq!(x.request.orders.len(), 1);
    assert_eq!(x.warnings, Vec::<String>::new());
}

#[test]
fn export_writes_every_kind_of_order_and_warns_of_illegal_ones() {
    let text = "\
@rules 5dd
@start standard
England: F lon - nth
England: A lvp - yor via convoy
England: F edi C A lvp - nwy
France: A par S A mar - bur
France: A mar - bur
Germany: A mun S A ber
Germany: A ber hold
Russia: F stp/sc - bot
Italy: A ven - spa
";
    let (report, rules) = report_of(text);
    let x = export::export(&report, &rules, None).unwrap();
    insta::assert_json_snapshot!("5dd-export-kinds", x.request);
    assert_eq!(
        x.warnings,
        [
            "line 5: `F edi C A lvp - nwy` is exported though mdip finds it illegal: only fleets at sea can convoy",
            "line 11: `A ven - spa` is exported though mdip finds it illegal: the destination is not adjacent, and no fleets could convoy the army there",
        ]
    );
}

#[test]
fn export_writes_adjustments_on_the_winter_board() {
    let text = "\
@rules 5dd
@phase adjustment
@unit England F nth
@unit Germany A mun
@unit Germany A ber
@unit Germany A kie
@owns England lon edi lvp nwy
@owns Germany mun ber
England: Build A lon
England: Build F stp/nc
England: Waive
Germany: Remove A kie
";
    let (report, rules) = report_of(text);
    let x = export::export(&report, &rules, None).unwrap();
    insta::assert_json_snapshot!("5dd-export-adjustments", x.request);
    assert_eq!(
        x.warnings,
        [
            "line 10: `Build F stp/nc` is exported though mdip finds it illegal: not a home supply centre of this power",
            "line 11: `Waive` is left out: the game has no waive: a build not ordered is not used",
        ]
    );
}

/// Needs the multi-season setup directives: the imported files' seasons must exist for the
/// orders given in them to be read in their step.
#[test]
fn imported_orders_export_as_the_game_stored_them() {
    // The orders of the iteration in progress in the fixtures, exported from the imported
    // file, are the fixtures' own orders.
    for (name, json) in &FIXTURES[1..3] {
        let text = import(name, json);
        let (report, rules) = report_of(&text);
        let x = export::export(&report, &rules, None).unwrap();
        let exported = serde_json::to_value(&x.request.orders).unwrap();
        let world: serde_json::Value = serde_json::from_str(json).unwrap();
        let given: Vec<&serde_json::Value> = world["orders"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|o| matches!(o["status"].as_str(), Some("New" | "RetreatNew")))
            .collect();
        assert_eq!(
            exported,
            serde_json::to_value(&given).unwrap(),
            "{name}:\n{text}"
        );
        assert_eq!(x.warnings, Vec::<String>::new(), "{name}");
        assert_eq!(x.request.players, ["England"], "{name}");
    }
}

#[test]
fn export_writes_retreats_with_the_retreat_status() {
    let text = "\
@rules 5dd
Germany 0:0
A Munich - Tyrolia
A Bohemia supports A Munich - Tyrolia
Austria 0:0
A Tyrolia holds
@phase retreat
Austria: A Tyrolia - Vienna
";
    let (report, rules) = report_of(text);
    let x = export::export(&report, &rules, None).unwrap();
    assert_eq!(x.warnings, Vec::<String>::new());
    let at = |region: &str| serde_json::json!({"timeline": 1, "year": 1901, "phase": "Spring", "region": region});
    assert_eq!(
        serde_json::to_value(&x.request).unwrap(),
        serde_json::json!({
            "players": ["Austria"],
            "orders": [{
                "$type": "Move",
                "status": "RetreatNew",
                "unit": {"owner": "Austria", "type": "Army", "mustRetreat": true},
                "location": at("Tyr"),
                "destination": at("Vie"),
            }],
        })
    );
    let disband = text.replace("A Tyrolia - Vienna", "Disband A Tyrolia");
    let (report, rules) = report_of(&disband);
    let x = export::export(&report, &rules, None).unwrap();
    assert_eq!(
        serde_json::to_value(&x.request.orders).unwrap(),
        serde_json::json!([{
            "$type": "Disband",
            "status": "RetreatNew",
            "unit": {"owner": "Austria", "type": "Army", "mustRetreat": true},
            "location": at("Tyr"),
        }])
    );
}

/// A retreat phase on one board: Austria's army in Tyrolia must retreat; France's army in
/// Burgundy, dislodged with nowhere to go, was disbanded at once (the game stores a `Disband`
/// with `RetreatSuccess` and does not mark the unit): it is not on the next board.
#[test]
fn a_unit_disbanded_at_once_is_not_on_the_next_board() {
    let unit = |owner: &str, retreat: bool| {
        format!(r#"{{"owner":"{owner}","type":"Army","mustRetreat":{retreat}}}"#)
    };
    let at = |region: &str| {
        format!(r#"{{"timeline":1,"year":1901,"phase":"Spring","region":"{region}"}}"#)
    };
    let order = |kind: &str, status: &str, owner: &str, from: &str, extra: &str| {
        format!(
            r#"{{"$type":"{kind}","status":"{status}","unit":{},"location":{}{extra}}}"#,
            unit(owner, owner == "Austria" && kind == "Hold"),
            at(from)
        )
    };
    let json = format!(
        r#"{{"iteration":1,"winner":null,"boards":[{{"timeline":1,"year":1901,"phase":"Spring","childTimelines":[],
        "centres":{{"Mun":"Germany","Vie":"Austria","Par":"France"}},
        "units":{{"Mun":{},"Boh":{},"Pic":{},"Gas":{},"Tyr":{},"Bur":{}}}}}],
        "orders":[{},{},{},{},{},{},{}]}}"#,
        unit("Germany", false),
        unit("Germany", false),
        unit("Germany", false),
        unit("Germany", false),
        unit("Austria", true),
        unit("France", false),
        order(
            "Move",
            "Success",
            "Germany",
            "Mun",
            &format!(r#","destination":{}"#, at("Tyr"))
        ),
        order(
            "Support",
            "Success",
            "Germany",
            "Boh",
            &format!(
                r#","supportLocation":{},"destination":{}"#,
                at("Mun"),
                at("Tyr")
            )
        ),
        order(
            "Move",
            "Success",
            "Germany",
            "Pic",
            &format!(r#","destination":{}"#, at("Bur"))
        ),
        order(
            "Support",
            "Success",
            "Germany",
            "Gas",
            &format!(
                r#","supportLocation":{},"destination":{}"#,
                at("Pic"),
                at("Bur")
            )
        ),
        order("Hold", "Failure", "Austria", "Tyr", ""),
        order("Hold", "Failure", "France", "Bur", ""),
        order("Disband", "RetreatSuccess", "France", "Bur", ""),
    );
    insta::assert_snapshot!("5dd-disbanded-at-once", import("disbanded", &json));
}
