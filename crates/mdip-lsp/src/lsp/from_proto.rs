//! Protocol types to our plain data: positions, changes, client capabilities.

use tower_lsp_server::jsonrpc::Request;
use tower_lsp_server::ls_types as lsp;

use crate::document::TextChange;
use crate::encoding::{Encoding, Pos};
use crate::session::{Config, LintSettings, Settings};

/// A document's name: its URI as text.
pub fn uri(uri: &lsp::Uri) -> String {
    uri.as_str().to_owned()
}

/// A position.
pub fn pos(p: lsp::Position) -> Pos {
    Pos::new(p.line, p.character)
}

/// A range, start and end.
pub fn range(r: lsp::Range) -> (Pos, Pos) {
    (pos(r.start), pos(r.end))
}

/// One change of a `didChange`.
pub fn change(c: lsp::TextDocumentContentChangeEvent) -> TextChange {
    TextChange {
        range: c.range.map(range),
        text: c.text,
    }
}

/// What the client supports: UTF-8 positions when offered, snippets, code action literals.
pub fn config(params: &lsp::InitializeParams) -> Config {
    let caps = &params.capabilities;
    let offered: Vec<&str> = caps
        .general
        .as_ref()
        .and_then(|g| g.position_encodings.as_ref())
        .map(|v| v.iter().map(|e| e.as_str()).collect())
        .unwrap_or_default();
    let text = caps.text_document.as_ref();
    Config {
        encoding: Encoding::negotiate(offered),
        snippets: text
            .and_then(|t| t.completion.as_ref())
            .and_then(|c| c.completion_item.as_ref())
            .and_then(|i| i.snippet_support)
            .unwrap_or(false),
        code_action_literals: text
            .and_then(|t| t.code_action.as_ref())
            .is_some_and(|c| c.code_action_literal_support.is_some()),
        pull_diagnostics: text.is_some_and(|t| t.diagnostic.is_some()),
        inlay_refresh: caps
            .workspace
            .as_ref()
            .and_then(|w| w.inlay_hint.as_ref())
            .and_then(|i| i.refresh_support)
            .unwrap_or(false),
    }
}

/// The user's settings from a client's settings object: `{ "mdip": { "inlayHints": {
/// "outcomes": false } } }`, or the `mdip` section alone. A setting left out takes its
/// default; a value of the wrong type is ignored.
pub fn settings(value: &serde_json::Value) -> Settings {
    let section = value.get("mdip").unwrap_or(value);
    let flag = |group: &str, name: &str, default: bool| {
        section
            .get(group)
            .and_then(|g| g.get(name))
            .and_then(serde_json::Value::as_bool)
            .unwrap_or(default)
    };
    let d = Settings::default();
    Settings {
        inlay_outcomes: flag("inlayHints", "outcomes", d.inlay_outcomes),
        inlay_forks: flag("inlayHints", "forks", d.inlay_forks),
        inlay_victory: flag("inlayHints", "victory", d.inlay_victory),
    }
}

/// The editor's lint settings from the same settings object: `mdip.configuration` (a path)
/// and `mdip.lint.{select,extendSelect,ignore,warningsAsErrors}`. A setting left out, or of
/// the wrong type, has no say.
pub fn lint_settings(value: &serde_json::Value) -> LintSettings {
    let section = value.get("mdip").unwrap_or(value);
    let lint = section.get("lint");
    let list = |name: &str| -> Option<Vec<String>> {
        lint?.get(name)?.as_array().map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
    };
    LintSettings {
        configuration: section
            .get("configuration")
            .and_then(serde_json::Value::as_str)
            .filter(|s| !s.trim().is_empty())
            .map(str::to_owned),
        extra: mdip_analysis::config::Extra {
            select: list("select"),
            extend_select: list("extendSelect").unwrap_or_default(),
            ignore: list("ignore").unwrap_or_default(),
            warnings_as_errors: lint
                .and_then(|l| l.get("warningsAsErrors"))
                .and_then(serde_json::Value::as_bool),
        },
    }
}

/// A document's path, for a `file:` URI.
pub fn path(uri: &str) -> Option<std::path::PathBuf> {
    let u: lsp::Uri = uri.parse().ok()?;
    u.to_file_path().map(std::borrow::Cow::into_owned)
}

/// A document notification, read from a raw request so that it can be applied in arrival
/// order (see `ordered`).
#[derive(Debug)]
pub enum DocEvent {
    /// `textDocument/didOpen`.
    Open {
        /// The document.
        uri: String,
        /// Its text.
        text: String,
        /// Its version.
        version: i32,
    },
    /// `textDocument/didChange`.
    Change {
        /// The document.
        uri: String,
        /// The new version.
        version: i32,
        /// The changes, in order.
        changes: Vec<TextChange>,
    },
    /// `textDocument/didClose`.
    Close {
        /// The document.
        uri: String,
    },
}

/// Reads a document notification; `None` for other messages or malformed parameters.
pub fn doc_event(req: &Request) -> Option<DocEvent> {
    let params = req.params()?.clone();
    match req.method() {
        "textDocument/didOpen" => {
            let p: lsp::DidOpenTextDocumentParams = serde_json::from_value(params).ok()?;
            Some(DocEvent::Open {
                uri: uri(&p.text_document.uri),
                text: p.text_document.text,
                version: p.text_document.version,
            })
        }
        "textDocument/didChange" => {
            let p: lsp::DidChangeTextDocumentParams = serde_json::from_value(params).ok()?;
            Some(DocEvent::Change {
                uri: uri(&p.text_document.uri),
                version: p.text_document.version,
                changes: p.content_changes.into_iter().map(change).collect(),
            })
        }
        "textDocument/didClose" => {
            let p: lsp::DidCloseTextDocumentParams = serde_json::from_value(params).ok()?;
            Some(DocEvent::Close {
                uri: uri(&p.text_document.uri),
            })
        }
        _ => None,
    }
}
