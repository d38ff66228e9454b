//! The strengths behind each outcome (DATC 5.B), reported as plain data by the core: a move's
//! attack strength and the hold, defend and prevent strengths it met, with the units behind
//! each; any other unit's hold strength.

use mdip_judge::{Met, Opposition, Strength, Strengths};
use mdip_test_support::fixtures::{check, Case};

fn strength(value: u32, supporters: Vec<usize>) -> Strength {
    Strength { value, supporters }
}

#[test]
fn a_bounce_one_against_one() {
    let c = check(&["Germany: A mun - tyr", "Austria: A tyr H"], "fails: mun");
    assert_eq!(
        c.result.strengths[c.unit("mun")],
        Strengths {
            own: strength(1, vec![]),
            met: vec![Met {
                unit: c.unit("tyr"),
                kind: Opposition::Hold,
                strength: strength(1, vec![]),
            }],
        }
    );
    assert_eq!(c.result.strengths[c.unit("tyr")].own, strength(1, vec![]));
}

#[test]
fn a_supported_attack_names_its_supporters_and_a_rival_its_prevent() {
    let c = check(
        &[
            "Germany: A mun - tyr",
            "Germany: A boh S A mun - tyr",
            "Italy: A ven - tyr",
            "Austria: A vie S A ven - tyr",
        ],
        "fails: mun ven",
    );
    assert_eq!(
        c.result.strengths[c.unit("mun")],
        Strengths {
            own: strength(2, vec![c.unit("boh")]),
            met: vec![Met {
                unit: c.unit("ven"),
                kind: Opposition::Prevent,
                strength: strength(2, vec![c.unit("vie")]),
            }],
        }
    );
}

#[test]
fn head_to_head_meets_the_defend_strength_and_a_cut_support_counts_nothing() {
    let c = Case::run(&[
        "Germany: A mun - tyr",
        "Germany: A boh S A mun - tyr",
        "Austria: A tyr - mun",
        "Russia: A sil - boh",
    ]);
    assert_eq!(
        c.result.strengths[c.unit("mun")],
        Strengths {
            own: strength(1, vec![]),
            met: vec![Met {
                unit: c.unit("tyr"),
                kind: Opposition::Defend,
                strength: strength(1, vec![]),
            }],
        }
    );
}

#[test]
fn an_attack_on_a_unit_of_its_own_power_has_no_strength() {
    let c = Case::run(&["Germany: A mun - tyr", "Germany: A tyr H"]);
    assert_eq!(c.result.strengths[c.unit("mun")].own, strength(0, vec![]));
}
