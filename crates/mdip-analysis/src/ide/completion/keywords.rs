//! Order keywords: after a unit, after a move, the outcome after an order, and the single
//! words an incomplete order waits for (a unit type, `-`, `Convoy`, a coast).

use mdip_judge::world::Phase;
use mdip_map::{ProvinceId, UnitType};

use super::context::{Ctx, Resolved};
use super::item::CompletionKind;

impl Ctx<'_> {
    /// After a complete unit: the order keywords of the phase.
    pub(super) fn operators(&mut self, u: Resolved) {
        let kws: &[(&str, &str, &str)] = match self.phase {
            Phase::Movement => &[
                ("Hold", "the unit holds", "Hold"),
                ("-", "move", "- "),
                ("Supports", "support a hold or a move", "Supports "),
                ("Convoys", "convoy an army (fleets at sea)", "Convoys "),
            ],
            Phase::Retreat => &[
                ("-", "retreat", "- "),
                ("Disband", "disband the unit", "Disband"),
            ],
            Phase::Adjustment => &[("Disband", "remove the unit", "Disband")],
        };
        for (i, (label, detail, insert)) in kws.iter().enumerate() {
            if *label == "Convoys" && u.kind == Some(UnitType::Army) {
                continue;
            }
            self.push(
                *label,
                CompletionKind::Keyword,
                Some((*detail).into()),
                *insert,
                i as u32,
            );
        }
    }

    /// After an order: its expected outcome.
    pub(super) fn outcomes(&mut self) {
        for (i, w) in ["succeeds", "fails", "illegal"].iter().enumerate() {
            self.push(
                format!("=> {w}"),
                CompletionKind::Keyword,
                Some("expected outcome".into()),
                format!("=> {w}"),
                10 + i as u32,
            );
        }
    }

    /// After `Build `: the unit types.
    pub(super) fn unit_types(&mut self) {
        self.push("A", CompletionKind::Keyword, Some("army".into()), "A ", 0);
        self.push("F", CompletionKind::Keyword, Some("fleet".into()), "F ", 0);
    }

    /// After a convoyed army: the `-` before its destination.
    pub(super) fn convoy_arrow(&mut self) {
        self.push(
            "-",
            CompletionKind::Keyword,
            Some("the army's destination follows".into()),
            "- ",
            0,
        );
    }

    /// After `via`: `Convoy`.
    pub(super) fn via_convoy(&mut self) {
        self.push(
            "Convoy",
            CompletionKind::Keyword,
            Some("via Convoy".into()),
            "Convoy",
            0,
        );
    }

    /// After a move of an army: `via Convoy`.
    pub(super) fn via_convoy_words(&mut self) {
        self.push(
            "via Convoy",
            CompletionKind::Keyword,
            Some("the army goes by convoy".into()),
            "via Convoy",
            0,
        );
    }

    /// In `( )` or after `/`: the coasts of the province.
    pub(super) fn coasts(&mut self, province: Option<ProvinceId>) {
        let Some(p) = province else { return };
        for c in self.map.coasts(p) {
            self.push(
                c.abbrev(),
                CompletionKind::Keyword,
                Some(c.name().to_owned()),
                c.abbrev(),
                0,
            );
        }
    }
}
