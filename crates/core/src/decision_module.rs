//! The one contract every step module of a game implements: the rules of one
//! kind of decision (an action, a card, a phase, a trait).
//!
//! As in 18xx.games, where a step owns its actions, their processing and
//! their texts, a decision module owns everything about the decisions it
//! asks: the rule it applies (with its rulebook page), which choices are
//! legal, whether one given choice is, what a legal choice does, why any
//! other choice is refused, and its own wording of its choices. A game's
//! engine holds no rule of its own: it finds the module of the pending
//! decision in one table (one `match` from decision to module) and calls
//! the module through this trait, so the compiler checks that every module
//! of the three games answers the same questions with one signature.
//!
//! A module is a unit type (`pub(crate) struct Abundance;`) implementing
//! `DecisionModule<G>` for its game `G`; its `Decision` is the game's enum
//! of pending decisions, or the part of it the module handles (a card's
//! own steps). Calls are static (`M::legal(…)`): no boxing, no virtual
//! call, so the contract costs nothing at play time.

use crate::{Game, Refusal};

/// The rules of one kind of decision of the game `G`. See the module
/// documentation.
///
/// A module of Marine, in outline (`Marine` is its `Game`):
///
/// ```text
/// pub(crate) struct Abundance;
///
/// impl DecisionModule<Marine> for Abundance {
///     type Decision = Decision;
///     fn rule(_: Decision) -> &'static str {
///         "Abundance (p.11): choose an element to place"
///     }
///     fn legal<F: FnMut(Choice) -> bool>(s: &State, d: Decision, offer: &mut F) -> bool {
///         … offer(Choice::Circle(i)) for each circle holding an element …
///     }
///     fn apply(s: &mut State, d: Decision, c: Choice, events: &mut Vec<Event>) {
///         … take the element, push the next decision, log …
///     }
/// }
/// ```
///
/// and the engine's one table: `match decision { Abundance { .. } |
/// AbundanceCorner { .. } => call::<actions::Abundance>(…), … }`.
/// ```
pub trait DecisionModule<G: Game> {
    /// The decision this module asks: the game's enum of pending decisions,
    /// or the part of it this module owns.
    type Decision: Copy;

    /// The rule that governs `decision`, with its rulebook page, then what
    /// it asks for: "Abundance (p.11): choose an element to place".
    fn rule(decision: Self::Decision) -> &'static str;

    /// Offers each legal choice of `decision` to `offer`, in the order a
    /// player reads them; stops and returns true as soon as `offer` does
    /// (returns false when every choice was offered).
    fn legal<F: FnMut(G::Choice) -> bool>(
        state: &G::State,
        decision: Self::Decision,
        offer: &mut F,
    ) -> bool;

    /// Appends the legal choices of `decision` to `out`, in the order
    /// [`legal`](Self::legal) offers them. By default by offering each; a
    /// module whose many choices come from a bit set lists them at once
    /// (room made once, no check per choice), which is what the engine's
    /// list of legal choices asks for most.
    fn list(state: &G::State, decision: Self::Decision, out: &mut Vec<G::Choice>) {
        Self::legal(state, decision, &mut |choice| {
            out.push(choice);
            false
        });
    }

    /// True when `choice` is one of the choices [`legal`](Self::legal)
    /// offers. Modules with many choices answer without listing them.
    fn is_legal(state: &G::State, decision: Self::Decision, choice: G::Choice) -> bool {
        Self::legal(state, decision, &mut |offered| offered == choice)
    }

    /// Carries out a legal choice of `decision`, logging what happened.
    /// Called only with a choice [`is_legal`](Self::is_legal) accepts.
    fn apply(
        state: &mut G::State,
        decision: Self::Decision,
        choice: G::Choice,
        events: &mut Vec<G::Event>,
    );

    /// Why `choice` is refused: the rule with its page, and what is wrong
    /// in words. By default, what the decision asks for ([`rule`](Self::rule)
    /// after its colon) and that the choice is not among those offered;
    /// modules that can say more precisely what is wrong do.
    fn refusal(state: &G::State, decision: Self::Decision, choice: G::Choice) -> Refusal {
        let _ = (state, choice);
        refusal_from_rule(Self::rule(decision))
    }

    /// This module's own words for a legal `choice` where they differ from
    /// the game's general wording of that kind of choice ("decline
    /// Camouflage" where a general "done" reads "stop here"); `None` keeps
    /// the general wording.
    fn text(state: &G::State, decision: Self::Decision, choice: G::Choice) -> Option<String> {
        let _ = (state, decision, choice);
        None
    }
}

/// The refusal that a rule text "Rule (p.N): what it asks" implies for a
/// choice not offered: the rule, and what it asks followed by "that is not
/// one of the choices offered". A text without a colon is the rule alone.
pub fn refusal_from_rule(rule: &'static str) -> Refusal {
    match rule.split_once(": ") {
        Some((rule, asks)) => Refusal::new(
            rule,
            format!("{asks}; that is not one of the choices offered"),
        ),
        None => Refusal::new(rule, "that is not one of the choices offered"),
    }
}

#[cfg(test)]
mod tests {
    use super::refusal_from_rule;

    /// The refusal names the rule before the colon and explains with what
    /// the decision asks after it.
    #[test]
    fn a_rule_text_splits_into_the_refusals_rule_and_reason() {
        let r = refusal_from_rule("Abundance (p.11): choose an element to place");
        assert_eq!(r.rule, "Abundance (p.11)");
        assert_eq!(
            r.reason,
            "choose an element to place; that is not one of the choices offered"
        );
        let r = refusal_from_rule("Setup");
        assert_eq!(r.rule, "Setup");
        assert_eq!(r.reason, "that is not one of the choices offered");
    }
}
