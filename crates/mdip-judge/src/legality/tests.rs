//! Tests of the convoy searches: on random layered boards, the fleets of every chordless chain
//! (found by brute force) against the search, with and without its shortcuts.

use mdip_map::{Location, Map, ProvinceId, Terrain};

use super::*;
use crate::Site;

/// Boards stacked in layers: a unit reaches an adjacent location on its own or a
/// neighbouring layer, or its own location on a neighbouring layer.
struct Layers;

impl Geography for Layers {
    fn map(&self) -> &Map {
        Map::standard()
    }

    fn reaches(&self, kind: UnitType, from: At, to: At) -> bool {
        let gap = from.site.0.abs_diff(to.site.0);
        gap <= 1
            && (self.map().adjacent(kind, from.loc, to.loc) || (gap == 1 && from.loc == to.loc))
    }

    /// The searches then try only the fleets near each fleet: the tests below compare
    /// them with a definition that tries every chain.
    fn hops_stay_near(&self) -> bool {
        true
    }
}

/// Every fleet of `units` on a chain from the army to `dest` that no fleet could shorten,
/// found the slow way: every simple chain of fleets at sea is listed, and each complete
/// chain is checked for shortcuts as a whole (the definition of [`convoy_chain_fleets`],
/// without its incremental bookkeeping; small boards only).
fn every_chain_fleet(units: &[Unit], army: UnitId, dest: At, geo: &Layers) -> Vec<UnitId> {
    let start = units[army].at.without_coast();
    let dest = dest.without_coast();
    let seas: Vec<UnitId> = (0..units.len())
        .filter(|&u| u != army && units[u].kind == UnitType::Fleet && at_sea(geo, units[u].at))
        .collect();
    let hop = |a: At, b: At| geo.convoy_hop(a, b);
    let chordless = |chain: &[UnitId]| {
        let at = |i: usize| units[chain[i]].at;
        let m = chain.len();
        hop(start, at(0))
            && hop(at(m - 1), dest)
            && (1..m).all(|j| !hop(start, at(j)))
            && (0..m - 1).all(|i| !hop(at(i), dest))
            && (0..m).all(|i| (i + 1..m).all(|j| hop(at(i), at(j)) == (j == i + 1)))
    };
    fn walk(
        chain: &mut Vec<UnitId>,
        seas: &[UnitId],
        ok: &dyn Fn(&[UnitId]) -> bool,
        found: &mut Vec<UnitId>,
    ) {
        if !chain.is_empty() && ok(chain) {
            found.extend(chain.iter().copied());
        }
        for &f in seas {
            if !chain.contains(&f) {
                chain.push(f);
                walk(chain, seas, ok, found);
                chain.pop();
            }
        }
    }
    let mut found = Vec::new();
    walk(&mut Vec::new(), &seas, &chordless, &mut found);
    found.sort_unstable();
    found.dedup();
    found
}

/// A xorshift generator started at `seed`: `next(n)` is a number below `n`.
fn numbers(mut state: u64) -> impl FnMut(usize) -> usize {
    move |n| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    }
}

/// A random board: an English army on one of `coasts` (unit 0), then `fleets.0` plus up to
/// `fleets.1 - 1` tries of a French fleet on one of `seas` in one of `layers` layers (one
/// unit a place).
fn random_board(
    next: &mut impl FnMut(usize) -> usize,
    layers: u32,
    fleets: (usize, usize),
    coasts: &[ProvinceId],
    seas: &[ProvinceId],
) -> Vec<Unit> {
    let mut units = vec![Unit {
        power: mdip_map::Power::England,
        kind: UnitType::Army,
        at: At::new(Site(0), Location::province(coasts[next(coasts.len())])),
    }];
    for _ in 0..fleets.0 + next(fleets.1) {
        let at = At::new(
            Site(next(layers as usize) as u32),
            Location::province(seas[next(seas.len())]),
        );
        if units.iter().all(|u| u.at.place() != at.place()) {
            units.push(Unit {
                power: mdip_map::Power::France,
                kind: UnitType::Fleet,
                at,
            });
        }
    }
    units
}

/// A random destination: one of `coasts` in one of `layers` layers.
fn random_destination(
    next: &mut impl FnMut(usize) -> usize,
    layers: u32,
    coasts: &[ProvinceId],
) -> At {
    At::new(
        Site(next(layers as usize) as u32),
        Location::province(coasts[next(coasts.len())]),
    )
}

/// The search with its incremental bookkeeping finds exactly the fleets of the definition
/// (every chain listed and checked as a whole), and [`ConvoyRoutes::may_convoy`] answers
/// as [`convoy_chain_fleets`] for every unit: random boards of up to 7 fleets at sea on up
/// to three layers.
#[test]
fn the_search_finds_the_fleets_of_every_chordless_chain() {
    let map = Map::standard();
    // Fleets crowd around the North Sea (the seas at most two borders away) and armies
    // stand on the coasts of those seas, so that chains with would-be shortcuts are common.
    let north_sea = map
        .province_by_abbrev("nth")
        .expect("the standard map has the North Sea");
    let near: Vec<ProvinceId> = map
        .bordering(north_sea)
        .iter()
        .flat_map(|&p| map.bordering(p).iter().copied().chain([p]))
        .collect();
    let mut seas: Vec<ProvinceId> = near
        .iter()
        .copied()
        .filter(|&p| map.terrain(p) == Terrain::Sea)
        .collect();
    seas.sort_unstable();
    seas.dedup();
    let mut coasts: Vec<ProvinceId> = seas
        .iter()
        .flat_map(|&p| map.bordering(p).iter().copied())
        .filter(|&p| map.terrain(p) == Terrain::Coastal)
        .collect();
    coasts.sort_unstable();
    coasts.dedup();
    let mut next = numbers(0x9e37_79b9_7f4a_7c15_u64);
    let (mut non_empty, mut partial) = (0, 0);
    for _ in 0..1000 {
        let layers = 1 + next(3) as u32;
        let units = random_board(&mut next, layers, (2, 6), &coasts, &seas);
        for _ in 0..4 {
            let dest = random_destination(&mut next, layers, &coasts);
            let fast = convoy_chain_fleets(&units, 0, dest, &Layers);
            let slow = every_chain_fleet(&units, 0, dest, &Layers);
            assert_eq!(
                fast, slow,
                "army {:?} to {dest:?} with {units:?}",
                units[0].at
            );
            let routes = ConvoyRoutes::new(&units, 0, dest, &Layers);
            for u in 0..units.len() {
                assert_eq!(routes.may_convoy(u), fast.contains(&u), "unit {u}");
            }
            non_empty += usize::from(!fast.is_empty());
            let on_routes = routes.fleets.len();
            partial += usize::from(!fast.is_empty() && fast.len() < on_routes);
        }
    }
    assert!(
        non_empty > 100,
        "only {non_empty} boards had a convoy route"
    );
    assert!(
        partial > 10,
        "only {partial} boards had a fleet a chain could skip"
    );
}

/// The shortcuts never change which fleets may convoy: random boards of up to 14 fleets at
/// sea on up to four layers, every army and destination, searched both ways.
#[test]
fn the_shortcuts_give_the_same_fleets() {
    let map = Map::standard();
    let provinces: Vec<ProvinceId> = (0..map.province_count())
        .filter_map(|i| u8::try_from(i).ok().map(ProvinceId))
        .collect();
    let seas: Vec<ProvinceId> = provinces
        .iter()
        .copied()
        .filter(|&p| map.terrain(p) == Terrain::Sea)
        .collect();
    let coasts: Vec<ProvinceId> = provinces
        .iter()
        .copied()
        .filter(|&p| map.terrain(p) == Terrain::Coastal)
        .collect();
    let mut next = numbers(0x2545_f491_4f6c_dd1d_u64);
    let mut non_empty = 0;
    for _ in 0..800 {
        let layers = 1 + next(4) as u32;
        let units = random_board(&mut next, layers, (3, 12), &coasts, &seas);
        for _ in 0..4 {
            let dest = random_destination(&mut next, layers, &coasts);
            let fast = chain_fleets(&units, 0, dest, &Layers, true);
            let slow = chain_fleets(&units, 0, dest, &Layers, false);
            assert_eq!(
                fast, slow,
                "army {:?} to {dest:?} with {units:?}",
                units[0].at
            );
            non_empty += usize::from(!fast.is_empty());
        }
    }
    assert!(
        non_empty > 100,
        "only {non_empty} boards had a convoy route"
    );
}
