//! The decisions the phases ask outside a turn: the starting animals (Game Setup, rulebook
//! p.10), the Inactive-zone limit (Drawing phase, p.17), hunger (Survival phase, p.18) and the
//! Sauropsida's draw after a won contest (rulebook ch. 9). Each has the task that asks it, its
//! legal choices, its resolution and the rule its refusals name.

use crate::board::{distinct, group_of, remove_card, spots_in};
use crate::data::Data;
use crate::queries;
use crate::state::{not_offered, Cause, Choice, Decision, Event, Phase, State, Task};
use crate::types::{Animal, Region};
use eons_core::Refusal;

/// [`Task::SetupPlace`]: the player at this initiative position places a starting animal.
pub fn setup_place(s: &mut State, pos: u8) {
    s.phase = Phase::Setup;
    if let Some(&seat) = s.order.get(pos as usize) {
        s.tasks.push(Task::SetupPlace(pos + 1));
        s.decision = Some(Decision::Place(seat));
    }
}

/// [`Decision::Place`]: the available regions outside the Subpolar zones.
pub fn legal_place(s: &State, d: &Data, out: &mut Vec<Choice>) {
    for r in Region::all() {
        if s.available(r) && !queries::subpolar(d, r) {
            out.push(Choice::Region(r));
        }
    }
}

/// Resolves [`Decision::Place`].
pub fn resolve_place(s: &mut State, seat: u8, c: Choice, ev: &mut Vec<Event>) {
    match c {
        Choice::Region(r) => {
            let g = group_of(s, seat);
            s.place_new(r, 0, Animal::new(g), ev);
        }
        _ => s.decision = Some(Decision::Place(seat)),
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

/// [`Decision::Discard`]: each distinct card of the Inactive zone.
pub fn legal_discard(s: &State, seat: u8, out: &mut Vec<Choice>) {
    distinct(&s.player(seat).hand, |c| out.push(Choice::Card(c)));
}

/// Resolves [`Decision::Discard`].
pub fn resolve_discard(s: &mut State, seat: u8, c: Choice, ev: &mut Vec<Event>) {
    match c {
        Choice::Card(card) => {
            remove_card(&mut s.player_mut(seat).hand, card);
            s.discard.push(card);
            ev.push(Event::Discarded { seat, card });
        }
        _ => s.decision = Some(Decision::Discard(seat)),
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

/// [`Decision::Hunger`]: pay 1 dominance, or remove one of the liable animals.
pub fn legal_hunger(s: &State, d: &Data, seat: u8, region: Region, out: &mut Vec<Choice>) {
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
}

/// Resolves [`Decision::Hunger`]: asks again while more is owed.
pub fn resolve_hunger(
    s: &mut State,
    seat: u8,
    region: Region,
    owed: u8,
    c: Choice,
    ev: &mut Vec<Event>,
) {
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

/// [`Task::DrawOnWin`]: Sauropsida "can" draw on a win (rulebook ch. 9): asked only when a
/// card is left to draw (the deck, or the discard pile to reshuffle).
pub fn offer_draw_on_win(s: &mut State, seat: u8, count: u8) {
    if count > 0 && !(s.deck.is_empty() && s.discard.is_empty()) {
        s.tasks.push(Task::DrawOnWin { seat, count });
        s.decision = Some(Decision::DrawOnWin(seat));
    }
}

/// [`Decision::DrawOnWin`]: Confirm or Skip.
pub fn legal_draw_on_win(out: &mut Vec<Choice>) {
    out.push(Choice::Confirm);
    out.push(Choice::Skip);
}

/// Resolves [`Decision::DrawOnWin`]: the drawn cards face the hand limit at once.
pub fn resolve_draw_on_win(s: &mut State, seat: u8, c: Choice, ev: &mut Vec<Event>) {
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
        _ => s.decision = Some(Decision::DrawOnWin(seat)),
    }
}

/// Why a choice is not one these decisions offer.
pub fn refuse(dec: Decision) -> Refusal {
    match dec {
        Decision::Place(_) => not_offered(
            "Game Setup (p.10)",
            "place your starting animal in niche 0 of an available region outside the Subpolar zones",
        ),
        Decision::Discard(_) => not_offered(
            "Drawing Phase (p.17; ruling D2)",
            "discard one adaptation card from your Inactive zone down to the limit",
        ),
        Decision::Hunger { .. } => not_offered(
            "Survival Phase (p.18)",
            "pay 1 dominance or remove one of your animals in the hungry region",
        ),
        _ => not_offered(
            "Sauropsida (ch. 9)",
            "your animal won the contest: draw an adaptation card, or do not",
        ),
    }
}
