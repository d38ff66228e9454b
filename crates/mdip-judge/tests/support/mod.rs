//! Random multiversal games: a seeded generator of World-level step inputs, the equivalent
//! `.mdip` text, and the checks the property tests apply after every step.
//!
//! Shared by `crates/mdip-judge/tests/multiverse_properties.rs` and, through `#[path]`, by
//! `crates/mdip-analysis/tests/multiverse_properties.rs` and
//! `crates/mdip-analysis/benches/multiverse.rs`. It uses only the public World API.
//!
//! A game is a [`Setup`] (the standard opening or a small random position) and a list of
//! [`StepInput`]s, one per step the World runs: movement steps give (almost) every unit of every
//! head a random order the rules allow (holds, moves to adjacent provinces, moves one turn back
//! or into adjacent timelines, supports of nearby moves and holds, also of recorded moves of past
//! units, convoys), retreat steps retreat or disband dislodged units, adjustment steps build,
//! remove and waive. A budget limits the orders that re-open past seasons, so that the number of
//! timelines grows steadily instead of exponentially.

#![allow(dead_code)] // Reason: each file that includes this module uses a different subset.

use std::collections::{BTreeMap, BTreeSet};

use mdip_judge::world::{
    AdjustmentInput, AdjustmentOrder, Advance, BoardUnit, Dislodged, MoveOrder, OrderInput,
    OrderOutcome, Origin, Phase, Pos, Retreat, RetreatInput, RetreatOrder, Season, SeasonKey, Spot,
    StepReport as WorldReport, Timeline, UnitOrder, UnitRef, UnitSig, World,
};
use mdip_map::{Coast, Location, Map, Power, ProvinceId, Terrain, UnitType};

// ----- Randomness ------------------------------------------------------------------------------

/// A small deterministic generator (xorshift64*, seeded through splitmix64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator for this seed; nearby seeds give unrelated streams.
    pub fn new(seed: u64) -> Rng {
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Rng((z ^ (z >> 31)) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    /// True with this probability in percent.
    pub fn chance(&mut self, percent: u32) -> bool {
        self.next_u64() % 100 < u64::from(percent)
    }

    /// A random element.
    pub fn pick<T: Copy>(&mut self, v: &[T]) -> Option<T> {
        if v.is_empty() {
            None
        } else {
            Some(v[self.below(v.len())])
        }
    }

    /// Shuffles in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

// ----- Configuration and games -----------------------------------------------------------------

/// Where a game starts.
#[derive(Clone, Copy, Debug)]
pub enum Start {
    /// The standard opening (22 units in `0:0`).
    Standard,
    /// About this many units of random powers on random provinces, random ownership.
    Random {
        /// How many units.
        units: usize,
    },
}

/// What the generator does. Percentages are of the units ordered in a movement step.
#[derive(Clone, Debug)]
pub struct Config {
    /// The seed: the game is a function of the configuration.
    pub seed: u64,
    /// Movement steps; the game ends right after the last one.
    pub movement_steps: usize,
    /// The starting position.
    pub start: Start,
    /// No order re-opens a past season once this many timelines exist.
    pub max_timelines: usize,
    /// At most this many orders per step re-open past seasons (the budget of a step is drawn in
    /// `0..=past_orders`).
    pub past_orders: usize,
    /// The last movement step ignores `max_timelines` and spends all of `past_orders` (so that a
    /// benchmark's last step re-opens the past).
    pub travel_at_the_end: bool,
    /// Percent of units that hold (explicitly or not).
    pub hold: u32,
    /// Percent of holding units left without an order line.
    pub implicit_hold: u32,
    /// Percent of units that support.
    pub support: u32,
    /// Percent of fleets at sea (not holding or supporting) that convoy.
    pub convoy: u32,
    /// Percent of moves that go to another head (adjacent timeline or turn).
    pub other_head: u32,
    /// Percent of moves that ask for a past season (if the step's budget allows).
    pub past_move: u32,
    /// Percent of supports that may name a past season (if the budget allows).
    pub past_support: u32,
    /// Per mille of orders followed by an odd one: a duplicate, a foreign unit's order, an
    /// unreachable destination or a season that does not exist.
    pub oddities: u32,
}

impl Config {
    /// A small game for the property tests.
    pub fn small(seed: u64) -> Config {
        let mut rng = Rng::new(seed ^ 0x5EED);
        Config {
            seed,
            movement_steps: 8 + rng.below(7),
            start: if seed.is_multiple_of(2) {
                Start::Standard
            } else {
                Start::Random {
                    units: 8 + rng.below(14),
                }
            },
            max_timelines: 4 + rng.below(6),
            past_orders: 1 + rng.below(3),
            travel_at_the_end: false,
            hold: 20,
            implicit_hold: 40,
            support: 25,
            convoy: 35,
            other_head: 10,
            past_move: 30,
            past_support: 40,
            oddities: 15,
        }
    }

    /// The benchmark's game: at least 20 timelines by 40 turns, about 30 units per season.
    pub fn bench(seed: u64) -> Config {
        Config {
            seed,
            movement_steps: 41,
            start: Start::Standard,
            max_timelines: 22,
            past_orders: 3,
            travel_at_the_end: true,
            hold: 25,
            implicit_hold: 30,
            support: 25,
            convoy: 15,
            other_head: 8,
            past_move: 25,
            past_support: 30,
            oddities: 5,
        }
    }
}

/// The position a game starts from.
#[derive(Clone, Debug)]
pub enum Setup {
    /// `@start standard`.
    Standard,
    /// `@unit` and `@owns` lines in `0:0`.
    Placed {
        /// The units.
        units: Vec<(Power, UnitType, Location)>,
        /// Supply-centre owners.
        owners: Vec<(Power, ProvinceId)>,
    },
}

impl Setup {
    /// The world before the first step.
    pub fn world(&self) -> World {
        match self {
            Setup::Standard => World::standard_start(),
            Setup::Placed { units, owners } => {
                let mut w = World::new(mdip_map::Map::standard(), Default::default());
                let root = w.root();
                for &(power, kind, loc) in units {
                    w.place_unit(root, power, kind, loc)
                        .expect("generated units fit the board");
                }
                for &(power, p) in owners {
                    w.set_owner(root, p, Some(power))
                        .expect("generated owners are supply centres");
                }
                w
            }
        }
    }

    /// The setup lines of the file.
    pub fn text(&self, map: &Map) -> String {
        match self {
            Setup::Standard => "@start standard\n".to_string(),
            Setup::Placed { units, owners } => {
                let mut s = String::new();
                for &(power, kind, loc) in units {
                    s.push_str(&format!(
                        "@unit {} {} {}\n",
                        power.name(),
                        kind.letter(),
                        map.location_abbrev(loc)
                    ));
                }
                for power in Power::ALL {
                    let mine: Vec<&str> = owners
                        .iter()
                        .filter(|o| o.0 == power)
                        .map(|o| map.abbrev(o.1))
                        .collect();
                    if !mine.is_empty() {
                        s.push_str(&format!("@owns {} {}\n", power.name(), mine.join(", ")));
                    }
                }
                s
            }
        }
    }
}

/// The inputs of one step.
#[derive(Clone, Debug)]
pub enum StepInput {
    /// A movement step.
    Movement(Vec<OrderInput>),
    /// A retreat step.
    Retreat(Vec<RetreatInput>),
    /// An adjustment step.
    Adjustment(Vec<AdjustmentInput>),
}

impl StepInput {
    /// The phase this step runs in.
    pub fn phase(&self) -> Phase {
        match self {
            StepInput::Movement(_) => Phase::Movement,
            StepInput::Retreat(_) => Phase::Retreat,
            StepInput::Adjustment(_) => Phase::Adjustment,
        }
    }

    /// How many inputs.
    pub fn len(&self) -> usize {
        match self {
            StepInput::Movement(v) => v.len(),
            StepInput::Retreat(v) => v.len(),
            StepInput::Adjustment(v) => v.len(),
        }
    }

    /// Whether the step has no inputs.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A random order of the inputs that the rules must not notice: any order, except that the
    /// adjustment orders of one power keep their relative order (DATC 4.D.4–4.D.6 take them one
    /// by one: with too many builds or waives, the first ones count).
    pub fn random_permutation(&self, rng: &mut Rng) -> Vec<usize> {
        let mut perm: Vec<usize> = (0..self.len()).collect();
        rng.shuffle(&mut perm);
        if let StepInput::Adjustment(v) = self {
            let mut groups: BTreeMap<Power, Vec<usize>> = BTreeMap::new();
            for &i in &perm {
                groups.entry(v[i].power).or_default().push(i);
            }
            for g in groups.values_mut() {
                g.sort_unstable();
                g.reverse();
            }
            for slot in &mut perm {
                let power = v[*slot].power;
                *slot = groups
                    .get_mut(&power)
                    .and_then(Vec::pop)
                    .expect("one per slot");
            }
        }
        perm
    }

    /// The inputs in the order `perm` gives: input `i` of the result is input `perm[i]` here.
    pub fn permuted(&self, perm: &[usize]) -> StepInput {
        match self {
            StepInput::Movement(v) => StepInput::Movement(perm.iter().map(|&i| v[i]).collect()),
            StepInput::Retreat(v) => StepInput::Retreat(perm.iter().map(|&i| v[i]).collect()),
            StepInput::Adjustment(v) => StepInput::Adjustment(perm.iter().map(|&i| v[i]).collect()),
        }
    }
}

/// A generated game.
#[derive(Clone, Debug)]
pub struct Game {
    /// The configuration it came from.
    pub config: Config,
    /// The starting position.
    pub setup: Setup,
    /// Every step, in order.
    pub steps: Vec<StepInput>,
    /// The phase of the world after each step.
    pub phases_after: Vec<Phase>,
    /// The world after the last step.
    pub last: World,
    /// The units dislodged in the last movement step.
    pub last_dislodged: Vec<Dislodged>,
}

impl Game {
    /// The same game with only its first `keep` steps.
    pub fn truncated(&self, keep: usize) -> Game {
        let mut w = self.setup.world();
        let mut last_dislodged = Vec::new();
        for s in &self.steps[..keep] {
            if let StepReport::Movement(r) = apply(&mut w, s) {
                last_dislodged = r.dislodged;
            }
        }
        Game {
            config: self.config.clone(),
            setup: self.setup.clone(),
            steps: self.steps[..keep].to_vec(),
            phases_after: self.phases_after[..keep].to_vec(),
            last: w,
            last_dislodged,
        }
    }
}

/// What a step reported.
#[derive(Clone, Debug)]
pub enum StepReport {
    /// A movement step.
    Movement(WorldReport),
    /// A retreat step.
    Retreat(WorldReport),
    /// An adjustment step.
    Adjustment(WorldReport),
}

/// The outcome of one input, as the analysis reports it per order line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// It succeeded.
    Succeeds,
    /// It was legal but failed.
    Fails,
    /// It was rejected.
    Illegal,
}

impl StepReport {
    /// The verdict of every input, in input order.
    pub fn verdicts(&self) -> Vec<Verdict> {
        let (StepReport::Movement(r) | StepReport::Retreat(r) | StepReport::Adjustment(r)) = self;
        r.entries
            .iter()
            .map(|e| match e.outcome {
                OrderOutcome::Illegal(_) => Verdict::Illegal,
                _ if e.outcome.succeeded() => Verdict::Succeeds,
                _ => Verdict::Fails,
            })
            .collect()
    }

    /// What the step did, independent of the order of its inputs (for comparisons).
    pub fn summary(&self) -> String {
        match self {
            StepReport::Movement(r) => format!(
                "reopened {:?} advanced {:?} forks {:?} dislodged {:?} graph {:?} outcomes {:?} cut {:?}",
                r.reopened, r.advanced, r.forks, r.dislodged, r.graph, r.outcomes, r.reported_cut
            ),
            StepReport::Retreat(r) => {
                let mut a = r.retreated.clone();
                a.sort();
                let mut d = r.disbanded.clone();
                d.sort_by_key(|x| x.at);
                format!("retreated {a:?} disbanded {d:?}")
            }
            StepReport::Adjustment(r) => {
                let mut b = r.built.clone();
                b.sort_by_key(|x| (x.season, x.loc));
                let mut m = r.removed.clone();
                m.sort_by_key(|x| (x.season, x.loc));
                format!("built {b:?} removed {m:?}")
            }
        }
    }
}

/// Runs one step on the world.
pub fn apply(world: &mut World, step: &StepInput) -> StepReport {
    match step {
        StepInput::Movement(v) => StepReport::Movement(world.movement_step(v)),
        StepInput::Retreat(v) => StepReport::Retreat(world.retreat_step(v)),
        StepInput::Adjustment(v) => StepReport::Adjustment(world.adjustment_step(v)),
    }
}

/// Generates a game.
pub fn generate(cfg: &Config) -> Game {
    let mut rng = Rng::new(cfg.seed);
    let setup = match cfg.start {
        Start::Standard => Setup::Standard,
        Start::Random { units } => random_setup(&mut rng, units),
    };
    let mut world = setup.world();
    let mut steps = Vec::new();
    let mut phases_after = Vec::new();
    let mut movements = 0;
    let mut last_dislodged = Vec::new();
    while movements < cfg.movement_steps {
        let step = match world.phase() {
            Phase::Movement => {
                movements += 1;
                if movements == cfg.movement_steps && cfg.travel_at_the_end {
                    let last = Config {
                        max_timelines: usize::MAX,
                        past_move: 100,
                        past_support: 100,
                        ..cfg.clone()
                    };
                    StepInput::Movement(movement_orders(&world, &mut rng, &last))
                } else {
                    StepInput::Movement(movement_orders(&world, &mut rng, cfg))
                }
            }
            Phase::Retreat => StepInput::Retreat(retreat_orders(&world, &mut rng)),
            Phase::Adjustment => StepInput::Adjustment(adjustment_orders(&world, &mut rng)),
        };
        if let StepReport::Movement(r) = apply(&mut world, &step) {
            last_dislodged = r.dislodged;
        }
        steps.push(step);
        phases_after.push(world.phase());
    }
    Game {
        config: cfg.clone(),
        setup,
        steps,
        phases_after,
        last: world,
        last_dislodged,
    }
}

fn random_setup(rng: &mut Rng, n: usize) -> Setup {
    let map = Map::standard();
    let mut provinces: Vec<ProvinceId> = map.provinces().collect();
    rng.shuffle(&mut provinces);
    let mut units = Vec::new();
    for &p in provinces.iter().take(n) {
        let power = rng.pick(&Power::ALL).expect("seven powers");
        let kind = match map.terrain(p) {
            Terrain::Sea => UnitType::Fleet,
            Terrain::Inland => UnitType::Army,
            Terrain::Coastal => {
                if rng.chance(50) {
                    UnitType::Army
                } else {
                    UnitType::Fleet
                }
            }
        };
        let loc = match kind {
            UnitType::Army => Location::province(p),
            UnitType::Fleet => rng.pick(&map.fleet_locations(p)).expect("a fleet location"),
        };
        units.push((power, kind, loc));
    }
    let mut owners = Vec::new();
    let mut owned = BTreeSet::new();
    for power in Power::ALL {
        for &p in map.home_centres(power) {
            if rng.chance(70) && owned.insert(p) {
                owners.push((power, p));
            }
        }
    }
    for &(power, _, loc) in &units {
        if map.is_supply_centre(loc.province) && rng.chance(50) && owned.insert(loc.province) {
            owners.push((power, loc.province));
        }
    }
    Setup::Placed { units, owners }
}

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
fn movement_orders(world: &World, rng: &mut Rng, cfg: &Config) -> Vec<OrderInput> {
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
fn retreat_orders(world: &World, rng: &mut Rng) -> Vec<RetreatInput> {
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
fn adjustment_orders(world: &World, rng: &mut Rng) -> Vec<AdjustmentInput> {
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

// ----- Text ------------------------------------------------------------------------------------

/// How a game is written as `.mdip` text.
#[derive(Clone, Debug, Default)]
pub struct Style {
    /// Randomness of the wording, and of the permutation when `shuffle` is set.
    pub seed: u64,
    /// Close steps with `@phase` only where the notation needs it (before retreats, after a
    /// step without orders, before an adjustment step with a waive that has no season);
    /// elsewhere the first order of the next step closes it (the founding rule). Otherwise
    /// every step ends with `@phase <next phase>`.
    pub implicit_steps: bool,
    /// Leave out seasons that the notation's defaults supply (randomly, per place).
    pub omit_defaults: bool,
    /// Vary the wording: full names, long keywords, colons after headers.
    pub vary_words: bool,
    /// Shuffle the blocks of every step and the lines of every block.
    pub shuffle: bool,
    /// End with `@expect` lines describing the final world (timelines, heads, seasons, the
    /// exact units of a few seasons, the units dislodged in the last movement step).
    pub expectations: bool,
}

impl Style {
    /// The tersest style (the benchmark's).
    pub fn terse() -> Style {
        Style::default()
    }
}

/// A rendered game.
#[derive(Clone, Debug)]
pub struct Rendered {
    /// The file.
    pub text: String,
    /// Per order line: its zero-based line number, step and input index.
    pub orders: Vec<(usize, usize, usize)>,
    /// How many `@expect` lines the file ends with.
    pub expectations: usize,
}

struct Writer {
    text: String,
    lines: usize,
    orders: Vec<(usize, usize, usize)>,
}

impl Writer {
    fn line(&mut self, s: &str) {
        self.text.push_str(s);
        self.text.push('\n');
        self.lines += 1;
    }

    fn order(&mut self, s: &str, step: usize, input: usize) {
        self.orders.push((self.lines, step, input));
        self.line(s);
    }
}

struct Words<'a> {
    map: &'static Map,
    style: &'a Style,
    rng: Rng,
}

impl Words<'_> {
    fn loc(&mut self, province: ProvinceId, coast: Option<Coast>) -> String {
        let loc = Location::new(province, coast);
        if self.style.vary_words && self.rng.chance(50) {
            self.map.location_name(loc)
        } else {
            self.map.location_abbrev(loc)
        }
    }

    fn power(&mut self, p: Power) -> String {
        if self.style.vary_words && self.rng.chance(30) {
            p.abbrev().to_string()
        } else {
            p.name().to_string()
        }
    }

    /// `season` written after a place, or nothing when it is the default and may be left out.
    fn season(&mut self, season: SeasonKey, default: Option<SeasonKey>) -> String {
        if self.style.omit_defaults && default == Some(season) && self.rng.chance(70) {
            String::new()
        } else {
            format!(" {season}")
        }
    }

    fn unit(&mut self, r: UnitRef, default: Option<SeasonKey>) -> String {
        let kind = r.kind.unwrap_or(UnitType::Army);
        let letter = if self.style.vary_words && self.rng.chance(20) {
            kind.name().to_string()
        } else {
            kind.letter().to_string()
        };
        let loc = self.loc(r.spot.province, r.coast);
        let season = self.season(r.spot.season, default);
        format!("{letter} {loc}{season}")
    }

    fn kw<'k>(&mut self, short: &'k str, long: &'k str) -> &'k str {
        if self.style.vary_words && self.rng.chance(50) {
            long
        } else {
            short
        }
    }

    fn movement(&mut self, o: &OrderInput, block: SeasonKey) -> String {
        let own = o.unit.spot.season;
        let unit = self.unit(o.unit, Some(block));
        match o.order {
            UnitOrder::Hold => {
                let kw = if self.style.vary_words {
                    ["", " H", " hold", " holds"][self.rng.below(4)]
                } else {
                    " H"
                };
                format!("{unit}{kw}")
            }
            UnitOrder::Move {
                to,
                coast,
                via_convoy,
            } => {
                let arrow = self.kw("-", "->");
                let dest = self.loc(to.province, coast);
                let season = self.season(to.season, Some(own));
                let via = if via_convoy { " via convoy" } else { "" };
                format!("{unit} {arrow} {dest}{season}{via}")
            }
            UnitOrder::SupportHold { target } => {
                let kw = self.kw("S", "supports");
                let t = self.unit(target, Some(own));
                format!("{unit} {kw} {t}")
            }
            UnitOrder::SupportMove { target, to, coast } => {
                let kw = self.kw("S", "supports");
                let t = self.unit(target, Some(own));
                let dest = self.loc(to.province, coast);
                let season = self.season(to.season, Some(target.spot.season));
                format!("{unit} {kw} {t} - {dest}{season}")
            }
            UnitOrder::Convoy { army, to } => {
                let kw = self.kw("C", "convoys");
                let a = self.unit(army, Some(own));
                let dest = self.loc(to.province, None);
                let season = self.season(to.season, Some(army.spot.season));
                format!("{unit} {kw} {a} - {dest}{season}")
            }
        }
    }

    fn retreat(&mut self, o: &RetreatInput) -> String {
        let unit = self.unit(o.unit, None);
        match o.order {
            RetreatOrder::Move { to, coast } => {
                let dest = self.loc(to.province, coast);
                let season = self.season(to.season, Some(o.unit.spot.season));
                format!("{unit} - {dest}{season}")
            }
            RetreatOrder::Disband => {
                let kw = self.kw("disband", "disbands");
                format!("{unit} {kw}")
            }
        }
    }

    fn adjustment(&mut self, o: &AdjustmentInput, block: Option<SeasonKey>) -> String {
        let season = |w: &mut Self| match o.season {
            Some(s) => w.season(s, block),
            None => String::new(),
        };
        match o.order {
            AdjustmentOrder::Build {
                kind,
                province,
                coast,
            } => {
                let loc = self.loc(province, coast);
                let s = season(self);
                format!("Build {} {loc}{s}", kind.letter())
            }
            AdjustmentOrder::Remove { kind, province } => {
                let loc = self.loc(province, None);
                let s = season(self);
                let k = kind.map_or(String::new(), |k| format!("{} ", k.letter()));
                format!("Remove {k}{loc}{s}")
            }
            AdjustmentOrder::Waive => "Waive".to_string(),
        }
    }
}

/// Writes a game as an `.mdip` file.
pub fn render(game: &Game, style: &Style) -> Rendered {
    let map = Map::standard();
    let mut words = Words {
        map,
        style,
        rng: Rng::new(style.seed ^ 0x7E57),
    };
    let mut shuffler = Rng::new(style.seed ^ 0x5A0F);
    let mut w = Writer {
        text: String::new(),
        lines: 0,
        orders: Vec::new(),
    };
    w.line(&format!(
        "# A generated multiversal game: seed {}, {} steps.",
        game.config.seed,
        game.steps.len()
    ));
    for l in game.setup.text(map).lines() {
        w.line(l);
    }
    // Whether the last line written is a `@phase` that made the current phase current (another
    // `@phase` for the same phase would adjudicate a further step).
    let mut phase_written = false;
    for (k, step) in game.steps.iter().enumerate() {
        w.line("");
        // Blocks: (header, lines as (input index, text)).
        let mut blocks: Vec<(String, Vec<(usize, String)>)> = Vec::new();
        let mut key_of: BTreeMap<(Power, Option<SeasonKey>), usize> = BTreeMap::new();
        let mut add = |blocks: &mut Vec<(String, Vec<(usize, String)>)>,
                       words: &mut Words,
                       power: Power,
                       season: Option<SeasonKey>,
                       line: (usize, String)| {
            let b = *key_of.entry((power, season)).or_insert_with(|| {
                let colon = if style.vary_words && words.rng.chance(30) {
                    ":"
                } else {
                    ""
                };
                let p = words.power(power);
                let header = match season {
                    Some(s) => format!("{p} {s}{colon}"),
                    None => format!("{p}{colon}"),
                };
                blocks.push((header, Vec::new()));
                blocks.len() - 1
            });
            blocks[b].1.push(line);
        };
        let mut has_waive = false;
        match step {
            StepInput::Movement(v) => {
                for (i, o) in v.iter().enumerate() {
                    let s = o.unit.spot.season;
                    let text = words.movement(o, s);
                    add(&mut blocks, &mut words, o.power, Some(s), (i, text));
                }
            }
            StepInput::Retreat(v) => {
                for (i, o) in v.iter().enumerate() {
                    let text = words.retreat(o);
                    add(&mut blocks, &mut words, o.power, None, (i, text));
                }
            }
            StepInput::Adjustment(v) => {
                // One block per power and season: a waive needs its block's season, and a
                // power's orders for one season keep their order when blocks are shuffled. A
                // power whose orders include a waive without a season gets a single block.
                let unseasoned: BTreeSet<Power> = v
                    .iter()
                    .filter(|o| o.season.is_none())
                    .map(|o| o.power)
                    .collect();
                for (i, o) in v.iter().enumerate() {
                    has_waive |= matches!(o.order, AdjustmentOrder::Waive) && o.season.is_none();
                    let block = if unseasoned.contains(&o.power) {
                        None
                    } else {
                        o.season
                    };
                    let text = words.adjustment(o, block);
                    add(&mut blocks, &mut words, o.power, block, (i, text));
                }
            }
        }
        if style.shuffle {
            shuffler.shuffle(&mut blocks);
            // A power's adjustment orders keep their order (see `random_permutation`).
            if step.phase() != Phase::Adjustment {
                for b in &mut blocks {
                    shuffler.shuffle(&mut b.1);
                }
            }
        }
        if style.implicit_steps && step.phase() == Phase::Adjustment && has_waive && !phase_written
        {
            w.line("@phase adjustment");
        }
        for (header, lines) in &blocks {
            w.line(header);
            for (i, text) in lines {
                w.order(text, k, *i);
            }
        }
        let next = game.phases_after[k];
        let needed = next == Phase::Retreat || step.is_empty();
        phase_written = !style.implicit_steps || needed;
        if phase_written {
            w.line(&format!("@phase {}", next.name()));
        }
    }
    let mut expectations = 0;
    if style.expectations {
        w.line("");
        let world = &game.last;
        let mut lines = Vec::new();
        let numbers: Vec<String> = world
            .timelines()
            .iter()
            .map(|t| t.number.to_string())
            .collect();
        lines.push(format!("@expect timelines {}", numbers.join(" ")));
        let heads: Vec<String> = world.heads().iter().map(|h| h.to_string()).collect();
        lines.push(format!("@expect heads {}", heads.join(" ")));
        let seasons: Vec<String> = world.seasons().map(|s| s.key.to_string()).collect();
        lines.push(format!("@expect seasons {}", seasons.join(" ")));
        let mut keys: Vec<SeasonKey> = world.seasons().map(|s| s.key).collect();
        Rng::new(style.seed ^ 0xE7).shuffle(&mut keys);
        for &key in keys.iter().take(2) {
            let season = world.season(key).expect("exists");
            if season.units.is_empty() {
                lines.push(format!("@expect empty {key}"));
            }
            for u in &season.units {
                lines.push(format!(
                    "@expect unit {} {} {} {key}",
                    u.power.name(),
                    u.kind.letter(),
                    map.location_abbrev(u.loc)
                ));
            }
        }
        // Once a unit is expected, the units dislodged in the last movement step must be listed.
        for d in &game.last_dislodged {
            lines.push(format!(
                "@expect dislodged {} {} {} {}",
                d.power.name(),
                d.kind.letter(),
                map.location_abbrev(d.at.loc),
                d.at.season
            ));
        }
        expectations = lines.len();
        for l in lines {
            w.line(&l);
        }
    }
    Rendered {
        text: w.text,
        orders: w.orders,
        expectations,
    }
}

// ----- Comparisons -----------------------------------------------------------------------------

/// Everything observable of a world, for equality.
#[derive(Clone, Debug, PartialEq)]
pub struct Digest {
    /// The phase.
    pub phase: Phase,
    /// Steps run.
    pub steps: u32,
    /// The timelines.
    pub timelines: Vec<Timeline>,
    /// Every season.
    pub seasons: Vec<Season>,
    /// Units waiting to retreat.
    pub pending_retreats: Vec<Dislodged>,
    /// Seasons waiting for adjustments.
    pub pending_adjustments: Vec<SeasonKey>,
}

/// The digest of a world.
pub fn digest(world: &World) -> Digest {
    Digest {
        phase: world.phase(),
        steps: world.steps_done(),
        timelines: world.timelines().to_vec(),
        seasons: world.seasons().cloned().collect(),
        pending_retreats: world.pending_retreats().to_vec(),
        pending_adjustments: world.pending_adjustments().to_vec(),
    }
}

/// Where two digests first differ, in words.
pub fn first_difference(a: &Digest, b: &Digest) -> Option<String> {
    if a == b {
        return None;
    }
    if a.phase != b.phase || a.steps != b.steps {
        return Some(format!(
            "phase/steps {:?}/{} vs {:?}/{}",
            a.phase, a.steps, b.phase, b.steps
        ));
    }
    if a.timelines != b.timelines {
        return Some(format!("timelines {:?} vs {:?}", a.timelines, b.timelines));
    }
    let ka: Vec<SeasonKey> = a.seasons.iter().map(|s| s.key).collect();
    let kb: Vec<SeasonKey> = b.seasons.iter().map(|s| s.key).collect();
    if ka != kb {
        return Some(format!("seasons {ka:?} vs {kb:?}"));
    }
    for (x, y) in a.seasons.iter().zip(&b.seasons) {
        if x != y {
            return Some(format!("season {}: {x:?}\n vs {y:?}", x.key));
        }
    }
    if a.pending_retreats != b.pending_retreats {
        return Some(format!(
            "pending retreats {:?} vs {:?}",
            a.pending_retreats, b.pending_retreats
        ));
    }
    Some(format!(
        "pending adjustments {:?} vs {:?}",
        a.pending_adjustments, b.pending_adjustments
    ))
}

// ----- Checks ----------------------------------------------------------------------------------

/// What happened over a game (to show that the generator reaches the interesting cases).
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Steps run.
    pub steps: usize,
    /// Movement steps run.
    pub movement_steps: usize,
    /// Orders given (all phases).
    pub orders: usize,
    /// Orders rejected as illegal.
    pub illegal: usize,
    /// Live moves that arrived in another season.
    pub travels: usize,
    /// Of those, arrivals in a past season.
    pub past_arrivals: usize,
    /// Successful convoyed moves.
    pub convoys: usize,
    /// Successful supports that cross seasons.
    pub cross_season_supports: usize,
    /// Past seasons re-opened.
    pub reopened: usize,
    /// Re-opened seasons that did not fork.
    pub reopened_unforked: usize,
    /// Forks.
    pub forks: usize,
    /// Forks made by a changed result alone (no live arrival).
    pub forks_by_result: usize,
    /// Units dislodged.
    pub dislodged: usize,
    /// Units that retreated.
    pub retreated: usize,
    /// Units disbanded in retreat steps.
    pub disbanded: usize,
    /// Units built.
    pub built: usize,
    /// Units removed (ordered or civil disorder).
    pub removed: usize,
    /// Of those, by civil disorder.
    pub civil_disorder: usize,
    /// Timelines at the end.
    pub timelines: usize,
    /// Seasons at the end.
    pub seasons: usize,
    /// Units in all seasons at the end.
    pub units: usize,
    /// The highest turn at the end.
    pub max_turn: u32,
}

impl Stats {
    /// Adds another game's counts (the end-of-game sizes are summed too).
    pub fn add(&mut self, o: &Stats) {
        self.steps += o.steps;
        self.movement_steps += o.movement_steps;
        self.orders += o.orders;
        self.illegal += o.illegal;
        self.travels += o.travels;
        self.past_arrivals += o.past_arrivals;
        self.convoys += o.convoys;
        self.cross_season_supports += o.cross_season_supports;
        self.reopened += o.reopened;
        self.reopened_unforked += o.reopened_unforked;
        self.forks += o.forks;
        self.forks_by_result += o.forks_by_result;
        self.dislodged += o.dislodged;
        self.retreated += o.retreated;
        self.disbanded += o.disbanded;
        self.built += o.built;
        self.removed += o.removed;
        self.civil_disorder += o.civil_disorder;
        self.timelines += o.timelines;
        self.seasons += o.seasons;
        self.units += o.units;
        self.max_turn = self.max_turn.max(o.max_turn);
    }
}

fn sig(u: &BoardUnit) -> UnitSig {
    UnitSig::of(u)
}

/// Unit signatures in the canonical order of a result signature: by province.
fn sorted_sigs<'a>(units: impl Iterator<Item = &'a BoardUnit>) -> Vec<UnitSig> {
    let mut v: Vec<UnitSig> = units.map(sig).collect();
    v.sort_by_key(|s| s.loc.province);
    v
}

fn units_of(world: &World, key: SeasonKey) -> &[BoardUnit] {
    world.season(key).map_or(&[], |s| s.units.as_slice())
}

macro_rules! ensure {
    ($cond:expr, $($fmt:tt)+) => {
        if !$cond {
            return Err(format!($($fmt)+));
        }
    };
}

/// Invariants of any world: boards, links between seasons, timelines and heads.
pub fn check_world(world: &World) -> Result<(), String> {
    let map = world.map();
    for s in world.seasons() {
        let mut seen = BTreeSet::new();
        for u in &s.units {
            ensure!(
                seen.insert(u.loc.province),
                "two units in {} of {}",
                map.abbrev(u.loc.province),
                s.key
            );
            ensure!(
                map.can_stand(u.kind, u.loc),
                "{:?} cannot stand in {} ({})",
                u.kind,
                map.location_abbrev(u.loc),
                s.key
            );
        }
        ensure!(
            s.units
                .windows(2)
                .all(|w| w[0].loc.province < w[1].loc.province),
            "units of {} not sorted by province",
            s.key
        );
        if let Some(p) = s.parent {
            let parent = world
                .season(p)
                .ok_or(format!("{}: parent {p} missing", s.key))?;
            ensure!(
                parent.children.contains(&s.key),
                "{p} does not list its child {}",
                s.key
            );
            ensure!(
                p.turn + 1 == s.key.turn,
                "{} is not one turn after {p}",
                s.key
            );
        }
        for c in &s.children {
            ensure!(
                world.season(*c).and_then(|c| c.parent) == Some(s.key),
                "child {c} of {} has another parent",
                s.key
            );
        }
        ensure!(
            s.children.is_empty() == world.is_head(s.key),
            "{}: a season has children iff it is not a head",
            s.key
        );
    }
    for (i, t) in world.timelines().iter().enumerate() {
        ensure!(t.number == i as u32, "timeline {} at index {i}", t.number);
        ensure!(
            world.exists(t.first) && world.exists(t.head),
            "timeline {i}: first/head missing"
        );
        ensure!(
            t.first.timeline == t.number && t.head.timeline == t.number,
            "timeline {i}: first/head in another timeline"
        );
        for turn in t.first.turn..=t.head.turn {
            ensure!(
                world.exists(SeasonKey::new(turn, t.number)),
                "timeline {i} lacks turn {turn}"
            );
        }
        let count = world
            .seasons()
            .filter(|s| s.key.timeline == t.number)
            .count();
        ensure!(
            count as u32 == t.head.turn - t.first.turn + 1,
            "timeline {i} has seasons outside first..head"
        );
        match t.branched_from {
            None => ensure!(i == 0, "timeline {i} branches from nothing"),
            Some(b) => {
                ensure!(
                    world.season(t.first).and_then(|s| s.parent) == Some(b),
                    "timeline {i}: first season's parent is not {b}"
                );
            }
        }
    }
    Ok(())
}

/// The checks of one movement step. Returns the (parent, new season) pairs.
pub fn check_movement(
    before: &World,
    inputs: &[OrderInput],
    r: &WorldReport,
    after: &World,
    stats: &mut Stats,
) -> Result<Vec<(SeasonKey, SeasonKey)>, String> {
    let map = before.map();
    ensure!(r.ran, "the movement step did not run");
    ensure!(
        r.entries.len() == inputs.len(),
        "one report entry per input"
    );
    let heads = before.heads();
    let n0 = before.timelines().len() as u32;

    // The graph: every unit of every head, live, once; then replayed units of re-opened seasons.
    let mut index: BTreeMap<Spot, usize> = BTreeMap::new();
    for (i, g) in r.graph.iter().enumerate() {
        ensure!(
            index.insert(g.spot, i).is_none(),
            "{:?} twice in the graph",
            g.spot
        );
    }
    ensure!(
        r.outcomes.len() == r.graph.len(),
        "one outcome per graph unit"
    );
    let live: Vec<usize> = (0..r.graph.len()).filter(|&i| r.graph[i].live).collect();
    let live_count: usize = heads.iter().map(|&h| units_of(before, h).len()).sum();
    ensure!(
        live.len() == live_count,
        "live graph units {} vs head units {live_count}",
        live.len()
    );
    for &h in &heads {
        for u in units_of(before, h) {
            let spot = Spot {
                season: h,
                province: u.loc.province,
            };
            let g = index
                .get(&spot)
                .ok_or(format!("head unit {spot:?} not in graph"))?;
            ensure!(r.graph[*g].live, "head unit {spot:?} not live");
            ensure!(r.graph[*g].sig == sig(u), "head unit {spot:?} sig differs");
        }
    }
    for (i, e) in r.entries.iter().enumerate() {
        stats.orders += 1;
        match e.outcome {
            OrderOutcome::Adjudicated {
                unit: g,
                ref outcome,
            } => ensure!(
                r.graph[g].spot == inputs[i].unit.spot
                    && r.graph[g].live
                    && *outcome == r.outcomes[g],
                "input {i} maps to another unit"
            ),
            OrderOutcome::Illegal(_) => stats.illegal += 1,
            _ => return Err(format!("input {i} has no movement outcome")),
        }
    }
    let moved =
        |i: usize| matches!(r.graph[i].order, MoveOrder::Move { .. }) && r.outcomes[i].success();
    let live_arrival = |s: SeasonKey| {
        live.iter().any(|&i| {
            matches!(r.graph[i].order, MoveOrder::Move { to, .. } if to.season == s) && moved(i)
        })
    };

    // Re-opened seasons: exactly the past seasons live orders reference (rule 12).
    let mut expected_reopened = BTreeSet::new();
    for &i in &live {
        let g = &r.graph[i];
        for s in g.order.referenced_seasons(g.spot.season) {
            if before.exists(s) && !before.is_head(s) {
                expected_reopened.insert(s);
            }
        }
    }
    let reopened: BTreeSet<SeasonKey> = r.reopened.iter().copied().collect();
    ensure!(
        reopened == expected_reopened,
        "re-opened {reopened:?}, live orders reference {expected_reopened:?}"
    );
    stats.reopened += reopened.len();

    // Heads advance by exactly one turn (rule 5).
    ensure!(r.advanced.len() == heads.len(), "every head advances");
    for (
        &h,
        &Advance {
            head: from,
            next: to,
        },
    ) in heads.iter().zip(&r.advanced)
    {
        ensure!(
            from == h && to == SeasonKey::new(h.turn + 1, h.timeline),
            "head {h} advanced to {to}"
        );
        ensure!(
            after.timeline(h.timeline).map(|t| t.head) == Some(to),
            "timeline {} head is not {to}",
            h.timeline
        );
    }

    // Forks: only re-opened past seasons, sorted by (turn, timeline), numbered in order
    // (rules 16–18), each justified by a live arrival or a new result (rule 16).
    ensure!(
        after.timelines().len() as u32 == n0 + r.forks.len() as u32,
        "timelines {} after {} forks from {n0}",
        after.timelines().len(),
        r.forks.len()
    );
    let mut pairs: Vec<(SeasonKey, SeasonKey)> =
        r.advanced.iter().map(|a| (a.head, a.next)).collect();
    for (i, f) in r.forks.iter().enumerate() {
        ensure!(
            reopened.contains(&f.from),
            "fork of {} which was not re-opened",
            f.from
        );
        ensure!(!before.is_head(f.from), "head {} forked", f.from);
        if i > 0 {
            ensure!(
                r.forks[i - 1].from < f.from,
                "forks not sorted by (turn, timeline)"
            );
        }
        ensure!(
            f.first == SeasonKey::new(f.from.turn + 1, n0 + i as u32),
            "fork of {} is {}, expected {}:{}",
            f.from,
            f.first,
            f.from.turn + 1,
            n0 + i as u32
        );
        let t = after
            .timeline(f.first.timeline)
            .ok_or("fork timeline missing")?;
        ensure!(
            t.branched_from == Some(f.from) && t.first == f.first && t.head == f.first,
            "timeline of fork {} wrong: {t:?}",
            f.first
        );
        let created = after
            .season(f.first)
            .and_then(|s| s.created_by.clone())
            .ok_or(format!("fork {} has no result", f.first))?;
        let old_children = &before.season(f.from).expect("re-opened exists").children;
        let new_result = old_children
            .iter()
            .all(|c| before.season(*c).and_then(|c| c.created_by.as_ref()) != Some(&created));
        let arrival = live_arrival(f.from);
        ensure!(
            arrival || new_result,
            "{} forked with no live arrival and a result equal to an existing child's",
            f.from
        );
        if !arrival {
            stats.forks_by_result += 1;
        }
        pairs.push((f.from, f.first));
    }
    stats.forks += r.forks.len();
    for &s in &reopened {
        let forked = r.forks.iter().any(|f| f.from == s);
        ensure!(
            forked || !live_arrival(s),
            "a live move arrived in {s}, which did not fork"
        );
        if !forked {
            stats.reopened_unforked += 1;
        }
    }

    // Seasons: the old ones, the heads' successors and the forks, nothing else.
    let mut expected: BTreeSet<SeasonKey> = before.seasons().map(|s| s.key).collect();
    expected.extend(pairs.iter().map(|p| p.1));
    let actual: BTreeSet<SeasonKey> = after.seasons().map(|s| s.key).collect();
    ensure!(
        expected == actual,
        "seasons {actual:?}, expected {expected:?}"
    );

    // The past is never edited: old boards, owners and (but for the heads') records stay.
    for s in before.seasons() {
        let a = after.season(s.key).expect("old seasons stay");
        ensure!(a.units == s.units, "board of {} changed", s.key);
        ensure!(a.owners == s.owners, "owners of {} changed", s.key);
        ensure!(
            a.children.starts_with(&s.children),
            "children of {} changed",
            s.key
        );
        if before.is_head(s.key) {
            ensure!(a.record.is_some(), "head {} not recorded", s.key);
        } else {
            ensure!(a.record == s.record, "record of {} changed", s.key);
        }
    }

    // Every unit of a new season is explained by its parent (stayed) or a successful move
    // into the parent (rule 19), and the season matches the result that created it (rule 16).
    let dislodged_at: BTreeSet<Spot> = r.dislodged.iter().map(|d| d.at.spot()).collect();
    ensure!(
        dislodged_at.len() == r.dislodged.len(),
        "a unit dislodged twice"
    );
    let mut moved_from: BTreeMap<Pos, Vec<SeasonKey>> = BTreeMap::new();
    for &(p, c) in &pairs {
        let created = after
            .season(c)
            .and_then(|s| s.created_by.clone())
            .ok_or(format!("{c} has no result"))?;
        ensure!(
            sorted_sigs(units_of(after, c).iter()) == created.units,
            "{c}: board differs from the result that created it"
        );
        let mut dis: Vec<UnitSig> = r
            .dislodged
            .iter()
            .filter(|d| d.at.season == p)
            .map(|d| UnitSig {
                power: d.power,
                kind: d.kind,
                loc: d.at.loc,
            })
            .collect();
        dis.sort_by_key(|s| s.loc.province);
        ensure!(
            dis == created.dislodged,
            "{c}: dislodged units differ from its result"
        );
        for x in units_of(after, c) {
            match x.origin {
                Origin::Stayed { from } => {
                    ensure!(from == p, "{c}: unit stayed from {from}, parent {p}");
                    let spot = Spot {
                        season: p,
                        province: x.loc.province,
                    };
                    let y = before
                        .unit(spot)
                        .ok_or(format!("{c}: stayed unit absent from {p}"))?;
                    ensure!(sig(y) == sig(x), "{c}: stayed unit changed");
                    if let Some(&g) = index.get(&spot) {
                        ensure!(!moved(g), "{c}: unit both moved and stayed");
                    }
                    ensure!(!dislodged_at.contains(&spot), "{c}: dislodged unit stayed");
                }
                Origin::Moved { from } => {
                    let g = *index
                        .get(&from.spot())
                        .ok_or(format!("{c}: arrival from {from:?} not in graph"))?;
                    let gu = &r.graph[g];
                    ensure!(
                        gu.sig
                            == UnitSig {
                                power: x.power,
                                kind: x.kind,
                                loc: from.loc,
                            },
                        "{c}: arrival is not the unit at {from:?}"
                    );
                    ensure!(
                        matches!(gu.order, MoveOrder::Move { to, .. }
                            if to.season == p && to.loc == x.loc),
                        "{c}: arrival at {} was not ordered there",
                        map.location_abbrev(x.loc)
                    );
                    ensure!(moved(g), "{c}: arrival from a failed move");
                    ensure!(
                        gu.live || gu.records.contains(&p),
                        "{c}: a replayed move arrived in a season whose record lacks it"
                    );
                    moved_from.entry(from).or_default().push(c);
                }
                other => return Err(format!("{c}: unit with origin {other:?} after movement")),
            }
        }
    }
    // Every unit of a parent is accounted for exactly once; a traveller arrives at most once,
    // a live one exactly once, in the successor of its destination (rule 19).
    for &(p, c) in &pairs {
        for y in units_of(before, p) {
            let spot = Spot {
                season: p,
                province: y.loc.province,
            };
            let g = *index
                .get(&spot)
                .ok_or(format!("{spot:?} of {p} is not in the graph"))?;
            let stayed = units_of(after, c)
                .iter()
                .any(|x| x.origin == Origin::Stayed { from: p } && sig(x) == sig(y));
            let gone = moved(g);
            let dislodged = dislodged_at.contains(&spot);
            ensure!(
                [stayed, gone, dislodged].iter().filter(|b| **b).count() == 1,
                "unit {} {} of {p}: stayed {stayed}, moved {gone}, dislodged {dislodged}",
                y.kind.letter(),
                map.location_abbrev(y.loc)
            );
        }
    }
    for (i, gu) in r.graph.iter().enumerate() {
        if !moved(i) {
            continue;
        }
        let from = Pos {
            season: gu.spot.season,
            loc: gu.sig.loc,
        };
        let arrived = moved_from.get(&from).cloned().unwrap_or_default();
        let MoveOrder::Move { to, .. } = gu.order else {
            unreachable!()
        };
        ensure!(arrived.len() <= 1, "{from:?} arrived in {arrived:?}");
        if gu.live {
            ensure!(
                arrived.len() == 1,
                "live move from {from:?} arrived nowhere"
            );
            let into = after.season(arrived[0]).and_then(|s| s.parent);
            ensure!(
                into == Some(to.season),
                "live move from {from:?} to {} arrived in {}",
                to.season,
                arrived[0]
            );
            if to.season != from.season {
                stats.travels += 1;
                if !before.is_head(to.season) {
                    stats.past_arrivals += 1;
                }
            }
            if matches!(
                r.outcomes[i].reason,
                mdip_judge::Reason::Moved { by_convoy: true }
            ) {
                stats.convoys += 1;
            }
        }
    }
    for &i in &live {
        let g = &r.graph[i];
        if matches!(
            g.order,
            MoveOrder::SupportHold { .. } | MoveOrder::SupportMove { .. }
        ) && r.outcomes[i].success()
            && !g.order.referenced_seasons(g.spot.season).is_empty()
        {
            stats.cross_season_supports += 1;
        }
    }

    // Dislodged units wait in their season for a retreat into its successor.
    let successor: BTreeMap<SeasonKey, SeasonKey> = pairs.iter().copied().collect();
    for d in &r.dislodged {
        ensure!(
            successor.get(&d.at.season) == Some(&d.into),
            "{:?} retreats into {}",
            d.at,
            d.into
        );
        let y = before
            .unit(d.at.spot())
            .ok_or(format!("dislodged {:?} did not exist", d.at))?;
        ensure!(
            (y.power, y.kind, y.loc) == (d.power, d.kind, d.at.loc),
            "dislodged unit differs"
        );
        for o in &d.options {
            ensure!(
                map.can_stand(d.kind, *o) && map.adjacent(d.kind, d.at.loc, *o),
                "retreat option not adjacent"
            );
            ensure!(
                after
                    .season(d.into)
                    .is_some_and(|s| s.unit_at(o.province).is_none()),
                "retreat option occupied"
            );
        }
    }
    stats.dislodged += r.dislodged.len();
    ensure!(
        after.pending_retreats() == r.dislodged.as_slice(),
        "pending retreats differ from the report"
    );
    let expected_phase = if !r.dislodged.is_empty() {
        Phase::Retreat
    } else if pairs.iter().any(|p| p.0.is_fall()) {
        Phase::Adjustment
    } else {
        Phase::Movement
    };
    ensure!(
        after.phase() == expected_phase,
        "phase {:?}, expected {expected_phase:?}",
        after.phase()
    );
    let mut fall: Vec<SeasonKey> = pairs
        .iter()
        .filter(|p| p.0.is_fall())
        .map(|p| p.1)
        .collect();
    fall.sort();
    let mut pending = after.pending_adjustments().to_vec();
    pending.sort();
    ensure!(
        pending == fall,
        "pending adjustments {pending:?}, expected {fall:?}"
    );
    Ok(pairs)
}

/// Supply-centre ownership of new seasons once retreats are done (rule 7).
pub fn check_ownership(world: &World, pairs: &[(SeasonKey, SeasonKey)]) -> Result<(), String> {
    let map = world.map();
    for &(p, c) in pairs {
        let parent = world.season(p).expect("parents exist");
        let child = world.season(c).expect("children exist");
        for sc in map.supply_centres() {
            let expected = match child.unit_at(sc) {
                Some(u) if p.is_fall() => Some(u.power),
                _ => parent.owner(sc),
            };
            ensure!(
                child.owner(sc) == expected,
                "{c}: owner of {} is {:?}, expected {expected:?}",
                map.abbrev(sc),
                child.owner(sc)
            );
        }
    }
    Ok(())
}

/// The checks of one retreat step.
pub fn check_retreat(
    before: &World,
    inputs: &[RetreatInput],
    r: &WorldReport,
    after: &World,
    stats: &mut Stats,
) -> Result<(), String> {
    ensure!(r.ran, "the retreat step did not run");
    ensure!(
        r.entries.len() == inputs.len(),
        "one report entry per input"
    );
    let pending = before.pending_retreats();
    for d in pending {
        let n = r.retreated.iter().filter(|x| x.from == d.at).count()
            + r.disbanded.iter().filter(|x| x.at == d.at).count();
        ensure!(n == 1, "{:?} retreated or disbanded {n} times", d.at);
    }
    ensure!(
        r.retreated.len() + r.disbanded.len() == pending.len(),
        "retreat report names units that were not dislodged"
    );
    for (i, e) in r.entries.iter().enumerate() {
        stats.orders += 1;
        match e.outcome {
            OrderOutcome::Retreated { to } => ensure!(
                r.retreated
                    .iter()
                    .any(|x| x.from.spot() == inputs[i].unit.spot && x.to.loc == to.loc),
                "successful retreat {i} not applied"
            ),
            OrderOutcome::Illegal(_) => stats.illegal += 1,
            _ => {}
        }
    }
    let mut into: BTreeMap<SeasonKey, Vec<BoardUnit>> = BTreeMap::new();
    for &Retreat { from, to } in &r.retreated {
        let d = pending
            .iter()
            .find(|d| d.at == from)
            .ok_or(format!("{from:?} retreated without being dislodged"))?;
        ensure!(to.season == d.into, "{from:?} landed in {}", to.season);
        ensure!(
            d.options.contains(&to.loc),
            "{from:?} retreated to a non-option"
        );
        into.entry(d.into).or_default().push(BoardUnit {
            power: d.power,
            kind: d.kind,
            loc: to.loc,
            origin: Origin::Retreated { from },
        });
    }
    for s in before.seasons() {
        let mut expected = s.units.clone();
        expected.extend(into.get(&s.key).cloned().unwrap_or_default());
        expected.sort_by_key(|u| u.loc.province);
        ensure!(
            units_of(after, s.key) == expected.as_slice(),
            "board of {} after retreats is not the board plus the retreats",
            s.key
        );
    }
    stats.retreated += r.retreated.len();
    stats.disbanded += r.disbanded.len();
    ensure!(after.pending_retreats().is_empty(), "retreats left pending");
    let expected_phase = if after.pending_adjustments().is_empty() {
        Phase::Movement
    } else {
        Phase::Adjustment
    };
    ensure!(after.phase() == expected_phase, "phase after retreats");
    Ok(())
}

/// The checks of one adjustment step.
pub fn check_adjustment(
    before: &World,
    inputs: &[AdjustmentInput],
    r: &WorldReport,
    after: &World,
    stats: &mut Stats,
) -> Result<(), String> {
    let map = before.map();
    ensure!(r.ran, "the adjustment step did not run");
    ensure!(
        r.entries.len() == inputs.len(),
        "one report entry per input"
    );
    for e in &r.entries {
        stats.orders += 1;
        if e.outcome.illegal().is_some() {
            stats.illegal += 1;
        }
    }
    let pending = before.pending_adjustments();
    for s in before.seasons() {
        let a = after.season(s.key).expect("seasons stay");
        ensure!(
            a.owners == s.owners,
            "owners of {} changed in adjustments",
            s.key
        );
        if !pending.contains(&s.key) {
            ensure!(a.units == s.units, "{} changed but was not pending", s.key);
            continue;
        }
        let built: Vec<UnitSig> = r
            .built
            .iter()
            .filter(|b| b.season == s.key)
            .map(|b| UnitSig {
                power: b.power,
                kind: b.kind,
                loc: b.loc,
            })
            .collect();
        let removed: Vec<UnitSig> = r
            .removed
            .iter()
            .filter(|b| b.season == s.key)
            .map(|b| UnitSig {
                power: b.power,
                kind: b.kind,
                loc: b.loc,
            })
            .collect();
        let mut expected = sorted_sigs(s.units.iter());
        for x in &removed {
            let i = expected
                .iter()
                .position(|y| y == x)
                .ok_or(format!("{}: removed a unit that was not there", s.key))?;
            expected.remove(i);
        }
        for &UnitSig { power, kind, loc } in &built {
            ensure!(
                map.home_centres(power).contains(&loc.province),
                "{}: built outside a home centre",
                s.key
            );
            ensure!(
                s.owner(loc.province) == Some(power),
                "{}: built in a centre not owned",
                s.key
            );
            ensure!(
                s.unit_at(loc.province).is_none(),
                "{}: built in an occupied centre",
                s.key
            );
            expected.push(UnitSig { power, kind, loc });
        }
        expected.sort_by_key(|s| s.loc.province);
        ensure!(
            sorted_sigs(a.units.iter()) == expected,
            "{}: board is not the old one minus removals plus builds",
            s.key
        );
        for u in &a.units {
            if built.contains(&sig(u)) {
                ensure!(u.origin == Origin::Built, "{}: built unit's origin", s.key);
            }
        }
        for power in Power::ALL {
            let c = before.centre_count(s.key, power);
            let ub = s.units.iter().filter(|u| u.power == power).count();
            let ua = a.units.iter().filter(|u| u.power == power).count();
            if ub > c {
                ensure!(
                    ua == c,
                    "{}: {power:?} has {ua} units for {c} centres",
                    s.key
                );
            } else {
                ensure!(
                    ub <= ua && ua <= c,
                    "{}: {power:?} went from {ub} to {ua} units with {c} centres",
                    s.key
                );
            }
            let disorder = r
                .removed
                .iter()
                .filter(|x| x.season == s.key && x.power == power && x.civil_disorder)
                .count();
            ensure!(
                disorder == 0 || ub > c,
                "{}: civil disorder without excess units",
                s.key
            );
        }
    }
    stats.built += r.built.len();
    stats.removed += r.removed.len();
    stats.civil_disorder += r.removed.iter().filter(|x| x.civil_disorder).count();
    ensure!(after.phase() == Phase::Movement, "phase after adjustments");
    ensure!(
        after.pending_adjustments().is_empty(),
        "adjustments left pending"
    );
    Ok(())
}

/// Replays a game, checking every step. Returns the final world, the reports and the counts.
pub fn run_checked(game: &Game) -> Result<(World, Vec<StepReport>, Stats), String> {
    let mut world = game.setup.world();
    let mut stats = Stats::default();
    let mut reports = Vec::new();
    let mut owner_checks: Vec<(SeasonKey, SeasonKey)> = Vec::new();
    check_world(&world)?;
    for (k, step) in game.steps.iter().enumerate() {
        let before = world.clone();
        let report = apply(&mut world, step);
        let at = |e: String| format!("step {k} ({}): {e}", step.phase().name());
        match (step, &report) {
            (StepInput::Movement(v), StepReport::Movement(r)) => {
                owner_checks = check_movement(&before, v, r, &world, &mut stats).map_err(at)?;
                stats.movement_steps += 1;
            }
            (StepInput::Retreat(v), StepReport::Retreat(r)) => {
                check_retreat(&before, v, r, &world, &mut stats).map_err(at)?;
            }
            (StepInput::Adjustment(v), StepReport::Adjustment(r)) => {
                check_adjustment(&before, v, r, &world, &mut stats).map_err(at)?;
            }
            _ => unreachable!("apply returns the report of its step"),
        }
        if world.phase() != Phase::Retreat && !owner_checks.is_empty() {
            check_ownership(&world, &owner_checks).map_err(at)?;
            owner_checks.clear();
        }
        check_world(&world).map_err(at)?;
        ensure!(
            world.phase() == game.phases_after[k],
            "step {k}: replay differs from generation"
        );
        reports.push(report);
        stats.steps += 1;
    }
    stats.timelines = world.timelines().len();
    stats.seasons = world.seasons().count();
    stats.units = world.seasons().map(|s| s.units.len()).sum();
    stats.max_turn = world.seasons().map(|s| s.key.turn).max().unwrap_or(0);
    Ok((world, reports, stats))
}
