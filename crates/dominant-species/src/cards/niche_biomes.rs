//! Niche Biomes (p.19): every animal with more VPs than you loses as many
//! VPs as the 1st-place value of the tile whose scoring gave you the card.

use crate::data::{Animal, Card};
use crate::state::{CardStep, Event, State};

/// The rule this card names.
pub(crate) const RULE: &str = "Niche Biomes (p.19)";

/// Resolves the card at once; `first` is the scored tile's 1st-place value.
pub(crate) fn start(
    s: &mut State,
    taker: Animal,
    first: u8,
    ev: &mut Vec<Event>,
) -> Option<CardStep> {
    let mine = s.animals[taker.index()].vp;
    for a in Animal::ALL {
        let st = &mut s.animals[a.index()];
        if st.in_play && st.vp > mine {
            let lost = (first as u32).min(st.vp);
            st.vp -= lost;
            if lost > 0 {
                ev.push(Event::VpLost {
                    animal: a,
                    vp: lost,
                    card: Card::NicheBiomes,
                });
            }
        }
    }
    None
}
