//! Speciation (p.14): choose an element of the space's type on earth and
//! add species from the gene pool to each tile touching it, up to the
//! terrain's limit; then the insects' free species on any tile.

use crate::data::{speciation_limit, Animal, Element, Terrain};
use crate::offer::not_offered;
use crate::queries::{board_id, corner, hex};
use crate::space::{Section, Space};
use crate::state::{Choice, Decision, Event, State, Step};
use crate::texts::{corner_label, hex_label, place_of};
use eons_core::{CornerId, Refusal};
use eons_earth::grid;

/// The rule this action's refusals name.
pub(crate) const RULE: &str = "Speciation (p.14)";

/// The decision the action on `space` starts with.
pub(crate) fn start(a: Animal, space: Space) -> Decision {
    Decision::SpeciationCorner(a, space.speciation_element().unwrap_or(Element::Meat))
}

/// The insects' free species, after the Speciation section.
pub(crate) fn insects_step(s: &mut State) {
    s.step = Step::Space(Space(20));
    if s.in_play(Animal::Insects) && s.animals[Animal::Insects.index()].gene_pool > 0 {
        s.pending = Decision::InsectSpecies;
    }
}

/// Every element of type `e` on earth while the gene pool has cubes, or forfeit.
pub(crate) fn legal_corner(s: &State, a: Animal, e: Element, out: &mut Vec<Choice>) {
    if s.animals[a.index()].gene_pool > 0 {
        out.extend(
            s.earth
                .corners_with(e.index() as u8)
                .map(|c| Choice::Corner(corner(c))),
        );
    }
    out.push(Choice::Skip);
}

/// True when [`legal_corner`] offers a corner (the decision is more than
/// "skip").
pub(crate) fn any_corner(s: &State, a: Animal, e: Element) -> bool {
    s.animals[a.index()].gene_pool > 0 && s.earth.element_mask(e.index() as u8) != 0
}

/// True when `c` is among [`legal_corner`]'s choices, without listing them.
pub(crate) fn is_legal_corner(s: &State, a: Animal, e: Element, c: Choice) -> bool {
    match c {
        Choice::Skip => true,
        Choice::Corner(c) => {
            s.animals[a.index()].gene_pool > 0
                && grid()
                    .corner_id(c)
                    .and_then(|id| s.earth.element(id))
                    .is_some_and(|x| x as usize == e.index())
        }
        _ => false,
    }
}

/// From none up to the limit of the `tile`-th tile touching `at`.
pub(crate) fn legal_count(
    s: &State,
    animal: Animal,
    at: CornerId,
    tile: u8,
    out: &mut Vec<Choice>,
) {
    if let Some(h) = s.earth.tiles_at(at).nth(tile as usize) {
        let t = s.terrain(h).unwrap_or(Terrain::Tundra);
        let max = speciation_limit(t).min(s.animals[animal.index()].gene_pool);
        out.extend((0..=max).map(Choice::Count));
    }
}

/// True when [`legal_count`] offers anything: the `tile`-th tile touching
/// `at` exists (its list then starts with none, a real choice).
pub(crate) fn has_count(s: &State, at: CornerId, tile: u8) -> bool {
    s.earth.tiles_at(at).nth(tile as usize).is_some()
}

/// True when `c` is among [`legal_count`]'s choices, without listing them.
pub(crate) fn is_legal_count(s: &State, animal: Animal, at: CornerId, tile: u8, c: Choice) -> bool {
    match (c, s.earth.tiles_at(at).nth(tile as usize)) {
        (Choice::Count(n), Some(h)) => {
            let t = s.terrain(h).unwrap_or(Terrain::Tundra);
            n <= speciation_limit(t).min(s.animals[animal.index()].gene_pool)
        }
        _ => false,
    }
}

/// Any tile for the insects' free species, or forfeit.
pub(crate) fn legal_insects(s: &State, out: &mut Vec<Choice>) {
    out.extend(s.tile_ids().map(|h| Choice::Tile(hex(h))));
    out.push(Choice::Skip);
}

/// Resolves a legal choice of element.
pub(crate) fn resolve_corner(s: &mut State, a: Animal, c: Choice, ev: &mut Vec<Event>) {
    match c {
        Choice::Corner(c) => {
            if let Some(c) = grid().corner_id(c) {
                s.pending = Decision::SpeciationCount {
                    animal: a,
                    corner: c,
                    tile: 0,
                };
            }
        }
        Choice::Skip => s.forfeit(a, Section::Speciation, ev),
        _ => {}
    }
}

/// Resolves a legal count for the `tile`-th tile touching `at`.
pub(crate) fn resolve_count(
    s: &mut State,
    animal: Animal,
    at: CornerId,
    tile: u8,
    c: Choice,
    ev: &mut Vec<Event>,
) {
    if let Choice::Count(n) = c {
        let h = s.earth.tiles_at(at).nth(tile as usize);
        if let Some(h) = h {
            s.add_species(animal, h, n, ev);
        }
        let more = s.earth.tiles_at(at).count() > tile as usize + 1;
        if more && s.animals[animal.index()].gene_pool > 0 {
            s.pending = Decision::SpeciationCount {
                animal,
                corner: at,
                tile: tile + 1,
            };
        }
    }
}

/// Resolves the insects' legal choice.
pub(crate) fn resolve_insects(s: &mut State, c: Choice, ev: &mut Vec<Event>) {
    match c {
        Choice::Tile(h) => {
            if let Some(h) = board_id(h) {
                s.add_species(Animal::Insects, h, 1, ev);
            }
        }
        Choice::Skip => s.forfeit(Animal::Insects, Section::Speciation, ev),
        _ => {}
    }
}

/// Why `c` is refused while the element is chosen.
pub(crate) fn refusal_corner(s: &State, a: Animal, e: Element, c: Choice) -> Refusal {
    match c {
        Choice::Corner(_) if s.animals[a.index()].gene_pool == 0 => {
            Refusal::new(RULE, "your gene pool is empty")
        }
        Choice::Corner(c) => {
            Refusal::new(RULE, format!("{} holds no {e} element", corner_label(c)))
        }
        _ => not_offered(RULE, format!("choose a {e} element on earth, or forfeit")),
    }
}

/// Why `c` is refused while a count is chosen.
pub(crate) fn refusal_count(s: &State, animal: Animal, at: CornerId, tile: u8) -> Refusal {
    let here = s.earth.tiles_at(at).nth(tile as usize);
    let limit = here
        .map(|h| {
            let t = s.terrain(h).unwrap_or(Terrain::Tundra);
            speciation_limit(t).min(s.animals[animal.index()].gene_pool)
        })
        .unwrap_or(0);
    let place = here.map_or_else(|| "the chosen tile".to_string(), |h| place_of(s, h));
    not_offered(
        RULE,
        format!("choose how many species to add to {place}, from 0 to {limit}"),
    )
}

/// Why `c` is refused for the insects' free species.
pub(crate) fn refusal_insects(c: Choice) -> Refusal {
    match c {
        Choice::Tile(h) => Refusal::new(RULE, format!("{} is not a tile of earth", hex_label(h))),
        _ => not_offered(
            RULE,
            "choose any tile for the insects' free species, or forfeit",
        ),
    }
}
