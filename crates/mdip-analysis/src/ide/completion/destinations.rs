//! Where a unit can move under the rules, other seasons and timelines included.

use mdip_judge::world::{Phase, Pos, SeasonKey};
use mdip_map::{Location, ProvinceId, Terrain, UnitType};

use super::context::{Ctx, Resolved};
use super::item::CompletionKind;
use crate::ide::loc_text;

impl Ctx<'_> {
    /// Where a unit can move: every location of its season and of the seasons it reaches.
    pub(super) fn reachable(&self, u: Resolved) -> Vec<(Location, SeasonKey)> {
        let (Some(kind), Some(season)) = (u.kind, u.season) else {
            return Vec::new();
        };
        let from = Pos { season, loc: u.loc };
        let mut seasons = vec![season];
        seasons.extend(self.world.seasons_reachable_from(season));
        let mut out = Vec::new();
        for t in seasons {
            for p in self.map.provinces() {
                for loc in self.world.locations_of(p) {
                    if self.map.can_stand(kind, loc)
                        && (t != season || loc.province != u.loc.province)
                        && self.world.reaches(kind, from, Pos { season: t, loc })
                    {
                        out.push((loc, t));
                    }
                }
            }
        }
        out
    }

    /// A destination as written after the unit: the season only when it differs.
    pub(super) fn dest_text(&self, loc: Location, t: SeasonKey, own: Option<SeasonKey>) -> String {
        if Some(t) == own {
            loc_text(self.map, loc)
        } else {
            format!("{} {t}", loc_text(self.map, loc))
        }
    }

    pub(super) fn destinations(&mut self, u: Resolved) {
        if self.phase == Phase::Retreat {
            self.retreat_options(u);
            return;
        }
        let dests = self.reachable(u);
        if dests.is_empty() {
            self.all_provinces(u.kind);
            return;
        }
        let by_convoy = self.convoy_reach(u, &dests);
        for (loc, t) in dests {
            let text = self.dest_text(loc, t, u.season);
            let other = Some(t) != u.season;
            let detail = if other {
                format!("into {t} ({})", t.calendar(self.map.first_year()))
            } else {
                self.map.terrain(loc.province).name().to_owned()
            };
            self.push(
                text.clone(),
                CompletionKind::Province,
                Some(detail),
                text,
                u32::from(other),
            );
        }
        // Legal only by convoy: after the moves the unit can make alone.
        for p in by_convoy {
            let text = loc_text(self.map, Location::new(p, None));
            self.push(
                text.clone(),
                CompletionKind::Province,
                Some("by convoy, along the fleets at sea".into()),
                text,
                2,
            );
        }
    }

    /// For an army on a coast: the coastal provinces of its board that a chain of fleets at
    /// sea there could carry it to, beyond those it reaches alone (`dests`), in map order.
    fn convoy_reach(&self, u: Resolved, dests: &[(Location, SeasonKey)]) -> Vec<ProvinceId> {
        let (Some(UnitType::Army), Some(season)) = (u.kind, u.season) else {
            return Vec::new();
        };
        if self.map.terrain(u.loc.province) != Terrain::Coastal {
            return Vec::new();
        }
        let Some(board) = self.world.season(season) else {
            return Vec::new();
        };
        let fleet_at_sea = |p: ProvinceId| {
            self.map.terrain(p) == Terrain::Sea
                && board.unit_at(p).is_some_and(|b| b.kind == UnitType::Fleet)
        };
        // The fleets at sea linked to the army's coast, one border at a time.
        let mut reached: Vec<ProvinceId> = Vec::new();
        let mut queue: Vec<ProvinceId> = self
            .map
            .bordering(u.loc.province)
            .iter()
            .copied()
            .filter(|&p| fleet_at_sea(p))
            .collect();
        while let Some(p) = queue.pop() {
            if reached.contains(&p) {
                continue;
            }
            reached.push(p);
            queue.extend(
                self.map
                    .bordering(p)
                    .iter()
                    .copied()
                    .filter(|&n| fleet_at_sea(n) && !reached.contains(&n)),
            );
        }
        self.map
            .provinces()
            .filter(|&p| {
                p != u.loc.province
                    && self.map.terrain(p) == Terrain::Coastal
                    && reached.iter().any(|s| self.map.bordering(*s).contains(&p))
                    && !dests.iter().any(|(l, t)| *t == season && l.province == p)
            })
            .collect()
    }
}

impl Ctx<'_> {
    /// In a retreat phase: where the dislodged unit may retreat (its season's free provinces
    /// next to it, as the step computed them); nothing for a unit that is not dislodged.
    fn retreat_options(&mut self, u: Resolved) {
        let Some(d) = self
            .world
            .pending_retreats()
            .iter()
            .find(|d| Some(d.at.season) == u.season && d.at.loc.province == u.loc.province)
        else {
            return;
        };
        let options = d.options.clone();
        for loc in options {
            let text = loc_text(self.map, loc);
            self.push(
                text.clone(),
                CompletionKind::Province,
                Some("retreat".into()),
                text,
                0,
            );
        }
    }
}
