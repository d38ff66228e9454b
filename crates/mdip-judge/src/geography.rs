//! Where things are: boards ([`Site`]), places on them ([`Place`], [`At`]) and the
//! [`Geography`] trait through which the adjudicator asks whether one position reaches another.
//!
//! Standard Diplomacy has one board, `Site(0)`, and [`MapGeography`] answers with the
//! adjacency of one map ([`StandardGeography`] with the standard map's). The multiversal layer
//! gives every season its own site and implements [`Geography`] with its own conditions across
//! sites, so the same decision code adjudicates both. A geography also says which [`Rules`] the
//! core follows.

use mdip_map::{Location, Map, ProvinceId, UnitType};

use crate::rules::Rules;

/// An opaque board id. Standard Diplomacy uses the single board `Site(0)`; the multiversal layer
/// numbers its seasons however it likes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Site(pub u32);

/// A province on a board: the unit of occupation, of standoffs and of cutting support.
///
/// Coasts never matter at this level: a fleet on either coast of Spain occupies the place Spain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Place {
    /// The board.
    pub site: Site,
    /// The province.
    pub province: ProvinceId,
}

impl Place {
    /// A place from its board and province.
    pub fn new(site: Site, province: ProvinceId) -> Place {
        Place { site, province }
    }
}

/// A located position: a location (province and coast) on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct At {
    /// The board.
    pub site: Site,
    /// The location, with its coast for a fleet on a split-coast province.
    pub loc: Location,
}

impl At {
    /// A position from its board and location.
    pub fn new(site: Site, loc: Location) -> At {
        At { site, loc }
    }

    /// A position on the standard single board, `Site(0)`.
    pub fn standard(loc: Location) -> At {
        At { site: Site(0), loc }
    }

    /// The place (board and province) of this position, forgetting the coast.
    pub fn place(self) -> Place {
        Place {
            site: self.site,
            province: self.loc.province,
        }
    }

    /// The same position without its coast.
    pub fn without_coast(self) -> At {
        At {
            site: self.site,
            loc: Location::province(self.loc.province),
        }
    }
}

/// The adjacency the adjudicator works with.
///
/// The adjudicator never looks at the map directly for movement: every "can this unit get there"
/// question goes through [`Geography::reaches`], and every convoy hop through
/// [`Geography::convoy_hop`]. A multiversal implementation adds its own conditions for
/// positions on different sites.
pub trait Geography {
    /// The map the positions refer to (names, coasts, terrain, supply centres).
    fn map(&self) -> &Map;

    /// The rules the adjudicator follows on this geography (the movement core reads
    /// [`Rules::convoy_intent`]). The default is [`Rules::mdatc`].
    fn rules(&self) -> Rules {
        Rules::mdatc()
    }

    /// Whether a unit of `kind` at `from` reaches `to` directly (map adjacency; across sites the
    /// multiverse layer adds its own conditions). Used for moves, supports and retreats.
    ///
    /// The adjudicator passes armies without coasts.
    fn reaches(&self, kind: UnitType, from: At, to: At) -> bool;

    /// Whether every [`Geography::convoy_hop`] joins a province to itself (on another site) or
    /// to one it borders ([`Map::borders`]), as map adjacency does: a convoy search may then try
    /// only the fleets of those provinces (borders are symmetric: every map's edges are). The
    /// default makes no such promise.
    fn hops_stay_near(&self) -> bool {
        false
    }

    /// Whether a convoy can pass from `from` to `to` in one hop: from the army's province to a
    /// convoying fleet, from fleet to fleet, or from a fleet to the army's destination.
    ///
    /// The default asks [`Geography::reaches`] for a fleet, trying every coast of an end that
    /// has several and names none (an army in Spain embarks from either coast).
    fn convoy_hop(&self, from: At, to: At) -> bool {
        let map = self.map();
        let froms = coast_variants(map, from);
        let tos = coast_variants(map, to);
        froms.iter().flatten().any(|&f| {
            tos.iter()
                .flatten()
                .any(|&t| self.reaches(UnitType::Fleet, f, t))
        })
    }
}

/// The positions to try for one end of a convoy hop: the position itself when it names a coast
/// or its province has none, else one position per coast (at most three).
pub(crate) fn coast_variants(map: &Map, at: At) -> [Option<At>; 3] {
    let mut out = [None; 3];
    let coasts = map.coasts(at.loc.province);
    if at.loc.coast.is_some() || coasts.is_empty() {
        out[0] = Some(at);
    } else {
        for (slot, &coast) in out.iter_mut().zip(coasts) {
            *slot = Some(At::new(
                at.site,
                Location::new(at.loc.province, Some(coast)),
            ));
        }
    }
    out
}

/// The geography of one board of any map: the map's adjacency, under given rules.
///
/// Positions on different sites never reach each other.
#[derive(Clone, Copy, Debug)]
pub struct MapGeography<'m> {
    /// The map.
    pub map: &'m Map,
    /// The rules.
    pub rules: Rules,
}

impl MapGeography<'_> {
    /// The geography of `map` under `rules`.
    pub fn new(map: &Map, rules: Rules) -> MapGeography<'_> {
        MapGeography { map, rules }
    }
}

impl Geography for MapGeography<'_> {
    fn map(&self) -> &Map {
        self.map
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    fn reaches(&self, kind: UnitType, from: At, to: At) -> bool {
        from.site == to.site && self.map.adjacent(kind, from.loc, to.loc)
    }

    /// Hops are map adjacency on one site.
    fn hops_stay_near(&self) -> bool {
        true
    }
}

/// The geography of standard Diplomacy: [`MapGeography`] on the standard map
/// ([`Map::standard`]) under the default rules, as a unit value for the many callers that
/// adjudicate the standard map.
///
/// Positions on different sites never reach each other.
#[derive(Clone, Copy, Debug, Default)]
pub struct StandardGeography;

impl StandardGeography {
    /// The same geography as a [`MapGeography`].
    fn board(self) -> MapGeography<'static> {
        MapGeography::new(Map::standard(), Rules::default())
    }
}

impl Geography for StandardGeography {
    fn map(&self) -> &Map {
        self.board().map
    }

    fn rules(&self) -> Rules {
        self.board().rules
    }

    fn reaches(&self, kind: UnitType, from: At, to: At) -> bool {
        self.board().reaches(kind, from, to)
    }

    fn hops_stay_near(&self) -> bool {
        self.board().hops_stay_near()
    }
}
