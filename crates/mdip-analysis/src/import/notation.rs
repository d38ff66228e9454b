//! Orders written in other 5D notations, read into mdip's notation, text to text, line by line.
//!
//! - **The fork's text** (the copy-and-paste text of a widely used fork of the 5D Diplomacy game,
//!   inkyant/5d-diplomacy-with-multiverse-time-travel): `England: T1 S01 F Lon -> T1 S01 NTH,
//!   T1 S01 A Lvp -> T1 S01 Yor; France: T1 S01 A Par -> T1 S01 Bur; `. A place is
//!   `T<timeline> <S|F|W><yy> <region>`: the game's timeline (from 1), Spring, Fall or Winter of
//!   year `1900 + yy`, and the game's region id (`Lon`, `NTH`, `Spa_S`; without case). An order
//!   is the unit's place with its type before the region (`T1 S01 F Lon`), then `H` (hold),
//!   `-> <place>` (move; a place of a region alone is on the unit's board), `S <place> H` or
//!   `S <place> -> <place>` (support; the supported unit has no type), `C <place> -> <place>`
//!   (convoy), `D` (disband, a removal on a Winter board), or nothing on a Winter board (a
//!   build; the fork's reader also takes `T1 W01 D A Par` for a Winter removal). Orders are
//!   separated by `,`, powers by `;`. An mdip expectation may follow an order
//!   (`T1 S01 A Vie -> T1 S01 Gal => fails`), so that such a file checks itself.
//! - **5dplomacy's** (Tim Van Baak's adjudicator): DATC's English orders with each place written
//!   `timeline:province:turn`, the timeline a letter or its NATO word (`a`/`alfa` is the first,
//!   `b`/`bravo` the second, ...), the turn `S02` or `Spring 1902` (also `F`/`Fall`/`Autumn`):
//!   `A b:Mun:S02 - b:Tyr:S02`, `Army bravo:Munich:Spring 1902 Supports ...`. Its README pins down
//!   no more than that; the rest of the line is read as mdip reads DATC's notation.
//!
//! A file declares its notation with a line `@notation fork` or `@notation 5dplomacy` (made a
//! comment); a file whose first order line has the fork's shape (`Power: T<n> <S|F|W><yy> ...`,
//! which never reads as mdip's notation: a unit's type comes first there) is read as the fork's
//! without it. 5dplomacy's places are only read where declared: `a:Mun:S01`-like words are not
//! unmistakable enough to guess. Lines starting with `@` or `#`, and blank lines, are kept as
//! they are (setup directives and expectations stay mdip's); a line or an order that cannot be
//! read is kept as written (an order with its power in front), so that mdip's parser reports it
//! at its place: nothing is dropped and the reader never fails.
//!
//! Reading text rather than teaching the parser these forms keeps mdip's front end as it is:
//! total and error-tolerant line by line, one order per line. The fork's lines hold several
//! orders and put the season before the unit, which the parser's one-line model cannot carry;
//! the cost is that diagnostics point into the text as read (the checker shows it).

use std::fmt::Write;

use mdip_syntax::notation as n;

use super::fivedd::mdip_location;

/// The notations read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// The fork's copy-and-paste text.
    Fork,
    /// 5dplomacy's places.
    FiveDplomacy,
}

/// The notation a text is written in: declared by `@notation`, or recognised by the fork's
/// shape; `None` for mdip's own.
pub fn notation_of(text: &str) -> Option<Notation> {
    for line in text.lines() {
        let t = line.trim();
        if let Some(rest) = t.strip_prefix("@notation") {
            let word = rest.split('#').next().unwrap_or("").trim();
            return match word.to_ascii_lowercase().as_str() {
                "fork" => Some(Notation::Fork),
                "5dplomacy" => Some(Notation::FiveDplomacy),
                _ => None,
            };
        }
        if t.is_empty() || t.starts_with('#') || t.starts_with('@') {
            continue;
        }
        // The first order line decides.
        return fork_shaped(t).then_some(Notation::Fork);
    }
    None
}

/// Whether a line starts as the fork's text: a power, `:`, then `T<n> <S|F|W><yy>`.
fn fork_shaped(line: &str) -> bool {
    let Some((power, rest)) = line.split_once(':') else {
        return false;
    };
    if power.trim().is_empty() || power.trim().contains(char::is_whitespace) {
        return false;
    }
    let mut words = rest.split_whitespace();
    matches!((words.next(), words.next()), (Some(t), Some(s)) if timeline(t).is_some() && turn_code(s).is_some())
}

/// The text in mdip's notation when it is written in another (declared or recognised), else
/// `None`.
pub fn read(text: &str) -> Option<String> {
    let notation = notation_of(text)?;
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with("@notation") {
            let _ = writeln!(out, "# {t}");
            continue;
        }
        if t.is_empty() || t.starts_with('#') || t.starts_with('@') {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        match notation {
            Notation::Fork => fork_line(line, &mut out),
            Notation::FiveDplomacy => {
                out.push_str(&fivedplomacy_line(line));
                out.push('\n');
            }
        }
    }
    Some(out)
}

/// `T3` → timeline 2 (the game's timelines count from 1).
fn timeline(word: &str) -> Option<u32> {
    let n: u32 = word.strip_prefix(['T', 't'])?.parse().ok()?;
    n.checked_sub(1)
}

/// `S01` → (phase letter, year).
fn turn_code(word: &str) -> Option<(char, u32)> {
    let mut chars = word.chars();
    let phase = chars.next()?.to_ascii_uppercase();
    let yy = chars.as_str();
    if !matches!(phase, 'S' | 'F' | 'W') || yy.len() != 2 {
        return None;
    }
    let yy: u32 = yy.parse().ok()?;
    Some((phase, 1900 + yy))
}

/// The mdip season of a board: Spring and Fall are their turn; a Winter board is the season
/// its adjustments change (the next Spring's), as `mdip import 5dd` maps it.
fn season(timeline: u32, phase: char, year: u32) -> Option<n::Season> {
    let base = year.checked_sub(1901)?.checked_mul(2)?;
    let turn = match phase {
        'S' => base,
        'F' => base + 1,
        _ => base + 2,
    };
    Some(n::Season::new(turn, timeline))
}

/// A place of the fork: (mdip location, mdip season, whether a Winter board).
#[derive(Clone)]
struct Place {
    location: String,
    season: n::Season,
    winter: bool,
}

impl Place {
    /// The place in the notation, its season written.
    fn notation(&self) -> n::Place {
        n::Place::new(&self.location).season(Some(self.season))
    }
}

/// Reads `T1 S01 Lon` (or a region alone, on the board of `board`) from `words`.
fn place(words: &[&str], board: Option<&Place>) -> Option<Place> {
    match words {
        [t, s, region] => {
            let (phase, year) = turn_code(s)?;
            Some(Place {
                location: mdip_location(region)?,
                season: season(timeline(t)?, phase, year)?,
                winter: phase == 'W',
            })
        }
        [region] => {
            let b = board?;
            Some(Place {
                location: mdip_location(region)?,
                ..b.clone()
            })
        }
        _ => None,
    }
}

/// Converts one line of the fork's text: every power's orders, one mdip line each.
fn fork_line(line: &str, out: &mut String) {
    for chunk in line.split(';') {
        let chunk = chunk.trim();
        if chunk.len() < 2 {
            continue;
        }
        let Some((power, orders)) = chunk.split_once(':') else {
            // Not a power's orders: kept for the parser to report.
            let _ = writeln!(out, "{chunk}");
            continue;
        };
        let power = power.trim();
        for order in orders.split(',') {
            let order = order.trim();
            if order.is_empty() {
                continue;
            }
            match fork_order(order) {
                Some(text) => {
                    let _ = writeln!(out, "{power}: {text}");
                }
                None => {
                    let _ = writeln!(out, "{power}: {order}");
                }
            }
        }
    }
}

/// One order of the fork in mdip's notation, or `None` when it cannot be read. An mdip
/// expectation after it (`=> fails`) is kept, so that a file in the fork's notation can check
/// itself.
fn fork_order(order: &str) -> Option<String> {
    if let Some((order, expected)) = order.split_once("=>") {
        return Some(format!("{} => {}", fork_order(order)?, expected.trim()));
    }
    let words: Vec<&str> = order.split_whitespace().collect();
    // The fork's reader also takes a Winter removal as `T1 W01 D A Par`.
    if let [t, s, d, kind, region] = words.as_slice() {
        if d.eq_ignore_ascii_case("D") {
            let at = place(&[t, s, region], None)?;
            let unit = n::Unit::new(unit_kind(kind)?, at.notation());
            return Some(n::Order::Remove { unit }.to_string());
        }
    }
    let [t, s, kind, region, rest @ ..] = words.as_slice() else {
        return None;
    };
    let kind = unit_kind(kind)?;
    let at = place(&[t, s, region], None)?;
    let unit = n::Unit::new(kind, at.notation());
    // A helped unit is written without its type, as the fork writes it.
    let helped = |p: &Place| n::Unit {
        kind: None,
        place: p.notation(),
    };
    let order = match rest {
        [] if at.winter => n::Order::Build { unit },
        [h] if h.eq_ignore_ascii_case("H") => n::Order::Hold { unit },
        [d] if d.eq_ignore_ascii_case("D") && at.winter => n::Order::Remove { unit },
        [d] if d.eq_ignore_ascii_case("D") => n::Order::Disband { unit },
        [arrow, dest @ ..] if *arrow == "->" => n::Order::Move {
            unit,
            dest: place(dest, Some(&at))?.notation(),
            via_convoy: false,
            retreat: false,
        },
        [op, tail @ ..] if op.eq_ignore_ascii_case("S") => {
            match tail.iter().position(|w| *w == "->") {
                Some(i) => {
                    let target = place(&tail[..i], Some(&at))?;
                    let to = place(&tail[i + 1..], Some(&target))?;
                    n::Order::SupportMove {
                        unit,
                        target: helped(&target),
                        dest: to.notation(),
                    }
                }
                None => {
                    let held = match tail {
                        [init @ .., h] if h.eq_ignore_ascii_case("H") => init,
                        all => all,
                    };
                    let target = place(held, Some(&at))?;
                    n::Order::SupportHold {
                        unit,
                        target: helped(&target),
                    }
                }
            }
        }
        [op, tail @ ..] if op.eq_ignore_ascii_case("C") => {
            let i = tail.iter().position(|w| *w == "->")?;
            let army = place(&tail[..i], Some(&at))?;
            let to = place(&tail[i + 1..], Some(&army))?;
            n::Order::Convoy {
                unit,
                army: helped(&army),
                dest: to.notation(),
            }
        }
        _ => return None,
    };
    let words = n::Words {
        disband: "disband",
        disband_in_front: false,
        ..n::Words::TERSE
    };
    Some(n::Spelt(&order, &words).to_string())
}

fn unit_kind(word: &str) -> Option<n::UnitKind> {
    match word {
        "A" | "a" => Some(n::UnitKind::Army),
        "F" | "f" => Some(n::UnitKind::Fleet),
        _ => None,
    }
}

/// NATO's words for the letters: 5dplomacy's timeline names.
const NATO: [&str; 26] = [
    "alfa", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliett",
    "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango",
    "uniform", "victor", "whiskey", "xray", "yankee", "zulu",
];

/// A 5dplomacy timeline: a letter or its NATO word (also `alpha`, `juliet`), from 0.
fn timeline_name(word: &str) -> Option<u32> {
    let w = word.to_ascii_lowercase();
    let w = match w.as_str() {
        "alpha" => "alfa",
        "juliet" => "juliett",
        "x-ray" => "xray",
        other => other,
    };
    if w.len() == 1 {
        let c = w.chars().next()?;
        return c
            .is_ascii_lowercase()
            .then(|| u32::from(c) - u32::from('a'));
    }
    NATO.iter().position(|n| *n == w).map(|i| i as u32)
}

/// A 5dplomacy turn at the start of `text`: `S02`, or `Spring 1902` (`Fall`, `Autumn`,
/// `Winter`); the mdip season's phase and year, and the bytes read.
fn fivedplomacy_turn(text: &str) -> Option<(char, u32, usize)> {
    let word_end = text
        .find(|c: char| !c.is_ascii_alphanumeric())
        .unwrap_or(text.len());
    let word = &text[..word_end];
    if let Some((phase, year)) = turn_code(word) {
        return Some((phase, year, word_end));
    }
    let phase = match word.to_ascii_lowercase().as_str() {
        "spring" => 'S',
        "fall" | "autumn" => 'F',
        "winter" => 'W',
        _ => return None,
    };
    let rest = &text[word_end..];
    let digits = rest.trim_start_matches(' ');
    let skipped = rest.len() - digits.len();
    let n = digits
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(digits.len());
    if n != 4 || skipped == 0 {
        return None;
    }
    let year: u32 = digits[..4].parse().ok()?;
    Some((phase, year, word_end + skipped + 4))
}

/// One line of 5dplomacy's notation: each `timeline:province:turn` becomes `province X:Y`;
/// everything else is kept.
fn fivedplomacy_line(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + 8);
    let mut rest = line;
    while let Some(colon) = rest.find(':') {
        // The timeline word ends at the colon.
        let before = &rest[..colon];
        let start = before
            .rfind(|c: char| !c.is_ascii_alphabetic() && c != '-')
            .map_or(0, |i| i + 1);
        let converted = timeline_name(&before[start..]).and_then(|tl| {
            let after = &rest[colon + 1..];
            let second = after.find(':')?;
            let province = &after[..second];
            if province.trim().is_empty() || province.contains(['\n', ',', ';']) {
                return None;
            }
            let (phase, year, used) = fivedplomacy_turn(&after[second + 1..])?;
            let season = season(tl, phase, year)?;
            Some((
                n::Place::new(province.trim())
                    .season(Some(season))
                    .to_string(),
                colon + 1 + second + 1 + used,
            ))
        });
        match converted {
            Some((text, used)) if start < colon => {
                out.push_str(&rest[..start]);
                out.push_str(&text);
                rest = &rest[used..];
            }
            _ => {
                out.push_str(&rest[..=colon]);
                rest = &rest[colon + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fork_is_recognised_by_its_shape_or_declared() {
        assert_eq!(
            notation_of("@rules 5dd\nEngland: T1 S01 F Lon -> T1 S01 NTH; "),
            Some(Notation::Fork)
        );
        assert_eq!(notation_of("England: F Lon - NTH\n"), None);
        assert_eq!(
            notation_of("@notation 5dplomacy\nA a:Mun:S01 hold\n"),
            Some(Notation::FiveDplomacy)
        );
        assert_eq!(notation_of("Germany 0:0\nA Munich hold\n"), None);
    }

    #[test]
    fn every_order_of_the_fork_reads() {
        let text = "@notation fork\nEngland: T1 S01 F Lon -> T1 S01 NTH, T1 S01 F Edi H, T1 S01 A Lvp -> Yor; France: T1 F01 A Mar S T1 F01 Par H, T1 F01 A Bur S T1 F01 Par -> T1 F01 Pic, T1 F01 F Bre C T1 F01 Par -> T1 F01 Lon, T1 F01 A Par D; Germany: T2 W01 A Ber, T2 W01 A Mun D, T1 W01 D F Kie; Italy: nonsense, T1 S01 X Rom H; \n";
        assert_eq!(
            read(text).unwrap(),
            "# @notation fork\n\
             England: F lon 0:0 - nth 0:0\n\
             England: F edi 0:0 hold\n\
             England: A lvp 0:0 - yor 0:0\n\
             France: A mar 1:0 S par 1:0\n\
             France: A bur 1:0 S par 1:0 - pic 1:0\n\
             France: F bre 1:0 C par 1:0 - lon 1:0\n\
             France: A par 1:0 disband\n\
             Germany: Build A ber 2:1\n\
             Germany: Remove A mun 2:1\n\
             Germany: Remove F kie 2:0\n\
             Italy: nonsense\n\
             Italy: T1 S01 X Rom H\n"
        );
    }

    #[test]
    fn fivedplomacy_places_read() {
        assert_eq!(
            fivedplomacy_line("Germany: A b:Mun:S02 - b:Tyr:S02"),
            "Germany: A Mun 2:1 - Tyr 2:1"
        );
        assert_eq!(
            fivedplomacy_line(
                "Army bravo:Munich:Spring 1902 Supports A alfa:North Sea:Fall 1901 hold"
            ),
            "Army Munich 2:1 Supports A North Sea 1:0 hold"
        );
        assert_eq!(
            fivedplomacy_line("England: F lon - nth"),
            "England: F lon - nth"
        );
        assert_eq!(fivedplomacy_line("x:y"), "x:y");
    }
}
