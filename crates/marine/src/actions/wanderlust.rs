//! Wanderlust (p.13): a new tile, its element, its score and the species
//! moving onto it.

use crate::data::data;
use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::effects::{move_species, push_camouflage};
use crate::events::{Event, VpCause};
use crate::queries::{occupies, terrain_at, vacant_hex_adjacent};
use crate::state::{CircleRow, State};
use crate::types::{Action, Animal, Tile};
use crate::words::{circle, corner, hex_label, tile_at};
use crate::Marine;
use eons_core::DecisionModule;
use eons_core::HexId;
use eons_earth::grid;

/// The decisions of Wanderlust (p.13): one [`DecisionModule`] answers for them all.
pub(crate) struct Wanderlust;

impl DecisionModule<Marine> for Wanderlust {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        match top {
        Wanderlust { .. } => "Wanderlust (p.13): take the top tile of a stack, or forfeit",
        WanderlustHex { .. } => {
            "Wanderlust (p.13): place the tile on a vacant hex adjacent to earth"
        }
        WanderlustElement { .. } => {
            "Wanderlust (p.13): choose a Wanderlust element for the new tile, or skip"
        }
        WanderlustCorner { .. } => {
            "Wanderlust (p.13): place the element on a vacant corner of the new tile"
        }
        WanderlustMove { .. } => {
            "Wanderlust (p.13): move your species from adjacent tiles onto the new tile, or stop"
        }
        _ => AUTOMATIC,
    }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        let d = data();
        match top {
            Wanderlust { .. } => {
                if tiles_hex_free(s) {
                    for i in 0..d.stacks as usize {
                        if !s.stacks[i].is_empty() {
                            offer!(f, Choice::Stack(i as u8));
                        }
                    }
                }
                offer!(f, Choice::Forfeit);
            }
            WanderlustHex { .. } => {
                for i in 0..grid().len() {
                    let h = HexId(i as u8);
                    if vacant_hex_adjacent(s, h) {
                        offer!(f, Choice::Hex(h));
                    }
                }
            }
            WanderlustElement { hex, .. } => {
                if s.tile_has_vacant_corner(hex) {
                    for i in 0..d.circles(Action::Wanderlust) {
                        if s.circles[CircleRow::Wanderlust as usize][i].is_some() {
                            offer!(f, Choice::Circle(i as u8));
                        }
                    }
                }
                offer!(f, Choice::Done);
            }
            WanderlustCorner { hex, .. } => {
                for c in grid().corners_of(hex) {
                    if s.earth.element(c).is_none() {
                        offer!(f, Choice::Corner(c));
                    }
                }
            }
            WanderlustMove { a, hex } => {
                for n in s.earth.adjacent_tiles(hex) {
                    if occupies(s, a, n) {
                        offer!(f, Choice::Move { from: n, to: hex });
                    }
                }
                offer!(f, Choice::Done);
            }
            _ => {}
        }
        false
    }

    /// Carries out a legal choice of this decision (its frame already popped).
    fn apply(s: &mut State, top: Decision, c: Choice, ev: &mut Vec<Event>) {
        use Decision::*;
        match (top, c) {
            (Wanderlust { a, special }, Choice::Stack(i)) => {
                if let Some(t) = s.stacks[i as usize].draw() {
                    if let Some(&n) = s.stacks[i as usize].top() {
                        ev.push(Event::StackTop {
                            stack: i,
                            terrain: n,
                        });
                    }
                    if special {
                        s.extra_turn = true;
                    }
                    s.stack.push(WanderlustHex { a, terrain: t });
                }
            }
            (WanderlustHex { a, terrain }, Choice::Hex(h)) => {
                s.earth.set_tile(h, Some(Tile::large(terrain)));
                ev.push(Event::TilePlaced { hex: h, terrain });
                push_camouflage(s, a, h);
                for b in Animal::ALL.iter().rev() {
                    if s.plays(*b) {
                        s.stack.push(WanderlustMove { a: *b, hex: h });
                    }
                }
                s.stack.push(WanderlustScore { a, hex: h });
                s.stack.push(WanderlustElement { a, hex: h });
            }
            (WanderlustElement { a, hex }, Choice::Circle(i)) => {
                s.stack.push(WanderlustCorner { a, hex, circle: i })
            }
            (WanderlustCorner { circle, .. }, Choice::Corner(cn)) => {
                if let Some(el) = s.circles[CircleRow::Wanderlust as usize][circle as usize].take()
                {
                    s.element_to_earth(cn, el, ev);
                }
            }
            (WanderlustMove { a, hex }, Choice::Move { from, to }) => {
                move_species(s, a, from, to, ev);
                s.stack.push(WanderlustMove { a, hex });
            }
            _ => {
                // Unreachable for a legal choice; keep the frame so the state stays consistent.
                s.stack.push(top);
            }
        }
    }

    /// This decision's own wording of `c`, where it differs from the
    /// general wording of [`crate::texts::describe_choice`].
    fn text(s: &State, top: Decision, c: Choice) -> Option<String> {
        match (top, c) {
            (Decision::WanderlustHex { terrain, .. }, Choice::Hex(h)) => {
                Some(format!("place the {terrain} tile on {}", hex_label(h)))
            }
            (Decision::WanderlustCorner { circle: i, .. }, Choice::Corner(k)) => {
                Some(match circle(s, CircleRow::Wanderlust, i) {
                    Some(e) => format!("place the {e} at {}", corner(k)),
                    None => format!("place the element at {}", corner(k)),
                })
            }
            (Decision::WanderlustElement { .. }, Choice::Done) => Some("place no element".into()),
            // The circle, counted from the left, tells apart two circles
            // holding the same element.
            (Decision::WanderlustElement { hex, .. }, Choice::Circle(i)) => {
                let e = circle(s, CircleRow::Wanderlust, i)?;
                Some(format!(
                    "take the {e} from circle {} for {}",
                    i + 1,
                    tile_at(s, hex)
                ))
            }
            _ => None,
        }
    }
}

/// Runs this automatic step (its frame already popped).
pub(crate) fn automatic(s: &mut State, step: Decision, ev: &mut Vec<Event>) {
    use Decision::*;
    let d = data();
    if let WanderlustScore { a, hex } = step {
        if let Some(t) = terrain_at(s, hex) {
            let n = 1 + s
                .earth
                .adjacent_tiles(hex)
                .filter(|&h| terrain_at(s, h) == Some(t))
                .count() as u32;
            let vp = d.bonus_vp(n);
            s.add_vp(a, vp, VpCause::Wanderlust, ev);
        }
    }
}

fn tiles_hex_free(s: &State) -> bool {
    (0..grid().len()).any(|i| vacant_hex_adjacent(s, HexId(i as u8)))
}
