//! The board's geometry, read from `data/board.txt`, which `scripts/gen-geography` computes
//! from Natural Earth's land (public domain) and the project's facts (`data/positions.txt`:
//! approximate latitude and longitude of each province's main city or sea centre, further
//! points shaping a province, the coasts of split-coast provinces, impassable land). See
//! `data/README.md` for how and why.
//!
//! The projection is equirectangular: x grows with longitude and y with latitude southwards,
//! each linearly, except that it squeezes the margins where the board's provinces are large
//! and few: longitudes west of 5°W and east of 25°E, and latitudes north of 60°N and south of
//! 36°N, count for 0.6 of a degree each, so the crowded west and centre get the room. The
//! frame (17°W to 45°E, 32°N to 73°N) on a 620 by 640 board draws a degree of longitude 0.67
//! of a degree of latitude, as it is near 48°N.
//!
//! A land province is the part of its piece of land nearest its points (the Voronoi cells of
//! the land points on that piece, clipped to the coast); a sea province the part of the water
//! nearest its points. Land with no point on it (Ireland, Iceland, Corsica, Sardinia, Sicily,
//! Crete...) and the land nearest an impassable point (Switzerland...) is neutral.

use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The board's shapes, embedded.
const BOARD: &str = include_str!("../data/board.txt");

/// Width of one board, in SVG units.
pub const WIDTH: f64 = 620.0;
/// Height of one board, in SVG units.
pub const HEIGHT: f64 = 640.0;

/// A point on the board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Rightwards.
    pub x: f64,
    /// Downwards.
    pub y: f64,
}

/// One province's shape.
#[derive(Clone, Debug)]
pub struct Province {
    /// Its abbreviation, as the map writes it.
    pub abbrev: String,
    /// Whether it is a sea.
    pub sea: bool,
    /// Where its label and unit stand.
    pub anchor: Point,
    /// Its outline: rings, filled by the even-odd rule (holes are rings inside rings).
    pub cells: Vec<Vec<Point>>,
}

/// The whole board's geometry.
#[derive(Debug, Default)]
pub struct Geometry {
    /// The provinces, by abbreviation.
    pub provinces: Vec<Province>,
    /// Index of each abbreviation.
    by_abbrev: BTreeMap<String, usize>,
    /// Where a fleet on a named coast stands: `stp/nc`.
    coasts: BTreeMap<String, Point>,
    /// Land that is no province.
    pub impassable: Vec<Vec<Point>>,
    /// Every piece of land: the coastline.
    pub land: Vec<Vec<Point>>,
}

impl Geometry {
    /// The province with this abbreviation (`stp/sc` reads as `stp`), if the map has it.
    pub fn province(&self, location: &str) -> Option<&Province> {
        let abbrev = location.split('/').next().unwrap_or(location);
        self.by_abbrev
            .get(&abbrev.to_ascii_lowercase())
            .map(|&i| &self.provinces[i])
    }

    /// Where a unit at this location stands: a named coast's own point, else the province's
    /// anchor.
    pub fn spot(&self, location: &str) -> Option<Point> {
        self.coasts
            .get(&location.to_ascii_lowercase())
            .copied()
            .or_else(|| self.province(location).map(|p| p.anchor))
    }
}

/// The geometry, read once.
pub fn geometry() -> &'static Geometry {
    static GEOMETRY: OnceLock<Geometry> = OnceLock::new();
    GEOMETRY.get_or_init(|| read(BOARD))
}

/// Where the rings that follow a line go.
enum Section {
    Province(usize),
    Impassable,
    Land,
    None,
}

/// Reads the board file (lines it cannot read are skipped; a test checks there are none).
fn read(text: &str) -> Geometry {
    let mut g = Geometry::default();
    let mut section = Section::None;
    for line in text.lines() {
        let mut words = line.split_whitespace();
        match words.next() {
            Some("province") => {
                let (Some(abbrev), Some(kind), Some(anchor)) = (
                    words.next(),
                    words.next(),
                    point(words.next(), words.next()),
                ) else {
                    continue;
                };
                g.by_abbrev.insert(abbrev.to_owned(), g.provinces.len());
                section = Section::Province(g.provinces.len());
                g.provinces.push(Province {
                    abbrev: abbrev.to_owned(),
                    sea: kind == "sea",
                    anchor,
                    cells: Vec::new(),
                });
            }
            Some("coast") => {
                if let (Some(coast), Some(at)) = (words.next(), point(words.next(), words.next())) {
                    g.coasts.insert(coast.to_owned(), at);
                }
            }
            Some("impassable") => section = Section::Impassable,
            Some("land") => section = Section::Land,
            Some("ring") => {
                let ring: Vec<Point> = words
                    .filter_map(|xy| {
                        let (x, y) = xy.split_once(',')?;
                        point(Some(x), Some(y))
                    })
                    .collect();
                match section {
                    Section::Province(i) => g.provinces[i].cells.push(ring),
                    Section::Impassable => g.impassable.push(ring),
                    Section::Land => g.land.push(ring),
                    Section::None => {}
                }
            }
            _ => {}
        }
    }
    g
}

fn point(x: Option<&str>, y: Option<&str>) -> Option<Point> {
    let (x, y) = (x?.parse::<f64>().ok()?, y?.parse::<f64>().ok()?);
    (x.is_finite() && y.is_finite()).then_some(Point { x, y })
}

/// Whether `p` lies inside the rings (even-odd rule: a point in a hole is outside).
pub fn contains_any(rings: &[Vec<Point>], p: Point) -> bool {
    rings.iter().filter(|r| contains(r, p)).count() % 2 == 1
}

/// Whether `p` lies inside the polygon (even-odd rule).
pub fn contains(polygon: &[Point], p: Point) -> bool {
    let mut inside = false;
    let n = polygon.len();
    for k in 0..n {
        let (a, b) = (polygon[k], polygon[(k + n - 1) % n]);
        if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
            inside = !inside;
        }
    }
    inside
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_of_the_board_file_reads() {
        for line in BOARD.lines() {
            let first = line.split_whitespace().next().unwrap_or("");
            match first {
                "" => {}
                w if w.starts_with('#') => {}
                "size" | "impassable" | "land" => {}
                "province" => assert_eq!(line.split_whitespace().count(), 5, "{line}"),
                "coast" => assert_eq!(line.split_whitespace().count(), 4, "{line}"),
                "ring" => {
                    for xy in line.split_whitespace().skip(1) {
                        let (x, y) = xy.split_once(',').expect("x,y");
                        assert!(point(Some(x), Some(y)).is_some(), "{xy}");
                    }
                }
                w => panic!("unknown line {w}"),
            }
        }
    }

    #[test]
    fn every_anchor_lies_in_the_frame_and_in_its_own_province() {
        let g = geometry();
        assert_eq!(g.provinces.len(), 75);
        assert!(!g.impassable.is_empty() && !g.land.is_empty());
        for p in &g.provinces {
            let a = p.anchor;
            assert!(
                (0.0..=WIDTH).contains(&a.x) && (0.0..=HEIGHT).contains(&a.y),
                "{}",
                p.abbrev
            );
            assert!(contains_any(&p.cells, a), "{} outside its cell", p.abbrev);
        }
        for coast in ["stp/nc", "stp/sc", "spa/nc", "spa/sc", "bul/ec", "bul/sc"] {
            let at = g.spot(coast).expect("a coast's spot");
            let p = g.province(coast).expect("its province");
            assert_ne!(at, p.anchor, "{coast}");
            assert!(contains_any(&p.cells, at), "{coast} outside its province");
        }
    }
}
