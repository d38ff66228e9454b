//! Characters a terminal must not receive raw, and their names.
//!
//! A file (or a file name) can hold characters that steer a terminal or reorder what it shows:
//! C0 controls (ESC starts colour changes, title changes, hyperlinks; CR and BS overwrite what
//! was written), DEL, C1 controls (U+0080 to U+009F; CSI and OSC among them), and the Unicode
//! bidirectional controls, with which a line can display in another order than it is read (the
//! "trojan source" pattern, CVE-2021-42574). [`escape`] writes them as `\u{1b}`; [`describe`]
//! names one for a message: `U+202E RIGHT-TO-LEFT OVERRIDE`.
//!
//! The names are the Unicode character names (for controls, which have none, their Unicode
//! name aliases), for the characters a message may have to name invisibly; others are named by
//! their code point only.

use std::borrow::Cow;

/// Whether `c` is a bidirectional formatting control: ALM, LRM, RLM, the embeddings and
/// overrides (U+202A to U+202E) and the isolates (U+2066 to U+2069).
#[must_use]
pub fn is_bidi(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Whether `c` must not reach a terminal raw: a C0 control other than tab and line feed, DEL,
/// a C1 control, or a bidirectional control.
#[must_use]
pub fn is_unsafe(c: char) -> bool {
    (c.is_control() && c != '\t' && c != '\n') || is_bidi(c)
}

/// Whether `c` shows nothing (or nothing recognisable) when printed: controls, format
/// characters and the spaces other than U+0020.
#[must_use]
pub fn is_invisible(c: char) -> bool {
    c.is_control()
        || (c.is_whitespace() && c != ' ')
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{FFF9}'..='\u{FFFB}'
        )
}

/// The text with every [unsafe](is_unsafe) character written as `\u{1b}` (a CR directly before
/// a LF is kept: it moves nothing). Borrowed when there is none.
#[must_use]
pub fn escape(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let needs =
        |(i, c): (usize, char)| is_unsafe(c) && !(c == '\r' && bytes.get(i + 1) == Some(&b'\n'));
    // Printable ASCII, tab and line feed are safe: skip them bytewise (whole files pass here),
    // then look at characters from the first other byte (a character boundary, as every byte
    // before it is ASCII).
    let Some(from) = bytes
        .iter()
        .position(|&b| b >= 0x7f || (b < 0x20 && b != b'\t' && b != b'\n'))
    else {
        return Cow::Borrowed(text);
    };
    let Some((first, _)) = text[from..]
        .char_indices()
        .map(|(i, c)| (from + i, c))
        .find(|&ic| needs(ic))
    else {
        return Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(text.len() + 8);
    out.push_str(&text[..first]);
    for (i, c) in text[first..].char_indices() {
        if needs((first + i, c)) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Whether the text holds an [unsafe](is_unsafe) character (a CR before a LF excepted).
#[must_use]
pub fn has_unsafe(text: &str) -> bool {
    matches!(escape(text), Cow::Owned(_))
}

/// `U+202E RIGHT-TO-LEFT OVERRIDE`, or `U+00E9` for a character without a name here.
#[must_use]
pub fn describe(c: char) -> String {
    match name(c) {
        Some(name) => format!("U+{:04X} {name}", c as u32),
        None => format!("U+{:04X}", c as u32),
    }
}

/// The name of a control, format or space character, or of a few others a message may name.
#[must_use]
pub fn name(c: char) -> Option<&'static str> {
    const C0: [&str; 32] = [
        "NULL",
        "START OF HEADING",
        "START OF TEXT",
        "END OF TEXT",
        "END OF TRANSMISSION",
        "ENQUIRY",
        "ACKNOWLEDGE",
        "BELL",
        "BACKSPACE",
        "CHARACTER TABULATION",
        "LINE FEED",
        "LINE TABULATION",
        "FORM FEED",
        "CARRIAGE RETURN",
        "SHIFT OUT",
        "SHIFT IN",
        "DATA LINK ESCAPE",
        "DEVICE CONTROL ONE",
        "DEVICE CONTROL TWO",
        "DEVICE CONTROL THREE",
        "DEVICE CONTROL FOUR",
        "NEGATIVE ACKNOWLEDGE",
        "SYNCHRONOUS IDLE",
        "END OF TRANSMISSION BLOCK",
        "CANCEL",
        "END OF MEDIUM",
        "SUBSTITUTE",
        "ESCAPE",
        "INFORMATION SEPARATOR FOUR",
        "INFORMATION SEPARATOR THREE",
        "INFORMATION SEPARATOR TWO",
        "INFORMATION SEPARATOR ONE",
    ];
    const C1: [&str; 32] = [
        "PADDING CHARACTER",
        "HIGH OCTET PRESET",
        "BREAK PERMITTED HERE",
        "NO BREAK HERE",
        "INDEX",
        "NEXT LINE",
        "START OF SELECTED AREA",
        "END OF SELECTED AREA",
        "CHARACTER TABULATION SET",
        "CHARACTER TABULATION WITH JUSTIFICATION",
        "LINE TABULATION SET",
        "PARTIAL LINE FORWARD",
        "PARTIAL LINE BACKWARD",
        "REVERSE LINE FEED",
        "SINGLE SHIFT TWO",
        "SINGLE SHIFT THREE",
        "DEVICE CONTROL STRING",
        "PRIVATE USE ONE",
        "PRIVATE USE TWO",
        "SET TRANSMIT STATE",
        "CANCEL CHARACTER",
        "MESSAGE WAITING",
        "START OF GUARDED AREA",
        "END OF GUARDED AREA",
        "START OF STRING",
        "SINGLE GRAPHIC CHARACTER INTRODUCER",
        "SINGLE CHARACTER INTRODUCER",
        "CONTROL SEQUENCE INTRODUCER",
        "STRING TERMINATOR",
        "OPERATING SYSTEM COMMAND",
        "PRIVACY MESSAGE",
        "APPLICATION PROGRAM COMMAND",
    ];
    let n = c as u32;
    Some(match c {
        '\u{0}'..='\u{1F}' => C0[n as usize],
        '\u{7F}' => "DELETE",
        '\u{80}'..='\u{9F}' => C1[(n - 0x80) as usize],
        '\u{A0}' => "NO-BREAK SPACE",
        '\u{AD}' => "SOFT HYPHEN",
        '\u{034F}' => "COMBINING GRAPHEME JOINER",
        '\u{061C}' => "ARABIC LETTER MARK",
        '\u{1680}' => "OGHAM SPACE MARK",
        '\u{180E}' => "MONGOLIAN VOWEL SEPARATOR",
        '\u{2000}' => "EN QUAD",
        '\u{2001}' => "EM QUAD",
        '\u{2002}' => "EN SPACE",
        '\u{2003}' => "EM SPACE",
        '\u{2004}' => "THREE-PER-EM SPACE",
        '\u{2005}' => "FOUR-PER-EM SPACE",
        '\u{2006}' => "SIX-PER-EM SPACE",
        '\u{2007}' => "FIGURE SPACE",
        '\u{2008}' => "PUNCTUATION SPACE",
        '\u{2009}' => "THIN SPACE",
        '\u{200A}' => "HAIR SPACE",
        '\u{200B}' => "ZERO WIDTH SPACE",
        '\u{200C}' => "ZERO WIDTH NON-JOINER",
        '\u{200D}' => "ZERO WIDTH JOINER",
        '\u{200E}' => "LEFT-TO-RIGHT MARK",
        '\u{200F}' => "RIGHT-TO-LEFT MARK",
        '\u{2028}' => "LINE SEPARATOR",
        '\u{2029}' => "PARAGRAPH SEPARATOR",
        '\u{202A}' => "LEFT-TO-RIGHT EMBEDDING",
        '\u{202B}' => "RIGHT-TO-LEFT EMBEDDING",
        '\u{202C}' => "POP DIRECTIONAL FORMATTING",
        '\u{202D}' => "LEFT-TO-RIGHT OVERRIDE",
        '\u{202E}' => "RIGHT-TO-LEFT OVERRIDE",
        '\u{202F}' => "NARROW NO-BREAK SPACE",
        '\u{205F}' => "MEDIUM MATHEMATICAL SPACE",
        '\u{2060}' => "WORD JOINER",
        '\u{2061}' => "FUNCTION APPLICATION",
        '\u{2062}' => "INVISIBLE TIMES",
        '\u{2063}' => "INVISIBLE SEPARATOR",
        '\u{2064}' => "INVISIBLE PLUS",
        '\u{2066}' => "LEFT-TO-RIGHT ISOLATE",
        '\u{2067}' => "RIGHT-TO-LEFT ISOLATE",
        '\u{2068}' => "FIRST STRONG ISOLATE",
        '\u{2069}' => "POP DIRECTIONAL ISOLATE",
        '\u{3000}' => "IDEOGRAPHIC SPACE",
        '\u{3164}' => "HANGUL FILLER",
        '\u{FEFF}' => "ZERO WIDTH NO-BREAK SPACE",
        '\u{FFFD}' => "REPLACEMENT CHARACTER",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_controls_and_bidi_and_keeps_crlf() {
        assert_eq!(escape("a\u{1b}[31mb"), "a\\u{1b}[31mb");
        assert_eq!(
            escape("x\u{202e}y\u{9b}z\u{7f}"),
            "x\\u{202e}y\\u{9b}z\\u{7f}"
        );
        assert_eq!(escape("a\tb\r\nc\rd"), "a\tb\r\nc\\u{d}d");
        assert!(matches!(escape("plain é 😀"), Cow::Borrowed(_)));
    }

    /// The escaping spelt out character by character, without the bytewise skip.
    fn escape_by_chars(text: &str) -> String {
        let chars: Vec<char> = text.chars().collect();
        let mut out = String::new();
        for (i, &c) in chars.iter().enumerate() {
            if is_unsafe(c) && !(c == '\r' && chars.get(i + 1) == Some(&'\n')) {
                out.push_str(&format!("\\u{{{:x}}}", c as u32));
            } else {
                out.push(c);
            }
        }
        out
    }

    #[test]
    fn the_bytewise_skip_escapes_as_the_characters_say() {
        let alphabet = [
            'a', ' ', '\t', '\n', '\r', '\u{1b}', '\u{7f}', 'é', '\u{9b}', '\u{202e}', '😀',
        ];
        let mut texts = vec![String::new()];
        for _ in 0..3 {
            let longer: Vec<String> = texts
                .iter()
                .flat_map(|t| alphabet.iter().map(move |c| format!("{t}{c}")))
                .collect();
            texts.extend(longer);
        }
        texts.dedup();
        for text in &texts {
            let escaped = escape(text);
            assert_eq!(escaped, escape_by_chars(text), "{text:?}");
            assert_eq!(
                matches!(escaped, Cow::Borrowed(_)),
                escaped == text.as_str(),
                "{text:?}"
            );
        }
    }

    #[test]
    fn names_controls_by_code_point_and_name() {
        assert_eq!(describe('\u{202E}'), "U+202E RIGHT-TO-LEFT OVERRIDE");
        assert_eq!(describe('\u{1B}'), "U+001B ESCAPE");
        assert_eq!(describe('\u{9D}'), "U+009D OPERATING SYSTEM COMMAND");
        assert_eq!(describe('\u{200B}'), "U+200B ZERO WIDTH SPACE");
        assert_eq!(describe('§'), "U+00A7");
        assert!(is_invisible('\u{200B}') && is_invisible('\u{1B}') && !is_invisible('§'));
    }
}
