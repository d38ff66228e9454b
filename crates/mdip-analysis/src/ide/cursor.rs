//! What the cursor is on: a power, a unit, a province or a season, with the season it is read
//! in. Shared by hover, go to definition and code actions.
//!
//! Built on the syntax walk ([`mdip_syntax::walk_line`]): the cursor maps roles (power, unit,
//! destination, season) to targets and never matches the kinds of orders itself.

use mdip_judge::world::SeasonKey;
use mdip_map::{Coast, Map, Power, ProvinceId, UnitType};
use mdip_syntax::{
    DirectiveKind, LocRef, LocSlot, Name, Node, Order, Role, SeasonLit, Span, Step, UnitKind,
    UnitRef, UnitSlot,
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
    /// An order keyword or arrow, or the outcome after `=>`.
    Keyword {
        /// Which.
        keyword: Keyword,
        /// The word.
        span: Span,
        /// The line.
        line: usize,
    },
    /// The name of a directive, or the word after `@expect`.
    Directive {
        /// Which directive (`start`, `expect unit`, ...).
        name: &'static str,
        /// The word.
        span: Span,
    },
}

/// An order keyword, as hover explains it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keyword {
    /// `Hold`, `H`.
    Hold,
    /// `-`, `->`, `to`: a move (or the move a support or convoy names).
    Move,
    /// `Supports`, `S`.
    Support,
    /// `Convoys`, `C`.
    Convoy,
    /// `via Convoy`.
    ViaConvoy,
    /// `Retreat`, `R`.
    Retreat,
    /// `Disband`, `D`.
    Disband,
    /// `Build`, `B`.
    Build,
    /// `Remove`.
    Remove,
    /// `Waive`.
    Waive,
    /// `=> succeeds` and the other expected outcomes.
    Outcome,
}

/// The name of a directive kind, as written after `@` (and the word after `@expect`).
fn directive_name(kind: &DirectiveKind) -> &'static str {
    match kind {
        DirectiveKind::Rules(_) => "rules",
        DirectiveKind::Start(_) => "start",
        DirectiveKind::Map(_) => "map",
        DirectiveKind::Unit { .. } => "unit",
        DirectiveKind::Owns { .. } => "owns",
        DirectiveKind::Phase { .. } => "phase",
        DirectiveKind::Season { .. } => "season",
        DirectiveKind::Record(_) => "record",
        DirectiveKind::Turn(_) => "turn",
        DirectiveKind::Game(_) => "game",
        DirectiveKind::Dislodged { .. } => "dislodged",
        DirectiveKind::Standoff(_) => "standoff",
        DirectiveKind::ExpectRetreats { .. } => "expect retreats",
        DirectiveKind::ExpectUnit { .. } => "expect unit",
        DirectiveKind::ExpectHas { .. } => "expect has",
        DirectiveKind::ExpectDislodged { .. } => "expect dislodged",
        DirectiveKind::ExpectDislodgedExceptDisbanded => "expect dislodged except disbanded",
        DirectiveKind::ExpectEmpty(_) => "expect empty",
        DirectiveKind::ExpectSeasons(_) => "expect seasons",
        DirectiveKind::ExpectTimelines(_) => "expect timelines",
        DirectiveKind::ExpectHeads(_) => "expect heads",
        DirectiveKind::ExpectOwner { .. } => "expect owner",
        DirectiveKind::ExpectWinner(_) => "expect winner",
        DirectiveKind::ExpectDiagnostic { .. } => "expect diagnostic",
        DirectiveKind::Unknown => "unknown",
    }
}

/// Which keyword of `order` the token at `span` (in `role`) is.
fn keyword_of(order: &Order, role: Role, span: Span) -> Option<Keyword> {
    if role == Role::RetreatKeyword {
        return Some(Keyword::Retreat);
    }
    let arrow = role == Role::Arrow;
    Some(match order {
        Order::Hold { .. } => Keyword::Hold,
        Order::Move {
            via_convoy,
            retreat_keyword,
            ..
        } => {
            if via_convoy.is_some_and(|v| v.touches(span.start) && v.touches(span.end)) {
                Keyword::ViaConvoy
            } else if retreat_keyword.is_some_and(|r| r == span) {
                Keyword::Retreat
            } else {
                Keyword::Move
            }
        }
        Order::SupportHold { .. } | Order::SupportMove { .. } if arrow => Keyword::Move,
        Order::SupportHold { .. } | Order::SupportMove { .. } => Keyword::Support,
        Order::Convoy { .. } if arrow => Keyword::Move,
        Order::Convoy { .. } => Keyword::Convoy,
        Order::Disband { .. } => Keyword::Disband,
        Order::Build { .. } => Keyword::Build,
        Order::Remove { .. } => Keyword::Remove,
        Order::Waive { .. } => Keyword::Waive,
        Order::Incomplete(_) => return None,
    })
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

/// Looks for the target at `offset` while [`mdip_syntax::walk_line`] visits the line.
struct Finder<'a> {
    map: &'static Map,
    offset: u32,
    line: usize,
    analysis: &'a Analysis,
    /// The season powers, units and bare provinces are read in, set by the line's node.
    season: Option<SeasonKey>,
    /// The season a destination is read in: the supported or convoyed unit's, else `season`.
    dest_season: Option<SeasonKey>,
    /// The order of the line, when it is an order line.
    order: Option<&'a Order>,
    /// The directive of the line, when it is a directive.
    directive: Option<&'static str>,
    found: Option<Target>,
}

impl<'a> Finder<'a> {
    /// Visits one node of the line: a line node sets the seasons its parts are read in, a
    /// power, unit, location, bare province or season under the cursor is the target. Units
    /// and locations are handled whole (a season inside them first).
    fn visit(&mut self, role: Role, span: Span, node: Node<'a>) -> Step {
        if self.found.is_some() {
            return Step::Skip;
        }
        self.found = match (role, node) {
            (Role::Header, Node::Header(h)) => {
                self.season = h
                    .season
                    .as_ref()
                    .and_then(season_of)
                    .or_else(|| line_season(self.analysis, self.line));
                None
            }
            (Role::OrderLine, Node::OrderLine(o)) => {
                let s = ordered_season(self.analysis, self.line, o.order.unit());
                self.season = s;
                self.dest_season = o.order.target().map_or(s, |t| Self::loc_season(&t.loc, s));
                self.order = Some(&o.order);
                None
            }
            (Role::Directive, Node::Directive(d)) => {
                self.season = self.directive_season(&d.kind);
                self.dest_season = self.season;
                self.directive = Some(directive_name(&d.kind));
                None
            }
            (Role::Keyword | Role::Arrow | Role::RetreatKeyword, _)
                if span.touches(self.offset) =>
            {
                let keyword = self.order.and_then(|o| keyword_of(o, role, span));
                keyword.map(|keyword| Target::Keyword {
                    keyword,
                    span,
                    line: self.line,
                })
            }
            (Role::Outcome | Role::OutcomeArrow | Role::OutcomeWord, _)
                if span.touches(self.offset) =>
            {
                Some(Target::Keyword {
                    keyword: Keyword::Outcome,
                    span,
                    line: self.line,
                })
            }
            (Role::DirectiveName | Role::DirectiveSub, _) if span.touches(self.offset) => {
                self.directive.map(|name| Target::Directive { name, span })
            }
            (Role::Power, Node::Name(name)) => self.power(name, self.season),
            (Role::Season, Node::Season(lit)) => self.season(Some(lit)),
            (Role::Unit(slot), Node::Unit(u)) => {
                self.found = self.unit(u, self.season, slot == UnitSlot::Ordered);
                return Step::Skip;
            }
            (Role::Loc(LocSlot::Destination), Node::Loc(l)) => {
                self.found = self.loc(l, self.dest_season);
                return Step::Skip;
            }
            // The location of an unfinished coast is not a target.
            (Role::Loc(_), _) => return Step::Skip,
            (Role::Province, Node::Name(name)) => self.province(name, self.season),
            _ => None,
        };
        Step::Into
    }

    /// The season the names of a directive are read in: the root for the set-up, the current
    /// board for expectations, none for the winner.
    fn directive_season(&self, kind: &DirectiveKind) -> Option<SeasonKey> {
        let world = &self.analysis.world;
        match kind {
            DirectiveKind::Unit { .. } | DirectiveKind::Owns { season: None, .. } => {
                Some(world.root())
            }
            DirectiveKind::Owns {
                season: Some(s), ..
            } => season_of(s),
            DirectiveKind::Record(_) => Some(world.root()),
            DirectiveKind::Dislodged { .. } | DirectiveKind::Standoff(_) => Some(world.root()),
            DirectiveKind::ExpectOwner { season, .. } => season
                .as_ref()
                .and_then(season_of)
                .or(world.current_board()),
            DirectiveKind::ExpectWinner(_) | DirectiveKind::Game(_) => None,
            _ => world.current_board(),
        }
    }

    fn power(&self, name: &Name, season: Option<SeasonKey>) -> Option<Target> {
        if !name.span.touches(self.offset) {
            return None;
        }
        Some(Target::Power {
            power: self.map.resolve_power(&name.text)?,
            season,
            span: name.span,
        })
    }

    /// A province named alone (`@owns`, `@expect owner`).
    fn province(&self, name: &Name, season: Option<SeasonKey>) -> Option<Target> {
        if !name.span.touches(self.offset) {
            return None;
        }
        Some(Target::Province {
            province: self.map.resolve_province(&name.text)?,
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
}

/// What is at `offset` (a cursor right after a word counts as on it).
pub fn at(analysis: &Analysis, offset: u32) -> Option<Target> {
    let file = &analysis.parse.file;
    let line_no = file.line_number_at(offset);
    let line = file.lines.get(line_no)?;
    let mut f = Finder {
        map: analysis.world.map(),
        offset,
        line: line_no,
        analysis,
        season: None,
        dest_season: None,
        order: None,
        directive: None,
        found: None,
    };
    mdip_syntax::walk_line(line, &mut |role, span, node| f.visit(role, span, node));
    f.found
}
