//! The checks of a retreat step and of an adjustment step.

use std::collections::BTreeMap;

use mdip_judge::world::{
    AdjustmentInput, BoardUnit, OrderOutcome, Origin, Phase, Retreat, RetreatInput, Season,
    SeasonKey, StepReport as WorldReport, UnitSig, World,
};
use mdip_map::Power;

use super::{sig, sorted_sigs, units_of, Stats};

/// The checks of one retreat step.
pub fn check_retreat(
    before: &World,
    inputs: &[RetreatInput],
    r: &WorldReport,
    after: &World,
    stats: &mut Stats,
) -> Result<(), String> {
    ensure!(r.ran, "the retreat step did not run");
    ensure!(
        r.entries.len() == inputs.len(),
        "one report entry per input"
    );
    let pending = before.pending_retreats();
    for d in pending {
        let n = r.retreated.iter().filter(|x| x.from == d.at).count()
            + r.disbanded.iter().filter(|x| x.at == d.at).count();
        ensure!(n == 1, "{:?} retreated or disbanded {n} times", d.at);
    }
    ensure!(
        r.retreated.len() + r.disbanded.len() == pending.len(),
        "retreat report names units that were not dislodged"
    );
    for (i, e) in r.entries.iter().enumerate() {
        stats.orders += 1;
        match e.outcome {
            OrderOutcome::Retreated { to } => ensure!(
                r.retreated
                    .iter()
                    .any(|x| x.from.spot() == inputs[i].unit.spot && x.to.loc == to.loc),
                "successful retreat {i} not applied"
            ),
            OrderOutcome::Illegal(_) => stats.illegal += 1,
            _ => {}
        }
    }
    let mut into: BTreeMap<SeasonKey, Vec<BoardUnit>> = BTreeMap::new();
    for &Retreat { from, to } in &r.retreated {
        let d = pending
            .iter()
            .find(|d| d.at == from)
            .ok_or(format!("{from:?} retreated without being dislodged"))?;
        ensure!(to.season == d.into, "{from:?} landed in {}", to.season);
        ensure!(
            d.options.contains(&to.loc),
            "{from:?} retreated to a non-option"
        );
        into.entry(d.into).or_default().push(BoardUnit {
            power: d.power,
            kind: d.kind,
            loc: to.loc,
            origin: Origin::Retreated { from },
        });
    }
    for s in before.seasons() {
        let mut expected = s.units.clone();
        expected.extend(into.get(&s.key).cloned().unwrap_or_default());
        expected.sort_by_key(|u| u.loc.province);
        ensure!(
            units_of(after, s.key) == expected.as_slice(),
            "board of {} after retreats is not the board plus the retreats",
            s.key
        );
    }
    stats.retreated += r.retreated.len();
    stats.disbanded += r.disbanded.len();
    ensure!(after.pending_retreats().is_empty(), "retreats left pending");
    let expected_phase = if after.pending_adjustments().is_empty() {
        Phase::Movement
    } else {
        Phase::Adjustment
    };
    ensure!(after.phase() == expected_phase, "phase after retreats");
    Ok(())
}

/// The checks of one adjustment step.
pub fn check_adjustment(
    before: &World,
    inputs: &[AdjustmentInput],
    r: &WorldReport,
    after: &World,
    stats: &mut Stats,
) -> Result<(), String> {
    ensure!(r.ran, "the adjustment step did not run");
    ensure!(
        r.entries.len() == inputs.len(),
        "one report entry per input"
    );
    for e in &r.entries {
        stats.orders += 1;
        if e.outcome.illegal().is_some() {
            stats.illegal += 1;
        }
    }
    let pending = before.pending_adjustments();
    for s in before.seasons() {
        let a = after.season(s.key).expect("seasons stay");
        ensure!(
            a.owners == s.owners,
            "owners of {} changed in adjustments",
            s.key
        );
        if !pending.contains(&s.key) {
            ensure!(a.units == s.units, "{} changed but was not pending", s.key);
            continue;
        }
        check_adjusted_season(before, r, s, a)?;
    }
    stats.built += r.built.len();
    stats.removed += r.removed.len();
    stats.civil_disorder += r.removed.iter().filter(|x| x.civil_disorder).count();
    ensure!(after.phase() == Phase::Movement, "phase after adjustments");
    ensure!(
        after.pending_adjustments().is_empty(),
        "adjustments left pending"
    );
    Ok(())
}

/// The checks of pending season `s` (now `a`) after adjustments: its board is the old one minus
/// removals plus builds in owned, free home centres, and every power's unit count is allowed.
fn check_adjusted_season(
    before: &World,
    r: &WorldReport,
    s: &Season,
    a: &Season,
) -> Result<(), String> {
    let map = before.map();
    let built: Vec<UnitSig> = r
        .built
        .iter()
        .filter(|b| b.season == s.key)
        .map(|b| UnitSig {
            power: b.power,
            kind: b.kind,
            loc: b.loc,
        })
        .collect();
    let removed: Vec<UnitSig> = r
        .removed
        .iter()
        .filter(|b| b.season == s.key)
        .map(|b| UnitSig {
            power: b.power,
            kind: b.kind,
            loc: b.loc,
        })
        .collect();
    let mut expected = sorted_sigs(s.units.iter());
    for x in &removed {
        let i = expected
            .iter()
            .position(|y| y == x)
            .ok_or(format!("{}: removed a unit that was not there", s.key))?;
        expected.remove(i);
    }
    for &UnitSig { power, kind, loc } in &built {
        ensure!(
            map.home_centres(power).contains(&loc.province),
            "{}: built outside a home centre",
            s.key
        );
        ensure!(
            s.owner(loc.province) == Some(power),
            "{}: built in a centre not owned",
            s.key
        );
        ensure!(
            s.unit_at(loc.province).is_none(),
            "{}: built in an occupied centre",
            s.key
        );
        expected.push(UnitSig { power, kind, loc });
    }
    expected.sort_by_key(|s| s.loc.province);
    ensure!(
        sorted_sigs(a.units.iter()) == expected,
        "{}: board is not the old one minus removals plus builds",
        s.key
    );
    for u in &a.units {
        if built.contains(&sig(u)) {
            ensure!(u.origin == Origin::Built, "{}: built unit's origin", s.key);
        }
    }
    check_unit_counts(before, r, s, a)
}

/// Every power ends with as many units as centres if it had more, else between its old count
/// and its centres; civil disorder removes only excess units.
fn check_unit_counts(
    before: &World,
    r: &WorldReport,
    s: &Season,
    a: &Season,
) -> Result<(), String> {
    for power in Power::ALL {
        let c = before.centre_count(s.key, power);
        let ub = s.units.iter().filter(|u| u.power == power).count();
        let ua = a.units.iter().filter(|u| u.power == power).count();
        if ub > c {
            ensure!(
                ua == c,
                "{}: {power:?} has {ua} units for {c} centres",
                s.key
            );
        } else {
            ensure!(
                ub <= ua && ua <= c,
                "{}: {power:?} went from {ub} to {ua} units with {c} centres",
                s.key
            );
        }
        let disorder = r
            .removed
            .iter()
            .filter(|x| x.season == s.key && x.power == power && x.civil_disorder)
            .count();
        ensure!(
            disorder == 0 || ub > c,
            "{}: civil disorder without excess units",
            s.key
        );
    }
    Ok(())
}
