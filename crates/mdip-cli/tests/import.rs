//! `mdip import jdip`: the CLI reads case files, writes one `.mdip` per case (or the one case to
//! standard output), and the files it writes pass `mdip check`.

mod common;

use common::{run, run_in};

const SAMPLE: &str = "crates/mdip-analysis/tests/import/jdip-sample.txt";

#[test]
fn writes_one_checked_file_per_case() {
    let dir = std::env::temp_dir().join(format!("mdip-import-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.to_string_lossy().into_owned();
    let r = run(&["import", "jdip", SAMPLE, "--out-dir", &out]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(r.stderr.contains("converted 4 cases"), "{}", r.stderr);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "sample.1.mdip",
            "sample.2.mdip",
            "sample.3.mdip",
            "sample.4.mdip"
        ]
    );
    let r = run(&["check", &out, "--no-report"]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    // The same file twice: the second set of names gets a suffix, nothing is overwritten.
    let r = run(&["import", "jdip", SAMPLE, SAMPLE, "-o", &out]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(dir.join("sample.4-2.mdip").is_file());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn one_case_goes_to_standard_output_and_problems_to_standard_error() {
    let dir = std::env::temp_dir().join(format!("mdip-import-one-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("one.txt");
    std::fs::write(
        &file,
        "CASE one\nPRESTATE\n\tEngland: F nth\n\tEngland: Q lon\nORDERS\n\tEngland: F nth-pic\nPOSTSTATE_SAME\nEND\n",
    )
    .unwrap();
    let r = run_in(&dir, &["import", "jdip", "one.txt"], "");
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stdout.contains("England: F nth-pic => any\n"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("# not converted: England: Q lon\n"),
        "{}",
        r.stdout
    );
    assert!(r.stderr.contains("one.txt:4: "), "{}", r.stderr);
    // Several cases on standard output: one file, a game per case, that passes as a whole.
    let r = run(&["import", "jdip", SAMPLE]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout.matches("@game sample.").count(), 4, "{}", r.stdout);
    let checked = run_in(&common::root(), &["check", "-", "--no-report"], &r.stdout);
    assert_eq!(checked.code, 0, "{}{}", checked.stdout, checked.stderr);
    assert!(checked.stdout.contains("4 steps"), "{}", checked.stdout);
    // The report says where each game starts.
    let json = run_in(
        &common::root(),
        &["check", "-", "--format", "json"],
        &r.stdout,
    );
    let doc: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    let games = doc["files"][0]["games"].as_array().expect("games");
    let names: Vec<&str> = games.iter().map(|g| g["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["sample.1", "sample.2", "sample.3", "sample.4"]);
    let firsts: Vec<u64> = games
        .iter()
        .map(|g| g["first_step"].as_u64().unwrap())
        .collect();
    assert_eq!(firsts, [0, 1, 2, 3]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Cases written for this test: a dislodged unit with nowhere to retreat, which the format does
/// not list; a dislodged unit that may retreat, left out (still an error); a removal written
/// without the unit type.
const DISLODGED_AND_REMOVALS: &str = "\
CASE cornered
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
\tFrance: A por
\tEngland: F mao
\tEngland: A spa
ORDERS
\tEngland: F mao-por
\tEngland: A spa S F mao-por
\tFrance: A por H
POSTSTATE
\tEngland: F por
\tEngland: A spa
END

CASE forgotten
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
\tAustria: A vie
\tRussia: A gal
\tRussia: A boh
ORDERS
\tRussia: A gal-vie
\tRussia: A boh S A gal-vie
POSTSTATE
\tRussia: A vie
\tRussia: A boh
END

CASE kindless
PRESTATE_SETPHASE Fall 1901, Adjustment
PRESTATE_SUPPLYCENTER_OWNERS
\tFrance: A par
PRESTATE
\tFrance: F gol
\tFrance: A par
ORDERS
\tFrance: Remove gol
POSTSTATE
\tFrance: A par
END
";

#[test]
fn units_with_nowhere_to_retreat_are_not_listed_and_removals_need_no_type() {
    let dir = std::env::temp_dir().join(format!("mdip-import-cornered-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("cases.txt"), DISLODGED_AND_REMOVALS).unwrap();
    let r = run_in(&dir, &["import", "jdip", "cases.txt", "-o", "out"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let cornered = std::fs::read_to_string(dir.join("out/cornered.mdip")).unwrap();
    assert!(
        cornered.contains("\n@expect dislodged except disbanded\n"),
        "{cornered}"
    );
    let kindless = std::fs::read_to_string(dir.join("out/kindless.mdip")).unwrap();
    assert!(
        !kindless.contains("except disbanded"),
        "only after a movement step: {kindless}"
    );
    let check = |name: &str| {
        run_in(
            &dir,
            &["check", &format!("out/{name}.mdip"), "--no-report"],
            "",
        )
    };
    // French A Portugal was dislodged, may go nowhere, and is not listed: as the case says.
    let r = check("cornered");
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    // Austrian A Vienna may retreat: a case that leaves it out is still wrong.
    let r = check("forgotten");
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout.contains("E0405") || r.stderr.contains("E0405"),
        "{}{}",
        r.stdout,
        r.stderr
    );
    // `Remove gol` removes the fleet standing there.
    let r = check("kindless");
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A file with no `CASE` converts nothing, and says so with exit code 1 instead of writing
/// nothing and exiting 0.
#[test]
fn an_input_without_cases_is_an_error() {
    let dir = std::env::temp_dir().join(format!("mdip-import-none-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("none.txt"), "just some text\n").unwrap();
    let r = run_in(&dir, &["import", "jdip", "none.txt"], "");
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(r.stdout, "");
    assert_eq!(
        r.stderr,
        "none.txt:1: `just some text` outside a CASE ... END block\n\
         mdip import: no CASE found in the input\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
