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
//! (`check_choice_texts`, issue 36), and in the positions players reported
//! (the same element in several circles of a row).

use crate::common;
use common::*;
use eons_core::testing::{check_setup_choice_texts, check_setup_texts};
use eons_core::Game;
use eons_marine::{Choice, Marine, State};

/// The variants, each played with two players.
const VARIANTS: &[&str] = &[
    "two-animals",
    "random-earth",
    "alternate-displays",
    "superheroes",
    "length=short",
];

#[test]
fn every_text_of_random_games_reads_as_plain_english() {
    for players in 2..=4 {
        check_setup_texts::<Marine>(players, &[], 0..4);
    }
}

#[test]
fn every_text_of_the_variants_reads_as_plain_english() {
    for &option in VARIANTS {
        check_setup_texts::<Marine>(2, &[option], 10..12);
    }
}

/// The legal choices of every decision read apart (issue 36), over many
/// more games than the lint above reads in the same time, so that a
/// decision few games reach is met too.
#[test]
fn the_choices_of_every_decision_read_apart_in_many_games() {
    for players in 2..=4 {
        check_setup_choice_texts::<Marine>(players, &[], 0..60);
    }
}

#[test]
fn the_choices_of_every_decision_read_apart_in_many_variant_games() {
    for &option in VARIANTS {
        check_setup_choice_texts::<Marine>(2, &[option], 0..20);
    }
}

/// Every card text the table shows (the catalog) reads as the choices and
/// events do: a free action is "free" on the card as in the log.
#[test]
fn every_card_text_reads_as_plain_english() {
    let faults = eons_core::testing::lint_cards(&eons_marine::catalog::catalog().cards);
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// The texts of the legal choices of `s`, which must all differ (issue 36:
/// two buttons with the same words leave the player guessing).
fn distinct_texts(s: &State) -> Vec<String> {
    let texts: Vec<String> = legal(s)
        .into_iter()
        .map(|c| Marine::describe_choice(s, c))
        .collect();
    let mut sorted = texts.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(
        sorted.len(),
        texts.len(),
        "two choices read alike: {texts:?}"
    );
    texts
}

/// The Fishes to play beside the vacant B11, with a kelp tile on top of
/// the first Wanderlust stack and the same element in several circles of
/// each row.
const SAME_ELEMENTS: &str = r#"
players = 2
turn = "fishes"
stacks = [["kelp", "ocean"], ["sand"], ["reef"]]

[[animal]]
name = "reptiles"

[[animal]]
name = "fishes"

[[tile]]
hex = "B9"
terrain = "reef"
species = { fishes = 2 }

[display]
abundance = ["sun", "sun", "sun", "-"]
adaptation = ["worms", "worms", "-", "-"]
wanderlust = ["plankton", "plankton", "-", "-"]
"#;

/// Issue 36: Abundance offered "take the sun" three times, one for each
/// circle holding a sun; each choice names its circle.
#[test]
fn abundance_suns_in_three_circles_read_apart() {
    let mut s = pos(SAME_ELEMENTS);
    play(&mut s, basic("abundance 1"));
    assert_eq!(
        distinct_texts(&s),
        [
            "take the sun from circle 1",
            "take the sun from circle 2",
            "take the sun from circle 3",
            "forfeit the action",
        ]
    );
}

/// Adaptation offered "take the worms" twice, one for each circle holding
/// worms; each choice names its circle.
#[test]
fn adaptation_worms_in_two_circles_read_apart() {
    let mut s = pos(SAME_ELEMENTS);
    play(&mut s, basic("adaptation 1"));
    assert_eq!(
        distinct_texts(&s),
        [
            "take the worms from circle 1",
            "take the worms from circle 2",
            "forfeit the action",
        ]
    );
}

/// Issue 36: Wanderlust offered "take the plankton for B11 kelp" twice, one
/// for each circle holding a plankton; each choice names its circle.
#[test]
fn wanderlust_plankton_for_b11_kelp_reads_apart() {
    let mut s = pos(SAME_ELEMENTS);
    play_all(&mut s, &[basic("wanderlust 1"), Choice::Stack(0)]);
    let b11 = legal(&s)
        .into_iter()
        .find(|&c| Marine::describe_choice(&s, c) == "place the kelp tile on B11")
        .expect("B11 is offered for the kelp tile");
    play(&mut s, b11);
    assert_eq!(
        distinct_texts(&s),
        [
            "take the plankton from circle 1 for B11 kelp",
            "take the plankton from circle 2 for B11 kelp",
            "place no element",
        ]
    );
}
