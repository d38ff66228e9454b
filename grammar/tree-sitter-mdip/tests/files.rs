//! Parses every `.mdip` file of the repository's `tests/` folder and the TextMate grammar's
//! samples, and fails naming each file that has an ERROR or MISSING node.
//!
//! A syntax error is allowed only where the file expects one: on the line that follows an
//! `@expect error E01xx` directive (E01xx are the syntax diagnostics of `grammar/README.md`).

use std::fs;
use std::path::{Path, PathBuf};

fn collect_mdip(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name == "node_modules" || name == "target" || name.starts_with('.') {
            continue;
        }
        if path.is_dir() {
            collect_mdip(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "mdip") {
            out.push(path);
        }
    }
}

/// The 0-based lines on which the file expects a syntax error.
fn expected_error_lines(text: &str) -> Vec<usize> {
    let mut lines = Vec::new();
    let mut pending = false;
    for (row, line) in text.lines().enumerate() {
        let content = line.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        if pending {
            lines.push(row);
            pending = false;
        }
        let words: Vec<String> = content
            .split_whitespace()
            .map(str::to_ascii_lowercase)
            .collect();
        if words.len() >= 3
            && words[0] == "@expect"
            && words[1] == "error"
            && words[2].starts_with("e01")
        {
            pending = true;
        }
    }
    lines
}

/// The ERROR and MISSING nodes of a tree, as (first line, last line, description).
fn syntax_errors(node: tree_sitter::Node, out: &mut Vec<(usize, usize, String)>) {
    if node.is_error() || node.is_missing() {
        let (start, end) = (node.start_position(), node.end_position());
        let what = if node.is_missing() {
            format!("MISSING {}", node.kind())
        } else {
            "ERROR".to_owned()
        };
        out.push((
            start.row,
            end.row,
            format!("{what} at {}:{}", start.row + 1, start.column + 1),
        ));
        return;
    }
    if !node.has_error() {
        return;
    }
    let found = out.len();
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        syntax_errors(child, out);
    }
    if out.len() == found {
        // The error is in a hidden node (a MISSING word inside a name, say), which the cursor
        // does not visit: report the visible node around it.
        let (start, end) = (node.start_position(), node.end_position());
        out.push((
            start.row,
            end.row,
            format!(
                "MISSING token in {} at {}:{}",
                node.kind(),
                start.row + 1,
                start.column + 1
            ),
        ));
    }
}

#[test]
fn repository_files_parse_without_errors() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let repo = crate_dir.join("../..");
    let mut files = Vec::new();
    collect_mdip(&repo.join("tests"), &mut files);
    collect_mdip(&repo.join("grammar/textmate/tests"), &mut files);
    collect_mdip(&repo.join("editors"), &mut files);
    files.sort();
    assert!(
        !files.is_empty(),
        "no .mdip files found under {}",
        repo.display()
    );

    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&tree_sitter_mdip::LANGUAGE.into())
        .unwrap();
    let mut failures = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        // A file written in another program's notation (`@notation fork`, `@notation
        // 5dplomacy`: mdip check reads it line by line into mdip's) is not mdip's notation,
        // which is what this grammar describes; editors do not read those notations yet
        // (README, "Other 5D notations").
        if in_another_notation(&text) {
            continue;
        }
        let tree = parser
            .parse(&text, None)
            .expect("the parser returns a tree");
        let allowed = expected_error_lines(&text);
        let mut errors = Vec::new();
        syntax_errors(tree.root_node(), &mut errors);
        let unexpected: Vec<String> = errors
            .into_iter()
            .filter(|(first, last, _)| !(*first..=*last).any(|row| allowed.contains(&row)))
            .map(|(_, _, what)| what)
            .collect();
        if !unexpected.is_empty() {
            let shown = file.strip_prefix(&repo).unwrap_or(file);
            failures.push(format!("{}: {}", shown.display(), unexpected.join(", ")));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} .mdip files have syntax errors in the tree-sitter grammar:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
    println!("{} .mdip files parsed without errors", files.len());
}

#[test]
fn expected_syntax_errors_are_found() {
    let text = "A Paris\n@expect error E0101\n# a comment\nA Paris S\n@expect error E0201\nA Xyz\n";
    assert_eq!(expected_error_lines(text), vec![3]);
}

#[test]
fn crlf_and_missing_final_newline() {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&tree_sitter_mdip::LANGUAGE.into())
        .unwrap();
    for text in [
        "Germany 0:0\r\nA Munich hold\r\n",
        "Germany 0:0\r\nA Munich hold",
        "A Munich hold   # c",
        "\u{feff}A Munich\n",
    ] {
        let tree = parser.parse(text, None).unwrap();
        assert!(
            !tree.root_node().has_error(),
            "{text:?}: {}",
            tree.root_node().to_sexp()
        );
    }
}

#[test]
fn hidden_missing_tokens_are_found() {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&tree_sitter_mdip::LANGUAGE.into())
        .unwrap();
    // The supported unit has no province: a MISSING word, hidden inside `name`.
    let tree = parser.parse("A Munich S A\nA Kiel H\n", None).unwrap();
    let mut errors = Vec::new();
    syntax_errors(tree.root_node(), &mut errors);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!((errors[0].0, errors[0].1), (0, 0), "{errors:?}");
}

#[test]
fn one_order_per_line() {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&tree_sitter_mdip::LANGUAGE.into())
        .unwrap();
    for text in [
        "A Paris Hold A Munich Hold\n",
        "Waive Waive\n",
        "Germany England\n",
    ] {
        let tree = parser.parse(text, None).unwrap();
        assert!(
            tree.root_node().has_error(),
            "{text:?} parsed as {}",
            tree.root_node().to_sexp()
        );
    }
}

#[test]
fn parser_is_generated_for_abi_14() {
    // check-generated.sh generates with `--abi 14`, which older tree-sitter runtimes (Neovim
    // 0.7 to 0.10) can load; a plain `tree-sitter generate` would make ABI 15.
    let language: tree_sitter::Language = tree_sitter_mdip::LANGUAGE.into();
    assert_eq!(language.abi_version(), 14);
}

#[test]
fn queries_are_valid() {
    let language: tree_sitter::Language = tree_sitter_mdip::LANGUAGE.into();
    for (name, source) in [
        ("highlights", tree_sitter_mdip::HIGHLIGHTS_QUERY),
        ("folds", tree_sitter_mdip::FOLDS_QUERY),
        ("indents", tree_sitter_mdip::INDENTS_QUERY),
    ] {
        tree_sitter::Query::new(&language, source)
            .unwrap_or_else(|e| panic!("queries/{name}.scm: {e}"));
    }
}

#[test]
fn node_types_is_json_listing_the_nodes() {
    let types = tree_sitter_mdip::NODE_TYPES;
    for kind in [
        "\"source_file\"",
        "\"block\"",
        "\"order\"",
        "\"unit\"",
        "\"season\"",
        "\"directive\"",
    ] {
        assert!(types.contains(kind), "node-types.json lacks {kind}");
    }
}

/// Whether the file declares another notation than mdip's (`@notation fork`, `@notation
/// 5dplomacy`).
fn in_another_notation(text: &str) -> bool {
    text.lines().any(|line| {
        let mut words = line.split_whitespace();
        words
            .next()
            .is_some_and(|w| w.eq_ignore_ascii_case("@notation"))
            && words
                .next()
                .is_some_and(|n| !n.eq_ignore_ascii_case("mdip"))
    })
}

#[test]
fn files_in_other_notations_are_recognised() {
    assert!(in_another_notation("# x\n@notation fork\n@rules 5dd\n"));
    assert!(in_another_notation("@NOTATION 5dplomacy\n"));
    assert!(!in_another_notation("@notation mdip\nEngland:\n"));
    assert!(!in_another_notation("# @notation fork is described here\n"));
}
