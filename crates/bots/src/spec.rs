//! Bot specs: the short strings that name a bot (`random`, `greedy`,
//! `mcts:1s`, `mcts:2000it,threads=2`, `mcts:hard`).
//!
//! # Grammar
//!
//! ```text
//! spec     = kind [ ":" param { ("," | ":") param } ]
//! kind     = "random" | "greedy" | "mcts"
//! param    = budget | level | key "=" value
//! budget   = INT "it"                      iterations per decision (mcts)
//!          | NUMBER "s" | INT "ms"          time per decision (mcts)
//! level    = "easy" | "medium" | "hard"     (mcts; see `Level`)
//!          | "learned"                      (mcts: = `1s,eval=net,mix=0.5`)
//! key      = "threads"  INT 1..=64          root-parallel trees (mcts)
//!          | "c"        NUMBER >= 0         UCB exploration constant (mcts)
//!          | "depth"    INT                 rollout depth cap (mcts)
//!          | "reward"   "game" | "leader" | "graded"
//!                                           how a rollout cut off by the
//!                                           depth cap is scored (mcts; see
//!                                           `CutoffReward`; default game)
//!          | "scale"    NUMBER > 0          the graded reward's scale
//!                                           (mcts; implies `reward=graded`)
//!          | "it" | "iterations"  INT       same as `INTit` (mcts)
//!          | "time"     DURATION            same as `500ms`/`1s` (mcts)
//!          | "early-stop" "on" | "off"     stop once the choice is settled
//!                                           (mcts, default on; see `mcts`)
//!          | "eval"     "rollout" | "net"    what a new leaf is worth: a
//!                                           random rollout (default) or the
//!                                           game's built-in value network
//!                                           (mcts; see `learned`)
//!          | "net"      PATH                a value network file on disk
//!                                           (mcts; implies `eval=net`; the
//!                                           command line only; PATH keeps
//!                                           its case and has no `,` or `:`)
//!          | "mix"      NUMBER in (0, 1]    the network's share of a leaf's
//!                                           value, the rest a random
//!                                           rollout's (mcts, with `eval=net`
//!                                           or `net=`; default 1)
//!          | "samples"  INT 1..=1000        determinizations averaged (greedy)
//! ```
//!
//! Everything is case-insensitive and spaces around tokens are ignored. A
//! level sets the budget and thread count; explicit parameters override it
//! whatever their order (`mcts:hard,threads=1`). At most one budget may be
//! given. `mcts` alone is `mcts:medium`.
//!
//! A spec with `eval=net` names a network that its game may not have:
//! [`BotSpec::check`] says so before any game starts ("no value network
//! for pangea with 3 players").
//!
//! A list of bots ([`parse_bot_list`], one per seat) is separated by commas;
//! a token that is not a bot kind continues the previous bot's parameters, so
//! `mcts:1s,threads=2,greedy,random` is three bots.

use crate::greedy::{GreedyBot, DEFAULT_SAMPLES};
use crate::learned::{self, LearnedError, NetSource};
use crate::mcts::{Budget, CutoffReward, LeafEval, Level, MctsBot, MctsConfig, MAX_THREADS};
use crate::random::RandomBot;
use crate::Bot;
use eons_core::Game;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// Why a bot spec was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// The spec (or list) is empty.
    #[error("empty bot spec")]
    Empty,
    /// The kind is not `random`, `greedy` or `mcts`.
    #[error("unknown bot `{0}` (expected random, greedy or mcts)")]
    UnknownBot(String),
    /// A parameter this bot does not take, or that cannot be read.
    #[error("bot `{bot}`: bad parameter `{param}`: {reason}")]
    BadParam {
        /// The bot kind.
        bot: String,
        /// The parameter as typed.
        param: String,
        /// What is wrong with it.
        reason: String,
    },
    /// Two budgets (or levels) in one spec.
    #[error("bot `{0}`: more than one budget or level")]
    TwoBudgets(String),
    /// The spec's value network cannot be had for this game.
    #[error("bot `{bot}`: {reason}")]
    Network {
        /// The spec.
        bot: String,
        /// Why (a [`LearnedError`]'s sentence).
        reason: String,
    },
}

/// Which bot and its settings.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum BotKind {
    /// Uniform over legal choices.
    Random,
    /// One-ply lookahead on `samples` determinizations.
    Greedy {
        /// Determinizations averaged per decision.
        samples: u32,
    },
    /// SO-ISMCTS.
    Mcts(MctsConfig),
}

/// A parsed bot spec. `Display` writes the canonical form, which parses back
/// to the same spec (without its deadline, which is not part of the text).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct BotSpec {
    /// The bot and its settings.
    pub kind: BotKind,
    /// The level it was given, if any (kept for display).
    pub level: Option<Level>,
    /// The most wall-clock time one decision may take whatever the budget
    /// (a server's time limit); `None`: the budget alone. Set by
    /// [`BotSpec::with_deadline`], never by the text. A decision that ends
    /// before its deadline is the decision without one (same seed, same
    /// choice).
    pub deadline: Option<Duration>,
}

impl BotSpec {
    /// The random bot.
    pub fn random() -> Self {
        BotSpec {
            kind: BotKind::Random,
            level: None,
            deadline: None,
        }
    }

    /// The greedy bot with the default number of samples.
    pub fn greedy() -> Self {
        BotSpec {
            kind: BotKind::Greedy {
                samples: DEFAULT_SAMPLES,
            },
            level: None,
            deadline: None,
        }
    }

    /// An MCTS bot with these settings.
    pub fn mcts(config: MctsConfig) -> Self {
        BotSpec {
            kind: BotKind::Mcts(config),
            level: None,
            deadline: None,
        }
    }

    /// This spec with at most `deadline` of wall-clock time per decision,
    /// whatever its budget ("at most N iterations and at most T"); an
    /// earlier deadline already set is kept.
    pub fn with_deadline(mut self, deadline: Duration) -> Self {
        self.deadline = Some(self.deadline.map_or(deadline, |d| d.min(deadline)));
        self
    }

    /// Builds the bot for game `G`, seeded with `seed`.
    pub fn build<G: Game>(&self, seed: u64) -> Box<dyn Bot<G>> {
        match self.kind {
            BotKind::Random => Box::new(RandomBot::<G>::new(seed)),
            BotKind::Greedy { samples } => {
                Box::new(GreedyBot::<G>::new(seed, samples).with_deadline(self.deadline))
            }
            BotKind::Mcts(config) => {
                Box::new(MctsBot::<G>::new(seed, config).with_deadline(self.deadline))
            }
        }
    }

    /// Checks that a bot of this spec can play game `G` with `players`
    /// seats: a search with `eval=net` needs a network for both, built into
    /// the program or in the file its `net=PATH` names, made for this very
    /// game, count and observation layout.
    pub fn check<G: Game>(&self, players: usize) -> Result<(), SpecError> {
        let BotKind::Mcts(config) = self.kind else {
            return Ok(());
        };
        let LeafEval::Net(source) = config.leaf else {
            return Ok(());
        };
        learned::resolve::<G>(source, players)
            .map(|_| ())
            .map_err(|e: LearnedError| SpecError::Network {
                bot: self.to_string(),
                reason: e.to_string(),
            })
    }

    /// Parses one spec (see the module docs for the grammar).
    pub fn parse(text: &str) -> Result<Self, SpecError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(SpecError::Empty);
        }
        let lower = text.to_ascii_lowercase();
        let (kind, rest) = match lower.split_once(':') {
            Some((k, r)) => (k.trim(), Some(r)),
            None => (lower.as_str(), None),
        };
        let params: Vec<&str> = match rest {
            Some(r) => r.split([',', ':']).map(str::trim).collect(),
            None => Vec::new(),
        };
        if params.iter().any(|p| p.is_empty()) {
            return Err(bad(kind, "", "empty parameter"));
        }
        match kind {
            "random" => {
                if let Some(p) = params.first() {
                    return Err(bad(kind, p, "random takes no parameters"));
                }
                Ok(BotSpec::random())
            }
            "greedy" => {
                let mut samples = DEFAULT_SAMPLES;
                for p in params {
                    match p.split_once('=') {
                        Some(("samples", v)) => {
                            samples = parse_int(kind, p, v, 1, 1000)? as u32;
                        }
                        _ => return Err(bad(kind, p, "greedy takes only samples=N")),
                    }
                }
                Ok(BotSpec {
                    kind: BotKind::Greedy { samples },
                    level: None,
                    deadline: None,
                })
            }
            "mcts" => {
                // The same parameters with their case kept, for `net=PATH`.
                let original: Vec<&str> = match text.split_once(':') {
                    Some((_, r)) => r.split([',', ':']).map(str::trim).collect(),
                    None => Vec::new(),
                };
                parse_mcts(&params, &original)
            }
            other => Err(SpecError::UnknownBot(other.to_string())),
        }
    }
}

fn bad(bot: &str, param: &str, reason: &str) -> SpecError {
    SpecError::BadParam {
        bot: bot.to_string(),
        param: param.to_string(),
        reason: reason.to_string(),
    }
}

fn parse_int(bot: &str, param: &str, v: &str, min: u64, max: u64) -> Result<u64, SpecError> {
    let n: u64 = v
        .trim()
        .parse()
        .map_err(|_| bad(bot, param, "not a whole number"))?;
    if n < min || n > max {
        return Err(bad(bot, param, &format!("must be between {min} and {max}")));
    }
    Ok(n)
}

/// Reads `500ms`, `1s`, `1.5s`.
fn parse_duration(v: &str) -> Option<Duration> {
    let v = v.trim();
    if let Some(ms) = v.strip_suffix("ms") {
        let ms: u64 = ms.trim().parse().ok()?;
        return (ms > 0).then(|| Duration::from_millis(ms));
    }
    let s = v.strip_suffix('s')?;
    let secs: f64 = s.trim().parse().ok()?;
    if !(secs.is_finite() && secs > 0.0 && secs <= 86_400.0) {
        return None;
    }
    let d = Duration::from_secs_f64(secs);
    (d >= Duration::from_millis(1)).then_some(d)
}

/// Reads `2000it`.
fn parse_iterations(v: &str) -> Option<u64> {
    let n: u64 = v.trim().strip_suffix("it")?.trim().parse().ok()?;
    (1..=1_000_000_000).contains(&n).then_some(n)
}

fn parse_level(v: &str) -> Option<Level> {
    match v {
        "easy" => Some(Level::Easy),
        "medium" => Some(Level::Medium),
        "hard" => Some(Level::Hard),
        "learned" => Some(Level::Learned),
        _ => None,
    }
}

/// The value of an mcts `reward=` key.
#[derive(Copy, Clone)]
enum RewardKey {
    Game,
    Leader,
    Graded,
}

fn parse_mcts(params: &[&str], original: &[&str]) -> Result<BotSpec, SpecError> {
    const BOT: &str = "mcts";
    let mut level = None;
    let mut budget = None;
    let mut threads = None;
    let mut exploration = None;
    let mut depth = None;
    let mut reward = None;
    let mut scale = None;
    let mut early_stop = None;
    let mut leaf = None;
    let mut share = None;
    let set_budget = |b: Budget, budget: &mut Option<Budget>| {
        if budget.replace(b).is_some() {
            Err(SpecError::TwoBudgets(BOT.to_string()))
        } else {
            Ok(())
        }
    };
    for (i, &p) in params.iter().enumerate() {
        if let Some((key, v)) = p.split_once('=') {
            match key.trim() {
                "eval" => {
                    let eval = match v.trim() {
                        "rollout" => LeafEval::Rollout,
                        "net" => LeafEval::Net(NetSource::Shipped),
                        _ => return Err(bad(BOT, p, "expected rollout or net")),
                    };
                    if leaf.replace(eval).is_some() {
                        return Err(bad(BOT, p, "one of eval= and net= at most"));
                    }
                }
                "net" => {
                    let path = original
                        .get(i)
                        .and_then(|o| o.split_once('='))
                        .map_or(v, |(_, path)| path)
                        .trim();
                    if path.is_empty() {
                        return Err(bad(BOT, p, "expected net=PATH"));
                    }
                    let file = learned::file(path).map_err(|e| bad(BOT, p, &e.to_string()))?;
                    if leaf.replace(LeafEval::Net(NetSource::File(file))).is_some() {
                        return Err(bad(BOT, p, "one of eval= and net= at most"));
                    }
                }
                "mix" => {
                    let x: f64 = v.trim().parse().map_err(|_| bad(BOT, p, "not a number"))?;
                    if !(x > 0.0 && x <= 1.0) {
                        return Err(bad(BOT, p, "must be above 0 and at most 1"));
                    }
                    share = Some(x);
                }
                "threads" => threads = Some(parse_int(BOT, p, v, 1, MAX_THREADS as u64)? as usize),
                "depth" => depth = Some(parse_int(BOT, p, v, 0, 1_000_000)? as u32),
                "reward" => {
                    reward = Some(match v.trim() {
                        "game" => RewardKey::Game,
                        "leader" => RewardKey::Leader,
                        "graded" => RewardKey::Graded,
                        _ => return Err(bad(BOT, p, "expected game, leader or graded")),
                    });
                }
                "scale" => {
                    let x: f64 = v.trim().parse().map_err(|_| bad(BOT, p, "not a number"))?;
                    if !(x.is_finite() && x > 0.0 && x <= 1e9) {
                        return Err(bad(BOT, p, "must be a positive number"));
                    }
                    scale = Some(x);
                }
                "c" => {
                    let c: f64 = v.trim().parse().map_err(|_| bad(BOT, p, "not a number"))?;
                    if !(c.is_finite() && (0.0..=100.0).contains(&c)) {
                        return Err(bad(BOT, p, "must be between 0 and 100"));
                    }
                    exploration = Some(c);
                }
                "it" | "iterations" => {
                    let n = parse_int(BOT, p, v, 1, 1_000_000_000)?;
                    set_budget(Budget::Iterations(n), &mut budget)?;
                }
                "time" => {
                    let d = parse_duration(v)
                        .ok_or_else(|| bad(BOT, p, "expected a duration like 500ms or 1s"))?;
                    set_budget(Budget::Time(d), &mut budget)?;
                }
                "early-stop" => {
                    early_stop = Some(match v.trim() {
                        "on" | "true" | "yes" => true,
                        "off" | "false" | "no" => false,
                        _ => return Err(bad(BOT, p, "expected on or off")),
                    });
                }
                _ => {
                    return Err(bad(
                        BOT,
                        p,
                        "unknown key (threads, c, depth, reward, scale, it, time, early-stop, eval, net, mix)",
                    ))
                }
            }
        } else if let Some(l) = parse_level(p) {
            if level.replace(l).is_some() {
                return Err(SpecError::TwoBudgets(BOT.to_string()));
            }
        } else if let Some(n) = parse_iterations(p) {
            set_budget(Budget::Iterations(n), &mut budget)?;
        } else if let Some(d) = parse_duration(p) {
            set_budget(Budget::Time(d), &mut budget)?;
        } else {
            return Err(bad(
                BOT,
                p,
                "expected a budget (2000it, 500ms, 1s), a level (easy, medium, hard, learned) or key=value",
            ));
        }
    }
    if level.is_some() && budget.is_some() {
        return Err(SpecError::TwoBudgets(BOT.to_string()));
    }
    let mut config = level.unwrap_or(Level::Medium).config();
    if let Some(b) = budget {
        config.budget = b;
    }
    if let Some(t) = threads {
        config.threads = t;
    }
    if let Some(c) = exploration {
        config.exploration = c;
    }
    if let Some(d) = depth {
        config.rollout_depth = d;
    }
    match (reward, scale) {
        (Some(RewardKey::Game | RewardKey::Leader), Some(_)) => {
            return Err(bad(BOT, "scale", "only reward=graded has a scale"));
        }
        (Some(RewardKey::Graded), None) => {
            return Err(bad(BOT, "reward=graded", "needs scale=NUMBER"));
        }
        (Some(RewardKey::Game), None) => config.cutoff = CutoffReward::Game,
        (Some(RewardKey::Leader), None) => config.cutoff = CutoffReward::Leader,
        (_, Some(scale)) => config.cutoff = CutoffReward::Graded { scale },
        (None, None) => {}
    }
    if let Some(e) = early_stop {
        config.early_stop = e;
    }
    if let Some(l) = leaf {
        config.leaf = l;
    }
    if let Some(x) = share {
        if config.leaf == LeafEval::Rollout {
            return Err(bad(BOT, "mix", "needs a network: eval=net or net=PATH"));
        }
        config.net_share = x;
    }
    // Keep the level for display only while the spec still is that level.
    let level = level.filter(|l| l.config() == config);
    Ok(BotSpec {
        kind: BotKind::Mcts(config),
        level,
        deadline: None,
    })
}

impl FromStr for BotSpec {
    type Err = SpecError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        BotSpec::parse(s)
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            BotKind::Random => f.write_str("random"),
            BotKind::Greedy { samples } => {
                if samples == DEFAULT_SAMPLES {
                    f.write_str("greedy")
                } else {
                    write!(f, "greedy:samples={samples}")
                }
            }
            BotKind::Mcts(c) => {
                if let Some(l) = self.level {
                    return write!(f, "mcts:{}", l.name());
                }
                write!(f, "mcts:{c}")
            }
        }
    }
}

/// Parses a comma-separated list of bots, one per seat
/// (`mcts:1s,threads=2,greedy,random,random`). A token that is not a bot kind
/// (`threads=2`, `1s`, `hard`) continues the previous bot's parameters.
pub fn parse_bot_list(text: &str) -> Result<Vec<BotSpec>, SpecError> {
    let mut groups: Vec<String> = Vec::new();
    for token in text.split(',') {
        let token = token.trim();
        if token.is_empty() {
            return Err(SpecError::Empty);
        }
        let lower = token.to_ascii_lowercase();
        let head = lower.split(':').next().unwrap_or("").trim();
        let starts_bot = matches!(head, "random" | "greedy" | "mcts");
        match groups.last_mut() {
            Some(g) if !starts_bot => {
                g.push(if g.contains(':') { ',' } else { ':' });
                g.push_str(token);
            }
            _ if !starts_bot => return Err(SpecError::UnknownBot(token.to_string())),
            _ => groups.push(token.to_string()),
        }
    }
    groups.iter().map(|g| BotSpec::parse(g)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_and_iterations() {
        assert_eq!(parse_duration("500ms"), Some(Duration::from_millis(500)));
        assert_eq!(parse_duration("1.5s"), Some(Duration::from_millis(1500)));
        assert_eq!(parse_duration("0s"), None);
        assert_eq!(parse_duration("-1s"), None);
        assert_eq!(parse_duration("NaNs"), None);
        assert_eq!(parse_iterations("2000it"), Some(2000));
        assert_eq!(parse_iterations("0it"), None);
        assert_eq!(parse_iterations("it"), None);
    }
}
