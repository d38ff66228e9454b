//! End to end with a real Neovim: `tests/nvim/lsp_e2e.lua` starts the server binary on a
//! sample file and checks a diagnostic, a hover, a completion item, and that an edit clears the
//! diagnostic. Skipped (with a message) when `nvim` is not installed.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// `name` on `PATH`.
fn which(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

#[test]
fn neovim_end_to_end() {
    let Some(nvim) = which("nvim") else {
        println!("skipped: nvim is not installed (apt-get install -y neovim)");
        return;
    };
    let server = env!("CARGO_BIN_EXE_mdip-lsp-test-server");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/nvim/lsp_e2e.lua");
    let work = std::env::temp_dir().join(format!("mdip-lsp-nvim-{}", std::process::id()));
    std::fs::create_dir_all(&work).unwrap();
    let mut cmd = match which("timeout") {
        Some(timeout) => {
            let mut c = Command::new(timeout);
            c.arg("120").arg(&nvim);
            c
        }
        None => Command::new(&nvim),
    };
    cmd.args(["--headless", "-n", "-i", "NONE", "-u", "NONE", "-c"])
        .arg(format!("luafile {script}"))
        .env("MDIP", server)
        .env("MDIP_E2E_DIR", work.join("sample"))
        // Keep the user's configuration, state and logs out of the test.
        .env("XDG_CONFIG_HOME", work.join("config"))
        .env("XDG_DATA_HOME", work.join("data"))
        .env("XDG_STATE_HOME", work.join("state"))
        .env("XDG_CACHE_HOME", work.join("cache"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("start nvim");
    // Our own deadline too, in case `timeout` is missing.
    let deadline = Instant::now() + Duration::from_secs(150);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    println!("{stdout}");
    let _ = std::fs::remove_dir_all(&work);
    assert!(
        output.status.success() && stdout.contains("all ok"),
        "nvim e2e failed ({}):\n{stdout}\n{stderr}",
        output.status
    );
}
