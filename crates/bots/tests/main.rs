//! The integration tests of `eons-bots`, one module per file, built
//! as one test binary: one link instead of one per file (CI builds
//! every test binary of the workspace from scratch).

mod analysis;
mod bots;
mod common;
mod net;
mod selfplay;
mod spec;
mod tournament;
