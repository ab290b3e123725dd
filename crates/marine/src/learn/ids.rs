//! Action ids computed from a choice's parts ([`action_id`]), without the
//! action space's hash table: each choice has a place in one table
//! ([`key`]), filled once from [`action_universe`] and read by the same
//! function, so the two cannot disagree.

use super::*;
use eons_core::ActionId;
use std::sync::OnceLock;

/// "Not in the action space" in the table.
const NO_ID: u16 = u16::MAX;

/// Where each kind of choice starts in the table: a run per kind, long
/// enough for every value its fields can take (a `u8` field: 256).
const TRAITS: usize = 0;
/// `Pawn(e)`.
const PAWNS: usize = TRAITS + Trait::COUNT;
/// `Place { space, special }`: per space number, the basic pawn then each
/// special pawn.
const PLACES: usize = PAWNS + ELEMENTS;
/// The choices without fields.
const SINGLES: usize = PLACES + 256 * (1 + ELEMENTS);
/// `Circle(i)`.
const CIRCLES: usize = SINGLES + 8;
/// `Corner(c)`.
const CORNER_IDS: usize = CIRCLES + 256;
/// `Hex(h)`.
const HEX_IDS: usize = CORNER_IDS + 256;
/// `Stack(i)`.
const STACKS: usize = HEX_IDS + 256;
/// `Face(f)`.
const FACE_IDS: usize = STACKS + 256;
/// `Move { from, to }`, per hex then hex.
const MOVES: usize = FACE_IDS + FACES;
/// `MoveOf { animal, to }`, per animal then hex.
const MOVES_OF: usize = MOVES + HEXES * HEXES;
/// `Animal(a)`.
const ANIMAL_IDS: usize = MOVES_OF + ANIMALS * HEXES;
/// `Species { hex, animal }`, per hex then animal.
const SPECIES: usize = ANIMAL_IDS + ANIMALS;
/// `Slot(k)`.
const SLOTS: usize = SPECIES + HEXES * ANIMALS;
/// `Terrain(t)`.
const TERRAINS: usize = SLOTS + 256;
/// `Element(e)`.
const ELEMENT_IDS: usize = TERRAINS + Terrain::COUNT;
/// `Disk(i)`.
const DISK_IDS: usize = ELEMENT_IDS + ELEMENTS;
/// The length of the table.
const KEYS: usize = DISK_IDS + 256;

/// The place of a choice in the table (None: a hex past the grid's).
fn key(c: &Choice) -> Option<usize> {
    let hex = |h: HexId| {
        let i = usize::from(h.0);
        (i < HEXES).then_some(i)
    };
    let k = match *c {
        Choice::Trait(t) => TRAITS + t.index(),
        Choice::Pawn(e) => PAWNS + e.index(),
        Choice::Place { space, special } => {
            let pawn = special.map_or(0, |e| 1 + e.index());
            PLACES + usize::from(space.0) * (1 + ELEMENTS) + pawn
        }
        Choice::Retrieve => SINGLES,
        Choice::Forfeit => SINGLES + 1,
        Choice::Done => SINGLES + 2,
        Choice::Perform => SINGLES + 3,
        Choice::Add => SINGLES + 4,
        Choice::Remove => SINGLES + 5,
        Choice::FromPool => SINGLES + 6,
        Choice::FromBox => SINGLES + 7,
        Choice::Circle(i) => CIRCLES + usize::from(i),
        Choice::Corner(c) => CORNER_IDS + usize::from(c.0),
        Choice::Hex(h) => HEX_IDS + usize::from(h.0),
        Choice::Stack(i) => STACKS + usize::from(i),
        Choice::Face(f) => FACE_IDS + f.index(),
        Choice::Move { from, to } => MOVES + hex(from)? * HEXES + hex(to)?,
        Choice::MoveOf { animal, to } => MOVES_OF + animal.index() * HEXES + hex(to)?,
        Choice::Animal(a) => ANIMAL_IDS + a.index(),
        Choice::Species { hex: h, animal } => SPECIES + hex(h)? * ANIMALS + animal.index(),
        Choice::Slot(k) => SLOTS + usize::from(k),
        Choice::Terrain(t) => TERRAINS + t.index(),
        Choice::Element(e) => ELEMENT_IDS + e.index(),
        Choice::Disk(i) => DISK_IDS + usize::from(i),
    };
    Some(k)
}

/// Every choice's action id by its place ([`key`]), built once from
/// [`action_universe`] (the same for every player count).
fn ids() -> &'static [u16] {
    static IDS: OnceLock<Vec<u16>> = OnceLock::new();
    IDS.get_or_init(|| {
        let mut ids = vec![NO_ID; KEYS];
        for (i, c) in action_universe(4).iter().enumerate() {
            if let Some(slot) = key(c).and_then(|k| ids.get_mut(k)) {
                if *slot == NO_ID {
                    *slot = u16::try_from(i).unwrap_or(NO_ID);
                }
            }
        }
        ids
    })
}

/// The action id of a choice, from the table ([`Learnable::action_id`]);
/// None for a choice outside the action space.
pub fn action_id(c: &Choice) -> Option<ActionId> {
    let id = *ids().get(key(c)?)?;
    (id != NO_ID).then_some(ActionId(u32::from(id)))
}
