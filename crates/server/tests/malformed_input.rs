//! Malformed input never panics (the architecture's fuzz row, on stable
//! Rust): every game, through the same JSON interface the server, the
//! records and `eons-server replay` use, is fed choices and setups that are
//! off in every way a client could make them so: numbers out of any range,
//! names from other choices, missing and unknown fields, wrong JSON types,
//! random JSON text. Each must come back as an error (or, when a mutation
//! happens to spell a legal choice, be applied), never a panic; and a
//! refused choice leaves the game exactly as it was.
//!
//! Deterministic: a fixed seed per game; a failure names the game, the seed,
//! the move and the input.

use eons_core::{GameRng, Seat, Turn};
use eons_server::games::{registry, ApplyError, DynGame, DynState};
use serde_json::{json, Map, Value};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Random games per game kind, and mutated inputs tried at each visited state.
const GAMES: u64 = 10;
const MUTANTS: usize = 12;
/// States visited per game (every few moves of a random playout).
const VISITS: usize = 40;

/// Numbers a mutation writes: edges of every integer type the engines use.
const NUMBERS: [i128; 14] = [
    0,
    1,
    2,
    -1,
    7,
    40,
    127,
    128,
    255,
    256,
    65_535,
    -129,
    u32::MAX as i128,
    u64::MAX as i128,
];

fn number(rng: &mut GameRng) -> Value {
    match rng.below(4) {
        0 => json!(rng.next_u64()),
        1 => json!(-(rng.below(1000) as i64)),
        2 => json!(rng.unit() * 100.0),
        _ => {
            let n = NUMBERS[rng.index(NUMBERS.len())];
            if n < 0 {
                json!(n as i64)
            } else {
                json!(n as u64)
            }
        }
    }
}

/// Every string and object key in `v` (names of variants and fields).
fn collect_names(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|x| collect_names(x, out)),
        Value::Object(o) => {
            for (k, x) in o {
                out.push(k.clone());
                collect_names(x, out);
            }
        }
        _ => {}
    }
}

/// JSON Pointers (`""`, `"/Move/from"`, `"/Move/from/0"`…) to every node of `v`.
fn nodes(v: &Value, path: &str, out: &mut Vec<String>) {
    out.push(path.to_string());
    match v {
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                nodes(x, &format!("{path}/{i}"), out);
            }
        }
        Value::Object(o) => {
            for (k, x) in o {
                let k = k.replace('~', "~0").replace('/', "~1");
                nodes(x, &format!("{path}/{k}"), out);
            }
        }
        _ => {}
    }
}

/// A random JSON value of small depth.
fn random_value(rng: &mut GameRng, names: &[String], depth: u32) -> Value {
    match rng.below(if depth == 0 { 5 } else { 7 }) {
        0 => Value::Null,
        1 => json!(rng.below(2) == 1),
        2 => number(rng),
        3 => json!(pick_name(rng, names)),
        4 => json!("\u{0}x\u{ffff}"),
        5 => Value::Array(
            (0..rng.below(4))
                .map(|_| random_value(rng, names, depth - 1))
                .collect(),
        ),
        _ => {
            let mut o = Map::new();
            for _ in 0..rng.below(3) {
                o.insert(pick_name(rng, names), random_value(rng, names, depth - 1));
            }
            Value::Object(o)
        }
    }
}

fn pick_name(rng: &mut GameRng, names: &[String]) -> String {
    if names.is_empty() || rng.below(8) == 0 {
        "no-such-name".into()
    } else {
        names[rng.index(names.len())].clone()
    }
}

/// A number that still fits the small integer types choices are made of
/// (`u8`, `i8`), so that the choice usually reads but names a hex, corner,
/// space, card or count that is not there.
fn small_number(rng: &mut GameRng) -> Value {
    match rng.below(3) {
        0 => json!(rng.below(256)),
        1 => json!(rng.below(256) as i64 - 128),
        _ => json!(rng.below(12)),
    }
}

/// `base` with one to three mutations: mostly a leaf changed so that the
/// choice still reads as one of the game's (another small number, another
/// name from the legal choices), else anything.
fn mutate(rng: &mut GameRng, base: &Value, names: &[String]) -> Value {
    let mut v = base.clone();
    for _ in 0..=rng.below(3) {
        let mut all = Vec::new();
        nodes(&v, "", &mut all);
        if rng.below(4) != 0 {
            let leaves: Vec<&String> = all
                .iter()
                .filter(|p| matches!(v.pointer(p), Some(Value::Number(_) | Value::String(_))))
                .collect();
            if !leaves.is_empty() {
                let path = leaves[rng.index(leaves.len())].clone();
                let Some(node) = v.pointer_mut(&path) else {
                    continue;
                };
                *node = match node {
                    Value::Number(_) => small_number(rng),
                    _ => json!(pick_name(rng, names)),
                };
                continue;
            }
        }
        let path = all[rng.index(all.len())].clone();
        let Some(node) = v.pointer_mut(&path) else {
            continue;
        };
        match rng.below(6) {
            0 | 1 => *node = number(rng),
            2 => *node = json!(pick_name(rng, names)),
            3 => *node = random_value(rng, names, 2),
            4 => {
                if let Value::Object(o) = node {
                    if let Some(k) = o.keys().next().cloned() {
                        o.remove(&k);
                    }
                    if rng.below(2) == 0 {
                        o.insert(pick_name(rng, names), number(rng));
                    }
                } else {
                    *node = json!({ pick_name(rng, names): node.clone() });
                }
            }
            _ => *node = json!([node.clone(), number(rng)]),
        }
    }
    v
}

/// Random text that may or may not be JSON (it is parsed first, as the HTTP
/// body would be).
fn random_text(rng: &mut GameRng) -> Option<Value> {
    const ALPHABET: &[u8] = b"{}[]\":,0123456789-.eEtruefalsnl abcxyzPlaceTileCorner\\";
    let len = rng.below(40) as usize;
    let text: String = (0..len)
        .map(|_| ALPHABET[rng.index(ALPHABET.len())] as char)
        .collect();
    serde_json::from_str(&text).ok()
}

/// Everything about a state a refused choice must not change.
fn fingerprint(s: &dyn DynState) -> Value {
    let views: Vec<Value> = std::iter::once(None)
        .chain((0..s.seats()).map(|i| Some(Seat(i as u8))))
        .map(|seat| serde_json::to_value(s.view(seat)).expect("a view serialises"))
        .collect();
    json!({
        "turn": format!("{:?}", s.turn()),
        "views": views,
        "legal": serde_json::to_value(s.legal()).unwrap_or(Value::Null),
        "scores": s.scores(),
    })
}

/// One visited state, with what a refused choice must leave unchanged.
struct Probe<'a> {
    kind: &'a str,
    seed: u64,
    move_no: usize,
    state: &'a dyn DynState,
    before: Value,
}

impl Probe<'_> {
    /// Applies `choice` for `seat` on a copy of the state; a panic, or a
    /// refusal that changed the copy, fails the test naming the input.
    fn try_choice(&self, seat: Seat, choice: &Value) {
        let (kind, seed, move_no) = (self.kind, self.seed, self.move_no);
        let mut copy = self.state.clone_box();
        let result = catch_unwind(AssertUnwindSafe(|| copy.apply(seat, choice).map(|_| ())));
        match result {
            Err(_) => panic!(
                "{kind} seed {seed} move {move_no}: applying {choice} for seat {} panicked",
                seat.0
            ),
            Ok(Err(_)) => assert_eq!(
                fingerprint(copy.as_ref()),
                self.before,
                "{kind} seed {seed} move {move_no}: the refused {choice} changed the game"
            ),
            Ok(Ok(())) => {}
        }
    }
}

fn fuzz_choices(kind: &dyn DynGame, players: usize, seed: u64) {
    let mut rng = GameRng::new(seed ^ 0x5eed_f022);
    let setup = kind.setup(players, &[]).expect("default setup");
    let mut state = kind.start(&setup, seed).expect("start");
    let mut names = Vec::new();
    let mut move_no = 0usize;
    for _ in 0..VISITS {
        let Turn::Seat(seat) = state.turn() else {
            break;
        };
        let legal = state.legal();
        assert!(
            !legal.is_empty(),
            "{} seed {seed}: no legal choice",
            kind.id()
        );
        for c in &legal {
            collect_names(&c.choice, &mut names);
        }
        names.sort();
        names.dedup();
        let probe = Probe {
            kind: kind.id(),
            seed,
            move_no,
            state: state.as_ref(),
            before: fingerprint(state.as_ref()),
        };
        for _ in 0..MUTANTS {
            let base = &legal[rng.index(legal.len())].choice;
            let choice = match rng.below(8) {
                0 => match random_text(&mut rng) {
                    Some(v) => v,
                    None => continue,
                },
                1 => random_value(&mut rng, &names, 3),
                2 => json!({ "index": number(&mut rng) }),
                _ => mutate(&mut rng, base, &names),
            };
            probe.try_choice(seat, &choice);
        }
        // A legal choice sent for another seat is refused, and changes nothing.
        let other = Seat(((seat.0 as usize + 1) % state.seats()) as u8);
        if other != seat {
            let mut copy = state.clone_box();
            assert!(
                matches!(
                    copy.apply(other, &legal[0].choice),
                    Err(ApplyError::NotYourTurn(_))
                ),
                "{} seed {seed} move {move_no}: seat {} moved out of turn",
                kind.id(),
                other.0
            );
            assert_eq!(fingerprint(copy.as_ref()), probe.before);
        }
        // Play on a few random legal moves.
        for _ in 0..=rng.below(12) {
            let Turn::Seat(seat) = state.turn() else {
                break;
            };
            let legal = state.legal();
            let pick = &legal[rng.index(legal.len())];
            state.apply(seat, &pick.choice).unwrap_or_else(|e| {
                panic!("{} seed {seed}: a listed choice failed: {e}", kind.id())
            });
            move_no += 1;
        }
    }
}

#[test]
fn malformed_choices_are_refused_without_a_panic_or_a_change() {
    for kind in registry(true) {
        for players in kind.player_counts() {
            for g in 0..GAMES {
                fuzz_choices(kind.as_ref(), players, 7_000 + g * 31 + players as u64);
            }
        }
    }
}

#[test]
fn malformed_setups_are_refused_without_a_panic() {
    for kind in registry(true) {
        let mut rng = GameRng::new(0xbad5e7);
        for players in kind.player_counts() {
            let setup = kind.setup(players, &[]).expect("default setup");
            let mut names = Vec::new();
            collect_names(&setup, &mut names);
            for i in 0..300u64 {
                let bad = mutate(&mut rng, &setup, &names);
                let result = catch_unwind(AssertUnwindSafe(|| {
                    kind.start(&bad, i).map(|s| {
                        // A setup that was accepted gives a playable game.
                        if let Turn::Seat(seat) = s.turn() {
                            let legal = s.legal();
                            assert!(!legal.is_empty(), "no legal choice");
                            let mut s = s;
                            s.apply(seat, &legal[0].choice)
                                .map(|_| ())
                                .map_err(|e| e.to_string())
                        } else {
                            Ok(())
                        }
                    })
                }));
                match result {
                    Err(_) => panic!("{}: starting from setup {bad} panicked", kind.id()),
                    Ok(Ok(Err(e))) => {
                        panic!(
                            "{}: setup {bad} was accepted but its first choice failed: {e}",
                            kind.id()
                        )
                    }
                    Ok(_) => {}
                }
            }
        }
    }
}

/// Lobby requests: any player count and any option strings (the game's own
/// option names with odd values, unknown names, odd text) give a setup or
/// an error, never a panic; a setup the game accepts starts a playable game.
#[test]
fn odd_players_and_options_are_refused_without_a_panic() {
    let mut rng = GameRng::new(0x0b7_10e5);
    let odd = [
        "",
        "=",
        "==",
        "0",
        "-1",
        "255",
        "65536",
        "18446744073709551616",
        "yes",
        "\u{0}",
        "é",
    ];
    for kind in registry(true) {
        let names: Vec<String> = kind
            .options()
            .iter()
            .map(|o| o.name.split('=').next().unwrap_or("").to_string())
            .collect();
        let mut started = 0;
        for _ in 0..400 {
            let players = [0, 1, 2, 3, 4, 5, 6, 7, 16, 255][rng.index(10)];
            let options: Vec<String> = (0..rng.below(4))
                .map(|_| {
                    let name = match rng.below(5) {
                        0 => odd[rng.index(odd.len())].to_string(),
                        _ if names.is_empty() => "no-such-option".into(),
                        _ => names[rng.index(names.len())].clone(),
                    };
                    match rng.below(3) {
                        0 => name,
                        1 => format!("{name}={}", odd[rng.index(odd.len())]),
                        _ => format!("{name}={}", number(&mut rng)),
                    }
                })
                .collect();
            let result = catch_unwind(AssertUnwindSafe(|| {
                let Ok(setup) = kind.setup(players, &options) else {
                    return Ok(false);
                };
                let s = kind
                    .start(&setup, 3)
                    .map_err(|e| format!("accepted setup: {e}"))?;
                match s.turn() {
                    Turn::Seat(seat) => {
                        let legal = s.legal();
                        let first = legal.first().ok_or("no legal choice")?;
                        let mut s = s;
                        s.apply(seat, &first.choice)
                            .map(|_| true)
                            .map_err(|e| e.to_string())
                    }
                    Turn::Over => Ok(true),
                }
            }));
            match result {
                Err(_) => panic!("{} {players} players {options:?}: panicked", kind.id()),
                Ok(Err(e)) => panic!("{} {players} players {options:?}: {e}", kind.id()),
                Ok(Ok(s)) => started += usize::from(s),
            }
        }
        // Some requests are fine (the right count, no or good options): the
        // test reaches the engines' setup, not only the option parser.
        assert!(started > 0, "{}: no request started a game", kind.id());
    }
}
