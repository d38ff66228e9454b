//! Setting up a world before its first step: the constructor with its map and rules, the
//! standard opening, and placing units, owners, the root turn and the starting phase.

use std::collections::BTreeMap;
use std::sync::Arc;

use mdip_map::{Location, Map, Power, ProvinceId, UnitType};

use super::validate::Illegal;
use super::{BoardUnit, Dislodged, Origin, Phase, Pos, Season, SeasonKey, Spot, Timeline, World};
use crate::rules::Rules;

/// Errors of the setup (placing units before the first step). Their words are the analysis'.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The season does not exist.
    NoSuchSeason(SeasonKey),
    /// The unit cannot stand there (terrain or coast).
    CannotStand,
    /// Another unit already stands in that province.
    Occupied(Power, UnitType),
    /// The province is not a supply centre.
    NotASupplyCentre,
    /// The game has already started: setup must come before the first step.
    AlreadyStarted,
    /// A dislodged unit or a standoff outside a retreat phase set up by hand.
    NotInRetreatPhase,
    /// The province already has a dislodged unit.
    AlreadyDislodged(Power, UnitType),
    /// `@season`: the season exists already.
    SeasonExists(SeasonKey),
    /// `@season`: a season of an existing timeline must come one turn after its last season.
    NotNextTurn {
        /// The last season of that timeline.
        last: SeasonKey,
    },
    /// `@season`: a new timeline must have the next unused number.
    TimelineNotNext {
        /// The next unused timeline number.
        next: u32,
    },
    /// `@season X:Y from P:Q`: P:Q must be one turn before X:Y.
    BranchNotPreviousTurn {
        /// The season named after `from`.
        from: SeasonKey,
    },
    /// `@season X:Y from P:Q` in a timeline that exists: its parent is its timeline's last
    /// season, not P:Q.
    BranchInExistingTimeline {
        /// The last season of that timeline, the only possible parent.
        last: SeasonKey,
    },
    /// `@season X:Y from P:Q` where P:Q is a head: a timeline branches from a past season
    /// (heads never fork), so P:Q's timeline must be continued first.
    BranchFromHead(SeasonKey),
    /// `@season` after a starting `@phase retreat` or `@phase adjustment`.
    SeasonAfterPhase,
    /// `@turn` after `@season` lines: the root's turn is settled.
    TurnAfterSeasons,
    /// `@record` for a unit of a head: only past seasons have records.
    RecordInHead(SeasonKey),
    /// `@record`: the order is illegal for that unit in its season.
    RecordIllegal(Illegal),
    /// `@record`: the unit already has a recorded order in its season.
    AlreadyRecorded,
    /// `@dislodged` in a season that has no child to retreat into.
    NoChild(SeasonKey),
    /// `@phase adjustment X:Y`: the season is not a head.
    NotAHead(SeasonKey),
    /// `@phase adjustment` without seasons after `@season` lines: the boards must be named.
    AdjustmentSeasonsNeeded,
    /// A stored build or removal for a season that no adjustment step comes before: only the
    /// turn after a Fall (an even turn after the first) has one.
    NoAdjustmentBefore(SeasonKey),
    /// A stored build or removal for a season whose adjustments are still to come
    /// (`@phase adjustment` names it): those are given live.
    AdjustmentPending(SeasonKey),
    /// A stored successful build or retreat whose unit is not on the board it made (set it up
    /// with `@unit` first).
    StoredUnitMissing(SeasonKey),
    /// A stored successful removal whose province still holds a unit on the board after it.
    StoredUnitStands(SeasonKey),
}

impl World {
    /// An empty world on `map` under `rules`: its root season `0:0` (another turn by
    /// [`World::set_root_turn`]), no units, no owners, in the movement phase.
    ///
    /// The world keeps the map for its whole life, so `map` is `'static`: the standard map is
    /// [`Map::standard`]; a variant map read at run time with [`Map::parse`] is leaked once
    /// (`Box::leak`) and shared by every world on it.
    pub fn new(map: &'static Map, rules: Rules) -> World {
        let root = SeasonKey::new(0, 0);
        let mut seasons = BTreeMap::new();
        seasons.insert(
            root,
            Arc::new(Season {
                key: root,
                parent: None,
                children: Vec::new(),
                units: Vec::new(),
                owners: vec![None; map.province_count()],
                record: None,
                created_by: None,
            }),
        );
        World {
            map,
            rules,
            seasons,
            timelines: vec![Timeline {
                number: 0,
                branched_from: None,
                first: root,
                head: root,
            }],
            phase: Phase::Movement,
            pending_retreats: Vec::new(),
            pending_adjustments: Vec::new(),
            setup_standoffs: Vec::new(),
            resting: Vec::new(),
            anticipated: Vec::new(),
            stored_adjustments: Vec::new(),
            stored_retreats: Vec::new(),
            steps: 0,
            retreat_successor: false,
        }
    }

    /// The standard opening under the default rules: the standard map's 22 starting units in
    /// `0:0`, every power owning its home centres.
    pub fn standard_start() -> World {
        let mut world = World::new(Map::standard(), Rules::default());
        world
            .place_standard_start()
            .expect("the standard map's starting units fit an empty board");
        world
    }

    /// Places the map's starting units and home-centre ownership into the root season (the
    /// standard opening on the standard map).
    pub fn place_standard_start(&mut self) -> Result<(), SetupError> {
        let root = self.root();
        for &(power, kind, loc) in self.map.starting_units() {
            self.place_unit(root, power, kind, loc)?;
        }
        for &power in self.map.powers() {
            for &p in self.map.home_centres(power) {
                self.set_owner(root, p, Some(power))?;
            }
        }
        Ok(())
    }

    /// Sets the rules (setup).
    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
    }

    /// Puts the world into the adjustment phase before the first step: the root board takes
    /// builds and removals next (setup for adjustment cases).
    pub fn start_in_adjustment(&mut self) -> Result<(), SetupError> {
        if self.steps > 0 {
            return Err(SetupError::AlreadyStarted);
        }
        // After `@season` lines the boards are named (`start_in_adjustment_of`).
        if self.seasons.len() > 1 {
            return Err(SetupError::AdjustmentSeasonsNeeded);
        }
        self.phase = Phase::Adjustment;
        self.pending_adjustments = vec![self.root()];
        Ok(())
    }

    /// Puts the world into the adjustment phase before the first step with exactly these
    /// heads taking builds and removals (`@phase adjustment X:Y ...`, after `@season` lines).
    pub fn start_in_adjustment_of(&mut self, seasons: &[SeasonKey]) -> Result<(), SetupError> {
        if self.steps > 0 {
            return Err(SetupError::AlreadyStarted);
        }
        for &s in seasons {
            if !self.exists(s) {
                return Err(SetupError::NoSuchSeason(s));
            }
            if !self.is_head(s) {
                return Err(SetupError::NotAHead(s));
            }
        }
        let mut pending = seasons.to_vec();
        pending.sort_unstable();
        pending.dedup();
        self.phase = Phase::Adjustment;
        self.pending_adjustments = pending;
        Ok(())
    }

    /// Puts the world into the retreat phase before the first step (setup for retreat
    /// cases): the root season becomes the season whose movement step dislodged units, and
    /// its successor, a copy of its board and owners, becomes the head that holds the board
    /// after that movement step. Units and owners set up afterwards go to that head
    /// ([`World::setup_season`]); dislodged units and standoffs are added with
    /// [`World::place_dislodged`] and [`World::add_standoff`]. After a Fall turn the
    /// adjustment step follows the retreats.
    ///
    /// After `@season` lines ([`World::add_season`]) no successor is created: the seasons set
    /// up are the boards, dislodged units name the season they were dislodged in
    /// ([`World::place_dislodged_in`]), and the heads after a Fall turn take the adjustments
    /// after the retreats.
    pub fn start_in_retreat(&mut self) -> Result<(), SetupError> {
        if self.steps > 0 || self.phase != Phase::Movement {
            return Err(SetupError::AlreadyStarted);
        }
        if self.seasons.len() > 1 {
            self.phase = Phase::Retreat;
            self.pending_adjustments = self
                .heads()
                .into_iter()
                .filter(|h| h.turn > 0 && !h.is_fall())
                .collect();
            return Ok(());
        }
        let root = self.root();
        let next = SeasonKey::new(root.turn + 1, 0);
        let board = self.seasons[&root].clone();
        self.seasons.insert(
            next,
            Arc::new(Season {
                key: next,
                parent: Some(root),
                children: Vec::new(),
                units: board.units.clone(),
                owners: board.owners.clone(),
                record: None,
                created_by: None,
            }),
        );
        if let Some(s) = self.seasons.get_mut(&root).map(Arc::make_mut) {
            s.children.push(next);
        }
        self.timelines[0].head = next;
        self.retreat_successor = true;
        self.phase = Phase::Retreat;
        self.pending_adjustments = if root.is_fall() {
            vec![next]
        } else {
            Vec::new()
        };
        Ok(())
    }

    /// The season setup directives place units and owners in when they name none: the root
    /// season, or in a retreat phase set up by hand without `@season` lines, the board after
    /// the movement step (the root's successor).
    pub fn setup_season(&self) -> SeasonKey {
        if self.retreat_successor {
            self.timelines[0].head
        } else {
            self.root()
        }
    }

    /// Records a unit dislodged in the movement step before a retreat phase set up by hand
    /// ([`World::start_in_retreat`]): it stood at `loc` in the root season, the attacker came
    /// from `attacker_from` (by convoy or not). Its retreat options are computed by the
    /// retreat rules, as after an adjudicated movement step, and kept up to date while the
    /// setup goes on.
    pub fn place_dislodged(
        &mut self,
        power: Power,
        kind: UnitType,
        loc: Location,
        attacker_from: ProvinceId,
        by_convoy: bool,
    ) -> Result<(), SetupError> {
        self.place_dislodged_in(self.root(), power, kind, loc, attacker_from, by_convoy)
    }

    /// [`World::place_dislodged`] in any season set up with a child: the unit was dislodged
    /// in `season` and retreats into its most recent child.
    pub fn place_dislodged_in(
        &mut self,
        season: SeasonKey,
        power: Power,
        kind: UnitType,
        loc: Location,
        attacker_from: ProvinceId,
        by_convoy: bool,
    ) -> Result<(), SetupError> {
        self.check_retreat_setup()?;
        let into = *self
            .seasons
            .get(&season)
            .ok_or(SetupError::NoSuchSeason(season))?
            .children
            .last()
            .ok_or(SetupError::NoChild(season))?;
        if !self.map.can_stand(kind, loc) {
            return Err(SetupError::CannotStand);
        }
        if let Some(d) = self
            .pending_retreats
            .iter()
            .find(|d| d.at.season == season && d.at.loc.province == loc.province)
        {
            return Err(SetupError::AlreadyDislodged(d.power, d.kind));
        }
        self.pending_retreats.push(Dislodged {
            at: Pos { season, loc },
            power,
            kind,
            into,
            attacker_from: Spot {
                season,
                province: attacker_from,
            },
            by_convoy,
            contested: Vec::new(),
            options: Vec::new(),
        });
        self.pending_retreats
            .sort_by_key(|d| (d.at.season, d.at.loc.province));
        self.refresh_retreat_options();
        Ok(())
    }

    /// Records a province left empty by a standoff in the movement step before a retreat
    /// phase set up by hand: no unit may retreat there.
    pub fn add_standoff(&mut self, province: ProvinceId) -> Result<(), SetupError> {
        self.check_retreat_setup()?;
        if !self.setup_standoffs.contains(&province) {
            self.setup_standoffs.push(province);
            self.setup_standoffs.sort_unstable();
        }
        self.refresh_retreat_options();
        Ok(())
    }

    /// Whether the world is a retreat phase set up by hand, still before its first step.
    fn check_retreat_setup(&self) -> Result<(), SetupError> {
        if self.steps > 0 {
            Err(SetupError::AlreadyStarted)
        } else if self.phase != Phase::Retreat {
            Err(SetupError::NotInRetreatPhase)
        } else {
            Ok(())
        }
    }

    /// The retreat options of the units dislodged by hand, by the retreat rules, on the board
    /// as set up so far.
    fn refresh_retreat_options(&mut self) {
        if self.steps > 0 || self.phase != Phase::Retreat {
            return;
        }
        let mut pending = std::mem::take(&mut self.pending_retreats);
        for d in &mut pending {
            d.contested.clone_from(&self.setup_standoffs);
            d.options = self.retreat_options(d);
        }
        self.pending_retreats = pending;
    }

    /// Makes the root season `turn:0` (setup, before any step; units placed so far move along).
    pub fn set_root_turn(&mut self, turn: u32) -> Result<(), SetupError> {
        let old = self.root();
        let new = SeasonKey::new(turn, 0);
        if old == new && self.steps == 0 {
            return Ok(());
        }
        if self.steps > 0 {
            return Err(SetupError::AlreadyStarted);
        }
        // After `start_in_retreat` or `@season` lines the root has company: its turn is settled.
        if self.seasons.len() > 1 {
            return Err(if self.phase == Phase::Movement {
                SetupError::TurnAfterSeasons
            } else {
                SetupError::AlreadyStarted
            });
        }
        let mut season = Arc::unwrap_or_clone(
            self.seasons
                .remove(&old)
                .ok_or(SetupError::NoSuchSeason(old))?,
        );
        season.key = new;
        self.seasons.insert(new, Arc::new(season));
        self.timelines[0].first = new;
        self.timelines[0].head = new;
        for p in &mut self.pending_adjustments {
            if *p == old {
                *p = new;
            }
        }
        Ok(())
    }

    /// Places a unit in a season (setup).
    pub fn place_unit(
        &mut self,
        season: SeasonKey,
        power: Power,
        kind: UnitType,
        loc: Location,
    ) -> Result<(), SetupError> {
        if self.steps > 0 {
            return Err(SetupError::AlreadyStarted);
        }
        if !self.map.can_stand(kind, loc) {
            return Err(SetupError::CannotStand);
        }
        let s = self
            .seasons
            .get_mut(&season)
            .map(Arc::make_mut)
            .ok_or(SetupError::NoSuchSeason(season))?;
        if let Some(u) = s.unit_at(loc.province) {
            return Err(SetupError::Occupied(u.power, u.kind));
        }
        s.units.push(BoardUnit {
            power,
            kind,
            loc,
            origin: Origin::Placed,
        });
        s.units.sort_unstable_by_key(|u| u.loc.province);
        self.refresh_retreat_options();
        Ok(())
    }

    /// Sets the owner of a supply centre in a season (setup).
    pub fn set_owner(
        &mut self,
        season: SeasonKey,
        province: ProvinceId,
        owner: Option<Power>,
    ) -> Result<(), SetupError> {
        if !self.map.is_supply_centre(province) {
            return Err(SetupError::NotASupplyCentre);
        }
        let s = self
            .seasons
            .get_mut(&season)
            .map(Arc::make_mut)
            .ok_or(SetupError::NoSuchSeason(season))?;
        s.owners[province.0 as usize] = owner;
        Ok(())
    }
}
