//! Small value types shared by every map: powers, unit types, terrain, coasts,
//! province ids and locations.
//!
//! These types carry no map data of their own, except a [`Power`], which
//! carries the names its map's data gave it; the [`Map`](crate::Map) gives
//! them meaning (names, adjacency). Name parsing here is total: any input
//! string gives `Some` or `None`, never a panic.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{Mutex, OnceLock, PoisonError};

use crate::names::normalize_name;

/// The names of one power, as a map's data lists them (`powers.txt`).
///
/// Every distinct power of every loaded map is stored once for the life of
/// the program ([`Power::intern`]), so a [`Power`] can be a small id.
#[derive(Debug, PartialEq, Eq)]
struct PowerData {
    /// The position of the power in its map's power list.
    index: u8,
    /// The English name (`England`).
    name: &'static str,
    /// The abbreviation in lower case (`eng`).
    abbrev: &'static str,
    /// The adjective (`English`).
    adjective: &'static str,
}

/// The records of the standard map's powers; their ids are their indexes.
static STANDARD_POWERS: [PowerData; 7] = [
    PowerData {
        index: 0,
        name: "Austria",
        abbrev: "aus",
        adjective: "Austrian",
    },
    PowerData {
        index: 1,
        name: "England",
        abbrev: "eng",
        adjective: "English",
    },
    PowerData {
        index: 2,
        name: "France",
        abbrev: "fra",
        adjective: "French",
    },
    PowerData {
        index: 3,
        name: "Germany",
        abbrev: "ger",
        adjective: "German",
    },
    PowerData {
        index: 4,
        name: "Italy",
        abbrev: "ita",
        adjective: "Italian",
    },
    PowerData {
        index: 5,
        name: "Russia",
        abbrev: "rus",
        adjective: "Russian",
    },
    PowerData {
        index: 6,
        name: "Turkey",
        abbrev: "tur",
        adjective: "Turkish",
    },
];

/// How many powers of other maps one process can hold (ids 7 and up).
const OTHER_POWERS: usize = 1024;

/// The records of the other maps' powers, by id − 7; a slot is written once.
static OTHER_RECORDS: [OnceLock<PowerData>; OTHER_POWERS] =
    [const { OnceLock::new() }; OTHER_POWERS];

/// The record of an id that no map made (never reached: ids only come from
/// [`Power::intern`] and the constants).
static UNKNOWN_POWER: PowerData = PowerData {
    index: 0,
    name: "?",
    abbrev: "?",
    adjective: "?",
};

/// A power of a map: a two-byte `Copy` id of the power's record (its index in
/// its map's power list, [`Map::powers`](crate::Map::powers), and its names
/// as the map's data gives them).
///
/// Two powers are equal when they are the same record; powers order by
/// index first, which is the order of the map's data (alphabetical on the
/// standard map), and hash by index alone. The standard map's seven powers
/// are also associated constants ([`Power::England`], ...), usable in
/// patterns, and [`Power::ALL`] lists them; code that should follow the map
/// asks the map for its powers instead. A power is as small as the old closed
/// enum was, which keeps the adjudicator's boards and orders compact.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Power(u16);

/// The standard map's powers, with the spelling of the old closed enum so that
/// `Power::England` keeps working in code and patterns. They equal the powers
/// the standard map's `powers.txt` lists (the crate's tests check it).
#[allow(non_upper_case_globals)]
impl Power {
    /// Austria(-Hungary), a power of the standard map.
    pub const Austria: Power = Power(0);
    /// England, a power of the standard map.
    pub const England: Power = Power(1);
    /// France, a power of the standard map.
    pub const France: Power = Power(2);
    /// Germany, a power of the standard map.
    pub const Germany: Power = Power(3);
    /// Italy, a power of the standard map.
    pub const Italy: Power = Power(4);
    /// Russia, a power of the standard map.
    pub const Russia: Power = Power(5);
    /// Turkey, a power of the standard map.
    pub const Turkey: Power = Power(6);
}

impl Power {
    /// The standard map's seven powers in alphabetical order (the order of
    /// [`Power::index`]). Only for code that is about the standard map; a
    /// map's own list is [`Map::powers`](crate::Map::powers).
    pub const ALL: [Power; 7] = [
        Power::Austria,
        Power::England,
        Power::France,
        Power::Germany,
        Power::Italy,
        Power::Russia,
        Power::Turkey,
    ];

    /// The power with these names at this index of a map's power list, stored
    /// once for the life of the program: the standard powers are the
    /// constants, any other power's names are leaked the first time a map
    /// lists it (a few bytes per distinct power, however many maps are
    /// loaded). `None` once 1,024 powers of other maps are held.
    pub(crate) fn intern(index: u8, name: &str, abbrev: &str, adjective: &str) -> Option<Power> {
        static NEXT: Mutex<usize> = Mutex::new(0);
        let same = |d: &PowerData| {
            d.index == index && d.name == name && d.abbrev == abbrev && d.adjective == adjective
        };
        if let Some(id) = STANDARD_POWERS.iter().position(same) {
            return Some(Power::ALL[id]);
        }
        let mut next = NEXT.lock().unwrap_or_else(PoisonError::into_inner);
        let held = &OTHER_RECORDS[..*next];
        if let Some(slot) = held.iter().position(|r| r.get().is_some_and(same)) {
            return Power::from_slot(slot);
        }
        let record = OTHER_RECORDS.get(*next)?;
        let leak = |s: &str| -> &'static str { Box::leak(s.to_owned().into_boxed_str()) };
        // Only this function writes slots, under the lock, each once.
        let _ = record.set(PowerData {
            index,
            name: leak(name),
            abbrev: leak(abbrev),
            adjective: leak(adjective),
        });
        let power = Power::from_slot(*next);
        *next += 1;
        power
    }

    /// The power of the `slot`-th record of other maps.
    fn from_slot(slot: usize) -> Option<Power> {
        u16::try_from(slot + STANDARD_POWERS.len()).ok().map(Power)
    }

    /// This power's record.
    fn data(self) -> &'static PowerData {
        let id = usize::from(self.0);
        match STANDARD_POWERS.get(id) {
            Some(d) => d,
            None => OTHER_RECORDS
                .get(id - STANDARD_POWERS.len())
                .and_then(OnceLock::get)
                .unwrap_or(&UNKNOWN_POWER),
        }
    }

    /// The position of this power in its map's power list (0 to 6 on the
    /// standard map), handy for indexing per-power arrays.
    pub fn index(self) -> usize {
        usize::from(self.data().index)
    }

    /// The English name: `"Austria"`, `"England"`, ...
    pub fn name(self) -> &'static str {
        self.data().name
    }

    /// The abbreviation in lower case: `"aus"`, `"eng"`, ...
    pub fn abbrev(self) -> &'static str {
        self.data().abbrev
    }

    /// The adjective: `"Austrian"`, `"English"`, ...
    pub fn adjective(self) -> &'static str {
        self.data().adjective
    }

    /// Reads the name of a power of the standard map, as
    /// [`Map::resolve_power`](crate::Map::resolve_power) does on
    /// [`Map::standard`](crate::Map::standard): case-insensitively and with
    /// the same folding of spaces, dots and hyphens as province names, the
    /// full name, the abbreviation or an alias of the data (`Austria-Hungary`).
    /// Returns `None` for anything else.
    pub fn from_name(s: &str) -> Option<Power> {
        crate::Map::standard().resolve_power(s)
    }
}

impl PartialOrd for Power {
    fn partial_cmp(&self, other: &Power) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Power {
    /// By index first (the map's order), then by id.
    fn cmp(&self, other: &Power) -> std::cmp::Ordering {
        (self.data().index, self.0).cmp(&(other.data().index, other.0))
    }
}

impl Hash for Power {
    /// Hashes the index alone, as the old enum's discriminant was hashed.
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.index() as isize).hash(state);
    }
}

impl fmt::Debug for Power {
    /// Writes the English name (`Austria`), as the old enum's `Debug` did.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Power {
    /// Writes the English name (`Austria`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The type of a unit.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum UnitType {
    /// An army: moves over land and coastal provinces, may be convoyed.
    Army,
    /// A fleet: moves over sea and along coasts.
    Fleet,
}

impl UnitType {
    /// Both unit types, army first.
    pub const ALL: [UnitType; 2] = [UnitType::Army, UnitType::Fleet];

    /// The letter used in orders: `'A'` or `'F'`.
    pub fn letter(self) -> char {
        match self {
            UnitType::Army => 'A',
            UnitType::Fleet => 'F',
        }
    }

    /// The English name: `"Army"` or `"Fleet"`.
    pub fn name(self) -> &'static str {
        match self {
            UnitType::Army => "Army",
            UnitType::Fleet => "Fleet",
        }
    }

    /// Reads `A`, `F`, `Army` or `Fleet`, case-insensitively.
    pub fn from_name(s: &str) -> Option<UnitType> {
        match s.trim().to_ascii_lowercase().as_str() {
            "a" | "army" => Some(UnitType::Army),
            "f" | "fleet" => Some(UnitType::Fleet),
            _ => None,
        }
    }
}

impl fmt::Display for UnitType {
    /// Writes the letter used in orders (`A` or `F`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The terrain of a province.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Terrain {
    /// Land without a coast: armies only.
    Inland,
    /// Land with a coast: armies, and fleets along the coast.
    Coastal,
    /// Water: fleets only (and convoyed armies passing through).
    Sea,
}

impl Terrain {
    /// The lower-case name used in the data files: `"inland"`, `"coastal"`
    /// or `"sea"`.
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Inland => "inland",
            Terrain::Coastal => "coastal",
            Terrain::Sea => "sea",
        }
    }

    /// Reads `inland`, `coastal` (or `coast`) or `sea`, case-insensitively.
    pub fn from_name(s: &str) -> Option<Terrain> {
        match s.trim().to_ascii_lowercase().as_str() {
            "inland" => Some(Terrain::Inland),
            "coastal" | "coast" => Some(Terrain::Coastal),
            "sea" => Some(Terrain::Sea),
            _ => None,
        }
    }
}

impl fmt::Display for Terrain {
    /// Writes the lower-case name (`coastal`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A named coast of a split-coast province (Spain, St Petersburg, Bulgaria; a variant's
/// Thailand has an east and a west coast).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Coast {
    /// The north coast (`nc`).
    North,
    /// The south coast (`sc`).
    South,
    /// The east coast (`ec`).
    East,
    /// The west coast (`wc`), on variant maps only.
    West,
}

impl Coast {
    /// All coasts.
    pub const ALL: [Coast; 4] = [Coast::North, Coast::South, Coast::East, Coast::West];

    /// The two-letter abbreviation: `"nc"`, `"sc"`, `"ec"` or `"wc"`.
    pub fn abbrev(self) -> &'static str {
        match self {
            Coast::North => "nc",
            Coast::South => "sc",
            Coast::East => "ec",
            Coast::West => "wc",
        }
    }

    /// The English name: `"north coast"`, `"south coast"`, `"east coast"` or `"west coast"`.
    pub fn name(self) -> &'static str {
        match self {
            Coast::North => "north coast",
            Coast::South => "south coast",
            Coast::East => "east coast",
            Coast::West => "west coast",
        }
    }

    /// Reads a coast case-insensitively: the abbreviation (`nc`), the
    /// direction (`north`, `n`) or the full name (`north coast`), with runs
    /// of whitespace folded and dots ignored (`n.c.`).
    pub fn from_name(s: &str) -> Option<Coast> {
        let key = normalize_name(s);
        let word = key.strip_suffix(" coast").unwrap_or(&key);
        match word {
            "nc" | "n" | "north" => Some(Coast::North),
            "sc" | "s" | "south" => Some(Coast::South),
            "ec" | "e" | "east" => Some(Coast::East),
            "wc" | "w" | "west" => Some(Coast::West),
            _ => None,
        }
    }
}

impl fmt::Display for Coast {
    /// Writes the abbreviation (`nc`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.abbrev())
    }
}

/// A province of a map, as a dense index `0..province_count`.
///
/// On the standard map the ids follow the alphabetical order of the English
/// province names, so comparing ids compares names. An id has no text of its
/// own: its map writes it ([`Map::abbrev`](crate::Map::abbrev),
/// [`Map::name`](crate::Map::name)).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct ProvinceId(pub u8);

impl ProvinceId {
    /// The id as an index into per-province vectors.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// Where a unit stands: a province, plus the coast on a split-coast province
/// (fleets only). Its map writes it
/// ([`Map::location_abbrev`](crate::Map::location_abbrev),
/// [`Map::location_name`](crate::Map::location_name)).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Location {
    /// The province.
    pub province: ProvinceId,
    /// The coast, for a fleet on a split-coast province; otherwise `None`.
    pub coast: Option<Coast>,
}

impl Location {
    /// A location from a province and an optional coast.
    pub fn new(province: ProvinceId, coast: Option<Coast>) -> Location {
        Location { province, coast }
    }

    /// A location without a coast.
    pub fn province(province: ProvinceId) -> Location {
        Location {
            province,
            coast: None,
        }
    }

    /// The same province without its coast.
    pub fn without_coast(self) -> Location {
        Location::province(self.province)
    }
}

impl From<ProvinceId> for Location {
    fn from(province: ProvinceId) -> Location {
        Location::province(province)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn power_names_round_trip() {
        for p in Power::ALL {
            assert_eq!(Power::from_name(p.name()), Some(p));
            assert_eq!(Power::from_name(p.abbrev()), Some(p));
            assert_eq!(Power::from_name(&p.name().to_uppercase()), Some(p));
            assert_eq!(Power::ALL[p.index()], p);
        }
        assert_eq!(Power::from_name("Austria-Hungary"), Some(Power::Austria));
        assert_eq!(Power::from_name("austria hungary"), Some(Power::Austria));
        assert_eq!(Power::from_name(" Eng "), Some(Power::England));
        assert_eq!(Power::from_name("Prussia"), None);
        assert_eq!(Power::from_name(""), None);
        assert_eq!(Power::from_name("Austrian"), None);
        assert_eq!(Power::Turkey.adjective(), "Turkish");
        assert_eq!(Power::France.to_string(), "France");
        assert_eq!(format!("{:?}", Power::Italy), "Italy");
        assert!(Power::Austria < Power::Turkey);
    }

    #[test]
    fn standard_powers_work_in_patterns_and_equal_the_data() {
        let word = |p: Power| match p {
            Power::England => "island",
            Power::Russia | Power::Turkey => "east",
            _ => "other",
        };
        let map = crate::Map::standard();
        assert_eq!(map.powers(), Power::ALL);
        assert_eq!(word(map.powers()[1]), "island");
        assert_eq!(word(map.powers()[6]), "east");
        assert_eq!(word(Power::France), "other");
        // A power of another map with the same index is another power.
        let other = Power::intern(1, "Albion", "alb", "Albionese").unwrap();
        assert_ne!(other, Power::England);
        assert_eq!(other.index(), Power::England.index());
        assert_eq!(Power::intern(1, "Albion", "alb", "Albionese"), Some(other));
        assert!(Power::England < other && other < Power::France);
        assert_eq!(std::mem::size_of::<Power>(), 2);
        assert_eq!(other.adjective(), "Albionese");
    }

    #[test]
    fn coast_names() {
        for (text, coast) in [
            ("nc", Coast::North),
            ("NC", Coast::North),
            ("north", Coast::North),
            ("North Coast", Coast::North),
            ("n", Coast::North),
            ("n.c.", Coast::North),
            ("north  coast", Coast::North),
            ("sc", Coast::South),
            ("south coast", Coast::South),
            ("S", Coast::South),
            ("ec", Coast::East),
            ("east", Coast::East),
            ("east coast", Coast::East),
            ("wc", Coast::West),
            ("West Coast", Coast::West),
        ] {
            assert_eq!(Coast::from_name(text), Some(coast), "{text:?}");
        }
        for text in ["", "xc", "middle", "coast", "north sea", "nc sc", "ñ"] {
            assert_eq!(Coast::from_name(text), None, "{text:?}");
        }
        for coast in Coast::ALL {
            assert_eq!(Coast::from_name(coast.abbrev()), Some(coast));
            assert_eq!(Coast::from_name(coast.name()), Some(coast));
        }
    }

    #[test]
    fn unit_types_and_terrain() {
        assert_eq!(UnitType::Army.letter(), 'A');
        assert_eq!(UnitType::Fleet.letter(), 'F');
        assert_eq!(UnitType::from_name("fleet"), Some(UnitType::Fleet));
        assert_eq!(UnitType::from_name("a"), Some(UnitType::Army));
        assert_eq!(UnitType::from_name("ship"), None);
        assert_eq!(UnitType::Fleet.to_string(), "F");
        assert_eq!(Terrain::from_name("Sea"), Some(Terrain::Sea));
        assert_eq!(Terrain::from_name("lake"), None);
    }
}
