//! A bare `mdip lsp` for the tests of this crate: integration tests can find it with
//! `env!("CARGO_BIN_EXE_mdip-lsp-test-server")`, which they cannot do for the `mdip` binary of
//! another crate. Exit codes as `mdip lsp`: 0 after `shutdown` then `exit`, 1 without
//! `shutdown`, 2 when the server cannot start.

use std::process::ExitCode;

fn main() -> ExitCode {
    match mdip_lsp::run_stdio() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("mdip-lsp-test-server: {e}");
            ExitCode::from(2)
        }
    }
}
