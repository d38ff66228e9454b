//! Completion that knows the board at the cursor's season: powers, the power's units there,
//! order keywords, the destinations a unit can reach under the rules (other seasons and
//! timelines included), the units it can support, seasons that exist, directive words, and
//! whole-order snippets when the client takes snippets.
//!
//! The context comes from parsing the text of the line before the word being typed: an
//! incomplete order says which piece comes next (`A Munich - ` expects a destination), a
//! complete unit expects an order keyword, and so on.

use mdip_judge::world::{Phase, Pos, SeasonKey, Spot, World};
use mdip_map::{Coast, Location, Map, Power, ProvinceId, Terrain, UnitType};
use mdip_syntax::{Expected, LineKind, Order, OrderOp, Span, UnitKind, UnitRef};

use super::cursor::season_of;
use super::{loc_text, unit_text};
use crate::Analysis;

/// What the client supports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CompletionConfig {
    /// Whole-order snippets with placeholders (`$1`, `${1|a,b|}`) may be offered.
    pub snippets: bool,
}

/// What an item completes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CompletionKind {
    /// A power name.
    Power,
    /// A unit (`A Munich`).
    Unit,
    /// An order keyword.
    Keyword,
    /// A province or location (a destination).
    Province,
    /// A season.
    Season,
    /// A directive or one of its words.
    Directive,
    /// A whole order with placeholders.
    Snippet,
}

/// One completion item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompletionItem {
    /// What the list shows.
    pub label: String,
    /// What it completes.
    pub kind: CompletionKind,
    /// A short description.
    pub detail: Option<String>,
    /// The text inserted (a snippet when `snippet` is set).
    pub insert: String,
    /// Whether `insert` is a snippet.
    pub snippet: bool,
    /// The range the insertion replaces: the word typed so far.
    pub replace: Span,
    /// Orders the list: items with smaller keys first.
    pub sort: String,
}

/// A unit resolved against the board.
#[derive(Clone, Copy, Debug)]
struct Resolved {
    kind: Option<UnitType>,
    loc: Location,
    season: Option<SeasonKey>,
}

struct Ctx<'a> {
    world: &'a World,
    map: &'static Map,
    power: Option<Power>,
    season: Option<SeasonKey>,
    phase: Phase,
    replace: Span,
    word: &'a str,
    config: CompletionConfig,
    items: Vec<CompletionItem>,
}

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
    let mut word_starts = word_starts(text, line_start, offset);
    let first = word_starts.remove(0);
    let mut ctx = Ctx {
        world: &analysis.world,
        map: Map::standard(),
        power: ctx_line.and_then(|c| c.power),
        season: ctx_line.and_then(|c| c.season),
        phase: ctx_line.map_or(Phase::Movement, |c| c.phase),
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

/// The start of the word before `offset`, then the starts of up to two earlier words of the
/// same line (for names of several words).
fn word_starts(text: &str, line_start: usize, offset: usize) -> Vec<usize> {
    let is_word = |c: char| c.is_alphanumeric() || matches!(c, '.' | '\'' | ':' | '-' | '@');
    let before = &text[line_start..offset];
    let mut start = offset;
    for (i, c) in before.char_indices().rev() {
        if is_word(c) {
            start = line_start + i;
        } else {
            break;
        }
    }
    // A leading dash is the move operator, not part of the word.
    while text[start..offset].starts_with('-') {
        start += 1;
    }
    let mut out = vec![start];
    let mut pos = start;
    for _ in 0..2 {
        let head = text[line_start..pos].trim_end_matches([' ', '\t']);
        if head.len() == text[line_start..pos].len() || head.is_empty() {
            break;
        }
        let head_end = line_start + head.len();
        let mut s = head_end;
        for (i, c) in text[line_start..head_end].char_indices().rev() {
            if c.is_alphanumeric() || matches!(c, '.' | '\'' | '-') {
                s = line_start + i;
            } else {
                break;
            }
        }
        if s == head_end {
            break;
        }
        out.push(s);
        pos = s;
    }
    out
}

fn unit_type(k: UnitKind) -> UnitType {
    match k {
        UnitKind::Army => UnitType::Army,
        UnitKind::Fleet => UnitType::Fleet,
    }
}

/// Escapes text for a snippet choice.
fn escape_choice(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '$' | '}' | '\\' | ',' | '|') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

impl Ctx<'_> {
    fn push(
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
    fn resolve(&self, u: &UnitRef, default: Option<SeasonKey>) -> Option<Resolved> {
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
                let power = mdip_map::Power::from_name(&h.power.text);
                if power.is_none() && !forced {
                    return false;
                }
                if h.season.is_none() {
                    self.seasons(None);
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
                    .and_then(|n| Power::from_name(&n.text))
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
            Order::Incomplete(i) => {
                let unit = i.unit.as_ref().and_then(|u| self.resolve(u, season));
                let target = i
                    .target
                    .as_ref()
                    .and_then(|t| self.resolve(t, unit.and_then(|u| u.season)));
                match i.expected {
                    Expected::Unit => match i.op.map(|o| o.op) {
                        Some(OrderOp::Build) => {
                            self.push("A", CompletionKind::Keyword, Some("army".into()), "A ", 0);
                            self.push("F", CompletionKind::Keyword, Some("fleet".into()), "F ", 0);
                        }
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
                        (Some(u), Some(t), Some(OrderOp::Support)) => {
                            self.support_destinations(u, t)
                        }
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
                    Expected::ConvoyArrow => {
                        self.push(
                            "-",
                            CompletionKind::Keyword,
                            Some("the army's destination follows".into()),
                            "- ",
                            0,
                        );
                    }
                    Expected::ViaConvoy => {
                        self.push(
                            "Convoy",
                            CompletionKind::Keyword,
                            Some("via Convoy".into()),
                            "Convoy",
                            0,
                        );
                    }
                    Expected::Coast => {
                        let p = i
                            .partial_loc
                            .as_ref()
                            .and_then(|l| self.map.resolve_province(&l.province.text));
                        if let Some(p) = p {
                            for c in self.map.coasts(p) {
                                self.push(
                                    c.abbrev(),
                                    CompletionKind::Keyword,
                                    Some(c.name().to_owned()),
                                    c.abbrev(),
                                    0,
                                );
                            }
                        }
                    }
                }
                true
            }
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
                    self.push(
                        "via Convoy",
                        CompletionKind::Keyword,
                        Some("the army goes by convoy".into()),
                        "via Convoy",
                        0,
                    );
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

    /// At the start of an order line: the block power's units, powers for a new block,
    /// adjustment keywords, and snippets.
    fn line_start(&mut self, power: Option<Power>) {
        let power = power.or(self.power);
        match self.phase {
            Phase::Adjustment => {
                for (k, d) in [
                    ("Build", "build a unit in a home centre"),
                    ("Remove", "remove a unit"),
                    ("Waive", "leave a build unused"),
                ] {
                    self.push(
                        k,
                        CompletionKind::Keyword,
                        Some(d.into()),
                        format!("{k} "),
                        1,
                    );
                }
            }
            Phase::Retreat => {
                self.push(
                    "Disband",
                    CompletionKind::Keyword,
                    Some("disband a dislodged unit".into()),
                    "Disband ",
                    1,
                );
            }
            Phase::Movement => {}
        }
        if let Some(p) = power {
            for (s, u) in self.units_of(p) {
                let label = unit_text(self.map, u.0, u.1, s);
                self.push(
                    label.clone(),
                    CompletionKind::Unit,
                    Some(format!("{} unit", p.adjective())),
                    label.clone(),
                    0,
                );
                if self.config.snippets && self.phase == Phase::Movement {
                    let season = s.or(self.season);
                    let from = Resolved {
                        kind: Some(u.0),
                        loc: u.1,
                        season,
                    };
                    let dests: Vec<String> = self
                        .reachable(from)
                        .into_iter()
                        .map(|(l, t)| self.dest_text(l, t, season))
                        .collect();
                    if !dests.is_empty() {
                        let choices: Vec<String> = dests.iter().map(|d| escape_choice(d)).collect();
                        self.items.push(CompletionItem {
                            label: format!("{label} - …"),
                            kind: CompletionKind::Snippet,
                            detail: Some("move".into()),
                            insert: format!(
                                "{} - ${{1|{}|}}$0",
                                label.replace('$', "\\$"),
                                choices.join(",")
                            ),
                            snippet: true,
                            replace: self.replace,
                            sort: format!("02{label}"),
                        });
                    }
                    self.items.push(CompletionItem {
                        label: format!("{label} Supports …"),
                        kind: CompletionKind::Snippet,
                        detail: Some("support".into()),
                        insert: format!("{} Supports ${{1:unit}}$0", label.replace('$', "\\$")),
                        snippet: true,
                        replace: self.replace,
                        sort: format!("03{label}"),
                    });
                }
            }
        }
        for p in Power::ALL {
            self.push(
                p.name(),
                CompletionKind::Power,
                Some("block header".into()),
                p.name(),
                5,
            );
        }
    }

    /// The units of `power` (after `Remove `).
    fn own_units(&mut self, power: Option<Power>) {
        let Some(p) = power else { return };
        for (s, (k, loc)) in self.units_of(p) {
            let label = unit_text(self.map, k, loc, s);
            self.push(
                label.clone(),
                CompletionKind::Unit,
                Some(format!("{} unit", p.adjective())),
                label,
                0,
            );
        }
    }

    /// The units of `power` in the cursor's season, or in every head when the season is not
    /// known (each then with its season).
    fn units_of(&self, power: Power) -> Vec<(Option<SeasonKey>, (UnitType, Location))> {
        let seasons: Vec<(SeasonKey, bool)> = match self.season {
            Some(s) => vec![(s, false)],
            None => self.world.heads().into_iter().map(|h| (h, true)).collect(),
        };
        let mut out = Vec::new();
        for (s, explicit) in seasons {
            if let Some(season) = self.world.season(s) {
                for u in season.units.iter().filter(|u| u.power == power) {
                    out.push((explicit.then_some(s), (u.kind, u.loc)));
                }
            }
        }
        out
    }

    /// After `A ` or `Build F `: provinces.
    fn unit_provinces(&mut self, power: Option<Power>, kind: Option<UnitType>, build: bool) {
        if build {
            if let Some(p) = power {
                let board = self.season.and_then(|s| self.world.season(s));
                for &c in self.map.home_centres(p) {
                    let occupied = board.is_some_and(|b| b.unit_at(c).is_some());
                    let owned = board.is_none_or(|b| b.owner(c) == Some(p));
                    if occupied || !owned {
                        continue;
                    }
                    for loc in self.world.locations_of(c) {
                        if kind.is_none_or(|k| self.map.can_stand(k, loc))
                            && (kind.is_some() || loc.coast.is_none())
                        {
                            let t = loc_text(self.map, loc);
                            self.push(
                                t.clone(),
                                CompletionKind::Province,
                                Some("home centre".into()),
                                t,
                                0,
                            );
                        }
                    }
                }
            }
            return;
        }
        if let Some(p) = power {
            for (s, (k, loc)) in self.units_of(p) {
                if kind.is_some_and(|kind| kind != k) {
                    continue;
                }
                let t = match s {
                    Some(s) => format!("{} {s}", loc_text(self.map, loc)),
                    None => loc_text(self.map, loc),
                };
                self.push(
                    t.clone(),
                    CompletionKind::Unit,
                    Some(format!("{} {}", p.adjective(), k.name())),
                    t,
                    0,
                );
            }
        }
        if self.items.is_empty() {
            self.all_provinces(kind);
        }
    }

    fn all_provinces(&mut self, kind: Option<UnitType>) {
        for p in self.map.provinces() {
            if let Some(k) = kind {
                if !self
                    .world
                    .locations_of(p)
                    .into_iter()
                    .any(|l| self.map.can_stand(k, l))
                {
                    continue;
                }
            }
            let name = self.map.name(p).to_owned();
            self.push(
                name.clone(),
                CompletionKind::Province,
                Some(self.map.abbrev(p).to_owned()),
                name,
                4,
            );
        }
    }

    /// After a complete unit: the order keywords of the phase.
    fn operators(&mut self, u: Resolved) {
        let kws: &[(&str, &str, &str)] = match self.phase {
            Phase::Movement => &[
                ("Hold", "the unit holds", "Hold"),
                ("-", "move", "- "),
                ("Supports", "support a hold or a move", "Supports "),
                ("Convoys", "convoy an army (fleets at sea)", "Convoys "),
            ],
            Phase::Retreat => &[
                ("-", "retreat", "- "),
                ("Disband", "disband the unit", "Disband"),
            ],
            Phase::Adjustment => &[("Disband", "remove the unit", "Disband")],
        };
        for (i, (label, detail, insert)) in kws.iter().enumerate() {
            if *label == "Convoys" && u.kind == Some(UnitType::Army) {
                continue;
            }
            self.push(
                *label,
                CompletionKind::Keyword,
                Some((*detail).into()),
                *insert,
                i as u32,
            );
        }
    }

    /// Where a unit can move: every location of its season and of the seasons it reaches.
    fn reachable(&self, u: Resolved) -> Vec<(Location, SeasonKey)> {
        let (Some(kind), Some(season)) = (u.kind, u.season) else {
            return Vec::new();
        };
        let from = Pos { season, loc: u.loc };
        let mut seasons = vec![season];
        seasons.extend(self.world.seasons_reachable_from(season));
        let mut out = Vec::new();
        for t in seasons {
            for p in self.map.provinces() {
                for loc in self.world.locations_of(p) {
                    if self.map.can_stand(kind, loc)
                        && (t != season || loc.province != u.loc.province)
                        && self.world.reaches(kind, from, Pos { season: t, loc })
                    {
                        out.push((loc, t));
                    }
                }
            }
        }
        out
    }

    /// A destination as written after the unit: the season only when it differs.
    fn dest_text(&self, loc: Location, t: SeasonKey, own: Option<SeasonKey>) -> String {
        if Some(t) == own {
            loc_text(self.map, loc)
        } else {
            format!("{} {t}", loc_text(self.map, loc))
        }
    }

    fn destinations(&mut self, u: Resolved) {
        let dests = self.reachable(u);
        if dests.is_empty() {
            self.all_provinces(u.kind);
            return;
        }
        for (loc, t) in dests {
            let text = self.dest_text(loc, t, u.season);
            let other = Some(t) != u.season;
            let detail = if other {
                format!("into {t} ({})", t.calendar())
            } else {
                self.map.terrain(loc.province).name().to_owned()
            };
            self.push(
                text.clone(),
                CompletionKind::Province,
                Some(detail),
                text,
                u32::from(other),
            );
        }
    }

    /// Units that `u` can support: to hold (their province is in reach), or to move into a
    /// province in reach. With `kind`, only units of that type, by province (after
    /// `Supports A `).
    fn support_targets(&mut self, u: Resolved, kind: Option<Option<UnitType>>) {
        let (Some(k), Some(season)) = (u.kind, u.season) else {
            return;
        };
        let from = Pos { season, loc: u.loc };
        let mut seasons = vec![season];
        seasons.extend(self.world.seasons_reachable_from(season));
        let mut holds = Vec::new();
        let mut moves = Vec::new();
        for t in seasons {
            let Some(board) = self.world.season(t) else {
                continue;
            };
            for b in &board.units {
                if t == season && b.loc.province == u.loc.province {
                    continue;
                }
                if let Some(Some(want)) = kind {
                    if b.kind != want {
                        continue;
                    }
                }
                let spot = Spot {
                    season: t,
                    province: b.loc.province,
                };
                let written_season = (t != season).then_some(t);
                if self.world.reaches_province(k, from, spot) {
                    holds.push((b.power, b.kind, b.loc, written_season));
                }
                let target = Resolved {
                    kind: Some(b.kind),
                    loc: b.loc,
                    season: Some(t),
                };
                for (dl, dt) in self.reachable(target) {
                    if dt == season && dl.province == u.loc.province {
                        continue;
                    }
                    let to = Spot {
                        season: dt,
                        province: dl.province,
                    };
                    if (dl.coast.is_none() || b.kind == UnitType::Fleet)
                        && self.world.reaches_province(k, from, to)
                    {
                        moves.push((b.power, b.kind, b.loc, written_season, dl, dt));
                    }
                }
            }
        }
        let after_kind = matches!(kind, Some(Some(_)));
        for (p, bk, loc, ws) in holds {
            let text = if after_kind {
                match ws {
                    Some(s) => format!("{} {s}", loc_text(self.map, loc)),
                    None => loc_text(self.map, loc),
                }
            } else {
                unit_text(self.map, bk, loc, ws)
            };
            self.push(
                text.clone(),
                CompletionKind::Unit,
                Some(format!("support {} {} to hold", p.adjective(), bk.name())),
                text,
                0,
            );
        }
        for (p, bk, loc, ws, dl, dt) in moves {
            let unit = if after_kind {
                match ws {
                    Some(s) => format!("{} {s}", loc_text(self.map, loc)),
                    None => loc_text(self.map, loc),
                }
            } else {
                unit_text(self.map, bk, loc, ws)
            };
            let dest = self.dest_text(dl, dt, Some(ws.unwrap_or(season)));
            let text = format!("{unit} - {dest}");
            self.push(
                text.clone(),
                CompletionKind::Unit,
                Some(format!("support {} move", p.adjective())),
                text,
                1,
            );
        }
    }

    /// After `Supports A Munich - `: where the supported unit can go that the supporter reaches.
    fn support_destinations(&mut self, u: Resolved, t: Resolved) {
        let (Some(k), Some(season)) = (u.kind, u.season) else {
            return;
        };
        let from = Pos { season, loc: u.loc };
        for (dl, dt) in self.reachable(t) {
            if dt == season && dl.province == u.loc.province {
                continue;
            }
            if dl.coast.is_some() && t.kind != Some(UnitType::Fleet) {
                continue;
            }
            let spot = Spot {
                season: dt,
                province: dl.province,
            };
            if self.world.reaches_province(k, from, spot) {
                let text = self.dest_text(dl, dt, t.season);
                self.push(
                    text.clone(),
                    CompletionKind::Province,
                    Some("supported move".into()),
                    text,
                    0,
                );
            }
        }
    }

    /// After `Convoys `: armies on coasts of the fleet's season.
    fn convoy_targets(&mut self, u: Resolved) {
        let Some(season) = u.season else { return };
        let Some(board) = self.world.season(season) else {
            return;
        };
        let armies: Vec<_> = board
            .units
            .iter()
            .filter(|b| {
                b.kind == UnitType::Army && self.map.terrain(b.loc.province) == Terrain::Coastal
            })
            .map(|b| (b.power, b.loc))
            .collect();
        for (p, loc) in armies {
            let text = unit_text(self.map, UnitType::Army, loc, None);
            self.push(
                text.clone(),
                CompletionKind::Unit,
                Some(format!("{} army", p.adjective())),
                text,
                0,
            );
        }
    }

    /// After `Convoys A London - `: coastal provinces.
    fn convoy_destinations(&mut self, t: Resolved) {
        let coastal: Vec<ProvinceId> = self
            .map
            .provinces()
            .filter(|&p| self.map.terrain(p) == Terrain::Coastal && p != t.loc.province)
            .collect();
        for p in coastal {
            let name = self.map.name(p).to_owned();
            self.push(
                name.clone(),
                CompletionKind::Province,
                Some("coastal".into()),
                name,
                0,
            );
        }
    }

    /// Seasons that exist, heads first; with `from`, only those it reaches.
    fn seasons(&mut self, from: Option<SeasonKey>) {
        let heads = self.world.heads();
        let all: Vec<SeasonKey> = match from {
            Some(s) => self.world.seasons_reachable_from(s),
            None => self.world.seasons().map(|s| s.key).collect(),
        };
        for s in all {
            let head = heads.contains(&s);
            let detail = format!("{}{}", s.calendar(), if head { ", head" } else { "" });
            self.push(
                s.to_string(),
                CompletionKind::Season,
                Some(detail),
                s.to_string(),
                if head { 0 } else { 1 },
            );
        }
    }

    /// After an order: its expected outcome.
    fn outcomes(&mut self) {
        for (i, w) in ["succeeds", "fails", "illegal"].iter().enumerate() {
            self.push(
                format!("=> {w}"),
                CompletionKind::Keyword,
                Some("expected outcome".into()),
                format!("=> {w}"),
                10 + i as u32,
            );
        }
    }

    /// Directive names and their words.
    fn directive(&mut self, prefix: &str) {
        let words: Vec<String> = prefix
            .trim_start_matches('@')
            .split_whitespace()
            .map(str::to_ascii_lowercase)
            .collect();
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let values: &[&str] = match words.as_slice() {
            [] => {
                for (d, detail) in [
                    ("@start standard", "the standard opening position"),
                    ("@rules mdatc", "multiversal rules (default)"),
                    ("@rules standard", "standard Diplomacy only"),
                    ("@unit", "place a unit: @unit Russia F St Petersburg(sc)"),
                    ("@owns", "supply-centre owners: @owns Germany Berlin, Kiel"),
                    ("@phase movement", "the phase"),
                    ("@phase retreat", "the phase"),
                    ("@phase adjustment", "the phase"),
                    ("@turn", "the root turn: @turn 2"),
                    ("@expect", "an expectation"),
                ] {
                    self.push(d, CompletionKind::Directive, Some(detail.into()), d, 0);
                }
                return;
            }
            ["start"] => &["standard"],
            ["rules"] => &["mdatc", "standard"],
            ["phase"] => &["movement", "retreat", "adjustment"],
            ["expect"] => &[
                "unit",
                "dislodged",
                "empty",
                "seasons",
                "timelines",
                "heads",
                "owner",
                "winner",
                "error",
                "warning",
            ],
            ["unit"]
            | ["owns"]
            | ["expect", "unit"]
            | ["expect", "dislodged"]
            | ["expect", "winner"] => {
                for p in Power::ALL {
                    self.push(p.name(), CompletionKind::Power, None, p.name(), 0);
                }
                return;
            }
            ["expect", "empty" | "seasons" | "heads", ..] => {
                self.seasons(None);
                return;
            }
            _ => return,
        };
        for v in values {
            self.push(*v, CompletionKind::Directive, None, *v, 0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_starts_cover_names_of_several_words() {
        let text = "A St Pe";
        assert_eq!(word_starts(text, 0, text.len()), vec![5, 2, 0]);
        let text = "A Munich -";
        assert_eq!(word_starts(text, 0, text.len())[0], text.len());
    }
}
