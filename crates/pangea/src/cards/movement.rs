//! Movement cards: Long Migration (one more step for the animal that just migrated) and Land
//! Bridge (the next Migrate ignores red arrows). Long Migration's step is the decision module
//! [`LongMigration`].

use crate::data::{data, AdaptationEffect, Data};
use crate::listing::{offer_each, Listing};
use crate::moves::perform_step;
use crate::queries::{group_of, tracked};
use crate::state::{armed, Choice, Decision, Event, State};
use crate::Pangea;
use eons_core::DecisionModule;

/// True if the card can be used now.
pub fn usable(s: &State, d: &Data, seat: u8, e: AdaptationEffect, acted: bool) -> bool {
    let p = s.player(seat);
    match e {
        AdaptationEffect::ExtraStep {} => {
            acted
                && tracked(s, p.group).is_some_and(|i| {
                    let q = s.animals[i];
                    !q.animal.inactive() && s.can_step(d, &q, false)
                })
        }
        AdaptationEffect::LandBridge {} => !acted && p.armed & armed::LAND_BRIDGE == 0,
        _ => false,
    }
}

/// Using the card: Long Migration asks for the step, Land Bridge arms the next Migrate.
pub fn use_card(s: &mut State, seat: u8, e: AdaptationEffect) {
    match e {
        AdaptationEffect::ExtraStep {} => s.decision = Some(Decision::ExtraStep(seat)),
        AdaptationEffect::LandBridge {} => s.player_mut(seat).armed |= armed::LAND_BRIDGE,
        _ => {}
    }
}

/// Long Migration's step: [`Decision::ExtraStep`], the steps of the animal that just migrated,
/// or Skip.
pub(crate) struct LongMigration;

impl DecisionModule<Pangea> for LongMigration {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Adaptation Cards (p.21): Long Migration: move the animal that just migrated one more step, or skip"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, dec: Decision, offer: &mut F) -> bool {
        offer_each(offer, |out| {
            if let Some(i) = tracked(s, group_of(s, dec.seat())) {
                let p = s.animals[i];
                if !p.animal.inactive() {
                    s.for_each_step(data(), &p, false, |r, n| {
                        out.push(Choice::Move {
                            from: p.spot(),
                            region: r,
                            niche: n,
                        })
                    });
                }
            }
            out.push(Choice::Skip);
        })
    }

    fn apply(s: &mut State, dec: Decision, c: Choice, ev: &mut Vec<Event>) {
        let seat = dec.seat();
        match c {
            Choice::Move { region, niche, .. } => {
                if let Some(i) = tracked(s, group_of(s, seat)) {
                    perform_step(s, data(), seat, i, region, niche, ev);
                }
            }
            Choice::Skip => {}
            _ => s.decision = Some(dec),
        }
    }

    fn text(_: &State, _: Decision, c: Choice) -> Option<String> {
        match c {
            Choice::Skip => Some("skip the extra step".into()),
            _ => None,
        }
    }
}
