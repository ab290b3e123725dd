//! Words for choices, events, rules and the pending decision: the game log
//! and the terminal need them, and players learning the game read them.

use crate::data::*;
use crate::state::*;
use eons_core::{Corner, Hex};
use eons_earth::grid;

fn tile_name(s: &State, h: Hex) -> String {
    match crate::query::board_id(h).and_then(|id| s.terrain(id)) {
        Some(t) => format!("{t} {h}"),
        None => format!("blank hex {h}"),
    }
}

fn corner_name(s: &State, c: Corner) -> String {
    let tiles: Vec<String> = match grid().corner_id(c) {
        Some(id) => s
            .earth
            .tiles_at(id)
            .filter_map(|h| s.terrain(h).map(|t| t.name().to_string()))
            .collect(),
        None => Vec::new(),
    };
    let elem = grid()
        .corner_id(c)
        .and_then(|id| s.earth.element(id))
        .and_then(|e| Element::from_index(e as usize));
    match elem {
        Some(e) => format!("{e} at {c} ({})", tiles.join("/")),
        None => format!("corner {c} ({})", tiles.join("/")),
    }
}

/// A short description of a choice in the current state.
pub fn choice_text(s: &State, c: Choice) -> String {
    use CardStep as C;
    match (s.pending, c) {
        (_, Choice::Place(sp)) => format!("place AP on {sp}"),
        (
            Pending::Initiative(_) | Pending::Adapt(_) | Pending::AbundanceElement(_),
            Choice::Skip,
        )
        | (
            Pending::Wasteland(_) | Pending::Depletion(_) | Pending::Glaciate { .. },
            Choice::Skip,
        )
        | (
            Pending::SpeciationCorner(..) | Pending::WanderStack(_) | Pending::Dominate(_),
            Choice::Skip,
        )
        | (Pending::InsectSpecies | Pending::CompeteFree, Choice::Skip) => {
            "forfeit the action".into()
        }
        (Pending::MammalSave, Choice::Skip) => "save no mammal".into(),
        (_, Choice::Skip) => "skip".into(),
        (_, Choice::Done) => "done".into(),
        (Pending::Adapt(_), Choice::Element(e)) => format!("take {e} onto your display"),
        (Pending::Regress { .. }, Choice::Element(e)) => format!("keep {e}"),
        (Pending::AbundanceElement(_), Choice::Element(e)) => format!("place {e} on earth"),
        (Pending::Wasteland(_), Choice::Element(e)) => {
            format!("return {e} from the Wasteland Box to the bag")
        }
        (Pending::WanderElement(..), Choice::Element(e)) => format!("place {e} on the new tile"),
        (Pending::Card(C::DiseaseLose { .. } | C::ImmigrantsChoice { .. }), Choice::Element(e)) => {
            format!("lose {e} from your display")
        }
        (Pending::Card(C::MetamorphosisGive { .. }), Choice::Element(e)) => format!("give up {e}"),
        (Pending::Card(C::MetamorphosisTake { .. }), Choice::Element(e)) => {
            format!("take {e} from the bag")
        }
        (_, Choice::Element(e)) => format!("{e} from the bag"),
        (Pending::Depletion(_), Choice::Corner(c)) => format!("remove {}", corner_name(s, c)),
        (Pending::SpeciationCorner(..), Choice::Corner(c)) => {
            format!("speciate at {}", corner_name(s, c))
        }
        (Pending::Card(C::BlightKeep { .. }), Choice::Corner(c)) => {
            format!("keep {}", corner_name(s, c))
        }
        (_, Choice::Corner(c)) => format!("put it on {}", corner_name(s, c)),
        (Pending::Glaciate { .. }, Choice::Tile(h)) => format!("glaciate {}", tile_name(s, h)),
        (Pending::WanderHex(..), Choice::Tile(h)) => format!("place the tile at {h}"),
        (Pending::Dominate(_), Choice::Tile(h)) => format!("score {}", tile_name(s, h)),
        (Pending::MammalSave, Choice::Tile(h)) => format!("save a mammal on {}", tile_name(s, h)),
        (Pending::InsectSpecies, Choice::Tile(h)) => {
            format!("add an insect to {}", tile_name(s, h))
        }
        (_, Choice::Tile(h)) => tile_name(s, h),
        (_, Choice::Stack(stack)) => {
            let t = s
                .stacks
                .get(stack.index())
                .and_then(|d| d.top())
                .map_or("empty".into(), |t| t.to_string());
            format!("take the face-up {t} tile from {stack}")
        }
        (Pending::SpeciationCount { corner, tile, .. }, Choice::Count(n)) => {
            let t = s
                .earth
                .tiles_at(corner)
                .nth(tile as usize)
                .map(|h| tile_name(s, grid().hex(h)))
                .unwrap_or_default();
            format!("{n} species on {t}")
        }
        (_, Choice::Count(n)) => format!("{n} species"),
        (_, Choice::Move { animal, from, to }) => {
            format!(
                "move {} from {} to {}",
                singular(animal),
                tile_name(s, from),
                tile_name(s, to)
            )
        }
        (Pending::Card(C::CatastropheSurvivor { .. }), Choice::Species { hex, animal }) => {
            format!("spare one {} on {}", singular(animal), tile_name(s, hex))
        }
        (Pending::Card(C::EvolutionReplace { .. }), Choice::Species { hex, animal }) => {
            format!("replace one {} on {}", singular(animal), tile_name(s, hex))
        }
        (_, Choice::Species { hex, animal }) => {
            format!(
                "eliminate one {} on {}",
                singular(animal),
                tile_name(s, hex)
            )
        }
        (_, Choice::Card(c)) => format!("take {c}"),
        (_, Choice::LoseAp) => "lose one AP".into(),
        (_, Choice::ThinOut) => "keep only one species on each tile".into(),
    }
}

fn singular(a: Animal) -> &'static str {
    a.name().trim_end_matches('s')
}

/// What the pending decision is, in words ("Mammals: choose a tile to score").
pub fn prompt(s: &State) -> String {
    use CardStep as C;
    let who = s
        .decider()
        .map_or("-".to_string(), |a| a.name().to_string());
    let what = match s.pending {
        Pending::None => return "no decision pending".into(),
        Pending::Plan(_) => "place an AP (Planning, p.9)".into(),
        Pending::Initiative(_) => {
            "Initiative (p.10): move forward one place and re-place this AP, or forfeit".into()
        }
        Pending::Adapt(_) => "Adaptation (p.10): take an element onto your display".into(),
        Pending::Regress { left, .. } => {
            format!("Regression (p.11): choose an element type to keep ({left} left)")
        }
        Pending::AbundanceElement(_) => "Abundance (p.11): choose an element".into(),
        Pending::AbundanceCorner(_, e) => format!("Abundance (p.11): choose a corner for {e}"),
        Pending::Wasteland(_) => "Wasteland (p.12): return one element of the box".into(),
        Pending::Depletion(_) => "Depletion (p.12): remove a matching element from earth".into(),
        Pending::Glaciate { card: false, .. } => "Glaciation (p.13): choose a tile".into(),
        Pending::Glaciate { card: true, .. } => "Ice Sheet: choose a tile to glaciate".into(),
        Pending::SpeciationCorner(_, e) => format!("Speciation (p.14): choose a {e} element"),
        Pending::SpeciationCount { .. } => "Speciation (p.14): how many species here".into(),
        Pending::InsectSpecies => "Speciation (p.14): the insects' free species".into(),
        Pending::WanderStack(_) => "Wanderlust (p.14): choose a face-up tile".into(),
        Pending::WanderHex(..) => "Wanderlust (p.14): choose a blank hex for it".into(),
        Pending::WanderElement(..) => "Wanderlust (p.14): an element for the new tile?".into(),
        Pending::WanderCorner(..) => "Wanderlust (p.14): choose a corner of the new tile".into(),
        Pending::WanderMove { .. } => {
            "Wanderlust (p.14): move adjacent species onto the new tile".into()
        }
        Pending::Migrate { left, .. } => format!("Migration (p.15): move a species ({left} left)"),
        Pending::CompeteFree => "Competition (p.15): the arachnids' free competition".into(),
        Pending::Compete { space, .. } => format!("Competition (p.15): {space}"),
        Pending::Dominate(_) => "Domination (p.16): choose a tile to score".into(),
        Pending::ChooseCard { .. } => "Domination (p.16): choose a Dominance card".into(),
        Pending::MammalSave => "Extinction (p.20): you may save one endangered mammal".into(),
        Pending::Card(step) => match step {
            C::AquaticElement { .. } => "Aquatic: choose an element type from the bag".into(),
            C::AquaticCorner { .. } => "Aquatic: choose a corner of a sea or wetland".into(),
            C::AquaticTile { .. } => "Aquatic: choose the sea or wetland for species".into(),
            C::AquaticCount { .. } => "Aquatic: how many species (up to 4)".into(),
            C::BiomassVictim { .. } => "Biomass: which species dies on this tile".into(),
            C::BlightTile { .. } => "Blight: choose a tile".into(),
            C::BlightKeep { .. } => "Blight: choose the one element to keep".into(),
            C::CatastropheTile { .. } => "Catastrophe: choose a tile".into(),
            C::CatastropheSurvivor { .. } => "Catastrophe: whose one species survives".into(),
            C::CatastropheAdjacent { .. } => "Catastrophe: one species dies here".into(),
            C::DiseaseLose { .. } => "Disease: lose one added element".into(),
            C::EvolutionReplace { .. } => "Evolution: replace an opposing species".into(),
            C::FecundityTile { .. } => "Fecundity: choose a tile for one more species".into(),
            C::FertileTile { .. } => "Fertile: choose a tile you occupy".into(),
            C::HabitatElement { .. } => "Habitat: choose an element type from the bag".into(),
            C::HabitatCorner { .. } => "Habitat: choose a vacant corner".into(),
            C::HibernationTile { .. } => "Hibernation: choose a tile".into(),
            C::HibernationCount { .. } => "Hibernation: how many (up to 5)".into(),
            C::ImmigrantsChoice { .. } => {
                "Immigrants: lose an element, lose an AP, or thin out".into()
            }
            C::InstinctSpace { .. } => "Instinct: place an AP on an empty space".into(),
            C::MassExodusTile { .. } => "Mass Exodus: choose a tile to empty".into(),
            C::MassExodusMove { .. } => "Mass Exodus: move every species off".into(),
            C::MetamorphosisGive { .. } => "Metamorphosis: choose an element to give up".into(),
            C::MetamorphosisTake { .. } => "Metamorphosis: choose an element from the bag".into(),
            C::PredatorVictim { .. } => "Predator: an opposing species dies here".into(),
        },
    };
    format!("{who}: {what}")
}

/// A sentence for an event.
pub fn event_text(e: &Event) -> String {
    match *e {
        Event::TurnBegan { turn } => format!("— Turn {turn} —"),
        Event::PhaseBegan { phase } => format!("{phase:?} Phase"),
        Event::ApPlaced { animal, space } => format!("{animal} place an AP on {space}"),
        Event::ActionBegan { animal, space } => format!("{animal} act on {space}"),
        Event::Forfeited { animal, section } => {
            format!("{animal} forfeit their {} action", section.name())
        }
        Event::InitiativeSwapped { animal, passed } => {
            format!("{animal} move ahead of {passed} in initiative")
        }
        Event::ElementToDisplay { animal, element } => format!("{animal} gain {element}"),
        Event::ElementFromDisplay { animal, element } => {
            format!("{animal} lose {element} (back to the bag)")
        }
        Event::ElementToEarth { element, corner } => format!("{element} placed on {corner}"),
        Event::ElementFromEarth { element, corner } => {
            format!("{element} on {corner} returns to the bag")
        }
        Event::ElementFromBox { element, section } => {
            format!("{element} leaves the {} Box", section.name())
        }
        Event::SpeciesAdded { animal, hex, count } => format!("{count} {animal} added to {hex}"),
        Event::SpeciesEliminated { animal, hex, count } => {
            format!("{count} {animal} eliminated on {hex}")
        }
        Event::SpeciesToGenePool { animal, hex, count } => {
            format!("{count} {animal} from {hex} return to the gene pool")
        }
        Event::SpeciesMoved { animal, from, to } => format!("one {animal} moves {from} → {to}"),
        Event::SpeciesSaved { animal, hex } => format!("{animal} save one species on {hex}"),
        Event::TilePlaced { hex, terrain } => format!("a {terrain} tile is placed at {hex}"),
        Event::Glaciated { hex } => format!("{hex} becomes tundra"),
        Event::VpGained { animal, vp, reason } => {
            let why = match reason {
                VpReason::Tile(h, p) => format!("place {p} on {h}"),
                VpReason::Final(h, p) => format!("final scoring, place {p} on {h}"),
                VpReason::Glaciation => "Glaciation bonus".into(),
                VpReason::Wanderlust => "Wanderlust bonus".into(),
                VpReason::Survival => "the Survival card".into(),
                VpReason::Card(c) => c.name().into(),
            };
            format!("{animal} +{vp} VP ({why})")
        }
        Event::VpLost { animal, vp, card } => format!("{animal} −{vp} VP ({card})"),
        Event::CardTaken { animal, card } => format!("{animal} take {card}"),
        Event::CardDealt { card } => format!("{card} is dealt face up"),
        Event::ApGained { animal } => format!("{animal} gain an AP"),
        Event::ApLost { animal } => format!("{animal} lose an AP"),
        Event::SurvivalCard { holder } => match holder {
            Some(a) => format!("{a} now hold the Survival card"),
            None => "nobody holds the Survival card".into(),
        },
        Event::GameEnded => "The game is over".into(),
    }
}
