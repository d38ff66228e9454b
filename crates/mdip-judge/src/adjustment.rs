//! The adjustment phase of one board: builds, removals and civil disorder, and the change of
//! supply-centre ownership that precedes it after a Fall turn.
//!
//! Orders are handled one by one in file order (DATC 4.D.4–4.D.6, 6.I.1, 6.J.1): each legal
//! order uses one of its power's adjustments until they are used up, and later orders fail.
//! A power that orders too few removals loses the units its [`CivilDisorder`] policy chooses;
//! today's only one is the 2023 rulebook's civil-disorder rule as DATC v3.0 reads it (4.D.8,
//! 6.J): greatest distance to the nearest supply centre the power owns, counted in steps between
//! bordering provinces with armies and fleets alike crossing land and sea; ties remove fleets
//! before armies, then go by the English province name in alphabetical order.

use std::cmp::Reverse;

use mdip_map::{Location, Map, Power, ProvinceId, UnitType};

use crate::movement::UnitId;
use crate::reason::{Outcome, Reason};
use crate::rules::{CivilDisorder, Rules};

/// A unit on one board, as the adjustment phase sees it: owner, type and location.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AdjustmentUnit {
    /// The power that owns it.
    pub power: Power,
    /// Army or fleet.
    pub kind: UnitType,
    /// Where it stands (a fleet on a split-coast province names its coast).
    pub loc: Location,
}

/// One power's adjustment order, as given in file order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PowerOrder {
    /// The power giving the order.
    pub power: Power,
    /// The order.
    pub order: BoardAdjustmentOrder,
}

/// A unit removed in the adjustment phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RemovedUnit {
    /// Index into the input units.
    pub unit: UnitId,
    /// Whether civil disorder removed it (rather than an order).
    pub civil_disorder: bool,
}

/// An adjustment-phase order of one power.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardAdjustmentOrder {
    /// Build a unit of this type at this location (a fleet on a split-coast province must name
    /// its coast; a coast given for an army is ignored).
    Build(UnitType, Location),
    /// Remove the power's unit in the province of this location (coast and unit type ignored,
    /// DATC 4.C.2).
    Remove(Location),
    /// Waive one build.
    Waive,
}

/// One power's count for the phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PowerAdjustment {
    /// The power.
    pub power: Power,
    /// Supply centres it owns on this board.
    pub centres: u32,
    /// Units it has on this board before the adjustments.
    pub units: u32,
    /// Builds made (including waived ones).
    pub built: u32,
    /// Units removed, by order or by civil disorder.
    pub removed: u32,
}

impl PowerAdjustment {
    /// Builds allowed (positive) or removals required (negative).
    pub fn delta(&self) -> i64 {
        i64::from(self.centres) - i64::from(self.units)
    }
}

/// The result of one board's adjustment phase.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AdjustmentResult {
    /// One outcome per order, in input order.
    pub outcomes: Vec<Outcome>,
    /// Per order: whether it was illegal (could not be valid on this board: not a home centre,
    /// not owned, occupied, wrong terrain, no such own unit, no adjustment of that kind due),
    /// as opposed to legal but in excess of the allowance.
    pub illegal: Vec<bool>,
    /// The units built, in order.
    pub built: Vec<AdjustmentUnit>,
    /// The units removed: first the ordered removals in order, then civil disorder power by
    /// power in the order of the map's powers ([`Map::powers`]).
    pub removed: Vec<RemovedUnit>,
    /// Every power of the map's count, in the order of [`Map::powers`].
    pub powers: Vec<PowerAdjustment>,
}

/// A supply centre changing hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OwnershipChange {
    /// The supply centre.
    pub province: ProvinceId,
    /// Its previous owner.
    pub from: Option<Power>,
    /// Its new owner.
    pub to: Power,
}

/// After a Fall turn: every supply centre occupied by a unit becomes its power's. `owners` is
/// indexed by province id (ids outside it are skipped); `units` are the units on that board.
/// Returns the changes in unit order.
pub fn update_ownership(
    map: &Map,
    units: &[AdjustmentUnit],
    owners: &mut [Option<Power>],
) -> Vec<OwnershipChange> {
    let mut changes = Vec::new();
    for &AdjustmentUnit { power, loc, .. } in units {
        let province = loc.province;
        if !map.is_supply_centre(province) {
            continue;
        }
        if let Some(owner) = owners.get_mut(province.index()) {
            if *owner != Some(power) {
                changes.push(OwnershipChange {
                    province,
                    from: *owner,
                    to: power,
                });
                *owner = Some(power);
            }
        }
    }
    changes
}

/// Adjudicates one board's adjustment phase under `rules` (their [`Rules::civil_disorder`]):
/// `units` are the board's units, `owners` the supply-centre owners indexed by province id
/// (after [`update_ownership`]), `orders` every power's orders in file order.
pub fn adjudicate_adjustments(
    map: &Map,
    rules: Rules,
    units: &[AdjustmentUnit],
    owners: &[Option<Power>],
    orders: &[PowerOrder],
) -> AdjustmentResult {
    let mut powers = count_powers(map, units, owners);
    let board = Board { map, units, owners };
    let mut removed_flags = vec![false; units.len()];
    let mut result = AdjustmentResult::default();
    for &PowerOrder { power, order } in orders {
        let count = &mut powers[power.index()];
        let reason = board.order(count, power, order, &mut removed_flags, &mut result);
        let outcome = match reason {
            Ok(reason) => Outcome::new(reason),
            Err(reason) => Outcome::new(reason),
        };
        result.illegal.push(is_illegal(&outcome.reason));
        result.outcomes.push(outcome);
    }

    civil_disorder(
        rules.civil_disorder,
        &board,
        &mut powers,
        &mut removed_flags,
        &mut result,
    );
    result.powers = powers;
    result
}

/// Every power of the map's count of supply centres and units on this board, with nothing
/// built or removed yet.
fn count_powers(
    map: &Map,
    units: &[AdjustmentUnit],
    owners: &[Option<Power>],
) -> Vec<PowerAdjustment> {
    let mut powers: Vec<PowerAdjustment> = map
        .powers()
        .iter()
        .map(|&power| PowerAdjustment {
            power,
            centres: 0,
            units: 0,
            built: 0,
            removed: 0,
        })
        .collect();
    for p in map.supply_centres() {
        if let Some(Some(owner)) = owners.get(p.index()) {
            powers[owner.index()].centres += 1;
        }
    }
    for unit in units {
        powers[unit.power.index()].units += 1;
    }
    powers
}

/// Whether an order failing for `reason` was illegal (could not be valid on this board), as
/// opposed to legal but in excess of the allowance.
fn is_illegal(reason: &Reason) -> bool {
    matches!(
        reason,
        Reason::NoBuildAllowed
            | Reason::NotHomeCentre
            | Reason::CentreNotOwned
            | Reason::CentreOccupied
            | Reason::WrongTerrain
            | Reason::NoRemovalAllowed
            | Reason::NoUnitThere
            | Reason::NotOwnUnit
    )
}

/// Removes, for every power that removed too few units, the units `policy` chooses (see
/// [`CivilDisorder`]), recording them in `result.removed` as removed by civil disorder.
fn civil_disorder(
    policy: CivilDisorder,
    board: &Board<'_>,
    powers: &mut [PowerAdjustment],
    removed_flags: &mut [bool],
    result: &mut AdjustmentResult,
) {
    let Board { map, units, owners } = *board;
    for count in powers {
        let missing = (-count.delta()).saturating_sub(i64::from(count.removed));
        if missing <= 0 {
            continue;
        }
        let owned: Vec<ProvinceId> = policy.targets(map, owners, count.power);
        let mut candidates: Vec<(Reverse<u32>, u8, String, UnitId)> = units
            .iter()
            .enumerate()
            .filter(|&(u, unit)| unit.power == count.power && !removed_flags[u])
            .map(|(u, &AdjustmentUnit { kind, loc, .. })| {
                let distance = map.distance_to_home(kind, loc, &owned).unwrap_or(u32::MAX);
                let fleet_first = match kind {
                    UnitType::Fleet => 0,
                    UnitType::Army => 1,
                };
                let name = if map.contains(loc.province) {
                    map.name(loc.province).to_ascii_lowercase()
                } else {
                    String::new()
                };
                (Reverse(distance), fleet_first, name, u)
            })
            .collect();
        candidates.sort();
        let take = usize::try_from(missing).unwrap_or(usize::MAX);
        for (_, _, _, u) in candidates.into_iter().take(take) {
            removed_flags[u] = true;
            count.removed += 1;
            result.removed.push(RemovedUnit {
                unit: u,
                civil_disorder: true,
            });
        }
    }
}

/// The board of an adjustment phase.
struct Board<'a> {
    map: &'a Map,
    units: &'a [AdjustmentUnit],
    owners: &'a [Option<Power>],
}

impl Board<'_> {
    /// Checks one order of `power` (whose count is `count`) and records what it does in
    /// `result` (and `removed_flags`); returns the reason of its outcome.
    fn order(
        &self,
        count: &mut PowerAdjustment,
        power: Power,
        order: BoardAdjustmentOrder,
        removed_flags: &mut [bool],
        result: &mut AdjustmentResult,
    ) -> Result<Reason, Reason> {
        match order {
            BoardAdjustmentOrder::Build(kind, loc) => self
                .build(&result.built, count, power, kind, loc)
                .map(|unit| {
                    result.built.push(unit);
                    Reason::Built
                }),
            BoardAdjustmentOrder::Waive => waive(count),
            BoardAdjustmentOrder::Remove(loc) => {
                self.remove(removed_flags, count, power, loc).map(|u| {
                    removed_flags[u] = true;
                    result.removed.push(RemovedUnit {
                        unit: u,
                        civil_disorder: false,
                    });
                    Reason::Removed
                })
            }
        }
    }

    /// Checks a build and returns the unit it makes, or why it fails.
    fn build(
        &self,
        built: &[AdjustmentUnit],
        count: &mut PowerAdjustment,
        power: Power,
        kind: UnitType,
        loc: Location,
    ) -> Result<AdjustmentUnit, Reason> {
        if count.delta() <= 0 {
            return Err(Reason::NoBuildAllowed);
        }
        let province = loc.province;
        let home = self.map.home_centres(power).contains(&province);
        let anywhere = self.map.builds_anywhere() && self.map.is_supply_centre(province);
        if !(home || anywhere) {
            return Err(Reason::NotHomeCentre);
        }
        if self.owners.get(province.index()).copied().flatten() != Some(power) {
            return Err(Reason::CentreNotOwned);
        }
        if self.units.iter().any(|u| u.loc.province == province) {
            return Err(Reason::CentreOccupied);
        }
        if built.iter().any(|u| u.loc.province == province) {
            return Err(Reason::AlreadyBuilt);
        }
        let loc = match kind {
            UnitType::Army => loc.without_coast(),
            UnitType::Fleet => loc,
        };
        if !self.map.can_stand(kind, loc) {
            return Err(Reason::WrongTerrain);
        }
        if i64::from(count.built) >= count.delta() {
            return Err(Reason::NoBuildsLeft);
        }
        count.built += 1;
        Ok(AdjustmentUnit { power, kind, loc })
    }

    /// Checks a removal and returns the unit it removes, or why it fails.
    fn remove(
        &self,
        removed: &[bool],
        count: &mut PowerAdjustment,
        power: Power,
        loc: Location,
    ) -> Result<UnitId, Reason> {
        if count.delta() >= 0 {
            return Err(Reason::NoRemovalAllowed);
        }
        let Some(u) = self
            .units
            .iter()
            .position(|u| u.loc.province == loc.province)
        else {
            return Err(Reason::NoUnitThere);
        };
        if self.units[u].power != power {
            return Err(Reason::NotOwnUnit);
        }
        if removed[u] {
            return Err(Reason::AlreadyRemoved);
        }
        if i64::from(count.removed) >= -count.delta() {
            return Err(Reason::NoRemovalsLeft);
        }
        count.removed += 1;
        Ok(u)
    }
}

/// Checks a waived build of a power whose count is `count`.
fn waive(count: &mut PowerAdjustment) -> Result<Reason, Reason> {
    if count.delta() <= 0 {
        Err(Reason::NoBuildAllowed)
    } else if i64::from(count.built) >= count.delta() {
        Err(Reason::NoBuildsLeft)
    } else {
        count.built += 1;
        Ok(Reason::Waived)
    }
}
