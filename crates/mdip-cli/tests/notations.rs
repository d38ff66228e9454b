//! Other 5D notations read and written: one small 5D game written in mdip's notation
//! (`tests/notations/game.mdip`), in the text of the 5D game's fork (`game-fork.mdip`) and with
//! 5dplomacy's places (`game-5dplomacy.mdip`) gives the same report, and `mdip export text`
//! writes the step in progress in the fork's text, which reads back to the same game.

mod common;

use common::{root, run, run_in};
use serde_json::Value;

const GAMES: [&str; 3] = [
    "tests/notations/game.mdip",
    "tests/notations/game-fork.mdip",
    "tests/notations/game-5dplomacy.mdip",
];

/// Where the files differ by their notation only: names, texts, ranges and lines.
fn scrub(v: &mut Value) {
    match v {
        Value::Object(map) => {
            for key in ["path", "text", "range", "line", "closed_at"] {
                map.remove(key);
            }
            map.values_mut().for_each(scrub);
        }
        Value::Array(items) => items.iter_mut().for_each(scrub),
        _ => {}
    }
}

fn report(args: &[&str]) -> Value {
    let mut all = vec!["check", "--format", "json"];
    all.extend_from_slice(args);
    let r = run(&all);
    assert_eq!(r.code, 0, "{args:?}: {}{}", r.stdout, r.stderr);
    let mut v: Value = serde_json::from_str(&r.stdout).expect("valid JSON");
    scrub(&mut v);
    v
}

#[test]
fn the_same_game_in_three_notations_reports_alike() {
    let mdip = report(&[GAMES[0]]);
    assert_eq!(mdip["files"][0]["orders"].as_array().map(Vec::len), Some(5));
    assert_eq!(mdip["files"][0]["counts"]["expectations"], 12);
    for other in &GAMES[1..] {
        assert_eq!(report(&[other]), mdip, "{other}");
    }
}

#[test]
fn export_text_writes_the_step_in_the_forks_notation_whatever_the_notation_read() {
    for game in GAMES {
        let r = run(&["export", "text", game]);
        assert_eq!(r.code, 0, "{game}: {}", r.stderr);
        assert_eq!(
            r.stdout, "Germany: T1 F01 A Mun -> T1 S01 Tyr; Austria: T1 F01 A Vie -> T1 F01 Boh;\n",
            "{game}"
        );
    }
}

#[test]
fn exported_text_reads_back_to_the_same_game() {
    let fork = std::fs::read_to_string(root().join(GAMES[1])).unwrap();
    let exported = run(&["export", "text", GAMES[0]]).stdout;
    // The second step as exported (no expectations), in place of the file's own line.
    let second = fork
        .lines()
        .find(|l| l.starts_with("Germany: T1 F01"))
        .unwrap();
    let text = fork.replace(second, exported.trim_end());
    assert_ne!(text, fork);
    let r = run_in(&root(), &["check", "--format", "json", "-"], &text);
    assert_eq!(r.code, 0, "{text}\n{}{}", r.stdout, r.stderr);
    let mut back: Value = serde_json::from_str(&r.stdout).unwrap();
    scrub(&mut back);
    let mut original = report(&[GAMES[0]]);
    // The exported orders carry no expectation.
    for o in original["files"][0]["orders"].as_array_mut().unwrap()[3..].iter_mut() {
        o["expected"] = Value::Null;
    }
    original["files"][0]["counts"]["expectations"] = 10.into();
    assert_eq!(back, original);
}
