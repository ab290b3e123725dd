//! The options test: every setup option a game describes for forms
//! ([`crate::OptionInfo::kind`]) is accepted by [`crate::Game::setup`] in the
//! spelling a form sends, with each value it lists, so that a lobby built
//! from the description never offers what the game refuses.

use crate::{Game, OptionKind};

/// Player counts tried for each option (an option may need some of them).
const PLAYERS: std::ops::RangeInclusive<usize> = 1..=8;

/// True when `options` set up a game for some player count from `counts`.
fn accepted<G: Game>(counts: impl IntoIterator<Item = usize>, options: &[String]) -> bool {
    counts.into_iter().any(|n| G::setup(n, options).is_ok())
}

/// What is wrong with `G`'s option descriptions, one line each; empty when
/// every option is accepted as described.
pub fn check_options<G: Game>() -> Vec<String> {
    let mut faults = Vec::new();
    for o in G::OPTIONS {
        let key = o.key();
        if o.label.trim().is_empty() {
            faults.push(format!("{}: `{key}` has no label", G::ID));
        }
        match o.kind {
            OptionKind::Flag => {
                if !accepted::<G>(PLAYERS, &[key.to_string()]) {
                    faults.push(format!("{}: flag `{key}` is refused", G::ID));
                }
            }
            OptionKind::Number => {
                if !accepted::<G>(PLAYERS, &[format!("{key}=1")]) {
                    faults.push(format!("{}: `{key}=1` is refused", G::ID));
                }
            }
            OptionKind::OneOf(values) => {
                for v in values {
                    if !accepted::<G>(PLAYERS, &[format!("{key}={v}")]) {
                        faults.push(format!("{}: `{key}={v}` is refused", G::ID));
                    }
                }
            }
            OptionKind::SeatList { values, all_with } => {
                // One value per seat: every value must be accepted in some
                // seat, so rotate the list through the first seats.
                for start in 0..values.len() {
                    let fits = PLAYERS.filter(|&n| n <= values.len()).any(|n| {
                        let list: Vec<&str> =
                            (0..n).map(|i| values[(start + i) % values.len()]).collect();
                        G::setup(n, &[format!("{key}={}", list.join(","))]).is_ok()
                    });
                    if !fits {
                        faults.push(format!(
                            "{}: `{key}` with `{}` in seat 1 is refused for every player count",
                            G::ID,
                            values[start]
                        ));
                    }
                }
                if let Some(flag) = all_with {
                    let options = [flag.to_string(), format!("{key}={}", values.join(","))];
                    if !accepted::<G>(PLAYERS, &options) {
                        faults.push(format!(
                            "{}: `{flag}` with every value of `{key}` is refused",
                            G::ID
                        ));
                    }
                }
            }
        }
    }
    faults
}
