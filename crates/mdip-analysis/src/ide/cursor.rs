//! What the cursor is on: a power, a unit, a province or a season, with the season it is read
//! in. Shared by hover, go to definition and code actions.

use mdip_judge::world::SeasonKey;
use mdip_map::{Coast, Map, Power, ProvinceId, UnitType};
use mdip_syntax::{
    DirectiveKind, LineKind, LocRef, Name, Order, SeasonLit, Span, UnitKind, UnitRef,
};

use crate::Analysis;

/// The thing under the cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A power: in a block header, in front of an order or in a directive.
    Power {
        /// The power.
        power: Power,
        /// The season it is read in (the header's, the order's), if known.
        season: Option<SeasonKey>,
        /// The name.
        span: Span,
    },
    /// A unit: the ordered unit of an order, a supported or convoyed unit, or a unit of a
    /// directive.
    Unit {
        /// Its type as written.
        kind: Option<UnitType>,
        /// Its province.
        province: ProvinceId,
        /// Its coast as written.
        coast: Option<Coast>,
        /// Its season (as written or by default), if known.
        season: Option<SeasonKey>,
        /// The unit as written.
        span: Span,
        /// Whether it is the unit the order on its line is given to.
        ordered: bool,
        /// The line.
        line: usize,
    },
    /// A province, as a destination or in a directive.
    Province {
        /// The province.
        province: ProvinceId,
        /// The season it is read in, if known.
        season: Option<SeasonKey>,
        /// The name.
        span: Span,
    },
    /// A season literal.
    Season {
        /// The season.
        key: SeasonKey,
        /// The literal.
        span: Span,
    },
}

/// The season a literal names, when complete.
pub(crate) fn season_of(lit: &SeasonLit) -> Option<SeasonKey> {
    Some(SeasonKey::new(lit.turn?, lit.timeline?))
}

/// The season of a line's block (or the default season there).
pub(crate) fn line_season(analysis: &Analysis, line: usize) -> Option<SeasonKey> {
    analysis.contexts.get(line).and_then(|c| c.season)
}

/// The season of the unit ordered on `line`: as the analysis resolved it, else as written,
/// else the block's.
pub(crate) fn ordered_season(
    analysis: &Analysis,
    line: usize,
    unit: Option<&UnitRef>,
) -> Option<SeasonKey> {
    if let Some(s) = analysis
        .order_on_line(line)
        .and_then(|o| o.unit)
        .map(|u| u.season)
    {
        return Some(s);
    }
    unit.and_then(|u| u.loc.season.as_ref())
        .and_then(season_of)
        .or_else(|| line_season(analysis, line))
}

fn unit_kind(k: UnitKind) -> UnitType {
    match k {
        UnitKind::Army => UnitType::Army,
        UnitKind::Fleet => UnitType::Fleet,
    }
}

struct Finder<'a> {
    map: &'static Map,
    offset: u32,
    line: usize,
    analysis: &'a Analysis,
}

impl Finder<'_> {
    fn power(&self, name: &Name, season: Option<SeasonKey>) -> Option<Target> {
        if !name.span.touches(self.offset) {
            return None;
        }
        Some(Target::Power {
            power: Power::from_name(&name.text)?,
            season,
            span: name.span,
        })
    }

    fn season(&self, lit: Option<&SeasonLit>) -> Option<Target> {
        let lit = lit?;
        if !lit.span.touches(self.offset) {
            return None;
        }
        Some(Target::Season {
            key: season_of(lit)?,
            span: lit.span,
        })
    }

    /// The season a location is read in: as written, else `default`.
    fn loc_season(loc: &LocRef, default: Option<SeasonKey>) -> Option<SeasonKey> {
        loc.season.as_ref().and_then(season_of).or(default)
    }

    fn unit(&self, u: &UnitRef, default: Option<SeasonKey>, ordered: bool) -> Option<Target> {
        if !u.span.touches(self.offset) {
            return None;
        }
        if let Some(t) = self.season(u.loc.season.as_ref()) {
            return Some(t);
        }
        Some(Target::Unit {
            kind: u.kind.map(|k| unit_kind(k.kind)),
            province: self.map.resolve_province(&u.loc.province.text)?,
            coast: u.loc.coast.as_ref().and_then(|c| Coast::from_name(&c.text)),
            season: Self::loc_season(&u.loc, default),
            span: u.span,
            ordered,
            line: self.line,
        })
    }

    fn loc(&self, l: &LocRef, default: Option<SeasonKey>) -> Option<Target> {
        if !l.span.touches(self.offset) {
            return None;
        }
        if let Some(t) = self.season(l.season.as_ref()) {
            return Some(t);
        }
        Some(Target::Province {
            province: self.map.resolve_province(&l.province.text)?,
            season: Self::loc_season(l, default),
            span: l.province.span,
        })
    }

    fn order(&self, o: &Order, power: Option<&Name>) -> Option<Target> {
        let unit = o.unit();
        let s = ordered_season(self.analysis, self.line, unit);
        if let Some(p) = power {
            if let Some(t) = self.power(p, s) {
                return Some(t);
            }
        }
        let season_of_unit = |u: &UnitRef, d: Option<SeasonKey>| Self::loc_season(&u.loc, d);
        match o {
            Order::Hold { unit, .. }
            | Order::Disband { unit, .. }
            | Order::Build { unit, .. }
            | Order::Remove { unit, .. } => self.unit(unit, s, true),
            Order::Move { unit, dest, .. } => {
                self.unit(unit, s, true).or_else(|| self.loc(dest, s))
            }
            Order::SupportHold { unit, target, .. } => self
                .unit(unit, s, true)
                .or_else(|| self.unit(target, s, false)),
            Order::SupportMove {
                unit, target, dest, ..
            } => {
                let ts = season_of_unit(target, s);
                self.unit(unit, s, true)
                    .or_else(|| self.unit(target, s, false))
                    .or_else(|| self.loc(dest, ts))
            }
            Order::Convoy {
                unit, army, dest, ..
            } => {
                let a = season_of_unit(army, s);
                self.unit(unit, s, true)
                    .or_else(|| self.unit(army, s, false))
                    .or_else(|| self.loc(dest, a))
            }
            Order::Waive { .. } => None,
            Order::Incomplete(i) => {
                let ts = i.target.as_ref().map_or(s, |t| season_of_unit(t, s));
                i.unit
                    .as_ref()
                    .and_then(|u| self.unit(u, s, true))
                    .or_else(|| i.target.as_ref().and_then(|t| self.unit(t, s, false)))
                    .or_else(|| i.dest.as_ref().and_then(|d| self.loc(d, ts)))
            }
        }
    }

    fn directive(&self, kind: &DirectiveKind) -> Option<Target> {
        let root = Some(self.analysis.world.root());
        let current = self.analysis.world.current_board();
        match kind {
            DirectiveKind::Unit { power, unit } => self
                .power(power, root)
                .or_else(|| self.unit(unit, root, false)),
            DirectiveKind::ExpectUnit { power, unit }
            | DirectiveKind::ExpectDislodged { power, unit } => self
                .power(power, current)
                .or_else(|| self.unit(unit, current, false)),
            DirectiveKind::Owns { power, provinces } => self.power(power, root).or_else(|| {
                provinces
                    .iter()
                    .find(|p| p.span.touches(self.offset))
                    .and_then(|p| {
                        Some(Target::Province {
                            province: self.map.resolve_province(&p.text)?,
                            season: root,
                            span: p.span,
                        })
                    })
            }),
            DirectiveKind::ExpectOwner {
                province,
                power,
                season,
            } => {
                let s = season.as_ref().and_then(season_of).or(current);
                self.season(season.as_ref())
                    .or_else(|| self.power(power, s))
                    .or_else(|| {
                        if !province.span.touches(self.offset) {
                            return None;
                        }
                        Some(Target::Province {
                            province: self.map.resolve_province(&province.text)?,
                            season: s,
                            span: province.span,
                        })
                    })
            }
            DirectiveKind::ExpectEmpty(s) => self.season(Some(s)),
            DirectiveKind::ExpectSeasons(list) | DirectiveKind::ExpectHeads(list) => {
                list.iter().find_map(|s| self.season(Some(s)))
            }
            DirectiveKind::ExpectWinner(p) => self.power(p, None),
            _ => None,
        }
    }
}

/// What is at `offset` (a cursor right after a word counts as on it).
pub fn at(analysis: &Analysis, offset: u32) -> Option<Target> {
    let file = &analysis.parse.file;
    let line_no = file.line_number_at(offset);
    let line = file.lines.get(line_no)?;
    let f = Finder {
        map: Map::standard(),
        offset,
        line: line_no,
        analysis,
    };
    match &line.kind {
        LineKind::Header(h) => {
            let season = h
                .season
                .as_ref()
                .and_then(season_of)
                .or_else(|| line_season(analysis, line_no));
            f.season(h.season.as_ref())
                .or_else(|| f.power(&h.power, season))
        }
        LineKind::Order(o) => f.order(&o.order, o.power.as_ref()),
        LineKind::Directive(d) => f.directive(&d.kind),
        _ => None,
    }
}
