//! Seasons that exist, and powers by name.

use mdip_judge::world::SeasonKey;

use super::context::Ctx;
use super::item::CompletionKind;

impl Ctx<'_> {
    /// Seasons that exist, heads first; with `from`, only those it reaches.
    pub(super) fn seasons(&mut self, from: Option<SeasonKey>) {
        let heads = self.world.heads();
        let all: Vec<SeasonKey> = match from {
            Some(s) => self.world.seasons_reachable_from(s),
            None => self.world.seasons().map(|s| s.key).collect(),
        };
        for s in all {
            let head = heads.contains(&s);
            let calendar = s.calendar(self.map.first_year());
            let detail = format!("{calendar}{}", if head { ", head" } else { "" });
            self.push(
                s.to_string(),
                CompletionKind::Season,
                Some(detail),
                s.to_string(),
                if head { 0 } else { 1 },
            );
        }
    }

    /// In a header: the seasons the step in progress creates (naming one closes that step).
    pub(super) fn next_seasons(&mut self) {
        let new: Vec<SeasonKey> = self
            .next
            .iter()
            .copied()
            .filter(|&k| !self.world.exists(k))
            .collect();
        for s in new {
            self.push(
                s.to_string(),
                CompletionKind::Season,
                Some(format!(
                    "{}, after the step in progress",
                    s.calendar(self.map.first_year())
                )),
                s.to_string(),
                2,
            );
        }
    }

    /// Every power, as `detail` says, sorted with `sort`.
    pub(super) fn powers(&mut self, detail: Option<&str>, sort: u32) {
        for &p in self.map.powers() {
            self.push(
                p.name(),
                CompletionKind::Power,
                detail.map(str::to_owned),
                p.name(),
                sort,
            );
        }
    }
}
