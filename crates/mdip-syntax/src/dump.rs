//! A compact, readable text form of a parse, for tests and debugging.
//!
//! [`dump`] prints one line per source line, then one line per error. Units print as
//! `(A "Munich" 1:0)`, locations as `"Spain"(nc) 1:1`, a missing season part as `?`. The format
//! is meant for people reading test expectations; it is stable enough for snapshot tests but is
//! no interchange format.

use std::fmt::Write;

use crate::ast::{
    Directive, DirectiveKind, IncompleteOrder, LineKind, LocRef, Name, NumberLit, Order, OrderLine,
    OrderOp, SeasonLit, UnitKind, UnitRef,
};
use crate::parser::Parse;
use crate::span::Span;

/// Renders a parse: one line per source line (`blank`, `comment`, `(header ...)`, an order,
/// `(@directive ...)` or `error`), then `! E0106 3..4 message` per error.
#[must_use]
pub fn dump(parse: &Parse) -> String {
    let mut out = String::new();
    for line in &parse.file.lines {
        match &line.kind {
            LineKind::Blank => out.push_str("blank"),
            LineKind::Comment => out.push_str("comment"),
            LineKind::Error => out.push_str("error"),
            LineKind::Header(header) => {
                out.push_str("(header");
                if let Some(power) = &header.power {
                    out.push(' ');
                    name(&mut out, power);
                }
                if let Some(s) = header.season {
                    out.push(' ');
                    season(&mut out, s);
                }
                if let Some(w) = header.words {
                    let year = w.year.map_or_else(|| "?".to_owned(), |y| y.to_string());
                    let _ = write!(out, " {:?} {year}", w.season);
                    if let Some(p) = w.phase {
                        let _ = write!(out, " {p:?}");
                    }
                }
                if header.colon.is_some() {
                    out.push_str(" :");
                }
                out.push(')');
            }
            LineKind::Order(order) => order_line(&mut out, order),
            LineKind::Directive(directive) => dump_directive(&mut out, directive),
        }
        out.push('\n');
    }
    for error in &parse.errors {
        let _ = writeln!(
            out,
            "! {} {} {}",
            error.code,
            span(error.span),
            error.message
        );
    }
    out
}

fn span(span: Span) -> String {
    format!("{}..{}", span.start, span.end)
}

fn name(out: &mut String, name: &Name) {
    let _ = write!(out, "{:?}", name.text);
}

fn season(out: &mut String, season: SeasonLit) {
    let part = |p: Option<u32>| p.map_or_else(|| "?".to_owned(), |v| v.to_string());
    let _ = write!(out, "{}:{}", part(season.turn), part(season.timeline));
}

fn number(out: &mut String, number: NumberLit) {
    match number.value {
        Some(value) => {
            let _ = write!(out, "{value}");
        }
        None => out.push('?'),
    }
}

fn loc(out: &mut String, loc: &LocRef) {
    name(out, &loc.province);
    if let Some(coast) = &loc.coast {
        let _ = write!(out, "({})", coast.text);
    }
    if let Some(s) = loc.season {
        out.push(' ');
        season(out, s);
    }
}

fn unit(out: &mut String, unit: &UnitRef) {
    out.push('(');
    match unit.kind.map(|k| k.kind) {
        Some(UnitKind::Army) => out.push_str("A "),
        Some(UnitKind::Fleet) => out.push_str("F "),
        None => out.push_str("? "),
    }
    loc(out, &unit.loc);
    out.push(')');
}

fn order_line(out: &mut String, line: &OrderLine) {
    if let Some(power) = &line.power {
        out.push('[');
        name(out, power);
        out.push_str("] ");
    }
    order(out, &line.order);
    if line.shorthand.is_some() {
        out.push_str(" shorthand");
    }
    if let Some(expect) = line.expect {
        out.push_str(" => ");
        out.push_str(expect.outcome.word());
    }
}

fn order(out: &mut String, order: &Order) {
    match order {
        Order::Hold { unit: u, .. } => {
            out.push_str("(hold ");
            unit(out, u);
        }
        Order::Move {
            unit: u,
            dest,
            via_convoy,
            retreat_keyword,
            ..
        } => {
            out.push_str(if retreat_keyword.is_some() {
                "(retreat "
            } else {
                "(move "
            });
            unit(out, u);
            out.push_str(" -> ");
            loc(out, dest);
            if via_convoy.is_some() {
                out.push_str(" via-convoy");
            }
        }
        Order::SupportHold {
            unit: u, target, ..
        } => {
            out.push_str("(support ");
            unit(out, u);
            out.push(' ');
            unit(out, target);
        }
        Order::SupportMove {
            unit: u,
            target,
            dest,
            ..
        } => {
            out.push_str("(support ");
            unit(out, u);
            out.push(' ');
            unit(out, target);
            out.push_str(" -> ");
            loc(out, dest);
        }
        Order::Convoy {
            unit: u,
            army,
            dest,
            ..
        } => {
            out.push_str("(convoy ");
            unit(out, u);
            out.push(' ');
            unit(out, army);
            out.push_str(" -> ");
            loc(out, dest);
        }
        Order::Disband { unit: u, .. } => {
            out.push_str("(disband ");
            unit(out, u);
        }
        Order::Build { unit: u, .. } => {
            out.push_str("(build ");
            unit(out, u);
        }
        Order::Remove { unit: u, .. } => {
            out.push_str("(remove ");
            unit(out, u);
        }
        Order::Waive { .. } => out.push_str("(waive"),
        Order::Incomplete(incomplete) => dump_incomplete(out, incomplete),
    }
    out.push(')');
}

fn dump_incomplete(out: &mut String, order: &IncompleteOrder) {
    let _ = write!(out, "(incomplete {:?}", order.expected);
    if let Some(op) = order.op {
        let op = match op.op {
            OrderOp::Move => "move",
            OrderOp::Retreat => "retreat",
            OrderOp::Support => "support",
            OrderOp::Convoy => "convoy",
            OrderOp::Disband => "disband",
            OrderOp::Build => "build",
            OrderOp::Remove => "remove",
        };
        let _ = write!(out, " op={op}");
    }
    if let Some(u) = &order.unit {
        out.push_str(" unit=");
        unit(out, u);
    }
    if let Some(t) = &order.target {
        out.push_str(" target=");
        unit(out, t);
    }
    if let Some(d) = &order.dest {
        out.push_str(" dest=");
        loc(out, d);
    }
    if let Some(kind) = order.dangling_kind {
        out.push_str(match kind.kind {
            UnitKind::Army => " kind=A",
            UnitKind::Fleet => " kind=F",
        });
    }
    if let Some(l) = &order.partial_loc {
        out.push_str(" loc=");
        loc(out, l);
    }
    let _ = write!(out, " at={}", span(order.at));
}

fn dump_directive(out: &mut String, directive: &Directive) {
    let _ = write!(out, "(@{}", directive.name.text.to_ascii_lowercase());
    if let Some(sub) = &directive.sub {
        let _ = write!(out, " {}", sub.text.to_ascii_lowercase());
    }
    match &directive.kind {
        DirectiveKind::Rules(n)
        | DirectiveKind::Start(n)
        | DirectiveKind::Map(n)
        | DirectiveKind::ExpectWinner(n) => and_name(out, n),
        DirectiveKind::Phase { phase, seasons } => {
            and_name(out, phase);
            seasons.iter().for_each(|s| and_season(out, *s));
        }
        DirectiveKind::Season {
            season: s,
            from_keyword: _,
            from,
        } => {
            and_season(out, *s);
            if let Some(f) = from {
                out.push_str(" from ");
                season(out, *f);
            }
        }
        DirectiveKind::Record(line) => {
            out.push(' ');
            order_line(out, line);
        }
        DirectiveKind::ExpectDislodgedExceptDisbanded => out.push_str(" except disbanded"),
        DirectiveKind::Turn(n) => and_number(out, *n),
        DirectiveKind::Game(n) => n.iter().for_each(|n| and_name(out, n)),
        DirectiveKind::Unit { power, unit: u }
        | DirectiveKind::ExpectUnit { power, unit: u }
        | DirectiveKind::ExpectDislodged { power, unit: u } => {
            and_name(out, power);
            and_unit(out, u);
        }
        DirectiveKind::ExpectHas { power, unit: u } => {
            power.iter().for_each(|p| and_name(out, p));
            and_unit(out, u);
        }
        DirectiveKind::Owns {
            power,
            provinces,
            season: s,
        } => {
            and_name(out, power);
            provinces.iter().for_each(|p| and_name(out, p));
            s.iter().for_each(|s| and_season(out, *s));
        }
        DirectiveKind::Dislodged {
            power,
            unit: u,
            from,
            by_convoy,
        } => {
            and_name(out, power);
            and_unit(out, u);
            if let Some(from) = from {
                out.push_str(" from ");
                loc(out, from);
            }
            if by_convoy.is_some() {
                out.push_str(" by-convoy");
            }
        }
        DirectiveKind::Standoff(provinces) => provinces.iter().for_each(|p| and_name(out, p)),
        DirectiveKind::ExpectRetreats {
            power,
            unit: u,
            options,
        } => {
            and_name(out, power);
            and_unit(out, u);
            out.push_str(" :");
            if options.is_empty() {
                out.push_str(" none");
            }
            for o in options {
                out.push(' ');
                loc(out, o);
            }
        }
        DirectiveKind::ExpectEmpty(s) => and_season(out, *s),
        DirectiveKind::ExpectSeasons(list) | DirectiveKind::ExpectHeads(list) => {
            list.iter().for_each(|s| and_season(out, *s));
        }
        DirectiveKind::ExpectTimelines(list) => list.iter().for_each(|n| and_number(out, *n)),
        DirectiveKind::ExpectOwner {
            province,
            power,
            season: s,
        } => {
            and_name(out, province);
            and_name(out, power);
            s.iter().for_each(|s| and_season(out, *s));
        }
        DirectiveKind::ExpectDiagnostic { code, .. } => and_name(out, code),
        DirectiveKind::Unknown => out.push_str(" unknown"),
    }
    out.push(')');
}

/// A space and a name.
fn and_name(out: &mut String, n: &Name) {
    out.push(' ');
    name(out, n);
}

/// A space and a season.
fn and_season(out: &mut String, s: SeasonLit) {
    out.push(' ');
    season(out, s);
}

/// A space and a unit.
fn and_unit(out: &mut String, u: &UnitRef) {
    out.push(' ');
    unit(out, u);
}

/// A space and a number.
fn and_number(out: &mut String, n: NumberLit) {
    out.push(' ');
    number(out, n);
}
