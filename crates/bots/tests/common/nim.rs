//! Subtraction Nim, a perfect-information game with known forced wins.
//!
//! A pile of tokens; in turn, each player takes 1, 2 or 3; whoever takes the
//! last token wins. With two players the player to move wins exactly when the
//! pile is not a multiple of 4, by taking `pile mod 4`. 2–4 players.

use eons_core::{Game, OptionInfo, OptionKind, Outcome, Seat, SetupError, Turn};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Players and the starting pile.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    pub players: u8,
    pub pile: u16,
}

/// The whole state (nothing is hidden).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub players: u8,
    pub pile: u16,
    pub to_move: u8,
    pub winner: Option<u8>,
}

/// Take this many tokens.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Take(pub u8);

/// Refusals (the race game's too).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error(pub String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// The game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nim;

impl Nim {
    /// A state with `pile` tokens and `to_move` to play.
    pub fn position(players: u8, pile: u16, to_move: u8) -> State {
        State {
            players,
            pile,
            to_move,
            winner: None,
        }
    }
}

impl Game for Nim {
    const ID: &'static str = "nim";
    const NAME: &'static str = "Subtraction Nim";
    const OPTIONS: &'static [OptionInfo] = &[OptionInfo {
        name: "pile=N",
        help: "starting pile (default 21)",
        label: "Pile",
        kind: OptionKind::Number,
    }];
    type Setup = Setup;
    type State = State;
    type Choice = Take;
    type Event = Take;
    type View = State;
    type Error = Error;

    fn setup(players: usize, options: &[String]) -> Result<Setup, SetupError> {
        if !(2..=4).contains(&players) {
            return Err(SetupError(format!("2 to 4 players, not {players}")));
        }
        let mut pile = 21;
        for o in options {
            match o.split_once('=') {
                Some(("pile", v)) => {
                    pile = v
                        .parse()
                        .map_err(|_| SetupError(format!("bad pile `{v}`")))?
                }
                _ => return Err(SetupError(format!("unknown option `{o}`"))),
            }
        }
        Ok(Setup {
            players: players as u8,
            pile,
        })
    }

    fn new(setup: &Setup, _seed: u64) -> Result<State, SetupError> {
        Ok(Nim::position(setup.players, setup.pile, 0))
    }

    fn seats(s: &State) -> usize {
        s.players as usize
    }

    fn turn(s: &State) -> Turn {
        if s.winner.is_some() || s.pile == 0 {
            Turn::Over
        } else {
            Turn::Seat(Seat(s.to_move))
        }
    }

    fn legal(s: &State, out: &mut Vec<Take>) {
        if Nim::turn(s) != Turn::Over {
            out.extend((1..=3u8).filter(|&k| u16::from(k) <= s.pile).map(Take));
        }
    }

    fn apply(s: &mut State, c: Take, events: &mut Vec<Take>) -> Result<(), Error> {
        if Nim::turn(s) == Turn::Over {
            return Err(Error("the game is over".into()));
        }
        if !(1..=3).contains(&c.0) || u16::from(c.0) > s.pile {
            return Err(Error(format!("cannot take {}", c.0)));
        }
        s.pile -= u16::from(c.0);
        events.push(c);
        if s.pile == 0 {
            s.winner = Some(s.to_move);
        } else {
            s.to_move = (s.to_move + 1) % s.players;
        }
        Ok(())
    }

    fn view(s: &State, _seat: Option<Seat>) -> State {
        s.clone()
    }

    fn outcome(s: &State) -> Option<Outcome> {
        let w = s.winner?;
        let ranking = (0..s.players).map(|i| Seat((w + i) % s.players)).collect();
        Some(Outcome {
            scores: Nim::scores(s),
            ranking,
        })
    }

    fn scores(s: &State) -> Vec<i64> {
        (0..s.players)
            .map(|i| i64::from(s.winner == Some(i)))
            .collect()
    }

    fn determinize(s: &State, _seat: Seat, _seed: u64) -> State {
        s.clone()
    }

    fn roles(_s: &State, _seat: Seat) -> Vec<String> {
        Vec::new()
    }

    fn describe_choice(_s: &State, c: Take) -> String {
        format!("take {}", c.0)
    }

    fn describe_event(_s: &State, e: &Take) -> String {
        format!("took {}", e.0)
    }

    fn render(v: &State) -> String {
        format!("pile {}", v.pile)
    }
}
