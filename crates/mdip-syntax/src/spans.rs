//! Lists every span of a parse and checks the invariants of a parse, for tests and fuzzers.

use crate::ast::{Directive, DirectiveKind, LineKind, LocRef, Name, Order, UnitRef};
use crate::line_index::LineIndex;
use crate::parser::Parse;
use crate::span::Span;

impl Parse {
    /// Returns every span in the tree and in the errors, in no particular order.
    ///
    /// Meant for invariant checks: each lies within the text, on character boundaries, with
    /// `start <= end`.
    #[must_use]
    pub fn spans(&self) -> Vec<Span> {
        let mut out = Vec::new();
        for line in &self.file.lines {
            out.push(line.span);
            out.extend(line.comment);
            match &line.kind {
                LineKind::Blank | LineKind::Comment | LineKind::Error => {}
                LineKind::Header(header) => {
                    out.push(header.span);
                    name(&mut out, &header.power);
                    out.extend(header.season.map(|s| s.span));
                    out.extend(header.colon);
                }
                LineKind::Order(line) => {
                    out.push(line.span);
                    if let Some(power) = &line.power {
                        name(&mut out, power);
                    }
                    out.extend(line.colon);
                    order(&mut out, &line.order);
                    if let Some(expect) = line.expect {
                        out.extend([expect.arrow, expect.word, expect.span]);
                    }
                }
                LineKind::Directive(directive) => self::directive(&mut out, directive),
            }
        }
        out.extend(self.errors.iter().map(|e| e.span));
        out
    }

    /// Checks the invariants of a parse of `text`, describing the first one broken:
    ///
    /// - every span lies inside the text, on character boundaries, with `start <= end`;
    /// - the lines are the lines of [`LineIndex`], in order;
    /// - each line has at most one error, within the line, and every unreadable line and
    ///   incomplete order has one.
    ///
    /// # Errors
    ///
    /// Returns a description of the first broken invariant.
    pub fn validate(&self, text: &str) -> Result<(), String> {
        let text = crate::clamp_text(text);
        for span in self.spans() {
            let inside = span.start <= span.end && span.end as usize <= text.len();
            if !inside
                || !text.is_char_boundary(span.start as usize)
                || !text.is_char_boundary(span.end as usize)
            {
                return Err(format!("span {span:?} is not a valid range of the text"));
            }
        }
        let index = LineIndex::new(text);
        if self.file.lines.len() != index.line_count() {
            return Err(format!(
                "{} lines in the tree, {} in the text",
                self.file.lines.len(),
                index.line_count()
            ));
        }
        for (i, line) in self.file.lines.iter().enumerate() {
            if Some(line.span) != index.line_span(i) {
                return Err(format!("line {i} has span {:?}", line.span));
            }
        }
        let mut errors_per_line = vec![0usize; self.file.lines.len()];
        for error in &self.errors {
            let line = self.file.line_number_at(error.span.start);
            if !self.file.lines[line].span.touches(error.span.end) {
                return Err(format!("error {error} spans several lines"));
            }
            errors_per_line[line] += 1;
        }
        for (i, (line, count)) in self.file.lines.iter().zip(errors_per_line).enumerate() {
            let needs_error = match &line.kind {
                LineKind::Error => true,
                LineKind::Order(order) => order.order.is_incomplete(),
                _ => false,
            };
            if count > 1 || (needs_error && count == 0) {
                return Err(format!("line {i} has {count} errors"));
            }
        }
        Ok(())
    }
}

fn name(out: &mut Vec<Span>, name: &Name) {
    out.push(name.span);
}

fn loc(out: &mut Vec<Span>, loc: &LocRef) {
    out.push(loc.span);
    name(out, &loc.province);
    if let Some(coast) = &loc.coast {
        out.extend([coast.span, coast.text_span]);
    }
    out.extend(loc.season.map(|s| s.span));
}

fn unit(out: &mut Vec<Span>, unit: &UnitRef) {
    out.push(unit.span);
    out.extend(unit.kind.map(|k| k.span));
    loc(out, &unit.loc);
}

fn order(out: &mut Vec<Span>, order: &Order) {
    match order {
        Order::Hold { unit: u, keyword } => {
            unit(out, u);
            out.extend(*keyword);
        }
        Order::Move {
            unit: u,
            arrow,
            dest,
            via_convoy,
            retreat_keyword,
        } => {
            unit(out, u);
            out.push(*arrow);
            loc(out, dest);
            out.extend(*via_convoy);
            out.extend(*retreat_keyword);
        }
        Order::SupportHold {
            unit: u,
            keyword,
            target,
        } => {
            unit(out, u);
            out.push(*keyword);
            unit(out, target);
        }
        Order::SupportMove {
            unit: u,
            keyword,
            target,
            arrow,
            dest,
        }
        | Order::Convoy {
            unit: u,
            keyword,
            army: target,
            arrow,
            dest,
        } => {
            unit(out, u);
            out.extend([*keyword, *arrow]);
            unit(out, target);
            loc(out, dest);
        }
        Order::Disband { unit: u, keyword }
        | Order::Build { unit: u, keyword }
        | Order::Remove { unit: u, keyword } => {
            unit(out, u);
            out.push(*keyword);
        }
        Order::Waive { keyword } => out.push(*keyword),
        Order::Incomplete(incomplete) => {
            out.push(incomplete.at);
            out.extend(incomplete.op.map(|op| op.span));
            for u in [&incomplete.unit, &incomplete.target].into_iter().flatten() {
                unit(out, u);
            }
            for l in [&incomplete.dest, &incomplete.partial_loc]
                .into_iter()
                .flatten()
            {
                loc(out, l);
            }
            out.extend(incomplete.dangling_kind.map(|k| k.span));
        }
    }
}

fn directive(out: &mut Vec<Span>, directive: &Directive) {
    out.extend([directive.at, directive.span, directive.name.span]);
    if let Some(sub) = &directive.sub {
        name(out, sub);
    }
    match &directive.kind {
        DirectiveKind::Rules(n)
        | DirectiveKind::Start(n)
        | DirectiveKind::Phase(n)
        | DirectiveKind::ExpectWinner(n) => name(out, n),
        DirectiveKind::Turn(n) => out.push(n.span),
        DirectiveKind::Unit { power, unit: u }
        | DirectiveKind::ExpectUnit { power, unit: u }
        | DirectiveKind::ExpectDislodged { power, unit: u } => {
            name(out, power);
            unit(out, u);
        }
        DirectiveKind::Owns { power, provinces } => {
            name(out, power);
            for province in provinces {
                name(out, province);
            }
        }
        DirectiveKind::ExpectEmpty(s) => out.push(s.span),
        DirectiveKind::ExpectSeasons(list) | DirectiveKind::ExpectHeads(list) => {
            out.extend(list.iter().map(|s| s.span));
        }
        DirectiveKind::ExpectTimelines(list) => out.extend(list.iter().map(|n| n.span)),
        DirectiveKind::ExpectOwner {
            province,
            power,
            season,
        } => {
            name(out, province);
            name(out, power);
            out.extend(season.map(|s| s.span));
        }
        DirectiveKind::ExpectDiagnostic { severity, code } => {
            name(out, severity);
            name(out, code);
        }
        DirectiveKind::Unknown => {}
    }
}
