use super::*;

#[test]
fn names_round_trip() {
    for name in Rules::NAMES {
        let rules = Rules::named(name).expect("a known name");
        assert_eq!(rules.name(), name);
        assert_eq!(Rules::named(&name.to_uppercase()), Some(rules));
    }
    assert_eq!(Rules::named("datc"), None);
    assert_eq!(Rules::named("5dd loose"), Some(Rules::fivedd(false)));
    assert_eq!(Rules::named("5dd  Loose"), Some(Rules::fivedd(false)));
    assert_eq!(Rules::named("5dd strict loose"), None);
    assert_eq!(Rules::named("mdatc strict"), None);
    assert_eq!(Rules::default(), Rules::mdatc());
    assert_ne!(Rules::mdatc(), Rules::standard());
    let custom = Rules {
        adjacency: TimeAdjacency::OwnSeasonOnly,
        ..Rules::mdatc()
    };
    assert_eq!(custom.name(), "standard");
}

#[test]
fn policies_answer_as_before() {
    assert!(Rules::mdatc().adjacency.crosses_seasons());
    assert!(!Rules::standard().adjacency.crosses_seasons());
    let forks = ForkPolicy::LiveArrivalOrNewResult;
    assert!(forks.forks(true, true));
    assert!(forks.forks(false, false));
    assert!(!forks.forks(false, true));
    let intent = ConvoyIntent::ViaConvoyOrOwnFleet;
    assert!(intent.convoy_order_shows_intent(Power::England, Power::England));
    assert!(!intent.convoy_order_shows_intent(Power::France, Power::England));
}

#[test]
fn the_table_is_complete_and_options_parse() {
    // Every rule set follows exactly one choice of each option, and the choices set what
    // they say.
    for p in &PRESETS {
        for o in &OPTIONS {
            let n = o.choices.iter().filter(|c| c.is_set(&p.rules)).count();
            assert_eq!(n, 1, "{} under {}", o.name, p.name);
        }
        assert_eq!(Rules::parse(&p.rules.words()), Ok(p.rules));
        assert_eq!(p.rules.words(), p.name);
    }
    for o in &OPTIONS {
        for c in o.choices {
            let mut r = Rules::mdatc();
            c.set(&mut r);
            assert!(c.is_set(&r), "{} {}", o.name, c.name);
            let words = format!("mdatc {} {}", o.name, c.name);
            assert_eq!(Rules::parse(&words), Ok(r));
            assert_eq!(Rules::parse(&r.words()), Ok(r), "{}", r.words());
        }
    }
    let any = Rules {
        convoy_intent: ConvoyIntent::AnyMatchingConvoy,
        ..Rules::mdatc()
    };
    assert_eq!(Rules::parse("MDATC 4.a.3 Any-Fleet"), Ok(any));
    assert_eq!(any.words(), "mdatc convoy-intent any-fleet");
    assert_eq!(any.name(), "custom");
    assert_eq!(
        Rules::parse("5dd strict reach numbered"),
        Ok(Rules::fivedd(false))
    );
    assert_eq!(
        Rules::parse("mdatc convoy"),
        Err(RulesError::UnknownOption("convoy".into()))
    );
    assert_eq!(
        Rules::parse("mdatc reach"),
        Err(RulesError::MissingChoice("reach"))
    );
    assert_eq!(
        Rules::parse("mdatc reach far").unwrap_err().to_string(),
        "`far` is no choice of `reach`: the choices are `multiversal`, `own-season`, `numbered`, `numbered-strict`"
    );
    assert_eq!(
        Rules::parse("datc").unwrap_err().to_string(),
        "unknown rule set `datc`: the rule sets are `mdatc`, `standard`, `5dd`, `5dd strict`"
    );
}
