//! Position files as players write them (`POSITIONS.md`): hexes and corners
//! by the board's labels ("D7", "D7/E6/E8"), the axial coordinates of older
//! files still read, the example files of `examples/ds/` playing their
//! choices as `eons check` does, and what reading a position and undoing a
//! choice tell the terminal and the table: the events of the forced steps
//! (`Positions::read_position_with_events`) and which choices may not be
//! taken back (`Game::undo_barrier`).

use crate::common;

use common::*;
use eons_core::{Game, Positions};
use eons_dominant_species::{Animal, Choice, DominantSpecies as Ds, Event, Space, State};
use std::path::PathBuf;

/// The Speciation example of p.14 as position files were written before the
/// labels: axial hexes, `E(q,r)`/`W(q,r)` corners and a corner named by its
/// three hexes' coordinates.
const AXIAL_SPECIATION: &str = r#"
game = "ds"
players = 3
animals = ["amphibians", "arachnids", "insects"]
phase = "speciation"

[[tiles]]
hex = [0, 0]
terrain = "tundra"

[[tiles]]
hex = [1, -1]
terrain = "savannah"
species = { insects = 4 }

[[tiles]]
hex = [1, 0]
terrain = "desert"
species = { amphibians = 2 }

[[elements]]
corner = "E(0,0)"
element = "grass"

[[elements]]
corner = "W(2,0)"
element = "grub"

[[elements]]
corner = "(1,0)/(2,0)/(2,-1)"
element = "water"

[animal.arachnids]
elements = ["grub", "grub", "grass"]

[display.aps]
"Speciation (grass)" = "arachnids"
"#;

/// The folder of the Dominant Species example positions.
fn examples_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/ds")
}

/// The legal choice a typed text means, as `eons check` finds it: the exact
/// text, or the one text that contains it (case-insensitive).
fn choose(s: &State, typed: &str) -> Choice {
    let legal = legal(s);
    let texts: Vec<String> = legal.iter().map(|&c| Ds::describe_choice(s, c)).collect();
    if let Some(i) = texts.iter().position(|t| t == typed) {
        return legal[i];
    }
    let lower = typed.to_lowercase();
    let hits: Vec<usize> = (0..texts.len())
        .filter(|&i| texts[i].to_lowercase().contains(&lower))
        .collect();
    match hits.as_slice() {
        [i] => legal[*i],
        _ => panic!(
            "\"{typed}\" picks {} of the legal choices {texts:?}",
            hits.len()
        ),
    }
}

#[test]
fn every_example_position_plays_its_choices() {
    let mut read = 0;
    for entry in std::fs::read_dir(examples_dir()).expect("examples/ds") {
        let path = entry.expect("entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("toml") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable");
        let mut s = pos(&text);
        let value: toml::Value = toml::from_str(&text).expect("toml");
        let choices = value
            .get("choices")
            .and_then(|c| c.as_array())
            .cloned()
            .unwrap_or_default();
        assert!(!choices.is_empty(), "{}: no choices", path.display());
        for typed in &choices {
            let typed = typed.as_str().expect("a choice is a text");
            let c = choose(&s, typed);
            play(&mut s, c);
        }
        read += 1;
    }
    assert!(read > 0, "no example read");
}

#[test]
fn the_speciation_example_reads_the_same_in_labels_and_in_axial_coordinates() {
    let labels = std::fs::read_to_string(examples_dir().join("speciation-p14.toml"))
        .expect("examples/ds/speciation-p14.toml");
    let new = pos(&labels);
    let old = pos(AXIAL_SPECIATION);
    assert_eq!(Ds::write_position(&new), Ds::write_position(&old));
    assert_eq!(sp(&old, 1, -1, Animal::Insects), 4, "E6 is (1,-1)");
    assert_eq!(sp(&old, 1, 0, Animal::Amphibians), 2, "E8 is (1,0)");
    // The corner D7/E6/E8 (the east point of (0,0)) holds the grass.
    let grass = Ds::describe_choice(&old, legal(&old)[0]);
    assert_eq!(grass, "speciate around the grass element on D7/E6/E8");
}

#[test]
fn positions_are_written_in_labels_and_read_back() {
    let s = pos(AXIAL_SPECIATION);
    let text = Ds::write_position(&s);
    for expected in [
        "hex = \"D7\"",
        "hex = \"E6\"",
        "hex = \"E8\"",
        "corner = \"D7/E6/E8\"",
        "corner = \"E8/E10/F9\"",
        "corner = \"E8/F7/F9\"",
    ] {
        assert!(text.contains(expected), "no `{expected}` in\n{text}");
    }
    for old in ["E(", "W(", "[0, 0]", "[1, -1]"] {
        assert!(!text.contains(old), "`{old}` in\n{text}");
    }
    // Between Planning placements a written position is exact (but its seed).
    let planning = AXIAL_SPECIATION.replace("phase = \"speciation\"", "phase = \"planning\"");
    let text = Ds::write_position(&pos(&planning));
    assert!(text.contains("corner = \"D7/E6/E8\""), "{text}");
    let back = pos(&text);
    assert_eq!(
        without_seed(&Ds::write_position(&back)),
        without_seed(&text)
    );
}

/// A written position without its `seed` line: `write_position` draws a
/// fresh seed for what follows, and everything else reads back unchanged.
fn without_seed(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("seed = "))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_position_names_a_hex_off_the_board_by_what_was_written() {
    let e = Ds::read_position(
        "players = 2\nanimals = [\"mammals\", \"birds\"]\n[[tiles]]\nhex = \"D1\"\nterrain = \"sea\"\n",
    )
    .expect_err("D1 is not on the Dominant Species board");
    assert!(
        e.to_string().contains("D1 is not a hex of the board"),
        "{e}"
    );
    let e = Ds::read_position(
        "players = 2\nanimals = [\"mammals\", \"birds\"]\n[[tiles]]\nhex = \"Z9\"\nterrain = \"sea\"\n",
    )
    .expect_err("no hex Z9");
    assert!(
        e.to_string().contains("\"Z9\" is not a hex of earth"),
        "{e}"
    );
}

#[test]
fn reading_a_position_tells_the_forced_steps() {
    // From the Reset Phase: Extinction, Survival and Reseed run by themselves
    // up to the next turn's Planning.
    let text = r#"
        players = 2
        animals = ["mammals", "birds"]
        phase = "reset"
        [[tiles]]
        hex = "D7"
        terrain = "tundra"
        species = { birds = 2 }
    "#;
    let (s, events) = Ds::read_position_with_events(text).expect("position");
    assert!(events.contains(&Event::TurnBegan { turn: 2 }), "{events:?}");
    // The birds have no element on the tundra: endangered, eliminated.
    assert!(
        events.iter().any(|e| matches!(
            e,
            Event::SpeciesEliminated {
                animal: Animal::Birds,
                count: 2,
                ..
            }
        )),
        "{events:?}"
    );
    let texts: Vec<String> = events.iter().map(|e| Ds::describe_event(&s, e)).collect();
    assert!(
        texts.contains(&"2 bird species are eliminated on D7 tundra".to_string()),
        "{texts:?}"
    );
    assert_eq!(Ds::read_position(text).expect("position"), s);
    // A position already at a decision runs no forced step.
    let (_, none) = Ds::read_position_with_events(AXIAL_SPECIATION).expect("position");
    assert!(
        none.iter().all(|e| matches!(e, Event::ActionBegan { .. })),
        "{none:?}"
    );
}

/// Applies `c` and tells whether it is an undo barrier.
fn barrier(s: &mut State, c: Choice) -> bool {
    let before = s.clone();
    let events = play(s, c);
    Ds::undo_barrier(&before, s, &events)
}

#[test]
fn placing_an_ap_may_be_undone_and_a_draw_from_the_bag_may_not() {
    let mut s = pos(r#"
        players = 2
        animals = ["mammals", "birds"]
        [[tiles]]
        hex = "D7"
        terrain = "tundra"
    "#);
    let space = Space::parse("Speciation (meat)").expect("space");
    assert!(!barrier(&mut s, Choice::Place(space)), "nothing drawn");
    // The last action of the turn: forfeiting it runs the Reset Phase, whose
    // Reseed draws elements from the bag and deals Dominance cards (p.20).
    let mut s = pos(r#"
        players = 2
        animals = ["mammals", "birds"]
        phase = "domination"
        [[tiles]]
        hex = "D7"
        terrain = "tundra"
        species = { mammals = 1 }
        [[elements]]
        corner = "D7/E6/E8"
        element = "meat"
        [display.aps]
        "Domination 1" = "mammals"
    "#);
    let bag = s.bag.len();
    let forfeit = choose(&s, "forfeit the action");
    assert!(barrier(&mut s, forfeit), "the bag was drawn from");
    assert!(s.bag.len() < bag, "Reseed drew from the bag");
}

#[test]
fn a_label_with_a_huge_number_is_refused() {
    for hex in ["A-32768", "D99999", "(0,-32768)"] {
        let text = format!(
            "players = 2\nanimals = [\"mammals\", \"birds\"]\n[[tiles]]\nhex = \"{hex}\"\nterrain = \"sea\"\n"
        );
        assert!(Ds::read_position(&text).is_err(), "{hex}");
    }
    for corner in ["A-32768/B3", "D7/E6/E99999", "A-32768 west"] {
        let text = format!(
            "players = 2\nanimals = [\"mammals\", \"birds\"]\n[[tiles]]\nhex = \"D7\"\nterrain = \"sea\"\n[[elements]]\ncorner = \"{corner}\"\nelement = \"sun\"\n"
        );
        assert!(Ds::read_position(&text).is_err(), "{corner}");
    }
}
