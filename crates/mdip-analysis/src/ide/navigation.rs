//! Go to definition: from a unit to the line that put it there. References and highlights:
//! every place that names the unit under the cursor (the same unit in every season: followed
//! through its history on the boards) or the season under the cursor.
//!
//! A unit's [`Origin`] on its season's board says how it came: it stayed from the parent
//! season (then follow it back), moved or retreated (then the order that moved it, in an earlier
//! step), was built (the build order) or was placed by the setup (the `@unit` line, the
//! `@start` line, or, when the first step's orders imply the position, the first order naming
//! it).

use mdip_judge::world::{Origin, SeasonKey};
use mdip_map::ProvinceId;
use mdip_syntax::{DirectiveKind, LineKind, Node, Role, Span, Step, UnitSlot};

use super::cursor::{self, season_of, Target};
use crate::{Analysis, OrderKind, Status};

/// Where go to definition leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Navigation {
    /// The unit the cursor was on.
    pub origin: Span,
    /// The order or directive that put it there.
    pub target: Span,
}

/// The line that put the unit at `offset` where it stands.
pub fn definition(analysis: &Analysis, offset: u32) -> Option<Navigation> {
    let Target::Unit {
        province,
        season: Some(season),
        span,
        line,
        ..
    } = cursor::at(analysis, offset)?
    else {
        return None;
    };
    let target = source(analysis, season, province, line)?;
    Some(Navigation {
        origin: span,
        target,
    })
}

/// The span of the order (or directive) that put the unit standing in `province` in `season`.
fn source(
    analysis: &Analysis,
    mut season: SeasonKey,
    province: ProvinceId,
    from_line: usize,
) -> Option<Span> {
    let world = &analysis.world;
    // Each season has one parent, so the chain is at most as long as the turns.
    for _ in 0..=world.seasons().count() {
        let unit = world.season(season)?.unit_at(province)?;
        match unit.origin {
            Origin::Stayed { from } => season = from,
            Origin::Moved { from } => {
                return order_of(analysis, from.season, from.loc.province, |k| {
                    matches!(k, OrderKind::Move | OrderKind::Retreat)
                });
            }
            Origin::Retreated { from } => {
                return order_of(analysis, from.season, from.loc.province, |k| {
                    k == OrderKind::Retreat
                })
                .or_else(|| order_of(analysis, from.season, from.loc.province, |_| true));
            }
            Origin::Built => {
                return analysis
                    .orders
                    .iter()
                    .filter(|o| o.kind == OrderKind::Build && o.status == Status::Succeeds)
                    .filter(|o| o.unit.is_some_and(|u| u.loc.province == province))
                    .min_by_key(|o| o.unit.map(|u| u.season != season))
                    .map(|o| o.span);
            }
            Origin::Placed => {
                return placement(analysis, season, province).or_else(|| {
                    // Implied by the orders of the first step: the first order naming it, if it
                    // is not the very line the cursor is on.
                    analysis
                        .orders
                        .iter()
                        .find(|o| {
                            o.line != from_line
                                && o.unit.is_some_and(|u| {
                                    u.season == season && u.loc.province == province
                                })
                        })
                        .or_else(|| {
                            analysis.orders.iter().find(|o| {
                                o.unit.is_some_and(|u| {
                                    u.season == season && u.loc.province == province
                                })
                            })
                        })
                        .map(|o| o.span)
                });
            }
        }
    }
    None
}

/// The span of the successful order of the unit at `province` in `season` whose kind passes
/// `kind` (the first such order otherwise).
fn order_of(
    analysis: &Analysis,
    season: SeasonKey,
    province: ProvinceId,
    kind: impl Fn(OrderKind) -> bool,
) -> Option<Span> {
    let candidates = || {
        analysis
            .orders
            .iter()
            .filter(|o| {
                o.unit
                    .is_some_and(|u| u.season == season && u.loc.province == province)
            })
            .filter(|o| kind(o.kind))
    };
    candidates()
        .find(|o| o.status == Status::Succeeds)
        .or_else(|| candidates().next())
        .map(|o| o.span)
}

/// The setup line that placed a unit: `@unit` naming it, else `@start`.
fn placement(analysis: &Analysis, season: SeasonKey, province: ProvinceId) -> Option<Span> {
    let map = analysis.world.map();
    let root = analysis.world.root();
    let mut start = None;
    for line in &analysis.parse.file.lines {
        let LineKind::Directive(d) = &line.kind else {
            continue;
        };
        match &d.kind {
            DirectiveKind::Unit { unit, .. } => {
                let s = unit.loc.season.as_ref().and_then(season_of).unwrap_or(root);
                if s == season && map.resolve_province(&unit.loc.province.text) == Some(province) {
                    return Some(d.span);
                }
            }
            DirectiveKind::Start(_) if start.is_none() && season == root => start = Some(d.span),
            _ => {}
        }
    }
    start
}

/// How a reference names what the cursor is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReferenceKind {
    /// The unit an order is given to (the order acts on it).
    Ordered,
    /// Any other mention: a supported or convoyed unit, a unit in a directive, a season.
    Named,
}

/// One place that names the unit or season under the cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reference {
    /// The unit or the season literal as written.
    pub span: Span,
    /// How it names it.
    pub kind: ReferenceKind,
}

/// Where a unit was first placed or built: the same unit has the same origin in every season
/// it stands in (staying, moving, retreating, or copied into a fork).
fn lineage(
    analysis: &Analysis,
    mut season: SeasonKey,
    mut province: ProvinceId,
) -> (SeasonKey, ProvinceId) {
    let world = &analysis.world;
    for _ in 0..=world.seasons().count() {
        let Some(unit) = world.season(season).and_then(|s| s.unit_at(province)) else {
            break;
        };
        match unit.origin {
            Origin::Stayed { from } => season = from,
            Origin::Moved { from } | Origin::Retreated { from } => {
                season = from.season;
                province = from.loc.province;
            }
            Origin::Placed | Origin::Built => break,
        }
    }
    (season, province)
}

/// Every place in the file that names the unit or the season at `offset`, in text order:
/// for a unit, each mention of the same unit (ordered, supported, convoyed, in a directive) in
/// every season; for a season, each literal naming it. Empty elsewhere.
pub fn references(analysis: &Analysis, offset: u32) -> Vec<Reference> {
    enum Wanted {
        Unit((SeasonKey, ProvinceId)),
        Season(SeasonKey),
    }
    let wanted = match cursor::at(analysis, offset) {
        Some(Target::Unit {
            province,
            season: Some(season),
            ..
        }) => Wanted::Unit(lineage(analysis, season, province)),
        Some(Target::Season { key, .. }) => Wanted::Season(key),
        _ => return Vec::new(),
    };
    let mut out = Vec::new();
    for line in &analysis.parse.file.lines {
        mdip_syntax::walk_line(line, &mut |role, span, node| match (&wanted, role, node) {
            (Wanted::Unit(origin), Role::Unit(slot), Node::Unit(_)) => {
                if let Some(Target::Unit {
                    province,
                    season: Some(season),
                    ..
                }) = cursor::at(analysis, span.start)
                {
                    if lineage(analysis, season, province) == *origin {
                        let kind = if slot == UnitSlot::Ordered {
                            ReferenceKind::Ordered
                        } else {
                            ReferenceKind::Named
                        };
                        out.push(Reference { span, kind });
                    }
                }
                Step::Skip
            }
            (Wanted::Season(key), Role::Season, Node::Season(lit)) => {
                if season_of(lit) == Some(*key) {
                    out.push(Reference {
                        span: lit.span,
                        kind: ReferenceKind::Named,
                    });
                }
                Step::Into
            }
            _ => Step::Into,
        });
    }
    out
}
