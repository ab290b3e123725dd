//! Tectonics (p.14) and the Tectonics of Volcanism (p.20): a Vent on a tile,
//! its bonus, the species that stay and the one placed.

use crate::data::data;
use crate::decision::{Choice, Decision, TectonicsMode, AUTOMATIC};
use crate::effects::push_camouflage;
use crate::events::{Event, VpCause};
use crate::queries::terrain_at;
use crate::state::State;
use crate::types::{Animal, Face, Terrain, Tile};
use crate::words::tile_at;
use crate::Marine;
use eons_core::DecisionModule;
use eons_core::HexId;

/// The decisions of Tectonics (p.14): one [`DecisionModule`] answers for them all.
pub(crate) struct Tectonics;

impl DecisionModule<Marine> for Tectonics {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        match top {
        Tectonics { mode: TectonicsMode::Basic, .. } => "Tectonics (p.14): choose a non-Vent tile on the edge of the grid, or forfeit",
        Tectonics { mode: TectonicsMode::Special, .. } => "Tectonics (p.14): choose any non-Vent tile (special space: it need not be on the edge), or forfeit",
        Tectonics { mode: TectonicsMode::Seamount, .. } => "Volcanism (p.20): choose any Seamount tile without a Vent, on the edge of the grid or not, for a Tectonics (a card effect: no forfeit)",
        Tectonics { mode: TectonicsMode::Volcano, .. } => "Volcanism (p.20): choose a non-Vent tile on the edge of the grid for a normal Tectonics (a card effect: no forfeit)",
        TectonicsFace { .. } => "Tectonics (p.14): on a centermost hex, choose the Vent's face",
        TectonicsSpecies { .. } => "Tectonics (p.14): place a species from your Gene Pool or one of your eliminated species",
        _ => AUTOMATIC,
    }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        match top {
            Tectonics { mode, .. } => {
                if s.vents_left > 0 {
                    for (h, t) in s.earth.tiles() {
                        let ok = t.vent.is_none()
                            && match mode {
                                TectonicsMode::Basic | TectonicsMode::Volcano => s.on_edge(h),
                                TectonicsMode::Special => true,
                                TectonicsMode::Seamount => t.base == Terrain::Seamount,
                            };
                        if ok {
                            offer!(f, Choice::Hex(h));
                        }
                    }
                }
                if matches!(mode, TectonicsMode::Basic | TectonicsMode::Special) {
                    offer!(f, Choice::Forfeit);
                }
            }
            TectonicsFace { .. } => {
                offer!(f, Choice::Face(Face::Geyser));
                offer!(f, Choice::Face(Face::Smoker));
            }
            TectonicsSpecies { a, .. } => {
                if s.pool[a.index()] > 0 {
                    offer!(f, Choice::FromPool);
                }
                if s.eliminated[a.index()] > 0 {
                    offer!(f, Choice::FromBox);
                }
            }
            _ => {}
        }
        false
    }

    /// Carries out a legal choice of this decision (its frame already popped).
    fn apply(s: &mut State, top: Decision, c: Choice, ev: &mut Vec<Event>) {
        use Decision::*;
        match (top, c) {
            (Tectonics { a, .. }, Choice::Hex(h)) => {
                s.stack.push(TectonicsAfter { a, hex: h });
                match State::half(h) {
                    Some(face) => put_vent(s, h, face, ev),
                    None => s.stack.push(TectonicsFace { a, hex: h }),
                }
            }
            (TectonicsFace { hex, .. }, Choice::Face(face)) => put_vent(s, hex, face, ev),
            (TectonicsSpecies { a, hex }, Choice::FromPool) => {
                s.from_pool(hex, a, 1, true, ev);
            }
            (TectonicsSpecies { a, hex }, Choice::FromBox) => {
                s.eliminated[a.index()] -= 1;
                s.earth.add_species(hex, a.index(), 1);
                ev.push(Event::Revived {
                    animal: a,
                    hex,
                    tile: s.earth.tile(hex),
                });
            }
            _ => {
                // Unreachable for a legal choice; keep the frame so the state stays consistent.
                s.stack.push(top);
            }
        }
    }

    /// This decision's own wording of `c`, where it differs from the
    /// general wording of [`crate::texts::describe_choice`].
    fn text(s: &State, top: Decision, c: Choice) -> Option<String> {
        match (top, c) {
            (Decision::Tectonics { .. }, Choice::Hex(h)) => {
                Some(format!("put a Vent on {}", tile_at(s, h)))
            }
            _ => None,
        }
    }
}

/// Runs this automatic step (its frame already popped).
pub(crate) fn automatic(s: &mut State, step: Decision, ev: &mut Vec<Event>) {
    use Decision::*;
    let d = data();
    if let TectonicsAfter { a, hex } = step {
        let n = 1 + s
            .earth
            .adjacent_tiles(hex)
            .filter(|&h| terrain_at(s, h) == Some(Terrain::Vent))
            .count() as u32;
        let vp = d.bonus_vp(n);
        s.add_vp(a, vp, VpCause::Tectonics, ev);
        // Step 5: one of each animal stays, the rest go back to their Gene Pools.
        for b in Animal::ALL {
            let k = s.earth.species(hex, b.index());
            if k > 1 {
                s.to_pool(hex, *b, k - 1, ev);
            }
        }
        push_camouflage(s, a, hex);
        s.stack.push(TectonicsSpecies { a, hex });
    }
}

/// Places a Vent on a hex (Tectonics step 3).
fn put_vent(s: &mut State, h: HexId, face: Face, ev: &mut Vec<Event>) {
    if let Some(t) = s.earth.tile(h) {
        s.vents_left = s.vents_left.saturating_sub(1);
        s.earth.set_tile(
            h,
            Some(Tile {
                base: t.base,
                vent: Some(face),
            }),
        );
        ev.push(Event::VentPlaced { hex: h, face });
    }
}
