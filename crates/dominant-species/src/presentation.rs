//! How Dominant Species is shown at the table ([`eons_core::Presentation`]):
//! the board as lists the browser draws directly, the pieces on earth (for
//! marking what a move changed), the score sheet, the catalog with the
//! earth's places, and the rules in brief. Nothing here is a rule, and
//! nothing tells a reader more than the view it is given.

use crate::data::{board_hex, Animal, Element};
use crate::score_sheet::ScoreSheet;
use crate::state::{CardStep, Decision, VpCause};
use crate::{Choice, DominantSpecies, Event, State, Terrain, View};
use eons_core::{
    json_name, HexId, KeepsScore, PieceKind, Pieces, Place, PlaceKind, Presentation, RulesSummary,
    ScoreBreakdown, ScoreTally,
};
use eons_earth::places::{corner_label, hex_label, point_name};
use eons_earth::{grid, CornerLabel, Earth, HexLabel};
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::Value;

impl Presentation for DominantSpecies {
    const RENDERER: &'static str = "ds";
    const OTHER_NAMES: &'static [&'static str] = &["dominant-species", "dominant_species"];

    fn table_extras(view: &View) -> Option<Box<RawValue>> {
        serde_json::value::to_raw_value(&board(view)).ok()
    }

    fn board_pieces(view: &View) -> Vec<Pieces> {
        pieces(view)
    }

    fn choice_place(state: &State, choice: Choice) -> Option<Place> {
        choice_place(state, choice)
    }

    fn event_places(event: &Event) -> Vec<Place> {
        event_places(event)
    }

    fn score_sheet(start: &State) -> Option<Box<dyn ScoreTally<Self>>> {
        Some(Box::new(ScoreSheet::new(start)))
    }

    fn catalog() -> Option<Value> {
        Some(eons_earth::places::with_places(crate::catalog::catalog()))
    }

    fn rules() -> Option<&'static RulesSummary> {
        Some(crate::rulebook::summary())
    }
}

impl KeepsScore<DominantSpecies> for ScoreSheet {
    fn record(&mut self, event: &Event) {
        ScoreSheet::record(self, event);
    }
    fn breakdown(&self, state: &State) -> ScoreBreakdown {
        ScoreSheet::breakdown(self, state)
    }
}

/// The board sent beside a view (`ui` in a push). The labels of every corner
/// never change: the catalog carries them, not every move's push. Built as
/// plain structs and serialised straight to text: it goes into every push,
/// and a `Value` tree of it cost a loaded server more than the view itself.
#[derive(Serialize)]
struct Board {
    /// The board's hexes, tiled or not.
    hexes: Vec<HexOnBoard>,
    /// The element discs on corners.
    elements: Vec<ElementOnBoard>,
}

/// One hex of the board: `{q, r, label, terrain, species, dominant}`.
#[derive(Serialize)]
struct HexOnBoard {
    q: i8,
    r: i8,
    label: &'static str,
    /// The tile's terrain (None: no tile yet).
    terrain: Option<&'static str>,
    /// Species cubes per animal, in the animals' order.
    species: [u8; eons_earth::ANIMALS],
    /// The animal dominating the tile, if any.
    dominant: Option<&'static str>,
}

/// One element disc: `{q, r, point, label, element}` (the corner as the east
/// or west point of a hex).
#[derive(Serialize)]
struct ElementOnBoard {
    q: i8,
    r: i8,
    point: &'static str,
    label: &'static str,
    element: Option<&'static str>,
}

fn board(v: &View) -> Board {
    let g = grid();
    let hexes = g
        .hexes()
        .iter()
        .filter(|&&h| board_hex(h))
        .filter_map(|&h| {
            let id = Earth::<Terrain>::id(h)?;
            Some(HexOnBoard {
                q: h.q,
                r: h.r,
                label: hex_label(id),
                terrain: v.earth.tile(id).map(|t| t.name()),
                species: v.earth.species_on(id),
                dominant: v
                    .dominance
                    .iter()
                    .find(|(x, _)| *x == h)
                    .map(|(_, a)| a.name()),
            })
        })
        .collect();
    let elements = v
        .earth
        .elements()
        .map(|(c, e)| {
            let corner = g.corner(c);
            ElementOnBoard {
                q: corner.hex.q,
                r: corner.hex.r,
                point: point_name(corner.point),
                label: corner_label(c),
                element: Element::from_index(e as usize).map(|e| e.name()),
            }
        })
        .collect();
    Board { hexes, elements }
}

/// Tiles, species cubes and elements on earth.
fn pieces(v: &View) -> Vec<Pieces> {
    let mut out = Vec::new();
    for &h in grid().hexes() {
        if !board_hex(h) {
            continue;
        }
        let Some(id) = Earth::<Terrain>::id(h) else {
            continue;
        };
        let place = HexLabel::of(id).to_string();
        if let Some(t) = v.earth.tile(id) {
            out.push(Pieces {
                place: place.clone(),
                piece: PieceKind::Tile,
                owner: json_name(&t),
                count: 1,
            });
        }
        for (i, n) in v.earth.species_on(id).into_iter().enumerate() {
            if let (Some(animal), true) = (Animal::from_index(i), n > 0) {
                out.push(Pieces {
                    place: place.clone(),
                    piece: PieceKind::Species,
                    owner: json_name(&animal),
                    count: u32::from(n),
                });
            }
        }
    }
    for (corner, e) in v.earth.elements() {
        out.push(Pieces {
            place: CornerLabel::of(corner).to_string(),
            piece: PieceKind::Element,
            owner: Element::from_index(usize::from(e))
                .map(|e| json_name(&e))
                .unwrap_or_default(),
            count: 1,
        });
    }
    out
}

/// The place a choice is about ([`Presentation::choice_place`]).
fn choice_place(s: &State, c: Choice) -> Option<Place> {
    let hex = |id: HexId| Some(Place::new(PlaceKind::Hex, hex_label(id)));
    match c {
        Choice::Tile(h) | Choice::Species { hex: h, .. } | Choice::Move { to: h, .. } => {
            hex(crate::queries::board_id(h)?)
        }
        Choice::Corner(c) => Some(Place::new(
            PlaceKind::Corner,
            corner_label(grid().corner_id(c)?),
        )),
        Choice::Place(space) => Some(Place::new(PlaceKind::Space, space.to_string())),
        // A count of species goes to the tile its step is about.
        Choice::Count(_) => match s.pending {
            Decision::SpeciationCount { corner, tile, .. } => {
                hex(s.earth.tiles_at(corner).nth(usize::from(tile))?)
            }
            Decision::Card(CardStep::AquaticCount { hex: h, .. })
            | Decision::Card(CardStep::HibernationCount { hex: h, .. }) => hex(h),
            _ => None,
        },
        Choice::Skip
        | Choice::Done
        | Choice::Element(_)
        | Choice::Stack(_)
        | Choice::Card(_)
        | Choice::LoseAp
        | Choice::ThinOut => None,
    }
}

/// The places an event's text names (`texts::event_text`), in its order:
/// the hexes species and tiles come to, leave or score on, and the corners
/// elements come to or leave.
fn event_places(e: &Event) -> Vec<Place> {
    let hex = |h| crate::queries::board_id(h).map(|id| Place::new(PlaceKind::Hex, hex_label(id)));
    let corner = |c| {
        grid()
            .corner_id(c)
            .map(|id| Place::new(PlaceKind::Corner, corner_label(id)))
    };
    match *e {
        Event::ElementToEarth { corner: c, .. } | Event::ElementFromEarth { corner: c, .. } => {
            corner(c).into_iter().collect()
        }
        Event::SpeciesAdded { hex: h, .. }
        | Event::SpeciesEliminated { hex: h, .. }
        | Event::SpeciesToGenePool { hex: h, .. }
        | Event::SpeciesSaved { hex: h, .. }
        | Event::TilePlaced { hex: h, .. }
        | Event::Glaciated { hex: h, .. }
        | Event::VpGained {
            reason: VpCause::Tile(h, ..) | VpCause::Final(h, ..),
            ..
        } => hex(h).into_iter().collect(),
        Event::SpeciesMoved { from, to, .. } => hex(from).into_iter().chain(hex(to)).collect(),
        Event::TurnBegan { .. }
        | Event::PhaseBegan { .. }
        | Event::ApPlaced { .. }
        | Event::ActionBegan { .. }
        | Event::Forfeited { .. }
        | Event::InitiativeSwapped { .. }
        | Event::ElementToDisplay { .. }
        | Event::ElementFromDisplay { .. }
        | Event::ElementFromBox { .. }
        | Event::VpGained { .. }
        | Event::VpLost { .. }
        | Event::CardTaken { .. }
        | Event::CardDealt { .. }
        | Event::ApGained { .. }
        | Event::ApLost { .. }
        | Event::SurvivalCard { .. }
        | Event::GameEnded => Vec::new(),
    }
}
