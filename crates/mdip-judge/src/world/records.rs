//! Setting up past seasons before the first step: seasons declared with their parents
//! (`add_season`), the orders and outcomes a game stored for them (`add_record`,
//! `add_adjustment_record`, `add_retreat_record`), and `finish_setup`, which completes them
//! once when the first step starts.

use std::sync::Arc;

use mdip_map::{Location, ProvinceId};

use super::setup::SetupError;
use super::validate::{Illegal, OrderInput, UnitOrder};
use super::{
    MoveOrder, Origin, Phase, Pos, Record, RecordedOrder, ResultSig, Season, SeasonKey, Spot,
    StoredAdjustment, StoredRetreat, Timeline, UnitSig, World,
};

impl World {
    /// Declares that season `key` exists before the first step (`@season X:Y [from P:Q]`).
    ///
    /// A season of an existing timeline comes one turn after that timeline's last season,
    /// which becomes its parent and stops being a head. A new timeline has the next unused
    /// number: with `from` it branches from that season (one turn earlier, and past: its own
    /// timeline continued already) as a fork would;
    /// without, it has no parent and may start at any turn. The new board is empty; its
    /// owners are copied from its parent (none without one).
    pub fn add_season(
        &mut self,
        key: SeasonKey,
        from: Option<SeasonKey>,
    ) -> Result<(), SetupError> {
        if self.steps > 0 {
            return Err(SetupError::AlreadyStarted);
        }
        if self.phase != Phase::Movement {
            return Err(SetupError::SeasonAfterPhase);
        }
        if self.exists(key) {
            return Err(SetupError::SeasonExists(key));
        }
        let next = self.timelines.len() as u32;
        let parent = if let Some(t) = self.timelines.get(key.timeline as usize) {
            let last = t.head;
            if Some(key.turn) != last.turn.checked_add(1) {
                return Err(SetupError::NotNextTurn { last });
            }
            if from.is_some_and(|f| f != last) {
                return Err(SetupError::BranchInExistingTimeline { last });
            }
            Some(last)
        } else if key.timeline == next {
            if let Some(f) = from {
                if !self.exists(f) {
                    return Err(SetupError::NoSuchSeason(f));
                }
                if f.turn.checked_add(1) != Some(key.turn) {
                    return Err(SetupError::BranchNotPreviousTurn { from: f });
                }
                if self.is_head(f) {
                    return Err(SetupError::BranchFromHead(f));
                }
            }
            from
        } else {
            return Err(SetupError::TimelineNotNext { next });
        };
        let owners = parent.map_or_else(
            || vec![None; self.map.province_count()],
            |p| self.seasons[&p].owners.clone(),
        );
        self.seasons.insert(
            key,
            Arc::new(Season {
                key,
                parent,
                children: Vec::new(),
                units: Vec::new(),
                owners,
                record: None,
                created_by: None,
            }),
        );
        if let Some(p) = parent {
            let ps = self
                .seasons
                .get_mut(&p)
                .map(Arc::make_mut)
                .ok_or(SetupError::NoSuchSeason(p))?;
            // The next season of its timeline first, then forks (as steps keep them).
            if p.timeline == key.timeline {
                ps.children.insert(0, key);
            } else {
                ps.children.push(key);
            }
        }
        if key.timeline == next {
            self.timelines.push(Timeline {
                number: next,
                branched_from: parent,
                first: key,
                head: key,
            });
        } else {
            self.timelines[key.timeline as usize].head = key;
        }
        Ok(())
    }

    /// Stores an order of a past season with its outcome (`@record`): validated as a movement
    /// order of the unit's season, as if that season were being ordered, then kept in the
    /// record of the unit's season and of every season it acts on, so that a later step that
    /// re-opens them replays it. An illegal order is refused and not recorded.
    /// Records a stored order that was invalid when given (the game's `Invalid` status): its
    /// unit held (recorded as a hold that succeeded), and under `@rules 5dd` a support, a convoy
    /// or a move is kept to be checked again when a later step reaches it
    /// (`World::anticipated`). Only the unit, its season and its power are checked.
    pub fn add_invalid_record(&mut self, input: &OrderInput) -> Result<(), SetupError> {
        let hold = OrderInput {
            order: UnitOrder::Hold,
            ..*input
        };
        self.add_record(&hold, true)?;
        let spot = input.unit.spot;
        let Some(unit) = self.unit(spot).copied() else {
            return Ok(());
        };
        let order = match input.order {
            UnitOrder::Hold => return Ok(()),
            UnitOrder::Move {
                to,
                coast,
                via_convoy,
            } => MoveOrder::Move {
                to: Pos {
                    season: to.season,
                    loc: Location::new(to.province, coast),
                },
                via_convoy,
            },
            UnitOrder::SupportHold { target } => MoveOrder::SupportHold {
                target: target.spot,
            },
            UnitOrder::SupportMove { target, to, coast } => MoveOrder::SupportMove {
                target: target.spot,
                to,
                coast,
            },
            UnitOrder::Convoy { army, to } => MoveOrder::Convoy {
                army: army.spot,
                to,
            },
        };
        if self.rules.fit == crate::OrderFit::Game {
            self.anticipated.push(RecordedOrder {
                unit: spot,
                sig: UnitSig::of(&unit),
                order,
                success: false,
            });
        }
        Ok(())
    }

    pub fn add_record(&mut self, input: &OrderInput, success: bool) -> Result<(), SetupError> {
        if self.steps > 0 {
            return Err(SetupError::AlreadyStarted);
        }
        let own = input.unit.spot.season;
        if !self.exists(own) {
            return Err(SetupError::NoSuchSeason(own));
        }
        if self.is_head(own) {
            return Err(SetupError::RecordInHead(own));
        }
        let order = self
            .validate_stored(input)
            .map_err(SetupError::RecordIllegal)?;
        let unit = self
            .unit(input.unit.spot)
            .ok_or(SetupError::RecordIllegal(Illegal::NoUnit(input.unit.spot)))?;
        let recorded = RecordedOrder {
            unit: input.unit.spot,
            sig: UnitSig::of(unit),
            order,
            success,
        };
        let already = self.seasons[&own]
            .record
            .as_ref()
            .is_some_and(|r| r.orders.iter().any(|o| o.unit == recorded.unit));
        if already {
            return Err(SetupError::AlreadyRecorded);
        }
        let mut seasons = vec![own];
        seasons.extend(order.referenced_seasons(own));
        for s in seasons {
            if let Some(season) = self.seasons.get_mut(&s).map(Arc::make_mut) {
                season
                    .record
                    .get_or_insert_with(Record::default)
                    .orders
                    .push(recorded.clone());
            }
        }
        Ok(())
    }

    /// Stores a build or removal of the adjustment step before `season` with its outcome
    /// (`@record France: Build A Marseilles 2:0 => succeeds`). The season's board is the one the
    /// adjustments changed: a successful build stands on it (set up with `@unit` first; it is
    /// marked as built, so the fork rule does not count it as part of the movement result that
    /// made the season) and a successful removal does not (the movement result had it).
    pub fn add_adjustment_record(
        &mut self,
        season: SeasonKey,
        unit: UnitSig,
        build: bool,
        success: bool,
    ) -> Result<(), SetupError> {
        if self.steps > 0 {
            return Err(SetupError::AlreadyStarted);
        }
        if !self.exists(season) {
            return Err(SetupError::NoSuchSeason(season));
        }
        if season.turn == 0 || season.is_fall() {
            return Err(SetupError::NoAdjustmentBefore(season));
        }
        if self.phase == Phase::Adjustment && self.pending_adjustments.contains(&season) {
            return Err(SetupError::AdjustmentPending(season));
        }
        let province = unit.loc.province;
        if self
            .stored_adjustments
            .iter()
            .any(|a| a.season == season && a.unit.loc.province == province)
        {
            return Err(SetupError::AlreadyRecorded);
        }
        let standing = self.seasons[&season].unit_at(province).map(UnitSig::of);
        if success && build && standing != Some(unit) {
            return Err(SetupError::StoredUnitMissing(season));
        }
        if success && !build && standing.is_some() {
            return Err(SetupError::StoredUnitStands(season));
        }
        if success && build {
            if let Some(u) = self
                .seasons
                .get_mut(&season)
                .map(Arc::make_mut)
                .and_then(|s| s.units.iter_mut().find(|u| u.loc.province == province))
            {
                u.origin = Origin::Built;
            }
        }
        self.stored_adjustments.push(StoredAdjustment {
            season,
            unit,
            build,
            success,
        });
        Ok(())
    }

    /// Stores a retreat (`to`) or disband (`to` = `None`) of the retreat step after `season`'s
    /// movement with its outcome (`@record England: Retreat A London 0:0 - Wales => succeeds`):
    /// the unit stood on `season`'s board and was dislodged there; it retreated into the
    /// season's first child, where a successful retreat's unit stands (set up with `@unit`
    /// first). The fork rule then counts it as dislodged in the result that made the child.
    pub fn add_retreat_record(
        &mut self,
        season: SeasonKey,
        unit: UnitSig,
        to: Option<Location>,
        success: bool,
    ) -> Result<(), SetupError> {
        if self.steps > 0 {
            return Err(SetupError::AlreadyStarted);
        }
        let s = self
            .seasons
            .get(&season)
            .ok_or(SetupError::NoSuchSeason(season))?;
        let into = *s.children.first().ok_or(SetupError::NoChild(season))?;
        let from = unit.loc.province;
        if s.unit_at(from).map(UnitSig::of) != Some(unit) {
            return Err(SetupError::RecordIllegal(Illegal::NoUnit(Spot {
                season,
                province: from,
            })));
        }
        if self
            .stored_retreats
            .iter()
            .any(|r| r.season == season && r.unit.loc.province == from)
        {
            return Err(SetupError::AlreadyRecorded);
        }
        if let (true, Some(dest)) = (success, to) {
            let arrived = UnitSig { loc: dest, ..unit };
            let board = self
                .seasons
                .get_mut(&into)
                .map(Arc::make_mut)
                .ok_or(SetupError::NoSuchSeason(into))?;
            match board
                .units
                .iter_mut()
                .find(|u| u.loc.province == dest.province)
            {
                Some(u) if UnitSig::of(u) == arrived => {
                    u.origin = Origin::Retreated {
                        from: Pos {
                            season,
                            loc: unit.loc,
                        },
                    };
                }
                _ => return Err(SetupError::StoredUnitMissing(into)),
            }
        }
        self.stored_retreats.push(StoredRetreat {
            season,
            into,
            unit,
            to,
            success,
        });
        Ok(())
    }

    /// The builds and removals stored for past adjustment steps.
    pub fn stored_adjustments(&self) -> &[StoredAdjustment] {
        &self.stored_adjustments
    }

    /// The retreats and disbands stored for past retreat steps.
    pub fn stored_retreats(&self) -> &[StoredRetreat] {
        &self.stored_retreats
    }

    /// Completes the set-up past seasons when the first step starts: every unit of a season
    /// with a child and no recorded order held (a hold that succeeded, or failed when the unit
    /// was dislodged there), and every child of such a season counts as created by the result
    /// "its set-up units, and the units of the parent's board dislodged into it" (rule 16).
    /// Does nothing once a step has run, and nothing twice.
    pub fn finish_setup(&mut self) {
        if self.steps > 0 {
            return;
        }
        let past: Vec<SeasonKey> = self
            .seasons
            .values()
            .filter(|s| !s.children.is_empty())
            .map(|s| s.key)
            .collect();
        for key in past {
            let season = &self.seasons[&key];
            let dislodged_here = |loc: Location| {
                self.pending_retreats
                    .iter()
                    .any(|d| d.at.season == key && d.at.loc == loc)
                    || self
                        .stored_retreats
                        .iter()
                        .any(|r| r.season == key && r.unit.loc == loc)
            };
            let holds: Vec<RecordedOrder> = season
                .units
                .iter()
                .filter(|u| {
                    !season.record.as_ref().is_some_and(|r| {
                        r.orders
                            .iter()
                            .any(|o| o.unit.season == key && o.unit.province == u.loc.province)
                    })
                })
                .map(|u| RecordedOrder {
                    unit: Spot {
                        season: key,
                        province: u.loc.province,
                    },
                    sig: UnitSig::of(u),
                    order: super::MoveOrder::Hold,
                    success: !dislodged_here(u.loc),
                })
                .collect();
            let children = season.children.clone();
            if let Some(s) = self.seasons.get_mut(&key).map(Arc::make_mut) {
                s.record
                    .get_or_insert_with(Record::default)
                    .orders
                    .extend(holds);
            }
            for &child in &children {
                // The units dislodged into this child that stood on the parent's board: a
                // replay of the parent's record may dislodge them again (one that did not
                // stand there never can).
                let parent = &self.seasons[&key];
                let mut dislodged: Vec<(ProvinceId, UnitSig)> = self
                    .pending_retreats
                    .iter()
                    .filter(|d| d.at.season == key && d.into == child)
                    .map(|d| {
                        (
                            d.at.loc.province,
                            UnitSig {
                                power: d.power,
                                kind: d.kind,
                                loc: d.at.loc,
                            },
                        )
                    })
                    .filter(|(p, sig)| parent.unit_at(*p).map(UnitSig::of) == Some(*sig))
                    .collect();
                // Stored retreats and disbands from the parent into this child: dislodged too.
                for r in &self.stored_retreats {
                    let p = r.unit.loc.province;
                    if r.season == key && r.into == child && !dislodged.iter().any(|d| d.0 == p) {
                        dislodged.push((p, r.unit));
                    }
                }
                dislodged.sort_by_key(|(p, _)| *p);
                // The movement result that made the child: its units without those a stored
                // build made or a stored retreat brought, with those a stored removal took.
                let mut units: Vec<UnitSig> = self.seasons[&child]
                    .units
                    .iter()
                    .filter(|u| !matches!(u.origin, Origin::Built | Origin::Retreated { .. }))
                    .map(UnitSig::of)
                    .collect();
                units.extend(
                    self.stored_adjustments
                        .iter()
                        .filter(|a| a.season == child && !a.build && a.success)
                        .map(|a| a.unit),
                );
                units.sort_by_key(|u| u.loc.province);
                if let Some(c) = self.seasons.get_mut(&child).map(Arc::make_mut) {
                    if c.created_by.is_none() {
                        c.created_by = Some(ResultSig {
                            units,
                            dislodged: dislodged.into_iter().map(|(_, u)| u).collect(),
                        });
                    }
                }
            }
            let first = children
                .first()
                .and_then(|c| self.seasons[c].created_by.clone());
            if let (Some(first), Some(s)) = (first, self.seasons.get_mut(&key).map(Arc::make_mut)) {
                if let Some(r) = s.record.as_mut() {
                    r.result = first;
                }
            }
        }
    }
}
