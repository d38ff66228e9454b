//! What the tests of `mdip check` share: the repository root and running the built binary.

#![allow(dead_code)] // Reason: each test file uses a part.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The repository root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// What one run of the binary produced.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `mdip` with `args` in `dir`, feeding `stdin` to it.
pub fn run_in(dir: &Path, args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mdip"))
        .args(args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the mdip binary starts");
    {
        let mut input = child.stdin.take().expect("stdin is piped");
        // The binary may exit before reading: a broken pipe is not an error here.
        let _ = input.write_all(stdin.as_bytes());
    }
    Run::from(child.wait_with_output().expect("the mdip binary finishes"))
}

impl From<std::process::Output> for Run {
    fn from(out: std::process::Output) -> Run {
        Run {
            code: out
                .status
                .code()
                .expect("the mdip binary exits with a code"),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }
}

/// Runs `mdip` with `args` at the repository root.
pub fn run(args: &[&str]) -> Run {
    run_in(&root(), args, "")
}

/// Runs `mdip` at the repository root with extra environment variables.
pub fn run_env(args: &[&str], env: &[(&str, &str)]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_mdip"))
        .args(args)
        .current_dir(root())
        .env_remove("NO_COLOR")
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .output()
        .expect("the mdip binary runs");
    Run::from(out)
}
