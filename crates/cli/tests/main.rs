//! The integration tests of `eons-cli`, one module per file, built
//! as one test binary: one link instead of one per file (CI builds
//! every test binary of the workspace from scratch).

mod analyse;
mod bots;
mod cli;
mod common;
mod malformed_positions;
