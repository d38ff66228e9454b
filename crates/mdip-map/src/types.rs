//! Small value types shared by every map: powers, unit types, terrain, coasts,
//! province ids and locations.
//!
//! These types carry no map data of their own; the [`Map`](crate::Map) gives
//! them meaning (names, adjacency). Name parsing here is total: any input
//! string gives `Some` or `None`, never a panic.

use std::fmt;

use crate::names::normalize_name;

/// One of the seven great powers of standard Diplomacy.
///
/// The derived order is alphabetical, which is also the order of
/// [`Power::ALL`] and of [`Power::index`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Power {
    /// Austria(-Hungary).
    Austria,
    /// England.
    England,
    /// France.
    France,
    /// Germany.
    Germany,
    /// Italy.
    Italy,
    /// Russia.
    Russia,
    /// Turkey.
    Turkey,
}

impl Power {
    /// All seven powers in alphabetical order.
    pub const ALL: [Power; 7] = [
        Power::Austria,
        Power::England,
        Power::France,
        Power::Germany,
        Power::Italy,
        Power::Russia,
        Power::Turkey,
    ];

    /// The position of this power in [`Power::ALL`] (0 to 6), handy for
    /// indexing per-power arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The English name: `"Austria"`, `"England"`, ...
    pub fn name(self) -> &'static str {
        match self {
            Power::Austria => "Austria",
            Power::England => "England",
            Power::France => "France",
            Power::Germany => "Germany",
            Power::Italy => "Italy",
            Power::Russia => "Russia",
            Power::Turkey => "Turkey",
        }
    }

    /// The three-letter abbreviation in lower case: `"aus"`, `"eng"`, ...
    pub fn abbrev(self) -> &'static str {
        match self {
            Power::Austria => "aus",
            Power::England => "eng",
            Power::France => "fra",
            Power::Germany => "ger",
            Power::Italy => "ita",
            Power::Russia => "rus",
            Power::Turkey => "tur",
        }
    }

    /// The adjective: `"Austrian"`, `"English"`, ...
    pub fn adjective(self) -> &'static str {
        match self {
            Power::Austria => "Austrian",
            Power::England => "English",
            Power::France => "French",
            Power::Germany => "German",
            Power::Italy => "Italian",
            Power::Russia => "Russian",
            Power::Turkey => "Turkish",
        }
    }

    /// Reads a power's name, case-insensitively and with the same folding
    /// of spaces, dots and hyphens as province names: the full name, the
    /// three-letter abbreviation, or `Austria-Hungary`. Returns `None` for
    /// anything else.
    pub fn from_name(s: &str) -> Option<Power> {
        let key = normalize_name(s);
        if key == "austria hungary" {
            return Some(Power::Austria);
        }
        Power::ALL
            .into_iter()
            .find(|p| key == p.abbrev() || key == p.name().to_ascii_lowercase())
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
/// province names, so comparing ids compares names.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct ProvinceId(pub u8);

impl ProvinceId {
    /// The id as an index into per-province vectors.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for ProvinceId {
    /// Writes the abbreviation of this province on the standard map (`nth`),
    /// or `#n` for an id that is not a standard province.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match crate::Map::standard().abbrev_checked(*self) {
            Some(abbrev) => f.write_str(abbrev),
            None => write!(f, "#{}", self.0),
        }
    }
}

/// Where a unit stands: a province, plus the coast on a split-coast province
/// (fleets only).
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

impl fmt::Display for Location {
    /// Writes the lower-case canonical form on the standard map: `nth`,
    /// `stp/nc`. Use [`Map::location_abbrev`](crate::Map::location_abbrev)
    /// for another map.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.province)?;
        if let Some(coast) = self.coast {
            write!(f, "/{coast}")?;
        }
        Ok(())
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
