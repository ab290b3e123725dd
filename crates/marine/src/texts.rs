//! Every text a player reads: the choices ([`describe_choice`]), the events
//! ([`describe_event`]) and the words they share with the prompt and the
//! terminal's rendering ([`crate::view`]; the words themselves live in the
//! lower `words` module, re-exported here, so that the decision modules can
//! word their own choices with them),
//! written as `docs/texts.md` asks: places by the board's labels ("D7 reef",
//! corners "D7/E6/E8"), animals, cards and traits by their printed names,
//! numbers that agree with their nouns, and events that carry what they name.
//!
//! A choice is worded by the pending decision's module first
//! (`DecisionModule::text`: "decline Camouflage", "copy Flight", "choose D7
//! reef for Fertile"); this module holds the general wording of each kind
//! of choice ("stop here", "choose D7 reef").

use crate::data::data;
use crate::decision::{Choice, Decision};
use crate::events::{Event, VpCause};
use crate::state::{CircleRow, Pawn, State};
use crate::types::{Action, Element, Space};
use crate::words::{circle, disk, disk_at, element_at, element_piece, take_circle};
use eons_core::HexId;

pub use crate::words::{
    article, capitalised, corner, corner_in_words, count, hex_label, ordinal, pawn_name, place,
    space_name, tile_at, with_article,
};

// ==================================================================== choices

/// Placing a pawn, as its button reads: "place a basic pawn on Evolution
/// 5/5 (land)", "…, bumping the Fishes' pawn".
fn describe_place(s: &State, space: Space, special: Option<Element>) -> String {
    let def = (!space.is_personal())
        .then(|| data().spaces.get(space.index()))
        .flatten();
    // What the space shows: its element or terrain, "special" on a space
    // for special pawns only.
    let mut shows: Vec<String> = Vec::new();
    if let Some(sp) = def {
        if sp.special {
            shows.push("special".into());
        }
        match sp.action {
            Action::Speciation => shows.push(match sp.circle {
                Some(k) => circle(s, CircleRow::Speciation, k)
                    .map_or("no element".into(), |e| e.to_string()),
                None => "any element".into(),
            }),
            Action::Competition | Action::Evolution => shows.push(match sp.marker {
                Some(m) => {
                    let t = if sp.action == Action::Competition {
                        s.comp_markers[m as usize]
                    } else {
                        s.evo_markers[m as usize]
                    };
                    t.map_or("no terrain".into(), |t| t.to_string())
                }
                None => "any terrain".into(),
            }),
            _ => {}
        }
    }
    let whither = match def {
        Some(sp) => {
            let total = data().section_of(sp.action).map_or(0, |x| x.len);
            format!("{} {}/{}", sp.action, sp.col + 1, total)
        }
        None if space.is_personal() => "your Bottom Feeder space".into(),
        None => space_name(space),
    };
    let shows = if shows.is_empty() {
        String::new()
    } else {
        format!(" ({})", shows.join(", "))
    };
    let bump = match s.pawn_at(space) {
        Some(Pawn::Basic(b)) => format!(", bumping the {b}' pawn"),
        _ => String::new(),
    };
    let what = match special {
        Some(e) => format!("the {e} special pawn"),
        None => "a basic pawn".into(),
    };
    format!("place {what} on {whither}{shows}{bump}")
}

/// The tile a decision that asks for an animal is about (whose species to
/// eliminate or keep there), where the frame knows it.
pub fn animal_tile(s: &State) -> Option<HexId> {
    use Decision::*;
    match s.stack.last().copied() {
        Some(AsteroidKeep { hex, .. })
        | Some(SolarPick { hex, .. })
        | Some(CompetitionEliminate { hex, .. })
        | Some(OmnivoreVictim { hex, .. }) => Some(hex),
        Some(Victims {
            a: by,
            mask,
            opposing,
        }) => crate::cards::victims::victims_hex(s, by, mask, opposing),
        _ => None,
    }
}

/// A short description of a choice in the current state: what its button
/// says, an imperative in lower case ("add a species to D7 reef"). The
/// pending decision's module words it first (its `text`: "decline
/// Camouflage", "copy Flight"); the general wording of each kind of choice
/// follows here.
pub fn describe_choice(s: &State, c: Choice) -> String {
    if let Some(text) = crate::rules::choice_text(s, c) {
        return text;
    }
    let top = s.stack.last().copied();
    let decider = top.and_then(|f| f.decider()).unwrap_or(s.cur);
    match c {
        Choice::Trait(t) => format!("keep {t}"),
        Choice::Pawn(e) => format!("take control of the {e} special pawn"),
        Choice::Place { space, special } => describe_place(s, space, special),
        Choice::Retrieve => "retrieve your pawns".into(),
        Choice::Forfeit => "forfeit the action".into(),
        Choice::Done => "stop here".into(),
        Choice::Perform => "do it".into(),
        // Any circle but the Abundance and Adaptation sections' (whose
        // modules word their own) is a Wanderlust circle.
        Choice::Circle(i) => take_circle(s, CircleRow::Wanderlust, i),
        Choice::Corner(k) => format!("choose {}", element_at(s, k)),
        Choice::Hex(h) => format!("choose {}", tile_at(s, h)),
        Choice::Stack(i) => match s.stacks.get(i as usize).and_then(|d| d.top()) {
            Some(t) => format!("take the {t} tile from stack {}", i + 1),
            None => format!("take the tile from stack {}", i + 1),
        },
        Choice::Face(f) => format!("put the Vent {f} side up"),
        Choice::Move { from, to } => format!(
            "move a species from {} to {}",
            tile_at(s, from),
            tile_at(s, to)
        ),
        Choice::MoveOf { animal, to } => {
            format!("move one {animal} species to {}", tile_at(s, to))
        }
        Choice::Animal(a) => {
            let on = animal_tile(s).map_or(String::new(), |h| format!(" on {}", tile_at(s, h)));
            format!("eliminate one {a} species{on}")
        }
        Choice::Species { hex, animal } => {
            format!("eliminate one {animal} species on {}", tile_at(s, hex))
        }
        Choice::Slot(k) => match (k as usize)
            .checked_sub(1)
            .and_then(|i| s.row.get(i))
            .copied()
            .flatten()
        {
            Some(c) => format!("take {c} from slot {k}"),
            None => format!("take the card in slot {k}"),
        },
        Choice::Terrain(t) => format!("choose {t}"),
        Choice::Element(e) => format!("choose {e}"),
        // The disk space, counted from 1, tells apart two disks of one type.
        Choice::Disk(k) => match disk_at(s, decider, k) {
            Some(e) => format!("choose your {e} disk on disk space {}", k + 1),
            None => format!("choose disk space {}", k + 1),
        },
        Choice::Add => "put it in an empty space".into(),
        Choice::Remove => "remove it".into(),
        Choice::FromPool => "take a species from your Gene Pool".into(),
        Choice::FromBox => "bring back one of your eliminated species".into(),
    }
}

/// What another seat (or a spectator) reads of a secret draft pick.
pub const SECRET_PICK: &str = "keep a trait card in secret (shown when all reveal)";

// ===================================================================== events

/// A sentence for an event. It reads nothing of the state: what it names
/// travels in the event, so it reads the same before and after the choice
/// that logged it.
pub fn describe_event(e: &Event) -> String {
    match *e {
        Event::TraitPicked { animal } => format!("{animal} keep a trait card in secret"),
        Event::TraitsRevealed => "Every animal reveals its traits".into(),
        Event::TraitHeld { animal, t } => format!("{animal} hold {t}"),
        Event::TraitLost { animal, t } => format!("{animal} lose {t}"),
        Event::TraitCopied { animal, t } => format!("{animal} copy {t}"),
        Event::Placed {
            animal,
            space,
            special,
        } => match special {
            Some(el) => format!(
                "{animal} place the {el} special pawn on {}",
                space_name(space)
            ),
            None => format!("{animal} place a basic pawn on {}", space_name(space)),
        },
        Event::Bumped { animal } => format!("The {animal}' basic pawn is bumped back to them"),
        Event::Retrieved { animal } => format!("{animal} retrieve their pawns"),
        Event::Forfeited { animal } => format!("{animal} forfeit the action"),
        Event::ElementPlaced { el, corner } => format!(
            "{} is placed on {}",
            capitalised(&element_piece(el)),
            corner_in_words(corner)
        ),
        Event::ElementRemoved { el, corner } => format!(
            "{} is removed from {}",
            capitalised(&element_piece(el)),
            corner_in_words(corner)
        ),
        Event::ElementBoxed { el } => format!(
            "{} goes into the Autotrophs Box",
            capitalised(&element_piece(el))
        ),
        Event::DiskAdded { animal, el } => format!("{animal} gain {}", disk(el)),
        Event::DiskLost { animal, el } => format!("{animal} lose {}", disk(el)),
        Event::Added {
            animal,
            hex,
            tile,
            n,
        } => format!(
            "{animal} add {} to {}",
            count(n as usize, "species", "species"),
            place(hex, tile)
        ),
        Event::Revived { animal, hex, tile } => format!(
            "{animal} bring back an eliminated species onto {}",
            place(hex, tile)
        ),
        Event::Eliminated {
            animal,
            hex,
            tile,
            n,
        } => format!(
            "{animal} have {} eliminated on {}",
            count(n as usize, "species", "species"),
            place(hex, tile)
        ),
        Event::ToPool {
            animal,
            hex,
            tile,
            n,
        } => format!(
            "{animal} return {} from {} to their Gene Pool",
            count(n as usize, "species", "species"),
            place(hex, tile)
        ),
        Event::Moved {
            animal,
            from,
            from_tile,
            to,
            to_tile,
        } => format!(
            "{animal} move a species from {} to {}",
            place(from, from_tile),
            place(to, to_tile)
        ),
        Event::RegressionCube { animal } => {
            format!("{animal} put a cube on a Regression square")
        }
        Event::TilePlaced { hex, terrain } => format!(
            "{} {terrain} tile is placed on {}",
            capitalised(article(terrain.name())),
            hex_label(hex)
        ),
        Event::StackTop { stack, terrain } => {
            format!("Wanderlust stack {} now shows {terrain}", stack + 1)
        }
        Event::VentPlaced { hex, face } => format!(
            "A Vent is placed on {}, {face} side up",
            hex_label(hex)
        ),
        Event::Vp { animal, vp, why } => {
            let w = match why {
                VpCause::Scoring { hex, tile, place: k } => {
                    format!("{} place on {}", ordinal(k), place(hex, Some(tile)))
                }
                VpCause::Wanderlust => "Wanderlust bonus".into(),
                VpCause::Tectonics => "Tectonics bonus".into(),
                VpCause::Survival => "Survival".into(),
                VpCause::Card(c) => format!("{c}"),
                VpCause::Trait(t) => format!("{t}"),
                VpCause::Target(el) => format!("{el} target"),
            };
            format!("{animal} gain {vp} VP ({w})")
        }
        Event::Control { el, animal } => {
            format!("{animal} take control of the {el} special pawn")
        }
        Event::Target { el, value } => format!("The {el} target moves to {value}"),
        Event::CardChosen { animal, card, slot } => {
            format!("{animal} take {card} from slot {slot}")
        }
        Event::CardReplayed { card } => format!("{card} is resolved again from the discard pile"),
        Event::CardDiscarded { card } => format!("{card} is discarded"),
        Event::CardRevealed { card, slot } => format!("{card} is revealed in slot {slot}"),
        Event::Extinction => "An Extinction event eliminates every endangered species".into(),
        Event::Survival { holder } => match holder {
            Some(a) => format!("A Survival event: {a} hold the Survival card"),
            None => "A Survival event: nobody holds the Survival card".into(),
        },
        Event::Reseed { round } => format!("Round {round} ends with a Reseed"),
        Event::LastRound => "The Asteroid strikes: this is the last round".into(),
        Event::NoSpeciesLeft { round } => format!(
            "No species is left on earth or in any Gene Pool, and no Vent tile remains to bring one back: the Asteroid can never be played, so round {round} is the last (an engine ruling; the rules give such a game no end)"
        ),
        Event::RoundCap { round, cap } => format!(
            "The round cap is reached (the max-rounds={cap} option, not a rulebook rule): round {round} is the last round"
        ),
        Event::FinalScoring => "Final scoring begins".into(),
        Event::GameOver => "The game is over".into(),
        Event::ExtraTurn { animal } => format!("{animal} take another turn"),
        Event::ExtraPawn { animal } => format!("{animal} gain a basic pawn"),
        Event::PawnsReturned => "Every pawn returns to its owner".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{Animal, Terrain, Tile};
    use eons_core::Hex;
    use eons_earth::grid;

    fn hex(q: i8, r: i8) -> HexId {
        grid().id(Hex::new(q, r)).expect("on the grid")
    }

    /// The issue's examples read as plain English, by the board's labels.
    #[test]
    fn the_issues_examples_read_plainly() {
        let added = Event::Added {
            animal: Animal::Cephalopods,
            hex: hex(2, -3),
            tile: Some(Tile::large(Terrain::Seamount)),
            n: 1,
        };
        assert_eq!(
            describe_event(&added),
            "Cephalopods add 1 species to F3 seamount"
        );
        let tile = Event::TilePlaced {
            hex: hex(2, 0),
            terrain: Terrain::Ocean,
        };
        assert_eq!(describe_event(&tile), "An ocean tile is placed on F9");
        let disk = Event::DiskAdded {
            animal: Animal::Cephalopods,
            el: Element::Algae,
        };
        assert_eq!(describe_event(&disk), "Cephalopods gain an algae disk");
        let element = Event::ElementPlaced {
            el: Element::Sun,
            corner: grid().corners_of(hex(0, 0))[0],
        };
        assert_eq!(
            describe_event(&element),
            "A sun element is placed on the corner of D7, E6 and E8"
        );
    }

    /// An event names the tile as it was when it happened: a Vent placed
    /// on the hex later does not change it.
    #[test]
    fn an_event_names_the_tile_it_carries() {
        let back = Event::ToPool {
            animal: Animal::Reptiles,
            hex: hex(1, 0),
            tile: Some(Tile::large(Terrain::Seamount)),
            n: 1,
        };
        assert_eq!(
            describe_event(&back),
            "Reptiles return 1 species from E8 seamount to their Gene Pool"
        );
    }
}
