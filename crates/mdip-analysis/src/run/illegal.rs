//! The diagnostics of illegal orders: the judge's [`Illegal`] made a diagnostic with the most
//! precise range it can have, and hints of the units or coasts that would have made it legal.

use mdip_judge::world::{Illegal, Phase, Spot};
use mdip_syntax::Span;

use super::describe;
use super::map_back::Given;
use super::state::{Parts, State};
use crate::diagnostics::{Code, Diagnostic};

impl State {
    /// The diagnostic of the illegal order `k` of a step (line `oi`), with the most precise
    /// range it can have.
    pub(super) fn illegal_diagnostic(
        &self,
        illegal: &Illegal,
        phase: Phase,
        given: &Given,
        k: usize,
        oi: usize,
    ) -> Diagnostic {
        let parts = &given.parts[k];
        let whole = self.orders[oi].span;
        let multiversal = self.multiversal || self.world.timelines().len() > 1;
        let message = describe::illegal(self.map(), illegal, phase, multiversal);
        match phase {
            Phase::Movement => {
                let own = given.units[k].expect("movement orders name their unit");
                let span = illegal_span(illegal, parts, whole, own);
                let mut d = illegal_diagnostic(illegal, span, &message);
                // A coast the fleet cannot reach, when it can reach one coast only: that one.
                if let (Illegal::CoastUnreachable { reachable }, Some(coast)) =
                    (illegal, parts.dest_coast)
                {
                    if let [one] = reachable.as_slice() {
                        d = d.with_fix(
                            format!("Use the coast the fleet can reach, ({})", one.abbrev()),
                            coast,
                            format!("({})", one.abbrev()),
                        );
                    }
                }
                if let Illegal::Duplicate = illegal {
                    // Point at the other orders of the unit (DATC 4.D.3: all are dropped).
                    for (j, &line) in given.lines.iter().enumerate() {
                        if j != k && given.units[j] == Some(own) {
                            d = d.with_related(
                                self.orders[line].span,
                                "another order for this unit",
                            );
                        }
                    }
                }
                let d = self.with_units_hint(d, illegal, own, oi);
                self.with_coast_hint(d, illegal, own)
            }
            Phase::Retreat => {
                let span = match illegal {
                    Illegal::NotDislodged
                    | Illegal::ForeignUnit { .. }
                    | Illegal::WrongUnitType { .. } => whole_or(parts.unit, whole),
                    _ => parts.dest.unwrap_or(whole),
                };
                let code = match illegal {
                    Illegal::WrongPhase(_) => Code::WrongPhase,
                    Illegal::WrongUnitType { .. } => Code::WrongUnitType,
                    Illegal::Duplicate => Code::DuplicateOrder,
                    _ => Code::BadRetreat,
                };
                // The words of a movement phase for the same problem.
                let message = match illegal {
                    Illegal::WrongUnitType { .. } | Illegal::Duplicate => {
                        format!("illegal order: {message}")
                    }
                    _ => message,
                };
                Diagnostic::new(code, span, message)
            }
            Phase::Adjustment => {
                let unit = self.orders[oi].unit.as_ref();
                match describe::build_coast_missing(self.map(), illegal, unit) {
                    Some(words) => Diagnostic::new(Code::BadAdjustment, parts.unit, words)
                        .with_hint("a fleet on a province with two coasts stands on one of them"),
                    None => Diagnostic::new(Code::BadAdjustment, parts.unit, message),
                }
            }
        }
    }

    /// Hints that teach: for a unit that is not there (E0301), the power's units in that
    /// season and the nearest unit of the type written; for a support out of reach (E0311),
    /// where the supporting unit can reach.
    pub(super) fn with_units_hint(
        &self,
        d: Diagnostic,
        illegal: &Illegal,
        own: Spot,
        oi: usize,
    ) -> Diagnostic {
        let map = self.map();
        match illegal {
            Illegal::NoUnit(spot) if *spot == own => {
                let power = self.orders[oi].power;
                let Some(season) = self.world.season(spot.season) else {
                    return d;
                };
                let multiversal = self.multiversal || self.world.timelines().len() > 1;
                let mine: Vec<&mdip_judge::world::BoardUnit> =
                    season.units.iter().filter(|u| u.power == power).collect();
                if mine.is_empty() {
                    return d.with_hint(format!(
                        "{} has no unit in {}",
                        power.name(),
                        describe::season_words(spot.season, multiversal, self.map().first_year())
                    ));
                }
                let names: Vec<String> = mine
                    .iter()
                    .map(|u| describe::unit_text(map, u.kind, u.loc, None))
                    .collect();
                let mut hint = format!(
                    "{}'s units in {}: {}",
                    power.name(),
                    describe::season_words(spot.season, multiversal, self.map().first_year()),
                    describe::capped_list(&names, 8)
                );
                // The nearest unit of the type written, by the number of borders crossed.
                let kind = self.orders[oi].unit.map(|u| u.kind);
                if let Some(kind) = kind {
                    let nearest = mine
                        .iter()
                        .filter(|u| u.kind == kind)
                        .filter_map(|u| {
                            distance(map, spot.province, u.loc.province).map(|n| (n, *u))
                        })
                        .min_by_key(|(n, u)| (*n, u.loc.province));
                    if let Some((_, u)) = nearest {
                        hint.push_str(&format!(
                            "; the nearest {} is {}",
                            kind.name().to_lowercase(),
                            describe::unit_text(map, u.kind, u.loc, None)
                        ));
                    }
                }
                d.with_hint(hint)
            }
            Illegal::SupportUnreachable(_) => {
                let Some(u) = self.world.unit(own) else {
                    return d;
                };
                let mut near: Vec<String> = map
                    .neighbours(u.kind, u.loc)
                    .into_iter()
                    .map(|l| describe::location(map, l.without_coast()))
                    .collect();
                near.sort();
                near.dedup();
                if near.is_empty() || d.hint.is_some() {
                    return d;
                }
                d.with_hint(format!(
                    "{} can support into the places it could move to: {}",
                    describe::unit_text(map, u.kind, u.loc, None),
                    describe::and_list(&near)
                ))
            }
            _ => d,
        }
    }

    /// Says which coast a fleet stands on when that is why it cannot get there.
    /// An unreachable destination (E0307) gets the unit's neighbours on the map as its hint.
    pub(super) fn with_coast_hint(
        &self,
        d: Diagnostic,
        illegal: &Illegal,
        own: Spot,
    ) -> Diagnostic {
        if let Illegal::Unreachable(_) = illegal {
            if let Some(u) = self.world.unit(own) {
                let map = self.map();
                let mut near: Vec<String> = map
                    .neighbours(u.kind, u.loc)
                    .into_iter()
                    .map(|l| map.location_abbrev(l))
                    .collect();
                near.sort();
                near.dedup();
                if d.hint.is_none() && !near.is_empty() {
                    let what = if u.kind == mdip_map::UnitType::Fleet {
                        "the fleet on "
                    } else {
                        ""
                    };
                    return d.with_hint(format!(
                        "{what}{} borders: {}",
                        describe::location(map, u.loc),
                        near.join(", ")
                    ));
                }
            }
        }
        if let Illegal::Unreachable(_) | Illegal::CoastUnreachable { .. } = illegal {
            if let Some(u) = self.world.unit(own) {
                if u.loc.coast.is_some() && d.hint.is_none() {
                    return d.with_hint(format!(
                        "the fleet stands on {}",
                        describe::location(self.map(), u.loc)
                    ));
                }
            }
        }
        d
    }
}

/// How many borders separate two provinces (armies and fleets alike); `None` if none lead
/// there.
fn distance(
    map: &mdip_map::Map,
    from: mdip_map::ProvinceId,
    to: mdip_map::ProvinceId,
) -> Option<usize> {
    let mut seen = vec![false; map.province_count()];
    let mut frontier = vec![from];
    seen[from.index()] = true;
    let mut n = 0;
    while !frontier.is_empty() {
        if frontier.contains(&to) {
            return Some(n);
        }
        let mut next = Vec::new();
        for p in frontier {
            for &q in map.bordering(p) {
                if !seen[q.index()] {
                    seen[q.index()] = true;
                    next.push(q);
                }
            }
        }
        frontier = next;
        n += 1;
    }
    None
}

/// The most precise range for an illegal order's diagnostic.
pub(crate) fn illegal_span(i: &Illegal, parts: &Parts, whole: Span, own: Spot) -> Span {
    match i {
        Illegal::NoUnit(s) | Illegal::WrongUnitType { spot: s, .. } if *s != own => {
            parts.target.unwrap_or(whole)
        }
        Illegal::NoUnit(_) | Illegal::WrongUnitType { .. } => whole_or(parts.unit, whole),
        Illegal::ForeignUnit { .. } | Illegal::NotAHead { .. } => whole_or(parts.unit, whole),
        Illegal::WrongTerrain
        | Illegal::Unreachable(_)
        | Illegal::CoastMissing(_)
        | Illegal::CoastUnreachable { .. }
        | Illegal::MoveToSelf
        | Illegal::SupportUnreachable(_)
        | Illegal::SupportIntoOwnPlace
        | Illegal::ConvoyDestination
        | Illegal::NoSuchSeason(_) => parts.dest.or(parts.target).unwrap_or(whole),
        Illegal::SupportSelf | Illegal::ConvoyOfFleet => parts.target.unwrap_or(whole),
        _ => whole,
    }
}

pub(super) fn whole_or(s: Span, whole: Span) -> Span {
    if s.is_empty() {
        whole
    } else {
        s
    }
}

/// The diagnostic for an illegal movement order.
pub(super) fn illegal_diagnostic(i: &Illegal, span: Span, message: &str) -> Diagnostic {
    let code = match i {
        Illegal::NoSuchSeason(_) => Code::NoSuchSeason,
        Illegal::NoUnit(_) => Code::NoSuchUnit,
        Illegal::WrongUnitType { .. } => Code::WrongUnitType,
        Illegal::ForeignUnit { .. } => Code::ForeignUnit,
        Illegal::NotAHead { .. } => Code::PastUnit,
        Illegal::WrongPhase(_) => Code::WrongPhase,
        Illegal::WrongTerrain => Code::WrongTerrain,
        Illegal::MoveToSelf => Code::MoveToSelf,
        Illegal::Unreachable(_) => Code::Unreachable,
        Illegal::CoastMissing(_) => Code::CoastMissing,
        Illegal::CoastUnreachable { .. } => Code::CoastUnreachable,
        Illegal::SupportSelf | Illegal::SupportIntoOwnPlace => Code::SupportSelf,
        Illegal::SupportUnreachable(_) => Code::SupportUnreachable,
        Illegal::ConvoyByArmy
        | Illegal::ConvoyFromCoast
        | Illegal::ConvoyOfFleet
        | Illegal::ConvoyDestination
        | Illegal::ConvoyNotOnRoute
        | Illegal::NoOrderedConvoy => Code::BadConvoy,
        Illegal::SupportedMoveImpossible { .. } => Code::SupportUnreachable,
        Illegal::Duplicate => Code::DuplicateOrder,
        Illegal::Unmatched(_) => Code::Unmatched,
        Illegal::GameOver => Code::GameOver,
        Illegal::Anticipated(_) => Code::Anticipated,
        Illegal::OtherSeasonInStandardRules => Code::StandardRules,
        // Problems of the other steps' orders, not met in a movement step.
        Illegal::NotDislodged
        | Illegal::RetreatLeavesSeason
        | Illegal::RetreatUnreachable
        | Illegal::RetreatOccupied
        | Illegal::RetreatContested
        | Illegal::RetreatToAttacker
        | Illegal::RetreatCoastMissing => Code::BadRetreat,
        Illegal::BadAdjustment { .. } => Code::BadAdjustment,
    };
    let lead = if matches!(i, Illegal::Anticipated(_)) {
        "not carried out now"
    } else {
        "illegal order"
    };
    let mut d = Diagnostic::new(code, span, format!("{lead}: {message}"));
    match i {
        Illegal::NotAHead { head } => {
            d = d.with_hint(format!("order the unit in its timeline's head, {head}"));
        }
        Illegal::CoastMissing(c) => {
            if let Some(first) = c.first() {
                d = d.with_hint(format!("add the coast, e.g. ({})", first.abbrev()));
            }
        }
        _ => {}
    }
    d
}
