//! Every text a player reads is plain English that names things as the board
//! shows them (issue: plain texts): seeded random games of every player count
//! and variant, linted by `eons_core::testing::check_texts` — no plural after
//! "1", no "a" before a vowel, no "(s)", no card without its name, no internal
//! code, no seat counted from 0, no axial coordinates, and no event whose
//! text changes once its choice is applied.

use eons_core::testing::{check_texts, TextCheck};
use eons_core::Game;
use eons_pangea::Pangea;

fn check(players: usize, options: &[&str], seeds: std::ops::Range<u64>) {
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    let setup = Pangea::setup(players, &options).expect("setup");
    let report = check_texts::<Pangea>(TextCheck {
        setup,
        seeds,
        every: 7,
    });
    assert!(report.texts > 1000, "only {} texts read", report.texts);
}

#[test]
fn every_text_of_random_games_reads_as_plain_english() {
    for players in 1..=4 {
        check(players, &[], 0..3);
    }
}

#[test]
fn every_text_of_the_variants_reads_as_plain_english() {
    for option in "flat-final".split(',') {
        check(2, &[option], 10..12);
    }
}
