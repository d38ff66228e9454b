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

/// Inputs longer than this are never close to a province name; skipping
/// them keeps the edit-distance work small on pathological input.
const MAX_SUGGEST_LEN: usize = 64;

/// The most edits (Damerau-Levenshtein) a candidate may be from an input of
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
/// higher Jaro-Winkler similarity (kind to long names sharing a beginning,
/// such as `Munchen` for `Munich`).
#[derive(Clone, Copy, Debug)]
struct Rank {
    /// Damerau-Levenshtein distance from the input.
    edits: usize,
    /// Jaro-Winkler similarity with the input, from 0 to 1.
    similarity: f64,
}

impl Rank {
    /// Whether `self` is strictly better than `other`. Short inputs (under
    /// [`MIN_SIMILAR_LEN`] characters) are compared by edits only, since a
    /// similarity score between three-letter strings says little.
    fn beats(self, other: Rank, short: bool) -> bool {
        self.edits < other.edits
            || (!short && self.edits == other.edits && self.similarity > other.similarity + 1e-9)
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
    let input = normalize_name(input);
    let len = input.chars().count();
    if len == 0 || len > MAX_SUGGEST_LEN {
        return None;
    }
    let short = len < MIN_SIMILAR_LEN;
    // The best rank so far, its province, and whether a different province
    // ranks just as well.
    let mut best: Option<(Rank, ProvinceId, bool)> = None;
    for (key, province) in keys {
        let rank = Rank {
            edits: strsim::damerau_levenshtein(&input, key),
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
        assert_eq!(best_match("", &keys), None);
    }
}
