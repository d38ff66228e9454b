//! The server's state, without the protocol: the open documents, one analysis worker per
//! document, and the snapshots requests read.
//!
//! # Responsiveness
//!
//! - Edits are applied to the document's rope as they arrive, in order, under the document's
//!   mutex (see `lsp::ordered` for how arrival order is kept). Applying an edit is cheap; the
//!   analysis is not, so it runs on a worker.
//! - Each open document has one worker task. It wakes when the document changes, takes the
//!   current text and analyses it on the document's analysis thread (`Analyst`). Edits made
//!   while it runs are not lost and not queued one by one: when it finishes it looks again and
//!   analyses the newest text, so a burst of edits costs at most one analysis in flight plus one
//!   more. Diagnostics are published only for the newest version; stale results are kept for
//!   requests but never published.
//! - Reuse: an edit inside a `#` comment changes no meaning, so the worker does not analyse
//!   again; the new snapshot shares the previous analysis and shifts its offsets
//!   ([`Remap`]). Other edits call [`mdip_analysis::analyze_incremental`], which resumes from
//!   the previous analysis' last checkpoint before the first changed line, so the steps above
//!   the edit are not adjudicated again; with no previous analysis the worker calls
//!   [`mdip_analysis::analyze`].
//! - Requests wait (up to [`WAIT`]) for the snapshot of the version they were made against, so
//!   answers never mix positions of two versions; after the wait they use the newest one.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use std::path::{Path, PathBuf};

use mdip_analysis::config::{Extra, Lint};
use mdip_analysis::Analysis;
use mdip_syntax::Span;
use ropey::Rope;
use tokio::sync::{mpsc, watch};

use crate::config_files::{Discovery, LoadError};
use crate::document::{Document, Remap, TextChange};
use crate::encoding::{to_offset, to_pos, Encoding, Pos};

/// How long a request waits for the analysis of the current version.
pub const WAIT: Duration = Duration::from_secs(5);

/// What the client can do, as negotiated at initialization.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Config {
    /// The position encoding.
    pub encoding: Encoding,
    /// Whether completion items may be snippets.
    pub snippets: bool,
    /// Whether code actions may be returned as literals (`CodeAction`, not `Command`).
    pub code_action_literals: bool,
    /// Whether the client pulls diagnostics (`textDocument/diagnostic`); it then gets none
    /// pushed, so that it does not show them twice.
    pub pull_diagnostics: bool,
    /// Whether the client takes `workspace/inlayHint/refresh` (sent when the settings change).
    pub inlay_refresh: bool,
}

/// What the user chose: the `mdip` section of the client's settings, from
/// `initializationOptions` and `workspace/didChangeConfiguration` (documented in
/// `editors/README.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// `mdip.inlayHints.outcomes`: the outcome after each adjudicated order.
    pub inlay_outcomes: bool,
    /// `mdip.inlayHints.forks`: the timelines forked from a season, after its header.
    pub inlay_forks: bool,
    /// `mdip.inlayHints.victory`: a power's supply centres against the count a win needs,
    /// after its last header.
    pub inlay_victory: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            inlay_outcomes: true,
            inlay_forks: true,
            inlay_victory: true,
        }
    }
}

/// The editor's say in which diagnostics are reported: `mdip.configuration` (a file used for
/// every document, as `mdip check --config`) and `mdip.lint.*` (applied after the file's
/// settings), from the same settings object as [`Settings`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LintSettings {
    /// `mdip.configuration`: a configuration file (relative paths from the first workspace
    /// folder) instead of the `mdip.toml` found from each document upward.
    pub configuration: Option<String>,
    /// `mdip.lint.select`, `extendSelect`, `ignore`, `warningsAsErrors`.
    pub extra: Extra,
}

/// The settings of one document, and what was wrong finding them.
#[derive(Debug, Default)]
pub struct DocLint {
    /// The settings.
    pub lint: Lint,
    /// The configuration file whose errors left the document with the default settings.
    pub error: Option<Arc<LoadError>>,
    /// The configuration file used, if any.
    pub file: Option<PathBuf>,
    /// Codes of the editor's settings that are not codes.
    pub editor_errors: Vec<String>,
}

/// A message from the workers to the protocol layer.
#[derive(Debug)]
pub enum Event {
    /// New diagnostics for the newest version of a document.
    Publish {
        /// The document.
        uri: String,
        /// The analysis.
        snapshot: Arc<Snapshot>,
    },
    /// The document was closed: clear its diagnostics.
    Clear {
        /// The document.
        uri: String,
    },
}

/// An analysed text: what a worker produced with [`mdip_analysis::analyze`].
#[derive(Debug)]
pub struct Base {
    /// The text analysed.
    pub text: String,
    /// Its analysis.
    pub analysis: Analysis,
    /// The document's `seq` when the text was taken.
    pub seq: u64,
    /// The settings it was analysed under (their rule set; see [`Lint::rules`]).
    pub lint: Lint,
}

/// A document version with its analysis, possibly shared with an earlier version that differs
/// only inside a comment.
#[derive(Debug)]
pub struct Snapshot {
    /// The client's version.
    pub version: i32,
    /// Our edit counter.
    pub seq: u64,
    /// The text of this version.
    pub rope: Rope,
    /// The analysis, of this text or of one that differs only inside a comment.
    pub base: Arc<Base>,
    /// How offsets of the base text map into this version's text.
    pub remap: Remap,
    /// The position encoding.
    pub encoding: Encoding,
}

impl Snapshot {
    /// The analysis.
    pub fn analysis(&self) -> &Analysis {
        &self.base.analysis
    }

    /// The text the analysis was made of; offsets given to and returned by the analysis are
    /// offsets into it.
    pub fn text(&self) -> &str {
        &self.base.text
    }

    /// The text of this version (allocates when it differs from the base).
    pub fn current_text(&self) -> std::borrow::Cow<'_, str> {
        if self.remap.is_identity() {
            std::borrow::Cow::Borrowed(&self.base.text)
        } else {
            std::borrow::Cow::Owned(self.rope.to_string())
        }
    }

    /// A client position as an offset into the analysed text.
    pub fn offset(&self, pos: Pos) -> u32 {
        let current = to_offset(&self.rope, pos, self.encoding);
        u32::try_from(self.remap.to_base(current)).unwrap_or(u32::MAX)
    }

    /// An offset into the analysed text as a client position.
    pub fn pos(&self, offset: u32) -> Pos {
        to_pos(
            &self.rope,
            self.remap.to_current(offset as usize),
            self.encoding,
        )
    }

    /// A span of the analysed text as a client range.
    pub fn range(&self, span: Span) -> (Pos, Pos) {
        (self.pos(span.start), self.pos(span.end))
    }

    /// An offset into this version's text as a client position (for results computed on the
    /// current text, such as formatting).
    pub fn current_pos(&self, offset: usize) -> Pos {
        to_pos(&self.rope, offset, self.encoding)
    }
}

/// The mutable part of an open document.
#[derive(Debug)]
struct DocState {
    doc: Document,
    closed: bool,
}

/// An open document and the channels of its worker.
#[derive(Debug)]
struct DocHandle {
    state: Mutex<DocState>,
    /// Bumped on every change, to wake the worker.
    edits: watch::Sender<u64>,
    /// The newest snapshot.
    results: watch::Sender<Option<Arc<Snapshot>>>,
    /// The document's settings, whose rule set its analyses play under.
    lint: Mutex<Lint>,
}

impl DocHandle {
    fn lock(&self) -> MutexGuard<'_, DocState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// All open documents.
#[derive(Debug)]
pub struct Session {
    config: Mutex<Config>,
    settings: Mutex<Settings>,
    lint_settings: Mutex<LintSettings>,
    /// The workspace folders, for documents that are not files.
    folders: Mutex<Vec<PathBuf>>,
    discovery: Discovery,
    /// A document's path from its name (a `file:` URI), set by the protocol layer.
    paths: fn(&str) -> Option<PathBuf>,
    initialized: std::sync::atomic::AtomicBool,
    /// The client asked to shut down: no more edits are applied.
    shut_down: std::sync::atomic::AtomicBool,
    docs: Mutex<HashMap<String, Arc<DocHandle>>>,
    events: mpsc::UnboundedSender<Event>,
}

/// A session that ends (the server is done) closes its documents, so that their workers end:
/// each holds its document and a sender to the publisher, and would wait for edits forever.
impl Drop for Session {
    fn drop(&mut self) {
        let docs =
            std::mem::take(&mut *self.docs.get_mut().unwrap_or_else(PoisonError::into_inner));
        for handle in docs.into_values() {
            handle.lock().closed = true;
            handle.edits.send_modify(|n| *n += 1);
        }
    }
}

impl Session {
    /// A session whose workers report to `events`.
    pub fn new(events: mpsc::UnboundedSender<Event>) -> Session {
        Session {
            config: Mutex::new(Config::default()),
            settings: Mutex::new(Settings::default()),
            lint_settings: Mutex::new(LintSettings::default()),
            folders: Mutex::new(Vec::new()),
            discovery: Discovery::default(),
            paths: |_| None,
            initialized: std::sync::atomic::AtomicBool::new(false),
            shut_down: std::sync::atomic::AtomicBool::new(false),
            docs: Mutex::new(HashMap::new()),
            events,
        }
    }

    /// The session with `paths` telling documents' paths from their names.
    pub fn with_paths(mut self, paths: fn(&str) -> Option<PathBuf>) -> Session {
        self.paths = paths;
        self
    }

    /// The reader of the variant folders the document named `uri` may name (`@map "path"`),
    /// relative to its file's folder.
    pub fn map_folders(&self, uri: &str) -> crate::maps::Folders {
        crate::maps::Folders {
            base: (self.paths)(uri).and_then(|p| p.parent().map(std::path::Path::to_path_buf)),
        }
    }

    /// The settings of the document named `uri` (see [`Session::lint_for`]).
    pub fn lint_for_uri(&self, uri: &str) -> DocLint {
        self.lint_for((self.paths)(uri).as_deref())
    }

    /// The negotiated configuration.
    pub fn config(&self) -> Config {
        *self.config.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Sets the negotiated configuration (at initialization); documents can be opened from
    /// then on.
    pub fn set_config(&self, config: Config) {
        *self.config.lock().unwrap_or_else(PoisonError::into_inner) = config;
        self.initialized
            .store(true, std::sync::atomic::Ordering::SeqCst);
    }

    /// The user's settings.
    pub fn settings(&self) -> Settings {
        *self.settings.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Replaces the user's settings.
    pub fn set_settings(&self, settings: Settings) {
        *self.settings.lock().unwrap_or_else(PoisonError::into_inner) = settings;
    }

    /// Replaces the editor's lint settings.
    pub fn set_lint_settings(&self, settings: LintSettings) {
        *self
            .lint_settings
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = settings;
    }

    /// Sets the workspace folders.
    pub fn set_folders(&self, folders: Vec<PathBuf>) {
        *self.folders.lock().unwrap_or_else(PoisonError::into_inner) = folders;
    }

    /// The settings of the document at `path` (`None`: not a file; the first workspace
    /// folder's configuration applies): `mdip.configuration` if set, else the nearest
    /// `mdip.toml` above it; then the editor's `mdip.lint.*`. A configuration file with
    /// errors leaves the default settings, and is named.
    pub fn lint_for(&self, path: Option<&Path>) -> DocLint {
        let settings = self
            .lint_settings
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        let first_folder = self
            .folders
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .first()
            .cloned();
        let lookup = match (&settings.configuration, path, &first_folder) {
            (Some(c), _, _) => {
                let c = Path::new(c);
                let file = match &first_folder {
                    Some(f) if c.is_relative() => f.join(c),
                    _ => c.to_path_buf(),
                };
                Some(self.discovery.read(&file))
            }
            (None, Some(p), _) => Some(self.discovery.for_file(p)),
            (None, None, Some(f)) => Some(self.discovery.for_dir(f)),
            (None, None, None) => None,
        };
        let mut out = DocLint::default();
        match lookup {
            None | Some(Ok(None)) => {}
            Some(Ok(Some(found))) => {
                out.lint = match path {
                    Some(p) => found.lint_for(p),
                    None => found.config.lint_for(""),
                };
                out.file = Some(found.path.clone());
            }
            Some(Err(e)) => {
                out.file = Some(e.path.clone());
                out.error = Some(e);
            }
        }
        let (lint, errors) = std::mem::take(&mut out.lint).with_extra(&settings.extra);
        out.lint = lint;
        out.editor_errors = errors;
        out
    }

    /// Publishes every open document's newest analysis again (the settings changed); a
    /// document whose rule set changed is analysed again first.
    pub fn republish(&self) {
        let docs: Vec<(String, Arc<DocHandle>)> = self
            .docs()
            .iter()
            .map(|(u, h)| (u.clone(), h.clone()))
            .collect();
        for (uri, handle) in docs {
            let lint = self.lint_for_uri(&uri).lint;
            let rules_changed = {
                let mut old = handle.lint.lock().unwrap_or_else(PoisonError::into_inner);
                let changed = !old.same_rules(&lint);
                *old = lint;
                changed
            };
            if rules_changed {
                // The worker analyses again and publishes.
                handle.edits.send_modify(|n| *n += 1);
                continue;
            }
            let snapshot = handle.results.borrow().clone();
            if let Some(snapshot) = snapshot {
                let _ = self.events.send(Event::Publish { uri, snapshot });
            }
        }
    }

    /// Whether the client initialized the session.
    pub fn is_initialized(&self) -> bool {
        self.initialized.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Records that the client sent `shutdown`: from then on documents are no longer changed.
    pub fn set_shut_down(&self) {
        self.shut_down
            .store(true, std::sync::atomic::Ordering::SeqCst);
    }

    /// Whether the client sent `shutdown`.
    pub fn is_shut_down(&self) -> bool {
        self.shut_down.load(std::sync::atomic::Ordering::SeqCst)
    }

    fn docs(&self) -> MutexGuard<'_, HashMap<String, Arc<DocHandle>>> {
        self.docs.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn handle(&self, uri: &str) -> Option<Arc<DocHandle>> {
        self.docs().get(uri).cloned()
    }

    /// Opens a document (replacing one open under the same name) and starts its worker. Must be
    /// called inside a tokio runtime.
    pub fn open(&self, uri: String, text: &str, version: i32) {
        let (edits, _) = watch::channel(0);
        let (results, _) = watch::channel(None);
        let handle = Arc::new(DocHandle {
            state: Mutex::new(DocState {
                doc: Document::new(text, version),
                closed: false,
            }),
            edits,
            results,
            lint: Mutex::new(self.lint_for_uri(&uri).lint),
        });
        if let Some(old) = self.docs().insert(uri.clone(), handle.clone()) {
            old.lock().closed = true;
            old.edits.send_modify(|n| *n += 1);
        }
        let encoding = self.config().encoding;
        let maps = self.map_folders(&uri);
        tokio::spawn(worker(handle, uri, self.events.clone(), encoding, maps));
    }

    /// Applies the changes of a `didChange`; unknown documents are ignored.
    pub fn change(&self, uri: &str, changes: &[TextChange], version: i32) {
        let Some(handle) = self.handle(uri) else {
            return;
        };
        let encoding = self.config().encoding;
        handle.lock().doc.apply(changes, version, encoding);
        handle.edits.send_modify(|n| *n += 1);
    }

    /// Closes a document: stops its worker and clears its diagnostics.
    pub fn close(&self, uri: &str) {
        let Some(handle) = self.docs().remove(uri) else {
            return;
        };
        let mut state = handle.lock();
        state.closed = true;
        // Sent under the lock, so that no publication of the worker can follow it.
        let _ = self.events.send(Event::Clear {
            uri: uri.to_owned(),
        });
        drop(state);
        handle.edits.send_modify(|n| *n += 1);
    }

    /// The snapshot of the document's current version, waiting for its analysis up to
    /// [`WAIT`]; after that, the newest snapshot there is (`None` if none yet, or if the
    /// document is not open).
    pub async fn snapshot(&self, uri: &str) -> Option<Arc<Snapshot>> {
        let handle = self.handle(uri)?;
        let want = handle.lock().doc.seq;
        let mut rx = handle.results.subscribe();
        let fresh = tokio::time::timeout(
            WAIT,
            rx.wait_for(|s| s.as_ref().is_some_and(|s| s.seq >= want)),
        )
        .await;
        if let Ok(Ok(s)) = fresh {
            return s.clone();
        }
        let latest = handle.results.borrow().clone();
        latest
    }
}

mod worker;
use worker::worker;
