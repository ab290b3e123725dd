//! The hooks the tables use beside the rules: what the seat to move is asked
//! (`Game::prompt`), which choices may not be taken back (`Game::undo_barrier`), and the
//! events of the forced steps that bring a position to its first decision
//! (`Positions::read_position_with_events`).

use crate::common;
use common::*;
use eons_core::{Game, Positions};
use eons_pangea::state::Decision;
use eons_pangea::{Choice, Event, Pangea, State};

/// Applies `c` and says whether it is an undo barrier.
fn barrier(s: &mut State, c: Choice) -> bool {
    let before = s.clone();
    let events = play(s, c);
    Pangea::undo_barrier(&before, s, &events)
}

/// The prompt names the seat's group and what its decision asks.
#[test]
fn prompt_names_the_group_and_the_question() {
    let s = four("to_move = 1", ["", PASSED, PASSED, PASSED]);
    assert_eq!(
        Pangea::prompt(&s),
        "Synapsids: choose an action or pass (Action Phase, p.17)"
    );
    let s = four("to_move = 4", [PASSED, PASSED, PASSED, "ap = 0"]);
    assert_eq!(
        Pangea::prompt(&s),
        "Invertebrates: pass, as you have no Action Points or no action markers left (Pass, p.17)"
    );
}

/// A Populate draws nothing and shows nothing hidden: it may be taken back, and so may the
/// Done that ends the turn.
#[test]
fn an_ordinary_move_is_no_undo_barrier() {
    let mut s = four("to_move = 1", ["", "", PASSED, PASSED]);
    let populate = legal(&s)
        .into_iter()
        .find(|c| matches!(c, Choice::Populate { special: false, .. }))
        .expect("a Populate");
    assert!(!barrier(&mut s, populate));
    assert!(!barrier(&mut s, Choice::Done));
}

/// Drawing an adaptation card (the Sauropsida's draw on a won contest) is a barrier.
#[test]
fn a_draw_is_an_undo_barrier() {
    let mut s = four(
        "to_move = 3\nanimals = [\"B2 0 amp\", \"B2 1 sau\"]",
        [PASSED, "", "", PASSED],
    );
    play(&mut s, mv("B2 0 amp", "B2", 1));
    assert_eq!(decision(&s), Decision::DrawOnWin(1));
    let mut skipped = s.clone();
    assert!(barrier(&mut s, Choice::Confirm));
    assert!(
        !barrier(&mut skipped, Choice::Skip),
        "not drawing shows nothing"
    );
}

/// Survive looks at the instinct tile beside the new field: the seat learned something
/// hidden, so the choice is a barrier.
#[test]
fn a_look_at_an_instinct_tile_is_an_undo_barrier() {
    let mut s = four("to_move = 1", ["ap = 6", PASSED, PASSED, PASSED]);
    assert!(barrier(&mut s, Choice::Survive));
}

/// A position read at the start of a stage runs the Neutral Animals phase and the Drawing
/// phase, and returns their events; the state is the one `read_position` gives.
#[test]
fn a_position_returns_the_events_of_its_neutral_phase() {
    let text =
        "seed = 3\nphase = \"neutral\"\n[[player]]\ngroup = \"syn\"\n[[player]]\ngroup = \"amp\"\n";
    let (s, events) = Pangea::read_position_with_events(text).expect("reads");
    assert_eq!(s, pos(text));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::NeutralRolled { .. })),
        "{events:?}"
    );
    assert!(events.iter().any(|e| matches!(e, Event::Drew { .. })));
    assert!(events.contains(&Event::StageBegan(0)));
}

/// A position read at the Doom plays it out: the Doom Stack, the Dying phase, the scores.
#[test]
fn a_position_returns_the_events_of_the_doom() {
    let text = "seed = 5\nphase = \"doom\"\ndoom = [\"sector D\", \"zone 5\", \"Massive Planetoid\"]\nanimals = [\"A1 0 inv\", \"D5 2 syn\"]\n[[player]]\ngroup = \"syn\"\n[[player]]\ngroup = \"inv\"\n";
    let (s, events) = Pangea::read_position_with_events(text).expect("reads");
    assert!(s.result.is_some(), "the game is over");
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::DoomRevealed { .. })));
    assert!(events.iter().any(|e| matches!(e, Event::GameOver { .. })));
    let texts: Vec<String> = events
        .iter()
        .map(|e| Pangea::describe_event(&s, e))
        .collect();
    assert!(
        texts.iter().any(|t| t.contains("Massive Planetoid")),
        "{texts:?}"
    );
}

/// A position with the engine's own flow (a written position) has no forced steps left.
#[test]
fn a_written_position_has_no_forced_events() {
    let setup = Pangea::setup(2, &[]).expect("setup");
    let s = Pangea::new(&setup, 9).expect("new");
    let (back, events) =
        Pangea::read_position_with_events(&Pangea::write_position(&s)).expect("reads");
    assert_eq!(back, s);
    assert!(events.is_empty());
}
