//! Game records: `(game, setup, seed, choices)` replay a game bit for bit.

use crate::game::{Game, Seat, Turn};
use serde::{Deserialize, Serialize};

/// A complete, replayable game record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Record<G: Game> {
    /// The game's id ([`Game::ID`]).
    pub game: String,
    /// The setup.
    pub setup: G::Setup,
    /// The seed of the state's RNG.
    pub seed: u64,
    /// Every choice in order, with the seat that made it.
    pub choices: Vec<RecordedChoice<G>>,
}

/// One entry of a record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct RecordedChoice<G: Game> {
    /// The seat that chose.
    pub seat: Seat,
    /// The choice.
    pub choice: G::Choice,
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The record names another game.
    #[error("the record is for game `{found}`, not `{expected}`")]
    WrongGame {
        /// This game's id.
        expected: String,
        /// The id in the record.
        found: String,
    },
    /// The setup is invalid.
    #[error("{0}")]
    Setup(String),
    /// Choice `index` was made by the wrong seat or after the end.
    #[error("choice {index}: recorded for {recorded} but the turn is {actual:?}")]
    WrongSeat {
        /// Position in the record.
        index: usize,
        /// The seat in the record.
        recorded: Seat,
        /// Whose turn it really was.
        actual: Turn,
    },
    /// Choice `index` was illegal.
    #[error("choice {index}: {message}")]
    Illegal {
        /// Position in the record.
        index: usize,
        /// The rule that refused it.
        message: String,
    },
}

impl<G: Game> Record<G> {
    /// An empty record for a new game.
    pub fn new(setup: G::Setup, seed: u64) -> Self {
        Record {
            game: G::ID.to_string(),
            setup,
            seed,
            choices: Vec::new(),
        }
    }

    /// Replays the record, returning the final state and every event.
    pub fn replay(&self) -> Result<(G::State, Vec<G::Event>), ReplayError> {
        self.replay_with(|_, _, _| {})
    }

    /// Replays the record like [`Record::replay`], showing `visit` each
    /// state before its recorded choice is played: the choice's index, the
    /// state, and the seat that chose.
    pub fn replay_with(
        &self,
        mut visit: impl FnMut(usize, &G::State, Seat),
    ) -> Result<(G::State, Vec<G::Event>), ReplayError> {
        if self.game != G::ID {
            return Err(ReplayError::WrongGame {
                expected: G::ID.into(),
                found: self.game.clone(),
            });
        }
        let mut s = G::new(&self.setup, self.seed).map_err(|e| ReplayError::Setup(e.0))?;
        let mut events = Vec::new();
        for (index, rc) in self.choices.iter().enumerate() {
            let t = G::turn(&s);
            if t != Turn::Seat(rc.seat) {
                return Err(ReplayError::WrongSeat {
                    index,
                    recorded: rc.seat,
                    actual: t,
                });
            }
            visit(index, &s, rc.seat);
            G::apply(&mut s, rc.choice, &mut events).map_err(|e| ReplayError::Illegal {
                index,
                message: e.to_string(),
            })?;
        }
        Ok((s, events))
    }
}
