//! Sizes: no hand-written source file over [`MAX_FILE_LINES`] lines and no Rust function over
//! [`MAX_FN_LINES`] lines, except the exceptions listed with their length today. An exception may
//! only shrink: a listed file or function that grew fails, and one now within the limit must
//! leave the list (so the list is always exactly today's exceptions).

use std::path::Path;

use mdip_tidy::{files, root, without_comments};

const MAX_FILE_LINES: usize = 700;
const MAX_FN_LINES: usize = 150;

/// The files over the limit, with their length in lines. None: issue 24 split the others, and
/// the decision solver keeps its solver in `engine.rs` and its building and read-out in
/// `engine/`; a file that must be long is listed here with the reason.
const LONG_FILES: &[(&str, usize)] = &[];

/// The functions over the limit today: (file, function, length in lines). None: issue 24 split
/// the last ones; a function that must be long is listed here with the reason.
const LONG_FNS: &[(&str, &str, usize)] = &[];

/// Hand-written sources: Rust, JavaScript, TypeScript, Lua and Python, but not the parser that
/// tree-sitter generates.
fn sources() -> Vec<String> {
    files()
        .into_iter()
        .filter(|f| {
            let ext = Path::new(f).extension().and_then(|e| e.to_str());
            matches!(ext, Some("rs" | "js" | "mjs" | "ts" | "lua" | "py"))
                && !f.starts_with("grammar/tree-sitter-mdip/src/")
        })
        .collect()
}

#[test]
fn no_file_over_700_lines() {
    let mut over = Vec::new();
    let mut seen = Vec::new();
    for f in sources() {
        let lines = std::fs::read_to_string(root().join(&f))
            .unwrap_or_default()
            .lines()
            .count();
        if lines <= MAX_FILE_LINES {
            continue;
        }
        match LONG_FILES.iter().find(|(name, _)| *name == f) {
            Some(&(_, today)) if lines <= today => seen.push(f),
            Some(&(_, today)) => over.push(format!("{f}: {lines} lines, grew from {today}")),
            None => over.push(format!("{f}: {lines} lines")),
        }
    }
    assert!(
        over.is_empty(),
        "files over {MAX_FILE_LINES} lines (split them):\n{}",
        over.join("\n")
    );
    for (name, _) in LONG_FILES {
        assert!(
            seen.iter().any(|s| s == name),
            "{name} is within {MAX_FILE_LINES} lines now (or gone): remove it from LONG_FILES"
        );
    }
}

/// The Rust functions of a source (comments removed) with their lengths in lines, from the
/// line of `fn` to the line of its closing brace. rustfmt puts that brace alone at the
/// indentation of the `fn` line, which is what this looks for; a function without a body (in a
/// trait) has none.
fn functions(code: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = code.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        let Some(at) = trimmed.find("fn ") else {
            continue;
        };
        let head = &trimmed[..at];
        let is_fn = head.split_whitespace().all(|w| {
            matches!(
                w,
                "pub" | "const" | "async" | "unsafe" | "extern" | "default"
            ) || w.starts_with("pub(")
                || w.starts_with('"')
        });
        if !is_fn {
            continue;
        }
        let name: String = trimmed[at + 3..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() {
            continue;
        }
        // The signature ends at the first line ending with `{` (a body) or `;` (none).
        let Some(open) = (i..lines.len()).find(|&j| {
            let l = lines[j].trim_end();
            l.ends_with('{') || l.ends_with(';')
        }) else {
            continue;
        };
        if lines[open].trim_end().ends_with(';') {
            continue;
        }
        if lines[open].trim_end().ends_with('}') {
            continue;
        }
        let close = format!("{}}}", " ".repeat(indent));
        if let Some(end) = (open + 1..lines.len()).find(|&j| lines[j].trim_end() == close) {
            out.push((name, end - i + 1));
        }
    }
    out
}

#[test]
fn no_function_over_150_lines() {
    let mut over = Vec::new();
    let mut seen = Vec::new();
    for f in sources().into_iter().filter(|f| f.ends_with(".rs")) {
        let code = without_comments(&std::fs::read_to_string(root().join(&f)).unwrap_or_default());
        for (name, lines) in functions(&code) {
            if lines <= MAX_FN_LINES {
                continue;
            }
            match LONG_FNS
                .iter()
                .find(|(file, n, _)| *file == f && *n == name)
            {
                Some(&(_, _, today)) if lines <= today => seen.push((f.clone(), name)),
                Some(&(_, _, today)) => {
                    over.push(format!("{f}: fn {name}: {lines} lines, grew from {today}"));
                }
                None => over.push(format!("{f}: fn {name}: {lines} lines")),
            }
        }
    }
    assert!(
        over.is_empty(),
        "functions over {MAX_FN_LINES} lines (split them):\n{}",
        over.join("\n")
    );
    for (file, name, _) in LONG_FNS {
        assert!(
            seen.iter().any(|(f, n)| f == file && n == name),
            "{file}: fn {name} is within {MAX_FN_LINES} lines now (or gone): remove it from LONG_FNS"
        );
    }
}

/// The function finder sees bodies, skips bodiless declarations and nested blocks.
#[test]
fn the_function_finder_measures_what_rustfmt_writes() {
    let code = "fn a() {\n    let x = 1;\n}\n\ntrait T {\n    fn b(&self);\n    fn c(&self) {\n        if true {\n        }\n    }\n}\npub(crate) fn d(\n    x: u8,\n) -> u8 {\n    x\n}\n";
    assert_eq!(
        functions(code),
        [
            ("a".to_owned(), 3),
            ("c".to_owned(), 4),
            ("d".to_owned(), 5)
        ]
    );
}
