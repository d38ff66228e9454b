//! At the start of an order line: the block power's units (with snippets) in a movement
//! phase, its dislodged units in a retreat phase, the builds, removals and waives it owes in an
//! adjustment phase, and powers for a new block.

use mdip_judge::world::{Owed, Phase, SeasonKey};
use mdip_map::{Power, UnitType};

use super::context::Ctx;
use super::item::CompletionKind;
use crate::ide::unit_text;
use crate::run::describe::notation_unit;
use mdip_syntax::notation::Order;

impl Ctx<'_> {
    /// At the start of an order line: the block power's units, powers for a new block,
    /// adjustment keywords, and snippets.
    pub(super) fn line_start(&mut self, power: Option<Power>) {
        let power = power.or(self.power);
        match self.phase {
            Phase::Adjustment => {
                self.owed_adjustments(power);
                self.powers(Some("block header"), 5);
                return;
            }
            Phase::Retreat => {
                self.push(
                    "Disband",
                    CompletionKind::Keyword,
                    Some("disband a dislodged unit".into()),
                    "Disband ",
                    1,
                );
                self.dislodged_units(power);
                self.powers(Some("block header"), 5);
                return;
            }
            Phase::Movement => {}
        }
        if let Some(p) = power {
            for (s, u) in self.units_of(p) {
                let label = unit_text(self.map, u.0, u.1, s);
                self.push(
                    label.clone(),
                    CompletionKind::Unit,
                    Some(format!("{} unit", p.adjective())),
                    label.clone(),
                    0,
                );
                if self.config.snippets && self.phase == Phase::Movement {
                    self.move_and_support_snippets(&label, s, u);
                }
            }
        }
        self.powers(Some("block header"), 5);
    }
}

impl Ctx<'_> {
    /// What is owed on the boards pending adjustment that the line can be in: the cursor's
    /// season when it is pending, else every pending board.
    pub(super) fn owed(&self) -> Vec<Owed> {
        let pending = self.world.pending_adjustments();
        let seasons: Vec<SeasonKey> = match self.season {
            Some(s) if pending.contains(&s) => vec![s],
            _ => pending.to_vec(),
        };
        seasons
            .into_iter()
            .flat_map(|s| self.world.adjustments_owed(s))
            .collect()
    }

    /// In an adjustment phase: for each board where `power` (every power when unknown) owes
    /// builds, `Build` of each unit type in each free home centre and `Waive`; where it owes
    /// removals, `Remove` of each of its units there. Nothing for a power that owes nothing.
    fn owed_adjustments(&mut self, power: Option<Power>) {
        let owed = self.owed();
        let several = owed
            .iter()
            .map(|o| o.season)
            .collect::<std::collections::BTreeSet<_>>()
            .len()
            > 1;
        for o in owed.iter().filter(|o| power.is_none_or(|p| p == o.power)) {
            let season = (several || self.season.is_none_or(|s| s != o.season)).then_some(o.season);
            let suffix = season.map_or(String::new(), |s| format!(" {s}"));
            if o.builds > 0 {
                for &home in &o.free_homes {
                    for loc in self.world.locations_of(home) {
                        for kind in [UnitType::Army, UnitType::Fleet] {
                            if !self.map.can_stand(kind, loc)
                                || (kind == UnitType::Army && loc.coast.is_some())
                            {
                                continue;
                            }
                            let unit = notation_unit(self.map, kind, loc, None);
                            let text = format!("{}{suffix}", Order::Build { unit });
                            self.push(
                                text.clone(),
                                CompletionKind::Keyword,
                                Some(format!(
                                    "{} may build {} ({})",
                                    o.power.name(),
                                    o.builds,
                                    o.season
                                )),
                                text,
                                0,
                            );
                        }
                    }
                }
                self.push(
                    "Waive",
                    CompletionKind::Keyword,
                    Some(format!("{} leaves a build unused", o.power.name())),
                    "Waive",
                    1,
                );
            }
            if o.removals > 0 {
                let units: Vec<_> = self
                    .world
                    .season(o.season)
                    .map(|b| {
                        b.units
                            .iter()
                            .filter(|u| u.power == o.power)
                            .map(|u| (u.kind, u.loc))
                            .collect()
                    })
                    .unwrap_or_default();
                for (kind, loc) in units {
                    let unit = notation_unit(self.map, kind, loc, None);
                    let text = format!("{}{suffix}", Order::Remove { unit });
                    self.push(
                        text.clone(),
                        CompletionKind::Keyword,
                        Some(format!(
                            "{} must remove {} ({})",
                            o.power.name(),
                            o.removals,
                            o.season
                        )),
                        text,
                        0,
                    );
                }
            }
        }
    }

    /// In a retreat phase: the dislodged units of `power` (every power when unknown), in the
    /// cursor's season when known.
    pub(super) fn dislodged_units(&mut self, power: Option<Power>) {
        let units: Vec<_> = self
            .world
            .pending_retreats()
            .iter()
            .filter(|d| power.is_none_or(|p| p == d.power))
            .filter(|d| self.season.is_none_or(|s| s == d.at.season))
            .map(|d| (d.power, d.kind, d.at))
            .collect();
        for (p, kind, at) in units {
            let season = (self.season != Some(at.season)).then_some(at.season);
            let label = unit_text(self.map, kind, at.loc, season);
            self.push(
                label.clone(),
                CompletionKind::Unit,
                Some(format!("{} unit, dislodged", p.adjective())),
                label,
                0,
            );
        }
    }
}
