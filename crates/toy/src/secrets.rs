//! "Secrets" (id `secrets`), a tiny game with hidden hands for the tests, never
//! in a shipped binary: the server offers it only when built with its
//! `test-games` feature (as its own tests and the browser tests build it)
//! and started with `--test-games`. It exists to test that the server never
//! sends a seat another seat's secrets (Dominant Species hides only deck
//! order and face-down tiles), and plays a whole game in a few moves.
//!
//! Each seat is dealt three numbered cards (1–30) from a shuffled deck. On its
//! turn a seat plays a card from its hand (scoring its number) or, once per
//! game, draws a card in secret. The game ends when every hand is empty.

use eons_core::{Deck, Game, GameRng, OptionInfo, Outcome, Presentation, Seat, SetupError, Turn};
use serde::{Deserialize, Serialize};

/// The game.
#[derive(Copy, Clone, Debug, Default)]
pub struct Secrets;

/// Setup: the number of players.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SecretsSetup {
    /// 2–4.
    pub players: u8,
}

/// The whole state.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SecretsState {
    players: u8,
    hands: Vec<Vec<u8>>,
    drew: Vec<bool>,
    scores: Vec<i64>,
    played: Vec<(u8, u8)>,
    deck: Deck<u8>,
    to_move: u8,
}

/// A choice.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SecretsChoice {
    /// Play this card from the hand.
    Play(u8),
    /// Draw a card in secret (once per game).
    Draw,
}

/// An event.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum SecretsEvent {
    /// A seat played a card (public).
    Played {
        /// Who.
        seat: u8,
        /// The card.
        card: u8,
    },
    /// A seat drew a card (only that seat may read which).
    Drew {
        /// Who.
        seat: u8,
        /// The card.
        card: u8,
    },
}

/// What a seat sees.
#[derive(Clone, Debug, Serialize)]
pub struct SecretsView {
    /// Whose view.
    pub seat: Option<u8>,
    /// The viewer's own hand (empty for spectators).
    pub hand: Vec<u8>,
    /// Every seat's hand size.
    pub hand_sizes: Vec<usize>,
    /// Cards played, with their seats.
    pub played: Vec<(u8, u8)>,
    /// Cards left in the deck.
    pub deck_size: usize,
    /// Scores.
    pub scores: Vec<i64>,
}

/// A refused choice.
#[derive(Clone, Debug, thiserror::Error)]
#[error("{0}")]
pub struct SecretsError(String);

fn over(s: &SecretsState) -> bool {
    s.hands.iter().all(|h| h.is_empty())
}

impl Game for Secrets {
    const ID: &'static str = "secrets";
    const NAME: &'static str = "Secrets (test game)";
    const OPTIONS: &'static [OptionInfo] = &[];
    type Setup = SecretsSetup;
    type State = SecretsState;
    type Choice = SecretsChoice;
    type Event = SecretsEvent;
    type View = SecretsView;
    type Error = SecretsError;

    fn setup(players: usize, options: &[String]) -> Result<SecretsSetup, SetupError> {
        if let Some(o) = options.first() {
            return Err(SetupError(format!("unknown option `{o}`")));
        }
        if !(2..=4).contains(&players) {
            return Err(SetupError(format!(
                "{players} players: Secrets takes 2 to 4"
            )));
        }
        Ok(SecretsSetup {
            players: players as u8,
        })
    }
    fn new(setup: &SecretsSetup, seed: u64) -> Result<SecretsState, SetupError> {
        let n = setup.players as usize;
        if !(2..=4).contains(&n) {
            return Err(SetupError(format!("{n} players: Secrets takes 2 to 4")));
        }
        let mut rng = GameRng::new(seed);
        let mut deck = Deck::from_bottom_up((1..=30).collect());
        deck.shuffle(&mut rng);
        let hands = (0..n)
            .map(|_| (0..3).filter_map(|_| deck.draw()).collect())
            .collect();
        Ok(SecretsState {
            players: setup.players,
            hands,
            drew: vec![false; n],
            scores: vec![0; n],
            played: Vec::new(),
            deck,
            to_move: 0,
        })
    }
    fn seats(s: &SecretsState) -> usize {
        s.players as usize
    }
    fn turn(s: &SecretsState) -> Turn {
        if over(s) {
            Turn::Over
        } else {
            Turn::Seat(Seat(s.to_move))
        }
    }
    fn legal(s: &SecretsState, out: &mut Vec<SecretsChoice>) {
        if over(s) {
            return;
        }
        let i = s.to_move as usize;
        out.extend(s.hands[i].iter().map(|&c| SecretsChoice::Play(c)));
        if !s.drew[i] && !s.deck.is_empty() {
            out.push(SecretsChoice::Draw);
        }
    }
    fn apply(
        s: &mut SecretsState,
        c: SecretsChoice,
        events: &mut Vec<SecretsEvent>,
    ) -> Result<(), SecretsError> {
        if over(s) {
            return Err(SecretsError("the game is over".into()));
        }
        let i = s.to_move as usize;
        match c {
            SecretsChoice::Play(card) => {
                let Some(pos) = s.hands[i].iter().position(|&x| x == card) else {
                    return Err(SecretsError(format!("card {card} is not in your hand")));
                };
                s.hands[i].remove(pos);
                s.scores[i] += card as i64;
                s.played.push((i as u8, card));
                events.push(SecretsEvent::Played {
                    seat: i as u8,
                    card,
                });
            }
            SecretsChoice::Draw => {
                if s.drew[i] {
                    return Err(SecretsError("you may draw only once per game".into()));
                }
                let Some(card) = s.deck.draw() else {
                    return Err(SecretsError("the deck is empty".into()));
                };
                s.drew[i] = true;
                s.hands[i].push(card);
                events.push(SecretsEvent::Drew {
                    seat: i as u8,
                    card,
                });
            }
        }
        let n = s.players as usize;
        for k in 1..=n {
            let next = (i + k) % n;
            if !s.hands[next].is_empty() {
                s.to_move = next as u8;
                break;
            }
        }
        Ok(())
    }
    fn view(s: &SecretsState, seat: Option<Seat>) -> SecretsView {
        SecretsView {
            seat: seat.map(|x| x.0),
            hand: seat
                .and_then(|x| s.hands.get(x.index()).cloned())
                .unwrap_or_default(),
            hand_sizes: s.hands.iter().map(Vec::len).collect(),
            played: s.played.clone(),
            deck_size: s.deck.len(),
            scores: s.scores.clone(),
        }
    }
    fn outcome(s: &SecretsState) -> Option<Outcome> {
        if !over(s) {
            return None;
        }
        let mut ranking: Vec<Seat> = (0..s.players).map(Seat).collect();
        ranking.sort_by_key(|x| std::cmp::Reverse(s.scores[x.index()]));
        Some(Outcome {
            scores: s.scores.clone(),
            ranking,
        })
    }
    fn scores(s: &SecretsState) -> Vec<i64> {
        s.scores.clone()
    }
    fn determinize(s: &SecretsState, seat: Seat, seed: u64) -> SecretsState {
        let mut d = s.clone();
        let mut rng = GameRng::new(seed);
        let mut pool: Vec<u8> = d.deck.cards().to_vec();
        for (i, h) in d.hands.iter().enumerate() {
            if i != seat.index() {
                pool.extend_from_slice(h);
            }
        }
        rng.shuffle(&mut pool);
        for i in 0..d.hands.len() {
            if i != seat.index() {
                let k = d.hands[i].len();
                d.hands[i] = pool.drain(..k).collect();
            }
        }
        d.deck = Deck::from_bottom_up(pool);
        d
    }
    fn roles(_s: &SecretsState, _seat: Seat) -> Vec<String> {
        Vec::new()
    }
    fn describe_choice(_s: &SecretsState, c: SecretsChoice) -> String {
        match c {
            SecretsChoice::Play(card) => format!("play {card}"),
            SecretsChoice::Draw => "draw a card".into(),
        }
    }
    /// A card drawn in secret may not be taken back; a card played may.
    fn undo_barrier(
        _before: &SecretsState,
        _after: &SecretsState,
        events: &[SecretsEvent],
    ) -> bool {
        events
            .iter()
            .any(|e| matches!(e, SecretsEvent::Drew { .. }))
    }

    fn describe_event(_s: &SecretsState, e: &SecretsEvent) -> String {
        match e {
            SecretsEvent::Played { seat, card } => format!("seat {} played {card}", seat + 1),
            SecretsEvent::Drew { seat, card } => format!("seat {} drew {card}", seat + 1),
        }
    }
    fn render(v: &SecretsView) -> String {
        format!("{v:?}")
    }
}

impl Presentation for Secrets {
    /// A drawn card is read only by the seat that drew it.
    fn reader_of(e: &SecretsEvent) -> Option<Seat> {
        match e {
            SecretsEvent::Drew { seat, .. } => Some(Seat(*seat)),
            SecretsEvent::Played { .. } => None,
        }
    }
}
