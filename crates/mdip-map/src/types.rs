//! Small value types shared by every map: powers, unit types, terrain, coasts,
//! province ids and locations.
//!
//! These types carry no map data of their own, except a [`Power`], which
//! carries the names its map's data gave it; the [`Map`](crate::Map) gives
//! them meaning (names, adjacency). Name parsing here is total: any input
//! string gives `Some` or `None`, never a panic.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{Mutex, PoisonError};

use crate::names::normalize_name;

/// The names of one power, as a map's data lists them (`powers.txt`).
///
/// Every distinct power of every loaded map is stored once for the life of
/// the program ([`Power::intern`]), so a [`Power`] can point at it and stay
/// `Copy`.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
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

/// A power of a map: a small `Copy` handle on the power's index in its map's
/// power list ([`Map::powers`](crate::Map::powers)) and on its names, as the
/// map's data gives them.
///
/// Powers compare and order by index first, which is the order of the map's
/// data (alphabetical on the standard map), and hash by index alone; two
/// handles on the same record are equal without reading it, which keeps the
/// comparisons of the adjudicator as cheap as those of a plain enum. The
/// standard map's seven powers are also associated constants
/// ([`Power::England`], ...; compare with `==`, they are not patterns), and
/// [`Power::ALL`] lists them; code that should follow the map asks the map
/// for its powers instead.
#[derive(Clone, Copy)]
pub struct Power(&'static PowerData);

impl PartialEq for Power {
    /// The same record (the usual case: powers copied from one map) is equal at once; two
    /// records are equal when their index and names are.
    fn eq(&self, other: &Power) -> bool {
        std::ptr::eq(self.0, other.0) || self.0 == other.0
    }
}

impl Eq for Power {}

impl PartialOrd for Power {
    fn partial_cmp(&self, other: &Power) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Power {
    /// By index first (the map's order), then by names.
    fn cmp(&self, other: &Power) -> std::cmp::Ordering {
        if std::ptr::eq(self.0, other.0) {
            return std::cmp::Ordering::Equal;
        }
        self.0.cmp(other.0)
    }
}

/// The standard map's powers, with the spelling of the old closed enum so that
/// `Power::England` keeps working in code. They equal the powers
/// the standard map's `powers.txt` lists (the crate's tests check it).
#[allow(non_upper_case_globals)]
impl Power {
    /// Austria(-Hungary), a power of the standard map.
    pub const Austria: Power = Power(&PowerData {
        index: 0,
        name: "Austria",
        abbrev: "aus",
        adjective: "Austrian",
    });
    /// England, a power of the standard map.
    pub const England: Power = Power(&PowerData {
        index: 1,
        name: "England",
        abbrev: "eng",
        adjective: "English",
    });
    /// France, a power of the standard map.
    pub const France: Power = Power(&PowerData {
        index: 2,
        name: "France",
        abbrev: "fra",
        adjective: "French",
    });
    /// Germany, a power of the standard map.
    pub const Germany: Power = Power(&PowerData {
        index: 3,
        name: "Germany",
        abbrev: "ger",
        adjective: "German",
    });
    /// Italy, a power of the standard map.
    pub const Italy: Power = Power(&PowerData {
        index: 4,
        name: "Italy",
        abbrev: "ita",
        adjective: "Italian",
    });
    /// Russia, a power of the standard map.
    pub const Russia: Power = Power(&PowerData {
        index: 5,
        name: "Russia",
        abbrev: "rus",
        adjective: "Russian",
    });
    /// Turkey, a power of the standard map.
    pub const Turkey: Power = Power(&PowerData {
        index: 6,
        name: "Turkey",
        abbrev: "tur",
        adjective: "Turkish",
    });
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
    /// loaded).
    pub(crate) fn intern(index: u8, name: &str, abbrev: &str, adjective: &str) -> Power {
        static INTERNED: Mutex<Vec<Power>> = Mutex::new(Vec::new());
        let same = |p: &Power| {
            p.0.index == index
                && p.0.name == name
                && p.0.abbrev == abbrev
                && p.0.adjective == adjective
        };
        if let Some(p) = Power::ALL.into_iter().find(same) {
            return p;
        }
        let mut interned = INTERNED.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(p) = interned.iter().copied().find(same) {
            return p;
        }
        let leak = |s: &str| -> &'static str { Box::leak(s.to_owned().into_boxed_str()) };
        let power = Power(Box::leak(Box::new(PowerData {
            index,
            name: leak(name),
            abbrev: leak(abbrev),
            adjective: leak(adjective),
        })));
        interned.push(power);
        power
    }

    /// The position of this power in its map's power list (0 to 6 on the
    /// standard map), handy for indexing per-power arrays.
    pub fn index(self) -> usize {
        usize::from(self.0.index)
    }

    /// The English name: `"Austria"`, `"England"`, ...
    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// The abbreviation in lower case: `"aus"`, `"eng"`, ...
    pub fn abbrev(self) -> &'static str {
        self.0.abbrev
    }

    /// The adjective: `"Austrian"`, `"English"`, ...
    pub fn adjective(self) -> &'static str {
        self.0.adjective
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

impl Hash for Power {
    /// Hashes the index alone, as the old enum's discriminant was hashed.
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.0.index as isize).hash(state);
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

/// A named coast of a split-coast province (Spain, St Petersburg, Bulgaria).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Coast {
    /// The north coast (`nc`).
    North,
    /// The south coast (`sc`).
    South,
    /// The east coast (`ec`).
    East,
}

impl Coast {
    /// All coasts.
    pub const ALL: [Coast; 3] = [Coast::North, Coast::South, Coast::East];

    /// The two-letter abbreviation: `"nc"`, `"sc"` or `"ec"`.
    pub fn abbrev(self) -> &'static str {
        match self {
            Coast::North => "nc",
            Coast::South => "sc",
            Coast::East => "ec",
        }
    }

    /// The English name: `"north coast"`, `"south coast"` or `"east coast"`.
    pub fn name(self) -> &'static str {
        match self {
            Coast::North => "north coast",
            Coast::South => "south coast",
            Coast::East => "east coast",
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
    fn standard_powers_equal_the_data() {
        let word = |p: Power| {
            if p == Power::England {
                "island"
            } else if p == Power::Russia || p == Power::Turkey {
                "east"
            } else {
                "other"
            }
        };
        let map = crate::Map::standard();
        assert_eq!(map.powers(), Power::ALL);
        assert_eq!(word(map.powers()[1]), "island");
        assert_eq!(word(map.powers()[6]), "east");
        assert_eq!(word(Power::France), "other");
        // A power of another map with the same index is another power.
        let other = Power::intern(1, "Albion", "alb", "Albionese");
        assert_ne!(other, Power::England);
        assert_eq!(other.index(), Power::England.index());
        assert_eq!(Power::intern(1, "Albion", "alb", "Albionese"), other);
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
        ] {
            assert_eq!(Coast::from_name(text), Some(coast), "{text:?}");
        }
        for text in ["", "wc", "west", "coast", "north sea", "nc sc", "ñ"] {
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
