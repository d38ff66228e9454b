//! Lowering: an order line of the syntax tree becomes an order of the judge (names resolved to
//! provinces and coasts, seasons to keys, every part keeping its text range), against the
//! world as it stands. Lowering returns a value — the order, its diagnostics and the implicit
//! placement it implies — and never calls the judge or closes a step: the scheduler
//! (`run/mod.rs`) has already brought the world to the order's step.

use mdip_judge::world::{
    AdjustmentInput, AdjustmentOrder, OrderInput, Phase, RetreatInput, RetreatOrder, SeasonKey,
    Spot, UnitOrder, UnitRef as WUnitRef, World,
};
use mdip_map::{Coast, Location, Map, Power, UnitType};
use mdip_syntax::{ExpectedOutcome, LocRef, Order, OrderLine, Span, UnitKind, UnitRef};

use super::describe;
use super::setup::stand_location;
use super::state::{Class, Parts, Pending};
use crate::diagnostics::{Code, Diagnostic};
use crate::model::{Cause, OrderInfo, OrderKind, ReasonCode, Status, Target, UnitInfo};
use crate::names;
use crate::reason::Why;

mod head;
pub(crate) use head::{beside_winter, class_in, head, Head};

/// A unit the first step's orders imply, when positions are implied by orders.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Placement {
    pub(crate) season: SeasonKey,
    pub(crate) power: Power,
    pub(crate) kind: UnitType,
    pub(crate) loc: Location,
}

/// An order line, lowered.
pub(crate) struct Lowered {
    /// Problems found while lowering, in the order they were found.
    pub(crate) diags: Vec<Diagnostic>,
    /// The unit to place before the order is recorded (implicit placement).
    pub(crate) placement: Option<Placement>,
    pub(crate) order: LoweredOrder,
}

/// What becomes of a lowered order.
pub(crate) enum LoweredOrder {
    /// No order is recorded (its season could not be chosen; diagnosed).
    Dropped,
    /// Recorded with its final status now: illegal before any step (no such season, wrong
    /// phase, a name that could not be read).
    Settled(OrderInfo),
    /// Waits for its step. The unit of `info` is still to be filled in once the placement
    /// is applied.
    Pending {
        info: OrderInfo,
        season: SeasonKey,
        pending: Pending,
        parts: Parts,
    },
}

/// Lowers order lines against one world.
pub(crate) struct Lower<'a> {
    world: &'a World,
    implicit_placement: bool,
    /// Whether units are named with their seasons in messages.
    multiversal: bool,
    diags: Vec<Diagnostic>,
    placement: Option<Placement>,
}

impl<'a> Lower<'a> {
    pub(crate) fn new(world: &'a World, implicit_placement: bool, multiversal: bool) -> Lower<'a> {
        Lower {
            world,
            implicit_placement,
            multiversal,
            diags: Vec::new(),
            placement: None,
        }
    }

    /// The world's map.
    fn map(&self) -> &'static Map {
        self.world.map()
    }

    fn done(self, order: LoweredOrder) -> Lowered {
        Lowered {
            diags: self.diags,
            placement: self.placement,
            order,
        }
    }

    /// Lowers the order of `o` at `line`, whose head is `head`, in the world's current step.
    /// `header_season` is the range of the block header's season, for diagnostics.
    pub(crate) fn order(
        mut self,
        line: usize,
        o: &OrderLine,
        head: &Head,
        header_season: Option<Span>,
    ) -> Lowered {
        let phase = self.world.phase();
        let class = class_in(self.map(), self.world, &o.order, head.explicit);
        let unit_season_lit = o.order.unit().and_then(|u| u.loc.season.as_ref());
        let expect = o.expect.map(|e| e.outcome);
        let season = match head.explicit.or_else(|| self.world.default_season()) {
            Some(s) => s,
            None => {
                self.diags.push(
                    Diagnostic::new(
                        Code::SeasonNeeded,
                        o.order.unit().map_or(head.span, |u| u.span),
                        "which season? The game has several heads",
                    )
                    .with_hint(format!(
                        "write the season after the unit or in the block header; heads: {}",
                        describe::heads(self.world)
                    )),
                );
                return self.done(LoweredOrder::Dropped);
            }
        };
        let mut info = OrderInfo {
            line,
            span: head.span,
            power: head.power,
            unit: None,
            kind: order_kind(&o.order, class),
            step: None,
            status: Status::Pending,
            cause: Cause::default(),
            target: Target::default(),
            related: Vec::new(),
            expect,
            forks: Vec::new(),
            why: Why::Pending,
        };
        // A season that does not exist, even once the steps in progress are adjudicated.
        if !self.world.exists(season) {
            let span = unit_season_lit
                .map(|l| l.span)
                .or(header_season)
                .unwrap_or(head.span);
            let mut d = Diagnostic::new(
                Code::NoSuchSeason,
                span,
                format!("season {season} does not exist"),
            )
            .with_hint(format!("the heads are {}", describe::heads(self.world)));
            d.expected = matches!(
                expect,
                Some(ExpectedOutcome::Illegal | ExpectedOutcome::Any)
            );
            self.diags.push(d);
            info.status = Status::Illegal;
            info.why = Why::NoSuchSeason(season);
            info.cause.code = Some(ReasonCode::NoSuchSeason);
            return self.done(LoweredOrder::Settled(info));
        }
        // Wrong phase: the order is illegal now and does not wait for a step. Under `@rules
        // 5dd` the heads that owe no adjustments move beside the Winter boards' adjustments.
        if class.phase() != phase && !beside_winter(self.world, season, class) {
            self.wrong_phase(&mut info, class, phase);
            if let Some(u) = o.order.unit() {
                info.unit = unit_info(self.map(), self.world, &o.order, u, season);
            }
            return self.done(LoweredOrder::Settled(info));
        }
        let lowered = match class {
            Class::Movement => self.movement(head.power, &o.order, season),
            Class::Retreat => self.retreat(head.power, &o.order, season),
            Class::Adjustment => self.adjustment(head.power, &o.order, head.explicit),
        };
        match lowered {
            Some((pending, parts)) => self.done(LoweredOrder::Pending {
                info,
                season,
                pending,
                parts,
            }),
            None => {
                // A name could not be resolved: the order is dropped (diagnosed already).
                info.status = Status::Illegal;
                info.why = Why::Unreadable;
                info.cause.code = Some(ReasonCode::Unreadable);
                self.done(LoweredOrder::Settled(info))
            }
        }
    }

    fn wrong_phase(&mut self, info: &mut OrderInfo, class: Class, phase: Phase) {
        let multiversal = self.multiversal || self.world.timelines().len() > 1;
        info.status = Status::Illegal;
        info.cause.code = Some(ReasonCode::WrongPhase);
        info.why = Why::WrongPhase {
            given: class.phase(),
            now: phase,
        };
        let message = describe::wrong_phase(class.phase(), phase);
        let mut d = Diagnostic::new(Code::WrongPhase, info.span, message);
        d.hint = Some(match phase {
            Phase::Movement => "this is a movement phase: hold, move, support or convoy".into(),
            Phase::Retreat => {
                const SHOWN: usize = 6;
                let all = self.world.pending_retreats();
                let mut waiting: Vec<String> = all
                    .iter()
                    .take(SHOWN)
                    .map(|d| describe::unit(self.map(), d.kind, d.at.loc, d.at.season, multiversal))
                    .collect();
                if all.len() > SHOWN {
                    waiting.push(format!("{} more", all.len() - SHOWN));
                }
                format!(
                    "this is a retreat phase: only retreats and disbands of dislodged units ({}); `@phase movement` ends it",
                    waiting.join(", ")
                )
            }
            Phase::Adjustment => "this is an adjustment phase: build, remove or waive".into(),
        });
        d.expected = matches!(
            info.expect,
            Some(ExpectedOutcome::Illegal | ExpectedOutcome::Any)
        );
        self.diags.push(d);
    }

    fn loc(&mut self, l: &LocRef, default: SeasonKey) -> Option<(Spot, Option<Coast>)> {
        let province = names::province(self.map(), &l.province, &mut self.diags)?;
        let coast = match &l.coast {
            Some(c) => Some(names::coast(c, &mut self.diags)?),
            None => None,
        };
        let season = match &l.season {
            Some(s) => names::season(s)?,
            None => default,
        };
        let mut coast = coast;
        if let Some(c) = &l.coast {
            if self.map().coasts(province).is_empty() {
                // As the warning says: the coast is ignored, here and in every report.
                coast = None;
                self.diags.push(
                    Diagnostic::new(
                        Code::NeedlessCoast,
                        c.span,
                        format!(
                            "{} has no separate coasts; the coast is ignored",
                            self.map().name(province)
                        ),
                    )
                    .with_fix("Remove the coast", c.span, ""),
                );
            }
        }
        Some((Spot { season, province }, coast))
    }

    fn unit(&mut self, u: &UnitRef, default: SeasonKey) -> Option<WUnitRef> {
        let (spot, coast) = self.loc(&u.loc, default)?;
        // A unit type that can never stand there: an army at sea, a fleet inland.
        if let Some(k) = &u.kind {
            let kind = unit_type(k.kind);
            let terrain = self.map().terrain(spot.province);
            let wrong = match kind {
                UnitType::Army => terrain == mdip_map::Terrain::Sea,
                UnitType::Fleet => terrain == mdip_map::Terrain::Inland,
            };
            if wrong {
                let (unit, other) = match kind {
                    UnitType::Army => ("an army", "F"),
                    UnitType::Fleet => ("a fleet", "A"),
                };
                self.diags.push(
                    Diagnostic::new(
                        Code::WrongTerrain,
                        u.span,
                        format!(
                            "{unit} cannot stand in {} ({})",
                            self.map().name(spot.province),
                            terrain.name()
                        ),
                    )
                    // A guess: the province may be the misspelt part.
                    .with_unsafe_fix(
                        format!("Change the unit type to {other}"),
                        k.span,
                        other,
                    ),
                );
                return None;
            }
        }
        Some(WUnitRef {
            kind: u.kind.as_ref().map(|k| unit_type(k.kind)),
            spot,
            coast,
        })
    }

    /// The unit an order of the first step names, when positions are implied by orders.
    fn implicit_place(&mut self, power: Power, u: &UnitRef, r: WUnitRef) {
        if !self.implicit_placement
            || self.world.steps_done() > 0
            || r.spot.season != self.world.root()
            || !self.world.is_head(r.spot.season)
            || self.world.phase() != Phase::Movement
            || self.world.unit(r.spot).is_some()
        {
            return;
        }
        let Some(kind) = r.kind else { return };
        let Some(loc) = stand_location(
            self.map(),
            kind,
            r.spot.province,
            r.coast,
            u.span,
            &mut self.diags,
        ) else {
            return;
        };
        self.placement = Some(Placement {
            season: r.spot.season,
            power,
            kind,
            loc,
        });
    }

    /// Lowers the order of a `@record` line as a movement order of the unit's season
    /// (`season` when the unit names none): the order, or `None` with its diagnostics.
    pub(crate) fn stored(
        mut self,
        power: Power,
        o: &Order,
        season: SeasonKey,
    ) -> (Vec<Diagnostic>, Option<(OrderInput, Parts)>) {
        let lowered = match self.movement(power, o, season) {
            Some((Pending::Movement(input), parts)) => Some((input, parts)),
            _ => None,
        };
        (self.diags, lowered)
    }

    fn movement(&mut self, power: Power, o: &Order, season: SeasonKey) -> Option<(Pending, Parts)> {
        let u = o.unit()?;
        let unit = self.unit(u, season)?;
        self.implicit_place(power, u, unit);
        self.check_unit_coast(u, unit);
        let mut parts = Parts {
            unit: u.span,
            ..Parts::default()
        };
        let order = match o {
            Order::Hold { .. } => UnitOrder::Hold,
            Order::Move {
                dest, via_convoy, ..
            } => {
                let (to, coast) = self.loc(dest, unit.spot.season)?;
                parts.dest = Some(dest.span);
                parts.dest_coast = dest.coast.as_ref().map(|c| c.span);
                UnitOrder::Move {
                    to,
                    coast,
                    via_convoy: via_convoy.is_some(),
                }
            }
            Order::SupportHold { target, .. } => {
                parts.target = Some(target.span);
                let target = self.unit(target, unit.spot.season)?;
                UnitOrder::SupportHold { target }
            }
            Order::SupportMove { target, dest, .. } => {
                parts.target = Some(target.span);
                parts.dest = Some(dest.span);
                let t = self.unit(target, unit.spot.season)?;
                let (to, coast) = self.loc(dest, t.spot.season)?;
                UnitOrder::SupportMove {
                    target: t,
                    to,
                    coast,
                }
            }
            Order::Convoy { army, dest, .. } => {
                parts.target = Some(army.span);
                parts.dest = Some(dest.span);
                let a = self.unit(army, unit.spot.season)?;
                let (to, _) = self.loc(dest, a.spot.season)?;
                UnitOrder::Convoy { army: a, to }
            }
            _ => return None,
        };
        Some((Pending::Movement(OrderInput { power, unit, order }), parts))
    }

    /// A coast written for the ordered unit that is not where it stands is ignored (4.B.5).
    fn check_unit_coast(&mut self, u: &UnitRef, r: WUnitRef) {
        let (Some(c), Some(lit)) = (r.coast, &u.loc.coast) else {
            return;
        };
        let Some(b) = self.world.unit(r.spot) else {
            return;
        };
        if b.loc.coast.is_some() && b.loc.coast != Some(c) {
            self.diags.push(
                Diagnostic::new(
                    Code::WrongUnitCoast,
                    lit.span,
                    format!(
                        "the fleet stands on {}; the coast written is ignored",
                        describe::location(self.map(), b.loc)
                    ),
                )
                .with_fix(
                    "Use the unit's coast",
                    lit.span,
                    format!("({})", b.loc.coast.map_or("", |c| c.abbrev())),
                ),
            );
        }
    }

    fn retreat(&mut self, power: Power, o: &Order, season: SeasonKey) -> Option<(Pending, Parts)> {
        let u = o.unit()?;
        let unit = self.unit(u, season)?;
        let mut parts = Parts {
            unit: u.span,
            ..Parts::default()
        };
        let order = match o {
            Order::Move { dest, .. } => {
                parts.dest = Some(dest.span);
                parts.dest_coast = dest.coast.as_ref().map(|c| c.span);
                let (to, coast) = self.loc(dest, unit.spot.season)?;
                RetreatOrder::Move { to, coast }
            }
            Order::Disband { .. } => RetreatOrder::Disband,
            _ => return None,
        };
        Some((Pending::Retreat(RetreatInput { power, unit, order }), parts))
    }

    fn adjustment(
        &mut self,
        power: Power,
        o: &Order,
        explicit: Option<SeasonKey>,
    ) -> Option<(Pending, Parts)> {
        let mut parts = Parts::default();
        let order = match o {
            Order::Build { unit, .. } => {
                parts.unit = unit.span;
                let province = names::province(self.map(), &unit.loc.province, &mut self.diags)?;
                let coast = match &unit.loc.coast {
                    Some(c) => Some(names::coast(c, &mut self.diags)?),
                    None => None,
                };
                let kind = unit_type(unit.kind.as_ref()?.kind);
                AdjustmentOrder::Build {
                    kind,
                    province,
                    coast,
                }
            }
            Order::Remove { unit, .. } | Order::Disband { unit, .. } => {
                parts.unit = unit.span;
                let province = names::province(self.map(), &unit.loc.province, &mut self.diags)?;
                AdjustmentOrder::Remove {
                    kind: unit.kind.as_ref().map(|k| unit_type(k.kind)),
                    province,
                }
            }
            Order::Waive { keyword } => {
                parts.unit = *keyword;
                AdjustmentOrder::Waive
            }
            _ => return None,
        };
        let season = o
            .unit()
            .and_then(|u| u.loc.season.as_ref())
            .and_then(names::season)
            .or(explicit);
        Some((
            Pending::Adjustment(AdjustmentInput {
                power,
                season,
                order,
            }),
            parts,
        ))
    }
}

/// The unit an order names, as it stands if it exists.
pub(crate) fn unit_info(
    map: &Map,
    world: &World,
    order: &Order,
    u: &UnitRef,
    season: SeasonKey,
) -> Option<UnitInfo> {
    let province = map.resolve_province(&u.loc.province.text)?;
    let spot = Spot { season, province };
    // A build names the unit it makes, not the one that may stand there already.
    let build = matches!(order, Order::Build { .. }) && u.kind.is_some();
    if let Some(b) = world.unit(spot).filter(|_| !build) {
        return Some(UnitInfo {
            kind: b.kind,
            loc: b.loc,
            season,
        });
    }
    let kind = unit_type(u.kind.as_ref()?.kind);
    let coast = u.loc.coast.as_ref().and_then(|c| Coast::from_name(&c.text));
    Some(UnitInfo {
        kind,
        loc: Location::new(province, coast),
        season,
    })
}

pub(crate) fn unit_type(k: UnitKind) -> UnitType {
    match k {
        UnitKind::Army => UnitType::Army,
        UnitKind::Fleet => UnitType::Fleet,
    }
}

fn order_kind(o: &Order, class: Class) -> OrderKind {
    match o {
        Order::Hold { .. } => OrderKind::Hold,
        Order::Move { .. } if class == Class::Retreat => OrderKind::Retreat,
        Order::Move { .. } => OrderKind::Move,
        Order::SupportHold { .. } => OrderKind::SupportHold,
        Order::SupportMove { .. } => OrderKind::SupportMove,
        Order::Convoy { .. } => OrderKind::Convoy,
        Order::Disband { .. } if class == Class::Adjustment => OrderKind::Remove,
        Order::Disband { .. } => OrderKind::Disband,
        Order::Build { .. } => OrderKind::Build,
        Order::Remove { .. } => OrderKind::Remove,
        Order::Waive { .. } => OrderKind::Waive,
        Order::Incomplete(_) => OrderKind::Hold,
    }
}

/// The span without the white space at its end.
fn trim_end(span: Span, text: &str) -> Span {
    let slice = text
        .get(span.start as usize..span.end as usize)
        .unwrap_or("");
    let trimmed = slice.trim_end().len() as u32;
    Span::new(span.start, span.start + trimmed)
}
