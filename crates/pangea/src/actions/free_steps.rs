//! The free steps of a turn that cost no action: removing an Inactive marker (rulebook p.16),
//! cashing in an active adaptation card for 1 AP, and the solo objective marker (p.28).

use crate::data::Data;
use crate::effects::set_flag_on;
use crate::listing::Listing;
use crate::queries::{distinct, spots};
use crate::state::{Choice, Event, State, Task};
use crate::types::{flag, AdaptationId, Spot};
use eons_core::Refusal;

/// Unblock: the seat's Inactive animals, when it can pay.
pub fn legal_unblock(s: &State, d: &Data, seat: u8, out: &mut impl Listing) {
    let p = s.player(seat);
    let g = p.group;
    if p.ap >= d.rules.inactive_removal_cost as i32 && s.animals.with_flag(g, flag::INACTIVE) > 0 {
        spots(
            s,
            |q| q.animal.group == g && q.animal.inactive(),
            |sp| out.push(Choice::Unblock(sp)),
        );
    }
}

/// Cash in: each distinct active adaptation card.
pub fn legal_cash_in(s: &State, seat: u8, out: &mut impl Listing) {
    distinct(&s.player(seat).active, |c| out.push(Choice::CashIn(c)));
}

/// The solo objective marker: the bearer has its own marker (ruling G1).
pub fn legal_bearer(s: &State, d: &Data, seat: u8, out: &mut impl Listing) {
    let p = s.player(seat);
    let g = p.group;
    if s.setup.solo() && !s.bearer_on_board() && p.ap >= d.rules.bearer_cost as i32 {
        spots(
            s,
            |q| q.animal.group == g && !q.animal.special(),
            |sp| out.push(Choice::Bearer(sp)),
        );
    }
}

/// Pays to remove an animal's Inactive marker.
pub fn resolve_unblock(
    s: &mut State,
    d: &Data,
    seat: u8,
    acted: bool,
    sp: Spot,
    ev: &mut Vec<Event>,
) {
    s.player_mut(seat).ap -= d.rules.inactive_removal_cost as i32;
    ev.push(Event::Ap {
        seat,
        delta: -(d.rules.inactive_removal_cost as i32),
    });
    set_flag_on(s, &sp, flag::INACTIVE, false, ev);
    s.tasks.push(Task::TurnResume { seat, acted });
}

/// Discards an active adaptation card for 1 AP.
pub fn resolve_cash_in(
    s: &mut State,
    seat: u8,
    acted: bool,
    card: AdaptationId,
    ev: &mut Vec<Event>,
) {
    crate::effects::remove_card(&mut s.player_mut(seat).active, card);
    s.discard.push(card);
    ev.push(Event::Discarded { seat, card });
    s.add_ap(seat, 1, ev);
    s.tasks.push(Task::TurnResume { seat, acted });
}

/// Pays to put the solo objective marker beside an animal.
pub fn resolve_bearer(
    s: &mut State,
    d: &Data,
    seat: u8,
    acted: bool,
    sp: Spot,
    ev: &mut Vec<Event>,
) {
    s.player_mut(seat).ap -= d.rules.bearer_cost as i32;
    ev.push(Event::Ap {
        seat,
        delta: -(d.rules.bearer_cost as i32),
    });
    if let Some(i) = s.find_plain(&sp) {
        let f = s.animals[i].animal.flags | flag::BEARER;
        s.set_flags(i, f);
    }
    ev.push(Event::BearerPlaced(sp));
    s.tasks.push(Task::TurnResume { seat, acted });
}

/// Why an Unblock is refused.
pub fn refuse_unblock() -> Refusal {
    Refusal::new(
        "Inactive (p.16)",
        "pay 1 AP to remove an Inactive marker from one of your Inactive animals",
    )
}

/// Why a Bearer is refused.
pub fn refuse_bearer() -> Refusal {
    Refusal::new(
        "Solo Mode (p.28)",
        "the objective marker costs 1 AP, goes beside one ordinary animal, and only one is on the board",
    )
}
