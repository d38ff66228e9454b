//! `mdip check` on hostile files and folders and on outputs that fail: only regular files are
//! read, every problem names its path and the other files are still checked, a size limit, and
//! write errors reported with exit code 2 (never a panic).

#![cfg(unix)]

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What one run of the binary produced.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs `mdip` in `dir` with `stdin` and standard output to `stdout` (piped if `None`).
fn run_with(dir: &Path, args: &[&str], stdin: &[u8], stdout: Option<Stdio>) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mdip"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(stdout.unwrap_or_else(Stdio::piped))
        .stderr(Stdio::piped())
        .spawn()
        .expect("the mdip binary starts");
    {
        let mut input = child.stdin.take().expect("stdin is piped");
        let _ = input.write_all(stdin);
    }
    // A regression here could block (a FIFO read) or never end (/dev/zero): fail, do not hang.
    let read = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let stdout = read(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let stderr = read(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting for mdip") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("mdip {args:?} did not finish within 60 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Run {
        code: status.code().expect("an exit code, not a signal"),
        stdout: stdout.join().expect("stdout reader"),
        stderr: stderr.join().expect("stderr reader"),
    }
}

fn run(dir: &Path, args: &[&str]) -> Run {
    run_with(dir, args, b"", None)
}

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const GOOD: &str = "England:\nF London - North Sea\n";

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().expect("mkfifo");
    assert!(status.success());
}

/// `/dev/full`, where every write fails with "no space left on device".
fn full() -> Stdio {
    Stdio::from(
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full"),
    )
}

#[test]
fn special_files_in_a_folder_are_skipped_with_a_warning() {
    let dir = folder("files-special");
    std::fs::write(dir.join("good.mdip"), GOOD).unwrap();
    mkfifo(&dir.join("fifo.mdip"));
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.mdip")).unwrap();
    // Would block forever (FIFO) or read until memory runs out (/dev/zero) if read.
    let r = run(&dir, &["check", "--color", "never", "."]);
    assert_eq!(r.code, 0, "{}\n{}", r.stdout, r.stderr);
    assert!(
        r.stderr
            .contains("warning: skipped ./fifo.mdip: a FIFO, not a regular file"),
        "{}",
        r.stderr
    );
    // A link out of the folder is not followed (issue 23); followed, it is a device.
    assert!(
        r.stderr
            .contains("warning: skipped ./zero.mdip: a link to /dev/zero, outside ."),
        "{}",
        r.stderr
    );
    assert!(r.stdout.contains("checked 1 file: 1 ok"), "{}", r.stdout);
    let r = run(&dir, &["check", "--color", "never", "--follow-links", "."]);
    assert_eq!(r.code, 0, "{}\n{}", r.stdout, r.stderr);
    assert!(
        r.stderr
            .contains("warning: skipped ./zero.mdip: a device, not a regular file"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_folder_of_special_files_only_holds_no_order_file() {
    let dir = folder("files-special-only");
    mkfifo(&dir.join("fifo.mdip"));
    // A warning, as for any folder without an order file; an error on request.
    let r = run(&dir, &["check", "."]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("warning: no .mdip files in . (only 1 special file skipped)"),
        "{}",
        r.stderr
    );
    let r = run(&dir, &["check", "--exit-non-zero-on-empty", "."]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("no .mdip files in . (only 1 special file skipped)"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_reader_that_stops_early_is_not_an_error() {
    let dir = folder("files-pipe");
    std::fs::write(dir.join("a.mdip"), GOOD.repeat(2000)).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_mdip"))
        .args(["check", "--report", "a.mdip"])
        .current_dir(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // Like `| head` that has read enough.
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("cannot write"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn special_files_named_on_the_command_line_are_errors() {
    let dir = folder("files-named");
    mkfifo(&dir.join("fifo.mdip"));
    for (path, kind) in [("/dev/null", "a device"), ("fifo.mdip", "a FIFO")] {
        let r = run(&dir, &["check", path]);
        assert_eq!(r.code, 2, "{path}");
        assert!(
            r.stderr.contains(&format!(
                "{path} is not a regular file or a folder ({kind}); give its contents on \
                 standard input with `-` instead"
            )),
            "{path}: {}",
            r.stderr
        );
    }
}

#[test]
fn a_link_loop_and_a_dangling_link_are_errors_and_the_rest_is_checked() {
    let dir = folder("files-links");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("sub/good.mdip"), GOOD).unwrap();
    std::fs::write(dir.join("zz-last.mdip"), "France:\nA Paris - Burgndy\n").unwrap();
    std::os::unix::fs::symlink("..", dir.join("sub/loop")).unwrap();
    std::os::unix::fs::symlink("nowhere.mdip", dir.join("dangling.mdip")).unwrap();
    let r = run(&dir, &["check", "--color", "never", "."]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("cannot read ./sub/loop: a link loop (it leads back to ."),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr
            .contains("cannot read ./dangling.mdip: No such file or directory"),
        "{}",
        r.stderr
    );
    // Both regular files were still checked.
    assert!(
        r.stdout
            .contains("checked 2 files: 1 ok, 1 with errors (1 error, 0 warnings)"),
        "{}",
        r.stdout
    );
}

#[test]
fn an_unreadable_folder_is_one_error_naming_it() {
    let dir = folder("files-unreadable");
    std::fs::write(dir.join("good.mdip"), GOOD).unwrap();
    let locked = dir.join("locked");
    std::fs::create_dir_all(&locked).unwrap();
    std::fs::write(locked.join("hidden.mdip"), GOOD).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    let root_can_read = std::fs::read_dir(&locked).is_ok();
    let r = run(&dir, &["check", "--color", "never", "."]);
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
    if root_can_read {
        // Running as root: permissions do not stop reading, so both files are read.
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert!(r.stdout.contains("checked 2 files: 2 ok"), "{}", r.stdout);
        eprintln!("note: running as root; the permission error itself could not be produced");
        return;
    }
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("cannot read ./locked: Permission denied"),
        "{}",
        r.stderr
    );
    assert!(r.stdout.contains("checked 1 file: 1 ok"), "{}", r.stdout);
}

#[test]
fn files_over_the_size_limit_are_not_read() {
    let dir = folder("files-size");
    std::fs::write(dir.join("big.mdip"), GOOD.repeat(100)).unwrap();
    std::fs::write(dir.join("small.mdip"), GOOD).unwrap();
    let r = run(&dir, &["check", "--max-file-size", "1K", "."]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains(
            "./big.mdip is larger than 1024 bytes and was not read (raise --max-file-size)"
        ),
        "{}",
        r.stderr
    );
    assert!(r.stdout.contains("checked 1 file: 1 ok"), "{}", r.stdout);
    let r = run_with(
        &dir,
        &["check", "--max-file-size", "10", "-"],
        GOOD.as_bytes(),
        None,
    );
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("standard input is larger than 10 bytes"),
        "{}",
        r.stderr
    );
    let r = run(&dir, &["check", "--max-file-size", "lots", "."]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("is not a size"), "{}", r.stderr);
}

#[test]
fn excluded_and_ignored_paths_are_left_out() {
    let dir = folder("files-exclude");
    std::fs::create_dir_all(dir.join("drafts")).unwrap();
    std::fs::create_dir_all(dir.join("games")).unwrap();
    std::fs::write(dir.join("games/a.mdip"), GOOD).unwrap();
    std::fs::write(dir.join("drafts/broken.mdip"), "Frnace:\n").unwrap();
    std::fs::write(dir.join("games/old.mdip"), "Frnace:\n").unwrap();
    // `.ignore` files are honoured everywhere, `.gitignore` files inside a git checkout.
    std::fs::write(dir.join(".ignore"), "old.mdip\n").unwrap();
    let r = run(&dir, &["check", "--exclude", "drafts/", "."]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    assert!(r.stdout.contains("checked 1 file: 1 ok"), "{}", r.stdout);
    let r = run(&dir, &["check", "--exclude", "[", "."]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("bad --exclude glob `[`"), "{}", r.stderr);
}

#[test]
fn write_errors_exit_2_without_a_panic() {
    let dir = folder("files-full");
    std::fs::write(dir.join("a.mdip"), GOOD).unwrap();
    for args in [
        &["check", "a.mdip"][..],
        &["check", "--format", "json", "a.mdip"],
        &["check", "--explain", "E0202"],
        &["--version"],
        &["--help"],
    ] {
        let r = run_with(&dir, args, b"", Some(full()));
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert!(!r.stderr.contains("panicked"), "{args:?}: {}", r.stderr);
        if args[0] == "check" {
            assert!(
                r.stderr.contains("cannot write the output"),
                "{args:?}: {}",
                r.stderr
            );
        }
    }
}

#[test]
fn standard_input_is_read_like_a_file() {
    let dir = folder("files-stdin");
    let bytes = b"England:\nF London - North Sea \xff\xfe\n";
    std::fs::write(dir.join("bad.mdip"), bytes).unwrap();
    let file = run(
        &dir,
        &["check", "--no-report", "--color", "never", "bad.mdip"],
    );
    let stdin = run_with(
        &dir,
        &["check", "--no-report", "--color", "never", "-"],
        bytes,
        None,
    );
    assert_eq!(file.code, stdin.code);
    assert_ne!(stdin.code, 2, "{}", stdin.stderr);
    assert!(
        stdin.stderr.contains("<stdin> is not valid UTF-8"),
        "{}",
        stdin.stderr
    );
    assert_eq!(
        file.stdout.replace("bad.mdip", "<stdin>"),
        stdin.stdout,
        "the same diagnostics"
    );
}
