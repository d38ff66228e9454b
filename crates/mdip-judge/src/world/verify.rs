//! Stored outcomes checked against the judge: the movement orders, builds, removals, retreats
//! and disbands a game stored for its past boards (`@record`), adjudicated again on the same
//! boards. A downloaded game is verified so: each contradiction names the stored order.

use mdip_map::Location;

use super::graph::{places, resolved_again, Graph};
use super::movement_step::{game_statuses, Adjudicated};
use super::{RecordContradiction, SeasonKey, Spot, StoredKind, World};
use crate::rules::OrderFit;
use crate::rules::Reopening;
use crate::{
    adjudicate_adjustments, AdjustmentUnit, BoardAdjustmentOrder as CoreAdjustmentOrder,
    PowerOrder, Reason,
};

impl World {
    /// Every stored outcome of the setup that the judge's adjudication of the same board
    /// contradicts, sorted by what was stored. Checked before the first step (on a copy: the
    /// world is not changed):
    ///
    /// - movement orders, under the 5D game's re-adjudication by touch
    ///   ([`Reopening::TouchClosure`]), whose stored statuses are those of the last
    ///   adjudication that reached them: every stored order of every past season resolved
    ///   again together (orders touching a head are not checked). Under the anchored rules a
    ///   record keeps the outcome of its season's own step, which later steps may not change,
    ///   so it is not checked;
    /// - builds and removals: the adjustments of each season adjudicated again on the board
    ///   before them (the season's board without its stored builds, with its stored removals)
    ///   and its owners;
    /// - retreats: a stored successful retreat must reach its destination from where it was
    ///   dislodged, and no two into one province; a disband always succeeds. A failed retreat
    ///   is not checked (the standoffs that close provinces are not stored).
    pub fn check_records(&self) -> Vec<RecordContradiction> {
        if self.steps > 0 {
            return Vec::new();
        }
        let mut out = Vec::new();
        if self.rules.reopening == Reopening::TouchClosure
            && self.seasons.values().any(|s| s.record.is_some())
        {
            let mut world = self.clone();
            world.finish_setup();
            out.extend(world.contradicted_movement_records());
        }
        out.extend(self.contradicted_adjustments());
        out.extend(self.contradicted_retreats());
        out.sort_by_key(|c| c.stored);
        out
    }

    /// Stored builds and removals adjudicated again, board by board.
    fn contradicted_adjustments(&self) -> Vec<RecordContradiction> {
        let mut seasons: Vec<SeasonKey> =
            self.stored_adjustments.iter().map(|a| a.season).collect();
        seasons.sort_unstable();
        seasons.dedup();
        let mut out = Vec::new();
        for key in seasons {
            let Some(season) = self.seasons.get(&key) else {
                continue;
            };
            let stored: Vec<_> = self
                .stored_adjustments
                .iter()
                .filter(|a| a.season == key)
                .collect();
            let built = |p| {
                stored
                    .iter()
                    .any(|a| a.build && a.success && a.unit.loc.province == p)
            };
            let mut units: Vec<AdjustmentUnit> = season
                .units
                .iter()
                .filter(|u| !built(u.loc.province))
                .map(|u| AdjustmentUnit {
                    power: u.power,
                    kind: u.kind,
                    loc: u.loc,
                })
                .collect();
            units.extend(
                stored
                    .iter()
                    .filter(|a| !a.build && a.success)
                    .map(|a| AdjustmentUnit {
                        power: a.unit.power,
                        kind: a.unit.kind,
                        loc: a.unit.loc,
                    }),
            );
            units.sort_by_key(|u| u.loc.province);
            let orders: Vec<PowerOrder> = stored
                .iter()
                .map(|a| PowerOrder {
                    power: a.unit.power,
                    order: if a.build {
                        CoreAdjustmentOrder::Build(a.unit.kind, a.unit.loc)
                    } else {
                        CoreAdjustmentOrder::Remove(Location::province(a.unit.loc.province))
                    },
                })
                .collect();
            let result =
                adjudicate_adjustments(self.map, self.rules, &units, &season.owners, &orders);
            for (k, a) in stored.iter().enumerate() {
                let outcome = &result.outcomes[k];
                let success = outcome.success() && !result.illegal[k];
                if success != a.success {
                    out.push(RecordContradiction {
                        stored: StoredKind::Adjustment(Spot {
                            season: key,
                            province: a.unit.loc.province,
                        }),
                        stored_success: a.success,
                        reason: outcome.reason.clone(),
                        graph: Vec::new(),
                    });
                }
            }
        }
        out
    }

    /// Stored successful retreats checked: reachable, and alone in their province.
    fn contradicted_retreats(&self) -> Vec<RecordContradiction> {
        let mut out = Vec::new();
        for r in &self.stored_retreats {
            let Some(to) = r.to else {
                continue;
            };
            if !r.success {
                continue;
            }
            let rivals = self
                .stored_retreats
                .iter()
                .filter(|o| {
                    o.season == r.season
                        && o.unit != r.unit
                        && o.to.is_some_and(|t| t.province == to.province)
                })
                .count();
            let reason = if !self.map.adjacent(r.unit.kind, r.unit.loc, to) {
                Reason::RetreatUnreachable
            } else if rivals > 0 {
                Reason::RetreatCollision { with: Vec::new() }
            } else {
                continue;
            };
            out.push(RecordContradiction {
                stored: StoredKind::Retreat(Spot {
                    season: r.season,
                    province: r.unit.loc.province,
                }),
                stored_success: true,
                reason,
                graph: Vec::new(),
            });
        }
        out
    }
}

impl World {
    /// The stored movement orders of every past season (their records, set up or adjudicated)
    /// resolved again together from scratch, as the 5D game's re-adjudication by touch resolves
    /// the stored orders it reaches: the orders whose outcome differs from the stored one, with
    /// the reason found and the units of that adjudication. Orders that touch a head (whose
    /// units are live) are left out: their stored outcome is not re-checked.
    pub(super) fn contradicted_movement_records(&self) -> Vec<super::RecordContradiction> {
        let mut graph = Graph::new(self.map.province_count(), 0);
        let mut stored: Vec<bool> = Vec::new();
        for s in self.seasons.values() {
            if self.is_head(s.key) {
                continue;
            }
            for ro in s.record.iter().flat_map(|r| &r.orders) {
                if places(ro.unit, &ro.order)
                    .any(|p| self.is_head(p.season) || !self.exists(p.season))
                {
                    continue;
                }
                let i = graph.add(resolved_again(ro, true));
                if i == stored.len() {
                    stored.push(ro.success);
                }
            }
        }
        if graph.units.is_empty() {
            return Vec::new();
        }
        let (geo, input) = self.to_core(&graph);
        let mut adjudicated = Adjudicated::new(&graph, &input, &geo);
        drop(geo);
        if self.rules.fit == OrderFit::Game {
            game_statuses(&graph, &mut adjudicated);
        }
        let mut out = Vec::new();
        for (i, g) in graph.units.iter().enumerate() {
            let outcome = &adjudicated.outcomes[i];
            if outcome.success() != stored[i] {
                out.push(super::RecordContradiction {
                    stored: super::StoredKind::Movement(g.spot),
                    stored_success: stored[i],
                    reason: outcome.reason.clone(),
                    graph: Vec::new(),
                });
            }
        }
        if !out.is_empty() {
            for c in &mut out {
                c.graph.clone_from(&graph.units);
            }
        }
        out
    }
}
