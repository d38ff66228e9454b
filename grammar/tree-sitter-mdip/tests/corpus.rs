//! Runs the tree-sitter corpus tests (`test/corpus/*.txt`) without the tree-sitter CLI: each test's
//! input is parsed and its S-expression compared with the expected one, as `tree-sitter test` does.

use std::fs;
use std::path::{Path, PathBuf};

/// One test of a corpus file.
#[derive(Debug)]
struct CorpusTest {
    file: PathBuf,
    name: String,
    input: String,
    expected: String,
    /// `:error`: the input must parse with an error; the expected tree is not compared.
    expect_error: bool,
    /// `:skip`: the test is not run.
    skip: bool,
}

/// A header or divider line: at least three `=` (or `-`), optionally followed by a suffix that
/// lets test inputs contain such lines themselves (`===|||`).
fn delimiter_suffix(line: &str, ch: char) -> Option<&str> {
    let rest = line.trim_start_matches(ch);
    (line.len() - rest.len() >= 3).then_some(rest.trim_end())
}

/// Reads the tests of one corpus file, in the format of `tree-sitter test`.
fn read_corpus(file: &Path) -> Vec<CorpusTest> {
    let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut tests = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some(suffix) = delimiter_suffix(lines[i].trim_end_matches(['\r', '\n']), '=') else {
            i += 1;
            continue;
        };
        // Title lines and attributes, up to the closing `===` line.
        let mut name = String::new();
        let (mut expect_error, mut skip) = (false, false);
        i += 1;
        while i < lines.len() {
            let line = lines[i].trim_end_matches(['\r', '\n']);
            if delimiter_suffix(line, '=') == Some(suffix) {
                break;
            }
            match line.trim() {
                ":error" => expect_error = true,
                ":skip" => skip = true,
                attr if attr.starts_with(':') => {}
                title => {
                    if !name.is_empty() {
                        name.push(' ');
                    }
                    name.push_str(title);
                }
            }
            i += 1;
        }
        i += 1;
        // The input, up to the `---` divider.
        let mut input = String::new();
        while i < lines.len()
            && delimiter_suffix(lines[i].trim_end_matches(['\r', '\n']), '-') != Some(suffix)
        {
            input.push_str(lines[i]);
            i += 1;
        }
        // As in `tree-sitter test`, the line break before the divider is not part of the input.
        if input.ends_with('\n') {
            input.pop();
            if input.ends_with('\r') {
                input.pop();
            }
        }
        i += 1;
        // The expected tree, up to the next header.
        let mut expected = String::new();
        while i < lines.len()
            && delimiter_suffix(lines[i].trim_end_matches(['\r', '\n']), '=') != Some(suffix)
        {
            expected.push_str(lines[i]);
            i += 1;
        }
        tests.push(CorpusTest {
            file: file.to_owned(),
            name,
            input,
            expected,
            expect_error,
            skip,
        });
    }
    tests
}

/// Puts an S-expression on one line with single spaces, without `;` comments.
fn normalize(sexp: &str) -> String {
    let without_comments: String = sexp
        .lines()
        .map(|l| l.split(';').next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join(" ");
    let spaced = without_comments.replace('(', " (").replace(')', " ) ");
    let joined = spaced.split_whitespace().collect::<Vec<_>>().join(" ");
    joined.replace("( ", "(").replace(" )", ")")
}

/// Drops `field:` labels, for expected trees written without them (as `tree-sitter test` does).
fn strip_fields(sexp: &str) -> String {
    sexp.split(' ')
        .filter(|tok| {
            !(tok.ends_with(':')
                && tok[..tok.len() - 1]
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '_'))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn has_fields(sexp: &str) -> bool {
    sexp.split(' ')
        .any(|tok| tok.len() > 1 && tok.ends_with(':') && !tok.starts_with('"'))
}

#[test]
fn corpus() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("test/corpus");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no corpus files in {}", dir.display());

    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&tree_sitter_mdip::LANGUAGE.into())
        .unwrap();
    let (mut run, mut failures) = (0, Vec::new());
    for test in files.iter().flat_map(|f| read_corpus(f)) {
        if test.skip {
            continue;
        }
        run += 1;
        let tree = parser
            .parse(&test.input, None)
            .expect("the parser returns a tree");
        let root = tree.root_node();
        let place = format!(
            "{}: {}",
            test.file.file_name().unwrap().to_string_lossy(),
            test.name
        );
        if test.expect_error {
            if !root.has_error() {
                failures.push(format!(
                    "{place}: expected a syntax error, got {}",
                    root.to_sexp()
                ));
            }
            continue;
        }
        let expected = normalize(&test.expected);
        let mut actual = normalize(&root.to_sexp());
        if !has_fields(&expected) {
            actual = strip_fields(&actual);
        }
        if expected != actual {
            failures.push(format!(
                "{place}:\n  expected: {expected}\n  actual:   {actual}"
            ));
        }
    }
    assert!(run > 0, "no corpus tests found");
    assert!(
        failures.is_empty(),
        "{} of {run} corpus tests failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    println!("{run} corpus tests passed");
}

#[test]
fn reader_splits_tests() {
    let dir = std::env::temp_dir().join(format!("tree-sitter-mdip-reader-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let file = dir.join("sample.txt");
    fs::write(&file, "===\nfirst\n===\nA Paris\n\n---\n\n(source_file)\n\n=====\nsecond\n:error\n=====\nA\n-----\n").unwrap();
    let tests = read_corpus(&file);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(tests.len(), 2);
    assert_eq!(
        (tests[0].name.as_str(), tests[0].input.as_str()),
        ("first", "A Paris\n")
    );
    assert_eq!(normalize(&tests[0].expected), "(source_file)");
    assert!(tests[1].expect_error && tests[1].input == "A");
    assert_eq!(strip_fields("(a b: (c) d_e: (f))"), "(a (c) (f))");
}
