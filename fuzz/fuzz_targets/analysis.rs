//! Fuzz target: the analysis of any text never panics, and every editor query of
//! `mdip_analysis::ide` answers at a few offsets derived from the input, with spans inside the
//! text on character boundaries (the invariants of the crate's test
//! `every_query_at_every_offset_of_the_test_files`).
//!
//! Queried: hover, completions (with and without snippets), definition and code actions at the
//! start, the end, the middle and two offsets picked by a hash of the input; inlay hints over
//! the whole text and over a part; document symbols, folding ranges, highlights and the
//! formatter once. With `MDIP_FUZZ_STRICT=1` the formatter must also succeed and be idempotent.

#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use mdip_analysis::ide::{self, CompletionConfig};
use mdip_analysis::{analyze, Analysis, Edit};
use mdip_syntax::Span;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    check(&text);
});

fn strict() -> bool {
    static STRICT: OnceLock<bool> = OnceLock::new();
    *STRICT.get_or_init(|| std::env::var_os("MDIP_FUZZ_STRICT").is_some_and(|v| v == "1"))
}

/// Asserts that `span` lies inside `text`, on character boundaries.
#[track_caller]
fn inside(text: &str, span: Span, what: &str) {
    assert!(
        span.start <= span.end && span.end as usize <= text.len(),
        "{what}: span {span:?} outside a text of {} bytes: {text:?}",
        text.len()
    );
    assert!(
        text.is_char_boundary(span.start as usize) && text.is_char_boundary(span.end as usize),
        "{what}: span {span:?} not on character boundaries: {text:?}"
    );
}

/// Asserts that `edits` are in bounds, sorted and disjoint, and applies them.
#[track_caller]
fn apply(text: &str, edits: &[Edit], what: &str) -> String {
    let mut end = 0;
    for e in edits {
        inside(text, e.span, what);
        assert!(
            e.span.start >= end,
            "{what}: overlapping or unsorted edits {edits:?} in {text:?}"
        );
        end = e.span.end;
    }
    let mut new = text.to_owned();
    for e in edits.iter().rev() {
        new.replace_range(e.span.range(), &e.text);
    }
    new
}

/// The offsets queried: start, end, middle and two picked by a hash of the text, each moved
/// back to a character boundary.
fn offsets(text: &str) -> Vec<u32> {
    let len = text.len();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    let picks = [
        0,
        len,
        len / 2,
        (hash % (len as u64 + 1)) as usize,
        ((hash >> 32) % (len as u64 + 1)) as usize,
    ];
    let mut out: Vec<u32> = picks
        .iter()
        .map(|&o| {
            let mut o = o;
            while !text.is_char_boundary(o) {
                o -= 1;
            }
            o as u32
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

fn check(text: &str) {
    let analysis = analyze(text);
    let len = text.len() as u32;
    check_analysis(text, &analysis);
    // The text as a configuration file (an error, mostly), and its suppression comments.
    let _ = mdip_analysis::config::Config::parse(text);
    for d in mdip_analysis::config::Lint::default().apply(text, &analysis.diagnostics) {
        inside(text, d.span, "diagnostic after the settings");
    }

    for offset in offsets(text) {
        if let Some(h) = ide::hover(&analysis, text, offset) {
            inside(text, h.span, "hover");
        }
        for snippets in [true, false] {
            for i in ide::completions(&analysis, text, offset, CompletionConfig { snippets }) {
                inside(text, i.replace, "completion");
                assert!(
                    i.replace.end == offset,
                    "completion {i:?} does not end at the cursor {offset} in {text:?}"
                );
                assert!(snippets || !i.snippet, "snippet offered when not asked: {i:?}");
            }
        }
        if let Some(n) = ide::definition(&analysis, offset) {
            inside(text, n.origin, "definition origin");
            inside(text, n.target, "definition target");
        }
        for r in ide::references(&analysis, offset) {
            inside(text, r.span, "reference");
        }
        for a in ide::code_actions(&analysis, Span::empty(offset)) {
            apply(text, &a.edits, "code action");
            if let Some(d) = a.diagnostic {
                assert!(d < analysis.diagnostics.len(), "action {a:?} of no diagnostic");
            }
        }
    }
    // A range request too: the whole text selected.
    for a in ide::code_actions(&analysis, Span::new(0, len)) {
        apply(text, &a.edits, "code action over a range");
    }

    for h in ide::inlay_hints(&analysis, Span::new(0, len)) {
        assert!(
            h.offset <= len && text.is_char_boundary(h.offset as usize),
            "inlay hint {h:?} outside {text:?}"
        );
    }
    let _ = ide::inlay_hints(&analysis, Span::new(len / 3, len / 2));

    let line_count = analysis.line_count();
    check_symbols(text, &ide::document_symbols(&analysis));
    for f in ide::folding_ranges(&analysis) {
        assert!(
            f.start_line <= f.end_line && f.end_line < line_count.max(1),
            "fold {f:?} outside {line_count} lines of {text:?}"
        );
    }
    let mut end = 0;
    for h in ide::highlights(&analysis, text) {
        inside(text, h.span, "highlight");
        assert!(h.span.start >= end, "overlapping highlights in {text:?}");
        end = h.span.end;
    }

    match ide::format_analysed(text, &analysis) {
        Ok(edits) => {
            let formatted = apply(text, &edits, "format");
            if strict() {
                assert_eq!(
                    ide::format(&formatted),
                    Ok(Vec::new()),
                    "formatting is not idempotent: {text:?} gave {formatted:?}"
                );
            }
        }
        Err(e) => assert!(!strict(), "{e} in {text:?}"),
    }
}

fn check_analysis(text: &str, analysis: &Analysis) {
    for d in &analysis.diagnostics {
        inside(text, d.span, "diagnostic");
        for r in &d.related {
            inside(text, r.span, "related information");
        }
        for f in &d.fixes {
            apply(text, &f.edits, "fix");
        }
    }
    for o in analysis.orders() {
        inside(text, o.span, "order");
        for r in &o.related {
            inside(text, r.span, "order related");
        }
        if let Some(s) = o.step {
            assert!(s < analysis.steps().len(), "order {o:?} of no step");
        }
    }
    for s in analysis.steps() {
        for &o in &s.orders {
            assert!(o < analysis.orders().len(), "step of no order {o}");
        }
    }
}

fn check_symbols(text: &str, symbols: &[ide::Symbol]) {
    for s in symbols {
        inside(text, s.span, "symbol");
        inside(text, s.selection, "symbol selection");
        check_symbols(text, &s.children);
    }
}
