//! The integration tests of `eons-pangea`, one module per file, built
//! as one test binary: one link instead of one per file (CI builds
//! every test binary of the workspace from scratch).

mod audit;
mod cards;
mod common;
mod evaluate;
mod event_places;
mod examples;
mod golden;
mod hooks;
mod learn;
mod positions;
mod properties;
mod rules;
mod rules_summary;
mod score_sheet;
mod texts;
