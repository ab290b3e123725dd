//! Competition (p.15): on tiles of the space's three terrains, one per
//! terrain, eliminate one opposing species where you have a species; then
//! the arachnids' free competition on one tile of any terrain.

use crate::data::{Animal, Terrain};
use crate::offer::{not_offered, push_victims};
use crate::queries::board_id;
use crate::space::{Section, Space};
use crate::state::{Choice, Decision, Event, State, Step};
use eons_core::{HexId, Refusal};
use eons_earth::mask_ids;

/// The rule this action's refusals name.
pub(crate) const RULE: &str = "Competition (p.15)";

/// The decision the action on `space` starts with: all three terrains usable.
pub(crate) fn start(a: Animal, space: Space) -> Decision {
    Decision::Compete {
        animal: a,
        space,
        terrains: 0b111,
    }
}

/// The arachnids' free competition, after the Competition section.
pub(crate) fn arachnids_step(s: &mut State) {
    s.step = Step::Space(Space(29));
    if s.in_play(Animal::Arachnids) {
        s.pending = Decision::CompeteFree;
    }
}

/// The arachnids' victims on any tile they occupy, or forfeit.
pub(crate) fn legal_free(s: &State, out: &mut Vec<Choice>) {
    let a = Animal::Arachnids;
    for h in occupied_tiles(s, a) {
        push_victims(s, h, a, out);
    }
    out.push(Choice::Skip);
}

/// Victims on occupied tiles of a terrain still usable, or done.
pub(crate) fn legal(s: &State, animal: Animal, space: Space, terrains: u8, out: &mut Vec<Choice>) {
    let ts = usable_terrains(space, terrains);
    for h in occupied_tiles(s, animal) {
        if usable(s, animal, &ts, h) {
            push_victims(s, h, animal, out);
        }
    }
    out.push(Choice::Done);
}

/// The tiles holding `animal`'s species, in id order (as `tile_ids` lists
/// tiles).
fn occupied_tiles(s: &State, animal: Animal) -> impl Iterator<Item = HexId> {
    mask_ids(s.earth.species_mask(animal.index()) & s.earth.tile_mask())
}

/// The terrains a competition may still use: the space's three, less
/// those `terrains` (a bit per terrain) has used up.
fn usable_terrains(space: Space, terrains: u8) -> [Option<Terrain>; 3] {
    let ts = space.competition_terrains().unwrap_or([Terrain::Tundra; 3]);
    std::array::from_fn(|i| (terrains & (1 << i) != 0).then_some(ts[i]))
}

/// True when tile `h` may hold `animal`'s competition: its terrain is one
/// of `usable` and `animal` has a species there.
fn usable(s: &State, animal: Animal, usable: &[Option<Terrain>; 3], h: HexId) -> bool {
    let t = s.terrain(h);
    t.is_some() && usable.contains(&t) && s.earth.species(h, animal.index()) > 0
}

/// True when [`legal`] offers a victim (the decision is more than "done").
pub(crate) fn any_victim(s: &State, animal: Animal, space: Space, terrains: u8) -> bool {
    let ts = usable_terrains(space, terrains);
    occupied_tiles(s, animal).any(|h| {
        usable(s, animal, &ts, h)
            && Animal::ALL
                .into_iter()
                .any(|v| v != animal && s.earth.species(h, v.index()) > 0)
    })
}

/// True when `c` is among [`legal`]'s choices, without listing them.
pub(crate) fn is_legal(s: &State, animal: Animal, space: Space, terrains: u8, c: Choice) -> bool {
    match c {
        Choice::Done => true,
        Choice::Species {
            hex,
            animal: victim,
        } => board_id(hex).is_some_and(|h| {
            usable(s, animal, &usable_terrains(space, terrains), h)
                && victim != animal
                && s.earth.species(h, victim.index()) > 0
        }),
        _ => false,
    }
}

/// Resolves the arachnids' legal choice.
pub(crate) fn resolve_free(s: &mut State, c: Choice, ev: &mut Vec<Event>) {
    match c {
        Choice::Species { hex: h, animal } => {
            if let Some(h) = board_id(h) {
                s.eliminate(animal, h, 1, ev);
            }
        }
        Choice::Skip => s.forfeit(Animal::Arachnids, Section::Competition, ev),
        _ => {}
    }
}

/// Resolves a legal choice (Done changes nothing).
pub(crate) fn resolve(
    s: &mut State,
    animal: Animal,
    space: Space,
    terrains: u8,
    c: Choice,
    ev: &mut Vec<Event>,
) {
    if let Choice::Species {
        hex: h,
        animal: victim,
    } = c
    {
        if let Some(id) = board_id(h) {
            let t = s.terrain(id);
            let ts = space.competition_terrains().unwrap_or([Terrain::Tundra; 3]);
            let i = (0..3)
                .find(|&i| terrains & (1 << i) != 0 && Some(ts[i]) == t)
                .unwrap_or(0);
            s.eliminate(victim, id, 1, ev);
            let terrains = terrains & !(1 << i);
            if terrains != 0 {
                s.pending = Decision::Compete {
                    animal,
                    space,
                    terrains,
                };
            }
        }
    }
}

/// Why `c` is refused in the arachnids' free competition.
pub(crate) fn refusal_free(c: Choice) -> Refusal {
    match c {
        Choice::Species {
            animal: Animal::Arachnids,
            ..
        } => Refusal::new(RULE, "the arachnids cannot eliminate their own species"),
        _ => not_offered(
            RULE,
            "eliminate one opposing species on a tile the arachnids occupy, or forfeit",
        ),
    }
}

/// Why `c` is refused.
pub(crate) fn refusal(animal: Animal, space: Space, c: Choice) -> Refusal {
    match c {
        Choice::Species { animal: victim, .. } if victim == animal => {
            Refusal::new(RULE, "you cannot eliminate your own species")
        }
        _ => not_offered(
            RULE,
            format!(
                "eliminate one opposing species on a tile you occupy of a terrain of {space} not used yet, or stop with done"
            ),
        ),
    }
}
