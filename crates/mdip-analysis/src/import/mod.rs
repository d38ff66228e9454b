//! Test suites and game states in other formats converted into self-checking order files:
//! pure text to text, no IO (the `mdip import` subcommand reads and writes the files).

pub mod fivedd;
pub mod jdip;
pub mod notation;
pub mod python_diplomacy;
