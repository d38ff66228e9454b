//! Repository checks that run inside `cargo test` (see `tests/tidy.rs`).
//!
//! This crate has no code of its own and no dependencies, so that `.ci/run` can run its tests
//! first, in seconds, before the workspace is built: they check that the repository is
//! self-contained (nothing reaches a folder outside it or names a path of one machine), that it
//! carries its licences, and that no package metadata is a placeholder.
