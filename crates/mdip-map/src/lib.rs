//! Maps for mdip: provinces, coasts, adjacency, supply centres, powers and
//! province names with their aliases.
//!
//! The standard Diplomacy map ([`Map::standard`]) is data, not code: four
//! text files under `data/` (powers, provinces, adjacency, starting units),
//! embedded with `include_str!` and checked when first loaded; a variant map
//! is the same four files read by [`Map::parse`]. A [`Power`] is a handle on
//! a power its map's data lists, with the standard map's seven as constants.
//! Ids and locations have no text of their own: the map writes them
//! ([`Map::abbrev`], [`Map::location_abbrev`]). This crate knows
//! nothing about text positions, parsing of orders or adjudication; it
//! answers questions about the board.
//!
//! ```
//! use mdip_map::{Coast, Location, Map, UnitType};
//!
//! let map = Map::standard();
//! let stp = map.resolve_province("St. Petersburg").unwrap();
//! let nwy = map.resolve_province("nwy").unwrap();
//! let north = Location::new(stp, Some(Coast::North));
//! assert!(map.adjacent(UnitType::Fleet, Location::province(nwy), north));
//! assert_eq!(map.location_abbrev(north), "stp/nc");
//! ```

mod load;
mod map;
mod names;
mod problems;
mod types;
mod variant;

pub use map::Map;
pub use names::normalize_name;
pub use problems::{MapError, MapErrors};
pub use types::{Coast, Location, Power, ProvinceId, Terrain, UnitType};
pub use variant::{Builds, Picture, VariantFiles, VariantInfo};
