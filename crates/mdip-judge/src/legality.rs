//! Legality questions about convoys that depend on the whole board, for the caller that turns
//! illegal orders into holds before adjudication (DATC 4.E.1).
//!
//! - A move that needs a convoy is legal only if some chain of fleets at sea on the board could
//!   carry the army, whatever those fleets are ordered (DATC 6.D.32: "a missing fleet").
//! - A convoy order is legal only if the fleet is necessary for some convoy route: it lies on a
//!   chain of fleets at sea from the army to its destination in which no fleet could be skipped
//!   (DATC 4.E.1 and 6.G.19; also 6.G.7).
//! - A support of a move that needs a convoy is legal only if a chain exists without the
//!   supporting fleet, which cannot convoy and support at once (DATC 6.D.31).
//!
//! Hops are [`Geography::convoy_hop`]s, so the answers hold across sites too.

use mdip_map::UnitType;

use crate::geography::{At, Geography};
use crate::movement::{Unit, UnitId};

/// At most this many partial chains are explored by [`convoy_order_is_legal`]; beyond it the
/// order is accepted (no real board comes near).
const SEARCH_BUDGET: usize = 100_000;

/// Whether some chain of fleets at sea on the board (other than `without`) could convoy the
/// army `army` to `dest`, whatever the fleets' orders.
pub fn convoy_possible<G: Geography + ?Sized>(
    units: &[Unit],
    army: UnitId,
    dest: At,
    without: Option<UnitId>,
    geo: &G,
) -> bool {
    let Some(start) = army_position(units, army) else {
        return false;
    };
    let dest = dest.without_coast();
    let fleets = sea_fleets(units, geo, |f| Some(f) != without && f != army);
    let mut reached = vec![false; fleets.len()];
    let mut queue: Vec<usize> = Vec::new();
    for (i, f) in fleets.iter().enumerate() {
        if geo.convoy_hop(start, f.at) {
            reached[i] = true;
            queue.push(i);
        }
    }
    let near = Near::new(&fleets, geo);
    while let Some(i) = queue.pop() {
        if geo.convoy_hop(fleets[i].at, dest) {
            return true;
        }
        for j in near.of(i, &fleets, geo) {
            if !reached[j] && geo.convoy_hop(fleets[i].at, fleets[j].at) {
                reached[j] = true;
                queue.push(j);
            }
        }
    }
    false
}

/// The fleets a convoy hop from a fleet may reach: when the geography's hops stay near
/// ([`Geography::hops_stay_near`]), the fleets in its province or a bordering one (by province);
/// else every fleet. A search that tries only these finds what it would find trying all.
#[derive(Debug)]
struct Near {
    /// The fleets in each province, by the province's index; `None`: every fleet may be near.
    by_province: Option<Vec<Vec<usize>>>,
}

impl Near {
    fn new<G: Geography + ?Sized>(fleets: &[Candidate], geo: &G) -> Near {
        if !geo.hops_stay_near() {
            return Near { by_province: None };
        }
        let mut by_province = vec![Vec::new(); geo.map().province_count()];
        for (i, f) in fleets.iter().enumerate() {
            match by_province.get_mut(f.at.loc.province.index()) {
                Some(list) => list.push(i),
                // A fleet outside the map's provinces: no promise holds, try every fleet.
                None => return Near { by_province: None },
            }
        }
        Near {
            by_province: Some(by_province),
        }
    }

    /// The fleets (indices into `fleets`, `count` of them) a hop from a position in
    /// `province` may reach: those in the province or a bordering one (every fleet without the
    /// promise).
    fn around<'a, G: Geography + ?Sized>(
        &'a self,
        province: mdip_map::ProvinceId,
        count: usize,
        geo: &'a G,
    ) -> Box<dyn Iterator<Item = usize> + 'a> {
        match &self.by_province {
            None => Box::new(0..count),
            Some(by_province) => Box::new(
                geo.map()
                    .around(province)
                    .flat_map(move |q| by_province.get(q.index()).map_or(&[][..], Vec::as_slice))
                    .copied(),
            ),
        }
    }

    /// The fleets (indices into `fleets`) a hop from fleet `i` may reach.
    fn of<'a, G: Geography + ?Sized>(
        &'a self,
        i: usize,
        fleets: &'a [Candidate],
        geo: &'a G,
    ) -> Box<dyn Iterator<Item = usize> + 'a> {
        self.around(fleets[i].at.loc.province, fleets.len(), geo)
    }
}

/// Whether the fleet `fleet` may legally convoy the army `army` to `dest`: it is a fleet at sea
/// and lies on a chain of fleets at sea from the army to `dest` that no fleet could shorten (no
/// fleet of the chain reaches a later one other than the next, the army reaches only the first,
/// only the last reaches the destination).
pub fn convoy_order_is_legal<G: Geography + ?Sized>(
    units: &[Unit],
    fleet: UnitId,
    army: UnitId,
    dest: At,
    geo: &G,
) -> bool {
    let Some(f) = units.get(fleet) else {
        return false;
    };
    f.kind == UnitType::Fleet
        && at_sea(geo, f.at)
        && convoy_chain_fleets(units, army, dest, geo).contains(&fleet)
}

/// Every fleet that may legally convoy the army `army` to `dest` (see
/// [`convoy_order_is_legal`]): the fleets at sea on some chain that no fleet could shorten.
/// One search serves every convoy order for the same army and destination.
pub fn convoy_chain_fleets<G: Geography + ?Sized>(
    units: &[Unit],
    army: UnitId,
    dest: At,
    geo: &G,
) -> Vec<UnitId> {
    chain_fleets(units, army, dest, geo, true)
}

/// [`convoy_chain_fleets`]; `shortcuts` accepts a fleet that is a chain by itself at once and
/// prunes partial chains that can no longer take in the fleet searched for (the same answers,
/// far fewer chains on large boards; the tests compare both).
fn chain_fleets<G: Geography + ?Sized>(
    units: &[Unit],
    army: UnitId,
    dest: At,
    geo: &G,
    shortcuts: bool,
) -> Vec<UnitId> {
    let routes = ConvoyRoutes::new(units, army, dest, geo);
    (0..routes.fleets.len())
        .filter(|&target| routes.on_chain(target, shortcuts))
        .map(|target| routes.fleets[target].id)
        .collect()
}

/// The convoy routes of one army to one destination on one board: the fleets at sea that lie
/// on some chain from the army to the destination (reached forwards from the army and backwards
/// from the destination) and the hops between them. Whether one fleet may convoy
/// ([`ConvoyRoutes::may_convoy`]) is a search of its own, so a caller asks only about the
/// fleets ordered to convoy, not every fleet of the routes (the answers are those of
/// [`convoy_chain_fleets`]).
#[derive(Debug, Default)]
pub struct ConvoyRoutes {
    /// The fleets on some route, in the order of the board's units.
    fleets: Vec<Candidate>,
    /// Whether the army reaches each fleet in one hop.
    from_start: Vec<bool>,
    /// Whether fleet `i` reaches fleet `j` in one hop, at `i * k + j`.
    hop: Vec<bool>,
    /// Whether each fleet reaches the destination in one hop.
    to_dest: Vec<bool>,
}

/// The fleets at sea of one board and their index by province: what every convoy route of the
/// board starts from, built once by a caller that asks about many armies
/// ([`ConvoyRoutes::on`]).
#[derive(Debug)]
pub(crate) struct SeaFleets {
    fleets: Vec<Candidate>,
    near: Near,
}

impl SeaFleets {
    /// The fleets at sea among `units`.
    pub(crate) fn new<G: Geography + ?Sized>(units: &[Unit], geo: &G) -> SeaFleets {
        let fleets = sea_fleets(units, geo, |_| true);
        let near = Near::new(&fleets, geo);
        SeaFleets { fleets, near }
    }
}

impl ConvoyRoutes {
    /// The routes of the army `army` to `dest` (none if `army` is not an army).
    pub fn new<G: Geography + ?Sized>(
        units: &[Unit],
        army: UnitId,
        dest: At,
        geo: &G,
    ) -> ConvoyRoutes {
        ConvoyRoutes::on(&SeaFleets::new(units, geo), units, army, dest, geo)
    }

    /// [`ConvoyRoutes::new`] on the board's fleets at sea, already found (`sea`, of the same
    /// `units`). The army is not among them: it is an army.
    pub(crate) fn on<G: Geography + ?Sized>(
        sea: &SeaFleets,
        units: &[Unit],
        army: UnitId,
        dest: At,
        geo: &G,
    ) -> ConvoyRoutes {
        let Some(start) = army_position(units, army) else {
            return ConvoyRoutes::default();
        };
        let dest = dest.without_coast();
        let all = &sea.fleets;
        // A hop from the army or onto the destination joins bordering provinces too (when
        // hops stay near): the search starts from the fleets around each end only.
        let forward = reachable(
            sea,
            geo,
            None,
            sea.near.around(start.loc.province, all.len(), geo),
            |x| geo.convoy_hop(start, x),
            |a, b| geo.convoy_hop(a, b),
        );
        // A fleet on a route is reached both ways, and every fleet after it on its route is
        // reached forwards too: the backward search need only walk the fleets reached forwards.
        let backward = reachable(
            sea,
            geo,
            Some(&forward),
            sea.near.around(dest.loc.province, all.len(), geo),
            |x| geo.convoy_hop(x, dest),
            |a, b| geo.convoy_hop(b, a),
        );
        let fleets: Vec<Candidate> = all
            .iter()
            .enumerate()
            .filter(|(i, _)| forward[*i] && backward[*i])
            .map(|(_, c)| *c)
            .collect();
        let k = fleets.len();
        let from_start = fleets.iter().map(|x| geo.convoy_hop(start, x.at)).collect();
        let to_dest = fleets.iter().map(|x| geo.convoy_hop(x.at, dest)).collect();
        let mut hop = vec![false; k * k];
        let near = Near::new(&fleets, geo);
        for i in 0..k {
            for j in near.of(i, &fleets, geo) {
                hop[i * k + j] = i != j && geo.convoy_hop(fleets[i].at, fleets[j].at);
            }
        }
        ConvoyRoutes {
            fleets,
            from_start,
            hop,
            to_dest,
        }
    }

    /// Whether the unit `fleet` of the board may legally convoy the army on these routes (see
    /// [`convoy_order_is_legal`]; whether it is a fleet at sea is the caller's question).
    pub fn may_convoy(&self, fleet: UnitId) -> bool {
        self.fleets
            .iter()
            .position(|f| f.id == fleet)
            .is_some_and(|target| self.on_chain(target, true))
    }

    /// Whether the route fleet `target` lies on a chain no fleet could shorten.
    fn on_chain(&self, target: usize, shortcuts: bool) -> bool {
        let k = self.fleets.len();
        // A fleet that reaches both ends is a chain of its own (no fleet can shorten it).
        if shortcuts && self.from_start[target] && self.to_dest[target] {
            return true;
        }
        let mut search = ChordlessSearch {
            k,
            from_start: &self.from_start,
            hop: &self.hop,
            to_dest: &self.to_dest,
            target,
            path: Vec::new(),
            on_path: vec![false; k],
            covered: vec![0; k],
            budget: SEARCH_BUDGET,
            prune: shortcuts,
        };
        (0..k).any(|first| self.from_start[first] && search.extend(first))
    }
}

/// Which of the board's fleets a search reaches: those of `candidates` (every fleet `first`
/// may accept) that `first` accepts, then any fleet one `hop` from a fleet reached; only
/// fleets `within` (all when `None`).
fn reachable<G: Geography + ?Sized>(
    sea: &SeaFleets,
    geo: &G,
    within: Option<&[bool]>,
    candidates: impl Iterator<Item = usize>,
    first: impl Fn(At) -> bool,
    hop: impl Fn(At, At) -> bool,
) -> Vec<bool> {
    let (fleets, near) = (&sea.fleets, &sea.near);
    let allowed = |i: usize| within.is_none_or(|w| w[i]);
    let mut reached = vec![false; fleets.len()];
    let mut queue: Vec<usize> = Vec::new();
    for i in candidates {
        if !reached[i] && allowed(i) && first(fleets[i].at) {
            reached[i] = true;
            queue.push(i);
        }
    }
    while let Some(i) = queue.pop() {
        for j in near.of(i, fleets, geo) {
            if !reached[j] && allowed(j) && hop(fleets[i].at, fleets[j].at) {
                reached[j] = true;
                queue.push(j);
            }
        }
    }
    reached
}

/// A fleet at sea considered for a chain.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    id: UnitId,
    at: At,
}

/// The fleets at sea accepted by `keep`.
fn sea_fleets<G: Geography + ?Sized>(
    units: &[Unit],
    geo: &G,
    keep: impl Fn(UnitId) -> bool,
) -> Vec<Candidate> {
    units
        .iter()
        .enumerate()
        .filter(|&(u, unit)| unit.kind == UnitType::Fleet && at_sea(geo, unit.at) && keep(u))
        .map(|(id, unit)| Candidate { id, at: unit.at })
        .collect()
}

/// The position of an army, without its coast, if `army` is one.
fn army_position(units: &[Unit], army: UnitId) -> Option<At> {
    units
        .get(army)
        .filter(|u| u.kind == UnitType::Army)
        .map(|u| u.at.without_coast())
}

/// Whether a position is at sea.
fn at_sea<G: Geography + ?Sized>(geo: &G, at: At) -> bool {
    let map = geo.map();
    map.convoys_from(at.loc.province)
}

/// A depth-first search for a chordless chain through a target fleet.
struct ChordlessSearch<'a> {
    k: usize,
    /// Whether the army reaches each fleet in one hop.
    from_start: &'a [bool],
    /// Whether fleet `i` reaches fleet `j` in one hop, at `i * k + j`.
    hop: &'a [bool],
    /// Whether each fleet reaches the destination in one hop.
    to_dest: &'a [bool],
    /// The fleet that must be on the chain.
    target: usize,
    /// The chain so far.
    path: Vec<usize>,
    /// Whether each fleet is on the chain.
    on_path: Vec<bool>,
    /// For each fleet, how many fleets of the chain before its last reach it in one hop (a
    /// fleet reached so may not follow: it would shorten the chain).
    covered: Vec<u32>,
    /// Extensions left before giving up (and accepting).
    budget: usize,
    /// Whether to stop extending a chain that can no longer take in the target.
    prune: bool,
}

impl ChordlessSearch<'_> {
    /// Tries the chain `path + [next]` and its extensions; `next` is reached from the start (if
    /// the path is empty) or from the last fleet of the path, and from nothing earlier.
    fn extend(&mut self, next: usize) -> bool {
        if self.budget == 0 {
            return true;
        }
        self.budget -= 1;
        self.push(next);
        let found = if self.prune && !self.on_path[self.target] && !self.target_still_reachable() {
            false
        } else if self.to_dest[next] {
            // The chain ends here: only its last fleet may reach the destination.
            self.on_path[self.target]
        } else {
            (0..self.k).any(|after| self.fits(after) && self.extend(after))
        };
        self.pop();
        found
    }

    /// Puts `next` at the end of the chain: the fleet that was last becomes an earlier one.
    fn push(&mut self, next: usize) {
        if let Some(&last) = self.path.last() {
            let hops = &self.hop[last * self.k..(last + 1) * self.k];
            for (c, &h) in self.covered.iter_mut().zip(hops) {
                *c += u32::from(h);
            }
        }
        self.path.push(next);
        self.on_path[next] = true;
    }

    /// Takes the last fleet off the chain (the undoing of [`ChordlessSearch::push`]).
    fn pop(&mut self) {
        let Some(last) = self.path.pop() else {
            return;
        };
        self.on_path[last] = false;
        if let Some(&before) = self.path.last() {
            let hops = &self.hop[before * self.k..(before + 1) * self.k];
            for (c, &h) in self.covered.iter_mut().zip(hops) {
                *c -= u32::from(h);
            }
        }
    }

    /// Whether the target can still join the path: some chain of hops leads from the path's last
    /// fleet to it through fleets that may still follow (not on the path, not reached from the
    /// army, not reached from a fleet of the path before its last). Every fleet a continuation
    /// uses must be such a fleet, so when the target is not reached no continuation holds it.
    fn target_still_reachable(&self) -> bool {
        let Some(&last) = self.path.last() else {
            return true;
        };
        let may_follow = |v: usize| !self.from_start[v] && !self.on_path[v] && self.covered[v] == 0;
        let mut seen = vec![false; self.k];
        let mut queue = vec![last];
        while let Some(u) = queue.pop() {
            let hops = &self.hop[u * self.k..(u + 1) * self.k];
            for (v, (&hop, seen)) in hops.iter().zip(seen.iter_mut()).enumerate() {
                if !*seen && hop && may_follow(v) {
                    if v == self.target {
                        return true;
                    }
                    *seen = true;
                    queue.push(v);
                }
            }
        }
        false
    }

    /// Whether `after` may follow the path: not on it yet, reached from its last fleet, and
    /// reached neither from an earlier fleet nor from the army (either would be a shortcut).
    fn fits(&self, after: usize) -> bool {
        let Some(&last) = self.path.last() else {
            return false;
        };
        !self.on_path[after]
            && self.hop[last * self.k + after]
            && self.covered[after] == 0
            && !self.from_start[after]
    }
}

#[cfg(test)]
mod tests;
