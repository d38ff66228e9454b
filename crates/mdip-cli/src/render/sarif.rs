//! `--format sarif`: SARIF 2.1.0 (the static-analysis results format that GitHub code
//! scanning and most CI dashboards read), built with the `serde-sarif` types. One run: the
//! tool with one rule per diagnostic code (its help is the `--explain` text), one result per
//! diagnostic with its region (1-based lines, columns in Unicode code points), related
//! locations, and fixes as replacements; unreadable paths are tool execution notifications.

use mdip_analysis::report::{DiagnosticReport, Problem, Range, SeverityName, Summary};
use mdip_analysis::Code;
use serde_sarif::sarif;

use std::io::{self, Write};

use super::{Checked, Kept, Renderer};

/// `--format sarif`.
#[derive(Default)]
pub struct Sarif {
    results: Vec<sarif::Result>,
}

fn region(r: &Range) -> sarif::Region {
    sarif::Region::builder()
        .start_line(r.start.line as i64)
        .start_column(r.start.column as i64)
        .end_line(r.end.line as i64)
        .end_column(r.end.column as i64)
        .build()
}

fn location(path: &str, r: &Range, message: Option<&str>) -> sarif::Location {
    let physical = sarif::PhysicalLocation::builder()
        .artifact_location(sarif::ArtifactLocation::builder().uri(path).build())
        .region(region(r))
        .build();
    match message {
        Some(m) => sarif::Location::builder()
            .physical_location(physical)
            .message(sarif::Message::builder().text(m).build())
            .build(),
        None => sarif::Location::builder()
            .physical_location(physical)
            .build(),
    }
}

fn result(path: &str, d: &DiagnosticReport) -> sarif::Result {
    let level = match (d.expected, d.severity) {
        (true, _) => sarif::ResultLevel::Note,
        (false, SeverityName::Error) => sarif::ResultLevel::Error,
        (false, SeverityName::Warning) => sarif::ResultLevel::Warning,
    };
    let mut text = d.message.clone();
    if let Some(h) = &d.hint {
        text.push_str(" (hint: ");
        text.push_str(h);
        text.push(')');
    }
    let related: Vec<sarif::Location> = d
        .related
        .iter()
        .map(|r| location(path, &r.range, Some(&r.message)))
        .collect();
    let fixes: Vec<sarif::Fix> = d
        .fixes
        .iter()
        .map(|f| {
            let replacements: Vec<sarif::Replacement> = f
                .edits
                .iter()
                .map(|e| {
                    sarif::Replacement::builder()
                        .deleted_region(region(&e.range))
                        .inserted_content(sarif::ArtifactContent::builder().text(&e.text).build())
                        .build()
                })
                .collect();
            sarif::Fix::builder()
                .description(sarif::Message::builder().text(&f.title).build())
                .artifact_changes(vec![sarif::ArtifactChange::builder()
                    .artifact_location(sarif::ArtifactLocation::builder().uri(path).build())
                    .replacements(replacements)
                    .build()])
                .build()
        })
        .collect();
    let base = sarif::Result::builder()
        .rule_id(d.code)
        .level(level)
        .message(sarif::Message::builder().text(text).build())
        .locations(vec![location(path, &d.range, None)]);
    match (related.is_empty(), fixes.is_empty()) {
        (true, true) => base.build(),
        (false, true) => base.related_locations(related).build(),
        (true, false) => base.fixes(fixes).build(),
        (false, false) => base.related_locations(related).fixes(fixes).build(),
    }
}

/// One rule per diagnostic code, with the `--explain` text as its help.
fn rules() -> Vec<sarif::ReportingDescriptor> {
    Code::every()
        .map(|c| {
            let text = c.explain();
            sarif::ReportingDescriptor::builder()
                .id(c.as_str())
                .short_description(
                    sarif::MultiformatMessageString::builder()
                        .text(text)
                        .build(),
                )
                .help(
                    sarif::MultiformatMessageString::builder()
                        .text(format!(
                            "{text} (mdip check --explain {}; all codes: docs/diagnostics.md)",
                            c.as_str()
                        ))
                        .build(),
                )
                .build()
        })
        .collect()
}

impl Renderer for Sarif {
    fn file(&self, _file: &Checked<'_>, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    fn keeps(&self) -> bool {
        true
    }

    fn keep(&mut self, file: Kept) {
        for d in &file.diagnostics {
            self.results.push(result(&file.path, d));
        }
    }

    fn finish(&mut self, problems: &[Problem], summary: &Summary) -> Vec<u8> {
        let driver = sarif::ToolComponent::builder()
            .name("mdip")
            .version(env!("CARGO_PKG_VERSION"))
            .rules(rules())
            .build();
        let notifications: Vec<sarif::Notification> = problems
            .iter()
            .map(|p| {
                // The generated type holds the level as a JSON value.
                let level = match p.severity {
                    SeverityName::Error => "error",
                    SeverityName::Warning => "warning",
                };
                sarif::Notification::builder()
                    .level(level)
                    .message(sarif::Message::builder().text(&p.message).build())
                    .locations(vec![sarif::Location::builder()
                        .physical_location(
                            sarif::PhysicalLocation::builder()
                                .artifact_location(
                                    sarif::ArtifactLocation::builder().uri(&p.path).build(),
                                )
                                .build(),
                        )
                        .build()])
                    .build()
            })
            .collect();
        let invocation = sarif::Invocation::builder()
            .execution_successful(summary.unreadable == 0)
            .tool_execution_notifications(notifications)
            .build();
        let run = sarif::Run::builder()
            .tool(sarif::Tool::builder().driver(driver).build())
            .results(std::mem::take(&mut self.results))
            .invocations(vec![invocation])
            .column_kind("unicodeCodePoints")
            .build();
        let log = sarif::Sarif::builder()
            .version("2.1.0")
            .schema(sarif::SCHEMA_URL)
            .runs(vec![run])
            .build();
        let mut out = serde_json::to_vec(&log).unwrap_or_default();
        out.push(b'\n');
        out
    }
}
