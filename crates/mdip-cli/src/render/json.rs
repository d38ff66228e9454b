//! `--format json` (one document, schema `mdip-check/2`, compact unless `--pretty`) and
//! `--format json-lines` (one record per line: a start record, then one per file as it is
//! checked, one per problem, and the summary last). Both serialise the report types with
//! serde, file by file, so no whole-document value is ever built.

use mdip_analysis::report::{Problem, Record, Summary, SCHEMA};

use super::{Checked, Renderer};

/// `--format json`.
pub struct Json {
    pretty: bool,
}

impl Json {
    pub fn new(pretty: bool) -> Json {
        Json { pretty }
    }
}

/// Serialises a value, compact or indented `depth` levels deep (each line of a pretty value
/// shifted right; JSON strings hold no raw line breaks, so this cannot change a string).
fn to_bytes<T: serde::Serialize>(value: &T, pretty: bool, depth: usize) -> Vec<u8> {
    if !pretty {
        return serde_json::to_vec(value).unwrap_or_default();
    }
    let text = serde_json::to_string_pretty(value).unwrap_or_default();
    let pad = "  ".repeat(depth);
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    for (i, line) in text.lines().enumerate() {
        if i > 0 {
            out.push('\n');
            out.push_str(&pad);
        }
        out.push_str(line);
    }
    out.into_bytes()
}

impl Renderer for Json {
    fn start(&mut self) -> Vec<u8> {
        let schema = serde_json::to_string(SCHEMA).unwrap_or_default();
        if self.pretty {
            format!("{{\n  \"schema\": {schema},\n  \"files\": [\n    ").into_bytes()
        } else {
            format!("{{\"schema\":{schema},\"files\":[").into_bytes()
        }
    }

    fn separator(&self, n: usize) -> &'static str {
        match (n, self.pretty) {
            (0, _) => "",
            (_, true) => ",\n    ",
            (_, false) => ",",
        }
    }

    fn file(&self, file: &Checked<'_>) -> Vec<u8> {
        to_bytes(file.report, self.pretty, 2)
    }

    fn finish(&mut self, problems: &[Problem], summary: &Summary) -> Vec<u8> {
        let mut out = Vec::new();
        if self.pretty {
            out.extend_from_slice(b"\n  ],\n  \"problems\": ");
            out.extend(to_bytes(&problems, true, 1));
            out.extend_from_slice(b",\n  \"summary\": ");
            out.extend(to_bytes(summary, true, 1));
            out.extend_from_slice(b"\n}\n");
        } else {
            out.extend_from_slice(b"],\"problems\":");
            out.extend(to_bytes(&problems, false, 0));
            out.extend_from_slice(b",\"summary\":");
            out.extend(to_bytes(summary, false, 0));
            out.extend_from_slice(b"}\n");
        }
        out
    }
}

/// `--format json-lines`.
pub struct JsonLines;

fn line(record: &Record) -> Vec<u8> {
    let mut out = serde_json::to_vec(record).unwrap_or_default();
    out.push(b'\n');
    out
}

impl Renderer for JsonLines {
    fn start(&mut self) -> Vec<u8> {
        line(&Record::Start { schema: SCHEMA })
    }

    fn problem(&self, problem: &Problem) -> Vec<u8> {
        line(&Record::Problem(problem))
    }

    fn file(&self, file: &Checked<'_>) -> Vec<u8> {
        line(&Record::File(file.report))
    }

    fn finish(&mut self, _problems: &[Problem], summary: &Summary) -> Vec<u8> {
        line(&Record::Summary(summary))
    }
}
