//! Migration (p.15): move up to the space's value of species, each to an
//! adjacent tile (birds: up to two tiles away); a species that arrived this
//! action does not move again.

use crate::data::Animal;
use crate::offer::not_offered;
use crate::query::{board_id, hex};
use crate::space::Space;
use crate::state::{Choice, Event, Pending, State};
use eons_core::{HexId, Refusal};
use eons_earth::HEXES;

/// The rule this action's refusals name.
pub(crate) const RULE: &str = "Migration (p.15)";

/// The decision the action on `space` starts with (the arrivals cleared).
pub(crate) fn start(s: &mut State, a: Animal, space: Space) -> Pending {
    s.arrived = [0; HEXES];
    Pending::Migrate {
        animal: a,
        left: space.migration_value().unwrap_or(0),
    }
}

/// Every move still allowed, or done.
pub(crate) fn legal(s: &State, animal: Animal, left: u8, out: &mut Vec<Choice>) {
    if left > 0 {
        moves(s, animal, out);
    }
    out.push(Choice::Done);
}

fn moves(s: &State, a: Animal, out: &mut Vec<Choice>) {
    for from in s.tile_ids() {
        let k = s.earth.species(from, a.index());
        if k <= s.arrived[from.0 as usize] {
            continue;
        }
        let mut seen = 0u64;
        for n in s.earth.adjacent_tiles(from) {
            seen |= 1 << n.0;
            if a == Animal::Birds {
                // Birds: through an adjacent tile onto a second tile (p.15).
                for m in s.earth.adjacent_tiles(n) {
                    if m != from {
                        seen |= 1 << m.0;
                    }
                }
            }
        }
        for i in 0..HEXES as u8 {
            if seen & (1 << i) != 0 {
                out.push(Choice::Move {
                    animal: a,
                    from: hex(from),
                    to: hex(HexId(i)),
                });
            }
        }
    }
}

/// Resolves a legal choice (Done changes nothing).
pub(crate) fn resolve(s: &mut State, animal: Animal, left: u8, c: Choice, ev: &mut Vec<Event>) {
    if let Choice::Move { from, to, .. } = c {
        if let (Some(f), Some(t)) = (board_id(from), board_id(to)) {
            s.move_species(animal, f, t, ev);
            s.arrived[t.0 as usize] += 1;
        }
        s.pending = Pending::Migrate {
            animal,
            left: left - 1,
        };
    }
}

/// Why `c` is refused.
pub(crate) fn refusal(animal: Animal, left: u8, c: Choice) -> Refusal {
    let reach = if animal == Animal::Birds {
        "up to two tiles away"
    } else {
        "on an adjacent tile"
    };
    match c {
        Choice::Move { .. } if left == 0 => {
            Refusal::new(RULE, "no migration is left in this action")
        }
        Choice::Move { animal: other, .. } if other != animal => {
            Refusal::new(RULE, format!("only your own species migrate, not {other}"))
        }
        _ => not_offered(
            RULE,
            format!(
                "move one of your species that has not arrived this action to a tile {reach} ({left} left), or stop with done"
            ),
        ),
    }
}
