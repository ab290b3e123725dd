//! Competition (p.15): eliminate opposing species on a tile (the special
//! space: on two tiles of any terrain).

use crate::data::data;
use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::queries::{occupies, terrain_at, tiles};
use crate::state::State;
use crate::types::{Action, Animal};
use crate::words::tile_at;
use crate::Marine;
use eons_core::DecisionModule;

/// The decisions of Competition (p.15): one [`DecisionModule`] answers for them all.
pub(crate) struct Competition;

impl DecisionModule<Marine> for Competition {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        match top {
        Competition { .. } => "Competition (p.15): choose a tile of the space's terrain holding your species, or forfeit",
        CompetitionSpecial { .. } => "Competition (p.15): choose a tile holding your species (two at most), or stop",
        CompetitionEliminate { .. } => "Competition (p.15): eliminate an opposing species on the tile, or stop",
        _ => AUTOMATIC,
    }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        let d = data();
        match top {
            Competition { a, terrain, .. } => {
                if let Some(t) = terrain {
                    for h in tiles(s) {
                        if terrain_at(s, h) == Some(t) && occupies(s, a, h) {
                            offer!(f, Choice::Hex(h));
                        }
                    }
                }
                offer!(f, Choice::Forfeit);
            }
            CompetitionSpecial { a, second } => {
                let need = d.rules.competition_special_needs_presence;
                for h in tiles(s) {
                    if !need || occupies(s, a, h) {
                        offer!(f, Choice::Hex(h));
                    }
                }
                offer!(
                    f,
                    if second {
                        Choice::Done
                    } else {
                        Choice::Forfeit
                    }
                );
            }
            CompetitionEliminate { a, hex, left, .. } => {
                if left > 0 {
                    for b in Animal::ALL {
                        if *b != a && occupies(s, *b, hex) {
                            offer!(f, Choice::Animal(*b));
                        }
                    }
                }
                offer!(f, Choice::Done);
            }
            _ => {}
        }
        false
    }

    /// Carries out a legal choice of this decision (its frame already popped).
    fn apply(s: &mut State, top: Decision, c: Choice, ev: &mut Vec<Event>) {
        use Decision::*;
        let d = data();
        match (top, c) {
            (Competition { a, n, .. }, Choice::Hex(h)) => s.stack.push(CompetitionEliminate {
                a,
                hex: h,
                left: n,
                then_second: false,
            }),
            (CompetitionSpecial { a, second }, Choice::Hex(h)) => {
                let n = d
                    .spaces
                    .iter()
                    .find(|x| x.action == Action::Competition && x.special)
                    .map_or(1, |x| x.eliminate);
                s.stack.push(CompetitionEliminate {
                    a,
                    hex: h,
                    left: n,
                    then_second: !second,
                })
            }
            (
                CompetitionEliminate {
                    a,
                    hex,
                    left,
                    then_second,
                },
                Choice::Animal(b),
            ) => {
                s.eliminate(hex, b, 1, Some(a), ev);
                if left > 1 {
                    s.stack.push(CompetitionEliminate {
                        a,
                        hex,
                        left: left - 1,
                        then_second,
                    });
                } else if then_second {
                    s.stack.push(CompetitionSpecial { a, second: true });
                }
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
            (
                Decision::Competition { .. } | Decision::CompetitionSpecial { .. },
                Choice::Hex(h),
            ) => Some(format!("compete on {}", tile_at(s, h))),
            _ => None,
        }
    }
}

/// After a "stop" (`Choice::Done`) on any decision, its frame already popped:
/// stopping the eliminations on the special space's first tile still leaves
/// the second tile to choose (p.15).
pub(crate) fn stopped(s: &mut State, top: Decision) {
    if let Decision::CompetitionEliminate {
        a,
        then_second: true,
        ..
    } = top
    {
        s.stack
            .push(Decision::CompetitionSpecial { a, second: true });
    }
}
