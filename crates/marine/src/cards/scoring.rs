//! The cards that only score (p.18-20): Annelids, Carbon Cycle,
//! Endosymbionts, Producers, Semi-Aquatic, Univalves, Biodiversity,
//! Ecodiversity, Extremophiles, Symbiotic.
//!
//! Not a decision module: it asks no decision of its own, so it does not
//! implement `eons_core::DecisionModule`; their effect runs whole when the card starts.

use crate::data::data;
use crate::events::{Event, VpCause};
use crate::queries::{occupies, tiles};
use crate::state::State;
use crate::types::{Animal, Card};
use eons_earth::ELEMENTS;

/// Starts the card's effect (p.18-20); `x` is the slot it was taken from,
/// `max_slot` the Evolution space's value.
pub(crate) fn start(
    s: &mut State,
    a: Animal,
    card: Card,
    _x: u8,
    _max_slot: u8,
    ev: &mut Vec<Event>,
) {
    let d = data();
    let card_data = *data().card(card);
    match card {
        Card::Annelids
        | Card::CarbonCycle
        | Card::Endosymbionts
        | Card::Producers
        | Card::SemiAquatic
        | Card::Univalves => {
            // 1 VP per tile you occupy holding the type, however many (p.18-20).
            if let Some(el) = card_data.element {
                let n = tiles(s)
                    .filter(|&h| occupies(s, a, h) && s.earth.elements_on(h)[el.index()] > 0)
                    .count() as u32;
                s.add_vp(a, n, VpCause::Card(card), ev);
            }
        }
        Card::Biodiversity => {
            let n = tiles(s)
                .filter(|&h| occupies(s, a, h) && s.opposing_on(h, a) > 0)
                .count() as u32;
            s.add_vp(a, n, VpCause::Card(card), ev);
        }
        Card::Ecodiversity => {
            let n = s.needs(a).iter().filter(|&&k| k > 0).count() as u32;
            let vp = d.bonus_vp(n);
            s.add_vp(a, vp, VpCause::Card(card), ev);
        }
        Card::Extremophiles => {
            let vp = s.vent_species(a) * card_data.count;
            s.add_vp(a, vp, VpCause::Card(card), ev);
        }
        Card::Symbiotic => {
            let mine = s.needs(a);
            let mut vp = 0u32;
            for el in 0..ELEMENTS {
                if mine[el] > 0 && s.animals().any(|b| b != a && s.needs(b)[el] > 0) {
                    vp += mine[el] as u32;
                }
            }
            s.add_vp(a, vp, VpCause::Card(card), ev);
        }
        _ => {}
    }
}
