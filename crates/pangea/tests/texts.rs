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
//! (`check_choice_texts`, issue 36).

use eons_core::testing::{check_setup_choice_texts, check_setup_texts};
use eons_pangea::Pangea;

/// The variants, each played with two players.
const VARIANTS: &[&str] = &["flat-final"];

#[test]
fn every_text_of_random_games_reads_as_plain_english() {
    for players in 1..=4 {
        check_setup_texts::<Pangea>(players, &[], 0..60);
    }
}

#[test]
fn every_text_of_the_variants_reads_as_plain_english() {
    for &option in VARIANTS {
        check_setup_texts::<Pangea>(2, &[option], 10..60);
    }
}

/// The legal choices of every decision read apart (issue 36), over many
/// more games than the lint above reads in the same time, so that a
/// decision few games reach is met too.
#[test]
fn the_choices_of_every_decision_read_apart_in_many_games() {
    for players in 1..=4 {
        check_setup_choice_texts::<Pangea>(players, &[], 0..2000);
    }
}

#[test]
fn the_choices_of_every_decision_read_apart_in_many_variant_games() {
    for &option in VARIANTS {
        check_setup_choice_texts::<Pangea>(2, &[option], 0..2000);
    }
}

/// Every card text the table shows (the catalog) reads as the choices and
/// events do: a free action is "free" on the card as in the log.
#[test]
fn every_card_text_reads_as_plain_english() {
    let faults = eons_core::testing::lint_cards(&eons_pangea::catalog::catalog().cards);
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}
