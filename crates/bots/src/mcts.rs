//! Monte Carlo tree search that does not cheat: single-observer
//! information-set MCTS (SO-ISMCTS, Cowling, Powley & Whitehouse 2012).
//!
//! # Why SO-ISMCTS
//!
//! The bot must not see hidden information (deck order, face-down tiles, bag
//! contents, other seats' hands and peeks, the state's RNG). Two standard
//! answers exist:
//!
//! * *determinized UCT* (perfect-information Monte Carlo) builds one tree per
//!   sampled determinization and votes. Each tree is small and it suffers
//!   from "strategy fusion" (it assumes it will know the hidden cards later).
//! * *SO-ISMCTS* keeps **one** tree over the seat's information set and
//!   samples a **fresh determinization every iteration**. Only the branches
//!   legal in that sample are considered, and UCB uses, per child, the number
//!   of times it was *available* instead of the parent's visit count
//!   ("availability-aware UCB"), so choices that exist only in some worlds are
//!   not starved. All iterations share statistics, which matters for games
//!   with long chains of atomic choices.
//!
//! We use SO-ISMCTS. Its known weakness is that the tree treats the other
//! seats' moves as if they were visible to the observer; that costs a little
//! strength but never leaks information to the bot, since every sample is
//! drawn with [`Game::determinize`] from the bot's own seat.
//!
//! # One iteration
//!
//! 1. `det = G::determinize(state, seat, fresh_seed)`.
//! 2. **Selection**: from the root, while every choice legal in `det` already
//!    has a child, pick the child maximising
//!    `mean_reward[mover] + c · sqrt(ln(availability) / visits)` where `mover`
//!    is the seat to move in `det` at that node (multi-player: each node
//!    chooses for its own seat) and apply it to `det`. At the root only the
//!    choices legal in the true state for the bot's seat are considered.
//! 3. **Expansion**: pick one untried legal choice at random, add a child.
//! 4. **Rollout**: uniform random playout of at most `rollout_depth`
//!    decisions. With a value network ([`MctsConfig::leaf`] is
//!    [`LeafEval::Net`], `eval=net` in a spec) there is no rollout: the new
//!    leaf's reward vector is the network's win probability of every seat,
//!    read from the observation of the seat to move there (a leaf where the
//!    game is over takes its real result, as below). With a network and
//!    [`MctsConfig::net_share`] below 1 (`mix=0.5` in a spec) the leaf gets
//!    both, as AlphaGo mixed its value network with its rollouts: the
//!    network's win probabilities weighted by the share, plus a random
//!    rollout's reward (step 5) weighted by the rest.
//! 5. **Reward** (a vector, one entry per seat): if the game is over, 1 for the
//!    winner (`Outcome::ranking[0]`) and 0 for every other seat; if the depth
//!    cap stopped the rollout, as [`MctsConfig::cutoff`] says. By default
//!    that is the game's choice: with a [`Game::evaluation_scale`] every seat
//!    gets `1 / (1 + exp(-evaluate / scale))` (a graded reward), without one
//!    the seat with the highest [`Game::evaluate`] takes 1 (the default
//!    `evaluate` is "my score minus the best other score", so that is the
//!    score leader), shared equally on ties. The winner-takes-all cut-off
//!    says nothing once one seat leads clearly: in Dominant Species, where a
//!    200-decision rollout is a tenth of the game, grading it by 10 VP took
//!    `mcts:3000it` against three greedy bots from 8 wins in 17 games to 20
//!    in 20 (same tournament seed; `docs/bot-strength.md`).
//! 6. **Backpropagation**: every node on the path adds the whole vector.
//!
//! Every choice the search applies was just listed by [`Game::legal`] for
//! that very state, so it goes through [`Game::apply_listed`], which skips
//! the games' legality check (a fifth to two fifths of the work otherwise).
//!
//! After the budget, the most visited root child is chosen (ties: higher mean
//! reward, then the earlier legal choice).
//!
//! # Stopping early
//!
//! With one thread the search stops before its budget is spent once the most
//! visited root child leads the runner-up by more visits than the rest of the
//! budget could still give (each iteration visits one root child), so the
//! choice is the one the whole budget would have made. With an iteration
//! budget the rest is known exactly, so the choice is identical. With a time
//! budget it is estimated as [`EARLY_STOP_MARGIN`] times the iterations the
//! search's own average rate would run in the remaining time: the choice
//! could differ only if the search suddenly ran that much faster than it has
//! so far. [`MctsConfig::early_stop`] turns this off.
//!
//! # Threads
//!
//! With `threads = k > 1` the search is root-parallel: `k` independent trees,
//! each with its own seed derived from the bot's RNG, run on scoped threads;
//! their root statistics (visits and reward sums per root choice) are summed.
//! An iteration budget is split among the threads (so `2000it, threads=2`
//! runs 1,000 iterations in each tree, in about half the wall time); a time
//! budget applies to each thread. Results with an iteration budget are
//! deterministic whatever the thread timing.
//!
//! # Budgets
//!
//! [`Budget::Iterations`] (deterministic) or [`Budget::Time`] (per decision).
//! A bot may also be given a deadline ([`MctsBot::with_deadline`]): a
//! wall-clock cap on every decision whatever its budget, so that a server
//! can bound `mcts:1000000it` by its time limit. Every tree stops at the
//! deadline (after at least one iteration); a search that ends before it
//! is exactly the search without a deadline, so with an iteration budget
//! the choice is the same unless the deadline cut it short.
//! A decision with a single legal choice is answered without searching.
//! Levels: see [`Level`].

use crate::hash::FxHashMap;
use crate::learned::{self, LeafNet, LearnedError, NetSource};
use crate::net::{evaluate_with, Scratch};
use crate::{legal_for, mix_seed, Bot};
use eons_core::{Game, GameRng, Seat, Turn};
use std::fmt;
use std::marker::PhantomData;
use std::time::{Duration, Instant};

/// How much search one decision gets.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A fixed number of iterations (all threads together). Deterministic.
    Iterations(u64),
    /// Wall-clock time per decision (each thread searches this long).
    Time(Duration),
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Budget::Iterations(n) => write!(f, "{n}it"),
            Budget::Time(d) => {
                let ms = d.as_millis();
                if ms % 1000 == 0 && ms > 0 {
                    write!(f, "{}s", ms / 1000)
                } else {
                    write!(f, "{ms}ms")
                }
            }
        }
    }
}

/// Strength levels, mapped to budgets by [`Level::config`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// 100 iterations, 1 thread.
    Easy,
    /// 1,000 iterations, 1 thread.
    Medium,
    /// 10,000 iterations on 2 threads (5,000 per tree).
    Hard,
    /// One second per decision, one thread, the game's built-in value
    /// network at the leaves, mixed half and half with a random rollout
    /// (`mcts:1s,eval=net,mix=0.5`: the network alone searched worse than
    /// the rollouts in every game, the mix at least as well;
    /// `docs/bot-strength.md`).
    Learned,
}

impl Level {
    /// The search settings of this level (other settings at their defaults).
    pub fn config(self) -> MctsConfig {
        let (iterations, threads) = match self {
            Level::Easy => (100, 1),
            Level::Medium => (1_000, 1),
            Level::Hard => (10_000, 2),
            Level::Learned => {
                return MctsConfig {
                    budget: Budget::Time(Duration::from_secs(1)),
                    leaf: LeafEval::Net(NetSource::Shipped),
                    net_share: 0.5,
                    ..MctsConfig::default()
                }
            }
        };
        MctsConfig {
            budget: Budget::Iterations(iterations),
            threads,
            ..MctsConfig::default()
        }
    }

    /// The level's name as typed in a spec.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Learned => "learned",
        }
    }
}

/// The default UCB exploration constant (rewards are in `[0, 1]`).
pub const DEFAULT_EXPLORATION: f64 = 0.7;
/// The default cap on random-rollout decisions.
pub const DEFAULT_ROLLOUT_DEPTH: u32 = 200;
/// The most threads a search may use.
pub const MAX_THREADS: usize = 64;
/// How much faster than its average so far a time-budgeted search is assumed
/// to be able to run when it decides whether the rest of its time could
/// still change its choice (see "Stopping early" in the module docs).
pub const EARLY_STOP_MARGIN: f64 = 1.5;
/// How often (in iterations) the early-stop test runs.
const EARLY_STOP_EVERY: u64 = 16;
/// The most nodes one tree grows; past it the search keeps iterating
/// without expanding (bounds memory under long time budgets).
pub const MAX_NODES: usize = 2_000_000;

/// How a rollout that stopped at the depth cap, before the game ended, is
/// scored (a finished game always gives 1 to its winner).
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum CutoffReward {
    /// [`CutoffReward::Graded`] with the game's [`Game::evaluation_scale`],
    /// or [`CutoffReward::Leader`] when the game gives none.
    Game,
    /// 1 for the seat with the highest [`Game::evaluate`], shared equally on
    /// ties: the score leader takes all.
    Leader,
    /// Every seat gets `1 / (1 + exp(-evaluate / scale))`: a seat level with
    /// the best other seat gets 0.5, one `scale` ahead about 0.73, one
    /// `scale` behind about 0.27. Unlike [`CutoffReward::Leader`] this still
    /// tells better from worse when one seat leads by a wide margin.
    Graded {
        /// The evaluation difference that moves the reward from 0.5 to
        /// about 0.73 (finite, positive).
        scale: f64,
    },
}

/// What a search's newly expanded leaf is worth.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum LeafEval {
    /// A random rollout, scored at its end or at the depth cap (the default).
    #[default]
    Rollout,
    /// A value network's win probabilities (see [`crate::learned`]).
    Net(NetSource),
}

/// Search settings.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// Iterations or time per decision.
    pub budget: Budget,
    /// Root-parallel trees (1..=[`MAX_THREADS`]).
    pub threads: usize,
    /// UCB exploration constant `c`.
    pub exploration: f64,
    /// Random-rollout decisions before [`Game::evaluate`] decides the reward.
    pub rollout_depth: u32,
    /// How a rollout that the depth cap stopped before the end is scored.
    pub cutoff: CutoffReward,
    /// Stop a one-thread search once the rest of its budget can no longer
    /// change the choice (see "Stopping early" in the module docs).
    pub early_stop: bool,
    /// What a new leaf is worth: a rollout or a value network.
    pub leaf: LeafEval,
    /// With a network at the leaves, its share of a new leaf's value, in
    /// `(0, 1]`; the rest is a random rollout's reward from the leaf
    /// (`mix=` in a spec). 1 (the default): the network alone, no rollout.
    pub net_share: f64,
}

impl Default for MctsConfig {
    /// The `medium` level: 1,000 iterations, 1 thread, `c = 0.7`, depth 200,
    /// stopping early.
    fn default() -> Self {
        MctsConfig {
            budget: Budget::Iterations(1_000),
            threads: 1,
            exploration: DEFAULT_EXPLORATION,
            rollout_depth: DEFAULT_ROLLOUT_DEPTH,
            cutoff: CutoffReward::Game,
            early_stop: true,
            leaf: LeafEval::Rollout,
            net_share: 1.0,
        }
    }
}

/// What the last search did (for benchmarks and curious users).
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Iterations run, all threads together.
    pub iterations: u64,
    /// Tree nodes created, all threads together.
    pub nodes: u64,
    /// Wall time of the decision.
    pub elapsed: Duration,
    /// Visits of the chosen root child.
    pub chosen_visits: u64,
    /// Mean reward of the chosen root child for the bot's seat.
    pub chosen_value: f64,
    /// Iterations abandoned because a determinization refused a choice its
    /// own `legal` listed (0 for a correct game).
    pub rejected: u64,
    /// True when the search stopped before its budget because the rest could
    /// not change the choice.
    pub stopped_early: bool,
}

/// The SO-ISMCTS bot (see the module docs).
pub struct MctsBot<G: Game> {
    config: MctsConfig,
    rng: GameRng,
    legal: Vec<G::Choice>,
    last: SearchStats,
    /// The root's visits per legal choice of the last decision that searched.
    visits: Vec<(G::Choice, u64)>,
    /// Whether the last decision searched.
    searched: bool,
    /// The most wall-clock time a decision may take, whatever the budget.
    deadline: Option<Duration>,
    /// With `eval=net`: the network found for a player count, or why none.
    leaf: Option<(usize, Result<LeafNet<G>, LearnedError>)>,
    _game: PhantomData<fn() -> G>,
}

impl<G: Game> MctsBot<G> {
    /// A search bot whose choices (with an iteration budget) are a pure
    /// function of `seed` and of what its seat has seen.
    pub fn new(seed: u64, config: MctsConfig) -> Self {
        MctsBot {
            config,
            rng: GameRng::new(seed),
            legal: Vec::new(),
            last: SearchStats::default(),
            visits: Vec::new(),
            searched: false,
            deadline: None,
            leaf: None,
            _game: PhantomData,
        }
    }

    /// The same bot, each of whose decisions also stops once `deadline`
    /// has passed since it began (`None`: only the budget stops it). See
    /// "Budgets" in the module docs.
    pub fn with_deadline(mut self, deadline: Option<Duration>) -> Self {
        self.deadline = deadline;
        self
    }

    /// The settings.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Statistics of the last decision that searched.
    pub fn last_stats(&self) -> SearchStats {
        self.last
    }

    /// With `eval=net`, the network for `players` seats (found once), or
    /// why there is none; `Ok(None)` for a search with rollouts.
    pub fn leaf_net(&mut self, players: usize) -> Result<Option<&LeafNet<G>>, LearnedError> {
        let LeafEval::Net(source) = self.config.leaf else {
            return Ok(None);
        };
        if self.leaf.as_ref().is_none_or(|(p, _)| *p != players) {
            self.leaf = Some((players, learned::resolve::<G>(source, players)));
        }
        match &self.leaf {
            Some((_, Ok(net))) => Ok(Some(net)),
            Some((_, Err(e))) => Err(e.clone()),
            None => Ok(None),
        }
    }
}

impl<G: Game> Bot<G> for MctsBot<G> {
    fn choose(&mut self, state: &G::State, seat: Seat) -> Option<G::Choice> {
        self.searched = false;
        if !legal_for::<G>(state, seat, &mut self.legal) || self.legal.is_empty() {
            return None;
        }
        if self.legal.len() == 1 {
            return Some(self.legal[0]);
        }
        let start = Instant::now();
        // A search that was asked for a network and has none does not play
        // (`BotSpec::check` refuses such a spec up front).
        let leaf = match self.leaf_net(G::seats(state)) {
            Ok(leaf) => leaf.cloned(),
            Err(_) => return None,
        };
        let base = self.rng.next_u64();
        let threads = self.config.threads.clamp(1, MAX_THREADS);
        let root: &[G::Choice] = &self.legal;
        let root_index: FxHashMap<G::Choice, u32> = root
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, i as u32))
            .collect();
        // The bot's deadline, if any, caps every budget.
        let cap = self.deadline.and_then(|d| start.checked_add(d));
        let limit = |t: usize| match self.config.budget {
            Budget::Iterations(total) => {
                let k = threads as u64;
                let share = total / k + u64::from((t as u64) < total % k);
                Limit {
                    iterations: Some(share.max(1)),
                    deadline: cap,
                    start,
                    early_stop: threads == 1 && self.config.early_stop,
                }
            }
            Budget::Time(d) => Limit {
                iterations: None,
                deadline: match (start.checked_add(d), cap) {
                    (Some(end), Some(cap)) => Some(end.min(cap)),
                    (end, cap) => end.or(cap),
                },
                start,
                early_stop: threads == 1 && self.config.early_stop,
            },
        };
        let config = &self.config;
        let leaf = leaf.as_ref();
        let run = |t: usize| {
            let mut search =
                Search::<G>::new(config, G::seats(state), mix_seed(base, t as u64), leaf);
            search.run(state, seat, root, &root_index, limit(t))
        };
        let results: Vec<RootStats> = if threads == 1 {
            vec![run(0)]
        } else {
            std::thread::scope(|scope| {
                let run = &run;
                let handles: Vec<_> = (1..threads)
                    .map(|t| {
                        std::thread::Builder::new()
                            .name(format!("mcts-{t}"))
                            .spawn_scoped(scope, move || run(t))
                            .map_err(|_| t)
                    })
                    .collect();
                let mut out = vec![run(0)];
                for h in handles {
                    let r = match h {
                        Ok(h) => match h.join() {
                            Ok(r) => r,
                            Err(panic) => std::panic::resume_unwind(panic),
                        },
                        // Could not spawn: run that share here, same result.
                        Err(t) => run(t),
                    };
                    out.push(r);
                }
                out
            })
        };
        let n = root.len();
        let mut visits = vec![0u64; n];
        let mut reward = vec![0f64; n];
        let mut stats = SearchStats::default();
        for r in &results {
            for i in 0..n {
                visits[i] += r.visits[i];
                reward[i] += r.reward[i];
            }
            stats.iterations += r.iterations;
            stats.nodes += r.nodes;
            stats.rejected += r.rejected;
            stats.stopped_early |= r.stopped_early;
        }
        let mut best = 0;
        for i in 1..n {
            let better = visits[i] > visits[best]
                || (visits[i] == visits[best]
                    && mean(reward[i], visits[i]) > mean(reward[best], visits[best]));
            if better {
                best = i;
            }
        }
        stats.elapsed = start.elapsed();
        stats.chosen_visits = visits[best];
        stats.chosen_value = mean(reward[best], visits[best]);
        self.last = stats;
        self.searched = true;
        self.visits.clear();
        self.visits
            .extend(root.iter().copied().zip(visits.iter().copied()));
        Some(root[best])
    }

    fn last_search(&self) -> Option<SearchStats> {
        self.searched.then_some(self.last)
    }

    fn last_visits(&self) -> &[(G::Choice, u64)] {
        if self.searched {
            &self.visits
        } else {
            &[]
        }
    }

    fn name(&self) -> String {
        format!("mcts:{}", self.config)
    }
}

/// The parameters of a spec string after `mcts:` (`1s,threads=2`): the
/// budget, then every parameter that differs from its default, in the order
/// `eons` parses them back.
impl std::fmt::Display for MctsConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let c = self;
        write!(f, "{}", c.budget)?;
        if c.threads != 1 {
            write!(f, ",threads={}", c.threads)?;
        }
        if c.exploration != DEFAULT_EXPLORATION {
            write!(f, ",c={}", c.exploration)?;
        }
        if c.rollout_depth != DEFAULT_ROLLOUT_DEPTH {
            write!(f, ",depth={}", c.rollout_depth)?;
        }
        match c.cutoff {
            CutoffReward::Game => {}
            CutoffReward::Leader => f.write_str(",reward=leader")?,
            CutoffReward::Graded { scale } => write!(f, ",reward=graded,scale={scale}")?,
        }
        if !c.early_stop {
            f.write_str(",early-stop=off")?;
        }
        match c.leaf {
            LeafEval::Rollout => {}
            LeafEval::Net(NetSource::Shipped) => f.write_str(",eval=net")?,
            LeafEval::Net(NetSource::File(file)) => write!(f, ",net={file}")?,
        }
        if c.net_share != 1.0 {
            write!(f, ",mix={}", c.net_share)?;
        }
        Ok(())
    }
}

fn mean(total: f64, visits: u64) -> f64 {
    if visits == 0 {
        f64::NEG_INFINITY
    } else {
        total / visits as f64
    }
}

/// When one tree stops.
#[derive(Copy, Clone, Debug)]
struct Limit {
    iterations: Option<u64>,
    deadline: Option<Instant>,
    /// When the decision's search began (for the rate estimate).
    start: Instant,
    /// Whether this tree may stop once its choice is settled.
    early_stop: bool,
}

impl Limit {
    /// An upper estimate of the iterations still to run after `done`, or
    /// `None` when there is no telling (no budget at all).
    fn remaining(&self, done: u64) -> Option<u64> {
        if let Some(max) = self.iterations {
            return Some(max.saturating_sub(done));
        }
        let deadline = self.deadline?;
        let now = Instant::now();
        let spent = now.duration_since(self.start).as_secs_f64();
        if spent <= 0.0 {
            return None;
        }
        let left = deadline.saturating_duration_since(now).as_secs_f64();
        let estimate = done as f64 / spent * left * EARLY_STOP_MARGIN;
        Some(estimate.ceil() as u64 + EARLY_STOP_EVERY)
    }
}

/// One tree's root statistics, aligned with the root's legal choices.
struct RootStats {
    visits: Vec<u64>,
    reward: Vec<f64>,
    iterations: u64,
    nodes: u64,
    rejected: u64,
    stopped_early: bool,
}

const NONE: u32 = u32::MAX;
/// Above this many legal choices, membership tests use a hash map.
const LINEAR_SCAN_MAX: usize = 12;

/// A tree node: the edge choice from its parent and its statistics. Children
/// form a singly linked list (no per-node allocation).
struct Node<C> {
    choice: Option<C>,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    avail: u32,
}

/// One tree and its reusable scratch buffers.
struct Search<'a, G: Game> {
    config: &'a MctsConfig,
    seats: usize,
    nodes: Vec<Node<G::Choice>>,
    /// `rewards[node * seats + seat]`: reward sum of `seat` through `node`.
    rewards: Vec<f64>,
    rng: GameRng,
    legal: Vec<G::Choice>,
    tried: Vec<bool>,
    index: FxHashMap<G::Choice, u32>,
    path: Vec<u32>,
    events: Vec<G::Event>,
    reward: Vec<f64>,
    /// The config's cut-off reward with [`CutoffReward::Game`] resolved.
    cutoff: CutoffReward,
    rejected: u64,
    /// The value network at the leaves, if any, and its buffers.
    leaf: Option<&'a LeafNet<G>>,
    scratch: Scratch,
    win: Vec<f32>,
}

impl<'a, G: Game> Search<'a, G> {
    fn new(config: &'a MctsConfig, seats: usize, seed: u64, leaf: Option<&'a LeafNet<G>>) -> Self {
        let seats = seats.max(1);
        let mut s = Search {
            config,
            seats,
            nodes: Vec::new(),
            rewards: Vec::new(),
            rng: GameRng::new(seed),
            legal: Vec::new(),
            tried: Vec::new(),
            index: FxHashMap::default(),
            path: Vec::new(),
            events: Vec::new(),
            reward: vec![0.0; seats],
            cutoff: resolve_cutoff::<G>(config.cutoff),
            rejected: 0,
            leaf,
            scratch: Scratch::new(),
            win: vec![0.0; seats],
        };
        s.push_node(None, NONE);
        s
    }

    fn push_node(&mut self, choice: Option<G::Choice>, next_sibling: u32) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(Node {
            choice,
            first_child: NONE,
            next_sibling,
            visits: 0,
            avail: 1,
        });
        self.rewards.extend(std::iter::repeat_n(0.0, self.seats));
        id
    }

    fn run(
        &mut self,
        state: &G::State,
        seat: Seat,
        root: &[G::Choice],
        root_index: &FxHashMap<G::Choice, u32>,
        limit: Limit,
    ) -> RootStats {
        let mut iterations = 0u64;
        let mut stopped_early = false;
        loop {
            if let Some(max) = limit.iterations {
                if iterations >= max {
                    break;
                }
            }
            if let Some(deadline) = limit.deadline {
                if iterations > 0 && Instant::now() >= deadline {
                    break;
                }
            }
            if limit.early_stop
                && iterations > 0
                && iterations % EARLY_STOP_EVERY == 0
                && self.settled(limit.remaining(iterations))
            {
                stopped_early = true;
                break;
            }
            self.iterate(state, seat, root, root_index);
            iterations += 1;
        }
        let mut visits = vec![0u64; root.len()];
        let mut reward = vec![0f64; root.len()];
        let mut child = self.nodes[0].first_child;
        while child != NONE {
            let node = &self.nodes[child as usize];
            if let Some(i) = node.choice.and_then(|c| root_index.get(&c)) {
                let i = *i as usize;
                visits[i] += u64::from(node.visits);
                reward[i] += self.rewards[child as usize * self.seats + seat.index()];
            }
            child = node.next_sibling;
        }
        RootStats {
            visits,
            reward,
            iterations,
            nodes: self.nodes.len() as u64,
            rejected: self.rejected,
            stopped_early,
        }
    }

    /// True when the most visited root child leads every other root choice
    /// (unexpanded ones at 0 visits) by more than `remaining` visits, so no
    /// further iterations can change the choice.
    fn settled(&self, remaining: Option<u64>) -> bool {
        let Some(remaining) = remaining else {
            return false;
        };
        let (mut first, mut second) = (0u64, 0u64);
        let mut child = self.nodes[0].first_child;
        while child != NONE {
            let node = &self.nodes[child as usize];
            let v = u64::from(node.visits);
            if v > first {
                second = first;
                first = v;
            } else if v > second {
                second = v;
            }
            child = node.next_sibling;
        }
        // Root choices without a child yet have 0 visits: `second` starts at 0.
        first > second.saturating_add(remaining)
    }

    /// Position of `c` in the current `legal` list.
    #[inline]
    fn position(&self, c: G::Choice) -> Option<usize> {
        if self.legal.len() > LINEAR_SCAN_MAX {
            self.index.get(&c).map(|&i| i as usize)
        } else {
            self.legal.iter().position(|&x| x == c)
        }
    }

    /// One iteration: determinize, select, expand, roll out, backpropagate.
    fn iterate(
        &mut self,
        state: &G::State,
        seat: Seat,
        root: &[G::Choice],
        root_index: &FxHashMap<G::Choice, u32>,
    ) {
        let mut s = G::determinize(state, seat, self.rng.next_u64());
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        let c_explore = self.config.exploration;
        let n = self.seats;
        while let Turn::Seat(mover) = G::turn(&s) {
            self.legal.clear();
            G::legal(&s, &mut self.legal);
            if node == 0 {
                if root.len() > LINEAR_SCAN_MAX {
                    self.legal.retain(|c| root_index.contains_key(c));
                } else {
                    self.legal.retain(|c| root.contains(c));
                }
            }
            if self.legal.is_empty() {
                break;
            }
            if self.legal.len() > LINEAR_SCAN_MAX {
                self.index.clear();
                for (i, &c) in self.legal.iter().enumerate() {
                    self.index.insert(c, i as u32);
                }
            }
            self.tried.clear();
            self.tried.resize(self.legal.len(), false);
            let m = mover.index().min(n - 1);
            let mut best = NONE;
            let mut best_score = f64::NEG_INFINITY;
            let mut child = self.nodes[node as usize].first_child;
            while child != NONE {
                let ci = child as usize;
                let next = self.nodes[ci].next_sibling;
                let pos = self.nodes[ci].choice.and_then(|c| self.position(c));
                if let Some(p) = pos {
                    self.tried[p] = true;
                    let ch = &mut self.nodes[ci];
                    ch.avail = ch.avail.saturating_add(1);
                    let v = f64::from(ch.visits.max(1));
                    let score = self.rewards[ci * n + m] / v
                        + c_explore * (f64::from(ch.avail).ln() / v).sqrt();
                    if score > best_score {
                        best_score = score;
                        best = child;
                    }
                }
                child = next;
            }
            let untried = self.tried.iter().filter(|&&t| !t).count();
            if untried > 0 || best == NONE {
                if untried == 0 || self.nodes.len() >= MAX_NODES {
                    break;
                }
                let k = self.rng.index(untried);
                let Some(p) = self
                    .tried
                    .iter()
                    .enumerate()
                    .filter(|(_, &t)| !t)
                    .nth(k)
                    .map(|(i, _)| i)
                else {
                    break;
                };
                let c = self.legal[p];
                self.events.clear();
                if G::apply_listed(&mut s, c, &mut self.events).is_err() {
                    self.rejected += 1;
                    return;
                }
                let sibling = self.nodes[node as usize].first_child;
                let id = self.push_node(Some(c), sibling);
                self.nodes[node as usize].first_child = id;
                self.path.push(id);
                break;
            }
            let Some(c) = self.nodes[best as usize].choice else {
                break;
            };
            self.events.clear();
            if G::apply_listed(&mut s, c, &mut self.events).is_err() {
                self.rejected += 1;
                return;
            }
            node = best;
            self.path.push(best);
        }
        match (self.leaf, G::turn(&s)) {
            (Some(leaf), Turn::Seat(mover)) => {
                self.win.fill(0.0);
                evaluate_with::<G>(
                    &leaf.net,
                    leaf.observe,
                    &s,
                    mover,
                    &mut self.scratch,
                    &mut self.win,
                );
                let share = self.config.net_share;
                if share < 1.0 {
                    self.rollout(&mut s);
                    terminal_reward::<G>(&s, self.cutoff, &mut self.reward);
                    for (r, &w) in self.reward.iter_mut().zip(&self.win) {
                        *r = share * f64::from(w) + (1.0 - share) * *r;
                    }
                } else {
                    for (r, &w) in self.reward.iter_mut().zip(&self.win) {
                        *r = f64::from(w);
                    }
                }
            }
            (Some(_), Turn::Over) => terminal_reward::<G>(&s, self.cutoff, &mut self.reward),
            (None, _) => {
                self.rollout(&mut s);
                terminal_reward::<G>(&s, self.cutoff, &mut self.reward);
            }
        }
        for &id in &self.path {
            let id = id as usize;
            self.nodes[id].visits = self.nodes[id].visits.saturating_add(1);
            let row = &mut self.rewards[id * n..id * n + n];
            for (acc, r) in row.iter_mut().zip(&self.reward) {
                *acc += r;
            }
        }
    }

    /// Uniform random playout of at most `rollout_depth` decisions.
    fn rollout(&mut self, s: &mut G::State) {
        let mut depth = 0;
        while let Turn::Seat(_) = G::turn(s) {
            if depth >= self.config.rollout_depth {
                break;
            }
            let Some(c) = G::random_choice(s, &mut self.rng, &mut self.legal) else {
                break;
            };
            self.events.clear();
            if G::apply_listed(s, c, &mut self.events).is_err() {
                self.rejected += 1;
                break;
            }
            depth += 1;
        }
    }
}

/// `cutoff` with [`CutoffReward::Game`] replaced by what the game asks for.
/// A scale that is not finite and positive (from a game, or a config built
/// in code: specs refuse one) would make every reward NaN, so it falls back
/// to [`CutoffReward::Leader`].
fn resolve_cutoff<G: Game>(cutoff: CutoffReward) -> CutoffReward {
    let scale = match cutoff {
        CutoffReward::Game => G::evaluation_scale(),
        CutoffReward::Leader => None,
        CutoffReward::Graded { scale } => Some(scale),
    };
    match scale {
        Some(scale) if scale.is_finite() && scale > 0.0 => CutoffReward::Graded { scale },
        _ => CutoffReward::Leader,
    }
}

/// The reward vector of a rollout's final state (see the module docs):
/// 1 for the winner of a finished game; otherwise as `cutoff` says.
fn terminal_reward<G: Game>(s: &G::State, cutoff: CutoffReward, out: &mut [f64]) {
    out.fill(0.0);
    let n = out.len();
    if G::turn(s) == Turn::Over {
        if let Some(w) = G::outcome(s).and_then(|o| o.winner()) {
            if w.index() < n {
                out[w.index()] = 1.0;
                return;
            }
        }
    }
    for (i, slot) in out.iter_mut().enumerate() {
        let v = G::evaluate(s, Seat(i as u8));
        *slot = if v.is_nan() { f64::NEG_INFINITY } else { v };
    }
    if let CutoffReward::Graded { scale } = cutoff {
        for slot in out.iter_mut() {
            // exp(±inf) is 0 or inf, so an infinite evaluation gives 1 or 0.
            *slot = 1.0 / (1.0 + (-*slot / scale).exp());
        }
        return;
    }
    let best = out.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let count = out.iter().filter(|&&v| v == best).count();
    let share = 1.0 / count.max(1) as f64;
    for slot in out.iter_mut() {
        *slot = if *slot == best { share } else { 0.0 };
    }
}
