//! After `Supports`: the units a unit can support and where they may be supported to.

use mdip_judge::world::{Pos, Spot};
use mdip_map::UnitType;

use super::context::{Ctx, Resolved};
use super::item::CompletionKind;
use crate::ide::{loc_text, unit_text};

impl Ctx<'_> {
    /// Units that `u` can support: to hold (their province is in reach), or to move into a
    /// province in reach. With `kind`, only units of that type, by province (after
    /// `Supports A `).
    pub(super) fn support_targets(&mut self, u: Resolved, kind: Option<Option<UnitType>>) {
        let (Some(k), Some(season)) = (u.kind, u.season) else {
            return;
        };
        let from = Pos { season, loc: u.loc };
        let mut seasons = vec![season];
        seasons.extend(self.world.seasons_reachable_from(season));
        let mut holds = Vec::new();
        let mut moves = Vec::new();
        for t in seasons {
            let Some(board) = self.world.season(t) else {
                continue;
            };
            for b in &board.units {
                if t == season && b.loc.province == u.loc.province {
                    continue;
                }
                if let Some(Some(want)) = kind {
                    if b.kind != want {
                        continue;
                    }
                }
                let spot = Spot {
                    season: t,
                    province: b.loc.province,
                };
                let written_season = (t != season).then_some(t);
                if self.world.reaches_province(k, from, spot) {
                    holds.push((b.power, b.kind, b.loc, written_season));
                }
                let target = Resolved {
                    kind: Some(b.kind),
                    loc: b.loc,
                    season: Some(t),
                };
                for (dl, dt) in self.reachable(target) {
                    if dt == season && dl.province == u.loc.province {
                        continue;
                    }
                    let to = Spot {
                        season: dt,
                        province: dl.province,
                    };
                    if (dl.coast.is_none() || b.kind == UnitType::Fleet)
                        && self.world.reaches_province(k, from, to)
                    {
                        moves.push((b.power, b.kind, b.loc, written_season, dl, dt));
                    }
                }
            }
        }
        if matches!(kind, Some(Some(_))) {
            // After `Supports A `: each unit it can support once, by province; the move, if
            // any, is chosen after `-`.
            let mut seen = std::collections::HashSet::new();
            let units = holds
                .iter()
                .map(|&(p, bk, loc, ws)| (p, bk, loc, ws, true))
                .chain(
                    moves
                        .iter()
                        .map(|&(p, bk, loc, ws, _, _)| (p, bk, loc, ws, false)),
                );
            let units: Vec<_> = units.filter(|u| seen.insert((u.2, u.3))).collect();
            for (p, bk, loc, ws, hold) in units {
                let text = match ws {
                    Some(s) => format!("{} {s}", loc_text(self.map, loc)),
                    None => loc_text(self.map, loc),
                };
                let what = if hold {
                    "to hold or to move"
                } else {
                    "to move"
                };
                self.push(
                    text.clone(),
                    CompletionKind::Unit,
                    Some(format!("support {} {} {what}", p.adjective(), bk.name())),
                    text,
                    0,
                );
            }
            return;
        }
        for (p, bk, loc, ws) in holds {
            let text = unit_text(self.map, bk, loc, ws);
            self.push(
                text.clone(),
                CompletionKind::Unit,
                Some(format!("support {} {} to hold", p.adjective(), bk.name())),
                text,
                0,
            );
        }
        for (p, bk, loc, ws, dl, dt) in moves {
            let unit = unit_text(self.map, bk, loc, ws);
            let dest = self.dest_text(dl, dt, Some(ws.unwrap_or(season)));
            let text = format!("{unit} - {dest}");
            self.push(
                text.clone(),
                CompletionKind::Unit,
                Some(format!("support {} move", p.adjective())),
                text,
                1,
            );
        }
    }

    /// After `Supports A Munich - `: where the supported unit can go that the supporter reaches.
    pub(super) fn support_destinations(&mut self, u: Resolved, t: Resolved) {
        let (Some(k), Some(season)) = (u.kind, u.season) else {
            return;
        };
        let from = Pos { season, loc: u.loc };
        for (dl, dt) in self.reachable(t) {
            if dt == season && dl.province == u.loc.province {
                continue;
            }
            if dl.coast.is_some() && t.kind != Some(UnitType::Fleet) {
                continue;
            }
            let spot = Spot {
                season: dt,
                province: dl.province,
            };
            if self.world.reaches_province(k, from, spot) {
                let text = self.dest_text(dl, dt, t.season);
                self.push(
                    text.clone(),
                    CompletionKind::Province,
                    Some("supported move".into()),
                    text,
                    0,
                );
            }
        }
    }
}
