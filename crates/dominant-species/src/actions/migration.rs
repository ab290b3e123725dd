//! Migration (p.15): move up to the space's value of species, each to an
//! adjacent tile (birds: up to two tiles away); a species that arrived this
//! action does not move again.

use crate::data::Animal;
use crate::offer::not_offered;
use crate::offer::only_unless;
use crate::offer::Forced;
use crate::offer::QuickAnswers;
use crate::queries::{board_id, hex};
use crate::space::Space;
use crate::state::{Choice, Decision, Event, State};
use crate::DominantSpecies;
use eons_core::refusal_from_rule;
use eons_core::DecisionModule;
use eons_core::{HexId, Refusal};
use eons_earth::{mask_ids, neighbor_mask, HEXES};

/// The rule this action's refusals name.
pub(crate) const RULE: &str = "Migration (p.15)";

/// The decision the action on `space` starts with (the arrivals cleared).
pub(crate) fn start(s: &mut State, a: Animal, space: Space) -> Decision {
    s.arrived = [0; HEXES];
    Decision::Migrate {
        animal: a,
        left: space.migration_value().unwrap_or(0),
    }
}

/// Every move still allowed, or done.
fn legal(s: &State, animal: Animal, left: u8, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    if left > 0 && moves(s, animal, offer) {
        return true;
    }
    if offer(Choice::Done) {
        return true;
    }
    false
}

/// Every move of one species of `a`, in the order of its origin tile, then
/// of its destination tile.
fn moves(s: &State, a: Animal, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    let tiles = s.earth.tile_mask();
    // The tiles with `a`'s species, in id order (as `tile_ids` gives them).
    for from in mask_ids(s.earth.species_mask(a.index()) & tiles) {
        if s.earth.species(from, a.index()) <= s.arrived[from.0 as usize] {
            continue;
        }
        for to in mask_ids(reach(a, from, tiles)) {
            if offer(Choice::Move {
                animal: a,
                from: hex(from),
                to: hex(to),
            }) {
                return true;
            }
        }
    }
    false
}

/// The tiles a species of `a` on tile `from` may migrate to, as a bit set of
/// hex ids: the adjacent tiles, and for birds also the tiles adjacent to
/// those (p.15), never `from` itself. `tiles` is the earth's tile mask.
fn reach(a: Animal, from: HexId, tiles: u64) -> u64 {
    let near = neighbor_mask(from) & tiles;
    if a != Animal::Birds {
        return near;
    }
    // Birds: through an adjacent tile onto a second tile (p.15).
    let far = mask_ids(near).fold(0, |m, n| m | neighbor_mask(n)) & tiles;
    (near | far) & !(1 << from.0)
}

/// True when `animal` has at least one move (the decision is more than
/// "done"): a species that has not arrived this action on a tile with an
/// adjacent tile.
fn any_move(s: &State, animal: Animal) -> bool {
    let tiles = s.earth.tile_mask();
    mask_ids(s.earth.species_mask(animal.index()) & tiles).any(|from| {
        s.earth.species(from, animal.index()) > s.arrived[from.0 as usize]
            && neighbor_mask(from) & tiles != 0
    })
}

/// True when `c` is among [`legal`]'s choices, without listing them.
fn is_legal(s: &State, animal: Animal, left: u8, c: Choice) -> bool {
    match c {
        Choice::Done => true,
        Choice::Move {
            animal: mover,
            from,
            to,
        } => {
            let (Some(from), Some(to)) = (board_id(from), board_id(to)) else {
                return false;
            };
            let tiles = s.earth.tile_mask();
            left > 0
                && mover == animal
                && tiles & (1 << from.0) != 0
                && s.earth.species(from, animal.index()) > s.arrived[from.0 as usize]
                && reach(animal, from, tiles) & (1 << to.0) != 0
        }
        _ => false,
    }
}

/// Resolves a legal choice (Done changes nothing).
fn resolve(s: &mut State, animal: Animal, left: u8, c: Choice, ev: &mut Vec<Event>) {
    if let Choice::Move { from, to, .. } = c {
        if let (Some(f), Some(t)) = (board_id(from), board_id(to)) {
            s.move_species(animal, f, t, ev);
            s.arrived[t.0 as usize] += 1;
        }
        s.pending = Decision::Migrate {
            animal,
            left: left - 1,
        };
    }
}

/// Why `c` is refused.
fn refusal(animal: Animal, left: u8, c: Choice) -> Refusal {
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

/// Migration as a decision module: [`Decision::Migrate`], one move or
/// done.
pub(crate) struct Migration;

impl DecisionModule<DominantSpecies> for Migration {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Migration (p.15): move one of your species that has not arrived this action, or stop with done"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, d: Decision, offer: &mut F) -> bool {
        let Decision::Migrate { animal, left } = d else {
            return false;
        };
        legal(s, animal, left, offer)
    }

    /// Answered without listing.
    fn is_legal(s: &State, d: Decision, c: Choice) -> bool {
        let Decision::Migrate { animal, left } = d else {
            return false;
        };
        is_legal(s, animal, left, c)
    }

    fn apply(s: &mut State, d: Decision, c: Choice, ev: &mut Vec<Event>) {
        if let Decision::Migrate { animal, left } = d {
            resolve(s, animal, left, c, ev);
        }
    }

    fn refusal(_: &State, d: Decision, c: Choice) -> Refusal {
        let Decision::Migrate { animal, left } = d else {
            return refusal_from_rule(Self::rule(d));
        };
        refusal(animal, left, c)
    }

    fn text(_: &State, _: Decision, c: Choice) -> Option<String> {
        (c == Choice::Done).then(|| "end the migration".into())
    }
}

impl QuickAnswers for Migration {
    /// Forced to done when no migration is left or no species can move.
    fn forced(s: &State, d: Decision) -> Option<Forced> {
        let Decision::Migrate { animal, left } = d else {
            return None;
        };
        only_unless(left > 0 && any_move(s, animal), Choice::Done)
    }
}
