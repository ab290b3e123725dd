//! Extinction (p.20): every endangered species is eliminated, but the one
//! the mammals may save and the species hibernated this turn.

use crate::data::Animal;
use crate::offer::not_offered;
use crate::offer::offer_all;
use crate::offer::QuickAnswers;
use crate::queries::{board_id, hex};
use crate::state::{Choice, Decision, Event, PhaseName, State, Step};
use crate::texts::hex_label;
use crate::texts::place_in;
use crate::DominantSpecies;
use eons_core::DecisionModule;
use eons_core::{HexId, Refusal};
use eons_earth::{mask_ids, matching_counts};

/// The rule this phase's refusals name.
pub(crate) const RULE: &str = "Extinction (p.20)";

/// Starts the Reset Phase: the mammals' save, or Extinction at once.
pub(crate) fn step(s: &mut State, ev: &mut Vec<Event>) {
    ev.push(Event::PhaseBegan {
        phase: PhaseName::Reset,
    });
    s.step = Step::Survival;
    if s.in_play(Animal::Mammals) && s.mammal_save_targets().next().is_some() {
        s.pending = Decision::MammalSave;
    } else {
        extinction(s, None, ev);
    }
}

/// Every tile where a mammal may be saved; saving none is a choice too
/// ("may automatically save", p.20).
fn legal(s: &State, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    if offer_all(s.mammal_save_targets().map(|h| Choice::Tile(hex(h))), offer) {
        return true;
    }
    if offer(Choice::Skip) {
        return true;
    }
    false
}

/// Resolves the mammals' legal choice.
fn resolve(s: &mut State, c: Choice, ev: &mut Vec<Event>) {
    match c {
        Choice::Tile(h) => extinction(s, board_id(h), ev),
        Choice::Skip => extinction(s, None, ev),
        _ => {}
    }
}

/// Extinction (p.20): every endangered species is eliminated, but the
/// mammals' saved one and species hibernated this turn.
fn extinction(s: &mut State, saved: Option<HexId>, ev: &mut Vec<Event>) {
    if let Some(h) = saved {
        ev.push(Event::SpeciesSaved {
            animal: Animal::Mammals,
            hex: hex(h),
            terrain: s.terrain(h),
        });
    }
    // Only tiles holding species can hold an endangered one; each tile's
    // elements are counted once for all its animals (eliminating species
    // changes no tile's elements nor any display, so no later matching).
    let displays = s.displays();
    let with_species = Animal::ALL
        .iter()
        .fold(0, |set, a| set | s.earth.species_mask(a.index()));
    for h in mask_ids(with_species & s.earth.tile_mask()) {
        let on = s.earth.elements_on(h);
        for a in Animal::ALL {
            let endangered = s.earth.species(h, a.index()) > 0
                && matching_counts(&displays[a.index()], &on) == 0;
            if !s.in_play(a) || !endangered {
                continue;
            }
            let mut keep = s.immune(a, h);
            if a == Animal::Mammals && saved == Some(h) {
                keep += 1;
            }
            let n = s.earth.species(h, a.index()).saturating_sub(keep);
            s.eliminate(a, h, n, ev);
        }
    }
    s.hibernated = None;
}

/// Why `c` is refused.
fn refusal(c: Choice) -> Refusal {
    match c {
        Choice::Tile(h) => Refusal::new(
            RULE,
            format!("no endangered mammal that would die is on {}", hex_label(h)),
        ),
        _ => not_offered(
            RULE,
            "choose a tile where one endangered mammal is saved, or save none",
        ),
    }
}

/// Extinction as a decision module: [`Decision::MammalSave`], the
/// mammals' save.
pub(crate) struct Extinction;

impl DecisionModule<DominantSpecies> for Extinction {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Extinction (p.20): choose a tile where one endangered mammal is saved, or save none"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, _: Decision, offer: &mut F) -> bool {
        legal(s, offer)
    }

    fn apply(s: &mut State, _: Decision, c: Choice, ev: &mut Vec<Event>) {
        resolve(s, c, ev);
    }

    fn refusal(_: &State, _: Decision, c: Choice) -> Refusal {
        refusal(c)
    }

    fn text(s: &State, _: Decision, c: Choice) -> Option<String> {
        match c {
            Choice::Skip => Some("save no mammal".into()),
            Choice::Tile(h) => Some(format!("save a mammal on {}", place_in(s, h))),
            _ => None,
        }
    }
}

impl QuickAnswers for Extinction {}
