//! Every text a player reads is plain English that names things as the board
//! shows them (issue: plain texts): seeded random games of every player count
//! and variant, linted by `eons_core::testing::check_texts` — no plural after
//! "1", no "a" before a vowel, no "(s)", no card without its name, no internal
//! code, no seat counted from 0, no axial coordinates, no "a" before a
//! plural name, no "’s" after a plural, no place called "this tile", no
//! corner two hexes could name twice, no two legal choices of one decision
//! with the same words (issue 33), no parentheses inside parentheses, no
//! scoring place in figures ("1st place"), no "costs 0 AP" for "free", a
//! rulebook page in every prompt, and no event whose text changes once its
//! choice is applied; and every card text of the catalog.
//! The legal choices of each decision must read apart in many more games
//! (`check_choice_texts`, issue 36). Then the terminal's map with the
//! board's labels, and the prompt naming the animal and the rule.

use eons_core::testing::{check_setup_choice_texts, check_setup_texts};
use eons_core::Game;
use eons_dominant_species::DominantSpecies;

/// The variants, each played with two players.
const VARIANTS: &[&str] = &["multi", "random-earth"];

#[test]
fn every_text_of_random_games_reads_as_plain_english() {
    for players in 2..=6 {
        check_setup_texts::<DominantSpecies>(players, &[], 0..3);
    }
}

#[test]
fn every_text_of_the_variants_reads_as_plain_english() {
    for &option in VARIANTS {
        check_setup_texts::<DominantSpecies>(2, &[option], 10..13);
    }
}

/// The legal choices of every decision read apart (issue 36), over many
/// more games than the lint above reads in the same time, so that a
/// decision few games reach is met too.
#[test]
fn the_choices_of_every_decision_read_apart_in_many_games() {
    for players in 2..=6 {
        check_setup_choice_texts::<DominantSpecies>(players, &[], 0..100);
    }
}

#[test]
fn the_choices_of_every_decision_read_apart_in_many_variant_games() {
    for &option in VARIANTS {
        check_setup_choice_texts::<DominantSpecies>(2, &[option], 0..100);
    }
}

/// A new two-player game with the mammals and the birds.
fn mammals_and_birds() -> eons_dominant_species::State {
    let options = vec!["animals=mammals,birds".to_string()];
    let setup = DominantSpecies::setup(2, &options).expect("setup");
    DominantSpecies::new(&setup, 1).expect("new game")
}

#[test]
fn the_terminal_map_prints_the_board_labels() {
    let s = mammals_and_birds();
    let text = DominantSpecies::render(&DominantSpecies::view(&s, None));
    let lines: Vec<&str> = text.lines().collect();
    let columns = lines
        .iter()
        .find(|l| l.trim_start().starts_with("A ") && l.trim_end().ends_with('G'))
        .unwrap_or_else(|| panic!("no column letters:\n{text}"));
    for letter in ["A", "B", "C", "D", "E", "F", "G"] {
        assert!(columns.split_whitespace().any(|w| w == letter), "{columns}");
    }
    // Row 7 holds the centre hex, D7: the tundra over the sea.
    let row7 = lines
        .iter()
        .find(|l| l.trim_start().starts_with("7 "))
        .unwrap_or_else(|| panic!("no row 7:\n{text}"));
    assert!(row7.contains("D7 TUN"), "{row7}");
    assert!(text.contains("D5 WET"), "{text}");
    assert!(
        text.contains("A4 ···"),
        "a blank hex shows its label: {text}"
    );
    assert!(text.contains("D7 tundra"), "the tile list: {text}");
}

#[test]
fn the_prompt_names_the_animal_and_the_rule() {
    let s = mammals_and_birds();
    let prompt = DominantSpecies::prompt(&s);
    let first = s.decider().expect("a decision");
    assert_eq!(
        prompt,
        format!("{first}: place an AP on an empty eyeball space (Planning, p.9)")
    );
    assert!(prompt.starts_with("Mammals: ") || prompt.starts_with("Birds: "));
    assert_eq!(DominantSpecies::view(&s, None).prompt, prompt);
    let space = eons_dominant_species::Space::parse("Migration 7").expect("space");
    assert_eq!(
        DominantSpecies::describe_choice(&s, eons_dominant_species::Choice::Place(space)),
        "place an AP on Migration 7"
    );
}

/// Every card text the table shows (the catalog) reads as the choices and
/// events do: a free action is "free" on the card as in the log.
#[test]
fn every_card_text_reads_as_plain_english() {
    let faults = eons_core::testing::lint_cards(&eons_dominant_species::catalog::catalog().cards);
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}
