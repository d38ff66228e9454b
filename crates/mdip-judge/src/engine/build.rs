//! Building the engine's tables once per phase: one `Slot` per unit, dense place ids, the
//! moves into each place, supports and convoys matched to the orders they name, head-to-head
//! battles, and the support and convoy indexes ([`Engine::build`](super::Engine) reads as
//! these steps).

use super::*;

/// A unit index as stored (unit counts are far below `u32::MAX`).
pub(super) fn index(u: usize) -> u32 {
    u32::try_from(u).unwrap_or(NONE)
}

/// Dense ids for places: `ids[i]` is the id of `keys[i]` and `list[id]` its place, ids in the
/// order of first appearance. Boards with small ids use a direct table (one slot per province
/// and board), others a sorted list.
pub(super) fn place_ids(keys: &[Place]) -> (Vec<u32>, Vec<Place>) {
    let max_site = keys.iter().map(|p| p.site.0).max().unwrap_or(0);
    let mut ids = Vec::with_capacity(keys.len());
    if max_site < 16 {
        let mut list = Vec::new();
        let mut table = vec![NONE; (max_site as usize + 1) * 256];
        for &p in keys {
            let slot = &mut table[p.site.0 as usize * 256 + p.province.index()];
            if *slot == NONE {
                *slot = index(list.len());
                list.push(p);
            }
            ids.push(*slot);
        }
        (ids, list)
    } else {
        let mut list = keys.to_vec();
        list.sort_unstable();
        list.dedup();
        ids.extend(
            keys.iter()
                .map(|p| index(list.binary_search(p).unwrap_or_default())),
        );
        (ids, list)
    }
}

/// Whether the coast named by a support fits the coast of the supported move: a support that
/// names no coast fits any (DATC 6.B.7), and one that names a coast needs the same (6.B.9).
pub(super) fn coasts_match(support: At, moving: At) -> bool {
    match (support.loc.coast, moving.loc.coast) {
        (Some(a), Some(b)) => a == b,
        _ => true,
    }
}

/// Turns counts at `1..=n` into start offsets in place.
pub(super) fn prefix_sums(counts: &mut [u32]) {
    for i in 1..counts.len() {
        counts[i] += counts[i - 1];
    }
}

impl Slot {
    /// The slot of one unit with its order normalised: kind, aim, target, route and pin.
    pub(super) fn new<G: Geography + ?Sized>(
        units: &[Unit],
        unit: &Unit,
        order: Order,
        pin: Pin,
        geo: &G,
    ) -> Slot {
        let n = units.len();
        let origin = unit.at.place();
        let mut slot = Slot {
            kind: Kind::Hold,
            route: Route::Direct,
            matched: false,
            valid: false,
            pinned: false,
            state: 0,
            origin,
            aim: origin,
            aim_at: unit.at,
            target: NONE,
            occupant: NONE,
            h2h: NONE,
            own_group: NONE,
            dest_group: NONE,
            sup: (0, 0),
            cv: (0, 0),
            cycle_pos: 0,
        };
        match order {
            Order::Hold => {}
            Order::Move { dest, via_convoy } => {
                slot.kind = Kind::Move;
                slot.aim = dest.place();
                slot.aim_at = dest;
                slot.route = if slot.aim == origin {
                    Route::Impossible
                } else {
                    move_route(unit, dest, via_convoy, geo)
                };
            }
            Order::SupportHold { target } => {
                slot.kind = Kind::SupportHold;
                if let Some(t) = units.get(target) {
                    slot.aim = t.at.place();
                    slot.target = index(target);
                }
            }
            Order::SupportMove { target, dest } => {
                slot.kind = Kind::SupportMove;
                slot.aim = dest.place();
                slot.aim_at = dest;
                if target < n {
                    slot.target = index(target);
                }
            }
            Order::Convoy { army, dest } => {
                slot.kind = Kind::Convoy;
                slot.aim = dest;
                if army < n {
                    slot.target = index(army);
                }
            }
        }
        slot.state = match (slot.kind, pin) {
            (Kind::Hold, _) | (_, Pin::Free) => 0,
            (_, Pin::Succeeds) => RESOLVED | RESULT,
            (_, Pin::Fails) => RESOLVED,
        };
        slot.pinned = slot.state & RESOLVED != 0;
        slot
    }
}

/// How a move to another place travels: an army directly only over a border and without
/// `via Convoy`, else by convoy; a fleet directly or not at all.
pub(super) fn move_route<G: Geography + ?Sized>(
    unit: &Unit,
    dest: At,
    via_convoy: bool,
    geo: &G,
) -> Route {
    match unit.kind {
        UnitType::Army => {
            let direct = geo.reaches(
                UnitType::Army,
                unit.at.without_coast(),
                dest.without_coast(),
            );
            if direct && !via_convoy {
                Route::Direct
            } else {
                Route::Convoy
            }
        }
        UnitType::Fleet => {
            if geo.reaches(UnitType::Fleet, unit.at, dest) {
                Route::Direct
            } else {
                Route::Impossible
            }
        }
    }
}

/// The places of one phase and the moves into each (see `Engine::group_ranges`).
pub(super) struct Places {
    pub(super) group_ranges: Vec<(u32, u32)>,
    pub(super) groups: Vec<u32>,
    pub(super) place_list: Vec<Place>,
}

/// Dense ids for the places that matter (where units stand and where moves go), the unit
/// standing in each (a move's `occupant`), and the moves into each (grouped in `groups`).
pub(super) fn group_places(slots: &mut [Slot]) -> Places {
    let n = slots.len();
    let mut keys: Vec<Place> = Vec::with_capacity(2 * n);
    keys.extend(slots.iter().map(|slot| slot.origin));
    keys.extend(
        slots
            .iter()
            .filter(|slot| slot.kind == Kind::Move)
            .map(|slot| slot.aim),
    );
    let (ids, place_list) = place_ids(&keys);
    let mut occupant_of = vec![NONE; place_list.len()];
    let mut starts = vec![0u32; place_list.len() + 1];
    let mut next = n;
    for u in 0..n {
        let origin = ids[u];
        slots[u].own_group = origin;
        if occupant_of[origin as usize] == NONE {
            occupant_of[origin as usize] = index(u);
        }
        if slots[u].kind == Kind::Move {
            let aim = ids[next];
            next += 1;
            slots[u].dest_group = aim;
            starts[aim as usize + 1] += 1;
        }
    }
    for slot in slots.iter_mut() {
        if slot.kind == Kind::Move && slot.route != Route::Impossible {
            slot.occupant = occupant_of[slot.dest_group as usize];
        }
    }
    prefix_sums(&mut starts);
    // Each range starts empty at its group's start; filling moves its end.
    let mut group_ranges: Vec<(u32, u32)> = starts[..place_list.len()]
        .iter()
        .map(|&start| (start, start))
        .collect();
    let mut groups = vec![0u32; next - n];
    for u in 0..n {
        if slots[u].kind == Kind::Move {
            let range = &mut group_ranges[slots[u].dest_group as usize];
            groups[range.1 as usize] = index(u);
            range.1 += 1;
        }
    }
    Places {
        group_ranges,
        groups,
        place_list,
    }
}

/// Matching of supports and convoys with their targets' orders; convoy intent from a fleet of
/// the army's power (as `intent` says); validity (an invalid support or convoy is settled as
/// failing).
pub(super) fn match_orders(slots: &mut [Slot], units: &[Unit], intent: ConvoyIntent) {
    let n = slots.len();
    for u in 0..n {
        let t = slots[u].target;
        if t == NONE || t as usize == u {
            continue;
        }
        let target = slots[t as usize];
        slots[u].matched = match slots[u].kind {
            Kind::SupportHold => target.kind != Kind::Move,
            Kind::SupportMove => {
                target.kind == Kind::Move
                    && target.aim == slots[u].aim
                    && coasts_match(slots[u].aim_at, target.aim_at)
            }
            Kind::Convoy => {
                target.kind == Kind::Move
                    && target.aim == slots[u].aim
                    && units[t as usize].kind == UnitType::Army
                    && units[u].kind == UnitType::Fleet
            }
            Kind::Hold | Kind::Move => false,
        };
        if slots[u].kind == Kind::Convoy
            && slots[u].matched
            && intent.convoy_order_shows_intent(units[u].power, units[t as usize].power)
            && slots[t as usize].route == Route::Direct
        {
            slots[t as usize].route = Route::Convoy;
        }
    }
    for u in 0..n {
        slots[u].valid = match slots[u].kind {
            Kind::SupportHold | Kind::SupportMove => slots[u].matched,
            Kind::Convoy => {
                slots[u].matched && slots[slots[u].target as usize].route == Route::Convoy
            }
            Kind::Hold | Kind::Move => false,
        };
        if matches!(
            slots[u].kind,
            Kind::SupportHold | Kind::SupportMove | Kind::Convoy
        ) && !slots[u].valid
            && slots[u].state & RESOLVED == 0
        {
            slots[u].state = RESOLVED;
        }
    }
}

/// Head-to-head battles: two direct moves in opposite directions.
pub(super) fn mark_head_to_head(slots: &mut [Slot]) {
    for u in 0..slots.len() {
        let o = slots[u].occupant;
        if o == NONE || slots[u].route != Route::Direct {
            continue;
        }
        let other = slots[o as usize];
        if other.kind == Kind::Move && other.route == Route::Direct && other.aim == slots[u].origin
        {
            slots[u].h2h = o;
        }
    }
}

/// Valid supports grouped by supported unit (see `Slot::sup`).
pub(super) fn index_supports(slots: &mut [Slot]) -> Vec<u32> {
    let n = slots.len();
    let mut counts = vec![0u32; n + 1];
    for slot in slots.iter() {
        if slot.valid && matches!(slot.kind, Kind::SupportHold | Kind::SupportMove) {
            counts[slot.target as usize + 1] += 1;
        }
    }
    prefix_sums(&mut counts);
    let mut sup = vec![0u32; counts[n] as usize];
    let mut fill = counts.clone();
    for (u, slot) in slots.iter().enumerate() {
        if slot.valid && matches!(slot.kind, Kind::SupportHold | Kind::SupportMove) {
            let t = slot.target as usize;
            sup[fill[t] as usize] = index(u);
            fill[t] += 1;
        }
    }
    for (u, slot) in slots.iter_mut().enumerate() {
        slot.sup = (counts[u], counts[u + 1]);
    }
    sup
}

/// Convoying fleets per army and their hops (see `Engine::cv` and the fields after it).
pub(super) struct Convoys {
    pub(super) cv: Vec<u32>,
    pub(super) cv_ends: Vec<u8>,
    pub(super) cv_adj: Vec<(u32, u32)>,
    pub(super) cv_next: Vec<u32>,
}

/// Convoying fleets grouped by convoyed army (see `Slot::cv`), and their hops.
pub(super) fn index_convoys<G: Geography + ?Sized>(
    slots: &mut [Slot],
    units: &[Unit],
    geo: &G,
) -> Convoys {
    let n = slots.len();
    let mut counts = vec![0u32; n + 1];
    for slot in slots.iter() {
        if slot.kind == Kind::Convoy && slot.valid {
            counts[slot.target as usize + 1] += 1;
        }
    }
    prefix_sums(&mut counts);
    let mut cv = vec![0u32; counts[n] as usize];
    let mut fill = counts.clone();
    for (u, slot) in slots.iter().enumerate() {
        if slot.kind == Kind::Convoy && slot.valid {
            let t = slot.target as usize;
            cv[fill[t] as usize] = index(u);
            fill[t] += 1;
        }
    }
    let mut convoys = Convoys {
        cv_ends: vec![0u8; cv.len()],
        cv_adj: vec![(0u32, 0u32); cv.len()],
        cv_next: Vec::new(),
        cv,
    };
    for m in 0..n {
        let (s, e) = (counts[m] as usize, counts[m + 1] as usize);
        slots[m].cv = (counts[m], counts[m + 1]);
        if s != e {
            convoys.hops(s..e, units[m].at, slots[m].aim_at, units, geo);
        }
    }
    convoys
}

impl Convoys {
    /// The hops of the fleets `range` of one army from `army` to `dest`: first and last hops,
    /// and which fleets of the group each reaches.
    pub(super) fn hops<G: Geography + ?Sized>(
        &mut self,
        range: std::ops::Range<usize>,
        army: At,
        dest: At,
        units: &[Unit],
        geo: &G,
    ) {
        let (army, dest) = (army.without_coast(), dest.without_coast());
        let s = range.start;
        for i in range.clone() {
            let fleet = units[self.cv[i] as usize].at;
            if geo.convoy_hop(army, fleet) {
                self.cv_ends[i] |= FIRST_HOP;
            }
            if geo.convoy_hop(fleet, dest) {
                self.cv_ends[i] |= LAST_HOP;
            }
            let start = index(self.cv_next.len());
            for j in range.clone() {
                if i != j && geo.convoy_hop(fleet, units[self.cv[j] as usize].at) {
                    self.cv_next.push(index(j - s));
                }
            }
            self.cv_adj[i] = (start, index(self.cv_next.len()));
        }
    }
}
