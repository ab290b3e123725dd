//! One rule, one test, citing the rulebook page (pages estimated from the rulebook's own
//! cross-references: Contest/Inactive/Toxic p.14–16, Hunger p.18, Cataclysms p.20, Actions
//! p.21–24, Neutral actions p.25) or the reference's ruling id.
//!
//! This file is long because it holds one test for every rule, in rulebook order, so that a
//! rule without a test shows as a gap in one list.

use crate::common;
use common::*;
use eons_core::{Game, Seat};
use eons_pangea::data::AgeBack;
use eons_pangea::flow;
use eons_pangea::queries;
use eons_pangea::state::{Decision, MigrateKind, Task};
use eons_pangea::types::{flag, Group, Regions, Tile};
use eons_pangea::{data, Choice, Event, Pangea, Phase};

fn new(players: usize, opts: &[&str], seed: u64) -> eons_pangea::State {
    let o: Vec<String> = opts.iter().map(|s| s.to_string()).collect();
    Pangea::new(&Pangea::setup(players, &o).expect("setup"), seed).expect("new")
}

// ---------------------------------------------------------------------------------------------
// Setup
// ---------------------------------------------------------------------------------------------

/// Rulebook p.10–11 (Game Setup), 4 players: Doom Stack of one sector, one zone and one
/// cataclysm; 3 sector, 4 zone and 2 cataclysm tiles on the track; one cataclysm removed;
/// dominance 1, AP 6, 4 Cisuralian objectives, one CG and one GL Turn of the Age card,
/// initiative by Expansiveness, no neutral groups and no closed region.
#[test]
fn setup_four_players_p10() {
    let d = data();
    let s = new(4, &["groups=inv,amp,sau,syn"], 9);
    assert!(s.neutrals.is_empty());
    assert_eq!(s.closed, Regions::NONE);
    assert!(matches!(
        s.doom,
        [Tile::Sector(_), Tile::Zone(_), Tile::Cataclysm(_)]
    ));
    let tiles: Vec<Tile> = s.track.iter().flatten().copied().collect();
    assert_eq!(
        tiles
            .iter()
            .filter(|t| matches!(t, Tile::Sector(_)))
            .count(),
        3
    );
    assert_eq!(
        tiles.iter().filter(|t| matches!(t, Tile::Zone(_))).count(),
        4
    );
    assert_eq!(
        tiles
            .iter()
            .filter(|t| matches!(t, Tile::Cataclysm(_)))
            .count(),
        2
    );
    assert!(!tiles.contains(&Tile::Cataclysm(s.removed_cataclysm)));
    assert_ne!(s.doom[2], Tile::Cataclysm(s.removed_cataclysm));
    for p in &s.players {
        assert_eq!((p.dominance, p.ap, p.instinct, p.evolution), (1, 6, 0, 0));
    }
    assert_eq!(s.objectives.len(), 4);
    assert!(s
        .objectives
        .iter()
        .all(|o| d.objectives[o.tile as usize].epoch == 0));
    assert_eq!(d.ages[s.ages[0] as usize].back, AgeBack::CG);
    assert_eq!(d.ages[s.ages[1] as usize].back, AgeBack::GL);
    // Seats lead inv, amp, sau, syn: Synapsids (seat 4) have the highest Expansiveness.
    assert_eq!(s.order, vec![3, 2, 1, 0]);
    assert_eq!(decision(&s), Decision::Place(3));
}

/// Rulebook p.11 (For 1–3 players): Sector D closed, the neutral groups in front of the
/// initiative track by Expansiveness, 9 region cards, one neutral animal each on a region card.
#[test]
fn setup_fewer_players_p11() {
    let d = data();
    let s = new(2, &["groups=amp,inv"], 4);
    assert_eq!(s.closed, d.closed_fewer);
    let ng: Vec<Group> = s.neutrals.iter().map(|n| n.group).collect();
    assert_eq!(ng, vec![Group::Synapsids, Group::Sauropsida]);
    assert_eq!(s.region_stack, d.cards_start);
    for g in ng {
        let v: Vec<_> = s.animals.iter().filter(|p| p.animal.group == g).collect();
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].niche, 0);
        assert!(d.cards_start.contains(v[0].region));
    }
    assert_eq!(s.order, vec![0, 1], "Amphibians before Invertebrates");
}

/// Rulebook p.11 (Only in Solo mode): the two Turn of the Age cards are SOLO cards; three
/// neutral groups.
#[test]
fn setup_solo_uses_solo_cards_p11() {
    let d = data();
    let s = new(1, &["solo"], 2);
    assert_eq!(s.ages.len(), 2);
    assert!(s
        .ages
        .iter()
        .all(|&a| d.ages[a as usize].back == AgeBack::SOLO));
    assert_eq!(s.neutrals.len(), 3);
}

/// Rulebook p.11: each player places a first animal in any niche 0 except the Subpolar zones
/// and unavailable regions.
#[test]
fn starting_animal_not_subpolar_nor_closed_p11() {
    let s = new(2, &[], 1);
    let l = legal(&s);
    assert_eq!(l.len(), 9, "rows 2-4 of sectors A-C");
    assert!(!l.contains(&Choice::Region(r("A1"))));
    assert!(!l.contains(&Choice::Region(r("D3"))));
    let s = new(4, &[], 1);
    assert_eq!(legal(&s).len(), 12);
}

// ---------------------------------------------------------------------------------------------
// Stage flow
// ---------------------------------------------------------------------------------------------

/// Rulebook p.17 (Drawing Phase): each player draws 2 adaptation cards, then discards down to 3.
#[test]
fn drawing_two_then_discard_to_three_p17() {
    let mut s = four(
        "phase = \"drawing\"",
        ["hand = [\"Venom\", \"Escape\"]", "", "", ""],
    );
    assert_eq!(decision(&s), Decision::Discard(0));
    assert_eq!(s.players[0].hand.len(), 4);
    let c = legal(&s)[0];
    play(&mut s, c);
    assert_eq!(s.players[0].hand.len(), 3);
    assert!(s.players[1..].iter().all(|p| p.hand.len() == 2));
}

/// Rulebook p.17 (Action limit): each action at most twice per stage.
#[test]
fn each_action_twice_per_stage_p17() {
    let mut s = four(
        "to_move = 1\nanimals = [\"B2 0 syn\"]",
        ["used = [0, 0, 2, 0]", PASSED, PASSED, PASSED],
    );
    assert!(!legal(&s).iter().any(|c| matches!(c, Choice::Move { .. })));
    let e = refuse(&mut s, mv("B2 0 syn", "B2", 1));
    assert!(e.contains("Action limit"), "{e}");
}

/// Rulebook p.8 / p.17: 5 action markers, so at most 5 actions; then the player must pass.
#[test]
fn five_action_markers_p17() {
    let s = four(
        "to_move = 1",
        ["used = [2, 2, 1, 0]", PASSED, PASSED, PASSED],
    );
    assert_eq!(
        decision(&s),
        Decision::Turn {
            seat: 0,
            acted: false,
            forced: true
        }
    );
    assert_eq!(legal(&s), vec![Choice::Pass]);
}

/// Rulebook p.17 (Pass): "When it is your turn to perform an Action, but you have no Action
/// Points left ... you have to pass" -- once the AP that may still be gained is not gained. An
/// active adaptation card may be discarded "at any moment ... to receive 1 Action Point"
/// (p.21), and p.21's example discards one and then acts with the AP gained; the Invertebrates
/// remove their animals for AP "at any moment of your turn" (p.26). So a turn at 0 AP offers
/// those steps and Pass (no action, no other free step), and with the AP gained the player
/// acts. With nothing to gain AP from, Pass is the only choice; with all five action markers
/// used too (p.17: "you must pass"), card or not.
#[test]
fn must_pass_without_ap_unless_ap_is_gained_first_p17_p21() {
    // 0 AP and two active cards: discard one for 1 AP, then Migrate (1 AP for Synapsids).
    let mut s = four(
        "to_move = 1\nanimals = [\"B2 0 syn\"]",
        [
            "ap = 0\nactive = [\"Venom\", \"Fertility\"]",
            PASSED,
            PASSED,
            PASSED,
        ],
    );
    assert_eq!(
        decision(&s),
        Decision::Turn {
            seat: 0,
            acted: false,
            forced: false
        }
    );
    assert_eq!(
        legal(&s),
        vec![
            Choice::Pass,
            Choice::CashIn(card("Fertility")),
            Choice::CashIn(card("Venom"))
        ],
        "no action and no other free step at 0 AP"
    );
    let prompt = Pangea::prompt(&s);
    assert!(
        prompt.contains("gain an Action Point first, or pass"),
        "{prompt}"
    );
    let e = refuse(&mut s, mv("B2 0 syn", "B2", 1));
    assert!(e.contains("Pass (p.17)"), "{e}");
    let e = refuse(&mut s, Choice::Use(card("Fertility")));
    assert!(e.contains("Pass (p.17)"), "{e}");
    play(&mut s, Choice::CashIn(card("Venom")));
    assert_eq!(s.players[0].ap, 1);
    assert!(
        legal(&s).contains(&mv("B2 0 syn", "B2", 1)),
        "acts with the AP gained"
    );
    play(&mut s, mv("B2 0 syn", "B2", 1));
    assert_eq!(s.players[0].ap, 0);

    // 0 AP and nothing to gain AP from: Pass only.
    let mut s = four(
        "to_move = 1\nanimals = [\"B2 0 syn\"]",
        ["ap = 0", PASSED, PASSED, PASSED],
    );
    assert_eq!(
        decision(&s),
        Decision::Turn {
            seat: 0,
            acted: false,
            forced: true
        }
    );
    assert_eq!(legal(&s), vec![Choice::Pass]);
    let e = refuse(&mut s, Choice::Survive);
    assert!(e.contains("Pass"), "{e}");

    // Invertebrates at 0 AP: their ability (p.26) first, then Populate (1 AP for them).
    let mut s = four(
        "to_move = 4\nanimals = [\"A2 0 inv\"]",
        [PASSED, PASSED, PASSED, "ap = 0"],
    );
    assert_eq!(
        legal(&s),
        vec![Choice::Pass, Choice::Shed(spot("A2 0 inv"))]
    );
    play(&mut s, Choice::Shed(spot("A2 0 inv")));
    assert_eq!(s.players[3].ap, 1);
    assert!(legal(&s)
        .iter()
        .any(|c| matches!(c, Choice::Populate { .. })));

    // All five action markers used: Pass only, although a card could still be discarded.
    let mut s = four(
        "to_move = 1",
        [
            "used = [2, 2, 1, 0]\nap = 0\nactive = [\"Venom\"]",
            PASSED,
            PASSED,
            PASSED,
        ],
    );
    assert_eq!(legal(&s), vec![Choice::Pass]);
    let e = refuse(&mut s, Choice::CashIn(card("Venom")));
    assert!(e.contains("Pass (p.17)"), "{e}");
}

/// Rulebook p.17: "you cannot skip your turn to wait": before acting, Done is not a choice.
#[test]
fn cannot_skip_turn_p17() {
    let mut s = four("to_move = 1", ["", "", "", ""]);
    assert!(!legal(&s).contains(&Choice::Done));
    assert!(legal(&s).contains(&Choice::Pass));
    refuse(&mut s, Choice::Done);
}

/// Rulebook p.17: players act one action at a time in initiative order; passed players are
/// skipped.
#[test]
fn turns_follow_initiative_skipping_passed_p17() {
    let mut s = four("to_move = 1", ["", PASSED, "", ""]);
    play(&mut s, Choice::Survive);
    play(&mut s, Choice::Done);
    assert!(matches!(decision(&s), Decision::Turn { seat: 2, .. }));
    play(&mut s, Choice::Pass);
    assert!(matches!(decision(&s), Decision::Turn { seat: 3, .. }));
}

/// Rulebook p.18 (Initiative Phase): fewest dominance first, most last, ties keep their order;
/// the Doom marker moves and AP is reset to the new stage's epoch (ruling D6).
#[test]
fn initiative_fewest_first_ties_kept_p18() {
    let s = four(
        "phase = \"initiative\"\nstage = 4\norder = [1, 2, 3, 4]\nages = [\"Monsoon Floods\", \"Hypoxia\"]",
        ["dominance = 5", "dominance = 2", "dominance = 2", "dominance = 7"],
    );
    assert_eq!(s.order, vec![1, 2, 0, 3]);
    assert_eq!(s.stage, 4);
    assert!(s.players.iter().all(|p| p.ap == 7));
    assert!(matches!(decision(&s), Decision::Turn { seat: 1, .. }));
}

/// Rulebook p.18 (Survival Phase step 1): a hunger marker stays until the Turn of the Ages and
/// bites every stage, even when the region is no longer crowded (ruling C4).
#[test]
fn hunger_marker_persists_p18() {
    let s = four(
        "phase = \"survival\"\nhunger = [\"C3\"]\nanimals = [\"C3 0 sau\"]",
        ["", "", "", ""],
    );
    assert_eq!(
        decision(&s),
        Decision::Hunger {
            seat: 1,
            region: r("C3"),
            owed: 1
        }
    );
}

/// Rulebook p.18 (Resolving Hunger) and ruling C3: dominance cannot go below 0, so a player at 0
/// must remove the animal.
#[test]
fn hunger_at_zero_dominance_removes_p18() {
    let s = four(
        "phase = \"survival\"\nhunger = [\"C3\"]\nanimals = [\"C3 0 sau\"]",
        ["", "dominance = 0", "", ""],
    );
    assert_eq!(legal(&s), vec![Choice::Animal(spot("C3 0 sau"))]);
}

/// Ruling C2: neutral animals have no dominance, so every neutral animal in a hungry region is
/// removed.
#[test]
fn hunger_removes_neutral_animals_c2() {
    let s = pos(r#"
phase = "survival"
animals = ["B2 0 syn", "B2 0 sau", "B2 1 sau"]
[[player]]
group = "amphibians"
[[player]]
group = "invertebrates"
"#);
    assert!(s.animals.iter().all(|p| p.region != r("B2")));
}

/// Rulebook p.18 (1–3 players): the region card of a hungry region leaves the stack until the
/// Turn of the Ages, when it returns (p.19, Expansion Phase) with the Subpolar cards.
#[test]
fn hunger_removes_region_card_until_turn_of_ages_p18() {
    let d = data();
    let s = pos(r#"
phase = "survival"
stage = 4
animals = ["B2 0 amp", "B2 0 amp", "B2 0 amp"]
ages = ["Monsoon Floods", "Hypoxia"]
[[player]]
group = "amphibians"
dominance = 0
[[player]]
group = "invertebrates"
"#);
    assert!(s.region_out.contains(r("B2")));
    assert!(!s.region_stack.contains(r("B2")));
    let mut s = s;
    while let Some(Decision::Hunger { .. }) = s.decision {
        let c = legal(&s)[0];
        play(&mut s, c);
    }
    // Stage 5 began after the Turn of the Ages.
    assert_eq!(s.stage, 4);
    assert_eq!(s.region_out, Regions::NONE);
    assert_eq!(s.region_stack, d.cards_start | d.cards_later);
    assert_eq!(
        s.hunger,
        Regions::NONE,
        "Cleanup phase removes hunger markers"
    );
}

/// Rulebook p.19 (Development Phase): new tiles of the coming epoch, 3 in the Guadalupian;
/// objective markers return.
#[test]
fn development_new_objectives_p19() {
    let d = data();
    let s = four(
        "phase = \"turn_of_ages\"\nstage = 5\nages = [\"Monsoon Floods\", \"Hypoxia\"]\nages_revealed = 0",
        ["claimed = [0, 1]", "", "", ""],
    );
    assert_eq!(s.objectives.len(), 3);
    assert!(s
        .objectives
        .iter()
        .all(|o| d.objectives[o.tile as usize].epoch == 1));
    assert_eq!(s.players[0].claimed, 0);
    assert_eq!(s.ages_revealed, 1);
}

/// Rulebook p.19 (Event Phase): a Turn of the Age card is resolved in the initiative order,
/// and neutral animals are always before the players on the initiative track (p.11, setup for
/// 1–3 players; p.18, Initiative Phase). End of the Icehouse: the neutral animals are placed
/// before the first player chooses; Olson's Extinction and Capitanian Crisis: the neutral
/// groups have lost their animals before the first player is asked.
#[test]
fn turn_of_age_neutrals_before_players_p19() {
    let two = |top: &str| {
        pos(&format!(
            "seed = 3\nphase = \"turn_of_ages\"\n{top}\n[[player]]\ngroup = \"synapsids\"\n[[player]]\ngroup = \"amphibians\"\n"
        ))
    };
    let neutral = |s: &eons_pangea::State| {
        s.animals_of(Group::Sauropsida) + s.animals_of(Group::Invertebrates)
    };
    let s = two("stage = 5\nages = [\"End of the Icehouse\", \"Hypoxia\"]\nages_revealed = 0");
    assert_eq!(decision(&s), Decision::AgePlace(0));
    assert_eq!(neutral(&s), 2, "both neutral groups placed already");
    assert!(
        s.animals.iter().all(|p| [0, 4].contains(&p.region.row())),
        "in the Subpolar zones (rows 1 and 5)"
    );

    let s = two(
        "stage = 5\nages = [\"Olson's Extinction\", \"Hypoxia\"]\nages_revealed = 0\nanimals = [\"B2 0 syn\", \"C2 0 sau\", \"C3 0 inv\"]",
    );
    assert_eq!(decision(&s), Decision::AgeLose(0));
    assert_eq!(
        neutral(&s),
        0,
        "the neutral niche-0 animals are gone already"
    );

    let s = two(
        "stage = 8\nages = [\"Monsoon Floods\", \"Capitanian Crisis\"]\nages_revealed = 1\nanimals = [\"B2 0 syn\", \"C2 0 sau\", \"C2 1 sau\"]",
    );
    assert_eq!(decision(&s), Decision::AgeToll(0));
    assert!(
        groups_at(&s, "C2", 0).is_empty(),
        "its last animal in resolve order"
    );
    assert_eq!(groups_at(&s, "C2", 1), vec![Group::Sauropsida]);
}

// ---------------------------------------------------------------------------------------------
// Neutral animals
// ---------------------------------------------------------------------------------------------

fn neutral_board(animals: &str) -> eons_pangea::State {
    let mut s = pos(&format!(
        r#"
animals = [{animals}]
[[player]]
group = "amphibians"
[[player]]
group = "invertebrates"
[[neutral]]
group = "synapsids"
[[neutral]]
group = "sauropsida"
"#
    ));
    s.tasks.clear();
    s.decision = None;
    s
}

fn run_tasks(s: &mut eons_pangea::State, tasks: &[Task]) -> Vec<Event> {
    let d = data();
    for t in tasks.iter().rev() {
        s.tasks.push(t.clone());
    }
    let mut ev = Vec::new();
    flow::advance(s, d, &mut ev);
    ev
}

/// Rulebook p.16 (Neutral Animals Phase A): a neutral group with no animal on the board first
/// places one in niche 0 of a drawn region card.
#[test]
fn neutral_reenters_when_absent_p16() {
    let mut s = neutral_board("");
    s.tasks.push(Task::NeutralStep(1));
    let d = data();
    let mut ev = Vec::new();
    // Run only the Sauropsida step (drop the following tasks afterwards).
    let t = s.tasks.pop().expect("task");
    s.tasks.push(t);
    flow::advance(&mut s, d, &mut ev);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::NeutralRolled {
            group: Group::Sauropsida,
            ..
        }
    )));
    assert!(s.animals_of(Group::Sauropsida) >= 1);
}

/// Rulebook p.25 (Migrate): every marker of the neutral group moves one niche up; a rival there
/// means a contest.
#[test]
fn neutral_migrate_moves_every_marker_up_p25() {
    let mut s = neutral_board("\"A2 0 syn\", \"B3 1 syn\", \"B3 2 amp\"");
    run_tasks(
        &mut s,
        &[
            Task::NeutralMigrate(0, MigrateKind::Plain),
            Task::ClearMoved,
        ],
    );
    assert_eq!(groups_at(&s, "A2", 1), vec![Group::Synapsids]);
    assert_eq!(groups_at(&s, "B3", 2), vec![Group::Synapsids], "4 beats 2");
    assert_eq!(
        groups_at(&s, "B3", 1),
        vec![Group::Amphibians],
        "the loser withdraws"
    );
    assert!(s.animals.iter().all(|p| p.animal.flags & flag::MOVED == 0));
}

/// Rulebook p.25 (Green arrow): a neutral marker moves up only into an empty niche.
#[test]
fn neutral_green_arrow_only_empty_p25() {
    let mut s = neutral_board("\"A2 0 syn\", \"B3 1 syn\", \"B3 2 amp\"");
    run_tasks(
        &mut s,
        &[
            Task::NeutralMigrate(0, MigrateKind::Green),
            Task::ClearMoved,
        ],
    );
    assert_eq!(groups_at(&s, "A2", 1), vec![Group::Synapsids]);
    assert_eq!(groups_at(&s, "B3", 1), vec![Group::Synapsids], "no contest");
    assert_eq!(groups_at(&s, "B3", 2), vec![Group::Amphibians]);
}

/// Rulebook p.25 (Red arrow): after moving up, a neutral marker in niche 1 or 2 moves sideways
/// into the same niche of an adjacent region held by another group, and contests.
#[test]
fn neutral_red_arrow_second_migration_p25() {
    let mut s = neutral_board("\"B2 0 syn\", \"C2 1 inv\"");
    run_tasks(
        &mut s,
        &[Task::NeutralMigrate(0, MigrateKind::Red), Task::ClearMoved],
    );
    assert_eq!(groups_at(&s, "C2", 1), vec![Group::Synapsids]);
    assert_eq!(groups_at(&s, "C2", 0), vec![Group::Invertebrates]);
    assert!(groups_at(&s, "B2", 1).is_empty());
}

/// Rulebook p.25 (Red arrow note): with targets on both sides the D6 decides, 1–3 left.
#[test]
fn neutral_red_arrow_both_sides_roll_p25() {
    for seed in 0..8 {
        let mut s = neutral_board("\"B2 0 syn\", \"A2 1 inv\", \"C2 1 amp\"");
        s.rng = eons_core::GameRng::new(seed);
        run_tasks(
            &mut s,
            &[Task::NeutralMigrate(0, MigrateKind::Red), Task::ClearMoved],
        );
        let left = groups_at(&s, "A2", 1) == vec![Group::Synapsids];
        let right = groups_at(&s, "C2", 1) == vec![Group::Synapsids];
        assert!(left ^ right, "exactly one side");
    }
}

/// Rulebook p.25 (Populate, Adapt): a neutral Populate places on a drawn region card; Adapt puts
/// a marker on the Adaptation Track (ruling I4: at most 5).
#[test]
fn neutral_populate_and_adapt_p25() {
    let d = data();
    let mut s = neutral_board("");
    run_tasks(
        &mut s,
        &[
            Task::NeutralAct(0, eons_pangea::data::NeutralAct::P),
            Task::NeutralAct(0, eons_pangea::data::NeutralAct::A),
        ],
    );
    let p = s
        .animals
        .iter()
        .find(|p| p.animal.group == Group::Synapsids)
        .expect("placed");
    assert!(d.cards_start.contains(p.region) && p.niche == 0);
    assert_eq!(s.neutrals[0].track, 1);
    s.neutrals[0].track = 5;
    run_tasks(
        &mut s,
        &[Task::NeutralAct(0, eons_pangea::data::NeutralAct::A)],
    );
    assert_eq!(s.neutrals[0].track, 5);
}

/// Rulebook p.15 (Contest with Neutral Animals): a neutral animal in a contest discards an
/// Adaptation Track marker and rolls its bonus.
#[test]
fn neutral_contest_bonus_p15() {
    let mut s = pos(r#"
to_move = 1
animals = ["B2 0 amp", "B2 1 sau"]
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
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::NeutralBonus {
            group: Group::Sauropsida,
            ..
        }
    )));
    assert_eq!(s.neutrals[1].track, 2);
    assert_eq!(
        groups_at(&s, "B2", 1),
        vec![Group::Sauropsida],
        "3 + bonus beats 2"
    );
}

// ---------------------------------------------------------------------------------------------
// Contests
// ---------------------------------------------------------------------------------------------

/// Rulebook p.14 (Contest in niche 1 or 2): the higher Expansiveness wins; the loser withdraws
/// one niche lower in the same region.
#[test]
fn contest_higher_wins_loser_withdraws_p14() {
    let mut s = four(
        "to_move = 1\nanimals = [\"B2 1 syn\", \"C2 1 amp\"]",
        ["", PASSED, PASSED, PASSED],
    );
    play(&mut s, mv("B2 1 syn", "C2", 1));
    assert_eq!(groups_at(&s, "C2", 1), vec![Group::Synapsids]);
    assert_eq!(groups_at(&s, "C2", 0), vec![Group::Amphibians]);
}

/// Ruling B1: a tie goes to the defender.
#[test]
fn contest_tie_goes_to_defender_b1() {
    let mut s = four(
        "to_move = 4\nanimals = [\"B2 0 inv\", \"B2 1 sau\"]",
        [PASSED, PASSED, PASSED, "active = [\"Aggressive Display\"]"],
    );
    play(&mut s, mv("B2 0 inv", "B2", 1));
    assert_eq!(decision(&s), Decision::ContestCards(3));
    play(&mut s, Choice::Use(card("Aggressive Display")));
    // 1 + 2 = 3 against 3: the Sauropsida keep the niche.
    assert_eq!(groups_at(&s, "B2", 1), vec![Group::Sauropsida]);
    assert_eq!(groups_at(&s, "B2", 0), vec![Group::Invertebrates]);
}

/// Rulebook p.14: a loser withdrawing into an occupied niche 1 starts a new contest (chain).
#[test]
fn contest_chain_p14() {
    let mut s = four(
        "to_move = 1\nanimals = [\"B2 2 syn\", \"C2 2 sau\", \"C2 1 inv\"]",
        ["", PASSED, PASSED, PASSED],
    );
    play(&mut s, mv("B2 2 syn", "C2", 2));
    assert_eq!(groups_at(&s, "C2", 2), vec![Group::Synapsids]);
    assert_eq!(groups_at(&s, "C2", 1), vec![Group::Sauropsida]);
    assert_eq!(groups_at(&s, "C2", 0), vec![Group::Invertebrates]);
}

/// Ruling B3: no move into a niche held by your own group; a withdrawing loser skips it.
#[test]
fn own_group_niches_b3() {
    let mut s = four(
        "to_move = 1\nanimals = [\"B2 0 syn\", \"B2 1 syn\", \"C2 2 amp\", \"C2 1 amp\", \"D2 2 syn\"]",
        ["", PASSED, PASSED, PASSED],
    );
    assert!(!legal(&s).contains(&mv("B2 0 syn", "B2", 1)));
    play(&mut s, mv("D2 2 syn", "C2", 2));
    assert_eq!(
        groups_at(&s, "C2", 0),
        vec![Group::Amphibians],
        "skipped niche 1"
    );
}

/// Rulebook p.16 (Inactive): Expansiveness counts as 0; an Inactive animal forced to move
/// (withdraw) is removed (ruling C1); it cannot Migrate; 1 AP removes the marker.
#[test]
fn inactive_rules_p16() {
    let mut s = four(
        "to_move = 4\nanimals = [\"B2 0 inv\", \"B2 1 syn inactive\", \"C2 0 syn inactive\"]",
        ["", PASSED, PASSED, ""],
    );
    play(&mut s, mv("B2 0 inv", "B2", 1));
    assert_eq!(groups_at(&s, "B2", 1), vec![Group::Invertebrates]);
    assert!(
        groups_at(&s, "B2", 0).is_empty(),
        "the inactive loser is removed"
    );
    play(&mut s, Choice::Done);
    // Seat 1: the inactive animal cannot migrate, but 1 AP activates it.
    assert!(!legal(&s).iter().any(|c| matches!(c, Choice::Move { .. })));
    play(&mut s, Choice::Unblock(spot("C2 0 syn inactive")));
    assert_eq!(s.players[0].ap, 5);
    assert!(legal(&s).iter().any(|c| matches!(c, Choice::Move { .. })));
}

/// Rulebook p.16 (Toxic): a Toxic animal that wins a contest dies with the loser.
#[test]
fn toxic_winner_both_removed_p16() {
    let mut s = four(
        "to_move = 1\nanimals = [\"B2 1 syn toxic\", \"C2 1 inv\"]",
        ["", PASSED, PASSED, PASSED],
    );
    play(&mut s, mv("B2 1 syn toxic", "C2", 1));
    assert!(s.count_in(r("C2")) == 0);
}

/// Rulebook p.16 (Toxic): a devoured Toxic animal takes the devourer with it.
#[test]
fn toxic_devoured_both_removed_p16() {
    let mut s = four(
        "to_move = 1\nanimals = [\"B2 1 syn\", \"C2 1 inv toxic\"]",
        ["evolution = [\"Sabre Fangs\"]", PASSED, PASSED, PASSED],
    );
    play(&mut s, mv("B2 1 syn", "C2", 1));
    assert_eq!(s.count_in(r("C2")), 0);
    assert!(s.players[0].kill, "still a kill for Lethality");
}

/// Rulebook p.16 (Toxic, derived): a Toxic animal losing a normal contest just withdraws.
#[test]
fn toxic_loser_withdraws_p16() {
    let mut s = four(
        "to_move = 1\nanimals = [\"B2 1 syn\", \"C2 1 inv toxic\"]",
        ["", PASSED, PASSED, PASSED],
    );
    play(&mut s, mv("B2 1 syn", "C2", 1));
    assert_eq!(groups_at(&s, "C2", 1), vec![Group::Synapsids]);
    assert_eq!(groups_at(&s, "C2", 0), vec![Group::Invertebrates]);
}

// ---------------------------------------------------------------------------------------------
// Migrate
// ---------------------------------------------------------------------------------------------

fn steps(s: &eons_pangea::State, from: &str) -> Vec<(String, u8)> {
    let sp = spot(from);
    let mut v: Vec<(String, u8)> = legal(s)
        .into_iter()
        .filter_map(|c| match c {
            Choice::Move {
                from,
                region,
                niche,
            } if from == sp => Some((region.name(), niche)),
            _ => None,
        })
        .collect();
    v.sort();
    v
}

/// Rulebook p.23 (Migrate): within the region ±1 niche; within the climate zone the same niche or
/// one lower; within the sector exactly one lower; never vertically from niche 0 to niche 0.
#[test]
fn migrate_steps_p23() {
    let s = four(
        "to_move = 2\nanimals = [\"B3 1 sau\", \"C4 0 sau\"]",
        [PASSED, "", PASSED, PASSED],
    );
    let want: Vec<(String, u8)> = [
        ("A3", 0),
        ("A3", 1),
        ("B2", 0),
        ("B3", 0),
        ("B3", 2),
        ("B4", 0),
        ("C3", 0),
        ("C3", 1),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), *b))
    .collect();
    assert_eq!(steps(&s, "B3 1 sau"), want);
    let want0: Vec<(String, u8)> = [("B4", 0), ("C4", 1), ("D4", 0)]
        .iter()
        .map(|(a, b)| (a.to_string(), *b))
        .collect();
    assert_eq!(
        steps(&s, "C4 0 sau"),
        want0,
        "no vertical move from niche 0"
    );
}

/// Rulebook p.26 (Synapsids): migrating between climate zones they need not drop a niche, even
/// from niche 0.
#[test]
fn synapsids_ignore_red_arrows_p26() {
    let s = four(
        "to_move = 1\nanimals = [\"C4 0 syn\"]",
        ["", PASSED, PASSED, PASSED],
    );
    let v = steps(&s, "C4 0 syn");
    assert!(v.contains(&("C3".to_string(), 0)) && v.contains(&("C5".to_string(), 0)));
}

/// Rulebook p.9 (Unavailability Markers): a closed region cannot be used.
#[test]
fn closed_region_cannot_be_entered_p9() {
    let s = pos(r#"
to_move = 1
animals = ["C2 0 syn"]
[[player]]
group = "synapsids"
[[player]]
group = "amphibians"
"#);
    let v = steps(&s, "C2 0 syn");
    assert!(!v.iter().any(|(r, _)| r.starts_with('D')));
    assert!(!legal(&s).contains(&Choice::Populate {
        region: r("D2"),
        special: false
    }));
}

// ---------------------------------------------------------------------------------------------
// Special abilities
// ---------------------------------------------------------------------------------------------

/// Rulebook p.26 (Invertebrates): once per stage remove up to 2 ordinary animals for 1 AP each.
#[test]
fn invertebrates_shed_p26() {
    let mut s = four(
        "to_move = 4\nanimals = [\"A2 0 inv\", \"B2 0 inv\", \"C2 0 inv\"]",
        [PASSED, PASSED, PASSED, "ap = 1"],
    );
    play(&mut s, Choice::Shed(spot("A2 0 inv")));
    assert_eq!(decision(&s), Decision::ShedMore(3));
    play(&mut s, Choice::Animal(spot("B2 0 inv")));
    assert_eq!(s.players[3].ap, 3);
    assert_eq!(s.animals_of(Group::Invertebrates), 1);
    assert!(
        !legal(&s).iter().any(|c| matches!(c, Choice::Shed(_))),
        "once per stage"
    );
}

/// Rulebook p.27 (Amphibians): using an active adaptation card's ability gives 1 AP; cashing a
/// card in does not (derived).
#[test]
fn amphibians_ap_on_ability_p27() {
    let mut s = four(
        "to_move = 3\nanimals = [\"B2 0 amp\"]",
        [
            PASSED,
            PASSED,
            "active = [\"Venom\", \"Fertility\"]",
            PASSED,
        ],
    );
    play(&mut s, Choice::Use(card("Venom")));
    play(&mut s, Choice::Animal(spot("B2 0 amp")));
    assert_eq!(s.players[2].ap, 7);
    play(&mut s, Choice::CashIn(card("Fertility")));
    assert_eq!(s.players[2].ap, 8);
}

/// Rulebook p.27 (Amphibians), the reading named `amphibians-ap=after-action`
/// (`docs/rulings.md`): the AP for Land Bridge, Nesting Site or Fertility comes once the
/// Migrate or Populate has used the card, so an Amphibian one AP short cannot pay for the
/// Migrate with it. The default (`on-use`, p.27 as written) gives it when the card is used.
#[test]
fn amphibians_ap_option_after_the_action_p27() {
    let start = |ap: i32, reading: &str| {
        let mut s = four(
            "to_move = 3\nanimals = [\"B2 0 amp\"]",
            [
                PASSED,
                PASSED,
                &format!("ap = {ap}\nactive = [\"Land Bridge\", \"Fertility\"]"),
                PASSED,
            ],
        );
        s.setup.amphibians_ap = eons_pangea::AmphibiansAp::parse(reading).expect("reading");
        s
    };
    let step = mv("B2 0 amp", "B3", 0);
    assert!(!legal(&start(6, "on-use")).contains(&step), "a red arrow");
    // The cost of the Migrate, read off the default reading.
    let mut s = start(6, "on-use");
    play(&mut s, Choice::Use(card("Land Bridge")));
    assert_eq!(s.players[2].ap, 7, "on-use: the AP when the card is used");
    play(&mut s, step);
    let cost = 7 - s.players[2].ap;
    assert!(cost > 0);

    let mut s = start(6, "after-action");
    play(&mut s, Choice::Use(card("Land Bridge")));
    assert_eq!(s.players[2].ap, 6, "after-action: nothing yet");
    play(&mut s, step);
    assert_eq!(
        s.players[2].ap,
        6 - cost + 1,
        "after-action: the AP after the Migrate"
    );

    // One AP short: the card's AP pays for the step only when it comes at once.
    let mut s = start(cost - 1, "on-use");
    play(&mut s, Choice::Use(card("Land Bridge")));
    play(&mut s, step);
    let mut s = start(cost - 1, "after-action");
    play(&mut s, Choice::Use(card("Land Bridge")));
    assert!(!legal(&s).contains(&step));
    refuse(&mut s, step);

    // Fertility: the free Populate gives the AP after it.
    let mut s = start(6, "after-action");
    play(&mut s, Choice::Use(card("Fertility")));
    assert_eq!(s.players[2].ap, 6);
    play(
        &mut s,
        Choice::Populate {
            region: r("B2"),
            special: false,
        },
    );
    assert_eq!(s.players[2].ap, 7);
}

/// Rulebook p.27 (Sauropsida): "whenever you win a Contest, you can draw an Adaptation Card",
/// whoever started it: the player is asked, and drawing puts the card in the Inactive zone.
#[test]
fn sauropsida_draw_on_win_p27() {
    let mut s = four(
        "to_move = 3\nanimals = [\"B2 0 amp\", \"B2 1 sau\"]",
        [PASSED, "", "", PASSED],
    );
    let deck = s.deck.len();
    play(&mut s, mv("B2 0 amp", "B2", 1));
    assert_eq!(groups_at(&s, "B2", 1), vec![Group::Sauropsida]);
    assert_eq!(decision(&s), Decision::DrawOnWin(1));
    assert_eq!(legal(&s), vec![Choice::Confirm, Choice::Skip]);
    assert_eq!(
        Pangea::describe_choice(&s, Choice::Confirm),
        "draw an adaptation card"
    );
    assert_eq!(
        Pangea::describe_choice(&s, Choice::Skip),
        "do not draw an adaptation card"
    );
    assert!(s.players[1].hand.is_empty());
    play(&mut s, Choice::Confirm);
    assert_eq!(s.players[1].hand.len(), 1);
    assert_eq!(s.deck.len(), deck - 1);
    // The card stays secret: other seats see only the count.
    let v = Pangea::view(&s, Some(Seat(2)));
    assert!(v.players[1].hand.is_none());
    assert_eq!(v.players[1].hand_count, 1);
    assert!(matches!(
        decision(&s),
        Decision::Turn {
            seat: 2,
            acted: true,
            ..
        }
    ));
}

/// Rulebook p.27 (Sauropsida): the draw is optional; declining leaves the hand, the deck and
/// the discard pile as they were. With no card left to draw nothing is asked.
#[test]
fn sauropsida_draw_on_win_declined_p27() {
    let mut s = four(
        "to_move = 3\nanimals = [\"B2 0 amp\", \"B2 1 sau\"]\ndiscard = [\"Venom\"]",
        [PASSED, "hand = [\"Escape\"]", "", PASSED],
    );
    let (hand, deck, discard) = (s.players[1].hand.clone(), s.deck.clone(), s.discard.clone());
    play(&mut s, mv("B2 0 amp", "B2", 1));
    assert_eq!(decision(&s), Decision::DrawOnWin(1));
    play(&mut s, Choice::Skip);
    assert_eq!(s.players[1].hand, hand);
    assert_eq!(s.deck, deck);
    assert_eq!(s.discard, discard);
    assert!(matches!(decision(&s), Decision::Turn { seat: 2, .. }));

    let mut s = four(
        "to_move = 3\nanimals = [\"B2 0 amp\", \"B2 1 sau\"]",
        [PASSED, "", "", PASSED],
    );
    s.deck.clear();
    play(&mut s, mv("B2 0 amp", "B2", 1));
    assert!(
        matches!(decision(&s), Decision::Turn { seat: 2, .. }),
        "no card to draw: no question"
    );
}

// ---------------------------------------------------------------------------------------------
// Objectives
// ---------------------------------------------------------------------------------------------

/// Rulebook p.17 (Completing Objectives): only met requirements, once per tile, one marker each,
/// first completion scores the higher reward.
#[test]
fn objective_claims_p17() {
    let mut s = four(
        "to_move = 1\nobjectives = [{ tile = \"Speciation\" }, { tile = \"Dispersal\" }]",
        [
            "evolution = [\"Heterodont Teeth\", \"Sabre Fangs\"]",
            PASSED,
            PASSED,
            PASSED,
        ],
    );
    let l = legal(&s);
    assert!(l.contains(&Choice::Claim(0)));
    assert!(!l.contains(&Choice::Claim(1)), "Dispersal not met");
    play(&mut s, Choice::Claim(0));
    assert_eq!(s.players[0].dominance, 4);
    assert!(!legal(&s).contains(&Choice::Claim(0)), "once per tile");
}

/// Rulebook p.12 (Objective Markers): 4 markers, so no fifth objective in an epoch.
#[test]
fn four_objective_markers_p12() {
    let s = four(
        "to_move = 1\nobjectives = [{ tile = \"Speciation\" }, { tile = \"Dispersal\" }, { tile = \"Apex\" }, { tile = \"Allopatry\" }, { tile = \"Lethality\" }]",
        [
            "evolution = [\"Heterodont Teeth\", \"Sabre Fangs\"]\nclaimed = [1, 2, 3, 4]",
            PASSED,
            PASSED,
            PASSED,
        ],
    );
    assert!(!legal(&s).contains(&Choice::Claim(0)));
}

// ---------------------------------------------------------------------------------------------
// The Doom
// ---------------------------------------------------------------------------------------------

fn grid(epi: &str, cata: u8) -> String {
    let d = data();
    let e = r(epi);
    let mut lv = [0u8; 20];
    let mut add = |levels: &queries::Levels| {
        for (i, l) in levels.iter().enumerate() {
            let v = match l {
                Some(eons_pangea::types::Level::Region) => 3,
                Some(eons_pangea::types::Level::Niches01) => 2,
                Some(eons_pangea::types::Level::Niche0) => 1,
                None => 0,
            };
            lv[i] = lv[i].max(v);
        }
    };
    add(&queries::epicentre_levels(d, e));
    add(&queries::shockwave_levels(d, e));
    for x in &d.cataclysms[cata as usize].effects {
        add(&queries::cataclysm_levels(d, x, e));
    }
    let mut out = String::new();
    for row in 0..5 {
        for col in 0..4 {
            out.push(match lv[row * 4 + col] {
                3 => 'X',
                2 => '2',
                1 => '0',
                _ => '.',
            });
        }
        out.push('\n');
    }
    out
}

/// Rulebook p.20 (Eruption of Supervolcano) with the reference's worked example (epicentre B3).
#[test]
fn cataclysm_supervolcano_p20() {
    assert_eq!(grid("B3", 0), "XXXX\n2X22\nXXX.\n2X22\nXXXX\n");
}

/// Rulebook p.20 (Gamma Rays), epicentre B3 in the Interior.
#[test]
fn cataclysm_gamma_rays_p20() {
    assert_eq!(grid("B3", 1), "0000\n2X20\nXXXX\n2X20\n0000\n");
}

/// Rulebook p.20 (Massive Planetoid), epicentre B3.
#[test]
fn cataclysm_planetoid_p20() {
    assert_eq!(grid("B3", 2), "....\n2X22\nXXXX\n2X22\n....\n");
}

/// Rulebook p.20 (Disintegration of Pangea), epicentre B3: the cross, and the shockwave
/// extended from C2 to D1 and from C4 to D5.
#[test]
fn cataclysm_disintegration_p20() {
    assert_eq!(grid("B3", 3), ".X.2\n2X2.\nXXXX\n2X2.\n.X.2\n");
}

/// Rulebook p.19–20 (The Doom): the Doom Stack is revealed, the epicentre and its neighbours
/// die, the survivors score (reconstructed: 1 + niche), and the winner is the player with the
/// most dominance who still has an animal on the board.
#[test]
fn doom_and_winner_p19() {
    let s = four(
        r#"phase = "doom"
doom = ["sector B", "zone 3", "Massive Planetoid"]
animals = ["B3 2 syn", "A1 0 sau", "A1 2 amp", "D5 1 inv"]"#,
        [
            "dominance = 30",
            "dominance = 1",
            "dominance = 2",
            "dominance = 3",
        ],
    );
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(Pangea::turn(&s), eons_core::Turn::Over);
    assert_eq!(s.animals_of(Group::Synapsids), 0, "epicentre");
    let r = s.result.as_ref().expect("result");
    // Survivors: A1 niche 0 (1) for Sauropsida, A1 niche 2 (3) for Amphibians, D5 niche 1 (2).
    assert_eq!(r.survivors, vec![0, 1, 3, 2]);
    // Amphibians and Invertebrates tie on 5 with one animal each: niche 2 decides (ruling G3).
    assert_eq!(r.winners, vec![2]);
}

/// Ruling G3: ties are broken by more surviving animals, then more in niche 2, then shared.
#[test]
fn winner_tie_breaks_g3() {
    let s = four(
        r#"phase = "doom"
doom = ["sector D", "zone 5", "Massive Planetoid"]
animals = ["A1 0 sau", "A1 0 sau", "A1 2 amp"]"#,
        [
            "dominance = 0",
            "dominance = 3",
            "dominance = 2",
            "dominance = 0",
        ],
    );
    let r = s.result.as_ref().expect("result");
    assert_eq!(s.players[1].dominance, 5);
    assert_eq!(s.players[2].dominance, 5);
    assert_eq!(r.winners, vec![1], "two animals beat one");
}

// ---------------------------------------------------------------------------------------------
// Solo mode
// ---------------------------------------------------------------------------------------------

fn solo(group: &str, top: &str, extra: &str) -> eons_pangea::State {
    pos(&format!(
        "seed = 5\n{top}\n[[player]]\ngroup = \"{group}\"\n{extra}\n"
    ))
}

/// Ruling G4 (reference): a solo game that misses its Game End Condition scores 0 and has no
/// winner; once it is over, `scores` says 0 as the outcome does (they disagreed: dominance
/// against 0). Random solo games are played until one fails.
#[test]
fn failed_solo_game_scores_zero_in_scores_and_outcome_ruling_g4() {
    let mut failed = 0;
    for seed in 0..40u64 {
        let mut s = new(1, &["solo"], seed);
        let mut rng = eons_core::GameRng::new(seed);
        while Pangea::outcome(&s).is_none() {
            let list = legal(&s);
            let pick = list[rng.index(list.len())];
            play(&mut s, pick);
        }
        let over = s.result.as_ref().expect("a finished game has its result");
        let outcome = Pangea::outcome(&s).expect("over");
        assert_eq!(
            Pangea::scores(&s),
            outcome.scores,
            "seed {seed}: scores and outcome agree"
        );
        if over.solo_success == Some(false) {
            assert_eq!(
                outcome.scores,
                vec![0],
                "seed {seed}: a failed solo game scores 0"
            );
            failed += 1;
        }
    }
    assert!(failed > 0, "some random solo game fails its condition");
}

/// Rulebook p.28: the objective marker costs 1 AP, goes beside one ordinary animal, only one.
#[test]
fn solo_bearer_p28() {
    let mut s = solo(
        "synapsids",
        "to_move = 1\nanimals = [\"B2 0 syn\", \"C2 0 syn special\"]",
        "evolution = [\"Gorgonops\"]",
    );
    let l = legal(&s);
    assert!(l.contains(&Choice::Bearer(spot("B2 0 syn"))));
    assert!(!l.contains(&Choice::Bearer(spot("C2 0 syn special"))));
    play(&mut s, Choice::Bearer(spot("B2 0 syn")));
    assert_eq!(s.players[0].ap, 5);
    assert!(!legal(&s).iter().any(|c| matches!(c, Choice::Bearer(_))));
    // It moves with its animal.
    play(&mut s, mv("B2 0 syn bearer", "B3", 0));
    assert!(at(&s, "B3", 0)[0].bearer());
}

/// Ruling G1 (reference §8): in solo one of the 4 objective markers is the bearer's and "the
/// other 3 complete objective tiles", also while the bearer is not on the board; the bearer
/// can then still be placed.
#[test]
fn solo_three_objective_markers_for_tiles_g1() {
    let board = "to_move = 1\nanimals = [\"B2 0 syn\"]\nobjectives = [{ tile = \"Speciation\" }, { tile = \"Dispersal\" }, { tile = \"Apex\" }, { tile = \"Allopatry\" }]";
    let cards = "evolution = [\"Heterodont Teeth\", \"Sabre Fangs\"]";
    let s = solo("synapsids", board, &format!("{cards}\nclaimed = [1, 2]"));
    assert!(legal(&s).contains(&Choice::Claim(0)), "the third tile");
    let s = solo("synapsids", board, &format!("{cards}\nclaimed = [1, 2, 3]"));
    let l = legal(&s);
    assert!(!l.contains(&Choice::Claim(0)), "no fourth tile in solo");
    assert!(l.contains(&Choice::Bearer(spot("B2 0 syn"))));
}

/// Rulebook p.28 (Synapsids condition): a condition marker when the bearer migrates into a
/// climate zone without one.
#[test]
fn solo_synapsids_condition_p28() {
    let mut s = solo(
        "synapsids",
        "to_move = 1\nanimals = [\"B2 0 syn bearer\"]",
        "",
    );
    play(&mut s, mv("B2 0 syn bearer", "B3", 0));
    assert_eq!(s.conditions, vec![(r("B3"), 0)]);
}

/// Rulebook p.28 (Synapsids condition): the bearer *migrates* to a climate zone without a
/// condition marker; losing the contest on arrival (it withdraws within the region, p.14) does
/// not undo that, and the marker goes where the bearer is.
#[test]
fn solo_synapsids_condition_after_lost_contest_p28() {
    let mut s = solo(
        "synapsids",
        "to_move = 1\nanimals = [\"B2 1 syn bearer\", \"B3 1 sau\"]\n[[neutral]]\ngroup = \"sauropsida\"\ntrack = 2",
        "",
    );
    // 4 against 3 + a bonus of at least 1: a tie goes to the defender (ruling B1).
    play(&mut s, mv("B2 1 syn bearer", "B3", 1));
    assert_eq!(groups_at(&s, "B3", 1), vec![Group::Sauropsida]);
    assert!(at(&s, "B3", 0)[0].bearer());
    assert_eq!(s.conditions, vec![(r("B3"), 0)]);
}

/// Rulebook p.28 (Synapsids condition), the reading named `synapsids-marker=entering`
/// (`docs/rulings.md`): only a step from another climate zone earns the marker; a step within
/// the zone places none. The default (`any-step`, p.28 as written) counts both.
#[test]
fn synapsids_marker_option_counts_only_steps_into_the_zone_p28() {
    let start = || {
        solo(
            "synapsids",
            "to_move = 1\nanimals = [\"B2 0 syn bearer\"]",
            "",
        )
    };
    let steps: Vec<Choice> = legal(&start())
        .into_iter()
        .filter(|c| matches!(c, Choice::Move { .. }))
        .collect();
    let row = |c: &Choice| match c {
        Choice::Move { region, .. } => region.row(),
        _ => unreachable!("a step"),
    };
    let home = r("B2").row();
    let within = *steps
        .iter()
        .find(|c| row(c) == home)
        .expect("a step within the zone");
    let into = *steps
        .iter()
        .find(|c| row(c) != home)
        .expect("a step into another zone");
    for (reading, step, marks) in [
        ("any-step", within, true),
        ("any-step", into, true),
        ("entering", within, false),
        ("entering", into, true),
    ] {
        let mut s = start();
        s.setup.synapsids_marker = eons_pangea::SynapsidsMarker::parse(reading).expect("reading");
        play(&mut s, step);
        assert_eq!(!s.conditions.is_empty(), marks, "{reading}: {step:?}");
    }
    let o = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let setup = Pangea::setup(1, &o(&["synapsids-marker=entering"])).expect("setup");
    assert_eq!(
        setup.synapsids_marker,
        eons_pangea::SynapsidsMarker::Entering
    );
    assert!(Pangea::setup(1, &o(&["synapsids-marker=row"])).is_err());
}

/// Rulebook p.28 (Sauropsida condition): a marker when the bearer migrates into a niche 2.
#[test]
fn solo_sauropsida_condition_p28() {
    let mut s = solo(
        "sauropsida",
        "to_move = 1\nanimals = [\"B2 1 sau bearer\"]",
        "",
    );
    play(&mut s, mv("B2 1 sau bearer", "B2", 2));
    assert_eq!(s.conditions, vec![(r("B2"), 2)]);
}

/// Rulebook p.28 (Sauropsida condition): the bearer must migrate *to* an Ecological Niche [2];
/// losing the contest there and withdrawing to niche 1 places no marker.
#[test]
fn solo_sauropsida_no_condition_after_lost_contest_p28() {
    let mut s = solo(
        "sauropsida",
        "to_move = 1\nanimals = [\"B2 1 sau bearer\", \"B2 2 syn\"]\n[[neutral]]\ngroup = \"synapsids\"",
        "",
    );
    play(&mut s, mv("B2 1 sau bearer", "B2", 2));
    assert_eq!(groups_at(&s, "B2", 2), vec![Group::Synapsids]);
    assert!(at(&s, "B2", 1)[0].bearer());
    assert!(s.conditions.is_empty());
}

/// Rulebook p.28 (Invertebrates condition): a marker when the bearer wins a contest against a
/// neutral animal; the ability cannot remove the bearer.
#[test]
fn solo_invertebrates_condition_p28() {
    let mut s = solo(
        "invertebrates",
        "to_move = 1\nanimals = [\"B2 0 inv bearer\", \"B2 1 amp inactive\"]",
        "",
    );
    assert!(!legal(&s).contains(&Choice::Shed(spot("B2 0 inv bearer"))));
    play(&mut s, mv("B2 0 inv bearer", "B2", 1));
    assert_eq!(s.conditions, vec![(r("B2"), 1)]);
}

/// Rulebook p.28 (Amphibians condition): a marker when the bearer migrates into a region and
/// causes hunger there, once it survives that hunger.
#[test]
fn solo_amphibians_condition_p28() {
    let mut s = solo(
        "amphibians",
        "to_move = 1\nanimals = [\"B2 0 amp bearer\", \"C2 0 amp\", \"C2 0 amp\"]",
        "dominance = 5",
    );
    play(&mut s, mv("B2 0 amp bearer", "C2", 0));
    assert!(s.solo_pending.contains(r("C2")));
    play(&mut s, Choice::Done);
    play(&mut s, Choice::Pass);
    // Survival: pay dominance for all three animals.
    while let Some(Decision::Hunger { .. }) = s.decision {
        play(&mut s, Choice::PayDominance);
    }
    assert_eq!(s.conditions, vec![(r("C2"), 0)]);
}

/// Rulebook p.28 (Amphibians condition): the bearer migrates to the region and its arrival
/// puts a warning marker there; it loses the contest on arrival and withdraws within the region
/// (p.14), survives the hunger, and places the marker.
#[test]
fn solo_amphibians_condition_after_lost_contest_p28() {
    let mut s = solo(
        "amphibians",
        "to_move = 1\nanimals = [\"B2 1 amp bearer\", \"C2 0 amp\", \"C2 1 syn\"]\n[[neutral]]\ngroup = \"synapsids\"",
        "dominance = 5",
    );
    // 2 against 4: the bearer withdraws to C2 niche 0; C2 holds 3 animals for food 2.
    play(&mut s, mv("B2 1 amp bearer", "C2", 1));
    assert!(at(&s, "C2", 0).iter().any(|a| a.bearer()));
    assert!(s.solo_pending.contains(r("C2")));
    play(&mut s, Choice::Done);
    play(&mut s, Choice::Pass);
    while let Some(Decision::Hunger { .. }) = s.decision {
        play(&mut s, Choice::PayDominance);
    }
    assert_eq!(s.conditions, vec![(r("C2"), 0)]);
}

/// Rulebook p.28: if the Game End Condition is not met the solo player loses (no score).
#[test]
fn solo_failure_loses_p28() {
    let s = solo(
        "invertebrates",
        "phase = \"doom\"\ndoom = [\"sector D\", \"zone 5\", \"Massive Planetoid\"]\nanimals = [\"A1 0 inv\"]",
        "dominance = 9",
    );
    let out = Pangea::outcome(&s).expect("over");
    assert_eq!(out.scores, vec![0]);
    assert_eq!(s.result.as_ref().map(|r| r.solo_success), Some(Some(false)));
    let s = solo(
        "invertebrates",
        "phase = \"doom\"\ndoom = [\"sector D\", \"zone 5\", \"Massive Planetoid\"]\nanimals = [\"A1 0 inv\", \"A1 0 inv\", \"B1 0 inv\"]\nconditions = [\"A1 0\"]",
        "dominance = 9",
    );
    let out = Pangea::outcome(&s).expect("over");
    assert_eq!(out.scores, vec![9 + 3]);
}

// ---------------------------------------------------------------------------------------------
// Hidden information
// ---------------------------------------------------------------------------------------------

/// Rulebook p.6 (animal board zones): a player's adaptation cards are seen by their owner only;
/// instinct tiles peeked at stay secret.
#[test]
fn views_hide_other_seats_secrets() {
    let s = four(
        "to_move = 1",
        [
            "hand = [\"Venom\"]\ninstinct = 2",
            "hand = [\"Escape\"]",
            "",
            "",
        ],
    );
    let v = Pangea::view(&s, Some(Seat(1)));
    assert!(v.players[0].hand.is_none() && v.players[0].known.is_none());
    assert_eq!(v.players[0].hand_count, 1);
    assert_eq!(v.players[1].hand, Some(vec![card("Escape")]));
    assert!(
        v.track.iter().all(|t| t.is_none()),
        "seat 2 has seen no tile"
    );
    let v0 = Pangea::view(&s, Some(Seat(0)));
    assert_eq!(v0.track.iter().flatten().count(), 2);
    assert!(v0.doom.is_none());
    let text = Pangea::render(&v0);
    assert!(text.contains("Venom") && !text.contains("Escape"));
}

/// Adaptation cards are activated face down: other seats' log never names the card.
#[test]
fn activated_adaptation_card_is_face_down_for_other_seats() {
    let setup = Pangea::setup(3, &[]).expect("setup");
    let s = Pangea::new(&setup, 5).expect("new");
    let c = Choice::Activate(eons_pangea::AdaptationId(0));
    let own = Pangea::describe_choice_for(&s, c, Seat(0), Some(Seat(0)));
    assert_eq!(own, Pangea::describe_choice(&s, c));
    let theirs = Pangea::describe_choice_for(&s, c, Seat(0), Some(Seat(1)));
    assert_eq!(theirs, "adapt: activate an adaptation card (face down)");
    assert_eq!(Pangea::describe_choice_for(&s, c, Seat(0), None), theirs);
}
