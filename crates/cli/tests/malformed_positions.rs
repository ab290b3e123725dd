//! Malformed position files never panic (`eons check`, `eons play
//! --position`): positions written from seeded random games of every engine
//! are mutated (numbers out of range, names swapped, entries dropped or
//! repeated, tables emptied) and read back. A file must either be refused
//! with an error, or give a position the engine can show and play on: its
//! view, text, legal choices and their descriptions, and a stretch of random
//! play from it, all without a panic, every listed choice accepted.
//!
//! Deterministic: fixed seeds; a failure prints the game, the seed and the
//! file.

use eons_core::{Game, GameRng, Positions, Turn};
use std::panic::{catch_unwind, AssertUnwindSafe};
use toml::{Table, Value};

/// Random games per engine, positions taken from each, mutants per position.
const GAMES: u64 = 12;
const POSITIONS: usize = 6;
const MUTANTS: usize = 30;
/// Random moves played on from an accepted mutant.
const PLAY_ON: usize = 120;

fn small_number(rng: &mut GameRng) -> i64 {
    match rng.below(4) {
        0 => i64::from(rng.below(256)),
        1 => i64::from(rng.below(256)) - 128,
        2 => i64::from(rng.below(12)),
        _ => [-1, 0, 255, 256, 65_536, i64::from(u32::MAX), i64::MAX][rng.index(7)],
    }
}

/// Every string in `v`: the position's own vocabulary (names of hexes,
/// animals, cards, elements…), so that swaps still read as names.
fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        Value::Table(t) => t.values().for_each(|x| strings(x, out)),
        _ => {}
    }
}

/// Paths (keys and indices) to every value under `v`.
fn paths(v: &Value, path: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    match v {
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                path.push(Step::Index(i));
                out.push(path.clone());
                paths(x, path, out);
                path.pop();
            }
        }
        Value::Table(t) => {
            for (k, x) in t {
                path.push(Step::Key(k.clone()));
                out.push(path.clone());
                paths(x, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

#[derive(Clone)]
enum Step {
    Key(String),
    Index(usize),
}

fn at<'a>(root: &'a mut Table, path: &[Step]) -> Option<&'a mut Value> {
    let (first, rest) = path.split_first()?;
    let Step::Key(k) = first else { return None };
    let mut cur = root.get_mut(k)?;
    for step in rest {
        cur = match (step, cur) {
            (Step::Key(k), Value::Table(t)) => t.get_mut(k)?,
            (Step::Index(i), Value::Array(a)) => a.get_mut(*i)?,
            _ => return None,
        };
    }
    Some(cur)
}

/// `base` with one to three mutations.
fn mutate(rng: &mut GameRng, base: &Table, names: &[String]) -> Table {
    let mut t = base.clone();
    for _ in 0..=rng.below(3) {
        let mut all = Vec::new();
        for (k, v) in &t {
            let mut path = vec![Step::Key(k.clone())];
            all.push(path.clone());
            paths(v, &mut path, &mut all);
        }
        if all.is_empty() {
            break;
        }
        let path = all[rng.index(all.len())].clone();
        let Some(node) = at(&mut t, &path) else {
            continue;
        };
        match (rng.below(8), &mut *node) {
            (0..=2, Value::Integer(_)) => *node = Value::Integer(small_number(rng)),
            (0..=2, Value::String(_)) if !names.is_empty() => {
                *node = Value::String(names[rng.index(names.len())].clone());
            }
            (0..=2, Value::Boolean(b)) => *b = !*b,
            (3, Value::Array(a)) if !a.is_empty() => {
                a.remove(rng.index(a.len()));
            }
            (4, Value::Array(a)) if !a.is_empty() => {
                let x = a[rng.index(a.len())].clone();
                a.push(x);
            }
            (5, Value::Table(inner)) => {
                if let Some(k) = inner.keys().nth(rng.index(inner.len().max(1))).cloned() {
                    inner.remove(&k);
                }
            }
            (6, _) => *node = Value::String("no-such-name".into()),
            _ => *node = Value::Integer(small_number(rng)),
        }
    }
    t
}

/// Shows and plays an accepted position: any panic fails the caller's
/// `catch_unwind`, a refused listed choice is an error.
fn exercise<G: Game>(mut s: G::State, rng: &mut GameRng) -> Result<(), String> {
    let mut legal = Vec::new();
    let mut events = Vec::new();
    for _ in 0..PLAY_ON {
        let view = G::view(&s, None);
        let _ = G::render(&view);
        let _ = G::scores(&s);
        let Turn::Seat(seat) = G::turn(&s) else {
            let _ = G::outcome(&s);
            return Ok(());
        };
        let _ = G::render(&G::view(&s, Some(seat)));
        legal.clear();
        G::legal(&s, &mut legal);
        if legal.is_empty() {
            return Err(format!("seat {} is to move with no legal choice", seat.0));
        }
        for &c in &legal {
            let _ = G::describe_choice(&s, c);
        }
        let c = legal[rng.index(legal.len())];
        events.clear();
        G::apply(&mut s, c, &mut events)
            .map_err(|e| format!("the listed choice {c:?} was refused: {e}"))?;
        for e in &events {
            let _ = G::describe_event(&s, e);
        }
    }
    Ok(())
}

/// The lines of `bad` that are not in `base` (the mutation, as far as a
/// failure report needs it).
fn changed_lines(base: &str, bad: &str) -> String {
    let original: std::collections::HashSet<&str> = base.lines().collect();
    bad.lines()
        .filter(|l| !original.contains(l))
        .collect::<Vec<_>>()
        .join(" | ")
}

fn fuzz_positions<G: Positions>(seed_base: u64) {
    let mut rng = GameRng::new(seed_base ^ 0x9051_7105);
    let players: Vec<usize> = (1..=6).filter(|&n| G::setup(n, &[]).is_ok()).collect();
    let mut accepted = 0usize;
    for g in 0..GAMES {
        let seed = seed_base + g;
        let n = players[rng.index(players.len())];
        let setup = G::setup(n, &[]).expect("setup");
        let mut s = G::new(&setup, seed).expect("new game");
        let mut legal = Vec::new();
        let mut events = Vec::new();
        for _ in 0..POSITIONS {
            // Move on a random stretch, then take the position.
            for _ in 0..rng.below(60) {
                if !matches!(G::turn(&s), Turn::Seat(_)) {
                    break;
                }
                legal.clear();
                events.clear();
                G::legal(&s, &mut legal);
                G::apply(&mut s, legal[rng.index(legal.len())], &mut events).expect("listed");
            }
            let text = G::write_position(&s);
            let base: Table = text.parse().unwrap_or_else(|e| {
                panic!(
                    "{} seed {seed}: a written position is not TOML: {e}\n{text}",
                    G::ID
                )
            });
            let mut names = Vec::new();
            for v in base.values() {
                strings(v, &mut names);
            }
            names.sort();
            names.dedup();
            let base_text = toml::to_string(&base).expect("TOML out");
            for _ in 0..MUTANTS {
                let bad = mutate(&mut rng, &base, &names);
                let bad = toml::to_string(&bad).expect("TOML out");
                let play_seed = rng.next_u64();
                let result = catch_unwind(AssertUnwindSafe(|| {
                    G::read_position(&bad)
                        .ok()
                        .map(|p| exercise::<G>(p, &mut GameRng::new(play_seed)))
                }));
                let changed = || changed_lines(&base_text, &bad);
                match result {
                    Err(_) => panic!(
                        "{} seed {seed}: this position panicked (changed lines: {}):\n{bad}",
                        G::ID,
                        changed()
                    ),
                    Ok(Some(Err(e))) => panic!(
                        "{} seed {seed}: accepted, then {e} (changed lines: {}); position:\n{bad}",
                        G::ID,
                        changed()
                    ),
                    Ok(Some(Ok(()))) => accepted += 1,
                    Ok(None) => {}
                }
            }
        }
    }
    // Many mutants still read (a changed count, a swapped name): the test
    // reaches the engine, not only the TOML reader.
    assert!(
        accepted > 0,
        "{}: no mutant was accepted, so none was played",
        G::ID
    );
}

#[test]
fn malformed_dominant_species_positions_are_refused_or_playable() {
    fuzz_positions::<eons_dominant_species::DominantSpecies>(8_100);
}

#[test]
fn malformed_marine_positions_are_refused_or_playable() {
    fuzz_positions::<eons_marine::Marine>(8_200);
}

#[test]
fn malformed_pangea_positions_are_refused_or_playable() {
    fuzz_positions::<eons_pangea::Pangea>(8_300);
}
