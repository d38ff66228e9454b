//! Properties of the IDE queries over the repository's files: every query answers at every
//! offset without panicking, and formatting keeps every outcome. The answers to given cases are
//! data: the fixtures `tests/fixtures/ide/<query>/*.mdip` with their markers and snapshots,
//! checked by `tests/ide.rs` (docs/testing.md).

use mdip_syntax::Span;

use super::*;
use crate::analyze;

/// Every query at every character offset of the repository's example and test files and of some
/// IDE fixtures (and of each of their prefixes cut mid-line, as while typing) answers without
/// panicking, with spans inside the text.
#[test]
fn every_query_at_every_offset_of_the_test_files() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let mut files = Vec::new();
    // The IDE fixtures as they are on disk: half-typed lines, `$0` and annotation lines.
    for dir in [
        "examples",
        "tests/mdatc",
        "tests/cases",
        "crates/mdip-analysis/tests/fixtures/ide/completion",
        "crates/mdip-analysis/tests/fixtures/ide/hover",
    ] {
        let Ok(entries) = std::fs::read_dir(format!("{root}/{dir}")) else {
            continue;
        };
        let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        paths.sort();
        files.extend(
            paths
                .into_iter()
                .filter(|p| p.extension().is_some_and(|e| e == "mdip"))
                // Every offset of a generated many-timeline case (tens of kilobytes) would take
                // minutes in a debug build; small files cover every construct.
                .filter(|p| std::fs::metadata(p).is_ok_and(|m| m.len() <= 8 * 1024))
                .take(12),
        );
    }
    files.push("inline".into());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|_| {
            "@start standard\nGermany:\nA Munich S A Berlin - \nA Ruhr -\nF Kiel C\nBuild\n@expect unit\n\u{1F3B2} é\r\nA Mü".to_owned()
        });
        let cuts = [text.len(), text.len() / 2, text.len() / 3];
        for cut in cuts {
            let mut cut = cut;
            while !text.is_char_boundary(cut) {
                cut -= 1;
            }
            let text = &text[..cut];
            let analysis = analyze(text);
            let len = text.len() as u32;
            let inside = |s: Span| s.start <= s.end && s.end <= len;
            for (offset, _) in text.char_indices().chain([(text.len(), ' ')]) {
                let offset = offset as u32;
                if let Some(h) = hover(&analysis, text, offset) {
                    assert!(inside(h.span));
                }
                for i in completions(&analysis, text, offset, CompletionConfig { snippets: true }) {
                    assert!(
                        inside(i.replace) && i.replace.end == offset,
                        "{path:?} {offset} {i:?}"
                    );
                }
                if let Some(n) = definition(&analysis, offset) {
                    assert!(inside(n.target) && inside(n.origin));
                }
                // References walk the whole file: every seventh offset is enough.
                if offset.is_multiple_of(7) {
                    assert!(references(&analysis, offset).iter().all(|r| inside(r.span)));
                }
                for a in code_actions(&analysis, Span::empty(offset)) {
                    assert!(a.edits.iter().all(|e| inside(e.span)));
                }
            }
            for h in inlay_hints(&analysis, Span::new(0, len)) {
                assert!(h.offset <= len);
            }
            let _ = document_symbols(&analysis);
            let _ = folding_ranges(&analysis);
            let _ = highlights(&analysis, text);
            let edits = format(text).unwrap_or_else(|e| panic!("{path:?}: {e}"));
            assert!(edits.iter().all(|e| inside(e.span)));
        }
    }
}

/// Formatting every `.mdip` file of the repository is idempotent and changes no outcome and no
/// diagnostic code (beyond the lowered-line check the formatter does itself).
#[test]
fn formatting_the_repository_files_changes_no_outcome() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    for dir in ["examples", "tests/datc", "tests/mdatc", "tests/cases"] {
        let Ok(entries) = std::fs::read_dir(format!("{root}/{dir}")) else {
            continue;
        };
        for path in entries.flatten().map(|e| e.path()) {
            if path.extension().is_none_or(|e| e != "mdip") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let edits = format(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"));
            let mut new = text.clone();
            for e in edits.iter().rev() {
                new.replace_range(e.span.range(), &e.text);
            }
            assert_eq!(format(&new), Ok(Vec::new()), "{path:?} is not idempotent");
            let (a, b) = (analyze(&text), analyze(&new));
            let outcomes = |a: &crate::Analysis| {
                a.orders
                    .iter()
                    .map(|o| (o.kind, o.status, a.sentence(o)))
                    .collect::<Vec<_>>()
            };
            let codes =
                |a: &crate::Analysis| a.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>();
            assert_eq!(outcomes(&a), outcomes(&b), "{path:?}");
            assert_eq!(codes(&a), codes(&b), "{path:?}");
        }
    }
}
