//! The report's words for the analysis' values: seasons, phases, unit types, statuses, order
//! kinds and the calendar.

use mdip_judge::world::{Phase, SeasonKey};
use mdip_map::UnitType;

use super::*;
use crate::model::{OrderKind, Status};

pub(super) fn season(s: SeasonKey) -> SeasonRef {
    SeasonRef {
        turn: s.turn,
        timeline: s.timeline,
    }
}

pub(super) fn phase(p: Phase) -> PhaseName {
    match p {
        Phase::Movement => PhaseName::Movement,
        Phase::Retreat => PhaseName::Retreat,
        Phase::Adjustment => PhaseName::Adjustment,
    }
}

pub(super) fn unit_type(k: UnitType) -> UnitTypeName {
    match k {
        UnitType::Army => UnitTypeName::Army,
        UnitType::Fleet => UnitTypeName::Fleet,
    }
}

pub(super) fn status(s: Status) -> StatusName {
    match s {
        Status::Succeeds => StatusName::Succeeds,
        Status::Fails => StatusName::Fails,
        Status::Illegal => StatusName::Illegal,
        Status::Pending => StatusName::Pending,
    }
}

pub(super) fn kind(k: OrderKind) -> OrderKindName {
    match k {
        OrderKind::Hold => OrderKindName::Hold,
        OrderKind::Move => OrderKindName::Move,
        OrderKind::SupportHold => OrderKindName::SupportHold,
        OrderKind::SupportMove => OrderKindName::SupportMove,
        OrderKind::Convoy => OrderKindName::Convoy,
        OrderKind::Retreat => OrderKindName::Retreat,
        OrderKind::Disband => OrderKindName::Disband,
        OrderKind::Build => OrderKindName::Build,
        OrderKind::Remove => OrderKindName::Remove,
        OrderKind::Waive => OrderKindName::Waive,
    }
}

/// The name of a season in the calendar (from `first_year`) for a step of `phase`: an adjustment
/// step is the Winter of the year whose Fall it follows (its board is the next Spring's).
pub(crate) fn calendar(s: SeasonKey, phase: Phase, first_year: u32) -> String {
    crate::run::describe::step_season_words(s, phase, false, first_year)
}

/// The distinct calendar names of some seasons, joined: `Spring 1902, Fall 1901`.
pub(super) fn calendars(
    seasons: impl Iterator<Item = SeasonKey>,
    phase: Phase,
    first_year: u32,
) -> String {
    let mut names: Vec<String> = Vec::new();
    for s in seasons {
        let n = calendar(s, phase, first_year);
        if !names.contains(&n) {
            names.push(n);
        }
    }
    names.join(", ")
}
