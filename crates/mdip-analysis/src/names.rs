//! Name resolution against the map: powers, provinces, coasts and seasons as written, with
//! "did you mean" suggestions and quick fixes for the unknown ones.

use mdip_judge::world::SeasonKey;
use mdip_map::{Coast, Map, Power, ProvinceId};
use mdip_syntax::{CoastLit, Name, SeasonLit};

use crate::diagnostics::{Code, Diagnostic};

/// All the spellings of power names accepted, for suggestions.
const POWER_SPELLINGS: [&str; 15] = [
    "Austria",
    "Austria-Hungary",
    "Aus",
    "England",
    "Eng",
    "France",
    "Fra",
    "Germany",
    "Ger",
    "Italy",
    "Ita",
    "Russia",
    "Rus",
    "Turkey",
    "Tur",
];

/// Resolves a power name, or reports it.
pub fn power(name: &Name, diags: &mut Vec<Diagnostic>) -> Option<Power> {
    if let Some(p) = Power::from_name(&name.text) {
        return Some(p);
    }
    let mut d = Diagnostic::new(
        Code::UnknownPower,
        name.span,
        format!("unknown power `{}`", name.text),
    );
    if let Some(best) = suggest_power(&name.text) {
        d = d
            .with_hint(format!("did you mean `{}`?", best.name()))
            .with_fix(
                format!("Replace with `{}`", best.name()),
                name.span,
                best.name(),
            );
    } else {
        d = d.with_hint("powers are Austria, England, France, Germany, Italy, Russia and Turkey");
    }
    diags.push(d);
    None
}

/// The power a misspelt name probably means.
pub fn suggest_power(text: &str) -> Option<Power> {
    let lower = text.to_lowercase();
    let mut best: Option<(f64, Power)> = None;
    for s in POWER_SPELLINGS {
        let score = strsim::jaro_winkler(&lower, &s.to_lowercase());
        if score >= 0.8 && best.is_none_or(|(b, _)| score > b) {
            best = Power::from_name(s).map(|p| (score, p));
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
    if let Some(p) = map.suggest_province(&name.text) {
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
