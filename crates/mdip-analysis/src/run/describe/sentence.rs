//! The sentences of orders and step notes: where an outcome, kept as data (`crate::reason`),
//! becomes the words hover, inlay hints, the reports and expectation messages show.

use mdip_judge::world::{Illegal, Phase};
use mdip_judge::Reason;
use mdip_map::{Location, Map, UnitType};

use super::{illegal, location, reason, unit};
use crate::model::Status;

/// The sentence of an order's reason (lower case, no final full stop): the one place where
/// an order's outcome becomes words, read by hover, inlay hints, the reports and expectation
/// messages. Empty while the order is pending.
pub(crate) fn sentence(o: &crate::model::OrderInfo) -> String {
    use crate::reason::Why;
    match &o.why {
        Why::Pending => String::new(),
        Why::Judged {
            reason: r,
            cut_in_past,
            multiversal,
            map,
        } => {
            let mut words = named_reason(map.0, r, &o.cause.units, *multiversal);
            for by in cut_in_past {
                words.push_str(&format!(
                    " (cut by {}, which changes nothing in the past)",
                    unit(map.0, by.kind, by.loc, by.season, *multiversal)
                ));
            }
            words
        }
        Why::Unnamed(r) => reason(r, |_| String::new()),
        Why::Retreated(to, map) => format!("retreats to {}", location(map.0, *to)),
        Why::Disbanded => "disbanded".into(),
        Why::RetreatBounced => "another unit retreated there too: both are disbanded".into(),
        Why::Illegal {
            illegal: i,
            phase,
            multiversal,
            map,
        } => build_coast_missing(map.0, i, o.unit.as_ref())
            .unwrap_or_else(|| illegal(map.0, i, *phase, *multiversal)),
        Why::NoSuchSeason(season) => format!("season {season} does not exist"),
        Why::Unreadable => "the order could not be read".into(),
        Why::WrongPhase { given, now } => wrong_phase(*given, *now),
    }
}

/// A judge's reason naming its units (`named`: those [`Reason::units`] lists, in its order).
fn named_reason(
    map: &Map,
    r: &Reason,
    named: &[crate::model::StepUnit],
    multiversal: bool,
) -> String {
    let ids = r.units();
    reason(r, |id| {
        ids.iter()
            .position(|&x| x == id)
            .and_then(|k| named.get(k))
            .map_or_else(String::new, |u| {
                unit(map, u.kind, u.loc, u.season, multiversal)
            })
    })
}

/// The order lines of the units an order's reason names, each named as the order's step named
/// units (with their season in a multiversal game).
pub(crate) fn related(o: &crate::model::OrderInfo) -> Vec<crate::diagnostics::Related> {
    let crate::reason::Why::Judged {
        multiversal, map, ..
    } = &o.why
    else {
        return Vec::new();
    };
    o.related
        .iter()
        .map(|r| crate::diagnostics::Related {
            span: r.span,
            message: unit(map.0, r.unit.kind, r.unit.loc, r.unit.season, *multiversal),
        })
        .collect()
}

/// The message of an order whose outcome is not the one its `=> ...` expects: "expected
/// `fails`, but the order succeeds (moved)".
pub(crate) fn outcome_mismatch(
    expected: mdip_syntax::ExpectedOutcome,
    o: &crate::model::OrderInfo,
) -> String {
    let sentence = sentence(o);
    let reason = if sentence.is_empty() {
        "no reason"
    } else {
        &sentence
    };
    let actual = match o.status {
        Status::Succeeds => "succeeds",
        Status::Fails => "fails",
        Status::Illegal => "is illegal",
        Status::Pending => "was never adjudicated",
    };
    format!(
        "expected `{}`, but the order {actual} ({reason})",
        expected.word()
    )
}

/// A step's note about a unit without an order line, in words: `Austria A Vienna: dislodged
/// by A Bohemia`, `France: F Brest removed by civil disorder in 1:0`.
pub(crate) fn note(n: &crate::reason::Note) -> String {
    use crate::reason::Note;
    match n {
        Note::CivilDisorder(u, map) => format!(
            "{}: {} {} removed by civil disorder in {}",
            u.power.name(),
            u.kind.letter(),
            location(map.0, u.loc),
            u.season
        ),
        Note::Unordered {
            unit: u,
            reason: r,
            named,
            multiversal,
            map,
        } => format!(
            "{} {}: {}",
            u.power.name(),
            unit(map.0, u.kind, u.loc, u.season, *multiversal),
            named_reason(map.0, r, named, *multiversal)
        ),
    }
}

/// An order of a `given` step written in a `now` phase.
pub(crate) fn wrong_phase(given: Phase, now: Phase) -> String {
    format!(
        "{} orders are not allowed in the {} phase",
        given.name(),
        now.name()
    )
}

/// A fleet built on a province with several coasts without naming one (DATC 4.B.7): the words
/// say the coast must be given, as a move's do (E0308), naming the coasts.
pub(crate) fn build_coast_missing(
    map: &Map,
    illegal: &Illegal,
    unit: Option<&crate::model::UnitInfo>,
) -> Option<String> {
    let Illegal::BadAdjustment {
        reason: Reason::WrongTerrain,
        ..
    } = illegal
    else {
        return None;
    };
    let u = unit?;
    let coasts = map.coasts(u.loc.province);
    if u.kind != UnitType::Fleet || u.loc.coast.is_some() || coasts.is_empty() {
        return None;
    }
    let options: Vec<String> = coasts
        .iter()
        .map(|&c| {
            let loc = Location::new(u.loc.province, Some(c));
            format!("F {}", location(map, loc))
        })
        .collect();
    Some(format!(
        "the coast must be given: build {}",
        options.join(" or ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sentence of an adjudicated order names the units of its reason from the order's
    /// data (the cause's units, the cuts in the past), as the step that adjudicated it named
    /// them: with their seasons in a multiversal game.
    #[test]
    fn sentences_are_made_from_the_order_data() {
        use crate::model::{Cause, OrderInfo, OrderKind, Status, StepUnit, Target};
        use crate::reason::{GameMap, Why};
        use mdip_judge::world::SeasonKey;
        let map = Map::standard();
        let at = |name: &str, season: SeasonKey| StepUnit {
            power: mdip_map::Power::Austria,
            kind: UnitType::Army,
            season,
            loc: map.resolve_location(name).unwrap(),
        };
        let s = SeasonKey {
            turn: 2,
            timeline: 1,
        };
        let mut o = OrderInfo {
            line: 0,
            span: mdip_syntax::Span::new(0, 1),
            power: mdip_map::Power::Austria,
            unit: None,
            kind: OrderKind::SupportHold,
            step: Some(0),
            status: Status::Fails,
            cause: Cause {
                units: vec![at("Munich", s)],
                ..Cause::default()
            },
            target: Target::default(),
            related: Vec::new(),
            expect: None,
            forks: Vec::new(),
            why: Why::Judged {
                reason: Reason::SupportCut { by: 7 },
                cut_in_past: vec![at("Berlin", s)],
                multiversal: true,
                map: GameMap(map),
            },
        };
        assert_eq!(
            sentence(&o),
            "support cut by A Munich 2:1 (cut by A Berlin 2:1, which changes nothing in the past)"
        );
        o.why = Why::Pending;
        assert_eq!(sentence(&o), "");
        o.why = Why::WrongPhase {
            given: Phase::Retreat,
            now: Phase::Movement,
        };
        assert_eq!(
            sentence(&o),
            "retreat orders are not allowed in the movement phase"
        );
    }
}
