//! The one traversal of the syntax tree: every node and leaf of a parse, with its span and its
//! [`Role`].
//!
//! [`walk`] (and [`walk_line`]) is the only code in the workspace that matches every kind of
//! [`Order`] and [`DirectiveKind`] to visit their parts. Highlighting ([`crate::highlight()`]),
//! the span listing ([`crate::Parse::spans`]) and the IDE's cursor lookup are built on it: each
//! maps roles to what it needs and ignores the rest. A new order or directive kind is added to
//! the tree ([`crate::ast`]), to the parser, and here; the consumers of the walk follow.
//!
//! The walk is depth first and pre-order: a container ([`Role::Line`], a unit, a location)
//! comes before its parts, and parts come left to right in the order of the fields (which is
//! the order of the text, except a `Retreat` written in front of the unit, which comes first).
//! The visitor can skip the parts of a node by returning [`Step::Skip`].

use crate::ast::{
    CoastLit, Directive, DirectiveKind, Header, IncompleteOrder, Line, LineKind, LocRef, Name,
    NumberLit, Order, OrderLine, OutcomeLit, SeasonLit, SeasonWords, SourceFile, UnitKindLit,
    UnitRef,
};
use crate::span::Span;

/// Where a unit stands in its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnitSlot {
    /// The unit the order is given to.
    Ordered,
    /// The supported or convoyed unit.
    Target,
    /// The unit of a directive (`@unit`, `@expect unit`, `@expect dislodged`).
    Directive,
}

/// Where a location stands in its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LocSlot {
    /// The location of a unit.
    Unit,
    /// The destination of a move, support or convoy.
    Destination,
    /// The location of an incomplete order whose coast is malformed
    /// ([`IncompleteOrder::partial_loc`]).
    Partial,
}

/// What a node of the tree is, by its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// A whole line ([`Node::Line`]), then its kind's node, then its comment.
    Line,
    /// The `# ...` comment ending a line.
    Comment,
    /// A block header ([`Node::Header`]).
    Header,
    /// An order line ([`Node::OrderLine`]).
    OrderLine,
    /// A directive line ([`Node::Directive`]).
    Directive,
    /// A power name: of a header, in front of an order, or in a directive (`@unit Russia`,
    /// `@expect owner Munich Germany`, `@expect winner none`).
    Power,
    /// The `:` after a power or ending a header.
    Colon,
    /// A season literal ([`Node::Season`]): of a header, of a location or in a directive.
    Season,
    /// A unit ([`Node::Unit`]).
    Unit(UnitSlot),
    /// A unit type ([`Node::UnitKind`]), also the dangling `A` of an incomplete order.
    UnitKind,
    /// A location ([`Node::Loc`]).
    Loc(LocSlot),
    /// A province name ([`Node::Name`]): of a location, or a bare name in `@owns` and
    /// `@expect owner`.
    Province,
    /// A coast, parentheses or slash included ([`Node::Coast`]).
    Coast,
    /// The words of a coast alone.
    CoastText,
    /// An order keyword written as a word: `Hold`, `Supports`, `Convoys`, `Disband`, `Build`,
    /// `Remove`, `Waive`, `via Convoy`.
    Keyword,
    /// `Retreat` or `R` of a move (in front of the unit or in place of the arrow).
    RetreatKeyword,
    /// An arrow (`-`, `->`, `to`, `R`) or the keyword of an incomplete order: an operator when
    /// written with `-`, a keyword otherwise.
    Arrow,
    /// Where an incomplete order missed its piece ([`IncompleteOrder::at`]).
    Missing,
    /// The whole `=> outcome` ([`Node::Outcome`]).
    Outcome,
    /// The `=>` of an outcome.
    OutcomeArrow,
    /// The outcome word after `=>`.
    OutcomeWord,
    /// The `@` of a directive.
    DirectiveAt,
    /// The name of a directive (`start` in `@start`).
    DirectiveName,
    /// The word after `@expect` (`unit`, `timelines`, ...).
    DirectiveSub,
    /// A value given to a directive: `@rules`, `@start`, `@phase`, and the code of
    /// `@expect error`.
    Value,
    /// The severity word of `@expect error` / `@expect warning`.
    Severity,
    /// A number ([`Node::Number`]), as in `@turn 4` or `@expect timelines 0 1`.
    Number,
}

/// The tree node a [`Role`] is found on, for visitors that need more than the span.
#[derive(Clone, Copy, Debug)]
pub enum Node<'a> {
    /// A line.
    Line(&'a Line),
    /// A header.
    Header(&'a Header),
    /// An order line.
    OrderLine(&'a OrderLine),
    /// A directive.
    Directive(&'a Directive),
    /// A name: a power, a province, a directive word.
    Name(&'a Name),
    /// A unit.
    Unit(&'a UnitRef),
    /// A unit type.
    UnitKind(&'a UnitKindLit),
    /// A location.
    Loc(&'a LocRef),
    /// A coast.
    Coast(&'a CoastLit),
    /// A season.
    Season(&'a SeasonLit),
    /// A season in words (`Spring 1901`, `S1901M`), also in the role [`Role::Season`].
    SeasonWords(&'a SeasonWords),
    /// A number.
    Number(&'a NumberLit),
    /// An outcome.
    Outcome(&'a OutcomeLit),
    /// A token or a span with nothing more to it (keywords, arrows, `:`, comments).
    Token,
}

/// What the visitor wants next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Visit the parts of this node.
    Into,
    /// Do not visit the parts of this node.
    Skip,
}

/// Visits every node of every line of `file`, in text order; see [`walk_line`].
pub fn walk<'a>(file: &'a SourceFile, visit: &mut impl FnMut(Role, Span, Node<'a>) -> Step) {
    for line in &file.lines {
        walk_line(line, visit);
    }
}

/// Visits every node of `line`: the line, its content, then its comment.
pub fn walk_line<'a>(line: &'a Line, visit: &mut impl FnMut(Role, Span, Node<'a>) -> Step) {
    let mut w = Walker { visit };
    if w.node(Role::Line, line.span, Node::Line(line)) {
        match &line.kind {
            LineKind::Blank | LineKind::Comment | LineKind::Error => {}
            LineKind::Header(header) => w.header(header),
            LineKind::Order(order) => w.order_line(order),
            LineKind::Directive(directive) => w.directive(directive),
        }
    }
    if let Some(comment) = line.comment {
        w.token(Role::Comment, comment);
    }
}

struct Walker<'v, V> {
    visit: &'v mut V,
}

impl<'a, V: FnMut(Role, Span, Node<'a>) -> Step> Walker<'_, V> {
    /// Visits a node; tells whether to visit its parts.
    fn node(&mut self, role: Role, span: Span, node: Node<'a>) -> bool {
        (self.visit)(role, span, node) == Step::Into
    }

    fn token(&mut self, role: Role, span: Span) {
        self.node(role, span, Node::Token);
    }

    fn tokens(&mut self, role: Role, span: Option<Span>) {
        if let Some(span) = span {
            self.token(role, span);
        }
    }

    fn name(&mut self, role: Role, name: &'a Name) {
        self.node(role, name.span, Node::Name(name));
    }

    fn season(&mut self, season: Option<&'a SeasonLit>) {
        if let Some(season) = season {
            self.node(Role::Season, season.span, Node::Season(season));
        }
    }

    fn header(&mut self, header: &'a Header) {
        if self.node(Role::Header, header.span, Node::Header(header)) {
            if let Some(power) = &header.power {
                self.name(Role::Power, power);
            }
            self.season(header.season.as_ref());
            if let Some(words) = &header.words {
                self.node(Role::Season, words.span, Node::SeasonWords(words));
            }
            self.tokens(Role::Colon, header.colon);
        }
    }

    fn order_line(&mut self, line: &'a OrderLine) {
        if !self.node(Role::OrderLine, line.span, Node::OrderLine(line)) {
            return;
        }
        if let Some(power) = &line.power {
            self.name(Role::Power, power);
        }
        self.tokens(Role::Colon, line.colon);
        self.order(&line.order);
        if let Some(expect) = &line.expect {
            if self.node(Role::Outcome, expect.span, Node::Outcome(expect)) {
                self.token(Role::OutcomeArrow, expect.arrow);
                self.token(Role::OutcomeWord, expect.word);
            }
        }
    }

    fn order(&mut self, order: &'a Order) {
        match order {
            Order::Hold { unit, keyword } => {
                self.unit(UnitSlot::Ordered, unit);
                self.tokens(Role::Keyword, *keyword);
            }
            Order::Move {
                unit,
                arrow,
                dest,
                via_convoy,
                retreat_keyword,
            } => {
                self.tokens(Role::RetreatKeyword, *retreat_keyword);
                self.unit(UnitSlot::Ordered, unit);
                self.token(Role::Arrow, *arrow);
                self.loc(LocSlot::Destination, dest);
                self.tokens(Role::Keyword, *via_convoy);
            }
            Order::SupportHold {
                unit,
                keyword,
                target,
            } => {
                self.unit(UnitSlot::Ordered, unit);
                self.token(Role::Keyword, *keyword);
                self.unit(UnitSlot::Target, target);
            }
            Order::SupportMove {
                unit,
                keyword,
                target,
                arrow,
                dest,
            }
            | Order::Convoy {
                unit,
                keyword,
                army: target,
                arrow,
                dest,
            } => {
                self.unit(UnitSlot::Ordered, unit);
                self.token(Role::Keyword, *keyword);
                self.unit(UnitSlot::Target, target);
                self.token(Role::Arrow, *arrow);
                self.loc(LocSlot::Destination, dest);
            }
            Order::Disband { unit, keyword }
            | Order::Build { unit, keyword }
            | Order::Remove { unit, keyword } => {
                self.token(Role::Keyword, *keyword);
                self.unit(UnitSlot::Ordered, unit);
            }
            Order::Waive { keyword } => self.token(Role::Keyword, *keyword),
            Order::Incomplete(incomplete) => self.incomplete(incomplete),
        }
    }

    fn incomplete(&mut self, order: &'a IncompleteOrder) {
        self.token(Role::Missing, order.at);
        self.tokens(Role::Arrow, order.op.map(|op| op.span));
        if let Some(unit) = &order.unit {
            self.unit(UnitSlot::Ordered, unit);
        }
        if let Some(target) = &order.target {
            self.unit(UnitSlot::Target, target);
        }
        if let Some(dest) = &order.dest {
            self.loc(LocSlot::Destination, dest);
        }
        if let Some(loc) = &order.partial_loc {
            self.loc(LocSlot::Partial, loc);
        }
        if let Some(kind) = &order.dangling_kind {
            self.node(Role::UnitKind, kind.span, Node::UnitKind(kind));
        }
    }

    fn unit(&mut self, slot: UnitSlot, unit: &'a UnitRef) {
        if self.node(Role::Unit(slot), unit.span, Node::Unit(unit)) {
            if let Some(kind) = &unit.kind {
                self.node(Role::UnitKind, kind.span, Node::UnitKind(kind));
            }
            self.loc(LocSlot::Unit, &unit.loc);
        }
    }

    fn loc(&mut self, slot: LocSlot, loc: &'a LocRef) {
        if !self.node(Role::Loc(slot), loc.span, Node::Loc(loc)) {
            return;
        }
        self.name(Role::Province, &loc.province);
        if let Some(coast) = &loc.coast {
            if self.node(Role::Coast, coast.span, Node::Coast(coast)) {
                self.token(Role::CoastText, coast.text_span);
            }
        }
        self.season(loc.season.as_ref());
    }

    fn directive(&mut self, directive: &'a Directive) {
        if !self.node(Role::Directive, directive.span, Node::Directive(directive)) {
            return;
        }
        self.token(Role::DirectiveAt, directive.at);
        self.name(Role::DirectiveName, &directive.name);
        if let Some(sub) = &directive.sub {
            self.name(Role::DirectiveSub, sub);
        }
        self.directive_args(&directive.kind);
    }

    fn directive_args(&mut self, kind: &'a DirectiveKind) {
        match kind {
            DirectiveKind::Rules(name) | DirectiveKind::Start(name) | DirectiveKind::Map(name) => {
                self.name(Role::Value, name);
            }
            DirectiveKind::Phase { phase, seasons } => {
                self.name(Role::Value, phase);
                for season in seasons {
                    self.season(Some(season));
                }
            }
            DirectiveKind::Season {
                season,
                from_keyword,
                from,
            } => {
                self.season(Some(season));
                self.tokens(Role::Keyword, *from_keyword);
                self.season(from.as_ref());
            }
            DirectiveKind::Record(line) => self.order_line(line),
            DirectiveKind::Turn(number) => self.number(number),
            DirectiveKind::Game(name) => {
                if let Some(name) = name {
                    self.name(Role::Value, name);
                }
            }
            DirectiveKind::Unit { power, unit }
            | DirectiveKind::ExpectUnit { power, unit }
            | DirectiveKind::ExpectDislodged { power, unit } => {
                self.name(Role::Power, power);
                self.unit(UnitSlot::Directive, unit);
            }
            DirectiveKind::ExpectHas { power, unit } => {
                if let Some(power) = power {
                    self.name(Role::Power, power);
                }
                self.unit(UnitSlot::Directive, unit);
            }
            DirectiveKind::Owns {
                power,
                provinces,
                season,
            } => {
                self.name(Role::Power, power);
                for province in provinces {
                    self.name(Role::Province, province);
                }
                self.season(season.as_ref());
            }
            DirectiveKind::Dislodged {
                power,
                unit,
                from,
                by_convoy,
            } => {
                self.name(Role::Power, power);
                self.unit(UnitSlot::Directive, unit);
                if let Some(from) = from {
                    self.loc(LocSlot::Destination, from);
                }
                if let Some(span) = by_convoy {
                    self.token(Role::Keyword, *span);
                }
            }
            DirectiveKind::Standoff(provinces) => {
                for province in provinces {
                    self.name(Role::Province, province);
                }
            }
            DirectiveKind::ExpectRetreats {
                power,
                unit,
                options,
            } => {
                self.name(Role::Power, power);
                self.unit(UnitSlot::Directive, unit);
                for option in options {
                    self.loc(LocSlot::Destination, option);
                }
            }
            DirectiveKind::ExpectEmpty(season) => self.season(Some(season)),
            DirectiveKind::ExpectSeasons(seasons) | DirectiveKind::ExpectHeads(seasons) => {
                for season in seasons {
                    self.season(Some(season));
                }
            }
            DirectiveKind::ExpectTimelines(numbers) => {
                for number in numbers {
                    self.number(number);
                }
            }
            DirectiveKind::ExpectOwner {
                province,
                power,
                season,
            } => {
                self.name(Role::Province, province);
                self.name(Role::Power, power);
                self.season(season.as_ref());
            }
            DirectiveKind::ExpectWinner(power) => self.name(Role::Power, power),
            DirectiveKind::ExpectDislodgedExceptDisbanded => {}
            DirectiveKind::ExpectDiagnostic { severity, code } => {
                self.name(Role::Severity, severity);
                self.name(Role::Value, code);
            }
            DirectiveKind::Unknown => {}
        }
    }

    fn number(&mut self, number: &'a NumberLit) {
        self.node(Role::Number, number.span, Node::Number(number));
    }
}
