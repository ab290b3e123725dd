//! Hibernation (p.19): return up to 5 of your eliminated species to one
//! tile; they are immune to this turn's Extinction.

use crate::data::Animal;
use crate::offer::offer_all;
use crate::queries::{board_id, hex};
use crate::state::{CardStep, Choice, Event, State};
use crate::texts::{count, place_in, place_of};
use crate::DominantSpecies;
use eons_core::DecisionModule;

/// The rule this card's refusals name.
pub(crate) const RULE: &str = "Hibernation (p.19)";

/// The card's first decision.
pub(crate) fn start(taker: Animal) -> Option<CardStep> {
    Some(CardStep::HibernationTile { taker })
}

/// Legal choices of a step of this card.
fn legal(s: &State, step: CardStep, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    match step {
        CardStep::HibernationTile { taker } => {
            if s.animals[taker.index()].eliminated > 0
                && offer_all(s.tile_ids().map(|h| Choice::Tile(hex(h))), offer)
            {
                return true;
            }
            if offer(Choice::Skip) {
                return true;
            }
        }
        CardStep::HibernationCount { taker, .. } => {
            let max = 5.min(s.animals[taker.index()].eliminated);
            if offer_all((0..=max).map(Choice::Count), offer) {
                return true;
            }
        }
        _ => {}
    }
    false
}

/// Resolves a legal choice; the next step, if any.
fn resolve(s: &mut State, step: CardStep, c: Choice, ev: &mut Vec<Event>) -> Option<CardStep> {
    match (step, c) {
        (CardStep::HibernationTile { taker }, Choice::Tile(h)) => {
            board_id(h).map(|id| CardStep::HibernationCount { taker, hex: id })
        }
        (CardStep::HibernationCount { taker, hex: id }, Choice::Count(n)) => {
            if n > 0 {
                let st = &mut s.animals[taker.index()];
                st.eliminated -= n;
                s.earth.add_species(id, taker.index(), n);
                ev.push(Event::SpeciesAdded {
                    animal: taker,
                    hex: hex(id),
                    terrain: s.terrain(id),
                    count: n,
                });
                s.hibernated = Some((id, taker, n));
            }
            None
        }
        _ => None,
    }
}

/// Hibernation as a decision module: the tile, then how many species return.
pub(crate) struct Hibernation;

impl DecisionModule<DominantSpecies> for Hibernation {
    type Decision = CardStep;

    fn rule(step: CardStep) -> &'static str {
        match step {
            CardStep::HibernationTile { .. } => {
                "Hibernation (p.19): choose a tile for your eliminated species, or none"
            }
            _ => "Hibernation (p.19): choose how many eliminated species return, from 0 to 5",
        }
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, step: CardStep, offer: &mut F) -> bool {
        legal(s, step, offer)
    }

    fn apply(s: &mut State, step: CardStep, c: Choice, ev: &mut Vec<Event>) {
        let next = resolve(s, step, c, ev);
        super::proceed(s, next);
    }

    fn text(s: &State, step: CardStep, c: Choice) -> Option<String> {
        match (step, c) {
            (CardStep::HibernationTile { .. }, Choice::Skip) => {
                Some("bring back no species".into())
            }
            (CardStep::HibernationTile { .. }, Choice::Tile(h)) => Some(format!(
                "bring eliminated species back to {}",
                place_in(s, h)
            )),
            // The tile is named even for none: the log entry lights it, and
            // an entry lights only the places its words name.
            (CardStep::HibernationCount { hex, .. }, Choice::Count(n)) => Some(match n {
                0 => format!("bring back no species to {}", place_of(s, hex)),
                n => format!("bring back {} to {}", count(n, "species"), place_of(s, hex)),
            }),
            _ => None,
        }
    }
}
