//! Wanderlust (p.14): place a face-up tile from one of the three stacks on a
//! blank hex next to earth, optionally put an element of the leaf squares on
//! one of its corners, score the bonus, then every animal (food-chain order)
//! may move adjacent species onto it.

use crate::data::{Animal, Element};
use crate::offer::offer_all;
use crate::offer::QuickAnswers;
use crate::offer::{not_offered, offer_elements};
use crate::queries::{board_id, corner, hex};
use crate::space::Section;
use crate::state::{Choice, Decision, Event, Stack, State, VpCause};
use crate::texts::corner_label;
use crate::texts::hex_label;
use crate::texts::place_of;
use crate::texts::stack_top;
use crate::texts::with_article;
use crate::DominantSpecies;
use eons_core::DecisionModule;
use eons_core::{bonus_vp, HexId, Refusal};
use eons_earth::grid;

/// The rule this action's refusals name.
pub(crate) const RULE: &str = "Wanderlust (p.14)";

/// The decision the action starts with.
pub(crate) fn start(a: Animal) -> Decision {
    Decision::WanderStack(a)
}

/// A face-up stack while a blank hex is free, or forfeit.
fn legal_stack(s: &State, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    if s.wanderlust_targets().next().is_some() {
        for stack in Stack::ALL {
            if s.face_up[stack.index()]
                && !s.stacks[stack.index()].is_empty()
                && offer(Choice::Stack(stack))
            {
                return true;
            }
        }
    }
    if offer(Choice::Skip) {
        return true;
    }
    false
}

/// A blank hex next to earth.
fn legal_hex(s: &State, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    if offer_all(s.wanderlust_targets().map(|h| Choice::Tile(hex(h))), offer) {
        return true;
    }
    false
}

/// An element of the leaf squares while the new tile has a vacant corner, or none.
fn legal_element(s: &State, h: HexId, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    if grid()
        .corners_of(h)
        .iter()
        .any(|&c| s.earth.corner_vacant(c))
        && offer_elements(&s.wanderlust, offer)
    {
        return true;
    }
    if offer(Choice::Skip) {
        return true;
    }
    false
}

/// A vacant corner of the new tile.
fn legal_corner(s: &State, h: HexId, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    for c in grid().corners_of(h) {
        if s.earth.corner_vacant(c) && offer(Choice::Corner(corner(c))) {
            return true;
        }
    }
    false
}

/// One of `mover`'s species next to the new tile, or done.
fn legal_move(s: &State, mover: Animal, h: HexId, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    for n in s.earth.adjacent_tiles(h) {
        if s.earth.species(n, mover.index()) > 0
            && offer(Choice::Move {
                animal: mover,
                from: hex(n),
                to: hex(h),
            })
        {
            return true;
        }
    }
    if offer(Choice::Done) {
        return true;
    }
    false
}

/// Resolves a legal choice of stack.
fn resolve_stack(s: &mut State, a: Animal, c: Choice, ev: &mut Vec<Event>) {
    match c {
        Choice::Stack(stack) => s.pending = Decision::WanderHex(a, stack),
        Choice::Skip => s.forfeit(a, Section::Wanderlust, ev),
        _ => {}
    }
}

/// Resolves a legal choice of hex for the tile from `stack`.
fn resolve_hex(s: &mut State, a: Animal, stack: Stack, c: Choice, ev: &mut Vec<Event>) {
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
fn resolve_element(s: &mut State, a: Animal, h: HexId, c: Choice, ev: &mut Vec<Event>) {
    match c {
        Choice::Element(e) => s.pending = Decision::WanderCorner(a, h, e),
        Choice::Skip => bonus(s, a, h, ev),
        _ => {}
    }
}

/// Resolves a legal corner of the new tile `h` for `e`.
fn resolve_corner(s: &mut State, a: Animal, h: HexId, e: Element, c: Choice, ev: &mut Vec<Event>) {
    if let Choice::Corner(c) = c {
        if let Some(c) = grid().corner_id(c) {
            s.wanderlust[e.index()] -= 1;
            s.element_to_earth(e, c, ev);
        }
        bonus(s, a, h, ev);
    }
}

/// Resolves a legal move onto the new tile `h`, or `mover`'s Done.
fn resolve_move(
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
fn refusal_stack(s: &State, c: Choice) -> Refusal {
    match c {
        Choice::Stack(_) if s.wanderlust_targets().next().is_none() => {
            Refusal::new(RULE, "no blank hex next to earth is left")
        }
        Choice::Stack(stack) => Refusal::new(RULE, format!("{stack} has no face-up tile")),
        _ => not_offered(RULE, "choose one of the face-up tiles, or forfeit"),
    }
}

/// Why `c` is refused while the hex is chosen.
fn refusal_hex(c: Choice) -> Refusal {
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
fn refusal_element(s: &State, c: Choice) -> Refusal {
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
fn refusal_corner(e: Element) -> Refusal {
    not_offered(
        RULE,
        format!("choose a vacant corner of the new tile for {e}"),
    )
}

/// Why `c` is refused while `mover` moves species onto the new tile.
fn refusal_move(mover: Animal) -> Refusal {
    not_offered(
        RULE,
        format!("move one of the {mover} next to the new tile onto it, or stop with done"),
    )
}

/// Wanderlust as a decision module: [`Decision::WanderStack`] (the tile),
/// [`Decision::WanderHex`] (its hex), [`Decision::WanderElement`] and
/// [`Decision::WanderCorner`] (the element for it) and
/// [`Decision::WanderMove`] (each animal's moves onto it).
pub(crate) struct Wanderlust;

impl DecisionModule<DominantSpecies> for Wanderlust {
    type Decision = Decision;

    fn rule(d: Decision) -> &'static str {
        match d {
            Decision::WanderHex(..) => {
                "Wanderlust (p.14): choose a blank hex next to earth for the tile"
            }
            Decision::WanderElement(..) => {
                "Wanderlust (p.14): choose an element of the Wanderlust leaf squares for a vacant corner of the new tile, or none"
            }
            Decision::WanderCorner(..) => {
                "Wanderlust (p.14): choose a vacant corner of the new tile for the element"
            }
            Decision::WanderMove { .. } => {
                "Wanderlust (p.14): move one of your species next to the new tile onto it, or stop with done"
            }
            _ => "Wanderlust (p.14): choose one of the face-up tiles, or forfeit",
        }
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, d: Decision, offer: &mut F) -> bool {
        match d {
            Decision::WanderStack(_) => legal_stack(s, offer),
            Decision::WanderHex(..) => legal_hex(s, offer),
            Decision::WanderElement(_, h) => legal_element(s, h, offer),
            Decision::WanderCorner(_, h, _) => legal_corner(s, h, offer),
            Decision::WanderMove { mover, hex, .. } => legal_move(s, mover, hex, offer),
            _ => false,
        }
    }

    fn apply(s: &mut State, d: Decision, c: Choice, ev: &mut Vec<Event>) {
        match d {
            Decision::WanderStack(a) => resolve_stack(s, a, c, ev),
            Decision::WanderHex(a, i) => resolve_hex(s, a, i, c, ev),
            Decision::WanderElement(a, h) => resolve_element(s, a, h, c, ev),
            Decision::WanderCorner(a, h, e) => resolve_corner(s, a, h, e, c, ev),
            Decision::WanderMove { actor, mover, hex } => resolve_move(s, actor, mover, hex, c, ev),
            _ => {}
        }
    }

    fn refusal(s: &State, d: Decision, c: Choice) -> Refusal {
        match d {
            Decision::WanderHex(..) => refusal_hex(c),
            Decision::WanderElement(..) => refusal_element(s, c),
            Decision::WanderCorner(_, _, e) => refusal_corner(e),
            Decision::WanderMove { mover, .. } => refusal_move(mover),
            _ => refusal_stack(s, c),
        }
    }

    fn text(s: &State, d: Decision, c: Choice) -> Option<String> {
        match (d, c) {
            (Decision::WanderStack(_), Choice::Skip) => Some("forfeit the action".into()),
            (Decision::WanderElement(..), Choice::Skip) => {
                Some("place no element on the new tile".into())
            }
            (Decision::WanderMove { hex, .. }, Choice::Done) => {
                Some(format!("move no more species onto {}", place_of(s, hex)))
            }
            (Decision::WanderElement(..), Choice::Element(e)) => Some(format!(
                "place {} element on the new tile",
                with_article(e.name())
            )),
            (Decision::WanderCorner(_, _, e), Choice::Corner(c)) => {
                Some(format!("place the {e} element on {}", corner_label(c)))
            }
            (Decision::WanderHex(_, stack), Choice::Tile(h)) => Some(match stack_top(s, stack) {
                Some(t) => format!("place the {t} tile on {}", hex_label(h)),
                None => format!("place the tile on {}", hex_label(h)),
            }),
            _ => None,
        }
    }
}

impl QuickAnswers for Wanderlust {}
