//! Budding Intelligence (p.20): an extra basic pawn the first time VP reach
//! the threshold.

use crate::data::data;
use crate::events::Event;
use crate::state::State;
use crate::types::{Animal, Trait};

/// Budding Intelligence (p.20): the first time VP reach the threshold, an extra basic pawn.
pub(crate) fn budding(s: &mut State, ev: &mut Vec<Event>) {
    let need = data().trait_data(Trait::BuddingIntelligence).count;
    for &a in Animal::ALL {
        if s.plays(a)
            && s.budding_done & a.bit() == 0
            && s.vp[a.index()] >= need
            && s.has_trait(a, Trait::BuddingIntelligence)
        {
            s.budding_done |= a.bit();
            if s.basic_total[a.index()] < data().pawns_per_colour {
                s.basic_total[a.index()] += 1;
                s.basic_avail[a.index()] += 1;
                ev.push(Event::ExtraPawn { animal: a });
            }
        }
    }
}
