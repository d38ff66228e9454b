//! Convoys with any number of fleets (issue 14): nothing in the core has a fixed width.
//!
//! One army, London on layer 0, is convoyed to Norway on the last layer by a chain of fleets in
//! the North Sea, one per layer (layers as in `pins_and_sites.rs`: a unit reaches an adjacent
//! location on its own or a neighbouring layer, or its own location on a neighbouring layer).
//! Some fleets are made unavailable (pinned to fail, as a dislodged fleet is). DATC 4.A.1: the
//! army arrives iff some chain of available fleets joins its two ends; a fleet's convoy succeeds
//! iff it lies on such a chain (DATC 6.G.6). The reference below computes both by hand, for
//! chains well past 64 fleets.

use mdip_test_support::fixtures::Layers;

use mdip_judge::{
    adjudicate_movement, At, Geography, MovementInput, Order, Pin, PinnedOrder, Site, Unit,
};
use mdip_map::{Map, Power, UnitType};
use mdip_test_support::fixtures;
use proptest::prelude::*;

fn on(site: usize, loc: &str) -> At {
    At::new(
        Site(u32::try_from(site).expect("few layers")),
        fixtures::loc(loc),
    )
}

/// The army (unit 0) and `n` fleets on layers `0..n` (units `1..=n`), `available[k]` telling
/// whether the fleet on layer `k` may convoy; the army aims at Norway on layer `n - 1`.
fn chain(available: &[bool]) -> MovementInput {
    let n = available.len();
    let dest = on(n - 1, "nwy");
    let mut units = vec![Unit {
        power: Power::England,
        kind: UnitType::Army,
        at: on(0, "lon"),
    }];
    let mut orders = vec![PinnedOrder::new(
        Order::Move {
            dest,
            via_convoy: true,
        },
        Pin::Free,
    )];
    for (k, &ok) in available.iter().enumerate() {
        units.push(Unit {
            power: Power::England,
            kind: UnitType::Fleet,
            at: on(k, "nth"),
        });
        let pin = if ok { Pin::Free } else { Pin::Fails };
        orders.push(PinnedOrder::new(
            Order::Convoy {
                army: 0,
                dest: dest.place(),
            },
            pin,
        ));
    }
    MovementInput { units, orders }
}

/// By hand: the layers whose fleets lie on a chain of available fleets from the army (layers 0
/// and 1 reach London on layer 0) to Norway (layers `n - 2` and `n - 1` reach it).
fn on_some_route(available: &[bool]) -> Vec<bool> {
    let n = available.len();
    let mut on_route = vec![false; n];
    let mut start = 0;
    while start < n {
        if !available[start] {
            start += 1;
            continue;
        }
        let mut end = start;
        while end + 1 < n && available[end + 1] {
            end += 1;
        }
        // The run start..=end of available fleets is a route iff it touches both ends.
        if start <= 1 && end + 2 >= n {
            on_route[start..=end].fill(true);
        }
        start = end + 1;
    }
    on_route
}

fn check(available: &[bool]) {
    let result = adjudicate_movement(&chain(available), &Layers);
    let expected = on_some_route(available);
    let arrives = expected.iter().any(|&b| b);
    assert_eq!(
        result.outcomes[0].success(),
        arrives,
        "the army with {} fleets, available {:?}",
        available.len(),
        available
    );
    for (k, &on) in expected.iter().enumerate() {
        if available[k] {
            assert_eq!(
                result.outcomes[k + 1].success(),
                on,
                "the fleet on layer {k} of {}",
                available.len()
            );
        }
    }
}

#[test]
fn a_chain_of_200_fleets_carries_the_army() {
    check(&[true; 200]);
}

#[test]
fn one_missing_fleet_anywhere_in_a_long_chain_breaks_it() {
    for missing in [0, 1, 63, 64, 65, 127, 128, 199] {
        let mut available = [true; 200];
        available[missing] = false;
        check(&available);
    }
}

/// Boards around a hub: board 0 reaches every other board, and no two others reach each other
/// (a main timeline and its children, each branched from it).
struct Hub;

impl Geography for Hub {
    fn map(&self) -> &Map {
        Map::standard()
    }

    fn reaches(&self, kind: UnitType, from: At, to: At) -> bool {
        let linked = from.site == to.site || from.site.0 == 0 || to.site.0 == 0;
        linked
            && (Map::standard().adjacent(kind, from.loc, to.loc)
                || (from.site != to.site && from.loc == to.loc))
    }
}

/// The defect of issue 14: 71 fleets, one per child board, each alone a route for A London on
/// the hub to Norway on the hub; the first 64 are unavailable, the last 7 carry the army.
#[test]
fn fleets_past_the_64th_still_give_a_route() {
    for (fleets, unavailable) in [(71, 64), (65, 64), (200, 199), (200, 200)] {
        let dest = on(0, "nwy");
        let mut input = MovementInput {
            units: vec![Unit {
                power: Power::England,
                kind: UnitType::Army,
                at: on(0, "lon"),
            }],
            orders: vec![PinnedOrder::new(
                Order::Move {
                    dest,
                    via_convoy: true,
                },
                Pin::Free,
            )],
        };
        for k in 1..=fleets {
            input.units.push(Unit {
                power: Power::England,
                kind: UnitType::Fleet,
                at: on(k, "nth"),
            });
            let pin = if k <= unavailable {
                Pin::Fails
            } else {
                Pin::Free
            };
            input.orders.push(PinnedOrder::new(
                Order::Convoy {
                    army: 0,
                    dest: dest.place(),
                },
                pin,
            ));
        }
        let result = adjudicate_movement(&input, &Hub);
        assert_eq!(
            result.outcomes[0].success(),
            unavailable < fleets,
            "{fleets} fleets, the first {unavailable} unavailable"
        );
        for k in unavailable + 1..=fleets {
            assert!(
                result.outcomes[k].success(),
                "fleet {k} of {fleets} convoys"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn any_number_of_fleets(available in prop::collection::vec(prop::bool::weighted(0.97), 3..180)) {
        check(&available);
    }
}
