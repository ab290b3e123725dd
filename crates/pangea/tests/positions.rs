//! The position format (POSITIONS.md): its documented example, its defaults, its errors.

use crate::common;
use common::*;
use eons_core::{Game, Positions};
use eons_pangea::state::Decision;
use eons_pangea::types::Group;
use eons_pangea::{data, Choice, Pangea};

/// The example in POSITIONS.md reads and plays out as the document says.
#[test]
fn documented_example_plays_as_described() {
    let doc = include_str!("../POSITIONS.md");
    let start = doc.find("```toml").expect("a toml block") + "```toml".len();
    let end = start + doc[start..].find("```").expect("block end");
    let mut s = pos(&doc[start..end]);
    assert!(matches!(decision(&s), Decision::Turn { seat: 0, .. }));
    assert_eq!(s.neutrals.len(), 2);
    play(&mut s, mv("A2 1 syn", "A3", 1));
    assert!(groups_at(&s, "A3", 0).is_empty(), "devoured");
    play(&mut s, Choice::Claim(0));
    play(&mut s, Choice::Claim(1));
    assert_eq!(s.players[0].dominance, 1 + 3 + 2);
}

/// Left-out fields default sensibly: a full 28-card adaptation deck, Sector D closed with
/// fewer than 4 players, the neutral groups, stage 1, the first player's turn.
#[test]
fn defaults_fill_the_rest() {
    let s = pos("[[player]]\ngroup = \"syn\"\n[[player]]\ngroup = \"amp\"\n");
    let d = data();
    assert_eq!(s.deck.len(), 28);
    assert_eq!(s.closed, d.closed_fewer);
    let ng: Vec<Group> = s.neutrals.iter().map(|n| n.group).collect();
    assert_eq!(ng, vec![Group::Sauropsida, Group::Invertebrates]);
    assert_eq!(s.stage, 0);
    assert_eq!(s.objectives.len(), 4);
    assert!(matches!(decision(&s), Decision::Turn { seat: 0, .. }));
    assert!(s.animals.is_empty());
}

/// A written position reads back to the same state, and can be played on.
#[test]
fn written_position_reads_back() {
    let setup = Pangea::setup(3, &[]).expect("setup");
    let mut s = Pangea::new(&setup, 77).expect("new");
    let mut rng = eons_core::GameRng::new(1);
    for _ in 0..150 {
        let l = legal(&s);
        if l.is_empty() {
            break;
        }
        play(&mut s, l[rng.index(l.len())]);
    }
    let text = Pangea::write_position(&s);
    let back = Pangea::read_position(&text).expect("reads");
    assert_eq!(back, s);
}

/// Malformed positions are refused with a reason, never a panic.
#[test]
fn malformed_positions_are_refused() {
    let p2 = "[[player]]\ngroup = \"syn\"\n[[player]]\ngroup = \"amp\"\n";
    let cases = [
        ("", "1 to 4"),
        ("[[player]]\ngroup = \"dinosaurs\"\n", "unknown group"),
        (
            "[[player]]\ngroup = \"syn\"\n[[player]]\ngroup = \"syn\"\n",
            "two players",
        ),
        (&*format!("animals = [\"B2 3 syn\"]\n{p2}"), "niches"),
        (
            &*format!("animals = [\"B2 1 syn\", \"B2 1 amp\"]\n{p2}"),
            "holds one",
        ),
        (&*format!("animals = [\"Z9 0 syn\"]\n{p2}"), "not a region"),
        (
            &*format!("discard = [\"Venom\", \"Venom\", \"Venom\"]\n{p2}"),
            "copies",
        ),
        (&*format!("colour = \"red\"\n{p2}"), "unknown field"),
        (&*format!("stage = 12\n{p2}"), "stage"),
        (
            &*format!("animals = [\"B2 0 syn special\"]\n{p2}"),
            "Special Animal",
        ),
        (&*format!("{p2}[engine]\njson = \"not json\"\n"), "engine"),
        ("[[player]]\ngroup = \"syn\"\nclaimed = [9]\n", "claimed"),
        ("game = \"marine\"\n[[player]]\ngroup = \"syn\"\n", "marine"),
    ];
    for (text, want) in cases {
        match Pangea::read_position(text) {
            Ok(_) => panic!("accepted:\n{text}"),
            Err(e) => assert!(e.to_string().contains(want), "{e} (wanted `{want}`)"),
        }
    }
}

/// An `[engine]` snapshot naming a seat that is not playing is refused.
#[test]
fn engine_snapshot_is_checked() {
    let setup = Pangea::setup(2, &[]).expect("setup");
    let s = Pangea::new(&setup, 3).expect("new");
    let text = Pangea::write_position(&s)
        .replace("{\"Place\":0}", "{\"Place\":7}")
        .replace("{\"Place\":1}", "{\"Place\":7}");
    let e = Pangea::read_position(&text).expect_err("refused");
    assert!(e.to_string().contains("out of range"), "{e}");
}
