//! Orders: the unit, the keyword and what follows, and the [`Order::Incomplete`] built when
//! an order stops too early.

use crate::ast::{Expected, IncompleteOrder, Order, OrderOp, OrderOpLit, UnitRef};
use crate::error::{ErrorCode, SyntaxError};
use crate::lexer::TokenKind;
use crate::span::Span;

use super::{Fail, Kw, LineParser};

impl LineParser<'_> {
    // ---- Orders.

    /// Parses an order starting at the current token.
    pub(super) fn order(&mut self) -> Order {
        let Some(first) = self.peek() else {
            return self.incomplete(None, Expected::Unit);
        };
        match self.peek_kw() {
            Some(Kw::Waive) => {
                self.bump();
                Order::Waive {
                    keyword: first.span,
                }
            }
            Some(kw @ (Kw::Build | Kw::Remove | Kw::Disband)) => {
                self.bump();
                let op = match kw {
                    Kw::Build => OrderOp::Build,
                    Kw::Remove => OrderOp::Remove,
                    _ => OrderOp::Disband,
                };
                let op = OrderOpLit {
                    op,
                    span: first.span,
                };
                match self.unit() {
                    Ok(unit) => {
                        // `Remove gol`, `Disband gol`: the unit standing there, whatever its
                        // type; a build needs the type.
                        if unit.kind.is_none() && kw == Kw::Build {
                            self.report_missing_kind(&unit);
                        }
                        let keyword = first.span;
                        match kw {
                            Kw::Build => Order::Build { unit, keyword },
                            Kw::Remove => Order::Remove { unit, keyword },
                            _ => Order::Disband { unit, keyword },
                        }
                    }
                    Err(fail) => self.unit_fail_to_incomplete(fail, Some(op), Expected::Unit),
                }
            }
            Some(Kw::Retreat) => {
                self.bump();
                let op = OrderOpLit {
                    op: OrderOp::Retreat,
                    span: first.span,
                };
                match self.unit() {
                    Ok(unit) => {
                        if unit.kind.is_none() {
                            self.report_missing_kind(&unit);
                        }
                        if self.at_move_arrow() {
                            let arrow = self.bump().span;
                            self.move_rest(unit, arrow, Some(first.span))
                        } else if let Some((unit, arrow, dest)) =
                            self.at_order_end().then(|| self.cut_unit(&unit)).flatten()
                        {
                            Order::Move {
                                unit,
                                arrow,
                                dest,
                                via_convoy: None,
                                retreat_keyword: Some(first.span),
                            }
                        } else {
                            self.incomplete_with(IncompleteOrder {
                                op: Some(op),
                                unit: Some(unit),
                                ..self.blank_incomplete(Expected::Destination)
                            })
                        }
                    }
                    Err(fail) => self.unit_fail_to_incomplete(fail, Some(op), Expected::Unit),
                }
            }
            Some(Kw::Army | Kw::Fleet) | None if first.kind == TokenKind::Word => {
                match self.unit() {
                    Ok(unit) => {
                        if unit.kind.is_none() {
                            self.report_missing_kind(&unit);
                        }
                        self.order_tail(unit)
                    }
                    Err(fail) => self.unit_fail_to_incomplete(fail, None, Expected::Unit),
                }
            }
            _ => self.incomplete(None, Expected::Unit),
        }
    }

    /// Tells whether the current token is `-`, `->` or `to`.
    pub(super) fn at_move_arrow(&self) -> bool {
        matches!(self.peek_kind(), Some(TokenKind::Dash | TokenKind::Arrow))
            || self.peek_kw() == Some(Kw::To)
    }

    /// Parses what follows a complete unit.
    pub(super) fn order_tail(&mut self, unit: UnitRef) -> Order {
        // `A bud-gal`: players' shorthand for `A bud - gal` (a unit written without its type
        // is an error already and is not read further).
        // `A lvp-cly via convoy` (as jDip writes it): the move may end with `via Convoy`.
        let via_convoy_next = self.peek_kw() == Some(Kw::Via)
            && self.keywords.get(self.pos + 1).copied().flatten() == Some(Kw::Convoy)
            && matches!(
                self.tokens.get(self.pos + 2).map(|t| t.kind),
                None | Some(TokenKind::FatArrow)
            );
        if unit.kind.is_some() && (self.at_order_end() || via_convoy_next) {
            if let Some((unit, arrow, dest)) = self.cut_unit(&unit) {
                let via_convoy = via_convoy_next.then(|| {
                    let via = self.bump().span;
                    via.cover(self.bump().span)
                });
                return Order::Move {
                    unit,
                    arrow,
                    dest,
                    via_convoy,
                    retreat_keyword: None,
                };
            }
        }
        let Some(next) = self.peek() else {
            return Order::Hold {
                unit,
                keyword: None,
            };
        };
        if next.kind == TokenKind::FatArrow {
            return Order::Hold {
                unit,
                keyword: None,
            };
        }
        if self.at_move_arrow() {
            let arrow = self.bump().span;
            return self.move_rest(unit, arrow, None);
        }
        match self.peek_kw() {
            Some(Kw::Hold) => {
                self.bump();
                Order::Hold {
                    unit,
                    keyword: Some(next.span),
                }
            }
            Some(Kw::Retreat) => {
                self.bump();
                let mut arrow = next.span;
                if self.peek_kw() == Some(Kw::To) {
                    arrow = arrow.cover(self.bump().span);
                }
                self.move_rest(unit, arrow, Some(next.span))
            }
            Some(Kw::Support) => {
                self.bump();
                self.support_rest(unit, next.span)
            }
            Some(Kw::Convoy) => {
                self.bump();
                self.convoy_rest(unit, next.span)
            }
            Some(Kw::Disband) => {
                self.bump();
                Order::Disband {
                    unit,
                    keyword: next.span,
                }
            }
            Some(Kw::Build) => {
                self.bump();
                Order::Build {
                    unit,
                    keyword: next.span,
                }
            }
            Some(Kw::Remove) => {
                self.bump();
                Order::Remove {
                    unit,
                    keyword: next.span,
                }
            }
            _ => self.incomplete_with(IncompleteOrder {
                unit: Some(unit),
                ..self.blank_incomplete(Expected::Operator)
            }),
        }
    }

    /// Parses the destination of a move (and `via Convoy`) after its arrow.
    pub(super) fn move_rest(&mut self, unit: UnitRef, arrow: Span, retreat: Option<Span>) -> Order {
        let op = OrderOpLit {
            op: if retreat.is_some() {
                OrderOp::Retreat
            } else {
                OrderOp::Move
            },
            span: arrow,
        };
        let dest = match self.loc() {
            Ok(dest) => dest,
            Err(fail) => {
                return self.loc_fail_to_incomplete(
                    fail,
                    IncompleteOrder {
                        op: Some(op),
                        unit: Some(unit),
                        ..self.blank_incomplete(Expected::Destination)
                    },
                );
            }
        };
        let mut via_convoy = None;
        if self.peek_kw() == Some(Kw::Via) {
            let via = self.bump();
            match self.peek_kw() {
                Some(Kw::Convoy) => {
                    let word = self.bump();
                    via_convoy = Some(via.span.cover(word.span));
                }
                _ => {
                    return self.incomplete_with(IncompleteOrder {
                        op: Some(op),
                        unit: Some(unit),
                        dest: Some(dest),
                        ..self.blank_incomplete(Expected::ViaConvoy)
                    });
                }
            }
        }
        Order::Move {
            unit,
            arrow,
            dest,
            via_convoy,
            retreat_keyword: retreat,
        }
    }

    /// Parses a support after its keyword.
    pub(super) fn support_rest(&mut self, unit: UnitRef, keyword: Span) -> Order {
        let op = OrderOpLit {
            op: OrderOp::Support,
            span: keyword,
        };
        let target = match self.unit() {
            Ok(target) => target,
            Err(fail) => {
                return self.target_fail_to_incomplete(fail, op, unit);
            }
        };
        if self.at_order_end() {
            if let Some((target, arrow, dest)) = self.cut_unit(&target) {
                return Order::SupportMove {
                    unit,
                    keyword,
                    target: Box::new(target),
                    arrow,
                    dest: Box::new(dest),
                };
            }
        }
        if !self.at_move_arrow() {
            return Order::SupportHold {
                unit,
                keyword,
                target: Box::new(target),
            };
        }
        let arrow = self.bump().span;
        match self.loc() {
            Ok(dest) => Order::SupportMove {
                unit,
                keyword,
                target: Box::new(target),
                arrow,
                dest: Box::new(dest),
            },
            Err(fail) => self.loc_fail_to_incomplete(
                fail,
                IncompleteOrder {
                    op: Some(op),
                    unit: Some(unit),
                    target: Some(target),
                    ..self.blank_incomplete(Expected::Destination)
                },
            ),
        }
    }

    /// Parses a convoy after its keyword.
    pub(super) fn convoy_rest(&mut self, unit: UnitRef, keyword: Span) -> Order {
        let op = OrderOpLit {
            op: OrderOp::Convoy,
            span: keyword,
        };
        let army = match self.unit() {
            Ok(army) => army,
            Err(fail) => return self.target_fail_to_incomplete(fail, op, unit),
        };
        if self.at_order_end() {
            if let Some((army, arrow, dest)) = self.cut_unit(&army) {
                return Order::Convoy {
                    unit,
                    keyword,
                    army: Box::new(army),
                    arrow,
                    dest: Box::new(dest),
                };
            }
        }
        if !self.at_move_arrow() {
            return self.incomplete_with(IncompleteOrder {
                op: Some(op),
                unit: Some(unit),
                target: Some(army),
                ..self.blank_incomplete(Expected::ConvoyArrow)
            });
        }
        let arrow = self.bump().span;
        match self.loc() {
            Ok(dest) => Order::Convoy {
                unit,
                keyword,
                army: Box::new(army),
                arrow,
                dest: Box::new(dest),
            },
            Err(fail) => self.loc_fail_to_incomplete(
                fail,
                IncompleteOrder {
                    op: Some(op),
                    unit: Some(unit),
                    target: Some(army),
                    ..self.blank_incomplete(Expected::Destination)
                },
            ),
        }
    }

    // ---- Incomplete orders.

    /// An incomplete order with nothing read, expecting `expected` at the current position.
    pub(super) fn blank_incomplete(&self, expected: Expected) -> IncompleteOrder {
        IncompleteOrder {
            op: None,
            unit: None,
            target: None,
            dest: None,
            dangling_kind: None,
            partial_loc: None,
            expected,
            at: self.here(),
        }
    }

    pub(super) fn incomplete(&mut self, op: Option<OrderOpLit>, expected: Expected) -> Order {
        self.incomplete_with(IncompleteOrder {
            op,
            ..self.blank_incomplete(expected)
        })
    }

    /// Reports the error of an incomplete order and returns it.
    pub(super) fn incomplete_with(&mut self, incomplete: IncompleteOrder) -> Order {
        // Name the piece the missing one should follow: a whole unit where one was read last.
        let previous = match (&incomplete.dangling_kind, incomplete.expected) {
            (Some(kind), _) if incomplete.partial_loc.is_none() => Some(kind.span),
            (_, Expected::Operator) => incomplete.unit.as_ref().map(|unit| unit.span),
            (_, Expected::ConvoyArrow) => incomplete.target.as_ref().map(|unit| unit.span),
            _ => None,
        };
        let previous = previous.or_else(|| self.pos.checked_sub(1).map(|i| self.tokens[i].span));
        let after =
            previous.map_or_else(String::new, |span| format!(" after `{}`", self.slice(span)));
        let found = if self.at_end() {
            String::new()
        } else {
            format!(", found {}", self.describe_here())
        };
        let message = format!("expected {}{after}{found}", incomplete.expected.describe());
        // A malformed coast has already reported its own, more precise error.
        let error = SyntaxError::new(ErrorCode::IncompleteOrder, incomplete.at, message);
        self.report_here(error);
        Order::Incomplete(Box::new(incomplete))
    }

    /// Turns a failed ordered unit into an incomplete order.
    pub(super) fn unit_fail_to_incomplete(
        &mut self,
        fail: Fail,
        op: Option<OrderOpLit>,
        expected: Expected,
    ) -> Order {
        let base = IncompleteOrder {
            op,
            ..self.blank_incomplete(expected)
        };
        match fail {
            Fail::Missing => self.incomplete_with(base),
            Fail::Dangling(kind) => self.incomplete_with(IncompleteOrder {
                dangling_kind: Some(kind),
                expected: Expected::UnitProvince,
                ..base
            }),
            Fail::BadCoast(kind, loc) => self.incomplete_with(IncompleteOrder {
                dangling_kind: kind,
                partial_loc: Some(*loc),
                expected: Expected::Coast,
                ..base
            }),
        }
    }

    /// Turns a failed support or convoy target into an incomplete order.
    pub(super) fn target_fail_to_incomplete(
        &mut self,
        fail: Fail,
        op: OrderOpLit,
        unit: UnitRef,
    ) -> Order {
        let base = IncompleteOrder {
            op: Some(op),
            unit: Some(unit),
            ..self.blank_incomplete(Expected::Target)
        };
        match fail {
            Fail::Missing => self.incomplete_with(base),
            Fail::Dangling(kind) => self.incomplete_with(IncompleteOrder {
                dangling_kind: Some(kind),
                expected: Expected::TargetProvince,
                ..base
            }),
            Fail::BadCoast(kind, loc) => self.incomplete_with(IncompleteOrder {
                dangling_kind: kind,
                partial_loc: Some(*loc),
                expected: Expected::Coast,
                ..base
            }),
        }
    }

    /// Turns a failed destination into an incomplete order.
    pub(super) fn loc_fail_to_incomplete(&mut self, fail: Fail, base: IncompleteOrder) -> Order {
        match fail {
            Fail::Missing | Fail::Dangling(_) => self.incomplete_with(base),
            Fail::BadCoast(_, loc) => self.incomplete_with(IncompleteOrder {
                partial_loc: Some(*loc),
                expected: Expected::Coast,
                ..base
            }),
        }
    }
}
