//! The checks the property tests apply after every step: invariants of any world and, per
//! phase, the rules the step's outcome must follow.

use std::collections::BTreeSet;

use mdip_judge::world::{BoardUnit, Phase, SeasonKey, UnitSig, World};

use crate::games::{apply, Game, StepInput, StepReport};

/// What happened over a game (to show that the generator reaches the interesting cases).
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Steps run.
    pub steps: usize,
    /// Movement steps run.
    pub movement_steps: usize,
    /// Orders given (all phases).
    pub orders: usize,
    /// Orders rejected as illegal.
    pub illegal: usize,
    /// Live moves that arrived in another season.
    pub travels: usize,
    /// Of those, arrivals in a past season.
    pub past_arrivals: usize,
    /// Successful convoyed moves.
    pub convoys: usize,
    /// Successful supports that cross seasons.
    pub cross_season_supports: usize,
    /// Past seasons re-opened.
    pub reopened: usize,
    /// Re-opened seasons that did not fork.
    pub reopened_unforked: usize,
    /// Forks.
    pub forks: usize,
    /// Forks made by a changed result alone (no live arrival).
    pub forks_by_result: usize,
    /// Units dislodged.
    pub dislodged: usize,
    /// Units that retreated.
    pub retreated: usize,
    /// Units disbanded in retreat steps.
    pub disbanded: usize,
    /// Units built.
    pub built: usize,
    /// Units removed (ordered or civil disorder).
    pub removed: usize,
    /// Of those, by civil disorder.
    pub civil_disorder: usize,
    /// Timelines at the end.
    pub timelines: usize,
    /// Seasons at the end.
    pub seasons: usize,
    /// Units in all seasons at the end.
    pub units: usize,
    /// The highest turn at the end.
    pub max_turn: u32,
}

impl Stats {
    /// Adds another game's counts (the end-of-game sizes are summed too).
    pub fn add(&mut self, o: &Stats) {
        self.steps += o.steps;
        self.movement_steps += o.movement_steps;
        self.orders += o.orders;
        self.illegal += o.illegal;
        self.travels += o.travels;
        self.past_arrivals += o.past_arrivals;
        self.convoys += o.convoys;
        self.cross_season_supports += o.cross_season_supports;
        self.reopened += o.reopened;
        self.reopened_unforked += o.reopened_unforked;
        self.forks += o.forks;
        self.forks_by_result += o.forks_by_result;
        self.dislodged += o.dislodged;
        self.retreated += o.retreated;
        self.disbanded += o.disbanded;
        self.built += o.built;
        self.removed += o.removed;
        self.civil_disorder += o.civil_disorder;
        self.timelines += o.timelines;
        self.seasons += o.seasons;
        self.units += o.units;
        self.max_turn = self.max_turn.max(o.max_turn);
    }
}

pub(crate) fn sig(u: &BoardUnit) -> UnitSig {
    UnitSig::of(u)
}

/// Unit signatures in the canonical order of a result signature: by province.
pub(crate) fn sorted_sigs<'a>(units: impl Iterator<Item = &'a BoardUnit>) -> Vec<UnitSig> {
    let mut v: Vec<UnitSig> = units.map(sig).collect();
    v.sort_by_key(|s| s.loc.province);
    v
}

pub(crate) fn units_of(world: &World, key: SeasonKey) -> &[BoardUnit] {
    world.season(key).map_or(&[], |s| s.units.as_slice())
}

macro_rules! ensure {
    ($cond:expr, $($fmt:tt)+) => {
        if !$cond {
            return Err(format!($($fmt)+));
        }
    };
}

/// Invariants of any world: boards, links between seasons, timelines and heads.
pub fn check_world(world: &World) -> Result<(), String> {
    let map = world.map();
    for s in world.seasons() {
        let mut seen = BTreeSet::new();
        for u in &s.units {
            ensure!(
                seen.insert(u.loc.province),
                "two units in {} of {}",
                map.abbrev(u.loc.province),
                s.key
            );
            ensure!(
                map.can_stand(u.kind, u.loc),
                "{:?} cannot stand in {} ({})",
                u.kind,
                map.location_abbrev(u.loc),
                s.key
            );
        }
        ensure!(
            s.units
                .windows(2)
                .all(|w| w[0].loc.province < w[1].loc.province),
            "units of {} not sorted by province",
            s.key
        );
        if let Some(p) = s.parent {
            let parent = world
                .season(p)
                .ok_or(format!("{}: parent {p} missing", s.key))?;
            ensure!(
                parent.children.contains(&s.key),
                "{p} does not list its child {}",
                s.key
            );
            ensure!(
                p.turn + 1 == s.key.turn,
                "{} is not one turn after {p}",
                s.key
            );
        }
        for c in &s.children {
            ensure!(
                world.season(*c).and_then(|c| c.parent) == Some(s.key),
                "child {c} of {} has another parent",
                s.key
            );
        }
        ensure!(
            s.children.is_empty() == world.is_head(s.key),
            "{}: a season has children iff it is not a head",
            s.key
        );
    }
    for (i, t) in world.timelines().iter().enumerate() {
        ensure!(t.number == i as u32, "timeline {} at index {i}", t.number);
        ensure!(
            world.exists(t.first) && world.exists(t.head),
            "timeline {i}: first/head missing"
        );
        ensure!(
            t.first.timeline == t.number && t.head.timeline == t.number,
            "timeline {i}: first/head in another timeline"
        );
        for turn in t.first.turn..=t.head.turn {
            ensure!(
                world.exists(SeasonKey::new(turn, t.number)),
                "timeline {i} lacks turn {turn}"
            );
        }
        let count = world
            .seasons()
            .filter(|s| s.key.timeline == t.number)
            .count();
        ensure!(
            count as u32 == t.head.turn - t.first.turn + 1,
            "timeline {i} has seasons outside first..head"
        );
        match t.branched_from {
            // Timeline 0, or a timeline set up on its own (`@season` without `from`): its
            // first season has no parent either.
            None => ensure!(
                world.season(t.first).and_then(|s| s.parent).is_none(),
                "timeline {i} branches from nothing but its first season has a parent"
            ),
            Some(b) => {
                ensure!(
                    world.season(t.first).and_then(|s| s.parent) == Some(b),
                    "timeline {i}: first season's parent is not {b}"
                );
            }
        }
    }
    Ok(())
}

mod movement;
mod phases;

pub use movement::check_movement;
pub use phases::{check_adjustment, check_retreat};

/// Supply-centre ownership of new seasons once retreats are done (rule 7).
pub fn check_ownership(world: &World, pairs: &[(SeasonKey, SeasonKey)]) -> Result<(), String> {
    let map = world.map();
    for &(p, c) in pairs {
        let parent = world.season(p).expect("parents exist");
        let child = world.season(c).expect("children exist");
        for sc in map.supply_centres() {
            let expected = match child.unit_at(sc) {
                Some(u) if p.is_fall() => Some(u.power),
                _ => parent.owner(sc),
            };
            ensure!(
                child.owner(sc) == expected,
                "{c}: owner of {} is {:?}, expected {expected:?}",
                map.abbrev(sc),
                child.owner(sc)
            );
        }
    }
    Ok(())
}

/// Replays a game, checking every step. Returns the final world, the reports and the counts.
pub fn run_checked(game: &Game) -> Result<(World, Vec<StepReport>, Stats), String> {
    let mut world = game.setup.world();
    let mut stats = Stats::default();
    let mut reports = Vec::new();
    let mut owner_checks: Vec<(SeasonKey, SeasonKey)> = Vec::new();
    check_world(&world)?;
    for (k, step) in game.steps.iter().enumerate() {
        let before = world.clone();
        let report = apply(&mut world, step);
        let at = |e: String| format!("step {k} ({}): {e}", step.phase().name());
        match (step, &report) {
            (StepInput::Movement(v), StepReport::Movement(r)) => {
                owner_checks = check_movement(&before, v, r, &world, &mut stats).map_err(at)?;
                stats.movement_steps += 1;
            }
            (StepInput::Retreat(v), StepReport::Retreat(r)) => {
                check_retreat(&before, v, r, &world, &mut stats).map_err(at)?;
            }
            (StepInput::Adjustment(v), StepReport::Adjustment(r)) => {
                check_adjustment(&before, v, r, &world, &mut stats).map_err(at)?;
            }
            _ => unreachable!("apply returns the report of its step"),
        }
        if world.phase() != Phase::Retreat && !owner_checks.is_empty() {
            check_ownership(&world, &owner_checks).map_err(at)?;
            owner_checks.clear();
        }
        check_world(&world).map_err(at)?;
        ensure!(
            world.phase() == game.phases_after[k],
            "step {k}: replay differs from generation"
        );
        reports.push(report);
        stats.steps += 1;
    }
    stats.timelines = world.timelines().len();
    stats.seasons = world.seasons().count();
    stats.units = world.seasons().map(|s| s.units.len()).sum();
    stats.max_turn = world.seasons().map(|s| s.key.turn).max().unwrap_or(0);
    Ok((world, reports, stats))
}
