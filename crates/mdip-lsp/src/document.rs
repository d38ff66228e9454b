//! An open document: its text as a rope, its version, and the edits applied to it.
//!
//! Edits arrive as ranges in client positions ([`Pos`]) and are applied in the order the client
//! sent them (the server applies them on its reader task, see `lsp::ordered`). Each edit is
//! classified: an edit that stays inside the `#` comment of one line changes no meaning, so the
//! last analysis stays valid once its byte offsets are shifted ([`Remap`]); any other edit needs
//! a new analysis.

use ropey::Rope;

use crate::encoding::{line_bytes, to_offset, Encoding, Pos};

/// One change of a `didChange` notification, in client positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextChange {
    /// The range replaced (`None`: the whole text).
    pub range: Option<(Pos, Pos)>,
    /// The new text.
    pub text: String,
}

/// How byte offsets of an analysed text (the *base*) map into the current text, when the two
/// differ only inside one region that no analysis span starts or ends in except comment ends:
/// `base[start..base_end]` became `current[start..new_end]`. The identity has an empty region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Remap {
    /// Where the region starts (same in both texts).
    pub start: usize,
    /// Its end in the base text.
    pub base_end: usize,
    /// Its end in the current text.
    pub new_end: usize,
}

impl Remap {
    /// Whether base and current text are the same.
    pub fn is_identity(&self) -> bool {
        self.base_end == self.start && self.new_end == self.start
    }

    /// A base offset in the current text. An offset at the end of the region moves with it, so
    /// that a comment ending where text was typed grows with the typing.
    pub fn to_current(&self, offset: usize) -> usize {
        if offset < self.start {
            offset
        } else if offset >= self.base_end {
            offset - self.base_end + self.new_end
        } else {
            (self.start + (offset - self.start)).min(self.new_end)
        }
    }

    /// A current offset in the base text (rounded into the region when inside it).
    pub fn to_base(&self, offset: usize) -> usize {
        if offset < self.start {
            offset
        } else if offset >= self.new_end {
            offset - self.new_end + self.base_end
        } else {
            (self.start + (offset - self.start)).min(self.base_end)
        }
    }

    /// This remap followed by the edit `current[s..e] -> new_len bytes`, as one region: the
    /// hull of both. The caller makes sure that the hull lies inside one comment.
    fn then(self, s: usize, e: usize, new_len: usize) -> Remap {
        if self.is_identity() {
            return Remap {
                start: s,
                base_end: e,
                new_end: s + new_len,
            };
        }
        // The hull of the region and the edit, in current coordinates before the edit; its end
        // is at or after the region's end, where offsets map by a plain shift.
        let hull_end = e.max(self.new_end);
        Remap {
            start: s.min(self.start),
            base_end: hull_end - self.new_end + self.base_end,
            new_end: hull_end + new_len - (e - s),
        }
    }
}

/// An open document.
#[derive(Clone, Debug)]
pub struct Document {
    /// The current text.
    pub rope: Rope,
    /// The client's version.
    pub version: i32,
    /// Our own edit counter: grows by one per applied change, whatever the client's versions.
    pub seq: u64,
    /// How the text analysed last (`base_seq`) maps into the current text, while every edit
    /// since stayed inside one comment; `None` once an edit needs a new analysis.
    pub remap: Option<Remap>,
    /// The `seq` of the text the remap starts from.
    pub base_seq: u64,
    /// The first line changed since the text analysed last (`base_seq`): the lines before it
    /// are the same in both texts, so the analysis can resume from a checkpoint before it.
    /// `None` when nothing changed or the whole text was replaced.
    pub first_changed_line: Option<usize>,
}

impl Document {
    /// A document opened with `text`.
    pub fn new(text: &str, version: i32) -> Document {
        Document {
            rope: Rope::from_str(text),
            version,
            seq: 1,
            remap: None,
            base_seq: 0,
            first_changed_line: None,
        }
    }

    /// Applies the changes of one notification, in order, and sets the version.
    pub fn apply(&mut self, changes: &[TextChange], version: i32, enc: Encoding) {
        for change in changes {
            self.apply_one(change, enc);
        }
        self.version = version;
    }

    fn apply_one(&mut self, change: &TextChange, enc: Encoding) {
        self.seq += 1;
        let Some((a, b)) = change.range else {
            self.rope = Rope::from_str(&change.text);
            self.remap = None;
            self.first_changed_line = Some(0);
            return;
        };
        let (a, b) = if b < a { (b, a) } else { (a, b) };
        let s = to_offset(&self.rope, a, enc);
        let e = to_offset(&self.rope, b, enc).max(s);
        let in_comment = self.inside_comment(s, e, &change.text);
        // The line before the edit too: an edit right after a line break may join lines.
        let line = self.rope.byte_to_line(s).saturating_sub(1);
        self.first_changed_line = Some(self.first_changed_line.map_or(line, |l| l.min(line)));
        self.remap = match (in_comment, self.remap) {
            // Two comment edits merge into one region when they are on the same line (then
            // in the same comment, which runs to the end of the line).
            (true, Some(r))
                if r.is_identity()
                    || self.rope.byte_to_line(r.start) == self.rope.byte_to_line(s) =>
            {
                Some(r.then(s, e, change.text.len()))
            }
            _ => None,
        };
        let sc = self.rope.byte_to_char(s);
        let ec = self.rope.byte_to_char(e);
        self.rope.remove(sc..ec);
        self.rope.insert(sc, &change.text);
    }

    /// Whether replacing `s..e` by `text` only changes the text of one line's `#` comment: the
    /// range lies within one line after a `#` and neither removes nor inserts a line break.
    fn inside_comment(&self, s: usize, e: usize, text: &str) -> bool {
        if text.contains(['\n', '\r']) {
            return false;
        }
        let line = self.rope.byte_to_line(s);
        let Some((start, end)) = line_bytes(&self.rope, line) else {
            return false;
        };
        if e > end {
            return false;
        }
        // A `#` always starts a comment that runs to the end of the line.
        if !self.rope.byte_slice(start..s).bytes().any(|b| b == b'#') {
            return false;
        }
        // A suppression comment (`# mdip: ignore[...]`) changes what is reported: the line
        // is read again when it holds one before or after the edit.
        let mut after = self.rope.byte_slice(start..end).to_string();
        let before_has = after.contains("mdip:");
        after.replace_range(s - start..e - start, text);
        !(before_has || after.contains("mdip:"))
    }

    /// Records that the current text is being analysed: later comment edits map from it.
    pub fn mark_analysed(&mut self) {
        self.base_seq = self.seq;
        self.remap = Some(Remap::default());
        self.first_changed_line = None;
    }

    /// The whole text.
    pub fn text(&self) -> String {
        self.rope.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(l0: u32, c0: u32, l1: u32, c1: u32, text: &str) -> TextChange {
        TextChange {
            range: Some((Pos::new(l0, c0), Pos::new(l1, c1))),
            text: text.into(),
        }
    }

    #[test]
    fn incremental_edits_apply_in_order() {
        let mut d = Document::new("Germany:\nA Munich hold\n", 1);
        d.apply(
            &[change(1, 2, 1, 8, "Berlin"), change(1, 9, 1, 13, "H")],
            2,
            Encoding::Utf16,
        );
        assert_eq!(d.text(), "Germany:\nA Berlin H\n");
        d.apply(
            &[TextChange {
                range: None,
                text: "x".into(),
            }],
            3,
            Encoding::Utf8,
        );
        assert_eq!(d.text(), "x");
        assert_eq!(d.version, 3);
    }

    #[test]
    fn comment_edits_keep_a_remap_and_others_drop_it() {
        let mut d = Document::new("A Munich hold # héllo\nA Kiel\n", 1);
        d.mark_analysed();
        // Type "ab" at the end of the comment (byte 22 = UTF-16 column 21).
        d.apply(&[change(0, 21, 0, 21, "a")], 2, Encoding::Utf16);
        d.apply(&[change(0, 22, 0, 22, "b")], 3, Encoding::Utf16);
        assert_eq!(d.text(), "A Munich hold # hélloab\nA Kiel\n");
        let r = d.remap.expect("comment edits keep the remap");
        assert_eq!(
            r.to_current(22),
            24,
            "the comment's end moves with the typing"
        );
        assert_eq!(r.to_current(23), 25, "the next line shifts");
        assert_eq!(r.to_current(3), 3);
        assert_eq!(r.to_base(25), 23);
        // Deleting earlier in the same comment (`h`; byte 18 is inside `é`, rounded down).
        d.apply(&[change(0, 16, 0, 18, "")], 4, Encoding::Utf8);
        assert_eq!(d.text(), "A Munich hold # élloab\nA Kiel\n");
        let r = d.remap.expect("same comment");
        assert_eq!((r.to_current(16), r.to_current(23)), (16, 24));
        assert_eq!(r.to_current(3), 3);
        // Then editing an order.
        d.apply(&[change(1, 2, 1, 6, "Berlin")], 5, Encoding::Utf8);
        assert!(d.remap.is_none());
    }

    #[test]
    fn edits_that_touch_line_breaks_or_the_hash_are_not_comment_edits() {
        for c in [
            change(0, 5, 0, 5, "\n"),
            change(0, 4, 0, 6, ""),
            change(0, 7, 1, 0, ""),
            change(0, 0, 0, 0, "x"),
        ] {
            let mut d = Document::new("A x # c\nA y\n", 1);
            d.mark_analysed();
            d.apply(std::slice::from_ref(&c), 2, Encoding::Utf8);
            assert!(d.remap.is_none(), "{c:?}");
        }
    }

    /// A comment that is, or becomes, a suppression (`# mdip: ignore[...]`) changes what is
    /// reported: its edits are analysed again.
    #[test]
    fn edits_of_a_suppression_comment_are_not_comment_edits() {
        for (text, c) in [
            (
                "A x # mdip: ignore[E0202]\n",
                change(0, 24, 0, 24, ", W0201"),
            ),
            ("A x # mdip\n", change(0, 10, 0, 10, ":")),
            ("A x # mdip: ignore[E0202]\n", change(0, 5, 0, 12, "")),
        ] {
            let mut d = Document::new(text, 1);
            d.mark_analysed();
            d.apply(std::slice::from_ref(&c), 2, Encoding::Utf8);
            assert!(d.remap.is_none(), "{text} {c:?}");
        }
        let mut d = Document::new("A x # mdi\n", 1);
        d.mark_analysed();
        d.apply(&[change(0, 9, 0, 9, "x")], 2, Encoding::Utf8);
        assert!(d.remap.is_some(), "other comments are still comment edits");
    }

    #[test]
    fn remaps_compose_over_one_region_only() {
        let mut d = Document::new("# one\n# two\n", 1);
        d.mark_analysed();
        d.apply(&[change(0, 5, 0, 5, "!")], 2, Encoding::Utf8);
        assert!(d.remap.is_some());
        d.apply(&[change(1, 5, 1, 5, "!")], 3, Encoding::Utf8);
        assert!(
            d.remap.is_none(),
            "two separate regions need a new analysis"
        );
    }
}
