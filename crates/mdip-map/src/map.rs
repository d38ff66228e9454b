//! The [`Map`]: provinces, names, terrain, coasts, adjacency, supply centres
//! and starting units, with the queries the rest of mdip asks of them.
//!
//! Every query taking a [`ProvinceId`] or [`Location`] that does not belong to
//! the map answers "no" (`false`, `None`, empty) rather than panicking,
//! except the plain accessors [`Map::name`], [`Map::abbrev`] and
//! [`Map::terrain`], which panic on a foreign id like slice indexing does.

use std::collections::VecDeque;
use std::sync::{Mutex, OnceLock, PoisonError};

use foldhash::{HashMap, HashMapExt};

use crate::load::parse_map;
use crate::names::{best_match, folded, normalize_name, NameList, MAX_SUGGEST_LEN};
use crate::problems::MapErrors;
use crate::types::{Coast, Location, Power, ProvinceId, Terrain, UnitType};

/// The embedded data files of the standard map.
const STANDARD_POWERS: &str = include_str!("../data/powers.txt");
const STANDARD_PROVINCES: &str = include_str!("../data/provinces.txt");
const STANDARD_ADJACENCY: &str = include_str!("../data/adjacency.txt");
const STANDARD_UNITS: &str = include_str!("../data/units.txt");

/// One province as read from the data.
#[derive(Debug)]
pub(crate) struct Province {
    /// The canonical three-letter abbreviation (`nth`).
    pub(crate) abbrev: String,
    /// The English name (`North Sea`).
    pub(crate) name: String,
    /// Inland, coastal or sea.
    pub(crate) terrain: Terrain,
    /// Whether the province is a supply centre.
    pub(crate) centre: bool,
    /// The power whose home centre this is, if any.
    pub(crate) home: Option<Power>,
    /// The named coasts of a split-coast province, else empty.
    pub(crate) coasts: Vec<Coast>,
    /// The abbreviation of each of [`Province::coasts`] with its province (`stp/nc`), in the
    /// same order: [`Map::location_str`] lends them instead of writing them again.
    pub(crate) coast_abbrevs: Vec<String>,
    /// Other accepted names, as written in the data.
    pub(crate) aliases: Vec<String>,
    /// Whether the province is an archipelago (terrain `archipelago` in the data): coastal,
    /// and a fleet there may convoy as at sea.
    pub(crate) archipelago: bool,
}

/// A Diplomacy map: the powers, the provinces with their names and terrain,
/// adjacency for armies and fleets, supply centres, home centres and starting
/// units.
///
/// The standard map is [`Map::standard`]; [`Map::parse`] reads a map from
/// data in the same format. Code that holds a map for the whole program (the
/// judge's `World` does) wants a `&'static Map`: a map read at run time is
/// leaked once (`Box::leak`) for that, which is cheap for the few distinct
/// maps a program loads.
pub struct Map {
    /// The powers, in data order (their [`Power::index`] order).
    pub(crate) powers: Vec<Power>,
    /// Every folded name of every power (name, abbreviation, aliases).
    pub(crate) power_names: HashMap<String, Power>,
    /// The provinces, indexed by [`ProvinceId`].
    pub(crate) provinces: Vec<Province>,
    /// Every folded name (abbreviation, full name, alias) with its
    /// province, sorted by name.
    pub(crate) names: NameList,
    /// The same names as a lookup table.
    pub(crate) name_index: HashMap<String, ProvinceId>,
    /// Army neighbours of each province, sorted.
    pub(crate) army: Vec<Vec<ProvinceId>>,
    /// Fleet moves out of each province: the coast moved from and the
    /// location moved to, sorted.
    pub(crate) fleet: Vec<Vec<(Option<Coast>, Location)>>,
    /// Provinces touching each province (by army or fleet move), sorted.
    pub(crate) borders: Vec<Vec<ProvinceId>>,
    /// Home centres of each power, indexed by [`Power::index`], in id order.
    pub(crate) home: Vec<Vec<ProvinceId>>,
    /// The starting units, in data order.
    pub(crate) units: Vec<(Power, UnitType, Location)>,
    /// Suggestions already computed, by folded name (a file with many typos repeats them, and
    /// the language server analyses the same file again on every edit).
    pub(crate) suggestions: Mutex<HashMap<String, Option<ProvinceId>>>,
    /// The variant's name, rules and source (`variant.txt`).
    pub(crate) info: crate::variant::VariantInfo,
    /// Each power's colour, by [`Power::index`] (`powers.txt`'s optional fifth field).
    pub(crate) colours: Vec<Option<String>>,
    /// The variant's picture data (`points.txt`).
    pub(crate) picture: Option<crate::variant::Picture>,
}

/// A map is named by its variant and sizes, not printed whole: a world's `Debug` (which tests
/// compare) holds its map, and the suggestion cache inside changes as names are looked up.
impl std::fmt::Debug for Map {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Map")
            .field("name", &self.info.name)
            .field("powers", &self.powers.len())
            .field("provinces", &self.provinces.len())
            .finish_non_exhaustive()
    }
}

/// The most suggestions kept; past that the cache starts again empty.
const MAX_CACHED_SUGGESTIONS: usize = 1 << 16;

impl Map {
    /// A map with the given powers, provinces and names but no adjacency or
    /// units yet; the loader fills those in.
    pub(crate) fn empty(
        powers: crate::load::Powers,
        provinces: Vec<Province>,
        names: NameList,
    ) -> Map {
        let count = provinces.len();
        let name_index = names.iter().cloned().collect();
        let (powers, power_names, colours) = powers;
        let mut home: Vec<Vec<ProvinceId>> = vec![Vec::new(); powers.len()];
        for (i, province) in provinces.iter().enumerate() {
            if let (Some(power), Ok(id)) = (province.home, u8::try_from(i)) {
                home[power.index()].push(ProvinceId(id));
            }
        }
        Map {
            powers,
            power_names: power_names.into_iter().collect(),
            provinces,
            names,
            name_index,
            army: vec![Vec::new(); count],
            fleet: vec![Vec::new(); count],
            borders: vec![Vec::new(); count],
            home,
            units: Vec::new(),
            suggestions: Mutex::new(HashMap::new()),
            info: crate::variant::VariantInfo::default(),
            colours,
            picture: None,
        }
    }

    /// The standard Diplomacy map, read from the embedded data on first use.
    ///
    /// # Panics
    ///
    /// Panics only if the embedded data files are invalid, which the crate's
    /// tests rule out.
    pub fn standard() -> &'static Map {
        static STANDARD: OnceLock<Map> = OnceLock::new();
        STANDARD.get_or_init(|| {
            Map::parse(
                STANDARD_POWERS,
                STANDARD_PROVINCES,
                STANDARD_ADJACENCY,
                STANDARD_UNITS,
            )
            .unwrap_or_else(|e| panic!("the embedded standard map data is invalid: {e}"))
        })
    }

    /// Reads and checks a map from the text of its four data files (in
    /// the formats documented at the top of `data/powers.txt`,
    /// `data/provinces.txt`, `data/adjacency.txt` and `data/units.txt`), or
    /// every problem found, each with its file and line.
    pub fn parse(
        powers: &str,
        provinces: &str,
        adjacency: &str,
        units: &str,
    ) -> Result<Map, MapErrors> {
        parse_map(powers, provinces, adjacency, units)
    }

    /// The powers, in the order of the data (alphabetical on the standard
    /// map, where they are [`Power::ALL`]).
    pub fn powers(&self) -> &[Power] {
        &self.powers
    }

    /// The power called `name`: its full name, abbreviation or an alias,
    /// matched case-insensitively after [`normalize_name`] (`England`,
    /// `eng`, `Austria-Hungary`). `None` if no power of this map is so called.
    pub fn resolve_power(&self, name: &str) -> Option<Power> {
        self.power_names.get(folded(name).as_ref()).copied()
    }

    /// The number of provinces (75 on the standard map).
    pub fn province_count(&self) -> usize {
        self.provinces.len()
    }

    /// All provinces in id order (alphabetical order of name on the
    /// standard map).
    pub fn provinces(&self) -> impl Iterator<Item = ProvinceId> + '_ {
        (0..self.provinces.len()).filter_map(|i| u8::try_from(i).ok().map(ProvinceId))
    }

    /// Whether `p` is a province of this map.
    pub fn contains(&self, p: ProvinceId) -> bool {
        p.index() < self.provinces.len()
    }

    /// The province record of `p`, if it belongs to this map.
    fn get(&self, p: ProvinceId) -> Option<&Province> {
        self.provinces.get(p.index())
    }

    /// The province record of `p`.
    ///
    /// # Panics
    ///
    /// Panics if `p` is not a province of this map.
    fn province(&self, p: ProvinceId) -> &Province {
        match self.get(p) {
            Some(province) => province,
            None => panic!(
                "province id {} is out of range for a map of {} provinces",
                p.0,
                self.provinces.len()
            ),
        }
    }

    /// The English name of `p` (`North Sea`).
    ///
    /// # Panics
    ///
    /// Panics if `p` is not a province of this map.
    pub fn name(&self, p: ProvinceId) -> &str {
        &self.province(p).name
    }

    /// The canonical three-letter abbreviation of `p` in lower case (`nth`).
    ///
    /// # Panics
    ///
    /// Panics if `p` is not a province of this map.
    pub fn abbrev(&self, p: ProvinceId) -> &str {
        &self.province(p).abbrev
    }

    /// The abbreviation of `p`, or `None` if `p` is not of this map.
    pub(crate) fn abbrev_checked(&self, p: ProvinceId) -> Option<&str> {
        self.get(p).map(|province| province.abbrev.as_str())
    }

    /// The other accepted names of `p` besides its name and abbreviation,
    /// as written in the data (`Gulf of Lyons`, `gol`, ...).
    pub fn aliases(&self, p: ProvinceId) -> &[String] {
        self.get(p).map_or(&[], |province| &province.aliases)
    }

    /// The terrain of `p`.
    ///
    /// # Panics
    ///
    /// Panics if `p` is not a province of this map.
    pub fn terrain(&self, p: ProvinceId) -> Terrain {
        self.province(p).terrain
    }

    /// The named coasts of a split-coast province in [`Coast`] order
    /// (`[North, South]` for Spain, `[South, East]` for Bulgaria); empty for
    /// every other province.
    pub fn coasts(&self, p: ProvinceId) -> &[Coast] {
        self.get(p).map_or(&[], |province| &province.coasts)
    }

    /// Whether a fleet in `p` may convoy: `p` is a sea or an archipelago (a coastal province
    /// written `archipelago` in the data, such as Ancient Mediterranean's Baleares).
    pub fn convoys_from(&self, p: ProvinceId) -> bool {
        self.provinces
            .get(p.index())
            .is_some_and(|province| province.terrain == Terrain::Sea || province.archipelago)
    }

    /// Whether `p` is a supply centre.
    pub fn is_supply_centre(&self, p: ProvinceId) -> bool {
        self.get(p).is_some_and(|province| province.centre)
    }

    /// All supply centres in id order.
    pub fn supply_centres(&self) -> impl Iterator<Item = ProvinceId> + '_ {
        self.provinces().filter(|p| self.is_supply_centre(*p))
    }

    /// The power whose home centre `p` is, if any.
    pub fn home_power(&self, p: ProvinceId) -> Option<Power> {
        self.get(p).and_then(|province| province.home)
    }

    /// The home centres of `power`, in id order (none for a power not of
    /// this map).
    pub fn home_centres(&self, power: Power) -> &[ProvinceId] {
        self.home.get(power.index()).map_or(&[], Vec::as_slice)
    }

    /// The starting units (22 on the standard map).
    pub fn starting_units(&self) -> &[(Power, UnitType, Location)] {
        &self.units
    }

    /// The province with canonical abbreviation `abbrev` (case-insensitive,
    /// surrounding whitespace ignored); aliases and full names do not count.
    pub fn province_by_abbrev(&self, abbrev: &str) -> Option<ProvinceId> {
        let abbrev = abbrev.trim();
        self.provinces().find(|p| {
            self.provinces[p.index()]
                .abbrev
                .eq_ignore_ascii_case(abbrev)
        })
    }

    /// The province called `name`: its full name, abbreviation or an alias,
    /// matched case-insensitively after [`normalize_name`] (runs of
    /// whitespace folded, `.` ignored, `-` read as a space). `None` if there
    /// is no such name.
    pub fn resolve_province(&self, name: &str) -> Option<ProvinceId> {
        self.name_index.get(folded(name).as_ref()).copied()
    }

    /// Reads a province with an optional coast: `stp/nc`, `Spain(sc)`,
    /// `St Petersburg (north coast)`, `nth`. `None` if the province is
    /// unknown, the coast is unknown, or the province has no such coast.
    pub fn resolve_location(&self, text: &str) -> Option<Location> {
        let text = text.trim();
        let (province, coast) = if let Some(open) = text.find('(') {
            let inner = text[open + 1..].strip_suffix(')')?;
            (&text[..open], Some(inner))
        } else if let Some((province, coast)) = text.rsplit_once('/') {
            (province, Some(coast))
        } else {
            (text, None)
        };
        let province = self.resolve_province(province)?;
        let coast = match coast {
            None => None,
            Some(word) => {
                let coast = Coast::from_name(word)?;
                if !self.coasts(province).contains(&coast) {
                    return None;
                }
                Some(coast)
            }
        };
        Some(Location { province, coast })
    }

    /// The province an unknown name probably means ("did you mean ...?"):
    /// the closest of all full names, abbreviations and aliases, by fewest
    /// edits (a transposition of neighbours counts one; one edit allowed up
    /// to eight characters, two up to twelve, three beyond), then the same
    /// letters in another order (`nht` is `nth`, not `nat`), then highest
    /// Jaro-Winkler similarity
    /// (0.88 or more also qualifies a name of five or more characters, as
    /// in `Munchen` for Munich). `None` if nothing is close enough or two
    /// provinces match equally well. A name that resolves exactly suggests
    /// its own province. Answers are cached by folded name.
    pub fn suggest_province(&self, name: &str) -> Option<ProvinceId> {
        if let Some(p) = self.resolve_province(name) {
            return Some(p);
        }
        let key = normalize_name(name);
        if key.chars().count() > MAX_SUGGEST_LEN {
            return None; // Never close to a name; not worth a place in the cache.
        }
        let cache = || {
            self.suggestions
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
        };
        if let Some(&known) = cache().get(&key) {
            return known;
        }
        let best = best_match(&key, &self.names);
        let mut cache = cache();
        if cache.len() >= MAX_CACHED_SUGGESTIONS {
            cache.clear();
        }
        cache.insert(key, best);
        best
    }

    /// The canonical lower-case form of a location: `nth`, `stp/nc`
    /// (`#n` for a province not of this map).
    pub fn location_abbrev(&self, loc: Location) -> String {
        if let Some(lent) = self.location_str(loc) {
            return lent.to_owned();
        }
        // A province of no map, or a coast its province does not have: written as read.
        let province = match self.abbrev_checked(loc.province) {
            Some(abbrev) => abbrev.to_string(),
            None => format!("#{}", loc.province.0),
        };
        match loc.coast {
            Some(coast) => with_coast(&province, coast),
            None => province,
        }
    }

    /// [`Map::location_abbrev`] lent by the map, for a location of this map (a province of it,
    /// and a coast of that province if any); `None` for another.
    pub fn location_str(&self, loc: Location) -> Option<&str> {
        let province = self.get(loc.province)?;
        match loc.coast {
            None => Some(&province.abbrev),
            Some(coast) => {
                let i = province.coasts.iter().position(|&c| c == coast)?;
                province.coast_abbrevs.get(i).map(String::as_str)
            }
        }
    }

    /// The English form of a location: `North Sea`, `St Petersburg (north
    /// coast)` (`#n` for a province not of this map).
    pub fn location_name(&self, loc: Location) -> String {
        let province = match self.get(loc.province) {
            Some(province) => province.name.clone(),
            None => format!("#{}", loc.province.0),
        };
        match loc.coast {
            Some(coast) => format!("{province} ({})", coast.name()),
            None => province,
        }
    }

    /// The locations a fleet can stand at in `p`: one per coast of a
    /// split-coast province, the bare province for other coastal provinces
    /// and seas, none for inland provinces.
    pub fn fleet_locations(&self, p: ProvinceId) -> Vec<Location> {
        match self.get(p) {
            None => Vec::new(),
            Some(province) if province.terrain == Terrain::Inland => Vec::new(),
            Some(province) if province.coasts.is_empty() => vec![Location::province(p)],
            Some(province) => province
                .coasts
                .iter()
                .map(|c| Location::new(p, Some(*c)))
                .collect(),
        }
    }

    /// Whether a unit of type `unit` may stand at `loc`: an army on any
    /// land province without a coast; a fleet on a sea or coastal province,
    /// with one of its coasts if it has split coasts and with none
    /// otherwise.
    pub fn can_stand(&self, unit: UnitType, loc: Location) -> bool {
        let Some(province) = self.get(loc.province) else {
            return false;
        };
        match unit {
            UnitType::Army => province.terrain != Terrain::Sea && loc.coast.is_none(),
            UnitType::Fleet => {
                province.terrain != Terrain::Inland
                    && match loc.coast {
                        None => province.coasts.is_empty(),
                        Some(coast) => province.coasts.contains(&coast),
                    }
            }
        }
    }

    /// Whether a unit of type `unit` can move from `from` to `to` in one
    /// step (without convoy). Armies go by province, ignoring any coasts,
    /// and never to or from a sea; fleets go by exact location, so a fleet
    /// move into or out of a split-coast province must name the right coast
    /// (use [`Map::fleet_coasts_to`] to find it).
    pub fn adjacent(&self, unit: UnitType, from: Location, to: Location) -> bool {
        match unit {
            UnitType::Army => self
                .army
                .get(from.province.index())
                .is_some_and(|list| list.binary_search(&to.province).is_ok()),
            UnitType::Fleet => self
                .fleet
                .get(from.province.index())
                .is_some_and(|list| list.binary_search(&(from.coast, to)).is_ok()),
        }
    }

    /// Every location a unit of type `unit` at `from` can move to in one
    /// step, in id order. For armies the coast of `from` is ignored; for
    /// fleets it must be exact (a fleet "at" Spain without a coast has no
    /// neighbours).
    pub fn neighbours(&self, unit: UnitType, from: Location) -> Vec<Location> {
        match unit {
            UnitType::Army => self
                .army
                .get(from.province.index())
                .map_or_else(Vec::new, |list| {
                    list.iter().map(|p| Location::province(*p)).collect()
                }),
            UnitType::Fleet => {
                self.fleet
                    .get(from.province.index())
                    .map_or_else(Vec::new, |list| {
                        list.iter()
                            .filter(|(coast, _)| *coast == from.coast)
                            .map(|(_, to)| *to)
                            .collect()
                    })
            }
        }
    }

    /// The locations of province `to` that a fleet at `from` can move to:
    /// `[None]` for an ordinary province it borders, the reachable coasts of
    /// a split-coast province in [`Coast`] order (`[Some(North),
    /// Some(South)]` from the Mid-Atlantic to Spain, `[Some(North)]` from
    /// Gascony), empty if none.
    pub fn fleet_coasts_to(&self, from: Location, to: ProvinceId) -> Vec<Option<Coast>> {
        self.fleet
            .get(from.province.index())
            .map_or_else(Vec::new, |list| {
                list.iter()
                    .filter(|(coast, dest)| *coast == from.coast && dest.province == to)
                    .map(|(_, dest)| dest.coast)
                    .collect()
            })
    }

    /// Whether provinces `a` and `b` touch: some unit (army or fleet, from
    /// any coast) can move directly between them.
    pub fn borders(&self, a: ProvinceId, b: ProvinceId) -> bool {
        self.borders
            .get(a.index())
            .is_some_and(|list| list.binary_search(&b).is_ok())
    }

    /// The provinces touching `p` (see [`Map::borders`]), in id order.
    pub fn bordering(&self, p: ProvinceId) -> &[ProvinceId] {
        self.borders.get(p.index()).map_or(&[], Vec::as_slice)
    }

    /// `p` and the provinces touching it: every province a unit in `p` could reach, on any
    /// board (a move, a support, a convoy hop joins a province to itself or to a bordering
    /// one), for searches that index units by province.
    pub fn around(&self, p: ProvinceId) -> impl Iterator<Item = ProvinceId> + '_ {
        std::iter::once(p).chain(self.bordering(p).iter().copied())
    }

    /// The civil-disorder distance of a unit at `from`: the least number of
    /// steps between bordering provinces needed to reach any of `targets`
    /// (0 if `from` is one of them), or `None` if none can be reached (for
    /// example when `targets` is empty).
    ///
    /// The 2023 rulebook, as DATC v3.0 reads it (issue 4.D.8, cases
    /// 6.J.3-6.J.11), counts this distance with armies and fleets alike
    /// crossing land and sea, to the nearest supply centre the power owns.
    /// So every step goes to any bordering province whatever its terrain,
    /// coasts do not matter, and `unit` does not change the result; it is
    /// accepted so that callers state what they measure. `targets` should
    /// be the owned supply centres (2023 rules) or, for older rulebooks,
    /// the owned home centres; the name is historical.
    pub fn distance_to_home(
        &self,
        unit: UnitType,
        from: Location,
        targets: &[ProvinceId],
    ) -> Option<u32> {
        // The rule treats both unit types the same way (see above).
        let _ = unit;
        let count = self.provinces.len();
        if !self.contains(from.province) {
            return None;
        }
        let mut is_target = vec![false; count];
        for t in targets {
            if let Some(slot) = is_target.get_mut(t.index()) {
                *slot = true;
            }
        }
        let mut distance: Vec<Option<u32>> = vec![None; count];
        let mut queue = VecDeque::new();
        distance[from.province.index()] = Some(0);
        queue.push_back(from.province);
        while let Some(p) = queue.pop_front() {
            let d = distance[p.index()].unwrap_or(0);
            if is_target[p.index()] {
                return Some(d);
            }
            for next in self.bordering(p) {
                if distance[next.index()].is_none() {
                    distance[next.index()] = Some(d + 1);
                    queue.push_back(*next);
                }
            }
        }
        None
    }
}

/// A province's abbreviation with a coast: `stp/nc` (the one spelling, for the map's table of
/// locations and for locations it does not have).
pub(crate) fn with_coast(province: &str, coast: Coast) -> String {
    format!("{province}/{}", coast.abbrev())
}
