//! The end of a movement step, phases 6 and 7 of [`World::movement_step`] (`movement_step.rs`'s
//! module docs list them all): which re-opened seasons fork (rule 16), heads advancing and forks
//! created (rule 18), and the dislodged units and adjustments left waiting.

use super::movement_step::{Adjudicated, SeasonResult};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use mdip_map::ProvinceId;

use super::graph::Graph;
use super::report::{Advance, Fork};
use super::{Dislodged, Phase, Pos, Season, SeasonKey, Timeline, World};

impl World {
    /// Which re-opened seasons fork (rule 16), numbered by (turn, timeline) (rule 18): those a
    /// live move arrived in, and those whose result matches none of their children.
    pub(super) fn forking(
        &self,
        reopened: &BTreeSet<SeasonKey>,
        graph: &Graph,
        adjudicated: &Adjudicated,
        results: &BTreeMap<SeasonKey, SeasonResult>,
    ) -> Vec<SeasonKey> {
        let mut forking: Vec<SeasonKey> = Vec::new();
        for &s in reopened {
            let live_arrival = adjudicated
                .arrivals_into(s)
                .iter()
                .any(|&i| graph.units[i].live);
            let sig = &results[&s].sig;
            let matches_child = self.seasons[&s]
                .children
                .iter()
                .any(|c| self.seasons[c].created_by.as_ref() == Some(sig));
            if self.rules.forks.forks(live_arrival, matches_child) {
                forking.push(s);
            }
        }
        forking.sort();
        forking
    }

    /// Advances every head (rule 5), even an empty one, and creates a timeline for every
    /// forking season. Returns the heads with their next seasons, and the forks.
    pub(super) fn advance(
        &mut self,
        heads: &[SeasonKey],
        forking: &[SeasonKey],
        results: &BTreeMap<SeasonKey, SeasonResult>,
    ) -> (Vec<Advance>, Vec<Fork>) {
        let advanced: Vec<Advance> = heads
            .iter()
            .map(|&h| Advance {
                head: h,
                next: SeasonKey::new(h.turn + 1, h.timeline),
            })
            .collect();
        let first_new_timeline = self.timelines.len() as u32;
        let forks: Vec<Fork> = (first_new_timeline..)
            .zip(forking.iter())
            .map(|(next_timeline, &s)| Fork {
                from: s,
                first: SeasonKey::new(s.turn + 1, next_timeline),
            })
            .collect();
        for &(parent, key) in new_seasons(&advanced, &forks).iter() {
            self.create_season(parent, key, &results[&parent]);
        }
        (advanced, forks)
    }

    /// Creates season `key` after `parent` with the board of the parent's result, as the next
    /// season of its timeline or the first of a new one.
    pub(super) fn create_season(
        &mut self,
        parent: SeasonKey,
        key: SeasonKey,
        result: &SeasonResult,
    ) {
        let owners = self.seasons[&parent].owners.clone();
        self.seasons.insert(
            key,
            Arc::new(Season {
                key,
                parent: Some(parent),
                children: Vec::new(),
                units: result.board.clone(),
                owners,
                record: None,
                created_by: Some(result.sig.clone()),
            }),
        );
        self.seasons
            .get_mut(&parent)
            .map(Arc::make_mut)
            .expect("parents exist")
            .children
            .push(key);
        if key.timeline == parent.timeline {
            self.timelines[key.timeline as usize].head = key;
        } else {
            self.timelines.push(Timeline {
                number: key.timeline,
                branched_from: Some(parent),
                first: key,
                head: key,
            });
        }
    }

    /// Dislodged units of heads and forking seasons retreat into their new seasons: they wait
    /// for the retreat step (or, without any, the step goes on to the adjustments). Returns
    /// the dislodged units.
    pub(super) fn retreats(
        &mut self,
        advanced: &[Advance],
        forks: &[Fork],
        graph: &Graph,
        adjudicated: &Adjudicated,
        results: &BTreeMap<SeasonKey, SeasonResult>,
    ) -> Vec<Dislodged> {
        let new_seasons = new_seasons(advanced, forks);
        let mut pending = Vec::new();
        for &(parent, key) in &new_seasons {
            let contested: Vec<ProvinceId> = adjudicated
                .contested
                .iter()
                .filter(|p| adjudicated.site_of(parent) == Some(p.site.0 as usize))
                .map(|p| p.province)
                .collect();
            for &gi in &results[&parent].dislodged {
                let Some(d) = adjudicated.dislodged_by[gi] else {
                    continue;
                };
                let g = &graph.units[gi];
                let mut dl = Dislodged {
                    at: Pos {
                        season: parent,
                        loc: g.sig.loc,
                    },
                    power: g.sig.power,
                    kind: g.sig.kind,
                    into: key,
                    attacker_from: graph.units[d.by].spot,
                    by_convoy: d.by_convoy,
                    contested: contested.clone(),
                    options: Vec::new(),
                };
                dl.options = self.retreat_options(&dl);
                pending.push(dl);
            }
        }
        self.steps += 1;
        self.pending_retreats = pending.clone();
        self.pending_adjustments = new_seasons
            .iter()
            .filter(|(parent, _)| parent.is_fall())
            .map(|&(_, key)| key)
            .collect();
        if self.pending_retreats.is_empty() {
            self.after_retreats();
        } else {
            self.phase = Phase::Retreat;
        }
        pending
    }
}

/// Every season the step creates, after its parent: the heads' next seasons, then the forks'
/// first seasons.
fn new_seasons(advanced: &[Advance], forks: &[Fork]) -> Vec<(SeasonKey, SeasonKey)> {
    advanced
        .iter()
        .map(|a| (a.head, a.next))
        .chain(forks.iter().map(|f| (f.from, f.first)))
        .collect()
}
