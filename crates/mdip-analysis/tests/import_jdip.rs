//! `mdip_analysis::import::jdip`: jDip case files converted into self-checking order files.
//! The sample cases (`tests/import/jdip-sample.txt`) are mdip's own; real suites (godip's DATC
//! files) are converted by `real_suites_when_given` when `MDIP_JDIP_CASES` names a folder.

use mdip_analysis::analyze;
use mdip_analysis::import::jdip::convert;

const SAMPLE: &str = include_str!("import/jdip-sample.txt");

#[test]
fn sample_cases_convert_and_pass() {
    let converted = convert(SAMPLE, "jdip-sample.txt");
    assert_eq!(converted.problems, vec![]);
    let names: Vec<&str> = converted.cases.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["sample.1", "sample.2", "sample.3", "sample.4"]);
    for case in &converted.cases {
        let a = analyze(&case.text);
        assert!(
            !a.has_errors(),
            "{}:\n{}\n{:#?}",
            case.name,
            case.text,
            a.diagnostics
        );
        assert!(a.expectations.stated >= 2, "{}: {}", case.name, case.text);
        assert_eq!(a.expectations.failed, 0);
        assert_eq!(case.file_name, format!("{}.mdip", case.name));
    }
}

#[test]
fn a_retreat_case_reads_its_attacker_and_standoffs_from_the_results() {
    let converted = convert(SAMPLE, "jdip-sample.txt");
    let expected = "\
# CASE sample.2 of jdip-sample.txt, converted by `mdip import jdip`.
# no retreat to where the attacker came from; Trieste saw a standoff, Munich none (its mover was dislodged)
@turn 1
@phase retreat
@unit Germany A tyr
@unit Germany A boh
@unit Italy A ven
@unit Austria A vie
@dislodged Austria A tyr from mun
@standoff tri

Austria: A tyr-mun => any  # illegal: the attacker came from there

@expect unit Germany A tyr
@expect unit Germany A boh
@expect unit Italy A ven
@expect unit Austria A vie
";
    assert_eq!(converted.cases[1].text, expected);
    let sample4 = &converted.cases[3].text;
    assert!(
        sample4.contains("@dislodged France A bre from pic by convoy\n"),
        "{sample4}"
    );
}

#[test]
fn wrong_positions_fail() {
    // The expected position is wrong: the converted file fails.
    let wrong = SAMPLE.replace("\tFrance: A pic\n", "\tFrance: A gas\n");
    let case = &convert(&wrong, "x").cases[3];
    let a = analyze(&case.text);
    assert!(a.has_errors() && a.expectations.failed > 0, "{}", case.text);
    // Without the convoy in the results the attacker came over land: no retreat to Picardy.
    let land = SAMPLE.replace("\tSUCCESS: England: F eng C A pic-bre\n", "");
    let case = &convert(&land, "x").cases[3];
    assert!(case.text.contains("from pic\n"), "{}", case.text);
    let a = analyze(&case.text);
    assert!(a.expectations.failed > 0, "{}", case.text);
}

#[test]
fn bad_lines_are_problems_kept_as_comments() {
    let text = "\
stray line
CASE bad.1
PRESTATE_SETPHASE Summer 1901, Movement
PRESTATE
\tGermany: X mun
\tGermany mun
ORDERS
\tGermany: A mun-ber
END
END
CASE bad.2
loose
PRESTATE
\tItaly: A ven
";
    let converted = convert(text, "bad.txt");
    let lines: Vec<usize> = converted.problems.iter().map(|p| p.line).collect();
    assert_eq!(
        lines,
        [1, 3, 5, 6, 2, 10, 12, 14, 11],
        "{:#?}",
        converted.problems
    );
    assert_eq!(converted.cases.len(), 2);
    let first = &converted.cases[0].text;
    assert!(
        first.contains("# not converted: Germany: X mun\n"),
        "{first}"
    );
    assert!(first.contains("# not converted: PRESTATE_SETPHASE Summer 1901, Movement\n"));
    assert!(first.contains("Germany: A mun-ber => any\n"), "{first}");
    let second = &converted.cases[1].text;
    assert!(second.contains("# not converted: loose\n"), "{second}");
    assert!(second.contains("@unit Italy A ven\n"), "{second}");
    // Nothing panics on any bytes, and every case is still a file the analysis reads.
    for junk in [
        "",
        "CASE",
        "CASE x\nPRESTATE_RESULTS\n\tSUCCESS:\nEND",
        "END\n#",
    ] {
        for c in convert(junk, "junk").cases {
            let _ = analyze(&c.text);
        }
    }
}

/// Converts every `*.txt` of the folder `MDIP_JDIP_CASES` names (such as godip's
/// `variants/classical/datc`) and prints how many converted cases pass. Skipped otherwise.
#[test]
fn real_suites_when_given() {
    let Some(dir) = std::env::var_os("MDIP_JDIP_CASES") else {
        eprintln!("skipped: set MDIP_JDIP_CASES to a folder of jDip case files");
        return;
    };
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .expect("MDIP_JDIP_CASES is a folder")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    entries.sort();
    let (mut cases, mut passing) = (0, 0);
    for path in &entries {
        let text = String::from_utf8_lossy(&std::fs::read(path).expect("readable")).into_owned();
        let converted = convert(&text, &path.display().to_string());
        for case in &converted.cases {
            cases += 1;
            if !analyze(&case.text).has_errors() {
                passing += 1;
            } else {
                eprintln!("fails: {} ({})", case.name, path.display());
            }
        }
    }
    eprintln!("{} files, {cases} cases, {passing} pass", entries.len());
    assert!(cases > 0, "no case found");
}

/// A case file on another map (`VARIANT_ALL`) writes `@map` with mdip's name of it in every
/// case after the line; the standard map (godip's `Classical`) writes none.
#[test]
fn a_variant_name_becomes_map() {
    let text = "VARIANT_ALL Ancient Mediterranean\nCASE one\nPRESTATE_SETPHASE Spring 1, Movement\nPRESTATE\n  Rome: A nea\nORDERS\n  Rome: A nea H\nPOSTSTATE_SAME\nEND\nVARIANT_ALL Classical\nCASE two\nPRESTATE\n  England: F nth\nORDERS\n  England: F nth H\nPOSTSTATE_SAME\nEND\n";
    let converted = convert(text, "v.txt");
    let [one, two] = converted.cases.as_slice() else {
        panic!("{converted:#?}");
    };
    assert!(
        one.text.contains("\n@map ancient-mediterranean\n"),
        "{}",
        one.text
    );
    assert!(!two.text.contains("@map"), "{}", two.text);
    // The standard case checks clean; no line was a problem but the variant's year.
    assert!(!analyze(&two.text).has_errors(), "{}", two.text);
    assert!(
        converted.problems.iter().all(|p| p.line == 3),
        "{:#?}",
        converted.problems
    );
}
