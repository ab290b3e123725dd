//! Test harnesses every game shares (feature `testing`): what OpenSpiel runs
//! on each of its games, and 18xx.games' replay of whole recorded games.
//!
//! * [`golden`]: whole-game fixtures. A recorded game replays into a
//!   transcript (every choice as each viewer read it, every event, the
//!   outcome) compared line by line with the transcript stored beside it, so
//!   no change of the rules or of a text goes unnoticed.
//! * [`simulation`]: the random-simulation test (legality both ways,
//!   `apply_listed` = `apply`, [`crate::Game::invariants`] along the way, replay,
//!   serialisation) and the resample test (re-drawing what a seat has not
//!   seen never changes that seat's view, nor who is asked next).
//! * [`texts`]: the text test: every text a player reads in seeded random
//!   games is plain English (no "1 birds", "a ocean", "(s)", card numbers,
//!   internal codes, 0-based seats or axial coordinates).
//! * [`options`]: every option a game describes for forms is accepted as a
//!   form sends it.
//! * [`citations`]: the closing citation of every prompt ("(Planning,
//!   p.9)") names a section of the game's rules summary, so that the
//!   table's link to the rule never dangles.
//! * [`places`]: the places an event hands the table are exactly the
//!   places its text names.
//! * [`learn`]: the learning interface ([`crate::learn`]): action ids map to
//!   and from every legal choice, observations have their layout's shape,
//!   and no seat's observation shows what it has not seen; and each seat's
//!   compact observation beside its absolute one, for the engines' own
//!   checks of their animal axes.
//! * [`speed`]: what an observation costs beside a decision, whole and in
//!   place (each engine's `observe_speed` example).

pub mod citations;
pub mod golden;
pub mod learn;
pub mod options;
pub mod places;
pub mod simulation;
pub mod speed;
pub mod texts;

pub use citations::{check_citations, CitationReport};
pub use golden::{check_fixtures, transcript, BLESS_VARIABLE};
pub use learn::{check_compact_views, check_learnable, CompactView, LearnReport};
pub use options::check_options;
pub use places::{check_event_places, place_pattern, EventPlacesReport};
pub use simulation::{random_simulation, DeepCheck, Probes, Simulation, SimulationReport};
pub use texts::{
    check_choice_texts, check_setup_choice_texts, check_setup_texts, check_texts, lint, lint_cards,
    lint_prompt, TextCheck, TextFault, TextReport,
};
