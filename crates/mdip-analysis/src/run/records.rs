//! `@record`: the orders and outcomes a game stored for its past seasons (movement, retreats,
//! adjustments), lowered and handed to the judge's set-up, and checked against its
//! adjudication once per game (`check_stored`).

use mdip_judge::world::{Phase, SeasonKey, SetupError, Spot, StoredKind, UnitSig};
use mdip_map::{Location, Power, UnitType};
use mdip_syntax::{ExpectedOutcome, OrderLine, Span, UnitRef};

use super::describe;
use super::illegal::whole_or;
use super::setup::stand_location;
use super::state::State;
use crate::diagnostics::{Code, Diagnostic};
use crate::names;

impl State {
    /// `@record <Power>: <order> => succeeds|fails`: an order of a past season with its
    /// outcome, lowered and checked as a movement order of its unit's season; or a retreat or
    /// disband of a past retreat step, or a build or removal of a past adjustment step.
    pub(super) fn record(&mut self, line: &OrderLine) {
        // `illegal`: an order that was invalid when given (the unit held), kept to be checked
        // again under `@rules 5dd`.
        let (success, invalid) = match line.expect.map(|e| e.outcome) {
            Some(ExpectedOutcome::Succeeds) => (true, false),
            Some(ExpectedOutcome::Fails) => (false, false),
            Some(ExpectedOutcome::Illegal) => (true, true),
            // No outcome, or one a record cannot have: a syntax error says so.
            _ => return,
        };
        if line.order.is_incomplete() {
            return;
        }
        let Some(power) = line.power.as_ref() else {
            return;
        };
        let Some(power) = names::power(self.map(), power, &mut self.diags) else {
            return;
        };
        let whole = match line.expect {
            Some(e) => Span::new(line.colon.map_or(line.span.start, |c| c.end), e.span.start),
            None => line.span,
        };
        let whole = line
            .order
            .unit()
            .map_or(whole, |u| Span::new(u.span.start.min(whole.end), whole.end));
        let order = &line.order;
        let stored_at = line.expect.map_or(whole, |e| e.span);
        match order {
            mdip_syntax::Order::Move {
                retreat_keyword: Some(_),
                unit,
                dest,
                ..
            } => return self.record_retreat(power, unit, Some(dest), success, invalid, stored_at),
            mdip_syntax::Order::Disband { unit, .. } => {
                return self.record_retreat(power, unit, None, success, invalid, stored_at)
            }
            mdip_syntax::Order::Build { unit, .. } => {
                return self.record_adjustment(power, unit, true, success, invalid, stored_at)
            }
            mdip_syntax::Order::Remove { unit, .. } => {
                return self.record_adjustment(power, unit, false, success, invalid, stored_at)
            }
            mdip_syntax::Order::Move { .. }
            | mdip_syntax::Order::Hold { .. }
            | mdip_syntax::Order::SupportHold { .. }
            | mdip_syntax::Order::SupportMove { .. }
            | mdip_syntax::Order::Convoy { .. } => {}
            mdip_syntax::Order::Waive { .. } | mdip_syntax::Order::Incomplete(_) => {
                self.diags.push(
                    Diagnostic::new(
                        Code::BadRecord,
                        whole,
                        "a waive is not recorded: it changes no board",
                    )
                    .with_hint(
                        "a record holds a movement order, a retreat (`Retreat A Tyrolia 0:0 - \
                         Bohemia`) or disband of a past retreat step, or a build or removal \
                         (`Build A Munich 2:0`, `Remove A Munich 2:0`) of a past adjustment step",
                    ),
                );
                return;
            }
        }
        if order.unit().is_some_and(|u| u.kind.is_none()) {
            return;
        }
        let root = self.world.root();
        let (diags, lowered) =
            super::lower::Lower::new(&self.world, false, true).stored(power, order, root);
        self.diags.extend(diags);
        let Some((input, parts)) = lowered else {
            return;
        };
        let added = if invalid {
            self.world.add_invalid_record(&input)
        } else {
            self.world.add_record(&input, success)
        };
        let Err(e) = added else {
            if !invalid {
                self.stored
                    .push((StoredKind::Movement(input.unit.spot), stored_at));
            }
            return;
        };
        let own = input.unit.spot;
        let d = match &e {
            SetupError::RecordIllegal(i) => {
                let at = super::illegal::illegal_span(i, &parts, whole, own);
                Diagnostic::new(
                    Code::BadRecord,
                    at,
                    format!(
                        "cannot record this order: {}",
                        describe::illegal(self.map(), i, Phase::Movement, self.multiversal)
                    ),
                )
                .with_hint(
                    "a recorded order must be legal as a movement order of its unit's season",
                )
            }
            SetupError::RecordInHead(s) => Diagnostic::new(
                Code::BadRecord,
                whole_or(parts.unit, whole),
                format!("cannot record an order of {s}: it is a head, whose orders are given live"),
            )
            .with_hint(
                "write the unit's season (`A Munich 0:0`), or give the order as a live order",
            ),
            SetupError::NoSuchSeason(s) => Diagnostic::new(
                Code::BadRecord,
                whole_or(parts.unit, whole),
                format!("cannot record an order of {s}: the season does not exist"),
            )
            .with_hint("set the season up first with `@season`"),
            _ => Diagnostic::new(
                Code::BadRecord,
                whole_or(parts.unit, whole),
                format!("cannot record this order: {}", describe::setup_error(&e)),
            )
            .with_hint("each unit of a past season has one recorded order"),
        };
        self.diags.push(d);
    }

    /// `@record <Power>: Build A Munich 2:0 => succeeds` (or `Remove`): a build or removal of the
    /// adjustment step before the unit's season, whose board the adjustments changed.
    pub(super) fn record_adjustment(
        &mut self,
        power: Power,
        unit: &UnitRef,
        build: bool,
        success: bool,
        invalid: bool,
        stored_at: Span,
    ) {
        let Some((kind, loc, season)) = self.record_unit(unit) else {
            return;
        };
        let sig = UnitSig { power, kind, loc };
        match self
            .world
            .add_adjustment_record(season, sig, build, success && !invalid)
        {
            Ok(()) if !invalid => self.stored.push((
                StoredKind::Adjustment(Spot {
                    season,
                    province: loc.province,
                }),
                stored_at,
            )),
            Ok(()) => {}
            Err(e) => self.bad_stored(&e, unit.span),
        }
    }

    /// `@record <Power>: Retreat A Tyrolia 0:0 - Bohemia => succeeds` (or `Disband A Tyrolia
    /// 0:0`): a retreat or disband of the unit dislodged in its season, into that season's first
    /// child.
    pub(super) fn record_retreat(
        &mut self,
        power: Power,
        unit: &UnitRef,
        dest: Option<&mdip_syntax::LocRef>,
        success: bool,
        invalid: bool,
        stored_at: Span,
    ) {
        let Some((kind, loc, season)) = self.record_unit(unit) else {
            return;
        };
        let to = match dest {
            Some(d) => {
                let Some(province) = names::province(self.map(), &d.province, &mut self.diags)
                else {
                    return;
                };
                let coast = match &d.coast {
                    Some(c) => match names::coast(c, &mut self.diags) {
                        Some(c) => Some(c),
                        None => return,
                    },
                    None => None,
                };
                let Some(to) =
                    stand_location(self.map(), kind, province, coast, d.span, &mut self.diags)
                else {
                    return;
                };
                Some(to)
            }
            None => None,
        };
        let sig = UnitSig { power, kind, loc };
        match self
            .world
            .add_retreat_record(season, sig, to, success && !invalid)
        {
            Ok(()) if !invalid => self.stored.push((
                StoredKind::Retreat(Spot {
                    season,
                    province: loc.province,
                }),
                stored_at,
            )),
            Ok(()) => {}
            Err(e) => self.bad_stored(&e, unit.span),
        }
    }

    /// The unit of a stored build, removal, retreat or disband: its type must be written.
    pub(super) fn record_unit(
        &mut self,
        unit: &UnitRef,
    ) -> Option<(UnitType, Location, SeasonKey)> {
        if unit.kind.is_none() {
            self.diags.push(
                Diagnostic::new(
                    Code::BadRecord,
                    unit.span,
                    "a recorded order names its unit with its type",
                )
                .with_hint("write `A` or `F` before the province"),
            );
            return None;
        }
        let (kind, loc, season) = self.placement(unit)?;
        if !self.world.exists(season) {
            self.diags.push(
                Diagnostic::new(
                    Code::BadRecord,
                    unit.span,
                    format!("cannot record an order of {season}: the season does not exist"),
                )
                .with_hint("set the season up first with `@season`"),
            );
            return None;
        }
        Some((kind, loc, season))
    }

    /// A stored build, removal, retreat or disband the world refused.
    pub(super) fn bad_stored(&mut self, e: &SetupError, span: Span) {
        let hint = match e {
            SetupError::StoredUnitMissing(_) => {
                "a stored build or retreat that succeeded stands on the board it made: place its unit there with `@unit` first"
            }
            SetupError::StoredUnitStands(_) => {
                "a stored removal that succeeded leaves its province empty on the board after it"
            }
            SetupError::NoAdjustmentBefore(_) => {
                "builds and removals change the board after a Fall turn: name that season (`Build A Munich 2:0`)"
            }
            SetupError::AdjustmentPending(_) => {
                "that season's adjustments are still to come: give them as orders"
            }
            SetupError::NoChild(_) => {
                "a retreat goes into the season after the one where the unit was dislodged: set it up with `@season`"
            }
            SetupError::RecordIllegal(_) => {
                "a retreating or disbanded unit stood on the board of the season where it was dislodged"
            }
            _ => "each stored order names one unit once",
        };
        let why = match e {
            SetupError::RecordIllegal(mdip_judge::world::Illegal::NoUnit(s)) => {
                format!("no such unit stands there in {}", s.season)
            }
            _ => describe::setup_error(e),
        };
        self.diags.push(
            Diagnostic::new(
                Code::BadRecord,
                span,
                format!("cannot record this order: {why}"),
            )
            .with_hint(hint),
        );
    }
}

impl State {
    /// Before the first step of a game (and at its end if it plays none): the stored outcomes
    /// of its `@record` lines checked against the judge's adjudication of the same boards
    /// ([`mdip_judge::world::World::check_records`]); each contradiction is an E0410 at the
    /// stored outcome. Done once per game.
    pub(crate) fn check_stored(&mut self) {
        if self.stored.is_empty() || self.world.steps_done() > 0 {
            self.stored.clear();
            return;
        }
        let stored = std::mem::take(&mut self.stored);
        let map = self.map();
        for c in self.world.check_records() {
            let Some(&(_, span)) = stored.iter().find(|(k, _)| *k == c.stored) else {
                continue;
            };
            let name = |id: usize| {
                c.graph.get(id).map_or_else(String::new, |g| {
                    describe::unit_text(map, g.sig.kind, g.sig.loc, Some(g.spot.season))
                })
            };
            let (stored_word, found) = if c.stored_success {
                ("succeeds", "fails")
            } else {
                ("fails", "succeeds")
            };
            let why = describe::reason(&c.reason, name);
            self.diags.push(
                Diagnostic::new(
                    Code::StoredOutcomeMismatch,
                    span,
                    format!(
                        "the game stored `{stored_word}`, but adjudicating the same boards this order {found} ({why})"
                    ),
                )
                .with_hint(
                    "the stored outcome and mdip's reading of the rules disagree about this board: check the game's record, or the order as imported",
                ),
            );
        }
    }
}
