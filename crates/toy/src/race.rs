//! Card Race (id `demo`), a tiny but complete hidden-hand racing game: the
//! command line's tests play it through every command without a real engine.
//!
//! Rules:
//! - 2–4 players. A deck of 24 cards (values 1–6, four of each) is shuffled
//!   with the state's RNG; each player is dealt a hidden hand (3 cards by
//!   default, option `hand=N`) and gets a colour and a randomly drawn animal
//!   (these are the seat's two roles).
//! - On your turn play one card from your hand: your runner advances by its
//!   value, then you draw a card (the discard pile is reshuffled into the deck
//!   when the deck runs out). Everyone reads that you drew; only you read
//!   which card (the log's one secret: [`Presentation::reader_of`]).
//! - A 1 is a sprint: after drawing, you play again.
//! - A 5 or a 6 is a storm: before drawing you either knock one opponent back
//!   2 spaces (never below 0) or skip it. That is a second, separate decision,
//!   and the card played before it may be taken back (`undo`), since nothing
//!   was drawn yet.
//! - A seat whose turn starts with an empty hand draws a card first. No game
//!   played from a setup comes to that, but a position file may: reading it
//!   runs the draw as a forced step and logs it
//!   ([`Positions::read_position_with_events`]).
//! - The first runner to reach the target (20 by default, option `target=N`)
//!   ends the game at once. Scores are positions; ties rank the lower seat first.
//!
//! For the bots: a state's evaluation is the default one (a seat's position
//! minus the best other position) with an evaluation scale of 4 spaces
//! ([`Game::evaluation_scale`]), so that a search whose rollout is cut off
//! before the race ends grades the lead instead of giving the leader all.
//!
//! This file is long because it holds the whole game in one place: its
//! rules, texts, presentation, position format and their tests.

use eons_core::{
    capitalised, Deck, Game, GameRng, OptionInfo, OptionKind, Outcome, PositionError, Positions,
    Presentation, Seat, SetupError, Turn, TurnPosition,
};
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// A number and its noun, agreeing: "1 card", "3 cards".
fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// Highest card value.
const MAX_CARD: u8 = 6;
/// Copies of each value in the deck.
const COPIES: u8 = 4;
/// The card that lets its player play again (after drawing).
const SPRINT: u8 = 1;
/// Spaces a storm knocks an opponent back.
const KNOCK: u32 = 2;
/// Seat colours (first role).
const COLOURS: [&str; 4] = ["red", "green", "blue", "yellow"];
/// Animals (second role), drawn at random at setup.
const ANIMALS: [&str; 4] = ["fox", "owl", "hare", "toad"];

/// The Card Race game.
/// (`PartialEq`: so that records of its games compare.)
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CardRace;

/// Setup of a Card Race game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardRaceSetup {
    /// Number of players (2–4).
    pub players: u8,
    /// Space that wins the race.
    pub target: u32,
    /// Cards in a hand.
    pub hand: u8,
}

/// What the seat to move must decide.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Play a card.
    Play,
    /// Knock an opponent back or skip (after a storm card).
    Knock,
}

/// The whole state of a Card Race game, secrets included.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardRaceState {
    /// Space that wins the race.
    pub target: u32,
    /// Runner position per seat.
    pub pos: Vec<u32>,
    /// Hidden hand per seat, sorted.
    pub hands: Vec<Vec<u8>>,
    /// Draw pile (top is the end).
    pub deck: Deck<u8>,
    /// Discard pile.
    pub discard: Vec<u8>,
    /// Animal index per seat.
    pub animals: Vec<u8>,
    /// Seat to move.
    pub to_move: u8,
    /// What the seat to move decides.
    pub phase: Phase,
    /// The winner, once the game is over.
    pub winner: Option<Seat>,
    /// The state's RNG (reshuffles).
    pub rng: GameRng,
}

/// One atomic decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CardRaceChoice {
    /// Play a card of this value from the hand.
    Play(u8),
    /// Knock this seat back.
    Knock(Seat),
    /// Do not knock anyone.
    Skip,
}

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum CardRaceEvent {
    /// A seat played a card and moved.
    Played {
        /// Who.
        seat: Seat,
        /// Card value.
        card: u8,
        /// New position.
        to: u32,
    },
    /// A seat drew a card (its value is secret: [`CardRaceEvent::Saw`]).
    Drew {
        /// Who.
        seat: Seat,
    },
    /// The seat that drew a card sees it: only that seat may read this
    /// event ([`Presentation::reader_of`]).
    Saw {
        /// Who drew.
        seat: Seat,
        /// The card drawn.
        card: u8,
    },
    /// The discard pile became the new deck.
    Reshuffled {
        /// Cards in the new deck.
        cards: usize,
    },
    /// A storm knocked a runner back.
    Knocked {
        /// Who knocked.
        by: Seat,
        /// Who was knocked.
        target: Seat,
        /// New position.
        to: u32,
    },
    /// A sprint: the seat plays again.
    Sprinted {
        /// Who plays again.
        seat: Seat,
    },
    /// A storm was not used.
    Skipped {
        /// Who skipped.
        seat: Seat,
    },
    /// A runner reached the target.
    Won {
        /// The winner.
        seat: Seat,
    },
}

/// Why a choice was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CardRaceError {
    /// The game has ended.
    #[error("the game is over")]
    Over,
    /// A card was played during the storm decision, or a knock at another time.
    #[error("wrong kind of decision: the seat must {0}")]
    WrongPhase(&'static str),
    /// The card is not in the hand.
    #[error("no card {0} in the hand")]
    NoSuchCard(u8),
    /// The knock target is not an opponent.
    #[error("{0} is not an opponent that can be knocked")]
    BadTarget(Seat),
}

/// What one seat (or a spectator) sees. Comparable, so that the shared
/// harness can check that a determinization leaves a seat's view unchanged.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardRaceView {
    /// Whose view (`None`: spectator).
    pub seat: Option<Seat>,
    /// Target space.
    pub target: u32,
    /// Positions per seat.
    pub pos: Vec<u32>,
    /// Hand sizes per seat.
    pub hand_sizes: Vec<usize>,
    /// The viewing seat's own hand.
    pub hand: Option<Vec<u8>>,
    /// Roles per seat.
    pub roles: Vec<Vec<String>>,
    /// Cards in the draw pile.
    pub deck: usize,
    /// The discard pile (public).
    pub discard: Vec<u8>,
    /// Whose turn, or `None` when over.
    pub to_move: Option<Seat>,
    /// What the seat to move decides.
    pub phase: Phase,
}

impl CardRaceState {
    fn players(&self) -> usize {
        self.pos.len()
    }

    fn seat_roles(&self, seat: Seat) -> Vec<String> {
        let i = seat.index();
        let mut r = Vec::new();
        if let Some(c) = COLOURS.get(i) {
            r.push((*c).to_string());
        }
        if let Some(a) = self.animals.get(i).and_then(|&a| ANIMALS.get(a as usize)) {
            r.push((*a).to_string());
        }
        r
    }

    fn draw(&mut self, seat: Seat, events: &mut Vec<CardRaceEvent>) {
        if self.deck.is_empty() && !self.discard.is_empty() {
            self.deck = Deck::from_bottom_up(std::mem::take(&mut self.discard));
            self.deck.shuffle(&mut self.rng);
            events.push(CardRaceEvent::Reshuffled {
                cards: self.deck.len(),
            });
        }
        if let Some(c) = self.deck.draw() {
            let hand = &mut self.hands[seat.index()];
            hand.push(c);
            hand.sort_unstable();
            events.push(CardRaceEvent::Drew { seat });
            events.push(CardRaceEvent::Saw { seat, card: c });
        }
    }

    /// Draws the card that ends a turn and passes the turn on.
    fn end_turn(&mut self, seat: Seat, events: &mut Vec<CardRaceEvent>) {
        self.draw(seat, events);
        self.phase = Phase::Play;
        self.to_move = ((self.to_move as usize + 1) % self.players()) as u8;
        self.start_turn(events);
    }

    /// The forced step at the start of a turn: a seat with an empty hand
    /// draws a card (only a position file comes to this).
    fn start_turn(&mut self, events: &mut Vec<CardRaceEvent>) {
        let seat = Seat(self.to_move);
        if self.winner.is_none()
            && self.phase == Phase::Play
            && self.hands.get(seat.index()).is_some_and(Vec::is_empty)
        {
            self.draw(seat, events);
        }
    }
}

impl Game for CardRace {
    const ID: &'static str = "demo";
    const NAME: &'static str = "Card Race (demo)";
    const OPTIONS: &'static [OptionInfo] = &[
        OptionInfo {
            name: "target=N",
            help: "space that wins the race (5-200, default 20)",
            label: "Winning space",
            kind: OptionKind::Number,
        },
        OptionInfo {
            name: "hand=N",
            help: "cards in a hand (1-5, default 3)",
            label: "Hand size",
            kind: OptionKind::Number,
        },
    ];

    type Setup = CardRaceSetup;
    type State = CardRaceState;
    type Choice = CardRaceChoice;
    type Event = CardRaceEvent;
    type View = CardRaceView;
    type Error = CardRaceError;

    fn setup(players: usize, options: &[String]) -> Result<CardRaceSetup, SetupError> {
        if !(2..=4).contains(&players) {
            return Err(SetupError(format!(
                "Card Race needs 2 to 4 players, not {players}"
            )));
        }
        let mut setup = CardRaceSetup {
            players: players as u8,
            target: 20,
            hand: 3,
        };
        for opt in options {
            let (name, value) = opt.split_once('=').unwrap_or((opt.as_str(), ""));
            let number = || {
                value.parse::<u32>().map_err(|_| {
                    SetupError(format!("option `{name}` needs a number, as in `{name}=5`"))
                })
            };
            match name {
                "target" => {
                    let n = number()?;
                    if !(5..=200).contains(&n) {
                        return Err(SetupError("target must be 5 to 200".into()));
                    }
                    setup.target = n;
                }
                "hand" => {
                    let n = number()?;
                    if !(1..=5).contains(&n) {
                        return Err(SetupError("hand must be 1 to 5".into()));
                    }
                    setup.hand = n as u8;
                }
                _ => {
                    return Err(SetupError(format!(
                        "unknown option `{name}` (known: target=N, hand=N)"
                    )))
                }
            }
        }
        Ok(setup)
    }

    fn new(setup: &CardRaceSetup, seed: u64) -> Result<CardRaceState, SetupError> {
        let players = setup.players as usize;
        if !(2..=4).contains(&players) || !(1..=5).contains(&setup.hand) || setup.target == 0 {
            return Err(SetupError(format!("invalid setup {setup:?}")));
        }
        let mut rng = GameRng::new(seed);
        let cards: Vec<u8> = (1..=MAX_CARD)
            .flat_map(|v| std::iter::repeat_n(v, COPIES as usize))
            .collect();
        let mut deck = Deck::from_bottom_up(cards);
        deck.shuffle(&mut rng);
        let mut animals: Vec<u8> = (0..ANIMALS.len() as u8).collect();
        rng.shuffle(&mut animals);
        animals.truncate(players);
        let mut hands = vec![Vec::new(); players];
        for _ in 0..setup.hand {
            for hand in hands.iter_mut() {
                if let Some(c) = deck.draw() {
                    hand.push(c);
                }
            }
        }
        for hand in hands.iter_mut() {
            hand.sort_unstable();
        }
        Ok(CardRaceState {
            target: setup.target,
            pos: vec![0; players],
            hands,
            deck,
            discard: Vec::new(),
            animals,
            to_move: 0,
            phase: Phase::Play,
            winner: None,
            rng,
        })
    }

    fn seats(s: &CardRaceState) -> usize {
        s.players()
    }

    fn turn(s: &CardRaceState) -> Turn {
        if s.winner.is_some() {
            Turn::Over
        } else {
            Turn::Seat(Seat(s.to_move))
        }
    }

    fn legal(s: &CardRaceState, out: &mut Vec<CardRaceChoice>) {
        if s.winner.is_some() {
            return;
        }
        match s.phase {
            Phase::Play => {
                let hand = &s.hands[s.to_move as usize];
                for (i, &c) in hand.iter().enumerate() {
                    if i == 0 || hand[i - 1] != c {
                        out.push(CardRaceChoice::Play(c));
                    }
                }
            }
            Phase::Knock => {
                for i in 0..s.players() {
                    if i != s.to_move as usize {
                        out.push(CardRaceChoice::Knock(Seat(i as u8)));
                    }
                }
                out.push(CardRaceChoice::Skip);
            }
        }
    }

    fn apply(
        s: &mut CardRaceState,
        c: CardRaceChoice,
        events: &mut Vec<CardRaceEvent>,
    ) -> Result<(), CardRaceError> {
        if s.winner.is_some() {
            return Err(CardRaceError::Over);
        }
        let seat = Seat(s.to_move);
        match (s.phase, c) {
            (Phase::Play, CardRaceChoice::Play(card)) => {
                let hand = &mut s.hands[seat.index()];
                let at = hand
                    .iter()
                    .position(|&x| x == card)
                    .ok_or(CardRaceError::NoSuchCard(card))?;
                hand.remove(at);
                s.discard.push(card);
                let to = s.pos[seat.index()] + card as u32;
                s.pos[seat.index()] = to;
                events.push(CardRaceEvent::Played { seat, card, to });
                if to >= s.target {
                    s.winner = Some(seat);
                    events.push(CardRaceEvent::Won { seat });
                    return Ok(());
                }
                if card >= 5 {
                    s.phase = Phase::Knock;
                } else if card == SPRINT {
                    s.draw(seat, events);
                    events.push(CardRaceEvent::Sprinted { seat });
                } else {
                    s.end_turn(seat, events);
                }
                Ok(())
            }
            (Phase::Knock, CardRaceChoice::Knock(target)) => {
                if target == seat || target.index() >= s.players() {
                    return Err(CardRaceError::BadTarget(target));
                }
                let to = s.pos[target.index()].saturating_sub(KNOCK);
                s.pos[target.index()] = to;
                events.push(CardRaceEvent::Knocked {
                    by: seat,
                    target,
                    to,
                });
                s.end_turn(seat, events);
                Ok(())
            }
            (Phase::Knock, CardRaceChoice::Skip) => {
                events.push(CardRaceEvent::Skipped { seat });
                s.end_turn(seat, events);
                Ok(())
            }
            (Phase::Play, _) => Err(CardRaceError::WrongPhase("play a card")),
            (Phase::Knock, _) => Err(CardRaceError::WrongPhase("knock an opponent or skip")),
        }
    }

    fn view(s: &CardRaceState, seat: Option<Seat>) -> CardRaceView {
        CardRaceView {
            seat,
            target: s.target,
            pos: s.pos.clone(),
            hand_sizes: s.hands.iter().map(Vec::len).collect(),
            hand: seat.and_then(|x| s.hands.get(x.index()).cloned()),
            roles: (0..s.players())
                .map(|i| s.seat_roles(Seat(i as u8)))
                .collect(),
            deck: s.deck.len(),
            discard: s.discard.clone(),
            to_move: match Self::turn(s) {
                Turn::Seat(x) => Some(x),
                Turn::Over => None,
            },
            phase: s.phase,
        }
    }

    fn outcome(s: &CardRaceState) -> Option<Outcome> {
        s.winner?;
        let scores = Self::scores(s);
        let mut ranking: Vec<Seat> = (0..s.players()).map(|i| Seat(i as u8)).collect();
        ranking.sort_by_key(|x| (std::cmp::Reverse(scores[x.index()]), x.0));
        Some(Outcome { scores, ranking })
    }

    fn scores(s: &CardRaceState) -> Vec<i64> {
        s.pos.iter().map(|&p| p as i64).collect()
    }

    /// A searching bot's evaluation is the default one (the seat's position
    /// minus the best other position), and 4 spaces, about one card, is a
    /// clear edge: a rollout cut off before the race ends is graded by it
    /// (the bots' tests check that a graded search tells a wider lead from
    /// a narrower one).
    fn evaluation_scale() -> Option<f64> {
        Some(4.0)
    }

    fn determinize(s: &CardRaceState, seat: Seat, seed: u64) -> CardRaceState {
        let mut d = s.clone();
        let mut rng = GameRng::new(seed);
        let mut unseen: Vec<u8> = d.deck.cards().to_vec();
        for (i, h) in d.hands.iter().enumerate() {
            if i != seat.index() {
                unseen.extend_from_slice(h);
            }
        }
        // Sorted first: the sample must not depend on the hidden order of
        // the deck or of the other hands (only on what `seat` sees).
        unseen.sort_unstable();
        rng.shuffle(&mut unseen);
        let mut it = unseen.into_iter();
        for (i, h) in d.hands.iter_mut().enumerate() {
            if i != seat.index() {
                for c in h.iter_mut() {
                    *c = it.next().unwrap_or(*c);
                }
                h.sort_unstable();
            }
        }
        for c in d.deck.cards_mut() {
            *c = it.next().unwrap_or(*c);
        }
        d.rng = GameRng::new(rng.next_u64());
        d
    }

    fn roles(s: &CardRaceState, seat: Seat) -> Vec<String> {
        s.seat_roles(seat)
    }

    /// Both of a seat's roles (its colour and its animal) stand where the
    /// seat plays in the turn order: seat 1 first in a new game.
    fn initiative(s: &CardRaceState, seat: Seat) -> Vec<TurnPosition> {
        let players = s.players();
        let place = (seat.index() + players - s.to_move as usize) % players.max(1);
        vec![TurnPosition(place as u8); s.seat_roles(seat).len()]
    }

    fn describe_choice(_s: &CardRaceState, c: CardRaceChoice) -> String {
        match c {
            CardRaceChoice::Play(v) => format!("play {v}"),
            CardRaceChoice::Knock(t) => format!("knock back {t}"),
            CardRaceChoice::Skip => "skip the knock".to_string(),
        }
    }

    fn describe_event(_s: &CardRaceState, e: &CardRaceEvent) -> String {
        let text = match e {
            CardRaceEvent::Played { seat, card, to } => {
                format!("{seat} plays {card} and moves to {to}")
            }
            CardRaceEvent::Drew { seat } => format!("{seat} draws a card"),
            CardRaceEvent::Saw { seat, card } => format!("{seat} sees the card drawn: {card}"),
            CardRaceEvent::Reshuffled { cards: 1 } => {
                "the discard pile is reshuffled into a new deck of 1 card".to_string()
            }
            CardRaceEvent::Reshuffled { cards } => {
                format!("the discard pile is reshuffled into a new deck of {cards} cards")
            }
            CardRaceEvent::Knocked { by, target, to } => {
                format!("{by} knocks {target} back to {to}")
            }
            CardRaceEvent::Skipped { seat } => format!("{seat} lets the storm pass"),
            CardRaceEvent::Sprinted { seat } => format!("{seat} sprints and plays again"),
            CardRaceEvent::Won { seat } => format!("{seat} reaches the target and wins"),
        };
        capitalised(&text)
    }

    fn prompt(s: &CardRaceState) -> String {
        let seat = Seat(s.to_move);
        match (Self::turn(s), s.phase) {
            (Turn::Over, _) => "The game is over".to_string(),
            (Turn::Seat(_), Phase::Play) => capitalised(&format!("{seat}: play a card")),
            (Turn::Seat(_), Phase::Knock) => capitalised(&format!(
                "{seat}: knock an opponent back {KNOCK} spaces, or skip"
            )),
        }
    }

    /// A choice that drew a card (or reshuffled the deck) stands: the seat
    /// has seen the card. Playing a storm card draws nothing until the knock
    /// is decided, so it may be taken back.
    fn undo_barrier(
        _before: &CardRaceState,
        _after: &CardRaceState,
        events: &[CardRaceEvent],
    ) -> bool {
        events.iter().any(|e| {
            matches!(
                e,
                CardRaceEvent::Drew { .. } | CardRaceEvent::Reshuffled { .. }
            )
        })
    }

    fn render(v: &CardRaceView) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Card Race to {} | deck {} | discard {}",
            v.target,
            v.deck,
            v.discard.len()
        );
        for (i, p) in v.pos.iter().enumerate() {
            let seat = Seat(i as u8);
            let marker = if v.to_move == Some(seat) { '>' } else { ' ' };
            let lane: String = (0..=v.target)
                .map(|x| if x == (*p).min(v.target) { '@' } else { '.' })
                .collect();
            let _ = writeln!(
                out,
                "{marker} {seat} ({}) {lane} {p:>3} | {}",
                v.roles.get(i).map(|r| r.join(", ")).unwrap_or_default(),
                count(v.hand_sizes.get(i).copied().unwrap_or(0), "card", "cards")
            );
        }
        if let (Some(seat), Some(hand)) = (v.seat, &v.hand) {
            let cards: Vec<String> = hand.iter().map(u8::to_string).collect();
            let _ = writeln!(out, "Your hand ({seat}): {}", cards.join(" "));
        }
        if let (Some(seat), Phase::Knock) = (v.to_move, v.phase) {
            let _ = writeln!(
                out,
                "Storm! {} may knock an opponent back {KNOCK} spaces.",
                capitalised(&seat.to_string())
            );
        }
        out
    }
}

/// The table draws Card Race with the generic renderer (its text rendering
/// and the list of choices).
impl Presentation for CardRace {
    /// The card a seat drew is read only by that seat.
    fn reader_of(e: &CardRaceEvent) -> Option<Seat> {
        match e {
            CardRaceEvent::Saw { seat, .. } => Some(*seat),
            _ => None,
        }
    }
}

/// The TOML position format of Card Race (see the crate README).
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionFile {
    /// Ignored here: the CLI's key naming the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    game: Option<toml::Value>,
    /// Ignored here: the CLI's list of choices to apply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    choices: Option<toml::Value>,
    #[serde(default = "default_target")]
    target: u32,
    /// Seat to move, 1-based.
    to_move: u8,
    /// `"play"` or `"knock"`.
    #[serde(default = "default_phase")]
    phase: String,
    positions: Vec<u32>,
    hands: Vec<Vec<u8>>,
    /// Bottom to top.
    #[serde(default)]
    deck: Vec<u8>,
    #[serde(default)]
    discard: Vec<u8>,
    /// Animal names per seat (default: fox, owl, hare, toad).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    animals: Option<Vec<String>>,
    /// The winning seat (1-based) once a runner has reached the target.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    winner: Option<u8>,
    /// Seed of the RNG for later reshuffles (used when `rng` is absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    /// The exact RNG state, as JSON (written by `write_position`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rng: Option<String>,
}

fn default_target() -> u32 {
    20
}

fn default_phase() -> String {
    "play".into()
}

fn check_card(c: u8) -> Result<u8, PositionError> {
    if (1..=MAX_CARD).contains(&c) {
        Ok(c)
    } else {
        Err(PositionError(format!("card {c} is not 1 to {MAX_CARD}")))
    }
}

/// Parses a position file into a state, checking what the format allows;
/// the forced steps are run by [`Positions::read_position_with_events`].
fn parse_position(text: &str) -> Result<CardRaceState, PositionError> {
    let f: PositionFile = toml::from_str(text).map_err(|e| PositionError(e.to_string()))?;
    let players = f.positions.len();
    if !(2..=4).contains(&players) {
        return Err(PositionError(format!(
            "`positions` must list 2 to 4 seats, not {players}"
        )));
    }
    if f.hands.len() != players {
        return Err(PositionError(format!(
            "`hands` lists {} but `positions` lists {players}",
            count(f.hands.len(), "seat", "seats")
        )));
    }
    if f.target == 0 {
        return Err(PositionError("`target` must be positive".into()));
    }
    if f.to_move == 0 || f.to_move as usize > players {
        return Err(PositionError(format!(
            "`to_move` must be a seat from 1 to {players}"
        )));
    }
    let phase = match f.phase.as_str() {
        "play" => Phase::Play,
        "knock" => Phase::Knock,
        other => {
            return Err(PositionError(format!(
                "`phase` must be \"play\" or \"knock\", not {other:?}"
            )))
        }
    };
    let mut hands = Vec::with_capacity(players);
    for h in &f.hands {
        let mut h = h
            .iter()
            .map(|&c| check_card(c))
            .collect::<Result<Vec<_>, _>>()?;
        h.sort_unstable();
        hands.push(h);
    }
    let deck = f
        .deck
        .iter()
        .map(|&c| check_card(c))
        .collect::<Result<Vec<_>, _>>()?;
    let discard = f
        .discard
        .iter()
        .map(|&c| check_card(c))
        .collect::<Result<Vec<_>, _>>()?;
    let animals = match &f.animals {
        None => (0..players as u8).collect(),
        Some(names) => {
            if names.len() != players {
                return Err(PositionError(format!(
                    "`animals` must name {players} animals"
                )));
            }
            let mut v = Vec::new();
            for n in names {
                let i = ANIMALS.iter().position(|a| a == n).ok_or_else(|| {
                    PositionError(format!("unknown animal {n:?} (known: {ANIMALS:?})"))
                })?;
                v.push(i as u8);
            }
            v
        }
    };
    let winner = match f.winner {
        None => None,
        Some(w) if w >= 1 && w as usize <= players => Some(Seat(w - 1)),
        Some(w) => return Err(PositionError(format!("`winner` {w} is not a seat"))),
    };
    if winner.is_none() && f.positions.iter().any(|&p| p >= f.target) {
        return Err(PositionError(
            "a runner is at the target but no `winner` is given".into(),
        ));
    }
    let rng = match (&f.rng, f.seed) {
        (Some(json), _) => serde_json::from_str(json)
            .map_err(|e| PositionError(format!("`rng` is not a valid RNG state: {e}")))?,
        (None, seed) => GameRng::new(seed.unwrap_or(0)),
    };
    Ok(CardRaceState {
        target: f.target,
        pos: f.positions,
        hands,
        deck: Deck::from_bottom_up(deck),
        discard,
        animals,
        to_move: f.to_move - 1,
        phase,
        winner,
        rng,
    })
}

impl Positions for CardRace {
    fn read_position(text: &str) -> Result<CardRaceState, PositionError> {
        Self::read_position_with_events(text).map(|(s, _)| s)
    }

    /// Reads the file, then runs the forced step a position may start with:
    /// a seat to move with an empty hand draws a card.
    fn read_position_with_events(
        text: &str,
    ) -> Result<(CardRaceState, Vec<CardRaceEvent>), PositionError> {
        let mut state = parse_position(text)?;
        let mut events = Vec::new();
        state.start_turn(&mut events);
        if Self::turn(&state) != Turn::Over && state.phase == Phase::Play {
            if let Some(hand) = state.hands.get(state.to_move as usize) {
                if hand.is_empty() {
                    return Err(PositionError(format!(
                        "{} is to move with no card in hand and none to draw",
                        Seat(state.to_move)
                    )));
                }
            }
        }
        Ok((state, events))
    }

    fn write_position(s: &CardRaceState) -> String {
        let f = PositionFile {
            game: Some(toml::Value::String(Self::ID.into())),
            choices: None,
            target: s.target,
            to_move: s.to_move + 1,
            phase: match s.phase {
                Phase::Play => "play".into(),
                Phase::Knock => "knock".into(),
            },
            positions: s.pos.clone(),
            hands: s.hands.clone(),
            deck: s.deck.cards().to_vec(),
            discard: s.discard.clone(),
            animals: Some(
                s.animals
                    .iter()
                    .map(|&a| ANIMALS.get(a as usize).copied().unwrap_or("fox").into())
                    .collect(),
            ),
            winner: s.winner.map(|w| w.0 + 1),
            seed: None,
            rng: serde_json::to_string(&s.rng).ok(),
        };
        toml::to_string(&f).unwrap_or_else(|e| format!("# cannot write position: {e}\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play_out(seed: u64) -> (CardRaceState, usize) {
        let setup = CardRace::setup(3, &[]).expect("setup");
        let mut s = CardRace::new(&setup, seed).expect("new");
        let mut rng = GameRng::new(seed ^ 0xabc);
        let n =
            eons_core::random_playout::<CardRace>(&mut s, &mut rng, 10_000).expect("legal applies");
        (s, n)
    }

    #[test]
    fn random_games_end_with_a_winner_at_the_target() {
        for seed in 0..200 {
            let (s, n) = play_out(seed);
            assert_eq!(CardRace::turn(&s), Turn::Over, "seed {seed}");
            let o = CardRace::outcome(&s).expect("over");
            let w = o.winner().expect("winner");
            assert!(o.scores[w.index()] >= s.target as i64);
            assert!(n > 3);
            // Card conservation: 24 cards in hands, deck and discard.
            let total =
                s.deck.len() + s.discard.len() + s.hands.iter().map(Vec::len).sum::<usize>();
            assert_eq!(total, 24, "seed {seed}");
        }
    }

    #[test]
    fn every_legal_choice_applies_and_others_are_refused() {
        let setup = CardRace::setup(2, &["target=12".into()]).expect("setup");
        let mut s = CardRace::new(&setup, 5).expect("new");
        let mut legal = Vec::new();
        let all: Vec<CardRaceChoice> = (0..=7)
            .map(CardRaceChoice::Play)
            .chain((0..5).map(|i| CardRaceChoice::Knock(Seat(i))))
            .chain([CardRaceChoice::Skip])
            .collect();
        let mut rng = GameRng::new(1);
        while CardRace::turn(&s) != Turn::Over {
            legal.clear();
            CardRace::legal(&s, &mut legal);
            for c in &all {
                let mut t = s.clone();
                let r = CardRace::apply(&mut t, *c, &mut Vec::new());
                assert_eq!(r.is_ok(), legal.contains(c), "{c:?}");
                if r.is_err() {
                    assert_eq!(t, s, "refused choice changed the state");
                }
            }
            let c = legal[rng.index(legal.len())];
            CardRace::apply(&mut s, c, &mut Vec::new()).expect("legal");
        }
    }

    #[test]
    fn views_hide_other_hands() {
        let setup = CardRace::setup(2, &[]).expect("setup");
        let s = CardRace::new(&setup, 9).expect("new");
        let v = CardRace::view(&s, Some(Seat(0)));
        assert_eq!(v.hand.as_ref(), Some(&s.hands[0]));
        let json = serde_json::to_string(&v).expect("json");
        assert!(!json.contains("hands"));
        assert!(CardRace::view(&s, None).hand.is_none());
    }

    #[test]
    fn positions_round_trip() {
        let (s, _) = play_out(3);
        let text = CardRace::write_position(&s);
        let back = CardRace::read_position(&text).expect("reads back");
        assert_eq!(back, s);
        let setup = CardRace::setup(4, &[]).expect("setup");
        let s = CardRace::new(&setup, 11).expect("new");
        let back = CardRace::read_position(&CardRace::write_position(&s)).expect("reads back");
        assert_eq!(back, s);
    }

    #[test]
    fn determinize_keeps_own_hand_and_counts() {
        let setup = CardRace::setup(3, &[]).expect("setup");
        let s = CardRace::new(&setup, 4).expect("new");
        let d = CardRace::determinize(&s, Seat(1), 77);
        assert_eq!(d.hands[1], s.hands[1]);
        let count = |st: &CardRaceState| {
            let mut v: Vec<u8> = st.deck.cards().to_vec();
            v.extend(st.hands[0].iter());
            v.extend(st.hands[2].iter());
            v.sort_unstable();
            v
        };
        assert_eq!(count(&d), count(&s));
    }

    #[test]
    fn determinize_reads_only_what_the_seat_sees() {
        // Two states seat 2 cannot tell apart (the other hands swapped, the
        // deck in another order, another RNG) give the same sample.
        let setup = CardRace::setup(3, &[]).expect("setup");
        let s = CardRace::new(&setup, 4).expect("new");
        let mut t = s.clone();
        t.hands.swap(0, 2);
        let mut deck = t.deck.cards().to_vec();
        deck.reverse();
        t.deck = Deck::from_bottom_up(deck);
        t.rng = GameRng::new(99);
        assert_ne!(t, s);
        assert_eq!(
            CardRace::determinize(&t, Seat(1), 77),
            CardRace::determinize(&s, Seat(1), 77)
        );
    }

    #[test]
    fn a_storm_card_may_be_taken_back_but_a_draw_stands() {
        let text = "to_move = 1\npositions = [0, 0]\nhands = [[6, 1], [2]]\ndeck = [3, 4]\n";
        let before = CardRace::read_position(text).expect("reads");
        assert_eq!(CardRace::prompt(&before), "Seat 1: play a card");
        let mut after = before.clone();
        let mut events = Vec::new();
        CardRace::apply(&mut after, CardRaceChoice::Play(6), &mut events).expect("legal");
        assert!(
            !CardRace::undo_barrier(&before, &after, &events),
            "{events:?}"
        );
        assert_eq!(
            CardRace::prompt(&after),
            "Seat 1: knock an opponent back 2 spaces, or skip"
        );
        let storm = after.clone();
        events.clear();
        CardRace::apply(&mut after, CardRaceChoice::Skip, &mut events).expect("legal");
        assert!(
            CardRace::undo_barrier(&storm, &after, &events),
            "{events:?}"
        );
        assert_eq!(
            after.hands[0],
            vec![1, 4],
            "the card is drawn after the storm"
        );
        assert_eq!(CardRace::prompt(&after), "Seat 2: play a card");
        let texts: Vec<String> = events
            .iter()
            .map(|e| CardRace::describe_event(&after, e))
            .collect();
        assert_eq!(
            texts,
            [
                "Seat 1 lets the storm pass",
                "Seat 1 draws a card",
                "Seat 1 sees the card drawn: 4"
            ]
        );
        let readers: Vec<Option<Seat>> = events.iter().map(CardRace::reader_of).collect();
        assert_eq!(
            readers,
            [None, None, Some(Seat(0))],
            "only the drawer reads which card it drew"
        );
    }

    #[test]
    fn an_empty_hand_draws_while_loading() {
        let text = "to_move = 2\npositions = [0, 0]\nhands = [[1], []]\ndeck = [3, 4]\n";
        let (s, events) = CardRace::read_position_with_events(text).expect("reads");
        assert_eq!(s.hands[1], vec![4]);
        let texts: Vec<String> = events
            .iter()
            .map(|e| CardRace::describe_event(&s, e))
            .collect();
        assert_eq!(
            texts,
            ["Seat 2 draws a card", "Seat 2 sees the card drawn: 4"]
        );
        assert_eq!(CardRace::read_position(text).expect("reads"), s);
        let full = "to_move = 1\npositions = [0, 0]\nhands = [[1], []]\ndeck = [3, 4]\n";
        let (_, events) = CardRace::read_position_with_events(full).expect("reads");
        assert!(events.is_empty(), "{events:?}");
        let err = CardRace::read_position("to_move = 2\npositions = [0, 0]\nhands = [[1], []]\n")
            .expect_err("nothing to draw");
        assert!(err.0.contains("seat 2 is to move with no card"), "{err}");
    }

    #[test]
    fn bad_setups_are_refused() {
        assert!(CardRace::setup(1, &[]).is_err());
        assert!(CardRace::setup(5, &[]).is_err());
        assert!(CardRace::setup(2, &["target=x".into()]).is_err());
        assert!(CardRace::setup(2, &["colour".into()]).is_err());
        assert!(CardRace::setup(2, &["hand=4".into()]).is_ok());
    }
}
