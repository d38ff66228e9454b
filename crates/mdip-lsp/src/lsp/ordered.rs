//! Keeps document edits in the order the client sent them.
//!
//! tower-lsp-server runs handlers concurrently (up to four futures at a time, polled in no
//! fixed order), so two `didChange` notifications handled by `LanguageServer::did_change` could
//! be applied out of order. The transport does call `Service::call` once per message, in
//! arrival order, on its reader task. [`Ordered`] wraps the service and applies `didOpen`,
//! `didChange` and `didClose` right there, synchronously: the edit is a cheap rope operation,
//! and the analysis it triggers runs on the document's worker. Every other message goes to the
//! wrapped service unchanged.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use tower::Service;
use tower_lsp_server::jsonrpc::{Request, Response};

use super::from_proto::{self, DocEvent};
use crate::session::Session;

/// The wrapping service.
#[derive(Debug)]
pub struct Ordered<S> {
    inner: S,
    session: Arc<Session>,
}

impl<S> Ordered<S> {
    /// Wraps `inner`; document notifications go to `session`.
    pub fn new(inner: S, session: Arc<Session>) -> Ordered<S> {
        Ordered { inner, session }
    }
}

type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send>>;

impl<S> Service<Request> for Ordered<S>
where
    S: Service<Request, Response = Option<Response>>,
    S::Future: Send + 'static,
    S::Error: Send + 'static,
{
    type Response = Option<Response>;
    type Error = S::Error;
    type Future = BoxFuture<Result<Option<Response>, S::Error>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request) -> Self::Future {
        let is_doc = matches!(
            req.method(),
            "textDocument/didOpen" | "textDocument/didChange" | "textDocument/didClose"
        );
        if req.method() == "shutdown" && req.id().is_some() {
            self.session.set_shut_down();
        }
        if is_doc && req.id().is_none() {
            // Before `initialize` and after `shutdown` the protocol drops notifications; so do
            // we.
            if self.session.is_initialized() && !self.session.is_shut_down() {
                match from_proto::doc_event(&req) {
                    Some(DocEvent::Open { uri, text, version }) => {
                        self.session.open(uri, &text, version);
                    }
                    Some(DocEvent::Change {
                        uri,
                        version,
                        changes,
                    }) => self.session.change(&uri, &changes, version),
                    Some(DocEvent::Close { uri }) => self.session.close(&uri),
                    None => {} // Malformed parameters: a notification gets no answer.
                }
            }
            return Box::pin(std::future::ready(Ok(None)));
        }
        Box::pin(self.inner.call(req))
    }
}
