//! Positions as the client counts them, and their conversion to and from byte offsets.
//!
//! The analysis core speaks byte offsets into UTF-8 text. A client speaks zero-based lines and
//! columns, the columns counted in the units negotiated at initialization: UTF-8 bytes when the
//! client offers them, else UTF-16 code units (the protocol's default). Lines end at LF, CRLF
//! or a lone CR, exactly as `mdip_syntax::LineIndex` and ropey (with `cr_lines`) split them.
//!
//! Every conversion is total: a line past the end clamps to the end of the text, a column past
//! the end of its line clamps to the end of that line (the protocol asks for this), and a column
//! inside a character (the middle of a UTF-8 sequence or of a surrogate pair) rounds down to the
//! start of that character.

use ropey::{Rope, RopeSlice};

/// The unit in which columns are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Encoding {
    /// UTF-8 code units: bytes.
    Utf8,
    /// UTF-16 code units (the protocol's default).
    #[default]
    Utf16,
}

impl Encoding {
    /// The protocol's name for this encoding: `utf-8` or `utf-16`.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "utf-8",
            Encoding::Utf16 => "utf-16",
        }
    }

    /// The encoding to use given the ones the client offers (by protocol name): UTF-8 when
    /// offered, else UTF-16.
    pub fn negotiate<'a>(offered: impl IntoIterator<Item = &'a str>) -> Encoding {
        if offered.into_iter().any(|e| e.eq_ignore_ascii_case("utf-8")) {
            Encoding::Utf8
        } else {
            Encoding::Utf16
        }
    }
}

/// A zero-based line and a column in the negotiated units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Pos {
    /// The line.
    pub line: u32,
    /// The column, in [`Encoding`] units.
    pub col: u32,
}

impl Pos {
    /// Makes a position.
    pub fn new(line: u32, col: u32) -> Pos {
        Pos { line, col }
    }
}

/// The length in bytes of the line break ending `line` (0, 1 or 2).
fn break_len(line: RopeSlice<'_>) -> usize {
    let n = line.len_bytes();
    if n == 0 {
        return 0;
    }
    match line.byte(n - 1) {
        b'\n' if n >= 2 && line.byte(n - 2) == b'\r' => 2,
        b'\n' | b'\r' => 1,
        _ => 0,
    }
}

/// The byte range of line `line` without its line break; `None` past the last line.
pub fn line_bytes(rope: &Rope, line: usize) -> Option<(usize, usize)> {
    if line >= rope.len_lines() {
        return None;
    }
    let start = rope.line_to_byte(line);
    let slice = rope.line(line);
    Some((start, start + slice.len_bytes() - break_len(slice)))
}

/// The byte offset of a position, clamped into the text (see the module documentation).
pub fn to_offset(rope: &Rope, pos: Pos, enc: Encoding) -> usize {
    let Some((start, end)) = line_bytes(rope, pos.line as usize) else {
        return rope.len_bytes();
    };
    let col = pos.col as usize;
    match enc {
        Encoding::Utf8 => {
            let target = start.saturating_add(col).min(end);
            // Round down to a character boundary.
            rope.char_to_byte(rope.byte_to_char(target))
        }
        Encoding::Utf16 => {
            let start_char = rope.byte_to_char(start);
            let end_char = rope.byte_to_char(end);
            let start_cu = rope.char_to_utf16_cu(start_char);
            let end_cu = rope.char_to_utf16_cu(end_char);
            let target_cu = start_cu.saturating_add(col).min(end_cu);
            // `utf16_cu_to_char` rounds a unit inside a surrogate pair down to its character.
            let ch = rope.utf16_cu_to_char(target_cu).clamp(start_char, end_char);
            rope.char_to_byte(ch)
        }
    }
}

/// The position of a byte offset (clamped to the text, rounded down to a character boundary).
pub fn to_pos(rope: &Rope, offset: usize, enc: Encoding) -> Pos {
    let offset = offset.min(rope.len_bytes());
    let line = rope.byte_to_line(offset);
    let line_start = rope.line_to_byte(line);
    let col = match enc {
        Encoding::Utf8 => rope.char_to_byte(rope.byte_to_char(offset)) - line_start,
        Encoding::Utf16 => {
            let ch = rope.byte_to_char(offset);
            rope.char_to_utf16_cu(ch) - rope.char_to_utf16_cu(rope.byte_to_char(line_start))
        }
    };
    Pos {
        line: u32::try_from(line).unwrap_or(u32::MAX),
        col: u32::try_from(col).unwrap_or(u32::MAX),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roundtrip(text: &str, enc: Encoding) {
        let rope = Rope::from_str(text);
        for (offset, _) in text.char_indices().chain([(text.len(), ' ')]) {
            if text[..offset].ends_with('\r') && text[offset..].starts_with('\n') {
                continue; // Inside a CRLF: not a position.
            }
            let pos = to_pos(&rope, offset, enc);
            assert_eq!(
                to_offset(&rope, pos, enc),
                offset,
                "{text:?} {offset} {pos:?} {enc:?}"
            );
        }
    }

    #[test]
    fn offsets_roundtrip_in_both_encodings() {
        for text in [
            "",
            "A Munich\n",
            "# ΑΒΓ 日本 🎲\r\nGermany 0:0\rA Munich - Tyrolia\n\n",
            "🎲🎲\n🎲x",
        ] {
            roundtrip(text, Encoding::Utf8);
            roundtrip(text, Encoding::Utf16);
        }
    }

    #[test]
    fn non_ascii_columns_differ_by_encoding() {
        let rope = Rope::from_str("# é🎲x\nA");
        // `x` is at byte 1+1+2+4 = 8, UTF-16 unit 1+1+1+2 = 5.
        assert_eq!(to_pos(&rope, 8, Encoding::Utf8), Pos::new(0, 8));
        assert_eq!(to_pos(&rope, 8, Encoding::Utf16), Pos::new(0, 5));
        assert_eq!(to_offset(&rope, Pos::new(0, 5), Encoding::Utf16), 8);
        // Inside the surrogate pair of 🎲 (unit 4): rounds down to its start, byte 4.
        assert_eq!(to_offset(&rope, Pos::new(0, 4), Encoding::Utf16), 4);
        // Inside the UTF-8 sequence of 🎲: rounds down too.
        assert_eq!(to_offset(&rope, Pos::new(0, 6), Encoding::Utf8), 4);
    }

    #[test]
    fn positions_past_the_end_clamp() {
        let rope = Rope::from_str("ab\r\ncd");
        assert_eq!(to_offset(&rope, Pos::new(0, 99), Encoding::Utf16), 2);
        assert_eq!(to_offset(&rope, Pos::new(1, 99), Encoding::Utf8), 6);
        assert_eq!(to_offset(&rope, Pos::new(7, 0), Encoding::Utf8), 6);
        assert_eq!(to_pos(&rope, 99, Encoding::Utf8), Pos::new(1, 2));
        // Inside CRLF: belongs to the line it ends.
        assert_eq!(to_pos(&rope, 3, Encoding::Utf8).line, 0);
    }

    #[test]
    fn negotiation_prefers_utf8() {
        assert_eq!(Encoding::negotiate(["utf-16", "utf-8"]), Encoding::Utf8);
        assert_eq!(Encoding::negotiate(["utf-32", "utf-16"]), Encoding::Utf16);
        assert_eq!(Encoding::negotiate([]), Encoding::Utf16);
    }
}
