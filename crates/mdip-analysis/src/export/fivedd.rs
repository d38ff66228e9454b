//! The orders of a file's step in progress as the 5D Diplomacy game's order submission
//! (`OrderSubmissionRequest`, the body of its server's `POST game/{id}/orders`), read off the
//! file's typed report ([`FileReport`]), never off its text.
//!
//! The step in progress is the file's last step when nothing closed it before the end of the
//! file (its orders are those after the last `@phase` or step-closing line); when it is a
//! movement step that the adjustments of other heads preceded (a Winter board played beside
//! the other timelines' movement), those adjustments too: the game does both in one iteration. Each order becomes
//! one of the game's orders, `"$type"` first (the game's JSON reader wants it there):
//!
//! | mdip | game |
//! |---|---|
//! | hold | `Hold`, status `New` |
//! | move | `Move` with `destination` |
//! | support to hold / to move | `Support`, `supportLocation` the supported unit, `destination` where it holds or goes |
//! | convoy | `Convoy`, `convoyLocation` the army, `destination` where it goes |
//! | retreat / disband in a retreat phase | `Move` / `Disband`, status `RetreatNew`, the unit with `mustRetreat` |
//! | build / remove | `Build` / `Disband` on the Winter board (an army's region without its coast) |
//!
//! Seasons become boards: `X:Y` is timeline `Y + 1`, year `1901 + X / 2`, Spring for even `X`,
//! Fall for odd; in an adjustment step the board is the Winter before season `X`. Orders mdip
//! found illegal are exported as written (the game judges them itself) and named in
//! [`Export::warnings`]; a `Waive` (the game has none: a build is simply not ordered) and lines
//! the analysis could not read are left out, also with a warning.

use serde::Serialize;

use crate::import::fivedd::game_region;
use crate::report::{
    FileReport, OrderKindName, OrderReport, PhaseName, SeasonRef, SeverityName, StatusName,
    UnitTypeName,
};

/// The game's powers, in the order of its `Nation` enum.
pub const NATIONS: [&str; 7] = [
    "England", "Germany", "Russia", "Turkey", "Austria", "Italy", "France",
];

/// The body of the game's `POST game/{id}/orders`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OrderSubmission {
    /// The powers submitting.
    pub players: Vec<&'static str>,
    /// Their orders.
    pub orders: Vec<GameOrder>,
}

/// One order as the game's JSON writes it: the kind in `"$type"`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "$type", rename_all_fields = "camelCase")]
#[allow(missing_docs)]
pub enum GameOrder {
    /// A hold.
    Hold {
        status: GameStatus,
        unit: GameUnit,
        location: GameLocation,
    },
    /// A move or a retreat.
    Move {
        status: GameStatus,
        unit: GameUnit,
        location: GameLocation,
        destination: GameLocation,
    },
    /// A support: `supportLocation` is the supported unit; `destination` equals it for a
    /// support to hold.
    Support {
        status: GameStatus,
        unit: GameUnit,
        location: GameLocation,
        support_location: GameLocation,
        destination: GameLocation,
    },
    /// A convoy: `convoyLocation` is the army.
    Convoy {
        status: GameStatus,
        unit: GameUnit,
        location: GameLocation,
        convoy_location: GameLocation,
        destination: GameLocation,
    },
    /// A build.
    Build {
        status: GameStatus,
        unit: GameUnit,
        location: GameLocation,
    },
    /// A removal, or a disband in a retreat phase.
    Disband {
        status: GameStatus,
        unit: GameUnit,
        location: GameLocation,
    },
}

/// The status of a new order: `New`, or `RetreatNew` in a retreat phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum GameStatus {
    /// A movement or adjustment order.
    New,
    /// A retreat or a disband of a dislodged unit.
    RetreatNew,
}

/// The game's unit: owner, `Army`/`Fleet`, whether it must retreat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GameUnit {
    /// The power.
    pub owner: &'static str,
    /// `Army` or `Fleet`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// A dislodged unit waiting to retreat.
    pub must_retreat: bool,
}

/// A place on one of the game's boards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameLocation {
    /// From 1.
    pub timeline: u32,
    /// From 1901.
    pub year: u32,
    /// `Spring`, `Fall` or `Winter`.
    pub phase: &'static str,
    /// The game's region id: `Lon`, `NTH`, `Spa_S`.
    pub region: &'static str,
}

/// The submission and what could not be exported as it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Export {
    /// The request body.
    pub request: OrderSubmission,
    /// Orders exported though mdip found them illegal, and orders left out: one sentence each,
    /// naming the line.
    pub warnings: Vec<String>,
}

/// Why nothing could be exported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportError(pub String);

impl std::fmt::Display for ExportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ExportError {}

/// The game's name of a power (`england` → `England`), or `None` for a power it does not have.
pub fn nation(name: &str) -> Option<&'static str> {
    NATIONS
        .iter()
        .copied()
        .find(|n| n.eq_ignore_ascii_case(name.trim()))
}

/// The codes of errors in the setup of a file: a directive word unknown, setup after the
/// game started, a unit placed where it cannot stand, a phase that does not come next, a
/// season that cannot be set up, a record that cannot be stored.
const SETUP_CODES: [&str; 6] = ["E0205", "E0316", "E0317", "E0321", "E0322", "E0323"];

/// Whether the file establishes the boards its orders are on: no error (that the file does not
/// expect) in a directive that sets up the game (`@turn`, `@phase`, `@season`, `@unit`, ...;
/// `@expect` lines excepted), which would leave the orders on another board than the one the
/// file means (`@turn 4x` is read as no `@turn`, and its orders as Spring 1901's).
///
/// # Errors
/// The first such error, naming its line: nothing is to be exported then.
pub fn established(text: &str, report: &FileReport) -> Result<(), ExportError> {
    let mut errors = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == SeverityName::Error && !d.expected)
        .peekable();
    if errors.peek().is_none() {
        return Ok(());
    }
    let lines: Vec<&str> = crate::import::jdip::lines(text).collect();
    for d in errors {
        let n = d.range.start.line;
        let line = n
            .checked_sub(1)
            .and_then(|i| lines.get(i))
            .copied()
            .unwrap_or("");
        let directive = line.trim_start().starts_with('@')
            && !line.trim_start()[1..]
                .to_ascii_lowercase()
                .starts_with("expect");
        if directive || SETUP_CODES.contains(&d.code) {
            return Err(ExportError(format!(
                "line {n}: `{}`: {} ({}): the file does not establish the boards its orders are \
                 on; correct it before exporting",
                line.trim(),
                d.message,
                d.code
            )));
        }
    }
    Ok(())
}

/// Exports the orders of the step in progress of a file analysed under `rules` (the words
/// `@rules` writes: `5dd`, `5dd strict`, `5dd winters global`, ...). `players`: the powers to submit for (default:
/// those with orders).
///
/// # Errors
/// The file's rules are not one of the 5D game's rule sets (`5dd` or `5dd strict`, however the
/// words name them: any other rule set's seasons are not the game's boards), or a player is no
/// power of the game.
pub fn export(
    report: &FileReport,
    rules: &str,
    players: Option<&[String]>,
) -> Result<Export, ExportError> {
    // The 5D game's rule sets as the rule table defines them (loose or strict adjacencies),
    // however the words name them.
    let fivedd = mdip_judge::Rules::parse(rules).is_ok_and(|r| {
        r == mdip_judge::Rules::fivedd(false) || r == mdip_judge::Rules::fivedd(true)
    });
    if !fivedd {
        return Err(ExportError(format!(
            "the file is played under `@rules {rules}`: only a file with `@rules 5dd` (or `5dd strict`) is a 5D Diplomacy game"
        )));
    }
    let mut warnings = Vec::new();
    let (indices, after) = current_orders(report);
    let mut orders = Vec::new();
    let mut powers: Vec<&'static str> = Vec::new();
    // Every order of the step in progress is exported or named in a warning.
    let mut handled = vec![false; report.orders.len()];
    if !indices.is_empty() {
        for (i, phase) in indices {
            let Some(o) = report.orders.get(i) else {
                continue;
            };
            handled[i] = true;
            match convert(report, o, phase) {
                Ok(Some(order)) => {
                    if o.outcome.status == StatusName::Illegal {
                        warnings.push(format!(
                            "line {}: `{}` is exported though mdip finds it illegal: {}",
                            o.line, o.text, o.outcome.sentence
                        ));
                    }
                    if let Some(p) = o.power.and_then(nation) {
                        if !powers.contains(&p) {
                            powers.push(p);
                        }
                    }
                    orders.push(order);
                }
                Ok(None) => {}
                Err(why) => {
                    warnings.push(format!("line {}: `{}` is left out: {why}", o.line, o.text))
                }
            }
        }
    } else {
        warnings.push("no orders in the step in progress (after the last step closed)".to_owned());
    }
    // Orders under an unknown power or cut short never reach a step, nor do orders mdip found
    // illegal before the judge saw them (an unknown province, a season that does not exist):
    // each is named. Its power still submits (its units hold).
    for (o, handled) in report.orders.iter().zip(&mut handled) {
        let current = o.line > after;
        if *handled || !(current || o.outcome.status == StatusName::NotAdjudicated) {
            continue;
        }
        *handled = true;
        warnings.push(format!(
            "line {}: `{}` is left out: {}",
            o.line, o.text, o.outcome.sentence
        ));
        if let Some(p) = o.power.and_then(nation).filter(|_| current) {
            if !powers.contains(&p) {
                powers.push(p);
            }
        }
    }
    let players = match players {
        Some(list) => {
            let mut named = Vec::new();
            for p in list.iter().flat_map(|p| p.split(',')) {
                let Some(n) = nation(p) else {
                    return Err(ExportError(format!(
                        "`{}` is no power of the game (England, Germany, Russia, Turkey, Austria, Italy, France)",
                        p.trim()
                    )));
                };
                if !named.contains(&n) {
                    named.push(n);
                }
            }
            named
        }
        None => NATIONS
            .iter()
            .copied()
            .filter(|n| powers.contains(n))
            .collect(),
    };
    if players.is_empty() {
        warnings.push(
            "no players: the game's server refuses a submission without them (give --players)"
                .to_owned(),
        );
    }
    Ok(Export {
        request: OrderSubmission { players, orders },
        warnings,
    })
}

/// The orders of the game's iteration in progress, each with its step's phase: the step the
/// end of the file closed (else the orders still waiting for theirs), and, when that is a
/// movement step, the adjustment step just before it if the two share no season: under
/// `@rules 5dd` a Winter board is played beside the other timelines' movement (the movement
/// order closes the adjustment step and the adjusted heads rest), which the game does in one
/// iteration.
///
/// Also the line after which the orders are the step in progress's: every order after it is
/// exported or named.
fn current_orders(report: &FileReport) -> (Vec<(usize, PhaseName)>, usize) {
    let steps = &report.steps;
    let closed =
        |s: &[crate::report::StepReport]| s.iter().filter_map(|s| s.closed_at).max().unwrap_or(0);
    let Some(last) = steps
        .last()
        .filter(|s| s.closed_at.is_none() && !s.orders.is_empty())
    else {
        let pending = (0..report.orders.len())
            .filter(|&i| report.orders[i].outcome.status == StatusName::Pending)
            .map(|i| (i, report.phase))
            .collect();
        return (pending, closed(steps));
    };
    let mut out = Vec::new();
    let mut after = closed(steps);
    if let [earlier @ .., before, _] = steps.as_slice() {
        if last.phase == PhaseName::Movement
            && before.phase == PhaseName::Adjustment
            && before.seasons.iter().all(|s| !last.seasons.contains(s))
        {
            out.extend(before.orders.iter().map(|&i| (i, before.phase)));
            after = closed(earlier);
        }
    }
    out.extend(last.orders.iter().map(|&i| (i, last.phase)));
    (out, after)
}

/// The board of a season: in an adjustment step, the Winter before it.
fn location(location: &str, season: SeasonRef, phase: PhaseName) -> Result<GameLocation, String> {
    let region =
        game_region(location).ok_or_else(|| format!("`{location}` is no region of the game"))?;
    let timeline = season.timeline + 1;
    let (year, name) = if phase == PhaseName::Adjustment {
        if season.turn < 2 || !season.turn.is_multiple_of(2) {
            return Err(format!(
                "season {}:{} follows no Winter",
                season.turn, season.timeline
            ));
        }
        (1901 + season.turn / 2 - 1, "Winter")
    } else if season.turn.is_multiple_of(2) {
        (1901 + season.turn / 2, "Spring")
    } else {
        (1901 + season.turn / 2, "Fall")
    };
    Ok(GameLocation {
        timeline,
        year,
        phase: name,
        region,
    })
}

/// The type of the ordered unit: as written, else as it stands on its season's board.
fn unit_type(report: &FileReport, o: &OrderReport) -> Option<UnitTypeName> {
    let unit = o.unit.as_ref()?;
    unit.kind.or_else(|| {
        let season = report.seasons.iter().find(|s| s.season == unit.season)?;
        season
            .powers
            .iter()
            .flat_map(|p| &p.units)
            .find(|u| u.location == unit.location)
            .map(|u| u.kind)
    })
}

/// One order of the step; `Ok(None)` for an order the game has no form of (a waive).
fn convert(
    report: &FileReport,
    o: &OrderReport,
    phase: PhaseName,
) -> Result<Option<GameOrder>, String> {
    if o.kind == OrderKindName::Waive {
        return Err("the game has no waive: a build not ordered is not used".to_owned());
    }
    if o.kind == OrderKindName::Unknown {
        return Err(o.outcome.sentence.clone());
    }
    let unit = o.unit.as_ref().ok_or("no unit")?;
    let owner = o
        .power
        .or(unit.power)
        .and_then(nation)
        .ok_or("no power of the game")?;
    let kind = unit_type(report, o).ok_or("the unit's type is not known")?;
    // A retreat or a disband of a dislodged unit; any other order in a retreat step is a
    // movement order mdip finds illegal there, exported as one.
    let retreat = matches!(o.kind, OrderKindName::Retreat | OrderKindName::Disband);
    let status = if retreat {
        GameStatus::RetreatNew
    } else {
        GameStatus::New
    };
    let game_unit = GameUnit {
        owner,
        kind: match kind {
            UnitTypeName::Army => "Army",
            UnitTypeName::Fleet => "Fleet",
        },
        must_retreat: retreat,
    };
    let mut at = location(&unit.location, unit.season, phase)?;
    if o.kind == OrderKindName::Build && kind == UnitTypeName::Army {
        // The game's client builds an army in the province, never on a coast.
        at.region =
            game_region(unit.location.split('/').next().unwrap_or_default()).unwrap_or(at.region);
    }
    let destination = || -> Result<GameLocation, String> {
        let d = o.target.destination.as_ref().ok_or("no destination")?;
        location(&d.location, d.season, phase)
    };
    let helped = || -> Result<GameLocation, String> {
        let u = o
            .target
            .unit
            .as_ref()
            .ok_or("no supported or convoyed unit")?;
        location(&u.location, u.season, phase)
    };
    Ok(Some(match o.kind {
        OrderKindName::Hold => GameOrder::Hold {
            status,
            unit: game_unit,
            location: at,
        },
        OrderKindName::Move | OrderKindName::Retreat => GameOrder::Move {
            status,
            unit: game_unit,
            location: at,
            destination: destination()?,
        },
        OrderKindName::SupportHold => {
            let held = helped()?;
            GameOrder::Support {
                status,
                unit: game_unit,
                location: at,
                support_location: held.clone(),
                destination: held,
            }
        }
        OrderKindName::SupportMove => GameOrder::Support {
            status,
            unit: game_unit,
            location: at,
            support_location: helped()?,
            destination: destination()?,
        },
        OrderKindName::Convoy => GameOrder::Convoy {
            status,
            unit: game_unit,
            location: at,
            convoy_location: helped()?,
            destination: destination()?,
        },
        OrderKindName::Build => GameOrder::Build {
            status,
            unit: game_unit,
            location: at,
        },
        OrderKindName::Disband | OrderKindName::Remove => GameOrder::Disband {
            status,
            unit: game_unit,
            location: at,
        },
        OrderKindName::Waive | OrderKindName::Unknown => return Ok(None),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seasons_become_boards() {
        let s = |turn, timeline| SeasonRef { turn, timeline };
        let l = location("spa/sc", s(3, 2), PhaseName::Movement).unwrap();
        assert_eq!(
            (l.timeline, l.year, l.phase, l.region),
            (3, 1902, "Fall", "Spa_S")
        );
        let l = location("lon", s(2, 0), PhaseName::Adjustment).unwrap();
        assert_eq!(
            (l.timeline, l.year, l.phase, l.region),
            (1, 1901, "Winter", "Lon")
        );
        assert!(location("lon", s(0, 0), PhaseName::Adjustment).is_err());
        assert_eq!(nation(" france"), Some("France"));
        assert_eq!(nation("Spain"), None);
    }
}
