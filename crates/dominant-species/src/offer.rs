//! Pieces shared by the action, card and phase modules: the quick answers
//! the engine asks of a decision module besides its contract, choices that
//! several decisions offer, and the wording of a refusal.

use crate::data::{Animal, Element};
use crate::queries::hex;
use crate::state::{Choice, State};
use crate::DominantSpecies;
use eons_core::{DecisionModule, GameRng, HexId, Refusal};
use std::fmt::Display;

/// What the engine's turn sequence needs to know of a pending decision:
/// `None` when it is a real decision, `Some(None)` when it has no option at
/// all, `Some(Some(c))` when its only option is `c`, a skip or a done.
pub(crate) type Forced = Option<Option<Choice>>;

/// The quick answers a decision module may give besides the contract of
/// [`DecisionModule`], each without listing the legal choices: they are
/// why the engine is fast. Each answers `None` by default, "no quick
/// answer": the engine then reads the answer off the list.
pub(crate) trait QuickAnswers: DecisionModule<DominantSpecies> {
    /// Whether `decision` is forced (see [`Forced`]), when the module knows
    /// without listing (debug builds check it against the list).
    fn forced(state: &State, decision: Self::Decision) -> Option<Forced> {
        let _ = (state, decision);
        None
    }

    /// The choice the list of legal choices would hold at
    /// `rng.index(len)`, drawn with that very call (`Some(None)`, and no
    /// draw, when nothing is legal), when the module knows without listing.
    fn draw(state: &State, decision: Self::Decision, rng: &mut GameRng) -> Option<Option<Choice>> {
        let _ = (state, decision, rng);
        None
    }
}

/// The quick [`Forced`] answer of a decision that always offers `only` (a
/// skip or a done): forced to `only` unless `any` (it offers more).
pub(crate) fn only_unless(any: bool, only: Choice) -> Option<Forced> {
    Some((!any).then_some(Some(only)))
}

/// Offers each of `choices` in turn; true as soon as `offer` is.
pub(crate) fn offer_all<F: FnMut(Choice) -> bool>(
    choices: impl IntoIterator<Item = Choice>,
    offer: &mut F,
) -> bool {
    choices.into_iter().any(offer)
}

/// The refusal of a choice that is not among those offered: `asks` says in
/// words what the pending decision asks for.
pub(crate) fn not_offered(rule: &'static str, asks: impl Display) -> Refusal {
    Refusal::new(
        rule,
        format!("{asks}; that is not one of the choices offered"),
    )
}

/// Offers one `Choice::Element` per type with at least one disk in
/// `counts`; true as soon as `offer` is.
pub(crate) fn offer_elements<F: FnMut(Choice) -> bool>(counts: &[u8; 6], offer: &mut F) -> bool {
    let elements = Element::ALL.into_iter().filter(|e| counts[e.index()] > 0);
    offer_all(elements.map(Choice::Element), offer)
}

/// Offers one `Choice::Element` per type with at least one disk in the
/// draw bag; true as soon as `offer` is.
pub(crate) fn offer_bag_elements<F: FnMut(Choice) -> bool>(s: &State, offer: &mut F) -> bool {
    let elements = Element::ALL
        .into_iter()
        .filter(|e| s.bag.count(e.index()) > 0);
    offer_all(elements.map(Choice::Element), offer)
}

/// Offers the element choices for an animal's added disks (never the
/// defaults); true as soon as `offer` is.
pub(crate) fn offer_added<F: FnMut(Choice) -> bool>(s: &State, a: Animal, offer: &mut F) -> bool {
    offer_elements(&s.animals[a.index()].added, offer)
}

/// Offers the victims on `h` for `actor`: every other animal with species
/// there; true as soon as `offer` is.
pub(crate) fn offer_victims<F: FnMut(Choice) -> bool>(
    s: &State,
    h: HexId,
    actor: Animal,
    offer: &mut F,
) -> bool {
    offer_species_on(s, h, Some(actor), offer)
}

/// Offers every animal with species on `h`, except `spare`; true as soon
/// as `offer` is.
pub(crate) fn offer_species_on<F: FnMut(Choice) -> bool>(
    s: &State,
    h: HexId,
    spare: Option<Animal>,
    offer: &mut F,
) -> bool {
    let animals = Animal::ALL
        .into_iter()
        .filter(|&a| Some(a) != spare && s.earth.species(h, a.index()) > 0);
    offer_all(
        animals.map(|animal| Choice::Species {
            hex: hex(h),
            animal,
        }),
        offer,
    )
}
