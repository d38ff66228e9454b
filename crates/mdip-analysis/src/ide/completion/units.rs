//! The units of a power and the provinces a unit can stand in (after `A `, `Build F `,
//! `Remove `).

use mdip_judge::world::SeasonKey;
use mdip_map::{Location, Power, UnitType};

use super::context::Ctx;
use super::item::CompletionKind;
use crate::ide::{loc_text, unit_text};

impl Ctx<'_> {
    /// The units of `power` (after `Remove `).
    pub(super) fn own_units(&mut self, power: Option<Power>) {
        let Some(p) = power else { return };
        for (s, (k, loc)) in self.units_of(p) {
            let label = unit_text(self.map, k, loc, s);
            self.push(
                label.clone(),
                CompletionKind::Unit,
                Some(format!("{} unit", p.adjective())),
                label,
                0,
            );
        }
    }

    /// The units of `power` in the cursor's season, or in every head when the season is not
    /// known (each then with its season).
    pub(super) fn units_of(&self, power: Power) -> Vec<(Option<SeasonKey>, (UnitType, Location))> {
        let seasons: Vec<(SeasonKey, bool)> = match self.season {
            Some(s) => vec![(s, false)],
            None => self.world.heads().into_iter().map(|h| (h, true)).collect(),
        };
        let mut out = Vec::new();
        for (s, explicit) in seasons {
            if let Some(season) = self.world.season(s) {
                for u in season.units.iter().filter(|u| u.power == power) {
                    out.push((explicit.then_some(s), (u.kind, u.loc)));
                }
            }
        }
        out
    }

    /// After `A ` or `Build F `: provinces.
    pub(super) fn unit_provinces(
        &mut self,
        power: Option<Power>,
        kind: Option<UnitType>,
        build: bool,
    ) {
        if build {
            if let Some(p) = power {
                let board = self.season.and_then(|s| self.world.season(s));
                for &c in self.map.home_centres(p) {
                    let occupied = board.is_some_and(|b| b.unit_at(c).is_some());
                    let owned = board.is_none_or(|b| b.owner(c) == Some(p));
                    if occupied || !owned {
                        continue;
                    }
                    for loc in self.world.locations_of(c) {
                        if kind.is_none_or(|k| self.map.can_stand(k, loc))
                            && (kind.is_some() || loc.coast.is_none())
                        {
                            let t = loc_text(self.map, loc);
                            self.push(
                                t.clone(),
                                CompletionKind::Province,
                                Some("home centre".into()),
                                t,
                                0,
                            );
                        }
                    }
                }
            }
            return;
        }
        if let Some(p) = power {
            for (s, (k, loc)) in self.units_of(p) {
                if kind.is_some_and(|kind| kind != k) {
                    continue;
                }
                let t = match s {
                    Some(s) => format!("{} {s}", loc_text(self.map, loc)),
                    None => loc_text(self.map, loc),
                };
                self.push(
                    t.clone(),
                    CompletionKind::Unit,
                    Some(format!("{} {}", p.adjective(), k.name())),
                    t,
                    0,
                );
            }
        }
        if self.items.is_empty() {
            self.all_provinces(kind);
        }
    }

    pub(super) fn all_provinces(&mut self, kind: Option<UnitType>) {
        for p in self.map.provinces() {
            if let Some(k) = kind {
                if !self
                    .world
                    .locations_of(p)
                    .into_iter()
                    .any(|l| self.map.can_stand(k, l))
                {
                    continue;
                }
            }
            let name = self.map.name(p).to_owned();
            self.push(
                name.clone(),
                CompletionKind::Province,
                Some(self.map.abbrev(p).to_owned()),
                name,
                4,
            );
        }
    }
}
