//! `mdip render`: the picture goes to standard output or to `-o`, `--season` picks one board,
//! and a season the file lacks, a missing file or a malformed season is an error with exit
//! code 2 and a message.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn mdip(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mdip"))
        .args(args)
        .current_dir(repo())
        .stdin(Stdio::null())
        .output()
        .expect("the mdip binary runs")
}

fn boards(svg: &str) -> usize {
    svg.matches(r#"<g class="board"#).count()
}

#[test]
fn the_multiverse_by_default_and_one_board_with_season() {
    let out = mdip(&["render", "tests/mdatc/3.A.6.mdip"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let svg = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(boards(&svg), 8, "one board per season of 3.A.6");

    let out = mdip(&["render", "tests/mdatc/3.A.6.mdip", "--season", "1:1"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let svg = String::from_utf8(out.stdout).expect("UTF-8");
    assert_eq!(boards(&svg), 1);
    assert!(svg.contains(r#"data-season="1:1""#));
}

#[test]
fn a_standard_file_draws_the_board_it_orders() {
    let out = mdip(&["render", "tests/datc/6.C.5.mdip"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let svg = String::from_utf8(out.stdout).expect("UTF-8");
    assert_eq!(boards(&svg), 1);
    assert!(svg.contains(r#"data-season="0:0""#));
    assert!(svg.contains(r#"class="order convoy fails""#));
}

#[test]
fn output_file() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("render-output");
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let path = dir.join("3.A.6.svg");
    let _ = std::fs::remove_file(&path);
    let p = path.to_str().expect("UTF-8 path");
    let out = mdip(&["render", "tests/mdatc/3.A.6.mdip", "-o", p]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(out.stdout.is_empty(), "nothing on standard output");
    let svg = std::fs::read_to_string(&path).expect("written");
    assert_eq!(boards(&svg), 8);

    // A folder that does not exist: exit code 2, the path named.
    let bad = dir.join("no/such/folder/x.svg");
    let out = mdip(&[
        "render",
        "tests/mdatc/3.A.6.mdip",
        "-o",
        bad.to_str().expect("UTF-8"),
    ]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("x.svg"));
}

#[test]
fn errors_exit_with_2_and_say_why() {
    let out = mdip(&["render", "tests/mdatc/3.A.6.mdip", "--season", "7:3"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no season 7:3"), "{err}");
    assert!(
        err.contains("0:0") && err.contains("3:1"),
        "lists the seasons: {err}"
    );
    assert!(out.stdout.is_empty());

    let out = mdip(&["render", "tests/mdatc/3.A.6.mdip", "--season", "spring"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a season"));

    let out = mdip(&["render", "tests/no-such-file.mdip"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("no-such-file.mdip"));

    let out = mdip(&["render"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}

/// `mdip render` reads as `mdip check` reads: a file over `--max-file-size` is refused, not
/// read.
#[test]
fn the_size_limit_applies() {
    let out = mdip(&["render", "tests/mdatc/3.A.6.mdip", "--max-file-size", "100"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("mdip render: tests/mdatc/3.A.6.mdip is larger than 100 bytes"),
        "{stderr}"
    );
}

/// `-o x.png` writes a PNG (the signature, the width asked); `--format png` writes it to
/// standard output; `--width` sets the SVG's width.
#[test]
fn png_and_width() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("render-png");
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let path = dir.join("m.png");
    let _ = std::fs::remove_file(&path);
    let p = path.to_str().expect("UTF-8 path");
    let out = mdip(&[
        "render",
        "tests/mdatc/3.A.6.mdip",
        "--season",
        "2:0",
        "-o",
        p,
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let png = std::fs::read(&path).expect("written");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let width = u32::from_be_bytes([png[16], png[17], png[18], png[19]]);
    assert_eq!(width, 1000, "one board is 1000 px wide by default");

    let out = mdip(&[
        "render",
        "tests/datc/6.C.5.mdip",
        "--format",
        "png",
        "--width",
        "640",
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(&out.stdout[..8], b"\x89PNG\r\n\x1a\n");
    let width = u32::from_be_bytes([
        out.stdout[16],
        out.stdout[17],
        out.stdout[18],
        out.stdout[19],
    ]);
    assert_eq!(width, 640);

    let out = mdip(&["render", "tests/datc/6.C.5.mdip", "--width", "1500"]);
    let svg = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(
        svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="1500""#),
        "{svg:.100}"
    );
}
