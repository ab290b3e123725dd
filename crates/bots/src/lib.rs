//! `eons-bots`: bots that play any [`eons_core::Game`], and a seat-rotated
//! tournament runner for balance studies.
//!
//! A game crate plugs in with no bot code of its own: everything here works
//! through the [`Game`] trait. A game may override [`Game::evaluate`] to give
//! the greedy bot and the search's depth cap a better heuristic, and
//! [`Game::evaluation_scale`] to have the search grade a cut-off rollout by
//! that heuristic instead of giving it all to the leader.
//!
//! # Bots
//!
//! | spec | bot | what it does |
//! |---|---|---|
//! | `random` | [`RandomBot`] | uniform over the legal choices |
//! | `greedy` | [`GreedyBot`] | one-ply lookahead maximising [`Game::evaluate`] on determinizations |
//! | `mcts:…` | [`MctsBot`] | information-set Monte Carlo tree search (SO-ISMCTS) |
//!
//! All bots implement the object-safe [`Bot`] trait and are built from a
//! [`BotSpec`], parsed from a short string (see [`spec`] for the grammar):
//!
//! ```text
//! random
//! greedy                 greedy:samples=8
//! mcts                   (= mcts:medium)
//! mcts:easy | mcts:medium | mcts:hard
//! mcts:2000it            an iteration budget (deterministic)
//! mcts:500ms | mcts:1s   a time budget per decision
//! mcts:1s,threads=2,c=0.7,depth=200
//! mcts:1s,early-stop=off  always spend the whole budget
//! mcts:1s,reward=graded,scale=5   grade cut-off rollouts by 5 points
//! mcts:1s,reward=leader  the score leader takes a cut-off rollout's reward
//! mcts:1s,eval=net       the game's built-in value network at the leaves
//! mcts:1s,eval=net,mix=0.25  a leaf worth a quarter the network, the rest a rollout
//! mcts:learned           (= mcts:1s,eval=net,mix=0.5)
//! mcts:1s,net=PATH       a value network file (the command line only)
//! ```
//!
//! `eval=net` needs a network for the game and player count: see
//! [`learned`] and `docs/learning.md`; [`BotSpec::check`] refuses a spec
//! whose network is missing.
//!
//! A one-thread search stops before its budget once the rest of it could no
//! longer change the choice (the leader's visit lead exceeds the iterations
//! left; see [`mcts`]), so `mcts:1s` often answers sooner than a second.
//!
//! Strength levels ([`Level`]): `easy` = 100 iterations, `medium` = 1,000
//! iterations, `hard` = 10,000 iterations on 2 threads. They are iteration
//! budgets so that a levelled bot is deterministic given its seed; how long a
//! decision takes depends on the game. `learned` is one second per decision
//! (one thread) with the game's value network at the leaves.
//!
//! # No cheating
//!
//! A bot is handed the true state (`&G::State`) but only ever reads it through
//! paths that are safe for the seat it plays:
//!
//! * [`Game::turn`] (public) and [`Game::legal`] of the seat to move (the
//!   choices a seat may click are shown to that seat, so a game's `legal`
//!   must depend only on what that seat knows: the bots rely on this);
//! * [`Game::determinize`] with the bot's own seat, which re-draws everything
//!   that seat has not seen (deck order, face-down tiles, bag contents, other
//!   seats' hands and peeks, and the state's RNG) from the bot's seed.
//!
//! Every lookahead (greedy) and every search iteration (MCTS) runs on such a
//! determinization, never on the true state. So two true states that look the
//! same to the seat give the same choice for the same bot seed (tested).
//!
//! # Determinism
//!
//! Every bot owns a [`GameRng`](eons_core::GameRng) seeded at construction.
//! With an iteration budget a bot's choices are a pure function of its seed
//! and of what its seat has seen (also with `threads=2`: each thread runs a
//! fixed share of the iterations from its own derived seed and the root
//! statistics are merged in thread order). With a time budget the number of
//! iterations depends on the machine; that is fine because a game record
//! stores the choices, not the bots.
//!
//! # Tournaments
//!
//! [`tournament::run`] plays `N` seat-rotated games between bot specs and
//! returns a [`tournament::Report`]; [`tournament::format_report`] prints it.
//! This is all the `eons tournament` subcommand needs:
//!
//! ```no_run
//! use eons_bots::tournament::{self, Config};
//! use eons_core::Game;
//!
//! /// `eons tournament <game> --bots mcts:1s,greedy,random,random --games N --seed S [--out FILE]`
//! fn tournament_command<G: Game>(
//!     bots: &str,
//!     games: usize,
//!     seed: u64,
//!     out: Option<std::path::PathBuf>,
//! ) -> Result<(), Box<dyn std::error::Error>> {
//!     let bots = eons_bots::parse_bot_list(bots)?; // one bot per seat
//!     let mut config = Config::new(bots.len(), bots, games, seed);
//!     config.records = out; // every game as one JSON line of `eons_core::Record<G>`
//!     config.threads = 2; // games played at once
//!     let report = tournament::run::<G>(&config, |p| {
//!         // drive a progress bar here (indicatif in the CLI)
//!         eprintln!("game {}/{}", p.done, p.total);
//!     })?;
//!     println!("{}", tournament::format_report(&report));
//!     Ok(())
//! }
//! ```
//!
//! # Layers
//!
//! Each module uses only those below it (`scripts/module-layers.py` checks
//! that no import goes round in a circle):
//!
//! 1. `hash`, [`random`], [`greedy`], [`net`], [`learned`]: a fast
//!    hasher; the two simple bots; value networks and where a search
//!    finds its game's.
//! 2. [`mcts`]: the search, its budgets and its configuration (whose
//!    `Display` is the spec text after `mcts:`).
//! 3. [`spec`]: bot specs parsed from and written to text, building bots.
//! 4. [`tournament`]: seat-rotated tournaments of specs; [`selfplay`]:
//!    games between specs recorded as training data; [`analysis`]: a
//!    finished game's win probabilities step by step and its biggest drops.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod analysis;
pub mod greedy;
mod hash;
pub mod learned;
pub mod mcts;
pub mod net;
pub mod random;
pub mod selfplay;
pub mod spec;
pub mod tournament;

pub use greedy::GreedyBot;
pub use mcts::{Budget, CutoffReward, Level, MctsBot, MctsConfig, SearchStats};
pub use random::RandomBot;
pub use spec::{parse_bot_list, BotKind, BotSpec, SpecError};

use eons_core::{Game, Seat};

/// A player that picks one atomic choice for a seat.
///
/// Object-safe for a given game: tournaments hold `Box<dyn Bot<G>>`.
pub trait Bot<G: Game>: Send {
    /// Picks a legal choice for `seat` in `state`, or `None` when it is not
    /// `seat`'s turn (or there is nothing to choose). Implementations read the
    /// state only through [`Game::turn`], [`Game::legal`] of the seat to move
    /// and [`Game::determinize`] for `seat` (see the crate docs).
    fn choose(&mut self, state: &G::State, seat: Seat) -> Option<G::Choice>;
    /// A short name: the canonical spec string (`mcts:1000it`).
    fn name(&self) -> String;
    /// For a searching bot, what the search behind its last
    /// [`Bot::choose`] did (`None` when that decision did not search, e.g.
    /// a single legal choice, and for bots that never search).
    fn last_search(&self) -> Option<SearchStats> {
        None
    }
    /// For a searching bot, the root's visit count of every choice its last
    /// [`Bot::choose`] searched (in the order of [`Game::legal`]); empty when
    /// that decision did not search, and for bots that never search.
    /// Self-play records it as the search's policy ([`selfplay`]).
    fn last_visits(&self) -> &[(G::Choice, u64)] {
        &[]
    }
}

impl<G: Game> Bot<G> for Box<dyn Bot<G>> {
    fn choose(&mut self, state: &G::State, seat: Seat) -> Option<G::Choice> {
        (**self).choose(state, seat)
    }
    fn name(&self) -> String {
        (**self).name()
    }
    fn last_search(&self) -> Option<SearchStats> {
        (**self).last_search()
    }
    fn last_visits(&self) -> &[(G::Choice, u64)] {
        (**self).last_visits()
    }
}

/// Mixes two 64-bit values into a well-spread seed (SplitMix64 finaliser).
/// Used to derive per-game, per-seat and per-thread seeds from one base seed.
pub fn mix_seed(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_add(0x9E37_79B9_7F4A_7C15).rotate_left(17);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The legal choices of `seat` if it is `seat`'s turn, into `out` (cleared).
/// Returns false when it is not `seat`'s turn.
pub(crate) fn legal_for<G: Game>(state: &G::State, seat: Seat, out: &mut Vec<G::Choice>) -> bool {
    out.clear();
    if G::turn(state) != eons_core::Turn::Seat(seat) {
        return false;
    }
    G::legal(state, out);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mix_seed_spreads_neighbours() {
        let a = mix_seed(1, 0);
        let b = mix_seed(1, 1);
        let c = mix_seed(2, 0);
        assert_ne!(a, b);
        assert_ne!(a, c);
        assert_ne!(b, c);
        assert_eq!(a, mix_seed(1, 0));
    }
}
