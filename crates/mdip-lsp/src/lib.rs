//! The mdip language server: `mdip lsp` over standard input and output.
//!
//! Layout (dependencies point down):
//!
//! - `lsp` (private): the only code that knows tower-lsp-server and the
//!   protocol types. `lsp::from_proto` and `lsp::to_proto` convert; `lsp::ordered` keeps
//!   document edits in arrival order; `lsp::transport` answers malformed messages instead of
//!   letting them end the session; `lsp::Backend` answers requests by calling the analysis
//!   core's `mdip_analysis::ide` queries.
//! - [`session`]: open documents, one analysis worker per document, snapshots; no protocol.
//! - [`document`]: a document's rope and edits, and the [`document::Remap`] that lets an edit
//!   inside a comment reuse the previous analysis.
//! - [`config_files`]: finding and reading `mdip.toml` (shared with `mdip check` and
//!   `mdip fmt`); the settings themselves are `mdip_analysis::config`, which does no IO.
//! - [`encoding`]: client positions (UTF-8 or UTF-16 columns) to byte offsets and back.
//!
//! Invariants: the analysis core never sees a protocol type or a UTF-16 column; every offset
//! the server gives the core is a character boundary of the text the analysis was made of;
//! document edits are applied in the order the client sent them.
//!
//! Reuse of earlier results: an edit inside a `#` comment does not analyse again (the offsets
//! of the previous analysis are shifted). Other edits analyse again from the last checkpoint
//! of the previous analysis before the first edited line (`mdip_analysis::analyze_incremental`),
//! so the steps above an edit are not adjudicated again.

pub mod config_files;
pub mod document;
pub mod encoding;
mod lsp;
pub mod maps;
pub mod session;

pub use lsp::serve;

/// Runs the server on standard input and output until the client exits. Returns whether the
/// client asked to `shutdown` before it exited or closed the input: the process should then
/// exit with 0, else with 1 (as the protocol says of `exit`).
///
/// # Errors
///
/// Fails only when the async runtime cannot be started.
pub fn run_stdio() -> std::io::Result<bool> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let clean = runtime.block_on(serve(tokio::io::stdin(), tokio::io::stdout()));
    // Reading standard input blocks a thread that cannot be cancelled: do not wait for it.
    runtime.shutdown_background();
    Ok(clean)
}
