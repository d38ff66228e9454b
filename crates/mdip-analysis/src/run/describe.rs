//! The one notation printer of a run: how units, locations, seasons and the heads of the game
//! are written in reasons, notes and diagnostics, so that a unit is spelt the same way
//! everywhere in one analysis.

use mdip_judge::world::{SeasonKey, World};
use mdip_map::{Location, Map, UnitType};

/// "A Munich" or, in a multiversal game, "A Munich 1:0".
pub(crate) fn unit(
    map: &Map,
    kind: UnitType,
    loc: Location,
    season: SeasonKey,
    multiversal: bool,
) -> String {
    if multiversal {
        format!("{} {} {}", kind.letter(), map.location_name(loc), season)
    } else {
        format!("{} {}", kind.letter(), map.location_name(loc))
    }
}

/// The heads of the game, for messages: "2:0, 1:1".
pub(crate) fn heads(world: &World) -> String {
    world
        .heads()
        .iter()
        .map(|h| h.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
