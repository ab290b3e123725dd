//! What holds in every state of the game: every adaptation card and animal
//! marker is in one place, the limits of the player boards (three active
//! adaptation and evolution cards, five action markers, one Special Animal),
//! one animal per niche, none in a closed region. [`check`] is
//! [`eons_core::Game::invariants`] for Pangea; the shared random-simulation
//! test calls it after every choice.

use crate::data::data;
use crate::state::{Owner, State};
use crate::types::Region;
use eons_core::InvariantError;

/// Fails with the message when the condition does not hold.
macro_rules! ensure {
    ($condition:expr, $($message:tt)+) => {
        if !$condition {
            return Err(InvariantError::always(format!($($message)+)));
        }
    };
}

/// Fails with the message and both values when they differ.
macro_rules! ensure_eq {
    ($found:expr, $expected:expr, $($message:tt)+) => {
        let (found, expected) = ($found, $expected);
        if found != expected {
            return Err(InvariantError::always(format!(
                "{}: {found}, expected {expected}",
                format!($($message)+)
            )));
        }
    };
}

/// Checks the limits of `s` ([`eons_core::Reach::Always`]), then that every
/// adaptation card is in one place ([`eons_core::Reach::FromSetup`]: a
/// position may hand out cards without taking them from the deck).
pub fn check(s: &State) -> Result<(), InvariantError> {
    let d = data();
    // Adaptation cards: 28, each design with its copies.
    let mut count = vec![0usize; d.adaptations.len()];
    for &c in s.deck.iter().chain(&s.discard) {
        count[c.index()] += 1;
    }
    for p in &s.players {
        for &c in p.hand.iter().chain(&p.active) {
            count[c.index()] += 1;
        }
        ensure!(p.active.len() <= 3, "active adaptation limit");
        ensure!(p.evolution.count_ones() <= 3, "active evolution limit");
        ensure!(p.dominance >= 0 && p.ap >= 0, "negative dominance or AP");
        ensure!(p.used.iter().all(|&u| u <= 2), "action limit");
        ensure!(p.actions_taken() <= 5, "action markers");
        ensure!(p.instinct <= d.top_field(), "instinct track");
        ensure!(p.claimed.count_ones() <= 4, "objective markers");
        let specials = (0..4u8)
            .filter(|k| p.evolution & (1 << k) != 0 && d.evolution_card(p.group, *k).special)
            .count();
        ensure!(specials <= 1, "one Special Animal card");
    }
    // Animal markers.
    for g in crate::Group::ALL {
        let (held, held_special) = s.held(g);
        let ord = s.ordinary_on_board(g) + held;
        ensure!(ord <= d.group(g).animals, "too many {g}");
        let sp = s
            .animals
            .iter()
            .filter(|p| p.animal.group == g && p.animal.special())
            .count()
            + usize::from(held_special);
        ensure!(sp <= 1, "two {g} Special Animals");
        if s.owner[g as usize] == Owner::Absent {
            ensure_eq!(s.animals_of(g), 0, "absent group on the board");
        }
    }
    for r in Region::all() {
        for n in 1..3 {
            let k = s
                .animals
                .iter()
                .filter(|p| p.region == r && p.niche == n)
                .count();
            ensure!(k <= 1, "two animals in a niche {n}");
        }
        if s.closed.contains(r) {
            ensure_eq!(s.count_in(r), 0, "animal in a closed region");
        }
    }
    ensure!(
        s.animals.windows(2).all(|w| w[0].key() <= w[1].key()),
        "animals out of resolve order"
    );
    ensure!(
        s.animals.census_matches(),
        "the animals' census is out of step with them"
    );
    ensure!(
        s.animals.iter().filter(|p| p.animal.bearer()).count() <= 1,
        "one objective marker bearer"
    );
    ensure!(s.conditions.len() <= 5, "condition markers");
    ensure!(s.closed.len() <= 7, "unavailability markers");
    ensure!(s.stage <= 9, "stage");
    for (i, slot) in s.objectives.iter().enumerate() {
        for &seat in &slot.claims {
            ensure!(
                s.player(seat).claimed & (1 << i) != 0,
                "claim without marker"
            );
        }
    }
    if let Some(crate::Decision::Turn { .. }) = s.decision {
        for p in &s.players {
            ensure!(p.hand.len() <= 3, "hand limit applies at once");
        }
    }
    // Last, conservation: each adaptation card design with all its copies.
    for (i, c) in d.adaptations.iter().enumerate() {
        if count[i] != c.copies as usize {
            return Err(InvariantError::from_setup(format!(
                "copies of {}: {}, expected {}",
                c.name, count[i], c.copies
            )));
        }
    }
    Ok(())
}
