//! The multiversal hooks of the core: pinned orders, and decision graphs over several sites.

use mdip_judge::{
    adjudicate_movement, At, MovementInput, Order, Pin, PinnedOrder, Reason, Site, Unit,
};
use mdip_map::{Power, UnitType};
use mdip_test_support::fixtures;
use mdip_test_support::fixtures::{at, movement_input, pinned, Case, Layers};

#[test]
fn a_move_pinned_to_fail_still_prevents() {
    let c = Case::from_input(pinned(
        &["Austria: A vie - tyr", "Italy: A ven - tyr"],
        &[("vie", Pin::Fails)],
    ));
    assert_eq!(c.reason("vie"), &Reason::Pinned { succeeded: false });
    assert!(!c.outcome("ven").success());
    assert_eq!(c.result.contested.len(), 1);
}

#[test]
fn a_move_pinned_to_fail_stays_and_can_be_dislodged() {
    let c = Case::from_input(pinned(
        &[
            "Germany: A ber - sil",
            "Russia: A pru - ber",
            "Russia: F bal S A pru - ber",
        ],
        &[("ber", Pin::Fails)],
    ));
    assert!(c.outcome("pru").success());
    assert_eq!(c.dislodged(), vec!["ber"]);
}

#[test]
fn a_move_pinned_to_succeed_leaves_its_place() {
    let lines = [
        "Germany: A ber - sil",
        "Russia: A war - sil",
        "Germany: F kie - ber",
    ];
    let free = Case::run(&lines);
    assert!(!free.outcome("kie").success());
    let c = Case::from_input(pinned(&lines, &[("ber", Pin::Succeeds)]));
    assert!(c.outcome("ber").success());
    assert!(!c.outcome("war").success());
    assert!(c.outcome("kie").success());
    assert_eq!(c.result.positions[c.unit("kie")], at("ber"));
}

#[test]
fn a_support_pinned_to_succeed_is_not_cut() {
    let lines = [
        "Italy: A ven - tri",
        "Italy: A tyr S A ven - tri",
        "Austria: F tri H",
        "Austria: A vie - tyr",
    ];
    let free = Case::run(&lines);
    assert!(free.dislodged().is_empty());
    let c = Case::from_input(pinned(&lines, &[("tyr", Pin::Succeeds)]));
    assert_eq!(c.dislodged(), vec!["tri"]);
    assert_eq!(c.reason("tyr"), &Reason::Pinned { succeeded: true });
}

#[test]
fn a_support_pinned_to_fail_adds_nothing() {
    let c = Case::from_input(pinned(
        &[
            "Italy: A ven - tri",
            "Italy: A tyr S A ven - tri",
            "Austria: F tri H",
        ],
        &[("tyr", Pin::Fails)],
    ));
    assert!(c.dislodged().is_empty());
    assert!(!c.outcome("ven").success());
}

#[test]
fn a_convoy_pinned_to_succeed_carries_its_army_even_when_dislodged() {
    let c = Case::from_input(pinned(
        &[
            "England: F nth C A lon - hol",
            "England: A lon - hol",
            "Germany: F hel S F ska - nth",
            "Germany: F ska - nth",
        ],
        &[("nth", Pin::Succeeds)],
    ));
    assert!(c.outcome("lon").success());
    assert_eq!(c.dislodged(), vec!["nth"]);
}

#[test]
fn a_convoy_pinned_to_fail_is_not_available() {
    let c = Case::from_input(pinned(
        &["England: F eng C A lon - bre", "England: A lon - bre"],
        &[("eng", Pin::Fails)],
    ));
    assert_eq!(c.reason("lon"), &Reason::ConvoyDisrupted);
}

/// A unit on a layer.
fn unit(power: Power, kind: UnitType, site: u32, loc: &str) -> Unit {
    Unit {
        power,
        kind,
        at: At::new(Site(site), fixtures::loc(loc)),
    }
}

/// A position on a layer.
fn on(site: u32, loc: &str) -> At {
    At::new(Site(site), fixtures::loc(loc))
}

#[test]
fn places_on_different_sites_are_different() {
    // Both armies move "to Tyrolia", but on different boards: no bounce.
    let input = MovementInput {
        units: vec![
            unit(Power::Austria, UnitType::Army, 0, "vie"),
            unit(Power::Italy, UnitType::Army, 1, "ven"),
        ],
        orders: vec![
            PinnedOrder::new(
                Order::Move {
                    dest: on(0, "tyr"),
                    via_convoy: false,
                },
                Pin::Free,
            ),
            PinnedOrder::new(
                Order::Move {
                    dest: on(1, "tyr"),
                    via_convoy: false,
                },
                Pin::Free,
            ),
        ],
    };
    let result = adjudicate_movement(&input, &Layers);
    assert!(result.outcomes.iter().all(|o| o.success()));
}

#[test]
fn a_move_and_a_support_across_sites() {
    // An army jumps from layer 1 to the same province on layer 0 and, supported from layer 1,
    // dislodges the unit standing there.
    let input = MovementInput {
        units: vec![
            unit(Power::Austria, UnitType::Army, 0, "tyr"),
            unit(Power::Italy, UnitType::Army, 1, "tyr"),
            unit(Power::Italy, UnitType::Army, 1, "ven"),
        ],
        orders: vec![
            PinnedOrder::new(Order::Hold, Pin::Free),
            PinnedOrder::new(
                Order::Move {
                    dest: on(0, "tyr"),
                    via_convoy: false,
                },
                Pin::Free,
            ),
            PinnedOrder::new(
                Order::SupportMove {
                    target: 1,
                    dest: on(0, "tyr"),
                },
                Pin::Free,
            ),
        ],
    };
    let result = adjudicate_movement(&input, &Layers);
    assert!(result.outcomes[1].success());
    assert_eq!(result.dislodged.len(), 1);
    assert_eq!(result.dislodged[0].unit, 0);
    assert_eq!(result.dislodged[0].attacker_from.site, Site(1));
    assert_eq!(result.positions[1], on(0, "tyr"));
}

#[test]
fn a_support_is_cut_from_the_same_province_on_another_site() {
    // Italy supports an attack on Austria's army in Trieste on layer 0. An attack on the
    // supporter from Trieste on layer 1 is not from the place the support is directed at
    // (Trieste on layer 0), so it cuts the support; the same attack from Trieste on layer 0
    // does not.
    let phase = |attacker: Unit, defender_moves: bool| {
        let defender_order = if defender_moves {
            Order::Move {
                dest: on(0, "tyr"),
                via_convoy: false,
            }
        } else {
            Order::Hold
        };
        MovementInput {
            units: vec![
                unit(Power::Austria, UnitType::Army, 0, "tri"),
                unit(Power::Italy, UnitType::Army, 0, "ven"),
                unit(Power::Italy, UnitType::Army, 0, "tyr"),
                attacker,
            ],
            orders: vec![
                PinnedOrder::new(defender_order, Pin::Free),
                PinnedOrder::new(
                    Order::Move {
                        dest: on(0, "tri"),
                        via_convoy: false,
                    },
                    Pin::Free,
                ),
                PinnedOrder::new(
                    Order::SupportMove {
                        target: 1,
                        dest: on(0, "tri"),
                    },
                    Pin::Free,
                ),
                PinnedOrder::new(
                    Order::Move {
                        dest: on(0, "tyr"),
                        via_convoy: false,
                    },
                    Pin::Free,
                ),
            ],
        }
    };
    let other_board = phase(unit(Power::Austria, UnitType::Army, 1, "tri"), false);
    let result = adjudicate_movement(&other_board, &Layers);
    assert_eq!(result.outcomes[2].reason, Reason::SupportCut { by: 3 });
    assert!(result.dislodged.is_empty());

    // The defender itself attacks the supporter; a bystander far away holds.
    let mut same_place = phase(unit(Power::Austria, UnitType::Fleet, 1, "bla"), true);
    same_place.orders[3] = PinnedOrder::new(Order::Hold, Pin::Free);
    let result = adjudicate_movement(&same_place, &Layers);
    assert_eq!(result.outcomes[2].reason, Reason::SupportGiven);
    assert_eq!(result.dislodged.len(), 1);
    assert_eq!(result.dislodged[0].unit, 0);
}

#[test]
fn no_self_dislodgement_across_sites() {
    let input = MovementInput {
        units: vec![
            unit(Power::Italy, UnitType::Army, 0, "tyr"),
            unit(Power::Italy, UnitType::Army, 1, "tyr"),
            unit(Power::Italy, UnitType::Army, 1, "ven"),
        ],
        orders: vec![
            PinnedOrder::new(Order::Hold, Pin::Free),
            PinnedOrder::new(
                Order::Move {
                    dest: on(0, "tyr"),
                    via_convoy: false,
                },
                Pin::Free,
            ),
            PinnedOrder::new(
                Order::SupportMove {
                    target: 1,
                    dest: on(0, "tyr"),
                },
                Pin::Free,
            ),
        ],
    };
    let result = adjudicate_movement(&input, &Layers);
    assert_eq!(
        result.outcomes[1].reason,
        Reason::WouldDislodgeOwnUnit { unit: 0 }
    );
    assert!(result.dislodged.is_empty());
}

#[test]
fn convoy_chains_may_change_site_at_any_hop() {
    // A London on layer 0, fleets in the North Sea on layers 0 and 1, landing in Holland on
    // layer 1.
    let input = MovementInput {
        units: vec![
            unit(Power::England, UnitType::Army, 0, "lon"),
            unit(Power::England, UnitType::Fleet, 0, "nth"),
        ],
        orders: vec![
            PinnedOrder::new(
                Order::Move {
                    dest: on(1, "hol"),
                    via_convoy: false,
                },
                Pin::Free,
            ),
            PinnedOrder::new(
                Order::Convoy {
                    army: 0,
                    dest: on(1, "hol").place(),
                },
                Pin::Free,
            ),
        ],
    };
    let result = adjudicate_movement(&input, &Layers);
    assert_eq!(result.outcomes[0].reason, Reason::Moved { by_convoy: true });
    assert_eq!(result.positions[0], on(1, "hol"));
}

#[test]
fn orders_out_of_range_do_not_panic() {
    let mut input = movement_input(&["England: F nth H", "France: A bre H"]);
    input.orders[0].order = Order::SupportHold { target: 99 };
    input.orders[1].order = Order::Convoy {
        army: 7,
        dest: at("lon").place(),
    };
    input.orders.push(PinnedOrder::new(Order::Hold, Pin::Free));
    let result = adjudicate_movement(&input, &mdip_judge::StandardGeography);
    assert_eq!(result.outcomes[0].reason, Reason::SupportVoid);
    assert_eq!(result.outcomes[1].reason, Reason::ConvoyVoid);
    // Fewer orders than units: the rest hold.
    input.orders.clear();
    let result = adjudicate_movement(&input, &mdip_judge::StandardGeography);
    assert!(result.outcomes.iter().all(|o| o.reason == Reason::Held));
}
