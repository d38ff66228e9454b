//! Name resolution against the map: powers, provinces, coasts and seasons as written, with
//! "did you mean" suggestions and quick fixes for the unknown ones.

use mdip_judge::world::SeasonKey;
use mdip_map::{Coast, Map, Power, ProvinceId};
use mdip_syntax::{
    reparse_line, walk_line, CoastLit, Line, LineKind, Name, Node, Parse, Role, SeasonLit, Span,
    Split, Step,
};

use crate::diagnostics::{Code, Diagnostic};

/// Resolves a power name against the map's powers, or reports it.
pub fn power(map: &Map, name: &Name, diags: &mut Vec<Diagnostic>) -> Option<Power> {
    if let Some(p) = map.resolve_power(&name.text) {
        return Some(p);
    }
    let mut d = Diagnostic::new(
        Code::UnknownPower,
        name.span,
        format!("unknown power `{}`", name.text),
    );
    if let Some(best) = suggest_power(map, &name.text) {
        // Safe to apply unseen only when no other power is close too.
        let unambiguous = close_powers(map, &name.text) == 1;
        d = d
            .with_hint(format!("did you mean `{}`?", best.name()))
            .with_fix_of(
                unambiguous,
                format!("Replace with `{}`", best.name()),
                name.span,
                best.name(),
            );
    } else {
        d = d.with_hint(format!("powers are {}", power_list(map)));
    }
    diags.push(d);
    None
}

/// "Austria, England, … and Turkey": the map's powers, for hints.
fn power_list(map: &Map) -> String {
    let names: Vec<&str> = map.powers().iter().map(|p| p.name()).collect();
    match names.split_last() {
        None => "none".into(),
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// How many powers a misspelt name is close to (by name or abbreviation), as
/// [`suggest_power`] measures it.
fn close_powers(map: &Map, text: &str) -> usize {
    let lower = text.to_lowercase();
    map.powers()
        .iter()
        .filter(|p| {
            [p.name(), p.abbrev()]
                .iter()
                .any(|s| strsim::jaro_winkler(&lower, &s.to_lowercase()) >= 0.8)
        })
        .count()
}

/// The power of the map a misspelt name probably means (by its name or abbreviation).
pub fn suggest_power(map: &Map, text: &str) -> Option<Power> {
    let lower = text.to_lowercase();
    let mut best: Option<(f64, Power)> = None;
    for &p in map.powers() {
        for s in [p.name(), p.abbrev()] {
            let score = strsim::jaro_winkler(&lower, &s.to_lowercase());
            if score >= 0.8 && best.is_none_or(|(b, _)| score > b) {
                best = Some((score, p));
            }
        }
    }
    best.map(|(_, p)| p)
}

/// Resolves a province name, or reports it with a suggestion and a quick fix.
pub fn province(map: &Map, name: &Name, diags: &mut Vec<Diagnostic>) -> Option<ProvinceId> {
    if let Some(p) = map.resolve_province(&name.text) {
        return Some(p);
    }
    let mut d = Diagnostic::new(
        Code::UnknownProvince,
        name.span,
        format!("unknown province `{}`", name.text),
    );
    if let Some((left, right)) = missing_dash(map, &name.text) {
        // `A Budapest Galicia`: two provinces with the `-` of a move left out.
        let fixed = format!("{left} - {right}");
        d = d
            .with_hint(format!("a `-` is missing between two provinces: `{fixed}`"))
            .with_fix(format!("Insert `-`: `{fixed}`"), name.span, &fixed);
    } else if let Some(p) = map.suggest_province(&name.text) {
        let full = map.name(p);
        d = d
            .with_hint(format!("did you mean `{full}` ({})?", map.abbrev(p)))
            .with_fix(format!("Replace with `{full}`"), name.span, full);
    } else {
        d = d.with_hint("use a province's full name or its three-letter abbreviation");
    }
    diags.push(d);
    None
}

/// A name of several words that is two provinces one after the other (`Budapest Galicia`):
/// the two parts as written.
fn missing_dash<'t>(map: &Map, text: &'t str) -> Option<(&'t str, &'t str)> {
    text.match_indices(char::is_whitespace).find_map(|(i, _)| {
        let (left, right) = (text[..i].trim(), text[i..].trim());
        (map.resolve_province(left).is_some() && map.resolve_province(right).is_some())
            .then_some((left, right))
    })
}

/// Resolves a coast as written, or reports it.
pub fn coast(lit: &CoastLit, diags: &mut Vec<Diagnostic>) -> Option<Coast> {
    match Coast::from_name(&lit.text) {
        Some(c) => Some(c),
        None => {
            diags.push(
                Diagnostic::new(
                    Code::UnknownCoast,
                    lit.text_span,
                    format!("unknown coast `{}`", lit.text),
                )
                .with_hint("coasts are nc, sc and ec (north, south and east coast)"),
            );
            None
        }
    }
}

/// The season a literal names, when both parts were read (a syntax error covers the rest).
pub fn season(lit: &SeasonLit) -> Option<SeasonKey> {
    Some(SeasonKey::new(lit.turn?, lit.timeline?))
}

/// Decides every line of `parse` (a parse of `text`) that players' shorthand may have written
/// (`A bud-gal`, marked by the parser in [`mdip_syntax::OrderLine::shorthand`]). The rule:
///
/// 1. a hyphenated word that is a known name (`F Mid-Atlantic`) stays one name;
/// 2. otherwise, a word that splits at a hyphen into two known names (provinces, or a coast
///    and a province: `stp/sc-bot`) is a move between them, at the first hyphen that does;
/// 3. otherwise the word is one name (and reported as unknown), unless only the move reading
///    is a complete order (`F nth C A lon-nwyx`, where the one-name reading has no destination).
///
/// Lines read differently from the parser's first guess are parsed again
/// ([`mdip_syntax::reparse_line`]) and their syntax error replaced. Lines before `from_line`
/// are left as they are (already decided).
pub fn read_shorthand(map: &Map, text: &str, parse: &mut Parse, from_line: usize) {
    for i in from_line..parse.file.lines.len() {
        let line = &parse.file.lines[i];
        let o = match &line.kind {
            LineKind::Order(o) => &**o,
            // `@record Germany: A mun-tyr 0:0 => fails`: the same order line.
            LineKind::Directive(d) => match &d.kind {
                mdip_syntax::DirectiveKind::Record(o) => &**o,
                _ => continue,
            },
            _ => continue,
        };
        let Some(shorthand) = o.shorthand else {
            continue;
        };
        let span = line.span;
        let word = shorthand.word;
        let (joined, joined_error) = reparse_line(text, span, Split::Never);
        let split = if all_known(map, &joined, word) {
            Split::Never
        } else {
            let hyphens = text
                .get(word.range())
                .unwrap_or("")
                .match_indices('-')
                .map(|(k, _)| word.start + k as u32);
            let mut chosen = None;
            for h in hyphens {
                let (line, _) = reparse_line(text, span, Split::At(h));
                if all_known(map, &line, word) {
                    chosen = Some(Split::At(h));
                    break;
                }
            }
            match chosen {
                Some(s) => s,
                None if joined_error.is_some() => Split::At(shorthand.hyphen.start),
                None => Split::Never,
            }
        };
        if split == Split::At(shorthand.hyphen.start) {
            continue;
        }
        let (new, error) = match split {
            Split::Never => (joined, joined_error),
            other => reparse_line(text, span, other),
        };
        parse.file.lines[i] = new;
        parse
            .errors
            .retain(|e| e.span.start < span.start || e.span.start > span.end);
        if let Some(e) = error {
            let at = parse
                .errors
                .partition_point(|x| x.span.start <= e.span.start);
            parse.errors.insert(at, e);
        }
    }
}

/// Whether every province and coast of `line` that overlaps `word` is a known name.
fn all_known(map: &Map, line: &Line, word: Span) -> bool {
    let mut known = true;
    let mut any = false;
    walk_line(line, &mut |role, span, node| {
        let overlaps = span.start < word.end && word.start < span.end;
        match (role, node) {
            (Role::Province, Node::Name(n)) if overlaps => {
                any = true;
                known &= map.resolve_province(&n.text).is_some();
            }
            (Role::Coast, Node::Coast(c)) if overlaps => {
                any = true;
                known &= Coast::from_name(&c.text).is_some();
            }
            _ => {}
        }
        Step::Into
    });
    any && known
}

#[cfg(test)]
mod tests {
    use crate::{analyze, Code, OrderKind};

    /// The kinds of the orders of `text` and the codes of its diagnostics.
    fn read(text: &str) -> (Vec<OrderKind>, Vec<Code>) {
        let a = analyze(text);
        (
            a.orders.iter().map(|o| o.kind).collect(),
            a.diagnostics.iter().map(|d| d.code).collect(),
        )
    }

    #[test]
    fn a_known_hyphenated_name_stays_one_name() {
        let (kinds, codes) = read("France:\nF Mid-Atlantic\nF bre S F Mid-Atlantic\n");
        assert_eq!(kinds, [OrderKind::Hold, OrderKind::SupportHold]);
        assert!(codes.is_empty(), "{codes:?}");
    }

    #[test]
    fn the_editor_highlights_the_map_reading() {
        use mdip_syntax::HighlightKind;
        let text = "France:\nF Mid-Atlantic\nF bre-pic\n";
        let a = analyze(text);
        let spans: Vec<(HighlightKind, &str)> = crate::ide::highlights(&a, text)
            .into_iter()
            .map(|h| (h.kind, &text[h.span.range()]))
            .collect();
        assert!(
            spans.contains(&(HighlightKind::Province, "Mid-Atlantic")),
            "{spans:?}"
        );
        assert!(spans.contains(&(HighlightKind::Operator, "-")), "{spans:?}");
        assert!(
            spans.contains(&(HighlightKind::Province, "pic")),
            "{spans:?}"
        );
    }

    #[test]
    fn a_word_of_two_known_names_is_a_move() {
        let (kinds, codes) = read("France:\nF Mid-Atlantic-spa/nc\nA par S A gas-bur\n");
        assert_eq!(kinds, [OrderKind::Move, OrderKind::SupportMove]);
        assert!(!codes.contains(&Code::UnknownProvince), "{codes:?}");
    }

    #[test]
    fn otherwise_the_word_is_one_unknown_name() {
        let a = analyze("England:\nA lvp-yorx\n");
        assert_eq!(a.orders[0].kind, OrderKind::Hold);
        let d = &a.diagnostics[0];
        assert_eq!(d.code, Code::UnknownProvince);
        assert_eq!(d.message, "unknown province `lvp-yorx`");
        // A convoy read as one name would lack its destination: the move reading stays,
        // and the unknown half is reported.
        let a = analyze("England:\nF nth C A lon-nwyx\n");
        assert_eq!(a.orders[0].kind, OrderKind::Convoy);
        assert_eq!(a.diagnostics[0].message, "unknown province `nwyx`");
    }
}
