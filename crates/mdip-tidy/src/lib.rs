//! Repository checks that run inside `cargo test` (see `tests/`).
//!
//! This crate has no dependencies, so that `.ci/run` can run its tests first, in seconds, before
//! the workspace is built: they check that the repository is self-contained (nothing reaches a
//! folder outside it or names a path of one machine), that it carries its licences, that no
//! package metadata is a placeholder (`tests/tidy.rs`), that every manifest dependency is used
//! (`tests/dependencies.rs`), and that no source file or function outgrows its limit
//! (`tests/sizes.rs`). What they share is here: the repository's files and the Rust sources'
//! reading without comments and strings.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository root.
#[must_use]
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The repository's files, relative to the root: what git tracks plus the untracked files it does
/// not ignore; in a copy that is not a git checkout, every file outside build and package folders.
#[must_use]
pub fn files() -> Vec<String> {
    let root = root();
    let git = Command::new("git")
        .args([
            "ls-files",
            "-z",
            "--cached",
            "--others",
            "--exclude-standard",
        ])
        .current_dir(&root)
        .output();
    if let Ok(out) = git {
        if out.status.success() {
            let mut files: Vec<String> = out
                .stdout
                .split(|&b| b == 0)
                .filter(|s| !s.is_empty())
                .map(|s| String::from_utf8_lossy(s).into_owned())
                .filter(|f| root.join(f).is_file())
                .collect();
            files.sort();
            files.dedup();
            return files;
        }
    }
    let mut files = Vec::new();
    walk(&root, &root, &mut files);
    files.sort();
    files
}

/// Every file below `dir`, skipping version control, build output and installed packages.
fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            if !matches!(
                name.as_ref(),
                ".git" | "target" | "node_modules" | ".work" | "out"
            ) {
                walk(root, &path, out);
            }
        } else if kind.is_file() {
            if let Ok(relative) = path.strip_prefix(root) {
                out.push(relative.to_string_lossy().replace('\\', "/"));
            }
        }
    }
}

/// Rust source with its comments blanked out (line and block comments, doc comments included),
/// line breaks kept, so that a name mentioned only in a comment does not count as a use.
/// String literals are kept: `include_str!` paths and the like are no uses either way.
#[must_use]
pub fn without_comments(source: &str) -> String {
    let bytes = source.as_bytes();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    let mut in_string = false;
    while i < bytes.len() {
        let rest = &source[i..];
        let c = rest.chars().next().expect("not at the end");
        if in_string {
            if c == '\\' {
                let next = rest[1..].chars().next().map_or(0, char::len_utf8);
                out.push_str(&rest[..1 + next]);
                i += 1 + next;
                continue;
            }
            if c == '"' {
                in_string = false;
            }
            out.push(c);
        } else if rest.starts_with("//") {
            let end = rest.find('\n').unwrap_or(rest.len());
            i += end;
            continue;
        } else if rest.starts_with("/*") {
            let mut depth = 0;
            let mut j = 0;
            while j < rest.len() {
                if rest[j..].starts_with("/*") {
                    depth += 1;
                    j += 2;
                } else if rest[j..].starts_with("*/") {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    let ch = rest[j..].chars().next().expect("inside");
                    if ch == '\n' {
                        out.push('\n');
                    }
                    j += ch.len_utf8();
                }
            }
            i += j;
            continue;
        } else {
            if c == '"' && !source[..i].ends_with('\'') {
                in_string = true;
            }
            out.push(c);
        }
        i += c.len_utf8();
    }
    out
}
