//! Formatting to one canonical spelling, without ever changing meaning.
//!
//! The canonical form: no indentation and no trailing white space; single spaces between
//! words; unit types `A` and `F`; keywords spelled `Hold`, `-`, `Supports`, `Convoys`,
//! `via Convoy`, `Retreat`, `Disband`, `Build`, `Remove`, `Waive` (an order of a unit alone gets
//! `Hold`); coasts `(nc)`; seasons `X:Y` without leading zeros; ` => succeeds`; headers
//! `England:` without a season and `Germany 1:0` with one; directives in lower case
//! (`@expect unit`); one space before a comment; at most one blank line in a row, none at the
//! start or end of the file, and a final line break. Names of powers and provinces stay as
//! written (an abbreviation is not expanded). Lines with a syntax error stay as they are.
//!
//! Safety: every rewritten line is parsed again and its *lowered* form (names resolved against
//! the map, seasons, order structure; keywords and spacing ignored) must equal the original
//! line's, or the line is left alone; then the whole result is parsed again and the sequence of
//! lowered lines and comments compared with the original's, or nothing is formatted.

use std::fmt::Write;

use mdip_map::{Coast, Map, Power};
use mdip_syntax::{
    Directive, DirectiveKind, ExpectedOutcome, Line, LineKind, LocRef, Name, Order, OrderLine,
    SeasonLit, Span, UnitKind, UnitRef,
};

use crate::diagnostics::Edit;

/// Why a file was not formatted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatError {
    /// The formatted text would read differently at this line (a bug of the formatter; the
    /// file is left as it is).
    MeaningChanged {
        /// The zero-based line.
        line: usize,
    },
}

impl std::fmt::Display for FormatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FormatError::MeaningChanged { line } => {
                write!(
                    f,
                    "formatting would change the meaning of line {}",
                    line + 1
                )
            }
        }
    }
}

impl std::error::Error for FormatError {}

/// The edits that bring `text` to its canonical form (empty when it already is).
pub fn format(text: &str) -> Result<Vec<Edit>, FormatError> {
    let parse = mdip_syntax::parse(text);
    let lines = &parse.file.lines;
    let n = lines.len();
    let newline = if text.contains("\r\n") {
        "\r\n"
    } else if text.contains('\n') || !text.contains('\r') {
        "\n"
    } else {
        "\r"
    };
    let mut error_starts: Vec<u32> = parse.errors.iter().map(|e| e.span.start).collect();
    error_starts.sort_unstable();
    let has_error = |l: &Line| {
        let i = error_starts.partition_point(|&s| s < l.span.start);
        error_starts.get(i).is_some_and(|&s| s <= l.span.end)
    };
    let last_content = lines
        .iter()
        .rposition(|l| !matches!(l.kind, LineKind::Blank));
    let mut edits = Vec::new();
    let mut seen_content = false;
    let mut prev_blank = false;
    for (i, line) in lines.iter().enumerate() {
        let original = &text[line.span.range()];
        let is_last = i + 1 == n;
        if matches!(line.kind, LineKind::Blank) && !is_last {
            let drop = !seen_content || prev_blank || last_content.is_none_or(|c| i > c);
            if drop {
                edits.push(Edit {
                    span: Span::new(line.span.start, lines[i + 1].span.start),
                    text: String::new(),
                });
                continue;
            }
            prev_blank = true;
            if !original.is_empty() {
                edits.push(Edit {
                    span: line.span,
                    text: String::new(),
                });
            }
            continue;
        }
        if matches!(line.kind, LineKind::Blank) {
            // The last line, after the final line break: stays empty.
            if !original.is_empty() {
                edits.push(Edit {
                    span: line.span,
                    text: String::new(),
                });
            }
            continue;
        }
        seen_content = true;
        prev_blank = false;
        let canonical = if has_error(line) {
            None
        } else {
            canonical_line(text, line)
        };
        let mut new = match canonical {
            Some(c) if c == original => c,
            Some(c) if same_meaning(line, &c) => c,
            _ => original.trim_end_matches([' ', '\t']).to_owned(),
        };
        if is_last {
            new.push_str(newline);
        }
        if new != original {
            edits.push(Edit {
                span: line.span,
                text: new,
            });
        }
    }
    verify(text, &parse, &edits)?;
    Ok(edits)
}

/// Applies non-overlapping, sorted edits.
fn apply(text: &str, edits: &[Edit]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for e in edits {
        out.push_str(&text[at..e.span.start as usize]);
        out.push_str(&e.text);
        at = e.span.end as usize;
    }
    out.push_str(&text[at..]);
    out
}

/// The lowered lines and comments of a parse, blank lines left out.
fn lowered(text: &str, parse: &mdip_syntax::Parse) -> Vec<String> {
    parse
        .file
        .lines
        .iter()
        .filter(|l| !matches!(l.kind, LineKind::Blank))
        .map(|l| {
            let comment = l.comment.map_or("", |c| text[c.range()].trim_end());
            format!(
                "{} {comment}",
                lower_line(&l.kind).unwrap_or_else(|| {
                    // Unreadable lines must stay byte for byte.
                    text[l.span.range()].trim_end().to_owned()
                })
            )
        })
        .collect()
}

fn verify(text: &str, parse: &mdip_syntax::Parse, edits: &[Edit]) -> Result<(), FormatError> {
    if edits.is_empty() {
        return Ok(());
    }
    let new = apply(text, edits);
    let reparsed = mdip_syntax::parse(&new);
    let before = lowered(text, parse);
    let after = lowered(&new, &reparsed);
    if before == after && parse.errors.len() == reparsed.errors.len() {
        return Ok(());
    }
    let line = before
        .iter()
        .zip(&after)
        .position(|(a, b)| a != b)
        .unwrap_or(before.len().min(after.len()));
    Err(FormatError::MeaningChanged { line })
}

/// Whether the canonical text of a line reads as the line did.
fn same_meaning(line: &Line, canonical: &str) -> bool {
    let parse = mdip_syntax::parse(canonical);
    if !parse.errors.is_empty() || parse.file.lines.len() != 1 {
        return false;
    }
    let new = &parse.file.lines[0];
    lower_line(&line.kind).is_some() && lower_line(&line.kind) == lower_line(&new.kind)
}

// ----- Lowering: the meaning of a line, keywords and spacing ignored --------------------------

fn lower_name_province(n: &Name) -> String {
    let map = Map::standard();
    match map.resolve_province(&n.text) {
        Some(p) => map.abbrev(p).to_owned(),
        None => format!("?{}", n.text.to_lowercase()),
    }
}

fn lower_power(n: &Name) -> String {
    match Power::from_name(&n.text) {
        Some(p) => p.name().to_owned(),
        None => format!("?{}", n.text.to_lowercase()),
    }
}

fn lower_season(s: &SeasonLit) -> String {
    format!("{:?}:{:?}", s.turn, s.timeline)
}

fn lower_loc(l: &LocRef) -> String {
    let coast = l.coast.as_ref().map(|c| match Coast::from_name(&c.text) {
        Some(c) => c.abbrev().to_owned(),
        None => format!("?{}", c.text.to_lowercase()),
    });
    format!(
        "{}/{}/{}",
        lower_name_province(&l.province),
        coast.unwrap_or_default(),
        l.season.as_ref().map(lower_season).unwrap_or_default()
    )
}

fn lower_unit(u: &UnitRef) -> String {
    let kind = match u.kind.map(|k| k.kind) {
        Some(UnitKind::Army) => "A",
        Some(UnitKind::Fleet) => "F",
        None => "_",
    };
    format!("{kind} {}", lower_loc(&u.loc))
}

fn lower_order(o: &Order) -> Option<String> {
    Some(match o {
        Order::Hold { unit, .. } => format!("hold {}", lower_unit(unit)),
        Order::Move {
            unit,
            dest,
            via_convoy,
            retreat_keyword,
            ..
        } => format!(
            "move {} {} via={} r={}",
            lower_unit(unit),
            lower_loc(dest),
            via_convoy.is_some(),
            retreat_keyword.is_some()
        ),
        Order::SupportHold { unit, target, .. } => {
            format!("sh {} {}", lower_unit(unit), lower_unit(target))
        }
        Order::SupportMove {
            unit, target, dest, ..
        } => format!(
            "sm {} {} {}",
            lower_unit(unit),
            lower_unit(target),
            lower_loc(dest)
        ),
        Order::Convoy {
            unit, army, dest, ..
        } => format!(
            "c {} {} {}",
            lower_unit(unit),
            lower_unit(army),
            lower_loc(dest)
        ),
        Order::Disband { unit, .. } => format!("d {}", lower_unit(unit)),
        Order::Build { unit, .. } => format!("b {}", lower_unit(unit)),
        Order::Remove { unit, .. } => format!("r {}", lower_unit(unit)),
        Order::Waive { .. } => "w".to_owned(),
        Order::Incomplete(_) => return None,
    })
}

fn lower_directive(d: &Directive) -> Option<String> {
    let low = |n: &Name| n.text.to_lowercase();
    Some(match &d.kind {
        DirectiveKind::Rules(n) => format!("rules {}", low(n)),
        DirectiveKind::Start(n) => format!("start {}", low(n)),
        DirectiveKind::Unit { power, unit } => {
            format!("unit {} {}", lower_power(power), lower_unit(unit))
        }
        DirectiveKind::Owns { power, provinces } => format!(
            "owns {} {}",
            lower_power(power),
            provinces
                .iter()
                .map(lower_name_province)
                .collect::<Vec<_>>()
                .join(",")
        ),
        DirectiveKind::Phase(n) => format!("phase {}", low(n)),
        DirectiveKind::Turn(n) => format!("turn {:?}", n.value),
        DirectiveKind::ExpectUnit { power, unit } => {
            format!("eu {} {}", lower_power(power), lower_unit(unit))
        }
        DirectiveKind::ExpectDislodged { power, unit } => {
            format!("ed {} {}", lower_power(power), lower_unit(unit))
        }
        DirectiveKind::ExpectEmpty(s) => format!("ee {}", lower_season(s)),
        DirectiveKind::ExpectSeasons(l) => {
            format!(
                "es {}",
                l.iter().map(lower_season).collect::<Vec<_>>().join(" ")
            )
        }
        DirectiveKind::ExpectTimelines(l) => format!(
            "et {}",
            l.iter()
                .map(|n| format!("{:?}", n.value))
                .collect::<Vec<_>>()
                .join(" ")
        ),
        DirectiveKind::ExpectHeads(l) => {
            format!(
                "eh {}",
                l.iter().map(lower_season).collect::<Vec<_>>().join(" ")
            )
        }
        DirectiveKind::ExpectOwner {
            province,
            power,
            season,
        } => format!(
            "eo {} {} {}",
            lower_name_province(province),
            lower_power(power),
            season.as_ref().map(lower_season).unwrap_or_default()
        ),
        DirectiveKind::ExpectWinner(n) => format!("ew {}", lower_power(n)),
        DirectiveKind::ExpectDiagnostic { severity, code } => {
            format!("ex {} {}", low(severity), code.text.to_uppercase())
        }
        DirectiveKind::Unknown => return None,
    })
}

/// The meaning of a line; `None` for lines that cannot be lowered (errors, incomplete orders).
fn lower_line(kind: &LineKind) -> Option<String> {
    Some(match kind {
        LineKind::Blank => String::new(),
        LineKind::Comment => "#".to_owned(),
        LineKind::Header(h) => format!(
            "header {} {}",
            lower_power(&h.power),
            h.season.as_ref().map(lower_season).unwrap_or_default()
        ),
        LineKind::Order(o) => {
            let expect = o
                .expect
                .map(|e| format!("{:?}", e.outcome))
                .unwrap_or_default();
            let power = o.power.as_ref().map(lower_power).unwrap_or_default();
            format!("order {power} {} {expect}", lower_order(&o.order)?)
        }
        LineKind::Directive(d) => format!("@{}", lower_directive(d)?),
        LineKind::Error => return None,
    })
}

// ----- Printing: the canonical text of a line ------------------------------------------------

fn season(s: &SeasonLit) -> Option<String> {
    Some(format!("{}:{}", s.turn?, s.timeline?))
}

fn loc(out: &mut String, l: &LocRef) -> Option<()> {
    out.push_str(&l.province.text);
    if let Some(c) = &l.coast {
        match Coast::from_name(&c.text) {
            Some(c) => {
                let _ = write!(out, "({})", c.abbrev());
            }
            None => {
                let _ = write!(out, "({})", c.text);
            }
        }
    }
    if let Some(s) = &l.season {
        out.push(' ');
        out.push_str(&season(s)?);
    }
    Some(())
}

fn unit(out: &mut String, u: &UnitRef) -> Option<()> {
    match u.kind.map(|k| k.kind) {
        Some(UnitKind::Army) => out.push_str("A "),
        Some(UnitKind::Fleet) => out.push_str("F "),
        None => {}
    }
    loc(out, &u.loc)
}

fn order(out: &mut String, o: &Order) -> Option<()> {
    match o {
        Order::Hold { unit: u, .. } => {
            unit(out, u)?;
            out.push_str(" Hold");
        }
        Order::Move {
            unit: u,
            dest,
            via_convoy,
            retreat_keyword,
            ..
        } => {
            unit(out, u)?;
            out.push_str(if retreat_keyword.is_some() {
                " Retreat "
            } else {
                " - "
            });
            loc(out, dest)?;
            if via_convoy.is_some() {
                out.push_str(" via Convoy");
            }
        }
        Order::SupportHold {
            unit: u, target, ..
        } => {
            unit(out, u)?;
            out.push_str(" Supports ");
            unit(out, target)?;
        }
        Order::SupportMove {
            unit: u,
            target,
            dest,
            ..
        } => {
            unit(out, u)?;
            out.push_str(" Supports ");
            unit(out, target)?;
            out.push_str(" - ");
            loc(out, dest)?;
        }
        Order::Convoy {
            unit: u,
            army,
            dest,
            ..
        } => {
            unit(out, u)?;
            out.push_str(" Convoys ");
            unit(out, army)?;
            out.push_str(" - ");
            loc(out, dest)?;
        }
        Order::Disband { unit: u, .. } => {
            unit(out, u)?;
            out.push_str(" Disband");
        }
        Order::Build { unit: u, .. } => {
            out.push_str("Build ");
            unit(out, u)?;
        }
        Order::Remove { unit: u, .. } => {
            out.push_str("Remove ");
            unit(out, u)?;
        }
        Order::Waive { .. } => out.push_str("Waive"),
        Order::Incomplete(_) => return None,
    }
    Some(())
}

fn order_line(out: &mut String, o: &OrderLine) -> Option<()> {
    if let Some(p) = &o.power {
        let _ = write!(out, "{}: ", p.text);
    }
    order(out, &o.order)?;
    if let Some(e) = o.expect {
        out.push_str(match e.outcome {
            ExpectedOutcome::Succeeds => " => succeeds",
            ExpectedOutcome::Fails => " => fails",
            ExpectedOutcome::Illegal => " => illegal",
        });
    }
    Some(())
}

fn directive(out: &mut String, d: &Directive) -> Option<()> {
    let low = |n: &Name| n.text.to_lowercase();
    let seasons = |l: &[SeasonLit]| -> Option<String> {
        Some(l.iter().map(season).collect::<Option<Vec<_>>>()?.join(" "))
    };
    match &d.kind {
        DirectiveKind::Rules(n) => {
            let _ = write!(out, "@rules {}", low(n));
        }
        DirectiveKind::Start(n) => {
            let _ = write!(out, "@start {}", low(n));
        }
        DirectiveKind::Unit { power, unit: u } => {
            let _ = write!(out, "@unit {} ", power.text);
            unit(out, u)?;
        }
        DirectiveKind::Owns { power, provinces } => {
            if provinces.len() == 1 && provinces[0].text.contains(' ') {
                return None;
            }
            let names: Vec<&str> = provinces.iter().map(|p| p.text.as_str()).collect();
            let _ = write!(out, "@owns {} {}", power.text, names.join(", "));
        }
        DirectiveKind::Phase(n) => {
            let _ = write!(out, "@phase {}", low(n));
        }
        DirectiveKind::Turn(n) => {
            let _ = write!(out, "@turn {}", n.value?);
        }
        DirectiveKind::ExpectUnit { power, unit: u } => {
            let _ = write!(out, "@expect unit {} ", power.text);
            unit(out, u)?;
        }
        DirectiveKind::ExpectDislodged { power, unit: u } => {
            let _ = write!(out, "@expect dislodged {} ", power.text);
            unit(out, u)?;
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
fn canonical_line(text: &str, line: &Line) -> Option<String> {
    let mut out = String::new();
    match &line.kind {
        LineKind::Blank => {}
        LineKind::Comment => {}
        LineKind::Header(h) => {
            out.push_str(&h.power.text);
            match &h.season {
                Some(s) => {
                    out.push(' ');
                    out.push_str(&season(s)?);
                }
                None => out.push(':'),
            }
        }
        LineKind::Order(o) => order_line(&mut out, o)?,
        LineKind::Directive(d) => directive(&mut out, d)?,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(text: &str) -> String {
        let edits = format(text).expect("formats");
        apply(text, &edits)
    }

    #[test]
    fn formats_to_one_spelling_and_is_idempotent() {
        let text = "\n\n  germany   1:0  \nArmy  munich   s  A kiel -> ber # why\nF  spain /SC  -  mao =>SUCCEEDS\n\n\n\n@EXPECT   timelines 0 1\n\n";
        let once = fmt(text);
        assert_eq!(
            once,
            "germany 1:0\nA munich Supports A kiel - ber # why\nF spain(sc) - mao => succeeds\n\n@expect timelines 0 1\n"
        );
        assert_eq!(fmt(&once), once);
        assert!(format(&once).unwrap().is_empty());
    }

    #[test]
    fn error_lines_stay_and_crlf_is_kept() {
        let text = "England:\r\nF London -\r\nA  Paris\r\n";
        assert_eq!(fmt(text), "England:\r\nF London -\r\nA Paris Hold\r\n");
    }
}
