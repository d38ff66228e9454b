//! The decision engine of the movement phase, after DATC chapter 5 ("The Process of
//! Adjudication").
//!
//! Every move, support and convoy order is one boolean decision. The conditions of DATC 5.B are
//! evaluated with partial information: [`Engine::adjudicate`] is called in an optimistic and a
//! pessimistic mode, strengths are bounds, and a decision is final when both modes agree
//! ([`Engine::resolve`], after DATC 5.E). A dependency cycle without a unique solution is handed
//! to the backup rule once recursion has retreated to the order that started the whole cycle.
//!
//! Everything is stored in vectors indexed by unit id, built once per phase; the hot path
//! allocates nothing. [`Engine::build`] reads as its steps: one `Slot` per unit, the places and
//! the moves into each, the matching of supports and convoys, head-to-head battles, and the
//! support and convoy indexes.
//!
//! This file holds the solver: the decisions (move, support, convoy, path) and the strengths
//! (attack, defend, prevent, hold), mutually recursive over one state, the `Engine`, with the
//! cycle bookkeeping of `resolve`, which must see every one of them. Building the tables is
//! `engine/build.rs`; reading the settled decisions out (outcomes, reasons, strengths) is
//! `engine/results.rs`; both see the engine's private state as its child modules.

use mdip_map::UnitType;

use crate::geography::{At, Geography, Place};
use crate::movement::{
    Dislodgement, Met, MovementResult, Opposition, Order, Pin, PinnedOrder, Strength, Strengths,
    Unit, UnitId,
};
use crate::reason::{Outcome, Reason};
use crate::rules::{ConvoyIntent, OrderFit};

mod build;
mod results;

use build::*;

/// The absent index.
const NONE: u32 = u32::MAX;

/// The decision is final.
const RESOLVED: u8 = 1;
/// The final value of the decision (meaningful with `RESOLVED`).
const RESULT: u8 = 2;
/// The decision is being adjudicated further up the recursion.
const VISITED: u8 = 4;
/// The decision is in the list of a cycle not yet settled.
const IN_CYCLE: u8 = 8;
/// The decision was settled by a paradox rule (Szykman or all-fail).
const PARADOX: u8 = 16;

/// A convoying fleet that the army's province reaches in one hop (see `Engine::cv_ends`).
const FIRST_HOP: u8 = 1;
/// A convoying fleet that reaches the army's destination in one hop.
const LAST_HOP: u8 = 2;

/// The kind of a unit's order, after normalisation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Hold,
    Move,
    SupportHold,
    SupportMove,
    Convoy,
}

/// How a move travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Route {
    /// Over a direct border.
    Direct,
    /// By a chain of convoying fleets.
    Convoy,
    /// Not at all (a move to its own place, or a fleet to a place it does not reach).
    Impossible,
}

/// Everything known about one unit and its order.
#[derive(Clone, Copy, Debug)]
struct Slot {
    kind: Kind,
    route: Route,
    /// Support or convoy: its order matches the target's order.
    matched: bool,
    /// Support or convoy: matched and (for a convoy) the army takes the convoy route.
    valid: bool,
    /// The caller fixed the decision with a pin.
    pinned: bool,
    state: u8,
    /// Where the unit stands.
    origin: Place,
    /// Move: its destination. Support: the place the support is directed at. Convoy: the
    /// army's destination.
    aim: Place,
    /// Move or support to move: the destination with its coast.
    aim_at: At,
    /// Support: the supported unit. Convoy: the army. Otherwise `NONE`.
    target: u32,
    /// Move: the unit standing at the destination, if any.
    occupant: u32,
    /// Move: the unit in a head-to-head battle with this one, if any.
    h2h: u32,
    /// The id of this unit's place: also the group of moves into it.
    own_group: u32,
    /// Move: the id of its destination place: also the group of moves into it.
    dest_group: u32,
    /// The range of valid supports for this unit (to move if it moves, else to hold).
    sup: (u32, u32),
    /// Convoyed move: the range of fleets validly ordered to convoy it (in `Engine::cv`).
    cv: (u32, u32),
    /// Position in the cycle list while `IN_CYCLE`.
    cycle_pos: u32,
}

/// The engine for one movement phase.
struct Engine<'a> {
    units: &'a [Unit],
    slots: Vec<Slot>,
    /// The 5D game's order checks are in force ([`OrderFit::Game`]).
    game_fit: bool,
    /// Supporting units, grouped by supported unit (see `Slot::sup`).
    sup: Vec<u32>,
    /// Moving units grouped by destination place id; group `g` is `groups[g.0..g.1]` (empty
    /// for a place no move goes to).
    group_ranges: Vec<(u32, u32)>,
    groups: Vec<u32>,
    /// The place of each place id.
    place_list: Vec<Place>,
    /// Convoying fleets, grouped by army (see `Slot::cv`). Any number of fleets may convoy one
    /// army (one per timeline in a multiverse): nothing below has a fixed width.
    cv: Vec<u32>,
    /// For each entry of `cv`, its hops as flags: `FIRST_HOP` (the army's province reaches
    /// the fleet), `LAST_HOP` (the fleet reaches the army's destination).
    cv_ends: Vec<u8>,
    /// For each entry of `cv`: the range of `cv_next` that lists the entries of the same army
    /// it reaches in one hop, as positions within the army's group.
    cv_adj: Vec<(u32, u32)>,
    cv_next: Vec<u32>,
    /// Decisions retreated from without a resolution, waiting for the cycle's ancestor.
    cycle: Vec<u32>,
    /// Cyclic hits on visited decisions not yet retreated to (DATC 5.E `recursion_hits`).
    hits: u32,
    /// The lowest cycle position of an unsettled decision met in the current frame.
    low: u32,
    /// Whether the current adjudication used an unsettled decision.
    uncertain: bool,
}

/// Adjudicates a movement phase (see [`crate::adjudicate_movement`]).
pub(crate) fn adjudicate<G: Geography + ?Sized>(
    units: &[Unit],
    orders: &[PinnedOrder],
    geo: &G,
) -> MovementResult {
    let mut engine = Engine::build(units, orders, geo);
    engine.solve();
    engine.result()
}

impl<'a> Engine<'a> {
    /// Normalises the orders and builds every per-phase index.
    fn build<G: Geography + ?Sized>(
        units: &'a [Unit],
        orders: &[PinnedOrder],
        geo: &G,
    ) -> Engine<'a> {
        let mut slots: Vec<Slot> = units
            .iter()
            .enumerate()
            .map(|(u, unit)| {
                let PinnedOrder { order, pin } = orders
                    .get(u)
                    .copied()
                    .unwrap_or(PinnedOrder::new(Order::Hold, Pin::Free));
                Slot::new(units, unit, order, pin, geo)
            })
            .collect();
        let places = group_places(&mut slots);
        match_orders(&mut slots, units, geo.rules().convoy_intent);
        mark_head_to_head(&mut slots);
        let sup = index_supports(&mut slots);
        let convoys = index_convoys(&mut slots, units, geo);
        Engine {
            units,
            slots,
            game_fit: geo.rules().fit == OrderFit::Game,
            sup,
            group_ranges: places.group_ranges,
            groups: places.groups,
            place_list: places.place_list,
            cv: convoys.cv,
            cv_ends: convoys.cv_ends,
            cv_adj: convoys.cv_adj,
            cv_next: convoys.cv_next,
            cycle: Vec::new(),
            hits: 0,
            low: NONE,
            uncertain: false,
        }
    }

    /// Resolves every decision.
    ///
    /// Moves go first, each chain of moves into occupied places from its far end, so that the
    /// recursion stays shallow; then supports and convoys.
    fn solve(&mut self) {
        let n = self.slots.len();
        let mut walked = vec![false; n];
        let mut chain: Vec<u32> = Vec::new();
        for u in 0..n {
            let mut cur = index(u);
            while cur != NONE
                && !walked[cur as usize]
                && self.slots[cur as usize].kind == Kind::Move
            {
                walked[cur as usize] = true;
                chain.push(cur);
                cur = self.slots[cur as usize].occupant;
            }
            while let Some(m) = chain.pop() {
                self.resolve(m as usize, true);
            }
        }
        for u in 0..n {
            if self.slots[u].kind != Kind::Hold {
                self.resolve(u, true);
            }
        }
    }

    /// The value of decision `d`: final if known, else found by adjudicating it in both modes,
    /// else `optimistic` while a cycle is open (DATC 5.E, with the backup rule).
    fn resolve(&mut self, d: usize, optimistic: bool) -> bool {
        let state = self.slots[d].state;
        if state & RESOLVED != 0 {
            return state & RESULT != 0;
        }
        if state & IN_CYCLE != 0 {
            self.uncertain = true;
            self.low = self.low.min(self.slots[d].cycle_pos);
            return optimistic;
        }
        if state & VISITED != 0 {
            self.push_cycle(d);
            self.hits += 1;
            self.uncertain = true;
            return optimistic;
        }

        self.slots[d].state |= VISITED;
        let old_len = self.cycle.len();
        let old_hits = self.hits;
        let old_uncertain = self.uncertain;
        let old_low = self.low;
        self.uncertain = false;
        self.low = NONE;
        let opt = self.adjudicate(d, true);
        let pes = if opt && self.uncertain {
            self.adjudicate(d, false)
        } else {
            opt
        };
        self.slots[d].state &= !VISITED;
        let frame_low = self.low;

        if opt == pes {
            self.truncate_cycle(old_len);
            self.hits = old_hits;
            self.uncertain = old_uncertain;
            self.low = old_low;
            self.settle(d, opt, 0);
            return opt;
        }

        if self.slots[d].state & IN_CYCLE != 0 {
            self.hits -= 1;
        }
        if self.hits == old_hits && frame_low as usize >= old_len {
            // This decision started the whole cycle: apply the backup rule to it.
            if self.cycle.len() == old_len {
                // Unreachable in theory; settle pessimistically so that recursion ends.
                self.settle(d, false, PARADOX);
            } else {
                self.backup(old_len);
            }
            self.uncertain = old_uncertain;
            self.low = old_low;
            return self.resolve(d, optimistic);
        }

        // Part of a cycle whose ancestor is further up: retreat.
        if self.slots[d].state & IN_CYCLE == 0 {
            self.push_cycle(d);
        }
        self.low = old_low.min(frame_low);
        optimistic
    }

    /// Adds `d` to the open cycle list.
    fn push_cycle(&mut self, d: usize) {
        self.slots[d].state |= IN_CYCLE;
        self.slots[d].cycle_pos = index(self.cycle.len());
        self.cycle.push(index(d));
    }

    /// Forgets the cycle entries from `len` on.
    fn truncate_cycle(&mut self, len: usize) {
        for i in len..self.cycle.len() {
            let d = self.cycle[i] as usize;
            self.slots[d].state &= !IN_CYCLE;
        }
        self.cycle.truncate(len);
    }

    /// Makes decision `d` final.
    fn settle(&mut self, d: usize, value: bool, extra: u8) {
        let slot = &mut self.slots[d];
        slot.state = (slot.state & !(VISITED | IN_CYCLE)) | RESOLVED | extra;
        if value {
            slot.state |= RESULT;
        }
    }

    /// The backup rule (DATC 5.B.9) for the cycle entries from `from` on: with convoys in it,
    /// the convoys fail (Szykman rule); moves alone are circular movement and all succeed;
    /// anything else fails.
    fn backup(&mut self, from: usize) {
        let entries: Vec<u32> = self.cycle[from..].to_vec();
        self.truncate_cycle(from);
        let has_convoy = entries
            .iter()
            .any(|&d| self.slots[d as usize].kind == Kind::Convoy);
        let all_moves = entries
            .iter()
            .all(|&d| self.slots[d as usize].kind == Kind::Move);
        for &d in &entries {
            let d = d as usize;
            if has_convoy {
                if self.slots[d].kind == Kind::Convoy {
                    self.settle(d, false, PARADOX);
                }
            } else if all_moves {
                self.settle(d, true, 0);
            } else {
                self.settle(d, false, PARADOX);
            }
        }
    }

    /// The condition of decision `d` (DATC 5.B), in the optimistic or pessimistic mode.
    fn adjudicate(&mut self, d: usize, optimistic: bool) -> bool {
        match self.slots[d].kind {
            Kind::Move => self.adjudicate_move(d, optimistic),
            Kind::SupportHold | Kind::SupportMove => self.adjudicate_support(d, optimistic),
            Kind::Convoy => self.adjudicate_convoy(d, optimistic),
            Kind::Hold => true,
        }
    }

    /// MOVE (DATC 5.B.1): the attack beats the hold (or, head to head, the defence) of the
    /// destination and the prevent strength of every rival.
    fn adjudicate_move(&mut self, m: usize, optimistic: bool) -> bool {
        let attack = self.attack(m, optimistic);
        if attack == 0 {
            return false;
        }
        let slot = self.slots[m];
        let opposing = if slot.h2h != NONE {
            self.defend(slot.h2h as usize, !optimistic)
        } else {
            self.hold(slot.occupant, !optimistic)
        };
        if attack <= opposing {
            return false;
        }
        let (s, e) = self.group_ranges[slot.dest_group as usize];
        for i in s..e {
            let rival = self.groups[i as usize] as usize;
            if rival != m && attack <= self.prevent(rival, !optimistic) {
                return false;
            }
        }
        true
    }

    /// SUPPORT (DATC 5.B.2): not cut by a foreign attack (one from the place the support is
    /// directed at cuts only by dislodging).
    fn adjudicate_support(&mut self, s: usize, optimistic: bool) -> bool {
        let slot = self.slots[s];
        let power = self.units[s].power;
        let (b, e) = self.group_ranges[slot.own_group as usize];
        for i in b..e {
            let a = self.groups[i as usize] as usize;
            if a == s || self.units[a].power == power {
                continue;
            }
            let cuts = if self.slots[a].origin == slot.aim {
                self.resolve(a, !optimistic)
            } else {
                self.path(a, !optimistic)
            };
            if cuts {
                return false;
            }
        }
        true
    }

    /// CONVOY (DATC 5.B.3): the fleet is not dislodged.
    fn adjudicate_convoy(&mut self, f: usize, optimistic: bool) -> bool {
        let slot = self.slots[f];
        let power = self.units[f].power;
        let (b, e) = self.group_ranges[slot.own_group as usize];
        for i in b..e {
            let a = self.groups[i as usize] as usize;
            if a != f && self.units[a].power != power && self.resolve(a, !optimistic) {
                return false;
            }
        }
        true
    }

    /// PATH (DATC 5.B.4): direct, or a chain of available convoying fleets. `high` asks for the
    /// optimistic bound.
    fn path(&mut self, m: usize, high: bool) -> bool {
        let slot = self.slots[m];
        if slot.pinned && slot.state & RESULT != 0 {
            // A move pinned to succeed arrived, by whatever route.
            return true;
        }
        match slot.route {
            Route::Direct => return true,
            Route::Impossible => return false,
            Route::Convoy => {}
        }
        let (s, e) = (slot.cv.0 as usize, slot.cv.1 as usize);
        // Fleets are expanded lowest position first, as they were listed.
        let mut reached: Vec<bool> = (s..e).map(|i| self.cv_ends[i] & FIRST_HOP != 0).collect();
        let mut expanded = vec![false; e - s];
        loop {
            let Some(i) = (0..e - s).find(|&i| reached[i] && !expanded[i]) else {
                return false;
            };
            expanded[i] = true;
            let fleet = self.cv[s + i] as usize;
            if !self.resolve(fleet, high) {
                continue;
            }
            if self.cv_ends[s + i] & LAST_HOP != 0 {
                return true;
            }
            for &j in self.hops(s + i) {
                reached[j as usize] = true;
            }
        }
    }

    /// The positions (within its army's group) of the fleets that the `cv` entry `i` reaches in
    /// one hop.
    fn hops(&self, i: usize) -> &[u32] {
        let (from, to) = self.cv_adj[i];
        &self.cv_next[from as usize..to as usize]
    }

    /// The fleets of the convoyed army `m` (as positions in its group) that a chain of fleets
    /// passing `allowed` connects to an end `end` (`FIRST_HOP` or `LAST_HOP`).
    fn spread(&self, m: usize, end: u8, allowed: &[bool]) -> Vec<bool> {
        let s = self.slots[m].cv.0 as usize;
        let mut reached = vec![false; allowed.len()];
        let mut todo: Vec<usize> = (0..allowed.len())
            .filter(|&i| allowed[i] && self.cv_ends[s + i] & end != 0)
            .collect();
        for &i in &todo {
            reached[i] = true;
        }
        while let Some(i) = todo.pop() {
            for &j in self.hops(s + i) {
                let j = j as usize;
                if allowed[j] && !reached[j] {
                    reached[j] = true;
                    todo.push(j);
                }
            }
        }
        reached
    }

    /// Whether the fleet `fleet` lies on a chain of available convoying fleets that carries the
    /// convoyed army `m` from its province to its destination: a convoy order "succeeds" only
    /// when its fleet is part of the route used (DATC 6.G.6: a fleet on no completed route fails).
    fn on_route(&mut self, m: usize, fleet: usize) -> bool {
        let slot = self.slots[m];
        if slot.route != Route::Convoy {
            return false;
        }
        let (s, e) = (slot.cv.0 as usize, slot.cv.1 as usize);
        let Some(me) = (s..e).position(|i| self.cv[i] as usize == fleet) else {
            return false;
        };
        let available: Vec<bool> = (s..e).map(|i| self.value(self.cv[i] as usize)).collect();
        self.spread(m, FIRST_HOP, &available)[me] && self.spread(m, LAST_HOP, &available)[me]
    }

    /// The number of valid supports for `u` that are given; `foreign_to` excludes supporters
    /// of that power.
    fn supports(&mut self, u: usize, high: bool, foreign_to: Option<mdip_map::Power>) -> u32 {
        let (s, e) = self.slots[u].sup;
        let mut count = 0;
        for i in s..e {
            let supporter = self.sup[i as usize] as usize;
            if foreign_to == Some(self.units[supporter].power) {
                continue;
            }
            if self.against_own_unit(u, supporter) {
                continue;
            }
            if self.resolve(supporter, high) {
                count += 1;
            }
        }
        count
    }

    /// Under the 5D game's order checks ([`OrderFit::Game`]): whether `supporter` supports the
    /// move `u` into a place held by a unit of the supporter's own power that is not ordered to
    /// move. Such a support gives no strength at all (DATC counts it for everything but
    /// dislodging); the game settles it before anything else. (When the unit there is ordered
    /// to move and fails, the game's passes count the support as DATC does, DATC 6.E.12.)
    fn against_own_unit(&self, u: usize, supporter: usize) -> bool {
        if !self.game_fit || self.slots[u].kind != Kind::Move {
            return false;
        }
        let o = self.slots[u].occupant;
        if o == NONE
            || o as usize == u
            || self.units[o as usize].power != self.units[supporter].power
        {
            return false;
        }
        self.slots[o as usize].kind != Kind::Move
    }

    /// HOLD STRENGTH (DATC 5.B.5) of the place held by `occupant`.
    fn hold(&mut self, occupant: u32, high: bool) -> u32 {
        if occupant == NONE {
            return 0;
        }
        let o = occupant as usize;
        if self.slots[o].kind == Kind::Move {
            return if self.resolve(o, !high) { 0 } else { 1 };
        }
        1 + self.supports(o, high, None)
    }

    /// ATTACK STRENGTH (DATC 5.B.8) of move `m`.
    fn attack(&mut self, m: usize, high: bool) -> u32 {
        if !self.path(m, high) {
            return 0;
        }
        let slot = self.slots[m];
        let o = slot.occupant;
        let unopposed = o == NONE
            || (slot.h2h == NONE
                && self.slots[o as usize].kind == Kind::Move
                && self.resolve(o as usize, high));
        if unopposed {
            return 1 + self.supports(m, high, None);
        }
        let defender = self.units[o as usize].power;
        if defender == self.units[m].power {
            return 0;
        }
        1 + self.supports(m, high, Some(defender))
    }

    /// DEFEND STRENGTH (DATC 5.B.7) of move `m`.
    fn defend(&mut self, m: usize, high: bool) -> u32 {
        1 + self.supports(m, high, None)
    }

    /// PREVENT STRENGTH (DATC 5.B.6) of move `m`.
    fn prevent(&mut self, m: usize, high: bool) -> u32 {
        if !self.path(m, high) {
            return 0;
        }
        let h2h = self.slots[m].h2h;
        if h2h != NONE && self.resolve(h2h as usize, !high) {
            return 0;
        }
        1 + self.supports(m, high, None)
    }

    /// Whether decision `d` is final and true (every decision is final after `solve`).
    fn value(&self, d: usize) -> bool {
        self.slots[d].state & (RESOLVED | RESULT) == RESOLVED | RESULT
    }

    /// Whether decision `d` was settled by a paradox rule.
    fn paradox(&self, d: usize) -> bool {
        self.slots[d].state & PARADOX != 0
    }
}
