//! Golden whole-game fixtures: every recorded game in `tests/fixtures/`
//! (bots and finished server games, several player counts and variants)
//! replays into the transcript stored beside it — every choice as each
//! viewer read it, every event, the outcome. A change of play or of a text
//! shows up here; when it is deliberate, `EONS_BLESS=1 cargo test --test
//! golden` (or `eons replay --bless FILE`) rewrites the transcripts and
//! the diff shows what changed. `tests/fixtures/README.md` says how each
//! record was made.

use eons_marine::Marine;

#[test]
fn recorded_games_replay_into_their_transcripts() {
    eons_core::testing::check_fixtures::<Marine>(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures"
    ));
}
