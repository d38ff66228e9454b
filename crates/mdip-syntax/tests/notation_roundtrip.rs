//! The notation's one printer round-trips: for generated orders (and directives), print →
//! parse → print is stable and the parse reads back the same typed value.

use mdip_syntax::notation::{
    Directive, ExpectedOutcome, Order, OrderLine, Place, Season, Spelt, Unit, UnitKind, Words,
};
use mdip_syntax::{parse, LineKind};
use proptest::prelude::*;

/// Coasts are kept as written (the map's spelling is the caller's).
fn as_written(_: &str) -> Option<&'static str> {
    None
}

fn province() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "Munich",
        "mun",
        "North Sea",
        "St Petersburg",
        "spa",
        "Gulf of Lyon",
        "Mid-Atlantic Ocean",
        "lon",
    ])
    .prop_map(str::to_owned)
}

fn season() -> impl Strategy<Value = Season> {
    (0u32..40, 0u32..12).prop_map(|(t, l)| Season::new(t, l))
}

fn place() -> impl Strategy<Value = Place> {
    (
        province(),
        prop::option::of(prop::sample::select(vec!["nc", "sc", "ec"])),
        prop::option::of(season()),
    )
        .prop_map(|(p, c, s)| Place::new(p).coast(c).season(s))
}

fn kind() -> impl Strategy<Value = UnitKind> {
    prop_oneof![Just(UnitKind::Army), Just(UnitKind::Fleet)]
}

fn unit() -> impl Strategy<Value = Unit> {
    (kind(), place()).prop_map(|(k, p)| Unit::new(k, p))
}

/// A supported or convoyed unit, whose type may be left out.
fn target() -> impl Strategy<Value = Unit> {
    (prop::option::of(kind()), place()).prop_map(|(kind, place)| Unit { kind, place })
}

fn order() -> impl Strategy<Value = Order> {
    prop_oneof![
        unit().prop_map(|unit| Order::Hold { unit }),
        (unit(), place(), any::<bool>(), any::<bool>()).prop_map(|(unit, dest, v, r)| {
            Order::Move {
                unit,
                dest,
                // A retreat goes by no convoy.
                via_convoy: v && !r,
                retreat: r,
            }
        }),
        (unit(), target()).prop_map(|(unit, target)| Order::SupportHold { unit, target }),
        (unit(), target(), place()).prop_map(|(unit, target, dest)| Order::SupportMove {
            unit,
            target,
            dest
        }),
        (unit(), target(), place()).prop_map(|(unit, army, dest)| Order::Convoy {
            unit,
            army,
            dest
        }),
        target().prop_map(|unit| Order::Disband { unit }),
        unit().prop_map(|unit| Order::Build { unit }),
        target().prop_map(|unit| Order::Remove { unit }),
        Just(Order::Waive),
    ]
}

fn order_line() -> impl Strategy<Value = OrderLine> {
    (
        prop::option::of(prop::sample::select(vec!["England", "Germany", "Fra"])),
        order(),
        prop::option::of(prop_oneof![
            Just(ExpectedOutcome::Succeeds),
            Just(ExpectedOutcome::Fails),
            Just(ExpectedOutcome::Illegal),
            Just(ExpectedOutcome::Any),
        ]),
    )
        .prop_map(|(power, order, expect)| OrderLine {
            power: power.map(str::to_owned),
            order,
            expect,
        })
}

fn read_order(text: &str) -> OrderLine {
    let p = parse(text);
    assert!(p.errors.is_empty(), "{text:?}: {:?}", p.errors);
    let LineKind::Order(o) = &p.file.lines[0].kind else {
        panic!("{text:?} is no order: {:?}", p.file.lines[0].kind);
    };
    OrderLine::from_ast(o, &as_written).expect("a complete order")
}

fn read_directive(text: &str) -> Directive {
    let p = parse(text);
    assert!(p.errors.is_empty(), "{text:?}: {:?}", p.errors);
    let LineKind::Directive(d) = &p.file.lines[0].kind else {
        panic!("{text:?} is no directive");
    };
    Directive::from_ast(d, &as_written).expect("a directive the printer writes")
}

// A typed value read back from a parse is the generated one, except for what the notation
// does not keep: nothing, in the canonical spelling.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn orders_round_trip(line in order_line()) {
        let text = line.to_string();
        let read = read_order(&text);
        prop_assert_eq!(&read, &line, "{}", text);
        prop_assert_eq!(read.to_string(), text);
    }

    #[test]
    fn terse_orders_read_the_same(line in order_line()) {
        let text = Spelt(&line, &Words::TERSE).to_string();
        let read = read_order(&text);
        prop_assert_eq!(&read.order, &line.order, "{}", text);
        prop_assert_eq!(read.to_string(), line.to_string());
    }

    #[test]
    fn directives_round_trip(
        power in prop::sample::select(vec!["England", "Russia"]),
        u in unit(),
        from in prop::option::of(place()),
        by_convoy in any::<bool>(),
        seasons in prop::collection::vec(season(), 1..4),
        line in order_line(),
    ) {
        let power = power.to_owned();
        // A record's unit names its season; a `from` is a province of the same board.
        let from = from.map(|p| Place { season: None, ..p });
        for d in [
            Directive::Unit { power: power.clone(), unit: u.clone() },
            Directive::Dislodged { power: power.clone(), unit: u.clone(), from, by_convoy },
            Directive::ExpectUnit { power: power.clone(), unit: u.clone() },
            Directive::ExpectSeasons(seasons.clone()),
            Directive::ExpectHeads(seasons.clone()),
            Directive::Phase { phase: "adjustment".into(), seasons: seasons.clone() },
            Directive::Season { season: seasons[0], from: seasons.get(1).copied() },
            // A record ends with its outcome.
            Directive::Record(OrderLine {
                power: Some(power.clone()),
                expect: Some(line.expect.filter(|e| *e != ExpectedOutcome::Any).unwrap_or(ExpectedOutcome::Fails)),
                ..line.clone()
            }),
        ] {
            let text = d.to_string();
            let read = read_directive(&text);
            prop_assert_eq!(&read, &d, "{}", text);
            prop_assert_eq!(read.to_string(), text);
        }
    }
}

#[test]
fn spellings_are_the_writers() {
    let unit = Unit::new(
        UnitKind::Army,
        Place::new("bur").season(Some(Season::new(1, 0))),
    );
    let retreat = Order::Move {
        unit: unit.clone(),
        dest: Place::new("gas"),
        via_convoy: false,
        retreat: true,
    };
    assert_eq!(retreat.to_string(), "A bur 1:0 Retreat gas");
    assert_eq!(
        Spelt(&retreat, &Words::TERSE).to_string(),
        "Retreat A bur 1:0 - gas"
    );
    let support = Order::SupportHold {
        unit: unit.clone(),
        target: Unit {
            kind: None,
            place: Place::new("spa").coast(Some("nc")),
        },
    };
    assert_eq!(support.to_string(), "A bur 1:0 Supports spa(nc)");
    assert_eq!(
        Spelt(&support, &Words::TERSE).to_string(),
        "A bur 1:0 S spa(nc)"
    );
    let owns = Directive::Owns {
        power: "France".into(),
        provinces: vec!["bre".into(), "par".into()],
        season: Some(Season::new(1, 0)),
    };
    assert_eq!(owns.to_string(), "@owns France bre, par 1:0");
    assert_eq!(
        Spelt(&owns, &Words::TERSE).to_string(),
        "@owns France bre par 1:0"
    );
}
