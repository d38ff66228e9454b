//! Conversion between byte offsets and line/column positions.
//!
//! Lines are split exactly where the parser splits them: at LF, at CRLF (one break) and at a
//! lone CR. Columns are byte offsets from the start of the line; converting them to UTF-16 or
//! characters for a client is the job of the language server.

use crate::span::Span;

/// A zero-based line and a byte column within it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LineCol {
    /// The line, from 0.
    pub line: u32,
    /// The byte offset from the start of the line.
    pub col: u32,
}

/// The start and end of every line of a text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineIndex {
    /// For each line, its span without the line break.
    lines: Vec<Span>,
    /// The length of the text.
    len: u32,
}

impl LineIndex {
    /// Indexes `text` (cut to `u32::MAX` bytes like [`crate::parse`] does).
    #[must_use]
    pub fn new(text: &str) -> LineIndex {
        let text = crate::clamp_text(text);
        let bytes = text.as_bytes();
        let mut lines = Vec::new();
        let mut start = 0usize;
        let mut i = 0usize;
        while i < bytes.len() {
            match bytes[i] {
                b'\n' => {
                    lines.push(span_of(start, i));
                    i += 1;
                    start = i;
                }
                b'\r' => {
                    lines.push(span_of(start, i));
                    i += if bytes.get(i + 1) == Some(&b'\n') {
                        2
                    } else {
                        1
                    };
                    start = i;
                }
                _ => i += 1,
            }
        }
        lines.push(span_of(start, bytes.len()));
        LineIndex {
            lines,
            len: span_of(0, bytes.len()).end,
        }
    }

    /// Returns the number of lines; a text ending with a line break has an empty last line.
    #[must_use]
    pub fn line_count(&self) -> usize {
        self.lines.len()
    }

    /// Returns the span of line `line` without its line break.
    #[must_use]
    pub fn line_span(&self, line: usize) -> Option<Span> {
        self.lines.get(line).copied()
    }

    /// Returns the line and column of `offset`. An offset inside a line break belongs to the
    /// line it ends; an offset past the end of the text is clamped to the end.
    #[must_use]
    pub fn line_col(&self, offset: u32) -> LineCol {
        let offset = offset.min(self.len);
        let line = self
            .lines
            .partition_point(|span| span.start <= offset)
            .saturating_sub(1);
        let start = self.lines.get(line).map_or(0, |span| span.start);
        // The number of lines fits in `u32`, since each one but the last ends with a byte of
        // a text shorter than `u32::MAX` bytes.
        LineCol {
            line: line as u32,
            col: offset - start,
        }
    }

    /// Returns the offset of a line and column, or `None` if the line does not exist or the
    /// column lies past the end of the line (its line break excluded).
    #[must_use]
    pub fn offset(&self, pos: LineCol) -> Option<u32> {
        let span = self.lines.get(pos.line as usize)?;
        let offset = span.start.checked_add(pos.col)?;
        (offset <= span.end).then_some(offset)
    }
}

/// Makes a span from `usize` offsets known to fit in `u32`.
fn span_of(start: usize, end: usize) -> Span {
    Span::new(
        u32::try_from(start).unwrap_or(u32::MAX),
        u32::try_from(end).unwrap_or(u32::MAX),
    )
}
