//! Reading and checking the map data files (powers, provinces, adjacency,
//! starting units).
//!
//! The formats are documented at the top of each file under
//! `crates/mdip-map/data/`. Loading checks everything a later query relies
//! on (unique names, home centres and units of listed powers only, valid
//! terrain for every adjacency, symmetric and duplicate-free edges, legal
//! starting units), and the first problem found
//! becomes a [`MapError`] naming the file and line.

use std::collections::{BTreeSet, HashMap};
use std::fmt;

use crate::map::{Map, Province};
use crate::names::{normalize_name, NameList};
use crate::types::{Coast, Location, Power, ProvinceId, Terrain, UnitType};

/// A problem in a map data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapError {
    /// The file the problem is in (`powers.txt`, `provinces.txt`,
    /// `adjacency.txt` or `units.txt`).
    pub file: &'static str,
    /// The 1-based line of the problem, or 0 for a problem of the whole
    /// file (such as a missing adjacency).
    pub line: usize,
    /// What is wrong, in one sentence without a final full stop.
    pub message: String,
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{} line {}: {}", self.file, self.line, self.message)
        }
    }
}

impl std::error::Error for MapError {}

/// The names of the four data files, as used in error messages.
const POWERS: &str = "powers.txt";
const PROVINCES: &str = "provinces.txt";
const ADJACENCY: &str = "adjacency.txt";
const UNITS: &str = "units.txt";

/// Builds a [`MapError`] for a line of a file.
pub(crate) fn error(file: &'static str, line: usize, message: impl Into<String>) -> MapError {
    MapError {
        file,
        line,
        message: message.into(),
    }
}

/// The content lines of a data file: 1-based line number and trimmed text,
/// skipping blank lines and `#` comments.
pub(crate) fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
}

/// The powers of a map in index order, every folded name of each, and each one's colour.
pub(crate) type Powers = (Vec<Power>, HashMap<String, Power>, Vec<Option<String>>);

/// Parses the four data files into a checked map.
pub(crate) fn parse_map(
    powers: &str,
    provinces: &str,
    adjacency: &str,
    units: &str,
) -> Result<Map, MapError> {
    let powers = parse_powers(powers)?;
    let (provinces, names) = parse_provinces(provinces, &powers.1)?;
    let mut map = Map::empty(powers, provinces, names);
    parse_adjacency(&mut map, adjacency)?;
    parse_units(&mut map, units)?;
    Ok(map)
}

/// Reads `powers.txt`: the powers in index order, each with its name,
/// abbreviation, adjective and aliases, no two names alike once folded.
fn parse_powers(text: &str) -> Result<Powers, MapError> {
    let mut powers: Vec<Power> = Vec::new();
    let mut names: HashMap<String, Power> = HashMap::new();
    let mut colours = Vec::new();
    for (line_no, line) in content_lines(text) {
        let err = |message: String| error(POWERS, line_no, message);
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        if !(3..=5).contains(&fields.len()) {
            return Err(err(format!(
                "expected 3 to 5 fields separated by '|' (name | abbrev | adjective | aliases \
                 | colour), found {}",
                fields.len()
            )));
        }
        let index = match u8::try_from(powers.len()) {
            Ok(n) if n < u8::MAX => n,
            _ => return Err(err("too many powers (at most 255)".to_string())),
        };
        let (name, abbrev, adjective) = (fields[0], fields[1], fields[2]);
        if name.is_empty() || name.contains(char::is_whitespace) {
            return Err(err(format!("power name `{name}` is not one word")));
        }
        if abbrev.is_empty() || !abbrev.bytes().all(|b| b.is_ascii_lowercase()) {
            return Err(err(format!(
                "abbreviation `{abbrev}` is not lower-case letters"
            )));
        }
        if adjective.is_empty() {
            return Err(err("the adjective is empty".to_string()));
        }
        let Some(power) = Power::intern(index, name, abbrev, adjective) else {
            return Err(err(
                "too many distinct powers loaded in one program (1,024 besides the standard seven)"
                    .to_string(),
            ));
        };
        let aliases = fields.get(3).map_or(Vec::new(), |list| {
            list.split(',')
                .map(str::trim)
                .filter(|a| !a.is_empty())
                .collect()
        });
        for text in [name, abbrev].into_iter().chain(aliases) {
            let key = normalize_name(text);
            if key.is_empty() || key == "neutral" {
                return Err(err(format!("`{text}` cannot name a power")));
            }
            if let Some(other) = names.insert(key, power) {
                return Err(err(format!("name `{text}` is already a name of {other}")));
            }
        }
        let colour = match fields.get(4).filter(|c| !c.is_empty()) {
            None => None,
            Some(c) if is_colour(c) => Some((*c).to_owned()),
            Some(c) => return Err(err(format!("colour `{c}` is not `#` and six hex digits"))),
        };
        colours.push(colour);
        powers.push(power);
    }
    if powers.is_empty() {
        return Err(error(POWERS, 0, "no powers"));
    }
    Ok((powers, names, colours))
}

/// Whether `text` is a colour as `#rrggbb`.
fn is_colour(text: &str) -> bool {
    text.len() == 7 && text.starts_with('#') && text[1..].bytes().all(|b| b.is_ascii_hexdigit())
}

/// Reads `provinces.txt`: the provinces in id order and the folded-name
/// index (every full name, abbreviation and alias). Home centres must name a
/// power of `powers` (by any of its names).
fn parse_provinces(
    text: &str,
    powers: &HashMap<String, Power>,
) -> Result<(Vec<Province>, NameList), MapError> {
    let mut provinces: Vec<Province> = Vec::new();
    // Folded name -> (province, line that introduced it).
    let mut seen: HashMap<String, (ProvinceId, usize)> = HashMap::new();
    let mut names = Vec::new();
    for (line_no, line) in content_lines(text) {
        let err = |message: String| error(PROVINCES, line_no, message);
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        if !(5..=6).contains(&fields.len()) {
            return Err(err(format!(
                "expected 5 or 6 fields separated by '|' (abbrev | terrain | centre | coasts | \
                 name | aliases), found {}",
                fields.len()
            )));
        }
        let id = match u8::try_from(provinces.len()) {
            Ok(n) if n < u8::MAX => ProvinceId(n),
            _ => return Err(err("too many provinces (at most 255)".to_string())),
        };

        let abbrev = fields[0];
        if abbrev.len() != 3 || !abbrev.bytes().all(|b| b.is_ascii_lowercase()) {
            return Err(err(format!(
                "abbreviation `{abbrev}` is not three lower-case letters"
            )));
        }
        let archipelago = fields[1] == "archipelago";
        let terrain = if archipelago {
            Terrain::Coastal
        } else {
            Terrain::from_name(fields[1]).ok_or_else(|| {
                err(format!(
                    "unknown terrain `{}` (expected inland, coastal, sea or archipelago)",
                    fields[1]
                ))
            })?
        };
        let (centre, home) = parse_centre(fields[2], terrain, abbrev, powers).map_err(err)?;
        let coasts = parse_coasts(fields[3], terrain, abbrev).map_err(err)?;
        let name = fields[4];
        if name.is_empty() {
            return Err(err("the full name is empty".to_string()));
        }
        if let Some(previous) = provinces.last() {
            if previous.name.to_lowercase() >= name.to_lowercase() {
                return Err(err(format!(
                    "`{name}` is out of alphabetical order (it follows `{}`)",
                    previous.name
                )));
            }
        }
        let aliases: Vec<String> = match fields.get(5) {
            Some(list) if !list.is_empty() => {
                list.split(',').map(|a| a.trim().to_string()).collect()
            }
            _ => Vec::new(),
        };

        let all_names = std::iter::once(abbrev)
            .chain(std::iter::once(name))
            .chain(aliases.iter().map(String::as_str));
        for text in all_names {
            let key = normalize_name(text);
            if key.is_empty() {
                return Err(err("an alias is empty".to_string()));
            }
            if let Some((other, other_line)) = seen.get(&key) {
                if *other == id && std::ptr::eq(text, name) && key == normalize_name(abbrev) {
                    // A full name that is its own abbreviation (Fez, `fez`): one name.
                    continue;
                }
                let whose = if *other == id {
                    "this province".to_string()
                } else {
                    format!("`{}` (line {other_line})", provinces[other.index()].abbrev)
                };
                return Err(err(format!("name `{text}` is already a name of {whose}")));
            }
            seen.insert(key.clone(), (id, line_no));
            names.push((key, id));
        }

        provinces.push(Province {
            abbrev: abbrev.to_string(),
            name: name.to_string(),
            terrain,
            centre,
            home,
            coasts,
            aliases,
            archipelago,
        });
    }
    if provinces.is_empty() {
        return Err(error(PROVINCES, 0, "no provinces"));
    }
    names.sort();
    Ok((provinces, names))
}

/// Reads the centre field of a province: `-`, `neutral` or a name of a
/// power of `powers`, as (whether a supply centre, whose home centre).
fn parse_centre(
    field: &str,
    terrain: Terrain,
    abbrev: &str,
    powers: &HashMap<String, Power>,
) -> Result<(bool, Option<Power>), String> {
    let (centre, home) = match field {
        "-" => (false, None),
        "neutral" => (true, None),
        other => match powers.get(&normalize_name(other)).copied() {
            Some(power) => (true, Some(power)),
            None => {
                return Err(format!(
                    "unknown centre `{other}` (expected -, neutral or a power)"
                ))
            }
        },
    };
    if centre && terrain == Terrain::Sea {
        return Err(format!("sea `{abbrev}` cannot be a supply centre"));
    }
    Ok((centre, home))
}

/// Reads the coasts field of a province: `-`, or two or more distinct
/// coasts of a coastal province, returned sorted.
fn parse_coasts(field: &str, terrain: Terrain, abbrev: &str) -> Result<Vec<Coast>, String> {
    let mut coasts = Vec::new();
    if field == "-" {
        return Ok(coasts);
    }
    for word in field.split_whitespace() {
        let coast = Coast::ALL
            .into_iter()
            .find(|c| c.abbrev() == word)
            .ok_or_else(|| format!("unknown coast `{word}` (expected nc, sc or ec)"))?;
        if coasts.contains(&coast) {
            return Err(format!("coast `{word}` is listed twice"));
        }
        coasts.push(coast);
    }
    coasts.sort();
    if coasts.len() < 2 {
        return Err("a split-coast province needs at least two coasts".to_string());
    }
    if terrain != Terrain::Coastal {
        return Err(format!(
            "only coastal provinces can have split coasts, `{abbrev}` is {terrain}"
        ));
    }
    Ok(coasts)
}

/// Reads a location written as a canonical abbreviation with an optional
/// `/coast` (`stp/nc`), checking that the coast belongs to the province.
pub(crate) fn parse_location(map: &Map, text: &str) -> Result<Location, String> {
    let (abbrev, coast) = match text.split_once('/') {
        Some((abbrev, coast)) => (abbrev, Some(coast)),
        None => (text, None),
    };
    let province = map
        .province_by_abbrev(abbrev)
        .filter(|p| map.abbrev(*p) == abbrev)
        .ok_or_else(|| format!("unknown province abbreviation `{abbrev}`"))?;
    let coast = match coast {
        None => None,
        Some(word) => {
            let coast = Coast::ALL
                .into_iter()
                .find(|c| c.abbrev() == word)
                .ok_or_else(|| format!("unknown coast `{word}` in `{text}`"))?;
            if !map.coasts(province).contains(&coast) {
                return Err(format!("`{abbrev}` has no coast `{word}`"));
            }
            Some(coast)
        }
    };
    Ok(Location { province, coast })
}

/// Reads `adjacency.txt` into the map's army and fleet edge lists, adding
/// each edge in both directions.
fn parse_adjacency(map: &mut Map, text: &str) -> Result<(), MapError> {
    // Every edge seen so far, keyed by its (smaller, larger) ends, with the
    // line it came from.
    let mut army_seen: HashMap<(ProvinceId, ProvinceId), usize> = HashMap::new();
    let mut fleet_seen: HashMap<(Location, Location), usize> = HashMap::new();
    for (line_no, line) in content_lines(text) {
        let err = |message: String| error(ADJACENCY, line_no, message);
        let (head, targets) = line
            .split_once(':')
            .ok_or_else(|| err("expected `kind from: to to ...`".to_string()))?;
        let mut head_words = head.split_whitespace();
        let (Some(kind), Some(from), None) =
            (head_words.next(), head_words.next(), head_words.next())
        else {
            return Err(err(
                "expected a kind (army, fleet or both) and one place before ':'".to_string(),
            ));
        };
        let (army, fleet) = match kind {
            "army" => (true, false),
            "fleet" => (false, true),
            "both" => (true, true),
            other => {
                return Err(err(format!(
                    "unknown kind `{other}` (expected army, fleet or both)"
                )))
            }
        };
        let from = parse_location(map, from).map_err(&err)?;
        let mut any_target = false;
        for to in targets.split_whitespace() {
            any_target = true;
            let to = parse_location(map, to).map_err(&err)?;
            if from.province == to.province {
                return Err(err(format!(
                    "`{}` cannot border itself",
                    map.abbrev(from.province)
                )));
            }
            check_edge_ends(map, kind, from, to).map_err(&err)?;
            if army {
                let key = (
                    from.province.min(to.province),
                    from.province.max(to.province),
                );
                if let Some(first) = army_seen.insert(key, line_no) {
                    return Err(err(format!(
                        "army adjacency `{}`-`{}` is already listed on line {first}",
                        map.abbrev(from.province),
                        map.abbrev(to.province)
                    )));
                }
                map.army[from.province.index()].push(to.province);
                map.army[to.province.index()].push(from.province);
            }
            if fleet {
                let key = (from.min(to), from.max(to));
                if let Some(first) = fleet_seen.insert(key, line_no) {
                    return Err(err(format!(
                        "fleet adjacency `{}`-`{}` is already listed on line {first}",
                        map.location_abbrev(from),
                        map.location_abbrev(to)
                    )));
                }
                map.fleet[from.province.index()].push((from.coast, to));
                map.fleet[to.province.index()].push((to.coast, from));
            }
        }
        if !any_target {
            return Err(err("no neighbours after ':'".to_string()));
        }
    }

    finish_adjacency(map)
}

/// Checks both ends of one edge of kind `kind` (`army`, `fleet` or
/// `both`): terrain fit for the units that use it, and coasts named exactly
/// where fleets need them.
fn check_edge_ends(map: &Map, kind: &str, from: Location, to: Location) -> Result<(), String> {
    let (army, fleet) = (kind != "fleet", kind != "army");
    for end in [from, to] {
        let terrain = map.terrain(end.province);
        let split = !map.coasts(end.province).is_empty();
        let place = map.location_abbrev(end);
        if army && terrain == Terrain::Sea {
            return Err(format!("armies cannot enter sea `{place}`"));
        }
        if fleet && terrain == Terrain::Inland {
            return Err(format!("fleets cannot enter inland `{place}`"));
        }
        if kind == "both" && (terrain != Terrain::Coastal || split) {
            return Err(format!(
                "`both` needs two coastal provinces without split coasts, not `{place}`"
            ));
        }
        if kind == "army" && end.coast.is_some() {
            return Err(format!("army moves take no coast: `{place}`"));
        }
        if kind == "fleet" && split && end.coast.is_none() {
            return Err(format!(
                "a fleet move to or from split-coast `{place}` needs a coast"
            ));
        }
    }
    Ok(())
}

/// Sorts the edge lists, derives the borders, and checks that every
/// province touches another and every place a fleet may stand lets it move.
fn finish_adjacency(map: &mut Map) -> Result<(), MapError> {
    for list in &mut map.army {
        list.sort();
    }
    for list in &mut map.fleet {
        list.sort();
    }
    let borders: Vec<Vec<ProvinceId>> = map
        .provinces()
        .map(|p| {
            let mut set: BTreeSet<ProvinceId> = map.army[p.index()].iter().copied().collect();
            set.extend(map.fleet[p.index()].iter().map(|(_, to)| to.province));
            set.into_iter().collect()
        })
        .collect();
    map.borders = borders;

    // Every province must touch another, and every place a fleet may stand
    // must let it move somewhere.
    for p in map.provinces() {
        if map.borders[p.index()].is_empty() {
            return Err(error(
                ADJACENCY,
                0,
                format!("`{}` has no neighbours", map.abbrev(p)),
            ));
        }
        for loc in map.fleet_locations(p) {
            if !map.fleet[p.index()].iter().any(|(c, _)| *c == loc.coast) {
                return Err(error(
                    ADJACENCY,
                    0,
                    format!(
                        "fleets at `{}` have no neighbours",
                        map.location_abbrev(loc)
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Reads `units.txt`: the starting units, each standing legally, at most
/// one a province.
fn parse_units(map: &mut Map, text: &str) -> Result<(), MapError> {
    let mut occupied: HashMap<ProvinceId, usize> = HashMap::new();
    for (line_no, line) in content_lines(text) {
        let err = |message: String| error(UNITS, line_no, message);
        let words: Vec<&str> = line.split_whitespace().collect();
        let [power, unit, location] = words[..] else {
            return Err(err(format!(
                "expected `Power A|F location`, found {} words",
                words.len()
            )));
        };
        let power = map
            .resolve_power(power)
            .filter(|p| p.name() == power)
            .ok_or_else(|| err(format!("unknown power `{power}`")))?;
        let unit = match unit {
            "A" => UnitType::Army,
            "F" => UnitType::Fleet,
            other => {
                return Err(err(format!(
                    "unknown unit type `{other}` (expected A or F)"
                )))
            }
        };
        let location = parse_location(map, location).map_err(&err)?;
        if !map.can_stand(unit, location) {
            return Err(err(format!(
                "{} {} cannot stand at `{}`",
                power.adjective(),
                unit.name().to_lowercase(),
                map.location_abbrev(location)
            )));
        }
        if let Some(first) = occupied.insert(location.province, line_no) {
            return Err(err(format!(
                "`{}` already has a unit (line {first})",
                map.abbrev(location.province)
            )));
        }
        map.units.push((power, unit, location));
    }
    Ok(())
}
