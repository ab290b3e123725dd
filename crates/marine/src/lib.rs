//! `eons-marine`: the rules of **Dominant Species: Marine** (GMT Games, design
//! by Chad Jensen) on the shared Eons core and earth.
//!
//! * Every table, layout and card parameter is data (`data/marine/*.toml`,
//!   embedded and checked at start-up, see [`data`]).
//! * The game is a state machine over atomic [`Choice`]s ([`rules`]): a turn
//!   is "place a pawn" or "retrieve", and every action, card and trait is a
//!   sequence of small decisions, each offered to the animal it concerns.
//! * [`Marine`] implements [`eons_core::Game`] and [`eons_core::Positions`]
//!   (a human-editable TOML position format, see `POSITIONS.md`).
//!
//! Animals are in food-chain order (Reptiles, Cephalopods, Fishes,
//! Crustaceans); eons-earth's animal index is that order.

#![forbid(unsafe_code)]
#![warn(missing_docs)]
// Fixed arrays indexed by element type or animal read best with indices.
#![allow(clippy::needless_range_loop)]

pub mod data;
pub mod events;
pub mod position;
pub mod rules;
pub mod state;
pub mod types;
pub mod view;

pub use events::{Event, Why};
pub use rules::{Choice, Frame, RuleError};
pub use state::{Pawn, Setup, State};
pub use types::{Action, Animal, Card, El, Face, Length, Terrain, Tile, Trait};
pub use view::View;

use eons_core::{Game, OptionInfo, Outcome, PositionError, Positions, Seat, SetupError, Turn};

/// Dominant Species: Marine.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Marine;

impl Game for Marine {
    const ID: &'static str = "marine";
    const NAME: &'static str = "Dominant Species: Marine";
    const OPTIONS: &'static [OptionInfo] = &[
        OptionInfo {
            name: "two-animals",
            help: "2 players only: each player controls two animals; the lower score counts (p.22)",
        },
        OptionInfo {
            name: "random-earth",
            help: "alternate earth: random central tiles and elements, handicapped starting VP (p.22)",
        },
        OptionInfo {
            name: "length=VALUE",
            help: "short (15 cards out), standard (10), long (5) or epic (0) (p.23)",
        },
        OptionInfo {
            name: "alternate-displays",
            help: "animal displays' reverse side: three random elements, none printed (p.23)",
        },
        OptionInfo {
            name: "superheroes",
            help: "each animal keeps two of its three trait cards (p.23)",
        },
        OptionInfo {
            name: "max-rounds=N",
            help: "engine safeguard: after N-1 Reseeds the next round is the last (0 = no cap; default in data)",
        },
        OptionInfo {
            name: "animals=A,B,...",
            help: "animals by seat (reptiles, cephalopods, fishes, crustaceans); with two-animals, four, animal i to seat i%2",
        },
    ];

    type Setup = Setup;
    type State = State;
    type Choice = Choice;
    type Event = Event;
    type View = View;
    type Error = RuleError;

    fn setup(players: usize, options: &[String]) -> Result<Setup, SetupError> {
        Setup::parse(players, options)
    }

    fn new(setup: &Setup, seed: u64) -> Result<State, SetupError> {
        let mut s = state::new_game(setup, seed)?;
        let mut ev = Vec::new();
        rules::settle(&mut s, &mut ev);
        Ok(s)
    }

    fn seats(s: &State) -> usize {
        s.setup.players as usize
    }

    fn turn(s: &State) -> Turn {
        view::turn(s)
    }

    fn legal(s: &State, out: &mut Vec<Choice>) {
        rules::gen(s, &mut |c| {
            out.push(c);
            false
        });
    }

    fn apply(s: &mut State, c: Choice, events: &mut Vec<Event>) -> Result<(), RuleError> {
        rules::apply(s, c, events)
    }

    fn view(s: &State, seat: Option<Seat>) -> View {
        view::view(s, seat)
    }

    fn outcome(s: &State) -> Option<Outcome> {
        if !s.over {
            return None;
        }
        let scores = Self::scores(s);
        // Tie-break: the counted animal closest to the top of the food chain
        // (reversed while Monotypic Habitat is face-up) (p.9, p.22).
        let rev = s.ties_reversed();
        let key = |seat: usize| -> usize {
            let counted = s
                .animals()
                .filter(|a| s.owner[a.index()] as usize == seat)
                .min_by_key(|a| (s.vp[a.index()], a.index()))
                .map_or(0, |a| a.index());
            if rev {
                3 - counted
            } else {
                counted
            }
        };
        let mut ranking: Vec<Seat> = (0..Self::seats(s)).map(|i| Seat(i as u8)).collect();
        ranking.sort_by(|x, y| {
            scores[y.index()]
                .cmp(&scores[x.index()])
                .then(key(x.index()).cmp(&key(y.index())))
        });
        Some(Outcome { scores, ranking })
    }

    fn scores(s: &State) -> Vec<i64> {
        (0..Self::seats(s))
            .map(|i| s.seat_score(i) as i64)
            .collect()
    }

    fn determinize(s: &State, seat: Seat, seed: u64) -> State {
        view::determinize(s, seat, seed)
    }

    fn roles(s: &State, seat: Seat) -> Vec<String> {
        s.animals()
            .filter(|a| s.owner[a.index()] == seat.0)
            .map(|a| a.name().to_string())
            .collect()
    }

    fn describe_choice(s: &State, c: Choice) -> String {
        view::describe_choice(s, c)
    }

    /// Draft picks stay secret from the other seats until all reveal (p.5).
    fn describe_choice_for(s: &State, c: Choice, actor: Seat, viewer: Option<Seat>) -> String {
        let drafting = matches!(s.stack.last(), Some(rules::Frame::Draft { .. }));
        if viewer != Some(actor) && drafting && matches!(c, Choice::Trait(_)) {
            "keeps a trait card (secret until all reveal)".to_string()
        } else {
            view::describe_choice(s, c)
        }
    }

    fn describe_event(s: &State, e: &Event) -> String {
        view::describe_event(s, e)
    }

    fn render(v: &View) -> String {
        view::render(v)
    }
}

impl Positions for Marine {
    fn read_position(text: &str) -> Result<State, PositionError> {
        position::read(text)
    }

    fn write_position(s: &State) -> String {
        position::write(s)
    }
}
