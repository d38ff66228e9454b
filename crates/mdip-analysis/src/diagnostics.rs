//! Diagnostics: every problem the analysis finds, with a stable code, a byte range, a message,
//! an optional hint, related places and an optional quick fix.
//!
//! Codes: `E01xx` syntax (from `mdip-syntax`), `E02xx` names, `E03xx` legality, `E04xx` failed
//! expectations, `W0xxx` warnings. A code never changes meaning once published.

use mdip_syntax::{ErrorCode, Span, SyntaxError};

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// The file has a problem: `mdip check` exits with 1.
    Error,
    /// Worth a look; the file is still clean.
    Warning,
}

/// The codes of the analysis (syntax codes come from `mdip-syntax`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Code {
    /// A syntax error; the inner code says which.
    Syntax(ErrorCode),
    /// `E0201`: unknown power.
    UnknownPower,
    /// `E0202`: unknown province.
    UnknownProvince,
    /// `E0203`: an order with no power (no block header above it).
    NoPower,
    /// `E0204`: unknown coast.
    UnknownCoast,
    /// `E0205`: unknown word in a directive (`@rules`, `@start`, `@phase`, `@map`).
    UnknownDirectiveWord,
    /// `E0206`: an order without a season when the game has several heads.
    SeasonNeeded,
    /// `E0207`: a season in words (`Spring 1901`) that names no season here: several
    /// timelines, a year before 1901 (the map's first year), or a phase the season has not.
    SeasonWords,
    /// `E0301`: no such unit.
    NoSuchUnit,
    /// `E0302`: the unit there is of the other type.
    WrongUnitType,
    /// `E0303`: a unit of another power.
    ForeignUnit,
    /// `E0304`: an order to a unit in a past season.
    PastUnit,
    /// `E0305`: an order kind not allowed in the current phase.
    WrongPhase,
    /// `E0306`: the unit type cannot go or stand there.
    WrongTerrain,
    /// `E0307`: the destination is not reachable.
    Unreachable,
    /// `E0308`: a fleet move needs a coast.
    CoastMissing,
    /// `E0309`: the fleet cannot reach that coast.
    CoastUnreachable,
    /// `E0310`: a unit cannot support itself or a move into its own province.
    SupportSelf,
    /// `E0311`: the supporting unit cannot reach the supported province.
    SupportUnreachable,
    /// `E0312`: an impossible convoy order.
    BadConvoy,
    /// `E0313`: several orders for one unit.
    DuplicateOrder,
    /// `E0314`: the season does not exist.
    NoSuchSeason,
    /// `E0315`: `@rules standard` forbids orders reaching other seasons.
    StandardRules,
    /// `E0316`: a setup directive after the game started.
    SetupTooLate,
    /// `E0317`: a unit placed where it cannot stand, or on another unit.
    BadPlacement,
    /// `E0318`: an illegal retreat.
    BadRetreat,
    /// `E0319`: an illegal build, removal or waive.
    BadAdjustment,
    /// `E0320`: a move to the unit's own province.
    MoveToSelf,
    /// `E0321`: `@phase` names a phase that does not come next.
    PhaseNotNext,
    /// `E0322`: a season the setup cannot create or use (`@season`, the season of
    /// `@dislodged` or of `@phase adjustment`).
    BadSeasonSetup,
    /// `E0323`: a `@record` that cannot be stored.
    BadRecord,
    /// `E0330`: `@rules 5dd`: a support or convoy whose unit was not ordered what it names.
    Unmatched,
    /// `E0331`: `@rules 5dd`: an order after a power has won.
    GameOver,
    /// `E0401`: an order's outcome differs from the one expected.
    OutcomeMismatch,
    /// `E0402`: an expected diagnostic was not produced.
    MissingDiagnostic,
    /// `E0403`: an expected unit is not there.
    MissingUnit,
    /// `E0404`: a unit is there that no expectation lists.
    UnexpectedUnit,
    /// `E0405`: the dislodged units differ from the ones expected.
    DislodgedMismatch,
    /// `E0406`: the seasons, timelines or heads differ from the ones expected.
    WorldMismatch,
    /// `E0407`: a supply centre's owner differs from the one expected.
    OwnerMismatch,
    /// `E0408`: the winner differs from the one expected.
    WinnerMismatch,
    /// `E0409`: a dislodged unit's retreat options differ from the ones expected.
    RetreatsMismatch,
    /// `E0410`: a stored outcome (`@record ... => succeeds|fails`) that the adjudication of the
    /// same boards contradicts.
    StoredOutcomeMismatch,
    /// `W0201`: a coast where none is needed; it is ignored.
    NeedlessCoast,
    /// `W0202`: the ordered unit's coast is not where it stands; it is ignored (DATC 4.B.5).
    WrongUnitCoast,
    /// `W0203`: a retreat step closed before every dislodged unit had its order.
    RetreatsOwed,
    /// `W0204`: an adjustment step closed with builds left unused.
    BuildsUnused,
    /// `W0205`: `@rules 5dd`: a support or convoy for a unit of a season that does not exist
    /// yet, kept for later.
    Anticipated,
    /// `W0101`: a code in a suppression comment (`# mdip: ignore[...]`) that suppresses
    /// nothing on its line.
    UnusedSuppression,
    /// `W0102`: a suppression comment names a code that does not exist.
    UnknownSuppression,
    /// `W0206`: a bidirectional control character in the file: the line may display in another
    /// order than it is read ("trojan source").
    BidiControl,
}

impl Code {
    /// Every analysis code (syntax codes excluded), in order.
    pub const ALL: [Code; 50] = [
        Code::UnknownPower,
        Code::UnknownProvince,
        Code::NoPower,
        Code::UnknownCoast,
        Code::UnknownDirectiveWord,
        Code::SeasonNeeded,
        Code::SeasonWords,
        Code::NoSuchUnit,
        Code::WrongUnitType,
        Code::ForeignUnit,
        Code::PastUnit,
        Code::WrongPhase,
        Code::WrongTerrain,
        Code::Unreachable,
        Code::CoastMissing,
        Code::CoastUnreachable,
        Code::SupportSelf,
        Code::SupportUnreachable,
        Code::BadConvoy,
        Code::DuplicateOrder,
        Code::NoSuchSeason,
        Code::StandardRules,
        Code::SetupTooLate,
        Code::BadPlacement,
        Code::BadRetreat,
        Code::BadAdjustment,
        Code::MoveToSelf,
        Code::PhaseNotNext,
        Code::BadSeasonSetup,
        Code::BadRecord,
        Code::Unmatched,
        Code::GameOver,
        Code::OutcomeMismatch,
        Code::MissingDiagnostic,
        Code::MissingUnit,
        Code::UnexpectedUnit,
        Code::DislodgedMismatch,
        Code::WorldMismatch,
        Code::OwnerMismatch,
        Code::WinnerMismatch,
        Code::RetreatsMismatch,
        Code::StoredOutcomeMismatch,
        Code::NeedlessCoast,
        Code::WrongUnitCoast,
        Code::RetreatsOwed,
        Code::BuildsUnused,
        Code::Anticipated,
        Code::UnusedSuppression,
        Code::UnknownSuppression,
        Code::BidiControl,
    ];

    /// The code as written: `E0202`.
    pub fn as_str(self) -> &'static str {
        match self {
            Code::Syntax(c) => c.as_str(),
            Code::UnknownPower => "E0201",
            Code::UnknownProvince => "E0202",
            Code::NoPower => "E0203",
            Code::UnknownCoast => "E0204",
            Code::UnknownDirectiveWord => "E0205",
            Code::SeasonNeeded => "E0206",
            Code::SeasonWords => "E0207",
            Code::NoSuchUnit => "E0301",
            Code::WrongUnitType => "E0302",
            Code::ForeignUnit => "E0303",
            Code::PastUnit => "E0304",
            Code::WrongPhase => "E0305",
            Code::WrongTerrain => "E0306",
            Code::Unreachable => "E0307",
            Code::CoastMissing => "E0308",
            Code::CoastUnreachable => "E0309",
            Code::SupportSelf => "E0310",
            Code::SupportUnreachable => "E0311",
            Code::BadConvoy => "E0312",
            Code::DuplicateOrder => "E0313",
            Code::NoSuchSeason => "E0314",
            Code::StandardRules => "E0315",
            Code::SetupTooLate => "E0316",
            Code::BadPlacement => "E0317",
            Code::BadRetreat => "E0318",
            Code::BadAdjustment => "E0319",
            Code::MoveToSelf => "E0320",
            Code::PhaseNotNext => "E0321",
            Code::BadSeasonSetup => "E0322",
            Code::BadRecord => "E0323",
            Code::Unmatched => "E0330",
            Code::GameOver => "E0331",
            Code::OutcomeMismatch => "E0401",
            Code::MissingDiagnostic => "E0402",
            Code::MissingUnit => "E0403",
            Code::UnexpectedUnit => "E0404",
            Code::DislodgedMismatch => "E0405",
            Code::WorldMismatch => "E0406",
            Code::OwnerMismatch => "E0407",
            Code::WinnerMismatch => "E0408",
            Code::RetreatsMismatch => "E0409",
            Code::StoredOutcomeMismatch => "E0410",
            Code::NeedlessCoast => "W0201",
            Code::WrongUnitCoast => "W0202",
            Code::RetreatsOwed => "W0203",
            Code::BuildsUnused => "W0204",
            Code::Anticipated => "W0205",
            Code::UnusedSuppression => "W0101",
            Code::UnknownSuppression => "W0102",
            Code::BidiControl => "W0206",
        }
    }

    /// The severity diagnostics with this code have.
    pub fn severity(self) -> Severity {
        if self.as_str().starts_with('W') {
            Severity::Warning
        } else {
            Severity::Error
        }
    }

    /// Every code, syntax codes first: for tools that list them (SARIF's rules).
    pub fn every() -> impl Iterator<Item = Code> {
        ErrorCode::ALL
            .into_iter()
            .map(Code::Syntax)
            .chain(Code::ALL)
    }

    /// Finds a code from its text, ignoring case (syntax codes included).
    pub fn from_code(s: &str) -> Option<Code> {
        if let Some(c) = ErrorCode::from_code(s) {
            return Some(Code::Syntax(c));
        }
        Code::ALL
            .into_iter()
            .find(|c| c.as_str().eq_ignore_ascii_case(s))
    }

    /// A short explanation, for `mdip check --explain`.
    pub fn explain(self) -> &'static str {
        match self {
            Code::Syntax(c) => c.explain(),
            Code::UnknownPower => "The power is not one of Austria, England, France, Germany, Italy, Russia, Turkey (or their abbreviations).",
            Code::UnknownProvince => "The province is not on the standard map; use its full name or three-letter abbreviation.",
            Code::NoPower => "An order needs a power: put it under a block header (`England:`) or in front (`England: F lon - nth`).",
            Code::UnknownCoast => "Coasts are nc, sc and ec (north, south and east coast).",
            Code::UnknownDirectiveWord => "The directive does not know this word; see grammar/README.md for the accepted values.",
            Code::SeasonNeeded => "The game has several heads: say which season the unit is in (`A Munich 2:0`).",
            Code::SeasonWords => "A season in words (`Spring 1901`, `S1901M`) names a turn of a game with one timeline, from Spring 1901 on; with several timelines write `X:Y`.",
            Code::NoSuchUnit => "No unit stands there in that season; the order is dropped.",
            Code::WrongUnitType => "The unit standing there is of the other type (army or fleet).",
            Code::ForeignUnit => "A power may only order its own units.",
            Code::PastUnit => "Only units in heads (seasons with no future yet) take orders; order the unit in its timeline's head.",
            Code::WrongPhase => "Movement orders in a movement phase, retreats and disbands in a retreat phase, builds, removals and waives in an adjustment phase.",
            Code::WrongTerrain => "Armies cannot go to sea and fleets cannot go inland.",
            Code::Unreachable => "The destination is not adjacent (in place or in time), and no convoy could carry the unit there.",
            Code::CoastMissing => "The fleet could reach several coasts of the destination: say which (`Spain(nc)`).",
            Code::CoastUnreachable => "The fleet cannot reach the coast named.",
            Code::SupportSelf => "A unit cannot support itself, nor a move into its own province.",
            Code::SupportUnreachable => "A unit can only support into a province it could move to itself.",
            Code::BadConvoy => "Only fleets at sea convoy, only armies are convoyed, and only to coastal provinces.",
            Code::DuplicateOrder => "A unit with several orders gets none of them and holds (DATC 4.D.3).",
            Code::NoSuchSeason => "The season does not exist (yet): seasons are created as the game advances.",
            Code::StandardRules => "Under `@rules standard` orders cannot reach other seasons or timelines.",
            Code::SetupTooLate => "Setup directives (`@start`, `@unit`, `@owns`, `@turn`, `@rules`, `@season`, `@record`) must come before the first order, and `@turn` before `@season` lines.",
            Code::BadPlacement => "The unit cannot stand there, or another unit already does; dislodged units and standoffs (`@dislodged`, `@standoff`) only set up a retreat phase (`@phase retreat` first), one dislodged unit per province.",
            Code::BadRetreat => "Retreats go to an adjacent, empty province of the same season, not contested by a standoff and not where the attacker came from.",
            Code::BadAdjustment => "Builds go to owned, empty home centres while the power has fewer units than centres; removals name the power's own units.",
            Code::MoveToSelf => "A unit cannot move to the province it stands in.",
            Code::PhaseNotNext => "`@phase` must name the phase that follows the step in progress; nothing more is played. To play steps with no orders, write `@phase next` once per step.",
            Code::BadSeasonSetup => "`@season X:Y` continues a timeline one turn after its last season, or starts the next unused timeline (`from P:Q`, a past season one turn earlier, branches it; without `from` it has no parent); `@season` lines come after `@turn` and before `@phase`. `@dislodged ... X:Y` needs a season with a child to retreat into; `@phase adjustment X:Y` names heads.",
            Code::BadRecord => "`@record` stores an order of a past season (not a head) with its outcome: the unit must stand there, the order must be legal as a movement order of that season, and each unit has one recorded order.",
            Code::Unmatched => "Under `@rules 5dd` (the 5D Diplomacy game) a support or convoy must match an ordered move of the unit it names (a support to hold: a unit ordered to stay); otherwise it is invalid and the unit holds.",
            Code::GameOver => "Under `@rules 5dd` (the 5D Diplomacy game) the game ends when a power wins: orders given after that are not adjudicated.",
            Code::OutcomeMismatch => "The file expects another outcome for this order (`=> succeeds`, `=> fails`, `=> illegal`).",
            Code::MissingDiagnostic => "The file expects a diagnostic on the next line, and none with that code was produced.",
            Code::MissingUnit => "The file expects this unit after adjudication, and it is not there.",
            Code::UnexpectedUnit => "A unit stands in a season that the file lists exactly, and it is not in the list.",
            Code::DislodgedMismatch => "The units dislodged in the last movement step differ from the `@expect dislodged` list.",
            Code::WorldMismatch => "The seasons, timelines or heads differ from the ones the file expects.",
            Code::OwnerMismatch => "The supply centre has another owner than the one expected.",
            Code::WinnerMismatch => "Victory (rule 21) differs from the expectation.",
            Code::RetreatsMismatch => "The unit is not waiting to retreat, or the places it may retreat to (by the retreat rules: adjacent, empty, not left empty by a standoff, not where the attacker came from unless it came by convoy) differ from the `@expect retreats` list.",
            Code::StoredOutcomeMismatch => "A stored order of the setup (`@record ... => succeeds` or `=> fails`, as `mdip import 5dd` writes a downloaded game's statuses) has another outcome when mdip adjudicates the stored orders of the same boards: the game and mdip disagree about that board.",
            Code::NeedlessCoast => "The province has only one coast, or the unit is an army: the coast is ignored.",
            Code::WrongUnitCoast => "The unit stands on another coast; the coast written is ignored (DATC 4.B.5).",
            Code::RetreatsOwed => "A retreat step was closed before the file gave these dislodged units a retreat or disband order: they are disbanded (rule 6).",
            Code::Anticipated => "Under `@rules 5dd` (the 5D Diplomacy game) a support or convoy may name a unit of a season that does not exist yet: it is not carried out now (its unit holds) but kept, and it acts when a later step reaches it and the unit it names was ordered what it says.",
            Code::UnusedSuppression => "A suppression comment (`# mdip: ignore[CODE]`) names a code that no diagnostic starting on its line has: it hides nothing, and would hide a new problem later. Remove the code (the quick fix does).",
            Code::UnknownSuppression => "A suppression comment (`# mdip: ignore[CODE]`) names something that is not a diagnostic code; codes are listed in docs/diagnostics.md.",
            Code::BidiControl => "A bidirectional control character (U+202A to U+202E, U+2066 to U+2069, U+200E, U+200F, U+061C) reorders how the line is displayed: what an editor or a review shows may differ from what is read and adjudicated (the \"trojan source\" pattern). Remove it; one warning per line names the first.",
            Code::BuildsUnused => "An adjustment step was closed with builds the power could still make: they are lost (not reported at the end of the file).",
        }
    }
}

/// A place related to a diagnostic, such as the unit that bounced a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Related {
    /// Where.
    pub span: Span,
    /// What it has to do with the diagnostic.
    pub message: String,
}

/// A text edit: replace `span` by `text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    /// The range replaced.
    pub span: Span,
    /// The new text.
    pub text: String,
}

/// A quick fix: a title and the edits that apply it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    /// What the fix does: "Replace with `North Sea`".
    pub title: String,
    /// The edits.
    pub edits: Vec<Edit>,
    /// Whether applying it without a look is safe (`mdip check --fix`, the editor's fix on
    /// save): it writes what the file already means or the one thing it can mean (an
    /// unambiguous "did you mean", an ignored coast removed). Unsafe fixes are guesses, applied
    /// only with `--unsafe-fixes`.
    pub safe: bool,
}

/// One diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The stable code.
    pub code: Code,
    /// Error or warning.
    pub severity: Severity,
    /// Where.
    pub span: Span,
    /// What is wrong, one sentence without a final period.
    pub message: String,
    /// How to fix it.
    pub hint: Option<String>,
    /// Related places.
    pub related: Vec<Related>,
    /// Quick fixes.
    pub fixes: Vec<Fix>,
    /// Whether the file expects this diagnostic (`=> illegal`, `@expect error`): an expected
    /// diagnostic does not make the file fail.
    pub expected: bool,
}

impl Diagnostic {
    /// A diagnostic with the code's severity and no hint.
    pub fn new(code: Code, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            severity: code.severity(),
            span,
            message: message.into(),
            hint: None,
            related: Vec::new(),
            fixes: Vec::new(),
            expected: false,
        }
    }

    /// Adds a hint.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Diagnostic {
        self.hint = Some(hint.into());
        self
    }

    /// Adds a related place.
    pub fn with_related(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.related.push(Related {
            span,
            message: message.into(),
        });
        self
    }

    /// Adds a safe quick fix replacing `span` by `text` (see [`Fix::safe`]).
    pub fn with_fix(
        self,
        title: impl Into<String>,
        span: Span,
        text: impl Into<String>,
    ) -> Diagnostic {
        self.with_fix_of(true, title, span, text)
    }

    /// Adds a quick fix that is a guess (see [`Fix::safe`]).
    pub fn with_unsafe_fix(
        self,
        title: impl Into<String>,
        span: Span,
        text: impl Into<String>,
    ) -> Diagnostic {
        self.with_fix_of(false, title, span, text)
    }

    /// Adds a quick fix, safe or not.
    pub fn with_fix_of(
        mut self,
        safe: bool,
        title: impl Into<String>,
        span: Span,
        text: impl Into<String>,
    ) -> Diagnostic {
        self.fixes.push(Fix {
            title: title.into(),
            edits: vec![Edit {
                span,
                text: text.into(),
            }],
            safe,
        });
        self
    }

    /// Whether this diagnostic makes the file fail: an error the file does not expect.
    pub fn is_failure(&self) -> bool {
        self.severity == Severity::Error && !self.expected
    }
}

impl From<&SyntaxError> for Diagnostic {
    fn from(e: &SyntaxError) -> Diagnostic {
        let mut d = Diagnostic::new(Code::Syntax(e.code), e.span, e.message.clone());
        d.hint = e.hint.clone();
        d
    }
}

/// One [`Code::BidiControl`] warning per line of `text` holding a bidirectional control
/// character, at the first one, naming it (`U+202E RIGHT-TO-LEFT OVERRIDE`).
pub(crate) fn bidi_controls(text: &str, out: &mut Vec<Diagnostic>) {
    // Every bidi control is encoded from a lead byte 0xD8 (U+061C) or 0xE2 (U+2xxx): lines
    // without one are passed over.
    if !text.bytes().any(|b| b == 0xD8 || b == 0xE2) {
        return;
    }
    let mut reported = false;
    for (i, c) in text.char_indices() {
        if c == '\n' || c == '\r' {
            reported = false;
        } else if !reported && mdip_syntax::chars::is_bidi(c) {
            reported = true;
            let (Ok(start), Ok(end)) = (u32::try_from(i), u32::try_from(i + c.len_utf8())) else {
                return;
            };
            let mut d = Diagnostic::new(
                Code::BidiControl,
                Span::new(start, end),
                format!(
                    "bidirectional control character {} in the file: the line may display in another order than it is read (trojan source)",
                    mdip_syntax::chars::describe(c)
                ),
            );
            d.hint =
                Some("remove it, unless the text is meant to be shown right to left".to_owned());
            out.push(d);
        }
    }
}
