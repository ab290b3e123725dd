//! Speciation (p.13; Ecological Niche p.20): place species around an element.

use crate::data::data;
use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::queries::{corner_hexes, terrain_at};
use crate::state::{element_of, CircleRow, State};
use crate::types::{Animal, Element, Trait};
use crate::words::{element_at, tile_at};
use crate::Marine;
use eons_core::DecisionModule;
use eons_core::HexId;

/// The decisions of Speciation (p.13): one [`DecisionModule`] answers for them all.
pub(crate) struct Speciation;

impl DecisionModule<Marine> for Speciation {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        match top {
        Speciation { .. } => "Speciation (p.13): choose an element on earth of the space's type (any type on the special space), or forfeit",
        Speciate { .. } => "Speciation (p.13): place a species on a tile around the element, within its limit, or stop",
        _ => AUTOMATIC,
    }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        match top {
            Speciation { a, circle } => {
                if s.pool[a.index()] > 0 {
                    let want = match circle {
                        Some(i) => s.circles[CircleRow::Speciation as usize][i as usize],
                        None => None,
                    };
                    if circle.is_none() || want.is_some() {
                        for (c, el) in s.earth.elements() {
                            if want.is_none_or(|w| w.index() == el as usize) {
                                offer!(f, Choice::Corner(c));
                            }
                        }
                    }
                }
                offer!(f, Choice::Forfeit);
            }
            Speciate {
                a, corner, left, ..
            } => {
                if s.pool[a.index()] > 0 {
                    for (k, h) in corner_hexes(corner).iter().enumerate() {
                        if let Some(h) = h {
                            if left[k] > 0 && s.earth.tile(*h).is_some() {
                                offer!(f, Choice::Hex(*h));
                            }
                        }
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
            (Speciation { a, .. }, Choice::Corner(cn)) => {
                let el = s
                    .earth
                    .element(cn)
                    .map(element_of)
                    .unwrap_or(Element::Algae);
                let hs = corner_hexes(cn);
                let left = [0, 1, 2].map(|k| speciation_limit(s, a, hs[k], el));
                s.stack.push(Speciate {
                    a,
                    corner: cn,
                    left,
                    credited: 0,
                });
            }
            (
                Speciate {
                    a,
                    corner,
                    mut left,
                    mut credited,
                },
                Choice::Hex(h),
            ) => {
                let hs = corner_hexes(corner);
                if let Some(k) = hs.iter().position(|&x| x == Some(h)) {
                    let credit = credited & (1 << k) == 0;
                    credited |= 1 << k;
                    s.from_pool(h, a, 1, credit, ev);
                    left[k] -= 1;
                }
                s.stack.push(Speciate {
                    a,
                    corner,
                    left,
                    credited,
                });
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
            (Decision::Speciate { .. }, Choice::Hex(h)) => {
                Some(format!("add a species to {}", tile_at(s, h)))
            }
            (Decision::Speciation { .. }, Choice::Corner(k)) => {
                Some(format!("speciate around {}", element_at(s, k)))
            }
            _ => None,
        }
    }
}

/// Speciation limit of a tile for `a` around an element of type `e` (p.13; Ecological Niche p.20).
fn speciation_limit(s: &State, a: Animal, h: Option<HexId>, e: Element) -> u8 {
    let Some(h) = h else { return 0 };
    let Some(t) = terrain_at(s, h) else { return 0 };
    let mut lim = data().terrain[t.index()].speciation as i16;
    let niche = data().trait_data(Trait::EcologicalNiche).count as i16;
    if let Some(ctrl) = s.special_control[e.index()] {
        if s.has_trait(ctrl, Trait::EcologicalNiche) {
            lim += if ctrl == a { niche } else { -niche };
        }
    }
    lim.max(0) as u8
}
