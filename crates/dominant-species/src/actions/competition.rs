//! Competition (p.15): on tiles of the space's three terrains, one per
//! terrain, eliminate one opposing species where you have a species; then
//! the arachnids' free competition on one tile of any terrain.

use crate::data::{Animal, Terrain};
use crate::offer::only_unless;
use crate::offer::Forced;
use crate::offer::QuickAnswers;
use crate::offer::{not_offered, offer_victims};
use crate::queries::board_id;
use crate::space::{Section, Space};
use crate::state::{Choice, Decision, Event, State, Step};
use crate::DominantSpecies;
use eons_core::DecisionModule;
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
fn legal_free(s: &State, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    let a = Animal::Arachnids;
    for h in occupied_tiles(s, a) {
        if offer_victims(s, h, a, offer) {
            return true;
        }
    }
    if offer(Choice::Skip) {
        return true;
    }
    false
}

/// Victims on occupied tiles of a terrain still usable, or done.
fn legal(
    s: &State,
    animal: Animal,
    space: Space,
    terrains: u8,
    offer: &mut impl FnMut(Choice) -> bool,
) -> bool {
    let ts = usable_terrains(space, terrains);
    for h in occupied_tiles(s, animal) {
        if usable(s, animal, &ts, h) && offer_victims(s, h, animal, offer) {
            return true;
        }
    }
    if offer(Choice::Done) {
        return true;
    }
    false
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
fn any_victim(s: &State, animal: Animal, space: Space, terrains: u8) -> bool {
    let ts = usable_terrains(space, terrains);
    occupied_tiles(s, animal).any(|h| {
        usable(s, animal, &ts, h)
            && Animal::ALL
                .into_iter()
                .any(|v| v != animal && s.earth.species(h, v.index()) > 0)
    })
}

/// True when `c` is among [`legal`]'s choices, without listing them.
fn is_legal(s: &State, animal: Animal, space: Space, terrains: u8, c: Choice) -> bool {
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
fn resolve_free(s: &mut State, c: Choice, ev: &mut Vec<Event>) {
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
fn resolve(
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
fn refusal_free(c: Choice) -> Refusal {
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
fn refusal(animal: Animal, space: Space, c: Choice) -> Refusal {
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

/// Competition as a decision module: [`Decision::Compete`] (one victim per
/// terrain, or done) and [`Decision::CompeteFree`] (the arachnids' free
/// competition).
pub(crate) struct Competition;

impl DecisionModule<DominantSpecies> for Competition {
    type Decision = Decision;

    fn rule(d: Decision) -> &'static str {
        match d {
            Decision::CompeteFree => {
                "Competition (p.15): eliminate one opposing species on a tile the arachnids occupy, or forfeit"
            }
            _ => "Competition (p.15): eliminate one opposing species on a tile you occupy of a terrain of the space not used yet, or stop with done",
        }
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, d: Decision, offer: &mut F) -> bool {
        match d {
            Decision::CompeteFree => legal_free(s, offer),
            Decision::Compete {
                animal,
                space,
                terrains,
            } => legal(s, animal, space, terrains, offer),
            _ => false,
        }
    }

    /// The action's competition is answered without listing.
    fn is_legal(s: &State, d: Decision, c: Choice) -> bool {
        match d {
            Decision::Compete {
                animal,
                space,
                terrains,
            } => is_legal(s, animal, space, terrains, c),
            _ => Self::legal(s, d, &mut |offered| offered == c),
        }
    }

    fn apply(s: &mut State, d: Decision, c: Choice, ev: &mut Vec<Event>) {
        match d {
            Decision::CompeteFree => resolve_free(s, c, ev),
            Decision::Compete {
                animal,
                space,
                terrains,
            } => resolve(s, animal, space, terrains, c, ev),
            _ => {}
        }
    }

    fn refusal(_: &State, d: Decision, c: Choice) -> Refusal {
        match d {
            Decision::Compete { animal, space, .. } => refusal(animal, space, c),
            _ => refusal_free(c),
        }
    }

    fn text(_: &State, d: Decision, c: Choice) -> Option<String> {
        match (d, c) {
            (Decision::CompeteFree, Choice::Skip) => Some("forfeit the action".into()),
            (Decision::Compete { .. }, Choice::Done) => Some("end the competition".into()),
            _ => None,
        }
    }
}

impl QuickAnswers for Competition {
    /// The action's competition: forced to done when no victim is left.
    fn forced(s: &State, d: Decision) -> Option<Forced> {
        let Decision::Compete {
            animal,
            space,
            terrains,
        } = d
        else {
            return None;
        };
        only_unless(any_victim(s, animal, space, terrains), Choice::Done)
    }
}
