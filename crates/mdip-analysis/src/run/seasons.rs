//! Block headers, and the seasons of standard games in words: `Spring 1901` is turn 0,
//! `Fall 1901` turn 1, `Winter 1901` the adjustment step on the board Fall 1901 left (turn 2),
//! and the compact forms `S1901M`, `F1901R`, `W1901A` add the phase. They name a turn of the
//! one timeline of a standard game; with several timelines only `X:Y` says which.

use mdip_judge::world::{Phase, SeasonKey};
use mdip_syntax::{Header, PhaseLetter, SeasonName, SeasonWords, Span};

use super::describe;
use super::state::State;

use crate::diagnostics::{Code, Diagnostic};
use crate::names;

impl State {
    /// A block header: the power and the season in force for the lines below it. A season in
    /// words also brings the game to that turn and phase, as `@turn`/`@phase` would.
    pub(crate) fn header(&mut self, line: usize, h: &Header) {
        // Not a header at all: the block goes on as it was.
        if h.power
            .as_ref()
            .is_some_and(|name| self.not_a_line(h, name))
        {
            return;
        }
        match &h.power {
            Some(name) => {
                self.block.power = names::power(self.map(), name, &mut self.diags);
                self.block.power_unknown = self.block.power.is_none();
            }
            None => {
                self.block.power = None;
                self.block.power_unknown = false;
            }
        }
        let (season, span) = if let Some(s) = &h.season {
            (names::season(s), Some(s.span))
        } else if let Some(w) = &h.words {
            (self.season_words(line, w), Some(w.span))
        } else {
            match self.block.standing {
                Some((key, span)) => (Some(key), Some(span)),
                None => (None, None),
            }
        };
        if h.power.is_none() {
            self.block.standing = season.zip(span);
        }
        self.block.season_span = span;
        // An `X:Y` season closes steps only when its orders come (their kind says which step
        // they belong to).
        self.block.season = season;
    }

    /// A line of words that is no power, with no colon and no season: not a block header at
    /// all. Says what a line may be (E0104) and returns true.
    fn not_a_line(&mut self, h: &Header, name: &mdip_syntax::Name) -> bool {
        let map = self.map();
        if h.colon.is_some()
            || h.season.is_some()
            || h.words.is_some()
            || map.resolve_power(&name.text).is_some()
            || names::suggest_power(map, &name.text).is_some()
        {
            return false;
        }
        self.diags.push(
            Diagnostic::new(
                Code::Syntax(mdip_syntax::ErrorCode::UnrecognizedLine),
                name.span,
                format!("`{}` is not a line of an order file", name.text),
            )
            .with_hint(
                "a line is a power header (`Germany:`, `Germany 1:0`), an order (`A Munich - Ruhr`), \
                 a season in words (`Fall 1901`), a directive (`@unit Germany A Munich`) or a comment (`# ...`)",
            ),
        );
        true
    }

    /// The season a season in words names, after bringing the game to its phase; `None` with
    /// a diagnostic when it names none.
    fn season_words(&mut self, line: usize, w: &SeasonWords) -> Option<SeasonKey> {
        let year = w.year?;
        let first = self.map().first_year();
        let (turn, phase) = match turn_and_phase(w.season, year, w.phase, first) {
            Ok(t) => t,
            Err(message) => {
                let next = first.saturating_add(1);
                let hint = format!(
                    "Spring {first} is turn 0 (`0:0`), Fall {first} turn 1, Winter {first} the \
                     adjustments before Spring {next} (`W{first}A`)"
                );
                self.diags
                    .push(Diagnostic::new(Code::SeasonWords, w.span, message).with_hint(hint));
                return None;
            }
        };
        let key = SeasonKey::new(turn, 0);
        if !self.one_timeline(w, key) {
            return None;
        }
        if !self.setup.started && self.world.steps_done() == 0 {
            self.start_at(key, phase, w);
        } else {
            self.reach(key, phase, line, w.span);
        }
        // The steps just adjudicated may have forked the timeline.
        self.one_timeline(w, key).then_some(key)
    }

    /// Whether the game has one timeline; a diagnostic pointing to `X:Y` otherwise.
    fn one_timeline(&mut self, w: &SeasonWords, key: SeasonKey) -> bool {
        let timelines = self.world.timelines().len();
        if timelines <= 1 {
            return true;
        }
        self.diags.push(
            Diagnostic::new(
                Code::SeasonWords,
                w.span,
                format!(
                    "a season in words names a turn of a game with one timeline; this game has {timelines}"
                ),
            )
            .with_hint(format!(
                "write the season as X:Y, turn X in timeline Y: this turn is `{key}` in the first timeline (heads: {})",
                describe::heads(&self.world)
            )),
        );
        false
    }

    /// Before the first order: the game starts at this turn and phase (`@turn`, `@phase`).
    fn start_at(&mut self, key: SeasonKey, phase: Phase, w: &SeasonWords) {
        if let Err(e) = self.world.set_root_turn(key.turn) {
            self.err(Code::SetupTooLate, w.span, describe::setup_error(&e));
            return;
        }
        self.setup.turn_set = true;
        if phase == Phase::Adjustment && self.world.phase() != Phase::Adjustment {
            self.setup.phase_set = true;
            if let Err(e) = self.world.start_in_adjustment() {
                self.err(Code::SetupTooLate, w.span, describe::setup_error(&e));
            }
        }
        // The retreats of this turn: its board is the one the movement left, the next turn's.
        if phase == Phase::Retreat && self.world.phase() != Phase::Retreat {
            self.setup.phase_set = true;
            if let Err(e) = self.world.start_in_retreat() {
                self.err(Code::SetupTooLate, w.span, describe::setup_error(&e));
            }
        }
    }

    /// After the game started: adjudicate the steps before this turn and phase, if any (a
    /// header naming the step in progress, or a past one, closes nothing).
    fn reach(&mut self, key: SeasonKey, phase: Phase, line: usize, span: Span) {
        // A retreat follows the movement of its turn, when the head is already the next turn.
        let target = match phase {
            Phase::Retreat => position(key.turn.saturating_add(1), phase),
            _ => position(key.turn, phase),
        };
        let stands = |world: &mdip_judge::world::World| {
            let head = world.timelines().first().map(|t| t.head)?;
            Some(position(head.turn, world.phase()))
        };
        let mut passed = 0;
        while let Some(now) = stands(&self.world) {
            if now > target && passed > 0 && phase == Phase::Retreat {
                // The movement step just adjudicated dislodged nothing: no retreat phase.
                self.no_retreat_phase(key, span);
                return;
            }
            if now >= target {
                return;
            }
            if passed == MAX_PASSED_OVER {
                let message = format!(
                    "{passed} steps passed over, and the game is still before this season: \
                     write the seasons in between"
                );
                self.err(Code::SeasonWords, span, message);
                return;
            }
            self.close_step(Some(line));
            passed += 1;
            if stands(&self.world) == Some(now) {
                // Nothing moved (no head to advance): the season cannot be reached.
                self.err(Code::SeasonWords, span, "the game cannot reach this season");
                return;
            }
        }
    }
}

impl State {
    /// E0321 at a header naming the retreats of a turn whose movement dislodged nothing.
    fn no_retreat_phase(&mut self, key: SeasonKey, span: Span) {
        let multiversal = self.multiversal || self.world.timelines().len() > 1;
        let turn = describe::season_words(key, multiversal, self.map().first_year());
        let phase = self.world.phase();
        let next: Vec<SeasonKey> = match phase {
            Phase::Adjustment => self.world.pending_adjustments().to_vec(),
            _ => self.world.heads(),
        };
        let next = next
            .first()
            .map(|&s| describe::step_season_words(s, phase, multiversal, self.map().first_year()))
            .unwrap_or_default();
        let phase_words = match phase {
            Phase::Movement => "movement",
            Phase::Retreat => "retreats",
            Phase::Adjustment => "adjustments",
        };
        self.diags.push(
            Diagnostic::new(
                Code::PhaseNotNext,
                span,
                format!(
                    "{turn} has no retreat phase: its movement dislodged no unit, so the game goes on with {next} {phase_words}"
                ),
            )
            .with_hint(format!(
                "retreats need a dislodged unit: write the header of the phase that comes next (`{next}`)"
            )),
        );
    }
}

/// The most steps a header with a season in words adjudicates with no orders on its way
/// (500 years): a header far ahead is a mistake, not a thousand empty years.
const MAX_PASSED_OVER: usize = 1500;

/// Where a game with one timeline stands, to compare with a season in words: the head's turn,
/// then retreats (of the turn before the head), adjustments, movement.
fn position(head_turn: u32, phase: Phase) -> (u32, u8) {
    let rank = match phase {
        Phase::Retreat => 0,
        Phase::Adjustment => 1,
        Phase::Movement => 2,
    };
    (head_turn, rank)
}

/// The turn a season in words names, and its phase, on a map whose first Spring is in
/// `first_year`. A retreat's turn is the movement's whose units retreat (they are named in that
/// season, as `@phase retreat` names them).
fn turn_and_phase(
    season: SeasonName,
    year: u32,
    letter: Option<PhaseLetter>,
    first_year: u32,
) -> Result<(u32, Phase), String> {
    let Some(years) = year.checked_sub(first_year) else {
        return Err(format!(
            "the year {year} is before {first_year}, the first year of the game"
        ));
    };
    let spring = years
        .checked_mul(2)
        .filter(|t| *t <= u32::MAX - 2)
        .ok_or_else(|| format!("the year {year} is too far in the future"))?;
    Ok(match (season, letter) {
        (SeasonName::Spring, None | Some(PhaseLetter::Movement)) => (spring, Phase::Movement),
        (SeasonName::Spring, Some(PhaseLetter::Retreat)) => (spring, Phase::Retreat),
        (SeasonName::Fall, None | Some(PhaseLetter::Movement)) => (spring + 1, Phase::Movement),
        (SeasonName::Fall, Some(PhaseLetter::Retreat)) => (spring + 1, Phase::Retreat),
        (SeasonName::Fall | SeasonName::Winter, Some(PhaseLetter::Adjustment))
        | (SeasonName::Winter, None) => (spring + 2, Phase::Adjustment),
        (SeasonName::Spring, Some(PhaseLetter::Adjustment)) => {
            return Err(format!(
                "adjustments follow a Fall turn: the winter of {year} is `W{year}A`"
            ))
        }
        (SeasonName::Winter, Some(_)) => {
            return Err(format!(
                "winter is the adjustment phase: write `W{year}A` or `Winter {year}`"
            ))
        }
    })
}

#[cfg(test)]
mod tests {
    use crate::{analyze, Code};

    fn codes(text: &str) -> Vec<Code> {
        analyze(text).diagnostics.iter().map(|d| d.code).collect()
    }

    /// The file's E0207.
    fn season_words_error(a: &crate::Analysis) -> &crate::Diagnostic {
        a.diagnostics
            .iter()
            .find(|d| d.code == Code::SeasonWords)
            .expect("E0207")
    }

    #[test]
    fn several_timelines_need_x_y() {
        let text = "Germany 0:0\nA Munich hold\n\nGermany 1:0\nA Munich - Tyrolia 0:0\n\nGermany Spring 1902\nA Munich hold\n";
        let a = analyze(text);
        let d = season_words_error(&a);
        assert_eq!(&text[d.span.range()], "Spring 1902");
        assert!(d.message.contains("this game has 2"), "{}", d.message);
        let hint = d.hint.as_deref().unwrap_or("");
        assert!(hint.contains("`2:0`") && hint.contains("X:Y"), "{hint}");
    }

    #[test]
    fn a_header_too_far_ahead_stops_after_its_limit() {
        let text =
            "@start standard\nEngland:\nF London hold\nSpring 2901\nEngland:\nF London hold\n";
        let a = analyze(text);
        let d = season_words_error(&a);
        assert_eq!(&text[d.span.range()], "Spring 2901");
        assert_eq!(
            d.message,
            "1500 steps passed over, and the game is still before this season: write the seasons in between"
        );
        // The first step (with the first order) is one of the 1,500; the last order is for a
        // season that was not reached (E0314), so it closes none.
        assert_eq!(a.steps.len(), 1500);
    }

    #[test]
    fn years_and_phases_that_name_no_season() {
        for header in ["Spring 1900", "S1901A", "W1901M"] {
            let text = format!("{header}\nEngland: F London hold\n");
            assert!(codes(&text).contains(&Code::SeasonWords), "{header}");
        }
        assert!(!codes("Fall 1901\nEngland: F London hold\n").contains(&Code::SeasonWords));
    }

    #[test]
    fn the_first_season_in_words_sets_the_start() {
        // Fall 1901 first: the root is 1:0, and the step is that Fall's.
        let a = analyze(
            "Fall 1901\nEngland: F London - North Sea => succeeds\n@expect seasons 1:0 2:0\n",
        );
        assert!(!a.has_errors(), "{:?}", a.diagnostics);
        // Winter 1901 first: the adjustments on 2:0.
        let a = analyze("@owns England London\nW1901A\nEngland: Build F London => succeeds\n@expect unit England F London 2:0\n");
        assert!(!a.has_errors(), "{:?}", a.diagnostics);
    }

    #[test]
    fn a_retreat_season_first_starts_in_its_retreats() {
        // F1901R: the retreats after Fall 1901's movement (1:0); the board it left is 2:0.
        let a = analyze("F1901R\n@unit England A Brest\n@dislodged France A Brest from Picardy\n@expect retreats France A Brest: Gascony, Paris\nFrance: A Brest - Paris => succeeds\n@expect unit France A Paris 2:0\n@expect unit England A Brest 2:0\n");
        assert!(!a.has_errors(), "{:?}", a.diagnostics);
        assert_eq!(a.expectations.stated, 4);
    }

    #[test]
    fn a_season_alone_holds_for_the_powers_below_it() {
        let a = analyze("Fall 1901\nEngland:\nF London - North Sea => succeeds\nFrance:\nA Paris hold\n@expect seasons 1:0 2:0\n");
        assert!(!a.has_errors(), "{:?}", a.diagnostics);
        // A power's header with no season after a season alone: still that season; an order
        // with no power under the season alone has none.
        let c = codes("Spring 1901\nF London hold\n");
        assert!(c.contains(&Code::NoPower), "{c:?}");
    }
}
