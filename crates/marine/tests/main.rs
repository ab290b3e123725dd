//! The integration tests of `eons-marine`, one module per file, built
//! as one test binary: one link instead of one per file (CI builds
//! every test binary of the workspace from scratch).

mod cards;
mod common;
mod evaluate;
mod event_places;
mod golden;
mod learn;
mod prompts;
mod properties;
mod rulebook_examples;
mod rules;
mod rules_summary;
mod score_sheet;
mod texts;
mod traits;
