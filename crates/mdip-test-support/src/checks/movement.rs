//! The checks of a movement step, one named check per rule: the graph of adjudicated units, the
//! report entries, re-opened seasons, advancing heads, forks, the new seasons, the unedited
//! past, the new boards, the accounting of every unit, arrivals, dislodged units and the next
//! phase.

use std::collections::{BTreeMap, BTreeSet};

use mdip_judge::world::{
    Advance, BoardUnit, MoveOrder, OrderInput, OrderOutcome, Origin, Phase, Pos, SeasonKey, Spot,
    StepReport as WorldReport, UnitSig, World,
};

use super::{sig, sorted_sigs, units_of, Stats};

/// A (parent, new season) pair: a head and its successor, or a re-opened season and its fork.
type Pair = (SeasonKey, SeasonKey);

/// One movement step under check: the worlds before and after, its inputs and report, and the
/// graph's index by spot and its live units.
struct Step<'a> {
    before: &'a World,
    inputs: &'a [OrderInput],
    r: &'a WorldReport,
    after: &'a World,
    heads: Vec<SeasonKey>,
    index: BTreeMap<Spot, usize>,
    live: Vec<usize>,
}

/// The checks of one movement step. Returns the (parent, new season) pairs.
pub fn check_movement(
    before: &World,
    inputs: &[OrderInput],
    r: &WorldReport,
    after: &World,
    stats: &mut Stats,
) -> Result<Vec<(SeasonKey, SeasonKey)>, String> {
    ensure!(r.ran, "the movement step did not run");
    ensure!(
        r.entries.len() == inputs.len(),
        "one report entry per input"
    );
    let step = Step::index(before, inputs, r, after)?;
    step.check_graph()?;
    step.check_entries(stats)?;
    let reopened = step.check_reopened(stats)?;
    step.check_advance()?;
    let pairs = step.check_forks(&reopened, stats)?;
    step.check_seasons(&pairs)?;
    step.check_past_unchanged()?;
    let dislodged_at = step.check_dislodged_once()?;
    let moved_from = step.check_new_boards(&pairs, &dislodged_at)?;
    step.check_accounted(&pairs, &dislodged_at)?;
    step.check_arrivals(&moved_from, stats)?;
    step.count_cross_season_supports(stats);
    step.check_dislodged(&pairs, stats)?;
    step.check_next_phase(&pairs)?;
    Ok(pairs)
}

impl<'a> Step<'a> {
    /// Indexes the graph by spot and lists its live units: every unit of every head, live,
    /// once; then replayed units of re-opened seasons.
    fn index(
        before: &'a World,
        inputs: &'a [OrderInput],
        r: &'a WorldReport,
        after: &'a World,
    ) -> Result<Self, String> {
        let mut index: BTreeMap<Spot, usize> = BTreeMap::new();
        for (i, g) in r.graph.iter().enumerate() {
            ensure!(
                index.insert(g.spot, i).is_none(),
                "{:?} twice in the graph",
                g.spot
            );
        }
        ensure!(
            r.outcomes.len() == r.graph.len(),
            "one outcome per graph unit"
        );
        let live: Vec<usize> = (0..r.graph.len()).filter(|&i| r.graph[i].live).collect();
        Ok(Step {
            before,
            inputs,
            r,
            after,
            heads: before.heads(),
            index,
            live,
        })
    }

    /// Whether graph unit `i` was ordered to move and moved.
    fn moved(&self, i: usize) -> bool {
        let r = self.r;
        matches!(r.graph[i].order, MoveOrder::Move { .. }) && r.outcomes[i].success()
    }

    /// Whether a live unit moved into season `s`.
    fn live_arrival(&self, s: SeasonKey) -> bool {
        let r = self.r;
        self.live.iter().any(|&i| {
            matches!(r.graph[i].order, MoveOrder::Move { to, .. } if to.season == s)
                && self.moved(i)
        })
    }

    /// The live graph units are exactly the heads' units, with their signatures.
    fn check_graph(&self) -> Result<(), String> {
        let (before, r, heads, index, live) =
            (self.before, self.r, &self.heads, &self.index, &self.live);
        let live_count: usize = heads.iter().map(|&h| units_of(before, h).len()).sum();
        ensure!(
            live.len() == live_count,
            "live graph units {} vs head units {live_count}",
            live.len()
        );
        for &h in heads {
            for u in units_of(before, h) {
                let spot = Spot {
                    season: h,
                    province: u.loc.province,
                };
                let g = index
                    .get(&spot)
                    .ok_or(format!("head unit {spot:?} not in graph"))?;
                ensure!(r.graph[*g].live, "head unit {spot:?} not live");
                ensure!(r.graph[*g].sig == sig(u), "head unit {spot:?} sig differs");
            }
        }
        Ok(())
    }

    /// Every input maps to its live unit's outcome, or is illegal.
    fn check_entries(&self, stats: &mut Stats) -> Result<(), String> {
        let (inputs, r) = (self.inputs, self.r);
        for (i, e) in r.entries.iter().enumerate() {
            stats.orders += 1;
            match e.outcome {
                OrderOutcome::Adjudicated {
                    unit: g,
                    ref outcome,
                } => ensure!(
                    r.graph[g].spot == inputs[i].unit.spot
                        && r.graph[g].live
                        && *outcome == r.outcomes[g],
                    "input {i} maps to another unit"
                ),
                OrderOutcome::Illegal(_) => stats.illegal += 1,
                _ => return Err(format!("input {i} has no movement outcome")),
            }
        }
        Ok(())
    }

    /// Re-opened seasons: exactly the past seasons live orders reference (rule 12).
    fn check_reopened(&self, stats: &mut Stats) -> Result<BTreeSet<SeasonKey>, String> {
        let (before, r) = (self.before, self.r);
        let mut expected_reopened = BTreeSet::new();
        for &i in &self.live {
            let g = &r.graph[i];
            for s in g.order.referenced_seasons(g.spot.season) {
                if before.exists(s) && !before.is_head(s) {
                    expected_reopened.insert(s);
                }
            }
        }
        let reopened: BTreeSet<SeasonKey> = r.reopened.iter().copied().collect();
        ensure!(
            reopened == expected_reopened,
            "re-opened {reopened:?}, live orders reference {expected_reopened:?}"
        );
        stats.reopened += reopened.len();
        Ok(reopened)
    }

    /// Heads advance by exactly one turn (rule 5).
    fn check_advance(&self) -> Result<(), String> {
        let (after, r, heads) = (self.after, self.r, &self.heads);
        ensure!(r.advanced.len() == heads.len(), "every head advances");
        for (
            &h,
            &Advance {
                head: from,
                next: to,
            },
        ) in heads.iter().zip(&r.advanced)
        {
            ensure!(
                from == h && to == SeasonKey::new(h.turn + 1, h.timeline),
                "head {h} advanced to {to}"
            );
            ensure!(
                after.timeline(h.timeline).map(|t| t.head) == Some(to),
                "timeline {} head is not {to}",
                h.timeline
            );
        }
        Ok(())
    }

    /// Forks: only re-opened past seasons, sorted by (turn, timeline), numbered in order
    /// (rules 16–18), each justified by a live arrival or a new result (rule 16). Returns the
    /// (parent, new season) pairs: the heads' successors, then the forks.
    fn check_forks(
        &self,
        reopened: &BTreeSet<SeasonKey>,
        stats: &mut Stats,
    ) -> Result<Vec<Pair>, String> {
        let (before, after, r) = (self.before, self.after, self.r);
        let n0 = before.timelines().len() as u32;
        ensure!(
            after.timelines().len() as u32 == n0 + r.forks.len() as u32,
            "timelines {} after {} forks from {n0}",
            after.timelines().len(),
            r.forks.len()
        );
        let mut pairs: Vec<(SeasonKey, SeasonKey)> =
            r.advanced.iter().map(|a| (a.head, a.next)).collect();
        for (i, f) in r.forks.iter().enumerate() {
            ensure!(
                reopened.contains(&f.from),
                "fork of {} which was not re-opened",
                f.from
            );
            ensure!(!before.is_head(f.from), "head {} forked", f.from);
            if i > 0 {
                ensure!(
                    r.forks[i - 1].from < f.from,
                    "forks not sorted by (turn, timeline)"
                );
            }
            ensure!(
                f.first == SeasonKey::new(f.from.turn + 1, n0 + i as u32),
                "fork of {} is {}, expected {}:{}",
                f.from,
                f.first,
                f.from.turn + 1,
                n0 + i as u32
            );
            let t = after
                .timeline(f.first.timeline)
                .ok_or("fork timeline missing")?;
            ensure!(
                t.branched_from == Some(f.from) && t.first == f.first && t.head == f.first,
                "timeline of fork {} wrong: {t:?}",
                f.first
            );
            let created = after
                .season(f.first)
                .and_then(|s| s.created_by.clone())
                .ok_or(format!("fork {} has no result", f.first))?;
            let old_children = &before.season(f.from).expect("re-opened exists").children;
            let new_result = old_children
                .iter()
                .all(|c| before.season(*c).and_then(|c| c.created_by.as_ref()) != Some(&created));
            let arrival = self.live_arrival(f.from);
            ensure!(
                arrival || new_result,
                "{} forked with no live arrival and a result equal to an existing child's",
                f.from
            );
            if !arrival {
                stats.forks_by_result += 1;
            }
            pairs.push((f.from, f.first));
        }
        stats.forks += r.forks.len();
        for &s in reopened {
            let forked = r.forks.iter().any(|f| f.from == s);
            ensure!(
                forked || !self.live_arrival(s),
                "a live move arrived in {s}, which did not fork"
            );
            if !forked {
                stats.reopened_unforked += 1;
            }
        }
        Ok(pairs)
    }

    /// Seasons: the old ones, the heads' successors and the forks, nothing else.
    fn check_seasons(&self, pairs: &[Pair]) -> Result<(), String> {
        let (before, after) = (self.before, self.after);
        let mut expected: BTreeSet<SeasonKey> = before.seasons().map(|s| s.key).collect();
        expected.extend(pairs.iter().map(|p| p.1));
        let actual: BTreeSet<SeasonKey> = after.seasons().map(|s| s.key).collect();
        ensure!(
            expected == actual,
            "seasons {actual:?}, expected {expected:?}"
        );
        Ok(())
    }

    /// The past is never edited: old boards, owners and (but for the heads') records stay.
    fn check_past_unchanged(&self) -> Result<(), String> {
        let (before, after) = (self.before, self.after);
        for s in before.seasons() {
            let a = after.season(s.key).expect("old seasons stay");
            ensure!(a.units == s.units, "board of {} changed", s.key);
            ensure!(a.owners == s.owners, "owners of {} changed", s.key);
            ensure!(
                a.children.starts_with(&s.children),
                "children of {} changed",
                s.key
            );
            if before.is_head(s.key) {
                ensure!(a.record.is_some(), "head {} not recorded", s.key);
            } else {
                ensure!(a.record == s.record, "record of {} changed", s.key);
            }
        }
        Ok(())
    }

    /// No unit is dislodged twice. Returns where units were dislodged.
    fn check_dislodged_once(&self) -> Result<BTreeSet<Spot>, String> {
        let r = self.r;
        let dislodged_at: BTreeSet<Spot> = r.dislodged.iter().map(|d| d.at.spot()).collect();
        ensure!(
            dislodged_at.len() == r.dislodged.len(),
            "a unit dislodged twice"
        );
        Ok(dislodged_at)
    }

    /// Every unit of a new season is explained by its parent (stayed) or a successful move
    /// into the parent (rule 19), and the season matches the result that created it (rule 16).
    /// Returns the new seasons each moving unit arrived in, by where it came from.
    fn check_new_boards(
        &self,
        pairs: &[Pair],
        dislodged_at: &BTreeSet<Spot>,
    ) -> Result<BTreeMap<Pos, Vec<SeasonKey>>, String> {
        let (after, r) = (self.after, self.r);
        let mut moved_from: BTreeMap<Pos, Vec<SeasonKey>> = BTreeMap::new();
        for &(p, c) in pairs {
            let created = after
                .season(c)
                .and_then(|s| s.created_by.clone())
                .ok_or(format!("{c} has no result"))?;
            ensure!(
                sorted_sigs(units_of(after, c).iter()) == created.units,
                "{c}: board differs from the result that created it"
            );
            let mut dis: Vec<UnitSig> = r
                .dislodged
                .iter()
                .filter(|d| d.at.season == p)
                .map(|d| UnitSig {
                    power: d.power,
                    kind: d.kind,
                    loc: d.at.loc,
                })
                .collect();
            dis.sort_by_key(|s| s.loc.province);
            ensure!(
                dis == created.dislodged,
                "{c}: dislodged units differ from its result"
            );
            for x in units_of(after, c) {
                match x.origin {
                    Origin::Stayed { from } => self.check_stayed(c, p, x, from, dislodged_at)?,
                    Origin::Moved { from } => {
                        self.check_moved_in(c, p, x, from)?;
                        moved_from.entry(from).or_default().push(c);
                    }
                    other => return Err(format!("{c}: unit with origin {other:?} after movement")),
                }
            }
        }
        Ok(moved_from)
    }

    /// Unit `x` of new season `c` (child of `p`) stayed from `from`: it is the parent's unit,
    /// unchanged, neither moved nor dislodged.
    fn check_stayed(
        &self,
        c: SeasonKey,
        p: SeasonKey,
        x: &BoardUnit,
        from: SeasonKey,
        dislodged_at: &BTreeSet<Spot>,
    ) -> Result<(), String> {
        let (before, index) = (self.before, &self.index);
        ensure!(from == p, "{c}: unit stayed from {from}, parent {p}");
        let spot = Spot {
            season: p,
            province: x.loc.province,
        };
        let y = before
            .unit(spot)
            .ok_or(format!("{c}: stayed unit absent from {p}"))?;
        ensure!(sig(y) == sig(x), "{c}: stayed unit changed");
        if let Some(&g) = index.get(&spot) {
            ensure!(!self.moved(g), "{c}: unit both moved and stayed");
        }
        ensure!(!dislodged_at.contains(&spot), "{c}: dislodged unit stayed");
        Ok(())
    }

    /// Unit `x` of new season `c` (child of `p`) arrived from `from`: a unit of the graph
    /// ordered there that moved, live or recorded in `p`.
    fn check_moved_in(
        &self,
        c: SeasonKey,
        p: SeasonKey,
        x: &BoardUnit,
        from: Pos,
    ) -> Result<(), String> {
        let (map, r, index) = (self.before.map(), self.r, &self.index);
        let g = *index
            .get(&from.spot())
            .ok_or(format!("{c}: arrival from {from:?} not in graph"))?;
        let gu = &r.graph[g];
        ensure!(
            gu.sig
                == UnitSig {
                    power: x.power,
                    kind: x.kind,
                    loc: from.loc,
                },
            "{c}: arrival is not the unit at {from:?}"
        );
        ensure!(
            matches!(gu.order, MoveOrder::Move { to, .. }
                            if to.season == p && to.loc == x.loc),
            "{c}: arrival at {} was not ordered there",
            map.location_abbrev(x.loc)
        );
        ensure!(self.moved(g), "{c}: arrival from a failed move");
        ensure!(
            gu.live || gu.records.contains(&p),
            "{c}: a replayed move arrived in a season whose record lacks it"
        );
        Ok(())
    }

    /// Every unit of a parent is accounted for exactly once: stayed, moved or dislodged.
    fn check_accounted(&self, pairs: &[Pair], dislodged_at: &BTreeSet<Spot>) -> Result<(), String> {
        let (before, after, map, index) = (self.before, self.after, self.before.map(), &self.index);
        for &(p, c) in pairs {
            for y in units_of(before, p) {
                let spot = Spot {
                    season: p,
                    province: y.loc.province,
                };
                let g = *index
                    .get(&spot)
                    .ok_or(format!("{spot:?} of {p} is not in the graph"))?;
                let stayed = units_of(after, c)
                    .iter()
                    .any(|x| x.origin == Origin::Stayed { from: p } && sig(x) == sig(y));
                let gone = self.moved(g);
                let dislodged = dislodged_at.contains(&spot);
                ensure!(
                    [stayed, gone, dislodged].iter().filter(|b| **b).count() == 1,
                    "unit {} {} of {p}: stayed {stayed}, moved {gone}, dislodged {dislodged}",
                    y.kind.letter(),
                    map.location_abbrev(y.loc)
                );
            }
        }
        Ok(())
    }

    /// A traveller arrives at most once, a live one exactly once, in the successor of its
    /// destination (rule 19).
    fn check_arrivals(
        &self,
        moved_from: &BTreeMap<Pos, Vec<SeasonKey>>,
        stats: &mut Stats,
    ) -> Result<(), String> {
        let (before, after, r) = (self.before, self.after, self.r);
        for (i, gu) in r.graph.iter().enumerate() {
            if !self.moved(i) {
                continue;
            }
            let from = Pos {
                season: gu.spot.season,
                loc: gu.sig.loc,
            };
            let arrived = moved_from.get(&from).cloned().unwrap_or_default();
            let MoveOrder::Move { to, .. } = gu.order else {
                unreachable!()
            };
            ensure!(arrived.len() <= 1, "{from:?} arrived in {arrived:?}");
            if gu.live {
                ensure!(
                    arrived.len() == 1,
                    "live move from {from:?} arrived nowhere"
                );
                let into = after.season(arrived[0]).and_then(|s| s.parent);
                ensure!(
                    into == Some(to.season),
                    "live move from {from:?} to {} arrived in {}",
                    to.season,
                    arrived[0]
                );
                if to.season != from.season {
                    stats.travels += 1;
                    if !before.is_head(to.season) {
                        stats.past_arrivals += 1;
                    }
                }
                if matches!(
                    r.outcomes[i].reason,
                    mdip_judge::Reason::Moved { by_convoy: true }
                ) {
                    stats.convoys += 1;
                }
            }
        }
        Ok(())
    }

    /// Counts the successful live supports that reach another season.
    fn count_cross_season_supports(&self, stats: &mut Stats) {
        let r = self.r;
        for &i in &self.live {
            let g = &r.graph[i];
            if matches!(
                g.order,
                MoveOrder::SupportHold { .. } | MoveOrder::SupportMove { .. }
            ) && r.outcomes[i].success()
                && !g.order.referenced_seasons(g.spot.season).is_empty()
            {
                stats.cross_season_supports += 1;
            }
        }
    }

    /// Dislodged units wait in their season for a retreat into its successor, with options
    /// adjacent and free.
    fn check_dislodged(&self, pairs: &[Pair], stats: &mut Stats) -> Result<(), String> {
        let (before, after, r, map) = (self.before, self.after, self.r, self.before.map());
        let successor: BTreeMap<SeasonKey, SeasonKey> = pairs.iter().copied().collect();
        for d in &r.dislodged {
            ensure!(
                successor.get(&d.at.season) == Some(&d.into),
                "{:?} retreats into {}",
                d.at,
                d.into
            );
            let y = before
                .unit(d.at.spot())
                .ok_or(format!("dislodged {:?} did not exist", d.at))?;
            ensure!(
                (y.power, y.kind, y.loc) == (d.power, d.kind, d.at.loc),
                "dislodged unit differs"
            );
            for o in &d.options {
                ensure!(
                    map.can_stand(d.kind, *o) && map.adjacent(d.kind, d.at.loc, *o),
                    "retreat option not adjacent"
                );
                ensure!(
                    after
                        .season(d.into)
                        .is_some_and(|s| s.unit_at(o.province).is_none()),
                    "retreat option occupied"
                );
            }
        }
        stats.dislodged += r.dislodged.len();
        ensure!(
            after.pending_retreats() == r.dislodged.as_slice(),
            "pending retreats differ from the report"
        );
        Ok(())
    }

    /// The next phase and the pending adjustments follow from the dislodged units and the
    /// Fall seasons that advanced.
    fn check_next_phase(&self, pairs: &[Pair]) -> Result<(), String> {
        let (after, r) = (self.after, self.r);
        let expected_phase = if !r.dislodged.is_empty() {
            Phase::Retreat
        } else if pairs.iter().any(|p| p.0.is_fall()) {
            Phase::Adjustment
        } else {
            Phase::Movement
        };
        ensure!(
            after.phase() == expected_phase,
            "phase {:?}, expected {expected_phase:?}",
            after.phase()
        );
        let mut fall: Vec<SeasonKey> = pairs
            .iter()
            .filter(|p| p.0.is_fall())
            .map(|p| p.1)
            .collect();
        fall.sort();
        let mut pending = after.pending_adjustments().to_vec();
        pending.sort();
        ensure!(
            pending == fall,
            "pending adjustments {pending:?}, expected {fall:?}"
        );
        Ok(())
    }
}
