//! The adjustment step: builds, removals, waives and civil disorder on every board pending
//! adjustment, each board on its own (per timeline, never pooled).

use std::sync::Arc;

use mdip_map::{Coast, Location, Power, ProvinceId, UnitType};

use super::report::{AdjustmentReport, AdjustmentReportEntry};
use super::{BoardUnit, Origin, Phase, SeasonKey, World};
use crate::{adjudicate_adjustments, AdjustmentOrder as CoreAdjustmentOrder, Outcome, Reason};

/// An adjustment-phase order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AdjustmentOrder {
    /// Build a unit.
    Build {
        /// Army or fleet.
        kind: UnitType,
        /// Where.
        province: ProvinceId,
        /// The coast as written.
        coast: Option<Coast>,
    },
    /// Remove a unit.
    Remove {
        /// The type as written.
        kind: Option<UnitType>,
        /// Where it stands.
        province: ProvinceId,
    },
    /// Waive one build.
    Waive,
}

/// One adjustment-phase order for the world.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AdjustmentInput {
    /// The power giving it.
    pub power: Power,
    /// The season whose board it changes (`None`: the only one pending).
    pub season: Option<SeasonKey>,
    /// The order.
    pub order: AdjustmentOrder,
}

/// An entry for an order no pending board took: not allowed in the phase named.
fn unplaced(input: usize, illegal_phase: Phase) -> AdjustmentReportEntry {
    AdjustmentReportEntry {
        input,
        season: None,
        outcome: Outcome {
            success: false,
            reason: Reason::WrongPhase(illegal_phase.name()),
        },
        illegal: true,
    }
}

/// The core's form of an adjustment order (an army's coast dropped).
fn core_order(order: AdjustmentOrder) -> CoreAdjustmentOrder {
    match order {
        AdjustmentOrder::Build {
            kind,
            province,
            coast,
        } => CoreAdjustmentOrder::Build(
            kind,
            Location {
                province,
                coast: if kind == UnitType::Army { None } else { coast },
            },
        ),
        AdjustmentOrder::Remove { province, .. } => {
            CoreAdjustmentOrder::Remove(Location::province(province))
        }
        AdjustmentOrder::Waive => CoreAdjustmentOrder::Waive,
    }
}

impl World {
    /// Adjudicates the adjustment step of every season pending adjustment (per timeline, never
    /// pooled): builds, removals, waives and civil disorder.
    pub fn adjustment_step(&mut self, inputs: &[AdjustmentInput]) -> AdjustmentReport {
        let mut report = AdjustmentReport::default();
        if self.phase != Phase::Adjustment {
            report.orders = (0..inputs.len()).map(|i| unplaced(i, self.phase)).collect();
            return report;
        }
        report.ran = true;
        let pending = std::mem::take(&mut self.pending_adjustments);
        let mut entries: Vec<Option<AdjustmentReportEntry>> = vec![None; inputs.len()];
        for &key in &pending {
            let mine: Vec<usize> = (0..inputs.len())
                .filter(|&i| match inputs[i].season {
                    Some(s) => s == key,
                    None => pending.len() == 1,
                })
                .collect();
            self.adjust_season(key, inputs, &mine, &mut entries, &mut report);
        }
        report.orders = entries
            .into_iter()
            .enumerate()
            .map(|(i, e)| e.unwrap_or_else(|| unplaced(i, Phase::Adjustment)))
            .collect();
        self.steps += 1;
        self.phase = Phase::Movement;
        report
    }

    /// Adjudicates the orders `mine` (indices into `inputs`) on the board of `key` and applies
    /// the builds and removals.
    fn adjust_season(
        &mut self,
        key: SeasonKey,
        inputs: &[AdjustmentInput],
        mine: &[usize],
        entries: &mut [Option<AdjustmentReportEntry>],
        report: &mut AdjustmentReport,
    ) {
        let Some(season) = self.seasons.get(&key) else {
            return;
        };
        let units: Vec<(Power, UnitType, Location)> = season
            .units
            .iter()
            .map(|u| (u.power, u.kind, u.loc))
            .collect();
        let orders: Vec<(Power, CoreAdjustmentOrder)> = mine
            .iter()
            .map(|&i| (inputs[i].power, core_order(inputs[i].order)))
            .collect();
        let result = adjudicate_adjustments(self.map, &units, &season.owners, &orders);
        for (k, &i) in mine.iter().enumerate() {
            entries[i] = Some(AdjustmentReportEntry {
                input: i,
                season: Some(key),
                outcome: result.outcomes[k].clone(),
                illegal: result.illegal[k],
            });
        }
        let s = self
            .seasons
            .get_mut(&key)
            .map(Arc::make_mut)
            .expect("pending seasons exist");
        let mut removed_idx: Vec<usize> = result.removed.iter().map(|r| r.0).collect();
        removed_idx.sort_unstable();
        for &(ui, by_disorder) in &result.removed {
            let u = s.units[ui];
            report
                .removed
                .push((key, u.power, u.kind, u.loc, by_disorder));
        }
        for &ui in removed_idx.iter().rev() {
            s.units.remove(ui);
        }
        for &(power, kind, loc) in &result.built {
            s.units.push(BoardUnit {
                power,
                kind,
                loc,
                origin: Origin::Built,
            });
            report.built.push((key, power, kind, loc));
        }
        s.units.sort_unstable_by_key(|u| u.loc.province);
    }
}
