//! Learned bots in the server (`mcts:learned`, `mcts:…,eval=net`): a game
//! may seat one only where a value network is built in for its game and
//! player count, and a spec never makes the server read a file
//! (`net=PATH`), even in a process that allowed files for its own commands
//! before it started serving (`eons serve` runs in the command line's
//! process, which does).

use eons_server::{serve_until, ServeConfig};
use serde_json::{json, Value};
use std::net::SocketAddr;

/// Starts a server in this process on a free port with a fresh database;
/// returns its address and the sender that stops it.
async fn start(dir: &std::path::Path) -> (SocketAddr, tokio::sync::oneshot::Sender<()>) {
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let (bound, address) = tokio::sync::oneshot::channel();
    let config = ServeConfig {
        addr: "127.0.0.1:0".parse().expect("an address"),
        database: dir.join("eons.sqlite").display().to_string(),
        ..ServeConfig::default()
    };
    tokio::spawn(async move {
        let shutdown = async move {
            let _ = stopped.await;
        };
        let _ = serve_until(config, shutdown, move |b| {
            let _ = bound.send(b.addr);
        })
        .await;
    });
    (address.await.expect("the server binds"), stop)
}

/// Creates a game of `game` for 4 with `bot` at seat 2; the status and body.
async fn create(addr: SocketAddr, game: &str, bot: &str) -> (u16, Value) {
    create_for(addr, game, 4, bot).await
}

/// Creates a game of `game` for `players`: a human in the first seat,
/// `bot` in the second, greedy bots in the others; the status and body.
async fn create_for(addr: SocketAddr, game: &str, players: usize, bot: &str) -> (u16, Value) {
    let mut seats = vec![json!({"kind": "human"}), json!({"kind": "bot", "bot": bot})];
    seats.resize(players.max(2), json!({"kind": "bot", "bot": "greedy"}));
    let response = reqwest::Client::new()
        .post(format!("http://{addr}/api/games"))
        .json(&json!({"game": game, "players": players, "seats": seats}))
        .send()
        .await
        .expect("the server answers");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn a_learned_bot_needs_a_built_in_network_and_never_a_file() {
    // As the command line's process does before `eons serve`.
    eons_bots::learned::allow_files(true);
    let dir = std::env::temp_dir().join(format!("eons-learned-bots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("network.safetensors");
    std::fs::write(&file, b"not a network").expect("a file");
    let (addr, stop) = start(&dir).await;

    // The lobby offers the learned bot where a network is built in.
    let kinds: Value = reqwest::get(format!("http://{addr}/api/kinds"))
        .await
        .expect("the server answers")
        .json()
        .await
        .expect("json");
    let learned = |id: &str| {
        kinds
            .as_array()
            .and_then(|all| all.iter().find(|k| k["id"] == id))
            .map(|k| k["learned_bot_players"].clone())
    };
    assert_eq!(learned("ds"), Some(json!([2, 4])));
    assert_eq!(learned("marine"), Some(json!([4])));
    assert_eq!(learned("pangea"), Some(json!([4])));

    // A network file named by a player is refused before it is read.
    let (status, body) = create(addr, "ds", &format!("mcts:1s,net={}", file.display())).await;
    let message = body["error"]["message"].as_str().unwrap_or_default();
    assert_eq!(status, 400, "{body}");
    assert!(message.contains("reads no network files"), "{message}");
    // Dominant Species has a network for 4 players (models/ds-4p).
    let (status, body) = create(addr, "ds", "mcts:learned").await;
    assert_eq!(status, 201, "{body}");
    // Marine has none for 2 players: refused, saying so.
    let (status, body) = create_for(addr, "marine", 2, "mcts:learned").await;
    let message = body["error"]["message"].as_str().unwrap_or_default();
    assert_eq!(status, 400, "{body}");
    assert!(
        message.contains("no value network for marine with 2 players"),
        "{message}"
    );

    let _ = stop.send(());
    let _ = std::fs::remove_dir_all(&dir);
}
