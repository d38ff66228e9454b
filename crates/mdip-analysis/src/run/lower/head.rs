//! What an order line is before it is lowered: its head (power, range, the season it names)
//! and its class (movement, retreat or adjustment) in the world as it stands, which the
//! scheduler reads to decide whether a step must close first.

use mdip_judge::world::{Phase, SeasonKey, World};
use mdip_map::{Map, Power};
use mdip_syntax::{Order, OrderLine, Span};

use crate::diagnostics::{Code, Diagnostic};
use crate::names;
use crate::run::state::{Block, Class};

use super::*;

/// What an order line says before any step is closed for it: its power, its range and the
/// season it names explicitly (which decides whether steps must close first).
pub(crate) struct Head {
    pub(crate) power: Power,
    /// The order's range, without an expectation and without the power written in front.
    pub(crate) span: Span,
    /// The ordered unit's season, as written on the unit or in the block header.
    pub(crate) explicit: Option<SeasonKey>,
}

/// The head of an order line, or `None` when it is no order to adjudicate (no power, an
/// incomplete order, a unit without its type: each already diagnosed).
pub(crate) fn head(
    map: &Map,
    text: &str,
    o: &OrderLine,
    block: &Block,
    diags: &mut Vec<Diagnostic>,
) -> Option<Head> {
    let power = match &o.power {
        Some(n) => names::power(map, n, diags),
        None => match block.power {
            Some(p) => Some(p),
            // The block's header names an unknown power (E0201 there): each of its orders
            // says it is not adjudicated, so none disappears without a word.
            None if block.power_unknown => {
                diags.push(
                    Diagnostic::new(
                        Code::NoPower,
                        o.span,
                        "this order has no power: its block's power is unknown",
                    )
                    .with_hint("correct the power in the block header above"),
                );
                None
            }
            None => {
                diags.push(
                    Diagnostic::new(Code::NoPower, o.span, "this order has no power").with_hint(
                        "put it under a block header such as `England:`, or write the power in front: `England: F London - North Sea`",
                    ),
                );
                None
            }
        },
    }?;
    if o.order.is_incomplete() {
        return None;
    }
    // An ordered unit without its type already has a syntax error (E0105), except a removal
    // or a disband (`Remove gol`): it names the unit standing there, whatever its type.
    let kindless_allowed = matches!(o.order, Order::Remove { .. } | Order::Disband { .. });
    if !kindless_allowed && o.order.unit().is_some_and(|u| u.kind.is_none()) {
        return None;
    }
    let explicit = o
        .order
        .unit()
        .and_then(|u| u.loc.season.as_ref())
        .and_then(names::season)
        .or(block.season);
    Some(Head {
        power,
        span: order_span(text, o),
        explicit,
    })
}

/// The range of an order: without its expectation and without the power written in front
/// (`England: `).
pub(super) fn order_span(text: &str, o: &OrderLine) -> Span {
    let span = match o.expect {
        Some(e) => trim_end(Span::new(o.span.start, e.span.start), text),
        None => o.span,
    };
    match o.colon {
        Some(c) if o.power.is_some() => {
            let rest = text.get(c.end as usize..span.end as usize).unwrap_or("");
            let skip = (rest.len() - rest.trim_start().len()) as u32;
            Span::new((c.end + skip).min(span.end), span.end)
        }
        _ => span,
    }
}

/// The class of an order in `phase`.
pub(crate) fn classify(o: &Order, phase: Phase) -> Class {
    match o {
        Order::Hold { .. }
        | Order::SupportHold { .. }
        | Order::SupportMove { .. }
        | Order::Convoy { .. } => Class::Movement,
        Order::Move {
            retreat_keyword, ..
        } => {
            if phase == Phase::Retreat || retreat_keyword.is_some() {
                Class::Retreat
            } else {
                Class::Movement
            }
        }
        Order::Disband { .. } => {
            if phase == Phase::Adjustment {
                Class::Adjustment
            } else {
                Class::Retreat
            }
        }
        Order::Build { .. } | Order::Remove { .. } | Order::Waive { .. } => Class::Adjustment,
        Order::Incomplete(_) => Class::Movement,
    }
}

/// The class of an order in the world's current phase, for a unit in `season` (`None`: the
/// default season). In a retreat phase a move is a retreat only for a unit waiting to retreat
/// (or with the `R` keyword); a move of any other unit is a movement order, which is not
/// allowed there (rule 6: until the retreat step is over, only retreats and disbands).
pub(crate) fn class_in(map: &Map, world: &World, o: &Order, season: Option<SeasonKey>) -> Class {
    let phase = world.phase();
    let class = classify(o, phase);
    if let Order::Move {
        unit,
        retreat_keyword: None,
        ..
    } = o
    {
        if phase != Phase::Retreat {
            return class;
        }
        let season = unit
            .loc
            .season
            .as_ref()
            .and_then(names::season)
            .or(season)
            .or_else(|| world.default_season());
        let (Some(season), Some(province)) =
            (season, map.resolve_province(&unit.loc.province.text))
        else {
            return class;
        };
        let waiting = world
            .pending_retreats()
            .iter()
            .any(|d| d.at.season == season && d.at.loc.province == province);
        if !waiting {
            return Class::Movement;
        }
    }
    class
}

/// Under `@rules 5dd` (Winter boards beside other timelines' movement): whether an order of
/// `class` for `season`, given during an adjustment step, is a movement order for a head that
/// owes no adjustments. It waits for the same step: when the step closes, the adjustments are
/// played, then the other heads' movement (the Winter boards rest in it).
pub(crate) fn beside_winter(world: &World, season: SeasonKey, class: Class) -> bool {
    world.rules().winters == mdip_judge::Winters::BesideMovement
        && world.phase() == Phase::Adjustment
        && class == Class::Movement
        && world.is_head(season)
        && !world.pending_adjustments().contains(&season)
}
