//! Status cards: Parasites (make a rival animal Inactive), Venom (make your animal Toxic) and
//! Recovery (take every Inactive marker off your animals; in a contest see [`super::contest`]).

use super::RULE;
use crate::board::{group_of, set_flag_on, spots};
use crate::data::AdaptationEffect;
use crate::state::{not_offered, Choice, Decision, Event, State};
use crate::types::{flag, Group, Placed};
use eons_core::Refusal;

/// The animals Parasites may strike: active rivals in a region where `g` has an animal.
fn parasite_target(s: &State, g: Group) -> impl Fn(&Placed) -> bool + '_ {
    let mine = s.regions_of(g);
    move |p: &Placed| p.animal.group != g && !p.animal.inactive() && mine.contains(p.region)
}

/// True if the card can be used now.
pub fn usable(s: &State, seat: u8, e: AdaptationEffect) -> bool {
    let g = group_of(s, seat);
    match e {
        AdaptationEffect::Parasites {} => s.animals.iter().any(parasite_target(s, g)),
        AdaptationEffect::Recovery {} => s
            .animals
            .iter()
            .any(|q| q.animal.group == g && q.animal.inactive()),
        AdaptationEffect::Venom {} => s
            .animals
            .iter()
            .any(|q| q.animal.group == g && !q.animal.toxic()),
        _ => false,
    }
}

/// Using the card: Parasites and Venom ask for the animal, Recovery acts at once.
pub fn use_card(s: &mut State, seat: u8, e: AdaptationEffect, ev: &mut Vec<Event>) {
    match e {
        AdaptationEffect::Parasites {} => s.decision = Some(Decision::Parasites(seat)),
        AdaptationEffect::Venom {} => s.decision = Some(Decision::Venom(seat)),
        AdaptationEffect::Recovery {} => {
            let g = group_of(s, seat);
            while let Some(i) = s
                .animals
                .iter()
                .position(|p| p.animal.group == g && p.animal.inactive())
            {
                let sp = s.animals[i].spot();
                set_flag_on(s, &sp, flag::INACTIVE, false, ev);
            }
        }
        _ => {}
    }
}

/// [`Decision::Parasites`]: the active rival animals in the seat's regions.
pub fn legal_parasites(s: &State, seat: u8, out: &mut Vec<Choice>) {
    let g = group_of(s, seat);
    spots(s, parasite_target(s, g), |sp| out.push(Choice::Animal(sp)));
}

/// [`Decision::Venom`]: the seat's animals without a Toxic marker.
pub fn legal_venom(s: &State, seat: u8, out: &mut Vec<Choice>) {
    let g = group_of(s, seat);
    spots(
        s,
        |p| p.animal.group == g && !p.animal.toxic(),
        |sp| out.push(Choice::Animal(sp)),
    );
}

/// Resolves [`Decision::Parasites`]: the animal becomes Inactive.
pub fn resolve_parasites(s: &mut State, seat: u8, c: Choice, ev: &mut Vec<Event>) {
    match c {
        Choice::Animal(t) => set_flag_on(s, &t, flag::INACTIVE, true, ev),
        _ => s.decision = Some(Decision::Parasites(seat)),
    }
}

/// Resolves [`Decision::Venom`]: the animal becomes Toxic.
pub fn resolve_venom(s: &mut State, seat: u8, c: Choice, ev: &mut Vec<Event>) {
    match c {
        Choice::Animal(t) => set_flag_on(s, &t, flag::TOXIC, true, ev),
        _ => s.decision = Some(Decision::Venom(seat)),
    }
}

/// Why a choice is not one the Parasites or Venom decision offers.
pub fn refuse(dec: Decision) -> Refusal {
    match dec {
        Decision::Venom(_) => not_offered(
            RULE,
            "Venom: choose one of your animals without a Toxic marker",
        ),
        _ => not_offered(
            RULE,
            "Parasites: choose an active rival animal in a region where you have an animal",
        ),
    }
}
