//! The `mdip` binary: everything is in the library (`src/lib.rs`).

use std::process::ExitCode;

/// mimalloc instead of the system allocator: the analysis allocates many small values, and
/// glibc's allocator took about a fifth of `mdip check`'s time in profiles of the standard
/// workload (malloc, free and consolidation), and grows per-thread arenas in the server.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    mdip_cli::main()
}
