//! The integration tests of `eons-server`, one module per file, built
//! as one test binary: one link instead of one per file (CI builds
//! every test binary of the workspace from scratch). The abuse suite is a
//! binary of its own (`tests/abuse/main.rs`).

mod catalog;
mod common;
mod learned_bots;
mod malformed_input;
mod memory;
mod postgres;
mod scale_out;
mod sqlite;
mod telemetry;
