//! The board's geometry, derived from facts: each province's point (`data/positions.txt`:
//! approximate latitude and longitude of its main city or sea centre), projected, and the
//! Voronoi cells of those points clipped to the map's frame.
//!
//! The projection is equirectangular: x grows with longitude and y with latitude southwards,
//! each linearly, except that it squeezes the margins where the board's provinces are large
//! and few: longitudes west of 5°W and east of 25°E, and latitudes north of 60°N and south of
//! 36°N, count for 0.6 of a degree each, so the crowded west and centre get the room. The
//! frame (17°W to 45°E, 32°N to 73°N) on a 620 by 640 board draws a degree of longitude 0.67
//! of a degree of latitude, as it is near 48°N.
//!
//! The cells come from the Delaunay triangulation of the points (the `delaunator` crate): a
//! point's Voronoi cell is the frame cut by the perpendicular bisector towards each of its
//! Delaunay neighbours, which is how every cell is computed here.

use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The positions file, embedded.
const POSITIONS: &str = include_str!("../data/positions.txt");

/// Width of one board, in SVG units.
pub const WIDTH: f64 = 620.0;
/// Height of one board, in SVG units.
pub const HEIGHT: f64 = 640.0;

/// The frame: westmost and eastmost longitudes, northmost and southmost latitudes.
const WEST: f64 = -17.0;
const EAST: f64 = 45.0;
const NORTH: f64 = 73.0;
const SOUTH: f64 = 32.0;

/// Degrees outside `lo..hi` count for `SQUEEZE` of a degree.
const SQUEEZE: f64 = 0.6;

fn squeeze(v: f64, lo: f64, hi: f64) -> f64 {
    if v < lo {
        lo - (lo - v) * SQUEEZE
    } else if v > hi {
        hi + (v - hi) * SQUEEZE
    } else {
        v
    }
}

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
    /// Where its label and unit stand (its first point).
    pub anchor: Point,
    /// Its cells: one convex polygon per point of the province.
    pub cells: Vec<Vec<Point>>,
}

/// The whole board's geometry.
#[derive(Debug)]
pub struct Geometry {
    /// The provinces, in the order of the positions file.
    pub provinces: Vec<Province>,
    /// Index of each abbreviation.
    by_abbrev: BTreeMap<String, usize>,
    /// The borders between different provinces, as segments.
    pub borders: Vec<(Point, Point)>,
}

impl Geometry {
    /// The province with this abbreviation (`stp/sc` reads as `stp`), if the map has it.
    pub fn province(&self, location: &str) -> Option<&Province> {
        let abbrev = location.split('/').next().unwrap_or(location);
        self.by_abbrev
            .get(&abbrev.to_ascii_lowercase())
            .map(|&i| &self.provinces[i])
    }
}

/// Projects a latitude and longitude onto the board.
pub fn project(lat: f64, lon: f64) -> Point {
    let (x, y) = (|v| squeeze(v, -5.0, 25.0), |v| squeeze(v, 36.0, 60.0));
    // Each axis fills the frame.
    Point {
        x: (x(lon) - x(WEST)) / (x(EAST) - x(WEST)) * WIDTH,
        y: (y(NORTH) - y(lat)) / (y(NORTH) - y(SOUTH)) * HEIGHT,
    }
}

/// The geometry, computed once.
pub fn geometry() -> &'static Geometry {
    static GEOMETRY: OnceLock<Geometry> = OnceLock::new();
    GEOMETRY.get_or_init(|| build(POSITIONS))
}

/// One point of the positions file.
struct Site {
    province: usize,
    at: Point,
}

/// Reads the positions file (lines it cannot read are skipped; a test checks there are none)
/// and computes the cells.
fn build(text: &str) -> Geometry {
    let mut provinces: Vec<Province> = Vec::new();
    let mut by_abbrev = BTreeMap::new();
    let mut sites = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((abbrev, lat, lon)) = parse_line(line) else {
            continue;
        };
        let at = project(lat, lon);
        let province = *by_abbrev.entry(abbrev.clone()).or_insert_with(|| {
            provinces.push(Province {
                abbrev,
                anchor: at,
                cells: Vec::new(),
            });
            provinces.len() - 1
        });
        sites.push(Site { province, at });
    }
    let points: Vec<delaunator::Point> = sites
        .iter()
        .map(|s| delaunator::Point {
            x: s.at.x,
            y: s.at.y,
        })
        .collect();
    let triangulation = delaunator::triangulate(&points);
    let mut neighbours = vec![Vec::new(); sites.len()];
    for t in triangulation.triangles.chunks_exact(3) {
        for (a, b) in [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])] {
            if !neighbours[a].contains(&b) {
                neighbours[a].push(b);
            }
            if !neighbours[b].contains(&a) {
                neighbours[b].push(a);
            }
        }
    }
    let mut borders = Vec::new();
    for (i, site) in sites.iter().enumerate() {
        let cell = cell(i, &sites, &neighbours[i]);
        // Each border is drawn once: from the side of the lower site index.
        for (k, &(p, edge)) in cell.iter().enumerate() {
            if let Edge::Site(j) = edge {
                if j > i && sites[j].province != site.province {
                    borders.push((p, cell[(k + 1) % cell.len()].0));
                }
            }
        }
        provinces[site.province]
            .cells
            .push(cell.into_iter().map(|(p, _)| p).collect());
    }
    Geometry {
        provinces,
        by_abbrev,
        borders,
    }
}

/// `abbrev | lat | lon | place`.
fn parse_line(line: &str) -> Option<(String, f64, f64)> {
    let mut fields = line.split('|').map(str::trim);
    let abbrev = fields.next()?.to_ascii_lowercase();
    let lat: f64 = fields.next()?.parse().ok()?;
    let lon: f64 = fields.next()?.parse().ok()?;
    (!abbrev.is_empty() && lat.is_finite() && lon.is_finite()).then_some((abbrev, lat, lon))
}

/// What lies across a polygon's edge.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Edge {
    /// The frame.
    Frame,
    /// The cell of this site.
    Site(usize),
}

/// The Voronoi cell of site `i`: the frame cut by the bisector towards each neighbour. Each
/// vertex carries what lies across the edge that starts at it.
fn cell(i: usize, sites: &[Site], neighbours: &[usize]) -> Vec<(Point, Edge)> {
    let mut polygon = vec![
        (Point { x: 0.0, y: 0.0 }, Edge::Frame),
        (Point { x: WIDTH, y: 0.0 }, Edge::Frame),
        (
            Point {
                x: WIDTH,
                y: HEIGHT,
            },
            Edge::Frame,
        ),
        (Point { x: 0.0, y: HEIGHT }, Edge::Frame),
    ];
    let p = sites[i].at;
    for &j in neighbours {
        let q = sites[j].at;
        // Keep the points closer to p than to q: (x - m)·(q - p) <= 0.
        let (nx, ny) = (q.x - p.x, q.y - p.y);
        let m = Point {
            x: (p.x + q.x) / 2.0,
            y: (p.y + q.y) / 2.0,
        };
        let side = |a: Point| (a.x - m.x) * nx + (a.y - m.y) * ny;
        let mut out = Vec::with_capacity(polygon.len() + 1);
        for k in 0..polygon.len() {
            let (a, edge) = polygon[k];
            let b = polygon[(k + 1) % polygon.len()].0;
            let (sa, sb) = (side(a), side(b));
            let cross = |a: Point, b: Point| {
                let t = sa / (sa - sb);
                Point {
                    x: a.x + t * (b.x - a.x),
                    y: a.y + t * (b.y - a.y),
                }
            };
            match (sa <= 0.0, sb <= 0.0) {
                (true, true) => out.push((a, edge)),
                (true, false) => {
                    out.push((a, edge));
                    out.push((cross(a, b), Edge::Site(j)));
                }
                (false, true) => out.push((cross(a, b), edge)),
                (false, false) => {}
            }
        }
        polygon = out;
        if polygon.is_empty() {
            break;
        }
    }
    polygon
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
    fn every_line_of_the_positions_file_reads() {
        for line in POSITIONS.lines().map(str::trim) {
            if !line.is_empty() && !line.starts_with('#') {
                assert!(parse_line(line).is_some(), "unreadable: {line}");
            }
        }
    }

    #[test]
    fn every_anchor_lies_in_the_frame_and_in_its_own_cell() {
        let g = geometry();
        assert_eq!(g.provinces.len(), 75);
        for p in &g.provinces {
            let a = p.anchor;
            assert!(
                (0.0..=WIDTH).contains(&a.x) && (0.0..=HEIGHT).contains(&a.y),
                "{}",
                p.abbrev
            );
            assert!(contains(&p.cells[0], a), "{} outside its cell", p.abbrev);
        }
    }
}
