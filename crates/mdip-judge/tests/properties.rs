//! Properties of the movement adjudicator on random positions with random (mostly legal)
//! orders: it never panics, it is deterministic and independent of the order of the units, and
//! its results are physically consistent (one unit per place, dislodgements by real attackers,
//! no self-dislodgement).

use mdip_judge::{
    adjudicate_movement, At, MovementInput, MovementResult, Order, Pin, PinnedOrder, Site,
    StandardGeography, Unit,
};
use mdip_map::{Location, Map, Power, ProvinceId, Terrain, UnitType};
use proptest::prelude::*;

/// A small deterministic generator (xorshift64*), driven by proptest's seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// A random position with random orders. A "naval" position has only coastal and sea
/// provinces, armies that mostly try convoys along chains of fleets, and fleets that mostly
/// convoy, so that convoy disruptions and paradoxes are frequent.
fn random_phase(seed: u64) -> MovementInput {
    let mut rng = Rng(seed | 1);
    let naval = rng.chance(50);
    let (units, fixed) = random_units(&mut rng, naval);
    // Moves and holds first, then supports and convoys that usually match them.
    let mut orders = moves_and_holds(&mut rng, naval, &units, &fixed);
    supports_and_convoys(&mut rng, &units, &mut orders, fixed.len());
    MovementInput { units, orders }
}

/// The units of a random position: in a naval one (no inland provinces), first the cores of
/// 1–3 convoy paradoxes, whose orders are fixed. Returns the units and those fixed orders.
fn random_units(rng: &mut Rng, naval: bool) -> (Vec<Unit>, Vec<Order>) {
    let map = Map::standard();
    let mut provinces: Vec<_> = map
        .provinces()
        .filter(|&p| !naval || map.terrain(p) != Terrain::Inland)
        .collect();
    for i in (1..provinces.len()).rev() {
        provinces.swap(i, rng.below(i + 1));
    }
    let n = 8 + rng.below(27);
    let mut units = Vec::new();
    let mut fixed: Vec<Order> = Vec::new();
    if naval {
        for _ in 0..1 + rng.below(3) {
            paradox_core(rng, &mut units, &mut fixed);
        }
    }
    provinces.retain(|&p| !units.iter().any(|u: &Unit| u.at.loc.province == p));
    for &p in provinces.iter().take(n.saturating_sub(units.len())) {
        let kind = match map.terrain(p) {
            Terrain::Sea => UnitType::Fleet,
            Terrain::Inland => UnitType::Army,
            Terrain::Coastal if rng.chance(if naval { 70 } else { 50 }) => UnitType::Army,
            Terrain::Coastal => UnitType::Fleet,
        };
        let coasts = map.coasts(p);
        let coast = if kind == UnitType::Fleet && !coasts.is_empty() {
            Some(coasts[rng.below(coasts.len())])
        } else {
            None
        };
        units.push(Unit {
            power: Power::ALL[rng.below(if naval { 3 } else { 7 })],
            kind,
            at: At::new(Site(0), Location::new(p, coast)),
        });
    }
    (units, fixed)
}

/// The fixed orders, then for every other unit a convoyed move (coastal armies, half the
/// time), a move to a neighbour or a hold.
fn moves_and_holds(
    rng: &mut Rng,
    naval: bool,
    units: &[Unit],
    fixed: &[Order],
) -> Vec<PinnedOrder> {
    let map = Map::standard();
    let mut orders: Vec<PinnedOrder> = fixed
        .iter()
        .map(|&o| PinnedOrder::new(o, Pin::Free))
        .collect();
    for unit in &units[fixed.len()..] {
        let p = unit.at.loc.province;
        let mut order = Order::Hold;
        if unit.kind == UnitType::Army && map.terrain(p) == Terrain::Coastal && rng.chance(50) {
            let shores = convoy_shores(units, p);
            if !shores.is_empty() {
                order = Order::Move {
                    dest: At::new(Site(0), Location::province(shores[rng.below(shores.len())])),
                    via_convoy: rng.chance(30),
                };
            }
        }
        if order == Order::Hold && rng.chance(if naval { 45 } else { 55 }) {
            let neighbours = map.neighbours(unit.kind, unit.at.loc);
            if !neighbours.is_empty() {
                order = Order::Move {
                    dest: At::new(Site(0), neighbours[rng.below(neighbours.len())]),
                    via_convoy: false,
                };
            }
        }
        orders.push(PinnedOrder::new(order, Pin::Free));
    }
    orders
}

/// Coastal provinces reachable from `p` along seas holding fleets.
fn convoy_shores(units: &[Unit], p: ProvinceId) -> Vec<ProvinceId> {
    let map = Map::standard();
    let fleet_at_sea = |p| {
        map.terrain(p) == Terrain::Sea
            && units
                .iter()
                .any(|u: &Unit| u.at.loc.province == p && u.kind == UnitType::Fleet)
    };
    let mut seas: Vec<_> = map
        .bordering(p)
        .iter()
        .copied()
        .filter(|&s| fleet_at_sea(s))
        .collect();
    let mut i = 0;
    while i < seas.len() {
        for &next in map.bordering(seas[i]) {
            if fleet_at_sea(next) && !seas.contains(&next) {
                seas.push(next);
            }
        }
        i += 1;
    }
    let mut shores: Vec<_> = seas
        .iter()
        .flat_map(|&s| map.bordering(s).iter().copied())
        .filter(|&c| c != p && map.terrain(c) == Terrain::Coastal)
        .collect();
    shores.dedup();
    shores
}

/// Supports and convoys that usually match the moves: some holding units (but for the first
/// `fixed`) become convoys of moving armies (fleets at sea) or supports of moves or holds.
fn supports_and_convoys(rng: &mut Rng, units: &[Unit], orders: &mut [PinnedOrder], fixed: usize) {
    let map = Map::standard();
    let movers: Vec<usize> = (0..units.len())
        .filter(|&u| matches!(orders[u].order, Order::Move { .. }))
        .collect();
    let armies: Vec<usize> = movers
        .iter()
        .copied()
        .filter(|&u| units[u].kind == UnitType::Army)
        .collect();
    for u in fixed..units.len() {
        if orders[u].order != Order::Hold || rng.chance(25) {
            continue;
        }
        let sea = map.terrain(units[u].at.loc.province) == Terrain::Sea;
        if units[u].kind == UnitType::Fleet && sea && !armies.is_empty() && rng.chance(60) {
            let t = armies[rng.below(armies.len())];
            if let Order::Move { dest, .. } = orders[t].order {
                orders[u].order = Order::Convoy {
                    army: t,
                    dest: dest.place(),
                };
                continue;
            }
        }
        let t = if !movers.is_empty() && rng.chance(70) {
            movers[rng.below(movers.len())]
        } else {
            rng.below(units.len())
        };
        if t == u {
            continue;
        }
        orders[u].order = match orders[t].order {
            Order::Move { dest, .. } if rng.chance(90) => Order::SupportMove { target: t, dest },
            _ => Order::SupportHold { target: t },
        };
    }
}

/// Adds the core of a simple convoy paradox (DATC 6.F.14) on free provinces, if it finds room:
/// an army convoyed by a fleet to a coast whose fleet supports an attack on the convoying fleet.
fn paradox_core(rng: &mut Rng, units: &mut Vec<Unit>, orders: &mut Vec<Order>) {
    let map = Map::standard();
    let free = |units: &Vec<Unit>, p| !units.iter().any(|u| u.at.loc.province == p);
    let plain_coast = |p| map.terrain(p) == Terrain::Coastal && map.coasts(p).is_empty();
    let seas: Vec<_> = map
        .provinces()
        .filter(|&p| map.terrain(p) == Terrain::Sea && free(units, p))
        .collect();
    if seas.is_empty() {
        return;
    }
    let sea = seas[rng.below(seas.len())];
    let around: Vec<_> = map
        .bordering(sea)
        .iter()
        .copied()
        .filter(|&p| free(units, p) && (plain_coast(p) || map.terrain(p) == Terrain::Sea))
        .collect();
    let shores: Vec<_> = around.iter().copied().filter(|&p| plain_coast(p)).collect();
    if shores.len() < 2 || around.len() < 3 {
        return;
    }
    let from = shores[rng.below(shores.len())];
    let to = *shores.iter().find(|&&p| p != from).unwrap_or(&from);
    let Some(&attacker) = around.iter().find(|&&p| p != from && p != to) else {
        return;
    };
    let base = units.len();
    let convoyer = Power::ALL[rng.below(3)];
    let defender = Power::ALL[3 + rng.below(4)];
    let at = |p| At::new(Site(0), Location::province(p));
    let sea_at = at(sea);
    units.push(Unit {
        power: convoyer,
        kind: UnitType::Army,
        at: at(from),
    });
    units.push(Unit {
        power: convoyer,
        kind: UnitType::Fleet,
        at: sea_at,
    });
    units.push(Unit {
        power: defender,
        kind: UnitType::Fleet,
        at: at(to),
    });
    units.push(Unit {
        power: defender,
        kind: UnitType::Fleet,
        at: at(attacker),
    });
    orders.push(Order::Move {
        dest: at(to),
        via_convoy: true,
    });
    orders.push(Order::Convoy {
        army: base,
        dest: at(to).place(),
    });
    orders.push(Order::SupportMove {
        target: base + 3,
        dest: sea_at,
    });
    orders.push(Order::Move {
        dest: sea_at,
        via_convoy: false,
    });
}

/// The same phase with the units in another order; returns it and the new index of each old
/// unit.
fn permuted(input: &MovementInput, seed: u64) -> (MovementInput, Vec<usize>) {
    let n = input.units.len();
    let mut rng = Rng(seed.rotate_left(17) | 1);
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        order.swap(i, rng.below(i + 1));
    }
    // order[new] = old; new_of[old] = new.
    let mut new_of = vec![0; n];
    for (new, &old) in order.iter().enumerate() {
        new_of[old] = new;
    }
    let remap = |o: Order| match o {
        Order::SupportHold { target } => Order::SupportHold {
            target: new_of[target],
        },
        Order::SupportMove { target, dest } => Order::SupportMove {
            target: new_of[target],
            dest,
        },
        Order::Convoy { army, dest } => Order::Convoy {
            army: new_of[army],
            dest,
        },
        other => other,
    };
    let units = order.iter().map(|&old| input.units[old]).collect();
    let orders = order
        .iter()
        .map(|&old| PinnedOrder::new(remap(input.orders[old].order), input.orders[old].pin))
        .collect();
    (MovementInput { units, orders }, new_of)
}

/// Checks the physical consistency of a result.
fn check_consistent(input: &MovementInput, result: &MovementResult) {
    let n = input.units.len();
    assert_eq!(result.outcomes.len(), n);
    let moved = |u: usize| {
        matches!(input.orders[u].order, Order::Move { .. }) && result.outcomes[u].success()
    };
    // One unit per place, dislodged units aside.
    let mut places: Vec<_> = (0..n)
        .filter(|&u| result.dislodgement(u).is_none())
        .map(|u| result.positions[u].place())
        .collect();
    places.sort();
    let before = places.len();
    places.dedup();
    assert_eq!(before, places.len(), "two units in one place");
    // Dislodgements by real, foreign, successful attackers into the unit's place.
    for d in &result.dislodged {
        assert!(!moved(d.unit));
        assert!(moved(d.by));
        assert_ne!(input.units[d.unit].power, input.units[d.by].power);
        assert_eq!(
            result.positions[d.by].place(),
            input.units[d.unit].at.place()
        );
    }
    // Every unit that stays in a place entered by a foreign move is dislodged.
    for u in 0..n {
        if moved(u) {
            continue;
        }
        let entered = (0..n).any(|a| {
            a != u && moved(a) && result.positions[a].place() == input.units[u].at.place()
        });
        assert_eq!(entered, result.dislodgement(u).is_some());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_phases_are_consistent_and_order_independent(seed in any::<u64>()) {
        let input = random_phase(seed);
        let result = adjudicate_movement(&input, &StandardGeography);
        check_consistent(&input, &result);
        prop_assert_eq!(&adjudicate_movement(&input, &StandardGeography), &result);

        let (shuffled, new_of) = permuted(&input, seed);
        let other = adjudicate_movement(&shuffled, &StandardGeography);
        check_consistent(&shuffled, &other);
        for (old, &new) in new_of.iter().enumerate() {
            prop_assert_eq!(
                result.outcomes[old].success(),
                other.outcomes[new].success(),
                "unit {} changed with the unit order", old
            );
            prop_assert_eq!(result.positions[old], other.positions[new]);
        }
        prop_assert_eq!(&result.contested, &other.contested);
        prop_assert_eq!(result.dislodged.len(), other.dislodged.len());
    }
}
