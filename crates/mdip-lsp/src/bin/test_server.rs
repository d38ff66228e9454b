//! A bare `mdip lsp` for the tests of this crate: integration tests can find it with
//! `env!("CARGO_BIN_EXE_mdip-lsp-test-server")`, which they cannot do for the `mdip` binary of
//! another crate.

fn main() -> std::io::Result<()> {
    mdip_lsp::run_stdio()
}
