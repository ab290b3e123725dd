//! What the table asks and allows around the texts (issue: plain texts): the
//! prompt of the animal to decide, which choices may be taken back (none
//! that drew at random or showed what was hidden), the forced steps a
//! position runs before its first decision, and the board's labels in the
//! choices, the refusals and the terminal's rendering.

use crate::common;
use common::*;
use eons_core::{Game, Positions, Seat};
use eons_marine::{Animal::*, Choice, Event, Marine};

/// A small position with the Fishes to play and full Wanderlust stacks.
const FISHES_TO_PLAY: &str = r#"
players = 2
turn = "fishes"

[[animal]]
name = "reptiles"

[[animal]]
name = "fishes"

[[tile]]
hex = "D7"
terrain = "reef"
species = { fishes = 2, reptiles = 1 }
elements = { "D7/E6/E8" = "sponges", "C6/C8/D7" = "plankton" }

[[tile]]
hex = "E8"
terrain = "seamount"
species = { fishes = 1 }
"#;

/// Applies a legal choice and returns the state before, after and its events.
fn step(s: &mut eons_marine::State, c: Choice) -> (eons_marine::State, Vec<Event>) {
    let before = s.clone();
    let ev = play(s, c);
    (before, ev)
}

#[test]
fn the_prompt_names_the_animal_and_what_it_is_asked() {
    let s = pos(FISHES_TO_PLAY);
    assert_eq!(
        Marine::prompt(&s),
        "Fishes: place an available pawn on a legal space, or retrieve (Player turns, p.9)"
    );
    let setup = Marine::setup(2, &[]).expect("setup");
    let s = Marine::new(&setup, 3).expect("new");
    let prompt = Marine::prompt(&s);
    let animal = decider(&s).to_string();
    assert_eq!(
        prompt,
        format!("{animal}: keep one of your dealt trait cards (Trait cards, p.5)"),
        "the secret draft"
    );
}

#[test]
fn placing_a_pawn_may_be_taken_back_but_a_drawn_tile_may_not() {
    let mut s = pos(FISHES_TO_PLAY);
    let (before, ev) = step(&mut s, basic("wanderlust 1"));
    assert!(
        !Marine::undo_barrier(&before, &s, &ev),
        "placing a pawn draws and shows nothing: {ev:?}"
    );
    let (before, ev) = step(&mut s, Choice::Stack(0));
    assert!(
        ev.iter().any(|e| matches!(e, Event::StackTop { .. })),
        "the stack's next tile is turned face up: {ev:?}"
    );
    assert!(Marine::undo_barrier(&before, &s, &ev));
    // Choosing where the tile goes draws nothing either.
    let mut legal = Vec::new();
    Marine::legal(&s, &mut legal);
    let &hex = legal
        .iter()
        .find(|c| matches!(c, Choice::Hex(_)))
        .expect("a vacant hex for the new tile");
    let (before, ev) = step(&mut s, hex);
    assert!(!Marine::undo_barrier(&before, &s, &ev), "{ev:?}");
}

#[test]
fn the_last_secret_pick_reveals_the_traits_and_may_not_be_taken_back() {
    let setup = Marine::setup(2, &[]).expect("setup");
    let mut s = Marine::new(&setup, 7).expect("new");
    let first = legal(&s)[0];
    let (before, ev) = step(&mut s, first);
    assert!(
        !Marine::undo_barrier(&before, &s, &ev),
        "a secret pick shows nothing yet: {ev:?}"
    );
    let second = legal(&s)[0];
    let (before, ev) = step(&mut s, second);
    assert!(ev.contains(&Event::TraitsRevealed), "{ev:?}");
    assert!(Marine::undo_barrier(&before, &s, &ev));
}

#[test]
fn a_retrieve_that_reseeds_draws_elements_and_may_not_be_taken_back() {
    // Every other animal has retrieved: the Fishes' retrieve ends the round,
    // and the Reseed draws new elements from the bag.
    let text = FISHES_TO_PLAY.replace(
        "name = \"reptiles\"",
        "name = \"reptiles\"\nretrieved = true",
    ) + "\n[[pawn]]\nspace = \"abundance 1\"\nanimal = \"fishes\"\n";
    let mut s = pos(&text);
    let (before, ev) = step(&mut s, Choice::Retrieve);
    assert!(
        ev.iter().any(|e| matches!(e, Event::Reseed { .. })),
        "{ev:?}"
    );
    assert!(Marine::undo_barrier(&before, &s, &ev));
}

#[test]
fn a_position_runs_its_forced_steps_and_tells_them() {
    // Budding Intelligence at 20 VP: the extra pawn comes before the first
    // decision.
    let text = FISHES_TO_PLAY.replace(
        "name = \"fishes\"",
        "name = \"fishes\"\nvp = 20\ntraits = [\"budding-intelligence\"]",
    );
    let (s, ev) = Marine::read_position_with_events(&text).expect("reads");
    assert_eq!(ev, vec![Event::ExtraPawn { animal: Fishes }]);
    assert_eq!(
        Marine::describe_event(&s, &ev[0]),
        "Fishes gain a basic pawn"
    );
    assert_eq!(Marine::read_position(&text).expect("reads"), s);
    // Nothing forced, nothing told.
    let (plain, ev) = Marine::read_position_with_events(FISHES_TO_PLAY).expect("reads");
    assert!(ev.is_empty(), "{ev:?}");
    assert_eq!(plain, pos(FISHES_TO_PLAY));
}

#[test]
fn choices_refusals_and_the_screen_use_the_boards_labels() {
    let mut s = pos(FISHES_TO_PLAY);
    assert_eq!(
        Marine::describe_choice(&s, basic("evolution 1")),
        "place a basic pawn on Evolution 1/5 (no terrain)"
    );
    let mut ev = Vec::new();
    let e = Marine::apply(&mut s, basic("migration 4"), &mut ev).expect_err("special only");
    assert_eq!(
        e.reason,
        "Migration 4/4 (special) takes only a special pawn (p.8)"
    );
    play(&mut s, basic("migration 1"));
    let texts: Vec<String> = legal(&s)
        .into_iter()
        .map(|c| Marine::describe_choice(&s, c))
        .collect();
    assert!(
        texts.contains(&"move a species from D7 reef to E8 seamount".to_string()),
        "{texts:?}"
    );
    let screen = Marine::render(&Marine::view(&s, Some(Seat(1))));
    assert!(
        screen.contains("D7 reef: species: Reptiles 1, Fishes 2; elements: sponges at D7/E6/E8, plankton at C6/C8/D7"),
        "{screen}"
    );
    assert!(
        screen.contains("E8 seamount: species: Fishes 1"),
        "{screen}"
    );
}

/// The prompt of every decision of seeded random games reads as plain
/// English (the shared text test reads choices, events and the screen, not
/// the prompt).
#[test]
fn every_prompt_of_random_games_reads_as_plain_english() {
    let mut faults = Vec::new();
    let mut prompts = std::collections::BTreeSet::new();
    let mut decisions = 0usize;
    for (players, options) in [
        (2, vec![]),
        (3, vec![]),
        (4, vec!["superheroes".to_string()]),
    ] {
        let setup = Marine::setup(players, &options).expect("setup");
        for seed in 0..2u64 {
            let mut s = Marine::new(&setup, seed).expect("new");
            let mut rng = eons_core::GameRng::new(seed);
            while let eons_core::Turn::Seat(_) = Marine::turn(&s) {
                let prompt = Marine::prompt(&s);
                for f in eons_core::testing::lint_prompt(&prompt) {
                    faults.push(format!("{f} in {prompt:?}"));
                }
                assert!(
                    prompt.starts_with(&format!("{}: ", decider(&s))),
                    "{prompt}"
                );
                prompts.insert(prompt);
                decisions += 1;
                let l = legal(&s);
                let c = l[rng.index(l.len())];
                Marine::apply(&mut s, c, &mut Vec::new()).expect("legal");
            }
            assert_eq!(Marine::prompt(&s), "The game is over");
        }
    }
    assert!(faults.is_empty(), "{faults:#?}");
    assert!(
        prompts.len() > 20,
        "only {} prompts: {prompts:#?}",
        prompts.len()
    );
    assert!(decisions > 1000, "only {decisions} decisions");
}
