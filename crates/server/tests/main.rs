//! The integration tests of `server`, one module per file, built
//! as one test binary: one link instead of one per file (CI builds
//! every test binary of the workspace from scratch).

mod catalog;
mod common;
mod learned_bots;
mod malformed_input;
mod memory;
mod postgres;
mod scale_out;
mod sqlite;
mod telemetry;
