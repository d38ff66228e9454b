//! The 5D Diplomacy game's state (the JSON of its server's `GET game/{id}`, a `World`) to an
//! `.mdip` file that sets up every board, so a player can continue the game in the editor.
//!
//! The game (Oliveriver/5d-diplomacy-with-multiverse-time-travel) names a board by timeline `T`
//! (from 1), year `N` and phase (Spring, Fall, Winter); mdip names a season `X:Y`, turn `X`
//! (0 = Spring 1901) in timeline `Y = T - 1` (`docs/5dd-game.md`). Its
//! JSON is ASP.NET's: camelCase fields, enums as their C# names (`"England"`, `"Fleet"`,
//! `"Spring"`, `"Success"`), an order's kind in `"$type"` (`"Hold"`, `"Move"`, ...), a board's
//! `units` and `centres` keyed by the game's region ids (`Lon`, `NTH`, `Spa_S`, `Stp_N`).
//!
//! What is written, in order:
//! - comments naming the source, the iteration and the winner; `@rules 5dd` (`5dd strict` when
//!   asked: the JSON does not say which adjacency setting the game was created with);
//! - per timeline, per board: `@season X:Y` (`from P:Q` for a timeline's first board, from
//!   the board whose `childTimelines` lists it), then its `@unit` and `@owns` lines; in a
//!   retreat phase (units with `mustRetreat`) also the boards the game will make from the heads
//!   once the retreats are done, computed as its executor does (units that did not move away
//!   and were not dislodged stay, successful moves arrive);
//! - `@record` for every stored movement order of a past board, with its outcome (`Success`
//!   → `succeeds`, `Failure` → `fails`, `Invalid` → `illegal`: the unit held, and the order is
//!   kept to be checked again; an invalid hold is a hold, which fails only if a move into its
//!   place succeeded), then the builds and removals (`Build`, `Disband`) of every past Winter
//!   board on the season of the next Spring (`@record England: Build A lon 2:0 => succeeds`),
//!   then the retreats and disbands of past retreat steps (`Retreat*` statuses:
//!   `@record France: Retreat A bur 1:0 - gas => succeeds`), after every `@season` so that each
//!   season a record names is past already; `mdip check` adjudicates the stored outcomes again
//!   (E0410), which verifies the downloaded game;
//! - the phase the game waits for: nothing for movement; `@phase retreat` and `@dislodged`
//!   per unit that must retreat; for adjustments (Winter heads), the Winter board is the
//!   season `X:Y` with `X` the Fall's turn + 1, and `@phase adjustment X:Y ...`;
//! - `@expect` lines for the seasons, the heads and every head's units;
//! - the orders of the iteration in progress (`New` / `RetreatNew`) as ordinary orders.
//!
//! Where the mapping is approximate (also in the README):
//! - a Winter board that is not a head is no season in mdip (the adjustments after a Fall
//!   change the next Spring's board): its builds and removals are recorded on that Spring;
//! - in a retreat phase only the heads get successor boards; the JSON does not say which past
//!   boards the game will also advance (its `MightAdvance` is not sent), so a fork that would
//!   appear after the retreats is not set up; `@standoff` is not written (mdip may offer a
//!   retreat into a province a standoff left empty, which the game refuses);
//! - a game whose heads are in different phases (some Winter, some Spring/Fall) is set up with
//!   `@phase adjustment` on the Winter heads only.
//!
//! Errors name the JSON path of the bad value (`boards[2].units.Xyz`); nothing here panics on
//! any input.

use std::collections::BTreeMap;
use std::fmt;

use mdip_syntax::notation::{self as n, Spelt, Words};
use serde::Deserialize;

/// The game's region ids (its `server/Data/regions.json`): mdip's province abbreviations in
/// the game's casing, with `_N`, `_S`, `_E` for the coasts of Bulgaria, Spain and
/// St Petersburg.
pub(crate) const REGIONS: [&str; 81] = [
    "ADR", "AEG", "Alb", "Ank", "Apu", "Arm", "BAL", "BAR", "Bel", "Ber", "BLA", "Boh", "BOT",
    "Bre", "Bud", "Bul", "Bul_E", "Bul_S", "Bur", "Con", "Cly", "Den", "EAS", "Edi", "ENG", "Fin",
    "Gal", "Gas", "Gre", "HEL", "Hol", "ION", "IRI", "Kie", "Lon", "Lvn", "Lvp", "LYO", "MAO",
    "Mar", "Mos", "Mun", "Naf", "NAO", "Nap", "NTH", "NWG", "Nwy", "Par", "Pic", "Pie", "Por",
    "Pru", "Rom", "Ruh", "Rum", "Ser", "Sev", "Sil", "SKA", "Smy", "Spa", "Spa_N", "Spa_S", "Stp",
    "Stp_N", "Stp_S", "Swe", "Syr", "Tri", "Tun", "Tus", "Tyr", "TYS", "Ukr", "Ven", "Vie", "Wal",
    "War", "WES", "Yor",
];

/// mdip's name of a game region id (`Spa_S` → `spa/sc`), or `None` for an id the game does
/// not have. Ids are matched without case.
pub(crate) fn mdip_location(region: &str) -> Option<String> {
    let id = REGIONS.iter().find(|r| r.eq_ignore_ascii_case(region))?;
    let lower = id.to_ascii_lowercase();
    Some(match lower.split_once('_') {
        Some((base, coast)) => format!("{base}/{coast}c"),
        None => lower,
    })
}

/// The game's region id of an mdip location (`spa/sc` → `Spa_S`), or `None`.
pub(crate) fn game_region(location: &str) -> Option<&'static str> {
    let id = match location.split_once('/') {
        Some((base, coast)) => format!("{base}_{}", coast.trim_end_matches('c')),
        None => location.to_owned(),
    };
    REGIONS
        .iter()
        .copied()
        .find(|r| r.eq_ignore_ascii_case(&id))
}

/// The province of a location, without its coast: `spa/sc` → `spa`.
fn province(location: &str) -> &str {
    location.split('/').next().unwrap_or(location)
}

/// The game's powers (`Nation`), as the JSON spells them; mdip names them the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
pub(crate) enum Nation {
    Austria,
    England,
    France,
    Germany,
    Italy,
    Russia,
    Turkey,
}

impl Nation {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Nation::Austria => "Austria",
            Nation::England => "England",
            Nation::France => "France",
            Nation::Germany => "Germany",
            Nation::Italy => "Italy",
            Nation::Russia => "Russia",
            Nation::Turkey => "Turkey",
        }
    }
}

/// A board's phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
pub(crate) enum Phase {
    Spring,
    Fall,
    Winter,
}

/// Army or fleet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
enum UnitType {
    Army,
    Fleet,
}

impl UnitType {
    fn kind(self) -> n::UnitKind {
        match self {
            UnitType::Army => n::UnitKind::Army,
            UnitType::Fleet => n::UnitKind::Fleet,
        }
    }
}

/// An order's status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
enum OrderStatus {
    New,
    Success,
    Failure,
    Invalid,
    RetreatNew,
    RetreatSuccess,
    RetreatFailure,
    RetreatInvalid,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct World {
    iteration: i64,
    boards: Vec<Board>,
    #[serde(default)]
    orders: Vec<serde_json::Value>,
    #[serde(default)]
    winner: Option<Nation>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Board {
    timeline: i64,
    year: i64,
    phase: Phase,
    #[serde(default)]
    child_timelines: Vec<i64>,
    #[serde(default)]
    centres: BTreeMap<String, Nation>,
    #[serde(default)]
    units: BTreeMap<String, Unit>,
}

#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Unit {
    owner: Nation,
    #[serde(rename = "type")]
    kind: UnitType,
    #[serde(default)]
    must_retreat: bool,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Location {
    timeline: i64,
    year: i64,
    phase: Phase,
    region: String,
}

/// The fields every order has, and those some have (`destination`, `supportLocation`,
/// `convoyLocation`), read once `$type` has said which kind it is.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawOrder {
    status: OrderStatus,
    unit: Unit,
    location: Location,
    #[serde(default)]
    destination: Option<Location>,
    #[serde(default)]
    support_location: Option<Location>,
    #[serde(default)]
    convoy_location: Option<Location>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Hold,
    Move,
    Support,
    Convoy,
    Build,
    Disband,
}

/// A season key: turn and timeline, as mdip counts them.
type Key = (u32, u32);

/// A location resolved: its board's key (as the game names it: timeline from 1, year, phase),
/// its mdip season and its mdip name.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Place {
    board: (i64, i64, Phase),
    season: Key,
    name: String,
}

#[derive(Debug)]
struct Order {
    kind: Kind,
    status: OrderStatus,
    unit: Unit,
    at: Place,
    /// Move: where; support and convoy: where the supported or convoyed unit goes.
    destination: Option<Place>,
    /// Support: the supported unit; convoy: the convoyed army.
    middle: Option<Place>,
}

/// Why a `World` could not be converted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportError {
    /// Where in the JSON (`boards[2].units.Xyz`; empty for the document itself).
    pub path: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "at `{}`: {}", self.path, self.message)
        }
    }
}

impl std::error::Error for ImportError {}

fn error(path: impl Into<String>, message: impl Into<String>) -> ImportError {
    ImportError {
        path: path.into(),
        message: message.into(),
    }
}

/// How to convert.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Write `@rules 5dd strict` (the game's strict adjacency setting) instead of `@rules 5dd`.
    pub strict: bool,
    /// Names the input in the comments at the top (a file name).
    pub source: String,
}

/// The mdip season of a board: `Y = T - 1`; Spring `N` is turn `2(N - 1901)`, Fall the turn
/// after, Winter the turn after that (the next Spring's: the board the adjustments change).
fn season_of(timeline: i64, year: i64, phase: Phase, path: &str) -> Result<Key, ImportError> {
    if timeline < 1 {
        return Err(error(
            path,
            format!("timeline {timeline}: the game numbers timelines from 1"),
        ));
    }
    if !(1901..=100_000).contains(&year) {
        return Err(error(path, format!("year {year}: the game starts in 1901")));
    }
    let turn = 2 * (year - 1901)
        + match phase {
            Phase::Spring => 0,
            Phase::Fall => 1,
            Phase::Winter => 2,
        };
    let (Ok(turn), Ok(line)) = (u32::try_from(turn), u32::try_from(timeline - 1)) else {
        return Err(error(path, "timeline or year out of range"));
    };
    Ok((turn, line))
}

fn season(key: Key) -> n::Season {
    n::Season::new(key.0, key.1)
}

/// The importer writes the terse keywords (`S`, `C`, `hold`).
fn terse<T: ?Sized>(v: &T) -> Spelt<'_, 'static, T> {
    Spelt(v, &Words::TERSE)
}

/// The calendar name of a board: `timeline 2, Fall 1902`.
fn board_name(b: (i64, i64, Phase)) -> String {
    format!("timeline {}, {:?} {}", b.0, b.2, b.1)
}

/// Parses the JSON of a `World`, naming the path of the first bad value ([`strict::read`]).
fn parse(json: &str) -> Result<World, ImportError> {
    strict::read(json, |path, message| name_the_enum(path, &message))
        .map_err(|(path, message)| error(path, message))
}

/// serde's "unknown variant `Spain`" named by what the field holds: "unknown nation `Spain`".
fn name_the_enum(path: &str, message: &str) -> String {
    let what = match path.rsplit('.').next().unwrap_or_default() {
        "owner" | "winner" => "nation",
        "type" => "unit type",
        "phase" => "phase",
        "status" => "order status",
        _ => return message.to_owned(),
    };
    message.replacen("unknown variant", &format!("unknown {what}"), 1)
}

fn parse_order(value: &serde_json::Value, path: &str) -> Result<(Kind, RawOrder), ImportError> {
    let kind = match value.get("$type").and_then(serde_json::Value::as_str) {
        Some("Hold") => Kind::Hold,
        Some("Move") => Kind::Move,
        Some("Support") => Kind::Support,
        Some("Convoy") => Kind::Convoy,
        Some("Build") => Kind::Build,
        Some("Disband") => Kind::Disband,
        Some(other) => {
            return Err(error(
                format!("{path}.$type"),
                format!(
                    "unknown order type `{other}`, expected Hold, Move, Support, Convoy, Build or Disband"
                ),
            ))
        }
        None => return Err(error(path, "an order needs `$type` (Hold, Move, ...)")),
    };
    let raw: RawOrder = serde_path_to_error::deserialize(value).map_err(|e| {
        let inner = format!("{path}.{}", e.path());
        let message = name_the_enum(&inner, &e.into_inner().to_string());
        error(inner, message)
    })?;
    Ok((kind, raw))
}

/// Converts the JSON of a game's `World` into the text of an `.mdip` file.
///
/// # Errors
/// Malformed JSON, a missing or mistyped field, an unknown nation, unit type, phase, status
/// or region, or boards that do not form the game's tree (a timeline with a gap, a timeline
/// no board lists as a child): each with the JSON path of the bad value.
pub fn convert(json: &str, options: &Options) -> Result<String, ImportError> {
    let world = parse(json)?;
    Converter::new(&world)?.write(&world, options)
}

/// The boards indexed, their seasons and the orders resolved.
struct Converter {
    /// Board index by the game's key.
    boards: BTreeMap<(i64, i64, Phase), usize>,
    /// Per mdip timeline, the indices of its boards that are seasons, in turn order.
    timelines: Vec<Vec<usize>>,
    /// The mdip season of each board (a Winter board that is not a head has none).
    seasons: Vec<Option<Key>>,
    orders: Vec<(usize, Order)>,
    /// Per board (by the game's key), its units by mdip location.
    units: BTreeMap<(i64, i64, Phase), BTreeMap<String, Unit>>,
    /// Per board, the orders given there (indices in `orders`); per board, the orders whose
    /// destination is there; per timeline, the first board (by position) listing it as a
    /// child. Indexed once, so that the work per board is what concerns it: time linear in
    /// the boards and orders, not quadratic.
    from_board: BTreeMap<(i64, i64, Phase), Vec<usize>>,
    to_board: BTreeMap<(i64, i64, Phase), Vec<usize>>,
    parents: BTreeMap<i64, usize>,
}

impl Converter {
    fn new(world: &World) -> Result<Converter, ImportError> {
        let mut boards = BTreeMap::new();
        let mut by_timeline: BTreeMap<i64, Vec<usize>> = BTreeMap::new();
        for (i, b) in world.boards.iter().enumerate() {
            let path = format!("boards[{i}]");
            season_of(b.timeline, b.year, b.phase, &path)?;
            for region in b.units.keys() {
                known_region(region, &format!("{path}.units.{region}"))?;
            }
            for region in b.centres.keys() {
                known_region(region, &format!("{path}.centres.{region}"))?;
            }
            if boards.insert((b.timeline, b.year, b.phase), i).is_some() {
                return Err(error(
                    path,
                    format!(
                        "a second board for {}",
                        board_name((b.timeline, b.year, b.phase))
                    ),
                ));
            }
            by_timeline.entry(b.timeline).or_default().push(i);
        }
        if world.boards.is_empty() {
            return Err(error("boards", "the game has no board"));
        }
        let mut timelines = Vec::new();
        let mut seasons = vec![None; world.boards.len()];
        for (n, (t, mut list)) in (1_i64..).zip(by_timeline) {
            if t != n {
                return Err(error(
                    "boards",
                    format!("no board of timeline {n}, but boards of timeline {t}"),
                ));
            }
            list.sort_by_key(|&i| (world.boards[i].year, world.boards[i].phase));
            let last = list.len() - 1;
            let mut kept: Vec<usize> = Vec::new();
            for (j, &i) in list.iter().enumerate() {
                let b = &world.boards[i];
                if b.phase == Phase::Winter && j != last {
                    continue;
                }
                let key = season_of(b.timeline, b.year, b.phase, &format!("boards[{i}]"))?;
                if let Some(&prev) = kept.last() {
                    let before = seasons[prev].map_or(0, |k: Key| k.0);
                    if key.0 != before + 1 {
                        return Err(error(
                            format!("boards[{i}]"),
                            format!(
                                "{}: the board before it in its timeline is missing",
                                board_name((b.timeline, b.year, b.phase))
                            ),
                        ));
                    }
                }
                seasons[i] = Some(key);
                kept.push(i);
            }
            timelines.push(kept);
        }
        let units = world
            .boards
            .iter()
            .map(|b| {
                let units = b.units.iter().map(|(r, u)| (location_of(r), *u)).collect();
                ((b.timeline, b.year, b.phase), units)
            })
            .collect();
        let mut parents = BTreeMap::new();
        for (p, b) in world.boards.iter().enumerate() {
            for &t in &b.child_timelines {
                parents.entry(t).or_insert(p);
            }
        }
        let mut c = Converter {
            boards,
            timelines,
            seasons,
            orders: Vec::new(),
            units,
            from_board: BTreeMap::new(),
            to_board: BTreeMap::new(),
            parents,
        };
        for (i, value) in world.orders.iter().enumerate() {
            let path = format!("orders[{i}]");
            let (kind, raw) = parse_order(value, &path)?;
            let at = c.place(&raw.location, &format!("{path}.location"))?;
            let destination = match &raw.destination {
                Some(l) => Some(c.place(l, &format!("{path}.destination"))?),
                None => None,
            };
            let middle = match (&raw.support_location, &raw.convoy_location) {
                (Some(l), _) => Some(c.place(l, &format!("{path}.supportLocation"))?),
                (None, Some(l)) => Some(c.place(l, &format!("{path}.convoyLocation"))?),
                (None, None) => None,
            };
            let needs = match kind {
                Kind::Move => destination.is_some(),
                Kind::Support | Kind::Convoy => destination.is_some() && middle.is_some(),
                _ => true,
            };
            if !needs {
                return Err(error(
                    path,
                    format!("a {kind:?} order without its destination or the unit it helps"),
                ));
            }
            c.orders.push((
                i,
                Order {
                    kind,
                    status: raw.status,
                    unit: raw.unit,
                    at,
                    destination,
                    middle,
                },
            ));
        }
        for (n, (_, o)) in c.orders.iter().enumerate() {
            c.from_board.entry(o.at.board).or_default().push(n);
            if let Some(d) = &o.destination {
                c.to_board.entry(d.board).or_default().push(n);
            }
        }
        Ok(c)
    }

    /// The orders given on a board.
    fn orders_from(&self, board: (i64, i64, Phase)) -> impl Iterator<Item = &Order> {
        self.from_board
            .get(&board)
            .into_iter()
            .flatten()
            .map(|&n| &self.orders[n].1)
    }

    /// The orders whose destination is on a board.
    fn orders_to(&self, board: (i64, i64, Phase)) -> impl Iterator<Item = &Order> {
        self.to_board
            .get(&board)
            .into_iter()
            .flatten()
            .map(|&n| &self.orders[n].1)
    }

    /// Resolves a location: its board must exist (a Winter board that is not a season maps to
    /// the season its adjustments change).
    fn place(&self, l: &Location, path: &str) -> Result<Place, ImportError> {
        let season = season_of(l.timeline, l.year, l.phase, path)?;
        let name = known_region(&l.region, &format!("{path}.region"))?;
        let board = (l.timeline, l.year, l.phase);
        if !self.boards.contains_key(&board) {
            return Err(error(
                path,
                format!("no board {} in `boards`", board_name(board)),
            ));
        }
        Ok(Place {
            board,
            season,
            name,
        })
    }

    /// The board the first season of mdip timeline `y` (> 0) branched from, as a season.
    fn parent_of(&self, world: &World, y: usize) -> Result<Key, ImportError> {
        let t = i64::try_from(y + 1).unwrap_or(i64::MAX);
        let first = self.timelines[y][0];
        let Some(&p) = self.parents.get(&t) else {
            return Err(error(
                format!("boards[{first}]"),
                format!("timeline {t}: no board lists it in `childTimelines`"),
            ));
        };
        let b = &world.boards[p];
        if b.timeline >= t {
            return Err(error(
                format!("boards[{p}].childTimelines"),
                format!(
                    "timeline {t} branches from {}: a timeline branches from an older one",
                    board_name((b.timeline, b.year, b.phase))
                ),
            ));
        }
        let mut key = season_of(b.timeline, b.year, b.phase, &format!("boards[{p}]"))?;
        if b.phase == Phase::Winter {
            // A Winter board is no season: the fork continues its Fall.
            key.0 -= 1;
        }
        let own = self.seasons[first].unwrap_or_default();
        if own.0 != key.0 + 1 {
            return Err(error(
                format!("boards[{first}]"),
                format!(
                    "timeline {t} starts at turn {} but branches from {} (turn {})",
                    own.0,
                    board_name((b.timeline, b.year, b.phase)),
                    key.0
                ),
            ));
        }
        Ok(key)
    }
}

mod write;
use write::*;

pub(crate) mod strict;

#[cfg(test)]
mod tests;
