//! How long writing a seat's observation takes beside playing the game,
//! whole ([`Learnable::observe`]) or in place ([`Learnable::observe_again`]):
//! random games, the observation of the seat to move after every decision,
//! as a batch of the Python package writes them. Each engine's
//! `observe_speed` example runs [`observe_speed`] on its game.

use crate::{GameRng, Learnable, Turn};
use std::time::Instant;

/// How a timed run observes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ObserveMode {
    /// Not at all: the cost of the decisions alone.
    Nothing,
    /// Whole, every time ([`Learnable::observe`]).
    Whole,
    /// In place, into one buffer kept with its memory
    /// ([`Learnable::observe_again`]).
    Again,
}

/// What a timed run did: the decisions made and the seconds taken.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct TimedRun {
    /// Decisions made across the run's games.
    pub decisions: usize,
    /// Wall-clock seconds the run took.
    pub seconds: f64,
}

/// Plays `games` random games of `players` seats (deals 0, 1, …; choices
/// from a fixed seed, so every mode plays the same games), observing the
/// seat to move before each decision as `mode` says. None when the game
/// has no setup for `players` seats or a deal fails.
pub fn time_observations<G: Learnable>(
    players: usize,
    games: u64,
    mode: ObserveMode,
) -> Option<TimedRun> {
    let setup = G::setup(players, &[]).ok()?;
    let mut out = vec![0.0f32; G::observation_layout(players).len()];
    let mut memory = G::ObservationMemory::default();
    let mut rng = GameRng::new(7);
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    let mut decisions = 0;
    let start = Instant::now();
    for deal in 0..games {
        let mut s = G::new(&setup, deal).ok()?;
        while let Turn::Seat(seat) = G::turn(&s) {
            match mode {
                ObserveMode::Nothing => {}
                ObserveMode::Whole => G::observe(&s, seat, &mut out),
                ObserveMode::Again => G::observe_again(&s, seat, &mut memory, &mut out),
            }
            legal.clear();
            G::legal(&s, &mut legal);
            let Some(&choice) = legal.get(rng.index(legal.len().max(1))) else {
                break;
            };
            events.clear();
            G::apply(&mut s, choice, &mut events).ok()?;
            decisions += 1;
        }
    }
    Some(TimedRun {
        decisions,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// The `observe_speed` example of a game, 4 players: three rounds of
/// `games` games each not observing, observing whole and in place,
/// printing the cost of a decision and what observing adds. With
/// `--again-only`, `--whole-only` or `--nothing-only` among the program's
/// arguments it plays `4 × games` games one way only and prints the
/// decisions, for a profiler (`perf stat` counts the program's own cycles,
/// steadier than the time on a shared machine).
pub fn observe_speed<G: Learnable>(games: u64) {
    const PLAYERS: usize = 4;
    let only = [
        ("--again-only", ObserveMode::Again),
        ("--whole-only", ObserveMode::Whole),
        ("--nothing-only", ObserveMode::Nothing),
    ];
    let args: Vec<String> = std::env::args().collect();
    if let Some(&(_, mode)) = only.iter().find(|(flag, _)| args.iter().any(|a| a == flag)) {
        match time_observations::<G>(PLAYERS, 4 * games, mode) {
            Some(run) => println!("{} decisions", run.decisions),
            None => eprintln!("no {PLAYERS}-player game to play"),
        }
        return;
    }
    for round in 0..3 {
        let runs = [ObserveMode::Nothing, ObserveMode::Whole, ObserveMode::Again]
            .map(|mode| time_observations::<G>(PLAYERS, games, mode));
        let [Some(nothing), Some(whole), Some(again)] = runs else {
            eprintln!("no {PLAYERS}-player game to play");
            return;
        };
        let per = |seconds: f64| seconds / nothing.decisions.max(1) as f64 * 1e6;
        println!(
            "round {round}: {} decisions; a decision {:.3} µs; observing adds {:.3} µs whole, {:.3} µs in place",
            nothing.decisions,
            per(nothing.seconds),
            per(whole.seconds - nothing.seconds),
            per(again.seconds - nothing.seconds)
        );
    }
}
