//! The printer of the formatter: the canonical text of one line, from its syntax tree.
//!
//! A printer, like [`crate::render()`], spells each kind of node, so it matches the kinds of
//! orders and directives itself; this and the walk are the places a new kind is printed.

use crate::ast::{PhaseLetter, SeasonName, SeasonWords};
use std::fmt::Write;

use crate::ast::{
    Directive, DirectiveKind, ExpectedOutcome, Line, LineKind, LocRef, Name, Order, OrderLine,
    SeasonLit, UnitKind, UnitRef,
};

use super::CanonicalCoast;

/// A season as `X:Y`, without leading zeros; `None` when a part is missing.
fn season(s: &SeasonLit) -> Option<String> {
    Some(format!("{}:{}", s.turn?, s.timeline?))
}

fn loc(out: &mut String, l: &LocRef, coast: CanonicalCoast<'_>) -> Option<()> {
    out.push_str(&l.province.text);
    if let Some(c) = &l.coast {
        let _ = write!(out, "({})", coast(&c.text).unwrap_or(&c.text));
    }
    if let Some(s) = &l.season {
        out.push(' ');
        out.push_str(&season(s)?);
    }
    Some(())
}

fn unit(out: &mut String, u: &UnitRef, coast: CanonicalCoast<'_>) -> Option<()> {
    match u.kind.map(|k| k.kind) {
        Some(UnitKind::Army) => out.push_str("A "),
        Some(UnitKind::Fleet) => out.push_str("F "),
        None => {}
    }
    loc(out, &u.loc, coast)
}

fn order(out: &mut String, o: &Order, coast: CanonicalCoast<'_>) -> Option<()> {
    match o {
        Order::Hold { unit: u, .. } => {
            unit(out, u, coast)?;
            out.push_str(" Hold");
        }
        Order::Move {
            unit: u,
            dest,
            via_convoy,
            retreat_keyword,
            ..
        } => {
            unit(out, u, coast)?;
            out.push_str(if retreat_keyword.is_some() {
                " Retreat "
            } else {
                " - "
            });
            loc(out, dest, coast)?;
            if via_convoy.is_some() {
                out.push_str(" via Convoy");
            }
        }
        Order::SupportHold {
            unit: u, target, ..
        } => {
            unit(out, u, coast)?;
            out.push_str(" Supports ");
            unit(out, target, coast)?;
        }
        Order::SupportMove {
            unit: u,
            target,
            dest,
            ..
        } => {
            unit(out, u, coast)?;
            out.push_str(" Supports ");
            unit(out, target, coast)?;
            out.push_str(" - ");
            loc(out, dest, coast)?;
        }
        Order::Convoy {
            unit: u,
            army,
            dest,
            ..
        } => {
            unit(out, u, coast)?;
            out.push_str(" Convoys ");
            unit(out, army, coast)?;
            out.push_str(" - ");
            loc(out, dest, coast)?;
        }
        // Without its type the unit is written after the keyword (`Disband gol`): `gol Disband`
        // would lack the type.
        Order::Disband { unit: u, .. } if u.kind.is_none() => {
            out.push_str("Disband ");
            unit(out, u, coast)?;
        }
        Order::Disband { unit: u, .. } => {
            unit(out, u, coast)?;
            out.push_str(" Disband");
        }
        Order::Build { unit: u, .. } => {
            out.push_str("Build ");
            unit(out, u, coast)?;
        }
        Order::Remove { unit: u, .. } => {
            out.push_str("Remove ");
            unit(out, u, coast)?;
        }
        Order::Waive { .. } => out.push_str("Waive"),
        Order::Incomplete(_) => return None,
    }
    Some(())
}

fn order_line(out: &mut String, o: &OrderLine, coast: CanonicalCoast<'_>) -> Option<()> {
    if let Some(p) = &o.power {
        let _ = write!(out, "{}: ", p.text);
    }
    order(out, &o.order, coast)?;
    if let Some(e) = o.expect {
        out.push_str(match e.outcome {
            ExpectedOutcome::Succeeds => " => succeeds",
            ExpectedOutcome::Fails => " => fails",
            ExpectedOutcome::Illegal => " => illegal",
            ExpectedOutcome::Any => " => any",
        });
    }
    Some(())
}

fn directive(out: &mut String, d: &Directive, coast: CanonicalCoast<'_>) -> Option<()> {
    let low = |n: &Name| n.text.to_lowercase();
    let seasons = |l: &[SeasonLit]| -> Option<String> {
        Some(l.iter().map(season).collect::<Option<Vec<_>>>()?.join(" "))
    };
    match &d.kind {
        DirectiveKind::Rules(n) => {
            let words: Vec<&str> = n.text.split_whitespace().collect();
            let _ = write!(out, "@rules {}", words.join(" ").to_lowercase());
        }
        DirectiveKind::Start(n) => {
            let _ = write!(out, "@start {}", low(n));
        }
        DirectiveKind::Map(n) => match n.map_path() {
            Some(path) => {
                let _ = write!(out, "@map \"{path}\"");
            }
            None => {
                let _ = write!(out, "@map {}", low(n));
            }
        },
        DirectiveKind::Unit { power, unit: u } => {
            let _ = write!(out, "@unit {} ", power.text);
            unit(out, u, coast)?;
        }
        DirectiveKind::Owns {
            power,
            provinces,
            season: s,
        } => {
            if provinces.len() == 1 && provinces[0].text.contains(' ') {
                return None;
            }
            let names: Vec<&str> = provinces.iter().map(|p| p.text.as_str()).collect();
            let _ = write!(out, "@owns {} {}", power.text, names.join(", "));
            if let Some(s) = s {
                let _ = write!(out, " {}", season(s)?);
            }
        }
        DirectiveKind::Phase { phase, seasons: l } => {
            let _ = write!(out, "@phase {}", low(phase));
            if !l.is_empty() {
                let _ = write!(out, " {}", seasons(l)?);
            }
        }
        DirectiveKind::Season {
            season: s, from, ..
        } => {
            let _ = write!(out, "@season {}", season(s)?);
            if let Some(f) = from {
                let _ = write!(out, " from {}", season(f)?);
            }
        }
        DirectiveKind::Record(line) => {
            out.push_str("@record ");
            order_line(out, line, coast)?;
        }
        DirectiveKind::Turn(n) => {
            let _ = write!(out, "@turn {}", n.value?);
        }
        DirectiveKind::Game(n) => {
            out.push_str("@game");
            if let Some(n) = n {
                let _ = write!(out, " {}", n.text);
            }
        }
        DirectiveKind::ExpectUnit { power, unit: u } => {
            let _ = write!(out, "@expect unit {} ", power.text);
            unit(out, u, coast)?;
        }
        DirectiveKind::ExpectHas { power, unit: u } => {
            out.push_str("@expect has ");
            if let Some(p) = power {
                let _ = write!(out, "{} ", p.text);
            }
            unit(out, u, coast)?;
        }
        DirectiveKind::ExpectDislodged { power, unit: u } => {
            let _ = write!(out, "@expect dislodged {} ", power.text);
            unit(out, u, coast)?;
        }
        DirectiveKind::Dislodged {
            power,
            unit: u,
            from,
            by_convoy,
        } => {
            let _ = write!(out, "@dislodged {} ", power.text);
            unit(out, u, coast)?;
            if let Some(from) = from {
                out.push_str(" from ");
                loc(out, from, coast)?;
            }
            if by_convoy.is_some() {
                out.push_str(" by convoy");
            }
        }
        DirectiveKind::Standoff(provinces) => {
            if provinces.len() == 1 && provinces[0].text.contains(' ') {
                return None;
            }
            let names: Vec<&str> = provinces.iter().map(|p| p.text.as_str()).collect();
            let _ = write!(out, "@standoff {}", names.join(", "));
        }
        DirectiveKind::ExpectRetreats {
            power,
            unit: u,
            options,
        } => {
            let _ = write!(out, "@expect retreats {} ", power.text);
            unit(out, u, coast)?;
            out.push(':');
            if options.is_empty() {
                out.push_str(" none");
            }
            for (i, o) in options.iter().enumerate() {
                out.push_str(if i == 0 { " " } else { ", " });
                loc(out, o, coast)?;
            }
        }
        DirectiveKind::ExpectEmpty(s) => {
            let _ = write!(out, "@expect empty {}", season(s)?);
        }
        DirectiveKind::ExpectSeasons(l) => {
            let _ = write!(out, "@expect seasons {}", seasons(l)?);
        }
        DirectiveKind::ExpectTimelines(l) => {
            let nums = l
                .iter()
                .map(|n| n.value.map(|v| v.to_string()))
                .collect::<Option<Vec<_>>>()?;
            let _ = write!(out, "@expect timelines {}", nums.join(" "));
        }
        DirectiveKind::ExpectHeads(l) => {
            let _ = write!(out, "@expect heads {}", seasons(l)?);
        }
        DirectiveKind::ExpectOwner {
            province,
            power,
            season: s,
        } => {
            let _ = write!(out, "@expect owner {} {}", province.text, power.text);
            if let Some(s) = s {
                let _ = write!(out, " {}", season(s)?);
            }
        }
        DirectiveKind::ExpectDislodgedExceptDisbanded => {
            out.push_str("@expect dislodged except disbanded");
        }
        DirectiveKind::ExpectWinner(n) => {
            let _ = write!(out, "@expect winner {}", n.text);
        }
        DirectiveKind::ExpectDiagnostic { severity, code } => {
            let _ = write!(
                out,
                "@expect {} {}",
                low(severity),
                code.text.to_uppercase()
            );
        }
        DirectiveKind::Unknown => return None,
    }
    Some(())
}

/// The canonical text of a line (without its line break), or `None` to keep it as it is.
pub(super) fn canonical_line(text: &str, line: &Line, coast: CanonicalCoast<'_>) -> Option<String> {
    let mut out = String::new();
    match &line.kind {
        LineKind::Blank => {}
        LineKind::Comment => {}
        LineKind::Header(h) => {
            if let Some(power) = &h.power {
                out.push_str(&power.text);
            }
            match (&h.season, &h.words) {
                (Some(s), _) => {
                    out.push(' ');
                    out.push_str(&season(s)?);
                }
                (None, Some(w)) => {
                    if h.power.is_some() {
                        out.push(' ');
                    }
                    out.push_str(&season_words(w)?);
                }
                (None, None) => out.push(':'),
            }
        }
        LineKind::Order(o) => order_line(&mut out, o, coast)?,
        LineKind::Directive(d) => directive(&mut out, d, coast)?,
        LineKind::Error => return None,
    }
    if let Some(c) = line.comment {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(text[c.range()].trim_end_matches([' ', '\t']));
    }
    Some(out)
}

/// `Spring 1901`, `Fall 1901` (for `Autumn` too), `Winter 1901`; the compact form in capitals
/// (`S1901M`, `W1901A` for `W1901B`).
fn season_words(w: &SeasonWords) -> Option<String> {
    let year = w.year?;
    Some(match w.phase {
        None => {
            let name = match w.season {
                SeasonName::Spring => "Spring",
                SeasonName::Fall => "Fall",
                SeasonName::Winter => "Winter",
            };
            format!("{name} {year}")
        }
        Some(phase) => {
            let s = match w.season {
                SeasonName::Spring => 'S',
                SeasonName::Fall => 'F',
                SeasonName::Winter => 'W',
            };
            let p = match phase {
                PhaseLetter::Movement => 'M',
                PhaseLetter::Retreat => 'R',
                PhaseLetter::Adjustment => 'A',
            };
            format!("{s}{year}{p}")
        }
    })
}
