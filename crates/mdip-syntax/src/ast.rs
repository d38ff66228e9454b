//! The syntax tree of an mdip file.
//!
//! The tree is line based: a [`SourceFile`] is a list of [`Line`]s, one per line of the text
//! (split at LF, CRLF and lone CR, so `lines[i]` is line `i` of [`crate::LineIndex`]). Every node
//! and every sub-part carries its exact byte [`Span`].
//!
//! Names of powers and provinces are kept as written ([`Name`]); the syntax knows neither the
//! map nor the rules, so `Englnd` or `Rhur` are fine here and are resolved (or reported) later.
//!
//! # Incomplete orders
//!
//! An order that stops too early (`A Paris -`, `F North Sea Convoys A`, `Build`) is an
//! [`Order::Incomplete`]: it keeps every piece that was read ([`IncompleteOrder`]) and says which
//! piece was [`Expected`] and where. A syntax error is reported for it, so later stages ignore it
//! for adjudication, while completion uses it: after `A Paris - ` it knows the unit `A Paris`
//! and that a destination comes next.

use std::sync::Arc;

use crate::span::Span;

/// A whole file: one [`Line`] per line of the text, including a last empty line after a final
/// line break.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFile {
    /// The lines, in order.
    pub lines: Vec<Line>,
}

impl SourceFile {
    /// Returns the line containing byte `offset`.
    ///
    /// An offset inside a line break, or right at the end of a line, belongs to that line. An
    /// offset past the end of the text gives the last line; `None` only for an empty list.
    #[must_use]
    pub fn line_at(&self, offset: u32) -> Option<&Line> {
        let index = self.lines.partition_point(|line| line.span.start <= offset);
        self.lines.get(index.saturating_sub(1))
    }

    /// Returns the number of the line containing byte `offset` (zero-based), as
    /// [`SourceFile::line_at`] finds it.
    #[must_use]
    pub fn line_number_at(&self, offset: u32) -> usize {
        self.lines
            .partition_point(|line| line.span.start <= offset)
            .saturating_sub(1)
    }

    /// Iterates over the order lines of the file.
    pub fn orders(&self) -> impl Iterator<Item = &OrderLine> {
        self.lines.iter().filter_map(|line| match &line.kind {
            LineKind::Order(order) => Some(&**order),
            _ => None,
        })
    }
}

/// One line of text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The whole line, without its line break (white space and comment included).
    pub span: Span,
    /// What the line holds.
    pub kind: LineKind,
    /// The `# ...` comment ending the line, if any.
    pub comment: Option<Span>,
}

/// What a line holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// Nothing but white space.
    Blank,
    /// Only a comment (see [`Line::comment`]).
    Comment,
    /// A block header such as `England:` or `Germany 1:0` (boxed: most lines are orders, and
    /// a header inline would make every line as large as one).
    Header(Box<Header>),
    /// An order, possibly incomplete (see [`Order::Incomplete`]). Shared: the parse of an
    /// edited text keeps the order lines above the edit ([`crate::parse_after`]).
    Order(Arc<OrderLine>),
    /// A directive such as `@start standard` or `@expect timelines 0 1`.
    Directive(Box<Directive>),
    /// A line that could not be read at all; a syntax error covers it.
    Error,
}

/// A name as written: one or more words, such as `North Sea`, `Austria-Hungary` or `stp`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    /// The words joined by one space, in their original case.
    pub text: String,
    /// From the start of the first word to the end of the last.
    pub span: Span,
}

impl Name {
    /// The path of an `@map "path"`: the text between the quotes, if the name is written in
    /// double quotes (`None` for a bare name such as `ancient-mediterranean`).
    pub fn map_path(&self) -> Option<&str> {
        self.text
            .strip_prefix('"')?
            .strip_suffix('"')
            .filter(|inner| !inner.contains('"'))
    }
}

/// A season `X:Y`: turn X in timeline Y.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeasonLit {
    /// The turn, or `None` when missing or longer than 9 digits (an error was reported).
    pub turn: Option<u32>,
    /// The timeline, or `None` when missing or longer than 9 digits (an error was reported).
    pub timeline: Option<u32>,
    /// The whole literal.
    pub span: Span,
}

/// A season of a standard game in words: `Spring 1901`, `Fall 1901`, `Autumn 1901`,
/// `Winter 1901`, or the compact form of jDip and DAIDE, `S1901M`, `F1901R`, `W1901A`. The
/// syntax keeps what is written; the analysis maps it to a turn and a phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeasonWords {
    /// Spring, Fall (also `Autumn`) or Winter.
    pub season: SeasonName,
    /// The year, or `None` when longer than 9 digits (an error was reported).
    pub year: Option<u32>,
    /// The phase letter of the compact form (`M`, `R`, `A` or `B`), if written.
    pub phase: Option<PhaseLetter>,
    /// The whole season: both words, or the one compact word.
    pub span: Span,
}

/// The season word of [`SeasonWords`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeasonName {
    /// `Spring`, `S`.
    Spring,
    /// `Fall`, `Autumn`, `F`.
    Fall,
    /// `Winter`, `W`.
    Winter,
}

/// The phase letter of a compact season (`S1901M`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PhaseLetter {
    /// `M`: movement.
    Movement,
    /// `R`: retreat.
    Retreat,
    /// `A` (adjustment) or `B` (builds).
    Adjustment,
}

/// A decimal number, as in `@turn 4` or `@expect timelines 0 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NumberLit {
    /// The value, or `None` when longer than 9 digits (an error was reported).
    pub value: Option<u32>,
    /// The digits.
    pub span: Span,
}

/// A coast: `(nc)`, `(north coast)`, `/sc`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoastLit {
    /// The words of the coast joined by one space, as written: `nc`, `north coast`.
    pub text: String,
    /// The words alone.
    pub text_span: Span,
    /// The whole literal, parentheses or slash included.
    pub span: Span,
}

/// The type of a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnitKind {
    /// `A` or `Army`.
    Army,
    /// `F` or `Fleet`.
    Fleet,
}

/// A unit type as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitKindLit {
    /// Army or fleet.
    pub kind: UnitKind,
    /// The word `A`, `F`, `Army` or `Fleet`.
    pub span: Span,
}

/// A location: a province, an optional coast and an optional season.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocRef {
    /// The province as written.
    pub province: Name,
    /// The coast, if written (boxed: rarely written, and a location is in every order).
    pub coast: Option<Box<CoastLit>>,
    /// The season, if written.
    pub season: Option<SeasonLit>,
    /// From the province to the last part written.
    pub span: Span,
}

/// A unit: a unit type and a location.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitRef {
    /// The unit type. It may be left out only in a support or convoy target
    /// (`A Finland Supports Denmark - Norway`); an ordered unit without it gets a syntax error
    /// (`E0105`) but keeps its place in the tree.
    pub kind: Option<UnitKindLit>,
    /// Where the unit is.
    pub loc: LocRef,
    /// From the unit type (or province) to the end of the location.
    pub span: Span,
}

/// A line holding an order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderLine {
    /// The power written in front, as in `England: F London - North Sea`.
    pub power: Option<Name>,
    /// The `:` after that power (missing only after an error).
    pub colon: Option<Span>,
    /// The order.
    pub order: Order,
    /// The expected outcome written after `=>`.
    pub expect: Option<OutcomeLit>,
    /// Set when the order was read from players' shorthand: a hyphen inside a word read as
    /// the arrow of a move (`A bud-gal`, `F stp/sc-bot`, `A ber S A mun-kie`). The map decides
    /// whether that reading stands or the word is one name (`F Mid-Atlantic`): see
    /// [`crate::parser::reparse_line`].
    pub shorthand: Option<Shorthand>,
    /// From the first to the last token of the line, comment excluded.
    pub span: Span,
}

/// A word with a hyphen read as an arrow; see [`OrderLine::shorthand`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shorthand {
    /// The whole word, hyphens included: `bud-gal`, `sc-bot`.
    pub word: Span,
    /// The hyphen read as the arrow (one byte inside `word`).
    pub hyphen: Span,
}

/// An order.
///
/// Keyword spans point at the words or symbols as written (`Supports` or `S`, `-` or `->` or
/// `to`), so that highlighting and hover can use them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Order {
    /// `A Paris Hold`, or a unit alone: `A Paris`.
    Hold {
        /// The unit that holds.
        unit: UnitRef,
        /// `Hold`, `Holds` or `H`, if written.
        keyword: Option<Span>,
    },
    /// `A Paris - Burgundy`, also a retreat: `F Trieste R Albania`.
    Move {
        /// The moving unit.
        unit: UnitRef,
        /// `-`, `->`, `to`, or `R`/`Retreat` (with a following `to`, if any).
        arrow: Span,
        /// Where it goes.
        dest: LocRef,
        /// `via Convoy`, both words.
        via_convoy: Option<Span>,
        /// `R` or `Retreat`, written in front of the unit or in place of the arrow. A move
        /// without it is a retreat too in a retreat phase; this only records the wording.
        retreat_keyword: Option<Span>,
    },
    /// `A Ruhr Supports A Munich`.
    SupportHold {
        /// The supporting unit.
        unit: UnitRef,
        /// `Supports`, `Support` or `S`.
        keyword: Span,
        /// The supported unit; its type may be left out.
        target: Box<UnitRef>,
    },
    /// `A Liverpool Supports A Yorkshire - Edinburgh`.
    SupportMove {
        /// The supporting unit.
        unit: UnitRef,
        /// `Supports`, `Support` or `S`.
        keyword: Span,
        /// The supported unit; its type may be left out.
        target: Box<UnitRef>,
        /// `-`, `->` or `to`.
        arrow: Span,
        /// The destination of the supported move.
        dest: Box<LocRef>,
    },
    /// `F North Sea Convoys A London - Belgium`.
    Convoy {
        /// The convoying fleet.
        unit: UnitRef,
        /// `Convoys`, `Convoy` or `C`.
        keyword: Span,
        /// The convoyed army; its type may be left out.
        army: Box<UnitRef>,
        /// `-`, `->` or `to`.
        arrow: Span,
        /// The destination of the convoyed army.
        dest: Box<LocRef>,
    },
    /// `F Trieste Disband` or `Disband F Trieste` (also `D`).
    Disband {
        /// The unit.
        unit: UnitRef,
        /// `Disband` or `D`, in front of or after the unit.
        keyword: Span,
    },
    /// `Build A Munich` (also `B`).
    Build {
        /// The unit to build.
        unit: UnitRef,
        /// `Build` or `B`, in front of or after the unit.
        keyword: Span,
    },
    /// `Remove A Berlin`.
    Remove {
        /// The unit to remove.
        unit: UnitRef,
        /// `Remove`, in front of or after the unit.
        keyword: Span,
    },
    /// `Waive`: one build left unused.
    Waive {
        /// The word `Waive`.
        keyword: Span,
    },
    /// An order that stops before it is complete; a syntax error was reported for it.
    Incomplete(Box<IncompleteOrder>),
}

impl Order {
    /// Returns the ordered unit, if there is one (an incomplete order may lack it).
    #[must_use]
    pub fn unit(&self) -> Option<&UnitRef> {
        match self {
            Order::Hold { unit, .. }
            | Order::Move { unit, .. }
            | Order::SupportHold { unit, .. }
            | Order::SupportMove { unit, .. }
            | Order::Convoy { unit, .. }
            | Order::Disband { unit, .. }
            | Order::Build { unit, .. }
            | Order::Remove { unit, .. } => Some(unit),
            Order::Waive { .. } => None,
            Order::Incomplete(incomplete) => incomplete.unit.as_ref(),
        }
    }

    /// Returns the supported or convoyed unit, if there is one.
    #[must_use]
    pub fn target(&self) -> Option<&UnitRef> {
        match self {
            Order::SupportHold { target, .. } | Order::SupportMove { target, .. } => Some(target),
            Order::Convoy { army, .. } => Some(army),
            Order::Incomplete(incomplete) => incomplete.target.as_ref(),
            Order::Hold { .. }
            | Order::Move { .. }
            | Order::Disband { .. }
            | Order::Build { .. }
            | Order::Remove { .. }
            | Order::Waive { .. } => None,
        }
    }

    /// Tells whether this is an [`Order::Incomplete`].
    #[must_use]
    pub fn is_incomplete(&self) -> bool {
        matches!(self, Order::Incomplete(_))
    }
}

/// The kind of order a keyword starts; used by [`IncompleteOrder`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OrderOp {
    /// `-`, `->`, `to`.
    Move,
    /// `R`, `Retreat`.
    Retreat,
    /// `Supports`, `Support`, `S`.
    Support,
    /// `Convoys`, `Convoy`, `C`.
    Convoy,
    /// `Disband`, `D`.
    Disband,
    /// `Build`, `B`.
    Build,
    /// `Remove`.
    Remove,
}

/// An order keyword as written, with its span.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderOpLit {
    /// Which keyword.
    pub op: OrderOp,
    /// Where it is.
    pub span: Span,
}

/// The pieces of an order that stops too early, and what should have come next.
///
/// The pieces are filled from left to right: `A Ruhr S A Munich -` has `unit` = `A Ruhr`,
/// `op` = support, `target` = `A Munich`, and expects [`Expected::Destination`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IncompleteOrder {
    /// The main keyword, if read: the operator after the unit (`-`, `S`, `C`, ...) or the one in
    /// front of it (`Build`, `Remove`, `Disband`, `Retreat`).
    pub op: Option<OrderOpLit>,
    /// The ordered unit, if read completely.
    pub unit: Option<UnitRef>,
    /// The supported or convoyed unit, if read completely.
    pub target: Option<UnitRef>,
    /// The destination, if read (only when the order breaks after it, as in `- Belgium via`).
    pub dest: Option<LocRef>,
    /// The unit type of a unit left unfinished: the `A` of `Build A` or of `Convoys A`, or the
    /// `F` of `F Spain(` (whose location is then in `partial_loc`).
    pub dangling_kind: Option<UnitKindLit>,
    /// A location whose coast is malformed (`Spain(`), kept without its coast; set only with
    /// [`Expected::Coast`].
    pub partial_loc: Option<LocRef>,
    /// What should have come next.
    pub expected: Expected,
    /// Where: the offending token, or an empty span right after the last token read.
    pub at: Span,
}

/// The piece an [`IncompleteOrder`] is missing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Expected {
    /// The ordered unit: a unit type or a province (after `Build`, `England:`, ...).
    Unit,
    /// The province of the ordered unit, after its type (`A`, `Build F`).
    UnitProvince,
    /// An order keyword after a complete unit: `Hold`, `-`, `Supports`, `Convoys`, ...
    Operator,
    /// The destination province after `-`, `->`, `to` or `R`, in a move, support or convoy.
    Destination,
    /// The supported or convoyed unit, after `Supports` or `Convoys`.
    Target,
    /// The province of the supported or convoyed unit, after its type (`Convoys A`).
    TargetProvince,
    /// The `-` between a convoyed army and its destination.
    ConvoyArrow,
    /// The word `Convoy` after `via`.
    ViaConvoy,
    /// A coast inside `( )` or after `/`, or the closing `)`.
    Coast,
}

impl Expected {
    /// Describes the missing piece for messages: "a destination", "a unit type or province".
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            Expected::Unit => "a unit (A or F and a province)",
            Expected::UnitProvince => "the province of the unit",
            Expected::Operator => "an order (Hold, -, Supports, Convoys, Disband)",
            Expected::Destination => "a destination province",
            Expected::Target => "the unit to support or convoy",
            Expected::TargetProvince => "the province of the unit",
            Expected::ConvoyArrow => "`-` and the destination of the convoyed army",
            Expected::ViaConvoy => "`Convoy`",
            Expected::Coast => "a coast such as `nc`, `sc` or `north coast`",
        }
    }
}

/// The outcome a file expects for an order, after `=>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExpectedOutcome {
    /// `succeeds`.
    Succeeds,
    /// `fails`.
    Fails,
    /// `illegal`.
    Illegal,
    /// `any`: the outcome is deliberately left open (not checked).
    Any,
}

impl ExpectedOutcome {
    /// The word after `=>` as the notation writes it: `succeeds`, `fails`, `illegal`, `any`.
    pub fn word(self) -> &'static str {
        match self {
            ExpectedOutcome::Succeeds => "succeeds",
            ExpectedOutcome::Fails => "fails",
            ExpectedOutcome::Illegal => "illegal",
            ExpectedOutcome::Any => "any",
        }
    }
}

/// `=> succeeds`, `=> fails`, `=> illegal` or `=> any`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutcomeLit {
    /// The outcome.
    pub outcome: ExpectedOutcome,
    /// The `=>`.
    pub arrow: Span,
    /// The outcome word.
    pub word: Span,
    /// From `=>` to the word.
    pub span: Span,
}

/// A block header: `England:`, `England`, `Germany 1:0`, `Austria-Hungary 2:1:`, and with the
/// season in words: `England Spring 1901`, `Spring 1901:`, `F1901R`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The power as written (possibly an unknown name such as `Englnd`); `None` in a header
    /// that names only a season in words (`Spring 1901`).
    pub power: Option<Name>,
    /// The season of the block, if written as `X:Y`.
    pub season: Option<SeasonLit>,
    /// The season of the block, if written in words (never with `season`).
    pub words: Option<SeasonWords>,
    /// The final `:`, if written.
    pub colon: Option<Span>,
    /// The whole header, comment excluded.
    pub span: Span,
}

/// A directive line: `@` and a name, then arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Directive {
    /// The `@`.
    pub at: Span,
    /// The directive name as written: `rules`, `start`, `unit`, `owns`, `phase`, `turn`,
    /// `expect`.
    pub name: Name,
    /// The word after `@expect` that says what is expected (`unit`, `timelines`, ...).
    pub sub: Option<Name>,
    /// The arguments, read according to the name.
    pub kind: DirectiveKind,
    /// The whole directive, comment excluded.
    pub span: Span,
}

/// The arguments of a directive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DirectiveKind {
    /// `@rules mdatc`.
    Rules(Name),
    /// `@start standard`.
    Start(Name),
    /// `@map ancient-mediterranean` or `@map "./my-variant"`: the map the file is played on,
    /// the rest of the line as written (a path keeps its quotes; see [`Name::map_path`]).
    Map(Name),
    /// `@unit Russia F St Petersburg(sc)`.
    Unit {
        /// The owner of the unit.
        power: Name,
        /// The unit (its season, if written, is in `unit.loc.season`).
        unit: UnitRef,
    },
    /// `@owns Germany Berlin, Kiel, Munich`. With commas, each comma-separated part is one
    /// name (`St Petersburg`); without any comma, each word is one name. A season written
    /// last (`@owns Germany Berlin 1:1`) is the season whose ownership is set.
    Owns {
        /// The owner.
        power: Name,
        /// The supply centres.
        provinces: Vec<Name>,
        /// The season, if written after the provinces.
        season: Option<SeasonLit>,
    },
    /// `@phase movement`, `@phase adjustment 2:0 2:1`.
    Phase {
        /// The phase word.
        phase: Name,
        /// The seasons written after it (`@phase adjustment X:Y ...`: the boards that take
        /// builds and removals); empty when none is written.
        seasons: Vec<SeasonLit>,
    },
    /// `@season 1:1 from 0:0`: a season that exists before the first step (setup).
    Season {
        /// The season declared.
        season: SeasonLit,
        /// The word `from`, if written.
        from_keyword: Option<Span>,
        /// The season it branches from, if written.
        from: Option<SeasonLit>,
    },
    /// `@record Germany: A Munich 0:0 - Tyrolia => fails`: an order stored in a past season's
    /// record with its outcome (setup). The order line holds the power, the order and the
    /// outcome; its span covers them (not `@record`).
    Record(Arc<OrderLine>),
    /// `@turn 4`.
    Turn(NumberLit),
    /// `@game 6.A.1`: a new, independent game starts here, named by the rest of the line (if
    /// anything).
    Game(Option<Name>),
    /// `@dislodged Austria A Tyrolia from Munich by convoy`: a unit dislodged in the movement
    /// step before a retreat phase set up by hand.
    Dislodged {
        /// The owner.
        power: Name,
        /// The dislodged unit, where it stood.
        unit: UnitRef,
        /// Where the attacker came from, if written.
        from: Option<LocRef>,
        /// The words `by convoy`, if written.
        by_convoy: Option<Span>,
    },
    /// `@standoff Bohemia, Galicia`: provinces left empty by a standoff in the movement step
    /// before a retreat phase set up by hand. As for `@owns`, with commas each part is one
    /// name; without any comma each word is one name.
    Standoff(Vec<Name>),
    /// `@expect unit Germany A Munich 1:1`.
    ExpectUnit {
        /// The owner.
        power: Name,
        /// The unit, with its season if written.
        unit: UnitRef,
    },
    /// `@expect has A Munich 1:0` or `@expect has Germany A Munich 1:0`: the unit stands there
    /// (of that power, if named), whatever else stands in the season.
    ExpectHas {
        /// The owner, if written.
        power: Option<Name>,
        /// The unit, with its season if written.
        unit: UnitRef,
    },
    /// `@expect dislodged Austria A Tyrolia 0:0`.
    ExpectDislodged {
        /// The owner.
        power: Name,
        /// The unit, with its season if written.
        unit: UnitRef,
    },
    /// `@expect dislodged except disbanded`: the dislodged units of the group's movement step
    /// are listed exactly, except the units that had nowhere to retreat (disbanded at once);
    /// those are not checked.
    ExpectDislodgedExceptDisbanded,
    /// `@expect retreats Austria A Tyrolia: Bohemia, Vienna` or `...: none`.
    ExpectRetreats {
        /// The owner.
        power: Name,
        /// The dislodged unit, where it stood.
        unit: UnitRef,
        /// Where it may retreat (empty for `none`).
        options: Vec<LocRef>,
    },
    /// `@expect empty 2:0`.
    ExpectEmpty(SeasonLit),
    /// `@expect seasons 0:0 1:0`.
    ExpectSeasons(Vec<SeasonLit>),
    /// `@expect timelines 0 1`.
    ExpectTimelines(Vec<NumberLit>),
    /// `@expect heads 2:0 1:1`.
    ExpectHeads(Vec<SeasonLit>),
    /// `@expect owner Munich Germany 2:0`: the last word before the season is the power (or
    /// `none`), the words before it the province.
    ExpectOwner {
        /// The supply centre.
        province: Name,
        /// The owner, or `none`.
        power: Name,
        /// The season, if written.
        season: Option<SeasonLit>,
    },
    /// `@expect winner Germany` or `@expect winner none`.
    ExpectWinner(Name),
    /// `@expect error E0301` or `@expect warning W0101`.
    ExpectDiagnostic {
        /// `error` or `warning`, as written.
        severity: Name,
        /// The code as written.
        code: Name,
    },
    /// A directive or expectation this crate does not know, or whose arguments could not be
    /// read; a syntax error was reported.
    Unknown,
}
