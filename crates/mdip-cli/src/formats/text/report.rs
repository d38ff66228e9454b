//! The adjudication report of one file, for players: each step under its calendar name
//! (`Spring 1901 movement`, `Winter 1901 adjustments`) with every order, its outcome in the
//! game's words (a bounce is "bounced off A Munich", not a failure) and whether it met the
//! file's expectation (`ok` / `FAIL`, the only place those words are used); what the step
//! dislodged, forked, built and removed; then the position at the end of the file grouped by
//! power with centre counts, and what comes next (retreats owed with their options, builds
//! and removals owed).

use std::fmt::Write;

use anstyle::{AnsiColor, Style};
use mdip_analysis::notation as n;
use mdip_analysis::report::{
    BoardUnitReport, DislodgedReport, FileReport, OrderKindName, OrderReport, OwedReport,
    PhaseName, PlaceReport, PowerBoard, SeasonPhase, SeasonRef, SeasonReport, StatusName,
    StepReport, UnitReport, UnitTypeName,
};

use super::plural;

/// Styles, or none when colour is off.
struct Paint {
    on: bool,
}

impl Paint {
    fn paint(&self, style: Style, text: &str) -> String {
        let mut out = String::new();
        self.write(&mut out, style, &[text]);
        out
    }

    /// The pieces written to `out` in `style` (one style around all of them).
    fn write(&self, out: &mut String, style: Style, pieces: &[&str]) {
        if self.on {
            let _ = write!(out, "{style}");
        }
        for piece in pieces {
            out.push_str(piece);
        }
        if self.on {
            let _ = write!(out, "{style:#}");
        }
    }

    /// A foreground colour.
    fn colour_style(c: AnsiColor) -> Style {
        Style::new().fg_color(Some(c.into()))
    }

    fn bold(&self, text: &str) -> String {
        self.paint(Style::new().bold(), text)
    }

    fn colour(&self, c: AnsiColor, text: &str) -> String {
        self.paint(Paint::colour_style(c), text)
    }

    fn dim(&self, text: &str) -> String {
        self.paint(Style::new().dimmed(), text)
    }
}

/// The report of one file.
pub fn report(r: &FileReport, color: bool) -> String {
    let p = Paint { on: color };
    let mut out = String::new();
    let _ = writeln!(out, "{}", p.bold(&format!("== {}", r.path)));
    for (i, step) in r.steps.iter().enumerate() {
        // The games of a file with `@game` lines, each before its first step.
        for g in r.games.iter().filter(|g| g.first_step == i) {
            game(&mut out, &p, g);
        }
        self::step(&mut out, &p, r, step);
    }
    for g in r.games.iter().filter(|g| g.first_step >= r.steps.len()) {
        game(&mut out, &p, g);
    }
    if r.games.len() > 1 {
        let last = &r.games[r.games.len() - 1];
        let _ = writeln!(
            out,
            "\n{}",
            p.dim(&format!(
                "(the position below is the last game's: {})",
                game_name(last)
            ))
        );
    }
    let pending: Vec<&OrderReport> = r.orders.iter().filter(|o| o.step.is_none()).collect();
    if !pending.is_empty() {
        let _ = writeln!(out, "\n{}", p.bold("Not adjudicated"));
        order_lines(&mut out, &p, r.multiversal, &pending);
    }
    position(&mut out, &p, r);
    victory(&mut out, &p, r);
    if let Some(w) = r.winner {
        let _ = writeln!(out, "{}", p.bold(&format!("Winner: {w}")));
    }
    out
}

/// The header of a game an `@game` line started.
fn game(out: &mut String, p: &Paint, g: &mdip_analysis::report::GameReport) {
    let _ = writeln!(
        out,
        "\n{}",
        p.bold(&format!("Game {} (line {})", game_name(g), g.line))
    );
}

fn game_name(g: &mdip_analysis::report::GameReport) -> &str {
    if g.name.is_empty() {
        "(unnamed)"
    } else {
        &g.name
    }
}

fn phase_words(phase: PhaseName) -> &'static str {
    match phase {
        PhaseName::Movement => "movement",
        PhaseName::Retreat => "retreats",
        PhaseName::Adjustment => "adjustments",
    }
}

fn seasons_list(seasons: &[mdip_analysis::report::SeasonRef]) -> String {
    seasons
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// One step: its header, its orders, and what it changed.
fn step(out: &mut String, p: &Paint, r: &FileReport, step: &StepReport) {
    let mut header = format!(
        "Step {} · {} {}",
        step.index + 1,
        if step.calendar.is_empty() {
            "(nothing)"
        } else {
            &step.calendar
        },
        phase_words(step.phase)
    );
    if r.multiversal && !step.seasons.is_empty() {
        let _ = write!(header, " of {}", seasons_list(&step.seasons));
    }
    let _ = writeln!(out, "\n{}", p.bold(&header));
    if !step.reopened.is_empty() {
        let _ = writeln!(out, "  re-opened: {}", seasons_list(&step.reopened));
    }
    for o in &step.owed {
        let _ = writeln!(out, "  owed: {}", owed(o, r.multiversal));
    }
    for d in &step.retreats_owed {
        let _ = writeln!(out, "  owed: {}", retreat_owed(d, r.multiversal));
    }
    let orders: Vec<&OrderReport> = step
        .orders
        .iter()
        .filter_map(|&i| r.orders.get(i))
        .collect();
    order_lines(out, p, r.multiversal, &orders);
    for n in &step.notes {
        let _ = writeln!(out, "  note: {n}");
    }
    for d in &step.dislodged {
        let _ = writeln!(
            out,
            "  {} {} (attacked from {}{}): {}",
            p.colour(AnsiColor::Yellow, "dislodged:"),
            owner_unit(&d.unit, r.multiversal),
            place(&d.attacker_from, r.multiversal),
            if d.by_convoy { ", by convoy" } else { "" },
            options(d)
        );
    }
    for f in &step.forks {
        let _ = writeln!(
            out,
            "  {} timeline {} branches from {} at {}",
            p.colour(AnsiColor::Cyan, "fork:"),
            f.timeline,
            f.from,
            f.first
        );
    }
    for u in &step.built {
        let _ = writeln!(out, "  built: {}", owner_unit(u, r.multiversal));
    }
    if step.phase != PhaseName::Movement {
        for u in &step.removed {
            let _ = writeln!(out, "  removed: {}", owner_unit(u, r.multiversal));
        }
    }
    if r.multiversal {
        // One line per power: a board of the whole map does not fit on one line.
        for b in &step.boards {
            if b.powers.is_empty() {
                let _ = writeln!(out, "  board {}: empty", b.season);
                continue;
            }
            let _ = writeln!(out, "  board {}:", b.season);
            for g in &b.powers {
                let _ = writeln!(out, "    {}: {}", g.power, units_list(&g.units));
            }
        }
    }
}

/// Order lines in columns: power, order, outcome, and the expectation's verdict.
fn order_lines(out: &mut String, p: &Paint, multiversal: bool, orders: &[&OrderReport]) {
    // Every order's text in one buffer (a game has tens of thousands), with its range and
    // width, so the columns are measured before the lines are written.
    let mut texts = String::new();
    let rows: Vec<(&str, usize, std::ops::Range<usize>, usize)> = orders
        .iter()
        .map(|o| {
            let power = o.power.unwrap_or("?");
            let start = texts.len();
            order_text(&mut texts, o, multiversal);
            let width = texts[start..].chars().count();
            (power, power.chars().count(), start..texts.len(), width)
        })
        .collect();
    let pw = rows.iter().map(|r| r.1).max().unwrap_or(0);
    let ow = rows.iter().map(|r| r.3).max().unwrap_or(0);
    for (o, (power, power_width, text, width)) in orders.iter().zip(rows) {
        out.push_str("  ");
        padded(out, power, power_width, pw);
        out.push_str("  ");
        padded(out, &texts[text], width, ow);
        out.push_str("  ");
        outcome(out, p, o);
        expectation(out, p, o);
        out.push('\n');
    }
}

/// Writes `s`, `n` characters long, left-aligned in a column `width` characters wide. Not
/// `{:<width$}`: a width over 65,535 (an order of 70,000 characters) is out of `format!`'s
/// range and panics.
fn padded(out: &mut String, s: &str, n: usize, width: usize) {
    out.push_str(s);
    out.extend(std::iter::repeat_n(' ', width.saturating_sub(n)));
}

/// The order as the notation writes it, from the report's data: in a multiversal game every
/// unit and place carries its season (the implied ones too).
fn order_text(out: &mut String, o: &OrderReport, multiversal: bool) {
    let Some(u) = &o.unit else {
        out.push_str(match o.kind {
            OrderKindName::Waive => "Waive",
            _ => &o.text,
        });
        return;
    };
    // An order whose target was never read (illegal before it was lowered) as written.
    let t = &o.target;
    let incomplete = match o.kind {
        OrderKindName::Move | OrderKindName::Retreat => t.destination.is_none(),
        OrderKindName::SupportHold => t.unit.is_none(),
        OrderKindName::SupportMove | OrderKindName::Convoy => {
            t.unit.is_none() || t.destination.is_none()
        }
        _ => false,
    };
    if incomplete {
        out.push_str(&o.text);
        return;
    }
    let me = notation_unit(u, multiversal);
    let dest = || {
        let d = o.target.destination.as_ref()?;
        Some(n::Place::new(&*d.location).season(multiversal.then(|| season(d.season))))
    };
    let other = || {
        o.target
            .unit
            .as_ref()
            .map(|t| notation_unit(t, multiversal))
    };
    let order = match o.kind {
        OrderKindName::Hold => n::Order::Hold { unit: me },
        OrderKindName::Move | OrderKindName::Retreat => n::Order::Move {
            unit: me,
            dest: dest().unwrap_or_else(|| n::Place::new("")),
            via_convoy: o.target.via_convoy,
            retreat: false,
        },
        OrderKindName::SupportHold => n::Order::SupportHold {
            unit: me,
            target: other().unwrap_or_else(|| unit_at("")),
        },
        OrderKindName::SupportMove => n::Order::SupportMove {
            unit: me,
            target: other().unwrap_or_else(|| unit_at("")),
            dest: dest().unwrap_or_else(|| n::Place::new("")),
        },
        OrderKindName::Convoy => n::Order::Convoy {
            unit: me,
            army: other().unwrap_or_else(|| unit_at("")),
            dest: dest().unwrap_or_else(|| n::Place::new("")),
        },
        OrderKindName::Disband => n::Order::Disband { unit: me },
        OrderKindName::Build => n::Order::Build { unit: me },
        OrderKindName::Remove => n::Order::Remove { unit: me },
        OrderKindName::Waive => n::Order::Waive,
        OrderKindName::Unknown => {
            out.push_str(&o.text);
            return;
        }
    };
    // The report's spelling: `S` and `C`, and a retreat written as a move.
    let words = n::Words {
        support: "S",
        convoy: "C",
        ..n::Words::CANONICAL
    };
    order.write(out, &words);
}

fn season(s: SeasonRef) -> n::Season {
    n::Season::new(s.turn, s.timeline)
}

fn unit_at(location: &str) -> n::Unit {
    n::Unit {
        kind: None,
        place: n::Place::new(location),
    }
}

/// A unit of the report in the notation, its season written in a multiversal game.
fn notation_unit(u: &UnitReport, multiversal: bool) -> n::Unit {
    n::Unit {
        kind: u.kind.map(|k| match k {
            UnitTypeName::Army => n::UnitKind::Army,
            UnitTypeName::Fleet => n::UnitKind::Fleet,
        }),
        place: n::Place::new(&*u.location).season(multiversal.then(|| season(u.season))),
    }
}

/// The outcome in the game's words, coloured by status.
fn outcome(out: &mut String, p: &Paint, o: &OrderReport) {
    let s = &o.outcome.sentence;
    match o.outcome.status {
        StatusName::Succeeds => p.write(out, Paint::colour_style(AnsiColor::Green), &[s]),
        StatusName::Fails => p.write(out, Paint::colour_style(AnsiColor::Yellow), &[s]),
        StatusName::Illegal => p.write(out, Paint::colour_style(AnsiColor::Red), &["illegal: ", s]),
        StatusName::Pending => p.write(
            out,
            Style::new().dimmed(),
            &["pending: its step is not adjudicated (the file ends first)"],
        ),
        StatusName::NotAdjudicated => {
            p.write(
                out,
                Paint::colour_style(AnsiColor::Red),
                &["not adjudicated: ", s],
            );
        }
    }
}

fn status_word(s: StatusName) -> &'static str {
    match s {
        StatusName::Succeeds => "succeeds",
        StatusName::Fails => "fails",
        StatusName::Illegal => "illegal",
        StatusName::Pending => "pending",
        StatusName::NotAdjudicated => "not adjudicated",
    }
}

/// `  [expected fails: ok]` or `  [expected succeeds: FAIL]`; nothing without an expectation.
fn expectation(out: &mut String, p: &Paint, o: &OrderReport) {
    let Some(e) = o.expected else {
        return;
    };
    out.push_str("  [expected ");
    out.push_str(status_word(e));
    out.push_str(": ");
    if e == o.outcome.status {
        p.write(out, Paint::colour_style(AnsiColor::Green), &["ok"]);
    } else {
        p.write(out, Paint::colour_style(AnsiColor::Red).bold(), &["FAIL"]);
    }
    out.push(']');
}

/// `A mun`, or `A mun 1:0` in a multiversal game.
fn unit(u: &UnitReport, multiversal: bool) -> String {
    let letter = u.kind.map_or(String::new(), |k| format!("{} ", k.letter()));
    if multiversal {
        format!("{letter}{} {}", u.location, u.season)
    } else {
        format!("{letter}{}", u.location)
    }
}

fn owner_unit(u: &UnitReport, multiversal: bool) -> String {
    match u.power {
        Some(p) => format!("{p} {}", unit(u, multiversal)),
        None => unit(u, multiversal),
    }
}

fn place(pl: &PlaceReport, multiversal: bool) -> String {
    if multiversal {
        format!("{} {}", pl.location, pl.season)
    } else {
        pl.location.to_string()
    }
}

fn options(d: &DislodgedReport) -> String {
    if d.options.is_empty() {
        "no retreat: it will be disbanded".to_owned()
    } else {
        format!("may retreat to {} or disband", d.options.join(", "))
    }
}

fn retreat_owed(d: &DislodgedReport, multiversal: bool) -> String {
    format!("{}: {}", owner_unit(&d.unit, multiversal), options(d))
}

/// "England: 1 build (free home centres: lon, edi)" or "Russia: 1 removal".
fn owed(o: &OwedReport, multiversal: bool) -> String {
    let season = if multiversal {
        format!(" in {}", o.season)
    } else {
        String::new()
    };
    if o.builds > 0 {
        format!(
            "{}: {} build{}{season} (free home centres: {})",
            o.power,
            o.builds,
            plural(o.builds),
            o.free_homes.join(", ")
        )
    } else {
        format!(
            "{}: {} removal{}{season}",
            o.power,
            o.removals,
            plural(o.removals)
        )
    }
}

fn units_list(units: &[BoardUnitReport]) -> String {
    units
        .iter()
        .map(|u| format!("{} {}", u.kind.letter(), u.location))
        .collect::<Vec<_>>()
        .join(", ")
}

/// "England (5 centres, 5 units): F nth, F nwg, A yor".
fn power_line(g: &PowerBoard) -> String {
    let units = if g.units.is_empty() {
        String::new()
    } else {
        format!(": {}", units_list(&g.units))
    };
    format!(
        "{} ({} centre{}, {} unit{}){units}",
        g.power,
        g.centres.len(),
        plural(g.centres.len()),
        g.units.len(),
        plural(g.units.len())
    )
}

/// The calendar name of the step a head waits for: the retreats and adjustments that come
/// before a head moves belong to the turn before it (`Winter 1901` on the board of Spring
/// 1902). The year is counted from the season's own calendar name, in the map's years.
fn waits_for(s: &SeasonReport) -> String {
    let t = s.season.turn.saturating_sub(1);
    let own_year = s
        .calendar
        .rsplit(' ')
        .next()
        .and_then(|y| y.parse::<u32>().ok());
    let Some(year) = own_year.map(|y| y.saturating_sub(s.season.turn / 2).saturating_add(t / 2))
    else {
        return s.calendar.clone();
    };
    match s.phase {
        SeasonPhase::Adjustment => format!("Winter {year}"),
        SeasonPhase::Retreat if t % 2 == 1 => format!("Fall {year}"),
        SeasonPhase::Retreat => format!("Spring {year}"),
        _ => s.calendar.clone(),
    }
}

/// What a season waits for: `movement next`, `Winter 1901 adjustments next`, `past`.
fn season_phase(s: &SeasonReport) -> String {
    match s.phase {
        SeasonPhase::Movement => "movement next".to_owned(),
        SeasonPhase::Retreat => format!("{} retreats next", waits_for(s)),
        SeasonPhase::Adjustment => format!("{} adjustments next", waits_for(s)),
        SeasonPhase::Past => "past".to_owned(),
    }
}

/// What the game waits for next, as the calendar names it: `Winter 1901 adjustments`.
fn stage(r: &FileReport) -> String {
    format!("{} {}", r.next.calendar, phase_words(r.next.phase))
}

/// The position at the end of the file in one heading that says where the game stands and
/// what comes next (`Position before Winter 1901 adjustments`): the head's board by power (a
/// standard game), or every timeline with its seasons (a multiversal game); then what is owed.
fn position(out: &mut String, p: &Paint, r: &FileReport) {
    let one = !r.multiversal && r.timelines.len() <= 1;
    let title = match (one, r.winner.is_some()) {
        (true, false) => format!("Position before {}", stage(r)),
        (true, true) => "Final position".to_owned(),
        (false, false) => {
            // The heads the next step takes, each with its coordinate and calendar name.
            let next: Vec<String> = r
                .seasons
                .iter()
                .filter(|s| {
                    matches!(
                        (s.phase, r.next.phase),
                        (SeasonPhase::Movement, PhaseName::Movement)
                            | (SeasonPhase::Retreat, PhaseName::Retreat)
                            | (SeasonPhase::Adjustment, PhaseName::Adjustment)
                    )
                })
                .map(|s| format!("{} ({})", s.season, waits_for(s)))
                .collect();
            if next.is_empty() {
                format!("Timelines before {}", stage(r))
            } else {
                format!(
                    "Timelines before the {} of {}",
                    phase_words(r.next.phase),
                    next.join(", ")
                )
            }
        }
        (false, true) => "Timelines at the end".to_owned(),
    };
    let _ = writeln!(out, "\n{}", p.bold(&title));
    if one {
        if let Some(head) = r.seasons.iter().find(|s| s.head) {
            board(out, head, "  ");
        }
    } else {
        for t in &r.timelines {
            let from = t
                .branched_from
                .map(|b| format!(" (branched from {b})"))
                .unwrap_or_default();
            let _ = writeln!(out, "  timeline {}{from}: head {}", t.number, t.head);
            for s in r.seasons.iter().filter(|s| s.season.timeline == t.number) {
                let _ = writeln!(out, "    {} {} ({})", s.season, s.calendar, season_phase(s));
                board(out, s, "      ");
            }
        }
    }
    if r.winner.is_some() {
        return;
    }
    for d in &r.next.retreats {
        let _ = writeln!(out, "  owed: {}", retreat_owed(d, r.multiversal));
    }
    for o in &r.next.adjustments {
        let _ = writeln!(out, "  owed: {}", owed(o, r.multiversal));
    }
}

/// Victory at a glance: each power's distinct supply centres over the heads against the
/// count a win needs (`France 14/18`); powers with none are left out.
fn victory(out: &mut String, p: &Paint, r: &FileReport) {
    let v = &r.victory;
    let counts: Vec<String> = v
        .powers
        .iter()
        .filter(|c| c.centres > 0)
        .map(|c| format!("{} {}/{}", c.power, c.centres, v.needed))
        .collect();
    if counts.is_empty() {
        return;
    }
    let _ = writeln!(out, "{} {}", p.bold("Victory:"), counts.join(", "));
}

fn board(out: &mut String, s: &SeasonReport, indent: &str) {
    if s.powers.iter().all(|g| g.units.is_empty()) && s.powers.iter().all(|g| g.centres.is_empty())
    {
        let _ = writeln!(out, "{indent}empty");
        return;
    }
    for g in &s.powers {
        let _ = writeln!(out, "{indent}{}", power_line(g));
    }
    // Unowned centres are worth listing once some centre has an owner (a position set up
    // from orders alone owns none).
    // A long list (most centres unowned) is only counted.
    let unowned = s.unowned_centres.len();
    if unowned > 0 && s.powers.iter().any(|g| !g.centres.is_empty()) {
        if unowned <= 12 {
            let _ = writeln!(
                out,
                "{indent}unowned centres ({unowned}): {}",
                s.unowned_centres.join(", ")
            );
        } else {
            let _ = writeln!(out, "{indent}{unowned} centres unowned");
        }
    }
}
