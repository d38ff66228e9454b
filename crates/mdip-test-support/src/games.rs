//! Random multiversal games: their configuration, setups, step inputs and the generator that
//! plays a game to the end, recording the World-level input of every step.

use std::collections::{BTreeMap, BTreeSet};

use mdip_judge::world::{
    AdjustmentInput, Dislodged, OrderInput, OrderOutcome, Phase, RetreatInput,
    StepReport as WorldReport, World,
};
use mdip_map::{Location, Map, Power, ProvinceId, Terrain, UnitType};
use mdip_syntax::notation::{Directive, Place, Unit};

use crate::generator::{adjustment_orders, movement_orders, retreat_orders};
use crate::rng::Rng;

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

impl Config {
    /// The goals bench's dense game: `timelines` timelines over `steps` movement steps, orders
    /// in every head (supports, convoys, moves into the past), as in `mdip-analysis`'s `scale`
    /// bench. `dense(30, 40)` is the real-size game of issue 29; the instruction-count gate
    /// (`scripts/perf-gate`) plays a smaller one.
    pub fn dense(timelines: usize, steps: usize) -> Config {
        Config {
            movement_steps: steps,
            max_timelines: timelines,
            past_orders: (timelines / steps).max(1) * 2 + 1,
            ..Config::bench(7)
        }
    }

    /// The dense game of the instruction-count gate: the same kind of game as [`Config::dense`],
    /// small enough to run under Valgrind in seconds.
    pub fn dense_gate() -> Config {
        Config::dense(12, 16)
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
                    let d = Directive::Unit {
                        power: power.name().to_owned(),
                        unit: Unit::new(
                            crate::text::kind_of(kind),
                            Place::new(map.location_abbrev(loc)),
                        ),
                    };
                    s.push_str(&format!("{d}\n"));
                }
                for power in Power::ALL {
                    let mine: Vec<&str> = owners
                        .iter()
                        .filter(|o| o.0 == power)
                        .map(|o| map.abbrev(o.1))
                        .collect();
                    if !mine.is_empty() {
                        let d = Directive::Owns {
                            power: power.name().to_owned(),
                            provinces: mine.into_iter().map(str::to_owned).collect(),
                            season: None,
                        };
                        s.push_str(&format!("{d}\n"));
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
