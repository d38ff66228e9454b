//! After `Convoys`: the armies a fleet can convoy and their destinations.

use mdip_map::{ProvinceId, Terrain, UnitType};

use super::context::{Ctx, Resolved};
use super::item::CompletionKind;
use crate::ide::unit_text;

impl Ctx<'_> {
    /// After `Convoys `: armies on coasts of the fleet's season.
    pub(super) fn convoy_targets(&mut self, u: Resolved) {
        let Some(season) = u.season else { return };
        let Some(board) = self.world.season(season) else {
            return;
        };
        let armies: Vec<_> = board
            .units
            .iter()
            .filter(|b| {
                b.kind == UnitType::Army && self.map.terrain(b.loc.province) == Terrain::Coastal
            })
            .map(|b| (b.power, b.loc))
            .collect();
        for (p, loc) in armies {
            let text = unit_text(self.map, UnitType::Army, loc, None);
            self.push(
                text.clone(),
                CompletionKind::Unit,
                Some(format!("{} army", p.adjective())),
                text,
                0,
            );
        }
    }

    /// After `Convoys A London - `: coastal provinces.
    pub(super) fn convoy_destinations(&mut self, t: Resolved) {
        let coastal: Vec<ProvinceId> = self
            .map
            .provinces()
            .filter(|&p| self.map.terrain(p) == Terrain::Coastal && p != t.loc.province)
            .collect();
        for p in coastal {
            let name = self.map.name(p).to_owned();
            self.push(
                name.clone(),
                CompletionKind::Province,
                Some("coastal".into()),
                name,
                0,
            );
        }
    }
}
