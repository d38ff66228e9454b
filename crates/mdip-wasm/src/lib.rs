//! mdip in the browser: the analysis of an order file and the same IDE answers as `mdip lsp`
//! (diagnostics with their fixes, hover, completion, inline outcomes and forks, semantic
//! tokens, formatting, the outline) and the pictures, for the playground page (`web/`).
//!
//! Everything here is a thin conversion over [`mdip_analysis::ide`] and [`mdip_render`], as the
//! language server's `to_proto` is: byte offsets become UTF-16 code unit offsets into the whole
//! text (what JavaScript strings and CodeMirror count), and answers become serde values that
//! the page reads as JSON. No IDE logic lives here; a question the page needs and the IDE layer
//! cannot answer is a new query in `mdip_analysis::ide`, used by both.
//!
//! The functions are plain Rust, tested natively (`tests/parity.rs` compares them with the
//! language server); `bindings` (only on `wasm32`) exports them to JavaScript with
//! wasm-bindgen, as JSON strings.

#[cfg(target_arch = "wasm32")]
mod bindings;
mod utf16;

use mdip_analysis::config::Lint;
use mdip_analysis::ide;
use mdip_analysis::report::SeasonRef;
use mdip_analysis::{Analysis, Edit, FileReport, Severity};
use mdip_syntax::{HighlightKind, Span};
use serde::Serialize;

pub use utf16::Utf16;

/// An open document: its text, the analysis of it and the offset table.
#[derive(Debug)]
pub struct Document {
    name: String,
    text: String,
    analysis: Analysis,
    utf16: Utf16,
}

/// A range in UTF-16 code units of the whole text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Range {
    pub from: u32,
    pub to: u32,
}

/// One replacement of the text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TextEdit {
    pub from: u32,
    pub to: u32,
    pub insert: String,
}

/// A quick fix.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct QuickFix {
    pub title: String,
    pub edits: Vec<TextEdit>,
    pub preferred: bool,
}

/// A diagnostic, with its quick fixes (the code actions of the IDE layer that fix it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diag {
    pub from: u32,
    pub to: u32,
    /// `error`, `warning`, or `info` for a diagnostic the file expects.
    pub severity: &'static str,
    pub code: String,
    pub message: String,
    pub hint: Option<String>,
    pub expected: bool,
    pub related: Vec<RelatedInfo>,
    pub fixes: Vec<QuickFix>,
}

/// A related place of a diagnostic.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RelatedInfo {
    pub from: u32,
    pub to: u32,
    pub message: String,
}

/// A hover.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HoverInfo {
    pub from: u32,
    pub to: u32,
    pub markdown: String,
}

/// A completion item.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Completion {
    pub label: String,
    /// `power`, `unit`, `keyword`, `province`, `season`, `directive` or `snippet`.
    pub kind: &'static str,
    pub detail: Option<String>,
    pub insert: String,
    pub snippet: bool,
    pub from: u32,
    pub to: u32,
    pub sort: String,
}

/// An inline outcome or fork, shown after its order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hint {
    pub at: u32,
    pub label: String,
    pub tooltip: Option<String>,
    /// `outcome` or `fork`.
    pub kind: &'static str,
}

/// A highlighted span (the semantic tokens).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Token {
    pub from: u32,
    pub to: u32,
    /// The class, in the words of [`HighlightKind`]: `keyword`, `power`, `province`, ...
    pub kind: &'static str,
}

/// An outline entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OutlineItem {
    pub name: String,
    pub detail: Option<String>,
    /// `step`, `season` or `power`.
    pub kind: &'static str,
    pub from: u32,
    pub to: u32,
    pub selection: Range,
    pub children: Vec<OutlineItem>,
}

/// The 5D game's order submission of the step in progress, and what could not be exported.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Exported {
    pub json: String,
    pub warnings: Vec<String>,
}

/// The name of a highlight class.
pub fn highlight_name(k: HighlightKind) -> &'static str {
    match k {
        HighlightKind::Keyword => "keyword",
        HighlightKind::Power => "power",
        HighlightKind::Province => "province",
        HighlightKind::UnitType => "unitType",
        HighlightKind::Season => "season",
        HighlightKind::Coast => "coast",
        HighlightKind::Comment => "comment",
        HighlightKind::Directive => "directive",
        HighlightKind::Value => "value",
        HighlightKind::Number => "number",
        HighlightKind::Outcome => "outcome",
        HighlightKind::Operator => "operator",
        HighlightKind::Punctuation => "punctuation",
        HighlightKind::Error => "error",
    }
}

impl Document {
    /// Opens `text` under `name` (the name the picture and report show).
    pub fn new(name: &str, text: &str) -> Document {
        Document {
            name: name.to_owned(),
            text: text.to_owned(),
            analysis: mdip_analysis::analyze(text),
            utf16: Utf16::new(text),
        }
    }

    /// Replaces the text, analysing again from the last checkpoint before the first changed
    /// line (`mdip_analysis::analyze_incremental`, as the language server does).
    pub fn update(&mut self, text: &str) {
        if text == self.text {
            return;
        }
        let same = self
            .text
            .bytes()
            .zip(text.bytes())
            .take_while(|(a, b)| a == b)
            .count();
        let first_changed_line = self.text.as_bytes()[..same]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        self.analysis =
            mdip_analysis::analyze_incremental(text, &self.analysis, first_changed_line);
        self.text = text.to_owned();
        self.utf16 = Utf16::new(text);
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The analysis.
    pub fn analysis(&self) -> &Analysis {
        &self.analysis
    }

    fn range(&self, s: Span) -> Range {
        Range {
            from: self.utf16.to16(s.start),
            to: self.utf16.to16(s.end),
        }
    }

    fn offset(&self, unit: u32) -> u32 {
        self.utf16.to8(unit)
    }

    fn edits(&self, edits: &[Edit]) -> Vec<TextEdit> {
        edits
            .iter()
            .map(|e| {
                let r = self.range(e.span);
                TextEdit {
                    from: r.from,
                    to: r.to,
                    insert: e.text.clone(),
                }
            })
            .collect()
    }

    /// Every diagnostic, each with its quick fixes.
    pub fn diagnostics(&self) -> Vec<Diag> {
        let reported = self.reported();
        let mut fixes: Vec<Vec<QuickFix>> = vec![Vec::new(); reported.len()];
        // The actions of the whole text, once: each names the diagnostic it fixes.
        let all = Span::new(0, self.text.len() as u32);
        for a in ide::code_actions_of(&self.analysis, &reported, all) {
            let Some(i) = a.diagnostic else { continue };
            let fix = QuickFix {
                title: a.title,
                edits: self.edits(&a.edits),
                preferred: a.preferred,
            };
            if let Some(f) = fixes.get_mut(i) {
                f.push(fix);
            }
        }
        reported
            .iter()
            .zip(fixes)
            .map(|(d, fixes)| {
                let r = self.range(d.span);
                Diag {
                    from: r.from,
                    to: r.to,
                    severity: match (d.expected, d.severity) {
                        (true, _) => "info",
                        (false, Severity::Error) => "error",
                        (false, Severity::Warning) => "warning",
                    },
                    code: d.code.as_str().to_owned(),
                    message: d.message.clone(),
                    hint: d.hint.clone(),
                    expected: d.expected,
                    related: d
                        .related
                        .iter()
                        .map(|rel| {
                            let r = self.range(rel.span);
                            RelatedInfo {
                                from: r.from,
                                to: r.to,
                                message: rel.message.clone(),
                            }
                        })
                        .collect(),
                    fixes,
                }
            })
            .collect()
    }

    /// The code actions for a range (what the language server answers `codeAction` with).
    pub fn code_actions(&self, from: u32, to: u32) -> Vec<QuickFix> {
        let (a, b) = (self.offset(from), self.offset(to));
        let reported = self.reported();
        let mut out: Vec<QuickFix> =
            ide::code_actions_of(&self.analysis, &reported, Span::new(a, b.max(a)))
                .into_iter()
                .map(|a| QuickFix {
                    title: a.title,
                    edits: self.edits(&a.edits),
                    preferred: a.preferred,
                })
                .collect();
        // Every safe fix at once, as the server's `source.fixAll.mdip` action.
        let all = ide::fix_all_analysed(&self.text, &self.analysis, &Lint::default(), false);
        if let Some(edit) = ide::minimal_edit(&self.text, &all.text) {
            out.push(QuickFix {
                title: all.title(),
                edits: self.edits(&[edit]),
                preferred: false,
            });
        }
        out
    }

    /// The diagnostics as the page reports them: the default settings (there is no
    /// `mdip.toml` in a browser), with the file's suppression comments applied.
    fn reported(&self) -> Vec<mdip_analysis::Diagnostic> {
        Lint::default().apply(&self.text, &self.analysis.diagnostics)
    }

    /// The hover at a position.
    pub fn hover(&self, at: u32) -> Option<HoverInfo> {
        let h = ide::hover(&self.analysis, &self.text, self.offset(at))?;
        let r = self.range(h.span);
        Some(HoverInfo {
            from: r.from,
            to: r.to,
            markdown: h.markdown,
        })
    }

    /// The completions at a position.
    pub fn completions(&self, at: u32, snippets: bool) -> Vec<Completion> {
        let config = ide::CompletionConfig { snippets };
        ide::completions(&self.analysis, &self.text, self.offset(at), config)
            .into_iter()
            .map(|i| {
                let r = self.range(i.replace);
                Completion {
                    label: i.label,
                    kind: match i.kind {
                        ide::CompletionKind::Power => "power",
                        ide::CompletionKind::Unit => "unit",
                        ide::CompletionKind::Keyword => "keyword",
                        ide::CompletionKind::Province => "province",
                        ide::CompletionKind::Season => "season",
                        ide::CompletionKind::Directive => "directive",
                        ide::CompletionKind::Snippet => "snippet",
                    },
                    detail: i.detail,
                    insert: i.insert,
                    snippet: i.snippet,
                    from: r.from,
                    to: r.to,
                    sort: i.sort,
                }
            })
            .collect()
    }

    /// The inline outcomes and forks of the whole text.
    pub fn inlay_hints(&self) -> Vec<Hint> {
        let all = Span::new(0, self.text.len() as u32);
        ide::inlay_hints(&self.analysis, all)
            .into_iter()
            .map(|h| Hint {
                at: self.utf16.to16(h.offset),
                label: h.label,
                tooltip: h.tooltip,
                kind: match h.kind {
                    ide::InlayKind::Outcome => "outcome",
                    ide::InlayKind::Fork => "fork",
                    ide::InlayKind::Victory => "victory",
                },
            })
            .collect()
    }

    /// The highlighted spans (semantic tokens), punctuation left out as the server does.
    pub fn tokens(&self) -> Vec<Token> {
        ide::highlights(&self.analysis, &self.text)
            .into_iter()
            .filter(|h| !matches!(h.kind, HighlightKind::Punctuation | HighlightKind::Error))
            .map(|h| {
                let r = self.range(h.span);
                Token {
                    from: r.from,
                    to: r.to,
                    kind: highlight_name(h.kind),
                }
            })
            .collect()
    }

    /// The edits that format the text, or why it cannot be formatted without changing meaning.
    pub fn format(&self) -> Result<Vec<TextEdit>, String> {
        ide::format_analysed(&self.text, &self.analysis)
            .map(|e| self.edits(&e))
            .map_err(|e| e.to_string())
    }

    /// The outline (document symbols).
    pub fn outline(&self) -> Vec<OutlineItem> {
        self.symbols(ide::document_symbols(&self.analysis))
    }

    fn symbols(&self, symbols: Vec<ide::Symbol>) -> Vec<OutlineItem> {
        symbols
            .into_iter()
            .map(|s| {
                let r = self.range(s.span);
                OutlineItem {
                    name: s.name,
                    detail: s.detail,
                    kind: match s.kind {
                        ide::SymbolKind::Step => "step",
                        ide::SymbolKind::Season => "season",
                        ide::SymbolKind::Power => "power",
                    },
                    from: r.from,
                    to: r.to,
                    selection: self.range(s.selection),
                    children: self.symbols(s.children),
                }
            })
            .collect()
    }

    /// The file's typed report (what `mdip check --format json` gives for one file).
    pub fn report(&self) -> FileReport {
        FileReport::new(&self.name, &self.text, &self.analysis)
    }

    /// Whether the file is multiversal (more than one timeline, or seasons written `X:Y`).
    pub fn multiversal(&self) -> bool {
        self.report().multiversal
    }

    /// The picture: `"multiverse"`, a season `"X:Y"`, `"line:N"` (the board of the season of
    /// the order at one-based line N, as the server's position argument), or `""` (the
    /// default: the multiverse of a multiversal file, else the board last ordered).
    pub fn render(&self, subject: &str) -> Result<String, String> {
        let report = self.report();
        let subject = subject.trim();
        let season = if subject == "multiverse" || (subject.is_empty() && report.multiversal) {
            return Ok(mdip_render::multiverse_svg(&report));
        } else if subject.is_empty() {
            mdip_render::default_season(&report)
        } else if let Some(line) = subject.strip_prefix("line:") {
            let line: usize = line
                .trim()
                .parse()
                .map_err(|_| format!("`{subject}`: not a line number"))?;
            ide::season_at_line(&report, line)
                .unwrap_or_else(|| mdip_render::default_season(&report))
        } else {
            season(subject).ok_or_else(|| {
                format!("`{subject}` is not a season (write X:Y), `multiverse` nor `line:N`")
            })?
        };
        mdip_render::season_svg(&report, season)
            .ok_or_else(|| format!("the document has no season {season}"))
    }

    /// The orders of the step in progress as the 5D game's order submission (`mdip export
    /// 5dd`).
    pub fn export_5dd(&self) -> Result<Exported, String> {
        let report = self.report();
        let e = mdip_analysis::export::fivedd::export(&report, &report.rules, None)
            .map_err(|e| e.to_string())?;
        let json = serde_json::to_string_pretty(&e.request).map_err(|e| e.to_string())? + "\n";
        Ok(Exported {
            json,
            warnings: e.warnings,
        })
    }
}

/// `2:1`.
fn season(s: &str) -> Option<SeasonRef> {
    let (t, l) = s.split_once(':')?;
    Some(SeasonRef {
        turn: t.trim().parse().ok()?,
        timeline: l.trim().parse().ok()?,
    })
}

/// The text of an order file converted from the 5D game's `World` JSON (`mdip import 5dd`).
pub fn import_5dd(json: &str, source: &str) -> Result<String, String> {
    let options = mdip_analysis::import::fivedd::Options {
        strict: false,
        source: source.to_owned(),
    };
    mdip_analysis::import::fivedd::convert(json, &options).map_err(|e| e.to_string())
}
