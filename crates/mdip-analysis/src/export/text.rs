//! The orders of a file's step in progress as text to paste into a chat, in the notation of
//! the widely used fork of the 5D Diplomacy game (read back by
//! [`crate::import::notation`]): `England: T1 S01 F Lon -> T1 S01 NTH, T1 S01 A Lvp H;
//! France: T1 S01 A Par -> T1 S01 Bur; `. The orders are those `mdip export 5dd` submits (the
//! same step, the same boards: a place is `T<timeline> <S|F|W><yy> <region>`, the game's
//! timeline from 1 and region ids), written power by power in the game's order of nations.

use std::fmt::Write;

use super::fivedd::{self, Export, ExportError, GameLocation, GameOrder, GameUnit, NATIONS};
use crate::report::FileReport;

/// The text of the orders of the step in progress, and what could not be written as it is
/// (as `mdip export 5dd` warns). Any rule set: the fork names the game's boards, which are the
/// seasons of any multiversal file.
///
/// # Errors
/// Never for a report (kept for the shape of the exporters).
pub fn export(report: &FileReport) -> Result<(String, Vec<String>), ExportError> {
    let Export { request, warnings } = fivedd::export(report, "5dd", None)?;
    let mut text = String::new();
    for nation in NATIONS {
        let mine: Vec<String> = request
            .orders
            .iter()
            .filter(|o| unit(o).owner == nation)
            .map(order_text)
            .collect();
        if !mine.is_empty() {
            let _ = write!(text, "{nation}: {}; ", mine.join(", "));
        }
    }
    let text = text.trim_end().to_owned();
    Ok((if text.is_empty() { text } else { text + "\n" }, warnings))
}

fn unit(o: &GameOrder) -> &GameUnit {
    match o {
        GameOrder::Hold { unit, .. }
        | GameOrder::Move { unit, .. }
        | GameOrder::Support { unit, .. }
        | GameOrder::Convoy { unit, .. }
        | GameOrder::Build { unit, .. }
        | GameOrder::Disband { unit, .. } => unit,
    }
}

/// `T1 S01 Lon`.
fn place(l: &GameLocation) -> String {
    let phase = l.phase.chars().next().unwrap_or('S');
    format!("T{} {phase}{:02} {}", l.timeline, l.year % 100, l.region)
}

/// `T1 S01 F Lon`: the place with the unit's type before the region.
fn unit_place(u: &GameUnit, l: &GameLocation) -> String {
    let phase = l.phase.chars().next().unwrap_or('S');
    let kind = u.kind.chars().next().unwrap_or('A');
    format!(
        "T{} {phase}{:02} {kind} {}",
        l.timeline,
        l.year % 100,
        l.region
    )
}

fn order_text(o: &GameOrder) -> String {
    match o {
        GameOrder::Hold { unit, location, .. } => format!("{} H", unit_place(unit, location)),
        GameOrder::Move {
            unit,
            location,
            destination,
            ..
        } => format!("{} -> {}", unit_place(unit, location), place(destination)),
        GameOrder::Support {
            unit,
            location,
            support_location,
            destination,
            ..
        } if support_location == destination => {
            format!(
                "{} S {} H",
                unit_place(unit, location),
                place(support_location)
            )
        }
        GameOrder::Support {
            unit,
            location,
            support_location,
            destination,
            ..
        } => format!(
            "{} S {} -> {}",
            unit_place(unit, location),
            place(support_location),
            place(destination)
        ),
        GameOrder::Convoy {
            unit,
            location,
            convoy_location,
            destination,
            ..
        } => format!(
            "{} C {} -> {}",
            unit_place(unit, location),
            place(convoy_location),
            place(destination)
        ),
        GameOrder::Build { unit, location, .. } => unit_place(unit, location),
        GameOrder::Disband { unit, location, .. } => format!("{} D", unit_place(unit, location)),
    }
}
