//! How long writing a seat's observation takes beside playing the game,
//! whole ([`eons_core::Learnable::observe`]) or in place
//! ([`eons_core::Learnable::observe_again`]): random 4-player games, the
//! observation of the seat to move after every decision, as a batch of the
//! Python package writes them (`eons_core::testing::speed`).
//!
//!     cargo run --release -p eons-dominant-species --example observe_speed
//!
//! `--again-only`, `--whole-only` and `--nothing-only` play 120 games
//! observing one way only, for a profiler.

fn main() {
    eons_core::testing::speed::observe_speed::<eons_dominant_species::DominantSpecies>(30);
}
