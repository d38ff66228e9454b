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
