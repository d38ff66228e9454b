//! Memory running out ends `mdip` with an error message and exit code 2, never an abort.
//!
//! Rust ends a process whose allocation fails with SIGABRT (stable Rust has no hook to turn it
//! into an error, and the workspace forbids the `unsafe` a failing allocator would need). So the
//! commands that read files (`check`, `import`, `export`, `render`) run in a child process of
//! the same binary, with the same arguments and standard streams; this process only waits for
//! it and passes its exit code on. When the child is ended by a signal instead (SIGABRT after
//! "memory allocation of N bytes failed", SIGKILL from the system's out-of-memory killer),
//! the message says so and the exit code is 2. The child's output was streamed as it was made:
//! what it wrote stands (output files are only renamed into place when complete).
//!
//! `MDIP_IN_PROCESS=1` runs the command in this process (the child gets it; benchmarks that
//! read the process's own memory figures set it too).

use std::process::{Command, ExitCode};

/// The variable that marks the child, and runs a command in process.
const IN_PROCESS: &str = "MDIP_IN_PROCESS";

/// Runs the command in a child process and returns its exit code, or `None` when it must run
/// here (in the child, or when the binary cannot be started again).
pub fn in_child(command: &str) -> Option<ExitCode> {
    if std::env::var_os(IN_PROCESS).is_some_and(|v| v == "1") {
        return None;
    }
    let exe = std::env::current_exe().ok()?;
    let status = Command::new(exe)
        .args(std::env::args_os().skip(1))
        .env(IN_PROCESS, "1")
        .status()
        .ok()?;
    if let Some(code) = status.code() {
        return Some(ExitCode::from(u8::try_from(code).unwrap_or(2)));
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        let why = match status.signal() {
            Some(6) => "it ran out of memory (the system refused an allocation)".to_owned(),
            Some(9) => "it was killed (the system may have run out of memory)".to_owned(),
            Some(s) => format!("it was ended by signal {s}"),
            None => "it ended abnormally".to_owned(),
        };
        eprintln!(
            "mdip {command}: stopped: {why}; what was written before stands, the rest is missing"
        );
    }
    Some(ExitCode::from(2))
}
