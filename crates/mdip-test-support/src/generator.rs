//! The random orders of one step: movement orders (holds, moves, supports, convoys, also into
//! the past and other timelines), retreats and adjustments, all of them allowed by the rules.

use std::collections::BTreeMap;

use mdip_judge::world::{
    AdjustmentInput, AdjustmentOrder, BoardUnit, MoveOrder, OrderInput, Pos, RetreatInput,
    RetreatOrder, SeasonKey, Spot, UnitOrder, UnitRef, World,
};
use mdip_map::{Location, Power, ProvinceId, Terrain, UnitType};

use crate::games::Config;
use crate::rng::Rng;

fn unit_ref(season: SeasonKey, u: &BoardUnit) -> UnitRef {
    UnitRef {
        kind: Some(u.kind),
        spot: Spot {
            season,
            province: u.loc.province,
        },
        coast: u.loc.coast,
    }
}

/// What the generator plans for one live unit.
#[derive(Clone, Copy, Debug)]
enum Plan {
    /// No order line (the unit holds).
    Implicit,
    /// Decided later in the step.
    Support,
    /// Decided later in the step.
    Convoy,
    /// This order.
    Order(UnitOrder),
}

/// The locations a unit at `from` can move to in `season` directly (rule 8).
fn move_targets(world: &World, kind: UnitType, from: Pos, season: SeasonKey) -> Vec<Location> {
    let map = world.map();
    let mut v = map.neighbours(kind, from.loc);
    if season != from.season {
        v.push(from.loc);
    }
    v.retain(|&l| map.can_stand(kind, l) && world.reaches(kind, from, Pos { season, loc: l }));
    v
}

/// The movement orders of one step.
pub(crate) fn movement_orders(world: &World, rng: &mut Rng, cfg: &Config) -> Vec<OrderInput> {
    let map = world.map();
    let heads = world.heads();
    let mut budget = if world.timelines().len() >= cfg.max_timelines {
        0
    } else if cfg.max_timelines == usize::MAX {
        cfg.past_orders
    } else {
        rng.below(cfg.past_orders + 1)
    };
    // Per head: itself, then every season a unit there reaches in one move.
    let near: BTreeMap<SeasonKey, Vec<SeasonKey>> = heads
        .iter()
        .map(|&h| {
            let mut v = vec![h];
            v.extend(world.seasons_reachable_from(h));
            (h, v)
        })
        .collect();
    let (live, live_index) = live_units(world, &heads);
    let mut plans = vec![Plan::Implicit; live.len()];
    let mut visit: Vec<usize> = (0..live.len()).collect();
    rng.shuffle(&mut visit);

    // Holds, moves, and who supports or convoys.
    for &i in &visit {
        let (h, u) = live[i];
        let roll = rng.below(100) as u32;
        plans[i] = if roll < cfg.hold {
            if rng.chance(cfg.implicit_hold) {
                Plan::Implicit
            } else {
                Plan::Order(UnitOrder::Hold)
            }
        } else if roll < cfg.hold + cfg.support {
            Plan::Support
        } else if u.kind == UnitType::Fleet
            && map.terrain(u.loc.province) == Terrain::Sea
            && rng.chance(cfg.convoy)
        {
            Plan::Convoy
        } else {
            pick_move(world, &near[&h], h, u, rng, cfg, &mut budget)
                .map_or(Plan::Order(UnitOrder::Hold), Plan::Order)
        };
    }
    // Convoys (they may change the plan of the army they carry).
    for &i in &visit {
        if let Plan::Convoy = plans[i] {
            let (h, u) = live[i];
            plans[i] = plan_convoy(
                world,
                &near[&h],
                h,
                u,
                rng,
                &mut budget,
                &live,
                &live_index,
                &mut plans,
            );
        }
    }
    // Supports of the moves now planned, of holds, and of recorded moves of past units.
    for &i in &visit {
        if let Plan::Support = plans[i] {
            let (h, u) = live[i];
            plans[i] = plan_support(world, &near[&h], h, u, rng, cfg, &mut budget, &live, &plans);
        }
    }

    orders_of_plans(world, rng, cfg, &live, &plans)
}

/// Every unit of every head, with its head, and the index of each by spot.
fn live_units(
    world: &World,
    heads: &[SeasonKey],
) -> (Vec<(SeasonKey, BoardUnit)>, BTreeMap<Spot, usize>) {
    let live: Vec<(SeasonKey, BoardUnit)> = heads
        .iter()
        .flat_map(|&h| {
            world
                .season(h)
                .expect("heads exist")
                .units
                .iter()
                .map(move |u| (h, *u))
        })
        .collect();
    let live_index: BTreeMap<Spot, usize> = live
        .iter()
        .enumerate()
        .map(|(i, (h, u))| {
            (
                Spot {
                    season: *h,
                    province: u.loc.province,
                },
                i,
            )
        })
        .collect();
    (live, live_index)
}

/// The order inputs of the planned orders (implicit holds left out, unresolved plans hold),
/// with the odd orders the configuration asks for; at least one line.
fn orders_of_plans(
    world: &World,
    rng: &mut Rng,
    cfg: &Config,
    live: &[(SeasonKey, BoardUnit)],
    plans: &[Plan],
) -> Vec<OrderInput> {
    let mut out = Vec::new();
    for (i, (h, u)) in live.iter().enumerate() {
        let order = match plans[i] {
            Plan::Implicit => continue,
            Plan::Order(o) => o,
            Plan::Support | Plan::Convoy => UnitOrder::Hold,
        };
        let input = OrderInput {
            power: u.power,
            unit: unit_ref(*h, u),
            order,
        };
        out.push(input);
        if rng.below(1000) < cfg.oddities as usize {
            out.push(odd_order(world, rng, input));
        }
    }
    // At least one order line per step, so that the text can close steps implicitly.
    if out.is_empty() {
        if let Some((h, u)) = live.first() {
            out.push(OrderInput {
                power: u.power,
                unit: unit_ref(*h, u),
                order: UnitOrder::Hold,
            });
        }
    }
    out
}

/// An order that is illegal or clashes with `input`.
fn odd_order(world: &World, rng: &mut Rng, input: OrderInput) -> OrderInput {
    let map = world.map();
    let own = input.unit.spot.season;
    match rng.below(4) {
        // A second order for the same unit: both are dropped.
        0 => OrderInput {
            order: UnitOrder::Hold,
            ..input
        },
        // Another power orders the unit.
        1 => OrderInput {
            power: Power::ALL[(input.power.index() + 1 + rng.below(6)) % 7],
            order: UnitOrder::Hold,
            ..input
        },
        // A random province, usually unreachable.
        2 => {
            let provinces: Vec<ProvinceId> = map.provinces().collect();
            let p = rng.pick(&provinces).expect("provinces");
            OrderInput {
                order: UnitOrder::Move {
                    to: Spot {
                        season: own,
                        province: p,
                    },
                    coast: None,
                    via_convoy: false,
                },
                ..input
            }
        }
        // A season that does not exist.
        _ => OrderInput {
            order: UnitOrder::Move {
                to: Spot {
                    season: SeasonKey::new(own.turn + 3, own.timeline),
                    province: input.unit.spot.province,
                },
                coast: None,
                via_convoy: false,
            },
            ..input
        },
    }
}

fn pick_move(
    world: &World,
    near: &[SeasonKey],
    h: SeasonKey,
    u: BoardUnit,
    rng: &mut Rng,
    cfg: &Config,
    budget: &mut usize,
) -> Option<UnitOrder> {
    let from = Pos {
        season: h,
        loc: u.loc,
    };
    let others: Vec<SeasonKey> = near[1..]
        .iter()
        .copied()
        .filter(|s| world.is_head(*s))
        .collect();
    let past: Vec<SeasonKey> = near[1..]
        .iter()
        .copied()
        .filter(|s| !world.is_head(*s))
        .collect();
    let mut season = h;
    if *budget > 0 && !past.is_empty() && rng.chance(cfg.past_move) {
        season = rng.pick(&past)?;
    } else if !others.is_empty() && rng.chance(cfg.other_head) {
        season = rng.pick(&others)?;
    }
    let mut targets = move_targets(world, u.kind, from, season);
    if targets.is_empty() && season != h {
        season = h;
        targets = move_targets(world, u.kind, from, season);
    }
    let loc = rng.pick(&targets)?;
    if season != h && !world.is_head(season) {
        *budget -= 1;
    }
    Some(UnitOrder::Move {
        to: Spot {
            season,
            province: loc.province,
        },
        coast: if u.kind == UnitType::Fleet {
            loc.coast
        } else {
            None
        },
        via_convoy: false,
    })
}

fn plan_convoy(
    world: &World,
    near: &[SeasonKey],
    h: SeasonKey,
    fleet: BoardUnit,
    rng: &mut Rng,
    budget: &mut usize,
    live: &[(SeasonKey, BoardUnit)],
    live_index: &BTreeMap<Spot, usize>,
    plans: &mut [Plan],
) -> Plan {
    let map = world.map();
    let fpos = Pos {
        season: h,
        loc: fleet.loc,
    };
    let seasons: Vec<SeasonKey> = near
        .iter()
        .copied()
        .filter(|&s| s == h || world.is_head(s) || *budget > 0)
        .collect();
    let mut armies: Vec<(SeasonKey, BoardUnit)> = Vec::new();
    for &t in &seasons {
        for a in &world.season(t).expect("near seasons exist").units {
            if a.kind == UnitType::Army
                && map.terrain(a.loc.province) == Terrain::Coastal
                && world.reaches_province(
                    UnitType::Fleet,
                    fpos,
                    Spot {
                        season: t,
                        province: a.loc.province,
                    },
                )
            {
                armies.push((t, *a));
            }
        }
    }
    let preferred: Vec<(SeasonKey, BoardUnit)> = armies
        .iter()
        .copied()
        .filter(|(t, a)| a.power == fleet.power && *t == h)
        .collect();
    let chosen = if !preferred.is_empty() && rng.chance(75) {
        rng.pick(&preferred)
    } else {
        rng.pick(&armies)
    };
    let Some((at, army)) = chosen else {
        return Plan::Order(UnitOrder::Hold);
    };
    let army_spot = Spot {
        season: at,
        province: army.loc.province,
    };
    let dest_season = if rng.chance(70) {
        at
    } else {
        rng.pick(&seasons).unwrap_or(at)
    };
    let mut dests: Vec<ProvinceId> = map
        .neighbours(UnitType::Fleet, fleet.loc)
        .into_iter()
        .map(|l| l.province)
        .filter(|&p| map.terrain(p) == Terrain::Coastal)
        .filter(|&p| {
            let s = Spot {
                season: dest_season,
                province: p,
            };
            s != army_spot && world.reaches_province(UnitType::Fleet, fpos, s)
        })
        .collect();
    dests.dedup();
    let Some(p) = rng.pick(&dests) else {
        return Plan::Order(UnitOrder::Hold);
    };
    let to = Spot {
        season: dest_season,
        province: p,
    };
    if [at, dest_season].iter().any(|&s| !world.is_head(s)) {
        *budget = budget.saturating_sub(1);
    }
    if let Some(&j) = live_index.get(&army_spot) {
        if live[j].1.power == fleet.power && rng.chance(85) {
            plans[j] = Plan::Order(UnitOrder::Move {
                to,
                coast: None,
                via_convoy: rng.chance(50),
            });
        }
    }
    Plan::Order(UnitOrder::Convoy {
        army: unit_ref(at, &army),
        to,
    })
}

fn plan_support(
    world: &World,
    near: &[SeasonKey],
    h: SeasonKey,
    sup: BoardUnit,
    rng: &mut Rng,
    cfg: &Config,
    budget: &mut usize,
    live: &[(SeasonKey, BoardUnit)],
    plans: &[Plan],
) -> Plan {
    let from = Pos {
        season: h,
        loc: sup.loc,
    };
    let own = Spot {
        season: h,
        province: sup.loc.province,
    };
    let allow_past = *budget > 0 && rng.chance(cfg.past_support);
    let reach = |s: Spot| world.reaches_province(sup.kind, from, s);
    // (order, whether it re-opens a season no other order re-opens)
    let mut cands: Vec<(UnitOrder, bool)> = Vec::new();
    if rng.chance(60) {
        for (j, (hj, uj)) in live.iter().enumerate() {
            let target = unit_ref(*hj, uj);
            if target.spot == own || !near.contains(hj) {
                continue;
            }
            if let Plan::Order(UnitOrder::Move { to, coast, .. }) = plans[j] {
                if to != own && reach(to) {
                    let coast = if rng.chance(20) { coast } else { None };
                    cands.push((UnitOrder::SupportMove { target, to, coast }, false));
                }
            }
        }
        if allow_past {
            for &t in near.iter().filter(|&&t| !world.is_head(t)) {
                let Some(rec) = &world.season(t).expect("near seasons exist").record else {
                    continue;
                };
                for ro in rec.orders.iter().filter(|ro| ro.unit.season == t) {
                    if let MoveOrder::Move { to, .. } = ro.order {
                        if to.spot() != own && reach(to.spot()) {
                            let target = UnitRef {
                                kind: Some(ro.sig.kind),
                                spot: ro.unit,
                                coast: ro.sig.loc.coast,
                            };
                            cands.push((
                                UnitOrder::SupportMove {
                                    target,
                                    to: to.spot(),
                                    coast: None,
                                },
                                true,
                            ));
                        }
                    }
                }
            }
        }
    }
    if cands.is_empty() {
        for &t in near {
            let past = !world.is_head(t);
            if past && !allow_past {
                continue;
            }
            for v in &world.season(t).expect("near seasons exist").units {
                let spot = Spot {
                    season: t,
                    province: v.loc.province,
                };
                if spot != own && reach(spot) {
                    cands.push((
                        UnitOrder::SupportHold {
                            target: unit_ref(t, v),
                        },
                        past,
                    ));
                }
            }
        }
    }
    // Prefer supports inside the supporter's own season.
    let local: Vec<(UnitOrder, bool)> = cands
        .iter()
        .copied()
        .filter(|(o, _)| match *o {
            UnitOrder::SupportHold { target } => target.spot.season == h,
            UnitOrder::SupportMove { target, to, .. } => target.spot.season == h && to.season == h,
            _ => false,
        })
        .collect();
    let chosen = if !local.is_empty() && rng.chance(60) {
        rng.pick(&local)
    } else {
        rng.pick(&cands)
    };
    match chosen {
        Some((o, past)) => {
            if past {
                *budget = budget.saturating_sub(1);
            }
            Plan::Order(o)
        }
        None => Plan::Order(UnitOrder::Hold),
    }
}

/// The retreat orders of one step.
pub(crate) fn retreat_orders(world: &World, rng: &mut Rng) -> Vec<RetreatInput> {
    let map = world.map();
    let mut out = Vec::new();
    for d in world.pending_retreats() {
        let unit = UnitRef {
            kind: Some(d.kind),
            spot: d.at.spot(),
            coast: d.at.loc.coast,
        };
        let roll = rng.below(100);
        let to = |l: Location| RetreatOrder::Move {
            to: Spot {
                season: d.at.season,
                province: l.province,
            },
            coast: l.coast,
        };
        let order = if roll < 10 {
            continue;
        } else if roll < 22 {
            RetreatOrder::Disband
        } else if roll < 30 || d.options.is_empty() {
            // Any neighbour: often illegal (occupied, contested, the attacker's origin).
            match rng.pick(&map.neighbours(d.kind, d.at.loc)) {
                Some(l) => to(l),
                None => RetreatOrder::Disband,
            }
        } else {
            to(rng.pick(&d.options).expect("options"))
        };
        out.push(RetreatInput {
            power: d.power,
            unit,
            order,
        });
    }
    out
}

/// The adjustment orders of one step.
pub(crate) fn adjustment_orders(world: &World, rng: &mut Rng) -> Vec<AdjustmentInput> {
    let map = world.map();
    let pending = world.pending_adjustments().to_vec();
    let mut out = Vec::new();
    for &s in &pending {
        let season = world.season(s).expect("pending seasons exist");
        for power in Power::ALL {
            let centres = world.centre_count(s, power);
            let units: Vec<&BoardUnit> = season.units.iter().filter(|u| u.power == power).collect();
            if units.len() < centres {
                let mut free: Vec<ProvinceId> = map
                    .home_centres(power)
                    .iter()
                    .copied()
                    .filter(|&p| season.owner(p) == Some(power) && season.unit_at(p).is_none())
                    .collect();
                rng.shuffle(&mut free);
                let allowed = centres - units.len();
                let mut k = rng.below(allowed.min(free.len()) + 1);
                if rng.chance(10) {
                    k += 1;
                }
                for &p in free.iter().take(k) {
                    let fleet = map.terrain(p) == Terrain::Coastal && rng.chance(40);
                    let (kind, coast) = if fleet {
                        let loc = rng.pick(&map.fleet_locations(p)).expect("coastal");
                        (UnitType::Fleet, loc.coast)
                    } else {
                        (UnitType::Army, None)
                    };
                    out.push(AdjustmentInput {
                        power,
                        season: Some(s),
                        order: AdjustmentOrder::Build {
                            kind,
                            province: p,
                            coast,
                        },
                    });
                }
                // A waive takes its season from its block (or, without one, names the only
                // season pending).
                if rng.chance(25) {
                    let season = if pending.len() == 1 && rng.chance(50) {
                        None
                    } else {
                        Some(s)
                    };
                    out.push(AdjustmentInput {
                        power,
                        season,
                        order: AdjustmentOrder::Waive,
                    });
                }
            } else if units.len() > centres {
                let excess = units.len() - centres;
                let k = if rng.chance(25) {
                    rng.below(excess + 1)
                } else {
                    excess
                };
                let mut mine = units.clone();
                rng.shuffle(&mut mine);
                for u in mine.iter().take(k) {
                    out.push(AdjustmentInput {
                        power,
                        season: Some(s),
                        order: AdjustmentOrder::Remove {
                            kind: Some(u.kind),
                            province: u.loc.province,
                        },
                    });
                }
            }
        }
    }
    out
}
