//! Adjacency across time and reach (rules 8 and 9): which timelines and seasons touch, and
//! whether a unit reaches a location or a province, on its own board or another.

use mdip_map::{Coast, Location, ProvinceId, UnitType};

use super::{Pos, SeasonKey, Spot, World};
use crate::rules::TimeAdjacency;

impl World {
    /// Whether two timelines are adjacent (rule 8): the same, parent and child, or siblings
    /// branched from the very same season.
    pub fn timelines_adjacent(&self, a: u32, b: u32) -> bool {
        if a == b {
            return true;
        }
        let (Some(ta), Some(tb)) = (self.timeline(a), self.timeline(b)) else {
            return false;
        };
        if ta.branched_from.is_some_and(|s| s.timeline == b) {
            return true;
        }
        if tb.branched_from.is_some_and(|s| s.timeline == a) {
            return true;
        }
        matches!((ta.branched_from, tb.branched_from), (Some(x), Some(y)) if x == y)
    }

    /// Whether two seasons are adjacent in time (rule 8): both existing, and under the
    /// multiversal rules at most one turn apart in adjacent timelines; under the 5D game's
    /// ([`TimeAdjacency::Numbered`]) one turn apart in the same timeline or the same turn in the
    /// timeline numbered one more or one less (no diagonal step).
    pub fn seasons_adjacent(&self, s: SeasonKey, t: SeasonKey) -> bool {
        // The arithmetic of the keys first: most pairs a step asks about are far apart, and
        // the lookups below cost more (every condition is asked; only the order is cheaper).
        let turns = s.turn.abs_diff(t.turn);
        if turns > 1 {
            return false;
        }
        let near = match self.rules.adjacency {
            TimeAdjacency::Numbered { .. } => turns + s.timeline.abs_diff(t.timeline) <= 1,
            TimeAdjacency::Multiversal | TimeAdjacency::OwnSeasonOnly => true,
        };
        if !(near && self.exists(s) && self.exists(t)) {
            return false;
        }
        // A Winter board that rests beside this movement step is out of reach.
        if self.resting.contains(&s) || self.resting.contains(&t) {
            return false;
        }
        match self.rules.adjacency {
            TimeAdjacency::Numbered { .. } => true,
            TimeAdjacency::Multiversal | TimeAdjacency::OwnSeasonOnly => {
                self.timelines_adjacent(s.timeline, t.timeline)
            }
        }
    }

    /// Whether a unit of `kind` at `from` reaches `to` directly (rule 8; under `@rules 5dd
    /// strict` only the same location on another board).
    pub fn reaches(&self, kind: UnitType, from: Pos, to: Pos) -> bool {
        // Map adjacency first, the cheaper test (most questions are about one board).
        self.locations_reach(kind, from.season == to.season, from.loc, to.loc)
            && self.boards_reach(from.season, to.season)
    }

    /// Whether a unit on board `from` may reach board `to` at all (rule 8): its own board if it
    /// exists, else an adjacent one ([`World::seasons_adjacent`]). The half of
    /// [`World::reaches`] that does not depend on the locations.
    pub(crate) fn boards_reach(&self, from: SeasonKey, to: SeasonKey) -> bool {
        if from == to {
            self.exists(from)
        } else {
            self.seasons_adjacent(from, to)
        }
    }

    /// Whether a unit of `kind` at `from` reaches `to`, on one board (map adjacency) or on
    /// another once the boards reach ([`World::boards_reach`]): there the same location too,
    /// or only it under `@rules 5dd strict`. The other half of [`World::reaches`].
    pub(crate) fn locations_reach(
        &self,
        kind: UnitType,
        one_board: bool,
        from: Location,
        to: Location,
    ) -> bool {
        if one_board {
            return self.map.adjacent(kind, from, to);
        }
        match self.rules.adjacency {
            TimeAdjacency::Numbered { strict: true } => from == to,
            _ => from == to || self.map.adjacent(kind, from, to),
        }
    }

    /// Whether a unit of `kind` at `from` reaches some location of `to`'s province (the reach a
    /// support needs, rule 9).
    pub fn reaches_province(&self, kind: UnitType, from: Pos, to: Spot) -> bool {
        // Every reach joins a province to itself (on another board) or to one it borders
        // (map adjacency): the cheap test first, as most provinces asked about are far.
        let p = from.loc.province;
        if p != to.province && !self.map.borders(p, to.province) {
            return false;
        }
        // Then the boards, once for all the coasts: most units near a province stand on
        // boards far from its season.
        if !self.boards_reach(from.season, to.season) {
            return false;
        }
        let one_board = from.season == to.season;
        let reach = |coast: Option<Coast>| {
            let loc = Location {
                province: to.province,
                coast,
            };
            self.map.can_stand(kind, loc) && self.locations_reach(kind, one_board, from.loc, loc)
        };
        reach(None) || self.map.coasts(to.province).iter().any(|&c| reach(Some(c)))
    }

    /// The locations of a province: one per coast, or the province itself.
    pub fn locations_of(&self, province: ProvinceId) -> Vec<Location> {
        let coasts = self.map.coasts(province);
        if coasts.is_empty() {
            vec![Location {
                province,
                coast: None,
            }]
        } else {
            let mut v: Vec<Location> = coasts
                .iter()
                .map(|&c: &Coast| Location {
                    province,
                    coast: Some(c),
                })
                .collect();
            // An army stands on the province, not on a coast.
            v.push(Location {
                province,
                coast: None,
            });
            v
        }
    }

    /// The seasons a unit in `from` can reach in one move, excluding its own: the targets that
    /// completion offers.
    pub fn seasons_reachable_from(&self, from: SeasonKey) -> Vec<SeasonKey> {
        self.seasons
            .keys()
            .copied()
            .filter(|&t| t != from && self.seasons_adjacent(from, t))
            .collect()
    }
}
