//! One board: the shapes and overlay every board shares (`<defs>`), a season's cells filled by
//! centre owner, its units, and the legend.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::OnceLock;

use mdip_analysis::report::{
    FileReport, OrderKindName, OrderReport, SeasonRef, SeasonReport, UnitTypeName,
};
use mdip_map::Map;

use crate::geo::{geometry, Point, HEIGHT, WIDTH};
use crate::labels::{self, Rect};
use crate::View;

/// A power's colours: (units and arrows, cells).
pub(crate) fn colours(power: &str) -> (&'static str, &'static str) {
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

pub(crate) const SEA: &str = "#8fb8d6";
pub(crate) const LAND: &str = "#efe8d4";
pub(crate) const IMPASSABLE: &str = "#d8d2c2";

/// Where a supply centre's dot stands: below its province's anchor.
pub(crate) fn centre_spot(anchor: Point) -> Point {
    Point {
        x: anchor.x,
        y: anchor.y + 14.0,
    }
}

/// Writes rings as a path's `d`.
fn path_of(rings: &[Vec<Point>]) -> String {
    let mut d = String::new();
    for ring in rings {
        for (k, q) in ring.iter().enumerate() {
            let _ = write!(d, "{}{:.1},{:.1}", if k == 0 { "M" } else { "L" }, q.x, q.y);
        }
        d.push('Z');
    }
    d
}

/// What every board shares, written once per picture: each province's shape
/// (`mdip-cell-ABBREV`, filled by the boards that use it) and the overlay of impassable land,
/// coastline and supply centres (`mdip-overlay`).
pub(crate) fn defs(out: &mut String) {
    static DEFS: OnceLock<String> = OnceLock::new();
    out.push_str(DEFS.get_or_init(|| {
        let mut s = String::new();
        write_defs(&mut s);
        s
    }));
}

fn write_defs(out: &mut String) {
    let map = Map::standard();
    let g = geometry();
    out.push_str("<defs>");
    for p in &g.provinces {
        let _ = write!(
            out,
            r#"<path id="mdip-cell-{}" d="{}" fill-rule="evenodd"/>"#,
            p.abbrev,
            path_of(&p.cells)
        );
    }
    out.push_str(r#"<g id="mdip-overlay">"#);
    let _ = write!(
        out,
        r##"<path class="impassable" d="{}" fill="{IMPASSABLE}" fill-rule="evenodd" stroke="#9a9486" stroke-width="0.5"/>"##,
        path_of(&g.impassable)
    );
    let _ = write!(
        out,
        r##"<path class="coastline" d="{}" fill="none" stroke="#3d4f5c" stroke-width="0.9" stroke-linejoin="round"/>"##,
        path_of(&g.land)
    );
    for p in &g.provinces {
        let sc = map
            .province_by_abbrev(&p.abbrev)
            .is_some_and(|id| map.is_supply_centre(id));
        if sc {
            let at = centre_spot(p.anchor);
            let _ = write!(
                out,
                r##"<circle class="centre" cx="{:.1}" cy="{:.1}" r="3.2" fill="#fff" stroke="#222" stroke-width="1.2"/>"##,
                at.x, at.y
            );
        }
    }
    out.push_str("</g></defs>");
}

/// The obstacles of a board's labels: its units, its centres and its orders' lines, in board
/// units.
fn obstacles(s: &SeasonReport, report: &FileReport) -> (Vec<Rect>, Vec<(Point, Point)>) {
    let map = Map::standard();
    let g = geometry();
    let mut boxes = Vec::new();
    for p in &g.provinces {
        if map
            .province_by_abbrev(&p.abbrev)
            .is_some_and(|id| map.is_supply_centre(id))
        {
            boxes.push(Rect::around(centre_spot(p.anchor), 4.5));
        }
    }
    for p in &s.powers {
        for u in &p.units {
            if let Some(at) = g.spot(&u.location) {
                boxes.push(Rect::around(at, 10.5));
            }
        }
    }
    for d in &s.dislodged {
        if let Some(at) = g.spot(&d.unit.location) {
            boxes.push(Rect::around(
                Point {
                    x: at.x + 11.0,
                    y: at.y + 11.0,
                },
                14.0,
            ));
        }
    }
    let mut lines = Vec::new();
    for o in &report.orders {
        let Some(u) = o.unit.as_ref().filter(|u| u.season == s.season) else {
            continue;
        };
        let Some(from) = g.spot(&u.location) else {
            continue;
        };
        let via = o.target.unit.as_ref().and_then(|t| g.spot(&t.location));
        let to = o
            .target
            .destination
            .as_ref()
            .and_then(|d| g.spot(&d.location));
        match (via, to) {
            (Some(v), Some(t)) => {
                lines.push((from, v));
                lines.push((v, t));
            }
            (Some(v), None) => lines.push((from, v)),
            (None, Some(t)) => lines.push((from, t)),
            (None, None) => {}
        }
    }
    (boxes, lines)
}

/// One board in its view: cells, borders, labels, centres, units (a nested `<svg>` whose
/// view box is the crop, so that the map outside it is cut off).
pub(crate) fn board(out: &mut String, s: &SeasonReport, view: View, report: &FileReport) {
    let map = Map::standard();
    // The order given to each unit of this season, by power and province: a dislodged unit's
    // is its retreat or disband, another unit's its movement order.
    let province = |loc: &str| loc.split('/').next().unwrap_or(loc).to_owned();
    let order_of = |power: &str, location: &str, dislodged: bool| {
        report.orders.iter().find(|o| {
            let retreat = matches!(o.kind, OrderKindName::Retreat | OrderKindName::Disband);
            o.unit.as_ref().is_some_and(|u| {
                u.season == s.season
                    && u.power.or(o.power) == Some(power)
                    && province(&u.location) == province(location)
            }) && retreat == dislodged
                && !matches!(o.kind, OrderKindName::Build | OrderKindName::Waive)
        })
    };
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
        let fill = if p.sea {
            SEA
        } else {
            owner.get(p.abbrev.as_str()).map_or(LAND, |o| colours(o).1)
        };
        // The shape is drawn once, in `<defs>`; each board fills it with its owner's colour.
        let stroke = if p.sea {
            r##"stroke="#6d9bbf" stroke-width="0.6" stroke-dasharray="3 2""##
        } else {
            r##"stroke="#6b6b6b" stroke-width="0.7""##
        };
        let _ = write!(
            out,
            r##"<use class="cell {}" data-province="{}" href="#mdip-cell-{}" fill="{fill}" {stroke}/>"##,
            if p.sea { "sea" } else { "land" },
            p.abbrev,
            p.abbrev
        );
    }
    out.push_str(r##"<use class="overlay" href="#mdip-overlay"/>"##);
    // Labels, placed off this board's units, centres and orders.
    let names: Vec<(String, String, bool)> = g
        .provinces
        .iter()
        .map(|p| {
            let text = if p.sea {
                map.province_by_abbrev(&p.abbrev)
                    .map_or(p.abbrev.clone(), |id| map.name(id).to_owned())
            } else {
                p.abbrev.clone()
            };
            (p.abbrev.clone(), text, p.sea)
        })
        .collect();
    let (boxes, lines) = obstacles(s, report);
    let frame = Rect {
        x0: cx + 1.0,
        y0: cy + 1.0,
        x1: cx + cw - 1.0,
        y1: cy + ch - 1.0,
    };
    for l in labels::place(&names, &boxes, &lines, frame) {
        let style = if l.sea {
            r##"font-style="italic" fill="#1d4f7a""##
        } else {
            r##"font-weight="bold" fill="#222""##
        };
        let _ = write!(
            out,
            r##"<text id="label-{}-{}-{}" class="label{}" data-province="{}" x="{:.1}" y="{:.1}" font-size="{}" text-anchor="middle" {style} stroke="#fff" stroke-width="1.8" stroke-opacity="0.7" paint-order="stroke">{}</text>"##,
            s.season.turn,
            s.season.timeline,
            l.abbrev,
            if l.sea { " sea-name" } else { "" },
            l.abbrev,
            l.at.x,
            l.at.y,
            l.size,
            esc(&l.text)
        );
    }
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
            let Some(at) = g.spot(&u.location) else {
                continue;
            };
            if is_dislodged(p.power, &u.location) {
                drawn.push((p.power, &*u.location));
                let o = order_of(p.power, &u.location, true);
                dislodged_unit(out, p.power, u.kind, &u.location, at, 0.0, o, s.season);
            } else {
                let o = order_of(p.power, &u.location, false);
                unit(out, p.power, u.kind, &u.location, at, 0.0, o, s.season);
            }
        }
    }
    for d in &s.dislodged {
        let (Some(at), Some(power), Some(kind)) =
            (g.spot(&d.unit.location), d.unit.power, d.unit.kind)
        else {
            continue;
        };
        if !drawn.contains(&(power, &*d.unit.location)) {
            let o = order_of(power, &d.unit.location, true);
            dislodged_unit(out, power, kind, &d.unit.location, at, 11.0, o, s.season);
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
pub(crate) fn dislodged_unit(
    out: &mut String,
    power: &str,
    kind: UnitTypeName,
    location: &str,
    at: Point,
    shift: f64,
    order: Option<&OrderReport>,
    season: SeasonRef,
) {
    out.push_str(r#"<g class="dislodged">"#);
    unit(out, power, kind, location, at, shift, order, season);
    let _ = write!(
        out,
        r##"<circle cx="{:.1}" cy="{:.1}" r="13" fill="none" stroke="#d00000" stroke-width="2" stroke-dasharray="3 2"/></g>"##,
        at.x + shift,
        at.y + shift
    );
}

/// A unit marker: a disc in the power's colour with `A` or `F`.
pub(crate) fn unit(
    out: &mut String,
    power: &str,
    kind: UnitTypeName,
    location: &str,
    at: Point,
    shift: f64,
    order: Option<&OrderReport>,
    season: SeasonRef,
) {
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
        r##"<g id="unit-{}-{}-{}-{}{}" class="unit" data-power="{}" data-location="{}"{}>{shape}<text x="{x:.1}" y="{:.1}" font-size="12" font-weight="bold" text-anchor="middle" fill="#fff">{}</text></g>"##,
        season.turn,
        season.timeline,
        esc(power),
        esc(&location.replace('/', "-")),
        if shift == 0.0 { "" } else { "-dislodged" },
        esc(power),
        esc(location),
        order.map(source).unwrap_or_default(),
        y + 4.3,
        kind.letter()
    );
}

/// The legend: each power's colour, then the order styles.
pub(crate) fn legend(out: &mut String, y: f64, report: &FileReport) {
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
    // Every mark the pictures use, each drawn as on a board: four to a row.
    let marks: [(&str, &str); 13] = [
        (
            "move",
            r##"<path d="M0,0L26,0" stroke="#333" stroke-width="3"/><polygon points="34,0 24,-5 24,5" fill="#333"/>"##,
        ),
        (
            "support",
            r##"<path d="M0,0L30,0" stroke="#333" stroke-width="2.6" stroke-dasharray="8 5" stroke-linecap="round"/><polygon points="34,0 26,-4 26,4" fill="#333"/>"##,
        ),
        (
            "cut support",
            r##"<path d="M0,0L30,0" stroke="#333" stroke-width="2.6" stroke-dasharray="8 5"/><path d="M10,-6L20,6M10,6L20,-6" stroke="#d00000" stroke-width="3.5" stroke-linecap="round"/>"##,
        ),
        (
            "convoy",
            r##"<path d="M0,0L34,0" stroke="#333" stroke-width="3.5" stroke-dasharray="1 5" stroke-linecap="round"/>"##,
        ),
        (
            "hold",
            r##"<circle cx="17" cy="0" r="8" fill="none" stroke="#333" stroke-width="2"/>"##,
        ),
        (
            "failed",
            r##"<path d="M0,0L26,0" stroke="#333" stroke-width="3" stroke-opacity="0.55"/><polygon points="34,0 24,-5 24,5" fill="#333" fill-opacity="0.55"/><path d="M12,-5L22,5M12,5L22,-5" stroke="#d00000" stroke-width="3" stroke-linecap="round"/>"##,
        ),
        (
            "illegal",
            r##"<path d="M0,0L26,0" stroke="#777" stroke-width="3" stroke-opacity="0.55"/><polygon points="34,0 24,-5 24,5" fill="#777"/><path d="M12,-5L22,5M12,5L22,-5" stroke="#d00000" stroke-width="3" stroke-linecap="round"/>"##,
        ),
        (
            "retreat",
            r##"<path d="M0,0L26,0" stroke="#333" stroke-width="3" stroke-dasharray="9 3 2 3"/><polygon points="34,0 24,-5 24,5" fill="#333"/>"##,
        ),
        (
            "disband",
            r##"<circle cx="17" cy="0" r="7" fill="#888"/><path d="M9,-8L25,8M9,8L25,-8" stroke="#111" stroke-width="2.5" stroke-linecap="round"/>"##,
        ),
        (
            "build",
            r##"<circle cx="17" cy="0" r="9" fill="none" stroke="#333" stroke-width="2.2" stroke-dasharray="3 2"/>"##,
        ),
        (
            "removal",
            r##"<rect x="10" y="-7" width="14" height="14" fill="#888"/><path d="M9,-8L25,8M9,8L25,-8" stroke="#111" stroke-width="2.5" stroke-linecap="round"/>"##,
        ),
        (
            "dislodged",
            r##"<circle cx="17" cy="0" r="7" fill="#888"/><circle cx="17" cy="0" r="11" fill="none" stroke="#d00000" stroke-width="2" stroke-dasharray="3 2"/>"##,
        ),
        (
            "standoff",
            r##"<path d="M0,0L13,0M34,0L21,0" stroke="#333" stroke-width="3" stroke-opacity="0.55"/><polygon points="17,0 10,-5 10,5" fill="#333"/><polygon points="17,0 24,-5 24,5" fill="#333"/><path d="M13,-9L21,-1M13,-1L21,-9" stroke="#d00000" stroke-width="2.5"/>"##,
        ),
    ];
    for (k, (name, mark)) in marks.iter().enumerate() {
        let (x, y) = ((k % 4) as f64 * 150.0, 36.0 + (k / 4) as f64 * 24.0);
        let _ = write!(
            out,
            r##"<g class="legend-mark {}" transform="translate({x:.1},{y:.1})">{mark}<text x="42" y="4">{name}</text></g>"##,
            name.replace(' ', "-")
        );
    }
    out.push_str("</g>");
}

/// The attributes that lead from a drawn element back to the text of its order:
/// ` data-line="L" data-range="START-END"` (1-based line, byte offsets, end exclusive).
pub(crate) fn source(o: &OrderReport) -> String {
    format!(
        r#" data-line="{}" data-range="{}-{}""#,
        o.line, o.range.byte_start, o.range.byte_end
    )
}

/// Escapes text for XML.
pub(crate) fn esc(s: &str) -> String {
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
