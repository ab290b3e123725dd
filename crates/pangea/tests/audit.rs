//! Rules audit: one test per rule that had no test or that the engine got wrong, named after
//! the rule and citing the rulebook page (or the reference's ruling id). Position-based where
//! possible (see POSITIONS.md).

use crate::common;
use common::*;
use eons_core::{Game, Seat};
use eons_pangea::state::{Decision, MigrateKind, Task};
use eons_pangea::types::{Group, Tile};
use eons_pangea::{data, flow, Choice, Event, Pangea, Phase};

/// Runs engine tasks on a position whose own flow was cleared.
fn run_tasks(s: &mut eons_pangea::State, tasks: &[Task]) -> Vec<Event> {
    let d = data();
    s.tasks.clear();
    s.decision = None;
    for t in tasks.iter().rev() {
        s.tasks.push(t.clone());
    }
    let mut ev = Vec::new();
    flow::advance(s, d, &mut ev);
    ev
}

// ---------------------------------------------------------------------------------------------
// Neutral animals
// ---------------------------------------------------------------------------------------------

/// Rulebook p.25 (Red arrow, step 2): "Only when the Neutral Animal occupies the Ecological
/// Niche [1] or [2] (which means that if there was a Contest in step 1, the Animal won it)".
/// A neutral Synapsid in niche 1 attacks niche 2, loses and withdraws to niche 1: it must not
/// make the sideways migration into the rival in the neighbouring niche 1.
#[test]
fn red_arrow_no_second_migration_after_lost_contest_p25() {
    let mut s = pos(r#"
animals = ["B2 1 syn", "B2 2 inv special", "C2 1 amp"]
[[player]]
group = "amphibians"
[[player]]
group = "invertebrates"
evolution = ["Meganeuropsis", "Chitin Exoskeleton"]
[[neutral]]
group = "synapsids"
[[neutral]]
group = "sauropsida"
"#);
    run_tasks(
        &mut s,
        &[Task::NeutralMigrate(0, MigrateKind::Red), Task::ClearMoved],
    );
    // 4 against 1 + 3 + 1 (defender): the Synapsid loses and withdraws.
    assert!(at(&s, "B2", 2)[0].special(), "Meganeuropsis holds niche 2");
    assert_eq!(groups_at(&s, "B2", 1), vec![Group::Synapsids]);
    assert_eq!(
        groups_at(&s, "C2", 1),
        vec![Group::Amphibians],
        "no second migration after a lost contest"
    );
}

/// Rulebook p.25 (Red arrow): a neutral marker already in niche 2 (no first step, no contest)
/// still makes the sideways migration.
#[test]
fn red_arrow_from_niche_2_still_moves_sideways_p25() {
    let mut s = pos(r#"
animals = ["B2 2 syn", "C2 2 amp"]
[[player]]
group = "amphibians"
[[player]]
group = "invertebrates"
[[neutral]]
group = "synapsids"
[[neutral]]
group = "sauropsida"
"#);
    run_tasks(
        &mut s,
        &[Task::NeutralMigrate(0, MigrateKind::Red), Task::ClearMoved],
    );
    assert_eq!(groups_at(&s, "C2", 2), vec![Group::Synapsids]);
    assert_eq!(groups_at(&s, "C2", 1), vec![Group::Amphibians]);
}

// ---------------------------------------------------------------------------------------------
// Contests: Toxic, Escape, immunity, Lethality
// ---------------------------------------------------------------------------------------------

/// Rulebook p.16 (Toxic): the devourer dies only "when such an Animal is devoured". AD-03
/// Escape turns the devour into a withdrawal, so the Toxic loser no longer takes the winner
/// with it.
#[test]
fn escape_spares_the_winner_of_a_toxic_animal_p16() {
    let mut s = four(
        "to_move = 1\nanimals = [\"B2 1 syn\", \"C2 1 inv toxic\"]",
        [
            "evolution = [\"Sabre Fangs\"]",
            PASSED,
            PASSED,
            "active = [\"Escape\"]",
        ],
    );
    play(&mut s, mv("B2 1 syn", "C2", 1));
    // The defender's owner holds an active card, so it is asked for contest cards first.
    assert_eq!(decision(&s), Decision::ContestCards(3));
    play(&mut s, Choice::Done);
    assert_eq!(decision(&s), Decision::Escape(3));
    play(&mut s, Choice::Use(card("Escape")));
    assert_eq!(
        groups_at(&s, "C2", 1),
        vec![Group::Synapsids],
        "not devoured"
    );
    assert_eq!(groups_at(&s, "C2", 0), vec![Group::Invertebrates]);
    assert!(!s.players[0].kill, "nothing died");
}

/// AD-03 Escape: "if it is already in niche 0, it stays"; rulebook p.16 (Inactive): an Inactive
/// animal is removed only when it "is forced to Migrate". An Inactive loser of a niche-0 contest
/// that escapes stays where it is, alive, and the winner records no kill.
#[test]
fn escape_keeps_an_inactive_niche0_loser_in_place_p16() {
    let mut s = four(
        "to_move = 1\nanimals = [\"B2 1 syn special\", \"C2 0 amp inactive\"]",
        [
            "evolution = [\"Gorgonops\"]",
            PASSED,
            "active = [\"Escape\"]",
            PASSED,
        ],
    );
    play(&mut s, mv("B2 1 syn special", "C2", 0));
    assert_eq!(decision(&s), Decision::Niche0Attack(0));
    play(&mut s, Choice::Animal(spot("C2 0 amp inactive")));
    assert_eq!(decision(&s), Decision::ContestCards(2));
    play(&mut s, Choice::Done);
    assert_eq!(decision(&s), Decision::Escape(2));
    play(&mut s, Choice::Use(card("Escape")));
    let mut groups = groups_at(&s, "C2", 0);
    groups.sort();
    assert_eq!(
        groups,
        vec![Group::Synapsids, Group::Amphibians],
        "both stay in niche 0"
    );
    assert!(!s.players[0].kill, "nothing died");
}

/// Rulebook p.16 (Toxic) and SAU-S Scutosaurus ("a contest never removes it"): a Toxic
/// Scutosaurus that loses to a devourer is not devoured, so the winner survives.
#[test]
fn toxic_scutosaurus_not_devoured_spares_winner_p16() {
    let mut s = four(
        "to_move = 1\nanimals = [\"B2 1 syn\", \"C2 1 sau special toxic\"]",
        [
            "evolution = [\"Sabre Fangs\", \"Heterodont Teeth\"]\nactive = [\"Aggressive Display\"]",
            "evolution = [\"Scutosaurus\"]",
            PASSED,
            PASSED,
        ],
    );
    play(&mut s, mv("B2 1 syn", "C2", 1));
    play(&mut s, Choice::Use(card("Aggressive Display")));
    assert_eq!(groups_at(&s, "C2", 1), vec![Group::Synapsids]);
    assert!(at(&s, "C2", 0)[0].special(), "Scutosaurus withdrew");
}

/// Rulebook p.16 (Inactive): "whenever an Animal with the Inactive Marker is forced to
/// Migrate, it is removed" — a contest loser that must withdraw. That removal is a kill for
/// Lethality (reference 7.3 OBJ-C1: "removed from the board as the result of a contest won by
/// one of your animals"; ruling D8).
#[test]
fn lethality_counts_inactive_loser_removed_p16() {
    let mut s = four(
        "to_move = 4\nanimals = [\"B2 0 inv\", \"B2 1 syn inactive\"]\nobjectives = [{ tile = \"Lethality\" }]",
        ["", PASSED, PASSED, ""],
    );
    play(&mut s, mv("B2 0 inv", "B2", 1));
    assert_eq!(s.animals_of(Group::Synapsids), 0);
    assert!(s.players[3].kill);
    assert!(legal(&s).contains(&Choice::Claim(0)));
}

/// Ruling B2: an Inactive animal's total is exactly 0: a neutral defender that is Inactive
/// rolls no bonus and keeps its Adaptation Track marker.
#[test]
fn inactive_neutral_rolls_no_bonus_b2() {
    let mut s = pos(r#"
to_move = 1
animals = ["B2 0 amp", "B2 1 sau inactive"]
[[player]]
group = "amphibians"
[[player]]
group = "invertebrates"
passed = true
[[neutral]]
group = "synapsids"
[[neutral]]
group = "sauropsida"
track = 3
"#);
    let ev = play(&mut s, mv("B2 0 amp", "B2", 1));
    assert!(!ev.iter().any(|e| matches!(e, Event::NeutralBonus { .. })));
    assert_eq!(s.neutrals[1].track, 3);
    assert_eq!(groups_at(&s, "B2", 1), vec![Group::Amphibians]);
    assert_eq!(
        s.animals_of(Group::Sauropsida),
        0,
        "forced to withdraw: removed"
    );
}

// ---------------------------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------------------------

/// Rulebook p.8 (Table of Action Costs), ruling A1: Sauropsida 1/2/2/3, Amphibians 3/2/2/1,
/// Invertebrates 2/1/3/2, Synapsids 2/3/1/2 (adapt, populate, migrate, survive), and every
/// Populate is charged its group's cost.
#[test]
fn action_costs_per_group_a1() {
    let d = data();
    assert_eq!(d.group(Group::Sauropsida).costs, [1, 2, 2, 3]);
    assert_eq!(d.group(Group::Amphibians).costs, [3, 2, 2, 1]);
    assert_eq!(d.group(Group::Invertebrates).costs, [2, 1, 3, 2]);
    assert_eq!(d.group(Group::Synapsids).costs, [2, 3, 1, 2]);
    for (seat, cost) in [(1u8, 3), (2, 2), (3, 2), (4, 1)] {
        let mut s = four(&format!("to_move = {seat}"), ["", "", "", ""]);
        play(
            &mut s,
            Choice::Populate {
                region: r("B2"),
                special: false,
            },
        );
        assert_eq!(s.players[seat as usize - 1].ap, 6 - cost, "seat {seat}");
    }
}

/// Ruling I1 (Adapt must activate something) and ruling D3 (no adaptation card into a full
/// active zone): with an empty hand and no affordable evolution card Adapt is not offered;
/// with 3 active cards only evolution cards are.
#[test]
fn adapt_needs_something_to_activate_i1_d3() {
    let s = four(
        "to_move = 1",
        ["evolution = [\"Heterodont Teeth\"]", "", "", ""],
    );
    assert!(!legal(&s)
        .iter()
        .any(|c| matches!(c, Choice::Activate(_) | Choice::Evolve(_))));
    let s = four(
        "to_move = 1",
        [
            "evolution = [\"Heterodont Teeth\"]\nhand = [\"Venom\"]\nactive = [\"Escape\", \"Ambush\", \"Mutation\"]",
            "",
            "",
            "",
        ],
    );
    let l = legal(&s);
    assert!(!l.iter().any(|c| matches!(c, Choice::Activate(_))));
    assert!(l.contains(&Choice::Evolve(evo(Group::Synapsids, "Sabre Fangs"))));
}

/// Rulebook p.24 (Survive) and reference 5: the marker moves one field; a tile field is peeked
/// at, the 2 no-peek fields show nothing, printed dominance is scored on arrival (9 in all), and
/// at the top field Survive is illegal (ruling I2).
#[test]
fn survive_track_peeks_blind_fields_and_dominance_p24() {
    let d = data();
    // The whole climb, field by field.
    let mut s = four("to_move = 3", ["", "", "", ""]);
    let mut ev = Vec::new();
    for _ in 0..20 {
        s.climb_instinct(d, 2, &mut ev);
    }
    let p = &s.players[2];
    assert_eq!(p.instinct, 11);
    assert_eq!(p.dominance, 1 + 9);
    let expected: u32 = [1, 2, 3, 4, 5, 6, 7, 9, 11]
        .iter()
        .fold(0, |m, f| m | 1 << f);
    assert_eq!(p.known, expected, "fields 8 and 10 show nothing");
    // One Survive onto a no-peek field, one onto the top field, then none.
    let mut s = four("to_move = 3", ["", "", "instinct = 7", ""]);
    play(&mut s, Choice::Survive);
    assert_eq!(s.players[2].instinct, 8);
    assert_eq!(s.players[2].known & (1 << 8), 0);
    assert_eq!(s.players[2].dominance, 1);
    let mut s = four("to_move = 3", ["", "", "instinct = 10", ""]);
    play(&mut s, Choice::Survive);
    assert_eq!(s.players[2].instinct, 11);
    assert_ne!(s.players[2].known & (1 << 11), 0);
    assert_eq!(s.players[2].dominance, 4);
    play(&mut s, Choice::Done);
    let mut s = four("to_move = 3", ["", "", "instinct = 11", ""]);
    assert!(!legal(&s).contains(&Choice::Survive));
    assert!(refuse(&mut s, Choice::Survive).contains("I2"));
}

// ---------------------------------------------------------------------------------------------
// Stages, Turn of the Ages, the Doom
// ---------------------------------------------------------------------------------------------

/// Rulebook p.18–19 (Initiative Phase step 3, Turn of the Ages): after the Guadalupian's last
/// stage the second Turn of the Age card is revealed and AP is reset to 8 (ruling D6).
#[test]
fn second_turn_of_ages_resets_ap_to_eight_p18() {
    let s = four(
        "phase = \"initiative\"\nstage = 7\nages = [\"Monsoon Floods\", \"Hypoxia\"]\nages_revealed = 1",
        ["", "", "", ""],
    );
    assert_eq!(s.stage, 7, "stage 8 (0-based 7) began");
    assert_eq!(s.ages_revealed, 2);
    assert!(s.players.iter().all(|p| p.ap == 8));
    assert_eq!(s.objectives.len(), 2, "2 Lopingian tiles");
}

/// Rulebook p.19 (The Doom): after the 9th stage's Initiative phase the Doom marker reaches
/// the last field: the Doom is resolved and the game ends.
#[test]
fn ninth_stage_ends_in_the_doom_p19() {
    let s = four(
        "phase = \"initiative\"\nstage = 9\ndoom = [\"sector A\", \"zone 1\", \"Gamma Rays\"]\nanimals = [\"D5 1 syn\"]",
        ["", "", "", ""],
    );
    assert_eq!(s.phase, Phase::Over);
    assert!(s.doom_revealed);
    let r = s.result.as_ref().expect("result");
    assert_eq!(r.winners, vec![0], "the only player with an animal left");
}

// ---------------------------------------------------------------------------------------------
// Hidden information
// ---------------------------------------------------------------------------------------------

/// Architecture (Hidden information): `determinize` keeps what the seat has seen (its hand and
/// active cards, the tiles it peeked at, everything public) and re-draws only the unseen: the
/// other hands, the deck, the unseen instinct tiles and the Doom Stack.
#[test]
fn determinize_redraws_only_unseen() {
    let s = four(
        "to_move = 1",
        [
            "hand = [\"Venom\"]\nactive = [\"Escape\"]\ninstinct = 3",
            "hand = [\"Ambush\", \"Mutation\"]",
            "active = [\"Recovery\"]",
            "",
        ],
    );
    let mut doom_changed = false;
    let mut hand_changed = false;
    for seed in 0..40 {
        let t = Pangea::determinize(&s, Seat(0), seed);
        assert_eq!(t.players[0].hand, s.players[0].hand);
        assert_eq!(t.players[0].active, s.players[0].active);
        for f in 1..=3 {
            assert_eq!(t.track[f], s.track[f], "peeked tiles stay");
        }
        assert_eq!(t.animals, s.animals);
        assert_eq!(t.discard, s.discard);
        assert_eq!(t.players[1].hand.len(), 2);
        assert_eq!(t.players[2].active.len(), 1);
        assert_eq!(t.deck.len(), s.deck.len());
        // The seat has seen 3 sector tiles: the Doom Stack's sector cannot change.
        assert_eq!(t.doom[0], s.doom[0]);
        assert!(matches!(t.doom[1], Tile::Zone(_)));
        assert_ne!(t.doom[2], Tile::Cataclysm(s.removed_cataclysm));
        doom_changed |= t.doom[1] != s.doom[1] || t.doom[2] != s.doom[2];
        hand_changed |= t.players[1].hand != s.players[1].hand;
        // The seat's view is the same in the re-drawn state.
        let v = serde_json::to_value(Pangea::view(&s, Some(Seat(0)))).expect("view");
        let w = serde_json::to_value(Pangea::view(&t, Some(Seat(0)))).expect("view");
        assert_eq!(v, w);
    }
    assert!(doom_changed, "the unseen Doom Stack tiles are re-drawn");
    assert!(hand_changed, "other hands are re-drawn");
}
