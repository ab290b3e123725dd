//! "Hidden High Card": a small Goofspiel-like game with hidden information,
//! written to test the bots (no real game is ready yet).
//!
//! * 2–4 players. Bid cards are `1..=6P`, all different, shuffled face down
//!   into a deck; each player is dealt a private hand of 3.
//! * Prizes `1..=8` are flipped one per round from a pool with the state's
//!   RNG (so the RNG itself is hidden information); 2 prizes are never seen.
//! * Each round, starting with seat `round mod P`, every player bids one card
//!   face down. When all have bid, the bids are revealed; the highest bid
//!   wins the prize's value in VP (the "hawk" seat gets +1 VP per prize won).
//!   Then every player draws one card from the deck while it lasts.
//! * After 6 rounds the hands are empty and the game ends. Highest score
//!   wins; ties go to the lower seat.
//!
//! What a seat knows: its own hand and face-down bid, everything revealed
//! (past bids, prizes), the hand sizes, the deck size and the prize pool.
//! What it does not: the other hands, their face-down bids, the deck order
//! and the RNG's state.

use eons_core::{
    Deck, Game, GameRng, OptionInfo, OptionKind, Outcome, Seat, SetupError, Turn, TurnPosition,
};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Cards in each starting hand.
pub const HAND: u32 = 3;
/// Highest prize value (prizes are `1..=PRIZES`).
pub const PRIZES: u8 = 8;

/// Players and the hawk seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    /// 2..=4.
    pub players: u8,
    /// The seat with the +1 VP bonus.
    pub hawk: u8,
}

/// A finished round, public.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Round {
    /// The prize.
    pub prize: u8,
    /// Each seat's bid.
    pub bids: Vec<u8>,
    /// The winning seat.
    pub winner: u8,
}

/// The whole state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub players: u8,
    pub hawk: u8,
    /// Bit `v` set: card `v` is in the hand.
    pub hands: Vec<u32>,
    pub deck: Deck<u8>,
    /// Prizes not yet flipped (sorted, public).
    pub prize_pool: Vec<u8>,
    pub prize: u8,
    /// Face-down bids of this round.
    pub bids: Vec<Option<u8>>,
    pub round: u8,
    pub scores: Vec<i64>,
    pub history: Vec<Round>,
    pub over: bool,
    pub rng: GameRng,
}

/// Bid a card.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bid(pub u8);

/// What happened.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Event {
    /// A seat bid face down.
    Bid(Seat),
    /// Bids revealed.
    Revealed(Round),
    /// A seat drew a card.
    Drew(Seat),
    /// A new prize was flipped.
    Prize(u8),
    /// The game ended.
    Over,
}

/// Refusals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The game is over.
    Over,
    /// The card is not in the bidder's hand.
    NotInHand(u8),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Over => write!(f, "the game is over"),
            Error::NotInHand(c) => write!(f, "card {c} is not in your hand"),
        }
    }
}

impl std::error::Error for Error {}

/// What one seat sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    pub seat: Option<Seat>,
    pub hand: Option<Vec<u8>>,
    pub own_bid: Option<u8>,
    pub hand_sizes: Vec<u32>,
    pub has_bid: Vec<bool>,
    pub deck_size: usize,
    pub prize: u8,
    pub prize_pool: Vec<u8>,
    pub round: u8,
    pub scores: Vec<i64>,
    pub history: Vec<Round>,
    pub over: bool,
}

/// The game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HighCard;

impl State {
    /// The seat to bid, if any.
    pub fn mover(&self) -> Option<u8> {
        if self.over {
            return None;
        }
        let made = self.bids.iter().filter(|b| b.is_some()).count() as u8;
        Some((self.round + made) % self.players)
    }

    fn max_card(&self) -> u8 {
        6 * self.players
    }

    fn flip(&mut self, events: &mut Vec<Event>) -> bool {
        if self.prize_pool.is_empty() {
            return false;
        }
        let i = self.rng.index(self.prize_pool.len());
        self.prize = self.prize_pool.remove(i);
        events.push(Event::Prize(self.prize));
        true
    }
}

fn cards(mask: u32) -> Vec<u8> {
    (0..32u8).filter(|v| mask & (1 << v) != 0).collect()
}

impl Game for HighCard {
    const ID: &'static str = "highcard";
    const NAME: &'static str = "Hidden High Card";
    const OPTIONS: &'static [OptionInfo] = &[OptionInfo {
        name: "hawk=SEAT",
        help: "the seat (1-based) that scores +1 per prize won",
        label: "Hawk seat",
        kind: OptionKind::Number,
    }];
    type Setup = Setup;
    type State = State;
    type Choice = Bid;
    type Event = Event;
    type View = View;
    type Error = Error;

    fn setup(players: usize, options: &[String]) -> Result<Setup, SetupError> {
        if !(2..=4).contains(&players) {
            return Err(SetupError(format!("2 to 4 players, not {players}")));
        }
        let mut hawk = 0u8;
        for o in options {
            match o.split_once('=') {
                Some(("hawk", v)) => {
                    let s: u8 = v
                        .parse()
                        .map_err(|_| SetupError(format!("bad hawk seat `{v}`")))?;
                    if s == 0 || s as usize > players {
                        return Err(SetupError(format!("no seat {s}")));
                    }
                    hawk = s - 1;
                }
                _ => return Err(SetupError(format!("unknown option `{o}`"))),
            }
        }
        Ok(Setup {
            players: players as u8,
            hawk,
        })
    }

    fn new(setup: &Setup, seed: u64) -> Result<State, SetupError> {
        let p = setup.players;
        if !(2..=4).contains(&p) || setup.hawk >= p {
            return Err(SetupError("bad setup".into()));
        }
        let mut rng = GameRng::new(seed);
        let mut deck = Deck::from_bottom_up((1..=6 * p).collect());
        deck.shuffle(&mut rng);
        let mut hands = vec![0u32; p as usize];
        for _ in 0..HAND {
            for h in hands.iter_mut() {
                if let Some(c) = deck.draw() {
                    *h |= 1 << c;
                }
            }
        }
        let mut s = State {
            players: p,
            hawk: setup.hawk,
            hands,
            deck,
            prize_pool: (1..=PRIZES).collect(),
            prize: 0,
            bids: vec![None; p as usize],
            round: 0,
            scores: vec![0; p as usize],
            history: Vec::new(),
            over: false,
            rng,
        };
        let mut ev = Vec::new();
        s.flip(&mut ev);
        Ok(s)
    }

    fn seats(s: &State) -> usize {
        s.players as usize
    }

    fn turn(s: &State) -> Turn {
        match s.mover() {
            Some(m) => Turn::Seat(Seat(m)),
            None => Turn::Over,
        }
    }

    fn legal(s: &State, out: &mut Vec<Bid>) {
        if let Some(m) = s.mover() {
            let h = s.hands[m as usize];
            out.extend((0..32u8).filter(|v| h & (1 << v) != 0).map(Bid));
        }
    }

    fn apply(s: &mut State, c: Bid, events: &mut Vec<Event>) -> Result<(), Error> {
        let m = s.mover().ok_or(Error::Over)? as usize;
        if c.0 >= 32 || s.hands[m] & (1 << c.0) == 0 {
            return Err(Error::NotInHand(c.0));
        }
        s.hands[m] &= !(1 << c.0);
        s.bids[m] = Some(c.0);
        events.push(Event::Bid(Seat(m as u8)));
        if s.bids.iter().any(Option::is_none) {
            return Ok(());
        }
        let bids: Vec<u8> = s.bids.iter().map(|b| b.unwrap_or(0)).collect();
        let mut winner = 0usize;
        for (i, &b) in bids.iter().enumerate() {
            if b > bids[winner] {
                winner = i;
            }
        }
        s.scores[winner] += i64::from(s.prize) + i64::from(winner as u8 == s.hawk);
        let round = Round {
            prize: s.prize,
            bids,
            winner: winner as u8,
        };
        s.history.push(round.clone());
        events.push(Event::Revealed(round));
        s.bids.iter_mut().for_each(|b| *b = None);
        for i in 0..s.players as usize {
            if let Some(card) = s.deck.draw() {
                s.hands[i] |= 1 << card;
                events.push(Event::Drew(Seat(i as u8)));
            }
        }
        s.round += 1;
        if s.hands.iter().all(|&h| h == 0) || !s.flip(events) {
            s.over = true;
            events.push(Event::Over);
        }
        Ok(())
    }

    fn view(s: &State, seat: Option<Seat>) -> View {
        let me = seat.map(Seat::index).filter(|&i| i < s.players as usize);
        View {
            seat,
            hand: me.map(|i| cards(s.hands[i])),
            own_bid: me.and_then(|i| s.bids[i]),
            hand_sizes: s.hands.iter().map(|h| h.count_ones()).collect(),
            has_bid: s.bids.iter().map(Option::is_some).collect(),
            deck_size: s.deck.len(),
            prize: s.prize,
            prize_pool: s.prize_pool.clone(),
            round: s.round,
            scores: s.scores.clone(),
            history: s.history.clone(),
            over: s.over,
        }
    }

    fn outcome(s: &State) -> Option<Outcome> {
        if !s.over {
            return None;
        }
        let mut ranking: Vec<Seat> = (0..s.players).map(Seat).collect();
        ranking.sort_by_key(|&x| (std::cmp::Reverse(s.scores[x.index()]), x.0));
        Some(Outcome {
            scores: s.scores.clone(),
            ranking,
        })
    }

    fn scores(s: &State) -> Vec<i64> {
        s.scores.clone()
    }

    fn determinize(s: &State, seat: Seat, seed: u64) -> State {
        let mut rng = GameRng::new(seed);
        let me = seat.index();
        let mut d = s.clone();
        // Everything this seat has seen: its hand, its own face-down bid,
        // every revealed bid. The rest is unseen, in a canonical order.
        let mut seen = s.hands.get(me).copied().unwrap_or(0);
        if let Some(Some(b)) = s.bids.get(me) {
            seen |= 1 << b;
        }
        for r in &s.history {
            for &b in &r.bids {
                seen |= 1 << b;
            }
        }
        let mut unseen: Vec<u8> = (1..=s.max_card())
            .filter(|v| seen & (1 << v) == 0)
            .collect();
        rng.shuffle(&mut unseen);
        let mut take = unseen.into_iter();
        for o in 0..s.players as usize {
            if o == me {
                continue;
            }
            let mut h = 0u32;
            for _ in 0..s.hands[o].count_ones() {
                if let Some(c) = take.next() {
                    h |= 1 << c;
                }
            }
            d.hands[o] = h;
            if s.bids[o].is_some() {
                d.bids[o] = take.next();
            }
        }
        d.deck = Deck::from_bottom_up(take.collect());
        d.rng = GameRng::new(rng.next_u64());
        d
    }

    fn roles(s: &State, seat: Seat) -> Vec<String> {
        vec![if seat.0 == s.hawk { "hawk" } else { "dove" }.to_string()]
    }

    /// The round's bidding starts with seat `round mod P`.
    fn initiative(s: &State, seat: Seat) -> Vec<TurnPosition> {
        let first = s.round % s.players;
        vec![TurnPosition((seat.0 + s.players - first) % s.players)]
    }

    fn describe_choice(_s: &State, c: Bid) -> String {
        format!("bid {}", c.0)
    }

    fn describe_event(_s: &State, e: &Event) -> String {
        format!("{e:?}")
    }

    fn render(v: &View) -> String {
        format!("{v:?}")
    }
}
