//! A document's analysis worker: the loop that analyses the newest text (or reuses the
//! previous analysis for comment edits) and publishes it, on the document's analysis thread
//! (`Analyst`). The module docs of `session.rs` say how it stays responsive.

use std::sync::{Arc, PoisonError};

use mdip_analysis::config::Lint;
use ropey::Rope;
use tokio::sync::mpsc;

use crate::document::Remap;
use crate::encoding::Encoding;

use super::*;

/// What the worker does next.
enum Job {
    /// The newest snapshot is current.
    Wait,
    /// Only comment edits since the analysis of the previous snapshot: reuse it.
    Reuse(Snapshot),
    /// Analyse this text.
    Analyse {
        text: String,
        rope: Rope,
        version: i32,
        seq: u64,
        /// The previous analysis and the first line changed since, to resume from.
        resume: Option<(Arc<Base>, usize)>,
        /// The settings to analyse under.
        lint: Lint,
    },
}

/// The thread a document's analyses run on, and where the analyses it replaces are freed.
///
/// One thread, not tokio's blocking pool: mimalloc keeps a heap per thread, and memory freed
/// by another thread goes back to the allocating thread's heap only when that thread next
/// allocates. With analyses made on one pool thread and freed on another, a large file's
/// analyses left their memory idle on threads that were not analysing (the 10 MB game of the
/// goals bench grew to 1.1 GB over four edits); made and freed on one thread, each analysis
/// reuses the memory of the one before.
///
/// Values still held elsewhere when they are replaced (a snapshot a request is reading) are
/// freed by their last holder, as before. If the thread cannot be started, the analyses run on
/// tokio's blocking pool.
struct Analyst {
    /// `None`: no thread of its own (it could not be started).
    jobs: Option<std::sync::mpsc::Sender<Box<dyn FnOnce() + Send>>>,
}

impl Analyst {
    fn start() -> Analyst {
        let (jobs, rx) = std::sync::mpsc::channel::<Box<dyn FnOnce() + Send>>();
        let thread = std::thread::Builder::new()
            .name("mdip-analysis".into())
            .spawn(move || {
                for job in rx {
                    job();
                }
            });
        if let Err(e) = &thread {
            eprintln!("mdip lsp: no thread for a document's analyses ({e}); using the pool");
        }
        Analyst {
            jobs: thread.ok().map(|_| jobs),
        }
    }

    /// Runs `f` on the thread; `None` if it panicked (it should never).
    async fn run<T: Send + 'static>(&self, f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
        let Some(jobs) = &self.jobs else {
            return tokio::task::spawn_blocking(f).await.ok();
        };
        let (tx, rx) = tokio::sync::oneshot::channel();
        let job = move || {
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
            let _ = tx.send(result.ok());
        };
        jobs.send(Box::new(job)).ok()?;
        rx.await.ok().flatten()
    }

    /// Frees `value` on the thread, after the jobs before it (freeing the analysis of a large
    /// file takes a while: not on the async runtime).
    fn free<T: Send + 'static>(&self, value: T) {
        match &self.jobs {
            Some(jobs) => {
                let _ = jobs.send(Box::new(move || drop(value)));
            }
            None => drop(tokio::task::spawn_blocking(move || drop(value))),
        }
    }
}

/// The analysis loop of one document; ends when the document is closed.
pub(super) async fn worker(
    handle: Arc<DocHandle>,
    uri: String,
    events: mpsc::UnboundedSender<Event>,
    encoding: Encoding,
    maps: crate::maps::Folders,
) {
    let mut edits = handle.edits.subscribe();
    let mut last: Option<Arc<Snapshot>> = None;
    let analyst = Analyst::start();
    loop {
        edits.borrow_and_update();
        let job = {
            let mut state = handle.lock();
            if state.closed {
                return;
            }
            let doc = &mut state.doc;
            let lint = handle
                .lint
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .clone();
            // Analyses under another rule set are of no use.
            let last = last.as_ref().filter(|l| l.base.lint.same_rules(&lint));
            match (last, doc.remap) {
                (Some(l), _) if l.seq == doc.seq => Job::Wait,
                (Some(l), Some(remap)) if l.base.seq == doc.base_seq => Job::Reuse(Snapshot {
                    version: doc.version,
                    seq: doc.seq,
                    rope: doc.rope.clone(),
                    base: l.base.clone(),
                    remap,
                    encoding,
                }),
                _ => {
                    // Resume from the last analysis when it was of the text the edits since
                    // started from.
                    let resume = match (last, doc.first_changed_line) {
                        (Some(l), Some(line)) if l.base.seq == doc.base_seq => {
                            Some((l.base.clone(), line))
                        }
                        _ => None,
                    };
                    doc.mark_analysed();
                    Job::Analyse {
                        text: doc.text(),
                        rope: doc.rope.clone(),
                        version: doc.version,
                        seq: doc.seq,
                        resume,
                        lint,
                    }
                }
            }
        };
        let snapshot = match job {
            Job::Wait => {
                if edits.changed().await.is_err() {
                    return;
                }
                continue;
            }
            Job::Reuse(s) => s,
            Job::Analyse {
                text,
                rope,
                version,
                seq,
                resume,
                lint,
            } => {
                let maps = maps.clone();
                let analysed = analyst
                    .run(move || {
                        let analysis = match resume {
                            Some((base, line)) => mdip_analysis::analyze_incremental_with(
                                &text,
                                &base.analysis,
                                line,
                                &maps,
                            ),
                            None => mdip_analysis::analyze_for_with(&text, &lint, &maps),
                        };
                        Base {
                            text,
                            analysis,
                            seq,
                            lint,
                        }
                    })
                    .await;
                let Some(base) = analysed else {
                    // The analysis panicked (it should never): wait for the next edit.
                    if edits.changed().await.is_err() {
                        return;
                    }
                    continue;
                };
                Snapshot {
                    version,
                    seq,
                    rope,
                    base: Arc::new(base),
                    remap: Remap::default(),
                    encoding,
                }
            }
        };
        let snapshot = Arc::new(snapshot);
        let old = handle.results.send_replace(Some(snapshot.clone()));
        let old_last = last.replace(snapshot.clone());
        analyst.free((old, old_last));
        let state = handle.lock();
        if state.closed {
            return;
        }
        if state.doc.seq == snapshot.seq {
            let _ = events.send(Event::Publish {
                uri: uri.clone(),
                snapshot,
            });
        }
    }
}
