//! The final score split by source (a presentation helper for the
//! end-of-game panel; no rule lives here): every VP an animal holds came
//! from its starting VP or from an [`Event::Vp`] event, so summing those
//! events by their [`VpCause`] gives each animal's VP part by part. Tile scoring
//! after [`Event::FinalScoring`] is the endgame's (p.24). A seat's score is
//! its counted animal's (the lowest, p.22), so its parts are that animal's.

use crate::events::{Event, VpCause};
use crate::state::{State, ANIMALS};
use crate::texts::{capitalised, ordinal, place};
use crate::types::Animal;
use eons_core::score::add_item;
use eons_core::{ScoreBreakdown, ScoreItem, ScorePart, SeatScore};

/// Where an animal's VP came from, in the order the panel lists them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
enum Source {
    /// VP an animal starts with (the random earth setup, p.22).
    Start,
    /// Tile scoring during the game (p.16).
    Scoring,
    /// Wanderlust tile bonuses.
    Wanderlust,
    /// Tectonics Vent bonuses.
    Tectonics,
    /// Survival events.
    Survival,
    /// Evolution cards.
    Cards,
    /// Traits.
    Traits,
    /// Every tile scored at the end (p.24).
    Final,
    /// Target markers of controlled special pawns at the end.
    Targets,
}

impl Source {
    /// Every source, in the panel's order.
    const ALL: [Source; 9] = [
        Source::Start,
        Source::Scoring,
        Source::Wanderlust,
        Source::Tectonics,
        Source::Survival,
        Source::Cards,
        Source::Traits,
        Source::Final,
        Source::Targets,
    ];

    /// The source in words.
    fn label(self) -> &'static str {
        match self {
            Source::Start => "Starting VP (random earth)",
            Source::Scoring => "Tile scoring",
            Source::Wanderlust => "Wanderlust bonus",
            Source::Tectonics => "Tectonics bonus",
            Source::Survival => "Survival",
            Source::Cards => "Evolution cards",
            Source::Traits => "Traits",
            Source::Final => "Final tile scoring",
            Source::Targets => "Target markers",
        }
    }
}

/// VP of every animal by source, summed from the game's events. Start it
/// with [`ScoreSheet::new`] on the state a game begins with, feed it every
/// event in order with [`ScoreSheet::record`], and read
/// [`ScoreSheet::breakdown`] of the final state.
/// Serialisable, so that a server may store it with a snapshot of the game.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ScoreSheet {
    /// Per animal (by [`Animal::index`]), per source: the scored items.
    items: [[Vec<ScoreItem>; 9]; ANIMALS],
    /// The endgame's scoring has begun.
    endgame: bool,
}

impl ScoreSheet {
    /// A sheet holding each animal's starting VP.
    pub fn new(start: &State) -> ScoreSheet {
        let mut sheet = ScoreSheet {
            items: Default::default(),
            endgame: false,
        };
        for &a in Animal::ALL {
            let vp = i64::from(start.vp[a.index()]);
            if vp != 0 {
                sheet.add(a, Source::Start, String::new(), vp);
            }
        }
        sheet
    }

    fn add(&mut self, a: Animal, source: Source, text: String, points: i64) {
        let text = if text.is_empty() {
            source.label().to_string()
        } else {
            text
        };
        add_item(&mut self.items[a.index()][source as usize], text, points);
    }

    /// Adds what one event scored.
    pub fn record(&mut self, event: &Event) {
        match event {
            Event::FinalScoring => self.endgame = true,
            Event::Vp { animal, vp, why } => {
                let (source, text) = match *why {
                    VpCause::Scoring {
                        hex,
                        tile,
                        place: k,
                    } if self.endgame => (
                        Source::Final,
                        format!("{}, {} place", place(hex, Some(tile)), ordinal(k)),
                    ),
                    VpCause::Scoring { hex, tile, .. } => (Source::Scoring, place(hex, Some(tile))),
                    VpCause::Wanderlust => (Source::Wanderlust, String::new()),
                    VpCause::Tectonics => (Source::Tectonics, String::new()),
                    VpCause::Survival => (Source::Survival, String::new()),
                    VpCause::Card(c) => (Source::Cards, c.to_string()),
                    VpCause::Trait(t) => (Source::Traits, t.to_string()),
                    VpCause::Target(e) => (Source::Targets, capitalised(&format!("{e} target"))),
                };
                self.add(*animal, source, text, i64::from(*vp));
            }
            _ => {}
        }
    }

    /// One animal's VP by source.
    fn parts(&self, a: Animal) -> Vec<ScorePart> {
        Source::ALL
            .iter()
            .filter_map(|&source| {
                let items = &self.items[a.index()][source as usize];
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
            .collect()
    }

    /// Every seat's score split by source, as of `state` (the final state of
    /// the game the sheet recorded).
    pub fn breakdown(&self, state: &State) -> ScoreBreakdown {
        let seats = (0..usize::from(state.setup.players))
            .map(|seat| {
                let mine: Vec<Animal> = state
                    .animals()
                    .filter(|a| usize::from(state.owner[a.index()]) == seat)
                    .collect();
                // The counted animal as the ranking takes it: the lowest VP,
                // the first in the food chain among equals.
                let counted = mine
                    .iter()
                    .copied()
                    .min_by_key(|a| (state.vp[a.index()], a.index()));
                SeatScore {
                    total: i64::from(state.seat_score(seat)),
                    counted: counted.filter(|_| mine.len() > 1).map(|a| a.to_string()),
                    parts: counted.map(|a| self.parts(a)).unwrap_or_default(),
                }
            })
            .collect();
        ScoreBreakdown {
            seats,
            winners: <crate::Marine as eons_core::Game>::outcome(state)
                .and_then(|o| o.winner())
                .map(|s| vec![s.index()])
                .unwrap_or_default(),
            tie_break: tie_break(state),
            // The highest total always wins here (ties by the tie-break).
            decided: None,
        }
    }
}

/// How the ranking orders seats whose scores tie, in words to follow "Ties:" (p.9, p.22): the
/// counted animal higher in the food chain, lower while Monotypic Habitat is
/// face up.
pub fn tie_break(state: &State) -> String {
    if state.ties_reversed() {
        "the counted animal lower in the food chain ranks first (Monotypic Habitat, face up, reverses the food chain)".to_string()
    } else {
        "the counted animal higher in the food chain ranks first (Reptiles, Cephalopods, Fishes, Crustaceans)".to_string()
    }
}
