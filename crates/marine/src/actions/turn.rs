//! Player turns (p.9-10): placing a pawn (the "after" rule, Flight, Social,
//! special pawns, Bottom Feeder's personal space) and starting the space's
//! action; Retrieve (p.10; Hadopelagic p.21, Ancient Lineage p.20); the end
//! of a turn (extra turns, Exaptation's new trait p.21) and of a round
//! (Reseed, the end of the game).

use crate::data::{data, MAX_SPACES};
use crate::decision::{Choice, Decision, TectonicsMode, ALL, AUTOMATIC};
use crate::events::Event;
use crate::state::{DominationSpaces, Pawn, State, ANIMALS};
use crate::traits;
use crate::types::{Action, Animal, Element, Face, Space, Trait};
use crate::Marine;
use eons_core::GameRng;
use eons_core::{refusal_from_rule, DecisionModule, Refusal};

/// The rule a refused placement names.
const RULE: &str = "Player turns (p.9)";

/// The decisions of a player turn (p.9-10): one [`DecisionModule`] answers for them all.
pub(crate) struct Turn;

impl DecisionModule<Marine> for Turn {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        if let Turn { .. } = top {
            "Player turns (p.9): place an available pawn on a legal space, or retrieve"
        } else {
            AUTOMATIC
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        if let Turn { a } = top {
            if f(Choice::Retrieve) {
                return true;
            }
            let t = TurnCtx::new(s, a);
            // Spaces in display order, each with its basic placement first.
            let mut m = t.basic | t.special;
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                if t.display_space(i, f) {
                    return true;
                }
            }
            if t.personal_space(s, f) {
                return true;
            }
        }
        false
    }

    /// Carries out a legal choice of this decision (its frame already popped).
    fn apply(s: &mut State, top: Decision, c: Choice, ev: &mut Vec<Event>) {
        use Decision::*;
        match (top, c) {
            (Turn { a }, Choice::Place { space, special }) => place(s, a, space, special, ev),
            (Turn { a }, Choice::Retrieve) => retrieve(s, a, ev),
            _ => {
                // Unreachable for a legal choice; keep the frame so the state stays consistent.
                s.stack.push(top);
            }
        }
    }

    /// True when `c` is legal: a placement is checked against the chosen
    /// space's placements only (a turn offers hundreds).
    fn is_legal(s: &State, top: Decision, c: Choice) -> bool {
        match (top, c) {
            (Decision::Turn { a }, Choice::Place { space, .. }) => {
                is_legal_placement(s, a, space, c)
            }
            _ => Self::legal(s, top, &mut |x| x == c),
        }
    }

    /// Why `c` is refused: for a placement, what is wrong with that space
    /// or pawn in words (p.9-10, p.20-21); otherwise what the turn asks.
    fn refusal(s: &State, top: Decision, c: Choice) -> Refusal {
        match (top, c) {
            (Decision::Turn { a }, Choice::Place { space, special }) => {
                Refusal::new(RULE, placement_refusal(s, a, space, special))
            }
            _ => refusal_from_rule(Self::rule(top)),
        }
    }
}

/// What the contract has no place for: drawing a turn's random choice
/// without listing the turn's placements (the engine's fast path for
/// random play).
impl Turn {
    /// The choice [`DecisionModule::legal`] would give at `rng.index(len)` on animal `a`'s
    /// turn, drawn with that very call, without listing: the count comes from
    /// the turn's bit sets of spaces, and only the drawn placement is built.
    pub(crate) fn random_choice(s: &State, a: Animal, rng: &mut GameRng) -> Choice {
        let t = TurnCtx::new(s, a);
        let specials = t.specials.count_ones() as usize;
        let (personal_basic, personal_specials) = t.personal_counts(s, specials);
        let display = t.basic.count_ones() as usize + t.special.count_ones() as usize * specials;
        let total = 1 + display + usize::from(personal_basic) + personal_specials;
        let mut k = rng.index(total);
        // The list's order: Retrieve, the display's spaces in order (each with
        // its basic placement first), then the personal space.
        if k == 0 {
            return Choice::Retrieve;
        }
        k -= 1;
        if k < display {
            let mut spaces = t.basic | t.special;
            while spaces != 0 {
                let i = spaces.trailing_zeros() as usize;
                spaces &= spaces - 1;
                let space = Space::display(i);
                if t.basic & 1 << i != 0 {
                    if k == 0 {
                        return Choice::Place {
                            space,
                            special: None,
                        };
                    }
                    k -= 1;
                }
                if t.special & 1 << i != 0 {
                    if k < specials {
                        return Choice::Place {
                            space,
                            special: t.nth_special(k),
                        };
                    }
                    k -= specials;
                }
            }
        }
        k -= display;
        let space = Space::personal(a);
        if personal_basic {
            if k == 0 {
                return Choice::Place {
                    space,
                    special: None,
                };
            }
            k -= 1;
        }
        Choice::Place {
            space,
            special: t.nth_special(k),
        }
    }
}

/// Runs this automatic step (its frame already popped).
pub(crate) fn automatic(s: &mut State, step: Decision, ev: &mut Vec<Event>) {
    use Decision::*;
    match step {
        EndTurn { a } => {
            s.turns += 1;
            let next = if s.extra_turn {
                s.extra_turn = false;
                ev.push(Event::ExtraTurn { animal: a });
                a
            } else {
                s.next_animal(a)
            };
            s.cur = next;
            s.stack.push(Turn { a: next });
            traits::exaptation::after_action(s, ev);
        }
        AfterRetrieve { a, hadopelagic } => {
            if s.food_right & s.in_play == s.in_play {
                // p.9: the last round stops "when the next Reseed event
                // would have occurred". The round cap counts this round too,
                // so `max-rounds=1` ends round 1 here, without a Reseed (the
                // setup already marked round 1 as the last).
                let cap = s.setup.max_rounds;
                if s.last_round || (cap > 0 && s.reseeds + 1 >= cap) {
                    s.endgame(ev);
                    return;
                }
                s.reseed(ev);
                if !s.last_round && s.no_species_can_return() {
                    // Engine ruling: nothing can change any more, so end as
                    // if the Asteroid had been played.
                    s.last_round = true;
                    ev.push(Event::NoSpeciesLeft {
                        round: s.reseeds + 1,
                    });
                }
                if cap > 0 && s.reseeds + 1 >= cap && !s.last_round {
                    // Engine safeguard, not the Asteroid: say so in the log.
                    s.last_round = true;
                    ev.push(Event::RoundCap {
                        round: s.reseeds + 1,
                        cap,
                    });
                }
            }
            if hadopelagic {
                s.extra_turn = true;
            }
            let _ = a;
        }
        _ => {}
    }
}

/// The display as three bitsets for animal `a` (bit `i` = space `i`, over
/// all `MAX_SPACES` slots of [`State::spaces`]): empty spaces, spaces holding
/// another animal's basic pawn (bumpable), and spaces holding one of `a`'s
/// pawns (its basic pawns and the special pawns it controls).
fn display_sets(s: &State, a: Animal) -> (u64, u64, u64) {
    // The display keeps its spaces by kind of pawn as bit sets.
    let display = &s.spaces;
    let slots = u64::MAX >> (64 - MAX_SPACES);
    let empty = !display.occupied_mask() & slots;
    let own = display.basic_mask(a);
    let bumpable = !empty & !display.special_mask() & !own & slots;
    // The special pawns `a` controls, without a branch on who controls each.
    let mine = Element::ALL.iter().fold(own, |mine, &e| {
        let controls = s.special_control[e.index()] == Some(a);
        mine | display.special_mask_of(e) & 0u64.wrapping_sub(u64::from(controls))
    });
    (empty, bumpable, mine)
}

/// What the "after" rule (p.9) lets a basic pawn of `a` go on, `mine` being
/// `a`'s display spaces: the display spaces after (below) every placed pawn,
/// or with Flight also before (above) them all (every space when nothing is
/// placed), and whether the personal (Bottom Feeder) space, which comes
/// before every display space, is allowed.
fn after_rule(s: &State, a: Animal, mine: u64, flight: bool) -> (u64, bool) {
    let sets = &data().space_sets;
    let on_personal = s
        .personal
        .iter()
        .any(|p| p.is_some_and(|p| s.pawn_is(p, a)));
    // Strictly after every placed pawn, and strictly before them all.
    let mut after = sets.all;
    let mut before = if on_personal { 0 } else { sets.all };
    let mut m = mine;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        after &= sets.after[i];
        before &= sets.before[i];
    }
    let placed = on_personal || mine != 0;
    let display = after | if flight { before } else { 0 };
    (display, !placed || (flight && !on_personal))
}

/// What a turn's pawn placements depend on (p.9), worked out once per turn
/// so that each space's choices can be listed on their own.
struct TurnCtx {
    a: Animal,
    social: bool,
    /// Players in the game: the Domination spaces open by it (p.17), also
    /// when two players control two animals each (p.22).
    players: u8,
    /// The "after" rule's display spaces for a basic pawn (every space when
    /// no basic pawn is available).
    after: u64,
    /// The "after" rule allows a basic pawn on the personal space.
    personal_after: bool,
    /// The animal's special pawns not on the display, bit `i` for the
    /// element type of index `i`.
    specials: u8,
    /// Display spaces taking a basic pawn: usable with this many animals,
    /// not special-only, empty (or, with Social, holding another animal's
    /// basic pawn) and after the placed pawns. Empty without a basic pawn.
    basic: u64,
    /// Display spaces taking a special pawn: usable, empty or holding
    /// another animal's basic pawn. Empty without a special pawn.
    special: u64,
}

impl TurnCtx {
    fn new(s: &State, a: Animal) -> TurnCtx {
        let sets = &data().space_sets;
        let specials = Element::ALL.iter().fold(0u8, |m, &e| {
            let available =
                (s.special_control[e.index()] == Some(a)) & s.special_space[e.index()].is_none();
            m | u8::from(available) << e.index()
        });
        // p.17: "The middle action space in this section is only playable if
        // there are 3 or more players. The rightmost action space is only
        // available in a 4-player game." The 2-player option (p.22) gives each
        // animal the basic pawns "as if it were a 4-player game" and nothing
        // else of a 4-player game, so its Domination spaces are a 2-player
        // game's: the leftmost only (docs/rulings.md). The option
        // `domination-spaces=animals` takes reference 7.8's reading instead:
        // the spaces of a game of four animals.
        let players = match s.setup.domination_spaces {
            DominationSpaces::Animals if s.setup.two_animals => 4,
            _ => s.setup.players,
        };
        let flight = s.has_trait(a, Trait::Flight);
        let social = s.has_trait(a, Trait::Social);
        let (empty, bumpable, mine) = display_sets(s, a);
        // The "after" rule reads the display's spaces only.
        let mine = mine & sets.all;
        let usable = sets.usable[players as usize];
        // Only basic pawns follow the "after" rule.
        let has_basic = s.basic_avail[a.index()] > 0;
        let (after, personal_after) = if has_basic {
            after_rule(s, a, mine, flight)
        } else {
            (sets.all, true)
        };
        let basic = if has_basic {
            usable & !sets.special_only & (empty | if social { bumpable } else { 0 }) & after
        } else {
            0
        };
        let special = if specials != 0 {
            usable & (empty | bumpable)
        } else {
            0
        };
        TurnCtx {
            a,
            social,
            players,
            after,
            personal_after,
            specials,
            basic,
            special,
        }
    }

    /// The animal's `k`-th available special pawn (from 0), in element order.
    fn nth_special(&self, k: usize) -> Option<Element> {
        let mut m = self.specials;
        for _ in 0..k {
            m &= m.wrapping_sub(1);
        }
        (m != 0).then(|| Element::ALL[m.trailing_zeros() as usize])
    }

    /// Calls `f` with a placement of each of the animal's available special
    /// pawns on `space`, in element order; true when `f` did.
    fn special_placements<F: FnMut(Choice) -> bool>(&self, space: Space, f: &mut F) -> bool {
        let mut m = self.specials;
        while m != 0 {
            let e = Element::ALL[m.trailing_zeros() as usize];
            m &= m - 1;
            if f(Choice::Place {
                space,
                special: Some(e),
            }) {
                return true;
            }
        }
        false
    }

    /// Calls `f` with the placements on display space `i`; true when `f` did.
    fn display_space<F: FnMut(Choice) -> bool>(&self, i: usize, f: &mut F) -> bool {
        let Some(bit) = 1u64.checked_shl(i as u32) else {
            return false;
        };
        let space = Space::display(i);
        if self.basic & bit != 0
            && f(Choice::Place {
                space,
                special: None,
            })
        {
            return true;
        }
        self.special & bit != 0 && self.special_placements(space, f)
    }

    /// How many placements [`TurnCtx::personal_space`] offers: whether the
    /// basic one is, and how many special ones (`specials` of them in
    /// hand).
    fn personal_counts(&self, s: &State, specials: usize) -> (bool, usize) {
        let a = self.a;
        if !s.has_trait(a, Trait::BottomFeeder) || s.personal[a.index()].is_some() {
            return (false, 0);
        }
        let basic = s.basic_avail[a.index()] > 0 && self.personal_after;
        (basic, specials)
    }

    /// Calls `f` with the placements on the animal's Bottom Feeder space;
    /// true when `f` did.
    fn personal_space<F: FnMut(Choice) -> bool>(&self, s: &State, f: &mut F) -> bool {
        let a = self.a;
        if !s.has_trait(a, Trait::BottomFeeder) || s.personal[a.index()].is_some() {
            return false;
        }
        let sp = Space::personal(a);
        if s.basic_avail[a.index()] > 0
            && self.personal_after
            && f(Choice::Place {
                space: sp,
                special: None,
            })
        {
            return true;
        }
        self.special_placements(sp, f)
    }
}

/// Places the pawn and starts the space's action.
pub(crate) fn place(
    s: &mut State,
    a: Animal,
    space: Space,
    special: Option<Element>,
    ev: &mut Vec<Event>,
) {
    let pawn = match special {
        Some(e) => Pawn::Special(e),
        None => Pawn::Basic(a),
    };
    if space.is_personal() {
        s.personal[a.index()] = Some(pawn);
    } else {
        if let Some(Pawn::Basic(b)) = s.spaces[space.index()] {
            s.basic_avail[b.index()] += 1;
            ev.push(Event::Bumped { animal: b });
        }
        s.spaces.set(space.index(), Some(pawn));
    }
    match special {
        Some(e) => s.special_space[e.index()] = Some(space),
        None => s.basic_avail[a.index()] -= 1,
    }
    ev.push(Event::Placed {
        animal: a,
        space,
        special,
    });
    s.stack.push(Decision::EndTurn { a });
    if space.is_personal() {
        s.stack.push(Decision::BottomFeeder { a });
        return;
    }
    let def = data().spaces[space.index()];
    let frame = match def.action {
        Action::Abundance => Decision::Abundance { a },
        Action::Autotrophs => Decision::Autotrophs {
            a,
            face: def.vent.unwrap_or(Face::Smoker),
        },
        Action::Depletion => Decision::Depletion { a },
        Action::Adaptation => Decision::Adaptation {
            a,
            special: def.special,
        },
        Action::Regression => Decision::Regression { a },
        Action::Speciation => Decision::Speciation {
            a,
            circle: def.circle,
        },
        Action::Wanderlust => Decision::Wanderlust {
            a,
            special: def.special,
        },
        Action::Tectonics => Decision::Tectonics {
            a,
            mode: if def.special {
                TectonicsMode::Special
            } else {
                TectonicsMode::Basic
            },
        },
        Action::Migration => {
            s.moved = [0; eons_earth::HEXES];
            let bonus = if s.has_trait(a, Trait::SeasonalMigrants) {
                data().trait_data(Trait::SeasonalMigrants).count as u8
            } else {
                0
            };
            Decision::Migration {
                a,
                left: def
                    .cubes
                    .map_or(ALL, |n| n.saturating_add(bonus).min(ALL - 1)),
                started: false,
            }
        }
        Action::Competition => match def.marker {
            None => Decision::CompetitionSpecial { a, second: false },
            Some(m) => Decision::Competition {
                a,
                terrain: s.comp_markers[m as usize],
                n: def.eliminate,
            },
        },
        Action::Evolution => Decision::Evolution {
            a,
            terrain: def.marker.and_then(|m| s.evo_markers[m as usize]),
            slot: def.slot,
        },
        Action::Domination => Decision::Domination { a },
        Action::BottomFeeder => Decision::BottomFeeder { a },
    };
    s.stack.push(frame);
}

/// Retrieve (p.10).
pub(crate) fn retrieve(s: &mut State, a: Animal, ev: &mut Vec<Event>) {
    // The animal's pawns on the display, read once (retrieving returns them
    // home, which changes no other space or control).
    let (_, _, mine) = display_sets(s, a);
    let on_display = mine != 0
        || s.personal
            .iter()
            .any(|p| p.is_some_and(|p| s.pawn_is(p, a)));
    let hadopelagic = s.has_trait(a, Trait::Hadopelagic)
        && on_display
        && s.basic_avail[a.index()] == 0
        && s.available_specials(a).next().is_none();
    let mut m = mine;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        if let Some(p) = s.spaces.take(i) {
            s.pawn_home(p);
        }
    }
    // Every controlled pawn, including a special pawn another animal left on
    // its Bottom Feeder space before this animal took control of it (p.10, p.17).
    for i in 0..ANIMALS {
        if let Some(p) = s.personal[i] {
            if s.pawn_is(p, a) {
                s.personal[i] = None;
                s.pawn_home(p);
            }
        }
    }
    s.food_right |= a.bit();
    ev.push(Event::Retrieved { animal: a });
    s.stack.push(Decision::EndTurn { a });
    s.stack.push(Decision::AfterRetrieve { a, hadopelagic });
    if s.has_trait(a, Trait::AncientLineage) {
        s.stack.push(Decision::AncientLineage { a });
    }
}

/// True when `c`, a placement on `space`, is legal for `a`'s turn: only the
/// chosen space's placements are listed (a turn offers hundreds).
fn is_legal_placement(s: &State, a: Animal, space: Space, c: Choice) -> bool {
    let t = TurnCtx::new(s, a);
    let mut same = |x| x == c;
    if space.is_personal() {
        t.personal_space(s, &mut same)
    } else {
        // Spaces past the display are in neither set.
        t.display_space(space.index(), &mut same)
    }
}

/// Why placing `special` (or a basic pawn) on `space` is refused for `a`'s
/// turn: a sentence for the player (p.9-10, p.20-21). Only called once the
/// placement is known to be illegal.
fn placement_refusal(s: &State, a: Animal, space: Space, special: Option<Element>) -> String {
    let t = TurnCtx::new(s, a);
    match special {
        Some(e) if s.special_control[e.index()] != Some(a) => {
            return format!("you do not control the {e} special pawn");
        }
        Some(e) if s.special_space[e.index()].is_some() => {
            return format!("your {e} special pawn is already on an action space");
        }
        None if s.basic_avail[a.index()] == 0 => {
            return "you have no basic pawn left to place".into();
        }
        _ => {}
    }
    let after = "a basic pawn goes on a space after (below) every pawn you have already placed";
    if space.is_personal() {
        if space.personal_index() >= ANIMALS {
            return format!("there is no action space {}", space.0);
        }
        if space != Space::personal(a) {
            return "that is another animal's Bottom Feeder space".into();
        }
        if !s.has_trait(a, Trait::BottomFeeder) {
            return "only an animal with Bottom Feeder has a personal space (p.20)".into();
        }
        if s.personal[a.index()].is_some() {
            return "your Bottom Feeder space already holds a pawn".into();
        }
        if special.is_none() && !t.personal_after {
            return after.into();
        }
    } else {
        let Some(def) = data().spaces.get(space.index()) else {
            return format!("there is no action space {} on the display", space.0);
        };
        let name = crate::words::space_name(space);
        if def.min_players > t.players {
            return format!(
                "{name} is used only with {} or more players, and this game has {} (p.17)",
                def.min_players, t.players
            );
        }
        if special.is_none() && def.special {
            return format!("{name} takes only a special pawn (p.8)");
        }
        match s.spaces[space.index()] {
            Some(Pawn::Basic(b)) if b == a => {
                return format!("your own pawn is already on {name}");
            }
            Some(Pawn::Special(_)) => {
                return format!("{name} holds a special pawn, which nothing bumps");
            }
            Some(Pawn::Basic(_)) if special.is_none() && !t.social => {
                return format!("{name} is taken: only a special pawn, or a basic pawn with Social, bumps a basic pawn");
            }
            _ => {}
        }
        if special.is_none() && t.after & 1u64 << space.index() == 0 {
            return after.into();
        }
    }
    "that placement is not one of the choices offered".into()
}
