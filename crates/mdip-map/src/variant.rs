//! Variants: a map's data files plus its rules and picture data, the maps built into mdip,
//! and the loading of a variant folder's files that a host has read.
//!
//! A variant is a folder (documented in `docs/variants.md`): the four files of the standard
//! map (`powers.txt`, `provinces.txt`, `adjacency.txt`, `units.txt`), an optional
//! `variant.txt` (`key = value` lines: `name`, `title`, `victory`, `builds`, `start-year`,
//! `source`) and an optional `points.txt` (a point per province and named coast, and the
//! picture's `size`). This module reads no file: a host passes the texts ([`VariantFiles`]),
//! and built-in variants are embedded with `include_str!`.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock, PoisonError};

use crate::load::{parse_location, read_map};
use crate::map::Map;
use crate::problems::{error, MapErrors, Problems};
use crate::types::{Location, ProvinceId};

/// The texts of a variant folder's files, as a host read them (`None` for an optional file
/// the folder does not have).
#[derive(Clone, Copy, Debug, Default)]
pub struct VariantFiles<'a> {
    /// `powers.txt`.
    pub powers: &'a str,
    /// `provinces.txt`.
    pub provinces: &'a str,
    /// `adjacency.txt`.
    pub adjacency: &'a str,
    /// `units.txt`.
    pub units: &'a str,
    /// `variant.txt`, optional.
    pub variant: Option<&'a str>,
    /// `points.txt`, optional.
    pub points: Option<&'a str>,
}

impl VariantFiles<'_> {
    /// The files of a variant folder, in the order [`VariantFiles::set`] takes them.
    pub const FILES: [&'static str; 6] = [
        "powers.txt",
        "provinces.txt",
        "adjacency.txt",
        "units.txt",
        "variant.txt",
        "points.txt",
    ];
}

/// Where a power may build in a Winter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Builds {
    /// In its vacant, owned home centres (rule 20; the standard map).
    #[default]
    Home,
    /// In any vacant centre it owns ("build anywhere").
    Anywhere,
}

/// A variant's rules and descriptions (`variant.txt`); the standard map's are the defaults.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantInfo {
    /// The short name a file writes after `@map` (`standard`, `ancient-mediterranean`).
    pub name: String,
    /// The title for people (`Ancient Mediterranean`).
    pub title: String,
    /// Supply centres a solo victory needs; `None`: more than half of the map's.
    pub victory: Option<usize>,
    /// Where powers build.
    pub builds: Builds,
    /// The year of the first Spring (1901 on the standard map): the calendar of seasons in
    /// words (`Spring 1901`, `S1901M`) counts from it, reading and writing.
    pub start_year: u32,
    /// Where the facts of the variant come from.
    pub source: String,
}

impl Default for VariantInfo {
    fn default() -> VariantInfo {
        VariantInfo {
            name: "standard".to_owned(),
            title: "Standard".to_owned(),
            victory: None,
            builds: Builds::Home,
            start_year: 1901,
            source: String::new(),
        }
    }
}

/// The picture data of a variant (`points.txt`): a point per province and per named coast in
/// a `size` box, with y downwards, from which a renderer draws a plain board.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Picture {
    /// Width and height of the picture.
    pub size: (f64, f64),
    /// The point of each province, by [`ProvinceId`] index.
    pub points: Vec<(f64, f64)>,
    /// The points of named coasts.
    pub coasts: Vec<(Location, (f64, f64))>,
}

impl Picture {
    /// The point of a province.
    pub fn point(&self, p: ProvinceId) -> Option<(f64, f64)> {
        self.points.get(p.index()).copied()
    }

    /// The point of a location: its coast's if it has one listed, else its province's.
    pub fn location_point(&self, loc: Location) -> Option<(f64, f64)> {
        self.coasts
            .iter()
            .find(|(l, _)| *l == loc)
            .map(|(_, xy)| *xy)
            .or_else(|| self.point(loc.province))
    }
}

/// Reads `variant.txt`'s `key = value` lines; a bad line is recorded and skipped.
pub(crate) fn parse_variant_info(text: &str, problems: &mut Problems) -> VariantInfo {
    const FILE: &str = "variant.txt";
    let mut info = VariantInfo {
        name: String::new(),
        title: String::new(),
        ..VariantInfo::default()
    };
    let mut seen: HashMap<String, usize> = HashMap::new();
    for (line_no, line) in crate::load::content_lines(text) {
        let Some((key, value)) = line.split_once('=') else {
            problems.push(error(
                FILE,
                line_no,
                format!("expected `key = value`, found `{line}`"),
            ));
            continue;
        };
        let (key, value) = (key.trim().to_ascii_lowercase(), value.trim());
        if let Some(first) = seen.get(&key) {
            let message = format!("`{key}` is already set on line {first}");
            problems.push(error(FILE, line_no, message));
            continue;
        }
        seen.insert(key.clone(), line_no);
        if let Err(message) = set_key(&mut info, &key, value) {
            problems.push(error(FILE, line_no, message));
        }
    }
    if !seen.contains_key("name") {
        problems.push(error(FILE, 0, "no `name = ...` line"));
    }
    if info.title.is_empty() {
        info.title.clone_from(&info.name);
    }
    info
}

/// The latest first year a variant may have (years are written in digits, from 1).
const MAX_START_YEAR: u32 = 100_000;

/// Sets the value of one `variant.txt` key, or says why it cannot be.
fn set_key(info: &mut VariantInfo, key: &str, value: &str) -> Result<(), String> {
    match key {
        "name" => {
            let ok = !value.is_empty()
                && value
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
            if !ok {
                return Err(format!(
                    "the name `{value}` is not lower-case letters, digits and '-'"
                ));
            }
            value.clone_into(&mut info.name);
        }
        "title" => value.clone_into(&mut info.title),
        "source" => value.clone_into(&mut info.source),
        "victory" => match value.parse::<usize>() {
            Ok(n) if n > 0 => info.victory = Some(n),
            _ => {
                return Err(format!(
                    "victory `{value}` is not a positive number of supply centres"
                ))
            }
        },
        "builds" => {
            info.builds = match value {
                "home" => Builds::Home,
                "anywhere" => Builds::Anywhere,
                other => return Err(format!("builds `{other}` is not `home` or `anywhere`")),
            }
        }
        "start-year" => match value.parse::<u32>() {
            Ok(year) if (1..=MAX_START_YEAR).contains(&year) => info.start_year = year,
            _ => {
                return Err(format!(
                    "start-year `{value}` is not a year from 1 to {MAX_START_YEAR}"
                ))
            }
        },
        other => {
            return Err(format!(
                "unknown key `{other}` (expected name, title, victory, builds, start-year or \
                 source)"
            ))
        }
    }
    Ok(())
}

/// Reads `points.txt` against a loaded map: `size W H` once, then `place x y` for every
/// province (and optionally for named coasts). A bad line is recorded and skipped; the checks of
/// the whole file (a point for every province, inside the size) are made if every line was read.
pub(crate) fn parse_points(map: &Map, text: &str, problems: &mut Problems) -> Option<Picture> {
    const FILE: &str = "points.txt";
    let before = problems.count();
    let mut skipped = false;
    let mut size = None;
    let mut points: Vec<Option<(f64, f64)>> = vec![None; map.province_count()];
    let mut coasts = Vec::new();
    for (line_no, line) in crate::load::content_lines(text) {
        let err = |message: String| error(FILE, line_no, message);
        let words: Vec<&str> = line.split_whitespace().collect();
        let [place, x, y] = words[..] else {
            problems.push(err(format!(
                "expected `place x y` or `size width height`, found {} words",
                words.len()
            )));
            continue;
        };
        let number = |w: &str| {
            w.parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0)
                .ok_or_else(|| format!("`{w}` is not a number of at least 0"))
        };
        let xy = match (number(x), number(y)) {
            (Ok(x), Ok(y)) => (x, y),
            (Err(message), _) | (_, Err(message)) => {
                problems.push(err(message));
                continue;
            }
        };
        if place == "size" {
            if size.replace(xy).is_some() {
                problems.push(err("`size` is given twice".to_owned()));
            }
            continue;
        }
        let loc = match parse_location(map, place) {
            Ok(loc) => loc,
            Err(_) if problems.lost_province(place) => {
                skipped = true;
                continue;
            }
            Err(message) => {
                problems.push(err(message));
                continue;
            }
        };
        let taken = if loc.coast.is_some() {
            let taken = coasts.iter().any(|(l, _)| *l == loc);
            if !taken {
                coasts.push((loc, xy));
            }
            taken
        } else {
            points[loc.province.index()].replace(xy).is_some()
        };
        if taken {
            problems.push(err(format!("`{place}` already has a point")));
        }
    }
    if skipped || problems.count() > before {
        return None;
    }
    let Some(size) = size else {
        problems.push(error(FILE, 0, "no `size width height` line"));
        return None;
    };
    let mut out = Vec::with_capacity(points.len());
    for (p, point) in map.provinces().zip(points) {
        match point {
            Some((x, y)) if x <= size.0 && y <= size.1 => out.push((x, y)),
            Some(_) => problems.push(error(
                FILE,
                0,
                format!("the point of `{}` is outside the size", map.abbrev(p)),
            )),
            None => problems.push(error(FILE, 0, format!("`{}` has no point", map.abbrev(p)))),
        }
    }
    Some(Picture {
        size,
        points: out,
        coasts,
    })
}

/// A variant built into mdip: its name and its files.
struct Builtin {
    name: &'static str,
    files: VariantFiles<'static>,
}

/// Embeds the files of a built-in variant folder under `variants/`.
macro_rules! builtin {
    ($name:literal) => {
        Builtin {
            name: $name,
            files: VariantFiles {
                powers: include_str!(concat!("../variants/", $name, "/powers.txt")),
                provinces: include_str!(concat!("../variants/", $name, "/provinces.txt")),
                adjacency: include_str!(concat!("../variants/", $name, "/adjacency.txt")),
                units: include_str!(concat!("../variants/", $name, "/units.txt")),
                variant: Some(include_str!(concat!("../variants/", $name, "/variant.txt"))),
                points: Some(include_str!(concat!("../variants/", $name, "/points.txt"))),
            },
        }
    };
}

/// The built-in variants besides the standard map, in the order [`Map::BUILTIN`] lists them.
/// A new one is a folder under `crates/mdip-map/variants/` and a line here.
static BUILTINS: &[Builtin] = &[
    builtin!("ancient-mediterranean"),
    builtin!("france-vs-austria"),
    builtin!("chaos"),
    builtin!("youngstown-redux"),
];

impl Map {
    /// The names of the built-in maps `@map` accepts, the standard map first.
    pub fn builtin_names() -> impl Iterator<Item = &'static str> {
        std::iter::once("standard").chain(BUILTINS.iter().map(|b| b.name))
    }

    /// The built-in map called `name` (exactly, lower case; `standard` is
    /// [`Map::standard`]), read from its embedded files on first use.
    ///
    /// # Panics
    ///
    /// Panics only if a built-in variant's embedded files are invalid, which the crate's tests
    /// rule out.
    pub fn builtin(name: &str) -> Option<&'static Map> {
        if name == "standard" {
            return Some(Map::standard());
        }
        static LOADED: OnceLock<Vec<OnceLock<&'static Map>>> = OnceLock::new();
        let loaded = LOADED.get_or_init(|| BUILTINS.iter().map(|_| OnceLock::new()).collect());
        let i = BUILTINS.iter().position(|b| b.name == name)?;
        let builtin = &BUILTINS[i];
        Some(loaded[i].get_or_init(|| {
            let map = Map::parse_variant(&builtin.files).unwrap_or_else(|e| {
                panic!("the embedded variant `{}` is invalid: {e}", builtin.name)
            });
            Box::leak(Box::new(map))
        }))
    }

    /// Reads and checks a variant from its files' texts: the map, then `variant.txt` and
    /// `points.txt` if present. On a problem, the error is every problem found, each with its
    /// file and line (a bad line is reported and skipped, and reading goes on).
    pub fn parse_variant(files: &VariantFiles<'_>) -> Result<Map, MapErrors> {
        let mut problems = Problems::default();
        let mut map = read_map(
            files.powers,
            files.provinces,
            files.adjacency,
            files.units,
            &mut problems,
        );
        let map_read = problems.count() == 0;
        if let Some(text) = files.variant {
            map.info = parse_variant_info(text, &mut problems);
        } else {
            map.info.name = "variant".to_owned();
            map.info.title = "Variant".to_owned();
        }
        if let Some(victory) = map.info.victory.filter(|_| map_read) {
            let centres = map.supply_centres().count();
            if victory > centres {
                problems.push(error(
                    "variant.txt",
                    0,
                    format!("victory {victory} is more than the map's {centres} supply centres"),
                ));
            }
        }
        if let Some(text) = files.points {
            map.picture = parse_points(&map, text, &mut problems);
        }
        problems.finish(map)
    }

    /// [`Map::parse_variant`] for the life of the program: the same texts give the same map
    /// (a host that loads a file's variant on every edit leaks it once).
    pub fn load_variant(files: &VariantFiles<'_>) -> Result<&'static Map, MapErrors> {
        static CACHE: Mutex<Vec<(Vec<String>, &'static Map)>> = Mutex::new(Vec::new());
        let key: Vec<String> = [files.powers, files.provinces, files.adjacency, files.units]
            .into_iter()
            .chain(files.variant)
            .chain(files.points)
            .map(str::to_owned)
            .collect();
        let mut cache = CACHE.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, map)) = cache.iter().find(|(k, _)| *k == key) {
            return Ok(map);
        }
        let map: &'static Map = Box::leak(Box::new(Map::parse_variant(files)?));
        cache.push((key, map));
        Ok(map)
    }

    /// The variant's name, title, rules and source (`variant.txt`; the defaults on the
    /// standard map).
    pub fn info(&self) -> &VariantInfo {
        &self.info
    }

    /// The variant's picture data (`points.txt`), if it has one (the standard map's artwork is
    /// the renderer's own).
    pub fn picture(&self) -> Option<&Picture> {
        self.picture.as_ref()
    }

    /// The year of the first Spring, from which the calendar counts (`start-year`; 1901 on the
    /// standard map).
    pub fn first_year(&self) -> u32 {
        self.info.start_year
    }

    /// The supply centres a solo victory needs: the variant's `victory`, else more than half
    /// of the map's centres (18 of 34 on the standard map).
    pub fn victory_centres(&self) -> usize {
        self.info
            .victory
            .unwrap_or(self.supply_centres().count() / 2 + 1)
    }

    /// Whether a power may build in any vacant centre it owns, not only its home centres.
    pub fn builds_anywhere(&self) -> bool {
        self.info.builds == Builds::Anywhere
    }

    /// The colour a power's data gives it (`#rrggbb`), if any.
    pub fn power_colour(&self, power: crate::Power) -> Option<&str> {
        self.colours.get(power.index())?.as_deref()
    }
}
