//! What each diagnostic code means, taught by example: for every code a longer meaning, a
//! wrong example that produces it, a right one that does not (a test checks both), and the rule
//! or DATC section behind it. `mdip check --explain CODE` prints [`explain`]; the sections of
//! `docs/diagnostics.md` below its marker are [`docs_page`] (a test checks that the page is
//! fresh; `MDIP_WRITE_DOCS=1 cargo test -p mdip-analysis --test explain` writes it).

use mdip_syntax::ErrorCode;

use crate::diagnostics::{Code, Severity};

/// A code taught by example.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// What the code means, in a few sentences (Markdown).
    pub meaning: &'static str,
    /// A whole order file that produces the code; `None` where no example fits on a page
    /// (`E0113`, a file over 4 GiB).
    pub wrong: Option<&'static str>,
    /// The same file written right: it does not produce the code.
    pub right: &'static str,
    /// The rule, DATC section or reference behind the code.
    pub rule: &'static str,
}

/// The explanation of `code`.
pub fn explanation(code: Code) -> Explanation {
    let (meaning, wrong, right, rule) = match code {
        Code::Syntax(ErrorCode::InvalidCharacter) => (
            r#"A character that has no place in the notation (`%`, `;`, an emoji, an en dash `–`, a replacement character from bytes that are not UTF-8). The range is the character."#,
            Some(
                r#"@start standard
England:
A Liverpool % Yorkshire
"#,
            ),
            r#"@start standard
England:
A Liverpool - Yorkshire
"#,
            r#"The notation: grammar/README.md, section 1 (Lines)"#,
        ),
        Code::Syntax(ErrorCode::MalformedSeason) => (
            r#"A malformed season, missing its turn or its timeline. The range is the season."#,
            Some(
                r#"Germany 1:
A Munich hold
"#,
            ),
            r#"Germany 0:0
A Munich hold
"#,
            r#"Seasons `X:Y`, turn X in timeline Y: docs/rules.md rule 1; grammar/README.md, section 2"#,
        ),
        Code::Syntax(ErrorCode::NumberTooLong) => (
            r#"A number longer than 9 digits (turns, timelines, `@turn`). The range is the season or number."#,
            Some(
                r#"Germany 99999999999:0
A Munich hold
"#,
            ),
            r#"Germany 0:0
A Munich hold
"#,
            r#"grammar/README.md, section 2 (numbers have at most 9 digits)"#,
        ),
        Code::Syntax(ErrorCode::UnrecognizedLine) => (
            r#"A line that is neither an order, a block header nor a directive. The range is the line. A line of words that names no power (no colon, no season) is reported so too, with what a line may be; the block it stands in goes on."#,
            Some(
                r#"@start standard
- North Sea
"#,
            ),
            r#"@start standard
England:
F London - North Sea
"#,
            r#"grammar/README.md, section 1: every line is one header, order, directive, comment or blank"#,
        ),
        Code::Syntax(ErrorCode::MissingUnitKind) => (
            r#"An ordered unit without its type `A` or `F`. The range is the province. When a unit stands there (on the board of the order's season, or waiting to retreat) the hint names its type and a fix inserts the letter."#,
            Some(
                r#"@start standard
France:
Paris - Burgundy
"#,
            ),
            r#"@start standard
France:
A Paris - Burgundy
"#,
            r#"DATC 4.C.2 (unit designation); grammar/README.md, section 3"#,
        ),
        Code::Syntax(ErrorCode::IncompleteOrder) => (
            r#"An order that stops too early. The range is empty, at the end of what was read."#,
            Some(
                r#"@start standard
France:
A Paris -
"#,
            ),
            r#"@start standard
France:
A Paris - Burgundy
"#,
            r#"grammar/README.md, section 3 (orders)"#,
        ),
        Code::Syntax(ErrorCode::UnexpectedTrailing) => (
            r#"Text left over after a complete order, header or directive. The range is the extra text."#,
            Some(
                r#"@start standard
England:
F London Hold please
"#,
            ),
            r#"@start standard
England:
F London Hold
"#,
            r#"grammar/README.md, section 3 (orders)"#,
        ),
        Code::Syntax(ErrorCode::MalformedCoast) => (
            r#"A malformed coast. The range is the bracket or slash."#,
            Some(
                r#"@unit France F Mid-Atlantic Ocean
France:
F Mid-Atlantic Ocean - Spain(
"#,
            ),
            r#"@unit France F Mid-Atlantic Ocean
France:
F Mid-Atlantic Ocean - Spain(nc)
"#,
            r#"grammar/README.md, section 2 (coasts)"#,
        ),
        Code::Syntax(ErrorCode::MalformedOutcome) => (
            r#"`=>` not followed by `succeeds`, `fails` or `illegal`."#,
            Some(
                r#"@start standard
France:
A Paris - Burgundy => wins
"#,
            ),
            r#"@start standard
France:
A Paris - Burgundy => succeeds
"#,
            r#"grammar/README.md, section 5 (Expectations)"#,
        ),
        Code::Syntax(ErrorCode::MissingColon) => (
            r#"A power written in front of an order without its colon. The range is empty, where the `:` belongs."#,
            Some(
                r#"@start standard
England F London - North Sea
"#,
            ),
            r#"@start standard
England: F London - North Sea
"#,
            r#"grammar/README.md, section 3 (a power in front of an order)"#,
        ),
        Code::Syntax(ErrorCode::UnknownDirective) => (
            r#"An unknown directive or expectation."#,
            Some(
                r#"@variant standard
"#,
            ),
            r#"@start standard
"#,
            r#"grammar/README.md, section 5 (Directives)"#,
        ),
        Code::Syntax(ErrorCode::MalformedDirective) => (
            r#"A directive whose arguments are missing or malformed."#,
            Some(
                r#"@unit Russia
"#,
            ),
            r#"@unit Russia A Moscow
"#,
            r#"grammar/README.md, section 5 (Directives)"#,
        ),
        Code::Syntax(ErrorCode::FileTooLarge) => (
            r#"A file larger than 4 GiB: only its first 4 GiB are read."#,
            None,
            r#""#,
            r#"The reader: a file is read up to 4 GiB (no example fits in a page)"#,
        ),
        Code::UnknownPower => (
            r#"Unknown power, in a block header, in front of an order or in a directive. A close name is suggested with a fix. The orders of a block whose header has an unknown power then have no power (E0203)."#,
            Some(
                r#"@start standard
Englnd:
F London - North Sea
"#,
            ),
            r#"@start standard
England:
F London - North Sea
"#,
            r#"The powers of the standard map (crates/mdip-map/data/powers.txt)"#,
        ),
        Code::UnknownProvince => (
            r#"Unknown province. A close name is suggested with a fix. Unknown words inside an order become part of the name (`A Paris marches Burgundy`). Two provinces with the `-` of a move left out (`A Budapest Galicia`) get the missing `-` as their hint and fix."#,
            Some(
                r#"@start standard
England:
F London - Nort Sea
"#,
            ),
            r#"@start standard
England:
F London - North Sea
"#,
            r#"The provinces of the standard map (crates/mdip-map/data/provinces.txt)"#,
        ),
        Code::NoPower => (
            r#"An order with no power: no block header above it and no power in front."#,
            Some(
                r#"@start standard
A Paris - Burgundy
"#,
            ),
            r#"@start standard
France:
A Paris - Burgundy
"#,
            r#"grammar/README.md, section 3 (blocks)"#,
        ),
        Code::UnknownCoast => (
            r#"Unknown coast (coasts are `nc`, `sc`, `ec`, or `north coast`, ...)."#,
            Some(
                r#"@unit France F Mid-Atlantic Ocean
France:
F Mid-Atlantic Ocean - Spain(xc)
"#,
            ),
            r#"@unit France F Mid-Atlantic Ocean
France:
F Mid-Atlantic Ocean - Spain(nc)
"#,
            r#"grammar/README.md, section 2 (coasts)"#,
        ),
        Code::UnknownDirectiveWord => (
            r#"A known directive with an unknown value: rule set, starting position, phase, map (an `@map` name that is no built-in map, or a variant folder that cannot be read or does not load: the message lists the loader's problems, each with its file and line)."#,
            Some(
                r#"@rules diplomacy
"#,
            ),
            r#"@rules standard
"#,
            r#"docs/rules.md, Choosing a rule set: `@rules`"#,
        ),
        Code::SeasonNeeded => (
            r#"An order without a season when the game has several heads and the block header names no season either."#,
            Some(
                r#"Germany 0:0
A Munich hold

Germany 1:0
A Munich - Tyrolia 0:0
@phase movement

Germany:
A Tyrolia - Vienna
"#,
            ),
            r#"Germany 0:0
A Munich hold

Germany 1:0
A Munich - Tyrolia 0:0
@phase movement

Germany 1:1
A Tyrolia - Vienna
"#,
            r#"docs/rules.md rule 3 (heads) and rule 11 (seasons left out)"#,
        ),
        Code::SeasonWords => (
            r#"A season in words in a block header that names no season: the game has several timelines (write `X:Y`), a year before 1901 (before the map's `start-year` on another map), or a phase the season has not (`S1901A`, `W1901M`); also a game starting in a retreat phase (`F1901R` before any order). The header then sets no season."#,
            Some(
                r#"@start standard
Spring 1900
Germany:
A Munich hold
"#,
            ),
            r#"@start standard
Spring 1901
Germany:
A Munich hold
"#,
            r#"grammar/README.md, section 4 (seasons in words name turns of a game with one timeline)"#,
        ),
        Code::NoSuchUnit => (
            r#"No unit stands there in that season. The hint lists the power's units in that season and the nearest unit of the type written."#,
            Some(
                r#"@start standard
France:
A Burgundy - Munich
"#,
            ),
            r#"@start standard
France:
A Paris - Burgundy
"#,
            r#"docs/rules.md rule 22 (illegal orders: the unit holds)"#,
        ),
        Code::WrongUnitType => (
            r#"The unit standing there (or waiting to retreat there, in a retreat phase) is of the other type."#,
            Some(
                r#"@start standard
England:
A London - Wales
"#,
            ),
            r#"@start standard
England:
F London - Wales
"#,
            r#"DATC 4.C.2 (wrong unit designation); docs/rules.md rule 22"#,
        ),
        Code::ForeignUnit => (
            r#"A power ordering another power's unit."#,
            Some(
                r#"@start standard
England:
A Paris - Burgundy
"#,
            ),
            r#"@start standard
France:
A Paris - Burgundy
"#,
            r#"DATC 6.A.6 (ordering a unit of another country)"#,
        ),
        Code::PastUnit => (
            r#"An order to a unit in a past season (only units in heads take orders)."#,
            Some(
                r#"Germany 0:0
A Munich hold

Germany 1:0
A Munich - Tyrolia
A Munich 0:0 - Bohemia
"#,
            ),
            r#"Germany 0:0
A Munich hold

Germany 1:0
A Munich - Tyrolia
"#,
            r#"docs/rules.md rule 4 (only heads take orders)"#,
        ),
        Code::WrongPhase => (
            r#"An order of another phase: a build in a movement phase, a move in an adjustment phase, a move of a unit that is not waiting to retreat in a retreat phase, ... The order closes no step."#,
            Some(
                r#"@start standard
Germany:
Build A Munich
"#,
            ),
            r#"@start standard
Germany:
A Munich Hold
"#,
            r#"DATC 6.H.4 (no other moves during retreat); docs/rules.md rule 5-7 (steps)"#,
        ),
        Code::WrongTerrain => (
            r#"The unit type cannot go there: an army to sea, a fleet inland."#,
            Some(
                r#"@start standard
England:
A Liverpool - Irish Sea
"#,
            ),
            r#"@start standard
England:
F London - English Channel
"#,
            r#"DATC 6.A.2 (move army to sea), 6.A.3 (move fleet to land)"#,
        ),
        Code::Unreachable => (
            r#"The destination is not adjacent (in place or in time) and no convoy could carry the unit there. The hint lists the unit's neighbours on the map (abbreviations; a fleet's from its coast)."#,
            Some(
                r#"@start standard
Germany:
A Munich - Warsaw
"#,
            ),
            r#"@start standard
Germany:
A Munich - Silesia
"#,
            r#"DATC 6.A.1 (moving to an area that is not a neighbour); docs/rules.md rule 8 (reach)"#,
        ),
        Code::CoastMissing => (
            r#"A fleet move to a split-coast province the fleet could reach on several coasts, without a coast."#,
            Some(
                r#"@unit France F Mid-Atlantic Ocean
France:
F Mid-Atlantic Ocean - Spain
"#,
            ),
            r#"@unit France F Mid-Atlantic Ocean
France:
F Mid-Atlantic Ocean - Spain(nc)
"#,
            r#"DATC 4.B.1 and 6.B.1 (unspecified coast when a coast is necessary)"#,
        ),
        Code::CoastUnreachable => (
            r#"The fleet cannot reach the coast named."#,
            Some(
                r#"@unit France F Gascony
France:
F Gascony - Spain(sc)
"#,
            ),
            r#"@unit France F Gascony
France:
F Gascony - Spain(nc)
"#,
            r#"DATC 4.B.3 (move order to impossible coast)"#,
        ),
        Code::SupportSelf => (
            r#"A unit supporting itself, or supporting a move into its own province."#,
            Some(
                r#"@start standard
Germany:
A Munich Supports A Munich
"#,
            ),
            r#"@start standard
Germany:
A Munich Supports A Berlin
"#,
            r#"DATC 6.A.8 (support to hold yourself is not possible), 6.D.34 (support targeting own area)"#,
        ),
        Code::SupportUnreachable => (
            r#"A support into a province the supporter could not move to itself, or a support of a move that cannot happen (DATC 4.E.1), with the reason: a move to the unit's own province (6.A.5), an army to sea or a fleet inland (6.D.22, 6.D.24), a destination out of the supported unit's reach (6.D.23), or a convoy that would need the supporting fleet itself (6.D.31). For a supporter out of reach, the hint lists where it can reach."#,
            Some(
                r#"@start standard
Germany:
A Munich Supports A Berlin - Prussia
"#,
            ),
            r#"@start standard
Germany:
A Munich Supports A Berlin - Silesia
"#,
            r#"DATC 6.A.10 (support on unreachable destination not possible), 4.E.1, 6.D.22-6.D.24, 6.D.31"#,
        ),
        Code::BadConvoy => (
            r#"An impossible convoy: the convoying unit is an army or a coastal fleet, the convoyed unit is a fleet, the destination is not coastal, or the fleet is not on a route. Under `@rules 5dd` also a move over water that no chain of fleets was ordered to convoy (the game has no convoy without convoy orders)."#,
            Some(
                r#"@start standard
England:
F London Convoys A Liverpool - Belgium
"#,
            ),
            r#"@start standard
England:
F London - North Sea
"#,
            r#"DATC 6.F.1 (no convoy in coastal areas), 6.A.7 (only armies can be convoyed)"#,
        ),
        Code::DuplicateOrder => (
            r#"Several orders for one unit: none is carried out and the unit holds (DATC 4.D.3). Each order gets the diagnostic, with the unit's other orders as related places (also in a retreat phase)."#,
            Some(
                r#"@start standard
France:
A Paris - Burgundy
A Paris - Picardy
"#,
            ),
            r#"@start standard
France:
A Paris - Burgundy
"#,
            r#"DATC 4.D.3 (multiple orders to the same unit)"#,
        ),
        Code::NoSuchSeason => (
            r#"The season does not exist (yet)."#,
            Some(
                r#"Germany 0:0
A Munich - Tyrolia 1:0
"#,
            ),
            r#"Germany 0:0
A Munich - Tyrolia
"#,
            r#"docs/rules.md rule 8 (a destination exists)"#,
        ),
        Code::StandardRules => (
            r#"Under `@rules standard`, an order reaching another season or timeline."#,
            Some(
                r#"@rules standard
Germany 0:0
A Munich hold

Germany 1:0
A Munich - Tyrolia 0:0
"#,
            ),
            r#"@rules standard
Germany 0:0
A Munich hold

Germany 1:0
A Munich - Tyrolia
"#,
            r#"docs/rules.md, `@rules standard`"#,
        ),
        Code::SetupTooLate => (
            r#"A setup directive (`@start`, `@unit`, `@owns`, `@turn`, `@rules`, `@season`, `@record`) after the first order; also `@turn` after `@season` lines (the root's turn is settled); an `@map` after anything but blank lines, comments, `@rules` and `@expect error`, or a second `@map`."#,
            Some(
                r#"@start standard
France:
A Paris - Burgundy
@unit France A Gascony
"#,
            ),
            r#"@start standard
@unit France A Gascony
France:
A Paris - Burgundy
"#,
            r#"grammar/README.md, section 5 (setup directives come first)"#,
        ),
        Code::BadPlacement => (
            r#"A unit placed where it cannot stand, or on another unit; a dislodged unit or a standoff outside a retreat phase set up by hand, or a second dislodged unit in one province."#,
            Some(
                r#"@unit England A North Sea
"#,
            ),
            r#"@unit England F North Sea
"#,
            r#"The map's terrain (crates/mdip-map/data/provinces.txt); grammar/README.md, section 5"#,
        ),
        Code::BadRetreat => (
            r#"An illegal retreat: to where the attacker came from, to an occupied, non-adjacent or contested province, or a disband of a unit that was not dislodged (a move of such a unit is a movement order: E0305)."#,
            Some(
                r#"@unit Germany A Munich
@unit Germany A Bohemia
@unit Austria A Tyrolia
Germany:
A Munich - Tyrolia
A Bohemia Supports A Munich - Tyrolia
@phase retreat
Austria:
A Tyrolia - Munich
"#,
            ),
            r#"@unit Germany A Munich
@unit Germany A Bohemia
@unit Austria A Tyrolia
Germany:
A Munich - Tyrolia
A Bohemia Supports A Munich - Tyrolia
@phase retreat
Austria:
A Tyrolia - Vienna
"#,
            r#"DATC 6.H.5 (no retreat to the area the attack came from), 6.H.6 (nor to a contested area); docs/rules.md rule 6"#,
        ),
        Code::BadAdjustment => (
            r#"An illegal build, removal or waive: not a home centre, not owned, occupied, no build or removal due, not the power's unit, a fleet on a split-coast province without its coast (DATC 4.B.7)."#,
            Some(
                r#"@turn 2
@phase adjustment
@owns Germany Berlin, Kiel, Munich, Denmark
@unit Germany A Berlin
Germany:
Build A Denmark
"#,
            ),
            r#"@turn 2
@phase adjustment
@owns Germany Berlin, Kiel, Munich, Denmark
@unit Germany A Berlin
Germany:
Build A Munich
"#,
            r#"DATC 6.I.6 (building in an owned centre that is not a home centre), 6.I.3, 6.I.5; docs/rules.md rule 7"#,
        ),
        Code::MoveToSelf => (
            r#"A move to the province the unit stands in."#,
            Some(
                r#"@start standard
France:
A Paris - Paris
"#,
            ),
            r#"@start standard
France:
A Paris Hold
"#,
            r#"DATC 6.A.4 (move to own sector)"#,
        ),
        Code::PhaseNotNext => (
            r#"An `@phase` after the game started that does not name the phase following the step in progress. The step in progress is adjudicated, nothing more: `@phase next` (once per step) plays steps with no orders. The range is the directive. A header with a retreat season in words (`F1901R`) after a movement that dislodged nothing is reported so too: there is no retreat phase."#,
            Some(
                r#"@start standard
England:
F London Hold
@phase retreat
"#,
            ),
            r#"@start standard
England:
F London Hold
@phase movement
"#,
            r#"grammar/README.md, section 4 (steps); the order of phases: movement, retreats (if any), adjustments after a Fall turn"#,
        ),
        Code::BadSeasonSetup => (
            r#"A season the setup cannot create or use: `@season X:Y` must continue its timeline one turn after its last season, or start the next unused timeline (with `from P:Q`, a past season one turn earlier, not a head; without, a timeline with no parent); `@season` lines come after `@turn` and before the starting `@phase`. `@dislodged` in a season names one with a child to retreat into; `@phase adjustment X:Y ...` names heads (and must name them once `@season` lines have set up other seasons). The range is the season."#,
            Some(
                r#"@season 2:0
"#,
            ),
            r#"@season 1:0
"#,
            r#"docs/rules.md rule 2 (timeline numbers) and rule 1 (seasons)"#,
        ),
        Code::BadRecord => (
            r#"A `@record` that cannot be stored: its unit's season is a head (only past seasons have records), the unit already has a recorded order, or the order is illegal as a movement order of the unit's season (the reason as for a live order); the order is not recorded. The range is the order."#,
            Some(
                r#"@season 1:0
@unit Germany A Munich 0:0
@unit Germany A Munich 1:0
@record Germany: A Munich 1:0 - Tyrolia => fails
"#,
            ),
            r#"@season 1:0
@unit Germany A Munich 0:0
@unit Germany A Munich 1:0
@record Germany: A Munich 0:0 - Tyrolia => fails

Germany 1:0
A Munich hold
"#,
            r#"docs/rules.md rule 4 (stored orders stay as given) and rule 13"#,
        ),
        Code::Unmatched => (
            r#"Under `@rules 5dd` (the 5D Diplomacy game), a support or convoy whose unit was not ordered what it names (a support to hold: the unit was not ordered to stay; a move to its own province is not staying). The unit holds."#,
            Some(
                r#"@rules 5dd
@start standard
Germany:
A Munich Supports A Berlin - Kiel
"#,
            ),
            r#"@rules 5dd
@start standard
Germany:
A Munich Supports A Berlin
"#,
            r#"docs/rules.md, `@rules 5dd` (the game's order checks)"#,
        ),
        Code::GameOver => (
            r#"Under `@rules 5dd` (the 5D Diplomacy game), an order given after a power has won: the game is over and nothing more is adjudicated."#,
            Some(
                r#"@rules 5dd
@owns Germany Berlin, Kiel, Munich, Holland, Belgium, Denmark, Sweden, Norway, Warsaw, Moscow, St Petersburg, Sevastopol, Vienna, Budapest, Trieste, Paris, Brest, Marseilles
@unit Germany A Berlin
@turn 1
Germany:
A Berlin Hold

Germany 2:0:
A Berlin Hold
"#,
            ),
            r#"@rules 5dd
@owns Germany Berlin, Kiel, Munich, Holland, Belgium, Denmark, Sweden, Norway, Warsaw, Moscow, St Petersburg, Sevastopol, Vienna, Budapest, Trieste, Paris, Brest
@unit Germany A Berlin
@turn 1
Germany:
A Berlin Hold

Germany 2:0:
A Berlin Hold
"#,
            r#"docs/rules.md rule 21 and `@rules 5dd` (the game ends when a power wins)"#,
        ),
        Code::OutcomeMismatch => (
            r#"An order's outcome differs from the `=>` outcome (`succeeds`, `fails`, `is illegal`). The orders that caused the outcome are related places."#,
            Some(
                r#"@start standard
Germany:
A Munich - Burgundy => succeeds
France:
A Paris - Burgundy
"#,
            ),
            r#"@start standard
Germany:
A Munich - Burgundy => fails
France:
A Paris - Burgundy
"#,
            r#"grammar/README.md, Expectations (`=> succeeds`, `=> fails`, `=> illegal`)"#,
        ),
        Code::MissingDiagnostic => (
            r#"An `@expect error` / `@expect warning` line whose next line does not produce that code."#,
            Some(
                r#"@unit France F Brest
@expect warning W0201
France: F Brest - English Channel
"#,
            ),
            r#"@unit France F Brest
@expect warning W0201
France: F Brest - Picardy(nc)
"#,
            r#"grammar/README.md, Expectations (`@expect error`, `@expect warning`)"#,
        ),
        Code::MissingUnit => (
            r#"An `@expect unit` or `@expect has` names a unit that is not there."#,
            Some(
                r#"@start standard
France:
A Paris - Burgundy
@expect unit France A Paris
"#,
            ),
            r#"@start standard
France:
A Paris - Burgundy
@expect has France A Burgundy
"#,
            r#"grammar/README.md, Expectations (`@expect unit`, `@expect has`)"#,
        ),
        Code::UnexpectedUnit => (
            r#"A unit stands in a season that `@expect unit` lines list exactly (one of them names the season), and it is not listed. One diagnostic per season, at its first `@expect unit` line, however many units are missing from the list (the first four are named); a unit an E0403 already names ("found ...") is not repeated."#,
            Some(
                r#"@unit France A Paris
@unit France A Brest
France:
A Paris - Burgundy
@expect unit France A Burgundy
"#,
            ),
            r#"@unit France A Paris
@unit France A Brest
France:
A Paris - Burgundy
@expect unit France A Burgundy
@expect unit France A Brest
"#,
            r#"grammar/README.md, Expectations (`@expect unit` lists a season exactly)"#,
        ),
        Code::DislodgedMismatch => (
            r#"The units dislodged differ from the `@expect dislodged` list."#,
            Some(
                r#"@start standard
Austria:
A Vienna Hold
@expect dislodged Austria A Vienna
"#,
            ),
            r#"@start standard
Austria:
A Vienna Hold
@expect unit Austria A Vienna
@expect has Austria A Budapest
"#,
            r#"grammar/README.md, Expectations (`@expect dislodged`)"#,
        ),
        Code::WorldMismatch => (
            r#"The seasons, timelines or heads differ from `@expect seasons`, `@expect timelines`, `@expect heads` or `@expect empty`."#,
            Some(
                r#"@start standard
Germany:
A Munich Hold
@expect timelines 0 1
"#,
            ),
            r#"@start standard
Germany:
A Munich Hold
@expect timelines 0
"#,
            r#"grammar/README.md, Expectations (`@expect seasons`, `timelines`, `heads`, `empty`); docs/rules.md rules 16-18 (forks)"#,
        ),
        Code::OwnerMismatch => (
            r#"A supply centre's owner differs from `@expect owner`."#,
            Some(
                r#"@start standard
@expect owner London France
"#,
            ),
            r#"@start standard
@expect owner London England
"#,
            r#"grammar/README.md, Expectations (`@expect owner`); docs/rules.md rule 7 (ownership)"#,
        ),
        Code::WinnerMismatch => (
            r#"The winner differs from `@expect winner`."#,
            Some(
                r#"@start standard
@expect winner England
"#,
            ),
            r#"@start standard
@expect winner none
"#,
            r#"docs/rules.md rule 21 (victory, as a report)"#,
        ),
        Code::RetreatsMismatch => (
            r#"`@expect retreats` names a unit that is not waiting to retreat, or the places it may retreat to (by the retreat rules) differ from the list (`none`: it may go nowhere)."#,
            Some(
                r#"@unit Germany A Munich
@unit Germany A Bohemia
@unit Austria A Tyrolia
Germany:
A Munich - Tyrolia
A Bohemia Supports A Munich - Tyrolia
@expect retreats Austria A Tyrolia: Munich, Vienna
"#,
            ),
            r#"@unit Germany A Munich
@unit Germany A Bohemia
@unit Austria A Tyrolia
Germany:
A Munich - Tyrolia
A Bohemia Supports A Munich - Tyrolia
@expect retreats Austria A Tyrolia: Piedmont, Trieste, Venice, Vienna
"#,
            r#"DATC 6.H.5, 6.H.6 (where a dislodged unit may retreat); docs/rules.md rule 6"#,
        ),
        Code::UnusedSuppression => (
            r#"A code in a suppression comment (`# mdip: ignore[CODE]`, see docs/configuration.md) that suppresses nothing: no diagnostic with that code starts on the comment's line. It hides nothing now and would hide a new problem later. A fix removes it."#,
            Some(
                r#"@start standard
France:
A Paris Hold # mdip: ignore[E0202]
"#,
            ),
            r#"@start standard
France:
A Paris Hold
"#,
            r#"docs/configuration.md, suppressing one line (as ruff's unused `noqa`)"#,
        ),
        Code::UnknownSuppression => (
            r#"A suppression comment (`# mdip: ignore[CODE]`) names something that is not a diagnostic code. A fix removes it."#,
            Some(
                r#"@start standard
France:
A Paris Hold # mdip: ignore[E9999]
"#,
            ),
            r#"@start standard
France:
A Paris Hold
"#,
            r#"docs/configuration.md, suppressing one line; the codes are listed in docs/diagnostics.md"#,
        ),
        Code::StoredOutcomeMismatch => (
            r#"Under `@rules 5dd`, a stored order of the setup (`@record ... => succeeds` or `=> fails`, as `mdip import 5dd` writes a downloaded game's statuses) has another outcome when mdip adjudicates the stored orders of the same boards: the game and mdip disagree about that board. The range is the `@record` line; the message names the outcome mdip finds and why."#,
            Some(
                r#"@rules 5dd
@season 1:0
@unit Austria A Tyrolia 0:0
@unit Germany A Munich 0:0
@unit Austria A Tyrolia 1:0
@unit Germany A Munich 1:0
@record Germany: A Munich 0:0 - Tyrolia => succeeds

Germany 1:0
A Munich hold
"#,
            ),
            r#"@rules 5dd
@season 1:0
@unit Austria A Tyrolia 0:0
@unit Germany A Munich 0:0
@unit Austria A Tyrolia 1:0
@unit Germany A Munich 1:0
@record Germany: A Munich 0:0 - Tyrolia => fails

Germany 1:0
A Munich hold
"#,
            r#"docs/5dd-game.md (what `mdip import 5dd` records and how `mdip check` verifies it); DATC 6.A.1 ff. for the adjudication itself"#,
        ),
        Code::NeedlessCoast => (
            r#"A coast where none is needed (a one-coast province, or an army's destination): it is ignored. A fix removes it."#,
            Some(
                r#"@start standard
France:
F Brest - Picardy(nc)
"#,
            ),
            r#"@start standard
France:
F Brest - Picardy
"#,
            r#"DATC 6.B.2, 6.B.3 (a coast that is not necessary), 6.B.12 (army movement with coastal specification)"#,
        ),
        Code::WrongUnitCoast => (
            r#"The ordered fleet's coast is not the one it stands on: the coast written is ignored (DATC 4.B.5). A fix writes the right coast."#,
            Some(
                r#"@unit Russia F St Petersburg(nc)
Russia:
F St Petersburg(sc) - Barents Sea
"#,
            ),
            r#"@unit Russia F St Petersburg(nc)
Russia:
F St Petersburg(nc) - Barents Sea
"#,
            r#"DATC 4.B.5 (wrong coast of ordered unit), 6.B.10"#,
        ),
        Code::RetreatsOwed => (
            r#"A retreat step closed in the middle of the file (by `@phase`) before every dislodged unit had a retreat or disband order: those units are disbanded. The range is the line that closed the step. Not reported at the end of the file."#,
            Some(
                r#"@unit Germany A Munich
@unit Germany A Bohemia
@unit Austria A Tyrolia
Germany:
A Munich - Tyrolia
A Bohemia Supports A Munich - Tyrolia
@phase retreat
@phase movement
"#,
            ),
            r#"@unit Germany A Munich
@unit Germany A Bohemia
@unit Austria A Tyrolia
Germany:
A Munich - Tyrolia
A Bohemia Supports A Munich - Tyrolia
@phase retreat
Austria:
A Tyrolia Disband
@phase movement
"#,
            r#"docs/rules.md rule 6 (a dislodged unit with no retreat order is disbanded)"#,
        ),
        Code::BuildsUnused => (
            r#"An adjustment step closed in the middle of the file with builds a power could still make (centres over units, at most its owned empty home centres), neither built nor waived: they are lost. The range is the line that closed the step. Not reported at the end of the file, nor for an adjustment step passed over by the founding rule or `@phase movement` (a skipped winter)."#,
            Some(
                r#"@turn 2
@phase adjustment
@owns Austria Vienna, Budapest
@unit Austria A Budapest
@phase movement
"#,
            ),
            r#"@turn 2
@phase adjustment
@owns Austria Vienna, Budapest
@unit Austria A Budapest
Austria:
Build A Vienna
@phase movement
"#,
            r#"DATC 4.D.7 (waiving builds); docs/rules.md rule 7"#,
        ),
        Code::Anticipated => (
            r#"Under `@rules 5dd` (the 5D Diplomacy game), a support or convoy naming a unit of a season that does not exist yet. It is not carried out in this step (its unit holds; the order's status is `illegal`), but kept: when a later step reaches the place it names and the unit there was ordered what it says, it acts (the game's MDATC D.03)."#,
            Some(
                r#"@rules 5dd
@unit England A London
@unit England F North Sea
England 0:0
F North Sea Convoys A London 3:0 - Norway 0:0
"#,
            ),
            r#"@rules 5dd
@unit England A London
@unit England F North Sea
England 0:0
F North Sea Convoys A London - Norway
A London - Norway
"#,
            r#"docs/rules.md, `@rules 5dd` (the game's MDATC D.03: orders kept for seasons to come)"#,
        ),
        Code::BidiControl => (
            r#"A bidirectional control character (U+202A to U+202E, U+2066 to U+2069, U+200E, U+200F, U+061C) in the file: it reorders how the line is displayed, so what an editor, a review or a terminal shows may differ from what is read and adjudicated (the "trojan source" pattern). One warning per line, at the first one, naming it by code point and name. `mdip check`'s text, concise and GitHub output show such characters escaped (`\u{202e}`). Remove the character."#,
            // The character is written as an escape: a literal one in this source would be the
            // very thing the warning is about.
            Some("@start standard\nEngland:\nF London - North Sea # \u{202e}retaw\n"),
            r#"@start standard
England:
F London - North Sea # water
"#,
            r#"the "trojan source" paper (CVE-2021-42574); docs/diagnostics.md"#,
        ),
    };
    Explanation {
        meaning,
        wrong,
        right,
        rule,
    }
}

/// What the wrong example of `code` reports: the first diagnostic with that code, its message
/// and hint as the concise format writes them.
pub fn wrong_message(code: Code) -> Option<String> {
    let text = explanation(code).wrong?;
    let reported = reported(text);
    let d = reported.iter().find(|d| d.code == code)?;
    Some(match &d.hint {
        Some(h) => format!("{} (hint: {h})", d.message),
        None => d.message.clone(),
    })
}

/// The diagnostics `mdip check` reports for `text` with no configuration: the analysis' own,
/// with the file's suppression comments applied (which is where W0101 and W0102 come from).
pub fn reported(text: &str) -> Vec<crate::Diagnostic> {
    crate::config::Lint::default().apply(text, &crate::analyze(text).diagnostics)
}

/// The text `mdip check --explain CODE` prints: the code's one-line summary, its meaning, a
/// wrong example with what it reports, a right one, and the rule behind it.
pub fn explain(code: Code) -> String {
    let e = explanation(code);
    let indent = |t: &str| -> String { t.lines().map(|l| format!("    {l}\n")).collect() };
    let mut out = format!(
        "{}: {}\n\n{}\n",
        code.as_str(),
        code.explain(),
        plain(e.meaning)
    );
    match e.wrong {
        Some(w) => {
            out.push_str("\nWrong:\n");
            out.push_str(&indent(w));
            if let Some(m) = wrong_message(code) {
                out.push_str(&format!("  {}[{}]: {m}\n", severity(code), code.as_str()));
            }
        }
        None => out.push_str("\nWrong: no example fits on a page.\n"),
    }
    if !e.right.is_empty() {
        out.push_str("\nRight:\n");
        out.push_str(&indent(e.right));
    }
    out.push_str(&format!("\nRule: {}\n", plain(e.rule)));
    out
}

fn severity(code: Code) -> &'static str {
    match code.severity() {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

/// Markdown code spans as plain text for a terminal (`` `A Munich` `` stays readable without
/// its backticks).
fn plain(text: &str) -> String {
    text.replace('`', "")
}

/// The groups of codes of the page, with their headings.
const GROUPS: [(&str, &str); 5] = [
    ("E01", "Syntax — `E01xx`"),
    ("E02", "Names — `E02xx`"),
    ("E03", "Legality — `E03xx`"),
    ("E04", "Failed expectations — `E04xx`"),
    ("W0", "Warnings — `W0xxx`"),
];

/// The line of `docs/diagnostics.md` after which the page is generated.
pub const DOCS_MARKER: &str =
    "<!-- Generated from crates/mdip-analysis/src/explain.rs: MDIP_WRITE_DOCS=1 cargo test -p mdip-analysis --test explain -->";

/// The generated part of `docs/diagnostics.md`: every code with its meaning, its wrong and
/// right examples, what the wrong one reports, and its rule.
pub fn docs_page() -> String {
    let mut out = String::new();
    for (prefix, heading) in GROUPS {
        out.push_str(&format!("\n## {heading}\n"));
        for code in Code::every().filter(|c| c.as_str().starts_with(prefix)) {
            let e = explanation(code);
            out.push_str(&format!(
                "\n### <a id=\"{}\"></a>{} — {}\n\n{}\n",
                code.as_str().to_ascii_lowercase(),
                code.as_str(),
                code.explain(),
                e.meaning
            ));
            match e.wrong {
                Some(w) => {
                    let said = wrong_message(code).unwrap_or_default();
                    out.push_str(&format!(
                        "\nWrong — {} {}: {said}\n\n```mdip\n{w}```\n",
                        severity(code),
                        code.as_str()
                    ));
                }
                None => out.push_str("\nWrong: no example fits on a page.\n"),
            }
            if !e.right.is_empty() {
                out.push_str(&format!("\nRight:\n\n```mdip\n{}```\n", e.right));
            }
            out.push_str(&format!("\nRule: {}\n", e.rule));
        }
    }
    out
}
