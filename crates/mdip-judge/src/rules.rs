//! The rules in force, as a value: each DATC option or multiversal policy the adjudicator
//! follows is a named field of [`Rules`], an enum whose variants say what each choice means.
//!
//! A [`World`](crate::world::World) is made with its rules (`World::new(map, rules)`), and the
//! `@rules` directive picks one by name ([`Rules::named`]). There are three rule sets:
//! [`Rules::mdatc`] (the default), [`Rules::standard`] (differs only in [`Rules::adjacency`])
//! and [`Rules::fivedd`] (the 5D Diplomacy game, which differs in every policy but civil
//! disorder). A new rule set is a new combination of policies (and, where a rule really differs,
//! a new variant wired where the policy is read); the adjudicator asks the policy, never the
//! rule set's name.
//!
//! Where each policy is read: [`ConvoyIntent`] by the movement core (`engine.rs`) through
//! [`Geography::rules`](crate::Geography::rules), when it matches convoys to armies;
//! [`CivilDisorder`] by [`adjudicate_adjustments`](crate::adjudicate_adjustments);
//! [`TimeAdjacency`] by the world's reach (`world/mod.rs`, `World::seasons_adjacent` and
//! `World::reaches`) and order validation (`world/validate.rs`); [`ForkPolicy`] and
//! [`Reopening`] by the world's movement step (`world/movement.rs`), when past seasons are
//! re-opened and when they fork; [`OrderFit`] by the movement step (checks of orders against
//! each other, statuses, orders kept for later), the retreat step and the adjustment step;
//! [`Victory`] by `World::winner` and every step (a game that is over adjudicates nothing);
//! [`Winters`] by the adjustment step (which heads rest) and, in the analysis, by the rule that
//! closes a step.

use mdip_map::{Map, Power, ProvinceId};

/// How an army that could also move over land shows that it means to go by convoy (DATC 4.A.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ConvoyIntent {
    /// The 2023 rulebook as DATC v3.0 prefers it: the army goes by convoy if its order says
    /// `via Convoy` or a fleet of its own power is ordered to convoy it; otherwise it moves over
    /// land. Once by convoy, a disrupted convoy does not fall back to the land route
    /// (DATC 6.G.1–6.G.20).
    #[default]
    ViaConvoyOrOwnFleet,
    /// The 5D Diplomacy game, which has no `via Convoy`: any matching convoy order, by a fleet
    /// of any power, makes the army go by convoy.
    AnyMatchingConvoy,
}

impl ConvoyIntent {
    /// Whether a matching convoy order by a fleet of `fleet_power` makes an army of
    /// `army_power`, which could also move over land, go by convoy.
    pub fn convoy_order_shows_intent(self, fleet_power: Power, army_power: Power) -> bool {
        match self {
            ConvoyIntent::ViaConvoyOrOwnFleet => fleet_power == army_power,
            ConvoyIntent::AnyMatchingConvoy => true,
        }
    }
}

/// How orders that do not fit the orders of the units they name are treated, and how supports
/// and convoys report their outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum OrderFit {
    /// DATC: a support or convoy whose unit was not ordered what it names is legal and void
    /// (it fails); a move over water is legal when fleets on the board could convoy it; a support
    /// succeeds when given and not cut, a convoy when its army had a chain; a retreat to an
    /// occupied place, a standoff or the attacker's origin is illegal; a repeated adjustment order
    /// fails.
    #[default]
    Datc,
    /// The 5D Diplomacy game: a support or convoy that matches no ordered move (or, for a support
    /// to hold, no unit ordered to stay) is illegal, and so is a move over water without an
    /// ordered chain of convoys; a support or convoy fails when the order it helps fails (and a
    /// support into a place its own power keeps); a retreat is illegal only when it is not
    /// adjacent (it fails where DATC makes it illegal); a repeated adjustment order is illegal.
    Game,
}

/// Which units a power in civil disorder loses when it orders too few removals (DATC 4.D.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum CivilDisorder {
    /// The 2023 rulebook as DATC v3.0 reads it (cases 6.J.3–6.J.11): the units farthest from the
    /// nearest supply centre the power owns go first, distance counted in steps between
    /// bordering provinces with armies and fleets alike crossing land and sea
    /// ([`Map::distance_to_home`]); ties remove fleets before armies, then go by the English
    /// province name in alphabetical order.
    #[default]
    NearestOwnedCentreOverLandAndSea,
}

impl CivilDisorder {
    /// The provinces a unit's civil-disorder distance is counted to: under
    /// [`CivilDisorder::NearestOwnedCentreOverLandAndSea`] the supply centres `power` owns in
    /// `owners` (indexed by province id).
    pub fn targets(self, map: &Map, owners: &[Option<Power>], power: Power) -> Vec<ProvinceId> {
        match self {
            CivilDisorder::NearestOwnedCentreOverLandAndSea => map
                .supply_centres()
                .filter(|p| owners.get(p.index()).copied().flatten() == Some(power))
                .collect(),
        }
    }
}

/// Which seasons an order may reach besides its unit's own (`docs/rules.md` rule 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum TimeAdjacency {
    /// Multiversal time travel (rule 8 of `docs/rules.md`): a unit reaches the seasons at most
    /// one turn away in adjacent timelines (the same, parent and child, or siblings branched from
    /// the same season), and a convoy may chain such hops between any two seasons.
    #[default]
    Multiversal,
    /// Standard Diplomacy: every order that moves to, supports in or convoys through another
    /// season than the unit's own is illegal.
    OwnSeasonOnly,
    /// The 5D Diplomacy game (`@rules 5dd`): another board is reachable when it is one turn
    /// away in the same timeline or the same turn in the timeline numbered one more or one less
    /// (no diagonal step, timelines by number, not by the tree). With `strict` only the same
    /// location is reachable on the other board; otherwise (loose) also the locations
    /// bordering it. Another coast of the same province never is.
    Numbered {
        /// Only the same location across boards (the game's "strict adjacencies").
        strict: bool,
    },
}

impl TimeAdjacency {
    /// Whether orders may act on seasons other than their unit's own.
    pub fn crosses_seasons(self) -> bool {
        match self {
            TimeAdjacency::Multiversal | TimeAdjacency::Numbered { .. } => true,
            TimeAdjacency::OwnSeasonOnly => false,
        }
    }
}

/// Which stored orders of past seasons a movement step resolves again (`docs/rules.md` rules
/// 12–13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Reopening {
    /// Rules 12–13: the past seasons live orders reach are re-opened (not transitively); their
    /// original order sets are replayed, cross-season inputs with their recorded outcomes.
    #[default]
    Anchored,
    /// The 5D Diplomacy game: every stored order that shares a place (season and province) with
    /// a live order, or with a stored order already taken, is resolved again from scratch;
    /// its effects reach every season it acts on.
    TouchClosure,
}

/// When re-adjudicating a re-opened past season starts a new timeline (`docs/rules.md`
/// rules 16–20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ForkPolicy {
    /// A re-opened season forks when a live move (one ordered in this step, not a recorded one)
    /// arrived in it, or when its new result matches the result that created none of its
    /// existing children (rule 16).
    #[default]
    LiveArrivalOrNewResult,
    /// The 5D Diplomacy game: a re-opened season forks when its new result differs from the
    /// result of every existing successor; an arrival alone does not fork (a unit arriving
    /// where its own past self stood leaves the board as it was, and vanishes).
    NewResultOnly,
}

impl ForkPolicy {
    /// Whether a re-opened season forks: `live_arrival` says a live move arrived in it,
    /// `matches_child` that its new result is the one that created one of its children.
    pub fn forks(self, live_arrival: bool, matches_child: bool) -> bool {
        match self {
            ForkPolicy::LiveArrivalOrNewResult => live_arrival || !matches_child,
            ForkPolicy::NewResultOnly => !matches_child,
        }
    }
}

/// When the adjustments after a Fall turn are played, in a world whose timelines are not all
/// at the same phase (`docs/rules.md` rule 7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Winters {
    /// Rule 7: the adjustment step is global; every other head waits for it and moves in the
    /// movement step that follows.
    #[default]
    Global,
    /// The 5D Diplomacy game: a Winter board is adjudicated beside the other timelines'
    /// movement. The boards that took adjustments rest in the movement step that follows the
    /// adjustment step (they neither move, nor advance, nor can be reached); the other heads
    /// move in it.
    BesideMovement,
}

/// Who wins, and whether a win ends the game (`docs/rules.md` rule 21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Victory {
    /// Rule 21: the one power owning at least 18 distinct centres over the heads, if exactly
    /// one does; a report only, later orders are adjudicated as usual.
    #[default]
    OnlyOneAtEighteen,
    /// The 5D Diplomacy game: the power with the most distinct centres over the heads, if it
    /// has at least 18 and no other power has as many; once there is a winner nothing more is
    /// adjudicated.
    SoleLeaderEndsGame,
}

/// The rules in force: one named policy per option (in the shape of the `diplomacy` crate's
/// `Rulebook`). [`Rules::mdatc`] is the default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// How an army shows it means to go by convoy (DATC 4.A.3).
    pub convoy_intent: ConvoyIntent,
    /// Which units civil disorder removes (DATC 4.D.8).
    pub civil_disorder: CivilDisorder,
    /// Which seasons orders may reach (rule 8).
    pub adjacency: TimeAdjacency,
    /// When a re-opened season forks (rule 16).
    pub forks: ForkPolicy,
    /// Which stored orders a step resolves again (rules 12–13).
    pub reopening: Reopening,
    /// How orders that do not fit other units' orders count, and how supports report.
    pub fit: OrderFit,
    /// Who wins, and whether that ends the game (rule 21).
    pub victory: Victory,
    /// When adjustments are played beside other timelines' movement (rule 7).
    pub winters: Winters,
}

impl Rules {
    /// The names [`Rules::named`] knows, in the order a hint lists them.
    pub const NAMES: [&'static str; 4] = ["mdatc", "standard", "5dd", "5dd strict"];

    /// Multiversal time travel per `docs/rules.md` (`@rules mdatc`, the default), on DATC v3.0's
    /// preferred options.
    pub const fn mdatc() -> Rules {
        Rules {
            convoy_intent: ConvoyIntent::ViaConvoyOrOwnFleet,
            civil_disorder: CivilDisorder::NearestOwnedCentreOverLandAndSea,
            adjacency: TimeAdjacency::Multiversal,
            forks: ForkPolicy::LiveArrivalOrNewResult,
            reopening: Reopening::Anchored,
            fit: OrderFit::Datc,
            victory: Victory::OnlyOneAtEighteen,
            winters: Winters::Global,
        }
    }

    /// The rules of the 5D Diplomacy game (`@rules 5dd`, `@rules 5dd strict`; `docs/rules.md`
    /// "`@rules 5dd`"): boards reached by timeline number with no diagonal step, the same
    /// location only across boards when `strict`, stored orders resolved again by touch,
    /// forks only when a re-fought season's result is new.
    pub const fn fivedd(strict: bool) -> Rules {
        Rules {
            adjacency: TimeAdjacency::Numbered { strict },
            forks: ForkPolicy::NewResultOnly,
            reopening: Reopening::TouchClosure,
            convoy_intent: ConvoyIntent::AnyMatchingConvoy,
            fit: OrderFit::Game,
            victory: Victory::SoleLeaderEndsGame,
            winters: Winters::BesideMovement,
            ..Rules::mdatc()
        }
    }

    /// Standard Diplomacy (`@rules standard`): DATC v3.0's preferred options, and no order
    /// reaches outside its unit's season.
    pub const fn standard() -> Rules {
        Rules {
            adjacency: TimeAdjacency::OwnSeasonOnly,
            ..Rules::mdatc()
        }
    }

    /// The rule set an `@rules` directive names (`mdatc`, `standard`, `5dd`, `5dd loose` or
    /// `5dd strict`; case-insensitively, words separated by white space), or `None` for an
    /// unknown name.
    pub fn named(name: &str) -> Option<Rules> {
        let mut words = name.split_whitespace().map(str::to_ascii_lowercase);
        let first = words.next()?;
        let second = words.next();
        if words.next().is_some() {
            return None;
        }
        match (first.as_str(), second.as_deref()) {
            ("mdatc", None) => Some(Rules::mdatc()),
            ("standard", None) => Some(Rules::standard()),
            ("5dd", None | Some("loose")) => Some(Rules::fivedd(false)),
            ("5dd", Some("strict")) => Some(Rules::fivedd(true)),
            _ => None,
        }
    }

    /// The name of this rule set as `@rules` writes it: `"mdatc"`, `"standard"`, `"5dd"` or
    /// `"5dd strict"`, or `"custom"` for a combination of policies that is none of them.
    pub fn name(&self) -> &'static str {
        if *self == Rules::mdatc() {
            "mdatc"
        } else if *self == Rules::standard() {
            "standard"
        } else if *self == Rules::fivedd(false) {
            "5dd"
        } else if *self == Rules::fivedd(true) {
            "5dd strict"
        } else {
            "custom"
        }
    }
}

impl Default for Rules {
    /// [`Rules::mdatc`].
    fn default() -> Rules {
        Rules::mdatc()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for name in Rules::NAMES {
            let rules = Rules::named(name).expect("a known name");
            assert_eq!(rules.name(), name);
            assert_eq!(Rules::named(&name.to_uppercase()), Some(rules));
        }
        assert_eq!(Rules::named("datc"), None);
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
}
