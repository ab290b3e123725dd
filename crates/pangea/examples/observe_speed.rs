//! How long writing a seat's observation takes beside playing the game,
//! whole ([`eons_core::Learnable::observe`]) or in place
//! ([`eons_core::Learnable::observe_again`]): random 4-player games, the
//! observation of the seat to move after every decision, as a batch of the
//! Python package writes them (`eons_core::testing::speed`).
//!
//!     cargo run --release -p eons-pangea --example observe_speed
//!
//! `--again-only`, `--whole-only` and `--nothing-only` play 400 games
//! observing one way only, for a profiler (`perf stat` counts cycles of
//! the program alone, steadier than the time on a shared machine).

fn main() {
    eons_core::testing::speed::observe_speed::<eons_pangea::Pangea>(100);
}
