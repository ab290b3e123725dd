//! The final score split by source (a presentation helper for the
//! end-of-game panel; no rule lives here): every VP an animal holds came
//! from its starting VP or from a [`Event::VpGained`] / [`Event::VpLost`]
//! event, so summing those events by their [`VpCause`] gives each animal's
//! VP part by part. A seat's score is its counted animal's (the lowest under
//! the multi-animal rules, p.17), so its parts are that animal's.

use crate::data::Animal;
use crate::state::{Event, State, VpCause};
use crate::texts::{ordinal, place};
use eons_core::score::add_item;
use eons_core::{ScoreBreakdown, ScoreItem, ScorePart, SeatScore};

/// Where an animal's VP came from, in the order the panel lists them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
enum Source {
    /// VP an animal starts with (the random earth setup, p.17).
    Start,
    /// Domination: tile scoring during the game (p.16).
    Domination,
    /// Glaciation bonus (p.13).
    Glaciation,
    /// Wanderlust bonus (p.14).
    Wanderlust,
    /// Dominance cards, won and lost (Niche Biomes).
    Cards,
    /// The Survival card (p.20).
    Survival,
    /// Final scoring of every tile (p.20).
    Final,
}

impl Source {
    /// Every source, in the panel's order.
    const ALL: [Source; 7] = [
        Source::Start,
        Source::Domination,
        Source::Glaciation,
        Source::Wanderlust,
        Source::Cards,
        Source::Survival,
        Source::Final,
    ];

    /// The source in words.
    fn label(self) -> &'static str {
        match self {
            Source::Start => "Starting VP (random earth)",
            Source::Domination => "Domination (tile scoring)",
            Source::Glaciation => "Glaciation bonus",
            Source::Wanderlust => "Wanderlust bonus",
            Source::Cards => "Dominance cards",
            Source::Survival => "Survival card",
            Source::Final => "Final scoring",
        }
    }

    /// Index into a row of [`ScoreSheet`].
    fn index(self) -> usize {
        self as usize
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
    items: [[Vec<ScoreItem>; 7]; 6],
}

impl ScoreSheet {
    /// A sheet holding each animal's starting VP.
    pub fn new(start: &State) -> ScoreSheet {
        let mut sheet = ScoreSheet {
            items: Default::default(),
        };
        for a in Animal::ALL {
            let vp = i64::from(start.animals[a.index()].vp);
            if vp != 0 {
                sheet.items[a.index()][Source::Start.index()].push(ScoreItem {
                    text: Source::Start.label().to_string(),
                    points: vp,
                });
            }
        }
        sheet
    }

    /// Adds what one event scored.
    pub fn record(&mut self, event: &Event) {
        let (animal, source, text, points) = match *event {
            Event::VpGained { animal, vp, reason } => {
                let (source, text) = match reason {
                    VpCause::Tile(h, t, _) => (Source::Domination, place(h, Some(t))),
                    VpCause::Final(h, t, p) => (
                        Source::Final,
                        format!("{}, {} place", place(h, Some(t)), ordinal(p)),
                    ),
                    VpCause::Glaciation => (Source::Glaciation, String::new()),
                    VpCause::Wanderlust => (Source::Wanderlust, String::new()),
                    VpCause::Survival => (Source::Survival, String::new()),
                    VpCause::Card(c) => (Source::Cards, c.name().to_string()),
                };
                (animal, source, text, i64::from(vp))
            }
            Event::VpLost { animal, vp, card } => (
                animal,
                Source::Cards,
                card.name().to_string(),
                -i64::from(vp),
            ),
            _ => return,
        };
        let text = if text.is_empty() {
            source.label().to_string()
        } else {
            text
        };
        add_item(
            &mut self.items[animal.index()][source.index()],
            text,
            points,
        );
    }

    /// One animal's VP by source.
    fn parts(&self, a: Animal) -> Vec<ScorePart> {
        Source::ALL
            .iter()
            .filter_map(|&source| {
                let items = &self.items[a.index()][source.index()];
                // A source scored once under its own name needs no list.
                let listed = match items.as_slice() {
                    [one] if one.text == source.label() => Vec::new(),
                    _ => items.clone(),
                };
                let points: i64 = items.iter().map(|i| i.points).sum();
                (!items.is_empty()).then(|| ScorePart {
                    source: source.label().to_string(),
                    points,
                    items: listed,
                })
            })
            .collect()
    }

    /// Every seat's score split by source, as of `state` (the final state of
    /// the game the sheet recorded).
    pub fn breakdown(&self, state: &State) -> ScoreBreakdown {
        let scores = crate::seat_scores(state);
        let seats = scores
            .iter()
            .enumerate()
            .map(|(seat, &total)| {
                let mine: Vec<Animal> = state
                    .animals_in_play()
                    .filter(|a| state.animals[a.index()].seat.index() == seat)
                    .collect();
                // The counted animal as the ranking names it: the highest in
                // the food chain among those whose VP are the seat's score.
                let counted = mine
                    .iter()
                    .copied()
                    .find(|a| i64::from(state.animals[a.index()].vp) == total);
                SeatScore {
                    total,
                    counted: counted.filter(|_| mine.len() > 1).map(|a| a.to_string()),
                    parts: counted.map(|a| self.parts(a)).unwrap_or_default(),
                }
            })
            .collect();
        ScoreBreakdown {
            seats,
            winners: crate::ranking(state)
                .first()
                .map(|s| vec![s.index()])
                .unwrap_or_default(),
            tie_break: tie_break(state),
            // The highest total always wins here (ties by the tie-break).
            decided: None,
        }
    }
}

/// How the ranking orders seats whose scores tie, in words to follow "Ties:" (p.20; under the
/// multi-animal rules, reference A17).
pub fn tie_break(state: &State) -> String {
    let multi = (0..usize::from(state.setup.players)).any(|seat| {
        state
            .animals_in_play()
            .filter(|a| state.animals[a.index()].seat.index() == seat)
            .count()
            > 1
    });
    let chain = "Mammals, Reptiles, Birds, Amphibians, Arachnids, Insects";
    if multi {
        format!("the seat whose counted animal is higher in the food chain ranks first ({chain})")
    } else {
        format!("the animal higher in the food chain ranks first ({chain})")
    }
}
