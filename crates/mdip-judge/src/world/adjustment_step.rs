//! The adjustment step: builds, removals, waives and civil disorder on every board pending
//! adjustment, each board on its own (per timeline, never pooled).

use std::sync::Arc;

use mdip_map::{Coast, Location, Power, ProvinceId, UnitType};

use super::report::{Build, OrderOutcome, Removal, StepEntry, StepReport};
use super::validate::Illegal;
use super::{BoardUnit, Origin, Phase, SeasonKey, World};
use crate::{
    adjudicate_adjustments, AdjustmentUnit, BoardAdjustmentOrder as CoreAdjustmentOrder,
    PowerOrder, RemovedUnit,
};

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

/// What one power owes on a board pending adjustment, before any order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Owed {
    /// The season whose board the adjustment changes.
    pub season: SeasonKey,
    /// The power.
    pub power: Power,
    /// Builds it may make: supply centres beyond units, at most its free home centres.
    pub builds: usize,
    /// Removals it must make: units beyond supply centres.
    pub removals: usize,
    /// Its home centres that it owns and that no unit stands on (where it may build).
    pub free_homes: Vec<ProvinceId>,
}

/// An entry for an order no pending board took: not allowed in the phase named.
fn unplaced(input: usize, illegal_phase: Phase) -> StepEntry {
    StepEntry {
        input,
        outcome: OrderOutcome::Illegal(Illegal::WrongPhase(illegal_phase)),
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
    pub fn adjustment_step(&mut self, inputs: &[AdjustmentInput]) -> StepReport {
        self.finish_setup();
        if self.game_over() {
            return StepReport::not_run(inputs.iter().map(|_| Illegal::GameOver));
        }
        if self.phase != Phase::Adjustment {
            return StepReport::not_run(inputs.iter().map(|_| Illegal::WrongPhase(self.phase)));
        }
        let mut report = StepReport {
            ran: true,
            ..StepReport::default()
        };
        let pending = std::mem::take(&mut self.pending_adjustments);
        let mut entries: Vec<Option<StepEntry>> = vec![None; inputs.len()];
        for &key in &pending {
            let mine: Vec<usize> = (0..inputs.len())
                .filter(|&i| match inputs[i].season {
                    Some(s) => s == key,
                    None => pending.len() == 1,
                })
                .collect();
            self.adjust_season(key, inputs, &mine, &mut entries, &mut report);
        }
        report.entries = entries
            .into_iter()
            .enumerate()
            .map(|(i, e)| e.unwrap_or_else(|| unplaced(i, Phase::Adjustment)))
            .collect();
        self.steps += 1;
        self.phase = Phase::Movement;
        // The 5D game: these Winter boards were adjudicated beside the other heads' movement,
        // which comes next; they take no part in it.
        self.resting = if self.rules.winters == crate::Winters::BesideMovement
            && self.heads().iter().any(|h| !pending.contains(h))
        {
            pending
        } else {
            Vec::new()
        };
        report
    }

    /// What each power owes on the board of `key` if it is pending adjustment: builds or
    /// removals, powers that owe nothing left out, in the map's order of powers.
    pub fn adjustments_owed(&self, key: SeasonKey) -> Vec<Owed> {
        let Some(season) = self.seasons.get(&key) else {
            return Vec::new();
        };
        if !self.pending_adjustments.contains(&key) {
            return Vec::new();
        }
        let map = self.map;
        let mut owed = Vec::new();
        // Centres and units per power (by its index in the map's list), counted in one pass.
        let count = |powers: &mut dyn Iterator<Item = Power>| {
            let mut n = vec![0usize; map.powers().len()];
            for p in powers {
                if let Some(c) = n.get_mut(p.index()) {
                    *c += 1;
                }
            }
            n
        };
        let centres_of = count(&mut map.supply_centres().filter_map(|p| season.owner(p)));
        let units_of = count(&mut season.units.iter().map(|u| u.power));
        for &power in map.powers() {
            let centres = centres_of.get(power.index()).copied().unwrap_or(0);
            let units = units_of.get(power.index()).copied().unwrap_or(0);
            let free_homes: Vec<ProvinceId> = map
                .home_centres(power)
                .iter()
                .copied()
                .filter(|&p| season.owner(p) == Some(power) && season.unit_at(p).is_none())
                .collect();
            let builds = centres.saturating_sub(units).min(free_homes.len());
            let removals = units.saturating_sub(centres);
            if builds > 0 || removals > 0 {
                owed.push(Owed {
                    season: key,
                    power,
                    builds,
                    removals,
                    free_homes,
                });
            }
        }
        owed
    }

    /// Adjudicates the orders `mine` (indices into `inputs`) on the board of `key` and applies
    /// the builds and removals.
    fn adjust_season(
        &mut self,
        key: SeasonKey,
        inputs: &[AdjustmentInput],
        mine: &[usize],
        entries: &mut [Option<StepEntry>],
        report: &mut StepReport,
    ) {
        let Some(season) = self.seasons.get(&key) else {
            return;
        };
        let units: Vec<AdjustmentUnit> = season
            .units
            .iter()
            .map(|u| AdjustmentUnit {
                power: u.power,
                kind: u.kind,
                loc: u.loc,
            })
            .collect();
        let orders: Vec<PowerOrder> = mine
            .iter()
            .map(|&i| PowerOrder {
                power: inputs[i].power,
                order: core_order(inputs[i].order),
            })
            .collect();
        let result = adjudicate_adjustments(self.map, self.rules, &units, &season.owners, &orders);
        for (k, &i) in mine.iter().enumerate() {
            let outcome = result.outcomes[k].clone();
            // The 5D game: an order repeating an earlier one of the step is invalid.
            let repeated = self.rules.fit == crate::OrderFit::Game
                && matches!(
                    outcome.reason,
                    crate::Reason::AlreadyBuilt | crate::Reason::AlreadyRemoved
                );
            entries[i] = Some(StepEntry {
                input: i,
                outcome: if result.illegal[k] || repeated {
                    OrderOutcome::Illegal(Illegal::BadAdjustment {
                        season: key,
                        reason: outcome.reason,
                    })
                } else {
                    OrderOutcome::Adjusted {
                        season: key,
                        outcome,
                    }
                },
            });
        }
        let s = self
            .seasons
            .get_mut(&key)
            .map(Arc::make_mut)
            .expect("pending seasons exist");
        let mut removed_idx: Vec<usize> = result.removed.iter().map(|r| r.unit).collect();
        removed_idx.sort_unstable();
        for &RemovedUnit {
            unit: ui,
            civil_disorder: by_disorder,
        } in &result.removed
        {
            let u = s.units[ui];
            report.removed.push(Removal {
                season: key,
                power: u.power,
                kind: u.kind,
                loc: u.loc,
                civil_disorder: by_disorder,
            });
        }
        for &ui in removed_idx.iter().rev() {
            s.units.remove(ui);
        }
        for &AdjustmentUnit { power, kind, loc } in &result.built {
            s.units.push(BoardUnit {
                power,
                kind,
                loc,
                origin: Origin::Built,
            });
            report.built.push(Build {
                season: key,
                power,
                kind,
                loc,
            });
        }
        s.units.sort_unstable_by_key(|u| u.loc.province);
    }
}
