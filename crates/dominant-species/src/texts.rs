//! Words for choices, events, rules and the pending decision: the game log
//! and the terminal need them, and players learning the game read them.
//!
//! Every text follows `docs/texts.md`: a hex reads by the label printed on
//! the board's edges, with its terrain after it when it holds a tile ("D7
//! desert", [`eons_earth::HexLabel`]); a corner reads as the hexes that meet
//! there ("D7/E6/E8", [`eons_earth::CornerLabel`]); an animal reads by its
//! name ("Birds"); an event is a sentence and a choice an imperative in
//! lower case; numbers agree with their nouns. An event carries everything
//! it names, so [`event_text`] reads no state.

use crate::data::*;
use crate::state::*;
use eons_core::{Corner, Hex, HexId};
use eons_earth::{grid, CornerLabel, HexLabel};

/// The label of a hex ("D7"), or words for a hex off the earth grid (only a
/// malformed choice names one).
pub fn hex_label(h: Hex) -> String {
    match grid().id(h) {
        Some(id) => HexLabel::of(id).to_string(),
        None => "a hex off the board".into(),
    }
}

/// A hex as the board shows it: its label, then the terrain of its tile
/// ("D7 desert"), or the label alone for a blank hex ("C4").
pub fn place(h: Hex, terrain: Option<Terrain>) -> String {
    match terrain {
        Some(t) => format!("{} {t}", hex_label(h)),
        None => hex_label(h),
    }
}

/// A hex of `s` as the board shows it now ("D7 desert").
pub fn place_in(s: &State, h: Hex) -> String {
    place(h, crate::queries::board_id(h).and_then(|id| s.terrain(id)))
}

/// A hex of `s` by its grid id, as the board shows it now ("D7 desert").
pub fn place_of(s: &State, id: HexId) -> String {
    place(grid().hex(id), s.terrain(id))
}

/// The label of a corner ("D7/E6/E8", or "A4 west" on the rim), or words
/// for a corner off the earth grid (only a malformed choice names one).
pub fn corner_label(c: Corner) -> String {
    match grid().corner_id(c) {
        Some(id) => CornerLabel::of(id).to_string(),
        None => "a corner off the board".into(),
    }
}

/// The words of losing an added element (Disease, Immigrants): "lose an
/// ocean element from your display".
pub(crate) fn lose_added_element(e: Element) -> String {
    format!("lose {} element from your display", with_article(e.name()))
}

/// "a" or "an", as the sound of `word` asks.
pub fn article(word: &str) -> &'static str {
    match word.chars().next() {
        Some(c) if "aeiouAEIOU".contains(c) => "an",
        _ => "a",
    }
}

/// `word` with "a" or "an" before it ("an insect", "a desert tile").
pub fn with_article(word: &str) -> String {
    format!("{} {word}", article(word))
}

/// "1 species" and "2 species"; any other noun takes an "s" after a number
/// other than 1 ("1 element", "3 elements").
pub fn count(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    if n == 1 || noun.ends_with("species") {
        format!("{n} {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// One species of the animal, without article ("bird", "insect").
pub fn singular(a: Animal) -> &'static str {
    a.name().trim_end_matches('s')
}

/// The ordinal of a scoring place ("first" … "fourth").
pub(crate) fn ordinal(place: u8) -> String {
    match place {
        1 => "first".into(),
        2 => "second".into(),
        3 => "third".into(),
        4 => "fourth".into(),
        n => format!("place {n}"),
    }
}

/// The terrain of the tile on top of a Wanderlust stack, if face up.
pub(crate) fn stack_top(s: &State, stack: Stack) -> Option<Terrain> {
    s.stacks
        .get(stack.index())
        .filter(|_| s.face_up.get(stack.index()).copied().unwrap_or(false))
        .and_then(|d| d.top())
        .copied()
}

/// "tundra, jungle or wetland": a list of words joined as a sentence joins them.
fn either(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// The terrains of a Competition space still usable (bit per terrain).
fn competition_terrains(space: crate::space::Space, usable: u8) -> String {
    let ts = space.competition_terrains().unwrap_or([Terrain::Tundra; 3]);
    let names: Vec<String> = (0..3)
        .filter(|i| usable & (1 << i) != 0)
        .map(|i| ts[i].to_string())
        .collect();
    either(&names)
}

/// The general wording of a choice, as its button reads: an imperative in
/// lower case ("place an AP on Migration 7", "choose D7 desert").
/// [`State::choice_text`] asks the pending decision's module for its own
/// words first ("forfeit the action", "add 2 species to D7 desert") and
/// falls back on these.
pub fn general_choice_text(s: &State, c: Choice) -> String {
    match c {
        Choice::Place(sp) => format!("place an AP on {sp}"),
        Choice::Skip => "skip this step".into(),
        Choice::Done => "finish this step".into(),
        Choice::Element(e) => format!("take {} element from the bag", with_article(e.name())),
        Choice::Corner(c) => format!("choose {}", corner_label(c)),
        Choice::Tile(h) => format!("choose {}", place_in(s, h)),
        Choice::Stack(stack) => match stack_top(s, stack) {
            Some(t) => format!("take the face-up {t} tile from {stack}"),
            None => format!("take the top tile of {stack}"),
        },
        Choice::Count(n) => format!("choose {}", count(n, "species")),
        Choice::Move { animal, from, to } => format!(
            "move {} from {} to {}",
            with_article(singular(animal)),
            place_in(s, from),
            place_in(s, to)
        ),
        Choice::Species { hex, animal } => format!(
            "eliminate {} on {}",
            with_article(singular(animal)),
            place_in(s, hex)
        ),
        Choice::Card(c) => format!("take the {c} card"),
        Choice::LoseAp => "lose an AP".into(),
        Choice::ThinOut => "keep only one species on each tile".into(),
    }
}

/// "add 2 species to D7 desert", or "add no species to D7 desert".
pub(crate) fn add_count(n: u8, at: &str) -> String {
    match n {
        0 => format!("add no species to {at}"),
        n => format!("add {} to {at}", count(n, "species")),
    }
}

/// The element on a corner of `s` ("sun"), or "no" when it holds none.
pub(crate) fn element_at(s: &State, c: Corner) -> &'static str {
    grid()
        .corner_id(c)
        .and_then(|id| s.earth.element(id))
        .and_then(|e| Element::from_index(e as usize))
        .map_or("no", Element::name)
}

/// What the seat to move is asked, with the rule and its page ("Birds:
/// place an AP on an empty eyeball space (Planning, p.9)").
pub fn prompt(s: &State) -> String {
    use CardStep as C;
    let Some(who) = s.decider() else {
        return "The game is over".into();
    };
    let what = match s.pending {
        Decision::None => return "The game is over".into(),
        Decision::Plan(_) => "place an AP on an empty eyeball space (Planning, p.9)".into(),
        Decision::Initiative(_) => {
            "move ahead one place on the initiative track and re-place this AP on an empty eyeball space, or forfeit (Initiative, p.10)"
                .into()
        }
        Decision::Adapt(_) => {
            "take an element of the Adaptation squares onto your display, or forfeit (Adaptation, p.10)"
                .into()
        }
        Decision::Regress { left, .. } => format!(
            "choose an element type to save from the Regression Box, {} left (Regression, p.11)",
            count(left, "save")
        ),
        Decision::AbundanceElement(_) => {
            "choose an element of the Abundance squares, or forfeit (Abundance, p.11)".into()
        }
        Decision::AbundanceCorner(_, e) => {
            format!("choose a vacant corner of earth for the {e} element (Abundance, p.11)")
        }
        Decision::Wasteland(_) => {
            "return an element of the Wasteland Box to the bag, or forfeit (Wasteland, p.12)".into()
        }
        Decision::Depletion(_) => {
            "remove an element of a type in the Depletion Box from earth, or forfeit (Depletion, p.12)"
                .into()
        }
        Decision::Glaciate { card: false, .. } => {
            "choose a tile next to tundra to glaciate, or forfeit (Glaciation, p.13)".into()
        }
        Decision::Glaciate { card: true, .. } => {
            "choose a tile next to tundra to glaciate (Ice Sheet, p.19)".into()
        }
        Decision::SpeciationCorner(_, e) => {
            format!("choose a {e} element on earth to speciate around, or forfeit (Speciation, p.14)")
        }
        Decision::SpeciationCount { corner, tile, .. } => {
            let at = s
                .earth
                .tiles_at(corner)
                .nth(tile as usize)
                .map(|h| place_of(s, h))
                .unwrap_or_else(|| "the tile".into());
            format!("choose how many species to add to {at} (Speciation, p.14)")
        }
        Decision::InsectSpecies => {
            "add your free species to a tile, or forfeit (Speciation, p.14)".into()
        }
        Decision::WanderStack(_) => {
            "choose a face-up tile of the Wanderlust stacks, or forfeit (Wanderlust, p.14)".into()
        }
        Decision::WanderHex(_, stack) => {
            let tile = stack_top(s, stack).map_or("tile".to_string(), |t| format!("{t} tile"));
            format!("choose a blank hex next to earth for the {tile} (Wanderlust, p.14)")
        }
        Decision::WanderElement(_, h) => format!(
            "choose an element of the Wanderlust squares for a corner of {}, or none (Wanderlust, p.14)",
            place_of(s, h)
        ),
        Decision::WanderCorner(_, h, e) => format!(
            "choose a vacant corner of {} for the {e} element (Wanderlust, p.14)",
            place_of(s, h)
        ),
        Decision::WanderMove { hex, .. } => format!(
            "move your species from adjacent tiles onto {}, or stop (Wanderlust, p.14)",
            place_of(s, hex)
        ),
        Decision::Migrate { left, .. } => {
            format!("move up to {left} more species (Migration, p.15)")
        }
        Decision::CompeteFree => {
            "eliminate an opposing species on a tile you occupy, or forfeit (the arachnids' free competition, p.15)"
                .into()
        }
        Decision::Compete {
            space, terrains, ..
        } => format!(
            "eliminate an opposing species on a {} tile you occupy, or stop (Competition, p.15)",
            competition_terrains(space, terrains)
        ),
        Decision::Dominate(_) => "choose a tile to score, or forfeit (Domination, p.16)".into(),
        Decision::ChooseCard { .. } => {
            "take one of the face-up Dominance cards (Domination, p.16)".into()
        }
        Decision::MammalSave => {
            "you may save one endangered mammal from extinction (Extinction, p.20)".into()
        }
        Decision::Card(step) => match step {
            C::AquaticElement { .. } => {
                "choose an element type from the bag (Aquatic, p.18)".into()
            }
            C::AquaticCorner { element, .. } => format!(
                "choose a vacant corner of a sea or wetland for the {element} element (Aquatic, p.18)"
            ),
            C::AquaticTile { .. } => {
                "choose the sea or wetland for your species, or add none (Aquatic, p.18)".into()
            }
            C::AquaticCount { hex, .. } => format!(
                "choose how many species to add to {}, up to 4 (Aquatic, p.18)",
                place_of(s, hex)
            ),
            C::BiomassVictim { tiles, .. } => format!(
                "choose which species dies on {}, an overcrowded tile (Biomass, p.18)",
                next_tile(s, tiles)
            ),
            C::BlightTile { .. } => {
                "choose a tile with two or more elements (Blight, p.18)".into()
            }
            C::BlightKeep { hex, .. } => format!(
                "choose the one element of {} to keep (Blight, p.18)",
                place_of(s, hex)
            ),
            C::CatastropheTile { .. } => "choose a tile (Catastrophe, p.18)".into(),
            C::CatastropheSurvivor { hex, .. } => format!(
                "choose the one species that survives on {} (Catastrophe, p.18)",
                place_of(s, hex)
            ),
            C::CatastropheAdjacent { tiles, .. } => format!(
                "choose which species dies on {}, an adjacent tile (Catastrophe, p.18)",
                next_tile(s, tiles)
            ),
            C::DiseaseLose { .. } => {
                "lose one of your added elements (Disease, p.18)".into()
            }
            C::EvolutionReplace { .. } => {
                "replace a species of an opposing animal with yours, or stop (Evolution, p.18)"
                    .into()
            }
            C::FecundityTile { .. } => {
                "choose a tile you occupy for one more species (Fecundity, p.18)".into()
            }
            C::FertileTile { .. } => "choose a tile you occupy (Fertile, p.18)".into(),
            C::HabitatElement { .. } => {
                "choose an element type from the bag (Habitat, p.19)".into()
            }
            C::HabitatCorner { element, .. } => format!(
                "choose a vacant corner of earth for the {element} element (Habitat, p.19)"
            ),
            C::HibernationTile { .. } => {
                "choose a tile for your eliminated species, or none (Hibernation, p.19)".into()
            }
            C::HibernationCount { hex, .. } => format!(
                "choose how many eliminated species return to {}, up to 5 (Hibernation, p.19)",
                place_of(s, hex)
            ),
            C::ImmigrantsChoice { .. } => {
                "lose an element, lose an AP, or keep only one species on each tile (Immigrants, p.19)"
                    .into()
            }
            C::InstinctSpace { .. } => {
                "place an AP on an empty eyeball space (Instinct, p.19)".into()
            }
            C::MassExodusTile { .. } => {
                "choose a tile to empty (Mass Exodus, p.19)".into()
            }
            C::MassExodusMove { hex, .. } => format!(
                "move every species off {} onto adjacent tiles (Mass Exodus, p.19)",
                place_of(s, hex)
            ),
            C::MetamorphosisGive { .. } => {
                "choose one of your added elements to give up (Metamorphosis, p.19)".into()
            }
            C::MetamorphosisTake { .. } => {
                "choose an element from the bag in its place (Metamorphosis, p.19)".into()
            }
            C::PredatorVictim { tiles, .. } => format!(
                "choose the opposing species that dies on {} (Predator, p.19)",
                next_tile(s, tiles)
            ),
        },
    };
    format!("{who}: {what}")
}

/// The tile a card resolves next, of the tiles still to resolve (lowest
/// first): "D7 desert".
pub(crate) fn next_tile(s: &State, tiles: u64) -> String {
    crate::queries::lowest(tiles).map_or_else(|| "the next tile".to_string(), |h| place_of(s, h))
}

/// "1 bird species is", "2 bird species are".
fn species_of(animal: Animal, n: u8) -> String {
    let verb = if n == 1 { "is" } else { "are" };
    format!("{n} {} species {verb}", singular(animal))
}

/// A sentence for an event, without a final full stop ("Birds add 2
/// species to D7 desert"). It reads only the event.
pub fn event_text(e: &Event) -> String {
    match *e {
        Event::TurnBegan { turn } => format!("Turn {turn} begins"),
        Event::PhaseBegan { phase } => match phase {
            PhaseName::Planning => "The Planning Phase begins".into(),
            PhaseName::Execution => "The Execution Phase begins".into(),
            PhaseName::Reset => "The Reset Phase begins".into(),
            PhaseName::FinalScoring => "Final scoring begins".into(),
        },
        Event::ApPlaced { animal, space } => format!("{animal} place an AP on {space}"),
        Event::ActionBegan { animal, space } => format!("{animal} act on {space}"),
        Event::Forfeited { animal, section } => {
            format!("{animal} forfeit their {} action", section.name())
        }
        Event::InitiativeSwapped { animal, passed } => {
            format!("{animal} move ahead of the {passed} on the initiative track")
        }
        Event::ElementToDisplay { animal, element } => format!(
            "{animal} add {} element to their display",
            with_article(element.name())
        ),
        Event::ElementFromDisplay { animal, element } => format!(
            "{animal} return {} element from their display to the bag",
            with_article(element.name())
        ),
        Event::ElementToEarth { element, corner } => format!(
            "{} element is placed on {}",
            capitalised(&with_article(element.name())),
            corner_label(corner)
        ),
        Event::ElementFromEarth { element, corner } => format!(
            "The {element} element on {} returns to the bag",
            corner_label(corner)
        ),
        Event::ElementFromBox { element, section } => format!(
            "{} element leaves the {} Box for the bag",
            capitalised(&with_article(element.name())),
            section.name()
        ),
        Event::SpeciesAdded {
            animal,
            hex,
            terrain,
            count: n,
        } => format!(
            "{animal} add {} to {}",
            count(n, "species"),
            place(hex, terrain)
        ),
        Event::SpeciesEliminated {
            animal,
            hex,
            terrain,
            count: n,
        } => format!(
            "{} eliminated on {}",
            species_of(animal, n),
            place(hex, terrain)
        ),
        Event::SpeciesToGenePool {
            animal,
            hex,
            terrain,
            count: n,
        } => format!(
            "{n} {} species {} from {} to the gene pool",
            singular(animal),
            if n == 1 { "returns" } else { "return" },
            place(hex, terrain)
        ),
        Event::SpeciesMoved {
            animal,
            from,
            from_terrain,
            to,
            to_terrain,
        } => format!(
            "{animal} move a species from {} to {}",
            place(from, from_terrain),
            place(to, to_terrain)
        ),
        Event::SpeciesSaved {
            animal,
            hex,
            terrain,
        } => format!(
            "{animal} save 1 species on {} from extinction",
            place(hex, terrain)
        ),
        Event::TilePlaced { hex, terrain } => format!(
            "{} tile is placed on {}",
            capitalised(&with_article(terrain.name())),
            hex_label(hex)
        ),
        Event::Glaciated { hex, was } => {
            format!("A tundra tile covers {}", place(hex, was))
        }
        Event::VpGained { animal, vp, reason } => {
            let why = match reason {
                VpCause::Tile(h, t, p) => format!("{} place on {}", ordinal(p), place(h, Some(t))),
                VpCause::Final(h, t, p) => format!(
                    "final scoring, {} place on {}",
                    ordinal(p),
                    place(h, Some(t))
                ),
                VpCause::Glaciation => "Glaciation bonus".into(),
                VpCause::Wanderlust => "Wanderlust bonus".into(),
                VpCause::Survival => "the Survival card".into(),
                VpCause::Card(c) => c.name().into(),
            };
            format!("{animal} gain {vp} VP ({why})")
        }
        Event::VpLost { animal, vp, card } => format!("{animal} lose {vp} VP ({card})"),
        Event::CardTaken { animal, card } => format!("{animal} take the {card} card"),
        Event::CardDealt { card } => format!("{card} is dealt face up"),
        Event::ApGained { animal } => format!("{animal} gain an AP"),
        Event::ApLost { animal } => format!("{animal} lose an AP"),
        Event::SurvivalCard { holder } => match holder {
            Some(a) => format!("{a} now hold the Survival card"),
            None => "Nobody holds the Survival card".into(),
        },
        Event::GameEnded => "The game is over".into(),
    }
}

/// `text` with its first letter in capitals.
fn capitalised(text: &str) -> String {
    eons_core::capitalised(text)
}
