//! Value networks: hand-computed outputs of a small network written here,
//! refusals of files for something else, and the shipped networks against
//! the outputs of the framework that trained them.

use eons_bots::net::{layout_digest, NetError, Scratch, ValueNet};
use eons_core::{Game, Learnable};
use eons_pangea::Pangea;
use safetensors::tensor::{Dtype, TensorView};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// A network file: `tensors` (name, shape, values) and metadata for
/// `game` with `players` seats and observations of `len` values.
fn network(
    tensors: &[(&str, Vec<usize>, Vec<f32>)],
    game: &str,
    players: usize,
    len: usize,
    layout: &str,
) -> Vec<u8> {
    let bytes: Vec<Vec<u8>> = tensors
        .iter()
        .map(|(_, _, v)| v.iter().flat_map(|x| x.to_le_bytes()).collect())
        .collect();
    let views: Vec<(&str, TensorView<'_>)> = tensors
        .iter()
        .zip(&bytes)
        .map(|((name, shape, _), b)| {
            (
                *name,
                TensorView::new(Dtype::F32, shape.clone(), b).expect("a view"),
            )
        })
        .collect();
    let metadata: HashMap<String, String> = [
        ("format", "eons-value-1".to_string()),
        ("game", game.to_string()),
        ("players", players.to_string()),
        ("observation_len", len.to_string()),
        ("layout", layout.to_string()),
        ("hidden", "2".to_string()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    safetensors::serialize(views, Some(metadata)).expect("serialised")
}

/// A column of `len` zeros with `entries` set.
fn sparse(len: usize, entries: &[(usize, f32)]) -> Vec<f32> {
    let mut v = vec![0f32; len];
    for &(i, x) in entries {
        v[i] = x;
    }
    v
}

/// The small network of these tests for Pangea with 2 seats: two hidden
/// units reading inputs 0, 3 and 5, an identity value head; with or
/// without input scaling.
fn small(scaled: bool) -> (Vec<u8>, usize) {
    let len = Pangea::observation_layout(2).len();
    let digest = layout_digest(&Pangea::observation_layout(2));
    let mut w0 = sparse(len, &[(0, 1.0), (3, 0.25), (5, 0.5)]);
    w0.extend(sparse(len, &[(0, -1.0), (3, 0.0), (5, 1.0)]));
    let mut tensors = vec![
        ("hidden.0.weight", vec![2, len], w0),
        ("hidden.0.bias", vec![2], vec![0.1, -0.2]),
        ("value.weight", vec![2, 2], vec![1.0, 0.0, 0.0, 1.0]),
        ("value.bias", vec![2], vec![0.0, 0.5]),
    ];
    if scaled {
        tensors.push((
            "input.scale",
            vec![len],
            sparse(len, &[(0, 1.0), (3, 1.0), (5, 2.0)]),
        ));
        tensors.push(("input.shift", vec![len], sparse(len, &[(0, 0.5), (3, 1.0)])));
    }
    (network(&tensors, Pangea::ID, 2, len, &digest), len)
}

fn softmax2(z0: f64, z1: f64) -> [f64; 2] {
    let p0 = 1.0 / (1.0 + (z1 - z0).exp());
    [p0, 1.0 - p0]
}

#[test]
fn a_small_network_gives_the_outputs_computed_by_hand() {
    let (bytes, len) = small(false);
    let net = ValueNet::for_game::<Pangea>(&bytes, 2).expect("the network loads");
    let x = sparse(len, &[(0, 1.0), (5, 2.0), (7, 9.0)]);
    let mut out = [0f32; 2];
    net.evaluate(&x, &mut Scratch::new(), &mut out);
    // h0 = relu(1·1 + 0.5·2 + 0.1) = 2.1; h1 = relu(-1·1 + 1·2 - 0.2) = 0.8;
    // z = (2.1, 0.8 + 0.5).
    let expected = softmax2(2.1, 1.3);
    for s in 0..2 {
        assert!(
            (f64::from(out[s]) - expected[s]).abs() < 1e-6,
            "{out:?} {expected:?}"
        );
    }
    // A unit below zero is cut by the ReLU: h1 = relu(-1·3 + 0 - 0.2) = 0.
    net.evaluate(&sparse(len, &[(0, 3.0)]), &mut Scratch::new(), &mut out);
    let expected = softmax2(3.1, 0.5);
    assert!((f64::from(out[0]) - expected[0]).abs() < 1e-6, "{out:?}");
}

#[test]
fn input_scaling_is_applied_before_the_first_layer() {
    let (bytes, len) = small(true);
    let net = ValueNet::for_game::<Pangea>(&bytes, 2).expect("the network loads");
    let x = sparse(len, &[(0, 1.0), (5, 2.0)]);
    let mut out = [0f32; 2];
    net.evaluate(&x, &mut Scratch::new(), &mut out);
    // x' = ((1 - 0.5)·1, input 3: (0 - 1)·1, input 5: 2·2) = (0.5, -1, 4);
    // h0 = 0.5 - 0.25 + 2 + 0.1 = 2.35; h1 = -0.5 + 0 + 4 - 0.2 = 3.3.
    let expected = softmax2(2.35, 3.3 + 0.5);
    for s in 0..2 {
        assert!(
            (f64::from(out[s]) - expected[s]).abs() < 1e-6,
            "{out:?} {expected:?}"
        );
    }
}

#[test]
fn a_network_for_something_else_is_refused() {
    let len = Pangea::observation_layout(2).len();
    let digest = layout_digest(&Pangea::observation_layout(2));
    let tensors = |inputs: usize| {
        vec![
            ("hidden.0.weight", vec![2, inputs], vec![0.0; 2 * inputs]),
            ("hidden.0.bias", vec![2], vec![0.0; 2]),
            ("value.weight", vec![2, 2], vec![0.0; 4]),
            ("value.bias", vec![2], vec![0.0; 2]),
        ]
    };
    let load = |bytes: Vec<u8>| ValueNet::for_game::<Pangea>(&bytes, 2).unwrap_err();
    assert!(matches!(
        load(b"not a network".to_vec()),
        NetError::Safetensors(_)
    ));
    assert!(matches!(
        load(network(&tensors(len), "marine", 2, len, &digest)),
        NetError::Game { .. }
    ));
    assert!(matches!(
        load(network(&tensors(len), Pangea::ID, 3, len, &digest)),
        NetError::Tensor { .. } | NetError::Players { .. }
    ));
    assert!(matches!(
        load(network(&tensors(len - 1), Pangea::ID, 2, len - 1, &digest)),
        NetError::ObservationLength { .. }
    ));
    assert!(matches!(
        load(network(&tensors(len), Pangea::ID, 2, len, &"0".repeat(64))),
        NetError::Layout { .. }
    ));
    // A file whose tensors disagree with its own metadata.
    assert!(matches!(
        load(network(&tensors(len - 1), Pangea::ID, 2, len, &digest)),
        NetError::Tensor { .. }
    ));
    // A network for 3 players loaded for 2.
    let three = vec![
        ("hidden.0.weight", vec![2, len], vec![0.0; 2 * len]),
        ("hidden.0.bias", vec![2], vec![0.0; 2]),
        ("value.weight", vec![3, 2], vec![0.0; 6]),
        ("value.bias", vec![3], vec![0.0; 3]),
    ];
    assert!(matches!(
        load(network(&three, Pangea::ID, 3, len, &digest)),
        NetError::Players {
            expected: 2,
            found: 3
        }
    ));
}

/// Reads `path`'s `input` and `output` tensors.
fn reference(path: &Path) -> (Vec<usize>, Vec<f32>, Vec<usize>, Vec<f32>) {
    let bytes = std::fs::read(path).expect("the reference file");
    let t = safetensors::SafeTensors::deserialize(&bytes).expect("a safetensors file");
    let read = |name: &str| {
        let v = t
            .tensor(name)
            .unwrap_or_else(|_| panic!("{}: no `{name}`", path.display()));
        assert_eq!(v.dtype(), Dtype::F32, "{name}");
        let values: Vec<f32> = v
            .data()
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        (v.shape().to_vec(), values)
    };
    let (input_shape, input) = read("input");
    let (output_shape, output) = read("output");
    (input_shape, input, output_shape, output)
}

/// Checks the network `bytes` of game `G` against its reference file.
fn matches_reference<G: Learnable>(players: usize, bytes: &[u8], reference_path: &Path) {
    let net = ValueNet::for_game::<G>(bytes, players)
        .unwrap_or_else(|e| panic!("{}: {e}", reference_path.display()));
    let (input_shape, input, output_shape, output) = reference(reference_path);
    let len = net.input_len();
    assert_eq!(input_shape.len(), 2);
    assert_eq!(input_shape[1], len);
    assert_eq!(output_shape, vec![input_shape[0], players]);
    let mut scratch = Scratch::new();
    let mut out = vec![0f32; players];
    for k in 0..input_shape[0] {
        net.evaluate(&input[k * len..(k + 1) * len], &mut scratch, &mut out);
        for s in 0..players {
            let expected = output[k * players + s];
            assert!(
                (out[s] - expected).abs() <= 1e-5,
                "{}: row {k} seat {s}: {} against {expected}",
                reference_path.display(),
                out[s]
            );
        }
    }
}

/// The repository's `models/` directory.
fn models() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../models")
}

#[test]
fn every_shipped_network_matches_its_trainer_s_outputs() {
    let Ok(entries) = std::fs::read_dir(models()) else {
        return; // No models/ directory: no network to check.
    };
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let Some(stem) = name.strip_suffix(".safetensors") else {
            continue;
        };
        if stem.ends_with(".reference") {
            let network = models().join(format!(
                "{}.safetensors",
                stem.trim_end_matches(".reference")
            ));
            assert!(network.exists(), "{name} has no network beside it");
            continue;
        }
        let reference_path = models().join(format!("{stem}.reference.safetensors"));
        assert!(
            reference_path.exists(),
            "{name} has no reference outputs ({stem}.reference.safetensors)"
        );
        let (game, players) = stem
            .rsplit_once('-')
            .and_then(|(g, p)| Some((g, p.strip_suffix('p')?.parse::<usize>().ok()?)))
            .unwrap_or_else(|| panic!("{name}: not <game>-<players>p.safetensors"));
        let bytes = std::fs::read(&path).expect("the network file");
        match game {
            "ds" => matches_reference::<eons_dominant_species::DominantSpecies>(
                players,
                &bytes,
                &reference_path,
            ),
            "marine" => matches_reference::<eons_marine::Marine>(players, &bytes, &reference_path),
            "pangea" => matches_reference::<Pangea>(players, &bytes, &reference_path),
            other => panic!("{name}: no game `{other}`"),
        }
    }
}

/// A network for Pangea with 2 seats whose every output is `win`, whatever
/// the observation (all weights zero), in a file of its own.
fn constant_network_file(name: &str, win: [f32; 2]) -> PathBuf {
    let len = Pangea::observation_layout(2).len();
    let digest = layout_digest(&Pangea::observation_layout(2));
    let tensors = vec![
        ("hidden.0.weight", vec![2, len], vec![0.0; 2 * len]),
        ("hidden.0.bias", vec![2], vec![0.0; 2]),
        ("value.weight", vec![2, 2], vec![0.0; 4]),
        ("value.bias", vec![2], vec![win[0].ln(), win[1].ln()]),
    ];
    let path = std::env::temp_dir().join(format!(
        "eons-net-{}-{name}.safetensors",
        std::process::id()
    ));
    std::fs::write(&path, network(&tensors, Pangea::ID, 2, len, &digest)).expect("written");
    path
}

fn pangea_start() -> (<Pangea as Game>::State, eons_core::Seat) {
    let setup = Pangea::setup(2, &[]).expect("2 players");
    let state = Pangea::new(&setup, 5).expect("a deal");
    let eons_core::Turn::Seat(seat) = Pangea::turn(&state) else {
        panic!("a seat moves first");
    };
    (state, seat)
}

#[test]
fn a_search_with_a_network_takes_its_values_at_the_leaves() {
    eons_bots::learned::register::<Pangea>(&[]);
    eons_bots::learned::allow_files(true);
    let (state, seat) = pangea_start();
    let mut win = [0.1f32, 0.1];
    win[seat.index()] = 0.9;
    let path = constant_network_file("constant", win);
    let text = format!("mcts:300it,early-stop=off,net={}", path.display());
    let spec = eons_bots::BotSpec::parse(&text).expect("a spec");
    assert_eq!(
        spec.to_string(),
        text,
        "the path keeps its case and comes back"
    );
    spec.check::<Pangea>(2)
        .expect("the file is a network for pangea 2p");
    let mut bot = spec.build::<Pangea>(3);
    let choice = eons_bots::Bot::choose(&mut bot, &state, seat).expect("a choice");
    let mut legal = Vec::new();
    Pangea::legal(&state, &mut legal);
    assert!(legal.contains(&choice));
    let stats = eons_bots::Bot::last_search(&bot).expect("it searched");
    assert_eq!(stats.iterations, 300);
    // Every leaf of the first 300 iterations is far from the end of the
    // game, so every reward of the bot's seat is the network's 0.9 (the
    // softmax of the logits ln 0.9 and ln 0.1).
    assert!(
        (stats.chosen_value - 0.9).abs() < 1e-6,
        "{}",
        stats.chosen_value
    );
    let _ = std::fs::remove_file(path);
}

/// `mix=0.5`: a leaf is worth half the network's value and half a random
/// rollout's reward. Two constant networks that differ by 0.4 in the bot's
/// seat shift every reward of that seat by 0.5 · 0.4 and no other seat's;
/// a constant shift of one seat's rewards changes no choice of the tree
/// (each seat picks by its own mean plus the same exploration term), so
/// the two searches grow the same tree with the same rollouts and their
/// chosen values differ by exactly 0.2. A network alone (no `mix`) would
/// differ by 0.4, and a rollout alone by nothing.
#[test]
fn a_search_with_a_mixed_leaf_averages_the_network_and_the_rollout() {
    eons_bots::learned::register::<Pangea>(&[]);
    eons_bots::learned::allow_files(true);
    let (state, seat) = pangea_start();
    let mut searched = Vec::new();
    for (name, mine) in [("mixed-high", 0.9f32), ("mixed-even", 0.5)] {
        let mut win = [0.5f32, 0.5];
        win[seat.index()] = mine;
        win[1 - seat.index()] = 1.0 - mine;
        let path = constant_network_file(name, win);
        let text = format!("mcts:300it,early-stop=off,net={},mix=0.5", path.display());
        let spec = eons_bots::BotSpec::parse(&text).expect("a spec");
        assert_eq!(spec.to_string(), text);
        let mut bot = spec.build::<Pangea>(3);
        let choice = eons_bots::Bot::choose(&mut bot, &state, seat).expect("a choice");
        let stats = eons_bots::Bot::last_search(&bot).expect("it searched");
        assert_eq!(stats.iterations, 300);
        searched.push((choice, stats.chosen_value));
        let _ = std::fs::remove_file(path);
    }
    assert_eq!(searched[0].0, searched[1].0, "the same tree");
    let difference = searched[0].1 - searched[1].1;
    assert!((difference - 0.2).abs() < 1e-6, "{difference}");
}

#[test]
fn a_search_with_a_network_stops_at_its_deadline() {
    eons_bots::learned::register::<Pangea>(&[]);
    eons_bots::learned::allow_files(true);
    let (state, seat) = pangea_start();
    let path = constant_network_file("deadline", [0.5, 0.5]);
    let text = format!("mcts:100000000it,early-stop=off,net={}", path.display());
    let spec = eons_bots::BotSpec::parse(&text)
        .expect("a spec")
        .with_deadline(std::time::Duration::from_millis(200));
    let mut bot = spec.build::<Pangea>(3);
    let start = std::time::Instant::now();
    assert!(eons_bots::Bot::choose(&mut bot, &state, seat).is_some());
    let elapsed = start.elapsed();
    assert!(elapsed < std::time::Duration::from_secs(2), "{elapsed:?}");
    let stats = eons_bots::Bot::last_search(&bot).expect("it searched");
    assert!(stats.iterations < 100_000_000);
    let _ = std::fs::remove_file(path);
}

#[test]
fn a_spec_for_a_network_the_game_does_not_have_is_refused() {
    eons_bots::learned::register::<Pangea>(&[]);
    let spec = eons_bots::BotSpec::parse("mcts:learned").expect("a spec");
    assert_eq!(spec.to_string(), "mcts:learned");
    let err = spec.check::<Pangea>(3).unwrap_err();
    assert_eq!(
        err.to_string(),
        "bot `mcts:learned`: no value network for pangea with 3 players; see docs/learning.md"
    );
    // Built anyway, it plays nothing rather than a search it was not asked for.
    let (state, seat) = pangea_start();
    let mut bot = spec.build::<Pangea>(1);
    assert_eq!(eons_bots::Bot::choose(&mut bot, &state, seat), None);
    // A file that is not there is refused by name.
    eons_bots::learned::allow_files(true);
    let missing =
        eons_bots::BotSpec::parse("mcts:10it,net=no-such-network.safetensors").expect("a spec");
    let err = missing.check::<Pangea>(2).unwrap_err().to_string();
    assert!(err.contains("no-such-network.safetensors"), "{err}");
}
