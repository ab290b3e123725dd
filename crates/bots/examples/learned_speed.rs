//! How fast a value network evaluates, and how fast the search runs with it
//! at its leaves against random rollouts, on Dominant Species with 4 seats.
//!
//! `cargo run --release -p eons-bots --example learned_speed`
//!
//! The network is the size a trainer would ship (2 hidden layers of 256)
//! with random weights: its speed does not depend on what it learned.

use eons_bots::net::{layout_digest, Scratch, ValueNet};
use eons_bots::{Bot, BotSpec};
use eons_core::{Game, GameRng, Learnable, Turn};
use eons_dominant_species::DominantSpecies as Ds;
use safetensors::tensor::{Dtype, TensorView};
use std::collections::HashMap;
use std::time::Instant;

const PLAYERS: usize = 4;
const WIDTH: usize = 256;

/// A 2×256 network for Dominant Species with 4 seats, random weights.
fn network() -> Vec<u8> {
    let layout = Ds::observation_layout(PLAYERS);
    let len = layout.len();
    let mut rng = GameRng::new(1);
    let mut random = |n: usize| -> Vec<u8> {
        (0..n)
            .flat_map(|_| {
                let x = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 - 0.5;
                (x * 0.1).to_le_bytes()
            })
            .collect()
    };
    let shapes: Vec<(&str, Vec<usize>)> = vec![
        ("hidden.0.weight", vec![WIDTH, len]),
        ("hidden.0.bias", vec![WIDTH]),
        ("hidden.1.weight", vec![WIDTH, WIDTH]),
        ("hidden.1.bias", vec![WIDTH]),
        ("value.weight", vec![PLAYERS, WIDTH]),
        ("value.bias", vec![PLAYERS]),
    ];
    let data: Vec<Vec<u8>> = shapes
        .iter()
        .map(|(_, s)| random(s.iter().product()))
        .collect();
    let views: Vec<(&str, TensorView<'_>)> = shapes
        .iter()
        .zip(&data)
        .map(|((n, s), d)| {
            (
                *n,
                TensorView::new(Dtype::F32, s.clone(), d).expect("a view"),
            )
        })
        .collect();
    let metadata: HashMap<String, String> = [
        ("format", "eons-value-1".to_string()),
        ("game", Ds::ID.to_string()),
        ("players", PLAYERS.to_string()),
        ("observation_len", len.to_string()),
        ("layout", layout_digest(&layout)),
        ("hidden", format!("{WIDTH},{WIDTH}")),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    safetensors::serialize(views, Some(metadata)).expect("serialised")
}

fn main() {
    let bytes = network();
    let net = ValueNet::for_game::<Ds>(&bytes, PLAYERS).expect("a network for ds 4p");
    let setup = Ds::setup(PLAYERS, &[]).expect("4 players");
    // A position some way into a game, played by random choices.
    let mut state = Ds::new(&setup, 3).expect("a deal");
    let mut rng = GameRng::new(9);
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    for _ in 0..150 {
        if let Some(c) = Ds::random_choice(&state, &mut rng, &mut legal) {
            events.clear();
            Ds::apply(&mut state, c, &mut events).expect("a legal choice");
        }
    }
    let Turn::Seat(seat) = Ds::turn(&state) else {
        panic!("the game goes on");
    };
    let mut observation = vec![0f32; net.input_len()];
    Ds::observe(&state, seat, &mut observation);
    let nonzero = observation.iter().filter(|&&x| x != 0.0).count();
    let mut scratch = Scratch::new();
    let mut out = [0f32; PLAYERS];
    let calls = 20_000;
    let start = Instant::now();
    for _ in 0..calls {
        net.evaluate(std::hint::black_box(&observation), &mut scratch, &mut out);
    }
    let per_call = start.elapsed().as_secs_f64() / calls as f64;
    println!(
        "network {}x{WIDTH}x{WIDTH}x{PLAYERS}: {:.1} µs per evaluation ({nonzero} of {} inputs non-zero)",
        net.input_len(),
        per_call * 1e6,
        net.input_len()
    );
    let start = Instant::now();
    for _ in 0..calls / 4 {
        net.evaluate_state::<Ds>(std::hint::black_box(&state), seat, &mut scratch, &mut out);
    }
    let per_call = start.elapsed().as_secs_f64() / (calls / 4) as f64;
    println!("observe + evaluate: {:.1} µs per call", per_call * 1e6);

    // The search, both ways, on the same position.
    eons_bots::learned::register::<Ds>(&[]);
    eons_bots::learned::allow_files(true);
    let path = std::env::temp_dir().join(format!(
        "eons-learned-speed-{}.safetensors",
        std::process::id()
    ));
    std::fs::write(&path, &bytes).expect("a temporary file");
    for text in [
        "mcts:2000it,early-stop=off".to_string(),
        format!("mcts:2000it,early-stop=off,net={}", path.display()),
    ] {
        let spec = BotSpec::parse(&text).expect("a spec");
        spec.check::<Ds>(PLAYERS).expect("a network");
        let mut bot = spec.build::<Ds>(5);
        let _ = bot.choose(&state, seat);
        let stats = bot.last_search().expect("it searched");
        println!(
            "{text}: {} iterations in {:.2} s = {:.0} iterations/s",
            stats.iterations,
            stats.elapsed.as_secs_f64(),
            stats.iterations as f64 / stats.elapsed.as_secs_f64()
        );
    }
    let _ = std::fs::remove_file(path);
}
