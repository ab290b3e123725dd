//! Who sits at each seat: a human at the terminal or a bot.
//!
//! This is the one place to add a bot kind: a variant of [`SeatKind`], its
//! spelling in [`parse_seat_list`] and [`SeatKind`]'s `Display`, and its
//! construction in [`make_bot`]. The [`Bot`] trait has the shape of the
//! `eons-bots` crate's trait, so its bots (`greedy`, `mcts:1s`…) can replace
//! it directly.

use anyhow::{bail, Result};
use eons_core::{Game, GameRng, Seat, Turn};
use std::fmt;

/// The kinds of seat, as written in `--seats`.
pub const SEAT_KINDS: &str = "human, random";

/// What sits at one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A person at the terminal.
    Human,
    /// A bot choosing uniformly among the legal choices.
    Random,
}

impl fmt::Display for SeatKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatKind::Human => f.write_str("human"),
            SeatKind::Random => f.write_str("random"),
        }
    }
}

/// The kind named by the head of `token` (before any `:`), if it names one.
fn kind_of(token: &str) -> Option<SeatKind> {
    match token.split(':').next().unwrap_or("").trim() {
        "human" | "h" => Some(SeatKind::Human),
        "random" | "r" => Some(SeatKind::Random),
        _ => None,
    }
}

/// True for kinds that take `:params` (none yet; `mcts` will).
fn takes_params(_kind: &SeatKind) -> bool {
    false
}

/// One seat from its spec: a kind, optionally followed by `:params`.
fn parse_seat(spec: &str) -> Result<SeatKind> {
    let (kind, params) = match spec.split_once(':') {
        Some((k, p)) => (k.trim(), Some(p)),
        None => (spec.trim(), None),
    };
    let Some(kind) = kind_of(kind) else {
        bail!("unknown seat kind `{kind}` (known: {SEAT_KINDS})");
    };
    if let Some(p) = params {
        bail!("seat kind `{kind}` takes no parameters (got `{p}`)");
    }
    Ok(kind)
}

/// Parses `--seats`: seat specs separated by commas, case-insensitive. For
/// kinds that take parameters, a token that does not start a seat kind
/// continues the previous seat's parameters, so a future
/// `mcts:1s,threads=2,human` is two seats.
pub fn parse_seat_list(text: &str) -> Result<Vec<SeatKind>> {
    let mut groups: Vec<String> = Vec::new();
    for token in text.split(',') {
        let token = token.trim().to_ascii_lowercase();
        if token.is_empty() {
            bail!("empty seat in --seats `{text}`");
        }
        match groups.last_mut() {
            _ if kind_of(&token).is_some() => groups.push(token),
            Some(g) if kind_of(g).as_ref().is_some_and(takes_params) => {
                g.push(if g.contains(':') { ',' } else { ':' });
                g.push_str(&token);
            }
            _ => bail!("unknown seat kind `{token}` (known: {SEAT_KINDS})"),
        }
    }
    groups.iter().map(|g| parse_seat(g)).collect()
}

/// A bot playing one seat (same shape as `eons_bots::Bot`).
pub trait Bot<G: Game>: Send {
    /// A legal choice for `seat` in `state`, or `None` when it is not its turn.
    fn choose(&mut self, state: &G::State, seat: Seat) -> Option<G::Choice>;
}

/// Chooses uniformly at random with its own seeded stream (never the game's).
struct RandomBot {
    rng: GameRng,
}

impl<G: Game> Bot<G> for RandomBot {
    fn choose(&mut self, state: &G::State, seat: Seat) -> Option<G::Choice> {
        if G::turn(state) != Turn::Seat(seat) {
            return None;
        }
        let mut legal = Vec::new();
        G::legal(state, &mut legal);
        if legal.is_empty() {
            return None;
        }
        Some(legal[self.rng.index(legal.len())])
    }
}

/// The bot for a seat kind (`None` for a human), seeded with `seed`.
pub fn make_bot<G: Game>(kind: &SeatKind, seed: u64) -> Option<Box<dyn Bot<G>>> {
    match kind {
        SeatKind::Human => None,
        SeatKind::Random => Some(Box::new(RandomBot {
            rng: GameRng::new(seed),
        })),
    }
}

/// The seats of a `play` game: `--seats` if given, else seat 1 human and the
/// rest random. The player count is `--players`, else the number of seats,
/// else 2; the two must agree when both are given.
pub fn resolve_seats(players: Option<usize>, seats: Option<&str>) -> Result<Vec<SeatKind>> {
    let Some(text) = seats else {
        let n = players.unwrap_or(2);
        if n == 0 {
            bail!("a game needs at least one player");
        }
        let mut v = vec![SeatKind::Human];
        v.resize(n, SeatKind::Random);
        return Ok(v);
    };
    let seats = parse_seat_list(text)?;
    if let Some(n) = players {
        if n != seats.len() {
            bail!(
                "--players {n} but --seats lists {} seat(s); give one kind per player",
                seats.len()
            );
        }
    }
    Ok(seats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use SeatKind::*;

    #[test]
    fn parses_seat_lists() {
        assert_eq!(
            parse_seat_list("Human, r,RANDOM").ok(),
            Some(vec![Human, Random, Random])
        );
        assert!(parse_seat_list("wizard").is_err());
        assert!(parse_seat_list("human,,random").is_err());
        assert!(parse_seat_list("").is_err());
        let err = parse_seat_list("random:fast").expect_err("no parameters");
        assert!(err.to_string().contains("takes no parameters"), "{err}");
        let err = parse_seat_list("random,threads=2").expect_err("random takes none");
        assert!(err.to_string().contains("`threads=2`"), "{err}");
        let err = parse_seat_list("human,wizard").expect_err("unknown");
        assert!(
            err.to_string().contains("unknown seat kind `wizard`"),
            "{err}"
        );
    }

    #[test]
    fn seats_default_and_must_agree_with_players() {
        assert_eq!(resolve_seats(None, None).ok(), Some(vec![Human, Random]));
        assert_eq!(
            resolve_seats(Some(3), None).ok(),
            Some(vec![Human, Random, Random])
        );
        assert_eq!(
            resolve_seats(None, Some("random,human")).ok(),
            Some(vec![Random, Human])
        );
        assert!(resolve_seats(Some(3), Some("random,human")).is_err());
        assert!(resolve_seats(Some(0), None).is_err());
    }

    #[test]
    fn random_bot_picks_legal_choices_only_on_its_turn() {
        use crate::demo::Demo;
        let setup = Demo::setup(2, &[]).expect("setup");
        let s = Demo::new(&setup, 1).expect("new");
        let mut bot = make_bot::<Demo>(&Random, 5).expect("a bot");
        let mut legal = Vec::new();
        Demo::legal(&s, &mut legal);
        let c = bot.choose(&s, Seat(0)).expect("its turn");
        assert!(legal.contains(&c));
        assert_eq!(bot.choose(&s, Seat(1)), None);
        assert!(make_bot::<Demo>(&Human, 5).is_none());
    }
}
