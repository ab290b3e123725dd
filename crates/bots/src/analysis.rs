//! The analysis of a finished game, for a person learning it: each seat's
//! estimated win probability at every step, and the steps where a seat's
//! estimate fell most, with the choice a bot would have made there.
//!
//! Written for any [`Game`]: the command line (`eons analyse`) and the
//! server (`GET /api/games/{id}/analysis`) share it.
//!
//! * **Steps.** Step `k` is the position after the record's first `k`
//!   choices: step 0 is the deal, step `n` (a record of `n` choices) the end
//!   of the game, where the row is the real result (1 for the winner,
//!   `Outcome::ranking[0]`, 0 for the others). Step `k` for `k ≥ 1` is the
//!   position right after choice number `k`, which is how `eons replay`
//!   numbers its log.
//! * **Estimator.** The game's value network for its player count when the
//!   program carries one ([`learned::resolve`]), read from the observation
//!   of the seat to move (as a search's leaves read it); else a softmax over
//!   the seats of [`Game::evaluate`] with temperature
//!   [`Game::evaluation_scale`] (or [`DEFAULT_TEMPERATURE`] when the game
//!   gives none). The analysis names the one it used ([`Estimator`]).
//! * **Drops.** A drop is the fall of a seat's estimate over one of its
//!   own choices, from step `k - 1` to step `k` (`k < n`: the last row is
//!   the result, not an estimate, so a fall into it is left out): what
//!   choice number `k` and whatever chance it set off cost the seat that
//!   made it. Falls over another seat's choice are left out: a coach points
//!   at what a player could have done otherwise (and in a game whose
//!   estimate counts pieces on the board, every opponent's placement at the
//!   deal would read as a fall). The largest [`Options::drops`] are kept,
//!   largest first (ties: earlier step, then lower seat first), each with
//!   the choice the bot [`Options::bot`] makes at step `k - 1` for that
//!   seat, in the game's words ([`Game::describe_choice`]).

use crate::learned::{self, LeafNet, NetSource};
use crate::net::{evaluate_with, Scratch};
use crate::{mix_seed, BotSpec, SpecError};
use eons_core::{Game, Record, ReplayError, Seat, Turn};
use serde::{Serialize, Serializer};
use std::fmt;

/// The softmax temperature of [`Game::evaluate`] for a game that gives no
/// [`Game::evaluation_scale`]: 10, a clear edge of ten points (the
/// evaluations are score differences).
pub const DEFAULT_TEMPERATURE: f64 = 10.0;

/// The number of drops kept unless told otherwise.
pub const DEFAULT_DROPS: usize = 5;

/// The bot that names a better choice at each drop unless told otherwise: a
/// short search (1,000 iterations; deterministic).
pub const DEFAULT_BOT: &str = "mcts:1000it";

/// How to analyse a game.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Options {
    /// The number of drops kept (the largest).
    pub drops: usize,
    /// The bot whose choice is given at each drop.
    pub bot: BotSpec,
    /// Mixed with the record's seed and the step to seed the bot.
    pub seed: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            drops: DEFAULT_DROPS,
            // The constant parses (tested).
            bot: BotSpec::parse(DEFAULT_BOT).unwrap_or_else(|_| BotSpec::greedy()),
            seed: 0,
        }
    }
}

/// Which estimate of the win probabilities an analysis used.
#[derive(Clone, Debug, PartialEq)]
pub enum Estimator {
    /// A value network, for `game` with `players` seats (`network ds-4p`).
    Network {
        /// The game's id.
        game: String,
        /// The player count.
        players: usize,
    },
    /// A softmax of [`Game::evaluate`] over the seats (`evaluate`).
    Evaluate {
        /// The softmax's temperature.
        temperature: f64,
    },
}

impl fmt::Display for Estimator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Estimator::Network { game, players } => write!(f, "network {game}-{players}p"),
            Estimator::Evaluate { .. } => f.write_str("evaluate"),
        }
    }
}

impl Serialize for Estimator {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Every seat's estimated win probability at one step.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StepEstimate {
    /// The number of choices made before this position (0: the deal).
    pub step: usize,
    /// Each seat's probability, in seat order; they sum to 1.
    pub win: Vec<f64>,
}

/// A fall of a seat's estimate over one choice.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EstimateDrop {
    /// The step after the choice (the choice's number, from 1).
    pub step: usize,
    /// The seat whose estimate fell: the one that made the choice.
    pub seat: Seat,
    /// Its estimate before the choice (step `step - 1`).
    pub before: f64,
    /// Its estimate after it (step `step`).
    pub after: f64,
    /// What the bot would have chosen at step `step - 1` for the seat, in
    /// the game's words.
    pub bot_choice: String,
}

impl EstimateDrop {
    /// How far the estimate fell.
    pub fn size(&self) -> f64 {
        self.before - self.after
    }
}

/// The analysis of a finished game (serialised as
/// `{estimator, steps: [{step, win}], drops: [{step, seat, before, after, bot_choice}]}`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    /// Which estimate the rows are.
    pub estimator: Estimator,
    /// One row per step, from the deal (step 0) to the end.
    pub steps: Vec<StepEstimate>,
    /// The largest drops, largest first.
    pub drops: Vec<EstimateDrop>,
}

/// How far an analysis has come: `done` of `total` bot searches.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Searches done.
    pub done: usize,
    /// Searches in all.
    pub total: usize,
}

/// Why a game cannot be analysed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum AnalysisError {
    /// The record does not replay.
    #[error("the record does not replay: {0}")]
    Replay(#[from] ReplayError),
    /// The record ends before the game does.
    #[error("the game is not finished: {seat} is to move after {choices} choices")]
    Unfinished {
        /// The seat to move at the end of the record.
        seat: Seat,
        /// The record's length.
        choices: usize,
    },
    /// The game is over but the engine gives no outcome (an engine bug).
    #[error("the game is over but the engine gives no outcome")]
    NoOutcome,
    /// The bot cannot play this game.
    #[error("{0}")]
    Bot(#[from] SpecError),
    /// The bot gave no choice at a drop.
    #[error("the bot {bot} gave no choice at step {step}")]
    NoBotChoice {
        /// The bot's spec.
        bot: String,
        /// The position it was asked about (the step before the drop).
        step: usize,
    },
}

/// The estimator of a game: its network or its evaluation.
enum Estimate<G: Game> {
    Network(LeafNet<G>, Scratch, Vec<f32>),
    Evaluate(f64),
}

impl<G: Game> Estimate<G> {
    /// The game's shipped network for `players` when there is one, else
    /// its evaluation.
    fn for_players(players: usize) -> Estimate<G> {
        match learned::resolve::<G>(NetSource::Shipped, players) {
            Ok(net) => Estimate::Network(net, Scratch::new(), vec![0.0; players]),
            Err(_) => Estimate::Evaluate(G::evaluation_scale().unwrap_or(DEFAULT_TEMPERATURE)),
        }
    }

    fn name(&self) -> Estimator {
        match self {
            Estimate::Network(net, _, _) => Estimator::Network {
                game: net.net.game().to_string(),
                players: net.net.players(),
            },
            Estimate::Evaluate(temperature) => Estimator::Evaluate {
                temperature: *temperature,
            },
        }
    }

    /// Every seat's probability in `state`, where `mover` is to move.
    fn win(&mut self, state: &G::State, mover: Seat, seats: usize) -> Vec<f64> {
        match self {
            Estimate::Network(net, scratch, out) => {
                out.fill(0.0);
                evaluate_with::<G>(&net.net, net.observe, state, mover, scratch, out);
                normalised(out.iter().map(|&p| f64::from(p)).collect())
            }
            Estimate::Evaluate(temperature) => {
                let values: Vec<f64> = (0..seats)
                    .map(|i| G::evaluate(state, Seat(i as u8)) / *temperature)
                    .collect();
                softmax(&values)
            }
        }
    }
}

/// A softmax of `values`.
fn softmax(values: &[f64]) -> Vec<f64> {
    let max = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let exp: Vec<f64> = values
        .iter()
        .map(|&v| {
            if max.is_finite() {
                (v - max).exp()
            } else {
                1.0
            }
        })
        .collect();
    normalised(exp)
}

/// `values` scaled to sum to 1 (an even split when they cannot be).
fn normalised(mut values: Vec<f64>) -> Vec<f64> {
    let total: f64 = values.iter().sum();
    if total.is_finite() && total > 0.0 {
        for v in &mut values {
            *v /= total;
        }
    } else {
        let even = 1.0 / values.len().max(1) as f64;
        values.fill(even);
    }
    values
}

/// Analyses the finished game of `record` (see the module docs), calling
/// `progress` before the bot's first search and after each.
pub fn analyse<G: Game>(
    record: &Record<G>,
    options: &Options,
    mut progress: impl FnMut(Progress),
) -> Result<Analysis, AnalysisError> {
    // Each seat's estimate before every recorded choice (the estimator is
    // picked for the player count at the first one).
    let mut estimate: Option<Estimate<G>> = None;
    let mut steps = Vec::with_capacity(record.choices.len() + 1);
    let (state, _) = record.replay_with(|index, state, seat| {
        let seats = G::seats(state);
        let estimate = estimate.get_or_insert_with(|| Estimate::for_players(seats));
        steps.push(StepEstimate {
            step: index,
            win: estimate.win(state, seat, seats),
        });
    })?;
    let seats = G::seats(&state);
    let estimate = estimate.unwrap_or_else(|| Estimate::for_players(seats));
    options.bot.check::<G>(seats)?;
    if let Turn::Seat(seat) = G::turn(&state) {
        return Err(AnalysisError::Unfinished {
            seat,
            choices: record.choices.len(),
        });
    }
    let winner = G::outcome(&state)
        .and_then(|o| o.winner())
        .ok_or(AnalysisError::NoOutcome)?;
    steps.push(StepEstimate {
        step: record.choices.len(),
        win: (0..seats)
            .map(|i| if i == winner.index() { 1.0 } else { 0.0 })
            .collect(),
    });

    let mut drops: Vec<EstimateDrop> = Vec::new();
    // The last row is the result, not an estimate: a fall into it measures
    // the estimator, not the choice, so drops are taken between estimates.
    let estimated = &steps[..steps.len() - 1];
    for (before, after) in estimated.iter().zip(&estimated[1..]) {
        // The seat that made choice number `after.step`.
        let Some(chosen) = record.choices.get(after.step - 1) else {
            continue;
        };
        let seat = chosen.seat;
        let (Some(&b), Some(&a)) = (before.win.get(seat.index()), after.win.get(seat.index()))
        else {
            continue;
        };
        if b > a {
            drops.push(EstimateDrop {
                step: after.step,
                seat,
                before: b,
                after: a,
                bot_choice: String::new(),
            });
        }
    }
    drops.sort_by(|a, b| {
        b.size()
            .total_cmp(&a.size())
            .then(a.step.cmp(&b.step))
            .then(a.seat.cmp(&b.seat))
    });
    drops.truncate(options.drops);

    // The bot's choices: a second replay keeps the state before each drop.
    let total = drops.len();
    progress(Progress { done: 0, total });
    let mut order: Vec<usize> = (0..total).collect();
    order.sort_by_key(|&i| drops[i].step);
    let mut positions: Vec<usize> = order.iter().map(|&i| drops[i].step - 1).collect();
    positions.dedup();
    let mut before_drops: Vec<(usize, G::State)> = Vec::with_capacity(positions.len());
    record.replay_with(|index, state, _| {
        if positions.binary_search(&index).is_ok() {
            before_drops.push((index, state.clone()));
        }
    })?;
    for (done, &i) in order.iter().enumerate() {
        let position = drops[i].step - 1;
        // Every position was visited: each drop's step is a recorded choice's.
        let state = positions
            .binary_search(&position)
            .ok()
            .and_then(|k| before_drops.get(k))
            .map(|(_, state)| state)
            .ok_or_else(|| AnalysisError::NoBotChoice {
                bot: options.bot.to_string(),
                step: position,
            })?;
        let seat = record.choices[position].seat;
        let seed = mix_seed(mix_seed(options.seed, record.seed), position as u64);
        let mut bot = options.bot.build::<G>(seed);
        let choice = bot
            .choose(state, seat)
            .ok_or_else(|| AnalysisError::NoBotChoice {
                bot: options.bot.to_string(),
                step: position,
            })?;
        drops[i].bot_choice = G::describe_choice(state, choice);
        progress(Progress {
            done: done + 1,
            total,
        });
    }
    Ok(Analysis {
        estimator: estimate.name(),
        steps,
        drops,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_bot_parses() {
        assert_eq!(
            BotSpec::parse(DEFAULT_BOT).map(|s| s.to_string()),
            Ok(DEFAULT_BOT.to_string())
        );
    }

    #[test]
    fn softmax_sums_to_one_and_keeps_the_order() {
        let p = softmax(&[1.0, -3.0, 0.5]);
        assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(p[0] > p[2] && p[2] > p[1], "{p:?}");
        assert_eq!(softmax(&[f64::NEG_INFINITY; 2]), vec![0.5, 0.5]);
    }

    #[test]
    fn estimators_are_named_as_the_issue_gives() {
        let net = Estimator::Network {
            game: "ds".into(),
            players: 4,
        };
        assert_eq!(net.to_string(), "network ds-4p");
        let evaluate = Estimator::Evaluate { temperature: 10.0 };
        assert_eq!(
            serde_json::to_value(&evaluate).ok(),
            Some(serde_json::json!("evaluate"))
        );
    }
}
