//! Completion that knows the board at the cursor's season: powers, the power's units there,
//! order keywords, the destinations a unit can reach under the rules (other seasons and
//! timelines included), the units it can support, seasons that exist, directive words, and
//! whole-order snippets when the client takes snippets.
//!
//! Laid out as rust-analyzer's `ide-completion`: this module is the entry point and decides
//! which providers run; [`context`] holds what is at the cursor (the board, and the word being
//! typed, found on the lexer's tokens); [`item`] the item type; every other module is one
//! provider (`line_start`, `units`, `keywords`, `destinations`, `support`, `convoy`,
//! `seasons`, `directives`, `snippets`).
//!
//! The context comes from parsing the text of the line before the word being typed: an
//! incomplete order says which piece comes next (`A Munich - ` expects a destination), a
//! complete unit expects an order keyword, and so on.

use mdip_judge::world::{Phase, SeasonKey};
use mdip_map::{Power, UnitType};
use mdip_syntax::{Expected, IncompleteOrder, LineKind, Order, OrderOp, Span};

use crate::Analysis;
use context::{unit_type, word_starts, Ctx};
pub use item::{CompletionConfig, CompletionItem, CompletionKind};

mod context;
mod convoy;
mod destinations;
mod directives;
mod item;
mod keywords;
mod line_start;
mod seasons;
mod snippets;
mod support;
mod units;

/// The completions at `offset` in `text` (the text `analysis` was made of).
pub fn completions(
    analysis: &Analysis,
    text: &str,
    offset: u32,
    config: CompletionConfig,
) -> Vec<CompletionItem> {
    let mut offset = (offset as usize).min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let file = &analysis.parse.file;
    let line_no = file.line_number_at(offset as u32);
    let Some(line) = file.lines.get(line_no) else {
        return Vec::new();
    };
    let line_start = (line.span.start as usize).min(offset);
    if line.comment.is_some_and(|c| (c.start as usize) < offset) {
        return Vec::new();
    }
    let ctx_line = analysis.contexts.get(line_no).copied();
    // The board of the step this line belongs to, never a later one.
    let step = analysis.step_at_line(line_no);
    let world = analysis.world_of_step(text, step);
    // The seasons that step creates: a header may name them (the founding rule).
    let next = analysis.steps.get(step).map_or(Vec::new(), |st| {
        let mut v: Vec<SeasonKey> = st.advanced.iter().map(|a| a.next).collect();
        v.extend(st.forks.iter().map(|f| f.first));
        v.sort();
        v.dedup();
        v
    });
    let mut word_starts = word_starts(text, line_start, offset);
    let first = word_starts.remove(0);
    let mut ctx = Ctx {
        world: &world,
        next,
        map: world.map(),
        power: ctx_line.and_then(|c| c.power),
        season: ctx_line.and_then(|c| c.season),
        phase: world.phase(),
        replace: Span::new(first as u32, offset as u32),
        word: &text[first..offset],
        config,
        items: Vec::new(),
    };
    // A province name of several words (`St Pe`): when the single word gives no sensible
    // context, try again from the start of the previous words.
    let mut start = first;
    loop {
        ctx.replace = Span::new(start as u32, offset as u32);
        ctx.word = &text[start..offset];
        if ctx.complete(&text[line_start..start]) {
            break;
        }
        ctx.items.clear();
        match word_starts.first() {
            Some(&s) => {
                start = s;
                word_starts.remove(0);
            }
            None => {
                // Nothing better: the single word.
                ctx.replace = Span::new(first as u32, offset as u32);
                ctx.word = &text[first..offset];
                ctx.items.clear();
                ctx.complete_forced(&text[line_start..first]);
                break;
            }
        }
    }
    let mut items = ctx.items;
    let mut seen = std::collections::HashSet::new();
    items.retain(|i| seen.insert((i.label.clone(), i.insert.clone())));
    items
}

impl Ctx<'_> {
    /// Completes after `prefix` (the line up to the word). Returns false when the context
    /// suggests that the word continues a name started before it.
    fn complete(&mut self, prefix: &str) -> bool {
        self.run(prefix, false)
    }

    fn complete_forced(&mut self, prefix: &str) {
        self.run(prefix, true);
    }

    fn run(&mut self, prefix: &str, forced: bool) -> bool {
        let trimmed = prefix.trim_start();
        if trimmed.starts_with('@') || self.word.starts_with('@') {
            self.directive(trimmed);
            return true;
        }
        if self.word.starts_with(|c: char| c.is_ascii_digit()) {
            self.seasons(None);
            return true;
        }
        let parse = mdip_syntax::parse(prefix);
        let Some(line) = parse.file.lines.first() else {
            self.line_start(None);
            return true;
        };
        match &line.kind {
            LineKind::Blank | LineKind::Comment => self.line_start(None),
            LineKind::Header(h) => {
                let power = h
                    .power
                    .as_ref()
                    .and_then(|n| self.map.resolve_power(&n.text));
                if power.is_none() && !forced {
                    return false;
                }
                if h.season.is_none() && h.words.is_none() {
                    self.seasons(None);
                    self.next_seasons();
                }
                if let Some(p) = power {
                    if h.colon.is_some() {
                        // `England: ` starts an order with its power in front.
                        self.line_start(Some(p));
                    }
                }
            }
            LineKind::Order(o) => {
                let power = o
                    .power
                    .as_ref()
                    .and_then(|n| self.map.resolve_power(&n.text))
                    .or(self.power);
                return self.order(&o.order, power, forced);
            }
            LineKind::Directive(_) => self.directive(trimmed),
            LineKind::Error => {
                if !forced {
                    return false;
                }
            }
        }
        true
    }

    fn order(&mut self, o: &Order, power: Option<Power>, forced: bool) -> bool {
        let season = self.season;
        match o {
            Order::Incomplete(i) => self.incomplete(i, power, forced),
            Order::Hold {
                unit,
                keyword: None,
            } => {
                // A unit and nothing else: an order keyword comes next, unless the word
                // continues the province's name.
                match self.resolve(unit, season) {
                    Some(u) => {
                        self.operators(u);
                        true
                    }
                    None => forced,
                }
            }
            Order::Move {
                unit,
                dest,
                via_convoy,
                ..
            } => {
                if self.map.resolve_province(&dest.province.text).is_none() && !forced {
                    return false;
                }
                let is_army = self
                    .resolve(unit, season)
                    .and_then(|u| u.kind)
                    .is_some_and(|k| k == UnitType::Army);
                if via_convoy.is_none() && is_army {
                    self.via_convoy_words();
                }
                self.outcomes();
                true
            }
            _ => {
                self.outcomes();
                true
            }
        }
    }
    /// After an order cut short: what it expects next.
    fn incomplete(&mut self, i: &IncompleteOrder, power: Option<Power>, forced: bool) -> bool {
        let season = self.season;
        let unit = i.unit.as_ref().and_then(|u| self.resolve(u, season));
        let target = i
            .target
            .as_ref()
            .and_then(|t| self.resolve(t, unit.and_then(|u| u.season)));
        match i.expected {
            Expected::Unit => match i.op.map(|o| o.op) {
                Some(OrderOp::Build) => self.unit_types(),
                Some(_) if self.phase == Phase::Retreat => self.dislodged_units(power),
                Some(_) => self.own_units(power),
                None => self.line_start(power),
            },
            Expected::UnitProvince => {
                let kind = i.dangling_kind.map(|k| unit_type(k.kind));
                let build = matches!(i.op.map(|o| o.op), Some(OrderOp::Build));
                self.unit_provinces(power, kind, build);
            }
            Expected::Operator => match unit {
                Some(u) => self.operators(u),
                None if !forced => return false,
                None => {}
            },
            Expected::Destination => match (unit, target, i.op.map(|o| o.op)) {
                (Some(u), Some(t), Some(OrderOp::Support)) => self.support_destinations(u, t),
                (Some(_), Some(t), Some(OrderOp::Convoy)) => self.convoy_destinations(t),
                (Some(u), _, _) => self.destinations(u),
                _ => {}
            },
            Expected::Target => {
                if let Some(u) = unit {
                    match i.op.map(|o| o.op) {
                        Some(OrderOp::Convoy) => self.convoy_targets(u),
                        _ => self.support_targets(u, None),
                    }
                }
            }
            Expected::TargetProvince => {
                if let Some(u) = unit {
                    let kind = i.dangling_kind.map(|k| unit_type(k.kind));
                    match i.op.map(|o| o.op) {
                        Some(OrderOp::Convoy) => self.convoy_targets(u),
                        _ => self.support_targets(u, Some(kind)),
                    }
                }
            }
            Expected::ConvoyArrow => self.convoy_arrow(),
            Expected::ViaConvoy => self.via_convoy(),
            Expected::Coast => {
                let p = i
                    .partial_loc
                    .as_ref()
                    .and_then(|l| self.map.resolve_province(&l.province.text));
                self.coasts(p);
            }
        }
        true
    }
}

#[cfg(test)]
mod tests;
