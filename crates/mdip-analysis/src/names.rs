//! Name resolution against the map: powers, provinces, coasts and seasons as written, with
//! "did you mean" suggestions and quick fixes for the unknown ones.

use mdip_judge::world::SeasonKey;
use mdip_map::{Coast, Map, Power, ProvinceId};
use mdip_syntax::{CoastLit, Name, SeasonLit};

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
        d = d
            .with_hint(format!("did you mean `{}`?", best.name()))
            .with_fix(
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
