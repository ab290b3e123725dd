//! Domination (p.16): score a tile not yet chosen this turn; its dominant
//! animal then takes a face-up Dominance card, resolved at once (p.18–19).

use crate::cards;
use crate::data::{tile_scores, Animal};
use crate::offer::not_offered;
use crate::queries::{board_id, hex, nth_member};
use crate::space::Section;
use crate::state::{Choice, Decision, Event, State};
use crate::texts::hex_label;
use eons_core::{GameRng, HexId, Refusal};
use eons_earth::mask_ids;

/// The rule this action's refusals name.
pub(crate) const RULE: &str = "Domination (p.16)";

/// The decision the action starts with.
pub(crate) fn start(a: Animal) -> Decision {
    Decision::Dominate(a)
}

/// Every tile not scored this turn, or forfeit.
pub(crate) fn legal_tile(s: &State, out: &mut Vec<Choice>) {
    // A walk of the bit set of tiles not yet scored, in id order (the order
    // of the tiles on earth).
    out.extend(mask_ids(s.earth.tile_mask() & !s.dominated).map(|h| Choice::Tile(hex(h))));
    out.push(Choice::Skip);
}

/// The choice [`legal_tile`] would list at `rng.index(len)`, with that draw.
pub(crate) fn random_tile(s: &State, rng: &mut GameRng) -> Choice {
    let tiles = s.earth.tile_mask() & !s.dominated;
    let k = rng.index(tiles.count_ones() as usize + 1);
    if k == tiles.count_ones() as usize {
        Choice::Skip
    } else {
        Choice::Tile(hex(HexId(nth_member(u128::from(tiles), k) as u8)))
    }
}

/// True when some tile is not yet dominated this action (the decision is
/// more than "skip").
pub(crate) fn any_tile(s: &State) -> bool {
    s.earth.tile_mask() & !s.dominated != 0
}

/// True when `c` is among [`legal_tile`]'s choices, without listing them.
pub(crate) fn is_legal_tile(s: &State, c: Choice) -> bool {
    match c {
        Choice::Skip => true,
        Choice::Tile(h) => board_id(h)
            .is_some_and(|id| s.earth.tile(id).is_some() && s.dominated & (1u64 << id.0) == 0),
        _ => false,
    }
}

/// Every face-up card.
pub(crate) fn legal_card(s: &State, out: &mut Vec<Choice>) {
    out.extend(s.available.iter().flatten().map(|&c| Choice::Card(c)));
}

/// Resolves a legal choice of tile.
pub(crate) fn resolve_tile(s: &mut State, a: Animal, c: Choice, ev: &mut Vec<Event>) {
    match c {
        Choice::Tile(h) => {
            if let Some(id) = board_id(h) {
                s.dominated |= 1u64 << id.0;
                s.score_tile(id, false, ev);
                let any_card = s.available.iter().any(|c| c.is_some());
                if let (Some(d), true) = (s.dominant(id), any_card) {
                    let first = s.terrain(id).map_or(0, |t| tile_scores(t)[0]) as u8;
                    s.pending = Decision::ChooseCard { animal: d, first };
                }
            }
        }
        Choice::Skip => s.forfeit(a, Section::Domination, ev),
        _ => {}
    }
}

/// Resolves a legal choice of card: taken, then resolved.
pub(crate) fn resolve_card(
    s: &mut State,
    animal: Animal,
    first: u8,
    c: Choice,
    ev: &mut Vec<Event>,
) {
    match c {
        Choice::Card(card) => {
            if let Some(slot) = s.available.iter_mut().find(|x| **x == Some(card)) {
                *slot = None;
            }
            s.played.push(card);
            ev.push(Event::CardTaken { animal, card });
            cards::start(s, animal, card, first, ev);
        }
        Choice::Skip => s.forfeit(animal, Section::Domination, ev),
        _ => {}
    }
}

/// Why `c` is refused while the tile is chosen.
pub(crate) fn refusal_tile(c: Choice) -> Refusal {
    match c {
        Choice::Tile(h) => Refusal::new(
            RULE,
            format!(
                "{} is not a tile of earth, or was already scored this turn",
                hex_label(h)
            ),
        ),
        _ => not_offered(RULE, "choose a tile not yet scored this turn, or forfeit"),
    }
}

/// Why `c` is refused while the card is chosen.
pub(crate) fn refusal_card(c: Choice) -> Refusal {
    match c {
        Choice::Card(card) => Refusal::new(
            RULE,
            format!("{card} is not among the face-up Dominance cards"),
        ),
        _ => not_offered(RULE, "take one of the face-up Dominance cards"),
    }
}
