//! The notation as typed values: what a program builds when it writes `.mdip` text (the
//! importers, the test generators, the analysis' sentences), printed by the formatter's printer
//! (`format/print.rs`), the one writer of the notation.
//!
//! Values hold names as they are to be written (`Munich`, `mun`, `spa/sc`): this crate knows no
//! map. [`Display`](std::fmt::Display) prints the canonical spelling (the formatter's:
//! `A Munich - Tyrolia 1:0`, `F Spain(nc) Supports A Marseilles`); [`Words`] names another
//! spelling of the keywords (`S`, `C`, `hold`), for writers that keep a terser form or vary the
//! wording on purpose. Reading a syntax tree into these values ([`OrderLine::from_ast`]) is how
//! the formatter prints, so text written here reads back as the same values.

use std::fmt;

pub use crate::ast::{ExpectedOutcome, UnitKind};
use crate::format::print;

/// A season `X:Y`: turn `X` in timeline `Y`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Season {
    /// The turn.
    pub turn: u32,
    /// The timeline.
    pub timeline: u32,
}

impl Season {
    /// The season `turn:timeline`.
    #[must_use]
    pub const fn new(turn: u32, timeline: u32) -> Season {
        Season { turn, timeline }
    }
}

impl fmt::Display for Season {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.turn, self.timeline)
    }
}

/// A place: a province as written, an optional coast (printed `(nc)`) and an optional season.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The province (or a location in a form the reader knows, such as `spa/sc`).
    pub province: String,
    /// The coast, without parentheses: `nc`.
    pub coast: Option<String>,
    /// The season, when written.
    pub season: Option<Season>,
}

impl Place {
    /// A province alone.
    #[must_use]
    pub fn new(province: impl Into<String>) -> Place {
        Place {
            province: province.into(),
            coast: None,
            season: None,
        }
    }

    /// The place with a coast.
    #[must_use]
    pub fn coast(mut self, coast: Option<impl Into<String>>) -> Place {
        self.coast = coast.map(Into::into);
        self
    }

    /// The place with a season.
    #[must_use]
    pub fn season(mut self, season: Option<Season>) -> Place {
        self.season = season;
        self
    }
}

/// A unit: its type (left out only where the notation allows) and its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Army or fleet.
    pub kind: Option<UnitKind>,
    /// Where it stands.
    pub place: Place,
}

impl Unit {
    /// A unit of a known type.
    #[must_use]
    pub fn new(kind: UnitKind, place: Place) -> Unit {
        Unit {
            kind: Some(kind),
            place,
        }
    }
}

/// An order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Order {
    /// `A Paris Hold`.
    Hold {
        /// The unit.
        unit: Unit,
    },
    /// `A Paris - Burgundy`, `A London - Norway via Convoy`, `F Trieste Retreat Albania`.
    Move {
        /// The unit.
        unit: Unit,
        /// Where it goes.
        dest: Place,
        /// `via Convoy`.
        via_convoy: bool,
        /// Written as a retreat (`Retreat`).
        retreat: bool,
    },
    /// `A Ruhr Supports A Munich`.
    SupportHold {
        /// The supporting unit.
        unit: Unit,
        /// The supported unit.
        target: Unit,
    },
    /// `A Ruhr Supports A Munich - Burgundy`.
    SupportMove {
        /// The supporting unit.
        unit: Unit,
        /// The supported unit.
        target: Unit,
        /// Where the supported unit goes.
        dest: Place,
    },
    /// `F North Sea Convoys A London - Belgium`.
    Convoy {
        /// The fleet.
        unit: Unit,
        /// The army.
        army: Unit,
        /// Where the army goes.
        dest: Place,
    },
    /// `F Trieste Disband`.
    Disband {
        /// The unit.
        unit: Unit,
    },
    /// `Build A Munich`.
    Build {
        /// The unit.
        unit: Unit,
    },
    /// `Remove A Berlin`.
    Remove {
        /// The unit.
        unit: Unit,
    },
    /// `Waive`.
    Waive,
}

/// An order line: an optional power in front, the order, an optional expected outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderLine {
    /// `England:`.
    pub power: Option<String>,
    /// The order.
    pub order: Order,
    /// `=> succeeds`.
    pub expect: Option<ExpectedOutcome>,
}

impl Order {
    /// Appends the order, spelt with `words`, to `out`: what `Spelt(&order, words)` prints,
    /// without a string of its own (a report writes tens of thousands into one buffer).
    pub fn write(&self, out: &mut String, words: &Words<'_>) {
        print::order(out, self, words);
    }
}

impl OrderLine {
    /// An order without power or expectation.
    #[must_use]
    pub fn new(order: Order) -> OrderLine {
        OrderLine {
            power: None,
            order,
            expect: None,
        }
    }
}

/// A header line: `England:`, `Germany 1:0`, `France Spring 1901`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The power.
    pub power: Option<String>,
    /// The season, as `X:Y`.
    pub season: Option<Season>,
    /// The season in words (`Spring 1901`, `S1901M`), when no `X:Y` is given.
    pub words: Option<String>,
    /// A final `:`.
    pub colon: bool,
}

/// A directive line.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Directive {
    /// `@rules 5dd strict`: the words as written.
    Rules(String),
    /// `@start standard`.
    Start(String),
    /// `@map ancient-mediterranean`: a built-in map, by name.
    Map(String),
    /// `@map "./my-variant"`: a variant folder, the path between the quotes.
    MapFolder(String),
    /// `@unit England F London`.
    Unit { power: String, unit: Unit },
    /// `@owns Germany Berlin, Kiel 1:0`.
    Owns {
        power: String,
        provinces: Vec<String>,
        season: Option<Season>,
    },
    /// `@phase adjustment 2:0`.
    Phase { phase: String, seasons: Vec<Season> },
    /// `@season 1:1 from 0:0`.
    Season {
        season: Season,
        from: Option<Season>,
    },
    /// `@record Germany: A Munich 0:0 - Tyrolia => fails`.
    Record(OrderLine),
    /// `@turn 2`.
    Turn(u32),
    /// `@game 6.A.1`.
    Game(Option<String>),
    /// `@expect unit England F London 1:0`.
    ExpectUnit { power: String, unit: Unit },
    /// `@expect has A Munich 1:0`.
    ExpectHas { power: Option<String>, unit: Unit },
    /// `@expect dislodged Austria A Tyrolia`.
    ExpectDislodged { power: String, unit: Unit },
    /// `@dislodged Austria A Tyrolia from Munich by convoy`.
    Dislodged {
        power: String,
        unit: Unit,
        from: Option<Place>,
        by_convoy: bool,
    },
    /// `@standoff Bohemia, Galicia`.
    Standoff(Vec<String>),
    /// `@expect retreats Austria A Tyrolia: Bohemia, Vienna`.
    ExpectRetreats {
        power: String,
        unit: Unit,
        options: Vec<Place>,
    },
    /// `@expect empty 1:1`.
    ExpectEmpty(Season),
    /// `@expect seasons 0:0 1:0`.
    ExpectSeasons(Vec<Season>),
    /// `@expect timelines 0 1`.
    ExpectTimelines(Vec<u32>),
    /// `@expect heads 2:0 1:1`.
    ExpectHeads(Vec<Season>),
    /// `@expect owner Munich Germany 2:0`.
    ExpectOwner {
        province: String,
        power: String,
        season: Option<Season>,
    },
    /// `@expect dislodged except disbanded`.
    ExpectDislodgedExceptDisbanded,
    /// `@expect winner Germany`.
    ExpectWinner(String),
    /// `@expect error E0301`.
    ExpectDiagnostic { severity: String, code: String },
}

/// How the keywords of orders are spelt. [`Words::CANONICAL`] is the formatter's;
/// [`Words::TERSE`] the short form (`S`, `C`, `hold`) some writers keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words<'a> {
    /// `A` or `Army`.
    pub army: &'a str,
    /// `F` or `Fleet`.
    pub fleet: &'a str,
    /// `Hold`, `H`; empty for the unit alone.
    pub hold: &'a str,
    /// `-`, `->`: a move, and the destination of a supported or convoyed move.
    pub arrow: &'a str,
    /// `Retreat`, `R`.
    pub retreat: &'a str,
    /// Whether a retreat is written `Retreat A x - y` (else `A x Retreat y`).
    pub retreat_in_front: bool,
    /// `Supports`, `S`.
    pub support: &'a str,
    /// `Convoys`, `C`.
    pub convoy: &'a str,
    /// `via Convoy`.
    pub via_convoy: &'a str,
    /// `Disband`, `disband`.
    pub disband: &'a str,
    /// Whether a disband is written `Disband A x` (it always is for a unit without its type).
    pub disband_in_front: bool,
    /// `Build`.
    pub build: &'a str,
    /// `Remove`.
    pub remove: &'a str,
    /// `Waive`.
    pub waive: &'a str,
    /// Between the provinces of `@owns` and `@standoff`: `, ` or ` `.
    pub list: &'a str,
}

impl Words<'static> {
    /// The formatter's spelling.
    pub const CANONICAL: Words<'static> = Words {
        army: "A",
        fleet: "F",
        hold: "Hold",
        arrow: "-",
        retreat: "Retreat",
        retreat_in_front: false,
        support: "Supports",
        convoy: "Convoys",
        via_convoy: "via Convoy",
        disband: "Disband",
        disband_in_front: false,
        build: "Build",
        remove: "Remove",
        waive: "Waive",
        list: ", ",
    };

    /// Short keywords (`mdip import 5dd` writes them): `S`, `C`, `hold`, `Retreat A x - y`,
    /// `Disband A x`; provinces separated by spaces.
    pub const TERSE: Words<'static> = Words {
        hold: "hold",
        retreat_in_front: true,
        support: "S",
        convoy: "C",
        disband_in_front: true,
        list: " ",
        ..Words::CANONICAL
    };
}

impl Default for Words<'static> {
    fn default() -> Self {
        Words::CANONICAL
    }
}

/// A value printed with other [`Words`]: `Spelt(&order, &Words::TERSE).to_string()`.
pub struct Spelt<'v, 'w, T: ?Sized>(pub &'v T, pub &'w Words<'w>);

macro_rules! display {
    ($($t:ty => $f:path),* $(,)?) => {$(
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&$f(self, &Words::CANONICAL))
            }
        }
        impl fmt::Display for Spelt<'_, '_, $t> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&$f(self.0, self.1))
            }
        }
    )*};
}

display! {
    Place => print::place_text,
    Unit => print::unit_text,
    Order => print::order_text,
    OrderLine => print::order_line_text,
    Header => print::header_text,
    Directive => print::directive_text,
}
