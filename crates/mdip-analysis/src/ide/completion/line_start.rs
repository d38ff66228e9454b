//! At the start of an order line: the block power's units (with snippets), adjustment and
//! retreat keywords, and powers for a new block.

use mdip_judge::world::Phase;
use mdip_map::Power;

use super::context::Ctx;
use super::item::CompletionKind;
use crate::ide::unit_text;

impl Ctx<'_> {
    /// At the start of an order line: the block power's units, powers for a new block,
    /// adjustment keywords, and snippets.
    pub(super) fn line_start(&mut self, power: Option<Power>) {
        let power = power.or(self.power);
        match self.phase {
            Phase::Adjustment => {
                for (k, d) in [
                    ("Build", "build a unit in a home centre"),
                    ("Remove", "remove a unit"),
                    ("Waive", "leave a build unused"),
                ] {
                    self.push(
                        k,
                        CompletionKind::Keyword,
                        Some(d.into()),
                        format!("{k} "),
                        1,
                    );
                }
            }
            Phase::Retreat => {
                self.push(
                    "Disband",
                    CompletionKind::Keyword,
                    Some("disband a dislodged unit".into()),
                    "Disband ",
                    1,
                );
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
