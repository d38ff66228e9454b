//! The adjacency of one decision graph that spans several seasons: each season in the graph
//! is one [`Site`] of the core adjudicator, and reach across sites follows rule 8.

use foldhash::HashMap;

use mdip_map::{Location, Map, UnitType};

use super::{Pos, SeasonKey, World};
use crate::{At, Geography, Site};

/// Rule-8 adjacency over the seasons of one step's decision graph.
pub(super) struct StepGeography<'w> {
    pub(super) world: &'w World,
    /// The season of each site, indexed by site number.
    pub(super) sites: Vec<SeasonKey>,
    /// Which sites are ghosts: a second site for a season, holding only replayed units that
    /// left it (see `ghost_at`).
    pub(super) ghosts: Vec<bool>,
    /// The (non-ghost) site of each season in `sites`, so that finding one does not search a
    /// step's hundreds of sites.
    index: HashMap<SeasonKey, u32>,
}

impl<'w> StepGeography<'w> {
    /// A geography over `sites` (none of them ghosts).
    pub(super) fn new(world: &'w World, sites: Vec<SeasonKey>) -> StepGeography<'w> {
        let index = sites
            .iter()
            .enumerate()
            .rev()
            .map(|(i, &s)| (s, site_number(i)))
            .collect();
        StepGeography {
            world,
            ghosts: vec![false; sites.len()],
            sites,
            index,
        }
    }

    /// The site of a season, adding it when new.
    pub(super) fn site(&mut self, season: SeasonKey) -> Site {
        if let Some(&i) = self.index.get(&season) {
            return Site(i);
        }
        let i = site_number(self.sites.len());
        self.sites.push(season);
        self.ghosts.push(false);
        self.index.insert(season, i);
        Site(i)
    }

    /// A position on a new ghost site of `season`: it reaches what the season reaches, but is
    /// a place of its own, so the unit standing there neither defends nor blocks anything in
    /// the season itself.
    pub(super) fn ghost_at(&mut self, season: SeasonKey, loc: Location) -> At {
        let i = site_number(self.sites.len());
        self.sites.push(season);
        self.ghosts.push(true);
        At::new(Site(i), loc)
    }

    /// The position of a location in a season, as the core sees it.
    pub(super) fn at(&mut self, season: SeasonKey, loc: Location) -> At {
        At::new(self.site(season), loc)
    }

    /// The position of a location in a season already in the graph.
    pub(super) fn at_existing(&self, season: SeasonKey, loc: Location) -> Option<At> {
        let &i = self.index.get(&season)?;
        Some(At::new(Site(i), loc))
    }

    fn pos(&self, at: At) -> Option<Pos> {
        let season = *self.sites.get(at.site.0 as usize)?;
        self.world.exists(season).then_some(Pos {
            season,
            loc: at.loc,
        })
    }
}

/// A site number: a step has far fewer sites than `u32::MAX` (each is a season in memory).
fn site_number(i: usize) -> u32 {
    u32::try_from(i).expect("fewer than 2^32 sites in one step")
}

impl Geography for StepGeography<'_> {
    fn map(&self) -> &Map {
        self.world.map()
    }

    fn rules(&self) -> crate::Rules {
        self.world.rules()
    }

    /// A hop is the same location or map adjacency (rule 8), so it joins a province to itself
    /// or to one it borders ([`StepGeography::convoy_hop`] rejects the others first).
    fn hops_stay_near(&self) -> bool {
        true
    }

    /// On one board a convoy hop joins two provinces that touch (a fleet at sea reaches every
    /// coast of a bordering province, and a convoyed army embarks from any coast); across
    /// boards the hop follows rule 8 through [`Geography::reaches`].
    fn convoy_hop(&self, from: At, to: At) -> bool {
        let map = self.world.map();
        // Every hop joins one province to itself or to a bordering one (`World::reaches` asks
        // for the same location or map adjacency): the cheap test first, as most pairs a
        // convoy search tries are far apart.
        let (p, q) = (from.loc.province, to.loc.province);
        if p != q && !map.borders(p, q) {
            return false;
        }
        if from.site == to.site {
            return map.borders(p, q) && self.pos(from).is_some();
        }
        // The boards must be adjacent (or one board seen from a ghost site) whatever the
        // coasts: ask once, then only the places of each pair of coasts (as `World::reaches`
        // would, after the same question about the boards).
        let (Some(&s), Some(&t)) = (
            self.sites.get(from.site.0 as usize),
            self.sites.get(to.site.0 as usize),
        ) else {
            return false;
        };
        if !self.world.boards_reach(s, t) {
            return false;
        }
        let reach = |f: At, d: At| {
            self.world
                .locations_reach(UnitType::Fleet, s == t, f.loc, d.loc)
        };
        let froms = crate::geography::coast_variants(map, from);
        let tos = crate::geography::coast_variants(map, to);
        froms
            .iter()
            .flatten()
            .any(|&f| tos.iter().flatten().any(|&t| reach(f, t)))
    }

    fn reaches(&self, kind: UnitType, from: At, to: At) -> bool {
        // One board: the sites of a step are existing seasons (or the void, which has no index
        // in `sites` beyond them and reaches nothing).
        if from.site == to.site {
            return self.pos(from).is_some() && self.world.map().adjacent(kind, from.loc, to.loc);
        }
        match (self.pos(from), self.pos(to)) {
            (Some(f), Some(t)) => self.world.reaches(kind, f, t),
            _ => false,
        }
    }
}
