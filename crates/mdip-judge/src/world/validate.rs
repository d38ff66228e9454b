//! Static legality of movement orders (rules 8–11 and 22): everything that can be decided
//! before adjudication. An illegal order is reported with its reason and the unit holds.
//! [`Illegal`] also names what makes retreat and adjustment orders illegal, so that every step
//! reports rejections in one type; the analysis words them.

use mdip_map::{Coast, Location, ProvinceId, Terrain, UnitType};

use super::possible::ConvoyCache;
use super::{MoveOrder, Phase, Pos, SeasonKey, Spot, World};
use crate::rules::TimeAdjacency;

/// A unit as an order names it: the type and coast as written, and its spot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnitRef {
    /// The unit type as written (`None` when the notation omitted it).
    pub kind: Option<UnitType>,
    /// Where the unit stands.
    pub spot: Spot,
    /// The coast as written (ignored for the ordered unit, DATC 6.B.10).
    pub coast: Option<Coast>,
}

/// A movement-phase order as the caller resolved it from text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnitOrder {
    /// Hold.
    Hold,
    /// Move, with the destination coast as written.
    Move {
        /// Destination province and season.
        to: Spot,
        /// Destination coast as written.
        coast: Option<Coast>,
        /// `via Convoy` was written.
        via_convoy: bool,
    },
    /// Support to hold.
    SupportHold {
        /// The supported unit.
        target: UnitRef,
    },
    /// Support to move.
    SupportMove {
        /// The supported unit.
        target: UnitRef,
        /// The destination of the supported move.
        to: Spot,
        /// Its coast as written: when given, the supported move must go to that coast (6.B.9).
        coast: Option<Coast>,
    },
    /// Convoy.
    Convoy {
        /// The convoyed army.
        army: UnitRef,
        /// Its destination.
        to: Spot,
    },
}

/// One movement order for the world to validate and adjudicate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OrderInput {
    /// The power giving the order.
    pub power: mdip_map::Power,
    /// The ordered unit.
    pub unit: UnitRef,
    /// The order.
    pub order: UnitOrder,
}

/// Why an order is illegal. A movement order's unit then holds; a retreating unit without a
/// legal order is disbanded.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Illegal {
    /// The season named does not exist.
    NoSuchSeason(SeasonKey),
    /// No unit stands at the spot named.
    NoUnit(Spot),
    /// The unit there is of the other type.
    WrongUnitType {
        /// The spot.
        spot: Spot,
        /// The type of the unit that stands there.
        actual: UnitType,
    },
    /// The unit belongs to another power.
    ForeignUnit {
        /// Its owner.
        owner: mdip_map::Power,
    },
    /// The unit is in a past season: only units in heads take orders.
    NotAHead {
        /// The head of the unit's timeline.
        head: SeasonKey,
    },
    /// This kind of order is not accepted in the current phase.
    WrongPhase(Phase),
    /// The destination cannot hold this unit type (army to sea, fleet inland).
    WrongTerrain,
    /// A move to the unit's own province in its own season.
    MoveToSelf,
    /// The destination is not reachable (and no convoy could carry the unit there).
    Unreachable(ReachProblem),
    /// The fleet could reach several coasts of the destination and none was given.
    CoastMissing(Vec<Coast>),
    /// The fleet cannot reach the coast given.
    CoastUnreachable {
        /// The coasts it could reach.
        reachable: Vec<Coast>,
    },
    /// A unit cannot support itself.
    SupportSelf,
    /// The supporting unit cannot reach the province it supports into.
    SupportUnreachable(ReachProblem),
    /// A support for a move into the supporter's own province.
    SupportIntoOwnPlace,
    /// Only fleets convoy.
    ConvoyByArmy,
    /// Only fleets at sea convoy.
    ConvoyFromCoast,
    /// Only armies are convoyed.
    ConvoyOfFleet,
    /// The convoy destination cannot take an army arriving by sea.
    ConvoyDestination,
    /// The fleet is on no possible convoy route of that army to that destination.
    ConvoyNotOnRoute,
    /// The supported unit cannot make the move it is supported in (DATC 4.E.1).
    SupportedMoveImpossible {
        /// Why.
        why: MoveImpossible,
        /// The province the move goes to.
        to: ProvinceId,
    },
    /// Several orders for one unit: all are dropped.
    Duplicate,
    /// `@rules 5dd`: the supported or convoyed unit was not ordered what this order names (a
    /// support to hold: the unit was not ordered to stay), or, with strict adjacencies, a
    /// support across boards names another place than its own.
    Unmatched(Unfit),
    /// `@rules 5dd`: the move needs a convoy and no chain of fleets was ordered to convoy it.
    NoOrderedConvoy,
    /// `@rules 5dd`: a power has won; nothing more is adjudicated.
    GameOver,
    /// `@rules 5dd`: a support or convoy naming a unit of a season that does not exist yet: not
    /// carried out now (the unit holds), but kept to act when a later step reaches it.
    Anticipated(SeasonKey),
    /// `@rules standard` forbids orders that leave the unit's season.
    OtherSeasonInStandardRules,
    /// Retreat step: the unit is not waiting to retreat.
    NotDislodged,
    /// Retreat step: retreats stay in their season.
    RetreatLeavesSeason,
    /// Retreat step: not adjacent, or the unit cannot stand there.
    RetreatUnreachable,
    /// Retreat step: occupied after the movement.
    RetreatOccupied,
    /// Retreat step: left empty by a standoff.
    RetreatContested,
    /// Retreat step: the province the attacker came from.
    RetreatToAttacker,
    /// Retreat step: the fleet could reach several coasts and none was given.
    RetreatCoastMissing,
    /// Adjustment step: the adjustment rules reject the order on the board of `season`.
    BadAdjustment {
        /// The season whose board took the order.
        season: SeasonKey,
        /// Why it was rejected (a failing reason of the adjustment rules).
        reason: crate::Reason,
    },
}

/// Why a support or convoy does not fit the orders of the units it names (`@rules 5dd`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unfit {
    /// A support to hold of a unit not ordered to stay (a unit ordered to move, even to its
    /// own place, does not stay).
    NotStaying,
    /// A support of a move the unit was not ordered to make.
    NoSuchMove,
    /// A convoy of a move the army was not ordered to make, or from a fleet on no chain of
    /// fleets ordered to convoy it.
    NotConvoyed,
    /// Strict adjacencies: a support on another board reaches only the very place (coast
    /// included) its unit stands on.
    StrictReach,
}

/// Why a supported move cannot be made at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveImpossible {
    /// The supported unit would move to its own province (DATC 6.A.5).
    OwnProvince,
    /// The supported unit's type cannot go there: an army to sea, a fleet inland (DATC 6.D.22,
    /// 6.D.24).
    WrongTerrain(UnitType),
    /// The destination is out of the supported unit's reach (DATC 6.D.23: a fleet on the other
    /// coast).
    Unreachable(ReachProblem),
    /// Only a convoy could carry the supported army there, and every convoy would need the
    /// supporting fleet itself (DATC 6.D.31).
    NeedsSupporter,
}

/// What makes a destination unreachable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReachProblem {
    /// Not adjacent on the map.
    NotAdjacent,
    /// More than one turn apart.
    TooFarInTime,
    /// The timelines are not adjacent.
    TimelinesNotAdjacent,
    /// One turn and one timeline away at once: no diagonal step under `@rules 5dd`.
    Diagonal,
    /// Another location on another board: `@rules 5dd strict` reaches only the same one.
    StrictAdjacency,
    /// `@rules 5dd`: a Winter board taking its adjustments beside this movement step.
    WinterBoard,
    /// Not adjacent, and no fleets on the board could convoy the army there.
    NoConvoyRoute,
}

/// The ordered unit as validation needs it.
#[derive(Clone, Copy)]
struct Ordered {
    /// Its type.
    kind: UnitType,
    /// Where it stands.
    from: Pos,
    /// Its spot as the order names it.
    spot: Spot,
}

/// Whether an order acts on a season other than `own` (forbidden by `@rules standard`).
fn leaves_season(order: &UnitOrder, own: SeasonKey) -> bool {
    match *order {
        UnitOrder::Hold => false,
        UnitOrder::Move { to, .. } => to.season != own,
        UnitOrder::SupportHold { target } => target.spot.season != own,
        UnitOrder::SupportMove { target, to, .. } => target.spot.season != own || to.season != own,
        UnitOrder::Convoy { army, to } => army.spot.season != own || to.season != own,
    }
}

impl World {
    /// Why a move from `from` to `to` is not direct.
    pub(super) fn reach_problem(&self, from: SeasonKey, to: SeasonKey) -> ReachProblem {
        let numbered = matches!(self.rules.adjacency, TimeAdjacency::Numbered { .. });
        if self.resting.contains(&to) || self.resting.contains(&from) {
            ReachProblem::WinterBoard
        } else if from.turn.abs_diff(to.turn) > 1 {
            ReachProblem::TooFarInTime
        } else if numbered && from.timeline.abs_diff(to.timeline) > 1
            || !numbered && !self.timelines_adjacent(from.timeline, to.timeline)
        {
            ReachProblem::TimelinesNotAdjacent
        } else if numbered && from.turn != to.turn && from.timeline != to.timeline {
            ReachProblem::Diagonal
        } else if from != to && self.rules.adjacency == (TimeAdjacency::Numbered { strict: true }) {
            ReachProblem::StrictAdjacency
        } else {
            ReachProblem::NotAdjacent
        }
    }

    /// Finds the unit an order names, checking its type when written.
    fn named_unit(&self, r: UnitRef) -> Result<(UnitType, Location, mdip_map::Power), Illegal> {
        let u = self
            .seasons
            .get(&r.spot.season)
            .ok_or(Illegal::NoSuchSeason(r.spot.season))?
            .unit_at(r.spot.province)
            .ok_or(Illegal::NoUnit(r.spot))?;
        if let Some(k) = r.kind {
            if k != u.kind {
                return Err(Illegal::WrongUnitType {
                    spot: r.spot,
                    actual: u.kind,
                });
            }
        }
        Ok((u.kind, u.loc, u.power))
    }

    /// Checks a movement order and resolves it (coasts settled) or says why it is illegal.
    pub fn validate(&self, input: &OrderInput) -> Result<MoveOrder, Illegal> {
        self.validate_with(input, &mut None)
    }

    /// [`World::validate`], sharing the convoy board of one step between its orders.
    pub(super) fn validate_with<'w>(
        &'w self,
        input: &OrderInput,
        cache: &mut Option<ConvoyCache<'w>>,
    ) -> Result<MoveOrder, Illegal> {
        self.validate_as(input, cache, false)
    }

    /// Checks an order stored for a past season (`@record`): as a movement order of its
    /// unit's season, as if that season were being ordered; the unit need not stand in a head
    /// and the world need not be in its movement phase.
    pub(super) fn validate_stored(&self, input: &OrderInput) -> Result<MoveOrder, Illegal> {
        self.validate_as(input, &mut None, true)
    }

    /// [`World::validate_with`]; `stored` leaves out the checks that only a live order needs
    /// (its unit in a head, the movement phase).
    fn validate_as<'w>(
        &'w self,
        input: &OrderInput,
        cache: &mut Option<ConvoyCache<'w>>,
        stored: bool,
    ) -> Result<MoveOrder, Illegal> {
        let (kind, loc, owner) = self.named_unit(input.unit)?;
        if owner != input.power {
            return Err(Illegal::ForeignUnit { owner });
        }
        let own = input.unit.spot.season;
        if !stored && !self.is_head(own) {
            let head = self.timeline(own.timeline).map_or(own, |t| t.head);
            return Err(Illegal::NotAHead { head });
        }
        if !stored && self.phase != Phase::Movement {
            return Err(Illegal::WrongPhase(self.phase));
        }
        if self.resting.contains(&own) {
            // A Winter board that took its adjustments beside this movement step.
            return Err(Illegal::WrongPhase(Phase::Adjustment));
        }
        if !self.rules.adjacency.crosses_seasons() && leaves_season(&input.order, own) {
            return Err(Illegal::OtherSeasonInStandardRules);
        }
        let unit = Ordered {
            kind,
            from: Pos { season: own, loc },
            spot: input.unit.spot,
        };
        match input.order {
            UnitOrder::Hold => Ok(MoveOrder::Hold),
            UnitOrder::Move {
                to,
                coast,
                via_convoy,
            } => self.validate_move(kind, unit.from, to, coast, via_convoy, cache),
            UnitOrder::SupportHold { target } => self.validate_support_hold(unit, target),
            UnitOrder::SupportMove { target, to, coast } => {
                self.validate_support_move(unit, target, to, coast, cache)
            }
            UnitOrder::Convoy { army, to } => self.validate_convoy(unit, army, to, cache),
        }
    }

    /// Checks a support to hold (rule 9).
    fn validate_support_hold(&self, unit: Ordered, target: UnitRef) -> Result<MoveOrder, Illegal> {
        self.named_unit(target)?;
        if target.spot == unit.spot {
            return Err(Illegal::SupportSelf);
        }
        if !self.reaches_province(unit.kind, unit.from, target.spot) {
            return Err(Illegal::SupportUnreachable(
                self.reach_problem(unit.from.season, target.spot.season),
            ));
        }
        Ok(MoveOrder::SupportHold {
            target: target.spot,
        })
    }

    /// Checks a support to move (rule 9; DATC 4.E.1, 6.B.9).
    fn validate_support_move<'w>(
        &'w self,
        unit: Ordered,
        target: UnitRef,
        to: Spot,
        coast: Option<Coast>,
        cache: &mut Option<ConvoyCache<'w>>,
    ) -> Result<MoveOrder, Illegal> {
        self.named_unit(target)?;
        if !self.exists(to.season) {
            return Err(Illegal::NoSuchSeason(to.season));
        }
        if target.spot == unit.spot {
            return Err(Illegal::SupportSelf);
        }
        if to == unit.spot {
            return Err(Illegal::SupportIntoOwnPlace);
        }
        if !self.reaches_province(unit.kind, unit.from, to) {
            return Err(Illegal::SupportUnreachable(
                self.reach_problem(unit.from.season, to.season),
            ));
        }
        // The supported unit must be able to make that move at all (DATC 4.E.1: 6.A.5,
        // 6.D.22–6.D.24); a convoy that would need the supporting fleet itself does not count
        // (6.D.31).
        if let Some(t) = self.unit(target.spot) {
            let tpos = Pos {
                season: target.spot.season,
                loc: t.loc,
            };
            if let Some(why) = self.move_problem(t.kind, tpos, to, Some(unit.spot), cache) {
                return Err(Illegal::SupportedMoveImpossible {
                    why,
                    to: to.province,
                });
            }
        }
        let coast = if self.map.coasts(to.province).is_empty() {
            None
        } else {
            coast
        };
        Ok(MoveOrder::SupportMove {
            target: target.spot,
            to,
            coast,
        })
    }

    /// Checks a convoy order (rule 10; DATC 4.E.1, 6.G.7, 6.G.19).
    fn validate_convoy<'w>(
        &'w self,
        unit: Ordered,
        army: UnitRef,
        to: Spot,
        cache: &mut Option<ConvoyCache<'w>>,
    ) -> Result<MoveOrder, Illegal> {
        if unit.kind != UnitType::Fleet {
            return Err(Illegal::ConvoyByArmy);
        }
        if !self.map.convoys_from(unit.from.loc.province) {
            return Err(Illegal::ConvoyFromCoast);
        }
        let (army_kind, _, _) = self.named_unit(UnitRef { kind: None, ..army })?;
        if army.kind == Some(UnitType::Fleet) || army_kind != UnitType::Army {
            return Err(Illegal::ConvoyOfFleet);
        }
        if army.kind.is_some_and(|k| k != army_kind) {
            return Err(Illegal::WrongUnitType {
                spot: army.spot,
                actual: army_kind,
            });
        }
        if !self.exists(to.season) {
            return Err(Illegal::NoSuchSeason(to.season));
        }
        if self.map.terrain(to.province) != Terrain::Coastal {
            return Err(Illegal::ConvoyDestination);
        }
        // The fleet must lie on a possible convoy route.
        if to == army.spot || !self.convoy_order_possible(unit.spot, army.spot, to, cache) {
            return Err(Illegal::ConvoyNotOnRoute);
        }
        Ok(MoveOrder::Convoy {
            army: army.spot,
            to,
        })
    }

    /// Checks a move and settles the destination coast (DATC 6.B.1–6.B.3, 6.B.12).
    fn validate_move<'w>(
        &'w self,
        kind: UnitType,
        from: Pos,
        to: Spot,
        coast: Option<Coast>,
        via_convoy: bool,
        cache: &mut Option<ConvoyCache<'w>>,
    ) -> Result<MoveOrder, Illegal> {
        // The unit's own season exists; another one is looked up.
        if to.season != from.season && !self.exists(to.season) {
            return Err(Illegal::NoSuchSeason(to.season));
        }
        if to == from.spot() {
            return Err(Illegal::MoveToSelf);
        }
        let dest = match kind {
            UnitType::Army => self.army_destination(from, to, cache)?,
            UnitType::Fleet => self.fleet_destination(from, to, coast)?,
        };
        Ok(MoveOrder::Move {
            to: Pos {
                season: to.season,
                loc: dest,
            },
            via_convoy,
        })
    }

    /// Where an army's move goes: the province (a coast given is ignored, DATC 6.B.12), if it
    /// is reachable directly or by a convoy that fleets on the board could form.
    fn army_destination<'w>(
        &'w self,
        from: Pos,
        to: Spot,
        cache: &mut Option<ConvoyCache<'w>>,
    ) -> Result<Location, Illegal> {
        let terrain = self.map.terrain(to.province);
        if terrain == Terrain::Sea {
            return Err(Illegal::WrongTerrain);
        }
        let dest = Pos {
            season: to.season,
            loc: Location {
                province: to.province,
                coast: None,
            },
        };
        let direct = self.reaches(UnitType::Army, from, dest);
        let convoyable = self.map.terrain(from.loc.province) == Terrain::Coastal
            && terrain == Terrain::Coastal
            && self.rules_allow_convoy(from.season, to.season);
        if !direct && !convoyable {
            return Err(Illegal::Unreachable(
                self.reach_problem(from.season, to.season),
            ));
        }
        // A move only a convoy could make needs fleets that could form a route on the board,
        // whatever their orders (DATC 4.E.1, 6.D.32).
        if !direct && !self.convoy_possible(from, dest, None, cache) {
            return Err(Illegal::Unreachable(ReachProblem::NoConvoyRoute));
        }
        Ok(dest.loc)
    }

    /// Where a fleet's move goes: the province, or the coast written or the only one it
    /// reaches (DATC 6.B.1–6.B.3).
    fn fleet_destination(
        &self,
        from: Pos,
        to: Spot,
        coast: Option<Coast>,
    ) -> Result<Location, Illegal> {
        if self.map.terrain(to.province) == Terrain::Inland {
            return Err(Illegal::WrongTerrain);
        }
        let at = |coast: Option<Coast>| Location {
            province: to.province,
            coast,
        };
        let reach = |c: Option<Coast>| {
            self.reaches(
                UnitType::Fleet,
                from,
                Pos {
                    season: to.season,
                    loc: at(c),
                },
            )
        };
        let unreachable = || Illegal::Unreachable(self.reach_problem(from.season, to.season));
        let coasts = self.map.coasts(to.province);
        if coasts.is_empty() {
            // A coast given for a province without coasts is ignored.
            return if reach(None) {
                Ok(at(None))
            } else {
                Err(unreachable())
            };
        }
        let reachable: Vec<Coast> = coasts.iter().copied().filter(|&c| reach(Some(c))).collect();
        let chosen = match coast {
            Some(c) if reachable.contains(&c) => c,
            Some(_) => return Err(Illegal::CoastUnreachable { reachable }),
            None => match reachable.as_slice() {
                [] => return Err(unreachable()),
                [one] => *one,
                _ => return Err(Illegal::CoastMissing(reachable)),
            },
        };
        Ok(at(Some(chosen)))
    }
}
