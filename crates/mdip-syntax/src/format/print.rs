//! The one printer of the notation: the text of the typed values of [`crate::notation`] (an
//! order, a unit, a season, a directive), in the canonical [`Words`] or another spelling; and,
//! for the formatter, the canonical text of one line of a syntax tree, read into those values.
//!
//! Reading a tree matches the kinds of orders and directives, like [`crate::dump()`] and the
//! walk; this and they are the places a new kind is added.

use std::fmt::Write;

use crate::ast::{self, DirectiveKind, LineKind, PhaseLetter, SeasonName, SeasonWords};
use crate::notation::{Directive, Header, Order, OrderLine, Place, Season, Unit, UnitKind, Words};

use super::CanonicalCoast;

fn seasons(out: &mut String, l: &[Season]) {
    for (i, s) in l.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{s}");
    }
}

fn place(out: &mut String, p: &Place) {
    out.push_str(&p.province);
    if let Some(c) = &p.coast {
        let _ = write!(out, "({c})");
    }
    if let Some(s) = &p.season {
        let _ = write!(out, " {s}");
    }
}

fn unit(out: &mut String, u: &Unit, w: &Words<'_>) {
    match u.kind {
        Some(UnitKind::Army) => {
            out.push_str(w.army);
            out.push(' ');
        }
        Some(UnitKind::Fleet) => {
            out.push_str(w.fleet);
            out.push(' ');
        }
        None => {}
    }
    place(out, &u.place);
}

/// ` kw ` between two parts.
fn word(out: &mut String, kw: &str) {
    out.push(' ');
    out.push_str(kw);
    out.push(' ');
}

pub(crate) fn order(out: &mut String, o: &Order, w: &Words<'_>) {
    match o {
        Order::Hold { unit: u } => {
            unit(out, u, w);
            if !w.hold.is_empty() {
                out.push(' ');
                out.push_str(w.hold);
            }
        }
        Order::Move {
            unit: u,
            dest,
            via_convoy,
            retreat,
        } => {
            if *retreat && w.retreat_in_front {
                out.push_str(w.retreat);
                out.push(' ');
            }
            unit(out, u, w);
            word(
                out,
                if *retreat && !w.retreat_in_front {
                    w.retreat
                } else {
                    w.arrow
                },
            );
            place(out, dest);
            if *via_convoy {
                out.push(' ');
                out.push_str(w.via_convoy);
            }
        }
        Order::SupportHold { unit: u, target } => {
            unit(out, u, w);
            word(out, w.support);
            unit(out, target, w);
        }
        Order::SupportMove {
            unit: u,
            target,
            dest,
        } => {
            unit(out, u, w);
            word(out, w.support);
            unit(out, target, w);
            word(out, w.arrow);
            place(out, dest);
        }
        Order::Convoy {
            unit: u,
            army,
            dest,
        } => {
            unit(out, u, w);
            word(out, w.convoy);
            unit(out, army, w);
            word(out, w.arrow);
            place(out, dest);
        }
        // Without its type the unit is written after the keyword (`Disband gol`): `gol Disband`
        // would lack the type.
        Order::Disband { unit: u } if w.disband_in_front || u.kind.is_none() => {
            out.push_str(w.disband);
            out.push(' ');
            unit(out, u, w);
        }
        Order::Disband { unit: u } => {
            unit(out, u, w);
            out.push(' ');
            out.push_str(w.disband);
        }
        Order::Build { unit: u } => {
            out.push_str(w.build);
            out.push(' ');
            unit(out, u, w);
        }
        Order::Remove { unit: u } => {
            out.push_str(w.remove);
            out.push(' ');
            unit(out, u, w);
        }
        Order::Waive => out.push_str(w.waive),
    }
}

fn order_line(out: &mut String, o: &OrderLine, w: &Words<'_>) {
    if let Some(p) = &o.power {
        let _ = write!(out, "{p}: ");
    }
    order(out, &o.order, w);
    if let Some(e) = o.expect {
        out.push_str(" => ");
        out.push_str(e.word());
    }
}

fn header(out: &mut String, h: &Header) {
    if let Some(power) = &h.power {
        out.push_str(power);
    }
    match (&h.season, &h.words) {
        (Some(s), _) => {
            let _ = write!(out, " {s}");
        }
        (None, Some(words)) => {
            if h.power.is_some() {
                out.push(' ');
            }
            out.push_str(words);
        }
        (None, None) => {}
    }
    if h.colon {
        out.push(':');
    }
}

fn directive(out: &mut String, d: &Directive, w: &Words<'_>) {
    match d {
        Directive::Rules(words) => {
            let _ = write!(out, "@rules {words}");
        }
        Directive::Map(name) => {
            let _ = write!(out, "@map {name}");
        }
        Directive::MapFolder(path) => {
            let _ = write!(out, "@map \"{path}\"");
        }
        Directive::Start(n) => {
            let _ = write!(out, "@start {n}");
        }
        Directive::Unit { power, unit: u } => {
            let _ = write!(out, "@unit {power} ");
            unit(out, u, w);
        }
        Directive::Owns {
            power,
            provinces,
            season: s,
        } => {
            let _ = write!(out, "@owns {power} {}", provinces.join(w.list));
            if let Some(s) = s {
                let _ = write!(out, " {s}");
            }
        }
        Directive::Phase { phase, seasons: l } => {
            let _ = write!(out, "@phase {phase}");
            if !l.is_empty() {
                out.push(' ');
                seasons(out, l);
            }
        }
        Directive::Season { season: s, from } => {
            let _ = write!(out, "@season {s}");
            if let Some(f) = from {
                let _ = write!(out, " from {f}");
            }
        }
        Directive::Record(line) => {
            out.push_str("@record ");
            order_line(out, line, w);
        }
        Directive::Turn(n) => {
            let _ = write!(out, "@turn {n}");
        }
        Directive::Game(n) => {
            out.push_str("@game");
            if let Some(n) = n {
                let _ = write!(out, " {n}");
            }
        }
        Directive::ExpectUnit { power, unit: u } => {
            let _ = write!(out, "@expect unit {power} ");
            unit(out, u, w);
        }
        Directive::ExpectHas { power, unit: u } => {
            out.push_str("@expect has ");
            if let Some(p) = power {
                let _ = write!(out, "{p} ");
            }
            unit(out, u, w);
        }
        Directive::ExpectDislodged { power, unit: u } => {
            let _ = write!(out, "@expect dislodged {power} ");
            unit(out, u, w);
        }
        Directive::Dislodged {
            power,
            unit: u,
            from,
            by_convoy,
        } => {
            let _ = write!(out, "@dislodged {power} ");
            unit(out, u, w);
            if let Some(from) = from {
                out.push_str(" from ");
                place(out, from);
            }
            if *by_convoy {
                out.push_str(" by convoy");
            }
        }
        Directive::Standoff(provinces) => {
            let _ = write!(out, "@standoff {}", provinces.join(w.list));
        }
        Directive::ExpectRetreats {
            power,
            unit: u,
            options,
        } => {
            let _ = write!(out, "@expect retreats {power} ");
            unit(out, u, w);
            out.push(':');
            if options.is_empty() {
                out.push_str(" none");
            }
            for (i, o) in options.iter().enumerate() {
                out.push_str(if i == 0 { " " } else { ", " });
                place(out, o);
            }
        }
        Directive::ExpectEmpty(s) => {
            let _ = write!(out, "@expect empty {s}");
        }
        Directive::ExpectSeasons(l) => {
            out.push_str("@expect seasons ");
            seasons(out, l);
        }
        Directive::ExpectTimelines(l) => {
            let nums: Vec<String> = l.iter().map(u32::to_string).collect();
            let _ = write!(out, "@expect timelines {}", nums.join(" "));
        }
        Directive::ExpectHeads(l) => {
            out.push_str("@expect heads ");
            seasons(out, l);
        }
        Directive::ExpectOwner {
            province,
            power,
            season: s,
        } => {
            let _ = write!(out, "@expect owner {province} {power}");
            if let Some(s) = s {
                let _ = write!(out, " {s}");
            }
        }
        Directive::ExpectDislodgedExceptDisbanded => {
            out.push_str("@expect dislodged except disbanded");
        }
        Directive::ExpectWinner(n) => {
            let _ = write!(out, "@expect winner {n}");
        }
        Directive::ExpectDiagnostic { severity, code } => {
            let _ = write!(out, "@expect {severity} {code}");
        }
    }
}

macro_rules! text_fns {
    ($($name:ident($t:ty) => |$out:ident, $v:ident, $w:ident| $body:expr;)*) => {$(
        pub(crate) fn $name($v: &$t, $w: &Words<'_>) -> String {
            let mut $out = String::new();
            $body;
            $out
        }
    )*};
}

text_fns! {
    place_text(Place) => |out, v, _w| place(&mut out, v);
    unit_text(Unit) => |out, v, w| unit(&mut out, v, w);
    order_text(Order) => |out, v, w| order(&mut out, v, w);
    order_line_text(OrderLine) => |out, v, w| order_line(&mut out, v, w);
    header_text(Header) => |out, v, _w| header(&mut out, v);
    directive_text(Directive) => |out, v, w| directive(&mut out, v, w);
}

// Reading a syntax tree into the typed values, as the formatter spells them.

/// A season; `None` when a part is missing.
fn season_of(s: &ast::SeasonLit) -> Option<Season> {
    Some(Season::new(s.turn?, s.timeline?))
}

fn seasons_of(l: &[ast::SeasonLit]) -> Option<Vec<Season>> {
    l.iter().map(season_of).collect()
}

fn place_of(l: &ast::LocRef, coast: CanonicalCoast<'_>) -> Option<Place> {
    Some(Place {
        province: l.province.text.clone(),
        coast: l
            .coast
            .as_ref()
            .map(|c| coast(&c.text).map_or_else(|| c.text.clone(), str::to_owned)),
        season: match &l.season {
            Some(s) => Some(season_of(s)?),
            None => None,
        },
    })
}

fn unit_of(u: &ast::UnitRef, coast: CanonicalCoast<'_>) -> Option<Unit> {
    Some(Unit {
        kind: u.kind.map(|k| k.kind),
        place: place_of(&u.loc, coast)?,
    })
}

impl Order {
    /// The order a syntax tree holds, its coasts spelt by `coast`; `None` for an incomplete
    /// order or a season with a part missing.
    pub fn from_ast(o: &ast::Order, coast: CanonicalCoast<'_>) -> Option<Order> {
        let u = |u: &ast::UnitRef| unit_of(u, coast);
        Some(match o {
            ast::Order::Hold { unit, .. } => Order::Hold { unit: u(unit)? },
            ast::Order::Move {
                unit,
                dest,
                via_convoy,
                retreat_keyword,
                ..
            } => Order::Move {
                unit: u(unit)?,
                dest: place_of(dest, coast)?,
                via_convoy: via_convoy.is_some(),
                retreat: retreat_keyword.is_some(),
            },
            ast::Order::SupportHold { unit, target, .. } => Order::SupportHold {
                unit: u(unit)?,
                target: u(target)?,
            },
            ast::Order::SupportMove {
                unit, target, dest, ..
            } => Order::SupportMove {
                unit: u(unit)?,
                target: u(target)?,
                dest: place_of(dest, coast)?,
            },
            ast::Order::Convoy {
                unit, army, dest, ..
            } => Order::Convoy {
                unit: u(unit)?,
                army: u(army)?,
                dest: place_of(dest, coast)?,
            },
            ast::Order::Disband { unit, .. } => Order::Disband { unit: u(unit)? },
            ast::Order::Build { unit, .. } => Order::Build { unit: u(unit)? },
            ast::Order::Remove { unit, .. } => Order::Remove { unit: u(unit)? },
            ast::Order::Waive { .. } => Order::Waive,
            ast::Order::Incomplete(_) => return None,
        })
    }
}

impl OrderLine {
    /// The order line a syntax tree holds (see [`Order::from_ast`]).
    pub fn from_ast(o: &ast::OrderLine, coast: CanonicalCoast<'_>) -> Option<OrderLine> {
        Some(OrderLine {
            power: o.power.as_ref().map(|p| p.text.clone()),
            order: Order::from_ast(&o.order, coast)?,
            expect: o.expect.map(|e| e.outcome),
        })
    }
}

impl Directive {
    /// The directive a syntax tree holds, in the formatter's spelling (directive words in
    /// lower case, diagnostic codes in capitals), or `None` for one it keeps as written.
    pub fn from_ast(d: &ast::Directive, coast: CanonicalCoast<'_>) -> Option<Directive> {
        let low = |n: &ast::Name| n.text.to_lowercase();
        let u = |u: &ast::UnitRef| unit_of(u, coast);
        let names = |l: &[ast::Name]| l.iter().map(|n| n.text.clone()).collect::<Vec<_>>();
        let opt_season = |s: &Option<ast::SeasonLit>| match s {
            Some(s) => season_of(s).map(Some),
            None => Some(None),
        };
        Some(match &d.kind {
            DirectiveKind::Rules(n) => {
                let words: Vec<&str> = n.text.split_whitespace().collect();
                Directive::Rules(words.join(" ").to_lowercase())
            }
            DirectiveKind::Start(n) => Directive::Start(low(n)),
            DirectiveKind::Map(n) => match n.map_path() {
                Some(path) => Directive::MapFolder(path.to_owned()),
                None => Directive::Map(low(n)),
            },
            DirectiveKind::Unit { power, unit } => Directive::Unit {
                power: power.text.clone(),
                unit: u(unit)?,
            },
            DirectiveKind::Owns {
                power,
                provinces,
                season,
            } => {
                if provinces.len() == 1 && provinces[0].text.contains(' ') {
                    return None;
                }
                Directive::Owns {
                    power: power.text.clone(),
                    provinces: names(provinces),
                    season: opt_season(season)?,
                }
            }
            DirectiveKind::Phase { phase, seasons } => Directive::Phase {
                phase: low(phase),
                seasons: seasons_of(seasons)?,
            },
            DirectiveKind::Season { season, from, .. } => Directive::Season {
                season: season_of(season)?,
                from: opt_season(from)?,
            },
            DirectiveKind::Record(line) => Directive::Record(OrderLine::from_ast(line, coast)?),
            DirectiveKind::Turn(n) => Directive::Turn(n.value?),
            DirectiveKind::Game(n) => Directive::Game(n.as_ref().map(|n| n.text.clone())),
            DirectiveKind::ExpectUnit { power, unit } => Directive::ExpectUnit {
                power: power.text.clone(),
                unit: u(unit)?,
            },
            DirectiveKind::ExpectHas { power, unit } => Directive::ExpectHas {
                power: power.as_ref().map(|p| p.text.clone()),
                unit: u(unit)?,
            },
            DirectiveKind::ExpectDislodged { power, unit } => Directive::ExpectDislodged {
                power: power.text.clone(),
                unit: u(unit)?,
            },
            DirectiveKind::Dislodged {
                power,
                unit,
                from,
                by_convoy,
            } => Directive::Dislodged {
                power: power.text.clone(),
                unit: u(unit)?,
                from: match from {
                    Some(f) => Some(place_of(f, coast)?),
                    None => None,
                },
                by_convoy: by_convoy.is_some(),
            },
            DirectiveKind::Standoff(provinces) => {
                if provinces.len() == 1 && provinces[0].text.contains(' ') {
                    return None;
                }
                Directive::Standoff(names(provinces))
            }
            DirectiveKind::ExpectRetreats {
                power,
                unit,
                options,
            } => Directive::ExpectRetreats {
                power: power.text.clone(),
                unit: u(unit)?,
                options: options
                    .iter()
                    .map(|o| place_of(o, coast))
                    .collect::<Option<_>>()?,
            },
            DirectiveKind::ExpectEmpty(s) => Directive::ExpectEmpty(season_of(s)?),
            DirectiveKind::ExpectSeasons(l) => Directive::ExpectSeasons(seasons_of(l)?),
            DirectiveKind::ExpectTimelines(l) => {
                Directive::ExpectTimelines(l.iter().map(|n| n.value).collect::<Option<Vec<_>>>()?)
            }
            DirectiveKind::ExpectHeads(l) => Directive::ExpectHeads(seasons_of(l)?),
            DirectiveKind::ExpectOwner {
                province,
                power,
                season,
            } => Directive::ExpectOwner {
                province: province.text.clone(),
                power: power.text.clone(),
                season: opt_season(season)?,
            },
            DirectiveKind::ExpectDislodgedExceptDisbanded => {
                Directive::ExpectDislodgedExceptDisbanded
            }
            DirectiveKind::ExpectWinner(n) => Directive::ExpectWinner(n.text.clone()),
            DirectiveKind::ExpectDiagnostic { severity, code } => Directive::ExpectDiagnostic {
                severity: low(severity),
                code: code.text.to_uppercase(),
            },
            DirectiveKind::Unknown => return None,
        })
    }
}

fn header_of(h: &ast::Header) -> Option<Header> {
    let season = match &h.season {
        Some(s) => Some(season_of(s)?),
        None => None,
    };
    let words = match (&season, &h.words) {
        (None, Some(w)) => Some(season_words(w)?),
        _ => None,
    };
    Some(Header {
        power: h.power.as_ref().map(|p| p.text.clone()),
        colon: season.is_none() && words.is_none(),
        season,
        words,
    })
}

/// The canonical text of a line (without its line break), or `None` to keep it as it is.
pub(super) fn canonical_line(
    text: &str,
    line: &ast::Line,
    coast: CanonicalCoast<'_>,
) -> Option<String> {
    let w = &Words::CANONICAL;
    let mut out = match &line.kind {
        LineKind::Blank | LineKind::Comment => String::new(),
        LineKind::Header(h) => header_text(&header_of(h)?, w),
        LineKind::Order(o) => order_line_text(&OrderLine::from_ast(o, coast)?, w),
        LineKind::Directive(d) => directive_text(&Directive::from_ast(d, coast)?, w),
        LineKind::Error => return None,
    };
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
