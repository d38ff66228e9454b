//! Why, with numbers: the strengths the judge counted for a movement order (DATC 5.B), carried
//! onto the order as data, and the smallest change that would have turned a failed move or a
//! dislodged unit: one more support from a unit that can give it, or cutting a support. No
//! words here: hover and the reports write them.

use std::cell::OnceCell;

use mdip_judge::world::{GraphUnit, MoveOrder, Pos, StepReport, World};
use mdip_judge::{Opposition, Reason, Strength};

use crate::model::{MetInfo, OrderStrengths, StepUnit, StrengthInfo, Turn};

/// At most this many units are named as possible supporters.
const SUPPORTERS_NAMED: usize = 3;

/// The unit of graph index `g`.
fn step_unit(report: &StepReport, g: usize) -> StepUnit {
    let u = &report.graph[g];
    StepUnit {
        power: u.sig.power,
        kind: u.sig.kind,
        season: u.spot.season,
        loc: u.sig.loc,
    }
}

fn strength(report: &StepReport, s: &Strength) -> StrengthInfo {
    StrengthInfo {
        value: s.value,
        supporters: s.supporters.iter().map(|&g| step_unit(report, g)).collect(),
    }
}

/// The strengths of graph unit `g`, as the order's data.
pub(super) fn strengths(report: &StepReport, g: usize) -> Option<OrderStrengths> {
    let s = report.strengths.get(g)?;
    Some(OrderStrengths {
        own: strength(report, &s.own),
        met: s
            .met
            .iter()
            .map(|m| MetInfo {
                unit: step_unit(report, m.unit),
                kind: m.kind,
                strength: strength(report, &m.strength),
            })
            .collect(),
    })
}

/// The smallest changes that would have turned the outcome of graph unit `g`: for a move
/// that failed against strengths no higher than its own, one more support (from a unit that
/// can reach the destination and is not already in the battle) or cutting the one support
/// that made the only strength equal to its own; for a unit dislodged by an attack one
/// stronger than its hold, one more support to hold or cutting a support of the attack.
/// Empty when one order could not have turned it.
pub(super) fn turn(
    world: &World,
    report: &StepReport,
    g: usize,
    live: &OnceCell<LiveUnits>,
) -> Vec<Turn> {
    let supporters = |busy: &[usize], place, helped, excluded| {
        let live = live.get_or_init(|| LiveUnits::new(world, report));
        supporters(world, report, live, busy, place, helped, excluded)
    };
    let (Some(s), Some(outcome)) = (report.strengths.get(g), report.outcomes.get(g)) else {
        return Vec::new();
    };
    let unit = &report.graph[g];
    if !unit.live {
        return Vec::new();
    }
    match (&outcome.reason, unit.order) {
        (Reason::Bounced { .. } | Reason::LostHeadToHead { .. }, MoveOrder::Move { to, .. }) => {
            let attack = s.own.value;
            let top = s.met.iter().map(|m| m.strength.value).max().unwrap_or(0);
            if attack == 0 || top != attack {
                return Vec::new();
            }
            // Against a unit that stays, its own power's supports would not count.
            let defender = s
                .met
                .iter()
                .find(|m| m.kind != Opposition::Prevent)
                .map(|m| report.graph[m.unit].sig.power);
            let mut busy: Vec<usize> = vec![g];
            busy.extend(s.own.supporters.iter().copied());
            for m in &s.met {
                busy.push(m.unit);
                busy.extend(m.strength.supporters.iter().copied());
            }
            let mut out = supporters(&busy, to.spot(), unit, defender);
            let blockers: Vec<_> = s
                .met
                .iter()
                .filter(|m| m.strength.value == attack)
                .collect();
            if let [only] = blockers.as_slice() {
                out.extend(
                    only.strength
                        .supporters
                        .iter()
                        .map(|&c| Turn::Cut(step_unit(report, c))),
                );
            }
            out
        }
        (Reason::Dislodged { by }, _) => {
            let Some(attack) = report.strengths.get(*by) else {
                return Vec::new();
            };
            if attack.own.value != s.own.value + 1 {
                return Vec::new();
            }
            let mut busy: Vec<usize> = vec![g, *by];
            busy.extend(s.own.supporters.iter().copied());
            busy.extend(attack.own.supporters.iter().copied());
            let mut out = supporters(&busy, unit.spot, unit, None);
            out.extend(
                attack
                    .own
                    .supporters
                    .iter()
                    .map(|&c| Turn::Cut(step_unit(report, c))),
            );
            out
        }
        _ => Vec::new(),
    }
}

/// The live units of a step's graph by the province they stand in (on every board), made
/// once a step, when [`turn`] first looks for supporters: a bounce asks about one province and
/// its neighbours, not about the hundreds of units of every head.
pub(super) struct LiveUnits {
    by_province: Vec<Vec<usize>>,
    /// Units on a province the map does not number (none on a loaded map): always asked.
    elsewhere: Vec<usize>,
}

impl LiveUnits {
    fn new(world: &World, report: &StepReport) -> LiveUnits {
        let mut by_province = vec![Vec::new(); world.map().province_count()];
        let mut elsewhere = Vec::new();
        for (g, u) in report.graph.iter().enumerate().filter(|(_, u)| u.live) {
            match by_province.get_mut(u.sig.loc.province.index()) {
                Some(list) => list.push(g),
                None => elsewhere.push(g),
            }
        }
        LiveUnits {
            by_province,
            elsewhere,
        }
    }

    /// The live units in `province` or a province bordering it: the only ones that can reach
    /// it on any board, by graph index, in no particular order (a unit stands in one province,
    /// so each comes once unless the map lists a border twice).
    fn near<'a>(
        &'a self,
        map: &'a mdip_map::Map,
        province: mdip_map::ProvinceId,
    ) -> impl Iterator<Item = usize> + 'a {
        map.around(province)
            .filter_map(|p| self.by_province.get(p.index()))
            .flatten()
            .chain(&self.elsewhere)
            .copied()
    }
}

/// Live units not in the battle that can reach `place` to support there, the helped unit's
/// own power first, then the others (never `excluded`'s, whose support would not count).
fn supporters(
    world: &World,
    report: &StepReport,
    live: &LiveUnits,
    busy: &[usize],
    place: mdip_judge::world::Spot,
    helped: &GraphUnit,
    excluded: Option<mdip_map::Power>,
) -> Vec<Turn> {
    let mut found: Vec<(bool, usize)> = live
        .near(world.map(), place.province)
        .filter(|&c| {
            let u = &report.graph[c];
            !busy.contains(&c)
                && u.spot != place
                && Some(u.sig.power) != excluded
                && world.reaches_province(
                    u.sig.kind,
                    Pos {
                        season: u.spot.season,
                        loc: u.sig.loc,
                    },
                    place,
                )
        })
        .map(|c| (report.graph[c].sig.power != helped.sig.power, c))
        .collect();
    found.sort_unstable();
    found.dedup();
    found
        .into_iter()
        .take(SUPPORTERS_NAMED)
        .map(|(_, c)| Turn::Support(step_unit(report, c)))
        .collect()
}
