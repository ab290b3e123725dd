//! Who sits at each seat: a human at the terminal or a bot of the `eons-bots`
//! crate.
//!
//! A seat spec is `human` (`h`) or any bot spec the bots crate parses
//! ([`eons_bots::BotSpec`]): `random` (`r`), `greedy`, `greedy:samples=8`,
//! `mcts`, `mcts:hard`, `mcts:500ms`, `mcts:2000it,threads=2`… A new bot kind
//! in `eons-bots` works here once [`BOT_KINDS`] names it.

use anyhow::{bail, Result};
use eons_bots::{Bot, BotSpec};
use eons_core::Game;
use std::fmt;

/// The kinds of seat, as written in `--seats` (for messages).
pub const SEAT_KINDS: &str = "human, random, greedy, mcts (e.g. mcts:500ms, mcts:hard)";

/// The bot kinds of the bots crate: a token starting with one of these (or
/// with `human`) starts a new seat in `--seats`.
pub const BOT_KINDS: &[&str] = &["random", "greedy", "mcts"];

/// What sits at one seat.
#[derive(Clone, Debug, PartialEq)]
pub enum SeatKind {
    /// A person at the terminal.
    Human,
    /// A bot of the bots crate.
    Bot(BotSpec),
}

impl fmt::Display for SeatKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatKind::Human => f.write_str("human"),
            // The canonical spec (`mcts:500ms`), which parses back to the same bot.
            SeatKind::Bot(spec) => write!(f, "{spec}"),
        }
    }
}

/// The kind named by the head of a lower-case `token` (before any `:`),
/// with the short forms `h` and `r` spelled out.
fn head_of(token: &str) -> Option<&'static str> {
    match token.split(':').next().unwrap_or("").trim() {
        "human" | "h" => Some("human"),
        "r" => Some("random"),
        head => BOT_KINDS.iter().copied().find(|k| *k == head),
    }
}

/// One seat from its (lower-case) spec: `human`, or a bot spec.
fn parse_seat(spec: &str) -> Result<SeatKind> {
    let (head, params) = match spec.split_once(':') {
        Some((k, p)) => (k.trim(), Some(p)),
        None => (spec.trim(), None),
    };
    match head_of(head) {
        None => bail!("unknown seat kind `{head}` (known: {SEAT_KINDS})"),
        Some("human") => match params {
            Some(p) => bail!("seat kind `human` takes no parameters (got `{p}`)"),
            None => Ok(SeatKind::Human),
        },
        Some(kind) => {
            let full = match params {
                Some(p) => format!("{kind}:{p}"),
                None => kind.to_string(),
            };
            match BotSpec::parse(&full) {
                Ok(spec) => Ok(SeatKind::Bot(spec)),
                Err(e) => bail!("bad seat `{spec}`: {e}"),
            }
        }
    }
}

/// A token of a comma-separated bot or seat list that can only be a
/// misspelt kind: all letters, and neither a kind (`known`) nor a level. Such
/// a token would otherwise be read as a parameter of the previous bot
/// (`random,wizard` as `random:wizard`) and refused with a puzzling message.
pub fn misspelt_kind<'a>(text: &'a str, known: &[&str]) -> Option<&'a str> {
    text.split(',').map(str::trim).find(|token| {
        let lower = token.to_ascii_lowercase();
        !lower.is_empty()
            && lower.bytes().all(|b| b.is_ascii_alphabetic())
            && !known.contains(&lower.as_str())
            && !["easy", "medium", "hard"].contains(&lower.as_str())
    })
}

/// Parses `--seats`: seat specs separated by commas, case-insensitive. A
/// token that does not start a seat kind continues the previous seat's
/// parameters, as in `eons_bots::parse_bot_list`, so
/// `mcts:1s,threads=2,human` is two seats.
pub fn parse_seat_list(text: &str) -> Result<Vec<SeatKind>> {
    if let Some(token) = misspelt_kind(text, &["human", "h", "r", "random", "greedy", "mcts"]) {
        bail!("unknown seat kind `{token}` (known: {SEAT_KINDS})");
    }
    let mut groups: Vec<String> = Vec::new();
    for token in text.split(',') {
        let token = token.trim().to_ascii_lowercase();
        if token.is_empty() {
            bail!("empty seat in --seats `{text}`");
        }
        match groups.last_mut() {
            _ if head_of(&token).is_some() => groups.push(token),
            Some(g) => {
                g.push(if g.contains(':') { ',' } else { ':' });
                g.push_str(&token);
            }
            None => bail!("unknown seat kind `{token}` (known: {SEAT_KINDS})"),
        }
    }
    groups.iter().map(|g| parse_seat(g)).collect()
}

/// The bot for a seat kind (`None` for a human), seeded with `seed`.
pub fn make_bot<G: Game>(kind: &SeatKind, seed: u64) -> Option<Box<dyn Bot<G>>> {
    match kind {
        SeatKind::Human => None,
        SeatKind::Bot(spec) => Some(spec.build::<G>(seed)),
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
        v.resize(n, SeatKind::Bot(BotSpec::random()));
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
    use eons_bots::{BotKind, Budget};
    use eons_core::Seat;
    use std::time::Duration;
    use SeatKind::Human;

    fn random() -> SeatKind {
        SeatKind::Bot(BotSpec::random())
    }

    #[test]
    fn parses_seat_lists() {
        assert_eq!(
            parse_seat_list("Human, r,RANDOM").ok(),
            Some(vec![Human, random(), random()])
        );
        assert!(parse_seat_list("wizard").is_err());
        assert!(parse_seat_list("human,,random").is_err());
        assert!(parse_seat_list("").is_err());
        let err = parse_seat_list("random:fast").expect_err("no parameters");
        assert!(err.to_string().contains("takes no parameters"), "{err}");
        let err = parse_seat_list("random,threads=2").expect_err("random takes none");
        assert!(err.to_string().contains("`threads=2`"), "{err}");
        let err = parse_seat_list("human,threads=2").expect_err("human takes none");
        assert!(err.to_string().contains("takes no parameters"), "{err}");
        let err = parse_seat_list("human,wizard").expect_err("unknown");
        assert!(
            err.to_string().contains("unknown seat kind `wizard`"),
            "{err}"
        );
        assert!(
            parse_seat_list("mcts,HARD").is_ok(),
            "a level is a parameter"
        );
        let err = parse_seat_list("wizard,human").expect_err("unknown");
        assert!(
            err.to_string().contains("unknown seat kind `wizard`"),
            "{err}"
        );
        assert!(parse_seat_list("mcts:1s:2s").is_err(), "two budgets");
        assert!(parse_seat_list("greedy:samples=0").is_err());
    }

    #[test]
    fn every_bot_kind_of_the_bots_crate_is_a_seat() {
        let seats = parse_seat_list("human,greedy,mcts:500ms,threads=2,mcts:hard,random")
            .expect("valid seats");
        assert_eq!(seats.len(), 5);
        assert_eq!(seats[0], Human);
        assert!(matches!(seats[1], SeatKind::Bot(s) if matches!(s.kind, BotKind::Greedy { .. })));
        match &seats[2] {
            SeatKind::Bot(BotSpec {
                kind: BotKind::Mcts(c),
                ..
            }) => {
                assert_eq!(c.budget, Budget::Time(Duration::from_millis(500)));
                assert_eq!(c.threads, 2);
            }
            other => panic!("expected mcts, got {other:?}"),
        }
        assert_eq!(seats[3].to_string(), "mcts:hard");
        assert_eq!(seats[4], random());
        // Labels are canonical specs that parse back to the same seat.
        for s in &seats {
            assert_eq!(parse_seat_list(&s.to_string()).ok(), Some(vec![s.clone()]));
        }
    }

    #[test]
    fn seats_default_and_must_agree_with_players() {
        assert_eq!(resolve_seats(None, None).ok(), Some(vec![Human, random()]));
        assert_eq!(
            resolve_seats(Some(3), None).ok(),
            Some(vec![Human, random(), random()])
        );
        assert_eq!(
            resolve_seats(None, Some("random,human")).ok(),
            Some(vec![random(), Human])
        );
        assert!(resolve_seats(Some(3), Some("random,human")).is_err());
        assert!(resolve_seats(Some(0), None).is_err());
    }

    #[test]
    fn bots_pick_legal_choices_only_on_their_turn() {
        use eons_toy::CardRace;
        let setup = CardRace::setup(2, &[]).expect("setup");
        let s = CardRace::new(&setup, 1).expect("new");
        let mut legal = Vec::new();
        CardRace::legal(&s, &mut legal);
        for spec in ["random", "greedy", "mcts:50it"] {
            let kind = parse_seat(spec).expect("a bot spec");
            let mut bot = make_bot::<CardRace>(&kind, 5).expect("a bot");
            let c = bot.choose(&s, Seat(0)).expect("its turn");
            assert!(legal.contains(&c), "{spec} chose {c:?}");
            assert_eq!(bot.choose(&s, Seat(1)), None, "{spec}");
        }
        assert!(make_bot::<CardRace>(&Human, 5).is_none());
    }
}
