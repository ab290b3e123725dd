//! Domination (p.16): score a tile not yet chosen this turn; its dominant
//! animal then takes a face-up Dominance card, resolved at once (p.18–19).

use crate::cards;
use crate::data::{tile_scores, Animal};
use crate::offer::not_offered;
use crate::offer::offer_all;
use crate::offer::only_unless;
use crate::offer::Forced;
use crate::offer::QuickAnswers;
use crate::queries::{board_id, hex, nth_member};
use crate::space::Section;
use crate::state::{Choice, Decision, Event, State};
use crate::texts::hex_label;
use crate::texts::place_in;
use crate::DominantSpecies;
use eons_core::DecisionModule;
use eons_core::{GameRng, HexId, Refusal};
use eons_earth::mask_ids;

/// The rule this action's refusals name.
pub(crate) const RULE: &str = "Domination (p.16)";

/// The decision the action starts with.
pub(crate) fn start(a: Animal) -> Decision {
    Decision::Dominate(a)
}

/// Every tile not scored this turn, or forfeit.
fn legal_tile(s: &State, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    // A walk of the bit set of tiles not yet scored, in id order (the order
    // of the tiles on earth).
    if offer_all(
        mask_ids(s.earth.tile_mask() & !s.dominated).map(|h| Choice::Tile(hex(h))),
        offer,
    ) {
        return true;
    }
    if offer(Choice::Skip) {
        return true;
    }
    false
}

/// The choice [`legal_tile`] would list at `rng.index(len)`, with that draw.
fn random_tile(s: &State, rng: &mut GameRng) -> Choice {
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
fn any_tile(s: &State) -> bool {
    s.earth.tile_mask() & !s.dominated != 0
}

/// True when `c` is among [`legal_tile`]'s choices, without listing them.
fn is_legal_tile(s: &State, c: Choice) -> bool {
    match c {
        Choice::Skip => true,
        Choice::Tile(h) => board_id(h)
            .is_some_and(|id| s.earth.tile(id).is_some() && s.dominated & (1u64 << id.0) == 0),
        _ => false,
    }
}

/// Every face-up card.
fn legal_card(s: &State, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    if offer_all(
        s.available.iter().flatten().map(|&c| Choice::Card(c)),
        offer,
    ) {
        return true;
    }
    false
}

/// Resolves a legal choice of tile.
fn resolve_tile(s: &mut State, a: Animal, c: Choice, ev: &mut Vec<Event>) {
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
fn resolve_card(s: &mut State, animal: Animal, first: u8, c: Choice, ev: &mut Vec<Event>) {
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
fn refusal_tile(c: Choice) -> Refusal {
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
fn refusal_card(c: Choice) -> Refusal {
    match c {
        Choice::Card(card) => Refusal::new(
            RULE,
            format!("{card} is not among the face-up Dominance cards"),
        ),
        _ => not_offered(RULE, "take one of the face-up Dominance cards"),
    }
}

/// Domination as a decision module: [`Decision::Dominate`] (the tile to
/// score) and [`Decision::ChooseCard`] (the dominant animal's card, whose
/// own steps the card modules rule).
pub(crate) struct Domination;

impl DecisionModule<DominantSpecies> for Domination {
    type Decision = Decision;

    fn rule(d: Decision) -> &'static str {
        match d {
            Decision::ChooseCard { .. } => {
                "Domination (p.16): take one of the face-up Dominance cards"
            }
            _ => "Domination (p.16): choose a tile not yet scored this turn, or forfeit",
        }
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, d: Decision, offer: &mut F) -> bool {
        match d {
            Decision::Dominate(_) => legal_tile(s, offer),
            Decision::ChooseCard { .. } => legal_card(s, offer),
            _ => false,
        }
    }

    /// The tiles at once, from the bit set of tiles not yet scored (room
    /// made once), then the skip.
    fn list(s: &State, d: Decision, out: &mut Vec<Choice>) {
        match d {
            Decision::Dominate(_) => {
                let tiles = mask_ids(s.earth.tile_mask() & !s.dominated);
                out.extend(tiles.map(|h| Choice::Tile(hex(h))));
                out.push(Choice::Skip);
            }
            _ => {
                Self::legal(s, d, &mut |c| {
                    out.push(c);
                    false
                });
            }
        }
    }

    /// The tile is answered without listing.
    fn is_legal(s: &State, d: Decision, c: Choice) -> bool {
        match d {
            Decision::Dominate(_) => is_legal_tile(s, c),
            _ => Self::legal(s, d, &mut |offered| offered == c),
        }
    }

    fn apply(s: &mut State, d: Decision, c: Choice, ev: &mut Vec<Event>) {
        match d {
            Decision::Dominate(a) => resolve_tile(s, a, c, ev),
            Decision::ChooseCard { animal, first } => resolve_card(s, animal, first, c, ev),
            _ => {}
        }
    }

    fn refusal(_: &State, d: Decision, c: Choice) -> Refusal {
        match d {
            Decision::ChooseCard { .. } => refusal_card(c),
            _ => refusal_tile(c),
        }
    }

    fn text(s: &State, d: Decision, c: Choice) -> Option<String> {
        match (d, c) {
            (Decision::Dominate(_), Choice::Skip) => Some("forfeit the action".into()),
            (Decision::Dominate(_), Choice::Tile(h)) => Some(format!("score {}", place_in(s, h))),
            _ => None,
        }
    }
}

impl QuickAnswers for Domination {
    /// The tile: forced to forfeit when every tile was scored.
    fn forced(s: &State, d: Decision) -> Option<Forced> {
        match d {
            Decision::Dominate(_) => only_unless(any_tile(s), Choice::Skip),
            _ => None,
        }
    }

    /// The tile, drawn from the bit set of tiles not yet scored.
    fn draw(s: &State, d: Decision, rng: &mut GameRng) -> Option<Option<Choice>> {
        match d {
            Decision::Dominate(_) => Some(Some(random_tile(s, rng))),
            _ => None,
        }
    }
}
