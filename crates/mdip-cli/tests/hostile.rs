//! Issue 23: hostile inputs as a CI job or an attacker would try them. No panic in any output
//! (long orders, long lines, many invisible characters), no input destroyed by an output file,
//! nothing read through a link out of the folder checked, no raw control character from a file
//! reaching the terminal, nothing dropped by `export 5dd`, and importers with limits.

#![cfg(unix)]

mod common;

use std::path::{Path, PathBuf};

use common::{run_in, Run};

/// A fresh scratch folder for one test, removed when the test ends, passed or failed (one
/// of them writes 10 MB).
fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("mdip-hostile-{name}-"))
        .tempdir()
        .expect("a scratch folder")
}

fn write(dir: &Path, name: &str, text: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("a scratch file");
    path
}

fn no_panic(run: &Run, what: &str) {
    assert!(
        run.code != 101 && !run.stderr.contains("panicked"),
        "{what}: exit {}, {}",
        run.code,
        run.stderr
    );
}

/// Control characters that must not reach a terminal raw (tab, LF and a CR before a LF are
/// fine).
fn raw_controls(text: &str) -> Vec<char> {
    let bytes = text.as_bytes();
    text.char_indices()
        .filter(|&(i, c)| {
            let bidi = matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}');
            let cr_lf = c == '\r' && bytes.get(i + 1) == Some(&b'\n');
            bidi || (c.is_control() && c != '\t' && c != '\n' && !cr_lf)
        })
        .map(|(_, c)| c)
        .collect()
}

const FORMATS: [&str; 7] = [
    "text",
    "json",
    "json-lines",
    "sarif",
    "github",
    "junit",
    "concise",
];

/// Deliver 1: a 70,000-character order (the text report panicked with `Formatting argument
/// out of range` at 65,536), a 10 MB line and 1,000,000 zero-width spaces in one order, in
/// every format; with `--report` on a folder the file after them is still reported.
#[test]
fn long_orders_and_lines_in_every_format() {
    let scratch_dir = scratch("long");
    let dir = scratch_dir.path();
    let long_order = format!(
        "England:\nF London - {} \nF Edinburgh Hold\n",
        "x".repeat(70_000)
    );
    write(dir, "1-long-order.mdip", &long_order);
    let long_line = format!("England:\nA Liverpool {}\n", "y".repeat(10 << 20));
    write(dir, "2-long-line.mdip", &long_line);
    let invisible = format!(
        "England:\nF London - North{} Sea\n",
        "\u{200B}".repeat(1_000_000)
    );
    write(dir, "3-zero-width.mdip", &invisible);
    write(dir, "4-after.mdip", "England:\nF London - Nowhere\n");
    for format in FORMATS {
        let run = run_in(dir, &["check", "--report", "--format", format, "."], "");
        no_panic(&run, format);
        assert_eq!(run.code, 1, "{format}: {}", run.stderr);
        assert!(
            run.stdout.contains("4-after.mdip"),
            "{format}: the last file is reported"
        );
    }
    // The text report of the long order, alone: its order is listed in full.
    let run = run_in(dir, &["check", "1-long-order.mdip"], "");
    no_panic(&run, "one long order");
    assert!(run.stdout.contains(&"x".repeat(70_000)));
    assert!(
        run.stdout.contains("F edi Hold"),
        "{}",
        &run.stdout[run.stdout.len() - 500..]
    );
}

/// Deliver 2: an output file that is one of the inputs (the same file, a link to it, the file
/// found in a folder, standard input) is refused before anything is read or written.
#[test]
fn an_output_that_is_an_input_is_refused() {
    let scratch_dir = scratch("same");
    let dir = scratch_dir.path();
    let text = "England:\nF London - North Sea\n";
    write(dir, "x.mdip", text);
    std::os::unix::fs::symlink("x.mdip", dir.join("link.mdip")).unwrap();
    std::fs::hard_link(dir.join("x.mdip"), dir.join("hard.mdip")).unwrap();
    let cases: [&[&str]; 6] = [
        &["check", "x.mdip", "--output-file", "x.mdip"],
        &["check", "x.mdip", "-o", "link.mdip"],
        &["check", "link.mdip", "-o", "hard.mdip"],
        &["check", ".", "-o", "x.mdip"],
        &["render", "x.mdip", "-o", "./x.mdip"],
        &["export", "5dd", "x.mdip", "-o", "link.mdip"],
    ];
    for args in cases {
        let run = run_in(dir, args, "");
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.contains("is the input"),
            "{args:?}: {}",
            run.stderr
        );
        assert_eq!(
            std::fs::read_to_string(dir.join("x.mdip")).unwrap(),
            text,
            "{args:?}"
        );
    }
    // Standard input redirected from the output file.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mdip"))
        .args(["check", "-", "-o", "x.mdip"])
        .current_dir(dir)
        .stdin(std::fs::File::open(dir.join("x.mdip")).unwrap())
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(dir.join("x.mdip")).unwrap(), text);
    // import 5dd from its own output.
    let json = std::fs::read_to_string(
        common::root().join("crates/mdip-analysis/tests/import/5dd/fresh.json"),
    )
    .unwrap();
    write(dir, "w.json", &json);
    let run = run_in(dir, &["import", "5dd", "w.json", "-o", "w.json"], "");
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(dir.join("w.json")).unwrap(), json);
}

/// Deliver 2: an output file is written whole, to a temporary file renamed over it: the old
/// file is replaced (a new inode), no temporary file is left, and an output in a folder that
/// cannot be written leaves nothing.
#[test]
fn outputs_are_written_whole_and_renamed() {
    use std::os::unix::fs::MetadataExt;
    let scratch_dir = scratch("whole");
    let dir = scratch_dir.path();
    write(dir, "x.mdip", "England:\nF London - North Sea\n");
    write(dir, "out.json", "old");
    let before = std::fs::metadata(dir.join("out.json")).unwrap().ino();
    let run = run_in(
        dir,
        &["check", "x.mdip", "--format", "json", "-o", "out.json"],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let after = std::fs::metadata(dir.join("out.json")).unwrap();
    assert_ne!(after.ino(), before, "renamed over, not written in place");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("out.json")).unwrap()).unwrap();
    assert_eq!(json["summary"]["files"], 1);
    let names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(!names.iter().any(|n| n.contains(".tmp")), "{names:?}");
    // A special file is written in place.
    let run = run_in(dir, &["check", "x.mdip", "-o", "/dev/null"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
}

/// Deliver 3: a folder walk does not follow a link out of the folder (`x.mdip ->
/// ../secret`, `-> /proc/self/environ`): a warning names it and its target's lines are never
/// shown; `--follow-links` follows it; a link named on the command line is followed.
#[test]
fn links_out_of_the_folder_are_not_followed() {
    let scratch_dir = scratch("links");
    let dir = scratch_dir.path();
    let secret = write(dir, "secret", "TOKEN=hunter2\n");
    let checked = dir.join("checked");
    std::fs::create_dir_all(checked.join("sub")).unwrap();
    write(&checked, "a.mdip", "England:\nF London - North Sea\n");
    std::os::unix::fs::symlink("../secret", checked.join("x.mdip")).unwrap();
    std::os::unix::fs::symlink("/proc/self/environ", checked.join("env.mdip")).unwrap();
    std::fs::create_dir_all(dir.join("elsewhere")).unwrap();
    write(&dir.join("elsewhere"), "b.mdip", "# PRIVATE-NOTE\n");
    std::os::unix::fs::symlink(dir.join("elsewhere"), checked.join("sub/up")).unwrap();
    std::os::unix::fs::symlink("a.mdip", checked.join("inside.mdip")).unwrap();
    let run = run_in(dir, &["check", "--report", "checked"], "");
    assert!(
        !run.stdout.contains("hunter2") && !run.stderr.contains("hunter2"),
        "{}",
        run.stdout
    );
    assert!(
        !run.stdout.contains("PATH="),
        "the environment is not shown"
    );
    assert!(
        run.stderr.contains("skipped checked/x.mdip: a link to"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("skipped checked/env.mdip"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("skipped checked/sub/up"),
        "{}",
        run.stderr
    );
    assert!(!run.stdout.contains("PRIVATE-NOTE") && !run.stdout.contains("b.mdip"));
    assert!(
        run.stdout.contains("checked/inside.mdip"),
        "a link inside is followed"
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = run_in(dir, &["check", "--report", "--follow-links", "checked"], "");
    assert!(run.stdout.contains("hunter2"), "--follow-links reads it");
    let run = run_in(dir, &["check", "checked/x.mdip"], "");
    assert!(run.stdout.contains("hunter2"), "a link named is followed");
    drop(secret);
}

/// Deliver 4: ESC, OSC and bidi controls of a file and of its name reach no terminal format
/// raw; `unexpected character` names the character by code point and name; W0206 warns about
/// the bidi control.
#[test]
fn controls_are_escaped_and_named() {
    let scratch_dir = scratch("controls");
    let dir = scratch_dir.path();
    let text = "England:\nF London - North Sea \u{202e}\u{1b}]0;owned\u{7}\nA Liverpool \u{1b}[2J Hold\nF Edinburgh - Norwegian Sea\u{9b}31m\r";
    let name = "evil\u{1b}[31m\u{202e}.mdip";
    write(dir, name, text);
    for format in ["text", "concise", "github"] {
        for color in ["never", "always"] {
            let run = run_in(
                dir,
                &[
                    "check", "--report", "--format", format, "--color", color, ".",
                ],
                "",
            );
            no_panic(&run, format);
            let mut out = run.stdout.clone();
            if color == "always" {
                // The colours' own escapes: `ESC [ digits ; m`.
                let mut clean = String::new();
                let mut rest = out.as_str();
                while let Some(i) = rest.find("\u{1b}[") {
                    clean.push_str(&rest[..i]);
                    let after = &rest[i + 2..];
                    let end = after
                        .find(|c: char| !(c.is_ascii_digit() || c == ';'))
                        .unwrap_or(0);
                    assert_eq!(
                        &after[end..end + 1],
                        "m",
                        "{format}: an escape that is no colour"
                    );
                    rest = &after[end + 1..];
                }
                clean.push_str(rest);
                out = clean;
            }
            assert_eq!(
                raw_controls(&out),
                Vec::<char>::new(),
                "{format} {color}: {out:?}"
            );
            assert_eq!(
                raw_controls(&run.stderr),
                Vec::<char>::new(),
                "{format} stderr"
            );
        }
    }
    let run = run_in(dir, &["check", "--format", "concise", "."], "");
    assert!(
        run.stdout
            .contains("unexpected character U+202E RIGHT-TO-LEFT OVERRIDE"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("unexpected character U+001B ESCAPE"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("warning[W0206]: bidirectional control character U+202E"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("evil\\u{1b}[31m\\u{202e}.mdip"),
        "{}",
        run.stdout
    );
    // Machine formats escape as JSON does: the document parses and holds the character.
    let run = run_in(dir, &["check", "--format", "json", "."], "");
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        json["files"][0]["path"].as_str().unwrap(),
        format!("./{name}")
    );
}

/// Deliver 5: `export 5dd` leaves no order out silently: a misspelt province and an over-long
/// season are named with their line (exit 1, the JSON written, the power still submitting);
/// a `@turn` or `@phase` in error refuses the export (exit 2).
#[test]
fn export_5dd_names_what_it_leaves_out_and_refuses_unset_boards() {
    let scratch_dir = scratch("export");
    let dir = scratch_dir.path();
    write(
        dir,
        "e.mdip",
        "@rules 5dd\nEngland 0:0\nF Edinburgh - Norwegian Sea 0:0\nF London - Nrth Sea 0:0\nFrance 0:0\nA Paris - Burgundy 999999999999:0\n",
    );
    let run = run_in(dir, &["export", "5dd", "e.mdip", "-o", "out.json"], "");
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("line 4: `F London - Nrth Sea 0:0` is left out"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("line 6: `A Paris - Burgundy 999999999999:0` is left out"),
        "{}",
        run.stderr
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("out.json")).unwrap()).unwrap();
    assert_eq!(json["orders"].as_array().unwrap().len(), 1);
    assert_eq!(json["players"], serde_json::json!(["England", "France"]));
    for setup in ["@turn 4x", "@turn 99999999999999", "@phase bogus"] {
        write(
            dir,
            "t.mdip",
            format!("@rules 5dd\n{setup}\nEngland 0:0\nF London - North Sea 0:0\n"),
        );
        let run = run_in(dir, &["export", "5dd", "t.mdip"], "");
        assert_eq!(run.code, 2, "{setup}: {}", run.stderr);
        assert!(
            run.stderr.contains("line 2:") && run.stdout.is_empty(),
            "{setup}: {}",
            run.stderr
        );
    }
}

fn fresh_json() -> String {
    std::fs::read_to_string(common::root().join("crates/mdip-analysis/tests/import/5dd/fresh.json"))
        .unwrap()
}

/// Deliver 5: the importers' limits: `--max-file-size` (and no device read), trailing
/// garbage, a duplicate key named by its JSON path, a byte-order mark.
#[test]
fn import_5dd_is_strict() {
    let scratch_dir = scratch("import-5dd");
    let dir = scratch_dir.path();
    let json = fresh_json();
    let run = run_in(dir, &["import", "5dd", "/dev/zero"], "");
    assert_eq!(run.code, 2, "{}", run.stderr);
    let run = run_in(dir, &["import", "5dd", "--max-file-size", "1K", "-"], &json);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("larger than 1024 bytes"),
        "{}",
        run.stderr
    );
    write(dir, "garbage.json", format!("{json} {{}}"));
    let run = run_in(dir, &["import", "5dd", "garbage.json"], "");
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("trailing characters"), "{}", run.stderr);
    let i = json.find("\"units\"").unwrap();
    let open = i + json[i..].find('{').unwrap();
    let close = open + json[open..].find('}').unwrap();
    let dup = format!("{},{}", &json[..=close], &json[open + 1..]);
    write(dir, "dup.json", &dup);
    let run = run_in(dir, &["import", "5dd", "dup.json"], "");
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("at `boards[0].units."),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("is given twice"), "{}", run.stderr);
    write(dir, "bom.json", format!("\u{feff}{json}"));
    let run = run_in(dir, &["import", "5dd", "bom.json"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let plain = run_in(dir, &["import", "5dd", "-"], &json).stdout;
    assert_eq!(run.stdout, plain.replace("<stdin>", "bom.json"));
}

/// Deliver 5: `import jdip` reads a byte-order mark, CR, LF and CRLF alike, and a case name
/// too long for a file name is shortened (and said) while the cases after it are written.
#[test]
fn import_jdip_is_strict() {
    let scratch_dir = scratch("import-jdip");
    let dir = scratch_dir.path();
    let case = |name: &str| {
        format!(
            "CASE {name}\nPRESTATE_SETPHASE Spring 1901, Movement\nPRESTATE\nEngland: F lon\nORDERS\nEngland: F lon - nth\nPOSTSTATE\nEngland: F nth\nEND\n"
        )
    };
    let lf = format!("{}{}", case("a"), case("b"));
    let cr = lf.replace('\n', "\r");
    let crlf = format!("\u{feff}{}", lf.replace('\n', "\r\n"));
    write(dir, "lf.txt", &lf);
    write(dir, "cr.txt", &cr);
    write(dir, "crlf.txt", &crlf);
    let expected = run_in(dir, &["import", "jdip", "lf.txt"], "");
    assert_eq!(expected.code, 0, "{}", expected.stderr);
    for f in ["cr.txt", "crlf.txt"] {
        let run = run_in(dir, &["import", "jdip", f], "");
        assert_eq!(run.code, 0, "{f}: {}", run.stderr);
        assert_eq!(
            run.stdout.replace(f, "lf.txt"),
            expected.stdout,
            "{f} converts as LF does"
        );
    }
    let long = "L".repeat(300);
    write(dir, "long.txt", format!("{}{}", case(&long), case("after")));
    let run = run_in(dir, &["import", "jdip", "long.txt", "--out-dir", "out"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains("too long a name for a file"),
        "{}",
        run.stderr
    );
    let names: Vec<String> = std::fs::read_dir(dir.join("out"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(names.iter().all(|n| n.len() <= 255), "{names:?}");
    assert!(names.contains(&"after.mdip".to_owned()), "{names:?}");
}

/// Deliver 6: memory running out ends `mdip check` with an error message and exit code 2, not
/// SIGABRT: 5,000,000 comment lines under a 250 MB address-space limit (`ulimit -v`).
#[test]
fn out_of_memory_is_an_error_not_an_abort() {
    let scratch_dir = scratch("memory");
    let dir = scratch_dir.path();
    write(dir, "lines.mdip", "#\n".repeat(5_000_000));
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(r#"ulimit -v 250000 && exec "$0" check --no-report lines.mdip"#)
        .arg(env!("CARGO_BIN_EXE_mdip"))
        .current_dir(dir)
        .env("RUST_BACKTRACE", "0")
        .output()
        .expect("sh runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{:?}: {stderr}", out.status);
    assert!(stderr.contains("ran out of memory"), "{stderr}");
}
