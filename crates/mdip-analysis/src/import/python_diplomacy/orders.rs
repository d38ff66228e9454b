//! The orders of a phase as the package stores them (`"A BUD - RUM"`), read, and written with
//! the outcomes its results give.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::write::line;
use super::{error, location, one_line, power, unit, ImportError, Kind, Phase, Results};
use crate::notation::{self as n, ExpectedOutcome};

/// The orders every power gave in phase `p` (a phase of `kind`, at JSON path `path`), each with
/// its outcome from the phase's results; a power's builds not used, waived.
pub(super) fn write_orders(
    t: &mut String,
    p: &Phase,
    path: &str,
    kind: Kind,
) -> Result<(), ImportError> {
    let convoyed = convoyed_armies(p);
    for (pw, orders) in &p.orders {
        let mut builds = 0;
        for (j, o) in orders.iter().flatten().enumerate() {
            let at = format!("{path}.orders.{pw}[{j}]");
            let order = order_of(o).ok_or_else(|| {
                error(
                    &at,
                    format!("`{o}` is no order as python diplomacy writes one (`A BUD - RUM`)"),
                )
            })?;
            let words = match order.unit() {
                Some(u) => {
                    let key = results_key(&p.results, u).ok_or_else(|| {
                        error(
                            &at,
                            format!("the order `{o}` has no result in `{path}.results`"),
                        )
                    })?;
                    let words = p.results[key].words();
                    if let Some(w) = words.iter().find(|w| !RESULT_WORDS.contains(w)) {
                        return Err(error(
                            format!("{path}.results.{key}"),
                            format!(
                                "unknown result `{w}` (python diplomacy writes {})",
                                RESULT_WORDS.join(", ")
                            ),
                        ));
                    }
                    words
                }
                None => Vec::new(),
            };
            let mut order = order;
            if let Order::Move(u, to, true) = &order {
                if !convoyed.contains(&(u.clone(), to.clone())) {
                    // The package moves an army ordered `VIA` that no fleet convoys over
                    // land (when it can): the order it adjudicated has no `VIA`.
                    let _ = writeln!(
                        t,
                        "# `{}`: no fleet convoys it; python diplomacy drops the VIA",
                        one_line(o)
                    );
                    order = Order::Move(u.clone(), to.clone(), false);
                }
            }
            builds += usize::from(matches!(order, Order::Build(_) | Order::Waive));
            let expect = match order {
                // A waiver has no result of its own.
                Order::Waive => ExpectedOutcome::Any,
                // The package voids a support of an army whose convoy failed before it
                // looks for cuts: whether mdip's support was cut, it does not say.
                Order::SupportMove(_, ref s, _) if supports_no_convoy(s, p) => ExpectedOutcome::Any,
                _ => outcome(&order, kind, &words, support_matches(&order, p)),
            };
            line(t, power(pw), order.notation(kind), expect);
        }
        // Builds not used: the package waives them (its `WAIVE` results name no power).
        let count = p.state.builds.get(pw).map_or(0, |b| b.count);
        if kind == Kind::Adjustment && count > 0 {
            let unused = usize::try_from(count).unwrap_or(0).saturating_sub(builds);
            for _ in 0..unused {
                line(t, power(pw), n::Order::Waive, ExpectedOutcome::Any);
            }
        }
    }
    Ok(())
}

/// An order the package stored, read.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Order {
    Hold(n::Unit),
    /// A move or a retreat (written alike), `true` when ordered via convoy.
    Move(n::Unit, String, bool),
    SupportHold(n::Unit, n::Unit),
    SupportMove(n::Unit, n::Unit, String),
    Convoy(n::Unit, n::Unit, String),
    Disband(n::Unit),
    Build(n::Unit),
    Waive,
}

impl Order {
    /// The unit whose results are the order's (`A BUD`, as the package keys them).
    pub(super) fn unit(&self) -> Option<&n::Unit> {
        match self {
            Order::Hold(u)
            | Order::Move(u, ..)
            | Order::SupportHold(u, _)
            | Order::SupportMove(u, ..)
            | Order::Convoy(u, ..)
            | Order::Disband(u)
            | Order::Build(u) => Some(u),
            Order::Waive => None,
        }
    }

    /// The order in mdip's notation, in a phase of this kind.
    pub(super) fn notation(&self, kind: Kind) -> n::Order {
        let p = |l: &str| n::Place::new(l);
        match self {
            Order::Hold(u) => n::Order::Hold { unit: u.clone() },
            Order::Move(u, to, via) => n::Order::Move {
                unit: u.clone(),
                dest: p(to),
                via_convoy: *via,
                retreat: false,
            },
            Order::SupportHold(u, s) => n::Order::SupportHold {
                unit: u.clone(),
                target: s.clone(),
            },
            // The package matches a support with the move by province: `S F POR - SPA/SC`
            // supports `F POR - SPA/NC`. mdip's support names no coast for that.
            Order::SupportMove(u, s, to) => n::Order::SupportMove {
                unit: u.clone(),
                target: s.clone(),
                dest: p(province(to)),
            },
            Order::Convoy(u, a, to) => n::Order::Convoy {
                unit: u.clone(),
                army: a.clone(),
                dest: p(to),
            },
            Order::Disband(u) if kind == Kind::Adjustment => n::Order::Remove { unit: u.clone() },
            Order::Disband(u) => n::Order::Disband { unit: u.clone() },
            Order::Build(u) => n::Order::Build { unit: u.clone() },
            Order::Waive => n::Order::Waive,
        }
    }
}

/// Reads an order as the package writes it.
pub(super) fn order_of(text: &str) -> Option<Order> {
    let w: Vec<&str> = text.split_whitespace().collect();
    let u = |k: &str, l: &str| unit(k, l);
    Some(match w.as_slice() {
        ["WAIVE"] => Order::Waive,
        [k, l, "H"] => Order::Hold(u(k, l)?),
        [k, l, "-", to] => Order::Move(u(k, l)?, location(to)?, false),
        [k, l, "-", to, "VIA"] => Order::Move(u(k, l)?, location(to)?, true),
        [k, l, "S", k2, l2] | [k, l, "S", k2, l2, "H"] => Order::SupportHold(u(k, l)?, u(k2, l2)?),
        [k, l, "S", k2, l2, "-", to] => Order::SupportMove(u(k, l)?, u(k2, l2)?, location(to)?),
        [k, l, "C", k2, l2, "-", to] => Order::Convoy(u(k, l)?, u(k2, l2)?, location(to)?),
        // A retreat is written as a move (`F tri - alb`).
        [k, l, "R", to] => Order::Move(u(k, l)?, location(to)?, false),
        [k, l, "D"] => Order::Disband(u(k, l)?),
        [k, l, "B"] => Order::Build(u(k, l)?),
        _ => return None,
    })
}

/// The results words the package writes.
const RESULT_WORDS: [&str; 6] = ["bounce", "cut", "void", "dislodged", "no convoy", "disband"];

/// The outcome mdip states for an order with these results: `succeeds` when the package gave
/// none, `fails` for any (a bounce, a cut or void support, a dislodged unit, a convoy not
/// used, a retreat that bounced and disbanded the unit, a removal or build beyond the count);
/// a disband in a retreat phase succeeds (its result is `disband`).
///
/// The package also marks `void` a support that matches the supported unit's order but was
/// not counted: for a move that dislodged or would dislodge a unit of the supporter's own side,
/// or for an army whose convoy failed. mdip's support then succeeds (it is given; rule of
/// DATC 6.D.10), so `void` alone on a matching support is `succeeds`; for the army whose
/// convoy failed, the package voids the support before it looks for cuts, so whether it was
/// cut is not known and the outcome is left open (`any`).
pub(super) fn outcome(order: &Order, kind: Kind, words: &[&str], matches: bool) -> ExpectedOutcome {
    let ok = match order {
        Order::Disband(_) if kind == Kind::Retreat => words.iter().all(|w| *w == "disband"),
        Order::SupportHold(..) | Order::SupportMove(..) if matches => {
            words.iter().all(|w| *w == "void")
        }
        _ => words.is_empty(),
    };
    if ok {
        ExpectedOutcome::Succeeds
    } else {
        ExpectedOutcome::Fails
    }
}

/// The armies some fleet of the phase is ordered to convoy, with their destinations.
fn convoyed_armies(p: &Phase) -> Vec<(n::Unit, String)> {
    p.orders
        .values()
        .flatten()
        .flatten()
        .filter_map(|o| match order_of(o) {
            Some(Order::Convoy(_, a, to)) => Some((a, to)),
            _ => None,
        })
        .collect()
}

/// The province of a location: `stp/sc` → `stp`.
fn province(loc: &str) -> &str {
    loc.split('/').next().unwrap_or(loc)
}

/// Whether a support matches the order the phase stored for the supported unit: a support to
/// hold a unit that does not move, a support to move a unit ordered to that province.
fn support_matches(order: &Order, p: &Phase) -> bool {
    // `A nap` → `nap`.
    let at = |u: &n::Unit| province(&u.place.province).to_owned();
    let supported = match order {
        Order::SupportHold(_, s) | Order::SupportMove(_, s, _) => at(s),
        _ => return false,
    };
    let given = p
        .orders
        .values()
        .flatten()
        .flatten()
        .filter_map(|o| order_of(o))
        .find(|o| o.unit().is_some_and(|u| at(u) == supported));
    match (order, given) {
        (Order::SupportHold(..), Some(Order::Move(..))) => false,
        (Order::SupportHold(..), _) => true,
        (Order::SupportMove(_, _, to), Some(Order::Move(_, dest, _))) => {
            province(&dest) == province(to)
        }
        _ => false,
    }
}

/// Whether the supported army (`A sev`) has the result `no convoy`.
fn supports_no_convoy(supported: &n::Unit, p: &Phase) -> bool {
    results_key(&p.results, supported).is_some_and(|k| p.results[k].words().contains(&"no convoy"))
}

/// The key of `results` for a unit: as written, or by its province alone (the package keys a
/// build by the unit built, a unit on a coast with or without the coast).
fn results_key<'a>(results: &'a BTreeMap<String, Results>, unit: &n::Unit) -> Option<&'a String> {
    let wanted = unit.to_string().to_ascii_uppercase();
    let province = |s: &str| s.split('/').next().unwrap_or(s).to_owned();
    results
        .keys()
        .find(|k| k.trim_start_matches('*') == wanted)
        .or_else(|| {
            results
                .keys()
                .find(|k| province(k.trim_start_matches('*')) == province(&wanted))
        })
}
