//! Test-only helpers: build adjudicator inputs from terse order lines and check the outcomes.
//!
//! Order lines look like `England: F nth - pic`, `France: A par S A mar - bur`,
//! `England: F nth C A lon - bel`, `France: A bre - lon via convoy`, `Italy: A ven H` or
//! `Spain fleets: F spa/nc - gas`. Locations are read with the standard map's
//! `resolve_location`. Supported and convoyed units are found by province among the units
//! listed. This is not the real parser; it exists so that DATC cases read like the DATC.

use mdip_judge::{
    adjudicate_adjustments, adjudicate_movement, adjudicate_retreats, AdjustmentResult,
    AdjustmentUnit, At, BoardAdjustmentOrder, BoardRetreatOrder, MovementInput, MovementResult,
    Order, Outcome, Pin, PinnedOrder, PowerOrder, Reason, RetreatResult, Rules, Site,
    StandardGeography, Unit, UnitId, UnitRetreat,
};
use mdip_map::{Location, Map, Power, ProvinceId, UnitType};

/// Boards stacked in layers: a unit reaches an adjacent location on its own or a neighbouring
/// layer, or its own location on a neighbouring layer (a simplified rule 8 of the multiverse).
pub struct Layers;

impl mdip_judge::Geography for Layers {
    fn map(&self) -> &Map {
        Map::standard()
    }

    fn reaches(&self, kind: UnitType, from: At, to: At) -> bool {
        let gap = from.site.0.abs_diff(to.site.0);
        gap <= 1
            && (Map::standard().adjacent(kind, from.loc, to.loc)
                || (gap == 1 && from.loc == to.loc))
    }
}

/// Reads a location such as `nth` or `spa/nc`, panicking with the text on failure.
pub fn loc(text: &str) -> Location {
    Map::standard()
        .resolve_location(text)
        .unwrap_or_else(|| panic!("unknown location {text:?}"))
}

/// Reads a province such as `nth`.
pub fn province(text: &str) -> ProvinceId {
    loc(text).province
}

/// A position on the standard board.
pub fn at(text: &str) -> At {
    At::standard(loc(text))
}

/// Reads a unit type letter.
fn kind(text: &str) -> UnitType {
    UnitType::from_name(text).unwrap_or_else(|| panic!("unknown unit type {text:?}"))
}

/// Reads a power name.
fn power(text: &str) -> Power {
    Power::from_name(text).unwrap_or_else(|| panic!("unknown power {text:?}"))
}

/// An order line split into its power, unit and the words of the order.
struct Line<'a> {
    power: Power,
    kind: UnitType,
    at: At,
    words: Vec<&'a str>,
}

/// Splits `Power: T loc words...`.
fn split(line: &str) -> Line<'_> {
    let (power_text, rest) = line
        .split_once(':')
        .unwrap_or_else(|| panic!("missing power in {line:?}"));
    let mut words = rest.split_whitespace();
    let kind = kind(words.next().expect("unit type"));
    let at = at(words.next().expect("unit location"));
    Line {
        power: power(power_text.trim()),
        kind,
        at: At::new(Site(0), at.loc),
        words: words.collect(),
    }
}

/// Builds a movement input from order lines (one unit per line).
pub fn movement_input(lines: &[&str]) -> MovementInput {
    let parsed: Vec<Line<'_>> = lines.iter().map(|l| split(l)).collect();
    let units: Vec<Unit> = parsed
        .iter()
        .map(|l| Unit {
            power: l.power,
            kind: l.kind,
            at: l.at,
        })
        .collect();
    let find = |text: &str| -> UnitId {
        let p = province(text);
        units
            .iter()
            .position(|u| u.at.loc.province == p)
            .unwrap_or_else(|| panic!("no unit in {text:?}"))
    };
    let orders = parsed
        .iter()
        .map(|l| {
            let w = &l.words;
            let order = match w.as_slice() {
                [] | ["H"] => Order::Hold,
                ["-", dest, rest @ ..] => Order::Move {
                    dest: at(dest),
                    via_convoy: matches!(rest, ["via", "convoy"] | ["via", "Convoy"]),
                },
                ["S", _, target] | ["S", target] => Order::SupportHold {
                    target: find(target),
                },
                ["S", _, target, "-", dest] | ["S", target, "-", dest] => Order::SupportMove {
                    target: find(target),
                    dest: at(dest),
                },
                ["C", _, army, "-", dest] | ["C", army, "-", dest] => Order::Convoy {
                    army: find(army),
                    dest: at(dest).place(),
                },
                other => panic!("cannot read order {other:?}"),
            };
            PinnedOrder::new(order, Pin::Free)
        })
        .collect();
    MovementInput { units, orders }
}

/// A movement phase built from lines and adjudicated.
pub struct Case {
    pub input: MovementInput,
    pub result: MovementResult,
}

impl Case {
    /// Adjudicates the order lines on the standard map.
    pub fn run(lines: &[&str]) -> Case {
        Case::from_input(movement_input(lines))
    }

    /// Adjudicates a prepared input on the standard map.
    pub fn from_input(input: MovementInput) -> Case {
        let result = adjudicate_movement(&input, &StandardGeography);
        Case { input, result }
    }

    /// The unit that started in `province`.
    pub fn unit(&self, text: &str) -> UnitId {
        let p = province(text);
        self.input
            .units
            .iter()
            .position(|u| u.at.loc.province == p)
            .unwrap_or_else(|| panic!("no unit in {text:?}"))
    }

    /// The outcome of the unit that started in `province`.
    pub fn outcome(&self, text: &str) -> &Outcome {
        &self.result.outcomes[self.unit(text)]
    }

    /// The reason of the unit that started in `province`.
    pub fn reason(&self, text: &str) -> &Reason {
        &self.outcome(text).reason
    }

    /// The provinces of the dislodged units, sorted.
    pub fn dislodged(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .result
            .dislodged
            .iter()
            .map(|d| abbrev(self.input.units[d.unit].at.loc.province))
            .collect();
        out.sort();
        out
    }

    /// A readable dump for failure messages.
    pub fn dump(&self) -> String {
        let mut out = String::new();
        for (u, o) in self.result.outcomes.iter().enumerate() {
            let name = abbrev(self.input.units[u].at.loc.province);
            out.push_str(&format!(
                "  {name}: {:?} {}\n",
                self.input.orders[u].order,
                describe(o)
            ));
        }
        out
    }

    /// Adjudicates retreat lines (`England: F nwy - nth`, `Russia: A war disband`) after this
    /// movement phase.
    pub fn retreat(&self, lines: &[&str]) -> Retreats<'_> {
        let orders: Vec<UnitRetreat> = lines
            .iter()
            .map(|line| {
                let l = split(line);
                let u = self.unit(&abbrev(l.at.loc.province));
                let order = match l.words.as_slice() {
                    ["-", dest] => BoardRetreatOrder::Move(at(dest)),
                    ["disband"] | ["D"] => BoardRetreatOrder::Disband,
                    other => panic!("cannot read retreat {other:?}"),
                };
                UnitRetreat { unit: u, order }
            })
            .collect();
        let result =
            adjudicate_retreats(&self.input.units, &self.result, &orders, &StandardGeography);
        Retreats { case: self, result }
    }
}

/// An outcome for failure messages (the judge writes no words: its reason as debugged, units
/// named by index).
fn describe(o: &Outcome) -> String {
    format!(
        "{} ({:?})",
        if o.success() { "ok" } else { "FAILED" },
        o.reason
    )
}

/// The abbreviation of a province.
pub fn abbrev(p: ProvinceId) -> String {
    Map::standard().abbrev(p).to_owned()
}

/// Checks a movement phase against expectations written as
/// `"succeeds: a b; fails: c d; dislodged: e"`. `succeeds` and `fails` name units by starting
/// province and need not be complete; `dislodged` (if present, possibly empty) is the exact set
/// of dislodged units; `contested` (if present) is the exact set of standoff places.
pub fn check(lines: &[&str], expected: &str) -> Case {
    let case = Case::run(lines);
    for section in expected.split(';') {
        let section = section.trim();
        if section.is_empty() {
            continue;
        }
        let (key, list) = section
            .split_once(':')
            .unwrap_or_else(|| panic!("bad expectation {section:?}"));
        let names: Vec<&str> = list.split_whitespace().collect();
        match key.trim() {
            "succeeds" => {
                for n in &names {
                    assert!(
                        case.outcome(n).success(),
                        "{n} should succeed\n{}",
                        case.dump()
                    );
                }
            }
            "fails" => {
                for n in &names {
                    assert!(
                        !case.outcome(n).success(),
                        "{n} should fail\n{}",
                        case.dump()
                    );
                }
            }
            "dislodged" => {
                let mut want: Vec<String> = names.iter().map(|s| s.to_string()).collect();
                want.sort();
                assert_eq!(case.dislodged(), want, "dislodged units\n{}", case.dump());
            }
            "contested" => {
                let mut got: Vec<String> = case
                    .result
                    .contested
                    .iter()
                    .map(|p| abbrev(p.province))
                    .collect();
                got.sort();
                let mut want: Vec<String> = names.iter().map(|s| s.to_string()).collect();
                want.sort();
                assert_eq!(got, want, "contested places\n{}", case.dump());
            }
            other => panic!("unknown expectation key {other:?}"),
        }
    }
    case
}

/// A retreat phase after a movement case.
pub struct Retreats<'a> {
    pub case: &'a Case,
    pub result: RetreatResult,
}

impl Retreats<'_> {
    /// The outcome of the dislodged unit that started in `province`.
    pub fn outcome(&self, text: &str) -> &Outcome {
        let u = self.case.unit(text);
        &self
            .result
            .retreats
            .iter()
            .find(|r| r.unit == u)
            .unwrap_or_else(|| panic!("{text} was not dislodged\n{}", self.case.dump()))
            .outcome
    }

    /// Whether the unit that started in `province` survives the retreat phase.
    pub fn survives(&self, text: &str) -> bool {
        let o = self.outcome(text);
        o.success() && o.reason == Reason::Retreated
    }
}

/// A board for adjustment tests.
pub struct Adjust {
    pub units: Vec<AdjustmentUnit>,
    pub owners: Vec<Option<Power>>,
}

impl Adjust {
    /// Units from `Power: T loc` lines; no centre owned yet.
    pub fn new(units: &[&str]) -> Adjust {
        let units = units
            .iter()
            .map(|line| {
                let l = split(line);
                AdjustmentUnit {
                    power: l.power,
                    kind: l.kind,
                    loc: l.at.loc,
                }
            })
            .collect();
        Adjust {
            units,
            owners: vec![None; Map::standard().province_count()],
        }
    }

    /// Gives the listed centres to `power`.
    pub fn owns(mut self, power_name: &str, centres: &[&str]) -> Adjust {
        let p = power(power_name);
        for c in centres {
            self.owners[province(c).index()] = Some(p);
        }
        self
    }

    /// Adjudicates order lines: `Germany: build A war`, `France: remove A par`,
    /// `Russia: waive`.
    pub fn run(&self, lines: &[&str]) -> AdjustmentResult {
        let orders: Vec<PowerOrder> = lines
            .iter()
            .map(|line| {
                let (p, rest) = line.split_once(':').expect("power");
                let words: Vec<&str> = rest.split_whitespace().collect();
                let order = match words.as_slice() {
                    ["build", k, l] => BoardAdjustmentOrder::Build(kind(k), loc(l)),
                    ["remove", _, l] => BoardAdjustmentOrder::Remove(loc(l)),
                    ["waive"] => BoardAdjustmentOrder::Waive,
                    other => panic!("cannot read adjustment {other:?}"),
                };
                PowerOrder {
                    power: power(p.trim()),
                    order,
                }
            })
            .collect();
        adjudicate_adjustments(
            Map::standard(),
            Rules::default(),
            &self.units,
            &self.owners,
            &orders,
        )
    }

    /// The provinces of units removed by civil disorder.
    pub fn civil_disorder(&self, result: &AdjustmentResult) -> Vec<String> {
        result
            .removed
            .iter()
            .filter(|r| r.civil_disorder)
            .map(|r| abbrev(self.units[r.unit].loc.province))
            .collect()
    }
}

/// Builds a movement input by hand with pins, for the pin tests.
pub fn pinned(lines: &[&str], pins: &[(&str, Pin)]) -> MovementInput {
    let mut input = movement_input(lines);
    for (text, pin) in pins {
        let p = province(text);
        let u = input
            .units
            .iter()
            .position(|u| u.at.loc.province == p)
            .expect("pinned unit");
        input.orders[u].pin = *pin;
    }
    input
}
