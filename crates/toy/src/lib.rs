//! `eons-toy`: the toy game of the tests, never in a shipped binary.
//!
//! Without its `games` feature this crate is empty: the programs depend on
//! it, and only their test builds turn the feature on (each lists
//! `eons-toy` again among its dev-dependencies with `features = ["games"]`,
//! which Cargo applies only while it builds tests), so a release build of
//! `eons` or `eons-server` carries no toy game.
//!
//! [`CardRace`] (id `demo`) is a small but complete hidden-hand racing game
//! with options, roles, a second decision that may be taken back, a card
//! drawn that only its drawer may read in the log, and position files: the
//! command line's tests play it through every command, the server's
//! (offered with `--test-games`) for everything that needs a short game,
//! among them that no seat ever receives another seat's secrets; the
//! bots' tests for forced wins, determinization, cut-off rewards and
//! tournaments; and `eons-core`'s harness tests plant their bugs into a
//! wrapper around it.
//!
//! [`visit`] runs code written once over `G: Game + Positions + Presentation` for a toy
//! named at run time, as `eons_games::visit` does for the real games.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "games")]
mod race;

#[cfg(feature = "games")]
pub use race::{
    CardRace, CardRaceChoice, CardRaceError, CardRaceEvent, CardRaceSetup, CardRaceState,
    CardRaceView, Phase as CardRacePhase,
};

use eons_core::{Game, OptionInfo, Positions, Presentation};

/// Code written once for any toy game, run for a toy named at run time.
pub trait ToyVisitor {
    /// What running it gives.
    type Output;
    /// Runs it with the toy game `G`.
    fn visit<G: Game + Positions + Presentation>(self) -> Self::Output;
}

/// A toy game, described without its type.
#[derive(Copy, Clone, Debug)]
pub struct ToyKind {
    /// Its id.
    pub id: &'static str,
    /// Its name.
    pub name: &'static str,
    /// Its setup options.
    pub options: &'static [OptionInfo],
}

/// Runs `visitor` with the toy game whose id is `id` (Card Race, `demo`); gives the visitor
/// back when there is none (always, without the `games` feature).
pub fn visit<V: ToyVisitor>(id: &str, visitor: V) -> Result<V::Output, V> {
    #[cfg(feature = "games")]
    {
        if id == CardRace::ID {
            return Ok(visitor.visit::<CardRace>());
        }
    }
    let _ = id;
    Err(visitor)
}

/// Every toy game the command line plays (none without the `games`
/// feature).
pub fn kinds() -> Vec<ToyKind> {
    #[allow(unused_mut)]
    let mut kinds = Vec::new();
    #[cfg(feature = "games")]
    {
        fn kind<G: Game>() -> ToyKind {
            ToyKind {
                id: G::ID,
                name: G::NAME,
                options: G::OPTIONS,
            }
        }
        kinds.push(kind::<CardRace>());
    }
    kinds
}
