//! Action ids computed from a choice's parts ([`action_id`]), without the
//! action space's hash table.

use super::*;

/// Every choice's action id, by the choice's parts, built once from
/// [`action_universe`] (the same for every player count): the direct ids
/// of [`Learnable::action_id`].
struct Ids {
    simple: [u16; 4],
    place: [u16; SPACES],
    element: [u16; ELEMENTS],
    stack: [u16; STACKS],
    card: [u16; CARDS],
    count: [u16; 8],
    tile: [u16; HEXES],
    corner: [u16; CORNERS],
    species: [[u16; ANIMALS]; HEXES],
    moves: Box<[[[u16; HEXES]; HEXES]; ANIMALS]>,
}

/// "Not in the action space" in [`Ids`].
const NO_ID: u16 = u16::MAX;

/// The id tables, built once.
fn ids() -> &'static Ids {
    static IDS: OnceLock<Ids> = OnceLock::new();
    IDS.get_or_init(|| {
        let mut ids = Ids {
            simple: [NO_ID; 4],
            place: [NO_ID; SPACES],
            element: [NO_ID; ELEMENTS],
            stack: [NO_ID; STACKS],
            card: [NO_ID; CARDS],
            count: [NO_ID; 8],
            tile: [NO_ID; HEXES],
            corner: [NO_ID; CORNERS],
            species: [[NO_ID; ANIMALS]; HEXES],
            moves: Box::new([[[NO_ID; HEXES]; HEXES]; ANIMALS]),
        };
        for (i, c) in action_universe(4).into_iter().enumerate() {
            let id = i as u16;
            if let Some(slot) = id_slot(&mut ids, &c) {
                if *slot == NO_ID {
                    *slot = id;
                }
            }
        }
        ids
    })
}

/// Where a choice's id is kept in the tables (None: no place for it).
fn id_slot<'a>(ids: &'a mut Ids, c: &Choice) -> Option<&'a mut u16> {
    let hex = |h: Hex| grid().id(h).map(|id| id.0 as usize);
    match *c {
        Choice::Skip => Some(&mut ids.simple[0]),
        Choice::Done => Some(&mut ids.simple[1]),
        Choice::LoseAp => Some(&mut ids.simple[2]),
        Choice::ThinOut => Some(&mut ids.simple[3]),
        Choice::Place(sp) => ids.place.get_mut(usize::from(sp.0)),
        Choice::Element(e) => ids.element.get_mut(e.index()),
        Choice::Stack(st) => ids.stack.get_mut(st.index()),
        Choice::Card(card) => ids.card.get_mut(card as usize),
        Choice::Count(n) => ids.count.get_mut(usize::from(n)),
        Choice::Tile(h) => ids.tile.get_mut(hex(h)?),
        Choice::Corner(corner) => {
            let id = grid().corner_id(corner)?;
            ids.corner.get_mut(id.0 as usize)
        }
        Choice::Species { hex: h, animal } => ids.species.get_mut(hex(h)?)?.get_mut(animal.index()),
        Choice::Move { animal, from, to } => ids
            .moves
            .get_mut(animal.index())?
            .get_mut(hex(from)?)?
            .get_mut(hex(to)?),
    }
}

/// The action id of a choice, from the tables ([`Learnable::action_id`]).
pub fn action_id(c: &Choice) -> Option<ActionId> {
    let ids = ids();
    let hex = |h: Hex| grid().id(h).map(|id| id.0 as usize);
    let id = match *c {
        Choice::Skip => ids.simple[0],
        Choice::Done => ids.simple[1],
        Choice::LoseAp => ids.simple[2],
        Choice::ThinOut => ids.simple[3],
        Choice::Place(sp) => *ids.place.get(usize::from(sp.0))?,
        Choice::Element(e) => *ids.element.get(e.index())?,
        Choice::Stack(st) => *ids.stack.get(st.index())?,
        Choice::Card(card) => *ids.card.get(card as usize)?,
        Choice::Count(n) => *ids.count.get(usize::from(n))?,
        Choice::Tile(h) => *ids.tile.get(hex(h)?)?,
        Choice::Corner(corner) => *ids.corner.get(grid().corner_id(corner)?.0 as usize)?,
        Choice::Species { hex: h, animal } => *ids.species.get(hex(h)?)?.get(animal.index())?,
        Choice::Move { animal, from, to } => *ids
            .moves
            .get(animal.index())?
            .get(hex(from)?)?
            .get(hex(to)?)?,
    };
    (id != NO_ID).then_some(ActionId(u32::from(id)))
}
