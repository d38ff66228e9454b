//! `mdip import python-diplomacy`: the CLI reads a saved game of python `diplomacy` and writes
//! the self-checking file, which `mdip check` passes; errors are one message with exit code 2.
//! The fixtures are `crates/mdip-analysis/tests/import/python-diplomacy/` (its README).

mod common;

use common::{root, run, run_in};

const GAME: &str = "crates/mdip-analysis/tests/import/python-diplomacy/random-39.json";

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("mdip-pydip-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The round trip through the binary: imported, then checked clean.
#[test]
fn an_imported_game_checks_clean() {
    let dir = temp("check");
    let out = dir.join("game.mdip");
    let r = run(&[
        "import",
        "python-diplomacy",
        GAME,
        "-o",
        &out.to_string_lossy(),
    ]);
    assert_eq!((r.code, r.stdout.as_str()), (0, ""), "{}", r.stderr);
    let c = run(&["check", &out.to_string_lossy(), "--no-report"]);
    assert_eq!(c.code, 0, "{}{}", c.stdout, c.stderr);
    assert!(c.stdout.contains("ok (31 steps"), "{}", c.stdout);
    // Standard output, and standard input.
    let s = run(&["import", "python-diplomacy", GAME]);
    assert_eq!(s.code, 0, "{}", s.stderr);
    assert_eq!(s.stdout, std::fs::read_to_string(&out).unwrap());
    let json = std::fs::read_to_string(root().join(GAME)).unwrap();
    let i = run_in(&dir, &["import", "python-diplomacy", "-"], &json);
    assert_eq!(i.code, 0, "{}", i.stderr);
    assert_eq!(i.stdout, s.stdout.replace("random-39.json", "<stdin>"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_is_one_message_and_exit_code_2() {
    let dir = temp("bad");
    let json = std::fs::read_to_string(root().join(GAME)).unwrap();
    std::fs::write(
        dir.join("modern.json"),
        json.replacen("\"standard\"", "\"modern\"", 1),
    )
    .unwrap();
    let r = run_in(&dir, &["import", "python-diplomacy", "modern.json"], "");
    assert_eq!(
        (r.code, r.stdout.as_str(), r.stderr.as_str()),
        (
            2,
            "",
            "mdip import python-diplomacy: modern.json: at `map`: map `modern` of python diplomacy has no counterpart in mdip (the maps read: standard, ancmed, standard_france_austria)\n"
        )
    );
    let r = run_in(
        &dir,
        &["import", "python-diplomacy", "--max-file-size", "1K", "-"],
        &json,
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("larger than 1024 bytes"), "{}", r.stderr);
    let r = run_in(
        &dir,
        &["import", "python-diplomacy", "-"],
        &format!("{json} {{}}"),
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("trailing characters"), "{}", r.stderr);
    // The output never overwrites the input.
    std::fs::write(dir.join("g.json"), &json).unwrap();
    let r = run_in(
        &dir,
        &["import", "python-diplomacy", "g.json", "-o", "g.json"],
        "",
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(std::fs::read_to_string(dir.join("g.json")).unwrap(), json);
    let _ = std::fs::remove_dir_all(&dir);
}
