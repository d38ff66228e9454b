//! `--format gitlab`: a GitLab Code Quality report (the Code Climate issue subset GitLab reads
//! from a job's `artifacts:reports:codequality`), one JSON array of issues: per diagnostic its
//! `description`, `check_name` (the code), `fingerprint`, `severity` and `location` (`path`
//! relative to the repository, `lines.begin` and `lines.end`). Its JSON Schema, written from
//! GitLab's documentation, is `docs/schema/gitlab-code-quality.schema.json`.
//!
//! GitLab compares the reports of a merge request's base and head by fingerprint, so the
//! fingerprint leaves out the line: it is a hash of the path, the code and the message, and of
//! how many identical ones came before in the file (so two identical diagnostics differ, and an
//! edit above a diagnostic does not make it new). Problems reading a path have no line and are
//! not issues: they are on standard error and make the exit code 2.

use std::hash::Hasher;
use std::io::{self, Write};
use std::path::Path;

use mdip_analysis::report::{DiagnosticReport, Problem, SeverityName, Summary};
use serde::Serialize;

use super::{Checked, FormatWriter, Kept};

/// `--format gitlab`.
pub struct Gitlab {
    pretty: bool,
    issues: Vec<Issue>,
}

impl Gitlab {
    pub fn new(pretty: bool) -> Gitlab {
        Gitlab {
            pretty,
            issues: Vec::new(),
        }
    }
}

/// One Code Quality issue.
#[derive(Serialize)]
struct Issue {
    description: String,
    check_name: &'static str,
    fingerprint: String,
    severity: &'static str,
    location: Location,
}

#[derive(Serialize)]
struct Location {
    path: String,
    lines: Lines,
}

#[derive(Serialize)]
struct Lines {
    begin: usize,
    end: usize,
}

/// GitLab's severities: `info`, `minor`, `major`, `critical`, `blocker`. An error is `major`
/// (the file fails `mdip check`), a warning `minor`, a diagnostic the file expects `info`.
fn severity(d: &DiagnosticReport) -> &'static str {
    match (d.expected, d.severity) {
        (true, _) => "info",
        (false, SeverityName::Error) => "major",
        (false, SeverityName::Warning) => "minor",
    }
}

/// The path as GitLab wants it: relative to the repository (the working folder of the job),
/// without `./`.
fn repository_path(path: &str) -> String {
    let mut p = Path::new(path);
    if p.is_absolute() {
        if let Ok(cwd) = std::env::current_dir() {
            if let Ok(rest) = p.strip_prefix(&cwd) {
                p = rest;
            }
        }
    }
    let mut text = p.to_string_lossy().replace('\\', "/");
    while let Some(rest) = text.strip_prefix("./") {
        text = rest.to_owned();
    }
    text
}

/// A stable fingerprint: 64-bit FNV-1a (the `fnv` crate; stable across Rust versions, unlike
/// the standard library's hasher) of the path, code, message and occurrence, as hex.
fn fingerprint(path: &str, code: &str, message: &str, occurrence: usize) -> String {
    let mut h = fnv::FnvHasher::default();
    for part in [path, code, message] {
        h.write(part.as_bytes());
        h.write_u8(0);
    }
    h.write_u64(occurrence as u64);
    format!("{:016x}", h.finish())
}

/// The lines of a diagnostic; its range's end is exclusive, so a range that ends at the start
/// of a line ends on the line before.
fn lines(d: &DiagnosticReport) -> Lines {
    let (start, end) = (d.range.start, d.range.end);
    let last = if end.line > start.line && end.column == 1 {
        end.line - 1
    } else {
        end.line
    };
    Lines {
        begin: start.line,
        end: last.max(start.line),
    }
}

fn issues(file: &Kept) -> Vec<Issue> {
    let path = repository_path(&file.path);
    let mut seen: Vec<(&str, &str)> = Vec::new();
    file.diagnostics
        .iter()
        .map(|d| {
            let occurrence = seen
                .iter()
                .filter(|(c, m)| *c == d.code && *m == d.message)
                .count();
            seen.push((d.code, &d.message));
            let mut description = format!("{}: {}", d.code, d.message);
            if let Some(h) = &d.hint {
                description.push_str(" (hint: ");
                description.push_str(h);
                description.push(')');
            }
            Issue {
                description,
                check_name: d.code,
                fingerprint: fingerprint(&path, d.code, &d.message, occurrence),
                severity: severity(d),
                location: Location {
                    path: path.clone(),
                    lines: lines(d),
                },
            }
        })
        .collect()
}

impl FormatWriter for Gitlab {
    fn file(&self, _file: &Checked<'_>, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    fn keeps(&self) -> bool {
        true
    }

    fn keep(&mut self, file: Kept) {
        self.issues.extend(issues(&file));
    }

    fn finish(&mut self, _problems: &[Problem], _summary: &Summary) -> Vec<u8> {
        let issues = std::mem::take(&mut self.issues);
        let mut out = if self.pretty {
            serde_json::to_vec_pretty(&issues)
        } else {
            serde_json::to_vec(&issues)
        }
        .unwrap_or_default();
        out.push(b'\n');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_relative_to_the_repository() {
        assert_eq!(repository_path("./tests/a.mdip"), "tests/a.mdip");
        assert_eq!(repository_path("tests/a.mdip"), "tests/a.mdip");
        let cwd = std::env::current_dir().unwrap();
        let inside = cwd.join("x").join("b.mdip");
        assert_eq!(repository_path(&inside.to_string_lossy()), "x/b.mdip");
    }

    #[test]
    fn fingerprints_tell_occurrences_and_files_apart() {
        let a = fingerprint("a.mdip", "E0202", "unknown province `x`", 0);
        assert_eq!(a, fingerprint("a.mdip", "E0202", "unknown province `x`", 0));
        assert_eq!(a.len(), 16);
        assert_ne!(a, fingerprint("a.mdip", "E0202", "unknown province `x`", 1));
        assert_ne!(a, fingerprint("b.mdip", "E0202", "unknown province `x`", 0));
        assert_ne!(a, fingerprint("a.mdip", "E0201", "unknown province `x`", 0));
    }
}
