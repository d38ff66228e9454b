//! The plain board of a variant map: drawn from the map's picture points (`points.txt`), not
//! from artwork. Adjacencies as faint lines, provinces as labelled circles (seas blue, land
//! filled by its centre's owner), supply centres as dots, units as lettered discs in their
//! power's colour, and the season's orders as lines marked by outcome.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use mdip_analysis::report::{
    FileReport, OrderKindName, SeasonRef, SeasonReport, StatusName, UnitTypeName,
};
use mdip_map::{Map, Picture, Terrain, UnitType};

use crate::board::{esc, SEA};
use crate::Style;

/// The land colour of an unowned province.
const LAND: &str = "#efe8d4";
/// A power's colour when its data gives none.
const NO_COLOUR: &str = "#8a5a2b";

/// One season of a variant's game on the plain board drawn from `map`'s points. `None` when
/// the map has no picture data or the report no such season.
pub fn variant_season_svg(
    map: &Map,
    report: &FileReport,
    season: SeasonRef,
    style: Style,
) -> Option<String> {
    let picture = map.picture()?;
    let s = report.seasons.iter().find(|s| s.season == season)?;
    let (w, h) = picture.size;
    let title_h = 36.0;
    let width = f64::from(style.width.unwrap_or(crate::DEFAULT_WIDTH)).clamp(100.0, 20_000.0);
    let mut out = String::new();
    let _ = write!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{:.0}" viewBox="0 0 {w:.0} {:.0}" font-family="DejaVu Sans, Verdana, sans-serif"><title>{}</title><rect class="background" width="{w:.0}" height="{:.0}" fill="#fbfaf6"/>"##,
        (h + title_h) * width / w,
        h + title_h,
        esc(&format!("{} — {} {}", report.path, season, s.calendar)),
        h + title_h,
    );
    let _ = write!(
        out,
        r#"<text class="title" x="8" y="24" font-size="16" font-weight="bold">{} · {} · {}</text>"#,
        esc(&map.info().title),
        season,
        esc(&s.calendar)
    );
    let _ = write!(
        out,
        r#"<g class="board" data-season="{season}" transform="translate(0 {title_h})">"#
    );
    let plain = Plain { map, picture };
    adjacency_lines(&mut out, plain);
    province_circles(&mut out, plain, s);
    order_lines(&mut out, plain, report, season);
    unit_discs(&mut out, plain, s);
    out.push_str("</g></svg>\n");
    Some(out)
}

/// A variant's map with its picture points, which the plain board is drawn from.
#[derive(Clone, Copy)]
struct Plain<'m> {
    map: &'m Map,
    picture: &'m Picture,
}

impl Plain<'_> {
    /// A power's colour, or [`NO_COLOUR`] when its data gives none.
    fn colour(self, power: &str) -> String {
        self.map
            .resolve_power(power)
            .and_then(|p| self.map.power_colour(p))
            .unwrap_or(NO_COLOUR)
            .to_owned()
    }

    /// The picture point of a location, if the map knows it and has a point for it.
    fn point(self, loc: &str) -> Option<(f64, f64)> {
        self.map
            .resolve_location(loc)
            .and_then(|l| self.picture.location_point(l))
    }
}

/// The adjacencies as faint lines, each once.
fn adjacency_lines(out: &mut String, plain: Plain) {
    let Plain { map, picture } = plain;
    out.push_str(r##"<g class="adjacency" stroke="#b9b3a4" stroke-width="1">"##);
    for p in map.provinces() {
        for &q in map.bordering(p) {
            if q > p {
                if let (Some(a), Some(b)) = (picture.point(p), picture.point(q)) {
                    let _ = write!(
                        out,
                        r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}"/>"#,
                        a.0, a.1, b.0, b.1
                    );
                }
            }
        }
    }
    out.push_str("</g>");
}

/// The provinces as labelled circles (land filled by its centre's owner), centres as dots.
fn province_circles(out: &mut String, plain: Plain, s: &SeasonReport) {
    let Plain { map, picture } = plain;
    let mut owner: BTreeMap<&str, &str> = BTreeMap::new();
    for p in &s.powers {
        for c in &p.centres {
            owner.insert(c, p.power);
        }
    }
    for p in map.provinces() {
        let Some((x, y)) = picture.point(p) else {
            continue;
        };
        let abbrev = map.abbrev(p);
        let sea = map.terrain(p) == Terrain::Sea;
        let fill = match owner.get(abbrev) {
            _ if sea => SEA.to_owned(),
            Some(o) => plain.colour(o),
            None => LAND.to_owned(),
        };
        let _ = write!(
            out,
            r##"<g class="cell {}" data-province="{abbrev}"><circle cx="{x:.1}" cy="{y:.1}" r="22" fill="{fill}" fill-opacity="{}" stroke="#6b6b6b" stroke-width="1"/><text class="label" x="{x:.1}" y="{:.1}" font-size="11" text-anchor="middle" fill="#222">{}</text>"##,
            if sea { "sea" } else { "land" },
            if sea || !owner.contains_key(abbrev) {
                "1"
            } else {
                "0.55"
            },
            y + 34.0,
            esc(map.name(p)),
        );
        if map.is_supply_centre(p) {
            let _ = write!(
                out,
                r##"<circle class="centre" cx="{:.1}" cy="{:.1}" r="4" fill="#fff" stroke="#222" stroke-width="1.2"/>"##,
                x + 15.0,
                y - 15.0
            );
        }
        out.push_str("</g>");
    }
}

/// The season's orders as lines coloured by outcome (supports dashed, convoys dotted).
fn order_lines(out: &mut String, plain: Plain, report: &FileReport, season: SeasonRef) {
    out.push_str(r#"<g class="orders">"#);
    for o in &report.orders {
        let Some(u) = o.unit.as_ref().filter(|u| u.season == season) else {
            continue;
        };
        let Some(from) = plain.point(&u.location) else {
            continue;
        };
        let via = o
            .target
            .unit
            .as_ref()
            .and_then(|t| plain.point(&t.location));
        let to = o
            .target
            .destination
            .as_ref()
            .and_then(|d| plain.point(&d.location));
        let (colour, class) = match o.outcome.status {
            StatusName::Succeeds => ("#1b7f3b", "succeeds"),
            StatusName::Fails => ("#b3261e", "fails"),
            StatusName::Illegal => ("#7a7a7a", "illegal"),
            StatusName::Pending => ("#3d4f5c", "pending"),
            StatusName::NotAdjudicated => ("#7a7a7a", "not-adjudicated"),
        };
        let dash = match o.kind {
            OrderKindName::SupportHold | OrderKindName::SupportMove => r#" stroke-dasharray="6 4""#,
            OrderKindName::Convoy => r#" stroke-dasharray="2 3""#,
            _ => "",
        };
        let mut points = vec![from];
        points.extend(via);
        points.extend(to);
        if points.len() < 2 {
            continue;
        }
        let d: Vec<String> = points
            .iter()
            .map(|(x, y)| format!("{x:.1},{y:.1}"))
            .collect();
        let _ = write!(
            out,
            r#"<polyline class="order {class}" data-line="{}" points="{}" fill="none" stroke="{colour}" stroke-width="3"{dash}/>"#,
            o.line,
            d.join(" ")
        );
        if let Some(&(x, y)) = points.last() {
            let _ = write!(
                out,
                r#"<circle class="order-end {class}" cx="{x:.1}" cy="{y:.1}" r="5" fill="{colour}"/>"#
            );
        }
    }
    out.push_str("</g>");
}

/// The season's units as lettered discs in their power's colour.
fn unit_discs(out: &mut String, plain: Plain, s: &SeasonReport) {
    for p in &s.powers {
        let fill = plain.colour(p.power);
        for unit in &p.units {
            let Some((x, y)) = plain.point(&unit.location) else {
                continue;
            };
            let letter = match unit.kind {
                UnitTypeName::Army => UnitType::Army.letter(),
                UnitTypeName::Fleet => UnitType::Fleet.letter(),
            };
            let _ = write!(
                out,
                r##"<g class="unit" data-power="{}" data-location="{}"><circle cx="{x:.1}" cy="{y:.1}" r="12" fill="{fill}" stroke="#111" stroke-width="1.5"/><text x="{x:.1}" y="{:.1}" font-size="13" font-weight="bold" text-anchor="middle" fill="#fff">{letter}</text></g>"##,
                esc(p.power),
                esc(&unit.location),
                y + 4.5
            );
        }
    }
}
