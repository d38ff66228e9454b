//! How units, locations, seasons and the heads of the game are written in reasons, notes,
//! diagnostics, IDE answers and the text report, so that a unit is spelt the same way
//! everywhere (`F St Petersburg(sc)`, as the notation writes it: the units and locations are
//! printed by the notation's one printer, `mdip_syntax::notation`); and the words for the
//! judge's reasons and illegal orders (the judge itself writes none).

use mdip_judge::world::{
    Illegal, MoveImpossible, Phase, ReachProblem, SeasonKey, SetupError, Unfit, World,
};
use mdip_judge::{Reason, UnitId};
use mdip_map::{Coast, Location, Map, UnitType};
use mdip_syntax::notation as n;

use crate::model::ReasonCode;

mod sentence;
mod strengths;

pub(crate) use sentence::{
    build_coast_missing, note, outcome_mismatch, related, sentence, wrong_phase,
};
pub(crate) use strengths::write_why;

/// The sentence of an order line the analysis could not take, when no diagnostic on it says
/// more.
pub(crate) const NOT_READ: &str = "the order could not be read";

/// A unit with its power's adjective, as expectations name the units they list: `English A
/// Munich`, `English A Munich 1:0` (the season when given). The location is written by
/// [`location`].
pub(crate) fn owned_unit(
    map: &Map,
    power: mdip_map::Power,
    kind: UnitType,
    loc: Location,
    season: Option<SeasonKey>,
) -> String {
    let mut t = format!(
        "{} {} {}",
        power.adjective(),
        kind.letter(),
        location(map, loc)
    );
    if let Some(s) = season {
        t.push_str(&format!(" {s}"));
    }
    t
}

/// A location as the notation writes it: `Munich`, `St Petersburg(sc)`. Every sentence of
/// the analysis, the IDE and the text report spells locations so, which is also what a user
/// can type back.
pub fn location(map: &Map, loc: Location) -> String {
    place(map, loc, None).to_string()
}

/// A unit as the notation writes it: `A Munich`, `F Spain(nc) 1:0` (the season only when
/// given).
pub fn unit_text(map: &Map, kind: UnitType, loc: Location, season: Option<SeasonKey>) -> String {
    notation_unit(map, kind, loc, season).to_string()
}

/// A unit of the map as a value of the notation (see [`unit_text`]).
pub(crate) fn notation_unit(
    map: &Map,
    kind: UnitType,
    loc: Location,
    season: Option<SeasonKey>,
) -> n::Unit {
    let kind = match kind {
        UnitType::Army => n::UnitKind::Army,
        UnitType::Fleet => n::UnitKind::Fleet,
    };
    n::Unit::new(kind, place(map, loc, season))
}

/// A location of the map as a value of the notation.
fn place(map: &Map, loc: Location, season: Option<SeasonKey>) -> n::Place {
    n::Place::new(map.name(loc.province))
        .coast(loc.coast.map(|c| c.abbrev()))
        .season(season.map(|s| n::Season::new(s.turn, s.timeline)))
}

/// "A Munich" or, in a multiversal game, "A Munich 1:0".
pub(crate) fn unit(
    map: &Map,
    kind: UnitType,
    loc: Location,
    season: SeasonKey,
    multiversal: bool,
) -> String {
    unit_text(map, kind, loc, multiversal.then_some(season))
}

/// A season as a player reads it; the one function that decides how seasons are named in
/// diagnostics, hover, inlay hints and reports. A game with one timeline speaks in the calendar
/// (`Spring 1901`); a multiversal game gives the coordinate and the calendar (`1:0 (Fall 1901)`),
/// since both help there. The calendar counts from `first_year`, the map's
/// ([`Map::first_year`]).
pub fn season_words(s: SeasonKey, multiversal: bool, first_year: u32) -> String {
    if multiversal {
        format!("{s} ({})", s.calendar(first_year))
    } else {
        s.calendar(first_year)
    }
}

/// The season of a step of `phase` in words: as [`season_words`], except that an adjustment
/// step is the Winter of the year whose Fall it follows (its board is the next Spring's):
/// `Winter 1901`, or `2:0 (Winter 1901)` in a multiversal game.
pub fn step_season_words(s: SeasonKey, phase: Phase, multiversal: bool, first_year: u32) -> String {
    let calendar = if phase == Phase::Adjustment && s.turn > 0 {
        let fall = SeasonKey::new(s.turn - 1, s.timeline);
        format!("Winter {}", fall.year(first_year))
    } else {
        s.calendar(first_year)
    };
    if multiversal {
        format!("{s} ({calendar})")
    } else {
        calendar
    }
}

/// The heads of the game, for messages: "2:0, 1:1".
pub(crate) fn heads(world: &World) -> String {
    seasons(&world.heads())
}

/// Seasons for messages: "2:0, 1:1".
pub(crate) fn seasons(seasons: &[SeasonKey]) -> String {
    seasons
        .iter()
        .map(|h| h.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A setup error as an English phrase (lower case, no final full stop), e.g.
/// `"this unit cannot stand there"`.
pub(crate) fn setup_error(e: &SetupError) -> String {
    match e {
        SetupError::NoSuchSeason(s) => format!("season {s} does not exist"),
        SetupError::CannotStand => "this unit cannot stand there".to_owned(),
        SetupError::Occupied(p, k) => format!(
            "a {} {} already stands there",
            p.adjective(),
            k.name().to_lowercase()
        ),
        SetupError::NotASupplyCentre => "not a supply centre".to_owned(),
        SetupError::AlreadyStarted => {
            "the position can only be set up before the first step".to_owned()
        }
        SetupError::NotInRetreatPhase => {
            "dislodged units and standoffs set up a retreat phase: `@phase retreat` comes first"
                .to_owned()
        }
        SetupError::AlreadyDislodged(p, k) => format!(
            "{} {} {} is already dislodged there",
            if p.adjective().starts_with(['A', 'E', 'I', 'O', 'U']) {
                "an"
            } else {
                "a"
            },
            p.adjective(),
            k.name().to_lowercase()
        ),
        SetupError::SeasonExists(s) => format!("season {s} exists already"),
        SetupError::NotNextTurn { last } => format!(
            "timeline {} ends at {last}, so its next season is {}:{}",
            last.timeline,
            u64::from(last.turn) + 1,
            last.timeline
        ),
        SetupError::TimelineNotNext { next } => {
            format!("the next new timeline is {next}")
        }
        SetupError::BranchNotPreviousTurn { from } => {
            format!(
                "a timeline branched from {from} starts at turn {}",
                u64::from(from.turn) + 1
            )
        }
        SetupError::BranchInExistingTimeline { last } => format!(
            "timeline {} exists: its next season continues {last}, it does not branch",
            last.timeline
        ),
        SetupError::BranchFromHead(s) => format!(
            "{s} is a head, and a timeline branches from a past season; set up {}:{} first",
            u64::from(s.turn) + 1,
            s.timeline
        ),
        SetupError::SeasonAfterPhase => {
            "seasons are set up before the starting `@phase`".to_owned()
        }
        SetupError::TurnAfterSeasons => {
            "the root's turn is settled once `@season` lines set up other seasons".to_owned()
        }
        SetupError::RecordInHead(s) => {
            format!("{s} is a head, whose orders are given live; only past seasons have records")
        }
        SetupError::RecordIllegal(_) => "the order is illegal".to_owned(),
        SetupError::AlreadyRecorded => "this unit already has a recorded order".to_owned(),
        SetupError::NoChild(s) => {
            format!("{s} has no later season for a dislodged unit to retreat into")
        }
        SetupError::NotAHead(s) => format!("{s} is not a head"),
        SetupError::AdjustmentSeasonsNeeded => {
            "seasons are set up: name the boards that take builds and removals".to_owned()
        }
        SetupError::NoAdjustmentBefore(s) => {
            format!("no adjustment step comes before {s} (only the turn after a Fall has one)")
        }
        SetupError::AdjustmentPending(s) => {
            format!("the adjustments of {s} are still to come")
        }
        SetupError::StoredUnitMissing(s) => {
            format!("the unit it made is not on the board of {s}")
        }
        SetupError::StoredUnitStands(s) => {
            format!("a unit still stands there on the board of {s}")
        }
    }
}

/// A judge's reason as an English phrase (lower case, no final full stop), naming units with
/// `name`, e.g. `"bounced off A Vienna and A Venice"`.
pub(crate) fn reason(reason: &Reason, name: impl Fn(UnitId) -> String) -> String {
    match reason {
        Reason::Moved { by_convoy: false } => "moved".to_owned(),
        Reason::Moved { by_convoy: true } => "moved by convoy".to_owned(),
        Reason::Bounced { by } if by.is_empty() => "bounced".to_owned(),
        Reason::Bounced { by } => format!("bounced off {}", list(by, &name)),
        Reason::LostHeadToHead { to } => {
            format!("lost the head-to-head battle against {}", name(*to))
        }
        Reason::WouldDislodgeOwnUnit { unit } => {
            format!("would dislodge {}, a unit of the same power", name(*unit))
        }
        Reason::NoConvoyPath => "no chain of fleets was ordered to convoy it".to_owned(),
        Reason::ConvoyDisrupted => "the convoy was disrupted".to_owned(),
        Reason::NoConvoyRoute => {
            "no route: no complete chain of fleets was ordered to convoy the army".to_owned()
        }
        Reason::ConvoyParadox => {
            "convoy paradox: the convoy is cancelled (Szykman rule)".to_owned()
        }
        Reason::Unreachable => "the destination cannot be reached".to_owned(),
        Reason::Held => "held".to_owned(),
        Reason::Dislodged { by } => format!("dislodged by {}", name(*by)),
        Reason::SupportGiven => "support given".to_owned(),
        Reason::SupportCut { by } => format!("support cut by {}", name(*by)),
        Reason::SupportVoid => "void: the supported unit did not order that".to_owned(),
        Reason::ConvoyUsed => "convoyed the army".to_owned(),
        Reason::ConvoyNotUsed => "not used: the army moves over land (no convoy intent)".to_owned(),
        Reason::ConvoyVoid => "void: the army did not order that move".to_owned(),
        Reason::SupportedOrderFailed { unit } => {
            format!("support given, but the order of {} failed", name(*unit))
        }
        Reason::SupportAgainstOwnUnit { unit } => {
            format!(
                "supports a move against {}, a unit of the same power",
                name(*unit)
            )
        }
        Reason::ConvoyedMoveFailed { army } => {
            format!("convoy available, but the move of {} failed", name(*army))
        }
        Reason::Pinned { .. } => "fixed by an earlier adjudication".to_owned(),
        Reason::Paradox => "part of a paradox: every order in it fails".to_owned(),
        Reason::Retreated => "retreated".to_owned(),
        Reason::Disbanded => "disbanded".to_owned(),
        Reason::NoRetreatOrder => "disbanded: no retreat order".to_owned(),
        Reason::RetreatUnreachable => {
            "disbanded: the retreat destination is not adjacent".to_owned()
        }
        Reason::RetreatOccupied => "disbanded: the retreat destination is occupied".to_owned(),
        Reason::RetreatContested => {
            "disbanded: the retreat destination was left empty by a standoff".to_owned()
        }
        Reason::RetreatToAttacker => {
            "disbanded: cannot retreat to where the attacker came from".to_owned()
        }
        Reason::RetreatCollision { with } => {
            format!(
                "disbanded: retreated to the same place as {}",
                list(with, &name)
            )
        }
        Reason::NotDislodged => "not dislodged: no retreat order possible".to_owned(),
        Reason::Built => "built".to_owned(),
        Reason::Waived => "build waived".to_owned(),
        Reason::Removed => "removed".to_owned(),
        Reason::CivilDisorder => "removed by the civil-disorder rule".to_owned(),
        Reason::NoBuildAllowed => "no build allowed".to_owned(),
        Reason::NoBuildsLeft => "all allowed builds are already used".to_owned(),
        Reason::NotHomeCentre => "not a home supply centre of this power".to_owned(),
        Reason::CentreNotOwned => "the home centre is not owned by this power".to_owned(),
        Reason::CentreOccupied => "the home centre is occupied".to_owned(),
        Reason::WrongTerrain => "that unit cannot stand there".to_owned(),
        Reason::NoRemovalAllowed => "no removal needed".to_owned(),
        Reason::NoRemovalsLeft => "all required removals are already made".to_owned(),
        Reason::NoUnitThere => "no unit there".to_owned(),
        Reason::NotOwnUnit => "the unit there belongs to another power".to_owned(),
        Reason::AlreadyRemoved => "the unit is already removed".to_owned(),
        Reason::AlreadyBuilt => "another build already uses that centre".to_owned(),
    }
}

/// The stable code of a judge's reason, as the machine formats write it (`bounced`,
/// `support-cut`, ...). Codes never change meaning; the list is in `docs/json-schema.md`.
pub(crate) fn reason_code(reason: &Reason) -> ReasonCode {
    match reason {
        Reason::Moved { by_convoy: false } => ReasonCode::Moved,
        Reason::Moved { by_convoy: true } => ReasonCode::MovedByConvoy,
        Reason::Bounced { .. } => ReasonCode::Bounced,
        Reason::LostHeadToHead { .. } => ReasonCode::LostHeadToHead,
        Reason::WouldDislodgeOwnUnit { .. } => ReasonCode::WouldDislodgeOwnUnit,
        Reason::NoConvoyPath => ReasonCode::NoConvoyPath,
        Reason::ConvoyDisrupted => ReasonCode::ConvoyDisrupted,
        Reason::NoConvoyRoute => ReasonCode::NoConvoyRoute,
        Reason::ConvoyParadox => ReasonCode::ConvoyParadox,
        Reason::Unreachable => ReasonCode::Unreachable,
        Reason::Held => ReasonCode::Held,
        Reason::Dislodged { .. } => ReasonCode::Dislodged,
        Reason::SupportGiven => ReasonCode::SupportGiven,
        Reason::SupportCut { .. } => ReasonCode::SupportCut,
        Reason::SupportVoid => ReasonCode::SupportVoid,
        Reason::ConvoyUsed => ReasonCode::ConvoyUsed,
        Reason::ConvoyNotUsed => ReasonCode::ConvoyNotUsed,
        Reason::ConvoyVoid => ReasonCode::ConvoyVoid,
        Reason::SupportedOrderFailed { .. } => ReasonCode::SupportedOrderFailed,
        Reason::SupportAgainstOwnUnit { .. } => ReasonCode::SupportAgainstOwnUnit,
        Reason::ConvoyedMoveFailed { .. } => ReasonCode::ConvoyedMoveFailed,
        Reason::Pinned { .. } => ReasonCode::Pinned,
        Reason::Paradox => ReasonCode::Paradox,
        Reason::Retreated => ReasonCode::Retreated,
        Reason::Disbanded => ReasonCode::Disbanded,
        Reason::NoRetreatOrder => ReasonCode::NoRetreatOrder,
        Reason::RetreatUnreachable => ReasonCode::RetreatUnreachable,
        Reason::RetreatOccupied => ReasonCode::RetreatOccupied,
        Reason::RetreatContested => ReasonCode::RetreatContested,
        Reason::RetreatToAttacker => ReasonCode::RetreatToAttacker,
        Reason::RetreatCollision { .. } => ReasonCode::RetreatCollision,
        Reason::NotDislodged => ReasonCode::NotDislodged,
        Reason::Built => ReasonCode::Built,
        Reason::Waived => ReasonCode::Waived,
        Reason::Removed => ReasonCode::Removed,
        Reason::CivilDisorder => ReasonCode::CivilDisorder,
        Reason::NoBuildAllowed => ReasonCode::NoBuildAllowed,
        Reason::NoBuildsLeft => ReasonCode::NoBuildsLeft,
        Reason::NotHomeCentre => ReasonCode::NotHomeCentre,
        Reason::CentreNotOwned => ReasonCode::CentreNotOwned,
        Reason::CentreOccupied => ReasonCode::CentreOccupied,
        Reason::WrongTerrain => ReasonCode::WrongTerrain,
        Reason::NoRemovalAllowed => ReasonCode::NoRemovalAllowed,
        Reason::NoRemovalsLeft => ReasonCode::NoRemovalsLeft,
        Reason::NoUnitThere => ReasonCode::NoUnitThere,
        Reason::NotOwnUnit => ReasonCode::NotOwnUnit,
        Reason::AlreadyRemoved => ReasonCode::AlreadyRemoved,
        Reason::AlreadyBuilt => ReasonCode::AlreadyBuilt,
    }
}

/// The stable code of an illegal order's problem (`no-unit`, `unreachable`, ...).
pub(crate) fn illegal_code(i: &Illegal) -> ReasonCode {
    match i {
        Illegal::WrongPhase(_) => ReasonCode::WrongPhase,
        Illegal::NotDislodged => ReasonCode::NotDislodged,
        Illegal::RetreatLeavesSeason => ReasonCode::RetreatLeavesSeason,
        Illegal::RetreatUnreachable => ReasonCode::RetreatUnreachable,
        Illegal::RetreatOccupied => ReasonCode::RetreatOccupied,
        Illegal::RetreatContested => ReasonCode::RetreatContested,
        Illegal::RetreatToAttacker => ReasonCode::RetreatToAttacker,
        Illegal::RetreatCoastMissing => ReasonCode::CoastMissing,
        Illegal::BadAdjustment { reason, .. } => reason_code(reason),
        Illegal::NoSuchSeason(_) => ReasonCode::NoSuchSeason,
        Illegal::NoUnit(_) => ReasonCode::NoUnit,
        Illegal::WrongUnitType { .. } => ReasonCode::WrongUnitType,
        Illegal::ForeignUnit { .. } => ReasonCode::ForeignUnit,
        Illegal::NotAHead { .. } => ReasonCode::NotAHead,
        Illegal::WrongTerrain => ReasonCode::WrongTerrain,
        Illegal::MoveToSelf => ReasonCode::MoveToSelf,
        Illegal::Unreachable(_) => ReasonCode::Unreachable,
        Illegal::CoastMissing(_) => ReasonCode::CoastMissing,
        Illegal::CoastUnreachable { .. } => ReasonCode::CoastUnreachable,
        Illegal::SupportSelf => ReasonCode::SupportSelf,
        Illegal::SupportUnreachable(_) => ReasonCode::SupportUnreachable,
        Illegal::SupportIntoOwnPlace => ReasonCode::SupportIntoOwnPlace,
        Illegal::ConvoyByArmy => ReasonCode::ConvoyByArmy,
        Illegal::ConvoyFromCoast => ReasonCode::ConvoyFromCoast,
        Illegal::ConvoyOfFleet => ReasonCode::ConvoyOfFleet,
        Illegal::ConvoyDestination => ReasonCode::ConvoyDestination,
        Illegal::ConvoyNotOnRoute => ReasonCode::ConvoyNotOnRoute,
        Illegal::SupportedMoveImpossible { .. } => ReasonCode::SupportedMoveImpossible,
        Illegal::Duplicate => ReasonCode::Duplicate,
        Illegal::Unmatched(_) => ReasonCode::Unmatched,
        Illegal::NoOrderedConvoy => ReasonCode::NoOrderedConvoy,
        Illegal::GameOver => ReasonCode::GameOver,
        Illegal::Anticipated(_) => ReasonCode::Anticipated,
        Illegal::OtherSeasonInStandardRules => ReasonCode::StandardRules,
    }
}

/// Joins phrases as "A", "A and B" or "A, B and C".
pub(crate) fn and_list(items: &[String]) -> String {
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {}", rest.join(", "), last),
    }
}

/// [`and_list`] of at most `shown` items, the rest counted: "A, B and 3 more".
pub(crate) fn capped_list(items: &[String], shown: usize) -> String {
    if items.len() <= shown {
        return and_list(items);
    }
    let mut head = items[..shown].to_vec();
    head.push(format!("{} more", items.len() - shown));
    and_list(&head)
}

/// Joins unit names as "A", "A and B" or "A, B and C".
fn list(ids: &[UnitId], name: &impl Fn(UnitId) -> String) -> String {
    let names: Vec<String> = ids.iter().map(|&id| name(id)).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {}", rest.join(", "), last),
    }
}

/// Why an order given to a step of kind `step` is illegal, as a phrase.
/// Seasons are named by [`season_words`] (`multiversal`: the game has, or writes, more than
/// one timeline).
pub(crate) fn illegal(map: &Map, i: &Illegal, step: Phase, multiversal: bool) -> String {
    match i {
        Illegal::WrongPhase(p) => match step {
            Phase::Movement => format!("this order is not allowed in the {} phase", p.name()),
            Phase::Retreat => format!("retreats are not allowed in the {} phase", p.name()),
            Phase::Adjustment => format!("not allowed in the {} phase", p.name()),
        },
        Illegal::NotDislodged => "this unit is not waiting to retreat".to_owned(),
        Illegal::RetreatLeavesSeason => "a retreat cannot change season".to_owned(),
        Illegal::RetreatUnreachable => "the unit cannot retreat there".to_owned(),
        Illegal::RetreatOccupied => "that province is occupied".to_owned(),
        Illegal::RetreatContested => "that province was left empty by a standoff".to_owned(),
        Illegal::RetreatToAttacker => {
            "a unit cannot retreat to where its attacker came from".to_owned()
        }
        Illegal::RetreatCoastMissing => "the coast must be given".to_owned(),
        Illegal::BadAdjustment { reason: r, .. } => reason(r, |_| String::new()),
        Illegal::NoSuchSeason(s) => format!("season {s} does not exist"),
        Illegal::NoUnit(s) => format!(
            "no unit stands in {} in {}",
            map.name(s.province),
            season_words(s.season, multiversal, map.first_year())
        ),
        Illegal::WrongUnitType { actual, .. } => {
            let name = actual.name().to_lowercase();
            let article = if name.starts_with('a') { "an" } else { "a" };
            format!("the unit there is {article} {name}")
        }
        Illegal::ForeignUnit { owner } => format!("the unit belongs to {}", owner.name()),
        Illegal::NotAHead { head } => {
            format!("the unit is in a past season; only units in heads take orders (head: {head})")
        }
        Illegal::WrongTerrain => "this unit type cannot go there".to_owned(),
        Illegal::MoveToSelf => "a unit cannot move to its own province".to_owned(),
        Illegal::Unreachable(p) => format!("the destination is {}", reach(*p)),
        Illegal::CoastMissing(c) => format!(
            "the coast must be given: the fleet can reach {}",
            coast_list(c)
        ),
        Illegal::CoastUnreachable { reachable } if reachable.is_empty() => {
            "the fleet cannot reach that coast".to_owned()
        }
        Illegal::CoastUnreachable { reachable } => format!(
            "the fleet cannot reach that coast, only {}",
            coast_list(reachable)
        ),
        Illegal::SupportSelf => "a unit cannot support itself".to_owned(),
        Illegal::SupportUnreachable(p) => {
            format!("the supporting unit cannot reach there ({})", reach(*p))
        }
        Illegal::SupportIntoOwnPlace => {
            "a unit cannot support a move into its own province".to_owned()
        }
        Illegal::ConvoyByArmy => "only fleets can convoy".to_owned(),
        Illegal::ConvoyFromCoast => "only fleets at sea can convoy".to_owned(),
        Illegal::ConvoyOfFleet => "only armies can be convoyed".to_owned(),
        Illegal::ConvoyDestination => {
            "a convoyed army can only land in a coastal province".to_owned()
        }
        Illegal::ConvoyNotOnRoute => {
            "the fleet is on no possible convoy route for that army".to_owned()
        }
        Illegal::SupportedMoveImpossible { why, to } => match why {
            MoveImpossible::OwnProvince => {
                "the supported unit cannot move to its own province".to_owned()
            }
            MoveImpossible::WrongTerrain(UnitType::Army) => {
                format!(
                    "the supported army cannot go to {}: armies cannot go to sea",
                    map.name(*to)
                )
            }
            MoveImpossible::WrongTerrain(UnitType::Fleet) => {
                format!(
                    "the supported fleet cannot go to {}: fleets cannot go inland",
                    map.name(*to)
                )
            }
            MoveImpossible::Unreachable(p) => format!(
                "the supported unit cannot reach {} ({})",
                map.name(*to),
                reach(*p)
            ),
            MoveImpossible::NeedsSupporter => {
                "the supported army could only get there by a convoy that needs the supporting fleet"
                    .to_owned()
            }
        },
        Illegal::Duplicate => "several orders for one unit: all are dropped".to_owned(),
        Illegal::Unmatched(why) => match why {
            Unfit::NotStaying => {
                "5D Diplomacy rules: the supported unit was not ordered to stay".to_owned()
            }
            Unfit::NoSuchMove => {
                "5D Diplomacy rules: the supported unit was not ordered that move".to_owned()
            }
            Unfit::NotConvoyed => {
                "5D Diplomacy rules: the army was not ordered that move, or no chain of fleets ordered to convoy it passes here"
                    .to_owned()
            }
            Unfit::StrictReach => {
                "5D Diplomacy rules, strict adjacencies: on another board a support reaches only the place its unit stands on"
                    .to_owned()
            }
        },
        Illegal::NoOrderedConvoy => {
            "5D Diplomacy rules: the move needs a convoy and no chain of fleets was ordered to convoy it"
                .to_owned()
        }
        Illegal::GameOver => {
            "5D Diplomacy rules: a power has won, nothing more is adjudicated".to_owned()
        }
        Illegal::Anticipated(s) => format!(
            "season {s} does not exist yet: under 5D Diplomacy rules the order is kept and acts once a later step reaches it"
        ),
        Illegal::OtherSeasonInStandardRules => {
            "standard rules: orders cannot reach other seasons".to_owned()
        }
    }
}

/// What makes a destination unreachable, as a phrase.
fn reach(p: ReachProblem) -> &'static str {
    match p {
        ReachProblem::NotAdjacent => "not adjacent",
        ReachProblem::TooFarInTime => "more than one turn away",
        ReachProblem::TimelinesNotAdjacent => "in a timeline that is not adjacent",
        ReachProblem::Diagonal => {
            "one turn and one timeline away: 5D Diplomacy allows no diagonal step"
        }
        ReachProblem::WinterBoard => {
            "a Winter board, taking its adjustments beside this movement: out of reach"
        }
        ReachProblem::StrictAdjacency => {
            "strict adjacencies: another board is reached only at the same place"
        }
        ReachProblem::NoConvoyRoute => "not adjacent, and no fleets could convoy the army there",
    }
}

fn coast_list(c: &[Coast]) -> String {
    c.iter()
        .map(|c| format!("({})", c.abbrev()))
        .collect::<Vec<_>>()
        .join(" or ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptions_name_units() {
        let name = |u: UnitId| format!("unit {u}");
        assert_eq!(
            reason(&Reason::Bounced { by: vec![1, 2, 3] }, name),
            "bounced off unit 1, unit 2 and unit 3"
        );
        assert_eq!(reason(&Reason::Bounced { by: vec![] }, name), "bounced");
        assert_eq!(
            reason(&Reason::SupportCut { by: 4 }, name),
            "support cut by unit 4"
        );
        assert_eq!(
            illegal(
                Map::standard(),
                &Illegal::WrongPhase(Phase::Retreat),
                Phase::Adjustment,
                false
            ),
            "not allowed in the retreat phase"
        );
        assert_eq!(
            reason(&Reason::Moved { by_convoy: true }, name),
            "moved by convoy"
        );
        let items: Vec<String> = ["a", "b", "c", "d"].map(String::from).to_vec();
        assert_eq!(capped_list(&items, 4), "a, b, c and d");
        assert_eq!(capped_list(&items, 2), "a, b and 2 more");
    }
}
