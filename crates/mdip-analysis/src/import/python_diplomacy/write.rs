//! The writing of the `.mdip` text: every directive and order is a value of the notation
//! ([`crate::notation`]) printed by its one printer.

use std::fmt::Write as _;

use super::{bad_unit, error, location, order_of, power, state_unit, unit, ImportError, Phase};
use crate::notation::{self as n, Directive, ExpectedOutcome, OrderLine, Spelt, Words};

/// The setup: the first phase's position (phase `first` of the game), as `@turn` when it is
/// not the map's first turn, `@unit` and `@owns`.
pub(super) fn write_setup(
    t: &mut String,
    phase: &Phase,
    first: usize,
    turn: u32,
) -> Result<(), ImportError> {
    let state = &phase.state;
    if turn != 0 {
        let _ = writeln!(t, "{}", Directive::Turn(turn));
    }
    let _ = writeln!(t, "# {}", phase.name);
    for (p, units) in &state.units {
        for (j, u) in units.iter().enumerate() {
            let unit = state_unit(u)
                .ok_or_else(|| bad_unit(format!("phases[{first}].state.units.{p}[{j}]"), u))?;
            let power = power(p);
            let _ = writeln!(t, "{}", Directive::Unit { power, unit });
        }
    }
    for (p, centres) in &state.centers {
        let mut names = Vec::new();
        for (j, c) in centres.iter().enumerate() {
            names.push(location(c).ok_or_else(|| {
                error(
                    format!("phases[{first}].state.centers.{p}[{j}]"),
                    format!("`{c}` is no province such as `BUD`"),
                )
            })?);
        }
        if !names.is_empty() {
            let owns = Directive::Owns {
                power: power(p),
                provinces: names,
                season: None,
            };
            let _ = writeln!(t, "{owns}");
        }
    }
    Ok(())
}

/// The keywords as this importer has always written them: `H`, `S`, `C`, `via convoy`,
/// `Disband A x`.
pub(super) const WORDS: Words<'static> = Words {
    hold: "H",
    support: "S",
    convoy: "C",
    via_convoy: "via convoy",
    disband_in_front: true,
    ..Words::CANONICAL
};

/// An order line `Power: order => outcome`, as this importer spells it.
pub(super) fn line(t: &mut String, power: String, order: n::Order, expect: ExpectedOutcome) {
    let l = OrderLine {
        power: Some(power),
        order,
        expect: Some(expect),
    };
    let _ = writeln!(t, "{}", Spelt(&l, &WORDS));
}

/// After a movement phase that dislodged units none of which could retreat, the package goes
/// on to the next phase; mdip plays a retreat step, with nothing to order, in which they are
/// disbanded: it is passed over.
pub(super) fn skipped_retreat(t: &mut String, movement: &Phase) {
    let dislodged: Vec<&String> = movement
        .results
        .iter()
        .filter(|(_, r)| r.words().contains(&"dislodged"))
        .map(|(u, _)| u)
        .collect();
    if dislodged.is_empty() {
        return;
    }
    let _ = writeln!(
        t,
        "\n{}  # no phase in the game: the dislodged units had nowhere to go",
        phase("retreat")
    );
    for u in dislodged {
        disband(t, movement, u);
    }
}

/// `Power: Disband unit => succeeds` for a unit of the results (`A BUD`), its power read from
/// the movement phase's units.
fn disband(t: &mut String, movement: &Phase, u: &str) {
    let owner = movement
        .state
        .units
        .iter()
        .find(|(_, units)| units.iter().any(|x| x.trim_start_matches('*') == u));
    if let (Some((pw, _)), Some(unit)) = (owner, state_unit(u)) {
        let order = n::Order::Disband { unit };
        line(t, power(pw), order, ExpectedOutcome::Succeeds);
    }
}

/// `Disband` for each unit of a retreat phase's results that no order of the phase names,
/// its power read from the movement phase before.
pub(super) fn disband_unordered(t: &mut String, retreat: &Phase, movement: &Phase) {
    let ordered: Vec<String> = retreat
        .orders
        .values()
        .flatten()
        .flatten()
        .filter_map(|o| Some(order_of(o)?.unit()?.to_string().to_ascii_uppercase()))
        .collect();
    for u in retreat.results.keys() {
        if ordered.contains(&u.trim_start_matches('*').to_owned()) {
            continue;
        }
        disband(t, movement, u);
    }
}

/// `@expect unit` for the units standing on the board (not the dislodged ones) and, in a
/// retreat phase, `@expect retreats` for each dislodged unit.
pub(super) fn write_position(
    t: &mut String,
    p: &Phase,
    path: &str,
    dislodged: &[Directive],
) -> Result<(), ImportError> {
    write_units(t, p, path)?;
    // The units the last movement step dislodged (until the next one): exactly those that
    // could retreat (the package lists them); a unit with nowhere to go is disbanded at once.
    for d in dislodged {
        let _ = writeln!(t, "{d}");
    }
    let _ = writeln!(t, "{}", Directive::ExpectDislodgedExceptDisbanded);
    for (pw, units) in &p.state.retreats {
        for (u, places) in units {
            let at = format!("{path}.state.retreats.{pw}.{u}");
            let (k, l) = u.split_once(' ').ok_or_else(|| bad_unit(at.clone(), u))?;
            let unit = unit(k, l.trim()).ok_or_else(|| bad_unit(at.clone(), u))?;
            let mut options = Vec::new();
            for (j, place) in places.iter().enumerate() {
                options.push(n::Place::new(location(place).ok_or_else(|| {
                    error(format!("{at}[{j}]"), format!("`{place}` is no province"))
                })?));
            }
            let d = Directive::ExpectRetreats {
                power: power(pw),
                unit,
                options,
            };
            let _ = writeln!(t, "{d}");
        }
    }
    Ok(())
}

/// The dislodged units of a retreat phase (its `state.retreats`), as `@expect dislodged`; none
/// for another phase.
pub(super) fn retreating(p: &Phase, path: &str) -> Result<Vec<Directive>, ImportError> {
    let mut out = Vec::new();
    for (pw, units) in &p.state.retreats {
        for u in units.keys() {
            let at = format!("{path}.state.retreats.{pw}.{u}");
            let unit = state_unit(u).ok_or_else(|| bad_unit(at, u))?;
            let power = power(pw);
            out.push(Directive::ExpectDislodged { power, unit });
        }
    }
    Ok(out)
}

/// `@expect unit` for each unit standing on the board (not the dislodged ones).
fn write_units(t: &mut String, p: &Phase, path: &str) -> Result<(), ImportError> {
    let mut any = false;
    for (pw, units) in &p.state.units {
        for (j, u) in units.iter().enumerate() {
            if u.starts_with('*') {
                continue;
            }
            let unit = state_unit(u)
                .ok_or_else(|| bad_unit(format!("{path}.state.units.{pw}[{j}]"), u))?;
            let power = power(pw);
            let _ = writeln!(t, "{}", Directive::ExpectUnit { power, unit });
            any = true;
        }
    }
    if !any {
        // No unit stands: say so, or the expectations would check nothing.
        let _ = writeln!(t, "# no unit stands on the board");
    }
    Ok(())
}

/// `@expect owner` for each owned centre.
pub(super) fn write_owners(t: &mut String, p: &Phase, path: &str) -> Result<(), ImportError> {
    for (pw, centres) in &p.state.centers {
        for (j, c) in centres.iter().enumerate() {
            let c = location(c).ok_or_else(|| {
                error(
                    format!("{path}.state.centers.{pw}[{j}]"),
                    format!("`{c}` is no province such as `BUD`"),
                )
            })?;
            let owner = Directive::ExpectOwner {
                province: c,
                power: power(pw),
                season: None,
            };
            let _ = writeln!(t, "{owner}");
        }
    }
    Ok(())
}

/// `@phase WORD`.
pub(super) fn phase(word: &str) -> Directive {
    Directive::Phase {
        phase: word.to_owned(),
        seasons: Vec::new(),
    }
}
