//! `--format sarif`: SARIF 2.1.0 (the static-analysis results format that GitHub code
//! scanning and most CI dashboards read), built with the `serde-sarif` types. One run: the
//! tool with one rule per diagnostic code (its short description is the first sentence of the
//! `--explain` text, its full description and help the whole text, and its `helpUri` the code's
//! row of `docs/diagnostics.md` in the published repository), one result per diagnostic with
//! its region (1-based lines, columns in Unicode code points), related locations, and every
//! quick fix as a fix (the file's replacements, each with its region and inserted text);
//! unreadable paths are tool execution notifications.
//!
//! The repository is the workspace's `repository` field (`CARGO_PKG_REPOSITORY`), or
//! `MDIP_REPOSITORY_URL` when the binary is built (the release workflow sets it to the
//! repository it runs in). Without one, rules have no `helpUri` and the tool no
//! `informationUri`: a link to nowhere is worse than none.

use mdip_analysis::report::{DiagnosticReport, Problem, Range, SeverityName, Summary};
use mdip_analysis::Code;
use serde_sarif::sarif;

use std::io::{self, Write};

use super::{Checked, FormatWriter, Kept};

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

/// The public repository the binary was built from, if it is known.
pub(crate) const REPOSITORY: Option<&str> = match option_env!("MDIP_REPOSITORY_URL") {
    Some(url) if !url.is_empty() => Some(url),
    _ => {
        let url = env!("CARGO_PKG_REPOSITORY");
        if url.is_empty() {
            None
        } else {
            Some(url)
        }
    }
};

/// The documentation of a code, in this version's tree of `repository`: its row of
/// `docs/diagnostics.md`, whose anchor is the code in lower case (`#e0202`).
fn help_uri(repository: &str, code: &str) -> String {
    format!(
        "{}/blob/v{}/docs/diagnostics.md#{}",
        repository.trim_end_matches('/'),
        env!("CARGO_PKG_VERSION"),
        code.to_ascii_lowercase()
    )
}

/// The first sentence of an explanation.
fn first_sentence(text: &str) -> &str {
    match text.find(". ") {
        Some(i) => &text[..=i],
        None => text,
    }
}

fn message_string(text: impl Into<String>) -> sarif::MultiformatMessageString {
    sarif::MultiformatMessageString::builder()
        .text(text.into())
        .build()
}

/// One rule per diagnostic code: the `--explain` text as its descriptions and help, and a link
/// to its documentation when the repository is known.
fn rules(repository: Option<&str>) -> Vec<sarif::ReportingDescriptor> {
    Code::every()
        .map(|c| {
            let text = c.explain();
            let explained = mdip_analysis::explain::explain(c);
            let explained = explained
                .strip_prefix(&format!("{}: ", c.as_str()))
                .unwrap_or(&explained)
                .trim_end();
            // The summary and its meaning; the examples and the rule go in the help.
            let full = match explained.split_once("\n\nWrong") {
                Some((head, _)) => head,
                None => explained,
            };
            let help = message_string(format!(
                "{explained}\n\n(mdip check --explain {}; all codes: docs/diagnostics.md)",
                c.as_str()
            ));
            let base = sarif::ReportingDescriptor::builder()
                .id(c.as_str())
                .short_description(message_string(first_sentence(text)))
                .full_description(message_string(full))
                .help(help);
            match repository {
                Some(repository) => base.help_uri(help_uri(repository, c.as_str())).build(),
                None => base.build(),
            }
        })
        .collect()
}

/// The SARIF log of a run.
fn log(
    results: Vec<sarif::Result>,
    problems: &[Problem],
    summary: &Summary,
    repository: Option<&str>,
) -> sarif::Sarif {
    let driver = sarif::ToolComponent::builder()
        .name("mdip")
        .version(env!("CARGO_PKG_VERSION"))
        .rules(rules(repository));
    let driver = match repository {
        Some(repository) => driver.information_uri(repository).build(),
        None => driver.build(),
    };
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
        .results(results)
        .invocations(vec![invocation])
        .column_kind("unicodeCodePoints")
        .build();
    sarif::Sarif::builder()
        .version("2.1.0")
        .schema(sarif::SCHEMA_URL)
        .runs(vec![run])
        .build()
}

impl FormatWriter for Sarif {
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
        let results = std::mem::take(&mut self.results);
        let log = log(results, problems, summary, REPOSITORY);
        let mut out = serde_json::to_vec(&log).unwrap_or_default();
        out.push(b'\n');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn root() -> std::path::PathBuf {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
    }

    /// The pinned SARIF schema, without the `language` patterns that a strict regex engine
    /// refuses (see `tests/formats.rs`).
    fn schema() -> Value {
        fn drop_bad_patterns(v: &mut Value) {
            match v {
                Value::Object(map) => {
                    if map
                        .get("pattern")
                        .and_then(Value::as_str)
                        .is_some_and(|p| p.ends_with("{2}]?$"))
                    {
                        map.remove("pattern");
                    }
                    map.values_mut().for_each(drop_bad_patterns);
                }
                Value::Array(items) => items.iter_mut().for_each(drop_bad_patterns),
                _ => {}
            }
        }
        let path = root().join("tests/reference/sarif-schema-2.1.0.json");
        let mut schema: Value =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        drop_bad_patterns(&mut schema);
        schema
    }

    /// With a repository (as the release workflow builds the binary), every rule links to its
    /// row of `docs/diagnostics.md` in this version's tag, the anchor exists, and the tool
    /// links to the repository; the log still follows the schema.
    #[test]
    fn rules_link_to_their_documentation() {
        let repository = "https://github.com/owner/mdip";
        let log = log(Vec::new(), &[], &Summary::default(), Some(repository));
        let log = serde_json::to_value(&log).unwrap();
        let validator = jsonschema::validator_for(&schema()).unwrap();
        assert!(validator.is_valid(&log));
        let driver = &log["runs"][0]["tool"]["driver"];
        assert_eq!(driver["informationUri"], repository);
        let doc = std::fs::read_to_string(root().join("docs/diagnostics.md")).unwrap();
        let prefix = format!(
            "{repository}/blob/v{}/docs/diagnostics.md#",
            env!("CARGO_PKG_VERSION")
        );
        let rules = driver["rules"].as_array().unwrap();
        assert_eq!(rules.len(), Code::every().count());
        for rule in rules {
            let id = rule["id"].as_str().unwrap();
            let uri = rule["helpUri"].as_str().unwrap();
            let anchor = uri.strip_prefix(&prefix).unwrap_or_else(|| panic!("{uri}"));
            assert_eq!(anchor, id.to_ascii_lowercase());
            // The anchor is on the code's own heading.
            let heading = doc
                .lines()
                .find(|l| l.starts_with("### ") && l.contains(&format!("</a>{id} ")))
                .unwrap_or_else(|| panic!("docs/diagnostics.md has no heading for {id}"));
            assert!(
                heading.contains(&format!("<a id=\"{anchor}\"></a>")),
                "the heading of {id} in docs/diagnostics.md has no anchor `{anchor}`"
            );
        }
        // Without a repository, no link at all.
        let log =
            serde_json::to_value(super::log(Vec::new(), &[], &Summary::default(), None)).unwrap();
        let driver = &log["runs"][0]["tool"]["driver"];
        assert!(driver.get("informationUri").is_none());
        assert!(driver["rules"][0].get("helpUri").is_none());
        assert!(validator.is_valid(&log));
    }

    #[test]
    fn short_descriptions_are_first_sentences() {
        assert_eq!(first_sentence("One. Two."), "One.");
        assert_eq!(first_sentence("Only one."), "Only one.");
        assert_eq!(
            first_sentence("Coasts are nc (e.g. x). Two."),
            "Coasts are nc (e.g."
        );
    }
}
