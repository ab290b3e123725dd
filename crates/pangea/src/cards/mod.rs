//! Adaptation cards (rulebook p.21): when an active card's one-off ability can be used, and
//! what using it does. Each card family lives in its own module, which owns the decisions the
//! card asks for, their legal choices, their resolution and the rule its refusals name; this
//! module only checks the card's timing and dispatches on its effect kind.

pub mod ambush;
pub mod breeding;
pub mod contest;
pub mod fat_reserves;
pub mod movement;
pub mod mutation;
pub mod senses;
pub mod status;

use crate::data::{Ability, AdaptationEffect, Data, Timing};
use crate::effects::remove_card;
use crate::queries::group_of;
use crate::state::{AmphibiansAp, Event, State};
use crate::types::AdaptationId;
use eons_core::Refusal;

/// True if an active adaptation card's ability can be used now.
/// `window`: the end-of-action-phase window after passing (any-time cards only).
pub fn usable(
    s: &State,
    d: &Data,
    seat: u8,
    card: AdaptationId,
    acted: bool,
    window: bool,
) -> bool {
    let c = &d.adaptation(card);
    let timing_ok = match c.timing {
        Timing::Contest => false,
        Timing::OwnTurn => !window,
        Timing::AnyTime => true,
    };
    if !timing_ok {
        return false;
    }
    let e = c.effect;
    match e {
        AdaptationEffect::ContestBonus { .. } | AdaptationEffect::Escape {} => contest::usable(e),
        AdaptationEffect::Ambush {} => ambush::usable(s, seat),
        AdaptationEffect::ExtraStep {} | AdaptationEffect::LandBridge {} => {
            movement::usable(s, d, seat, e, acted)
        }
        AdaptationEffect::Nest { .. } | AdaptationEffect::FreePopulate {} => {
            breeding::usable(s, seat, e, acted)
        }
        AdaptationEffect::Peek {} | AdaptationEffect::Premonition { .. } => {
            senses::usable(s, d, seat, e)
        }
        AdaptationEffect::FatReserves {} => fat_reserves::usable(s, seat),
        AdaptationEffect::Parasites {}
        | AdaptationEffect::Recovery {}
        | AdaptationEffect::Venom {} => status::usable(s, seat, e),
        AdaptationEffect::Mutation { .. } => mutation::usable(),
    }
}

/// Uses an active adaptation card's one-off ability (on the seat's turn or end window):
/// "Use the one-off Ability ..., then discard the card" (rulebook p.21). The card is not yet in
/// the discard pile while the ability runs, so Mutation's draw cannot reshuffle it back.
pub fn use_card(s: &mut State, d: &Data, seat: u8, card: AdaptationId, ev: &mut Vec<Event>) {
    take_used(s, seat, card, ev);
    let e = d.adaptation(card).effect;
    match e {
        AdaptationEffect::ContestBonus { .. } | AdaptationEffect::Escape {} => {}
        AdaptationEffect::Ambush {} => ambush::use_card(s, seat),
        AdaptationEffect::ExtraStep {} | AdaptationEffect::LandBridge {} => {
            movement::use_card(s, seat, e)
        }
        AdaptationEffect::Nest { .. } | AdaptationEffect::FreePopulate {} => {
            breeding::use_card(s, seat, e)
        }
        AdaptationEffect::Peek {} | AdaptationEffect::Premonition { .. } => {
            senses::use_card(s, d, seat, e, ev)
        }
        AdaptationEffect::FatReserves {} => fat_reserves::use_card(s, seat),
        AdaptationEffect::Parasites {}
        | AdaptationEffect::Recovery {}
        | AdaptationEffect::Venom {} => status::use_card(s, seat, e, ev),
        AdaptationEffect::Mutation { draw } => mutation::use_card(s, seat, draw, ev),
    }
    discard_used(s, d, seat, card, ev);
}

/// Discards an active card as used (Amphibians gain AP, rulebook p.27).
pub fn spend_card(s: &mut State, d: &Data, seat: u8, card: AdaptationId, ev: &mut Vec<Event>) {
    take_used(s, seat, card, ev);
    discard_used(s, d, seat, card, ev);
}

/// Takes a card being used out of the active zone.
fn take_used(s: &mut State, seat: u8, card: AdaptationId, ev: &mut Vec<Event>) {
    remove_card(&mut s.player_mut(seat).active, card);
    ev.push(Event::UsedCard { seat, card });
}

/// Puts a used card (already out of the active zone) on the discard pile; Amphibians gain AP
/// (p.27), except for a card that arms the next action under `amphibians-ap=after-action`,
/// which gives it in [`ap_after_action`].
fn discard_used(s: &mut State, d: &Data, seat: u8, card: AdaptationId, ev: &mut Vec<Event>) {
    s.discard.push(card);
    if arms_action(d.adaptation(card).effect) && s.setup.amphibians_ap == AmphibiansAp::AfterAction
    {
        return;
    }
    if let Ability::ApOnAbility(n) = d.group(group_of(s, seat)).ability {
        s.add_ap(seat, n as i32, ev);
    }
}

/// True for the cards used before the action they change (Land Bridge, Nesting Site,
/// Fertility): their "requirement" (p.27) is met by that action.
fn arms_action(e: AdaptationEffect) -> bool {
    matches!(
        e,
        AdaptationEffect::LandBridge {}
            | AdaptationEffect::Nest { .. }
            | AdaptationEffect::FreePopulate {}
    )
}

/// Under `amphibians-ap=after-action`, the AP an ability-AP group receives once a Migrate or
/// Populate has used a card armed before it (p.27). Nothing under the default reading, which
/// gave the AP when the card was used.
pub fn ap_after_action(s: &mut State, d: &Data, seat: u8, ev: &mut Vec<Event>) {
    if s.setup.amphibians_ap != AmphibiansAp::AfterAction {
        return;
    }
    if let Ability::ApOnAbility(n) = d.group(group_of(s, seat)).ability {
        s.add_ap(seat, n as i32, ev);
    }
}

/// The refusal of a Use that is not offered on a turn.
pub fn refuse_use() -> Refusal {
    Refusal::new(
        "Adaptation Cards (p.21)",
        "that card is not active or its ability cannot be used now",
    )
}
