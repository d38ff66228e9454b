//! Hover: what a unit, province, season or power is, in the season the cursor reads it in.

use std::fmt::Write;

use mdip_judge::world::{Origin, SeasonKey, World};
use mdip_map::{Map, Power, ProvinceId};
use mdip_syntax::Span;

use super::cursor::{self, Target};
use super::{loc_text, unit_text};
use crate::{Analysis, Status};

/// A hover: the range it is about and Markdown text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hover {
    /// The word or unit hovered.
    pub span: Span,
    /// The text, in Markdown.
    pub markdown: String,
}

/// The hover at `offset`, if the cursor is on a power, unit, province or season.
pub fn hover(analysis: &Analysis, offset: u32) -> Option<Hover> {
    let target = cursor::at(analysis, offset)?;
    let map = analysis.world.map();
    let world = &analysis.world;
    let (span, markdown) = match target {
        Target::Unit {
            kind,
            province,
            season,
            span,
            ordered,
            line,
            ..
        } => (
            span,
            unit(analysis, map, kind, province, season, ordered, line),
        ),
        Target::Province {
            province: p,
            season,
            span,
        } => (span, province(world, map, p, season)),
        Target::Season { key, span } => (span, season_text(world, key)),
        Target::Power {
            power: p,
            season,
            span,
        } => (span, power(world, map, p, season)),
    };
    Some(Hover { span, markdown })
}

fn season_name(s: SeasonKey) -> String {
    format!("{s} ({})", s.calendar())
}

fn unit(
    analysis: &Analysis,
    map: &Map,
    kind: Option<mdip_map::UnitType>,
    p: ProvinceId,
    season: Option<SeasonKey>,
    ordered: bool,
    line: usize,
) -> String {
    let world = &analysis.world;
    let mut out = String::new();
    let Some(s) = season else {
        let _ = write!(
            out,
            "**{}**: which season? The game has several heads.",
            map.name(p)
        );
        return out;
    };
    let board = world.season(s).and_then(|season| season.unit_at(p));
    match board {
        Some(u) => {
            let _ = writeln!(
                out,
                "**{}** · {} {} · {}",
                unit_text(map, u.kind, u.loc, None),
                u.power.adjective(),
                u.kind.name(),
                season_name(s)
            );
            let _ = writeln!(out);
            let from = match u.origin {
                Origin::Placed => "placed by the setup".to_owned(),
                Origin::Stayed { from } => format!("stood here in {from}"),
                Origin::Moved { from } => {
                    format!("moved from {} {}", loc_text(map, from.loc), from.season)
                }
                Origin::Retreated { from } => {
                    format!("retreated from {} {}", loc_text(map, from.loc), from.season)
                }
                Origin::Built => "built in the adjustment step".to_owned(),
            };
            let _ = writeln!(out, "Came here: {from}.");
        }
        None => {
            let what = kind.map_or_else(|| "No unit".to_owned(), |k| format!("No {}", k.name()));
            let _ = writeln!(
                out,
                "{what} stands in **{}** in {}.",
                map.name(p),
                season_name(s)
            );
            if !world.exists(s) {
                let _ = writeln!(out, "\nSeason {s} does not exist.");
            }
        }
    }
    if ordered {
        if let Some(o) = analysis.order_on_line(line) {
            let _ = writeln!(out);
            let _ = write!(out, "Order: {} — **{}**", o.kind.name(), o.status.name());
            if !o.reason.is_empty() {
                let _ = write!(out, ": {}", o.reason);
            }
            let _ = writeln!(out);
            if o.status == Status::Pending {
                let _ = writeln!(out, "\nIts step is not adjudicated yet.");
            }
            if let Some(e) = o.expect {
                let word = match e {
                    mdip_syntax::ExpectedOutcome::Succeeds => "succeeds",
                    mdip_syntax::ExpectedOutcome::Fails => "fails",
                    mdip_syntax::ExpectedOutcome::Illegal => "illegal",
                    mdip_syntax::ExpectedOutcome::Any => "any outcome (not checked)",
                };
                let verdict = if o.status.matches(e) {
                    "as expected"
                } else {
                    "differs"
                };
                let _ = writeln!(out, "\nExpected: {word} ({verdict})");
            }
            for f in &o.forks {
                let _ = writeln!(out, "\nForks timeline {} (first season {f}).", f.timeline);
            }
        }
    }
    out.trim_end().to_owned()
}

fn province(world: &World, map: &Map, p: ProvinceId, season: Option<SeasonKey>) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "**{}** (`{}`) · {}",
        map.name(p),
        map.abbrev(p),
        map.terrain(p).name()
    );
    if !map.coasts(p).is_empty() {
        let coasts: Vec<&str> = map.coasts(p).iter().map(|c| c.name()).collect();
        let _ = write!(out, " · coasts: {}", coasts.join(", "));
    }
    let _ = writeln!(out);
    if map.is_supply_centre(p) {
        let _ = write!(out, "\nSupply centre");
        if let Some(h) = map.home_power(p) {
            let _ = write!(out, ", home of {}", h.name());
        }
        if let Some(s) = season.filter(|s| world.exists(*s)) {
            let owner = world
                .season(s)
                .and_then(|season| season.owner(p))
                .map_or("unowned", |o| o.name());
            let _ = write!(out, "; in {s}: {owner}");
        }
        let _ = writeln!(out, ".");
    }
    if let Some(s) = season {
        if let Some(u) = world.season(s).and_then(|season| season.unit_at(p)) {
            let _ = writeln!(
                out,
                "\nIn {s}: {} {}.",
                u.power.adjective(),
                unit_text(map, u.kind, u.loc, None)
            );
        }
    }
    let neighbours: Vec<&str> = map.bordering(p).iter().map(|&n| map.name(n)).collect();
    let _ = writeln!(out, "\nNeighbours: {}.", neighbours.join(", "));
    out.trim_end().to_owned()
}

fn season_text(world: &World, key: SeasonKey) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "**Season {key}** · {} · timeline {}",
        key.calendar(),
        key.timeline
    );
    let Some(s) = world.season(key) else {
        let _ = writeln!(out, "\nThis season does not exist.");
        return out.trim_end().to_owned();
    };
    let _ = writeln!(out);
    match s.parent {
        Some(p) => {
            let _ = writeln!(out, "Parent: {p}");
        }
        None => {
            let _ = writeln!(out, "The root season.");
        }
    }
    if s.children.is_empty() {
        let _ = writeln!(
            out,
            "\nHead of timeline {}: it takes the next orders.",
            key.timeline
        );
    } else {
        let children: Vec<String> = s.children.iter().map(|c| c.to_string()).collect();
        let _ = writeln!(out, "\nChildren: {}", children.join(", "));
        if let Some(t) = world.timeline(key.timeline) {
            let _ = writeln!(
                out,
                "\nNot a head; the head of timeline {} is {}.",
                t.number, t.head
            );
        }
    }
    if let Some(t) = world.timeline(key.timeline) {
        if let Some(b) = t.branched_from {
            let _ = writeln!(out, "\nTimeline {} branched from {b}.", t.number);
        }
    }
    let _ = writeln!(out, "\n{} units.", s.units.len());
    out.trim_end().to_owned()
}

fn power(world: &World, map: &Map, p: Power, season: Option<SeasonKey>) -> String {
    let mut out = String::new();
    let Some(s) = season.filter(|s| world.exists(*s)) else {
        let _ = write!(out, "**{}**", p.name());
        return out;
    };
    let _ = writeln!(out, "**{}** in {}", p.name(), season_name(s));
    let Some(board) = world.season(s) else {
        return out.trim_end().to_owned();
    };
    let centres: Vec<&str> = map
        .supply_centres()
        .filter(|&c| board.owner(c) == Some(p))
        .map(|c| map.name(c))
        .collect();
    let units: Vec<String> = board
        .units
        .iter()
        .filter(|u| u.power == p)
        .map(|u| unit_text(map, u.kind, u.loc, None))
        .collect();
    let _ = writeln!(
        out,
        "\nSupply centres ({}): {}",
        centres.len(),
        if centres.is_empty() {
            "none".to_owned()
        } else {
            centres.join(", ")
        }
    );
    let _ = writeln!(
        out,
        "\nUnits ({}): {}",
        units.len(),
        if units.is_empty() {
            "none".to_owned()
        } else {
            units.join(", ")
        }
    );
    out.trim_end().to_owned()
}
