//! The greedy bot: one-ply lookahead maximising [`Game::evaluate`].
//!
//! Choices are atomic and chance (draws, shuffles, reveals) happens inside
//! [`Game::apply`], so applying a choice to the *true* state would let the bot
//! peek at the next card of the real deck. The greedy bot therefore never
//! applies anything to the true state: it draws `samples` determinizations for
//! its seat ([`Game::determinize`]), applies every legal choice to a copy of
//! each, and averages `G::evaluate(after, seat)` over the samples. The choice
//! with the best average wins; exact ties are broken with the bot's seeded
//! RNG. A choice that a determinization refuses (which a consistent game never
//! does) is skipped for that sample.
//!
//! A deadline ([`GreedyBot::with_deadline`]) stops drawing further samples
//! once it has passed (the first sample is always evaluated); a decision
//! that ends before its deadline is the decision without one.

use crate::{legal_for, Bot};
use eons_core::{Game, GameRng, Seat};
use std::marker::PhantomData;
use std::time::{Duration, Instant};

/// The default number of determinizations a greedy bot averages over.
pub const DEFAULT_SAMPLES: u32 = 4;

/// One-ply lookahead on determinizations (see the module docs).
pub struct GreedyBot<G: Game> {
    rng: GameRng,
    samples: u32,
    legal: Vec<G::Choice>,
    totals: Vec<f64>,
    counts: Vec<u32>,
    ties: Vec<usize>,
    events: Vec<G::Event>,
    /// The most wall-clock time a decision may take.
    deadline: Option<Duration>,
    _game: PhantomData<fn() -> G>,
}

impl<G: Game> GreedyBot<G> {
    /// A greedy bot averaging over `samples` determinizations (at least 1).
    pub fn new(seed: u64, samples: u32) -> Self {
        GreedyBot {
            rng: GameRng::new(seed),
            samples: samples.max(1),
            legal: Vec::new(),
            totals: Vec::new(),
            counts: Vec::new(),
            ties: Vec::new(),
            events: Vec::new(),
            deadline: None,
            _game: PhantomData,
        }
    }

    /// The same bot, each of whose decisions draws no further sample once
    /// `deadline` has passed since it began (`None`: all its samples).
    pub fn with_deadline(mut self, deadline: Option<Duration>) -> Self {
        self.deadline = deadline;
        self
    }
}

impl<G: Game> Bot<G> for GreedyBot<G> {
    fn choose(&mut self, state: &G::State, seat: Seat) -> Option<G::Choice> {
        if !legal_for::<G>(state, seat, &mut self.legal) || self.legal.is_empty() {
            return None;
        }
        if self.legal.len() == 1 {
            return Some(self.legal[0]);
        }
        let n = self.legal.len();
        self.totals.clear();
        self.totals.resize(n, 0.0);
        self.counts.clear();
        self.counts.resize(n, 0);
        let end = self.deadline.and_then(|d| Instant::now().checked_add(d));
        for sample in 0..self.samples {
            if sample > 0 && end.is_some_and(|end| Instant::now() >= end) {
                break;
            }
            let det = G::determinize(state, seat, self.rng.next_u64());
            for (i, &c) in self.legal.iter().enumerate() {
                let mut after = det.clone();
                self.events.clear();
                if G::apply(&mut after, c, &mut self.events).is_ok() {
                    let v = G::evaluate(&after, seat);
                    if v.is_finite() {
                        self.totals[i] += v;
                        self.counts[i] += 1;
                    }
                }
            }
        }
        let mut best = f64::NEG_INFINITY;
        self.ties.clear();
        for i in 0..n {
            if self.counts[i] == 0 {
                continue;
            }
            let mean = self.totals[i] / f64::from(self.counts[i]);
            if mean > best {
                best = mean;
                self.ties.clear();
                self.ties.push(i);
            } else if mean == best {
                self.ties.push(i);
            }
        }
        let pick = if self.ties.is_empty() {
            // No determinization accepted any choice: fall back to uniform.
            self.rng.index(n)
        } else {
            self.ties[self.rng.index(self.ties.len())]
        };
        Some(self.legal[pick])
    }

    fn name(&self) -> String {
        if self.samples == DEFAULT_SAMPLES {
            "greedy".to_string()
        } else {
            format!("greedy:samples={}", self.samples)
        }
    }
}
