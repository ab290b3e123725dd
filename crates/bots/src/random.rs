//! The random bot: uniform over the legal choices.

use crate::{legal_for, Bot};
use eons_core::{Game, GameRng, Seat};
use std::marker::PhantomData;

/// Picks uniformly among the legal choices with its own seeded RNG.
///
/// It reads only [`Game::turn`] and [`Game::legal`] of the seat to move,
/// which are part of what that seat sees.
pub struct RandomBot<G: Game> {
    rng: GameRng,
    legal: Vec<G::Choice>,
    _game: PhantomData<fn() -> G>,
}

impl<G: Game> RandomBot<G> {
    /// A random bot whose choices are a pure function of `seed`.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: GameRng::new(seed),
            legal: Vec::new(),
            _game: PhantomData,
        }
    }
}

impl<G: Game> Bot<G> for RandomBot<G> {
    fn choose(&mut self, state: &G::State, seat: Seat) -> Option<G::Choice> {
        if !legal_for::<G>(state, seat, &mut self.legal) || self.legal.is_empty() {
            return None;
        }
        Some(self.legal[self.rng.index(self.legal.len())])
    }

    fn name(&self) -> String {
        "random".to_string()
    }
}
