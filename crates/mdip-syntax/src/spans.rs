//! Lists every span of a parse and checks the invariants of a parse, for tests and fuzzers.

use crate::ast::LineKind;
use crate::line_index::LineIndex;
use crate::parser::Parse;
use crate::span::Span;
use crate::walk::{walk, Step};

impl Parse {
    /// Returns every span in the tree (as [`crate::walk()`] visits it) and in the errors.
    ///
    /// Meant for invariant checks: each lies within the text, on character boundaries, with
    /// `start <= end`.
    #[must_use]
    pub fn spans(&self) -> Vec<Span> {
        let mut out = Vec::new();
        walk(&self.file, &mut |_, span, _| {
            out.push(span);
            Step::Into
        });
        out.extend(self.errors.iter().map(|e| e.span));
        out
    }

    /// Checks the invariants of a parse of `text`, describing the first one broken:
    ///
    /// - every span lies inside the text, on character boundaries, with `start <= end`;
    /// - the lines are the lines of [`LineIndex`], in order;
    /// - each line has at most one error, within the line, and every unreadable line and
    ///   incomplete order has one.
    ///
    /// # Errors
    ///
    /// Returns a description of the first broken invariant.
    pub fn validate(&self, text: &str) -> Result<(), String> {
        let text = crate::clamp_text(text);
        for span in self.spans() {
            let inside = span.start <= span.end && span.end as usize <= text.len();
            if !inside
                || !text.is_char_boundary(span.start as usize)
                || !text.is_char_boundary(span.end as usize)
            {
                return Err(format!("span {span:?} is not a valid range of the text"));
            }
        }
        let index = LineIndex::new(text);
        if self.file.lines.len() != index.line_count() {
            return Err(format!(
                "{} lines in the tree, {} in the text",
                self.file.lines.len(),
                index.line_count()
            ));
        }
        for (i, line) in self.file.lines.iter().enumerate() {
            if Some(line.span) != index.line_span(i) {
                return Err(format!("line {i} has span {:?}", line.span));
            }
        }
        let mut errors_per_line = vec![0usize; self.file.lines.len()];
        for error in &self.errors {
            let line = self.file.line_number_at(error.span.start);
            if !self.file.lines[line].span.touches(error.span.end) {
                return Err(format!("error {error} spans several lines"));
            }
            errors_per_line[line] += 1;
        }
        for (i, (line, count)) in self.file.lines.iter().zip(errors_per_line).enumerate() {
            let needs_error = match &line.kind {
                LineKind::Error => true,
                LineKind::Order(order) => order.order.is_incomplete(),
                _ => false,
            };
            if count > 1 || (needs_error && count == 0) {
                return Err(format!("line {i} has {count} errors"));
            }
        }
        Ok(())
    }
}
