//! Tests of the IDE queries, as data: fixtures with `$0` for the cursor (rust-analyzer's habit)
//! and the answers as insta snapshots (`snapshots/`): hover texts, whole completion lists, the
//! text with its inlay hints drawn in, every code action with the text after it, the text with
//! its diagnostics' ranges marked by `^`, the outline as a tree with the folding ranges. A test
//! gathers its cases in [`Cases`] and compares them once with [`snapshot!`]. Definition,
//! references and formatting compare exact values (`check_*`). Update the snapshots with
//! `INSTA_UPDATE=always cargo test -p mdip-analysis --lib` and review the diff
//! (docs/testing.md).

use mdip_syntax::Span;

use super::*;
use crate::analyze;

/// Splits a fixture at its `$0` marker: the text without it, and the cursor offset.
fn cursor(fixture: &str) -> (String, u32) {
    let at = fixture.find("$0").expect("the fixture has a $0 cursor");
    (fixture.replacen("$0", "", 1), at as u32)
}

/// The cases of one test, each written as its fixture (cursor `$0` kept) and the query's answer,
/// compared as one insta snapshot (`snapshots/mdip_analysis__ide__tests__<test>.snap`) by
/// [`snapshot!`].
#[derive(Default)]
struct Cases(String);

/// Compares the cases of a test with its snapshot (a macro, so that insta names the snapshot
/// after the test).
macro_rules! snapshot {
    ($cases:expr) => {
        insta::assert_snapshot!($cases.0)
    };
}

impl Cases {
    fn case(&mut self, query: &str, fixture: &str, answer: &str) {
        if !self.0.is_empty() {
            self.0.push('\n');
        }
        self.0.push_str(&format!("== {query}\n{fixture}"));
        if !fixture.ends_with('\n') {
            self.0.push_str("⏎\n");
        }
        self.0.push_str("--\n");
        self.0.push_str(answer);
        if !answer.ends_with('\n') {
            self.0.push('\n');
        }
    }

    /// The hover at the cursor, in Markdown, or `(no hover)`.
    fn hover(&mut self, fixture: &str) {
        let (text, offset) = cursor(fixture);
        let analysis = analyze(&text);
        let answer = hover(&analysis, &text, offset).map_or_else(
            || "(no hover)".to_owned(),
            |h| format!("{}\n[span: {:?}]", h.markdown, &text[h.span.range()]),
        );
        self.case("hover", fixture, &answer);
    }

    /// The completions at the cursor, one a line in the order the client shows them (by sort
    /// key), each as its label and, when it differs, the text it inserts.
    fn completion(&mut self, fixture: &str, snippets: bool) {
        let (text, offset) = cursor(fixture);
        let analysis = analyze(&text);
        let mut items = completions(&analysis, &text, offset, CompletionConfig { snippets });
        items.sort_by(|a, b| a.sort.cmp(&b.sort));
        let mut answer = String::new();
        for i in &items {
            answer.push_str(&i.label);
            if i.insert != i.label {
                answer.push_str(&format!("  ⇒ {:?}", i.insert));
            }
            answer.push('\n');
        }
        if items.is_empty() {
            answer.push_str("(no completion)\n");
        }
        let query = if snippets {
            "completion (snippets)"
        } else {
            "completion"
        };
        self.case(query, fixture, &answer);
    }

    /// The whole list of completions, without snippets.
    fn completion_list(&mut self, fixture: &str) {
        self.completion(fixture, false);
    }

    /// The text with each inlay hint shown where the editor draws it, as `⟨label⟩`.
    fn inlays(&mut self, text: &str) {
        let analysis = analyze(text);
        let hints = inlay_hints(&analysis, Span::new(0, text.len() as u32));
        let mut shown = text.to_owned();
        for h in hints.iter().rev() {
            shown.insert_str(h.offset as usize, &format!(" ⟨{}⟩", h.label));
        }
        self.case("inlay hints", text, &shown);
    }

    /// Every code action at the cursor: its title, whether it is preferred and safe, and the
    /// text after its edits.
    fn actions(&mut self, fixture: &str) {
        let (text, offset) = cursor(fixture);
        let analysis = analyze(&text);
        let actions = code_actions(&analysis, Span::empty(offset));
        let mut answer = String::new();
        for action in &actions {
            let mut new = text.clone();
            for e in action.edits.iter().rev() {
                new.replace_range(e.span.range(), &e.text);
            }
            answer.push_str(&format!(
                "## {}{}{}\n{new}",
                action.title,
                if action.preferred { " (preferred)" } else { "" },
                if action.safe { " (safe)" } else { "" },
            ));
        }
        if actions.is_empty() {
            answer.push_str("(no action)\n");
        }
        self.case("code actions", fixture, &answer);
    }

    /// The outline as an indented tree (name, detail, kind, the lines it spans), then the
    /// folding ranges.
    fn outline(&mut self, text: &str) {
        fn tree(out: &mut String, text: &str, symbols: &[Symbol], depth: usize) {
            let line = |at: u32| text[..at as usize].matches('\n').count();
            for s in symbols {
                out.push_str(&format!(
                    "{}{}{} [{:?}] lines {}-{}\n",
                    "  ".repeat(depth),
                    s.name,
                    s.detail
                        .as_ref()
                        .map_or_else(String::new, |d| format!(" — {d}")),
                    s.kind,
                    line(s.span.start),
                    line(s.span.end),
                ));
                tree(out, text, &s.children, depth + 1);
            }
        }
        let analysis = analyze(text);
        let mut answer = String::new();
        tree(&mut answer, text, &document_symbols(&analysis), 0);
        for f in folding_ranges(&analysis) {
            answer.push_str(&format!(
                "fold {:?} lines {}-{}\n",
                f.kind, f.start_line, f.end_line
            ));
        }
        self.case("outline", text, &answer);
    }

    /// The text with each diagnostic marked under its line: `^` under the bytes of its range
    /// (one `^` for an empty range), its code, severity and message.
    fn diagnostics(&mut self, text: &str) {
        let analysis = analyze(text);
        let mut answer = String::new();
        let mut start = 0;
        for line in text.split_inclusive('\n') {
            let end = start + line.trim_end_matches(['\n', '\r']).len();
            answer.push_str(&text[start..end]);
            answer.push('\n');
            for d in analysis.diagnostics.iter().filter(|d| {
                let s = d.span.start as usize;
                start <= s && s <= end
            }) {
                let (s, t) = (d.span.start as usize, d.span.end as usize);
                answer.push_str(&format!(
                    "{}{} {} {:?}: {}{}\n",
                    " ".repeat(text[start..s].chars().count()),
                    "^".repeat(text[s..t.min(end).max(s)].chars().count().max(1)),
                    d.code.as_str(),
                    d.severity,
                    d.message,
                    if t > end { " (and on)" } else { "" },
                ));
            }
            start += line.len();
        }
        self.case("diagnostics", text, &answer);
    }
}

fn check_definition(fixture: &str, target_line: &str) {
    let (text, offset) = cursor(fixture);
    let analysis = analyze(&text);
    let nav =
        definition(&analysis, offset).unwrap_or_else(|| panic!("no definition in {fixture:?}"));
    assert_eq!(&text[nav.target.range()], target_line);
}

/// References at the cursor: each as its line number, its text and whether it is the ordered
/// unit.
fn check_references(fixture: &str, expected: &[(usize, &str, bool)]) {
    let (text, offset) = cursor(fixture);
    let analysis = analyze(&text);
    let got: Vec<(usize, String, bool)> = references(&analysis, offset)
        .into_iter()
        .map(|r| {
            (
                analysis.parse.file.line_number_at(r.span.start),
                text[r.span.range()].to_owned(),
                r.kind == ReferenceKind::Ordered,
            )
        })
        .collect();
    let expected: Vec<(usize, String, bool)> = expected
        .iter()
        .map(|&(l, t, o)| (l, t.to_owned(), o))
        .collect();
    assert_eq!(got, expected, "in {fixture:?}");
}

fn check_format(before: &str, after: &str) {
    let edits = format(before).expect("formats");
    let mut new = before.to_owned();
    for e in edits.iter().rev() {
        new.replace_range(e.span.range(), &e.text);
    }
    assert_eq!(new, after);
    assert_eq!(format(&new), Ok(Vec::new()), "idempotent");
}

const FORK: &str = "Germany 0:0\nA Munich hold\n\nGermany 1:0\nA Munich - Tyrolia 0:0\n";

#[test]
fn hover_on_units_provinces_seasons_and_powers() {
    let mut c = Cases::default();
    c.hover("Germany 0:0\nA Mu$0nich hold\n\nGermany 1:0\nA Munich - Tyrolia 0:0\n");
    c.hover("Germany 0:0\nA Munich hold\n\nGermany 1:0\nA Munich$0 - Tyrolia 0:0\n");
    c.hover("@start standard\nEngland:\nF London - Nor$0th Sea\n");
    c.hover("@start standard\nGermany:\nA Munich - Ber$0lin\n");
    c.hover("Germany 0:0\nA Munich hold\n\nGermany 1:0\nA Munich - Tyrolia 0:$00\n");
    c.hover("@start standard\nGer$0many:\nA Munich hold\n");
    c.hover("Germany:\nA Munich hold # a co$0mment\n");
    c.hover("Germany:\n$0\n");
    snapshot!(c);
}

#[test]
fn hover_reads_the_step_explains_keywords_and_directives_and_says_who_acted() {
    let mut c = Cases::default();
    // A season of the 2:0 block, as its step found it: no 3:0 yet, its board by power.
    c.hover(&LATER.replace("LINE", "A Budapest - Vienna 2:$00"));
    c.hover("@start standard\nGermany:\nA Munich Ho$0ld\n");
    c.hover("@unit England A London\n@unit England F North Sea\nEngland:\nA London - Belgium via Con$0voy\nF North Sea C A London - Belgium\n");
    c.hover("@sta$0rt standard\n");
    c.hover("@sea$0son 1:1\n");
    c.hover("@season 1:0\n@unit Germany A Munich 0:0\n@rec$0ord Germany: A Munich 0:0 hold => succeeds\n");
    // A timeline set up with no parent is not the root.
    c.hover("@season 1:0\n@season 4:1\n@expect seasons 0:0 1:0 4:$01\n");
    c.hover(&format!("{DISLODGED}A Munich $0- Silesia\n"));
    c.hover("Germany 0:0\nA Munich hold\n@expect un$0it Germany A Munich 1:0\n");
    // An order: its outcome, the support it got and the unit that bounced it.
    c.hover("@unit Germany A Munich\n@unit Germany A Ruhr\n@unit France A Paris\n@unit France A Marseilles\nGermany:\nA Mun$0ich - Burgundy\nA Ruhr S A Munich - Burgundy\nFrance:\nA Paris - Burgundy\nA Marseilles S A Paris - Burgundy\n");
    snapshot!(c);
}

#[test]
fn completion_knows_the_board() {
    let mut c = Cases::default();
    // The block power's units, powers and snippets at the start of a line.
    c.completion("@start standard\nGermany:\n$0", true);
    c.completion("@start standard\nGermany:\n$0", false);
    // Provinces after a unit type.
    c.completion("@start standard\nGermany:\nA $0", false);
    c.completion("@start standard\nGermany:\nF $0", false);
    // Keywords after a unit; fleets convoy, armies do not.
    c.completion("@start standard\nGermany:\nA Munich $0", false);
    c.completion("@start standard\nEngland:\nF London H$0", false);
    // Destinations under the rules, other seasons and timelines included.
    c.completion("@start standard\nGermany:\nA Munich - $0", false);
    c.completion(FORK.replace("Tyrolia 0:0", "$0").as_str(), false);
    // Supports: units in reach, to hold or to move.
    c.completion("@start standard\nGermany:\nA Munich S $0", false);
    c.completion("@start standard\nGermany:\nA Munich S A Berlin - $0", false);
    // Names of several words.
    c.completion("@start standard\nRussia:\nF St Pe$0", false);
    // Seasons, directives.
    c.completion(&format!("{FORK}Germany $0"), false);
    c.completion("@$0", false);
    c.completion("@phase $0", false);
    c.completion("@$0", false);
    c.completion("@season 1:0\n@season 1:1 $0", false);
    c.completion("@season 1:0\n@season 1:1 from $0", false);
    c.completion("@season 1:0\n@phase adjustment $0", false);
    c.completion("@record $0", false);
    c.completion("@expect dislodged $0", false);
    c.completion("@expect dislodged except $0", false);
    // Nothing in a comment.
    c.completion("Germany:\n# A $0", false);
    snapshot!(c);
}

/// A multiversal game: Austria's Bohemia jumps back into 1:0 from 2:0 (forking timeline 1 at
/// 2:1), and 3:0 comes after. The cursor's block is 2:0: its step knows 0:0, 1:0 and 2:0 only.
const LATER: &str = "@start standard\nAustria 0:0\nA Vienna - Bohemia\nAustria 1:0\nA Bohemia hold\nAustria 2:0\nA Bohemia - Tyrolia 1:0\nLINE\nAustria 3:0\nA Budapest hold\n";

#[test]
fn completion_reads_the_board_of_the_cursors_step() {
    let mut c = Cases::default();
    // Destinations: 2:0 and the 1:0 it reaches, never 3:0 or 2:1 (they exist only later).
    c.completion_list(&LATER.replace("LINE", "A Budapest - $0"));
    // A season typed after a destination: those of the step.
    c.completion_list(&LATER.replace("LINE", "A Budapest - Vienna 2$0"));
    // In a header after the 2:0 block, also the seasons its step creates, after them: naming
    // one closes the step (the founding rule).
    c.completion_list(&LATER.replace("LINE", "A Budapest hold\nAustria $0"));
    // Spring 1901 knows nothing of Fall 1901 (no `Kiel 1:0`).
    c.completion_list("@start standard\nSpring 1901\nGermany:\nA Berlin - Kiel\nA Munich - $0\nFall 1901\nGermany:\nA Kiel hold\n");
    snapshot!(c);
}

/// In a long file the board of a step is found again from the last checkpoint before it: the
/// same answer as near the start of a short file.
#[test]
fn completion_in_a_long_file_runs_again_from_a_checkpoint() {
    let mut c = Cases::default();
    let mut text = String::from("@start standard\n");
    for t in 0..40 {
        let munich = if t == 30 {
            "A Munich - $0"
        } else {
            "A Munich hold"
        };
        text.push_str(&format!(
            "Germany {t}:0\n{munich}\nA Berlin hold\nF Kiel hold\n\n"
        ));
    }
    let (plain, _) = cursor(&text);
    assert!(
        analyze(&plain).checkpoint_lines().len() >= 2,
        "{:?}",
        analyze(&plain).checkpoint_lines()
    );
    c.completion_list(&text);
    snapshot!(c);
}

#[test]
fn completion_offers_moves_by_convoy_after_the_moves_a_unit_makes_alone() {
    let mut c = Cases::default();
    c.completion_list("@unit England A London\n@unit England F North Sea\nEngland:\nA London - $0");
    snapshot!(c);
}

#[test]
fn completion_of_supports_offers_only_units_that_can_be_supported() {
    let mut c = Cases::default();
    // After `S A `: each army Munich can support (to hold, or into a province it reaches), once.
    c.completion_list("@start standard\nGermany:\nA Munich S A $0");
    // In the multiverse, in the step's seasons only.
    c.completion_list(&LATER.replace("LINE", "A Budapest S A $0"));
    snapshot!(c);
}

/// France dislodges the German army in Munich; the retreat phase follows.
const DISLODGED: &str = "@unit Germany A Munich\n@unit Germany F Kiel\n@unit France A Burgundy\n@unit France A Ruhr\nFrance:\nA Burgundy - Munich\nA Ruhr S A Burgundy - Munich\nGermany:\nA Munich hold\n@phase retreat\nGermany:\n";

#[test]
fn completion_in_retreat_and_adjustment_phases() {
    let mut c = Cases::default();
    // Retreats: the dislodged unit, then its retreat options (not Kiel, occupied; not
    // Burgundy, whence the attack came; not Ruhr, occupied).
    c.completion_list(&format!("{DISLODGED}$0"));
    c.completion_list(&format!("{DISLODGED}A Munich - $0"));
    // A pending adjustment: Germany owes two builds, in its free home centres.
    c.completion_list("@start standard\nGermany:\nA Munich - Ruhr\nF Kiel - Holland\n@phase next\nGermany:\nA Ruhr - Belgium\nF Holland hold\n@phase adjustment\nGermany:\n$0");
    // France owes nothing there: no adjustment is offered.
    c.completion_list("@start standard\nGermany:\nA Munich - Ruhr\nF Kiel - Holland\n@phase next\nGermany:\nA Ruhr - Belgium\nF Holland hold\n@phase adjustment\nFrance:\n$0");
    snapshot!(c);
}

#[test]
fn definition_leads_to_the_line_that_put_the_unit_there() {
    check_definition(
        "Germany 0:0\nA Munich hold\n\nGermany 1:0\nA Mu$0nich - Tyrolia 0:0\n",
        "A Munich hold",
    );
    check_definition(
        "@start standard\nGermany:\nA Munich - Ruhr\n\nGermany 1:0\nA Ru$0hr hold\n",
        "A Munich - Ruhr",
    );
    check_definition(
        "@unit Germany A Munich\nGermany:\nA Mu$0nich hold\n",
        "@unit Germany A Munich",
    );
    check_definition(
        "@start standard\nGermany:\nA Mu$0nich hold\n",
        "@start standard",
    );
}

/// German Munich moves to Ruhr in 0:0, then from Ruhr 1:0 back into Munich 0:0 (forking 1:1).
const TRAVELLER: &str = "@start standard\nGermany 0:0\nA Munich - Ruhr\nA Berlin S A Munich - Ruhr\nGermany 1:0\nA Ruhr - Munich 0:0\nA Kiel S A Ruhr - Munich 0:0\n@expect unit Germany A Munich 1:1\n";

#[test]
fn references_follow_a_unit_through_its_seasons_and_name_seasons() {
    let all = [
        (2, "A Munich", true),
        (3, "A Munich", false),
        (5, "A Ruhr", true),
        (6, "A Ruhr", false),
        (7, "A Munich 1:1", false),
    ];
    check_references(
        &TRAVELLER.replacen("A Munich - Ruhr", "A Mu$0nich - Ruhr", 1),
        &all,
    );
    check_references(
        &TRAVELLER.replacen("A Ruhr - Munich", "A R$0uhr - Munich", 1),
        &all,
    );
    // Another unit: only its own mentions.
    check_references(
        &TRAVELLER.replace("A Berlin S", "A Ber$0lin S"),
        &[(3, "A Berlin", true)],
    );
    // A season: every literal naming it.
    check_references(
        &TRAVELLER.replace("Germany 0:0", "Germany 0:$00"),
        &[(1, "0:0", false), (5, "0:0", false), (6, "0:0", false)],
    );
    // Nothing on a keyword or a blank line.
    check_references("Germany:\nA Munich Ho$0ld\n", &[]);
    check_references("Germany:\n$0\n", &[]);
}

#[test]
fn inlay_hints_preview_outcomes_and_forks() {
    let mut c = Cases::default();
    c.inlays(FORK);
    c.inlays("@start standard\nGermany:\nA Munich - Burgundy\nFrance:\nA Paris - Burgundy\n");
    snapshot!(c);
}

#[test]
fn inlay_hints_do_not_repeat_the_file_and_count_victory() {
    let mut c = Cases::default();
    // `=> succeeds` already says it: no hint repeats it; `=> fails` gains the reason; a wrong
    // expectation keeps its hint. After each power's last header: its centres against 18.
    c.inlays("@start standard\nGermany:\nA Munich - Ruhr  => succeeds\nA Berlin - Silesia  => fails\nFrance:\nA Paris - Burgundy  => fails\nGermany:\nF Kiel hold  => succeeds\n");
    c.inlays("@start standard\nGermany:\nA Munich - Burgundy  => fails\nFrance:\nA Paris - Burgundy  => fails\n");
    // A fork is news even when the file says `=> succeeds`.
    c.inlays("Germany 0:0\nA Munich hold => succeeds\n\nGermany 1:0\nA Munich - Tyrolia 0:0 => succeeds\n");
    snapshot!(c);
}

#[test]
fn quick_fixes() {
    let mut c = Cases::default();
    c.actions("England:\nF Londn$0 - North Sea\n");
    c.actions("Germany 0:0\nA Munich hold\n\nGermany 1:0\nA Munich hold\n\nGermany 0:0\nA Mu$0nich - Tyrolia\n");
    snapshot!(c);
}

/// Diagnostics with their ranges marked: unknown names, an illegal order, a failed expectation.
#[test]
fn diagnostics_mark_their_ranges() {
    let mut c = Cases::default();
    c.diagnostics("England:\nF Londn - North Sea\nA Lon - Picardy\n");
    c.diagnostics("@start standard\nGermany:\nA Munich - Picardy\nF Kiel - Munich\n");
    c.diagnostics(
        "@start standard\nGermany:\nA Munich - Ruhr => fails\n@expect unit Germany A Munich 1:0\n",
    );
    c.diagnostics("Germany:\nA Munich Supports\nA Ruhr - \n@expect\n");
    snapshot!(c);
}

#[test]
fn formatting_is_canonical_idempotent_and_keeps_meaning() {
    check_format(
        "  england\nf  LON  ->  nth\n\n\n\nA Munich\nA ruhr s a munich - bur  =>FAILS   # note  \n@EXPECT  HEADS  01:0\n\n",
        "england:\nF LON - nth\n\nA Munich Hold\nA ruhr Supports A munich - bur => fails # note\n@expect heads 1:0\n",
    );
    // Lines with an error stay as written (a retreat in a movement phase, an unreadable
    // line); `via Convoy` is kept. The retreat spellings of good lines are in the syntax
    // crate's tests.
    check_format(
        "Turkey:\nF Ankara R Black Sea\nA Smyrna - Syria VIA convoy\nA Paris - \nA  Constantinople  H\n",
        "Turkey:\nF Ankara R Black Sea\nA Smyrna - Syria via Convoy\nA Paris -\nA Constantinople Hold\n",
    );
}

#[test]
fn outline_of_steps_seasons_and_blocks() {
    let mut c = Cases::default();
    c.outline(FORK);
    c.outline("@start standard\nGermany:\nA Munich - Ruhr\nFrance:\nA Paris hold\n@phase next\nGermany:\nA Ruhr hold\n");
    snapshot!(c);
}

/// Every query at every character offset of the repository's example and test files (and of
/// each of their prefixes cut mid-line, as while typing) answers without panicking, with spans
/// inside the text.
#[test]
fn every_query_at_every_offset_of_the_test_files() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let mut files = Vec::new();
    for dir in ["examples", "tests/mdatc", "tests/cases"] {
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

/// Completion follows the file's rule set (issue 15): under `@rules 5dd` a unit reaches the
/// board of the timeline numbered one more at the same turn, loose adjacencies at the same and
/// bordering places, strict ones at the same place only; never a diagonal board.
#[test]
fn completion_follows_the_rules_of_5dd() {
    let mut c = Cases::default();
    let two_boards = "@season 1:0\n@season 0:1\n@unit Austria A Vienna 0:1\nAustria 0:1\n";
    // Loose: Vienna and its neighbours in 0:1 and in 0:0 (same turn, timeline one less); no
    // diagonal 1:0.
    c.completion_list(&format!("@rules 5dd\n{two_boards}A Vienna - $0"));
    // Strict: across boards only the same place.
    c.completion_list(&format!("@rules 5dd strict\n{two_boards}A Vienna - $0"));
    snapshot!(c);
}

/// Why, with numbers: hover on a move that bounced 1 against 1 shows both strengths and names
/// the unit whose support would have carried it (offered as a hint, not an edit).
#[test]
fn hover_on_a_bounce_shows_both_strengths_and_who_could_have_carried_it() {
    let mut c = Cases::default();
    c.hover("@unit Germany A Munich\n@unit Germany A Bohemia\n@unit Austria A Tyrolia\nGermany:\nA Mun$0ich - Tyrolia\nA Bohemia - Galicia\n");
    snapshot!(c);
}

/// A dislodged unit: its hold strength, and what would have kept it in place.
#[test]
fn hover_on_a_dislodged_unit_shows_its_hold_strength_and_what_would_have_kept_it() {
    let mut c = Cases::default();
    c.hover("@unit Germany A Munich\n@unit Germany A Bohemia\n@unit Austria A Tyrolia\n@unit Austria A Vienna\nGermany:\nA Munich - Tyrolia\nA Bohemia S A Munich - Tyrolia\nAustria:\nA Tyr$0olia hold\nA Vienna - Galicia\n");
    snapshot!(c);
}
