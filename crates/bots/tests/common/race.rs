//! A points race with an evaluation scale, for the search's cut-off rewards.
//!
//! Seats take turns adding 1, 2 or 3 points to their own score; after
//! `turns` turns in all the highest score wins (ties: the lower seat). The
//! game declares an [`Game::evaluation_scale`] of 2 points.

use super::nim::Error;
use eons_core::{Game, OptionInfo, Outcome, Seat, SetupError, Turn};
use serde::{Deserialize, Serialize};

/// Players and the number of turns.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    pub players: u8,
    pub turns: u16,
}

/// The whole state (nothing is hidden).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub scores: Vec<i64>,
    pub turns_left: u16,
    pub to_move: u8,
}

/// Add this many points.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Add(pub u8);

/// The game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Race;

impl Race {
    /// `scores` so far, `turns_left` turns to go, `to_move` to play.
    pub fn position(scores: &[i64], turns_left: u16, to_move: u8) -> State {
        State {
            scores: scores.to_vec(),
            turns_left,
            to_move,
        }
    }
}

impl Game for Race {
    const ID: &'static str = "race";
    const NAME: &'static str = "Points race";
    const OPTIONS: &'static [OptionInfo] = &[];
    type Setup = Setup;
    type State = State;
    type Choice = Add;
    type Event = Add;
    type View = State;
    type Error = Error;

    fn setup(players: usize, _options: &[String]) -> Result<Setup, SetupError> {
        if !(2..=4).contains(&players) {
            return Err(SetupError(format!("2 to 4 players, not {players}")));
        }
        Ok(Setup {
            players: players as u8,
            turns: 12,
        })
    }

    fn new(setup: &Setup, _seed: u64) -> Result<State, SetupError> {
        Ok(Race::position(
            &vec![0; usize::from(setup.players)],
            setup.turns,
            0,
        ))
    }

    fn seats(s: &State) -> usize {
        s.scores.len()
    }

    fn turn(s: &State) -> Turn {
        if s.turns_left == 0 {
            Turn::Over
        } else {
            Turn::Seat(Seat(s.to_move))
        }
    }

    fn legal(s: &State, out: &mut Vec<Add>) {
        if s.turns_left > 0 {
            out.extend((1..=3u8).map(Add));
        }
    }

    fn apply(s: &mut State, c: Add, events: &mut Vec<Add>) -> Result<(), Error> {
        if s.turns_left == 0 {
            return Err(Error("the game is over".into()));
        }
        if !(1..=3).contains(&c.0) {
            return Err(Error(format!("cannot add {}", c.0)));
        }
        s.scores[usize::from(s.to_move)] += i64::from(c.0);
        s.turns_left -= 1;
        s.to_move = (s.to_move + 1) % s.scores.len() as u8;
        events.push(c);
        Ok(())
    }

    fn view(s: &State, _seat: Option<Seat>) -> State {
        s.clone()
    }

    fn outcome(s: &State) -> Option<Outcome> {
        if s.turns_left > 0 {
            return None;
        }
        let mut ranking: Vec<Seat> = (0..s.scores.len() as u8).map(Seat).collect();
        ranking.sort_by_key(|seat| std::cmp::Reverse(s.scores[seat.index()]));
        Some(Outcome {
            scores: s.scores.clone(),
            ranking,
        })
    }

    fn scores(s: &State) -> Vec<i64> {
        s.scores.clone()
    }

    fn evaluation_scale() -> Option<f64> {
        Some(2.0)
    }

    fn determinize(s: &State, _seat: Seat, _seed: u64) -> State {
        s.clone()
    }

    fn roles(_s: &State, _seat: Seat) -> Vec<String> {
        Vec::new()
    }

    fn describe_choice(_s: &State, c: Add) -> String {
        format!("add {}", c.0)
    }

    fn describe_event(_s: &State, e: &Add) -> String {
        format!("added {}", e.0)
    }

    fn render(v: &State) -> String {
        format!("scores {:?}", v.scores)
    }
}
