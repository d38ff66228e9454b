//! Pictures of an order file: the standard board of one season, and the multiverse of a 5D
//! game as a grid of boards, as SVG (and as PNG with the feature `png`).
//!
//! Everything drawn comes from the file's typed report ([`FileReport`]): boards and centres
//! from its seasons, arrows from its orders and their outcomes, the grid from its seasons and
//! timelines. Terrain (land or sea) and supply centres come from the standard map
//! (`mdip-map`).
//!
//! **The map artwork is the project's own**, derived from facts and computed, not drawn: land
//! and sea are Natural Earth's 1:50m coastlines (public domain); each province has a point, the
//! approximate latitude and longitude of its main city or of its sea's centre from general
//! geographic knowledge (`data/positions.txt`, which says for every line which place it is),
//! and a province is the part of its land (or of the water) nearest its points: Voronoi cells
//! clipped to the coast. `scripts/gen-geography` computes the shapes once into
//! `data/board.txt`, which this crate embeds and reads (see `geo` and `data/README.md`).
//! Land no province holds (Switzerland, Ireland, Corsica...) is drawn neutral; seas are named.
//!
//! **Labels never hide a mark**: each board places its provinces' labels off its units, centres
//! and orders' lines, and off each other (see `labels`).
//!
//! **Links back to the text.** Every element drawn for something written in the file says
//! where it was written, so a viewer can lead back to it, as the report counts them:
//! `data-line` is the order's 1-based line (`OrderReport::line`), `data-range` its byte
//! offsets from the start of the text, end exclusive (`Range::byte_start`, `byte_end`):
//!
//! | element | `class` | attributes |
//! |---|---|---|
//! | an order's mark (arrow, ring, cross) | `order KIND STATUS` (`order move succeeds`, `order support-move fails`; kinds `hold move support-hold support-move convoy retreat disband build remove`) | `data-line`, `data-range="START-END"` of the order, `data-season="X:Y"` of its unit |
//! | a unit on a board | `unit` (inside `dislodged` when it owes a retreat) | `data-power`, `data-location`; when the unit was given an order in that season, that order's `data-line` and `data-range` |
//! | a board | `board` (`board head` for a head) | `data-season="X:Y"` |
//! | a board's title in the grid | `board-title` | `data-season` |
//! | a province's shape on a board | `cell land` or `cell sea` | `data-province` |
//! | a fork link in the grid | `fork` | `data-from`, `data-to` (seasons) |
//!
//! One fact the report does not hold is computed here: a support cut by a move of a later step
//! into a re-opened past season (its recorded outcome stands, by rule 13, so the report shows
//! it as it was). [`later_cuts`] finds such moves: a move of another power into the
//! supporter's province and season, from somewhere other than where the support is directed.

mod board;
mod geo;
mod labels;
mod orders;
mod plain;
#[cfg(feature = "png")]
mod png;

pub use plain::variant_season_svg;
#[cfg(feature = "png")]
pub use png::{png, tree};

use std::collections::BTreeMap;
use std::fmt::Write as _;

pub use mdip_analysis::report::{FileReport, SeasonRef};
use mdip_analysis::report::{OrderKindName, OrderReport, SeasonPhase, SeasonReport, StatusName};

use board::{board, defs, esc, legend};
use geo::{geometry, Point, HEIGHT, WIDTH};
use orders::order;

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
        .is_some_and(|p| geo::contains_any(&p.cells, Point { x, y }))
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
    season_svg_with(report, season, Style::default())
}

/// How a picture is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Style {
    /// Its width on the page, in pixels (the drawing scales to it). Default: 1,000 for one
    /// board ([`DEFAULT_WIDTH`]); the grid's natural width for the multiverse, at least 1,000.
    pub width: Option<u32>,
}

/// The width of one board's picture when none is asked for.
pub const DEFAULT_WIDTH: u32 = 1000;

/// [`season_svg`] drawn in a style.
pub fn season_svg_with(report: &FileReport, season: SeasonRef, style: Style) -> Option<String> {
    let s = report.seasons.iter().find(|s| s.season == season)?;
    let mut out = String::new();
    let crop = season_crop(report, s);
    // The board is as wide as the whole map's; a crop is enlarged to fill it.
    let scale = WIDTH / crop.2;
    let board_h = crop.3 * scale;
    let height = 36.0 + board_h + LEGEND;
    open_svg(
        &mut out,
        (WIDTH, height),
        f64::from(style.width.unwrap_or(DEFAULT_WIDTH)),
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
    board(&mut out, s, view, report);
    // A place of another season stands at the frame, on the side where that season lies in
    // the grid: earlier turns left, later right, other timelines above (lower numbers) or
    // below (higher), across from the place on this board.
    let place = |loc: &str, at: SeasonRef| {
        let p = geometry().spot(loc)?;
        if at == season {
            return Some(view.page(p));
        }
        let (x0, y0, w, h) = crop;
        let inset = 16.0 / scale;
        let (left, right) = (x0 + inset, x0 + w - inset);
        let (top, bottom) = (y0 + inset, y0 + h - inset);
        let q = match at.timeline.cmp(&season.timeline) {
            std::cmp::Ordering::Less => Point {
                x: p.x.clamp(left, right),
                y: top,
            },
            std::cmp::Ordering::Greater => Point {
                x: p.x.clamp(left, right),
                y: bottom,
            },
            std::cmp::Ordering::Equal if at.turn < season.turn => Point {
                x: left,
                y: p.y.clamp(top, bottom),
            },
            std::cmp::Ordering::Equal => Point {
                x: right,
                y: p.y.clamp(top, bottom),
            },
        };
        Some(view.page(q))
    };
    let cuts = later_cuts(report);
    out.push_str(r#"<g class="orders">"#);
    for (i, o) in report.orders.iter().enumerate() {
        if acts_on(o, season) {
            order(
                &mut out,
                o,
                &place,
                scale,
                Some(season),
                cuts.get(&i).copied(),
                report,
                Some((0.0, 36.0, WIDTH, 36.0 + board_h)),
            );
        }
    }
    out.push_str("</g>");
    legend(&mut out, 36.0 + board_h, report);
    out.push_str("</svg>\n");
    Some(out)
}

/// Whether an order acts on a season's board: given there, or reaching a place there (a move
/// arriving, a support or convoy of a unit there or into a place there).
pub fn acts_on(o: &OrderReport, season: SeasonRef) -> bool {
    o.unit.as_ref().is_some_and(|u| u.season == season)
        || o.target
            .destination
            .as_ref()
            .is_some_and(|d| d.season == season)
        || o.target.unit.as_ref().is_some_and(|u| u.season == season)
}

/// Where a board is drawn: the part of the map shown (`crop`: x, y, width, height in the
/// board's units) and the box it fills on the page (`at`, `scale`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct View {
    pub(crate) at: Point,
    pub(crate) crop: (f64, f64, f64, f64),
    pub(crate) scale: f64,
}

impl View {
    /// The page point of a board point.
    pub(crate) fn page(&self, p: Point) -> Point {
        Point {
            x: self.at.x + (p.x - self.crop.0) * self.scale,
            y: self.at.y + (p.y - self.crop.1) * self.scale,
        }
    }

    pub(crate) fn size(&self) -> (f64, f64) {
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
const LEGEND: f64 = 136.0;

/// The multiverse: one board per season, timelines as rows and turns as columns, each board
/// titled with its season and calendar name; lines from the season a timeline branched from
/// to its first season; every order as an arrow, between boards when it reaches another
/// season.
pub fn multiverse_svg(report: &FileReport) -> String {
    multiverse_svg_with(report, Style::default())
}

/// [`multiverse_svg`] drawn in a style.
pub fn multiverse_svg_with(report: &FileReport, style: Style) -> String {
    let grid = Grid::new(report);
    let (bw, bh) = (grid.bw, grid.bh);
    let turns = grid.cols.len().max(1);
    let width = MARGIN_X + turns as f64 * (bw + GAP_X);
    let grid_h = MARGIN_Y + grid.rows.len().max(1) as f64 * (bh + GAP_Y) + GAP_Y;
    let mut out = String::new();
    open_svg(
        &mut out,
        (width, grid_h + LEGEND),
        style
            .width
            .map_or(width.max(f64::from(DEFAULT_WIDTH)), f64::from),
        &format!("{} — the multiverse", report.path),
    );
    grid_headings(&mut out, report, &grid);
    grid_links(&mut out, report, &grid);
    grid_boards(&mut out, report, &grid);
    grid_orders(&mut out, report, &grid);
    legend(&mut out, grid_h, report);
    out.push_str("</svg>\n");
    out
}

/// The multiverse grid's layout: one column per turn that has a season (with its calendar
/// name), one row per timeline, each board showing `crop` at `scale`, `bw` by `bh`.
struct Grid<'r> {
    cols: Vec<(u32, &'r str)>,
    rows: Vec<u32>,
    col_of: BTreeMap<u32, usize>,
    row_of: BTreeMap<u32, usize>,
    crop: (f64, f64, f64, f64),
    scale: f64,
    bw: f64,
    bh: f64,
}

impl<'r> Grid<'r> {
    /// The grid of a report's seasons.
    fn new(report: &'r FileReport) -> Self {
        let crop = grid_crop(report);
        let scale = GRID_BOARD / crop.2;
        let (bw, bh) = (GRID_BOARD, crop.3 * scale);
        // One column per turn that has a season (not per turn since 0: a game set up at turn
        // 900000 would otherwise be hundreds of thousands of empty columns).
        let mut cols: Vec<(u32, &str)> = report
            .seasons
            .iter()
            .map(|s| (s.season.turn, s.calendar.as_str()))
            .collect();
        cols.sort_unstable();
        cols.dedup_by_key(|c| c.0);
        let col_of = cols.iter().enumerate().map(|(i, c)| (c.0, i)).collect();
        let mut rows: Vec<u32> = report.seasons.iter().map(|s| s.season.timeline).collect();
        rows.sort_unstable();
        rows.dedup();
        let row_of = rows.iter().enumerate().map(|(i, &t)| (t, i)).collect();
        Grid {
            cols,
            rows,
            col_of,
            row_of,
            crop,
            scale,
            bw,
            bh,
        }
    }

    /// The top left corner of a season's board; `None` for a season the grid lacks.
    fn origin(&self, s: SeasonRef) -> Option<Point> {
        let row = *self.row_of.get(&s.timeline)?;
        let col = *self.col_of.get(&s.turn)?;
        Some(Point {
            x: MARGIN_X + col as f64 * (self.bw + GAP_X),
            y: MARGIN_Y + GAP_Y + row as f64 * (self.bh + GAP_Y),
        })
    }

    /// Where the board whose top left corner is `at` is drawn.
    fn view(&self, at: Point) -> View {
        View {
            at,
            crop: self.crop,
            scale: self.scale,
        }
    }
}

/// The grid's title, the turn names over its columns and the timeline names left of its rows.
fn grid_headings(out: &mut String, report: &FileReport, grid: &Grid) {
    let (bw, bh, rows) = (grid.bw, grid.bh, &grid.rows);
    let _ = write!(
        out,
        r#"<text class="title" x="8" y="24" font-size="18" font-weight="bold">{} — {} timeline{}, {} season{}</text>"#,
        esc(&report.path),
        rows.len(),
        if rows.len() == 1 { "" } else { "s" },
        report.seasons.len(),
        if report.seasons.len() == 1 { "" } else { "s" },
    );
    for (col, (turn, calendar)) in grid.cols.iter().enumerate() {
        let x = MARGIN_X + col as f64 * (bw + GAP_X) + bw / 2.0;
        let _ = write!(
            out,
            r##"<text class="turn" x="{x:.1}" y="{:.1}" font-size="14" text-anchor="middle" fill="#555">turn {turn} · {}</text>"##,
            MARGIN_Y + 4.0,
            esc(calendar)
        );
    }
    for (row, t) in rows.iter().enumerate() {
        let y = MARGIN_Y + GAP_Y + row as f64 * (bh + GAP_Y) + bh / 2.0;
        let _ = write!(
            out,
            r##"<text class="timeline" x="8" y="{y:.1}" font-size="15" font-weight="bold" fill="#333">timeline {t}</text>"##
        );
    }
}

/// The links between boards, under them: succession thin, forks thick and dashed.
fn grid_links(out: &mut String, report: &FileReport, grid: &Grid) {
    let (bw, bh) = (grid.bw, grid.bh);
    out.push_str(r#"<g class="links">"#);
    for s in &report.seasons {
        let (Some(parent), Some(to)) = (s.parent, grid.origin(s.season)) else {
            continue;
        };
        let Some(from) = grid.origin(parent) else {
            continue;
        };
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
}

/// Every season's board in its place in the grid, under its title.
fn grid_boards(out: &mut String, report: &FileReport, grid: &Grid) {
    for s in &report.seasons {
        let Some(at) = grid.origin(s.season) else {
            continue;
        };
        let _ = write!(
            out,
            r#"<text class="board-title" data-season="{}" x="{:.1}" y="{:.1}" font-size="13" font-weight="bold">{} · {}{}</text>"#,
            s.season,
            at.x,
            at.y - 6.0,
            s.season,
            esc(&s.calendar),
            phase_note(s)
        );
        board(out, s, grid.view(at), report);
    }
}

/// Every order whose unit's season is in the grid, as arrows between its boards.
fn grid_orders(out: &mut String, report: &FileReport, grid: &Grid) {
    let place = |loc: &str, season: SeasonRef| {
        let at = grid.origin(season)?;
        let p = geometry().spot(loc)?;
        Some(grid.view(at).page(p))
    };
    let cuts = later_cuts(report);
    out.push_str(r#"<g class="orders">"#);
    for (i, o) in report.orders.iter().enumerate() {
        if o.unit
            .as_ref()
            .is_some_and(|u| grid.origin(u.season).is_some())
        {
            order(
                out,
                o,
                &place,
                grid.scale,
                None,
                cuts.get(&i).copied(),
                report,
                None,
            );
        }
    }
    out.push_str("</g>");
}

/// The part of the map the grid's boards show: every province where a unit stands or an order
/// reaches, in any season (see [`crop`]).
fn grid_crop(report: &FileReport) -> (f64, f64, f64, f64) {
    let mut places: Vec<&str> = Vec::new();
    for s in &report.seasons {
        for p in &s.powers {
            places.extend(p.units.iter().map(|u| &*u.location));
        }
        places.extend(s.dislodged.iter().map(|d| &*d.unit.location));
    }
    for o in &report.orders {
        places.extend(o.unit.as_ref().map(|u| &*u.location));
        places.extend(o.target.unit.as_ref().map(|u| &*u.location));
        places.extend(o.target.destination.as_ref().map(|d| &*d.location));
    }
    crop(&places, 240.0)
}

/// The part of the map one season's picture shows: where its units stand and its orders reach
/// (see [`crop`]).
fn season_crop(report: &FileReport, s: &SeasonReport) -> (f64, f64, f64, f64) {
    let mut places: Vec<&str> = Vec::new();
    for p in &s.powers {
        places.extend(p.units.iter().map(|u| &*u.location));
    }
    places.extend(s.dislodged.iter().map(|d| &*d.unit.location));
    for o in &report.orders {
        if acts_on(o, s.season) {
            let here = |season: SeasonRef| season == s.season;
            places.extend(
                o.unit
                    .as_ref()
                    .filter(|u| here(u.season))
                    .map(|u| &*u.location),
            );
            places.extend(
                o.target
                    .unit
                    .as_ref()
                    .filter(|u| here(u.season))
                    .map(|u| &*u.location),
            );
            places.extend(
                o.target
                    .destination
                    .as_ref()
                    .filter(|d| here(d.season))
                    .map(|d| &*d.location),
            );
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

/// ` (head, movement)` for a head.
fn phase_note(s: &SeasonReport) -> &'static str {
    match s.phase {
        SeasonPhase::Past => "",
        SeasonPhase::Movement => " (head: movement)",
        SeasonPhase::Retreat => " (head: retreats)",
        SeasonPhase::Adjustment => " (head: adjustments)",
    }
}

/// Opens a picture whose drawing is `size` (width, height) units, shown `width` pixels wide.
fn open_svg(out: &mut String, size: (f64, f64), width: f64, title: &str) {
    let (w, h) = size;
    let width = width.clamp(100.0, 20_000.0);
    let height = h * width / w;
    let _ = write!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {w:.0} {h:.0}" font-family="DejaVu Sans, Verdana, sans-serif"><title>{}</title><rect class="background" width="{w:.0}" height="{h:.0}" fill="#fbfaf6"/>"##,
        esc(title)
    );
    defs(out);
}
