//! The decisions the phases ask outside a turn: the starting animals (Game Setup, rulebook
//! p.10), the Inactive-zone limit (Drawing phase, p.17), hunger (Survival phase, p.18) and the
//! Sauropsida's draw after a won contest (rulebook ch. 9). Each is a decision module
//! ([`DecisionModule`]) beside the task that asks it.

use crate::data::{data, Data};
use crate::effects::remove_card;
use crate::listing::{offer_each, Listing};
use crate::queries;
use crate::queries::{distinct, group_of, spots_in};
use crate::state::{Cause, Choice, Decision, Event, Phase, State, Task};
use crate::types::{Animal, Region};
use crate::Pangea;
use eons_core::DecisionModule;

/// [`Task::SetupPlace`]: the player at this initiative position places a starting animal.
pub fn setup_place(s: &mut State, pos: u8) {
    s.phase = Phase::Setup;
    if let Some(&seat) = s.order.get(pos as usize) {
        s.tasks.push(Task::SetupPlace(pos + 1));
        s.decision = Some(Decision::Place(seat));
    }
}

/// Game Setup (rulebook p.10): [`Decision::Place`], a player's starting animal in niche 0 of
/// an available region outside the Subpolar zones.
pub(crate) struct StartingAnimal;

impl DecisionModule<Pangea> for StartingAnimal {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Game Setup (p.10): place your starting animal in niche 0 of an available region outside the Subpolar zones"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, _: Decision, offer: &mut F) -> bool {
        let d = data();
        offer_each(offer, |out| {
            for r in Region::all() {
                if s.available(r) && !queries::subpolar(d, r) {
                    out.push(Choice::Region(r));
                }
            }
        })
    }

    fn apply(s: &mut State, dec: Decision, c: Choice, ev: &mut Vec<Event>) {
        match c {
            Choice::Region(r) => {
                let g = group_of(s, dec.seat());
                s.place_new(r, 0, Animal::new(g), ev);
            }
            _ => s.decision = Some(dec),
        }
    }
}

/// [`Task::HandLimit`]: the Inactive-zone limit (rulebook p.17; ruling D2: applied right after
/// any draw).
pub fn hand_limit(s: &mut State, d: &Data, seat: u8) {
    if s.player(seat).hand.len() > d.rules.hand_limit as usize {
        s.tasks.push(Task::HandLimit(seat));
        s.decision = Some(Decision::Discard(seat));
    }
}

/// The Inactive-zone limit (Drawing phase, rulebook p.17; ruling D2): [`Decision::Discard`],
/// one adaptation card discarded from the Inactive zone at a time.
pub(crate) struct HandLimit;

impl DecisionModule<Pangea> for HandLimit {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Drawing Phase (p.17; ruling D2): discard one adaptation card from your Inactive zone down to the limit"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, dec: Decision, offer: &mut F) -> bool {
        offer_each(offer, |out| {
            distinct(&s.player(dec.seat()).hand, |c| out.push(Choice::Card(c)))
        })
    }

    fn apply(s: &mut State, dec: Decision, c: Choice, ev: &mut Vec<Event>) {
        match c {
            Choice::Card(card) => {
                let seat = dec.seat();
                remove_card(&mut s.player_mut(seat).hand, card);
                s.discard.push(card);
                ev.push(Event::Discarded { seat, card });
            }
            _ => s.decision = Some(dec),
        }
    }
}

/// What a seat owes for hunger in a region: one per liable animal, capped by Estivation.
pub fn hunger_owed(s: &State, d: &Data, seat: u8, region: Region) -> u8 {
    let g = s.player(seat).group;
    if !s.regions_of(g).contains(region) {
        return 0;
    }
    let start = s.animals.partition_point(|p| p.region < region);
    let liable = s.animals[start..]
        .iter()
        .take_while(|p| p.region == region)
        .filter(|p| p.animal.group == g && !queries::hunger_exempt(d, s, seat, p))
        .count() as u8;
    match queries::hunger_cap(d, s.player(seat)) {
        Some(c) => liable.min(c),
        None => liable,
    }
}

/// [`Task::HungerSeat`]: the player at this initiative position pays hunger in the region.
pub fn hunger_seat(s: &mut State, d: &Data, region: Region, pos: u8) {
    let Some(&seat) = s.order.get(pos as usize) else {
        return;
    };
    s.tasks.push(Task::HungerSeat {
        region,
        pos: pos + 1,
    });
    let owed = hunger_owed(s, d, seat, region);
    if owed > 0 {
        s.decision = Some(Decision::Hunger { seat, region, owed });
    }
}

/// Hunger (Survival phase, rulebook p.18): [`Decision::Hunger`], 1 dominance or one of the
/// liable animals per animal owed, asked again while more is owed.
pub(crate) struct Hunger;

impl DecisionModule<Pangea> for Hunger {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Survival Phase (p.18): pay 1 dominance or remove one of your animals in the hungry region"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, dec: Decision, offer: &mut F) -> bool {
        let Decision::Hunger { seat, region, .. } = dec else {
            return false;
        };
        let d = data();
        offer_each(offer, |out| {
            if s.player(seat).dominance > 0 {
                out.push(Choice::PayDominance);
            }
            let g = group_of(s, seat);
            spots_in(
                s,
                region,
                |p| p.animal.group == g && !queries::hunger_exempt(d, s, seat, p),
                |sp| out.push(Choice::Animal(sp)),
            );
        })
    }

    fn apply(s: &mut State, dec: Decision, c: Choice, ev: &mut Vec<Event>) {
        let Decision::Hunger { seat, region, owed } = dec else {
            return;
        };
        match c {
            Choice::PayDominance => s.add_dominance(seat, -1, ev),
            Choice::Animal(sp) => {
                if let Some(i) = s.find_plain(&sp) {
                    s.kill(i, Cause::Hunger, ev);
                }
            }
            _ => {}
        }
        if owed > 1 {
            s.decision = Some(Decision::Hunger {
                seat,
                region,
                owed: owed - 1,
            });
        }
    }

    fn text(_: &State, _: Decision, c: Choice) -> Option<String> {
        match c {
            Choice::Animal(sp) => Some(format!("remove {sp}")),
            _ => None,
        }
    }
}

/// [`Task::DrawOnWin`]: Sauropsida "can" draw on a win (rulebook ch. 9): asked only when a
/// card is left to draw (the deck, or the discard pile to reshuffle).
pub fn offer_draw_on_win(s: &mut State, seat: u8, count: u8) {
    if count > 0 && !(s.deck.is_empty() && s.discard.is_empty()) {
        s.tasks.push(Task::DrawOnWin { seat, count });
        s.decision = Some(Decision::DrawOnWin(seat));
    }
}

/// The Sauropsida's draw after a won contest (rulebook ch. 9): [`Decision::DrawOnWin`],
/// Confirm or Skip; the drawn cards face the hand limit at once.
pub(crate) struct DrawOnWin;

impl DecisionModule<Pangea> for DrawOnWin {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Sauropsida (ch. 9): your animal won the contest: draw an adaptation card, or do not"
    }

    fn legal<F: FnMut(Choice) -> bool>(_: &State, _: Decision, offer: &mut F) -> bool {
        offer(Choice::Confirm) || offer(Choice::Skip)
    }

    fn apply(s: &mut State, dec: Decision, c: Choice, ev: &mut Vec<Event>) {
        match c {
            Choice::Confirm => {
                if let Some(Task::DrawOnWin { seat, count }) = s.tasks.pop() {
                    s.draw_cards(seat, count, ev);
                    s.tasks.push(Task::HandLimit(seat));
                }
            }
            Choice::Skip => {
                s.tasks.pop();
            }
            _ => s.decision = Some(dec),
        }
    }

    fn text(_: &State, _: Decision, c: Choice) -> Option<String> {
        match c {
            Choice::Skip => Some("do not draw an adaptation card".into()),
            Choice::Confirm => Some("draw an adaptation card".into()),
            _ => None,
        }
    }
}
