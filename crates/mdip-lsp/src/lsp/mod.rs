//! The protocol layer: the only module that knows tower-lsp-server and its types.
//!
//! [`Backend`] implements `LanguageServer`: each request handler converts its parameters with
//! [`from_proto`], waits for the document's [`Snapshot`], runs the analysis core's query
//! (`mdip_analysis::ide`) on tokio's blocking pool, and converts the answer with [`to_proto`].
//! Document notifications bypass the handlers to stay in order ([`ordered`]); diagnostics are
//! pushed by a publisher task that receives the workers' [`Event`]s; malformed input is answered
//! by a guard in front of tower-lsp-server's transport ([`transport`]).

pub mod from_proto;
pub mod ordered;
pub mod render;
pub mod to_proto;
pub mod transport;

use std::sync::Arc;

use mdip_analysis::ide;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::mpsc;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types as lsp;
use tower_lsp_server::{Client, LanguageServer, LspService, Server};

use crate::session::{DocLint, Event, Session, Snapshot};

/// The language server.
#[derive(Debug)]
pub struct Backend {
    client: Client,
    session: Arc<Session>,
}

/// Serves the protocol on `input` and `output` until the client sends `exit` or closes the
/// input. Returns whether the client had asked to `shutdown` first (the protocol's exit code is
/// 0 then, else 1).
pub async fn serve<I, O>(input: I, output: O) -> bool
where
    I: AsyncRead + Unpin + Send + 'static,
    O: AsyncWrite + Unpin + Send + 'static,
{
    // tower-lsp-server reads and writes pipes; the transport guard sits on the real ends.
    let (to_server, server_in) = tokio::io::duplex(1 << 20);
    let (server_out, from_server) = tokio::io::duplex(1 << 20);
    let (answers_tx, answers_rx) = mpsc::unbounded_channel();
    let guard = tokio::spawn(transport::guard_input(input, to_server, answers_tx));
    let merge = tokio::spawn(transport::merge_output(from_server, answers_rx, output));

    let (events, rx) = mpsc::unbounded_channel();
    let session = Arc::new(Session::new(events).with_paths(from_proto::path));
    let backend_session = session.clone();
    // Weak: the session holds the sender of the publisher's channel, so a strong reference
    // would keep both alive after the server is done (one session leaked per `serve`).
    let publisher_session = Arc::downgrade(&session);
    let (service, socket) = LspService::new(move |client| {
        tokio::spawn(publisher(client.clone(), publisher_session, rx));
        Backend {
            client,
            session: backend_session,
        }
    });
    let service = ordered::Ordered::new(service, session.clone());
    Server::new(server_in, server_out, socket)
        .serve(service)
        .await;
    // The server is done (after `exit`, or at the end of the input).
    guard.abort();
    let _ = merge.await;
    session.is_shut_down()
}

/// The settings of the document `uri` (see [`Session::lint_for`]).
fn doc_lint(session: &Session, uri: &str) -> DocLint {
    session.lint_for_uri(uri)
}

/// What the publisher has said about configuration files: those whose errors it published
/// (cleared once they are fixed), and the editor settings it warned about.
#[derive(Default)]
struct ConfigNotes {
    /// The files whose errors are published, with those errors (published again only when
    /// they change).
    errored: std::collections::HashMap<std::path::PathBuf, Arc<crate::config_files::LoadError>>,
    warned: std::collections::HashSet<String>,
}

impl ConfigNotes {
    /// Publishes the errors of the configuration file a document met (a bad file is never
    /// silently ignored: its problems are diagnostics of that file, and a message), or clears
    /// them once the file is good.
    async fn report(&mut self, client: &Client, lint: &DocLint) {
        let Some(file) = &lint.file else {
            return;
        };
        let abs = crate::config_files::absolute(file);
        let uri = lsp::Uri::from_file_path(&abs);
        match (&lint.error, uri) {
            (Some(e), Some(uri)) => {
                let known = self.errored.insert(abs.clone(), e.clone());
                if known.is_none() {
                    client
                        .show_message(
                            lsp::MessageType::ERROR,
                            format!(
                                "mdip: {} has errors; its documents use the default settings:\n{e}",
                                file.display()
                            ),
                        )
                        .await;
                }
                if known.as_deref() != Some(&**e) {
                    client
                        .publish_diagnostics(uri, to_proto::config_errors(e), None)
                        .await;
                }
            }
            (None, Some(uri)) if self.errored.remove(&abs).is_some() => {
                client.publish_diagnostics(uri, Vec::new(), None).await;
            }
            _ => {}
        }
        for e in &lint.editor_errors {
            if self.warned.insert(e.clone()) {
                client
                    .show_message(
                        lsp::MessageType::ERROR,
                        format!("mdip: the editor's mdip.lint settings: {e}"),
                    )
                    .await;
            }
        }
    }
}

/// Pushes diagnostics as the workers report them (not to a client that pulls them). Ends when
/// the session and its workers are gone.
async fn publisher(
    client: Client,
    session: std::sync::Weak<Session>,
    mut rx: mpsc::UnboundedReceiver<Event>,
) {
    let mut notes = ConfigNotes::default();
    while let Some(event) = rx.recv().await {
        let Some(strong) = session.upgrade() else {
            return;
        };
        let pull = strong.config().pull_diagnostics;
        let lint = match &event {
            Event::Publish { uri, .. } => Some(doc_lint(&strong, uri)),
            Event::Clear { .. } => None,
        };
        drop(strong);
        if let Some(lint) = &lint {
            notes.report(&client, lint).await;
        }
        match event {
            Event::Publish { .. } | Event::Clear { .. } if pull => {}
            Event::Publish { uri, snapshot } => {
                let Some(u) = to_proto::uri(&uri) else {
                    continue;
                };
                let lint = lint.map(|l| l.lint).unwrap_or_default();
                let diags = to_proto::diagnostics(&snapshot, &u, &lint);
                client
                    .publish_diagnostics(u, diags, Some(snapshot.version))
                    .await;
            }
            Event::Clear { uri } => {
                let Some(u) = to_proto::uri(&uri) else {
                    continue;
                };
                client.publish_diagnostics(u, Vec::new(), None).await;
            }
        }
    }
}

impl Backend {
    /// Runs `f` on the snapshot of `uri` on the blocking pool; `None` when the document is not
    /// open or has no analysis yet.
    async fn query<T, F>(&self, uri: &lsp::Uri, f: F) -> Result<Option<T>>
    where
        T: Send + 'static,
        F: FnOnce(&Snapshot) -> Option<T> + Send + 'static,
    {
        let Some(snapshot) = self.session.snapshot(&from_proto::uri(uri)).await else {
            return Ok(None);
        };
        tokio::task::spawn_blocking(move || f(&snapshot))
            .await
            .map_err(|_| Error::internal_error())
    }
}

impl LanguageServer for Backend {
    async fn initialize(&self, params: lsp::InitializeParams) -> Result<lsp::InitializeResult> {
        let config = from_proto::config(&params);
        self.session.set_config(config);
        if let Some(options) = &params.initialization_options {
            self.session.set_settings(from_proto::settings(options));
            self.session
                .set_lint_settings(from_proto::lint_settings(options));
        }
        #[allow(deprecated)] // Reason: `rootUri` is still what older clients send.
        let folders: Vec<std::path::PathBuf> = match (&params.workspace_folders, &params.root_uri) {
            (Some(f), _) => f
                .iter()
                .filter_map(|f| from_proto::path(f.uri.as_str()))
                .collect(),
            (None, Some(root)) => from_proto::path(root.as_str()).into_iter().collect(),
            (None, None) => Vec::new(),
        };
        self.session.set_folders(folders);
        let capabilities = lsp::ServerCapabilities {
            position_encoding: Some(to_proto::encoding(config.encoding)),
            text_document_sync: Some(lsp::TextDocumentSyncCapability::Options(
                lsp::TextDocumentSyncOptions {
                    open_close: Some(true),
                    change: Some(lsp::TextDocumentSyncKind::INCREMENTAL),
                    ..lsp::TextDocumentSyncOptions::default()
                },
            )),
            hover_provider: Some(lsp::HoverProviderCapability::Simple(true)),
            completion_provider: Some(lsp::CompletionOptions {
                trigger_characters: Some(
                    [" ", "-", "@", "("]
                        .iter()
                        .map(|s| (*s).to_owned())
                        .collect(),
                ),
                ..lsp::CompletionOptions::default()
            }),
            definition_provider: Some(lsp::OneOf::Left(true)),
            references_provider: Some(lsp::OneOf::Left(true)),
            document_highlight_provider: Some(lsp::OneOf::Left(true)),
            diagnostic_provider: Some(lsp::DiagnosticServerCapabilities::Options(
                lsp::DiagnosticOptions {
                    identifier: Some("mdip".to_owned()),
                    inter_file_dependencies: false,
                    workspace_diagnostics: false,
                    ..lsp::DiagnosticOptions::default()
                },
            )),
            document_symbol_provider: Some(lsp::OneOf::Left(true)),
            code_action_provider: Some(if config.code_action_literals {
                lsp::CodeActionProviderCapability::Options(lsp::CodeActionOptions {
                    code_action_kinds: Some(vec![
                        lsp::CodeActionKind::QUICKFIX,
                        lsp::CodeActionKind::from(to_proto::FIX_ALL),
                    ]),
                    ..lsp::CodeActionOptions::default()
                })
            } else {
                lsp::CodeActionProviderCapability::Simple(true)
            }),
            document_formatting_provider: Some(lsp::OneOf::Left(true)),
            folding_range_provider: Some(lsp::FoldingRangeProviderCapability::Simple(true)),
            semantic_tokens_provider: Some(
                lsp::SemanticTokensOptions {
                    legend: to_proto::legend(),
                    range: Some(true),
                    full: Some(lsp::SemanticTokensFullOptions::Bool(true)),
                    ..lsp::SemanticTokensOptions::default()
                }
                .into(),
            ),
            inlay_hint_provider: Some(lsp::OneOf::Left(true)),
            execute_command_provider: Some(lsp::ExecuteCommandOptions {
                commands: vec![render::COMMAND.to_owned()],
                ..lsp::ExecuteCommandOptions::default()
            }),
            ..lsp::ServerCapabilities::default()
        };
        Ok(lsp::InitializeResult {
            capabilities,
            server_info: Some(lsp::ServerInfo {
                name: "mdip".to_owned(),
                version: Some(env!("CARGO_PKG_VERSION").to_owned()),
            }),
            offset_encoding: None,
        })
    }

    async fn initialized(&self, _: lsp::InitializedParams) {
        self.client
            .log_message(
                lsp::MessageType::INFO,
                format!(
                    "mdip language server ready (positions in {})",
                    self.session.config().encoding.name()
                ),
            )
            .await;
    }

    async fn shutdown(&self) -> Result<()> {
        Ok(())
    }

    async fn hover(&self, params: lsp::HoverParams) -> Result<Option<lsp::Hover>> {
        let p = params.text_document_position_params;
        let pos = from_proto::pos(p.position);
        self.query(&p.text_document.uri, move |s| {
            let h = ide::hover(s.analysis(), s.text(), s.offset(pos))?;
            Some(to_proto::hover(s, h))
        })
        .await
    }

    async fn completion(
        &self,
        params: lsp::CompletionParams,
    ) -> Result<Option<lsp::CompletionResponse>> {
        let p = params.text_document_position;
        let pos = from_proto::pos(p.position);
        let config = ide::CompletionConfig {
            snippets: self.session.config().snippets,
        };
        self.query(&p.text_document.uri, move |s| {
            let items = ide::completions(s.analysis(), s.text(), s.offset(pos), config);
            Some(to_proto::completion(s, items))
        })
        .await
    }

    async fn goto_definition(
        &self,
        params: lsp::GotoDefinitionParams,
    ) -> Result<Option<lsp::GotoDefinitionResponse>> {
        let p = params.text_document_position_params;
        let pos = from_proto::pos(p.position);
        let uri = p.text_document.uri.clone();
        self.query(&p.text_document.uri, move |s| {
            let nav = ide::definition(s.analysis(), s.offset(pos))?;
            Some(lsp::GotoDefinitionResponse::Scalar(lsp::Location::new(
                uri,
                to_proto::range(s, nav.target),
            )))
        })
        .await
    }

    async fn references(&self, params: lsp::ReferenceParams) -> Result<Option<Vec<lsp::Location>>> {
        let p = params.text_document_position;
        let pos = from_proto::pos(p.position);
        let uri = p.text_document.uri.clone();
        self.query(&p.text_document.uri, move |s| {
            let refs = ide::references(s.analysis(), s.offset(pos));
            Some(to_proto::locations(s, &uri, &refs))
        })
        .await
    }

    async fn document_highlight(
        &self,
        params: lsp::DocumentHighlightParams,
    ) -> Result<Option<Vec<lsp::DocumentHighlight>>> {
        let p = params.text_document_position_params;
        let pos = from_proto::pos(p.position);
        self.query(&p.text_document.uri, move |s| {
            let refs = ide::references(s.analysis(), s.offset(pos));
            Some(to_proto::highlights(s, &refs))
        })
        .await
    }

    async fn diagnostic(
        &self,
        params: lsp::DocumentDiagnosticParams,
    ) -> Result<lsp::DocumentDiagnosticReportResult> {
        let uri = params.text_document.uri.clone();
        let lint = doc_lint(&self.session, uri.as_str()).lint;
        let report = self
            .query(&params.text_document.uri, move |s| {
                Some(to_proto::diagnostic_report(s, &uri, &lint))
            })
            .await?;
        // A document that is not open has nothing to report.
        Ok(report.unwrap_or_else(|| {
            lsp::DocumentDiagnosticReportResult::Report(lsp::DocumentDiagnosticReport::Full(
                lsp::RelatedFullDocumentDiagnosticReport::default(),
            ))
        }))
    }

    async fn did_change_configuration(&self, params: lsp::DidChangeConfigurationParams) {
        self.session
            .set_settings(from_proto::settings(&params.settings));
        self.session
            .set_lint_settings(from_proto::lint_settings(&params.settings));
        // The documents' diagnostics follow the new lint settings.
        self.session.republish();
        // Hints already shown follow the new settings; the client's answer is not awaited
        // here, so a client that never answers holds up nothing.
        if self.session.config().inlay_refresh {
            let client = self.client.clone();
            tokio::spawn(async move {
                let _ = client.inlay_hint_refresh().await;
            });
        }
    }

    /// A configuration file (`mdip.toml`) changed: the documents' diagnostics follow it (the
    /// file is read again when its time or length changed).
    async fn did_change_watched_files(&self, _: lsp::DidChangeWatchedFilesParams) {
        self.session.republish();
    }

    async fn inlay_hint(
        &self,
        params: lsp::InlayHintParams,
    ) -> Result<Option<Vec<lsp::InlayHint>>> {
        let (a, b) = from_proto::range(params.range);
        let settings = self.session.settings();
        self.query(&params.text_document.uri, move |s| {
            let span = mdip_syntax::Span::new(s.offset(a), s.offset(b).max(s.offset(a)));
            let hints = ide::inlay_hints(s.analysis(), span)
                .into_iter()
                .filter(|h| match h.kind {
                    ide::InlayKind::Outcome => settings.inlay_outcomes,
                    ide::InlayKind::Fork => settings.inlay_forks,
                    ide::InlayKind::Victory => settings.inlay_victory,
                })
                .collect();
            Some(to_proto::inlay_hints(s, hints))
        })
        .await
    }

    async fn code_action(
        &self,
        params: lsp::CodeActionParams,
    ) -> Result<Option<lsp::CodeActionResponse>> {
        let (a, b) = from_proto::range(params.range);
        let uri = params.text_document.uri.clone();
        // What the client asks for (`only`): quick fixes, the fix-all source action, or both.
        let wants = |kind: &str| {
            params.context.only.as_ref().is_none_or(|only| {
                only.iter()
                    .any(|k| kind == k.as_str() || kind.starts_with(&format!("{}.", k.as_str())))
            })
        };
        let (quick, all) = (wants("quickfix"), wants(to_proto::FIX_ALL));
        let lint = doc_lint(&self.session, uri.as_str()).lint;
        self.query(&params.text_document.uri, move |s| {
            let mut out = Vec::new();
            if quick {
                // The fixes of the diagnostics as reported (an unused suppression's included).
                let diagnostics = lint.apply(s.text(), &s.analysis().diagnostics);
                let span = mdip_syntax::Span::new(s.offset(a), s.offset(b).max(s.offset(a)));
                let actions = ide::code_actions_of(s.analysis(), &diagnostics, span);
                out = to_proto::code_actions(s, &uri, actions, &diagnostics);
            }
            if all {
                out.extend(to_proto::fix_all(s, &uri, &lint));
            }
            Some(out)
        })
        .await
    }

    async fn document_symbol(
        &self,
        params: lsp::DocumentSymbolParams,
    ) -> Result<Option<lsp::DocumentSymbolResponse>> {
        self.query(&params.text_document.uri, |s| {
            let symbols = ide::document_symbols(s.analysis());
            Some(lsp::DocumentSymbolResponse::Nested(to_proto::symbols(
                s, symbols,
            )))
        })
        .await
    }

    async fn folding_range(
        &self,
        params: lsp::FoldingRangeParams,
    ) -> Result<Option<Vec<lsp::FoldingRange>>> {
        self.query(&params.text_document.uri, |s| {
            Some(to_proto::folding_ranges(ide::folding_ranges(s.analysis())))
        })
        .await
    }

    async fn semantic_tokens_full(
        &self,
        params: lsp::SemanticTokensParams,
    ) -> Result<Option<lsp::SemanticTokensResult>> {
        self.query(&params.text_document.uri, |s| {
            let highlights = ide::highlights(s.analysis(), s.text());
            Some(to_proto::semantic_tokens(s, &highlights).into())
        })
        .await
    }

    async fn semantic_tokens_range(
        &self,
        params: lsp::SemanticTokensRangeParams,
    ) -> Result<Option<lsp::SemanticTokensRangeResult>> {
        let (a, b) = from_proto::range(params.range);
        self.query(&params.text_document.uri, move |s| {
            let (start, end) = (s.offset(a), s.offset(b));
            let highlights: Vec<_> = ide::highlights(s.analysis(), s.text())
                .into_iter()
                .filter(|h| h.span.end >= start && h.span.start <= end)
                .collect();
            Some(to_proto::semantic_tokens(s, &highlights).into())
        })
        .await
    }

    /// `mdip.render`: the document's picture as an SVG string (see [`render`]).
    async fn execute_command(
        &self,
        params: lsp::ExecuteCommandParams,
    ) -> Result<Option<lsp::LSPAny>> {
        if params.command != render::COMMAND {
            return Err(Error::invalid_params(format!(
                "unknown command `{}`",
                params.command
            )));
        }
        let (uri, subject) = render::arguments(&params.arguments).map_err(Error::invalid_params)?;
        let png = render::wants_png(&params.arguments).map_err(Error::invalid_params)?;
        let Some(snapshot) = self.session.snapshot(&uri).await else {
            return Err(Error::invalid_params(format!(
                "mdip.render: {uri} is not open"
            )));
        };
        let svg = tokio::task::spawn_blocking(move || {
            let svg = render::render(&uri, &snapshot, subject)?;
            if png {
                render::png_data_url(&svg)
            } else {
                Ok(svg)
            }
        })
        .await
        .map_err(|_| Error::internal_error())?
        .map_err(Error::invalid_params)?;
        Ok(Some(lsp::LSPAny::String(svg)))
    }

    async fn formatting(
        &self,
        params: lsp::DocumentFormattingParams,
    ) -> Result<Option<Vec<lsp::TextEdit>>> {
        let lint = doc_lint(&self.session, params.text_document.uri.as_str()).lint;
        let maps = self.session.map_folders(params.text_document.uri.as_str());
        self.query(&params.text_document.uri, move |s| {
            // A formatter that would change meaning refuses; the client gets no edits. The
            // snapshot's analysis is of the current text unless comments were edited since
            // (then the text is analysed again, under the document's rule set).
            let edits = if s.remap.is_identity() {
                ide::format_analysed(s.text(), s.analysis()).ok()?
            } else {
                let text = s.current_text();
                let analysis = mdip_analysis::analyze_for_with(&text, &lint, &maps);
                ide::format_analysed(&text, &analysis).ok()?
            };
            Some(to_proto::current_text_edits(s, &edits))
        })
        .await
    }
}
