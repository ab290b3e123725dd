//! Where a decision module puts the legal choices it lists: into a list ([`Vec`]), or offered
//! one by one to a caller that may stop the listing ([`Offering`], what
//! [`eons_core::DecisionModule::legal`] asks for). The listing helpers of the modules push into
//! any [`Listing`], so one listing serves the engine's list of legal choices, the check of one
//! choice and the early stop of "is anything possible" questions.

use crate::state::Choice;

/// Receives the legal choices of a listing, in order.
pub trait Listing {
    /// Takes the next legal choice.
    fn push(&mut self, choice: Choice);
}

impl Listing for Vec<Choice> {
    fn push(&mut self, choice: Choice) {
        Vec::push(self, choice);
    }
}

/// Offers each choice to a caller until it answers true; the choices after that are not
/// offered (the listing itself goes on, and costs only its walk).
pub struct Offering<'a, F: FnMut(Choice) -> bool> {
    /// The caller's answer to each choice offered: true stops the offers.
    offer: &'a mut F,
    /// True once the caller answered true.
    stopped: bool,
}

impl<F: FnMut(Choice) -> bool> Listing for Offering<'_, F> {
    fn push(&mut self, choice: Choice) {
        if !self.stopped {
            self.stopped = (self.offer)(choice);
        }
    }
}

/// Runs `list` with its choices offered to `offer`; true when `offer` stopped the offers (the
/// answer [`eons_core::DecisionModule::legal`] gives).
pub fn offer_each<F: FnMut(Choice) -> bool>(
    offer: &mut F,
    list: impl FnOnce(&mut Offering<'_, F>),
) -> bool {
    let mut offering = Offering {
        offer,
        stopped: false,
    };
    list(&mut offering);
    offering.stopped
}
