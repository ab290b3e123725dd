//! The parts of a turn that are not actions: the Planning Phase (p.9) and
//! the Reset Phase's Extinction, Reseed and the final scoring (p.20). The
//! Survival card, scored between Extinction and Reseed, lives with the cards.

pub(crate) mod extinction;
pub(crate) mod final_scoring;
pub(crate) mod planning;
pub(crate) mod reseed;
