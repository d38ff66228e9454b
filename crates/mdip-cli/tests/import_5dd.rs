//! `mdip import 5dd` and `mdip export 5dd`: the CLI reads the game's JSON and writes the order
//! file, reads an order file and writes the game's order submission; errors are one message
//! with exit code 2. The fixtures are `crates/mdip-analysis/tests/import/5dd/` (described in
//! that crate's `tests/import_5dd.rs`).

mod common;

use common::{root, run, run_in};
use serde::Deserialize;

const FRESH: &str = "crates/mdip-analysis/tests/import/5dd/fresh.json";
const RETREAT: &str = "crates/mdip-analysis/tests/import/5dd/three-timelines-retreat.json";
const WINTER: &str = "crates/mdip-analysis/tests/import/5dd/winter.json";

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("mdip-5dd-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn import_writes_to_standard_output_or_to_the_file_given() {
    let dir = temp("out");
    let out = dir.join("game.mdip");
    let r = run(&["import", "5dd", RETREAT]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stderr, "");
    assert!(r.stdout.starts_with("# A 5D Diplomacy game (`GET game/{id}` of its server) imported by `mdip import 5dd` from three-timelines-retreat.json.\n# iteration 4; winner: none\n@rules 5dd\n"), "{}", r.stdout);
    let o = run(&["import", "5dd", RETREAT, "-o", &out.to_string_lossy()]);
    assert_eq!((o.code, o.stdout.as_str()), (0, ""), "{}", o.stderr);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), r.stdout);
    // Standard input, and the strict setting.
    let json = std::fs::read_to_string(root().join(FRESH)).unwrap();
    let s = run_in(&root(), &["import", "5dd", "-", "--strict"], &json);
    assert_eq!(s.code, 0, "{}", s.stderr);
    assert!(s.stdout.contains("from <stdin>.\n"), "{}", s.stdout);
    assert!(s.stdout.contains("\n@rules 5dd strict\n"), "{}", s.stdout);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Needs the multi-season setup directives.
#[test]
fn imported_games_check_clean() {
    let dir = temp("check");
    for (name, json) in [("fresh", FRESH), ("retreat", RETREAT), ("winter", WINTER)] {
        let out = dir.join(format!("{name}.mdip"));
        let r = run(&["import", "5dd", json, "-o", &out.to_string_lossy()]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        let c = run(&["check", &out.to_string_lossy(), "--no-report"]);
        assert_eq!(c.code, 0, "{name}: {}{}", c.stdout, c.stderr);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_json_is_one_message_and_exit_code_2() {
    let dir = temp("bad");
    let fresh = std::fs::read_to_string(root().join(FRESH)).unwrap();
    let cases = [
        (
            "malformed.json",
            fresh[..200].to_owned(),
            "mdip import 5dd: malformed.json: at `boards[0].centres.Ber`: malformed JSON: EOF while parsing a string at line 11 column 22\n",
        ),
        (
            "region.json",
            fresh.replace("\"Lon\"", "\"Londinium\""),
            "mdip import 5dd: region.json: at `boards[0].units.Londinium`: unknown region `Londinium` (the game's ids are like `Lon`, `NTH`, `Spa_S`)\n",
        ),
        (
            "nation.json",
            fresh.replacen("\"owner\": \"Turkey\"", "\"owner\": \"Byzantium\"", 1),
            "mdip import 5dd: nation.json: at `boards[0].units.Ank.owner`: unknown nation `Byzantium`, expected one of `Austria`, `England`, `France`, `Germany`, `Italy`, `Russia`, `Turkey` at line 35 column 30\n",
        ),
    ];
    for (file, json, message) in cases {
        std::fs::write(dir.join(file), json).unwrap();
        let r = run_in(&dir, &["import", "5dd", file], "");
        assert_eq!(
            (r.code, r.stdout.as_str(), r.stderr.as_str()),
            (2, "", message)
        );
    }
    let r = run_in(&dir, &["import", "5dd", "missing.json"], "");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .starts_with("mdip import 5dd: cannot read missing.json: "),
        "{}",
        r.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The orders added to the imported fresh game (Spring 1901 is season `0:0`).
const ADDED: &str = "\
England: F lon 0:0 - nth 0:0
England: A lvp 0:0 - yor 0:0
France: A par 0:0 S A mar 0:0 - bur 0:0
France: A mar 0:0 - bur 0:0
Russia: F stp/sc 0:0 - bot 0:0
Turkey: F ank 0:0 S F ank 0:0
";

/// The imported file with orders added, exported: the full JSON. The exit code is 0 once the
/// setup directives are merged (before, the imported setup has errors but the orders are read
/// the same).
#[test]
fn an_imported_game_with_orders_added_exports_its_orders() {
    let dir = temp("export");
    let r = run(&["import", "5dd", FRESH]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let file = dir.join("game.mdip");
    std::fs::write(&file, format!("{}\n{ADDED}", r.stdout)).unwrap();
    let x = run(&["export", "5dd", &file.to_string_lossy()]);
    insta::assert_snapshot!("5dd-export-fresh", x.stdout);
    assert!(
        x.stderr
            .contains("`F ank 0:0 S F ank 0:0` is exported though mdip finds it illegal"),
        "{}",
        x.stderr
    );
    assert_eq!(x.code, 1, "{}", x.stderr);
    // The players given replace those with orders.
    let p = run(&[
        "export",
        "5dd",
        &file.to_string_lossy(),
        "--players",
        "england,Russia",
    ]);
    let doc: serde_json::Value = serde_json::from_str(&p.stdout).unwrap();
    assert_eq!(doc["players"], serde_json::json!(["England", "Russia"]));
    let bad = run(&[
        "export",
        "5dd",
        &file.to_string_lossy(),
        "--players",
        "Prussia",
    ]);
    assert_eq!(bad.code, 2);
    assert!(
        bad.stderr.contains("`Prussia` is no power of the game"),
        "{}",
        bad.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn export_refuses_a_file_under_other_rules() {
    let r = run_in(
        &root(),
        &["export", "5dd", "-"],
        "@start standard\nEngland: F lon - nth\n",
    );
    assert_eq!(r.code, 2);
    assert_eq!(r.stdout, "");
    assert_eq!(
        r.stderr,
        "mdip export 5dd: <stdin>: the file is played under `@rules mdatc`: only a file with `@rules 5dd` (or `5dd strict`) is a 5D Diplomacy game\n"
    );
}

// The shape the game's client posts (`client/src/types/order.ts`, `unit.ts`, `location.ts`):
// every field named as there, no other field, enums spelt as there.

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Submission {
    players: Vec<Nation>,
    orders: Vec<Order>,
}

#[derive(Debug, Deserialize, PartialEq, Eq)]
enum Nation {
    England,
    Germany,
    Russia,
    Turkey,
    Austria,
    Italy,
    France,
}

#[derive(Debug, Deserialize, PartialEq, Eq)]
enum Status {
    New,
    RetreatNew,
}

#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
struct Unit {
    owner: Nation,
    #[serde(rename = "type")]
    kind: UnitType,
    #[serde(rename = "mustRetreat")]
    must_retreat: bool,
}

#[derive(Debug, Deserialize, PartialEq, Eq)]
enum UnitType {
    Army,
    Fleet,
}

#[derive(Debug, Deserialize, PartialEq, Eq)]
enum Phase {
    Spring,
    Fall,
    Winter,
}

#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
struct Location {
    timeline: u32,
    year: u32,
    phase: Phase,
    region: String,
}

#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(tag = "$type", deny_unknown_fields, rename_all_fields = "camelCase")]
#[allow(dead_code)] // Reason: the fields are read by `Deserialize` and compared whole.
enum Order {
    Hold {
        status: Status,
        unit: Unit,
        location: Location,
    },
    Move {
        status: Status,
        unit: Unit,
        location: Location,
        destination: Location,
    },
    Support {
        status: Status,
        unit: Unit,
        location: Location,
        support_location: Location,
        destination: Location,
    },
    Convoy {
        status: Status,
        unit: Unit,
        location: Location,
        convoy_location: Location,
        destination: Location,
    },
    Build {
        status: Status,
        unit: Unit,
        location: Location,
    },
    Disband {
        status: Status,
        unit: Unit,
        location: Location,
    },
}

/// Import, add orders, export: the orders read back in the client's shape, `$type` first in
/// each (the server's reader wants the discriminator first).
#[test]
fn round_trip_gives_the_shape_the_client_sends() {
    let dir = temp("round-trip");
    let r = run(&["import", "5dd", FRESH]);
    let file = dir.join("game.mdip");
    std::fs::write(&file, format!("{}\n{ADDED}", r.stdout)).unwrap();
    let x = run(&["export", "5dd", &file.to_string_lossy()]);
    let sent: Submission =
        serde_json::from_str(&x.stdout).unwrap_or_else(|e| panic!("{e}\n{}", x.stdout));
    assert_eq!(
        sent.players,
        // In the game's order of nations.
        [
            Nation::England,
            Nation::Russia,
            Nation::Turkey,
            Nation::France
        ]
    );
    assert_eq!(sent.orders.len(), 6);
    assert_eq!(
        sent.orders[4],
        Order::Move {
            status: Status::New,
            unit: Unit {
                owner: Nation::Russia,
                kind: UnitType::Fleet,
                must_retreat: false
            },
            location: Location {
                timeline: 1,
                year: 1901,
                phase: Phase::Spring,
                region: "Stp_S".to_owned()
            },
            destination: Location {
                timeline: 1,
                year: 1901,
                phase: Phase::Spring,
                region: "BOT".to_owned()
            },
        }
    );
    let orders: Vec<&str> = x.stdout.split("\n    {\n").skip(1).collect();
    assert_eq!(orders.len(), 6);
    for o in orders {
        assert!(o.starts_with("      \"$type\": "), "{o}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The retreat given in the three-timeline game comes back as the game stored it. Needs the
/// multi-season setup directives (the retreat step of an imported game).
#[test]
fn the_pending_retreat_round_trips() {
    let dir = temp("retreat");
    let file = dir.join("game.mdip");
    let r = run(&["import", "5dd", RETREAT, "-o", &file.to_string_lossy()]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let x = run(&["export", "5dd", &file.to_string_lossy()]);
    assert_eq!(x.code, 0, "{}", x.stderr);
    let sent: Submission = serde_json::from_str(&x.stdout).unwrap();
    assert_eq!(sent.players, [Nation::England]);
    let at = |region: &str| Location {
        timeline: 1,
        year: 1902,
        phase: Phase::Fall,
        region: region.to_owned(),
    };
    assert_eq!(
        sent.orders,
        [Order::Move {
            status: Status::RetreatNew,
            unit: Unit {
                owner: Nation::England,
                kind: UnitType::Fleet,
                must_retreat: true
            },
            location: at("Hol"),
            destination: at("NTH"),
        }]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The "done when": an imported three-timeline game is continued and exported. After
/// England's retreat, timeline 0's Winter (season 4:0) takes its build beside the movement of
/// timelines 1 and 2 (3:1, 3:2), as the game does in one iteration: the export holds both.
/// Needs the multi-season setup directives and `@rules 5dd`'s Winter beside movement.
#[test]
fn an_imported_three_timeline_game_is_continued_and_exported() {
    let dir = temp("continued");
    let r = run(&["import", "5dd", RETREAT]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let file = dir.join("game.mdip");
    let next = "\
@phase next
England: Build F lon 4:0
France: Build A par 4:0
France: Build F bre 4:0
France: Build A mar 4:0
Germany: Build A ber 4:0
Germany: Build A mun 4:0
France: A mun 3:1 - kie 3:1
France: A bur 3:1 - ruh 3:1
Germany: A kie 3:1 hold
Germany: A par 3:2 - bur 3:2
England: F hol 3:2 - nth 3:2
";
    std::fs::write(&file, format!("{}{next}", r.stdout)).unwrap();
    let c = run(&["check", &file.to_string_lossy(), "--no-report"]);
    assert_eq!(c.code, 0, "{}{}", c.stdout, c.stderr);
    let x = run(&["export", "5dd", &file.to_string_lossy()]);
    assert_eq!((x.code, x.stderr.as_str()), (0, ""));
    insta::assert_snapshot!("5dd-export-continued", x.stdout);
    let sent: Submission = serde_json::from_str(&x.stdout).unwrap();
    assert_eq!(
        sent.players,
        [Nation::England, Nation::Germany, Nation::France]
    );
    let _ = std::fs::remove_dir_all(&dir);
}
