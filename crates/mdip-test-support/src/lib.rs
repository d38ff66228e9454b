//! Shared support of mdip's tests and benchmarks (a dev-dependency only, never published).
//!
//! - Random multiversal games, used by the judge's and the analysis's `multiverse_properties`
//!   tests and the analysis's `multiverse` and `scale` benchmarks. It uses only the public World
//!   API. A game is a [`Setup`] (the standard opening or a small random position) and a list of
//!   [`StepInput`]s, one per step the World runs: movement steps give (almost) every unit of
//!   every head a random order the rules allow (holds, moves to adjacent provinces, moves one
//!   turn back or into adjacent timelines, supports of nearby moves and holds, also of recorded
//!   moves of past units, convoys), retreat steps retreat or disband dislodged units, adjustment
//!   steps build, remove and waive. A budget limits the orders that re-open past seasons, so
//!   that the number of timelines grows steadily instead of exponentially. The modules:
//!   [`rng`] (the seeded generator), [`games`] (configuration, setups, step inputs, the game
//!   generator), [`generator`] (the random orders of one step), [`text`] (the equivalent
//!   `.mdip` text), [`digest`] (comparing worlds) and [`checks`] (the checks after every step).
//!   Their items are re-exported here.
//! - [`fixtures`]: DATC-style fixtures of the judge's tests and benchmarks (terse order lines
//!   to adjudicator inputs, outcome checks).
//! - `lsp` (feature `lsp`): an in-process JSON-RPC client of the language server, used by the
//!   LSP crate's tests and latency benchmark. The feature pulls in the server, so that the
//!   judge's tests do not compile it.
//!
//! Crates that use it list it as a dev-dependency; since it depends on `mdip-judge` (and, with
//! `lsp`, on `mdip-lsp`), the judge's and the server's own integration tests link the same copy
//! of the crate under test as this one.

pub mod checks;
pub mod digest;
pub mod fixtures;
pub mod games;
pub mod generator;
#[cfg(feature = "lsp")]
pub mod lsp;
pub mod rng;
pub mod text;

pub use checks::{
    check_adjustment, check_movement, check_ownership, check_retreat, check_world, run_checked,
    Stats,
};
pub use digest::{digest, first_difference, Digest};
pub use games::{apply, generate, Config, Game, Setup, Start, StepInput, StepReport, Verdict};
pub use rng::Rng;
pub use text::{game_text, GameText, Style};
