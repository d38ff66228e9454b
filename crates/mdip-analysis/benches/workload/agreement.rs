//! Agreement with the `diplomacy` crate on which moves succeed (its map, its gaps, a copy of
//! mdip's adjacencies), and the sanity check that `analyze` agrees with the inputs built here.

use std::collections::{BTreeMap, BTreeSet};

use diplomacy::judge::{OrderOutcome, OrderState, Rulebook, Submission};
use mdip_judge::world::{OrderOutcome as StepOutcome, StepReport};
use mdip_judge::Reason;
use mdip_map::{Coast, Location, Map, ProvinceId, UnitType};

use super::{Phase, Written};

/// The `diplomacy` crate's key of a location: `stp(sc)`.
pub(super) fn region_key(map: &Map, loc: Location) -> diplomacy::geo::RegionKey {
    use diplomacy::geo::Coast as DCoast;
    let coast = loc.coast.map(|c| match c {
        Coast::North => DCoast::North,
        Coast::South => DCoast::South,
        Coast::East => DCoast::East,
        Coast::West => DCoast::West,
    });
    diplomacy::geo::RegionKey::new(map.abbrev(loc.province).to_ascii_lowercase(), coast)
}

/// Every location of the standard map: one per coast, and the province itself.
pub(super) fn all_locations(map: &Map) -> Vec<Location> {
    let mut v = Vec::new();
    for p in map.provinces() {
        v.extend(map.coasts(p).iter().map(|&c| Location::new(p, Some(c))));
        v.push(Location::new(p, None));
    }
    v
}

/// Every adjacency of mdip's map: (unit type, from, to), both directions.
pub(super) fn adjacencies(map: &Map) -> Vec<(UnitType, Location, Location)> {
    let mut v = Vec::new();
    for from in all_locations(map) {
        for kind in [UnitType::Army, UnitType::Fleet] {
            if map.can_stand(kind, from) {
                v.extend(
                    map.neighbours(kind, from)
                        .into_iter()
                        .map(|to| (kind, from, to)),
                );
            }
        }
    }
    v
}

/// Adjacencies of mdip's standard map that the `diplomacy` crate's map lacks (no border passable
/// by that unit type), as province pairs in both directions, with a printable list.
pub(super) fn crate_map_gaps() -> (BTreeSet<(ProvinceId, ProvinceId)>, Vec<String>) {
    use diplomacy::geo::Terrain as DTerrain;
    let map = Map::standard();
    let dmap = diplomacy::geo::standard_map();
    let mut pairs = BTreeSet::new();
    let mut list = Vec::new();
    for (kind, from, to) in adjacencies(map) {
        let passable = dmap
            .find_border_between(&region_key(map, from), &region_key(map, to))
            .is_some_and(|b| match b.terrain() {
                DTerrain::Land => kind == UnitType::Army,
                DTerrain::Sea => kind == UnitType::Fleet,
                DTerrain::Coast => true,
            });
        if !passable {
            pairs.insert((from.province, to.province));
            if from.province < to.province {
                list.push(format!(
                    "{} {}-{}",
                    kind.letter(),
                    map.location_abbrev(from),
                    map.location_abbrev(to)
                ));
            }
        }
    }
    (pairs, list)
}

/// The standard map with mdip's adjacencies, built for the `diplomacy` crate: its agreement is
/// then about adjudication alone, not about the borders its own map lacks.
pub(super) fn crate_map_from_mdip() -> diplomacy::geo::Map {
    use diplomacy::geo::builder::ProvinceRegistry;
    use diplomacy::geo::{Province, SupplyCenter, Terrain as DTerrain};
    use mdip_map::Terrain;
    let map = Map::standard();
    let mut provinces = ProvinceRegistry::default();
    for p in map.provinces() {
        let supply_center = match map.home_power(p) {
            Some(power) => SupplyCenter::Home(power.abbrev().to_ascii_uppercase().as_str().into()),
            None if map.is_supply_centre(p) => SupplyCenter::Neutral,
            None => SupplyCenter::None,
        };
        provinces
            .register(Province {
                short_name: map.abbrev(p).to_ascii_lowercase(),
                supply_center,
            })
            .expect("province");
    }
    let mut regions = provinces.finish();
    let mut terrain = BTreeMap::new();
    for loc in all_locations(map) {
        let t = match (
            loc.coast,
            map.coasts(loc.province).is_empty(),
            map.terrain(loc.province),
        ) {
            (Some(_), _, _) => DTerrain::Sea,
            (None, false, _) | (None, true, Terrain::Inland) => DTerrain::Land,
            (None, true, Terrain::Coastal) => DTerrain::Coast,
            (None, true, Terrain::Sea) => DTerrain::Sea,
        };
        let c = region_key(map, loc).coast();
        regions
            .register(&map.abbrev(loc.province).to_ascii_lowercase(), c, t)
            .expect("region");
        terrain.insert(loc, t);
    }
    // One border per pair of locations: land (armies), sea (fleets) or coast (both).
    let mut kinds: BTreeMap<(Location, Location), (bool, bool)> = BTreeMap::new();
    for (kind, from, to) in adjacencies(map) {
        if from < to {
            let e = kinds.entry((from, to)).or_default();
            match kind {
                UnitType::Army => e.0 = true,
                UnitType::Fleet => e.1 = true,
            }
        }
    }
    let mut borders = regions.finish();
    for ((a, b), k) in kinds {
        let t = match k {
            (true, true) => DTerrain::Coast,
            (true, false) => DTerrain::Land,
            _ => DTerrain::Sea,
        };
        borders
            .register(
                &region_key(map, a).to_string(),
                &region_key(map, b).to_string(),
                t,
            )
            .unwrap_or_else(|e| panic!("border {a:?}-{b:?} {t:?}: {e:?}"));
    }
    borders.finish()
}

/// Whether an order of the phase moves or supports across one of the crate's map gaps.
pub(super) fn touches_gap(p: &Phase, gaps: &BTreeSet<(ProvinceId, ProvinceId)>) -> bool {
    p.lines.iter().any(|l| {
        let to = match l.order {
            Written::Move(to) | Written::SupportMove(_, _, to) => to,
            Written::SupportHold(_, at) => at,
            Written::Convoy(army, to) => {
                return gaps.contains(&(l.loc.province, army.province))
                    || gaps.contains(&(l.loc.province, to.province));
            }
            Written::Hold => return false,
        };
        gaps.contains(&(l.loc.province, to.province))
    })
}

/// Whether each order of a phase succeeded in mdip (`None`: illegal).
pub(super) fn mdip_results(report: &StepReport) -> Vec<Option<bool>> {
    report
        .entries
        .iter()
        .map(|e| e.outcome.illegal().is_none().then(|| e.outcome.succeeded()))
        .collect()
}

/// The first word of a description: the variant of a debug form, `illegal` of `illegal: ...`.
pub(super) fn first_word(s: &str) -> &str {
    s.split(['(', ' ', '{', ':']).next().unwrap_or("")
}

/// The variant of a value, from its debug form.
pub(super) fn variant_name<T: std::fmt::Debug>(x: &T) -> String {
    first_word(&format!("{x:?}")).to_string()
}

pub(super) struct Agreement {
    pub(super) phases_differing: usize,
    /// Of those, phases with no order across one of the crate's map gaps.
    pub(super) phases_differing_clean: usize,
    pub(super) moves_differing: usize,
    pub(super) moves: usize,
    /// Differences by (mdip result, diplomacy result) kind.
    pub(super) examples: Vec<String>,
    pub(super) kinds: BTreeMap<String, usize>,
}

pub(super) fn agreement(
    phases: &[Phase],
    map: &diplomacy::geo::Map,
    rules: &Rulebook,
    gaps: &BTreeSet<(ProvinceId, ProvinceId)>,
    gaps_matter: bool,
    keep: usize,
) -> Agreement {
    let mut a = Agreement {
        phases_differing: 0,
        phases_differing_clean: 0,
        moves_differing: 0,
        moves: 0,
        examples: Vec::new(),
        kinds: BTreeMap::new(),
    };
    for p in phases {
        let mut w = p.world.clone();
        let report = w.movement_step(&p.inputs);
        let ours = mdip_results(&report);
        let s = Submission::with_inferred_state(map, p.dip_orders.clone());
        let out = s.adjudicate(rules.clone());
        let mut differs = false;
        let clean = !touches_gap(p, gaps);
        for (i, l) in p.lines.iter().enumerate() {
            if !matches!(l.order, Written::Move(_)) {
                continue;
            }
            a.moves += 1;
            let theirs = out
                .get(&p.dip_orders[i])
                .expect("every order has an outcome");
            let their_ok = OrderState::from(theirs) == OrderState::Succeeds;
            let our_ok = ours[i] == Some(true);
            if their_ok == our_ok {
                continue;
            }
            differs = true;
            a.moves_differing += 1;
            let our_why = match &report.entries[i].outcome {
                StepOutcome::Illegal(e) => format!("illegal: {e:?}"),
                other => match other.outcome() {
                    Some(o) => format!("{:?}", o.reason),
                    None => format!("{other:?}"),
                },
            };
            let their_why = match theirs {
                OrderOutcome::Move(m) => format!("{m:?}"),
                other => format!("{other:?}"),
            };
            *a.kinds
                .entry(format!(
                    "mdip {} {} / diplomacy {}",
                    if our_ok { "succeeds" } else { "fails" },
                    first_word(&our_why),
                    first_word(&their_why)
                ))
                .or_default() += 1;
            if a.examples.len() < keep && (clean || !gaps_matter) {
                a.examples.push(format!(
                    "phase {:>3} `{}`: mdip {} ({our_why}); diplomacy {} ({their_why})",
                    p.number,
                    l.text,
                    if our_ok { "succeeds" } else { "fails" },
                    if their_ok { "succeeds" } else { "fails" },
                ));
            }
        }
        if differs {
            a.phases_differing += 1;
            if clean {
                a.phases_differing_clean += 1;
            }
        }
    }
    a
}

/// What [`sanity`] found.
pub(super) struct Sanity {
    /// `analyze` diagnostics by code, over all blocks.
    pub(super) diagnostics: BTreeMap<String, usize>,
    /// Orders whose status differs between `analyze` and the world inputs built here.
    pub(super) mismatched: usize,
    /// Illegal orders by kind.
    pub(super) illegal: BTreeMap<String, usize>,
    /// Supports and convoys that mdip found void (the workload's deliberately mismatched ones).
    pub(super) void: usize,
}

/// Checks that `analyze` reads every block and agrees with the world inputs built here.
pub(super) fn sanity(phases: &[Phase]) -> Sanity {
    let mut diags: BTreeMap<String, usize> = BTreeMap::new();
    let mut mismatched = 0;
    let mut illegal: BTreeMap<String, usize> = BTreeMap::new();
    let mut void = 0;
    for p in phases {
        let a = mdip_analysis::analyze(&p.text);
        for d in &a.diagnostics {
            *diags.entry(d.code.as_str().to_string()).or_default() += 1;
        }
        let mut w = p.world.clone();
        let report = w.movement_step(&p.inputs);
        for e in &report.entries {
            if let Some(i) = e.outcome.illegal() {
                *illegal.entry(variant_name(i)).or_default() += 1;
            }
        }
        void += report
            .outcomes
            .iter()
            .filter(|o| matches!(o.reason, Reason::SupportVoid | Reason::ConvoyVoid))
            .count();
        let ours = mdip_results(&report);
        if a.orders().len() != ours.len() {
            mismatched += ours.len().abs_diff(a.orders().len());
            continue;
        }
        for (o, r) in a.orders().iter().zip(&ours) {
            let expected = match r {
                None => mdip_analysis::Status::Illegal,
                Some(true) => mdip_analysis::Status::Succeeds,
                Some(false) => mdip_analysis::Status::Fails,
            };
            if o.status != expected {
                mismatched += 1;
            }
        }
    }
    Sanity {
        diagnostics: diags,
        mismatched,
        illegal,
        void,
    }
}
