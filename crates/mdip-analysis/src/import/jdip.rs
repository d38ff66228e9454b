//! jDip / godip test cases (`CASE ... END` blocks) to self-checking `.mdip` files.
//!
//! A case file holds cases such as
//!
//! ```text
//! CASE 6.A.1
//! PRESTATE_SETPHASE Spring 1901, Movement
//! PRESTATE
//!     England: F nth
//! ORDERS
//!     England: F nth-pic
//! POSTSTATE_SAME
//! END
//! ```
//!
//! Each case becomes one `.mdip` text: the phase as `@turn`/`@phase`, the position as `@unit`,
//! `@owns` (from `PRESTATE_SUPPLYCENTER_OWNERS`), and for a retreat phase `@dislodged` and
//! `@standoff` (read from `PRESTATE_DISLODGED` and the previous phase's `PRESTATE_RESULTS`),
//! the orders verbatim (jDip's shorthand is the notation's) each with `=> any` (a case gives no
//! result per order; `@phase next` when it gives no order, so that the step is played), and the
//! expected position as `@expect unit` and `@expect dislodged`. After a movement step the
//! dislodged units listed are those that may retreat (a unit with nowhere to go is disbanded at
//! once and not listed), so the file says `@expect dislodged except disbanded`.
//! A `VARIANT_ALL` (or `VARIANT`) line naming a map other than the standard one puts `@map`
//! with its name as a word (`Ancient Mediterranean` → `ancient-mediterranean`) in every case
//! after it.
//! The conversion is text to text and knows no map: names are checked when the result is.
//! Nothing is dropped silently: a line the converter cannot place is a [`Problem`] and is kept
//! in the output as a comment.

use std::fmt::Write as _;

use mdip_syntax::notation::{Directive, Place, Unit, UnitKind};

/// One converted case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The case's name as written after `CASE` (`6.A.1`).
    pub name: String,
    /// A file name for it: the name with every character other than letters, digits, `.`,
    /// `-` and `_` replaced by `_`, and `.mdip`; a name too long for a file name (over 200
    /// bytes) is cut and told apart by a hash of the whole name (`shortened` says so).
    pub file_name: String,
    /// Whether `file_name` is a shortened form of the name.
    pub shortened: bool,
    /// The `.mdip` text.
    pub text: String,
}

/// A line the converter could not place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The line, counted from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// The result of converting one case file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Converted {
    /// The cases, in file order.
    pub cases: Vec<Case>,
    /// The problems, in file order.
    pub problems: Vec<Problem>,
}

/// The sections of a case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Section {
    Prestate,
    Owners,
    Dislodged,
    Results,
    Orders,
    Poststate,
    PostDislodged,
}

/// A line of a section: its text without the comment, the comment, and its line number.
#[derive(Clone, Debug, Default)]
struct Entry {
    text: String,
    comment: Option<String>,
    line: usize,
}

/// A case being read.
#[derive(Clone, Debug, Default)]
struct Raw {
    name: String,
    line: usize,
    /// The comment lines just before `CASE`.
    notes: Vec<String>,
    /// The map the case is on (`@map`), named by the last `VARIANT_ALL` before it; `None`
    /// for the standard map.
    map: Option<String>,
    phase: Option<(String, usize)>,
    prestate: Vec<Entry>,
    owners: Vec<Entry>,
    dislodged: Vec<Entry>,
    results: Vec<Entry>,
    orders: Vec<Entry>,
    poststate: Vec<Entry>,
    post_dislodged: Vec<Entry>,
    post_same: bool,
    /// Lines of the case that could not be placed, kept as comments.
    unplaced: Vec<String>,
}

impl Raw {
    fn section(&mut self, s: Section) -> &mut Vec<Entry> {
        match s {
            Section::Prestate => &mut self.prestate,
            Section::Owners => &mut self.owners,
            Section::Dislodged => &mut self.dislodged,
            Section::Results => &mut self.results,
            Section::Orders => &mut self.orders,
            Section::Poststate => &mut self.poststate,
            Section::PostDislodged => &mut self.post_dislodged,
        }
    }
}

/// Converts the text of a jDip case file; `source` names it in the comments of the output.
pub fn convert(text: &str, source: &str) -> Converted {
    // A byte-order mark is no part of the first line.
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let mut out = Converted::default();
    let mut notes: Vec<String> = Vec::new();
    let mut case: Option<Raw> = None;
    let mut section: Option<Section> = None;
    let mut map: Option<String> = None;
    for (i, raw_line) in lines(text).enumerate() {
        let n = i + 1;
        let (body, comment) = split_comment(raw_line);
        let body = body.trim();
        if body.is_empty() {
            match (&mut case, comment) {
                (None, Some(c)) => notes.push(c),
                (None, None) => notes.clear(),
                _ => {}
            }
            continue;
        }
        let mut words = body.split_whitespace();
        let keyword = words.next().unwrap_or_default();
        let rest = body[keyword.len()..].trim().to_owned();
        let problem = |out: &mut Converted, message: String| {
            out.problems.push(Problem { line: n, message });
        };
        match keyword {
            "VARIANT_ALL" | "VARIANT" => {
                // The cases after it are on that map: `@map` with its name made a word
                // (`Ancient Mediterranean` → `ancient-mediterranean`), checked when the
                // result is; the standard map (also godip's `Classical`) needs none.
                map = map_name(&rest);
                if map.as_deref() == Some("") {
                    problem(&mut out, "VARIANT names no map".to_owned());
                    map = None;
                }
            }
            "CASE" => {
                if let Some(open) = case.take() {
                    problem(
                        &mut out,
                        format!("case `{}` has no END before the next CASE", open.name),
                    );
                    out.cases.push(write_case(open, source, &mut out.problems));
                }
                case = Some(Raw {
                    name: if rest.is_empty() {
                        format!("case-at-line-{n}")
                    } else {
                        rest
                    },
                    line: n,
                    notes: std::mem::take(&mut notes),
                    map: map.clone(),
                    ..Raw::default()
                });
                section = None;
            }
            "END" => match case.take() {
                Some(c) => out.cases.push(write_case(c, source, &mut out.problems)),
                None => problem(&mut out, "END without a CASE".to_owned()),
            },
            _ => {
                let Some(c) = case.as_mut() else {
                    problem(&mut out, format!("`{body}` outside a CASE ... END block"));
                    continue;
                };
                let next = match keyword {
                    "PRESTATE_SETPHASE" => {
                        c.phase = Some((rest, n));
                        section = None;
                        continue;
                    }
                    "POSTSTATE_SAME" => {
                        c.post_same = true;
                        section = None;
                        continue;
                    }
                    "PRESTATE" => Some(Section::Prestate),
                    "PRESTATE_SUPPLYCENTER_OWNERS" => Some(Section::Owners),
                    "PRESTATE_DISLODGED" => Some(Section::Dislodged),
                    "PRESTATE_RESULTS" => Some(Section::Results),
                    "ORDERS" => Some(Section::Orders),
                    "POSTSTATE" => Some(Section::Poststate),
                    "POSTSTATE_DISLODGED" => Some(Section::PostDislodged),
                    _ => None,
                };
                if let Some(s) = next {
                    section = Some(s);
                    continue;
                }
                match section {
                    Some(s) => c.section(s).push(Entry {
                        text: body.to_owned(),
                        comment,
                        line: n,
                    }),
                    None => {
                        problem(
                            &mut out,
                            format!("`{body}` is in no section (PRESTATE, ORDERS, ...)"),
                        );
                        c.unplaced.push(body.to_owned());
                    }
                }
            }
        }
    }
    if let Some(open) = case {
        out.problems.push(Problem {
            line: lines(text).count(),
            message: format!("case `{}` has no END", open.name),
        });
        out.cases.push(write_case(open, source, &mut out.problems));
    }
    out
}

/// Several cases as one order file: each case is a game of its own, started by `@game` and
/// its name (a `#` in the name, which would start a comment, is written `_`).
pub fn as_games(cases: &[Case]) -> String {
    let mut out = String::new();
    for (i, c) in cases.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let _ = writeln!(out, "{}", Directive::Game(Some(c.name.replace('#', "_"))));
        out.push_str(&c.text);
    }
    out
}

/// Writes one case as an `.mdip` text.
fn write_case(c: Raw, source: &str, problems: &mut Vec<Problem>) -> Case {
    let mut t = String::new();
    let phase_word = write_head(&c, source, &mut t, problems);
    write_owners(&c, &mut t, problems);
    let mut occupied: Vec<String> = Vec::new();
    let mut units: Vec<(String, char, String)> = Vec::new();
    for e in &c.prestate {
        match power_and_rest(&e.text).and_then(|(p, r)| Some((p, unit(&r)?))) {
            Some((p, (k, loc))) => {
                let d = Directive::Unit {
                    power: p.clone(),
                    unit: unit_at(k, &loc),
                };
                let _ = writeln!(t, "{d}{}", comment(e));
                occupied.push(province(&loc));
                units.push((p, k, loc));
            }
            None => unreadable(&mut t, problems, e, "a unit"),
        }
    }
    if phase_word == "retreat" {
        retreat_setup(&c, &occupied, &mut t, problems);
    }
    if !c.orders.is_empty() {
        t.push('\n');
    }
    for e in &c.orders {
        let _ = writeln!(t, "{} => any{}", e.text, comment(e));
    }
    if c.orders.is_empty() {
        // A step with no orders is played only when the file says so (civil disorder).
        let _ = writeln!(t, "\n{}", phase_directive("next"));
    }
    t.push('\n');
    if c.post_same {
        for (p, k, loc) in &units {
            let d = Directive::ExpectUnit {
                power: p.clone(),
                unit: unit_at(*k, loc),
            };
            let _ = writeln!(t, "{d}");
        }
    }
    for e in &c.poststate {
        match power_and_rest(&e.text).and_then(|(p, r)| Some((p, unit(&r)?))) {
            Some((p, (k, loc))) => {
                let d = Directive::ExpectUnit {
                    power: p,
                    unit: unit_at(k, &loc),
                };
                let _ = writeln!(t, "{d}{}", comment(e));
            }
            None => unreadable(&mut t, problems, e, "a unit"),
        }
    }
    if phase_word == "movement" && (c.post_same || !c.poststate.is_empty()) {
        // The case format lists only the dislodged units that may retreat: a unit with nowhere
        // to go is disbanded at once (godip's judge and test harness do so).
        let _ = writeln!(t, "{}", Directive::ExpectDislodgedExceptDisbanded);
    }
    for e in &c.post_dislodged {
        match power_and_rest(&e.text).and_then(|(p, r)| Some((p, unit(&r)?))) {
            Some((p, (k, loc))) => {
                let d = Directive::ExpectDislodged {
                    power: p,
                    unit: unit_at(k, &loc),
                };
                let _ = writeln!(t, "{d}{}", comment(e));
            }
            None => unreadable(&mut t, problems, e, "a unit"),
        }
    }
    if !c.post_same && c.poststate.is_empty() {
        problems.push(Problem {
            line: c.line,
            message: format!(
                "case `{}` has no POSTSTATE or POSTSTATE_SAME: nothing to check",
                c.name
            ),
        });
    }
    if phase_word != "retreat" && !c.dislodged.is_empty() {
        problems.push(Problem {
            line: c.dislodged[0].line,
            message: "PRESTATE_DISLODGED outside a retreat phase is not converted".to_owned(),
        });
        for e in &c.dislodged {
            let _ = writeln!(t, "# not converted: {}", e.text);
        }
    }
    let (file_name, shortened) = file_name(&c.name);
    Case {
        file_name,
        shortened,
        name: c.name,
        text: t,
    }
}

/// The case's head: its name and notes as comments, `@map`, the lines not converted, and its
/// phase (`@turn`, `@phase`). Returns the phase's word (`movement` when the case names none).
fn write_head(c: &Raw, source: &str, t: &mut String, problems: &mut Vec<Problem>) -> &'static str {
    let _ = writeln!(
        t,
        "# CASE {} of {source}, converted by `mdip import jdip`.",
        c.name
    );
    for note in &c.notes {
        let _ = writeln!(t, "# {note}");
    }
    if let Some(map) = &c.map {
        let _ = writeln!(t, "{}", Directive::Map(map.clone()));
    }
    for line in &c.unplaced {
        let _ = writeln!(t, "# not converted: {line}");
    }
    let mut phase_word = "movement";
    if let Some((text, line)) = &c.phase {
        match phase(text) {
            Ok((turn, word)) => {
                phase_word = word;
                let default = if word == "adjustment" { 2 } else { 0 };
                if turn != default {
                    let _ = writeln!(t, "{}", Directive::Turn(turn));
                }
                if word != "movement" {
                    let _ = writeln!(t, "{}", phase_directive(word));
                }
            }
            Err(message) => {
                problems.push(Problem {
                    line: *line,
                    message,
                });
                let _ = writeln!(t, "# not converted: PRESTATE_SETPHASE {text}");
            }
        }
    }
    phase_word
}

/// The supply centres' owners: `Russia: A stp` names a centre (the unit is not placed).
fn write_owners(c: &Raw, t: &mut String, problems: &mut Vec<Problem>) {
    let mut owners: Vec<(String, Vec<String>)> = Vec::new();
    for e in &c.owners {
        match power_and_rest(&e.text).and_then(|(p, r)| Some((p, unit(&r)?.1))) {
            Some((p, loc)) => match owners.iter_mut().find(|o| o.0 == p) {
                Some(o) => o.1.push(province(&loc)),
                None => owners.push((p, vec![province(&loc)])),
            },
            None => unreadable(t, problems, e, "a supply centre owner"),
        }
    }
    for (p, centres) in &owners {
        let d = Directive::Owns {
            power: p.clone(),
            provinces: centres.clone(),
            season: None,
        };
        let _ = writeln!(t, "{d}");
    }
}

/// mdip's name of a map a case file names (`VARIANT_ALL Ancient Mediterranean`): the words in
/// lower case joined by `-` (`ancient-mediterranean`); `None` for the standard map (`Standard`,
/// godip's `Classical`).
fn map_name(variant: &str) -> Option<String> {
    let words: Vec<String> = variant
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    match words.join("-").as_str() {
        "standard" | "classical" => None,
        name => Some(name.to_owned()),
    }
}

/// The lines of a text, each without its line break: LF, CRLF and a lone CR alike (as
/// `mdip check` reads them); like `str::lines`, no empty line after a final break.
pub(crate) fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let Some(i) = rest.find(['\r', '\n']) else {
            return Some(std::mem::take(&mut rest));
        };
        let line = &rest[..i];
        let skip = if rest[i..].starts_with("\r\n") { 2 } else { 1 };
        rest = &rest[i + skip..];
        Some(line)
    })
}

/// `@dislodged` and `@standoff` of a retreat phase: the attacker of each dislodged unit is the
/// successful move into its province among the previous phase's results (by convoy when it
/// was ordered `via convoy` or a successful convoy order carried it); a standoff is a province
/// that a failed move over land aimed at and that is empty after the movement (a move into an
/// empty province fails only by bouncing off another), unless the moving unit was dislodged.
fn retreat_setup(c: &Raw, occupied: &[String], t: &mut String, problems: &mut Vec<Problem>) {
    let past: Vec<PastOrder> = c
        .results
        .iter()
        .filter_map(|e| {
            let p = past_order(&e.text);
            if p.is_none() {
                problems.push(Problem {
                    line: e.line,
                    message: format!(
                        "result `{}` is not `SUCCESS:` or `FAILURE:` and an order",
                        e.text
                    ),
                });
            }
            p
        })
        .collect();
    for e in &c.dislodged {
        let Some((p, (k, loc))) = power_and_rest(&e.text).and_then(|(p, r)| Some((p, unit(&r)?)))
        else {
            unreadable(t, problems, e, "a dislodged unit");
            continue;
        };
        let at = province(&loc);
        let attack = past.iter().find_map(|o| match &o.mv {
            Some((from, to)) if o.success && *to == at => Some(from.clone()),
            _ => None,
        });
        let by_convoy = attack.as_ref().is_some_and(|from| {
            let attack = Some((from.clone(), at.clone()));
            past.iter()
                .any(|o| o.success && (o.convoyed == attack || (o.via_convoy && o.mv == attack)))
        });
        let d = Directive::Dislodged {
            power: p,
            unit: unit_at(k, &loc),
            from: attack.map(Place::new),
            by_convoy,
        };
        let _ = writeln!(t, "{d}{}", comment(e));
    }
    // A dislodged unit's failed move makes no standoff (DATC 6.H.9).
    let dislodged_at: Vec<String> = c
        .dislodged
        .iter()
        .filter_map(|e| power_and_rest(&e.text).and_then(|(_, r)| unit(&r)))
        .map(|(_, loc)| province(&loc))
        .collect();
    let mut aimed: Vec<(String, usize)> = Vec::new();
    for o in &past {
        let by_land = !o.via_convoy
            && !past
                .iter()
                .any(|c| c.convoyed.is_some() && c.convoyed == o.mv)
            && !o
                .mv
                .as_ref()
                .is_some_and(|(from, _)| dislodged_at.contains(from));
        if let Some((_, to)) = o.mv.as_ref().filter(|_| !o.success && by_land) {
            match aimed.iter_mut().find(|a| a.0 == *to) {
                Some(a) => a.1 += 1,
                None => aimed.push((to.clone(), 1)),
            }
        }
    }
    let standoffs: Vec<&str> = aimed
        .iter()
        .filter(|(p, _)| !occupied.contains(p))
        .map(|(p, _)| p.as_str())
        .collect();
    if !standoffs.is_empty() {
        let d = Directive::Standoff(standoffs.into_iter().map(str::to_owned).collect());
        let _ = writeln!(t, "{d}");
    }
}

/// A line that is not what its section holds: a problem, kept as a comment.
fn unreadable(t: &mut String, problems: &mut Vec<Problem>, e: &Entry, what: &str) {
    problems.push(Problem {
        line: e.line,
        message: format!("`{}` is not {what} such as `England: F nth`", e.text),
    });
    let _ = writeln!(t, "# not converted: {}", e.text);
}

/// A unit of a type letter (`A`, `F`) at a location as written.
fn unit_at(k: char, loc: &str) -> Unit {
    let kind = if k == 'F' {
        UnitKind::Fleet
    } else {
        UnitKind::Army
    };
    Unit::new(kind, Place::new(loc))
}

/// `@phase <word>`.
fn phase_directive(word: &str) -> Directive {
    Directive::Phase {
        phase: word.to_owned(),
        seasons: Vec::new(),
    }
}

/// A line's comment, written after it.
fn comment(e: &Entry) -> String {
    e.comment
        .as_ref()
        .map_or_else(String::new, |c| format!("  # {c}"))
}

/// The longest name kept whole in a file name, in bytes: with `.mdip` and the `-2` of a second
/// case of one name, well under the 255 bytes most file systems allow.
const LONGEST_NAME: usize = 200;

/// A file name for a case, and whether the name had to be shortened.
fn file_name(name: &str) -> (String, bool) {
    let mut s: String = name
        .chars()
        .map(|ch| {
            if ch.is_ascii_alphanumeric() || matches!(ch, '.' | '-' | '_') {
                ch
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() || s.starts_with('.') {
        s.insert(0, '_');
    }
    // Only ASCII is left: cutting at a byte is cutting at a character.
    let shortened = s.len() > LONGEST_NAME;
    if shortened {
        s.truncate(LONGEST_NAME - 17);
        // FNV-1a of the whole name: two long names that share their start stay apart.
        let hash = name.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        s.push_str(&format!("-{hash:016x}"));
    }
    s.push_str(".mdip");
    (s, shortened)
}

mod read;
use read::*;

#[cfg(test)]
mod tests;
