//! Folding of names for lookup, and fuzzy matching for "did you mean"
//! suggestions.
//!
//! Every name of the map (full names, abbreviations, aliases) is stored in
//! folded form, and user text is folded the same way before lookup, so
//! `St. Petersburg`, `st petersburg` and `ST  PETERSBURG` all meet. Both
//! functions here accept any string and never panic.

use crate::types::ProvinceId;

/// Every folded name of a map (abbreviations, full names, aliases) paired
/// with its province, sorted by name.
pub(crate) type NameList = Vec<(String, ProvinceId)>;

/// Folds a name for lookup: lower case, `.` and apostrophes dropped, `-` and
/// `_` read as spaces, runs of whitespace folded to one space, no leading or
/// trailing space.
///
/// ```
/// assert_eq!(mdip_map::normalize_name("  St. Petersburg "), "st petersburg");
/// assert_eq!(mdip_map::normalize_name("Mid-Atlantic\tOcean"), "mid atlantic ocean");
/// ```
pub fn normalize_name(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    // Whether a space is owed before the next kept character.
    let mut pending_space = false;
    for c in s.chars() {
        if matches!(c, '.' | '\'' | '\u{2019}') {
            continue;
        }
        if c.is_whitespace() || c == '-' || c == '_' {
            pending_space = !out.is_empty();
            continue;
        }
        if pending_space {
            out.push(' ');
            pending_space = false;
        }
        out.extend(c.to_lowercase());
    }
    out
}

/// [`normalize_name`] without allocating when the name is folded already (lower-case ASCII
/// letters and digits, single inner spaces), as abbreviations usually are: name lookups are a
/// tenth of analysing a typical order file, most of it this allocation.
pub(crate) fn folded(s: &str) -> std::borrow::Cow<'_, str> {
    let already = !s.is_empty()
        && !s.starts_with(' ')
        && !s.ends_with(' ')
        && !s.contains("  ")
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b' ');
    if already {
        std::borrow::Cow::Borrowed(s)
    } else {
        std::borrow::Cow::Owned(normalize_name(s))
    }
}

/// Inputs longer than this are never close to a province name; skipping
/// them keeps the edit-distance work small on pathological input.
pub(crate) const MAX_SUGGEST_LEN: usize = 64;

/// The most edits (optimal string alignment: insertions, deletions, substitutions and
/// transpositions of neighbours) a candidate may be from an input of
/// `len` characters: one for up to eight characters, two up to twelve, three
/// beyond.
fn max_edits(len: usize) -> usize {
    match len {
        0..=8 => 1,
        9..=12 => 2,
        _ => 3,
    }
}

/// The least Jaro-Winkler similarity that makes a candidate close enough
/// whatever its edit distance; both names must have at least
/// [`MIN_SIMILAR_LEN`] characters.
const MIN_SIMILARITY: f64 = 0.88;

/// Names shorter than this are matched by edit distance only.
const MIN_SIMILAR_LEN: usize = 5;

/// How one candidate name compares with the input: fewer edits first, then
/// the same letters in another order (a transposition, the commonest slip:
/// `nht` is `nth`, not `nat`, although both are one edit away), then higher
/// Jaro-Winkler similarity (kind to long names sharing a beginning, such as
/// `Munchen` for `Munich`).
#[derive(Clone, Copy, Debug)]
struct Rank {
    /// Optimal-string-alignment distance from the input (transpositions count one).
    edits: usize,
    /// Whether the name has exactly the input's letters, in another order.
    same_letters: bool,
    /// Jaro-Winkler similarity with the input, from 0 to 1.
    similarity: f64,
}

impl Rank {
    /// Whether `self` is strictly better than `other`. Short inputs (under
    /// [`MIN_SIMILAR_LEN`] characters) are compared by edits only, since a
    /// similarity score between three-letter strings says little.
    fn beats(self, other: Rank, short: bool) -> bool {
        if self.edits != other.edits {
            return self.edits < other.edits;
        }
        if self.same_letters != other.same_letters {
            return self.same_letters;
        }
        !short && self.similarity > other.similarity + 1e-9
    }
}

/// The province whose name best matches `input` among `keys` (folded names
/// paired with their province), or `None` if no name is close enough or if
/// two different provinces match equally well (a guess between them would
/// mislead).
///
/// A name is close enough if it is at most [`max_edits`] edits away, or if
/// both names have at least [`MIN_SIMILAR_LEN`] characters and a
/// Jaro-Winkler similarity of at least [`MIN_SIMILARITY`].
pub(crate) fn best_match(input: &str, keys: &[(String, ProvinceId)]) -> Option<ProvinceId> {
    ranked(input, keys, true)
}

/// [`best_match`]; `shortcut` rules out names far from the input by their character counts
/// before measuring them (the same answer, faster; the tests compare both).
fn ranked(input: &str, keys: &[(String, ProvinceId)], shortcut: bool) -> Option<ProvinceId> {
    let input = normalize_name(input);
    let len = input.chars().count();
    if len == 0 || len > MAX_SUGGEST_LEN {
        return None;
    }
    let short = len < MIN_SIMILAR_LEN;
    let input_histogram = histogram(&input);
    // The best rank so far, its province, and whether a different province
    // ranks just as well.
    let mut best: Option<(Rank, ProvinceId, bool)> = None;
    for (key, province) in keys {
        // Most names are far from the input: rule them out from character counts alone,
        // before the quadratic distances.
        let key_len = key.chars().count();
        let common = shared_upper_bound(&input_histogram, &histogram(key));
        let fewest_edits = len.max(key_len) - common.min(len.max(key_len));
        let may_be_similar = !short
            && key_len >= MIN_SIMILAR_LEN
            && similarity_upper_bound(&input, key, len, key_len, common) >= MIN_SIMILARITY;
        if shortcut && fewest_edits > max_edits(len) && !may_be_similar {
            continue;
        }
        let rank = Rank {
            edits: strsim::osa_distance(&input, key),
            same_letters: same_letters(&input, key),
            similarity: strsim::jaro_winkler(&input, key),
        };
        let similar =
            !short && key.chars().count() >= MIN_SIMILAR_LEN && rank.similarity >= MIN_SIMILARITY;
        if rank.edits > max_edits(len) && !similar {
            continue;
        }
        best = match best {
            None => Some((rank, *province, false)),
            Some((best_rank, best_province, tied)) => {
                if rank.beats(best_rank, short) {
                    Some((rank, *province, false))
                } else if !best_rank.beats(rank, short) && *province != best_province {
                    Some((best_rank, best_province, true))
                } else {
                    Some((best_rank, best_province, tied))
                }
            }
        };
    }
    match best {
        Some((_, province, false)) => Some(province),
        _ => None,
    }
}

/// Whether two names are made of the same characters, counted with repeats.
fn same_letters(a: &str, b: &str) -> bool {
    let mut a: Vec<char> = a.chars().collect();
    let mut b: Vec<char> = b.chars().collect();
    a.sort_unstable();
    b.sort_unstable();
    a == b
}

/// Character counts of a name, in 32 buckets (characters share a bucket by their code modulo
/// 32, so counts only ever overstate what two names share).
fn histogram(name: &str) -> [u8; 32] {
    let mut counts = [0u8; 32];
    for c in name.chars() {
        let bucket = &mut counts[(u32::from(c) % 32) as usize];
        *bucket = bucket.saturating_add(1);
    }
    counts
}

/// At least as many characters as two names can have in common (as a multiset).
fn shared_upper_bound(a: &[u8; 32], b: &[u8; 32]) -> usize {
    a.iter().zip(b).map(|(x, y)| usize::from(*x.min(y))).sum()
}

/// At least the Jaro-Winkler similarity of two names of `a_len` and `b_len` characters that
/// share at most `common` characters: Jaro counts at most `common` matches, and the Winkler
/// bonus grows with the common prefix (at most four characters, 0.1 each).
fn similarity_upper_bound(a: &str, b: &str, a_len: usize, b_len: usize, common: usize) -> f64 {
    if common == 0 {
        return 0.0;
    }
    let m = common.min(a_len).min(b_len) as f64;
    let jaro = (m / a_len as f64 + m / b_len as f64 + 1.0) / 3.0;
    let prefix = a
        .chars()
        .zip(b.chars())
        .take_while(|(x, y)| x == y)
        .take(4)
        .count() as f64;
    jaro + prefix * 0.1 * (1.0 - jaro)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_folds_case_space_dots_and_hyphens() {
        assert_eq!(normalize_name("North Sea"), "north sea");
        assert_eq!(normalize_name("  north \t  SEA  "), "north sea");
        assert_eq!(normalize_name("St. Petersburg"), "st petersburg");
        assert_eq!(normalize_name("Mid-Atlantic Ocean"), "mid atlantic ocean");
        assert_eq!(normalize_name("mid - atlantic"), "mid atlantic");
        assert_eq!(normalize_name("Gulf_of_Lyon"), "gulf of lyon");
        assert_eq!(normalize_name("O'Brien"), "obrien");
        assert_eq!(normalize_name(""), "");
        assert_eq!(normalize_name(" - . "), "");
        assert_eq!(normalize_name("MÜNCHEN"), "münchen");
    }

    #[test]
    fn best_match_refuses_ties_between_provinces() {
        let keys = vec![
            ("abc".to_string(), ProvinceId(0)),
            ("abd".to_string(), ProvinceId(1)),
            ("xyz".to_string(), ProvinceId(2)),
        ];
        // "abx" is one substitution from both "abc" and "abd".
        assert_eq!(best_match("abx", &keys), None);
        assert_eq!(best_match("xzy", &keys), Some(ProvinceId(2)));
        assert_eq!(best_match("qqq", &keys), None);
        // One edit from both, but "bac" has the same letters: a transposition wins.
        let keys = vec![
            ("abc".to_string(), ProvinceId(0)),
            ("bbc".to_string(), ProvinceId(1)),
        ];
        assert_eq!(best_match("bac", &keys), Some(ProvinceId(0)));
        assert_eq!(best_match("", &keys), None);
    }

    /// The shortcut never changes a suggestion: misspellings of every name of the standard map
    /// (up to four random edits) and random words, against measuring every name.
    #[test]
    fn the_shortcut_gives_the_same_suggestions() {
        let keys = &crate::Map::standard().names;
        let alphabet: Vec<char> = "abcdefghijklmnopqrstuvwxyz .-'ü".chars().collect();
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let mut inputs: Vec<String> = Vec::new();
        for (key, _) in keys {
            for _ in 0..6 {
                let mut word: Vec<char> = key.chars().collect();
                for _ in 0..next(5) {
                    let at = next(word.len() + 1);
                    match next(4) {
                        0 if at < word.len() => {
                            word.remove(at);
                        }
                        1 => word.insert(at, alphabet[next(alphabet.len())]),
                        2 if at < word.len() => word[at] = alphabet[next(alphabet.len())],
                        _ if at + 1 < word.len() => word.swap(at, at + 1),
                        _ => {}
                    }
                }
                inputs.push(word.into_iter().collect());
            }
        }
        for _ in 0..1500 {
            let n = 1 + next(14);
            inputs.push((0..n).map(|_| alphabet[next(alphabet.len())]).collect());
        }
        let mut suggested = 0;
        for input in &inputs {
            let fast = best_match(input, keys);
            assert_eq!(fast, ranked(input, keys, false), "input {input:?}");
            suggested += usize::from(fast.is_some());
        }
        // The inputs exercise both outcomes.
        assert!(
            suggested > inputs.len() / 4,
            "{suggested} of {}",
            inputs.len()
        );
        assert!(suggested < inputs.len(), "{suggested} of {}", inputs.len());
    }
}

#[cfg(test)]
mod folded_tests {
    use super::{folded, normalize_name};

    #[test]
    fn folded_equals_normalize_name() {
        for s in [
            "nth",
            "St. Petersburg",
            "st petersburg",
            " vie",
            "vie ",
            "a  b",
            "mid-atlantic",
            "ÉCOSSE",
            "",
            " ",
            "gulf of lyon",
            "x_y",
            "1:0",
            "abc\t",
            "naïve",
        ] {
            assert_eq!(folded(s), normalize_name(s), "{s:?}");
        }
        assert!(matches!(folded("nth"), std::borrow::Cow::Borrowed(_)));
        assert!(matches!(folded("North Sea"), std::borrow::Cow::Owned(_)));
    }
}
