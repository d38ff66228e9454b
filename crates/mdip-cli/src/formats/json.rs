//! `--format json` (one document, schema `mdip-check/2`, compact unless `--pretty`) and
//! `--format json-lines` (one record per line: a start record, then one per file as it is
//! checked, one per problem, and the summary last). Each file's report is serialised with
//! serde straight to the output as it is built ([`FileReport::streamed`]): no value of the
//! whole document, nor of a whole file, is ever held in memory.

use std::io::{self, Write};

use mdip_analysis::report::{Problem, Record, Summary, SCHEMA};
use mdip_analysis::FileReport;
use serde::Serialize;

use super::{Checked, FormatWriter};

/// `--format json`.
pub struct Json {
    pretty: bool,
}

impl Json {
    pub fn new(pretty: bool) -> Json {
        Json { pretty }
    }
}

/// A writer that indents every line after the first by `pad`: a pretty value nested in the
/// document. JSON strings hold no raw line breaks, so this cannot change a string.
struct Indented<'a, W: Write + ?Sized> {
    inner: &'a mut W,
    pad: &'static [u8],
}

impl<W: Write + ?Sized> Write for Indented<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut rest = buf;
        while let Some(at) = rest.iter().position(|&b| b == b'\n') {
            self.inner.write_all(&rest[..=at])?;
            self.inner.write_all(self.pad)?;
            rest = &rest[at + 1..];
        }
        self.inner.write_all(rest)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Writes a value, compact or pretty with every line after the first indented by `pad`.
fn write_value<T: Serialize + ?Sized>(
    out: &mut (impl Write + ?Sized),
    value: &T,
    pretty: bool,
    pad: &'static [u8],
) -> io::Result<()> {
    if pretty {
        serde_json::to_writer_pretty(Indented { inner: out, pad }, value)?;
    } else {
        serde_json::to_writer(out, value)?;
    }
    Ok(())
}

/// [`write_value`] to a file's sink, a dynamic writer: serde_json writes token by token, and
/// buffered here the sink sees a call per 64 KiB instead of one per token.
fn write_file<T: Serialize + ?Sized>(
    out: &mut dyn Write,
    value: &T,
    pretty: bool,
    pad: &'static [u8],
) -> io::Result<()> {
    let mut w = std::io::BufWriter::with_capacity(1 << 16, out);
    write_value(&mut w, value, pretty, pad)?;
    w.flush()
}

/// A value as bytes (for the small parts written by the writing thread).
fn to_bytes<T: Serialize + ?Sized>(value: &T, pretty: bool, pad: &'static [u8]) -> Vec<u8> {
    let mut out = Vec::new();
    // Writing to a vector fails only if the value cannot be serialised, and ours all can.
    let _ = write_value(&mut out, value, pretty, pad);
    out
}

impl FormatWriter for Json {
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

    fn file(&self, file: &Checked<'_>, out: &mut dyn Write) -> io::Result<()> {
        let report = FileReport::streamed(file.path(), file.text, file.analysis);
        write_file(out, &report, self.pretty, b"    ")
    }

    fn finish(&mut self, problems: &[Problem], summary: &Summary) -> Vec<u8> {
        let mut out = Vec::new();
        if self.pretty {
            out.extend_from_slice(b"\n  ],\n  \"problems\": ");
            out.extend(to_bytes(problems, true, b"  "));
            out.extend_from_slice(b",\n  \"summary\": ");
            out.extend(to_bytes(summary, true, b"  "));
            out.extend_from_slice(b"\n}\n");
        } else {
            out.extend_from_slice(b"],\"problems\":");
            out.extend(to_bytes(problems, false, b""));
            out.extend_from_slice(b",\"summary\":");
            out.extend(to_bytes(summary, false, b""));
            out.extend_from_slice(b"}\n");
        }
        out
    }
}

/// `--format json-lines`.
pub struct JsonLines;

fn line(record: &Record) -> Vec<u8> {
    let mut out = to_bytes(record, false, b"");
    out.push(b'\n');
    out
}

impl FormatWriter for JsonLines {
    fn start(&mut self) -> Vec<u8> {
        line(&Record::Start { schema: SCHEMA })
    }

    fn problem(&self, problem: &Problem) -> Vec<u8> {
        line(&Record::Problem(problem))
    }

    fn file(&self, file: &Checked<'_>, out: &mut dyn Write) -> io::Result<()> {
        let report = FileReport::streamed(file.path(), file.text, file.analysis);
        write_file(out, &Record::File(report), false, b"")?;
        out.write_all(b"\n")
    }

    fn finish(&mut self, _problems: &[Problem], summary: &Summary) -> Vec<u8> {
        line(&Record::Summary(summary))
    }
}
