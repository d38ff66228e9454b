//! Hover: what a unit, province, season or power is, in the season the cursor reads it in, as
//! the step of the hovered line found the game ([`Analysis::world_at_line`]); what an order
//! keyword or a directive means; and, on an order, its outcome, why, and the orders that acted
//! on it.

use std::fmt::Write;

use mdip_judge::world::{Origin, SeasonKey, World};
use mdip_judge::{OPTIONS, PRESETS};
use mdip_map::{Map, Power, ProvinceId};
use mdip_syntax::Span;

use super::cursor::{self, Keyword, Target};
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

/// The hover at `offset` in `text` (the text `analysis` was made of), if the cursor is on a power, unit, province or season.
pub fn hover(analysis: &Analysis, text: &str, offset: u32) -> Option<Hover> {
    let target = cursor::at(analysis, offset)?;
    // The game as the step of the hovered line found it, never a later state.
    let line = analysis.parse.file.line_number_at(offset);
    let world = &*analysis.world_at_line(text, line);
    let map = world.map();
    let mv = analysis.multiversal || world.timelines().len() > 1;
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
            unit(analysis, world, mv, kind, province, season, ordered, line),
        ),
        Target::Province {
            province: p,
            season,
            span,
        } => (span, province(world, map, mv, p, season)),
        Target::Season { key, span } => (span, season_text(world, &analysis.world, key)),
        Target::Keyword {
            keyword,
            span,
            line,
        } => (span, keyword_text(analysis, keyword, line)),
        Target::Directive {
            name: "rules",
            span,
        } => (span, rules_text()),
        Target::Directive { name: "map", span } => (span, map_text()),
        Target::Directive { name, span } => (span, directive_text(name).to_owned()),
        Target::Power {
            power: p,
            season,
            span,
        } => (span, power(world, map, mv, p, season)),
    };
    Some(Hover { span, markdown })
}

fn season_name(map: &Map, s: SeasonKey, multiversal: bool) -> String {
    crate::run::describe::season_words(s, multiversal, map.first_year())
}

fn unit(
    analysis: &Analysis,
    world: &World,
    mv: bool,
    kind: Option<mdip_map::UnitType>,
    p: ProvinceId,
    season: Option<SeasonKey>,
    ordered: bool,
    line: usize,
) -> String {
    let map = world.map();
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
                season_name(map, s, mv)
            );
            let _ = writeln!(out);
            let from = match u.origin {
                Origin::Placed => "placed by the setup".to_owned(),
                Origin::Stayed { from } => format!("stood here in {}", season_name(map, from, mv)),
                Origin::Moved { from } => format!(
                    "moved from {} in {}",
                    loc_text(map, from.loc),
                    season_name(map, from.season, mv)
                ),
                Origin::Retreated { from } => format!(
                    "retreated from {} in {}",
                    loc_text(map, from.loc),
                    season_name(map, from.season, mv)
                ),
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
                season_name(map, s, mv)
            );
            if !world.exists(s) {
                let _ = writeln!(out, "\nSeason {s} does not exist.");
            }
        }
    }
    if ordered {
        order_section(analysis, line, &mut out);
    }
    out.trim_end().to_owned()
}

/// The outcome of the order on `line`, why, and the orders that acted on it.
fn order_section(analysis: &Analysis, line: usize, out: &mut String) {
    let Some(o) = analysis.order_on_line(line) else {
        return;
    };
    let map = analysis.world.map();
    // Seasons are named only in a multiversal file (as the sentences do).
    let season_of = |s: SeasonKey| Some(s).filter(|_| analysis.multiversal);
    let _ = writeln!(out);
    let _ = write!(out, "Order: {} — **{}**", o.kind.name(), o.status.name());
    let sentence = analysis.sentence(o);
    if !sentence.is_empty() {
        let _ = write!(out, ": {sentence}");
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
    // The orders that acted on it: supports and convoys given to its unit, and the units its
    // reason names (that bounced, cut or dislodged it).
    let mut acted = Vec::new();
    if let Some(u) = o.unit {
        for other in &analysis.orders {
            let Some(t) = other.target.unit else { continue };
            if other.line == o.line || t.season != u.season || t.loc.province != u.loc.province {
                continue;
            }
            let what = match other.kind {
                crate::OrderKind::SupportHold | crate::OrderKind::SupportMove => "supported by",
                crate::OrderKind::Convoy => "convoyed by",
                _ => continue,
            };
            let by = other
                .unit
                .map(|b| unit_text(map, b.kind, b.loc, season_of(b.season)))
                .unwrap_or_default();
            acted.push(format!(
                "{what} {by} (line {}, {})",
                other.line + 1,
                other.status.name()
            ));
        }
    }
    // The units the reason names, with the line of their order in the same step.
    for u in &o.cause.units {
        let line = analysis
            .orders
            .iter()
            .find(|x| {
                x.step == o.step
                    && x.unit.is_some_and(|xu| {
                        xu.season == u.season && xu.loc.province == u.loc.province
                    })
            })
            .map_or(String::new(), |x| format!(" (line {})", x.line + 1));
        acted.push(format!(
            "{}: {}{line}",
            o.cause.code.map_or("", crate::ReasonCode::as_str),
            unit_text(map, u.kind, u.loc, season_of(u.season))
        ));
    }
    if !acted.is_empty() {
        let _ = writeln!(out, "\nActed on it:");
        for a in acted {
            let _ = writeln!(out, "- {a}");
        }
    }
    crate::run::describe::write_why(analysis, o, out);
}

/// What an order keyword means, then the order it belongs to.
fn keyword_text(analysis: &Analysis, keyword: Keyword, line: usize) -> String {
    // The arrow of a retreat is a retreat.
    let retreat = analysis
        .order_on_line(line)
        .is_some_and(|o| o.kind == crate::OrderKind::Retreat);
    let keyword = if keyword == Keyword::Move && retreat {
        Keyword::Retreat
    } else {
        keyword
    };
    let text = match keyword {
        Keyword::Hold => "**Hold** (`H`): the unit stays where it is; it may be supported to hold. A unit with no order holds.",
        Keyword::Move => "**Move** (`-`, `->`, `to`): the unit moves to the location after it, on its board or, in the multiverse, into another season or timeline it reaches (rule 8). After a supported unit or a convoyed army: where that unit goes.",
        Keyword::Support => "**Supports** (`S`): the unit adds its strength to a unit holding (`S A Munich`) or moving (`S A Munich - Tyrolia`) into a province it could move to itself. An attack on the supporting unit cuts it (except from where the support goes).",
        Keyword::Convoy => "**Convoys** (`C`): a fleet at sea carries an army along a chain of convoying fleets (`C A London - Belgium`).",
        Keyword::ViaConvoy => "**via Convoy**: the army goes by convoy even where it could walk (DATC 4.A.3); without a convoy route the move fails.",
        Keyword::Retreat => "**Retreat** (`R`): in a retreat phase, a dislodged unit moves to an empty neighbouring province not left empty by a standoff, nor the one its attacker came from.",
        Keyword::Disband => "**Disband** (`D`): in a retreat phase the dislodged unit leaves the board; in an adjustment phase, a removal.",
        Keyword::Build => "**Build** (`B`): in an adjustment phase, a new unit in a free home supply centre that the power owns, one per supply centre beyond its units.",
        Keyword::Remove => "**Remove**: in an adjustment phase, a unit leaves the board, one per unit beyond the power's supply centres.",
        Keyword::Waive => "**Waive**: in an adjustment phase, one build left unused.",
        Keyword::Outcome => "**=> outcome**: the outcome the file expects for this order (`succeeds`, `fails`, `illegal`); a different outcome is an error (E0401).",
    };
    let mut out = text.to_owned();
    out.push('\n');
    order_section(analysis, line, &mut out);
    out.trim_end().to_owned()
}

/// What `@rules` does, from the rule table: its rule sets and options.
fn rules_text() -> String {
    let presets: Vec<String> = PRESETS.iter().map(|p| format!("`{}`", p.name)).collect();
    let mut out = format!(
        "**@rules** {} [*option* *choice*]...: the rules the file is adjudicated under (`{}` by default).\n",
        presets.join(" | "),
        PRESETS[0].name
    );
    for p in &PRESETS {
        let _ = writeln!(out, "- `{}`: {}", p.name, p.doc);
    }
    out.push_str("\nOptions (`@rules mdatc convoy-intent any-fleet`):\n");
    for o in &OPTIONS {
        let choices: Vec<String> = o.choices.iter().map(|c| format!("`{}`", c.name)).collect();
        let _ = writeln!(
            out,
            "- `{}` ({}): {}; {}",
            o.name,
            o.source,
            o.doc,
            choices.join(" | ")
        );
    }
    out.trim_end().to_owned()
}

/// What `@map` does, with the built-in maps the map crate has.
fn map_text() -> String {
    let names: Vec<String> = Map::builtin_names().map(|n| format!("`{n}`")).collect();
    format!(
        "**@map** *name* | `\"`*folder*`\"`: the map the file is played on, first in the file: a built-in map ({}) or a variant folder relative to the file (docs/variants.md).",
        names.join(", ")
    )
}

/// What a directive does.
fn directive_text(name: &str) -> &'static str {
    match name {
        "start" => "**@start standard**: the standard opening position (Spring 1901, every power's home units).",
        "unit" => "**@unit** *power* *unit*: places a unit before the game starts (`@unit Russia F St Petersburg(sc)`, `@unit Germany A Munich 1:1`).",
        "owns" => "**@owns** *power* *centres* [*season*]: who owns supply centres before the game starts (`@owns Germany Berlin, Kiel`, `@owns Austria Vienna 1:1`; default: the root).",
        "phase" => "**@phase** `movement` | `retreat` | `adjustment` | `next`: before the first order, the phase the game starts in (`@phase adjustment 2:0 2:1`: exactly these heads take builds and removals); after it, adjudicates the step in progress, which must lead to the phase named (`next`: whatever comes next).",
        "season" => "**@season** *X:Y* [`from` *P:Q*]: season X:Y exists before the first step: the next turn of its timeline, or the first season of the next timeline (branched from P:Q, one turn earlier, or with no parent). Its board starts empty, with its parent's owners.",
        "record" => "**@record** *power*`:` *order* `=> succeeds` | `=> fails`: an order stored in a past season's record with its outcome (`@record Germany: A Munich 0:0 - Tyrolia => fails`), replayed when a later step re-opens that season; units of a past season without one held.",
        "turn" => "**@turn** *n*: the turn of the root season (0 is Spring 1901, 1 Fall 1901, ...), before the first order.",
        "expect unit" => "**@expect unit** *power* *unit*: the unit stands there once every step above is adjudicated; an error (E0402) otherwise.",
        "expect has" => "**@expect has** [*power*] *unit*: the unit stands there (of that power, if named), whatever else stands in the season; unlike `@expect unit`, it does not make the season's list exact (`@expect has A Munich 1:0`). An error (E0403) otherwise.",
        "expect dislodged" => "**@expect dislodged** *power* *unit*: the unit was dislodged and waits to retreat.",
        "expect dislodged except disbanded" => "**@expect dislodged except disbanded**: the exact list of dislodged units leaves out those with nowhere to retreat (disbanded at once), as jDip and godip cases list them.",
        "expect empty" => "**@expect empty** *season*: no unit stands in that season.",
        "expect seasons" => "**@expect seasons** *seasons*: exactly these seasons exist.",
        "expect timelines" => "**@expect timelines** *numbers*: exactly these timelines exist.",
        "expect heads" => "**@expect heads** *seasons*: the heads of the timelines are these seasons.",
        "expect owner" => "**@expect owner** *province* *power* [*season*]: who owns the supply centre (`none`: nobody).",
        "expect winner" => "**@expect winner** *power* | `none`: the power that has won (or nobody).",
        "game" => "**@game** [*name*]: ends the game so far as the end of a file does and starts an independent game on a fresh world.",
        "dislodged" => "**@dislodged** *power* *unit* [`from` *province*] [`by convoy`]: in a retreat phase set up by hand (`@phase retreat` first), a unit dislodged by an attack from that province; a season on the unit names the set-up season it was dislodged in (it retreats into that season's latest child).",
        "standoff" => "**@standoff** *provinces*: in a retreat phase set up by hand, provinces left empty by a standoff (closed to retreats).",
        "expect retreats" => "**@expect retreats** *power* *unit*: *places* | `none`: the dislodged unit may retreat exactly there.",
        "expect diagnostic" => "**@expect error** / **@expect warning** *code*: the file expects that diagnostic (it is then information, not a failure).",
        _ => "An unknown directive.",
    }
}

fn province(
    world: &World,
    map: &Map,
    mv: bool,
    p: ProvinceId,
    season: Option<SeasonKey>,
) -> String {
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
            let _ = write!(out, "; in {}: {owner}", season_name(map, s, mv));
        }
        let _ = writeln!(out, ".");
    }
    if let Some(s) = season {
        if let Some(u) = world.season(s).and_then(|season| season.unit_at(p)) {
            let _ = writeln!(
                out,
                "\nIn {}: {} {}.",
                season_name(map, s, mv),
                u.power.adjective(),
                unit_text(map, u.kind, u.loc, None)
            );
        }
    }
    let neighbours: Vec<&str> = map.bordering(p).iter().map(|&n| map.name(n)).collect();
    let _ = writeln!(out, "\nNeighbours: {}.", neighbours.join(", "));
    out.trim_end().to_owned()
}

/// A season as the hovered line's step found it (`world`): its place in the tree, and its
/// board by power with supply centres; then what the end of the file (`end`) adds.
fn season_text(world: &World, end: &World, key: SeasonKey) -> String {
    let map = world.map();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "**Season {key}** · {} · timeline {}",
        key.calendar(map.first_year()),
        key.timeline
    );
    let Some(s) = world.season(key) else {
        let _ = writeln!(out, "\nThis season does not exist at this step.");
        if end.exists(key) {
            let _ = writeln!(out, "\nA later step creates it.");
        }
        return out.trim_end().to_owned();
    };
    let _ = writeln!(out);
    match s.parent {
        Some(p) => {
            let _ = writeln!(out, "Parent: {p}");
        }
        None if key == world.root() => {
            let _ = writeln!(out, "The root season.");
        }
        None => {
            let _ = writeln!(
                out,
                "The first season of timeline {}, set up without a parent (`@season`).",
                key.timeline
            );
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
    let n = s.units.len();
    let _ = writeln!(out, "\n{n} unit{}:", if n == 1 { "" } else { "s" });
    for &p in map.powers() {
        let units: Vec<String> = s
            .units
            .iter()
            .filter(|u| u.power == p)
            .map(|u| unit_text(map, u.kind, u.loc, None))
            .collect();
        let centres: Vec<&str> = map
            .supply_centres()
            .filter(|&c| s.owner(c) == Some(p))
            .map(|c| map.name(c))
            .collect();
        if units.is_empty() && centres.is_empty() {
            continue;
        }
        let _ = writeln!(
            out,
            "- **{}**: {} · centres ({}): {}",
            p.name(),
            if units.is_empty() {
                "no unit".to_owned()
            } else {
                units.join(", ")
            },
            centres.len(),
            if centres.is_empty() {
                "none".to_owned()
            } else {
                centres.join(", ")
            }
        );
    }
    let later: Vec<String> = end
        .season(key)
        .map(|e| {
            e.children
                .iter()
                .filter(|c| !s.children.contains(c))
                .map(|c| c.to_string())
                .collect()
        })
        .unwrap_or_default();
    if !later.is_empty() {
        let _ = writeln!(out, "\nLater steps add children: {}.", later.join(", "));
    }
    out.trim_end().to_owned()
}

fn power(world: &World, map: &Map, mv: bool, p: Power, season: Option<SeasonKey>) -> String {
    let mut out = String::new();
    let Some(s) = season.filter(|s| world.exists(*s)) else {
        let _ = write!(out, "**{}**", p.name());
        return out;
    };
    let _ = writeln!(out, "**{}** in {}", p.name(), season_name(map, s, mv));
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
    // Victory at a glance: distinct centres over every head at this step (rule 21).
    let (needed, counts) = world.victory_counts();
    let n = counts.iter().find(|(q, _)| *q == p).map_or(0, |&(_, n)| n);
    let _ = writeln!(
        out,
        "\nVictory: {n}/{needed} supply centres over the heads (rule 21)."
    );
    out.trim_end().to_owned()
}
