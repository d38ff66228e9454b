//! The suppression comments of a line (`# mdip: ignore[E0202]`): where they are, what they
//! name, and the range a fix removes when one hides nothing.

use mdip_syntax::Span;

use super::*;

/// One code in a suppression comment.
#[derive(Clone, Debug)]
pub(super) struct Suppressed {
    /// The code, if it exists.
    pub(super) code: Option<Code>,
    pub(super) text: String,
    pub(super) span: Span,
    pub(super) used: bool,
}

/// A suppression comment: `# mdip: ignore[E0202, W0201]`.
#[derive(Clone, Debug)]
pub(super) struct Suppression {
    /// Zero-based line.
    pub(super) line: usize,
    /// From `mdip:` to `]`.
    pub(super) span: Span,
    /// What removing the whole suppression takes: the comment with the white space before
    /// it when the comment holds nothing else, else [`Suppression::span`].
    pub(super) whole: Span,
    pub(super) codes: Vec<Suppressed>,
}

/// The suppression comments of `text`, by line. The comment is `mdip: ignore[...]` anywhere in
/// a line's `#` comment, codes separated by commas or spaces.
pub(super) fn suppressions(text: &str) -> Vec<Suppression> {
    let mut out = Vec::new();
    if !text.contains("mdip:") {
        return out;
    }
    let mut start = 0usize;
    for (line, raw) in text.split('\n').enumerate() {
        let line_start = start;
        start += raw.len() + 1;
        let Some(hash) = raw.find('#') else {
            continue;
        };
        let comment = &raw[hash..];
        let Some(at) = comment.find("mdip:") else {
            continue;
        };
        let after = &comment[at + "mdip:".len()..];
        let trimmed = after.trim_start();
        let Some(list) = trimmed.strip_prefix("ignore[") else {
            continue;
        };
        let Some(close) = list.find(']') else {
            continue;
        };
        let base = line_start + hash + at + "mdip:".len() + (after.len() - trimmed.len());
        let list_start = base + "ignore[".len();
        let mut codes = Vec::new();
        let inner = &list[..close];
        let mut offset = 0;
        for part in inner.split([',', ' ']) {
            let part_start = list_start + offset;
            offset += part.len() + 1;
            let t = part.trim();
            if t.is_empty() {
                continue;
            }
            let lead = part.len() - part.trim_start().len();
            let s = u32::try_from(part_start + lead).unwrap_or(u32::MAX);
            codes.push(Suppressed {
                code: Code::from_code(t),
                text: t.to_owned(),
                span: Span::new(s, s.saturating_add(u32::try_from(t.len()).unwrap_or(0))),
                used: false,
            });
        }
        let from = u32::try_from(line_start + hash + at).unwrap_or(u32::MAX);
        let to = u32::try_from(list_start + close + 1).unwrap_or(u32::MAX);
        let alone = comment[1..at].trim().is_empty() && list[close + 1..].trim().is_empty();
        let whole = if alone {
            let before = raw[..hash].trim_end().len();
            let end = raw.trim_end().len();
            Span::new(
                u32::try_from(line_start + before).unwrap_or(u32::MAX),
                u32::try_from(line_start + end).unwrap_or(u32::MAX),
            )
        } else {
            Span::new(from, to)
        };
        out.push(Suppression {
            line,
            span: Span::new(from, to),
            whole,
            codes,
        });
    }
    out
}

/// What removing one unused code of a suppression takes: the code and a separator next to it,
/// or the whole `mdip: ignore[...]` when it is the only code (the `#` stays).
pub(super) fn removal(text: &str, s: &Suppression, c: &Suppressed) -> Span {
    if s.codes.len() == 1 {
        return s.whole;
    }
    let bytes = text.as_bytes();
    let mut end = c.span.end as usize;
    while end < s.span.end as usize - 1 && matches!(bytes[end], b',' | b' ') {
        end += 1;
    }
    if end == s.span.end as usize - 1 {
        // The last code: take the separator before it instead.
        let mut start = c.span.start as usize;
        while start > 0 && matches!(bytes[start - 1], b',' | b' ') {
            start -= 1;
        }
        return Span::new(u32::try_from(start).unwrap_or(0), c.span.end);
    }
    Span::new(c.span.start, u32::try_from(end).unwrap_or(u32::MAX))
}
