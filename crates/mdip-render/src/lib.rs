//! Pictures of an order file: the standard board of one season, and the multiverse of a 5D
//! game as a grid of boards, as SVG.
//!
//! Everything drawn comes from the file's typed report ([`FileReport`]): boards and centres
//! from its seasons, arrows from its orders and their outcomes, the grid from its seasons and
//! timelines. Terrain (land or sea) and supply centres come from the standard map
//! (`mdip-map`).
//!
//! **The map artwork is the project's own**, derived from facts and computed, not drawn: each
//! province has a point, the approximate latitude and longitude of its main city or of its
//! sea's centre from general geographic knowledge (`data/positions.txt`, which says for every
//! line which place it is), projected equirectangularly (a degree of longitude drawn 0.67 of a
//! degree of latitude, as near 48°N; the margins outside 5°W–25°E and 36°N–60°N squeezed); a
//! province's cell is the Voronoi cell of its point, computed from the Delaunay triangulation
//! of all the points (the `delaunator` crate) and clipped to the map's frame (see `geo`). The
//! shapes are therefore schematic: borders are straight, and coasts are where a land's cell
//! meets a sea's.
//!
//! One fact the report does not hold is computed here: a support cut by a move of a later step
//! into a re-opened past season (its recorded outcome stands, by rule 13, so the report shows
//! it as it was). [`later_cuts`] finds such moves: a move of another power into the
//! supporter's province and season, from somewhere other than where the support is directed.

mod geo;

use std::collections::BTreeMap;
use std::fmt::Write as _;

pub use mdip_analysis::report::{FileReport, SeasonRef};
use mdip_analysis::report::{
    OrderKindName, OrderReport, SeasonPhase, SeasonReport, StatusName, UnitTypeName,
};
use mdip_map::{Map, Terrain};

use geo::{geometry, Point, HEIGHT, WIDTH};

/// The anchor of a province on a board (`stp/sc` reads as `stp`): where its label and unit
/// stand, in the board's units (a board is 620 by 640). `None` for a name the map lacks.
pub fn anchor(location: &str) -> Option<(f64, f64)> {
    geometry()
        .province(location)
        .map(|p| (p.anchor.x, p.anchor.y))
}

/// Whether the board point `(x, y)` lies in the province's cell (any of its parts).
pub fn cell_contains(location: &str, x: f64, y: f64) -> bool {
    geometry()
        .province(location)
        .is_some_and(|p| p.cells.iter().any(|c| geo::contains(c, Point { x, y })))
}

/// The season a picture shows when none is asked for: that of the last order adjudicated (or
/// pending), so its arrows are drawn; else the first head; else `0:0`.
pub fn default_season(report: &FileReport) -> SeasonRef {
    report
        .orders
        .iter()
        .rev()
        .filter(|o| matches!(o.outcome.status, StatusName::Pending) || o.step.is_some())
        .find_map(|o| o.unit.as_ref().map(|u| u.season))
        .filter(|s| report.seasons.iter().any(|r| r.season == *s))
        .or_else(|| report.heads.first().copied())
        .unwrap_or(SeasonRef {
            turn: 0,
            timeline: 0,
        })
}

/// The standard board of one season: provinces coloured by the owner of their supply
/// centre, units, and the orders given there as arrows, marked by outcome. Orders reaching
/// another season are drawn to the place on this board and tagged with the season. `None`
/// when the report has no such season.
pub fn season_svg(report: &FileReport, season: SeasonRef) -> Option<String> {
    let s = report.seasons.iter().find(|s| s.season == season)?;
    let mut out = String::new();
    let crop = season_crop(report, s);
    // The board is as wide as the whole map's; a crop is enlarged to fill it.
    let scale = WIDTH / crop.2;
    let board_h = crop.3 * scale;
    let height = 36.0 + board_h + LEGEND;
    open_svg(
        &mut out,
        WIDTH,
        height,
        &format!("{} — {} {}", report.path, season, s.calendar),
    );
    let _ = write!(
        out,
        r#"<text class="title" x="8" y="24" font-size="16" font-weight="bold">{} · {}{}</text>"#,
        season,
        esc(&s.calendar),
        phase_note(s)
    );
    let view = View {
        at: Point { x: 0.0, y: 36.0 },
        crop,
        scale,
    };
    board(&mut out, s, view);
    let place = |loc: &str, _: SeasonRef| geometry().province(loc).map(|p| view.page(p.anchor));
    let cuts = later_cuts(report);
    out.push_str(r#"<g class="orders">"#);
    for (i, o) in report.orders.iter().enumerate() {
        if o.unit.as_ref().is_some_and(|u| u.season == season) {
            order(
                &mut out,
                o,
                &place,
                scale,
                Some(season),
                cuts.get(&i).copied(),
                report,
            );
        }
    }
    out.push_str("</g>");
    legend(&mut out, 36.0 + board_h, report);
    out.push_str("</svg>\n");
    Some(out)
}

/// Where a board is drawn: the part of the map shown (`crop`: x, y, width, height in the
/// board's units) and the box it fills on the page (`at`, `scale`).
#[derive(Clone, Copy, Debug)]
struct View {
    at: Point,
    crop: (f64, f64, f64, f64),
    scale: f64,
}

impl View {
    /// The page point of a board point.
    fn page(&self, p: Point) -> Point {
        Point {
            x: self.at.x + (p.x - self.crop.0) * self.scale,
            y: self.at.y + (p.y - self.crop.1) * self.scale,
        }
    }

    fn size(&self) -> (f64, f64) {
        (self.crop.2 * self.scale, self.crop.3 * self.scale)
    }
}

/// Width of a board in the multiverse grid.
const GRID_BOARD: f64 = 380.0;
/// Room around each board in the grid: left of a board, above it (its title).
const GAP_X: f64 = 56.0;
const GAP_Y: f64 = 44.0;
/// Left margin (timeline names) and top margin (turn names) of the grid.
const MARGIN_X: f64 = 96.0;
const MARGIN_Y: f64 = 44.0;
/// Height of the legend strip.
const LEGEND: f64 = 64.0;

/// The multiverse: one board per season, timelines as rows and turns as columns, each board
/// titled with its season and calendar name; lines from the season a timeline branched from
/// to its first season; every order as an arrow, between boards when it reaches another
/// season.
pub fn multiverse_svg(report: &FileReport) -> String {
    let crop = grid_crop(report);
    let scale = GRID_BOARD / crop.2;
    let (bw, bh) = (GRID_BOARD, crop.3 * scale);
    let turns = report
        .seasons
        .iter()
        .map(|s| s.season.turn)
        .max()
        .map_or(1, |t| t as usize + 1);
    let mut rows: Vec<u32> = report.seasons.iter().map(|s| s.season.timeline).collect();
    rows.sort_unstable();
    rows.dedup();
    let row_of: BTreeMap<u32, usize> = rows.iter().enumerate().map(|(i, &t)| (t, i)).collect();
    let origin = |s: SeasonRef| -> Option<Point> {
        let row = *row_of.get(&s.timeline)?;
        Some(Point {
            x: MARGIN_X + s.turn as f64 * (bw + GAP_X),
            y: MARGIN_Y + GAP_Y + row as f64 * (bh + GAP_Y),
        })
    };
    let width = MARGIN_X + turns as f64 * (bw + GAP_X);
    let grid_h = MARGIN_Y + rows.len().max(1) as f64 * (bh + GAP_Y) + GAP_Y;
    let mut out = String::new();
    open_svg(
        &mut out,
        width,
        grid_h + LEGEND,
        &format!("{} — the multiverse", report.path),
    );
    let _ = write!(
        out,
        r#"<text class="title" x="8" y="24" font-size="18" font-weight="bold">{} — {} timeline{}, {} season{}</text>"#,
        esc(&report.path),
        rows.len(),
        if rows.len() == 1 { "" } else { "s" },
        report.seasons.len(),
        if report.seasons.len() == 1 { "" } else { "s" },
    );
    // Turn names over the columns, timeline names left of the rows.
    for turn in 0..turns {
        let x = MARGIN_X + turn as f64 * (bw + GAP_X) + bw / 2.0;
        let _ = write!(
            out,
            r##"<text class="turn" x="{x:.1}" y="{:.1}" font-size="14" text-anchor="middle" fill="#555">turn {turn} · {}</text>"##,
            MARGIN_Y + 4.0,
            calendar(turn as u32)
        );
    }
    for (row, t) in rows.iter().enumerate() {
        let y = MARGIN_Y + GAP_Y + row as f64 * (bh + GAP_Y) + bh / 2.0;
        let _ = write!(
            out,
            r##"<text class="timeline" x="8" y="{y:.1}" font-size="15" font-weight="bold" fill="#333">timeline {t}</text>"##
        );
    }
    // Succession (thin) and forks (thick, dashed), under the boards.
    out.push_str(r#"<g class="links">"#);
    for s in &report.seasons {
        let (Some(parent), Some(to)) = (s.parent, origin(s.season)) else {
            continue;
        };
        let Some(from) = origin(parent) else { continue };
        let fork = parent.timeline != s.season.timeline;
        if fork {
            let a = Point {
                x: from.x + bw,
                y: from.y + bh * 0.75,
            };
            let b = Point {
                x: to.x,
                y: to.y + bh * 0.25,
            };
            let _ = write!(
                out,
                r##"<path class="fork" data-from="{parent}" data-to="{}" d="M{:.1},{:.1} C{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="none" stroke="#8a6d3b" stroke-width="5" stroke-dasharray="10 5" stroke-opacity="0.8"/>"##,
                s.season,
                a.x,
                a.y,
                a.x + GAP_X,
                a.y,
                b.x - GAP_X,
                b.y,
                b.x,
                b.y
            );
            let _ = write!(
                out,
                r##"<text class="fork-label" x="{:.1}" y="{:.1}" font-size="12" fill="#8a6d3b" font-weight="bold">fork {parent} → {}</text>"##,
                b.x + 4.0,
                b.y - bh * 0.25 - 22.0,
                s.season
            );
        } else {
            let y = from.y + bh / 2.0;
            let _ = write!(
                out,
                r##"<path class="succession" d="M{:.1},{y:.1} L{:.1},{y:.1}" stroke="#999" stroke-width="3"/>"##,
                from.x + bw,
                to.x
            );
        }
    }
    out.push_str("</g>");
    for s in &report.seasons {
        let Some(at) = origin(s.season) else { continue };
        let _ = write!(
            out,
            r#"<text class="board-title" x="{:.1}" y="{:.1}" font-size="13" font-weight="bold">{} · {}{}</text>"#,
            at.x,
            at.y - 6.0,
            s.season,
            esc(&s.calendar),
            phase_note(s)
        );
        board(&mut out, s, View { at, crop, scale });
    }
    let place = |loc: &str, season: SeasonRef| {
        let at = origin(season)?;
        let p = geometry().province(loc)?;
        Some(View { at, crop, scale }.page(p.anchor))
    };
    let cuts = later_cuts(report);
    out.push_str(r#"<g class="orders">"#);
    for (i, o) in report.orders.iter().enumerate() {
        if o.unit.as_ref().is_some_and(|u| origin(u.season).is_some()) {
            order(
                &mut out,
                o,
                &place,
                scale,
                None,
                cuts.get(&i).copied(),
                report,
            );
        }
    }
    out.push_str("</g>");
    legend(&mut out, grid_h, report);
    out.push_str("</svg>\n");
    out
}

/// The part of the map the grid's boards show: every province where a unit stands or an order
/// reaches, in any season (see [`crop`]).
fn grid_crop(report: &FileReport) -> (f64, f64, f64, f64) {
    let mut places: Vec<&str> = Vec::new();
    for s in &report.seasons {
        for p in &s.powers {
            places.extend(p.units.iter().map(|u| u.location.as_str()));
        }
        places.extend(s.dislodged.iter().map(|d| d.unit.location.as_str()));
    }
    for o in &report.orders {
        places.extend(o.unit.as_ref().map(|u| u.location.as_str()));
        places.extend(o.target.unit.as_ref().map(|u| u.location.as_str()));
        places.extend(o.target.destination.as_ref().map(|d| d.location.as_str()));
    }
    crop(&places, 240.0)
}

/// The part of the map one season's picture shows: where its units stand and its orders reach
/// (see [`crop`]).
fn season_crop(report: &FileReport, s: &SeasonReport) -> (f64, f64, f64, f64) {
    let mut places: Vec<&str> = Vec::new();
    for p in &s.powers {
        places.extend(p.units.iter().map(|u| u.location.as_str()));
    }
    places.extend(s.dislodged.iter().map(|d| d.unit.location.as_str()));
    for o in &report.orders {
        if o.unit.as_ref().is_some_and(|u| u.season == s.season) {
            places.extend(o.unit.as_ref().map(|u| u.location.as_str()));
            places.extend(o.target.unit.as_ref().map(|u| u.location.as_str()));
            places.extend(o.target.destination.as_ref().map(|d| d.location.as_str()));
        }
    }
    crop(&places, 440.0)
}

/// The box around these provinces' points with a margin, at least `least` wide and high, with
/// proportions between 4:3 and 3:4, inside the map; the whole map when there are none (or a
/// crowded game's provinces span it).
fn crop(places: &[&str], least: f64) -> (f64, f64, f64, f64) {
    let g = geometry();
    let points: Vec<Point> = places
        .iter()
        .filter_map(|l| g.province(l).map(|p| p.anchor))
        .collect();
    if points.is_empty() {
        return (0.0, 0.0, WIDTH, HEIGHT);
    }
    let margin = 60.0;
    let min = |f: fn(&Point) -> f64| points.iter().map(f).fold(f64::INFINITY, f64::min);
    let max = |f: fn(&Point) -> f64| points.iter().map(f).fold(f64::NEG_INFINITY, f64::max);
    let (mut x0, mut x1) = (min(|p| p.x) - margin, max(|p| p.x) + margin);
    let (mut y0, mut y1) = (min(|p| p.y) - margin, max(|p| p.y) + margin);
    // At least 240 wide and high, and no flatter or taller than 4:3.
    let grow = |a: &mut f64, b: &mut f64, to: f64| {
        if *b - *a < to {
            let c = (*a + *b) / 2.0;
            *a = c - to / 2.0;
            *b = c + to / 2.0;
        }
    };
    grow(&mut x0, &mut x1, least);
    grow(&mut y0, &mut y1, least);
    let (w, h) = (x1 - x0, y1 - y0);
    grow(&mut x0, &mut x1, h * 0.75);
    grow(&mut y0, &mut y1, w * 0.75);
    // Inside the map: shift, then cut what still sticks out.
    let fit = |a: f64, b: f64, limit: f64| {
        let (w, a) = ((b - a).min(limit), a.max(0.0));
        let a = if a + w > limit { limit - w } else { a };
        (a, w)
    };
    let (x, w) = fit(x0, x1, WIDTH);
    let (y, h) = fit(y0, y1, HEIGHT);
    (x, y, w, h)
}

/// Supports cut by a move of a later step into a re-opened season, which the report keeps at
/// their recorded outcome: support order index → the cutting move's index. A move cuts a
/// support when it goes to the supporter's province and season, its power differs from the
/// supporter's, and it does not come from the place the support is directed at.
pub fn later_cuts(report: &FileReport) -> BTreeMap<usize, usize> {
    let province = |loc: &str| loc.split('/').next().unwrap_or(loc).to_owned();
    let mut cuts = BTreeMap::new();
    for (m, mv) in report.orders.iter().enumerate() {
        let (OrderKindName::Move, Some(unit), Some(dest), Some(step)) = (
            mv.kind,
            mv.unit.as_ref(),
            mv.target.destination.as_ref(),
            mv.step,
        ) else {
            continue;
        };
        if mv.outcome.status == StatusName::Illegal {
            continue;
        }
        for (s, sup) in report.orders.iter().enumerate() {
            let (Some(su), Some(sstep)) = (sup.unit.as_ref(), sup.step) else {
                continue;
            };
            let support = matches!(
                sup.kind,
                OrderKindName::SupportHold | OrderKindName::SupportMove
            );
            if !support || sstep >= step || sup.outcome.status != StatusName::Succeeds {
                continue;
            }
            let hit =
                su.season == dest.season && province(&su.location) == province(&dest.location);
            let same_power = sup.power.is_some() && sup.power == mv.power;
            let from_target = sup.target.destination.as_ref().is_some_and(|d| {
                d.season == unit.season && province(&d.location) == province(&unit.location)
            });
            if hit && !same_power && !from_target {
                cuts.entry(s).or_insert(m);
            }
        }
    }
    cuts
}

/// `Spring 1901` for turn 0.
fn calendar(turn: u32) -> String {
    let year = 1901 + turn / 2;
    if turn.is_multiple_of(2) {
        format!("Spring {year}")
    } else {
        format!("Fall {year}")
    }
}

/// ` (head, movement)` for a head.
fn phase_note(s: &SeasonReport) -> &'static str {
    match s.phase {
        SeasonPhase::Past => "",
        SeasonPhase::Movement => " (head: movement)",
        SeasonPhase::Retreat => " (head: retreats)",
        SeasonPhase::Adjustment => " (head: adjustments)",
    }
}

fn open_svg(out: &mut String, width: f64, height: f64, title: &str) {
    let _ = write!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="DejaVu Sans, Verdana, sans-serif"><title>{}</title><rect class="background" width="{width:.0}" height="{height:.0}" fill="#fbfaf6"/>"##,
        esc(title)
    );
    defs(out);
}

/// A power's colours: (units and arrows, cells).
fn colours(power: &str) -> (&'static str, &'static str) {
    match power {
        "Austria" => ("#c0392b", "#f0b9b0"),
        "England" => ("#1f3f99", "#aebde8"),
        "France" => ("#2a9fd6", "#c4e6f7"),
        "Germany" => ("#3d3d3d", "#c4c4c4"),
        "Italy" => ("#25884a", "#b5dfbf"),
        "Russia" => ("#7a3e9d", "#dac6e7"),
        "Turkey" => ("#c99700", "#f3e0a0"),
        _ => ("#8a5a2b", "#e2cdb5"),
    }
}

const SEA: &str = "#8fb8d6";
const LAND: &str = "#efe8d4";

/// What every board shares, written once per picture: each province's shape
/// (`mdip-cell-ABBREV`, filled by the boards that use it) and the overlay of borders, supply
/// centres and labels (`mdip-overlay`).
fn defs(out: &mut String) {
    let map = Map::standard();
    let g = geometry();
    out.push_str("<defs>");
    for p in &g.provinces {
        let mut d = String::new();
        for cell in &p.cells {
            for (k, q) in cell.iter().enumerate() {
                let _ = write!(d, "{}{:.1},{:.1}", if k == 0 { "M" } else { "L" }, q.x, q.y);
            }
            d.push('Z');
        }
        let _ = write!(out, r#"<path id="mdip-cell-{}" d="{d}"/>"#, p.abbrev);
    }
    out.push_str(r#"<g id="mdip-overlay">"#);
    let mut d = String::new();
    for (a, b) in &g.borders {
        let _ = write!(d, "M{:.1},{:.1}L{:.1},{:.1}", a.x, a.y, b.x, b.y);
    }
    let _ = write!(
        out,
        r##"<path class="borders" d="{d}" fill="none" stroke="#6b6b6b" stroke-width="1" stroke-linejoin="round"/>"##
    );
    for p in &g.provinces {
        let sc = map
            .province_by_abbrev(&p.abbrev)
            .is_some_and(|id| map.is_supply_centre(id));
        if sc {
            let _ = write!(
                out,
                r##"<circle class="centre" cx="{:.1}" cy="{:.1}" r="3.5" fill="#fff" stroke="#222" stroke-width="1.2"/>"##,
                p.anchor.x,
                p.anchor.y + 15.0
            );
        }
        let _ = write!(
            out,
            r##"<text class="label" x="{:.1}" y="{:.1}" font-size="10" text-anchor="middle" fill="#222" stroke="#fff" stroke-width="2" stroke-opacity="0.6" paint-order="stroke">{}</text>"##,
            p.anchor.x,
            p.anchor.y - 13.0,
            esc(&p.abbrev)
        );
    }
    out.push_str("</g></defs>");
}

/// One board in its view: cells, borders, labels, centres, units (a nested `<svg>` whose
/// view box is the crop, so that the map outside it is cut off).
fn board(out: &mut String, s: &SeasonReport, view: View) {
    let map = Map::standard();
    let g = geometry();
    let mut owner: BTreeMap<&str, &str> = BTreeMap::new();
    for p in &s.powers {
        for c in &p.centres {
            owner.insert(c, p.power);
        }
    }
    let (w, h) = view.size();
    let (cx, cy, cw, ch) = view.crop;
    let _ = write!(
        out,
        r##"<svg x="{:.1}" y="{:.1}" width="{w:.1}" height="{h:.1}" viewBox="{cx:.1} {cy:.1} {cw:.1} {ch:.1}"><g class="board{}" data-season="{}">"##,
        view.at.x,
        view.at.y,
        if s.head { " head" } else { "" },
        s.season,
    );
    let _ = write!(
        out,
        r##"<rect class="frame" width="{WIDTH}" height="{HEIGHT}" fill="{SEA}"/>"##
    );
    for p in &g.provinces {
        let id = map.province_by_abbrev(&p.abbrev);
        let sea = id.is_some_and(|id| map.terrain(id) == Terrain::Sea);
        let fill = if sea {
            SEA
        } else {
            owner.get(p.abbrev.as_str()).map_or(LAND, |o| colours(o).1)
        };
        // The shape is drawn once, in `<defs>`; each board fills it with its owner's colour.
        let _ = write!(
            out,
            r##"<use class="cell {}" data-province="{}" href="#mdip-cell-{}" fill="{fill}"/>"##,
            if sea { "sea" } else { "land" },
            p.abbrev,
            p.abbrev
        );
    }
    out.push_str(r##"<use class="overlay" href="#mdip-overlay"/>"##);
    // A unit dislodged here that owes a retreat: marked with a red dashed ring where it
    // stands; if the board already shows another unit in its province, it is drawn beside it.
    let is_dislodged = |power: &str, location: &str| {
        s.dislodged
            .iter()
            .any(|d| d.unit.power == Some(power) && d.unit.location == location)
    };
    let mut drawn: Vec<(&str, &str)> = Vec::new();
    for p in &s.powers {
        for u in &p.units {
            let Some(prov) = g.province(&u.location) else {
                continue;
            };
            if is_dislodged(p.power, &u.location) {
                drawn.push((p.power, u.location.as_str()));
                dislodged_unit(out, p.power, u.kind, &u.location, prov.anchor, 0.0);
            } else {
                unit(out, p.power, u.kind, &u.location, prov.anchor, 0.0);
            }
        }
    }
    for d in &s.dislodged {
        let (Some(prov), Some(power), Some(kind)) =
            (g.province(&d.unit.location), d.unit.power, d.unit.kind)
        else {
            continue;
        };
        if !drawn.contains(&(power, d.unit.location.as_str())) {
            dislodged_unit(out, power, kind, &d.unit.location, prov.anchor, 11.0);
        }
    }
    out.push_str("</g></svg>");
    // The frame, on the page: thick around a head.
    let _ = write!(
        out,
        r##"<rect class="frame-line" x="{:.1}" y="{:.1}" width="{w:.1}" height="{h:.1}" fill="none" stroke="#444" stroke-width="{:.1}"/>"##,
        view.at.x,
        view.at.y,
        if s.head { 4.0 } else { 1.5 }
    );
}

/// A dislodged unit: its marker in a red dashed ring.
fn dislodged_unit(
    out: &mut String,
    power: &str,
    kind: UnitTypeName,
    location: &str,
    at: Point,
    shift: f64,
) {
    out.push_str(r#"<g class="dislodged">"#);
    unit(out, power, kind, location, at, shift);
    let _ = write!(
        out,
        r##"<circle cx="{:.1}" cy="{:.1}" r="13" fill="none" stroke="#d00000" stroke-width="2" stroke-dasharray="3 2"/></g>"##,
        at.x + shift,
        at.y + shift
    );
}

/// A unit marker: a disc in the power's colour with `A` or `F`.
fn unit(out: &mut String, power: &str, kind: UnitTypeName, location: &str, at: Point, shift: f64) {
    let (colour, _) = colours(power);
    let (x, y) = (at.x + shift, at.y + shift);
    let shape = match kind {
        UnitTypeName::Army => format!(
            r##"<circle cx="{x:.1}" cy="{y:.1}" r="9" fill="{colour}" stroke="#fff" stroke-width="1.5"/>"##
        ),
        UnitTypeName::Fleet => format!(
            r##"<rect x="{:.1}" y="{:.1}" width="18" height="18" rx="3" fill="{colour}" stroke="#fff" stroke-width="1.5"/>"##,
            x - 9.0,
            y - 9.0
        ),
    };
    let _ = write!(
        out,
        r##"<g class="unit" data-power="{}" data-location="{}">{shape}<text x="{x:.1}" y="{:.1}" font-size="12" font-weight="bold" text-anchor="middle" fill="#fff">{}</text></g>"##,
        esc(power),
        esc(location),
        y + 4.3,
        kind.letter()
    );
}

/// The class name of a status.
fn status_class(s: StatusName) -> &'static str {
    match s {
        StatusName::Succeeds => "succeeds",
        StatusName::Fails => "fails",
        StatusName::Illegal => "illegal",
        StatusName::Pending => "pending",
        StatusName::NotAdjudicated => "not-adjudicated",
    }
}

/// The class name of a kind.
fn kind_class(k: OrderKindName) -> &'static str {
    match k {
        OrderKindName::Hold => "hold",
        OrderKindName::Move => "move",
        OrderKindName::SupportHold => "support-hold",
        OrderKindName::SupportMove => "support-move",
        OrderKindName::Convoy => "convoy",
        OrderKindName::Retreat => "retreat",
        OrderKindName::Disband => "disband",
        OrderKindName::Build => "build",
        OrderKindName::Remove => "remove",
        OrderKindName::Waive => "waive",
        OrderKindName::Unknown => "unknown",
    }
}

/// Moves `a` towards `b` by `d`.
fn towards(a: Point, b: Point, d: f64) -> Point {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len = (dx * dx + dy * dy).sqrt();
    if len <= d || len == 0.0 {
        return a;
    }
    Point {
        x: a.x + dx / len * d,
        y: a.y + dy / len * d,
    }
}

/// An arrowhead at `tip`, pointing away from `from`.
fn head(out: &mut String, from: Point, tip: Point, size: f64, colour: &str) {
    let (dx, dy) = (tip.x - from.x, tip.y - from.y);
    let len = (dx * dx + dy * dy).sqrt();
    if len == 0.0 {
        return;
    }
    let (ux, uy) = (dx / len, dy / len);
    let base = Point {
        x: tip.x - ux * size,
        y: tip.y - uy * size,
    };
    let _ = write!(
        out,
        r#"<polygon class="head" points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{colour}"/>"#,
        tip.x,
        tip.y,
        base.x - uy * size * 0.5,
        base.y + ux * size * 0.5,
        base.x + uy * size * 0.5,
        base.y - ux * size * 0.5
    );
}

/// A red cross at `at`: the mark of a failed or illegal order.
fn cross(out: &mut String, class: &str, at: Point, size: f64) {
    let _ = write!(
        out,
        r##"<path class="{class}" d="M{:.1},{:.1}L{:.1},{:.1}M{:.1},{:.1}L{:.1},{:.1}" stroke="#d00000" stroke-width="{:.1}" stroke-linecap="round"/>"##,
        at.x - size,
        at.y - size,
        at.x + size,
        at.y + size,
        at.x - size,
        at.y + size,
        at.x + size,
        at.y - size,
        size * 0.55
    );
}

/// The point of a quadratic Bézier curve at `t`.
fn bezier(a: Point, c: Point, b: Point, t: f64) -> Point {
    let u = 1.0 - t;
    Point {
        x: u * u * a.x + 2.0 * u * t * c.x + t * t * b.x,
        y: u * u * a.y + 2.0 * u * t * c.y + t * t * b.y,
    }
}

/// One order, as one `<g class="order KIND STATUS">` element: a move is an arrow, a support a
/// dashed line to the supported unit bending to its target, a convoy a dotted one, a hold a
/// ring, a disband or removal a cross over the unit, a build a dashed ring. A failed order is
/// drawn lighter with a red cross; an illegal one grey with a red cross. `place` gives a
/// location's point in a season; `local` is the season of a one-board picture (orders that
/// reach another season are then tagged with it).
fn order(
    out: &mut String,
    o: &OrderReport,
    place: &dyn Fn(&str, SeasonRef) -> Option<Point>,
    scale: f64,
    local: Option<SeasonRef>,
    cut_by: Option<usize>,
    report: &FileReport,
) {
    let Some(u) = &o.unit else { return };
    let Some(from) = place(&u.location, u.season) else {
        return;
    };
    let status = status_class(o.outcome.status);
    let colour = match (o.outcome.status, u.power.or(o.power)) {
        (StatusName::Illegal | StatusName::NotAdjudicated, _) | (_, None) => "#777777",
        (_, Some(p)) => colours(p).0,
    };
    let opacity = match o.outcome.status {
        StatusName::Succeeds => 0.95,
        StatusName::Pending => 0.8,
        _ => 0.55,
    };
    let w = 3.2 * scale.max(0.6);
    let r = 11.0 * scale;
    let failed = matches!(o.outcome.status, StatusName::Fails | StatusName::Illegal);
    let _ = write!(
        out,
        r#"<g class="order {} {status}" data-line="{}"><title>{}: {}</title>"#,
        kind_class(o.kind),
        o.line,
        esc(&o.text),
        esc(&o.outcome.sentence)
    );
    let mut tags: Vec<(Point, SeasonRef)> = Vec::new();
    let mut mark: Option<Point> = None;
    let mut mark_size = 6.0 * scale.max(0.6);
    // Where a later cut is marked: near the supporter, on its own board.
    let mut cut_at: Option<Point> = None;
    match o.kind {
        OrderKindName::Move | OrderKindName::Retreat => {
            if let Some(d) = &o.target.destination {
                if let Some(to) = place(&d.location, d.season) {
                    // Across seasons (between boards, or tagged on one board): a curve.
                    let cross_board = d.season != u.season;
                    // Between close provinces, keep at least half of the arrow visible.
                    let len = ((to.x - from.x).powi(2) + (to.y - from.y).powi(2)).sqrt();
                    let end = (9.5 * scale).min(len * 0.25);
                    let a = towards(from, to, end);
                    let b = towards(to, from, end);
                    let dash = if o.kind == OrderKindName::Retreat {
                        r#" stroke-dasharray="2 3""#
                    } else {
                        ""
                    };
                    if cross_board {
                        // Between boards: a curve, so it does not run along a board's edge.
                        // On one board the curve bulges clear of the units it joins.
                        let bulge = if local.is_some() {
                            (len * 1.2).max(60.0 * scale)
                        } else {
                            len * 0.15
                        };
                        let (nx, ny) = if len > 0.0 {
                            (-(to.y - from.y) / len, (to.x - from.x) / len)
                        } else {
                            (0.0, -1.0)
                        };
                        let c = Point {
                            x: (a.x + b.x) / 2.0 + nx * bulge,
                            y: (a.y + b.y) / 2.0 + ny * bulge,
                        };
                        let _ = write!(
                            out,
                            r#"<path d="M{:.1},{:.1}Q{:.1},{:.1} {:.1},{:.1}" fill="none" stroke="{colour}" stroke-width="{:.1}" stroke-opacity="{opacity}"{dash}/>"#,
                            a.x,
                            a.y,
                            c.x,
                            c.y,
                            b.x,
                            b.y,
                            w * 1.2
                        );
                        let size = if local.is_some() { 10.0 } else { 14.0 } * scale.max(0.7);
                        head(out, bezier(a, c, b, 0.9), b, size, colour);
                        if local.is_some() {
                            mark_size = 5.0 * scale.max(0.6);
                        }
                        mark = Some(bezier(a, c, b, 0.5));
                    } else {
                        let _ = write!(
                            out,
                            r#"<path d="M{:.1},{:.1}L{:.1},{:.1}" stroke="{colour}" stroke-width="{w:.1}" stroke-opacity="{opacity}"{dash}/>"#,
                            a.x, a.y, b.x, b.y
                        );
                        head(out, a, b, 12.0 * scale.max(0.6), colour);
                        // On a short arrow, a small cross, so the arrow still shows.
                        mark_size = mark_size.min(len * 0.15).max(3.0);
                        mark = Some(Point {
                            x: (a.x + b.x) / 2.0,
                            y: (a.y + b.y) / 2.0,
                        });
                    }
                    if local.is_some_and(|l| l != d.season) {
                        tags.push((b, d.season));
                    }
                }
            }
        }
        OrderKindName::SupportMove | OrderKindName::SupportHold | OrderKindName::Convoy => {
            let lw = if o.kind == OrderKindName::Convoy {
                w * 1.1
            } else {
                w * 0.8
            };
            let dash = if o.kind == OrderKindName::Convoy {
                format!("{:.1} {:.1}", 1.0 * scale.max(0.5), 5.0 * scale.max(0.5))
            } else {
                format!("{:.1} {:.1}", 8.0 * scale.max(0.5), 5.0 * scale.max(0.5))
            };
            let supported = o
                .target
                .unit
                .as_ref()
                .and_then(|t| Some((place(&t.location, t.season)?, t.season)));
            let target = o
                .target
                .destination
                .as_ref()
                .and_then(|d| Some((place(&d.location, d.season)?, d.season)));
            match (supported, target) {
                (Some((via, vs)), Some((to, ts))) => {
                    let a = towards(from, via, r);
                    let b = towards(to, via, r * 0.8);
                    let _ = write!(
                        out,
                        r#"<path d="M{:.1},{:.1}Q{:.1},{:.1} {:.1},{:.1}" fill="none" stroke="{colour}" stroke-width="{:.1}" stroke-opacity="{opacity}" stroke-dasharray="{dash}" stroke-linecap="round"/>"#,
                        a.x, a.y, via.x, via.y, b.x, b.y, lw
                    );
                    head(
                        out,
                        bezier(a, via, b, 0.9),
                        b,
                        10.0 * scale.max(0.6),
                        colour,
                    );
                    mark = Some(bezier(a, via, b, 0.3));
                    cut_at = Some(towards(from, bezier(a, via, b, 0.1), 26.0 * scale));
                    if local.is_some_and(|l| l != vs) {
                        tags.push((via, vs));
                    }
                    if local.is_some_and(|l| l != ts) && ts != vs {
                        tags.push((b, ts));
                    }
                }
                (Some((via, vs)), None) => {
                    let a = towards(from, via, r);
                    let b = towards(via, from, r * 1.3);
                    let _ = write!(
                        out,
                        r#"<path d="M{:.1},{:.1}L{:.1},{:.1}" stroke="{colour}" stroke-width="{:.1}" stroke-opacity="{opacity}" stroke-dasharray="{dash}" stroke-linecap="round"/><circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="none" stroke="{colour}" stroke-width="{:.1}" stroke-opacity="{opacity}"/>"#,
                        a.x,
                        a.y,
                        b.x,
                        b.y,
                        lw,
                        via.x,
                        via.y,
                        r * 1.3,
                        w * 0.6
                    );
                    mark = Some(Point {
                        x: (a.x + b.x) / 2.0,
                        y: (a.y + b.y) / 2.0,
                    });
                    cut_at = Some(towards(a, b, 8.0 * scale));
                    if local.is_some_and(|l| l != vs) {
                        tags.push((via, vs));
                    }
                }
                _ => mark = Some(from),
            }
        }
        OrderKindName::Hold => {
            let _ = write!(
                out,
                r#"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="none" stroke="{colour}" stroke-width="{:.1}" stroke-opacity="{opacity}"/>"#,
                from.x,
                from.y,
                r * 1.2,
                w * 0.6
            );
            mark = Some(Point {
                x: from.x + r,
                y: from.y - r,
            });
        }
        OrderKindName::Build => {
            let _ = write!(
                out,
                r#"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="none" stroke="{colour}" stroke-width="{:.1}" stroke-dasharray="3 2"/>"#,
                from.x,
                from.y,
                r * 1.4,
                w * 0.7
            );
            if failed {
                mark = Some(from);
            }
        }
        OrderKindName::Disband | OrderKindName::Remove => {
            let _ = write!(
                out,
                r##"<path class="removed" d="M{:.1},{:.1}L{:.1},{:.1}M{:.1},{:.1}L{:.1},{:.1}" stroke="#111" stroke-width="{:.1}" stroke-linecap="round" stroke-opacity="{opacity}"/>"##,
                from.x - r,
                from.y - r,
                from.x + r,
                from.y + r,
                from.x - r,
                from.y + r,
                from.x + r,
                from.y - r,
                w * 0.8
            );
        }
        OrderKindName::Waive | OrderKindName::Unknown => {}
    }
    if failed {
        if let Some(m) = mark {
            cross(out, "fail-mark", m, mark_size);
        }
    }
    if let (Some(at), Some(by)) = (cut_at, cut_by.and_then(|i| report.orders.get(i))) {
        // A later move cut this support: its recorded outcome stands.
        cross(out, "cut-mark", at, 7.0 * scale.max(0.6));
        let who = by.unit.as_ref().map_or(String::new(), |u| {
            format!(
                "{} {} {}",
                u.kind.map_or('?', UnitTypeName::letter),
                u.location,
                u.season
            )
        });
        let _ = write!(
            out,
            r##"<text class="cut-label" x="{:.1}" y="{:.1}" font-size="{:.1}" font-weight="bold" fill="#d00000" stroke="#fff" stroke-width="{:.1}" paint-order="stroke" text-anchor="middle">support cut later by {} (line {}); its result stands</text>"##,
            at.x,
            at.y - 14.0 * scale.max(0.6),
            12.0,
            3.0,
            esc(&who),
            by.line
        );
    }
    for (p, s) in tags {
        let _ = write!(
            out,
            r##"<text class="season-tag" x="{:.1}" y="{:.1}" font-size="{:.1}" font-weight="bold" fill="{colour}" stroke="#fff" stroke-width="3" paint-order="stroke">{s}</text>"##,
            p.x + 8.0 * scale.max(1.0),
            p.y + 16.0 * scale.max(1.0),
            11.0 * scale.max(1.0)
        );
    }
    out.push_str("</g>");
}

/// The legend: each power's colour, then the order styles.
fn legend(out: &mut String, y: f64, report: &FileReport) {
    let _ = write!(
        out,
        r##"<g class="legend" font-size="12" transform="translate(8,{:.1})">"##,
        y + 6.0
    );
    let mut powers: Vec<&str> = Map::standard().powers().iter().map(|p| p.name()).collect();
    for p in report.seasons.iter().flat_map(|s| s.powers.iter()) {
        if !powers.contains(&p.power) {
            powers.push(p.power);
        }
    }
    let mut x = 0.0;
    for p in powers {
        let (unit, cell) = colours(p);
        let _ = write!(
            out,
            r##"<rect x="{x:.1}" y="2" width="14" height="14" fill="{cell}" stroke="{unit}" stroke-width="3"/><text x="{:.1}" y="14">{}</text>"##,
            x + 18.0,
            esc(p)
        );
        x += 24.0 + 7.5 * p.len() as f64;
    }
    let _ = write!(
        out,
        r##"<circle cx="{:.1}" cy="9" r="4" fill="#fff" stroke="#222"/><text x="{:.1}" y="14">supply centre</text>"##,
        x + 6.0,
        x + 14.0
    );
    let styles = [
        ("move", "", "#333"),
        ("support", "8 5", "#333"),
        ("convoy", "1 5", "#333"),
    ];
    let mut x = 0.0;
    for (name, dash, c) in styles {
        let _ = write!(
            out,
            r##"<path d="M{x:.1},36L{:.1},36" stroke="{c}" stroke-width="3" stroke-dasharray="{dash}" stroke-linecap="round"/><text x="{:.1}" y="40">{name}</text>"##,
            x + 34.0,
            x + 40.0
        );
        x += 100.0;
    }
    cross(
        out,
        "legend-mark",
        Point {
            x: x + 6.0,
            y: 36.0,
        },
        5.0,
    );
    let _ = write!(
        out,
        r##"<text x="{:.1}" y="40">failed (lighter) or illegal (grey)</text>"##,
        x + 18.0
    );
    out.push_str("</g>");
}

/// Escapes text for XML.
fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            c if (c as u32) < 0x20 && c != '\t' && c != '\n' => o.push('\u{fffd}'),
            c => o.push(c),
        }
    }
    o
}
