//! Moving animals, shared by the actions, the adaptation cards, the neutral animals and the Turn
//! of the Age cards: a step into a niche a rival holds starts a contest.

use crate::contest;
use crate::data::Data;
use crate::effects::clear_track;
use crate::queries::group_of;
use crate::state::{Event, State, Task};
use crate::types::{flag, Placed, Region, Spot};

/// Moves the animal at index `i` to (region, niche); a rival there starts a contest.
pub fn move_animal(
    s: &mut State,
    d: &Data,
    i: usize,
    region: Region,
    niche: u8,
    ev: &mut Vec<Event>,
) {
    let p = s.take(i);
    ev.push(Event::Moved {
        from: p.spot(),
        region,
        niche,
    });
    let a = p.animal;
    if niche > 0 {
        if let Some(o) = s.occupant(region, niche) {
            if s.animals[o].animal.group != a.group {
                let def = s.take(o).animal;
                contest::start(s, d, region, niche, a, def, false, ev);
                return;
            }
        }
    }
    s.put(Placed {
        region,
        niche,
        animal: a,
    });
}

/// One migration step of a player's animal (at index `i`), with its triggers.
pub fn perform_step(
    s: &mut State,
    d: &Data,
    seat: u8,
    i: usize,
    region: Region,
    niche: u8,
    ev: &mut Vec<Event>,
) {
    let g = group_of(s, seat);
    let from = s.animals[i];
    let count = s.count_in(region);
    let food = s.food(d, region);
    let warned = from.region != region && count <= food && count + 1 > food;
    clear_track(s, g);
    let want = from.animal.flags & !flag::TRACK;
    let Some(i) = s.animals.iter().position(|p| {
        p.region == from.region
            && p.niche == from.niche
            && p.animal.group == from.animal.group
            && p.animal.flags & !flag::TRACK == want
    }) else {
        return;
    };
    let i = s.set_flags(i, from.animal.flags | flag::TRACK);
    s.tasks.push(Task::AfterMove {
        seat,
        region,
        niche,
        warned,
        entered: from.region.row() != region.row(),
    });
    move_animal(s, d, i, region, niche, ev);
}

/// A niche-0 contest started by a card (the loser is removed).
pub fn kill_contest(s: &mut State, d: &Data, own: &Spot, target: &Spot, ev: &mut Vec<Event>) {
    let Some(i) = s.find_plain(own) else {
        return;
    };
    let att = s.take(i);
    let Some(j) = s.find_plain(target) else {
        s.put(att);
        return;
    };
    let def = s.take(j);
    contest::start(s, d, att.region, 0, att.animal, def.animal, true, ev);
}
