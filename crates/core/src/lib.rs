//! `eons-core`: what every Eons game is built on — hex geometry, the seeded
//! RNG, bags and decks, the bonus table, seats and records, and the [`Game`]
//! trait with its atomic-choice decision model. Nothing game-specific lives here.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod bag;
pub mod bonus;
pub mod catalog;
pub mod compact;
pub mod data_error;
pub mod decision_module;
pub mod game;
pub mod hex;
pub mod learn;
pub mod options;
pub mod presentation;
pub mod provenance;
pub mod record;
pub mod refusal;
pub mod rng;
pub mod rulebook;
pub mod score;
#[cfg(feature = "testing")]
pub mod testing;

pub use bag::{Bag, Deck};
pub use bonus::bonus_vp;
pub use catalog::{CardKind, CatalogCard};
pub use data_error::DataError;
pub use decision_module::{refusal_from_rule, DecisionModule};
pub use game::{
    capitalised, draw_listed, validate_position, Game, InvariantError, OptionInfo, OptionKind,
    Outcome, PositionError, Positions, Reach, Seat, SetupError, Turn, TurnPosition,
};
pub use hex::{Corner, CornerId, Dir, Grid, Hex, HexId, Point};
pub use learn::{ActionId, ActionSpace, AnimalAxis, Layout, Learnable, SeatAxis, Section, Writer};
pub use options::{check_options, option_key, MAX_OPTION_BYTES};
pub use presentation::{
    json_name, KeepsScore, PieceKind, Pieces, Place, PlaceKind, Presentation, ScoreTally,
};
pub use provenance::Provenance;
pub use record::{Record, RecordedChoice, ReplayError};
pub use refusal::{Refusal, GAME_OVER_RULE};
pub use rng::GameRng;
pub use rulebook::{citation, Citation, OverviewPart, RulesSection, RulesSummary, ShippedRules};
pub use score::{ScoreBreakdown, ScoreItem, ScorePart, SeatScore};

/// Plays a game to the end choosing uniformly among legal choices with `rng`.
/// Returns the number of decisions made. Used by tests and benchmarks.
pub fn random_playout<G: Game>(
    state: &mut G::State,
    rng: &mut GameRng,
    max_decisions: usize,
) -> Result<usize, G::Error> {
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut n = 0;
    while let Turn::Seat(_) = G::turn(state) {
        if n >= max_decisions {
            break;
        }
        legal.clear();
        G::legal(state, &mut legal);
        if legal.is_empty() {
            break;
        }
        let c = legal[rng.index(legal.len())];
        events.clear();
        G::apply(state, c, &mut events)?;
        n += 1;
    }
    Ok(n)
}
