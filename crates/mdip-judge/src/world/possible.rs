//! Whether a move or a convoy is possible at all (DATC 4.E.1, rules 8-11), for validation:
//! the convoy board of a step, built once and kept in a [`ConvoyCache`], and the questions
//! asked of it.

use mdip_map::{Location, Terrain, UnitType};

use super::geography::StepGeography;
use super::validate::{MoveImpossible, ReachProblem};
use super::{Pos, SeasonKey, Spot, World};

/// A convoy question: an army (by spot), a destination, and a unit the route must not use.
type ConvoyQuestion = (Spot, Pos, Option<Spot>);

/// The board the convoy rules look at, built once per step when an order needs it.
pub(super) struct ConvoyCache<'w> {
    /// The convoy routes of an army (by spot) to a destination, once asked: each convoy
    /// order then searches for its own fleet only.
    chains: Vec<((Spot, Spot), crate::ConvoyRoutes)>,
    /// The board's fleets at sea, found for the first convoy order's routes.
    sea: Option<crate::legality::SeaFleets>,
    /// Whether fleets could convoy an army (by spot) to a destination without a unit, once
    /// asked: a move and the supports of it ask the same question.
    possible: Vec<(ConvoyQuestion, bool)>,
    seasons: Vec<SeasonKey>,
    units: Vec<crate::Unit>,
    spots: Vec<Spot>,
    geo: StepGeography<'w>,
}

impl World {
    /// The board the convoy rules look at, kept in `cache` for the orders of one step: every
    /// unit of the heads and of the seasons `need`s, with the geography of those seasons.
    pub(super) fn convoy_board<'w, 'a>(
        &'w self,
        cache: &'a mut Option<ConvoyCache<'w>>,
        need: &[SeasonKey],
    ) -> &'a ConvoyCache<'w> {
        let mut wanted: Vec<SeasonKey> = need.to_vec();
        if self.rules.reopening == crate::Reopening::TouchClosure {
            // The 5D game: stored convoys of past boards carry armies too (its MDATC D.03), so
            // the boards between the ends of the route count, one timeline either side.
            self.add_boards_between(&mut wanted, need);
        }
        let need = &wanted[..];
        let fits = cache.as_ref().is_some_and(|c| {
            need.iter()
                .all(|s| c.seasons.contains(s) || !self.exists(*s))
        });
        if !fits {
            let mut seasons = self.heads();
            let previous = cache.take().map(|c| c.seasons).unwrap_or_default();
            for &s in need.iter().chain(previous.iter()) {
                if !seasons.contains(&s) && self.exists(s) {
                    seasons.push(s);
                }
            }

            let mut geo = StepGeography::new(self, Vec::new());
            let total: usize = seasons.iter().map(|s| self.seasons[s].units.len()).sum();
            let mut units = Vec::with_capacity(total);
            let mut spots = Vec::with_capacity(total);
            for &s in &seasons {
                for u in &self.seasons[&s].units {
                    units.push(crate::Unit {
                        power: u.power,
                        kind: u.kind,
                        at: geo.at(s, u.loc),
                    });
                    spots.push(Spot {
                        season: s,
                        province: u.loc.province,
                    });
                }
            }
            *cache = Some(ConvoyCache {
                chains: Vec::new(),
                sea: None,
                possible: Vec::new(),
                seasons,
                units,
                spots,
                geo,
            });
        }
        cache.as_ref().expect("the board was just built")
    }

    /// Adds to `seasons` every existing season whose turn lies between the turns of `need` and
    /// whose timeline lies between theirs, one timeline either side.
    pub(super) fn add_boards_between(&self, seasons: &mut Vec<SeasonKey>, need: &[SeasonKey]) {
        let (Some(t0), Some(t1)) = (
            need.iter().map(|s| s.turn).min(),
            need.iter().map(|s| s.turn).max(),
        ) else {
            return;
        };
        let l0 = need
            .iter()
            .map(|s| s.timeline)
            .min()
            .unwrap_or(0)
            .saturating_sub(1);
        let l1 = need.iter().map(|s| s.timeline).max().unwrap_or(0) + 1;
        for (&k, _) in self
            .seasons
            .range(SeasonKey::new(t0, 0)..=SeasonKey::new(t1, u32::MAX))
        {
            if (l0..=l1).contains(&k.timeline) && !seasons.contains(&k) {
                seasons.push(k);
            }
        }
    }

    /// Why a unit of `kind` at `from` could not move to `to` at all, leaving out the unit at
    /// `without` from any convoy; `None` if it could.
    pub(super) fn move_problem<'w>(
        &'w self,
        kind: UnitType,
        from: Pos,
        to: Spot,
        without: Option<Spot>,
        cache: &mut Option<ConvoyCache<'w>>,
    ) -> Option<MoveImpossible> {
        if to == from.spot() {
            return Some(MoveImpossible::OwnProvince);
        }
        if !self.exists(to.season) {
            return Some(MoveImpossible::Unreachable(
                self.reach_problem(from.season, to.season),
            ));
        }
        let terrain = self.map.terrain(to.province);
        match kind {
            UnitType::Army => {
                if terrain == Terrain::Sea {
                    return Some(MoveImpossible::WrongTerrain(kind));
                }
                let dest = Pos {
                    season: to.season,
                    loc: Location::province(to.province),
                };
                if self.reaches(kind, from, dest) {
                    return None;
                }
                let by_sea = terrain == Terrain::Coastal
                    && self.map.terrain(from.loc.province) == Terrain::Coastal;
                if by_sea && self.convoy_possible(from, dest, without, cache) {
                    None
                } else if by_sea && self.convoy_possible(from, dest, None, cache) {
                    Some(MoveImpossible::NeedsSupporter)
                } else if by_sea {
                    Some(MoveImpossible::Unreachable(ReachProblem::NoConvoyRoute))
                } else {
                    Some(MoveImpossible::Unreachable(
                        self.reach_problem(from.season, to.season),
                    ))
                }
            }
            UnitType::Fleet if terrain == Terrain::Inland => {
                Some(MoveImpossible::WrongTerrain(kind))
            }
            UnitType::Fleet if self.reaches_province(kind, from, to) => None,
            UnitType::Fleet => Some(MoveImpossible::Unreachable(
                self.reach_problem(from.season, to.season),
            )),
        }
    }

    /// Whether fleets on the board could convoy the army at `from` to `to`, leaving out the
    /// unit at `without`.
    pub(super) fn convoy_possible<'w>(
        &'w self,
        from: Pos,
        to: Pos,
        without: Option<Spot>,
        cache: &mut Option<ConvoyCache<'w>>,
    ) -> bool {
        self.convoy_board(cache, &[from.season, to.season]);
        let Some(board) = cache.as_mut() else {
            return false;
        };
        let key = (from.spot(), to, without);
        if let Some(&(_, known)) = board.possible.iter().find(|(k, _)| *k == key) {
            return known;
        }
        let possible = board
            .spots
            .iter()
            .position(|&s| s == from.spot())
            .zip(board.geo.at_existing(to.season, to.loc))
            .is_some_and(|(army, dest)| {
                let without = without.and_then(|w| board.spots.iter().position(|&s| s == w));
                crate::convoy_possible(&board.units, army, dest, without, &board.geo)
            });
        board.possible.push((key, possible));
        possible
    }

    /// Whether the fleet at `fleet` lies on a possible convoy route of the army at `army` to
    /// `to`.
    pub(super) fn convoy_order_possible<'w>(
        &'w self,
        fleet: Spot,
        army: Spot,
        to: Spot,
        cache: &mut Option<ConvoyCache<'w>>,
    ) -> bool {
        self.convoy_board(cache, &[fleet.season, army.season, to.season]);
        let Some(board) = cache.as_mut() else {
            return false;
        };
        let routes = match board.chains.iter().position(|(k, _)| *k == (army, to)) {
            Some(i) => &board.chains[i].1,
            None => {
                let army_unit = board.spots.iter().position(|&s| s == army);
                let dest = board
                    .geo
                    .at_existing(to.season, Location::province(to.province));
                let routes = match (army_unit, dest) {
                    (Some(a), Some(dest)) => {
                        let sea = board.sea.get_or_insert_with(|| {
                            crate::legality::SeaFleets::new(&board.units, &board.geo)
                        });
                        crate::ConvoyRoutes::on(sea, &board.units, a, dest, &board.geo)
                    }
                    // No army there or no such season: routes without fleets.
                    _ => crate::ConvoyRoutes::default(),
                };
                board.chains.push(((army, to), routes));
                &board.chains[board.chains.len() - 1].1
            }
        };
        board
            .spots
            .iter()
            .enumerate()
            .any(|(u, &s)| s == fleet && routes.may_convoy(u))
    }

    /// Whether a convoy could possibly connect two seasons: a chain of hops, each at most one
    /// turn and one adjacent timeline, so any two existing seasons may be connected in principle.
    pub(super) fn rules_allow_convoy(&self, from: SeasonKey, to: SeasonKey) -> bool {
        self.rules.adjacency.crosses_seasons() || from == to
    }
}
