//! Abundance (p.11): take an element from the Abundance leaf squares and put
//! it on any vacant corner of earth (reference A9: edge corners included).

use crate::data::{Animal, Element};
use crate::offer::offer_all;
use crate::offer::only_unless;
use crate::offer::Forced;
use crate::offer::QuickAnswers;
use crate::offer::{not_offered, offer_elements};
use crate::queries::nth_member;
use crate::space::Section;
use crate::state::{Choice, Decision, Event, State};
use crate::texts::corner_label;
use crate::texts::with_article;
use crate::DominantSpecies;
use eons_core::DecisionModule;
use eons_core::{CornerId, GameRng, Refusal};
use eons_earth::grid;

/// The rule this action's refusals name.
pub(crate) const RULE: &str = "Abundance (p.11)";

/// The decision the action starts with.
pub(crate) fn start(a: Animal) -> Decision {
    Decision::AbundanceElement(a)
}

/// The element: any on the leaf squares while a corner is vacant, or forfeit.
fn legal_element(s: &State, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    if s.vacant_corners().next().is_some() && offer_elements(&s.abundance, offer) {
        return true;
    }
    if offer(Choice::Skip) {
        return true;
    }
    false
}

/// True when [`legal_element`] offers an element (the decision is more
/// than "skip").
fn any_element(s: &State) -> bool {
    s.vacant_corners().next().is_some() && s.abundance.iter().any(|&n| n > 0)
}

/// True when `c` is among [`legal_element`]'s choices, without listing them.
fn is_legal_element(s: &State, c: Choice) -> bool {
    match c {
        Choice::Skip => true,
        Choice::Element(e) => s.abundance[e.index()] > 0 && s.vacant_corners().next().is_some(),
        _ => false,
    }
}

/// The corner: any vacant corner.
fn legal_corner(s: &State, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    let g = grid();
    if offer_all(
        s.vacant_corners().map(|c| Choice::Corner(g.corner(c))),
        offer,
    ) {
        return true;
    }
    false
}

/// The corner [`legal_corner`] would list at `rng.index(len)`, with that
/// draw (`None`, and no draw, when no corner is vacant).
fn random_corner(s: &State, rng: &mut GameRng) -> Option<Choice> {
    let vacant = s.earth.vacant_corner_mask();
    (vacant != 0).then(|| {
        let k = rng.index(vacant.count_ones() as usize);
        Choice::Corner(grid().corner(CornerId(nth_member(vacant, k) as u8)))
    })
}

/// True when `c` is among [`legal_corner`]'s choices, without listing them.
fn is_legal_corner(s: &State, c: Choice) -> bool {
    match c {
        Choice::Corner(c) => grid()
            .corner_id(c)
            .is_some_and(|id| s.earth.corner_vacant(id)),
        _ => false,
    }
}

/// Resolves a legal choice of element.
fn resolve_element(s: &mut State, a: Animal, c: Choice, ev: &mut Vec<Event>) {
    match c {
        Choice::Element(e) => s.pending = Decision::AbundanceCorner(a, e),
        Choice::Skip => s.forfeit(a, Section::Abundance, ev),
        _ => {}
    }
}

/// Resolves a legal choice of corner for element `e`.
fn resolve_corner(s: &mut State, e: Element, c: Choice, ev: &mut Vec<Event>) {
    if let Choice::Corner(c) = c {
        if let Some(c) = grid().corner_id(c) {
            s.abundance[e.index()] -= 1;
            s.element_to_earth(e, c, ev);
        }
    }
}

/// Why `c` is refused when the element is to be chosen.
fn refusal_element(s: &State, c: Choice) -> Refusal {
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
fn refusal_corner(e: Element, c: Choice) -> Refusal {
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

/// Abundance as a decision module: [`Decision::AbundanceElement`] (the
/// element) and [`Decision::AbundanceCorner`] (its corner).
pub(crate) struct Abundance;

impl DecisionModule<DominantSpecies> for Abundance {
    type Decision = Decision;

    fn rule(d: Decision) -> &'static str {
        match d {
            Decision::AbundanceCorner(..) => {
                "Abundance (p.11): choose a vacant corner of earth for the element"
            }
            _ => "Abundance (p.11): choose an element from the Abundance leaf squares, or forfeit",
        }
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, d: Decision, offer: &mut F) -> bool {
        match d {
            Decision::AbundanceElement(_) => legal_element(s, offer),
            Decision::AbundanceCorner(..) => legal_corner(s, offer),
            _ => false,
        }
    }

    /// Answered without listing.
    fn is_legal(s: &State, d: Decision, c: Choice) -> bool {
        match d {
            Decision::AbundanceElement(_) => is_legal_element(s, c),
            Decision::AbundanceCorner(..) => is_legal_corner(s, c),
            _ => false,
        }
    }

    fn apply(s: &mut State, d: Decision, c: Choice, ev: &mut Vec<Event>) {
        match d {
            Decision::AbundanceElement(a) => resolve_element(s, a, c, ev),
            Decision::AbundanceCorner(_, e) => resolve_corner(s, e, c, ev),
            _ => {}
        }
    }

    fn refusal(s: &State, d: Decision, c: Choice) -> Refusal {
        match d {
            Decision::AbundanceCorner(_, e) => refusal_corner(e, c),
            _ => refusal_element(s, c),
        }
    }

    fn text(_: &State, d: Decision, c: Choice) -> Option<String> {
        match (d, c) {
            (Decision::AbundanceElement(_), Choice::Skip) => Some("forfeit the action".into()),
            (Decision::AbundanceElement(_), Choice::Element(e)) => {
                Some(format!("place {} element on earth", with_article(e.name())))
            }
            (Decision::AbundanceCorner(_, e), Choice::Corner(c)) => {
                Some(format!("place the {e} element on {}", corner_label(c)))
            }
            _ => None,
        }
    }
}

impl QuickAnswers for Abundance {
    /// The element: forced to forfeit when none can be placed; the corner:
    /// nothing to decide when no corner is vacant.
    fn forced(s: &State, d: Decision) -> Option<Forced> {
        match d {
            Decision::AbundanceElement(_) => only_unless(any_element(s), Choice::Skip),
            Decision::AbundanceCorner(..) => {
                Some(s.vacant_corners().next().is_none().then_some(None))
            }
            _ => None,
        }
    }

    /// The corner, drawn from the bit set of vacant corners.
    fn draw(s: &State, d: Decision, rng: &mut GameRng) -> Option<Option<Choice>> {
        match d {
            Decision::AbundanceCorner(..) => Some(random_corner(s, rng)),
            _ => None,
        }
    }
}
