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

use mdip_map::{Terrain, UnitType};

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
    while let Some(i) = queue.pop() {
        if geo.convoy_hop(fleets[i].at, dest) {
            return true;
        }
        for (j, f) in fleets.iter().enumerate() {
            if !reached[j] && geo.convoy_hop(fleets[i].at, f.at) {
                reached[j] = true;
                queue.push(j);
            }
        }
    }
    false
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
    let Some(start) = army_position(units, army) else {
        return Vec::new();
    };
    let dest = dest.without_coast();
    let all = sea_fleets(units, geo, |u| u != army);
    let forward = reachable(
        &all,
        geo,
        |x| geo.convoy_hop(start, x),
        |a, b| geo.convoy_hop(a, b),
    );
    let backward = reachable(
        &all,
        geo,
        |x| geo.convoy_hop(x, dest),
        |a, b| geo.convoy_hop(b, a),
    );
    let fleets: Vec<Candidate> = all
        .into_iter()
        .enumerate()
        .filter(|(i, _)| forward[*i] && backward[*i])
        .map(|(_, c)| c)
        .collect();
    let k = fleets.len();
    let from_start: Vec<bool> = fleets.iter().map(|x| geo.convoy_hop(start, x.at)).collect();
    let to_dest: Vec<bool> = fleets.iter().map(|x| geo.convoy_hop(x.at, dest)).collect();
    let hop: Vec<bool> = (0..k * k)
        .map(|ij| ij / k != ij % k && geo.convoy_hop(fleets[ij / k].at, fleets[ij % k].at))
        .collect();
    let mut out = Vec::new();
    for (target, fleet) in fleets.iter().enumerate() {
        let mut search = ChordlessSearch {
            k,
            from_start: &from_start,
            hop: &hop,
            to_dest: &to_dest,
            target,
            path: Vec::new(),
            budget: SEARCH_BUDGET,
        };
        if (0..k).any(|first| from_start[first] && search.extend(first)) {
            out.push(fleet.id);
        }
    }
    out
}

/// Which of `fleets` a search reaches: those `first` accepts, then any fleet one `hop` from a
/// fleet reached.
fn reachable<G: Geography + ?Sized>(
    fleets: &[Candidate],
    _geo: &G,
    first: impl Fn(At) -> bool,
    hop: impl Fn(At, At) -> bool,
) -> Vec<bool> {
    let mut reached: Vec<bool> = fleets.iter().map(|f| first(f.at)).collect();
    let mut queue: Vec<usize> = (0..fleets.len()).filter(|&i| reached[i]).collect();
    while let Some(i) = queue.pop() {
        for j in 0..fleets.len() {
            if !reached[j] && hop(fleets[i].at, fleets[j].at) {
                reached[j] = true;
                queue.push(j);
            }
        }
    }
    reached
}

/// A fleet at sea considered for a chain.
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
    map.contains(at.loc.province) && map.terrain(at.loc.province) == Terrain::Sea
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
    /// Extensions left before giving up (and accepting).
    budget: usize,
}

impl ChordlessSearch<'_> {
    /// Tries the chain `path + [next]` and its extensions; `next` is reached from the start (if
    /// the path is empty) or from the last fleet of the path, and from nothing earlier.
    fn extend(&mut self, next: usize) -> bool {
        if self.budget == 0 {
            return true;
        }
        self.budget -= 1;
        self.path.push(next);
        let found = if self.to_dest[next] {
            // The chain ends here: only its last fleet may reach the destination.
            self.path.contains(&self.target)
        } else {
            (0..self.k).any(|after| self.fits(after) && self.extend(after))
        };
        self.path.pop();
        found
    }

    /// Whether `after` may follow the path: not on it yet, reached from its last fleet, and
    /// reached neither from an earlier fleet nor from the army (either would be a shortcut).
    fn fits(&self, after: usize) -> bool {
        let Some((&last, earlier)) = self.path.split_last() else {
            return false;
        };
        !self.path.contains(&after)
            && self.hop[last * self.k + after]
            && earlier.iter().all(|&e| !self.hop[e * self.k + after])
            && !self.from_start[after]
    }
}
