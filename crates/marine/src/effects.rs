//! Small changes to the state shared by several actions, cards and traits:
//! moving a species, drawing and losing trait cards, Camouflage's offers,
//! turn order.

use crate::data::data;
use crate::decision::Decision;
use crate::events::Event;
use crate::state::{State, DISKS, MAX_OFFER};
use crate::types::{Animal, Trait};
use eons_core::HexId;

pub(crate) fn move_species(s: &mut State, a: Animal, from: HexId, to: HexId, ev: &mut Vec<Event>) {
    if s.earth.remove_species(from, a.index(), 1) == 1 {
        s.earth.add_species(to, a.index(), 1);
        ev.push(Event::Moved {
            animal: a,
            from,
            from_tile: s.earth.tile(from),
            to,
            to_tile: s.earth.tile(to),
        });
    }
}

/// Draws `redraw` trait cards from the box into an animal's offer.
pub(crate) fn draw_offer(s: &mut State, a: Animal) {
    let n = (data().traits_redraw as usize).min(MAX_OFFER);
    let mut bx = std::mem::take(&mut s.trait_box);
    s.rng.shuffle(&mut bx);
    s.offer[a.index()] = [None; MAX_OFFER];
    for k in 0..n {
        s.offer[a.index()][k] = bx.pop();
    }
    bx.sort();
    s.trait_box = bx;
}

/// Undoes what a lost trait gave (p.21, Exaptation notes).
pub(crate) fn lose_trait_effects(s: &mut State, a: Animal, ev: &mut Vec<Event>) {
    if !s.has_trait(a, Trait::PhenotypicPlasticity) {
        for i in DISKS - 2..DISKS {
            if let Some(el) = s.disks[a.index()][i].take() {
                s.bag.put(el.index());
                ev.push(Event::DiskLost { animal: a, el });
            }
        }
    }
    if !s.has_trait(a, Trait::BottomFeeder) {
        if let Some(p) = s.personal[a.index()].take() {
            s.pawn_home(p);
        }
    }
}

/// Camouflage frames for other animals (p.20), in food-chain order.
pub(crate) fn push_camouflage(s: &mut State, actor: Animal, hex: HexId) {
    for b in Animal::ALL.iter().rev() {
        if *b != actor && s.plays(*b) && s.has_trait(*b, Trait::Camouflage) {
            s.stack.push(Decision::Camouflage { a: *b, hex });
        }
    }
}

/// Animals in turn order starting with the current one.
pub(crate) fn turn_order(s: &State) -> Vec<Animal> {
    let mut v = vec![s.cur];
    let mut a = s.cur;
    for _ in 1..s.animal_count() {
        a = s.next_animal(a);
        v.push(a);
    }
    v
}
