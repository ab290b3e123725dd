//! Abundance (p.11): take an element from the Abundance leaf squares and put
//! it on any vacant corner of earth (reference A9: edge corners included).

use crate::data::{Animal, Element};
use crate::offer::{not_offered, push_elements};
use crate::queries::nth_member;
use crate::space::Section;
use crate::state::{Choice, Decision, Event, State};
use crate::texts::corner_label;
use eons_core::{CornerId, GameRng, Refusal};
use eons_earth::grid;

/// The rule this action's refusals name.
pub(crate) const RULE: &str = "Abundance (p.11)";

/// The decision the action starts with.
pub(crate) fn start(a: Animal) -> Decision {
    Decision::AbundanceElement(a)
}

/// The element: any on the leaf squares while a corner is vacant, or forfeit.
pub(crate) fn legal_element(s: &State, out: &mut Vec<Choice>) {
    if s.vacant_corners().next().is_some() {
        push_elements(&s.abundance, out);
    }
    out.push(Choice::Skip);
}

/// True when [`legal_element`] offers an element (the decision is more
/// than "skip").
pub(crate) fn any_element(s: &State) -> bool {
    s.vacant_corners().next().is_some() && s.abundance.iter().any(|&n| n > 0)
}

/// True when `c` is among [`legal_element`]'s choices, without listing them.
pub(crate) fn is_legal_element(s: &State, c: Choice) -> bool {
    match c {
        Choice::Skip => true,
        Choice::Element(e) => s.abundance[e.index()] > 0 && s.vacant_corners().next().is_some(),
        _ => false,
    }
}

/// The corner: any vacant corner.
pub(crate) fn legal_corner(s: &State, out: &mut Vec<Choice>) {
    let g = grid();
    out.extend(s.vacant_corners().map(|c| Choice::Corner(g.corner(c))));
}

/// The corner [`legal_corner`] would list at `rng.index(len)`, with that
/// draw (`None`, and no draw, when no corner is vacant).
pub(crate) fn random_corner(s: &State, rng: &mut GameRng) -> Option<Choice> {
    let vacant = s.earth.vacant_corner_mask();
    (vacant != 0).then(|| {
        let k = rng.index(vacant.count_ones() as usize);
        Choice::Corner(grid().corner(CornerId(nth_member(vacant, k) as u8)))
    })
}

/// True when `c` is among [`legal_corner`]'s choices, without listing them.
pub(crate) fn is_legal_corner(s: &State, c: Choice) -> bool {
    match c {
        Choice::Corner(c) => grid()
            .corner_id(c)
            .is_some_and(|id| s.earth.corner_vacant(id)),
        _ => false,
    }
}

/// Resolves a legal choice of element.
pub(crate) fn resolve_element(s: &mut State, a: Animal, c: Choice, ev: &mut Vec<Event>) {
    match c {
        Choice::Element(e) => s.pending = Decision::AbundanceCorner(a, e),
        Choice::Skip => s.forfeit(a, Section::Abundance, ev),
        _ => {}
    }
}

/// Resolves a legal choice of corner for element `e`.
pub(crate) fn resolve_corner(s: &mut State, e: Element, c: Choice, ev: &mut Vec<Event>) {
    if let Choice::Corner(c) = c {
        if let Some(c) = grid().corner_id(c) {
            s.abundance[e.index()] -= 1;
            s.element_to_earth(e, c, ev);
        }
    }
}

/// Why `c` is refused when the element is to be chosen.
pub(crate) fn refusal_element(s: &State, c: Choice) -> Refusal {
    match c {
        Choice::Element(_) if s.vacant_corners().next().is_none() => {
            Refusal::new(RULE, "no corner of earth is vacant")
        }
        Choice::Element(e) if s.abundance[e.index()] == 0 => Refusal::new(
            RULE,
            format!("no {e} element is on the Abundance leaf squares"),
        ),
        _ => not_offered(
            RULE,
            "choose an element from the Abundance leaf squares, or forfeit",
        ),
    }
}

/// Why `c` is refused when the corner for `e` is to be chosen.
pub(crate) fn refusal_corner(e: Element, c: Choice) -> Refusal {
    match c {
        Choice::Corner(c) => Refusal::new(
            RULE,
            format!("{} is not a vacant corner touching a tile", corner_label(c)),
        ),
        _ => not_offered(
            RULE,
            format!("choose a vacant corner of earth for the {e} element"),
        ),
    }
}
