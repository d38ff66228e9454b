//! The completion context: the board at the cursor (its power, season and phase) and the word
//! being typed, found from the lexer's tokens of the line up to the cursor.

use mdip_judge::world::{Phase, SeasonKey, World};
use mdip_map::{Coast, Location, Map, Power, UnitType};
use mdip_syntax::{Span, TokenKind, UnitKind, UnitRef};

use super::item::{CompletionConfig, CompletionItem, CompletionKind};
use crate::ide::cursor::season_of;

/// A unit resolved against the board.
#[derive(Clone, Copy, Debug)]
pub(super) struct Resolved {
    pub(super) kind: Option<UnitType>,
    pub(super) loc: Location,
    pub(super) season: Option<SeasonKey>,
}

/// The context of one completion request, and the items found so far.
pub(super) struct Ctx<'a> {
    /// The game as the cursor's step finds it.
    pub(super) world: &'a World,
    /// The seasons the step in progress creates: a header may name them (the founding rule
    /// closes the step for them).
    pub(super) next: Vec<SeasonKey>,
    pub(super) map: &'static Map,
    /// The power of the cursor's block, if any.
    pub(super) power: Option<Power>,
    /// The season of the cursor's block, if known.
    pub(super) season: Option<SeasonKey>,
    pub(super) phase: Phase,
    /// The text the items replace: the word (or words) being typed.
    pub(super) replace: Span,
    pub(super) word: &'a str,
    pub(super) config: CompletionConfig,
    pub(super) items: Vec<CompletionItem>,
}

/// The start of the word before `offset`, then the starts of up to two earlier words of the
/// same line (for names of several words), all found on the tokens of the line up to
/// `offset`.
///
/// The word being typed is the run of tokens right before the cursor that a name, a season or
/// a directive is made of (words, numbers, seasons, `:`, `-`, `@`), without a leading `-` (the
/// move operator). An earlier word is a run of words, numbers and `-` ending before white
/// space.
pub(super) fn word_starts(text: &str, line_start: usize, offset: usize) -> Vec<usize> {
    use TokenKind::{At, Colon, Dash, Number, Season, Word};
    let tokens = mdip_syntax::lex(&text[line_start..offset]);
    let end = (offset - line_start) as u32;
    let typed = mdip_syntax::run_before(&tokens, end, |k| {
        matches!(k, Word | Number | Season | Colon | Dash | At)
    });
    let dashes = typed.iter().take_while(|t| t.kind == Dash).count();
    let mut start = typed.get(dashes).map_or(end, |t| t.span.start);
    let mut out = vec![line_start + start as usize];
    for _ in 0..2 {
        let before = tokens.partition_point(|t| t.span.end <= start);
        let Some(previous) = before.checked_sub(1).map(|i| tokens[i]) else {
            break;
        };
        if previous.span.end == start {
            break; // no white space before the word
        }
        let name = mdip_syntax::run_before(&tokens[..before], previous.span.end, |k| {
            matches!(k, Word | Number | Dash)
        });
        let Some(first) = name.first() else { break };
        start = first.span.start;
        out.push(line_start + start as usize);
    }
    out
}

pub(super) fn unit_type(k: UnitKind) -> UnitType {
    match k {
        UnitKind::Army => UnitType::Army,
        UnitKind::Fleet => UnitType::Fleet,
    }
}

impl Ctx<'_> {
    /// Adds an item replacing the word; `sort` orders it (smaller first), then the label.
    pub(super) fn push(
        &mut self,
        label: impl Into<String>,
        kind: CompletionKind,
        detail: Option<String>,
        insert: impl Into<String>,
        sort: u32,
    ) {
        let label = label.into();
        self.items.push(CompletionItem {
            sort: format!("{sort:02}{label}"),
            label,
            kind,
            detail,
            insert: insert.into(),
            snippet: false,
            replace: self.replace,
        });
    }

    /// Resolves a unit as written, against the board of its season.
    pub(super) fn resolve(&self, u: &UnitRef, default: Option<SeasonKey>) -> Option<Resolved> {
        let province = self.map.resolve_province(&u.loc.province.text)?;
        let season = u.loc.season.as_ref().and_then(season_of).or(default);
        let written = u.kind.map(|k| unit_type(k.kind));
        let coast = u.loc.coast.as_ref().and_then(|c| Coast::from_name(&c.text));
        if let Some(b) = season
            .and_then(|s| self.world.season(s))
            .and_then(|s| s.unit_at(province))
        {
            return Some(Resolved {
                kind: Some(b.kind),
                loc: b.loc,
                season,
            });
        }
        Some(Resolved {
            kind: written,
            loc: Location::new(province, coast),
            season,
        })
    }
}
