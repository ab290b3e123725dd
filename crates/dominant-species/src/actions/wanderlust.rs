//! Wanderlust (p.14): place a face-up tile from one of the three stacks on a
//! blank hex next to earth, optionally put an element of the leaf squares on
//! one of its corners, score the bonus, then every animal (food-chain order)
//! may move adjacent species onto it.

use crate::data::{Animal, Element};
use crate::offer::{not_offered, push_elements};
use crate::queries::{board_id, corner, hex};
use crate::space::Section;
use crate::state::{Choice, Decision, Event, Stack, State, VpCause};
use crate::texts::hex_label;
use eons_core::{bonus_vp, HexId, Refusal};
use eons_earth::grid;

/// The rule this action's refusals name.
pub(crate) const RULE: &str = "Wanderlust (p.14)";

/// The decision the action starts with.
pub(crate) fn start(a: Animal) -> Decision {
    Decision::WanderStack(a)
}

/// A face-up stack while a blank hex is free, or forfeit.
pub(crate) fn legal_stack(s: &State, out: &mut Vec<Choice>) {
    if s.wanderlust_targets().next().is_some() {
        for stack in Stack::ALL {
            if s.face_up[stack.index()] && !s.stacks[stack.index()].is_empty() {
                out.push(Choice::Stack(stack));
            }
        }
    }
    out.push(Choice::Skip);
}

/// A blank hex next to earth.
pub(crate) fn legal_hex(s: &State, out: &mut Vec<Choice>) {
    out.extend(s.wanderlust_targets().map(|h| Choice::Tile(hex(h))));
}

/// An element of the leaf squares while the new tile has a vacant corner, or none.
pub(crate) fn legal_element(s: &State, h: HexId, out: &mut Vec<Choice>) {
    if grid()
        .corners_of(h)
        .iter()
        .any(|&c| s.earth.corner_vacant(c))
    {
        push_elements(&s.wanderlust, out);
    }
    out.push(Choice::Skip);
}

/// A vacant corner of the new tile.
pub(crate) fn legal_corner(s: &State, h: HexId, out: &mut Vec<Choice>) {
    for c in grid().corners_of(h) {
        if s.earth.corner_vacant(c) {
            out.push(Choice::Corner(corner(c)));
        }
    }
}

/// One of `mover`'s species next to the new tile, or done.
pub(crate) fn legal_move(s: &State, mover: Animal, h: HexId, out: &mut Vec<Choice>) {
    for n in s.earth.adjacent_tiles(h) {
        if s.earth.species(n, mover.index()) > 0 {
            out.push(Choice::Move {
                animal: mover,
                from: hex(n),
                to: hex(h),
            });
        }
    }
    out.push(Choice::Done);
}

/// Resolves a legal choice of stack.
pub(crate) fn resolve_stack(s: &mut State, a: Animal, c: Choice, ev: &mut Vec<Event>) {
    match c {
        Choice::Stack(stack) => s.pending = Decision::WanderHex(a, stack),
        Choice::Skip => s.forfeit(a, Section::Wanderlust, ev),
        _ => {}
    }
}

/// Resolves a legal choice of hex for the tile from `stack`.
pub(crate) fn resolve_hex(s: &mut State, a: Animal, stack: Stack, c: Choice, ev: &mut Vec<Event>) {
    if let Choice::Tile(h) = c {
        let (Some(id), Some(t)) = (board_id(h), s.stacks[stack.index()].draw()) else {
            return;
        };
        s.face_up[stack.index()] = false;
        s.earth.set_tile(id, Some(t));
        ev.push(Event::TilePlaced { hex: h, terrain: t });
        s.pending = Decision::WanderElement(a, id);
    }
}

/// Resolves a legal choice of element (or none) for the new tile `h`.
pub(crate) fn resolve_element(s: &mut State, a: Animal, h: HexId, c: Choice, ev: &mut Vec<Event>) {
    match c {
        Choice::Element(e) => s.pending = Decision::WanderCorner(a, h, e),
        Choice::Skip => bonus(s, a, h, ev),
        _ => {}
    }
}

/// Resolves a legal corner of the new tile `h` for `e`.
pub(crate) fn resolve_corner(
    s: &mut State,
    a: Animal,
    h: HexId,
    e: Element,
    c: Choice,
    ev: &mut Vec<Event>,
) {
    if let Choice::Corner(c) = c {
        if let Some(c) = grid().corner_id(c) {
            s.wanderlust[e.index()] -= 1;
            s.element_to_earth(e, c, ev);
        }
        bonus(s, a, h, ev);
    }
}

/// Resolves a legal move onto the new tile `h`, or `mover`'s Done.
pub(crate) fn resolve_move(
    s: &mut State,
    actor: Animal,
    mover: Animal,
    h: HexId,
    c: Choice,
    ev: &mut Vec<Event>,
) {
    match c {
        Choice::Move { from, .. } => {
            if let Some(from) = board_id(from) {
                s.move_species(mover, from, h, ev);
            }
            s.pending = Decision::WanderMove {
                actor,
                mover,
                hex: h,
            };
        }
        Choice::Done => next_mover(s, actor, Some(mover), h),
        _ => {}
    }
}

/// The bonus VPs for the tiles next to the new one, then the moves.
fn bonus(s: &mut State, a: Animal, h: HexId, ev: &mut Vec<Event>) {
    let adj = s.earth.adjacent_tiles(h).count() as u32;
    s.gain_vp(a, bonus_vp(adj), VpCause::Wanderlust, ev);
    next_mover(s, a, None, h);
}

/// Sets the next animal (food-chain order) that may move onto the new tile.
fn next_mover(s: &mut State, actor: Animal, after: Option<Animal>, h: HexId) {
    let start = after.map_or(0, |m| m.index() + 1);
    for a in Animal::ALL.into_iter().skip(start) {
        if s.in_play(a)
            && s.earth
                .adjacent_tiles(h)
                .any(|n| s.earth.species(n, a.index()) > 0)
        {
            s.pending = Decision::WanderMove {
                actor,
                mover: a,
                hex: h,
            };
            return;
        }
    }
}

/// Why `c` is refused while a stack is chosen.
pub(crate) fn refusal_stack(s: &State, c: Choice) -> Refusal {
    match c {
        Choice::Stack(_) if s.wanderlust_targets().next().is_none() => {
            Refusal::new(RULE, "no blank hex next to earth is left")
        }
        Choice::Stack(stack) => Refusal::new(RULE, format!("{stack} has no face-up tile")),
        _ => not_offered(RULE, "choose one of the face-up tiles, or forfeit"),
    }
}

/// Why `c` is refused while the hex is chosen.
pub(crate) fn refusal_hex(c: Choice) -> Refusal {
    match c {
        Choice::Tile(h) => Refusal::new(
            RULE,
            format!(
                "{} is not a blank hex of the board next to a tile",
                hex_label(h)
            ),
        ),
        _ => not_offered(RULE, "choose a blank hex next to earth for the tile"),
    }
}

/// Why `c` is refused while the element for the new tile is chosen.
pub(crate) fn refusal_element(s: &State, c: Choice) -> Refusal {
    match c {
        Choice::Element(e) if s.wanderlust[e.index()] == 0 => Refusal::new(
            RULE,
            format!("no {e} element is on the Wanderlust leaf squares"),
        ),
        _ => not_offered(
            RULE,
            "choose an element of the Wanderlust leaf squares for a vacant corner of the new tile, or none",
        ),
    }
}

/// Why `c` is refused while the corner for `e` is chosen.
pub(crate) fn refusal_corner(e: Element) -> Refusal {
    not_offered(
        RULE,
        format!("choose a vacant corner of the new tile for {e}"),
    )
}

/// Why `c` is refused while `mover` moves species onto the new tile.
pub(crate) fn refusal_move(mover: Animal) -> Refusal {
    not_offered(
        RULE,
        format!("move one of the {mover} next to the new tile onto it, or stop with done"),
    )
}
