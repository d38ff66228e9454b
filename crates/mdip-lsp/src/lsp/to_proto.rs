//! Our plain data (analysis results in byte offsets) to protocol types, positions converted in
//! the negotiated encoding through the [`Snapshot`].

use std::collections::HashMap;
use std::str::FromStr;

use mdip_analysis::config::Lint;
use mdip_analysis::ide;
use mdip_analysis::{Diagnostic, Edit, Severity};
use mdip_syntax::{Highlight, HighlightKind, Span};
use tower_lsp_server::ls_types as lsp;

use crate::config_files::LoadError;
use crate::encoding::{Encoding, Pos};
use crate::session::Snapshot;

/// A document name back to a URI.
pub fn uri(name: &str) -> Option<lsp::Uri> {
    lsp::Uri::from_str(name).ok()
}

/// A position.
pub fn position(p: Pos) -> lsp::Position {
    lsp::Position::new(p.line, p.col)
}

/// A span of the analysed text.
pub fn range(s: &Snapshot, span: Span) -> lsp::Range {
    let (a, b) = s.range(span);
    lsp::Range::new(position(a), position(b))
}

/// The protocol's name of an encoding.
pub fn encoding(e: Encoding) -> lsp::PositionEncodingKind {
    match e {
        Encoding::Utf8 => lsp::PositionEncodingKind::UTF8,
        Encoding::Utf16 => lsp::PositionEncodingKind::UTF16,
    }
}

/// A diagnostic. An expected diagnostic (`=> illegal`, `@expect error`) is information, not an
/// error: the file asks for it.
pub fn diagnostic(s: &Snapshot, uri: &lsp::Uri, d: &Diagnostic) -> lsp::Diagnostic {
    let severity = match (d.expected, d.severity) {
        (true, _) => lsp::DiagnosticSeverity::INFORMATION,
        (false, Severity::Error) => lsp::DiagnosticSeverity::ERROR,
        (false, Severity::Warning) => lsp::DiagnosticSeverity::WARNING,
    };
    let mut message = d.message.clone();
    if d.expected {
        message.push_str(" (expected)");
    }
    if let Some(h) = &d.hint {
        message.push_str("\nhint: ");
        message.push_str(h);
    }
    let related: Vec<lsp::DiagnosticRelatedInformation> = d
        .related
        .iter()
        .map(|r| lsp::DiagnosticRelatedInformation {
            location: lsp::Location::new(uri.clone(), range(s, r.span)),
            message: r.message.clone(),
        })
        .collect();
    lsp::Diagnostic {
        range: range(s, d.span),
        severity: Some(severity),
        code: Some(lsp::NumberOrString::String(d.code.as_str().to_owned())),
        code_description: None,
        source: Some("mdip".to_owned()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        tags: None,
        data: None,
    }
}

/// The diagnostics of a snapshot as the document's settings report them (see
/// `mdip_analysis::config`).
pub fn diagnostics(s: &Snapshot, uri: &lsp::Uri, lint: &Lint) -> Vec<lsp::Diagnostic> {
    lint.apply(s.text(), &s.analysis().diagnostics)
        .iter()
        .map(|d| diagnostic(s, uri, d))
        .collect()
}

/// The problems of a configuration file, at their lines and columns (columns count
/// characters: exact for the ASCII keys and codes they point at).
pub fn config_errors(e: &LoadError) -> Vec<lsp::Diagnostic> {
    let one = |line: usize, column: usize, message: String| lsp::Diagnostic {
        range: lsp::Range::new(
            lsp::Position::new(
                u32::try_from(line.saturating_sub(1)).unwrap_or(0),
                u32::try_from(column.saturating_sub(1)).unwrap_or(0),
            ),
            lsp::Position::new(
                u32::try_from(line.saturating_sub(1)).unwrap_or(0),
                u32::try_from(column).unwrap_or(0),
            ),
        ),
        severity: Some(lsp::DiagnosticSeverity::ERROR),
        source: Some("mdip".to_owned()),
        message,
        ..lsp::Diagnostic::default()
    };
    if let Some(io) = &e.io {
        return vec![one(1, 1, format!("cannot read the configuration: {io}"))];
    }
    e.errors
        .iter()
        .map(|c| {
            let message = match &c.key {
                Some(k) => format!("`{k}`: {}", c.message),
                None => c.message.clone(),
            };
            one(c.line, c.column, message)
        })
        .collect()
}

/// The `source.fixAll.mdip` code action: every safe fix of the document at once, as one edit
/// of the current text (`None` when nothing applies).
pub fn fix_all(s: &Snapshot, uri: &lsp::Uri, lint: &Lint) -> Option<lsp::CodeActionOrCommand> {
    let result = if s.remap.is_identity() {
        ide::fix_all_analysed(s.text(), s.analysis(), lint, false)
    } else {
        ide::fix_all(&s.current_text(), lint, false)
    };
    let edit = ide::minimal_edit(&s.current_text(), &result.text)?;
    let mut changes = HashMap::new();
    changes.insert(uri.clone(), current_text_edits(s, &[edit]));
    Some(lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
        title: result.title(),
        kind: Some(lsp::CodeActionKind::from(FIX_ALL)),
        edit: Some(lsp::WorkspaceEdit {
            changes: Some(changes),
            ..lsp::WorkspaceEdit::default()
        }),
        ..lsp::CodeAction::default()
    }))
}

/// The code action kind of [`fix_all`].
pub const FIX_ALL: &str = "source.fixAll.mdip";

/// A hover.
pub fn hover(s: &Snapshot, h: ide::Hover) -> lsp::Hover {
    lsp::Hover {
        contents: lsp::HoverContents::Markup(lsp::MarkupContent {
            kind: lsp::MarkupKind::Markdown,
            value: h.markdown,
        }),
        range: Some(range(s, h.span)),
    }
}

/// Completion items.
pub fn completion(s: &Snapshot, items: Vec<ide::CompletionItem>) -> lsp::CompletionResponse {
    let items = items
        .into_iter()
        .map(|i| {
            let kind = match i.kind {
                ide::CompletionKind::Power => lsp::CompletionItemKind::MODULE,
                ide::CompletionKind::Unit => lsp::CompletionItemKind::VARIABLE,
                ide::CompletionKind::Keyword => lsp::CompletionItemKind::KEYWORD,
                ide::CompletionKind::Province => lsp::CompletionItemKind::VALUE,
                ide::CompletionKind::Season => lsp::CompletionItemKind::CONSTANT,
                ide::CompletionKind::Directive => lsp::CompletionItemKind::KEYWORD,
                ide::CompletionKind::Snippet => lsp::CompletionItemKind::SNIPPET,
            };
            lsp::CompletionItem {
                label: i.label,
                kind: Some(kind),
                detail: i.detail,
                sort_text: Some(i.sort),
                insert_text_format: Some(if i.snippet {
                    lsp::InsertTextFormat::SNIPPET
                } else {
                    lsp::InsertTextFormat::PLAIN_TEXT
                }),
                text_edit: Some(lsp::CompletionTextEdit::Edit(lsp::TextEdit::new(
                    range(s, i.replace),
                    i.insert,
                ))),
                ..lsp::CompletionItem::default()
            }
        })
        .collect();
    lsp::CompletionResponse::List(lsp::CompletionList {
        is_incomplete: false,
        items,
    })
}

/// References: locations in the document.
pub fn locations(s: &Snapshot, uri: &lsp::Uri, refs: &[ide::Reference]) -> Vec<lsp::Location> {
    refs.iter()
        .map(|r| lsp::Location::new(uri.clone(), range(s, r.span)))
        .collect()
}

/// Document highlights: the ordered unit is written (the order acts on it), other mentions
/// read.
pub fn highlights(s: &Snapshot, refs: &[ide::Reference]) -> Vec<lsp::DocumentHighlight> {
    refs.iter()
        .map(|r| lsp::DocumentHighlight {
            range: range(s, r.span),
            kind: Some(match r.kind {
                ide::ReferenceKind::Ordered => lsp::DocumentHighlightKind::WRITE,
                ide::ReferenceKind::Named => lsp::DocumentHighlightKind::READ,
            }),
        })
        .collect()
}

/// A pulled diagnostic report: every diagnostic of the snapshot, its version as result id.
pub fn diagnostic_report(
    s: &Snapshot,
    uri: &lsp::Uri,
    lint: &Lint,
) -> lsp::DocumentDiagnosticReportResult {
    lsp::DocumentDiagnosticReportResult::Report(lsp::DocumentDiagnosticReport::Full(
        lsp::RelatedFullDocumentDiagnosticReport {
            related_documents: None,
            full_document_diagnostic_report: lsp::FullDocumentDiagnosticReport {
                result_id: Some(s.version.to_string()),
                items: diagnostics(s, uri, lint),
            },
        },
    ))
}

/// Inlay hints.
pub fn inlay_hints(s: &Snapshot, hints: Vec<ide::InlayHint>) -> Vec<lsp::InlayHint> {
    hints
        .into_iter()
        .map(|h| lsp::InlayHint {
            position: position(s.pos(h.offset)),
            label: lsp::InlayHintLabel::String(h.label),
            kind: None,
            text_edits: None,
            tooltip: h.tooltip.map(|t| {
                lsp::InlayHintTooltip::MarkupContent(lsp::MarkupContent {
                    kind: lsp::MarkupKind::Markdown,
                    value: t,
                })
            }),
            padding_left: Some(true),
            padding_right: None,
            data: None,
        })
        .collect()
}

/// Edits of the analysed text.
pub fn text_edits(s: &Snapshot, edits: &[Edit]) -> Vec<lsp::TextEdit> {
    edits
        .iter()
        .map(|e| lsp::TextEdit::new(range(s, e.span), e.text.clone()))
        .collect()
}

/// Edits of the current text (formatting works on it).
pub fn current_text_edits(s: &Snapshot, edits: &[Edit]) -> Vec<lsp::TextEdit> {
    edits
        .iter()
        .map(|e| {
            let r = lsp::Range::new(
                position(s.current_pos(e.span.start as usize)),
                position(s.current_pos(e.span.end as usize)),
            );
            lsp::TextEdit::new(r, e.text.clone())
        })
        .collect()
}

/// Code actions, each with the diagnostic it fixes.
pub fn code_actions(
    s: &Snapshot,
    uri: &lsp::Uri,
    actions: Vec<ide::Action>,
    diagnostics: &[Diagnostic],
) -> Vec<lsp::CodeActionOrCommand> {
    actions
        .into_iter()
        .map(|a| {
            let diagnostics = a
                .diagnostic
                .and_then(|i| diagnostics.get(i))
                .map(|d| vec![diagnostic(s, uri, d)]);
            let mut changes = HashMap::new();
            changes.insert(uri.clone(), text_edits(s, &a.edits));
            lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
                title: a.title,
                kind: Some(lsp::CodeActionKind::QUICKFIX),
                diagnostics,
                edit: Some(lsp::WorkspaceEdit {
                    changes: Some(changes),
                    ..lsp::WorkspaceEdit::default()
                }),
                command: None,
                is_preferred: Some(a.preferred),
                disabled: None,
                data: None,
            })
        })
        .collect()
}

/// Document symbols.
pub fn symbols(s: &Snapshot, symbols: Vec<ide::Symbol>) -> Vec<lsp::DocumentSymbol> {
    symbols
        .into_iter()
        .map(|sym| {
            let kind = match sym.kind {
                ide::SymbolKind::Step => lsp::SymbolKind::NAMESPACE,
                ide::SymbolKind::Season => lsp::SymbolKind::MODULE,
                ide::SymbolKind::Power => lsp::SymbolKind::CLASS,
            };
            let children = symbols_children(s, sym.children);
            #[allow(deprecated)] // `deprecated` is a required field of the protocol type.
            lsp::DocumentSymbol {
                name: sym.name,
                detail: sym.detail,
                kind,
                tags: None,
                deprecated: None,
                range: range(s, sym.span),
                selection_range: range(s, sym.selection),
                children,
            }
        })
        .collect()
}

fn symbols_children(s: &Snapshot, children: Vec<ide::Symbol>) -> Option<Vec<lsp::DocumentSymbol>> {
    (!children.is_empty()).then(|| symbols(s, children))
}

/// Folding ranges (lines do not depend on the encoding).
pub fn folding_ranges(folds: Vec<ide::Fold>) -> Vec<lsp::FoldingRange> {
    folds
        .into_iter()
        .map(|f| lsp::FoldingRange {
            start_line: u32::try_from(f.start_line).unwrap_or(u32::MAX),
            start_character: None,
            end_line: u32::try_from(f.end_line).unwrap_or(u32::MAX),
            end_character: None,
            kind: Some(match f.kind {
                ide::FoldKind::Comment => lsp::FoldingRangeKind::Comment,
                ide::FoldKind::Step | ide::FoldKind::Block => lsp::FoldingRangeKind::Region,
            }),
            collapsed_text: None,
        })
        .collect()
}

/// The semantic token types, in legend order.
pub const TOKEN_TYPES: [lsp::SemanticTokenType; 11] = [
    lsp::SemanticTokenType::KEYWORD,
    lsp::SemanticTokenType::NAMESPACE,
    lsp::SemanticTokenType::VARIABLE,
    lsp::SemanticTokenType::TYPE,
    lsp::SemanticTokenType::NUMBER,
    lsp::SemanticTokenType::PROPERTY,
    lsp::SemanticTokenType::COMMENT,
    lsp::SemanticTokenType::MACRO,
    lsp::SemanticTokenType::ENUM_MEMBER,
    lsp::SemanticTokenType::OPERATOR,
    lsp::SemanticTokenType::STRING,
];

/// The legend of the semantic tokens.
pub fn legend() -> lsp::SemanticTokensLegend {
    lsp::SemanticTokensLegend {
        token_types: TOKEN_TYPES.to_vec(),
        token_modifiers: Vec::new(),
    }
}

/// The legend index of a highlight class (`None`: not sent).
fn token_type(k: HighlightKind) -> Option<u32> {
    Some(match k {
        HighlightKind::Keyword => 0,
        HighlightKind::Power => 1,
        HighlightKind::Province => 2,
        HighlightKind::UnitType => 3,
        HighlightKind::Season | HighlightKind::Number => 4,
        HighlightKind::Coast => 5,
        HighlightKind::Comment => 6,
        HighlightKind::Directive => 7,
        HighlightKind::Value | HighlightKind::Outcome => 8,
        HighlightKind::Operator => 9,
        HighlightKind::Punctuation | HighlightKind::Error => return None,
    })
}

/// Semantic tokens, relative-encoded, lengths in the negotiated units; tokens spanning lines
/// (none in practice) are left out.
pub fn semantic_tokens(s: &Snapshot, highlights: &[Highlight]) -> lsp::SemanticTokens {
    let mut data = Vec::with_capacity(highlights.len());
    let (mut line, mut col) = (0u32, 0u32);
    for h in highlights {
        let Some(t) = token_type(h.kind) else {
            continue;
        };
        let (a, b) = s.range(h.span);
        if a.line != b.line || b.col <= a.col {
            continue;
        }
        if a.line < line || (a.line == line && a.col < col) {
            continue; // Out of order (never, for sorted highlights).
        }
        let delta_line = a.line - line;
        let delta_start = if delta_line == 0 { a.col - col } else { a.col };
        data.push(lsp::SemanticToken {
            delta_line,
            delta_start,
            length: b.col - a.col,
            token_type: t,
            token_modifiers_bitset: 0,
        });
        line = a.line;
        col = a.col;
    }
    lsp::SemanticTokens {
        result_id: None,
        data,
    }
}
