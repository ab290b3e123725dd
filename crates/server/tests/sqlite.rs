//! The server against SQLite (the default): a real server process per test,
//! HTTP and WebSocket.

use crate::common;

use common::temp_dir;
use common::{clocks, suite};

fn db(name: &str) -> (String, std::path::PathBuf) {
    let dir = temp_dir(name);
    (dir.join("eons.sqlite").display().to_string(), dir)
}

#[tokio::test]
async fn sqlite_bots_play_to_end_and_the_record_replays() {
    let (db, dir) = db("bots");
    suite::bots_play_to_end(&db, &dir).await;
}

#[tokio::test]
async fn sqlite_human_plays_a_whole_game_over_http() {
    let (db, dir) = db("human");
    suite::human_vs_bot_over_http(&db, &dir).await;
}

#[tokio::test]
async fn sqlite_bad_inputs_get_json_errors_and_change_nothing() {
    let (db, _) = db("bad");
    suite::bad_inputs_change_nothing(&db).await;
}

#[tokio::test]
async fn sqlite_websocket_pushes_each_seat_its_view() {
    let (db, _) = db("ws");
    suite::websocket_pushes_updates(&db).await;
}

#[tokio::test]
async fn sqlite_seat_a_never_sees_seat_b_secrets() {
    let (db, _) = db("secrets");
    suite::secrets_never_leak(&db).await;
}

#[tokio::test]
async fn sqlite_dominant_species_views_hide_deck_and_tiles() {
    let (db, _) = db("dsview");
    suite::ds_views_hide_deck_and_tiles(&db).await;
}

#[tokio::test]
async fn sqlite_sigkill_and_restart_loses_no_acknowledged_move() {
    let (db, _) = db("kill");
    suite::kill_and_restart_loses_nothing(&db).await;
}

#[tokio::test]
async fn sqlite_marine_and_pangea_bad_choices_get_json_errors_and_change_nothing() {
    let (db, _) = db("mpbad");
    suite::marine_and_pangea_bad_choices_change_nothing(&db).await;
}

#[tokio::test]
async fn sqlite_claim_replaces_the_invite_token() {
    let (db, _) = db("claim");
    suite::claim_replaces_the_invite_token(&db).await;
}

#[tokio::test]
async fn sqlite_websocket_refuses_large_client_messages() {
    let (db, _) = db("ws-limit");
    suite::websocket_refuses_large_client_messages(&db).await;
}

#[tokio::test]
async fn sqlite_bot_budgets_over_the_limits_are_refused() {
    let (db, _) = db("limits");
    suite::bot_budgets_are_bounded(&db).await;
}

#[tokio::test]
async fn sqlite_disconnect_during_a_commit_keeps_memory_and_database_in_step() {
    let (db, _) = db("disconnect");
    suite::disconnect_during_a_commit_loses_no_step(&db).await;
}

#[tokio::test]
async fn sqlite_chosen_seed_is_announced_to_every_seat() {
    let (db, _) = db("seed");
    suite::chosen_seed_is_announced(&db).await;
}

/// `/api/kinds` describes each option for a form (the lobby builds its
/// controls from it) beside the command-line spelling, and says which games
/// hide things from some seats (hotseat play covers the screen between turns).
#[tokio::test]
async fn sqlite_kinds_describe_options_for_forms() {
    let (db, _) = db("kinds");
    let s = common::Server::start(&db, 0);
    let r = common::get(&common::client(), &s.url("/api/kinds")).await;
    assert_eq!(r.status, 200);
    let kinds = r.body.as_array().expect("kinds");
    let kind = |id: &str| {
        kinds
            .iter()
            .find(|k| k["id"] == id)
            .unwrap_or_else(|| panic!("no kind {id}"))
    };
    assert_eq!(kind("ds")["hidden_information"], false);
    assert_eq!(kind("marine")["hidden_information"], true);
    assert_eq!(kind("pangea")["hidden_information"], true);
    let option = |id: &str, key: &str| {
        kind(id)["options"]
            .as_array()
            .expect("options")
            .iter()
            .find(|o| o["key"] == key)
            .unwrap_or_else(|| panic!("no option {key} in {id}"))
            .clone()
    };
    let animals = option("ds", "animals");
    assert_eq!(animals["name"], "animals=A,B,...");
    assert_eq!(animals["kind"], "seat_list");
    assert_eq!(animals["all_with"], "multi");
    assert_eq!(animals["values"].as_array().map(Vec::len), Some(6));
    assert_eq!(option("ds", "multi")["kind"], "flag");
    assert_eq!(option("marine", "length")["kind"], "one_of");
    assert_eq!(option("marine", "max-rounds")["kind"], "number");
    for k in kinds {
        for o in k["options"].as_array().expect("options") {
            assert!(o["label"].as_str().is_some_and(|l| !l.is_empty()), "{o}");
            assert!(o["help"].as_str().is_some_and(|l| !l.is_empty()), "{o}");
        }
    }
}

#[tokio::test]
async fn sqlite_url_forms_and_bad_database_fail_clearly() {
    let dir = temp_dir("url");
    // `sqlite:PATH` works like a plain path.
    let s = common::Server::start(&format!("sqlite:{}", dir.join("a.sqlite").display()), 0);
    let r = common::get(&common::client(), &s.url("/api/kinds")).await;
    assert_eq!(r.status, 200);
    assert!(r
        .body
        .as_array()
        .expect("kinds")
        .iter()
        .any(|k| k["id"] == "ds"));
    drop(s);
    // A database in a directory that does not exist: the server exits with an error.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_eons-server"))
        .args([
            "--addr",
            "127.0.0.1:0",
            "--db",
            &dir.join("no/such/dir/x.sqlite").display().to_string(),
        ])
        .output()
        .expect("run");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("database"));
}

#[tokio::test]
async fn sqlite_undo_takes_back_to_the_last_barrier() {
    let (db, _) = db("undo");
    suite::undo_takes_back_to_the_last_barrier(&db).await;
}

#[tokio::test]
async fn sqlite_racing_claims_of_one_token_conflict_cleanly() {
    let (db, _) = db("claim_race");
    suite::racing_claims_of_one_token_conflict_cleanly(&db).await;
}

#[tokio::test]
async fn sqlite_claim_with_a_chosen_token_can_be_repeated() {
    let (db, _) = db("claim_repeat");
    suite::claim_with_a_chosen_token_can_be_repeated(&db).await;
}

#[tokio::test]
async fn sqlite_traffic_limits_refuse_games_and_sockets() {
    let (db, _) = db("traffic");
    suite::traffic_limits_refuse_games_and_sockets(&db).await;
}

#[tokio::test]
async fn sqlite_a_trusted_proxy_names_the_client_of_the_games_limit() {
    let (db, _) = db("proxy");
    suite::a_trusted_proxy_names_the_client_of_the_games_limit(&db).await;
}

#[tokio::test]
async fn sqlite_pause_holds_bots_until_continued() {
    let (db, _) = db("pace");
    suite::pause_holds_bots_until_continued(&db).await;
}

#[tokio::test]
async fn sqlite_a_finished_game_is_analysed_off_the_request_path() {
    let (db, _) = db("analysis");
    common::analysis::analysis_of_a_finished_game(&db).await;
}

#[tokio::test]
async fn sqlite_a_finished_game_replays_step_by_step() {
    let (db, _) = db("replay");
    common::lookback::replay_of_a_finished_game(&db).await;
}

#[tokio::test]
async fn sqlite_a_finished_game_has_one_rematch_for_every_seat() {
    let (db, _) = db("rematch");
    common::lookback::rematch_of_a_finished_game(&db).await;
}

#[tokio::test]
async fn sqlite_websocket_takes_the_token_as_a_subprotocol() {
    let (db, _) = db("wsproto");
    suite::websocket_takes_the_token_as_a_subprotocol(&db).await;
}

#[tokio::test]
async fn sqlite_seat_names_are_stored_clean() {
    let (db, _) = db("names");
    suite::seat_names_are_stored_clean(&db).await;
}

#[tokio::test]
async fn sqlite_echoed_values_are_cut() {
    let (db, _) = db("echo");
    suite::echoed_values_are_cut(&db).await;
}

#[tokio::test]
async fn sqlite_grouped_appends_store_or_refuse_each_move_alone() {
    let (db, _dir) = db("grouped");
    common::appends::grouped_appends_answer_each_move(&db, "sqlite").await;
}

#[tokio::test]
async fn sqlite_a_clock_running_out_hands_the_seat_to_a_bot_until_the_player_returns() {
    let (db, _dir) = db("clock-away");
    clocks::a_clock_running_out_hands_the_seat_to_a_bot_until_the_player_returns(&db).await;
}

#[tokio::test]
async fn sqlite_a_restart_keeps_the_clocks_deadline() {
    let (db, _dir) = db("clock-restart");
    clocks::a_restart_keeps_the_deadline(&db).await;
}

#[tokio::test]
async fn sqlite_clock_requests_are_checked() {
    let (db, _dir) = db("clock-checked");
    clocks::clock_requests_are_checked(&db).await;
}

/// `--public-url` (or `EONS_PUBLIC_URL`): the start-up prints the link to
/// open, `GET /api/server` tells the web client where invite links point,
/// and a URL that is not an http(s) origin stops the server at once.
#[tokio::test]
async fn sqlite_invite_links_point_at_the_public_url() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let (db, _dir) = db("public-url");
    let start = |args: &[&str], env: &[(&str, &str)]| {
        Command::new(env!("CARGO_BIN_EXE_eons-server"))
            .args(["--addr", "127.0.0.1:0", "--db", &db])
            .args(args)
            .envs(env.iter().copied())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start eons-server")
    };
    let c = common::client();
    for (args, env) in [
        (&["--public-url", "https://Eons.Example.org/"][..], &[][..]),
        (
            &[][..],
            &[("EONS_PUBLIC_URL", "https://eons.example.org")][..],
        ),
    ] {
        let mut child = start(args, env);
        let mut out = BufReader::new(child.stdout.take().expect("stdout"));
        let mut lines = Vec::new();
        for _ in 0..2 {
            let mut line = String::new();
            out.read_line(&mut line).expect("a start-up line");
            lines.push(line.trim().to_string());
        }
        assert_eq!(
            lines[1], "Open https://eons.example.org/ in a browser; invite links point there.",
            "{lines:?}"
        );
        let base = lines[0]
            .strip_prefix("eons-server listening on ")
            .expect("the listening line")
            .trim_end_matches('/')
            .to_string();
        let r = common::get(&c, &format!("{base}/api/server")).await;
        assert_eq!(r.status, 200);
        assert_eq!(r.body["public_url"], "https://eons.example.org");
        let _ = child.kill();
        let _ = child.wait();
    }
    // Without one, the start-up says that only this machine reaches it.
    let mut child = start(&[], &[]);
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    let mut text = String::new();
    for _ in 0..3 {
        out.read_line(&mut text).expect("a start-up line");
    }
    assert!(text.contains("in a browser on this machine"), "{text}");
    assert!(text.contains("--public-url"), "{text}");
    let base = text
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("eons-server listening on "))
        .expect("the listening line")
        .trim_end_matches('/')
        .to_string();
    let r = common::get(&c, &format!("{base}/api/server")).await;
    assert_eq!(r.body["public_url"], serde_json::Value::Null);
    let _ = child.kill();
    let _ = child.wait();

    for (args, env) in [
        (&["--public-url", "ftp://eons.example.org"][..], &[][..]),
        (&[][..], &[("EONS_PUBLIC_URL", "eons.example.org/play")][..]),
    ] {
        let out = start(args, env)
            .wait_with_output()
            .expect("the server exits");
        assert!(!out.status.success(), "{args:?} {env:?} started");
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(said.contains("public URL"), "{said}");
    }
}

/// The server's start-up log line (`eons-server started`, with the
/// settings in force) when it runs with `args` and no environment but
/// `env`; or, when it does not start, everything it wrote to stderr.
fn started_with(db: &str, args: &[&str], env: &[(&str, &str)]) -> Result<String, String> {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_eons-server"))
        .args(["--addr", "127.0.0.1:0", "--db", db])
        .args(args)
        .env_clear()
        .env("RUST_LOG", "eons_server=info")
        .envs(env.iter().copied())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start eons-server");
    let stderr = child.stderr.take().expect("stderr");
    let (lines, read) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    let mut said = String::new();
    let started = loop {
        match read.recv_timeout(std::time::Duration::from_secs(30)) {
            Ok(line) if line.contains("eons-server started") => break Ok(line),
            Ok(line) => said.push_str(&(line + "\n")),
            Err(_) => break Err(said),
        }
    };
    let _ = child.kill();
    let _ = child.wait();
    started
}

/// Every setting comes from its flag, else its environment variable, else
/// its default; a bad variable stops the start, naming the flag.
#[test]
fn sqlite_a_flag_beats_its_variable_and_a_variable_beats_the_default() {
    let (db, _dir) = db("settings");
    let started = |args: &[&str], env: &[(&str, &str)]| {
        started_with(&db, args, env).unwrap_or_else(|e| panic!("{args:?} {env:?}: {e}"))
    };
    let line = started(&[], &[]);
    assert!(line.contains("max_sockets: 1000,"), "{line}");
    assert!(line.contains("seat_messages: 1500,"), "{line}");
    assert!(line.contains("webhooks=Off"), "{line}");
    let env = [
        ("EONS_MAX_SOCKETS", "7"),
        ("EONS_MAX_SEAT_CHAT_MESSAGES", "12"),
        ("EONS_WEBHOOKS", "any"),
    ];
    let line = started(&[], &env);
    assert!(line.contains("max_sockets: 7,"), "{line}");
    assert!(line.contains("seat_messages: 12,"), "{line}");
    assert!(line.contains("webhooks=Any"), "{line}");
    let line = started(&["--max-sockets", "9", "--webhooks", "off"], &env);
    assert!(line.contains("max_sockets: 9,"), "{line}");
    assert!(line.contains("seat_messages: 12,"), "{line}");
    assert!(line.contains("webhooks=Off"), "{line}");
    let refused =
        started_with(&db, &[], &[("EONS_MAX_SOCKETS", "0")]).expect_err("a limit of 0 is refused");
    assert!(refused.contains("--max-sockets"), "{refused}");
}

#[tokio::test]
async fn sqlite_twenty_joins_race_for_one_open_seat() {
    let (db, _dir) = db("open-seat");
    common::open_seats::twenty_joins_race_for_one_open_seat(&db).await;
}

#[tokio::test]
async fn sqlite_a_game_nobody_else_played_in_can_be_cancelled_and_is_gone() {
    let (db, _dir) = db("cancel");
    common::cancel::a_game_nobody_else_played_in_can_be_cancelled_and_is_gone(&db).await;
}

#[tokio::test]
async fn sqlite_a_game_another_seat_played_in_cannot_be_cancelled() {
    let (db, _dir) = db("cancel-late");
    common::cancel::a_game_another_seat_played_in_cannot_be_cancelled(&db).await;
}

#[tokio::test]
async fn sqlite_the_lobby_filters_by_game_player_and_friends() {
    let (db, _dir) = db("filters");
    common::open_seats::the_lobby_filters_by_game_player_and_friends(&db).await;
}

#[tokio::test]
async fn sqlite_chat_is_stored_pushed_and_limited() {
    let (db, _dir) = db("chat");
    common::chat::chat_is_stored_pushed_and_limited(&db).await;
}

#[tokio::test]
async fn sqlite_ratings_change_once_per_finished_game() {
    let (db, _dir) = db("ratings");
    common::ratings::ratings_change_once_per_finished_game(&db, "sqlite").await;
}

#[tokio::test]
async fn sqlite_a_webhook_is_delivered_and_retried_without_holding_the_move() {
    let (db, _dir) = db("webhooks");
    common::webhooks::a_webhook_is_delivered_and_retried_without_holding_the_move(&db).await;
}

#[tokio::test]
async fn sqlite_a_resigned_seat_is_played_to_the_end_by_its_stand_in() {
    let (db, _dir) = db("resign");
    common::resign::a_resigned_seat_is_played_to_the_end_by_its_stand_in(&db).await;
}

#[tokio::test]
async fn sqlite_only_a_seat_that_left_the_table_is_voted_away() {
    let (db, _dir) = db("presence");
    common::presence::only_a_seat_that_left_the_table_is_voted_away(&db).await;
}

#[tokio::test]
async fn sqlite_the_others_vote_an_absent_seat_to_a_bot() {
    let (db, _dir) = db("vote-away");
    clocks::the_others_vote_an_absent_seat_to_a_bot(&db).await;
}

#[tokio::test]
async fn sqlite_single_and_grouped_appends_store_the_same_rows() {
    let (db, _dir) = db("same-rows");
    common::appends::single_and_grouped_appends_store_the_same_rows(&db, "sqlite").await;
}

/// A database made by the binary before the migrations had one source
/// (`tests/fixtures/README.md`) still opens: every migration text it
/// recorded the checksum of is unchanged. Its game reads back and takes the
/// next move.
#[tokio::test]
async fn sqlite_a_database_made_before_the_one_migration_source_opens_and_plays_on() {
    let dir = temp_dir("schema-0012");
    let path = dir.join("eons.sqlite");
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("fixtures")
        .join("schema-0012.sqlite");
    std::fs::copy(&fixture, &path).expect("copy the fixture");
    let store = eons_server::store::Store::open(&path.display().to_string())
        .await
        .expect("the old database opens without a changed migration");
    let (game, seats) = store
        .game("94469be27e6e")
        .await
        .expect("read")
        .expect("the fixture's game");
    assert_eq!(
        (game.game.as_str(), game.moves, game.status.as_str()),
        ("ds", 3, "active")
    );
    let names: Vec<Option<String>> = seats.iter().map(|s| s.name.clone()).collect();
    assert_eq!(
        names,
        vec![Some("Ada".to_string()), Some("Brook".to_string())]
    );
    let moves = store.moves_from("94469be27e6e", 0).await.expect("moves");
    let choices: Vec<&str> = moves.iter().map(|m| m.choice.as_str()).collect();
    assert_eq!(
        choices,
        vec![r#"{"Place":0}"#, r#"{"Place":1}"#, r#"{"Place":2}"#]
    );
    store
        .append_move(&eons_server::store::NewMove {
            game_id: "94469be27e6e",
            n: 3,
            seat: 1,
            choice: r#"{"Place":3}"#,
            at: game.updated_at + 1,
            outcome: None,
            bank_ms: None,
            stand_in: None,
        })
        .await
        .expect("the next move is stored");
    assert_eq!(
        store.move_count("94469be27e6e").await.expect("count"),
        Some(4)
    );
    drop(store);
    // And it opens again (the migrations ran once, and are recorded).
    eons_server::store::Store::open(&path.display().to_string())
        .await
        .expect("reopens");
}

#[tokio::test]
async fn sqlite_a_profiles_games_open_on_another_device() {
    let (db, _dir) = db("devices");
    common::devices::a_profiles_games_open_on_another_device(&db).await;
}

#[tokio::test]
async fn sqlite_the_carry_links_qr_code_reads_back() {
    let (db, _dir) = db("devices-qr");
    common::devices::the_carry_links_qr_code_reads_back(&db).await;
}
