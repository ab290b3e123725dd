//! Decisions: the exact list of legal choices for the decision awaited, what each choice does,
//! and which rule forbids a choice that is not legal. This module only dispatches: each
//! decision belongs to the module of its action, card family or phase (see the table in the
//! crate documentation), which owns its legal choices, its resolution and its rule text.

use crate::actions::{self, adapt, migrate, populate, shed, survive, window};
use crate::ages;
use crate::cards::{ambush, contest, fat_reserves, movement, senses, status};
use crate::data::Data;
use crate::phases;
use crate::state::{Choice, Decision, Event, State};
use eons_core::Refusal;

/// Appends every legal choice of the decision awaited.
pub fn legal(s: &State, d: &Data, out: &mut Vec<Choice>) {
    let Some(dec) = s.decision else {
        return;
    };
    match dec {
        Decision::Place(_) => phases::legal_place(s, d, out),
        Decision::Discard(seat) => phases::legal_discard(s, seat, out),
        Decision::Turn {
            seat,
            acted,
            forced,
        } => actions::legal(s, d, seat, acted, forced, out),
        Decision::EvolvePay(seat) => adapt::legal_payment(s, seat, out),
        Decision::SpecialSwap(seat) => adapt::legal_special_swap(s, seat, out),
        Decision::Toxify(seat) => adapt::legal_toxify(s, seat, out),
        Decision::Venom(seat) => status::legal_venom(s, seat, out),
        Decision::ExtraPopulate(seat) => populate::targets(s, d, seat, out),
        Decision::PopulatedToxic(_) => populate::legal_toxic(out),
        Decision::DrawOnWin(_) => phases::legal_draw_on_win(out),
        Decision::SurviveMore(_) => survive::legal_more(out),
        Decision::ShedMore(seat) => shed::legal_more(s, seat, out),
        Decision::ExtraStep(seat) => movement::legal(s, d, seat, out),
        Decision::AmbushOwn(seat) => ambush::legal_own(s, seat, out),
        Decision::AmbushTarget(seat, own) => ambush::legal_target(s, seat, own, out),
        Decision::Peek(seat) => senses::legal(s, seat, out),
        Decision::FatReserves(seat) => fat_reserves::legal(s, seat, out),
        Decision::Parasites(seat) => status::legal_parasites(s, seat, out),
        Decision::Niche0Attack(seat) => migrate::legal_niche0_attack(s, seat, out),
        Decision::ContestCards(seat) => contest::legal_cards(s, d, seat, out),
        Decision::Escape(seat) => contest::legal_escape(s, d, seat, out),
        Decision::Hunger { seat, region, .. } => phases::legal_hunger(s, d, seat, region, out),
        Decision::EndWindow(seat) => window::legal(s, d, seat, out),
        Decision::AgePlace(_)
        | Decision::AgeLose(_)
        | Decision::AgeToll(_)
        | Decision::AgeMigrate(_)
        | Decision::AgePopulate(_) => ages::legal(s, d, dec, out),
    }
}

/// True if `c` is one of the choices [`legal`] lists now; `buf` is scratch space. On a turn
/// only the choices that may be `c` are listed ([`actions::legal_like`]); every other
/// decision lists all its choices.
pub fn is_legal(s: &State, d: &Data, c: Choice, buf: &mut Vec<Choice>) -> bool {
    buf.clear();
    match s.decision {
        Some(Decision::Turn {
            seat,
            acted,
            forced,
        }) => actions::legal_like(s, d, seat, acted, forced, c, buf),
        _ => legal(s, d, buf),
    }
    buf.contains(&c)
}

/// Applies a legal choice (the caller has checked it is in [`legal`]).
pub fn resolve(s: &mut State, d: &Data, c: Choice, ev: &mut Vec<Event>) {
    let Some(dec) = s.decision.take() else {
        return;
    };
    match dec {
        Decision::Place(seat) => phases::resolve_place(s, seat, c, ev),
        Decision::Discard(seat) => phases::resolve_discard(s, seat, c, ev),
        Decision::Turn { seat, acted, .. } => actions::resolve(s, d, seat, acted, c, ev),
        Decision::EvolvePay(seat) => adapt::resolve_payment(s, seat, c, ev),
        Decision::SpecialSwap(seat) => adapt::resolve_special_swap(s, seat, c, ev),
        Decision::Toxify(seat) => adapt::resolve_toxify(s, seat, c, ev),
        Decision::Venom(seat) => status::resolve_venom(s, seat, c, ev),
        Decision::ExtraPopulate(seat) => populate::resolve_extra(s, d, seat, c, ev),
        Decision::PopulatedToxic(seat) => populate::resolve_toxic(s, seat, c, ev),
        Decision::DrawOnWin(seat) => phases::resolve_draw_on_win(s, seat, c, ev),
        Decision::SurviveMore(seat) => survive::resolve_more(s, d, seat, c, ev),
        Decision::ShedMore(seat) => shed::resolve_more(s, d, seat, c, ev),
        Decision::ExtraStep(seat) => movement::resolve(s, d, seat, c, ev),
        Decision::AmbushOwn(seat) => ambush::resolve_own(s, seat, c),
        Decision::AmbushTarget(seat, own) => ambush::resolve_target(s, d, seat, own, c, ev),
        Decision::Peek(seat) => senses::resolve(s, seat, c, ev),
        Decision::FatReserves(seat) => fat_reserves::resolve(s, seat, c),
        Decision::Parasites(seat) => status::resolve_parasites(s, seat, c, ev),
        Decision::Niche0Attack(seat) => migrate::resolve_niche0_attack(s, d, seat, c, ev),
        Decision::ContestCards(seat) => contest::resolve_cards(s, d, seat, c, ev),
        Decision::Escape(seat) => contest::resolve_escape(s, d, seat, c, ev),
        Decision::Hunger { seat, region, owed } => {
            phases::resolve_hunger(s, seat, region, owed, c, ev)
        }
        Decision::EndWindow(seat) => window::resolve(s, d, seat, c, ev),
        Decision::AgePlace(_)
        | Decision::AgeLose(_)
        | Decision::AgeToll(_)
        | Decision::AgeMigrate(_)
        | Decision::AgePopulate(_) => ages::resolve(s, d, dec, c, ev),
    }
}

/// The rule that forbids a choice which is not legal now.
pub fn explain(s: &State, d: &Data, c: Choice) -> Refusal {
    let Some(dec) = s.decision else {
        return Refusal::game_over();
    };
    match dec {
        Decision::Turn {
            seat,
            acted,
            forced,
        } => actions::refuse(s, d, seat, acted, forced, c),
        Decision::Place(_)
        | Decision::Discard(_)
        | Decision::Hunger { .. }
        | Decision::DrawOnWin(_) => phases::refuse(dec),
        Decision::EvolvePay(_) | Decision::SpecialSwap(_) | Decision::Toxify(_) => {
            adapt::refuse_decision(dec)
        }
        Decision::ExtraPopulate(_) | Decision::PopulatedToxic(_) => populate::refuse_decision(dec),
        Decision::SurviveMore(_) => survive::refuse_more(),
        Decision::ShedMore(_) => shed::refuse_more(),
        Decision::ExtraStep(_) => movement::refuse(),
        Decision::AmbushOwn(_) | Decision::AmbushTarget(..) => ambush::refuse(dec),
        Decision::Peek(_) => senses::refuse(),
        Decision::FatReserves(_) => fat_reserves::refuse(),
        Decision::Parasites(_) | Decision::Venom(_) => status::refuse(dec),
        Decision::Niche0Attack(_) => migrate::refuse_niche0_attack(),
        Decision::ContestCards(_) | Decision::Escape(_) => contest::refuse(dec),
        Decision::EndWindow(_) => window::refuse(),
        Decision::AgePlace(_)
        | Decision::AgeLose(_)
        | Decision::AgeToll(_)
        | Decision::AgeMigrate(_)
        | Decision::AgePopulate(_) => ages::refuse(dec),
    }
}
