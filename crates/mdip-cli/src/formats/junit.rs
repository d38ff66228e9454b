//! `--format junit`: JUnit XML, one test case per file, for CI systems that show test
//! results (GitLab, Jenkins, Azure). A file whose only errors are unmet expectations (`E04xx`:
//! the file is a self-checking case that the adjudication did not satisfy) is a *failure*;
//! any other error (the file could not be read or checked as written) is an *error*; a clean
//! file passes. A case's warnings (which fail nothing) are listed in its `system-out`, one
//! `path:line:column: warning[CODE]: message` line each; its `time` is how long the file took to
//! analyse (once read), and the suite's and report's `time` that of the whole run. Unreadable
//! paths are test cases in error. Written with `quick-junit`.

use mdip_analysis::report::{DiagnosticReport, Problem, SeverityName, Summary};
use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};

use std::io::{self, Write};
use std::time::Instant;

use super::{Checked, FormatWriter, Kept};

/// `--format junit`.
pub struct Junit {
    cases: Vec<TestCase>,
    started: Instant,
}

impl Default for Junit {
    fn default() -> Junit {
        Junit {
            cases: Vec::new(),
            started: Instant::now(),
        }
    }
}

/// A diagnostic as one line of a report.
fn line(path: &str, d: &DiagnosticReport, level: &str) -> String {
    format!(
        "{path}:{}:{}: {level}[{}]: {}",
        d.range.start.line, d.range.start.column, d.code, d.message
    )
}

/// The test case of one checked file.
fn case(report: &Kept) -> TestCase {
    let errors: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == SeverityName::Error && !d.expected)
        .collect();
    let status = if errors.is_empty() {
        TestCaseStatus::success()
    } else {
        let only_expectations = errors.iter().all(|d| d.code.starts_with("E04"));
        let kind = if only_expectations {
            NonSuccessKind::Failure
        } else {
            NonSuccessKind::Error
        };
        let mut status = TestCaseStatus::non_success(kind);
        let first = errors[0];
        status.set_type(first.code);
        let more = match errors.len() {
            1 => String::new(),
            n => format!(" (and {} more)", n - 1),
        };
        status.set_message(format!("{}: {}{more}", first.code, first.message));
        let lines: Vec<String> = errors
            .iter()
            .map(|d| line(&report.path, d, "error"))
            .collect();
        status.set_description(lines.join("\n"));
        status
    };
    let mut case = TestCase::new(report.path.as_str(), status);
    case.classname = Some("mdip check".into());
    case.set_time(report.elapsed);
    let warnings: Vec<String> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == SeverityName::Warning && !d.expected)
        .map(|d| line(&report.path, d, "warning"))
        .collect();
    if !warnings.is_empty() {
        case.set_system_out(warnings.join("\n") + "\n");
    }
    case
}

impl FormatWriter for Junit {
    fn file(&self, _file: &Checked<'_>, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    fn keeps(&self) -> bool {
        true
    }

    fn keep(&mut self, file: Kept) {
        self.cases.push(case(&file));
    }

    fn finish(&mut self, problems: &[Problem], _summary: &Summary) -> Vec<u8> {
        // A path that could not be read is a case in error.
        for p in problems
            .iter()
            .filter(|p| p.severity == SeverityName::Error)
        {
            let mut status = TestCaseStatus::non_success(NonSuccessKind::Error);
            status.set_type("io");
            status.set_message(p.message.as_str());
            let mut case = TestCase::new(p.path.as_str(), status);
            case.classname = Some("mdip check".into());
            case.set_time(std::time::Duration::ZERO);
            self.cases.push(case);
        }
        let time = self.started.elapsed();
        let mut suite = TestSuite::new("mdip check");
        suite.add_test_cases(std::mem::take(&mut self.cases));
        suite.set_time(time);
        let mut report = Report::new("mdip");
        report.add_test_suite(suite);
        report.set_time(time);
        let mut out = report.to_string().unwrap_or_default().into_bytes();
        out.push(b'\n');
        out
    }
}
