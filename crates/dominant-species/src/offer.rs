//! Pieces shared by the action, card and phase modules: lists of choices
//! that several decisions offer, and the wording of a refusal.

use crate::data::{Animal, Element};
use crate::queries::hex;
use crate::state::{Choice, State};
use eons_core::{HexId, Refusal};
use std::fmt::Display;

/// The refusal of a choice that is not among those offered: `asks` says in
/// words what the pending decision asks for.
pub(crate) fn not_offered(rule: &'static str, asks: impl Display) -> Refusal {
    Refusal::new(
        rule,
        format!("{asks}; that is not one of the choices offered"),
    )
}

/// One `Choice::Element` per type with at least one disk in `counts`.
pub(crate) fn push_elements(counts: &[u8; 6], out: &mut Vec<Choice>) {
    for e in Element::ALL {
        if counts[e.index()] > 0 {
            out.push(Choice::Element(e));
        }
    }
}

/// One `Choice::Element` per type with at least one disk in the draw bag.
pub(crate) fn push_bag_elements(s: &State, out: &mut Vec<Choice>) {
    for e in Element::ALL {
        if s.bag.count(e.index()) > 0 {
            out.push(Choice::Element(e));
        }
    }
}

/// Element choices for an animal's added disks (never the defaults).
pub(crate) fn push_added(s: &State, a: Animal, out: &mut Vec<Choice>) {
    for e in Element::ALL {
        if s.animals[a.index()].added[e.index()] > 0 {
            out.push(Choice::Element(e));
        }
    }
}

/// Victims on `h` for `actor`: every other animal with species there.
pub(crate) fn push_victims(s: &State, h: HexId, actor: Animal, out: &mut Vec<Choice>) {
    for v in Animal::ALL {
        if v != actor && s.earth.species(h, v.index()) > 0 {
            out.push(Choice::Species {
                hex: hex(h),
                animal: v,
            });
        }
    }
}

/// Every animal with species on `h`, except `spare`.
pub(crate) fn push_species_on(s: &State, h: HexId, spare: Option<Animal>, out: &mut Vec<Choice>) {
    for a in Animal::ALL {
        if Some(a) != spare && s.earth.species(h, a.index()) > 0 {
            out.push(Choice::Species {
                hex: hex(h),
                animal: a,
            });
        }
    }
}
