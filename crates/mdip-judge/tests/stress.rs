//! Large decision graphs over many sites: long chains and a long circular movement stay within
//! the stack of a test thread and settle as the rules say.

use mdip_judge::{
    adjudicate_movement, At, Geography, MovementInput, Order, Pin, PinnedOrder, Site, Unit,
};
use mdip_map::{Location, Map, Power, UnitType};

/// Every position reaches every other one.
struct Everywhere;

impl Geography for Everywhere {
    fn map(&self) -> &Map {
        Map::standard()
    }

    fn reaches(&self, _: UnitType, _: At, _: At) -> bool {
        true
    }
}

/// `n` armies of alternating powers, army `i` on site `i` moving to the place of army
/// `next(i)` (or to an empty site when `next(i)` is `n`).
fn ring(n: usize, next: impl Fn(usize) -> usize) -> MovementInput {
    let tyr = Map::standard().resolve_province("tyr").expect("Tyrolia");
    let at = |i: usize| At::new(Site(i as u32), Location::province(tyr));
    MovementInput {
        units: (0..n)
            .map(|i| Unit {
                power: if i % 2 == 0 {
                    Power::Austria
                } else {
                    Power::Italy
                },
                kind: UnitType::Army,
                at: at(i),
            })
            .collect(),
        orders: (0..n)
            .map(|i| {
                PinnedOrder::new(
                    Order::Move {
                        dest: at(next(i)),
                        via_convoy: false,
                    },
                    Pin::Free,
                )
            })
            .collect(),
    }
}

#[test]
fn a_long_chain_of_moves_into_vacated_places_succeeds() {
    let n = 5000;
    let result = adjudicate_movement(&ring(n, |i| i + 1), &Everywhere);
    assert!(result.outcomes.iter().all(|o| o.success()));
}

#[test]
fn a_long_chain_blocked_at_its_end_fails_everywhere() {
    let n = 5000;
    let mut input = ring(n, |i| i + 1);
    input.orders[n - 1].order = Order::Hold;
    let result = adjudicate_movement(&input, &Everywhere);
    assert!(result.outcomes[..n - 1].iter().all(|o| !o.success()));
    assert!(result.dislodged.is_empty());
}

#[test]
fn a_long_circular_movement_succeeds() {
    let n = 1000;
    let result = adjudicate_movement(&ring(n, |i| (i + 1) % n), &Everywhere);
    assert!(result.outcomes.iter().all(|o| o.success()));
    assert!(result.dislodged.is_empty());
}
