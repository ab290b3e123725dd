//! Games in memory (issue 20): idle games leave memory and load back, and a
//! game loaded from a snapshot is the same as one replayed from its first
//! move. These tests drive the library's services directly (so that they can
//! evict and count the games in memory) and serve it over HTTP for the
//! published record, which the `eons-server replay` command replays.

use crate::common;

use common::{replay_record, temp_dir, Lcg, PATIENCE};
use eons_core::{Seat, Turn};
use eons_server::services::live::{Audience, CreateGame, LiveGame, SeatSpec};
use eons_server::{games, MemoryLimits, Services, Settings, Store};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Limits under which every unused game leaves at the next sweep.
const EVICT_NOW: MemoryLimits = MemoryLimits {
    evict_idle_after: Duration::ZERO,
    snapshot_every: 1,
};

/// The services over a fresh SQLite database, bots at pace 0.
async fn services_in(dir: &Path, memory: MemoryLimits) -> Arc<Services> {
    let store = Store::open(&dir.join("eons.sqlite").display().to_string())
        .await
        .expect("open the database");
    Services::new(
        store,
        games::registry(true),
        Settings {
            bot_pace: Duration::ZERO,
            memory,
            ..Settings::default()
        },
    )
}

fn memory(snapshot_every: u64) -> MemoryLimits {
    MemoryLimits {
        evict_idle_after: Duration::from_secs(600),
        snapshot_every,
    }
}

async fn create(
    services: &Arc<Services>,
    game: &str,
    players: usize,
    seats: Vec<SeatSpec>,
    seed: u64,
) -> String {
    let r = services
        .create(CreateGame {
            game: game.into(),
            players,
            options: Vec::new(),
            seats,
            seed: Some(seed),
            creator: None,
            clock: Default::default(),
            on_timeout: None,
            spectator_chat: false,
        })
        .await
        .expect("create");
    r["id"].as_str().expect("id").to_string()
}

fn bot(kind: &str) -> SeatSpec {
    SeatSpec {
        kind: "bot".into(),
        bot: Some(kind.into()),
        name: None,
    }
}

fn human() -> SeatSpec {
    SeatSpec::default()
}

/// Everything a client may read of a game, for every seat and a spectator:
/// views (with legal choices, undo, marks, final score), logs, and beyond
/// what anyone reads, the whole state with its score sheet and the stored
/// header.
fn picture(kind: &dyn games::DynGame, g: &LiveGame) -> Value {
    let seats: Vec<Option<Seat>> = std::iter::once(None)
        .chain((0..g.state.seats()).map(|s| Some(Seat(s as u8))))
        .collect();
    let views: Vec<Value> = seats
        .iter()
        .map(|&s| serde_json::to_value(g.snapshot(kind, s)).expect("a snapshot serialises"))
        .collect();
    let logs: Vec<Value> = seats
        .iter()
        .map(|&s| Value::Array(g.log.iter().map(|e| e.for_seat(s)).collect()))
        .collect();
    let undo: Vec<Option<String>> = (0..g.state.seats())
        .map(|s| g.undo_refusal(Seat(s as u8)))
        .collect();
    json!({
        "views": views,
        "logs": logs,
        "undo": undo,
        "moves": g.moves,
        "legal": g.state.legal(),
        "state": g.state.save().expect("state saves"),
        "scores": g.state.scores(),
        "row": [g.row.moves, g.row.updated_at, g.row.status.clone(), g.row.outcome.clone()],
    })
}

/// The picture of the game in memory and of one replayed from its first
/// move; the snapshot the one in memory was loaded from.
async fn compare(services: &Arc<Services>, id: &str) -> (Value, Value, Option<i64>) {
    let h = services.get(id).await.expect("get");
    let g = h.inner.lock().await;
    let loaded = picture(h.kind.as_ref(), &g);
    let from = g.restored_from();
    drop(g);
    let (kind, fresh) = services.load_game(id, false).await.expect("replay");
    assert_eq!(fresh.restored_from(), None);
    (loaded, picture(kind.as_ref(), &fresh), from)
}

/// Waits until the game's latest stored snapshot is at `n` moves.
async fn wait_snapshot(services: &Services, id: &str, n: i64) {
    let start = Instant::now();
    loop {
        let s = services
            .store
            .latest_snapshot(id)
            .await
            .expect("read snapshot");
        if s.as_ref().is_some_and(|s| s.n >= n) {
            return;
        }
        assert!(start.elapsed() < PATIENCE, "no snapshot at {n} of {id}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Evicts every unused game, waiting for a bot task that just ended to let
/// go; asserts that none is left in memory.
async fn evict_all(services: &Services) {
    let start = Instant::now();
    loop {
        services.evict_idle(&EVICT_NOW);
        if services.loaded_games() == 0 {
            return;
        }
        assert!(start.elapsed() < PATIENCE, "games stay in memory");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

async fn wait_over(services: &Arc<Services>, id: &str) -> i64 {
    let start = Instant::now();
    loop {
        {
            let h = services.get(id).await.expect("get");
            let g = h.inner.lock().await;
            if g.state.turn() == Turn::Over {
                return g.moves;
            }
        }
        assert!(start.elapsed() < PATIENCE, "game {id} did not end");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Serves the services over HTTP on a free port; its base URL.
async fn serve(services: &Arc<Services>) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("address");
    let app = eons_server::app(services.clone(), None)
        .into_make_service_with_connect_info::<SocketAddr>();
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    format!("http://{addr}")
}

/// A finished game's published record replays (in another process) to the
/// outcome the game in memory has.
async fn record_replays(services: &Arc<Services>, base: &str, id: &str, dir: &Path) {
    let c = common::client();
    let r = common::get(&c, &format!("{base}/api/games/{id}/record")).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    let replayed = replay_record(&r.body, dir);
    let h = services.get(id).await.expect("get");
    let g = h.inner.lock().await;
    assert_eq!(replayed["outcome"], json!(g.state.outcome()), "{id}");
    assert_eq!(replayed["scores"], json!(g.state.scores()), "{id}");
    assert_eq!(
        replayed["moves"].as_u64(),
        r.body["choices"].as_array().map(|a| a.len() as u64)
    );
}

/// Bots play a whole game of each kind across many snapshots; evicted, the
/// game loads from its latest snapshot equal to a full replay, and its
/// record replays to the same outcome.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_games_load_from_snapshots_as_a_full_replay_does() {
    let dir = temp_dir("memory-bots");
    let every = 25;
    let services = services_in(&dir, memory(every)).await;
    let base = serve(&services).await;
    let games = [
        ("ds", 2, vec![bot("random"), bot("greedy")]),
        ("marine", 2, vec![bot("random"), bot("random")]),
        (
            "pangea",
            3,
            vec![bot("random"), bot("random"), bot("greedy")],
        ),
    ];
    for (game, players, seats) in games {
        let id = create(&services, game, players, seats, 7).await;
        let moves = wait_over(&services, &id).await;
        assert!(moves >= 3 * every as i64, "{game}: only {moves} moves");
        let last = moves / every as i64 * every as i64;
        wait_snapshot(&services, &id, last).await;
        evict_all(&services).await;
        let (loaded, replayed, from) = compare(&services, &id).await;
        assert_eq!(from, Some(last), "{game} loads from its latest snapshot");
        assert_eq!(loaded, replayed, "{game}");
        record_replays(&services, &base, &id, &dir).await;
    }
}

/// Two human seats play with undos, some taken back right after a
/// snapshot; the game is evicted and loaded back now and then (right after
/// such an undo too, so that the undo replays from the snapshot's undo
/// points) and always equals a full replay, to the end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_across_a_snapshot_loads_as_a_full_replay_does() {
    let dir = temp_dir("memory-undo");
    let every = 10;
    let services = services_in(&dir, memory(every)).await;
    let base = serve(&services).await;
    for (game, players) in [("ds", 2), ("marine", 2), ("pangea", 2)] {
        let id = create(&services, game, players, vec![human(); players], 11).await;
        let mut rng = Lcg(5);
        let mut undos_across = 0;
        let mut checks = 0;
        let start = Instant::now();
        loop {
            assert!(start.elapsed() < PATIENCE, "{game} did not end");
            let h = services.get(&id).await.expect("get");
            let (seat, moves, legal) = {
                let g = h.inner.lock().await;
                match g.state.turn() {
                    Turn::Over => break,
                    Turn::Seat(s) => (s, g.moves, g.state.legal()),
                }
            };
            let pick = &legal[rng.below(legal.len())];
            let after = services
                .submit(&h, seat, moves, &pick.choice)
                .await
                .expect("a legal choice")
                .moves;
            // Reloads now and then, and after an undo across a snapshot,
            // over the first 300 moves; then plays on to the end.
            let early = after < 300;
            let mut reload = early && after % 37 == 0;
            if early && after % every as i64 == 0 {
                let allowed = h.inner.lock().await.undo_refusal(seat).is_none();
                if allowed {
                    services.undo(&h, seat, after).await.expect("undo");
                    undos_across += 1;
                    reload = true;
                }
            }
            drop(h);
            if reload {
                let latest = {
                    let h = services.get(&id).await.expect("get");
                    let g = h.inner.lock().await;
                    g.moves / every as i64 * every as i64
                };
                if latest > 0 {
                    wait_snapshot(&services, &id, latest).await;
                }
                evict_all(&services).await;
                let (loaded, replayed, from) = compare(&services, &id).await;
                assert_eq!(from, (latest > 0).then_some(latest), "{game}");
                assert_eq!(loaded, replayed, "{game} after {after} moves");
                checks += 1;
            }
        }
        assert!(
            undos_across >= 2,
            "{game}: {undos_across} undos across a snapshot"
        );
        assert!(checks >= 4, "{game}: {checks} reloads");
        evict_all(&services).await;
        let (loaded, replayed, _) = compare(&services, &id).await;
        assert_eq!(loaded, replayed, "{game} at the end");
        record_replays(&services, &base, &id, &dir).await;
    }
}

/// A game leaves memory only when nothing uses it and it has been idle for
/// the set time; it loads back with every move, and a move made through a
/// handle taken before a sweep is never lost.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_games_leave_memory_and_load_back_without_losing_a_move() {
    let dir = temp_dir("memory-idle");
    let limits = MemoryLimits {
        evict_idle_after: Duration::from_millis(300),
        snapshot_every: 7,
    };
    let services = services_in(&dir, limits).await;
    let id = create(&services, "ds", 2, vec![human(), human()], 3).await;
    assert_eq!(services.loaded_games(), 1);
    // Just used: not idle yet.
    assert_eq!(services.evict_idle(&services.live.memory()), 0);
    tokio::time::sleep(Duration::from_millis(400)).await;
    // Held by a request (a handle) or a WebSocket: stays.
    let h = services.get(&id).await.expect("get");
    let permit = services
        .sockets
        .open(
            &h,
            std::net::IpAddr::from([127, 0, 0, 1]),
            Audience::Spectator,
        )
        .expect("a socket");
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(
        services.evict_idle(&services.live.memory()),
        0,
        "a socket is open"
    );
    drop(permit);
    assert_eq!(services.evict_idle(&EVICT_NOW), 0, "a request holds it");
    // A move through the handle taken before the sweeps is kept.
    let (seat, legal) = {
        let g = h.inner.lock().await;
        let Turn::Seat(s) = g.state.turn() else {
            panic!("over")
        };
        (s, g.state.legal())
    };
    services
        .submit(&h, seat, 0, &legal[0].choice)
        .await
        .expect("move");
    drop(h);
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(services.evict_idle(&services.live.memory()), 1, "idle now");
    assert_eq!(services.loaded_games(), 0);
    let h = services.get(&id).await.expect("loads back");
    assert_eq!(h.inner.lock().await.moves, 1);
    drop(h);

    // Moves racing with sweeps: every acknowledged move is in memory and
    // stored, and the game equals a full replay.
    let sweeping = Arc::new(std::sync::atomic::AtomicBool::new(true));
    let sweeper = {
        let services = services.clone();
        let sweeping = sweeping.clone();
        tokio::spawn(async move {
            let mut gone = 0;
            while sweeping.load(std::sync::atomic::Ordering::Acquire) {
                gone += services.evict_idle(&EVICT_NOW);
                tokio::task::yield_now().await;
            }
            gone
        })
    };
    let mut rng = Lcg(9);
    let mut acknowledged = 1;
    for turn in 0..150 {
        let h = services.get(&id).await.expect("get");
        let (seat, moves, legal) = {
            let g = h.inner.lock().await;
            let Turn::Seat(s) = g.state.turn() else { break };
            (s, g.moves, g.state.legal())
        };
        let pick = &legal[rng.below(legal.len())];
        drop(h);
        // The handle may have left memory in between: a new one loads.
        tokio::task::yield_now().await;
        // Every tenth turn, wait for the sweeper to take the game out, so the
        // race is run on a busy machine too (where it seldom wins by chance).
        if turn % 10 == 0 {
            for _ in 0..2000 {
                if services.loaded_games() == 0 {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
        }
        let h = services.get(&id).await.expect("get");
        let r = services
            .submit(&h, seat, moves, &pick.choice)
            .await
            .expect("move");
        acknowledged = r.moves;
    }
    sweeping.store(false, std::sync::atomic::Ordering::Release);
    let gone = sweeper.await.expect("sweeper");
    assert!(gone > 0, "the sweeps evicted the game meanwhile");
    let stored = services.store.move_count(&id).await.expect("count");
    assert_eq!(stored, Some(acknowledged));
    let (loaded, replayed, _) = compare(&services, &id).await;
    assert_eq!(loaded["moves"], json!(acknowledged));
    assert_eq!(loaded, replayed);
}

/// A snapshot that does not read back (another version's, or damaged) is
/// ignored: the game replays from its first move, the same.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_snapshot_is_ignored() {
    let dir = temp_dir("memory-damaged");
    let services = services_in(&dir, memory(5)).await;
    let id = create(
        &services,
        "marine",
        2,
        vec![bot("random"), bot("random")],
        4,
    )
    .await;
    let moves = wait_over(&services, &id).await;
    let last = moves / 5 * 5;
    wait_snapshot(&services, &id, last).await;
    services
        .store
        .put_snapshot(
            &id,
            last + 1_000,
            env!("CARGO_PKG_VERSION"),
            "{\"moves\": 3}",
            0,
        )
        .await
        .expect("store a damaged snapshot");
    evict_all(&services).await;
    let (loaded, replayed, from) = compare(&services, &id).await;
    assert_eq!(from, None);
    assert_eq!(loaded, replayed);
}

/// How long a long game takes to load with and without snapshots (run with
/// `--ignored --nocapture`): a 6-player Dominant Species game of greedy bots.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: a whole 6-player game of greedy bots"]
async fn measure_load_times() {
    let dir = temp_dir("memory-measure");
    let every = 200;
    let services = services_in(&dir, memory(every)).await;
    let started = Instant::now();
    let id = create(&services, "ds", 6, vec![bot("greedy"); 6], 1).await;
    let moves = wait_over(&services, &id).await;
    println!("played {moves} moves in {:?}", started.elapsed());
    wait_snapshot(&services, &id, moves / every as i64 * every as i64).await;
    let snapshot = services
        .store
        .latest_snapshot(&id)
        .await
        .expect("read")
        .expect("some");
    println!(
        "latest snapshot at {} moves, {} bytes",
        snapshot.n,
        snapshot.body.len()
    );
    for use_snapshot in [false, true] {
        let mut times = Vec::new();
        for _ in 0..9 {
            let t = Instant::now();
            let (_, g) = services.load_game(&id, use_snapshot).await.expect("load");
            times.push(t.elapsed());
            assert_eq!(g.moves, moves);
            assert_eq!(g.restored_from().is_some(), use_snapshot);
        }
        times.sort();
        println!(
            "load {moves} moves {}: min {:?}, median {:?}",
            if use_snapshot {
                "from the latest snapshot"
            } else {
                "by full replay"
            },
            times[0],
            times[times.len() / 2]
        );
    }
}
