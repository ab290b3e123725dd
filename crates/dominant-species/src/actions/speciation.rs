//! Speciation (p.14): choose an element of the space's type on earth and
//! add species from the gene pool to each tile touching it, up to the
//! terrain's limit; then the insects' free species on any tile.

use crate::data::{speciation_limit, Animal, Element, Terrain};
use crate::offer::not_offered;
use crate::offer::offer_all;
use crate::offer::only_unless;
use crate::offer::Forced;
use crate::offer::QuickAnswers;
use crate::queries::{board_id, corner, hex};
use crate::space::{Section, Space};
use crate::state::{Choice, Decision, Event, State, Step};
use crate::texts::add_count;
use crate::texts::place_in;
use crate::texts::{corner_label, hex_label, place_of};
use crate::DominantSpecies;
use eons_core::DecisionModule;
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
fn legal_corner(s: &State, a: Animal, e: Element, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    if s.animals[a.index()].gene_pool > 0
        && offer_all(
            s.earth
                .corners_with(e.index() as u8)
                .map(|c| Choice::Corner(corner(c))),
            offer,
        )
    {
        return true;
    }
    if offer(Choice::Skip) {
        return true;
    }
    false
}

/// True when [`legal_corner`] offers a corner (the decision is more than
/// "skip").
fn any_corner(s: &State, a: Animal, e: Element) -> bool {
    s.animals[a.index()].gene_pool > 0 && s.earth.element_mask(e.index() as u8) != 0
}

/// True when `c` is among [`legal_corner`]'s choices, without listing them.
fn is_legal_corner(s: &State, a: Animal, e: Element, c: Choice) -> bool {
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
fn legal_count(
    s: &State,
    animal: Animal,
    at: CornerId,
    tile: u8,
    offer: &mut impl FnMut(Choice) -> bool,
) -> bool {
    if let Some(h) = s.earth.tiles_at(at).nth(tile as usize) {
        let t = s.terrain(h).unwrap_or(Terrain::Tundra);
        let max = speciation_limit(t).min(s.animals[animal.index()].gene_pool);
        if offer_all((0..=max).map(Choice::Count), offer) {
            return true;
        }
    }
    false
}

/// True when [`legal_count`] offers anything: the `tile`-th tile touching
/// `at` exists (its list then starts with none, a real choice).
fn has_count(s: &State, at: CornerId, tile: u8) -> bool {
    s.earth.tiles_at(at).nth(tile as usize).is_some()
}

/// True when `c` is among [`legal_count`]'s choices, without listing them.
fn is_legal_count(s: &State, animal: Animal, at: CornerId, tile: u8, c: Choice) -> bool {
    match (c, s.earth.tiles_at(at).nth(tile as usize)) {
        (Choice::Count(n), Some(h)) => {
            let t = s.terrain(h).unwrap_or(Terrain::Tundra);
            n <= speciation_limit(t).min(s.animals[animal.index()].gene_pool)
        }
        _ => false,
    }
}

/// Any tile for the insects' free species, or forfeit.
fn legal_insects(s: &State, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    if offer_all(s.tile_ids().map(|h| Choice::Tile(hex(h))), offer) {
        return true;
    }
    if offer(Choice::Skip) {
        return true;
    }
    false
}

/// Resolves a legal choice of element.
fn resolve_corner(s: &mut State, a: Animal, c: Choice, ev: &mut Vec<Event>) {
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
fn resolve_count(
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
fn resolve_insects(s: &mut State, c: Choice, ev: &mut Vec<Event>) {
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
fn refusal_corner(s: &State, a: Animal, e: Element, c: Choice) -> Refusal {
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
fn refusal_count(s: &State, animal: Animal, at: CornerId, tile: u8) -> Refusal {
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
fn refusal_insects(c: Choice) -> Refusal {
    match c {
        Choice::Tile(h) => Refusal::new(RULE, format!("{} is not a tile of earth", hex_label(h))),
        _ => not_offered(
            RULE,
            "choose any tile for the insects' free species, or forfeit",
        ),
    }
}

/// Speciation as a decision module: [`Decision::SpeciationCorner`] (the
/// element), [`Decision::SpeciationCount`] (how many species on each tile
/// touching it) and [`Decision::InsectSpecies`] (the insects' free
/// species).
pub(crate) struct Speciation;

impl DecisionModule<DominantSpecies> for Speciation {
    type Decision = Decision;

    fn rule(d: Decision) -> &'static str {
        match d {
            Decision::SpeciationCount { .. } => {
                "Speciation (p.14): choose how many species to add to the tile"
            }
            Decision::InsectSpecies => {
                "Speciation (p.14): choose any tile for the insects' free species, or forfeit"
            }
            _ => "Speciation (p.14): choose an element of the space's type on earth, or forfeit",
        }
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, d: Decision, offer: &mut F) -> bool {
        match d {
            Decision::SpeciationCorner(a, e) => legal_corner(s, a, e, offer),
            Decision::SpeciationCount {
                animal,
                corner,
                tile,
            } => legal_count(s, animal, corner, tile, offer),
            Decision::InsectSpecies => legal_insects(s, offer),
            _ => false,
        }
    }

    /// The element and the count are answered without listing.
    fn is_legal(s: &State, d: Decision, c: Choice) -> bool {
        match d {
            Decision::SpeciationCorner(a, e) => is_legal_corner(s, a, e, c),
            Decision::SpeciationCount {
                animal,
                corner,
                tile,
            } => is_legal_count(s, animal, corner, tile, c),
            _ => Self::legal(s, d, &mut |offered| offered == c),
        }
    }

    fn apply(s: &mut State, d: Decision, c: Choice, ev: &mut Vec<Event>) {
        match d {
            Decision::SpeciationCorner(a, _) => resolve_corner(s, a, c, ev),
            Decision::SpeciationCount {
                animal,
                corner,
                tile,
            } => resolve_count(s, animal, corner, tile, c, ev),
            Decision::InsectSpecies => resolve_insects(s, c, ev),
            _ => {}
        }
    }

    fn refusal(s: &State, d: Decision, c: Choice) -> Refusal {
        match d {
            Decision::SpeciationCorner(a, e) => refusal_corner(s, a, e, c),
            Decision::SpeciationCount {
                animal,
                corner,
                tile,
            } => refusal_count(s, animal, corner, tile),
            _ => refusal_insects(c),
        }
    }

    fn text(s: &State, d: Decision, c: Choice) -> Option<String> {
        match (d, c) {
            (Decision::SpeciationCorner(..) | Decision::InsectSpecies, Choice::Skip) => {
                Some("forfeit the action".into())
            }
            (Decision::SpeciationCorner(_, e), Choice::Corner(c)) => Some(format!(
                "speciate around the {e} element on {}",
                corner_label(c)
            )),
            (Decision::InsectSpecies, Choice::Tile(h)) => {
                Some(format!("add an insect species to {}", place_in(s, h)))
            }
            (Decision::SpeciationCount { corner, tile, .. }, Choice::Count(n)) => {
                let at = s
                    .earth
                    .tiles_at(corner)
                    .nth(tile as usize)
                    .map(|h| place_of(s, h))
                    .unwrap_or_else(|| "the tile".into());
                Some(add_count(n, &at))
            }
            _ => None,
        }
    }
}

impl QuickAnswers for Speciation {
    /// The element: forced to forfeit when none can be chosen; the count:
    /// nothing to decide past the last tile touching the corner.
    fn forced(s: &State, d: Decision) -> Option<Forced> {
        match d {
            Decision::SpeciationCorner(a, e) => only_unless(any_corner(s, a, e), Choice::Skip),
            Decision::SpeciationCount { corner, tile, .. } => {
                Some((!has_count(s, corner, tile)).then_some(None))
            }
            _ => None,
        }
    }
}
