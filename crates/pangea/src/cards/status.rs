//! Status cards: Parasites (make a rival animal Inactive), Venom (make your animal Toxic) and
//! Recovery (take every Inactive marker off your animals; in a contest see [`super::contest`]). Parasites and Venom are the decision modules [`Parasites`] and
//! [`Venom`].

use crate::data::AdaptationEffect;
use crate::effects::set_flag_on;
use crate::listing::{offer_each, Listing};
use crate::queries::{group_of, spots};
use crate::state::{Choice, Decision, Event, State};
use crate::types::{flag, Group, Placed};
use crate::Pangea;
use eons_core::DecisionModule;

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

/// Parasites: [`Decision::Parasites`], an active rival animal in one of the seat's regions,
/// made Inactive.
pub(crate) struct Parasites;

impl DecisionModule<Pangea> for Parasites {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Adaptation Cards (p.21): Parasites: choose an active rival animal in a region where you have an animal"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, dec: Decision, offer: &mut F) -> bool {
        let g = group_of(s, dec.seat());
        offer_each(offer, |out| {
            spots(s, parasite_target(s, g), |sp| out.push(Choice::Animal(sp)))
        })
    }

    fn apply(s: &mut State, dec: Decision, c: Choice, ev: &mut Vec<Event>) {
        match c {
            Choice::Animal(t) => set_flag_on(s, &t, flag::INACTIVE, true, ev),
            _ => s.decision = Some(dec),
        }
    }

    fn text(_: &State, _: Decision, c: Choice) -> Option<String> {
        match c {
            Choice::Animal(sp) => Some(format!("make {sp} Inactive")),
            _ => None,
        }
    }
}

/// Venom: [`Decision::Venom`], one of the seat's animals without a Toxic marker, made Toxic.
pub(crate) struct Venom;

impl DecisionModule<Pangea> for Venom {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Adaptation Cards (p.21): Venom: choose one of your animals without a Toxic marker"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, dec: Decision, offer: &mut F) -> bool {
        offer_each(offer, |out| untoxic_animals(s, dec.seat(), out))
    }

    fn apply(s: &mut State, dec: Decision, c: Choice, ev: &mut Vec<Event>) {
        match c {
            Choice::Animal(t) => set_flag_on(s, &t, flag::TOXIC, true, ev),
            _ => s.decision = Some(dec),
        }
    }

    fn text(_: &State, _: Decision, c: Choice) -> Option<String> {
        toxic_marker_text(c)
    }
}

/// The animals of `seat`'s group without a Toxic marker, as choices: what
/// Venom and the Toxic adaptation's markers (p.16) may be put on.
pub(crate) fn untoxic_animals(s: &State, seat: u8, out: &mut impl Listing) {
    let g = group_of(s, seat);
    spots(
        s,
        |p| p.animal.group == g && !p.animal.toxic(),
        |sp| out.push(Choice::Animal(sp)),
    )
}

/// The words of a choice of animal to make Toxic ("put a Toxic marker on
/// …"); `None` for any other choice.
pub(crate) fn toxic_marker_text(c: Choice) -> Option<String> {
    match c {
        Choice::Animal(sp) => Some(format!("put a Toxic marker on {sp}")),
        _ => None,
    }
}
