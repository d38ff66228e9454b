//! The retreat step: every unit dislodged in the last movement step retreats as ordered within
//! its season (rule 6) or is disbanded; then supply centres change hands where a Fall turn ended.

use std::sync::Arc;

use mdip_map::{Coast, Location, Power, UnitType};

use super::geography::StepGeography;
use super::report::{Disband, OrderOutcome, Retreat, StepEntry, StepReport};
use super::validate::{Illegal, UnitRef};
use super::{BoardUnit, Dislodged, Origin, Phase, Pos, SeasonKey, Spot, World};
use crate::{retreat_collisions, At, OrderFit, Place, Reason, RetreatBoard, Retreating};

/// A retreat-phase order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RetreatOrder {
    /// Retreat to a province of the same season.
    Move {
        /// The destination; a season other than the unit's own is illegal.
        to: Spot,
        /// The coast as written.
        coast: Option<Coast>,
    },
    /// Disband.
    Disband,
}

/// One retreat-phase order for the world.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RetreatInput {
    /// The power giving it.
    pub power: Power,
    /// The dislodged unit, named where it was dislodged.
    pub unit: UnitRef,
    /// The order.
    pub order: RetreatOrder,
}

impl World {
    /// The retreat rules' view of a dislodged unit (rule 6: DATC's rules within its season):
    /// its season is the only site of a one-board geography, the board is the successor's
    /// units and the season's standoffs, and an attacker from another season bars nothing.
    fn retreat_view(&self, d: &Dislodged) -> (StepGeography<'_>, RetreatBoard, Retreating) {
        let site = crate::Site(0);
        let geo = StepGeography::new(self, vec![d.at.season]);
        let occupied = self.seasons.get(&d.into).map_or_else(Vec::new, |s| {
            s.units
                .iter()
                .map(|u| Place::new(site, u.loc.province))
                .collect()
        });
        let contested = d.contested.iter().map(|&p| Place::new(site, p)).collect();
        // A site no place of this board is on: an attacker from another season.
        let elsewhere = crate::Site(1);
        let retreating = Retreating {
            kind: d.kind,
            at: At::new(site, d.at.loc),
            attacker_from: Place::new(
                if d.attacker_from.season == d.at.season {
                    site
                } else {
                    elsewhere
                },
                d.attacker_from.province,
            ),
            by_convoy: d.by_convoy,
        };
        (geo, RetreatBoard::new(occupied, contested), retreating)
    }

    /// Where a dislodged unit may retreat.
    pub(super) fn retreat_options(&self, d: &Dislodged) -> Vec<Location> {
        let (geo, board, r) = self.retreat_view(d);
        board
            .options(&r, &geo)
            .into_iter()
            .map(|at| at.loc)
            .collect()
    }

    /// After the retreat step (or a movement step without dislodgements): supply centres change
    /// hands in the timelines that finished a Fall turn, whose adjustment step comes next.
    pub(super) fn after_retreats(&mut self) {
        self.pending_retreats.clear();
        for &key in &self.pending_adjustments.clone() {
            if let Some(s) = self.seasons.get_mut(&key).map(Arc::make_mut) {
                for u in &s.units {
                    if self.map.is_supply_centre(u.loc.province) {
                        s.owners[u.loc.province.0 as usize] = Some(u.power);
                    }
                }
            }
        }
        self.phase = if self.pending_adjustments.is_empty() {
            Phase::Movement
        } else {
            Phase::Adjustment
        };
    }

    /// Adjudicates the retreat step: every dislodged unit retreats as ordered or is disbanded.
    pub fn retreat_step(&mut self, inputs: &[RetreatInput]) -> StepReport {
        self.finish_setup();
        if self.game_over() {
            return StepReport::not_run(inputs.iter().map(|_| Illegal::GameOver));
        }
        if self.phase != Phase::Retreat {
            return StepReport::not_run(inputs.iter().map(|_| Illegal::WrongPhase(self.phase)));
        }
        let mut report = StepReport {
            ran: true,
            ..StepReport::default()
        };
        let pending = std::mem::take(&mut self.pending_retreats);
        let mut results: Vec<OrderOutcome> = inputs
            .iter()
            .map(|input| match self.check_retreat(&pending, input) {
                Ok(outcome) => outcome,
                // The 5D game checks only adjacency: a retreat the retreat rules close fails.
                Err(Illegal::RetreatOccupied) if self.rules.fit == OrderFit::Game => {
                    OrderOutcome::RetreatFailed(Reason::RetreatOccupied)
                }
                Err(Illegal::RetreatContested) if self.rules.fit == OrderFit::Game => {
                    OrderOutcome::RetreatFailed(Reason::RetreatContested)
                }
                Err(Illegal::RetreatToAttacker) if self.rules.fit == OrderFit::Game => {
                    OrderOutcome::RetreatFailed(Reason::RetreatToAttacker)
                }
                Err(illegal) => OrderOutcome::Illegal(illegal),
            })
            .collect();
        drop_duplicates(&pending, inputs, &mut results);
        bounce_collisions(&mut results);
        self.apply_retreats(&pending, inputs, &results, &mut report);
        report.entries = results
            .into_iter()
            .enumerate()
            .map(|(input, outcome)| StepEntry { input, outcome })
            .collect();
        self.steps += 1;
        self.after_retreats();
        report
    }

    /// Validates one retreat order against the units waiting to retreat: a retreat to where,
    /// a disband, or why it is illegal.
    fn check_retreat(
        &self,
        pending: &[Dislodged],
        input: &RetreatInput,
    ) -> Result<OrderOutcome, Illegal> {
        let Some(d) = find_dislodged(pending, input.unit.spot) else {
            return Err(Illegal::NotDislodged);
        };
        if d.power != input.power {
            Err(Illegal::ForeignUnit { owner: d.power })
        } else if input.unit.kind.is_some_and(|k| k != d.kind) {
            // The same words as a movement order for the wrong type (E0302).
            Err(Illegal::WrongUnitType {
                spot: input.unit.spot,
                actual: d.kind,
            })
        } else {
            match input.order {
                RetreatOrder::Disband => Ok(OrderOutcome::Disbanded),
                RetreatOrder::Move { to, coast } => self
                    .validate_retreat(d, to, coast)
                    .map(|to| OrderOutcome::Retreated { to }),
            }
        }
    }

    /// Moves the units that retreat into their new seasons; reports them and every other
    /// dislodged unit as disbanded.
    fn apply_retreats(
        &mut self,
        pending: &[Dislodged],
        inputs: &[RetreatInput],
        results: &[OrderOutcome],
        report: &mut StepReport,
    ) {
        let mut done = vec![false; pending.len()];
        for (i, r) in results.iter().enumerate() {
            let Some(di) = pending
                .iter()
                .position(|d| d.at.spot() == inputs[i].unit.spot)
            else {
                continue;
            };
            if done[di] {
                continue;
            }
            let d = &pending[di];
            if let OrderOutcome::Retreated { to } = r {
                done[di] = true;
                let landing = Pos {
                    season: d.into,
                    loc: to.loc,
                };
                if let Some(s) = self.seasons.get_mut(&d.into).map(Arc::make_mut) {
                    s.units.push(BoardUnit {
                        power: d.power,
                        kind: d.kind,
                        loc: to.loc,
                        origin: Origin::Retreated { from: d.at },
                    });
                    s.units.sort_unstable_by_key(|u| u.loc.province);
                }
                report.retreated.push(Retreat {
                    from: d.at,
                    to: landing,
                });
            }
        }
        for (di, d) in pending.iter().enumerate() {
            if !done[di] {
                report.disbanded.push(Disband {
                    power: d.power,
                    kind: d.kind,
                    at: d.at,
                });
            }
        }
    }

    /// Checks a retreat destination: same season, reachable, the coast settled, and open under
    /// the retreat rules.
    fn validate_retreat(
        &self,
        d: &Dislodged,
        to: Spot,
        coast: Option<Coast>,
    ) -> Result<Pos, Illegal> {
        if to.season != d.at.season {
            return Err(Illegal::RetreatLeavesSeason);
        }
        // Settle the coast of the destination (the written one, or the only reachable one).
        let candidates: Vec<Location> = self
            .locations_of(to.province)
            .into_iter()
            .filter(|l| self.map.can_stand(d.kind, *l) && self.map.adjacent(d.kind, d.at.loc, *l))
            .filter(|l| d.kind == UnitType::Army || coast.is_none() || l.coast == coast)
            .collect();
        let loc = match candidates.as_slice() {
            [] => return Err(Illegal::RetreatUnreachable),
            [one] => *one,
            _ => return Err(Illegal::RetreatCoastMissing),
        };
        let (geo, board, r) = self.retreat_view(d);
        match board.check(&r, At::new(r.at.site, loc), &geo) {
            Ok(at) => Ok(Pos {
                season: d.at.season,
                loc: at.loc,
            }),
            Err(Reason::RetreatOccupied) => Err(Illegal::RetreatOccupied),
            Err(Reason::RetreatContested) => Err(Illegal::RetreatContested),
            Err(Reason::RetreatToAttacker) => Err(Illegal::RetreatToAttacker),
            Err(_) => Err(Illegal::RetreatUnreachable),
        }
    }
}

/// The unit waiting to retreat at `spot`.
fn find_dislodged(pending: &[Dislodged], spot: Spot) -> Option<&Dislodged> {
    pending.iter().find(|d| d.at.spot() == spot)
}

/// Several orders for one dislodged unit: all are dropped.
fn drop_duplicates(pending: &[Dislodged], inputs: &[RetreatInput], results: &mut [OrderOutcome]) {
    for i in 0..inputs.len() {
        let spot = inputs[i].unit.spot;
        let waiting = find_dislodged(pending, spot).is_some();
        let same = (0..inputs.len())
            .filter(|&j| inputs[j].unit.spot == spot && waiting)
            .count();
        if same > 1 && waiting {
            results[i] = OrderOutcome::Illegal(Illegal::Duplicate);
        }
    }
}

/// Two retreats to one place both fail. Every season is a site of its own here, so the same
/// province in two seasons is two places.
fn bounce_collisions(results: &mut [OrderOutcome]) {
    let mut seasons: Vec<SeasonKey> = Vec::new();
    let targets: Vec<Option<Place>> = results
        .iter()
        .map(|r| match r {
            OrderOutcome::Retreated { to: p } => {
                let site = seasons
                    .iter()
                    .position(|&s| s == p.season)
                    .unwrap_or_else(|| {
                        seasons.push(p.season);
                        seasons.len() - 1
                    });
                Some(Place::new(crate::Site(site as u32), p.loc.province))
            }
            _ => None,
        })
        .collect();
    for (r, others) in results.iter_mut().zip(retreat_collisions(&targets)) {
        if !others.is_empty() {
            *r = OrderOutcome::RetreatBounced;
        }
    }
}
