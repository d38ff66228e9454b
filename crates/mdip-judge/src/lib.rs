//! The mdip adjudicator: standard Diplomacy to DATC v3.0 (preferred options, 2023 rulebook),
//! built to carry multiversal time travel on the same core. It never sees text and does no IO.
//!
//! # Phases
//!
//! - **Movement**: [`adjudicate_movement`] takes a [`MovementInput`] (every [`Unit`] with one
//!   [`Order`] and [`Pin`]) and a [`Geography`], and returns a [`MovementResult`]: an
//!   [`Outcome`] with a [`Reason`] per unit, the positions after the phase, the
//!   [`Dislodgement`]s and the places left empty by a standoff.
//! - **Retreats**: [`adjudicate_retreats`] takes the units, the movement result and the
//!   [`RetreatOrder`]s, and returns a [`RetreatResult`].
//! - **Adjustments**: [`adjudicate_adjustments`] takes the [`Rules`], one board's units
//!   ([`AdjustmentUnit`]), its supply-centre owners and the [`AdjustmentOrder`]s in file order
//!   ([`PowerOrder`]), and returns an [`AdjustmentResult`] with builds, removals
//!   ([`RemovedUnit`]) and civil disorder. [`update_ownership`] moves supply centres to the
//!   powers occupying them after a Fall turn.
//!
//! - **Legality help**: [`convoy_possible`] and [`convoy_order_is_legal`] answer the convoy
//!   questions of DATC 4.E.1 that depend on the whole board (6.D.31, 6.D.32, 6.G.7, 6.G.19), for
//!   the caller that turns illegal orders into holds.
//! - **Multiverse**: the [`world`] module keeps seasons and timelines and builds, for each step,
//!   one decision graph over several sites for the core above.
//!
//! # Places and sites
//!
//! Everything is keyed by [`Place`]: a province on a board ([`Site`]). Standard Diplomacy uses
//! the single board `Site(0)`; the multiversal layer gives each season its own site, so one
//! decision graph spans several seasons. Positions with a coast are [`At`]. Adjacency comes only
//! through the [`Geography`] trait ([`MapGeography`] for one board of any map,
//! [`StandardGeography`] for the standard map's).
//!
//! # Pins
//!
//! Every order carries a [`Pin`]: `Free` orders are adjudicated; `Succeeds` and `Fails` fix
//! the final resolution of the order, which still takes its part in the battles (a move pinned
//! to fail keeps its attack and prevent strength; a move pinned to succeed leaves its place; a
//! pinned support is given and uncuttable, or worthless; a pinned convoy is available or not).
//!
//! # Rules
//!
//! The options below are named policies of a [`Rules`] value ([`Rules::mdatc`] and
//! [`Rules::standard`], chosen by `@rules`): the judge reads the policy where it applies, so a
//! second rule set is a second value. The map is a value too: a [`world::World`] holds the
//! [`mdip_map::Map`] it was made with, and a variant map is its data plus a rules value.
//!
//! The decisions are those of DATC chapter 5, solved with partial information; cycles take the
//! backup rule (circular movement succeeds, convoy paradoxes by the Szykman rule). DATC options
//! follow chapter 4's preferences: multi-route convoys are disrupted only when every route is
//! (4.A.1); Szykman rule (4.A.2); convoy to an adjacent place only with `via Convoy` or a
//! convoying fleet of the army's own power, with no fallback to the land route (4.A.3); a
//! convoyed attack does not cut a support directed at its own origin (4.A.4); retreat to the
//! attacker's origin allowed after a convoyed attack (4.A.5); a dislodged unit still bounces
//! outside a head-to-head battle (4.A.7); adjustment orders handled one by one (4.D.4–4.D.6);
//! civil disorder by distance to the nearest owned supply centre over land and sea (4.D.8).
//!
//! No power dislodges its own unit, nor does its support count towards dislodging its own unit;
//! a support is not cut by an attack from the place it is directed at; a unit never cuts the
//! support of its own power.

mod adjustment;
mod engine;
mod geography;
mod legality;
mod movement;
mod reason;
mod retreat;
mod rules;
pub mod world;

pub use adjustment::{
    adjudicate_adjustments, update_ownership, AdjustmentResult, AdjustmentUnit,
    BoardAdjustmentOrder, OwnershipChange, PowerAdjustment, PowerOrder, RemovedUnit,
};
pub use geography::{At, Geography, MapGeography, Place, Site, StandardGeography};
pub use legality::{convoy_chain_fleets, convoy_order_is_legal, convoy_possible, ConvoyRoutes};
pub use movement::{
    adjudicate_movement, Dislodgement, Met, MovementInput, MovementResult, Opposition, Order, Pin,
    PinnedOrder, Strength, Strengths, Unit, UnitId,
};
pub use reason::{Outcome, Reason};
pub use retreat::{
    adjudicate_retreats, retreat_collisions, retreat_options, BoardRetreatOrder, RetreatBoard,
    RetreatOutcome, RetreatResult, Retreating, UnitRetreat,
};
pub use rules::{
    Choice, CivilDisorder, ConvoyIntent, ForkPolicy, OrderFit, Preset, Reopening, RuleOption,
    Rules, RulesError, TimeAdjacency, Victory, Winters, OPTIONS, PRESETS,
};
