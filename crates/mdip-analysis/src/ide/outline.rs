//! The outline of a file: document symbols (steps, the seasons their blocks are in, power
//! blocks) and folding ranges (steps, blocks, runs of comment lines).
//!
//! A step covers the lines from the block header of its first order to the start of the next
//! step; steps adjudicated with no order lines of their own (a retreat step with no retreats)
//! have no lines and no symbol.

use mdip_judge::world::SeasonKey;
use mdip_map::Power;
use mdip_syntax::{LineKind, Span};

use super::cursor::{line_season, season_of};
use crate::Analysis;

/// What a symbol is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SymbolKind {
    /// A step.
    Step,
    /// The blocks of one season in a step.
    Season,
    /// A power block.
    Power,
}

/// A document symbol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    /// Its name.
    pub name: String,
    /// A detail shown next to it.
    pub detail: Option<String>,
    /// What it is.
    pub kind: SymbolKind,
    /// The whole range.
    pub span: Span,
    /// The part to select (a header, the first line).
    pub selection: Span,
    /// The symbols inside.
    pub children: Vec<Symbol>,
}

/// What a folding range folds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FoldKind {
    /// A step.
    Step,
    /// A power block.
    Block,
    /// Consecutive comment lines.
    Comment,
}

/// A folding range, in lines (both inclusive).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fold {
    /// The first line.
    pub start_line: usize,
    /// The last line.
    pub end_line: usize,
    /// What it folds.
    pub kind: FoldKind,
}

/// A power block: its header line, its last non-blank line, its power and season.
struct Block {
    header: usize,
    last: usize,
    power: Option<Power>,
    season: Option<SeasonKey>,
    orders: usize,
}

/// The steps that have order lines, each with its line range `[start, end)`: from the header
/// of the block of its first order (or that order) to where the next such step starts.
fn step_lines(analysis: &Analysis) -> Vec<(usize, usize, usize)> {
    let lines = &analysis.parse.file.lines;
    let n = lines.len();
    let mut starts: Vec<(usize, usize)> = Vec::new();
    let mut prev_last: Option<usize> = None;
    for (i, s) in analysis.steps.iter().enumerate() {
        let order_lines = s
            .orders
            .iter()
            .filter_map(|&o| analysis.orders.get(o))
            .map(|o| o.line);
        let (Some(first), Some(last)) = (order_lines.clone().min(), order_lines.max()) else {
            continue;
        };
        let floor = prev_last.map_or(0, |l| l + 1);
        let header = (floor..first)
            .rev()
            .find(|&l| matches!(lines[l].kind, LineKind::Header(_)));
        starts.push((i, header.unwrap_or(first)));
        prev_last = Some(last);
    }
    let mut out = Vec::with_capacity(starts.len());
    for (k, &(i, start)) in starts.iter().enumerate() {
        let end = starts.get(k + 1).map_or(n, |&(_, s)| s).max(start);
        out.push((i, start, end));
    }
    out
}

/// Whether a line holds something (not blank, not only a comment).
fn is_content(analysis: &Analysis, line: usize) -> bool {
    analysis
        .parse
        .file
        .lines
        .get(line)
        .is_some_and(|l| !matches!(l.kind, LineKind::Blank | LineKind::Comment))
}

/// The blocks of the lines `[start, end)`.
fn blocks(analysis: &Analysis, start: usize, end: usize) -> Vec<Block> {
    let lines = &analysis.parse.file.lines;
    let mut out: Vec<Block> = Vec::new();
    for (i, line) in lines.iter().enumerate().take(end).skip(start) {
        match &line.kind {
            LineKind::Header(h) => out.push(Block {
                header: i,
                last: i,
                power: h
                    .power
                    .as_ref()
                    .and_then(|n| analysis.world.map().resolve_power(&n.text)),
                season: h
                    .season
                    .as_ref()
                    .and_then(season_of)
                    .or_else(|| line_season(analysis, i)),
                orders: 0,
            }),
            LineKind::Blank | LineKind::Comment => {}
            kind => {
                if let Some(b) = out.last_mut() {
                    b.last = i;
                    if matches!(kind, LineKind::Order(_)) {
                        b.orders += 1;
                    }
                }
            }
        }
    }
    out
}

fn line_span(analysis: &Analysis, from: usize, to: usize) -> Span {
    let lines = &analysis.parse.file.lines;
    lines[from].span.cover(lines[to].span)
}

/// The first and last lines of `start..end` that hold something (not blank, not a comment).
fn content_lines(analysis: &Analysis, start: usize, end: usize) -> Option<(usize, usize)> {
    let first = (start..end).find(|&l| is_content(analysis, l))?;
    let last = (start..end)
        .rev()
        .find(|&l| is_content(analysis, l))
        .unwrap_or(first);
    Some((first, last))
}

/// The symbols of the file: steps, then seasons, then power blocks.
pub fn document_symbols(analysis: &Analysis) -> Vec<Symbol> {
    let lines = &analysis.parse.file.lines;
    let mut out = Vec::new();
    for (index, start, end) in step_lines(analysis) {
        let Some((first, last)) = content_lines(analysis, start, end) else {
            continue;
        };
        let step = &analysis.steps[index];
        let seasons: Vec<String> = step.seasons.iter().map(|s| s.to_string()).collect();
        let mut children: Vec<Symbol> = Vec::new();
        for b in blocks(analysis, start, end) {
            let header = match &lines[b.header].kind {
                LineKind::Header(h) => h.span,
                _ => lines[b.header].span,
            };
            let block = Symbol {
                name: b
                    .power
                    .map_or_else(|| "?".to_owned(), |p| p.name().to_owned()),
                detail: Some(format!(
                    "{} order{}",
                    b.orders,
                    if b.orders == 1 { "" } else { "s" }
                )),
                kind: SymbolKind::Power,
                span: line_span(analysis, b.header, b.last),
                selection: header,
                children: Vec::new(),
            };
            let name = b
                .season
                .map_or_else(|| "season ?".to_owned(), |s| s.to_string());
            match children.last_mut() {
                Some(season) if season.name == name => {
                    season.span = season.span.cover(block.span);
                    season.children.push(block);
                }
                _ => children.push(Symbol {
                    detail: b
                        .season
                        .map(|s| s.calendar(analysis.world.map().first_year())),
                    name,
                    kind: SymbolKind::Season,
                    span: block.span,
                    selection: block.selection,
                    children: vec![block],
                }),
            }
        }
        let mut detail = step.phase.name().to_owned();
        if !seasons.is_empty() {
            detail = format!("{detail} {}", seasons.join(" "));
        }
        if !step.forks.is_empty() {
            let forks: Vec<String> = step
                .forks
                .iter()
                .map(|f| f.first.timeline.to_string())
                .collect();
            detail = format!("{detail}, forks timeline {}", forks.join(", "));
        }
        out.push(Symbol {
            name: format!("Step {}", index + 1),
            detail: Some(detail),
            kind: SymbolKind::Step,
            span: line_span(analysis, first, last),
            selection: lines[first].span,
            children,
        });
    }
    out
}

/// The folding ranges: steps, blocks and runs of comment lines.
pub fn folding_ranges(analysis: &Analysis) -> Vec<Fold> {
    let lines = &analysis.parse.file.lines;
    let mut out = Vec::new();
    for (_, start, end) in step_lines(analysis) {
        let Some((first, last)) = content_lines(analysis, start, end) else {
            continue;
        };
        if last > first {
            out.push(Fold {
                start_line: first,
                end_line: last,
                kind: FoldKind::Step,
            });
        }
        for b in blocks(analysis, start, end) {
            if b.last > b.header {
                out.push(Fold {
                    start_line: b.header,
                    end_line: b.last,
                    kind: FoldKind::Block,
                });
            }
        }
    }
    let mut run: Option<usize> = None;
    for (i, l) in lines.iter().enumerate() {
        let comment = matches!(l.kind, LineKind::Comment);
        match (comment, run) {
            (true, None) => run = Some(i),
            (false, Some(s)) => {
                if i - 1 > s {
                    out.push(Fold {
                        start_line: s,
                        end_line: i - 1,
                        kind: FoldKind::Comment,
                    });
                }
                run = None;
            }
            _ => {}
        }
    }
    if let Some(s) = run {
        if lines.len() - 1 > s {
            out.push(Fold {
                start_line: s,
                end_line: lines.len() - 1,
                kind: FoldKind::Comment,
            });
        }
    }
    out.sort_by_key(|f| (f.start_line, std::cmp::Reverse(f.end_line)));
    out
}
