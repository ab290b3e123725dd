//! The final dominance split by source (a presentation helper for the
//! end-of-game panel; no rule lives here): every dominance point a player
//! holds came from the starting dominance or from an [`Event::Dominance`]
//! event, and each such event comes right after what caused it (an
//! [`Event::Instinct`] climb, an [`Event::Claimed`] objective, an
//! [`Event::FinalScore`]) or from a payment (hunger, an Age's toll).

use crate::data::data;
use crate::state::{Event, State};
use crate::texts::objective_name;
use eons_core::score::add_item;
use eons_core::{ScoreBreakdown, ScoreItem, ScorePart, SeatScore};

/// Where a player's dominance came from, in the order the panel lists them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
enum Source {
    /// Dominance a player starts with.
    Start,
    /// Fields of the instinct track.
    Instinct,
    /// Objective tiles completed.
    Objectives,
    /// Dominance paid instead of losing an animal (hunger, an Age's toll).
    Paid,
    /// Surviving animals at the end.
    Final,
    /// A solo game whose Game End Condition was not met scores 0.
    SoloFailed,
    /// A change of dominance the sheet cannot place (none is expected: the
    /// tests check this stays empty).
    Other,
}

impl Source {
    /// Every source, in the panel's order.
    const ALL: [Source; 7] = [
        Source::Start,
        Source::Instinct,
        Source::Objectives,
        Source::Paid,
        Source::Final,
        Source::SoloFailed,
        Source::Other,
    ];

    /// The source in words.
    fn label(self) -> &'static str {
        match self {
            Source::Start => "Starting dominance",
            Source::Instinct => "Instinct track",
            Source::Objectives => "Objectives",
            Source::Paid => "Dominance paid (hunger, Age tolls)",
            Source::Final => "Final scoring (surviving animals)",
            Source::SoloFailed => "Game End Condition not met (solo)",
            Source::Other => "Other",
        }
    }
}

/// Dominance of every player by source, summed from the game's events.
/// Start it with [`ScoreSheet::new`] on the state a game begins with, feed it
/// every event in order with [`ScoreSheet::record`], and read
/// [`ScoreSheet::breakdown`] of the final state.
/// Serialisable, so that a server may store it with a snapshot of the game.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ScoreSheet {
    /// Per seat, per source: the scored items.
    items: Vec<[Vec<ScoreItem>; 7]>,
    /// What the last event was, when it causes dominance.
    cause: Option<(Source, String)>,
}

impl ScoreSheet {
    /// A sheet holding each player's starting dominance.
    pub fn new(start: &State) -> ScoreSheet {
        let mut sheet = ScoreSheet {
            items: vec![Default::default(); start.players.len()],
            cause: None,
        };
        for (seat, p) in start.players.iter().enumerate() {
            if p.dominance != 0 {
                sheet.add(seat, Source::Start, String::new(), i64::from(p.dominance));
            }
        }
        sheet
    }

    fn add(&mut self, seat: usize, source: Source, text: String, points: i64) {
        let text = if text.is_empty() {
            source.label().to_string()
        } else {
            text
        };
        if let Some(row) = self.items.get_mut(seat) {
            add_item(&mut row[source as usize], text, points);
        }
    }

    /// Adds what one event scored.
    pub fn record(&mut self, event: &Event) {
        let cause = self.cause.take();
        match event {
            Event::Instinct { .. } => self.cause = Some((Source::Instinct, String::new())),
            Event::Claimed { tile, .. } => {
                self.cause = Some((Source::Objectives, objective_name(data(), *tile)))
            }
            Event::FinalScore { .. } => self.cause = Some((Source::Final, String::new())),
            Event::Dominance { seat, delta } => {
                let (source, text) = match cause {
                    Some(c) => c,
                    None if *delta < 0 => (Source::Paid, String::new()),
                    None => (Source::Other, String::new()),
                };
                self.add(usize::from(*seat), source, text, i64::from(*delta));
            }
            _ => {}
        }
    }

    /// Every seat's score split by source, as of `state` (the final state of
    /// the game the sheet recorded).
    pub fn breakdown(&self, state: &State) -> ScoreBreakdown {
        let failed = state
            .result
            .as_ref()
            .is_some_and(|r| r.solo_success == Some(false));
        let seats = state
            .players
            .iter()
            .enumerate()
            .map(|(seat, p)| {
                let mut row = self.items.get(seat).cloned().unwrap_or_default();
                let dominance = i64::from(p.dominance);
                if failed && dominance != 0 {
                    row[Source::SoloFailed as usize].push(ScoreItem {
                        text: Source::SoloFailed.label().to_string(),
                        points: -dominance,
                    });
                }
                let parts = Source::ALL
                    .iter()
                    .filter_map(|&source| {
                        let items = &row[source as usize];
                        let listed = match items.as_slice() {
                            [one] if one.text == source.label() => Vec::new(),
                            _ => items.clone(),
                        };
                        (!items.is_empty()).then(|| ScorePart {
                            source: source.label().to_string(),
                            points: items.iter().map(|i| i.points).sum(),
                            items: listed,
                        })
                    })
                    .collect();
                SeatScore {
                    total: if failed { 0 } else { dominance },
                    counted: None,
                    parts,
                }
            })
            .collect();
        ScoreBreakdown {
            seats,
            winners: state
                .result
                .as_ref()
                .map(|r| r.winners.iter().map(|&w| usize::from(w)).collect())
                .unwrap_or_default(),
            tie_break: TIE_BREAK.to_string(),
            decided: decided(state),
        }
    }
}

/// What decided the win besides dominance: a player with at least the
/// winner's dominance but no animal on the board, who cannot win, or a
/// game nobody won because no animal survived (reference §6, "Winner": the
/// winner is the player with the most dominance who has at least one
/// animal on the board). None when the most dominance won, and in a solo
/// game (its result is the condition met or not).
fn decided(state: &State) -> Option<String> {
    let result = state.result.as_ref()?;
    if state.setup.solo() {
        return None;
    }
    if result.winners.is_empty() {
        return Some(
            "Nobody wins: no player has an animal left on the board, and only a player with an animal on the board can win."
                .to_string(),
        );
    }
    let best = result
        .winners
        .iter()
        .map(|&w| state.player(w).dominance)
        .max()?;
    let beaten: Vec<String> = (0..state.players.len() as u8)
        .filter(|seat| !result.winners.contains(seat))
        .map(|seat| state.player(seat))
        .filter(|p| p.dominance >= best && state.animals_of(p.group) == 0)
        .map(|p| {
            let points = if p.dominance == 1 { "point" } else { "points" };
            format!("{} had {} dominance {points}", p.group, p.dominance)
        })
        .collect();
    if beaten.is_empty() {
        return None;
    }
    Some(format!(
        "{} but no animal left on the board, and only a player with an animal on the board can win.",
        beaten.join(" and ")
    ))
}

/// How the ranking orders players whose dominance ties, in words to follow "Ties:" (ruling
/// G3): only a player with an animal on the board can win.
pub const TIE_BREAK: &str = "more animals on the board wins, then more animals in niche 2; still tied, the win is shared (only a player with an animal on the board can win)";
