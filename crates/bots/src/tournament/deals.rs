//! Win-rate intervals that count deals, not games: a cluster bootstrap.
//!
//! The `P` seat-rotated games of one block share one deal (one game seed):
//! what the deal favours, it favours in all of them, so they are not `P`
//! independent trials. [`deal_intervals`] resamples whole deals with
//! replacement ([`DEAL_RESAMPLES`] times, from an RNG seeded by the
//! tournament's seed) and takes the 2.5th and 97.5th percentiles of each
//! statistic's win rate over the resamples.

use super::*;
use eons_core::{GameRng, TurnPosition};

/// How many times [`deal_intervals`] resamples the deals.
pub const DEAL_RESAMPLES: usize = 2000;

/// A win-rate statistic of the report, counted per deal.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Statistic {
    /// A bot (index in [`Config::bots`]).
    Bot(usize),
    /// A seat.
    Seat(Seat),
    /// A role, by name.
    Role(String),
    /// A place in the turn order.
    Initiative(TurnPosition),
    /// A role played from a place in the turn order.
    RoleInitiative(String, TurnPosition),
}

/// Completed games and wins per statistic, for each deal (block) that has
/// at least one completed game.
#[derive(Default)]
pub(super) struct DealCounts {
    deals: BTreeMap<usize, BTreeMap<Statistic, (usize, usize)>>,
}

impl DealCounts {
    /// Counts one game of `deal` for `statistic`, won or not.
    pub(super) fn count(&mut self, deal: usize, statistic: Statistic, won: bool) {
        let cell = self
            .deals
            .entry(deal)
            .or_default()
            .entry(statistic)
            .or_default();
        cell.0 += 1;
        cell.1 += usize::from(won);
    }

    /// Deals with at least one completed game.
    pub(super) fn deals(&self) -> usize {
        self.deals.len()
    }
}

/// The 95% cluster-bootstrap interval of every statistic in `counts`:
/// `resamples` times, draw as many deals as there are, with replacement,
/// from an RNG seeded with `seed`; the win rate of a statistic in a
/// resample is its wins over its games in the deals drawn (a resample in
/// which it played no game is left out of its percentiles). The interval
/// runs from the 2.5th to the 97.5th percentile (linear interpolation
/// between order statistics). A statistic no resample saw gets (0, 1).
pub(super) fn deal_intervals(
    counts: &DealCounts,
    resamples: usize,
    seed: u64,
) -> BTreeMap<Statistic, (f64, f64)> {
    let mut keys: BTreeMap<&Statistic, usize> = BTreeMap::new();
    for cells in counts.deals.values() {
        for k in cells.keys() {
            let next = keys.len();
            keys.entry(k).or_insert(next);
        }
    }
    // Each deal as a short list of (statistic, games, wins).
    let deals: Vec<Vec<(usize, usize, usize)>> = counts
        .deals
        .values()
        .map(|cells| {
            cells
                .iter()
                .map(|(k, &(g, w))| (keys.get(k).copied().unwrap_or(0), g, w))
                .collect()
        })
        .collect();
    let mut samples: Vec<Vec<f64>> = vec![Vec::with_capacity(resamples); keys.len()];
    if !deals.is_empty() {
        let mut rng = GameRng::new(seed);
        let mut sums = vec![(0usize, 0usize); keys.len()];
        for _ in 0..resamples {
            sums.fill((0, 0));
            for _ in 0..deals.len() {
                for &(k, g, w) in &deals[rng.index(deals.len())] {
                    sums[k].0 += g;
                    sums[k].1 += w;
                }
            }
            for (k, &(g, w)) in sums.iter().enumerate() {
                if g > 0 {
                    samples[k].push(w as f64 / g as f64);
                }
            }
        }
    }
    keys.into_iter()
        .map(|(k, i)| {
            let s = &mut samples[i];
            s.sort_by(f64::total_cmp);
            let interval = if s.is_empty() {
                (0.0, 1.0)
            } else {
                (percentile(s, 0.025), percentile(s, 0.975))
            };
            (k.clone(), interval)
        })
        .collect()
}

/// The `q` quantile of sorted, non-empty `sorted` (linear interpolation
/// between the order statistics at `(len - 1) q`).
fn percentile(sorted: &[f64], q: f64) -> f64 {
    let h = (sorted.len() - 1) as f64 * q;
    let low = h.floor() as usize;
    let high = (low + 1).min(sorted.len() - 1);
    sorted[low] + (h - low as f64) * (sorted[high] - sorted[low])
}

/// The seed of a tournament's deal bootstrap: drawn from the tournament's
/// seed apart from every game and bot seed.
pub(super) fn bootstrap_seed(tournament_seed: u64) -> u64 {
    // "deals" in ASCII: a stream no block or game index reaches.
    mix_seed(mix_seed(tournament_seed, u64::MAX), 0x0064_6561_6c73)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `deals` deals of four games each; in each deal the statistic wins
    /// all four games or none (perfectly correlated within a deal), half of
    /// the deals each way.
    fn all_or_nothing(deals: usize) -> DealCounts {
        let mut counts = DealCounts::default();
        for d in 0..deals {
            for _ in 0..4 {
                counts.count(d, Statistic::Seat(Seat(0)), d % 2 == 0);
            }
        }
        counts
    }

    #[test]
    fn correlated_games_give_a_wider_interval_than_wilson() {
        let counts = all_or_nothing(50);
        let intervals = deal_intervals(&counts, DEAL_RESAMPLES, 7);
        let (low, high) = intervals[&Statistic::Seat(Seat(0))];
        // 100 wins of 200 games, but only 50 independent deals.
        let (wilson_low, wilson_high) = wilson(100, 200);
        assert!(low <= 0.5 && 0.5 <= high, "({low}, {high})");
        assert!(
            high - low > 1.5 * (wilson_high - wilson_low),
            "deal ({low}, {high}) vs Wilson ({wilson_low}, {wilson_high})"
        );
        // About the Wilson interval of 25 wins in 50 deals: ±0.14.
        assert!((high - low - 0.27).abs() < 0.04, "({low}, {high})");
    }

    #[test]
    fn independent_games_give_about_wilson_s_interval() {
        // Each deal: one game per statistic, won in alternate deals; as
        // many deals as games, so the bootstrap is the plain one.
        let mut counts = DealCounts::default();
        for d in 0..400 {
            counts.count(d, Statistic::Bot(0), d % 4 == 0);
        }
        let (low, high) = deal_intervals(&counts, DEAL_RESAMPLES, 3)[&Statistic::Bot(0)];
        let (wilson_low, wilson_high) = wilson(100, 400);
        assert!((low - wilson_low).abs() < 0.01, "{low} vs {wilson_low}");
        assert!((high - wilson_high).abs() < 0.01, "{high} vs {wilson_high}");
    }

    #[test]
    fn the_same_seed_gives_the_same_interval_and_another_seed_may_not() {
        let mut counts = DealCounts::default();
        for d in 0..30 {
            for s in 0..3u8 {
                counts.count(d, Statistic::Seat(Seat(s)), (d + s as usize) % 3 == 0);
                counts.count(
                    d,
                    Statistic::Role(format!("r{}", (d + s as usize) % 4)),
                    s == 0,
                );
            }
        }
        let a = deal_intervals(&counts, 500, 11);
        assert_eq!(a, deal_intervals(&counts, 500, 11));
        assert_ne!(a, deal_intervals(&counts, 500, 12));
        assert_eq!(a.len(), 3 + 4);
    }

    #[test]
    fn nothing_counted_is_the_whole_range() {
        let counts = DealCounts::default();
        assert!(deal_intervals(&counts, 100, 1).is_empty());
        let mut one = DealCounts::default();
        one.count(0, Statistic::Bot(1), true);
        assert_eq!(deal_intervals(&one, 100, 1)[&Statistic::Bot(1)], (1.0, 1.0));
    }

    #[test]
    fn percentiles_interpolate() {
        let v = [0.0, 1.0, 2.0, 3.0, 4.0];
        assert_eq!(percentile(&v, 0.0), 0.0);
        assert_eq!(percentile(&v, 1.0), 4.0);
        assert!((percentile(&v, 0.025) - 0.1).abs() < 1e-12);
        assert!((percentile(&v, 0.975) - 3.9).abs() < 1e-12);
    }
}
