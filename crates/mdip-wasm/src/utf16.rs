//! Byte offsets (the analysis) to UTF-16 code unit offsets (the browser's strings and
//! CodeMirror's positions) and back.

/// The conversion table of one text: the non-ASCII characters, each with the shift between
/// bytes and UTF-16 units accumulated up to and including it.
#[derive(Clone, Debug, Default)]
pub struct Utf16 {
    /// (byte start, UTF-16 start, byte length, shift after it).
    wide: Vec<(u32, u32, u32, u32)>,
    /// The text's length in bytes and in UTF-16 units.
    len: (u32, u32),
}

impl Utf16 {
    /// The table of `text`.
    pub fn new(text: &str) -> Utf16 {
        let mut wide = Vec::new();
        let mut shift = 0u32;
        for (b, c) in text.char_indices() {
            let (bl, ul) = (c.len_utf8() as u32, c.len_utf16() as u32);
            if bl != ul {
                let start16 = b as u32 - shift;
                shift += bl - ul;
                wide.push((b as u32, start16, bl, shift));
            }
        }
        let len = (text.len() as u32, text.len() as u32 - shift);
        Utf16 { wide, len }
    }

    /// The UTF-16 offset of a byte offset (one inside a character counts as its start).
    pub fn to16(&self, byte: u32) -> u32 {
        let byte = byte.min(self.len.0);
        // The wide characters that start before `byte`.
        let k = self.wide.partition_point(|w| w.0 < byte);
        match k.checked_sub(1).map(|i| self.wide[i]) {
            None => byte,
            Some((start, start16, bl, _)) if byte < start + bl => start16,
            Some((_, _, _, shift)) => byte - shift,
        }
    }

    /// The byte offset of a UTF-16 offset (one inside a surrogate pair counts as its
    /// character's start).
    pub fn to8(&self, unit: u32) -> u32 {
        let unit = unit.min(self.len.1);
        let k = self.wide.partition_point(|w| w.1 < unit);
        match k.checked_sub(1).map(|i| self.wide[i]) {
            None => unit,
            Some((start, start16, bl, shift)) => {
                let ul = bl - (shift - self.shift_before(k - 1));
                if unit < start16 + ul {
                    start
                } else {
                    unit + shift
                }
            }
        }
    }

    fn shift_before(&self, i: usize) -> u32 {
        i.checked_sub(1).map_or(0, |j| self.wide[j].3)
    }
}

#[cfg(test)]
mod tests {
    use super::Utf16;

    #[test]
    fn round_trips_every_boundary() {
        let text = "a é 😀 b\n# Zürich 𝄞 x";
        let t = Utf16::new(text);
        for (b, c) in text.char_indices().chain([(text.len(), ' ')]) {
            let u = text[..b].encode_utf16().count() as u32;
            assert_eq!(t.to16(b as u32), u, "byte {b} ({c:?})");
            assert_eq!(t.to8(u), b as u32, "unit {u}");
        }
        // Inside a character: its start.
        let e = text.find('é').unwrap() as u32;
        assert_eq!(t.to16(e + 1), t.to16(e));
        let smile16 = t.to16(text.find('😀').unwrap() as u32);
        assert_eq!(t.to8(smile16 + 1), text.find('😀').unwrap() as u32);
    }

    #[test]
    fn ascii_is_the_identity() {
        let t = Utf16::new("England:\nF London Hold\n");
        assert_eq!(t.to16(5), 5);
        assert_eq!(t.to8(12), 12);
        assert_eq!(t.to8(1000), 23);
    }
}
