//! A file's orders written in other programs' formats, read off its typed report
//! ([`crate::FileReport`]): pure values, no IO (the `mdip export` subcommand reads and writes the
//! files).

pub mod fivedd;
pub mod text;
