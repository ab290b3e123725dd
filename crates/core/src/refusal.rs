//! [`Refusal`]: why a game refused a choice, the one error type of every
//! Eons engine's `apply`.
//!
//! A refusal names the rule, with its rulebook page where the rulebook has
//! one ("Abundance (p.11)"), and explains in a plain sentence what is wrong
//! with this choice now ("the Abundance leaf squares are full"). It is what a
//! player reads when the server, the terminal or a position file refuses a
//! choice, so both parts are written for a person, never Rust debug output.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;

/// Why a choice was refused: the rule and a plain explanation.
///
/// ```
/// use eons_core::Refusal;
/// let r = Refusal::new("Abundance (p.11)", "no element is left to place");
/// assert_eq!(r.to_string(), "Abundance (p.11): no element is left to place");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Refusal {
    /// The rule that forbids the choice, with its rulebook page where there
    /// is one: "Abundance (p.11)".
    pub rule: Cow<'static, str>,
    /// What is wrong, in a plain sentence without a final full stop.
    pub reason: String,
}

/// The rule a refusal names when the game has already ended.
pub const GAME_OVER_RULE: &str = "End of the game";

impl Refusal {
    /// A refusal under `rule` (a static text: the common case, no allocation)
    /// for `reason`.
    pub fn new(rule: impl Into<Cow<'static, str>>, reason: impl Into<String>) -> Refusal {
        Refusal {
            rule: rule.into(),
            reason: reason.into(),
        }
    }

    /// The refusal of any choice once the game is over.
    pub fn game_over() -> Refusal {
        Refusal::new(GAME_OVER_RULE, "the game is over")
    }

    /// True when this refuses a choice because the game is over.
    pub fn is_game_over(&self) -> bool {
        self.rule == GAME_OVER_RULE
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.rule, self.reason)
    }
}

impl std::error::Error for Refusal {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_reads_rule_then_reason() {
        let r = Refusal::new("Glaciation (p.13)", String::from("no tundra tile is left"));
        assert_eq!(r.to_string(), "Glaciation (p.13): no tundra tile is left");
        assert!(!r.is_game_over());
    }

    #[test]
    fn game_over_is_recognised() {
        let r = Refusal::game_over();
        assert!(r.is_game_over());
        assert_eq!(r.to_string(), "End of the game: the game is over");
    }

    #[test]
    fn a_refusal_round_trips_through_json() {
        let r = Refusal::new("Migration (p.15)", "that tile is too far for this space");
        let json = serde_json::to_string(&r).unwrap();
        assert_eq!(serde_json::from_str::<Refusal>(&json).unwrap(), r);
    }
}
