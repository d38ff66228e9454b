//! Reading and checking the map data files (powers, provinces, adjacency,
//! starting units).
//!
//! The formats are documented at the top of each file under
//! `crates/mdip-map/data/`. Loading checks everything a later query relies
//! on (unique names, home centres and units of listed powers only, valid
//! terrain for every adjacency, symmetric and duplicate-free edges, legal
//! starting units), and reports every problem it finds, each a [`MapError`] naming the file
//! and line: a bad line is reported and skipped, and reading goes on. A line of another file
//! that names a power or province of a bad line is skipped silently (the problem is the bad
//! line's), and the checks of a whole file (every province has a neighbour) are made only if
//! every line of it was read.

use std::collections::{BTreeSet, HashMap};

use crate::map::{Map, Province};
use crate::names::{normalize_name, NameList};
use crate::problems::{error, MapErrors, Problems};
use crate::types::{Coast, Location, Power, ProvinceId, Terrain, UnitType};

/// The names of the four data files, as used in error messages.
const POWERS: &str = "powers.txt";
const PROVINCES: &str = "provinces.txt";
const ADJACENCY: &str = "adjacency.txt";
const UNITS: &str = "units.txt";

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

/// Parses the four data files into a checked map, or every problem found.
pub(crate) fn parse_map(
    powers: &str,
    provinces: &str,
    adjacency: &str,
    units: &str,
) -> Result<Map, MapErrors> {
    let mut problems = Problems::default();
    let map = read_map(powers, provinces, adjacency, units, &mut problems);
    problems.finish(map)
}

/// Reads the four data files, recording every problem in `problems`: the map is whole only if
/// none was found.
pub(crate) fn read_map(
    powers: &str,
    provinces: &str,
    adjacency: &str,
    units: &str,
    problems: &mut Problems,
) -> Map {
    let powers = parse_powers(powers, problems);
    let (provinces, names) = parse_provinces(provinces, &powers.1, problems);
    let mut map = Map::empty(powers, provinces, names);
    parse_adjacency(&mut map, adjacency, problems);
    parse_units(&mut map, units, problems);
    map
}

/// Reads `powers.txt`: the powers in index order, each with its name,
/// abbreviation, adjective and aliases, no two names alike once folded.
fn parse_powers(text: &str, problems: &mut Problems) -> Powers {
    let before = problems.count();
    let mut powers: Vec<Power> = Vec::new();
    let mut names: HashMap<String, Power> = HashMap::new();
    let mut colours = Vec::new();
    for (line_no, line) in content_lines(text) {
        let err = |message: String| error(POWERS, line_no, message);
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let problem = if !(3..=5).contains(&fields.len()) {
            Some(format!(
                "expected 3 to 5 fields separated by '|' (name | abbrev | adjective | aliases \
                 | colour), found {}",
                fields.len()
            ))
        } else {
            power_fields_problem(&fields, powers.len())
        };
        let power = match problem {
            Some(message) => Err(message),
            None => Power::intern(
                u8::try_from(powers.len()).unwrap_or(u8::MAX),
                fields[0],
                fields[1],
                fields[2],
            )
            .ok_or_else(|| {
                "too many distinct powers loaded in one program (1,024 besides the standard \
                 seven)"
                    .to_string()
            }),
        };
        let power = match power {
            Ok(power) => power,
            Err(message) => {
                problems.push(err(message));
                for name in fields.iter().take(2).chain(&aliases_of(&fields)) {
                    problems.lose_power(name);
                }
                continue;
            }
        };
        let names_of_line = [fields[0], fields[1]]
            .into_iter()
            .chain(aliases_of(&fields));
        for text in names_of_line {
            let key = normalize_name(text);
            if key.is_empty() || key == "neutral" {
                problems.push(err(format!("`{text}` cannot name a power")));
                problems.lose_power(text);
            } else if let Some(other) = names.get(&key) {
                problems.push(err(format!("name `{text}` is already a name of {other}")));
            } else {
                names.insert(key, power);
            }
        }
        let colour = match fields.get(4).filter(|c| !c.is_empty()) {
            None => None,
            Some(c) if is_colour(c) => Some((*c).to_owned()),
            Some(c) => {
                problems.push(err(format!("colour `{c}` is not `#` and six hex digits")));
                None
            }
        };
        colours.push(colour);
        powers.push(power);
    }
    if powers.is_empty() {
        // Any name of a power another file writes may be one of the bad lines'.
        problems.lose_every_power();
        if problems.count() == before {
            problems.push(error(POWERS, 0, "no powers"));
        }
    }
    (powers, names, colours)
}

/// The problem of a power line's name, abbreviation and adjective, or of its index.
fn power_fields_problem(fields: &[&str], index: usize) -> Option<String> {
    let (name, abbrev, adjective) = (fields[0], fields[1], fields[2]);
    if index >= usize::from(u8::MAX) {
        Some("too many powers (at most 255)".to_string())
    } else if name.is_empty() || name.contains(char::is_whitespace) {
        Some(format!("power name `{name}` is not one word"))
    } else if abbrev.is_empty() || !abbrev.bytes().all(|b| b.is_ascii_lowercase()) {
        Some(format!("abbreviation `{abbrev}` is not lower-case letters"))
    } else if adjective.is_empty() {
        Some("the adjective is empty".to_string())
    } else {
        None
    }
}

/// The aliases of a power line (its fourth field, comma-separated).
fn aliases_of<'a>(fields: &[&'a str]) -> Vec<&'a str> {
    fields.get(3).map_or(Vec::new(), |list| {
        list.split(',')
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .collect()
    })
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
    problems: &mut Problems,
) -> (Vec<Province>, NameList) {
    let before = problems.count();
    let mut provinces: Vec<Province> = Vec::new();
    // Folded name -> (province, line that introduced it).
    let mut seen: HashMap<String, (ProvinceId, usize)> = HashMap::new();
    let mut names = Vec::new();
    for (line_no, line) in content_lines(text) {
        let err = |message: String| error(PROVINCES, line_no, message);
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let province = match province_fields(&fields, provinces.len(), powers, problems) {
            Ok((province, centre_problem)) => {
                if let Some(message) = centre_problem {
                    problems.push(err(message));
                }
                province
            }
            Err(message) => {
                problems.push(err(message));
                problems.lose_province(fields[0]);
                continue;
            }
        };
        let id = ProvinceId(u8::try_from(provinces.len()).unwrap_or(u8::MAX));
        if let Some((other, other_line)) = seen.get(&normalize_name(&province.abbrev)) {
            // Another province's name: the places other files name so are the other's.
            let (abbrev, other) = (&province.abbrev, &provinces[other.index()].abbrev);
            problems.push(err(format!(
                "name `{abbrev}` is already a name of `{other}` (line {other_line})"
            )));
            problems.lose_province(abbrev);
            continue;
        }
        let name = &province.name;
        if let Some(previous) = provinces.last() {
            if previous.name.to_lowercase() >= name.to_lowercase() {
                problems.push(err(format!(
                    "`{name}` is out of alphabetical order (it follows `{}`)",
                    previous.name
                )));
            }
        }
        let all_names = [province.abbrev.as_str(), name.as_str()]
            .into_iter()
            .chain(province.aliases.iter().map(String::as_str));
        let mut empty_alias = false;
        for text in all_names {
            let key = normalize_name(text);
            if key.is_empty() {
                if !std::mem::replace(&mut empty_alias, true) {
                    problems.push(err("an alias is empty".to_string()));
                }
            } else if let Some((other, other_line)) = seen.get(&key) {
                if *other == id
                    && std::ptr::eq(text, name.as_str())
                    && key == normalize_name(&province.abbrev)
                {
                    // A full name that is its own abbreviation (Fez, `fez`): one name.
                    continue;
                }
                let whose = if *other == id {
                    "this province".to_string()
                } else {
                    format!("`{}` (line {other_line})", provinces[other.index()].abbrev)
                };
                problems.push(err(format!("name `{text}` is already a name of {whose}")));
            } else {
                seen.insert(key.clone(), (id, line_no));
                names.push((key, id));
            }
        }
        provinces.push(province);
    }
    if provinces.is_empty() && problems.count() == before {
        problems.push(error(PROVINCES, 0, "no provinces"));
    }
    names.sort();
    (provinces, names)
}

/// The province of a line's fields (the `index`-th), with the problem of a centre naming no
/// power (the province is kept, as a neutral centre), or the line's problem.
fn province_fields(
    fields: &[&str],
    index: usize,
    powers: &HashMap<String, Power>,
    problems: &Problems,
) -> Result<(Province, Option<String>), String> {
    if !(5..=6).contains(&fields.len()) {
        return Err(format!(
            "expected 5 or 6 fields separated by '|' (abbrev | terrain | centre | coasts | \
             name | aliases), found {}",
            fields.len()
        ));
    }
    if index >= usize::from(u8::MAX) {
        return Err("too many provinces (at most 255)".to_string());
    }
    let abbrev = fields[0];
    if abbrev.len() != 3 || !abbrev.bytes().all(|b| b.is_ascii_lowercase()) {
        return Err(format!(
            "abbreviation `{abbrev}` is not three lower-case letters"
        ));
    }
    let archipelago = fields[1] == "archipelago";
    let terrain = if archipelago {
        Terrain::Coastal
    } else {
        Terrain::from_name(fields[1]).ok_or_else(|| {
            format!(
                "unknown terrain `{}` (expected inland, coastal, sea or archipelago)",
                fields[1]
            )
        })?
    };
    let (centre, home, centre_problem) =
        parse_centre(fields[2], terrain, abbrev, powers, problems)?;
    let coasts = parse_coasts(fields[3], terrain, abbrev)?;
    let name = fields[4];
    if name.is_empty() {
        return Err("the full name is empty".to_string());
    }
    let aliases: Vec<String> = match fields.get(5) {
        Some(list) if !list.is_empty() => list.split(',').map(|a| a.trim().to_string()).collect(),
        _ => Vec::new(),
    };
    let coast_abbrevs = coasts
        .iter()
        .map(|&c| crate::map::with_coast(abbrev, c))
        .collect();
    let province = Province {
        abbrev: abbrev.to_string(),
        name: name.to_string(),
        terrain,
        centre,
        home,
        coasts,
        coast_abbrevs,
        aliases,
        archipelago,
    };
    Ok((province, centre_problem))
}

/// Reads the centre field of a province: `-`, `neutral` or a name of a
/// power of `powers`, as (whether a supply centre, whose home centre, the
/// problem of a name of no power: read as `neutral`). A power of a bad line
/// of `powers.txt` is read as `neutral` without a problem.
fn parse_centre(
    field: &str,
    terrain: Terrain,
    abbrev: &str,
    powers: &HashMap<String, Power>,
    problems: &Problems,
) -> Result<(bool, Option<Power>, Option<String>), String> {
    let (centre, home, problem) = match field {
        "-" => (false, None, None),
        "neutral" => (true, None, None),
        other => match powers.get(&normalize_name(other)).copied() {
            Some(power) => (true, Some(power), None),
            None if problems.lost_power(other) => (true, None, None),
            None => (
                true,
                None,
                Some(format!(
                    "unknown centre `{other}` (expected -, neutral or a power)"
                )),
            ),
        },
    };
    if centre && terrain == Terrain::Sea {
        return Err(problem.unwrap_or_else(|| format!("sea `{abbrev}` cannot be a supply centre")));
    }
    Ok((centre, home, problem))
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
/// each edge in both directions; then, if every line was read, checks that
/// every province has a neighbour.
fn parse_adjacency(map: &mut Map, text: &str, problems: &mut Problems) {
    let before = problems.count();
    let mut skipped = false;
    // Every edge seen so far, keyed by its (smaller, larger) ends, with the
    // line it came from.
    let mut army_seen: HashMap<(ProvinceId, ProvinceId), usize> = HashMap::new();
    let mut fleet_seen: HashMap<(Location, Location), usize> = HashMap::new();
    for (line_no, line) in content_lines(text) {
        let err = |message: String| error(ADJACENCY, line_no, message);
        let Some((head, targets)) = line.split_once(':') else {
            problems.push(err("expected `kind from: to to ...`".to_string()));
            continue;
        };
        let mut head_words = head.split_whitespace();
        let (Some(kind), Some(from), None) =
            (head_words.next(), head_words.next(), head_words.next())
        else {
            problems.push(err(
                "expected a kind (army, fleet or both) and one place before ':'".to_string(),
            ));
            continue;
        };
        let (army, fleet) = match kind {
            "army" => (true, false),
            "fleet" => (false, true),
            "both" => (true, true),
            other => {
                problems.push(err(format!(
                    "unknown kind `{other}` (expected army, fleet or both)"
                )));
                continue;
            }
        };
        let Some(from) = place(map, problems, &mut skipped, line_no, from) else {
            continue;
        };
        let mut any_target = false;
        for to in targets.split_whitespace() {
            any_target = true;
            let Some(to) = place(map, problems, &mut skipped, line_no, to) else {
                continue;
            };
            if from.province == to.province {
                problems.push(err(format!(
                    "`{}` cannot border itself",
                    map.abbrev(from.province)
                )));
                continue;
            }
            if let Err(message) = check_edge_ends(map, kind, from, to) {
                problems.push(err(message));
                continue;
            }
            if army {
                let key = (
                    from.province.min(to.province),
                    from.province.max(to.province),
                );
                if let Some(first) = army_seen.insert(key, line_no) {
                    problems.push(err(format!(
                        "army adjacency `{}`-`{}` is already listed on line {first}",
                        map.abbrev(from.province),
                        map.abbrev(to.province)
                    )));
                    continue;
                }
                map.army[from.province.index()].push(to.province);
                map.army[to.province.index()].push(from.province);
            }
            if fleet {
                let key = (from.min(to), from.max(to));
                if let Some(first) = fleet_seen.insert(key, line_no) {
                    problems.push(err(format!(
                        "fleet adjacency `{}`-`{}` is already listed on line {first}",
                        map.location_abbrev(from),
                        map.location_abbrev(to)
                    )));
                    continue;
                }
                map.fleet[from.province.index()].push((from.coast, to));
                map.fleet[to.province.index()].push((to.coast, from));
            }
        }
        if !any_target {
            problems.push(err("no neighbours after ':'".to_string()));
        }
    }
    let whole = !skipped && problems.count() == before;
    finish_adjacency(map, whole.then_some(problems));
}

/// The location `text` on line `line_no` of `adjacency.txt`, or `None` with its problem
/// recorded; a place of a bad line of `provinces.txt` has none of its own (`skipped` is set).
fn place(
    map: &Map,
    problems: &mut Problems,
    skipped: &mut bool,
    line_no: usize,
    text: &str,
) -> Option<Location> {
    match parse_location(map, text) {
        Ok(location) => Some(location),
        Err(_) if problems.lost_province(text) => {
            *skipped = true;
            None
        }
        Err(message) => {
            problems.push(error(ADJACENCY, line_no, message));
            None
        }
    }
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

/// Sorts the edge lists, derives the borders, and (with `problems`: every
/// line of the file was read) checks that every province touches another and
/// every place a fleet may stand lets it move.
fn finish_adjacency(map: &mut Map, problems: Option<&mut Problems>) {
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
    let Some(problems) = problems else {
        return;
    };
    for p in map.provinces() {
        if map.borders[p.index()].is_empty() {
            problems.push(error(
                ADJACENCY,
                0,
                format!("`{}` has no neighbours", map.abbrev(p)),
            ));
            continue;
        }
        for loc in map.fleet_locations(p) {
            if !map.fleet[p.index()].iter().any(|(c, _)| *c == loc.coast) {
                problems.push(error(
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
}

/// Reads `units.txt`: the starting units, each standing legally, at most
/// one a province.
fn parse_units(map: &mut Map, text: &str, problems: &mut Problems) {
    let mut occupied: HashMap<ProvinceId, usize> = HashMap::new();
    for (line_no, line) in content_lines(text) {
        let err = |message: String| error(UNITS, line_no, message);
        let words: Vec<&str> = line.split_whitespace().collect();
        let [power, unit, location] = words[..] else {
            problems.push(err(format!(
                "expected `Power A|F location`, found {} words",
                words.len()
            )));
            continue;
        };
        let lost = problems.lost_power(power) || problems.lost_province(location);
        let unit = match unit_of(map, power, unit, location) {
            Ok(unit) => unit,
            Err(_) if lost => continue,
            Err(message) => {
                problems.push(err(message));
                continue;
            }
        };
        let (_, _, location) = unit;
        if let Some(first) = occupied.insert(location.province, line_no) {
            problems.push(err(format!(
                "`{}` already has a unit (line {first})",
                map.abbrev(location.province)
            )));
            continue;
        }
        map.units.push(unit);
    }
}

/// The starting unit `power unit location` of a line, standing legally, or its problem.
fn unit_of(
    map: &Map,
    power: &str,
    unit: &str,
    location: &str,
) -> Result<(Power, UnitType, Location), String> {
    let power = map
        .resolve_power(power)
        .filter(|p| p.name() == power)
        .ok_or_else(|| format!("unknown power `{power}`"))?;
    let unit = match unit {
        "A" => UnitType::Army,
        "F" => UnitType::Fleet,
        other => return Err(format!("unknown unit type `{other}` (expected A or F)")),
    };
    let location = parse_location(map, location)?;
    if !map.can_stand(unit, location) {
        return Err(format!(
            "{} {} cannot stand at `{}`",
            power.adjective(),
            unit.name().to_lowercase(),
            map.location_abbrev(location)
        ));
    }
    Ok((power, unit, location))
}
