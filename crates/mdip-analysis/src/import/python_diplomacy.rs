//! A saved game of python `diplomacy` (the JSON of its `diplomacy.utils.export.
//! to_saved_game_format`) to a self-checking `.mdip` file that replays the game.
//!
//! The JSON holds the game's `map` (or `map_name`) and its `phases`, in order, each with its
//! `name` (`S1901M`, `F1901R`, `W1901A`: season letter, year, `M` movement, `R` retreats, `A`
//! adjustments), its `state` at the start of the phase (`units` per power, `"A BUD"`, a
//! dislodged unit with a `*` in front; `centers` per power; `retreats` per power: each dislodged
//! unit with the places it may retreat to), the `orders` given per power (`"A BUD - RUM"`,
//! `"F NTH C A LON - NWY"`, `"A EDI - NWY VIA"`, `"F TRI R ALB"`, `"A BUD D"`, `"A BUD B"`,
//! `"WAIVE"`) and the `results` per unit (an empty list or `""` for success, else words such as
//! `bounce`, `cut`, `void`, `dislodged`, `no convoy`, `disband`). The last phase is the one the
//! game waits for (no orders).
//!
//! What is written, in order:
//! - comments naming the source, the game's id, its map and its rules; `@map NAME` for a map
//!   other than the standard one ([`MAPS`]: the maps of the package that mdip has built in,
//!   `standard_france_austria` and `ancmed`, with the few provinces the package abbreviates
//!   otherwise renamed; any other map is an error naming it);
//! - the first phase's position as setup: `@turn` when it is not the map's first turn, `@unit`
//!   and `@owns` for every unit and owned centre (a game must start with a movement phase);
//! - per phase: `@phase movement|retreat|adjustment` (with the phase's name as a comment; the
//!   first phase's is the setup's), `@expect unit` for every unit standing on the board and, in
//!   a retreat phase, `@expect retreats` with the places the package offers each dislodged unit;
//!   then every order the game stored, with its power in front and its outcome (`=> succeeds`
//!   or `=> fails`, from the phase's results);
//! - for the last phase, the phase, its units, and `@expect owner` for every owned centre.
//!
//! `mdip check` then adjudicates the same orders: every outcome and position the package found
//! that mdip does not is a failed expectation at its line, so the file verifies the game.
//! Errors name the JSON path of the bad value (`phases[2].orders.FRANCE[1]`); nothing here
//! panics on any input.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Deserialize;

use crate::notation::{self as n, Directive};

pub use super::fivedd::ImportError;

/// The maps of python `diplomacy` that mdip has built in: the package's name, mdip's
/// (`None`: the standard map, no `@map` written) and the year the package starts the game in.
pub const MAPS: [(&str, Option<&str>, u32); 3] = [
    ("standard", None, 1901),
    // The package's `ancmed.map` counts the years from 1 (`S0001M`), as mdip's map does.
    ("ancmed", Some("ancient-mediterranean"), 1),
    // The package's `standard_france_austria.map`: the standard map with France and Austria
    // only, the other home centres neutral; godip's `France vs Austria` (`france-vs-austria`).
    ("standard_france_austria", Some("france-vs-austria"), 1901),
];

/// Provinces a map of the package abbreviates otherwise than mdip's built-in map (the same
/// places, by their names in both): `ancmed`'s Sinai `SIN`, Thebes `THB`, Tyrrhenian Sea `TYN`.
const RENAMES: [(&str, &[(&str, &str)]); 1] =
    [("ancmed", &[("sin", "sii"), ("thb", "the"), ("tyn", "tys")])];

/// The text with the map's renamed abbreviations replaced, outside comments: each word (with a
/// `,` or `:` after it kept) that is one of the package's abbreviations.
fn rename(text: String, renames: &[(&str, &str)]) -> String {
    if renames.is_empty() {
        return text;
    }
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let (body, comment) = match line.find('#') {
            Some(i) => line.split_at(i),
            None => (line, ""),
        };
        let words: Vec<String> = body
            .split(' ')
            .map(|w| {
                let bare = w.trim_end_matches([',', ':', '\n']);
                match renames.iter().find(|(from, _)| *from == bare) {
                    Some((_, to)) => format!("{to}{}", &w[bare.len()..]),
                    None => w.to_owned(),
                }
            })
            .collect();
        out.push_str(&words.join(" "));
        out.push_str(comment);
    }
    out
}

/// How to convert.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Names the input in the comments at the top (a file name).
    pub source: String,
}

#[derive(Debug, Deserialize)]
struct SavedGame {
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    map: Option<String>,
    #[serde(default)]
    map_name: Option<String>,
    #[serde(default)]
    rules: Vec<String>,
    phases: Vec<Phase>,
}

#[derive(Debug, Deserialize)]
struct Phase {
    name: String,
    #[serde(default)]
    state: State,
    #[serde(default)]
    orders: BTreeMap<String, Option<Vec<String>>>,
    #[serde(default)]
    results: BTreeMap<String, Results>,
}

#[derive(Debug, Default, Deserialize)]
struct State {
    #[serde(default)]
    units: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    centers: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    retreats: BTreeMap<String, BTreeMap<String, Vec<String>>>,
    #[serde(default)]
    builds: BTreeMap<String, Builds>,
}

/// A power's adjustment: builds (positive) or removals (negative) due.
#[derive(Debug, Default, Deserialize)]
struct Builds {
    #[serde(default)]
    count: i64,
}

/// A unit's results: a list of words (older saves write one string).
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Results {
    List(Vec<String>),
    One(String),
}

impl Results {
    fn words(&self) -> Vec<&str> {
        let all: Vec<&str> = match self {
            Results::List(l) => l.iter().map(String::as_str).collect(),
            Results::One(s) => vec![s.as_str()],
        };
        all.into_iter().filter(|w| !w.trim().is_empty()).collect()
    }
}

fn error(path: impl Into<String>, message: impl Into<String>) -> ImportError {
    ImportError {
        path: path.into(),
        message: message.into(),
    }
}

/// The kind of a phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Movement,
    Retreat,
    Adjustment,
}

impl Kind {
    fn word(self) -> &'static str {
        match self {
            Kind::Movement => "movement",
            Kind::Retreat => "retreat",
            Kind::Adjustment => "adjustment",
        }
    }
}

/// A phase name `S1901M`: whether it is a Fall (or Winter) phase, the year and the kind;
/// `None` for names that are no phase (`FORMING`, `COMPLETED`).
fn phase_name(name: &str) -> Option<(char, u32, Kind)> {
    let name = name.trim();
    let season = name.chars().next()?.to_ascii_uppercase();
    let kind = match name.chars().last()?.to_ascii_uppercase() {
        'M' => Kind::Movement,
        'R' => Kind::Retreat,
        'A' => Kind::Adjustment,
        _ => return None,
    };
    let year = name.get(1..name.len() - 1)?;
    if year.is_empty() || !year.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let year: u32 = year.parse().ok()?;
    match (season, kind) {
        ('S' | 'F', Kind::Movement | Kind::Retreat) | ('W', Kind::Adjustment) => {
            Some((season, year, kind))
        }
        _ => None,
    }
}

/// mdip's name of a power: `AUSTRIA` → `Austria`, `NORTH_AFRICA` → `North-Africa`.
fn power(name: &str) -> String {
    name.split(['_', ' '])
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut cs = w.chars();
            cs.next().map_or_else(String::new, |c| {
                c.to_uppercase()
                    .chain(cs.flat_map(char::to_lowercase))
                    .collect()
            })
        })
        .collect::<Vec<_>>()
        .join("-")
}

/// A location `STP/SC` → `stp/sc`; `None` when it is no location the package writes.
fn location(word: &str) -> Option<String> {
    let (base, coast) = match word.split_once('/') {
        Some((b, c)) => (b, Some(c)),
        None => (word, None),
    };
    let ok = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric());
    if !ok(base) || !coast.is_none_or(ok) {
        return None;
    }
    Some(word.to_ascii_lowercase())
}

/// A unit `A BUD` → `A bud`.
fn unit(kind: &str, at: &str) -> Option<n::Unit> {
    let k = match kind {
        "A" | "a" => n::UnitKind::Army,
        "F" | "f" => n::UnitKind::Fleet,
        _ => return None,
    };
    Some(n::Unit::new(k, n::Place::new(location(at)?)))
}

/// Parses the JSON, naming the path of the first bad value, as `mdip import 5dd` does
/// ([`super::fivedd::strict::read`]).
fn parse(json: &str) -> Result<SavedGame, ImportError> {
    super::fivedd::strict::read(json, |_, message| message)
        .map_err(|(path, message)| error(path, message))
}

/// Converts a saved game's JSON into the text of an `.mdip` file.
///
/// # Errors
/// Malformed JSON, a missing or mistyped field, a map mdip does not have, a phase name, unit,
/// order or result word the package does not write, a game that does not start with a
/// movement phase, a phase that is no step after the one before it, or an order with no
/// result: each with the JSON path of the bad value.
pub fn convert(json: &str, options: &Options) -> Result<String, ImportError> {
    let game = parse(json)?;
    check_powers(&game)?;
    let (map_path, map) = match (&game.map, &game.map_name) {
        (Some(m), _) => ("map", m.as_str()),
        (None, Some(m)) => ("map_name", m.as_str()),
        (None, None) => ("", "standard"),
    };
    let Some(&(_, mdip_map, first_year)) = MAPS.iter().find(|m| m.0 == map) else {
        let known: Vec<&str> = MAPS.iter().map(|m| m.0).collect();
        return Err(error(
            map_path,
            format!(
                "map `{map}` of python diplomacy has no counterpart in mdip (the maps read: {})",
                known.join(", ")
            ),
        ));
    };
    let mut t = String::new();
    let _ = writeln!(
        t,
        "# A game of python `diplomacy` (its saved-game JSON) imported by `mdip import python-diplomacy` from {}.",
        one_line(&options.source)
    );
    let _ = write!(
        t,
        "# game {}; map {map}",
        one_line(game.id.as_deref().unwrap_or("?"))
    );
    if !game.rules.is_empty() {
        let _ = write!(t, "; rules {}", one_line(&game.rules.join(", ")));
    }
    t.push('\n');
    if let Some(m) = mdip_map {
        let _ = writeln!(t, "{}", Directive::Map(m.to_string()));
    }
    // The phases that are steps of the game; `FORMING` and `COMPLETED` hold no orders.
    let mut steps: Vec<(usize, (char, u32, Kind))> = Vec::new();
    for (i, p) in game.phases.iter().enumerate() {
        match phase_name(&p.name) {
            Some(k) => steps.push((i, k)),
            None if has_orders(p) => {
                return Err(error(
                    format!("phases[{i}].name"),
                    format!(
                        "`{}` is no phase name such as S1901M, F1901R or W1901A",
                        p.name
                    ),
                ))
            }
            None => {}
        }
    }
    let Some(&(first, (season, year, kind))) = steps.first() else {
        return Err(error("phases", "the game has no phase such as S1901M"));
    };
    if kind != Kind::Movement {
        return Err(error(
            format!("phases[{first}].name"),
            format!(
                "the game starts with `{}`: only games starting with a movement phase are read",
                game.phases[first].name
            ),
        ));
    }
    let Some(turn) = year
        .checked_sub(first_year)
        .and_then(|y| y.checked_mul(2))
        .map(|y| y + u32::from(season == 'F'))
    else {
        return Err(error(
            format!("phases[{first}].name"),
            format!("the year {year} is before the map's first, {first_year}"),
        ));
    };
    write_setup(&mut t, &game.phases[first], first, turn)?;
    let mut previous: Option<(char, u32, Kind)> = None;
    // The units dislodged by the last movement step that may retreat, as `Power unit`.
    let mut dislodged: Vec<Directive> = Vec::new();
    for (n, &(i, name)) in steps.iter().enumerate() {
        let p = &game.phases[i];
        let path = format!("phases[{i}]");
        if let Some(before) = previous {
            if !follows(before, name) {
                return Err(error(
                    format!("{path}.name"),
                    format!(
                        "`{}` does not follow `{}`",
                        p.name,
                        game.phases[steps[n - 1].0].name
                    ),
                ));
            }
            if before.2 == Kind::Movement && name.2 != Kind::Retreat {
                skipped_retreat(&mut t, &game.phases[steps[n - 1].0]);
            }
            let _ = writeln!(t, "\n{}  # {}", phase(name.2.word()), one_line(&p.name));
        }
        if previous.is_some_and(|b| b.2 == Kind::Movement) {
            dislodged = retreating(p, &path)?;
        }
        previous = Some(name);
        if n > 0 {
            write_position(&mut t, p, &path, &dislodged)?;
        }
        let last = n + 1 == steps.len();
        if last && !has_orders(p) {
            write_owners(&mut t, p, &path)?;
            break;
        }
        t.push('\n');
        write_orders(&mut t, p, &path, name.2)?;
        if name.2 == Kind::Retreat && n > 0 {
            // A dislodged unit with no order (one with nowhere to go is no unit of the retreat
            // phase's state) is disbanded: written, so that the step is complete.
            disband_unordered(&mut t, p, &game.phases[steps[n - 1].0]);
        }
        if last {
            // The game ended after this phase (`COMPLETED` or nothing after it): its final
            // position, when a phase after it gives one.
            if let Some(after) = game.phases.get(i + 1) {
                let path = format!("phases[{}]", i + 1);
                if name.2 == Kind::Movement {
                    dislodged = retreating(after, &path)?;
                    if phase_name(&after.name).is_none_or(|a| a.2 != Kind::Retreat) {
                        skipped_retreat(&mut t, p);
                    }
                }
                let _ = writeln!(t, "\n{}  # {}", phase("next"), one_line(&after.name));
                write_position(&mut t, after, &path, &dislodged)?;
                write_owners(&mut t, after, &path)?;
            }
        }
    }
    let renames = RENAMES.iter().find(|r| r.0 == map).map_or(&[][..], |r| r.1);
    Ok(rename(t, renames))
}

/// Every power the game names (the keys of `units`, `centers`, `retreats`, `builds` and
/// `orders`) is a name such as `AUSTRIA` or `NORTH_AFRICA`: letters, digits and `_`, `-`.
fn check_powers(game: &SavedGame) -> Result<(), ImportError> {
    let ok = |k: &str| {
        k.bytes().any(|b| b.is_ascii_alphabetic())
            && k.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    };
    for (i, p) in game.phases.iter().enumerate() {
        let s = &p.state;
        let keys = [
            ("state.units", s.units.keys().collect::<Vec<_>>()),
            ("state.centers", s.centers.keys().collect()),
            ("state.retreats", s.retreats.keys().collect()),
            ("state.builds", s.builds.keys().collect()),
            ("orders", p.orders.keys().collect()),
        ];
        for (field, names) in keys {
            if let Some(bad) = names.into_iter().find(|k| !ok(k)) {
                return Err(error(
                    format!("phases[{i}].{field}.{bad}"),
                    format!("`{}` is no power name such as `AUSTRIA`", one_line(bad)),
                ));
            }
        }
    }
    Ok(())
}

/// Whether a phase stored any order.
fn has_orders(p: &Phase) -> bool {
    p.orders.values().flatten().any(|o| !o.is_empty())
}

/// Whether phase `b` is the step after `a`: a retreat after its movement, adjustments after a
/// Fall, the next movement (the package skips retreat and adjustment steps with nothing to do).
fn follows(a: (char, u32, Kind), b: (char, u32, Kind)) -> bool {
    let next_spring = (b.0 == 'S') && b.1 == a.1 + 1;
    match (a.0, a.2, b.2) {
        ('S', Kind::Movement, Kind::Retreat) => b.0 == 'S' && b.1 == a.1,
        ('S', Kind::Movement | Kind::Retreat, Kind::Movement) => b.0 == 'F' && b.1 == a.1,
        ('F', Kind::Movement, Kind::Retreat) => b.0 == 'F' && b.1 == a.1,
        ('F', Kind::Movement | Kind::Retreat, Kind::Adjustment) => b.0 == 'W' && b.1 == a.1,
        ('F', Kind::Movement | Kind::Retreat, Kind::Movement) | ('W', _, Kind::Movement) => {
            next_spring
        }
        _ => false,
    }
}

/// A unit of `state.units`, `"A BUD"` or `"*F TRI"` (dislodged), as mdip writes it.
fn state_unit(u: &str) -> Option<n::Unit> {
    let u = u.trim_start_matches('*');
    let (k, l) = u.split_once(' ')?;
    unit(k, l.trim())
}

fn bad_unit(path: String, u: &str) -> ImportError {
    error(path, format!("`{u}` is no unit such as `A BUD`"))
}

/// A text from the input made one line (it is written into a comment).
fn one_line(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

mod orders;
#[cfg(test)]
mod tests;
mod write;

use orders::{order_of, write_orders};

use write::{
    disband_unordered, phase, retreating, skipped_retreat, write_owners, write_position,
    write_setup,
};
