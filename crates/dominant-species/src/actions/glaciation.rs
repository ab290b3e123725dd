//! Glaciation (p.13), also performed by the Ice Sheet card (p.19): cover a
//! tile next to tundra with a tundra tile, clear elements surrounded by
//! tundra, score the bonus and send the species back. Only the AP on the
//! first space acts; the others slide left at Reseed (reference A5, A6).

use crate::cards;
use crate::data::{Animal, Terrain};
use crate::offer::not_offered;
use crate::offer::offer_all;
use crate::offer::QuickAnswers;
use crate::queries::{board_id, hex};
use crate::space::Section;
use crate::state::{Choice, Decision, Event, State, VpCause};
use crate::texts::hex_label;
use crate::texts::place_in;
use crate::DominantSpecies;
use eons_core::refusal_from_rule;
use eons_core::DecisionModule;
use eons_core::{bonus_vp, CornerId, HexId, Refusal};
use eons_earth::grid;

/// The rule this action's refusals name.
pub(crate) const RULE: &str = "Glaciation (p.13)";

/// The decision the action starts with.
pub(crate) fn start(a: Animal) -> Decision {
    Decision::Glaciate {
        animal: a,
        card: false,
    }
}

/// Every tile next to tundra while tundra tiles last; the action (not the
/// card) may be forfeited.
fn legal(s: &State, card: bool, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    if s.tundra_left > 0 && offer_all(s.glaciation_targets().map(|h| Choice::Tile(hex(h))), offer) {
        return true;
    }
    if !card && offer(Choice::Skip) {
        return true;
    }
    false
}

/// Resolves a legal choice.
fn resolve(s: &mut State, animal: Animal, card: bool, c: Choice, ev: &mut Vec<Event>) {
    match c {
        Choice::Tile(h) => {
            if let Some(h) = board_id(h) {
                glaciate(s, animal, h, ev);
            }
        }
        Choice::Skip => {
            let section = if card {
                Section::Domination
            } else {
                Section::Glaciation
            };
            s.forfeit(animal, section, ev);
        }
        _ => {}
    }
}

/// Performs Glaciation steps 2–7 on `h` for `a` (p.13).
fn glaciate(s: &mut State, a: Animal, h: HexId, ev: &mut Vec<Event>) {
    let was = s.terrain(h);
    let lifted = s.earth.species_on(h);
    for (i, &k) in lifted.iter().enumerate() {
        s.earth.remove_species(h, i, k);
    }
    s.earth.set_tile(h, Some(Terrain::Tundra));
    s.tundra_left = s.tundra_left.saturating_sub(1);
    ev.push(Event::Glaciated { hex: hex(h), was });
    // Step 4: every element of earth surrounded by exactly three tundra tiles, not only
    // those on the new tundra's corners: Abundance may have put one between three tundra
    // tiles since the last Glaciation.
    for c in (0..grid().corner_count() as u8).map(CornerId) {
        if s.earth.element(c).is_none() {
            continue;
        }
        let tundra = s
            .earth
            .tiles_at(c)
            .filter(|&x| s.terrain(x) == Some(Terrain::Tundra))
            .count();
        if tundra == 3 {
            s.element_from_earth(c, ev);
        }
    }
    // Step 5: bonus VPs for adjacent tundra tiles.
    let adj = s
        .earth
        .adjacent_tiles(h)
        .filter(|&x| s.terrain(x) == Some(Terrain::Tundra))
        .count() as u32;
    s.gain_vp(a, bonus_vp(adj), VpCause::Glaciation, ev);
    // Steps 6–7: one of each animal back, the rest to the gene pools.
    for b in Animal::ALL {
        let k = lifted[b.index()];
        if k == 0 {
            continue;
        }
        s.earth.add_species(h, b.index(), 1);
        if k > 1 {
            s.animals[b.index()].gene_pool += k - 1;
            ev.push(Event::SpeciesToGenePool {
                animal: b,
                hex: hex(h),
                terrain: Some(Terrain::Tundra),
                count: k - 1,
            });
        }
    }
}

/// Why `c` is refused.
fn refusal(s: &State, card: bool, c: Choice) -> Refusal {
    let rule = if card { cards::ice_sheet::RULE } else { RULE };
    match c {
        Choice::Tile(_) if s.tundra_left == 0 => {
            Refusal::new(rule, "no tundra tile is left to place")
        }
        Choice::Tile(h) => Refusal::new(
            rule,
            format!(
                "{} is not a tile next to tundra that is not tundra itself",
                hex_label(h)
            ),
        ),
        Choice::Skip if card => Refusal::new(rule, "the card's Glaciation cannot be forfeited"),
        _ if card => not_offered(rule, "choose a tile next to tundra to glaciate"),
        _ => not_offered(rule, "choose a tile next to tundra to glaciate, or forfeit"),
    }
}

/// Glaciation as a decision module: [`Decision::Glaciate`], the tile to
/// glaciate, for the action or for the Ice Sheet card.
pub(crate) struct Glaciation;

impl DecisionModule<DominantSpecies> for Glaciation {
    type Decision = Decision;

    fn rule(d: Decision) -> &'static str {
        match d {
            Decision::Glaciate { card: true, .. } => {
                "Ice Sheet (p.19): choose a tile next to tundra to glaciate"
            }
            _ => "Glaciation (p.13): choose a tile next to tundra to glaciate, or forfeit",
        }
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, d: Decision, offer: &mut F) -> bool {
        let Decision::Glaciate { card, .. } = d else {
            return false;
        };
        legal(s, card, offer)
    }

    fn apply(s: &mut State, d: Decision, c: Choice, ev: &mut Vec<Event>) {
        if let Decision::Glaciate { animal, card } = d {
            resolve(s, animal, card, c, ev);
        }
    }

    fn refusal(s: &State, d: Decision, c: Choice) -> Refusal {
        let Decision::Glaciate { card, .. } = d else {
            return refusal_from_rule(Self::rule(d));
        };
        refusal(s, card, c)
    }

    fn text(s: &State, _: Decision, c: Choice) -> Option<String> {
        match c {
            Choice::Skip => Some("forfeit the action".into()),
            Choice::Tile(h) => Some(format!("glaciate {}", place_in(s, h))),
            _ => None,
        }
    }
}

impl QuickAnswers for Glaciation {}
