//! The server against a real PostgreSQL, found through the environment
//! variable `EONS_TEST_DATABASE_URL` (set by `scripts/ci-server.sh`). Every
//! test here is `#[ignore]`d, so a plain `cargo test` counts them as ignored;
//! `cargo test -p eons-server --test server -- --include-ignored postgres::` runs them
//! (and fails them when the variable is unset). CI runs them and fails when
//! none ran.

use crate::common;

use common::clocks;
use common::suite::{self, ws_connect, ws_until_move};
use common::*;
use serde_json::json;

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_bots_play_to_end_and_the_record_replays() {
    let db = pg();
    suite::bots_play_to_end(&db, &temp_dir("pg-bots")).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_bad_inputs_get_json_errors_and_change_nothing() {
    let db = pg();
    suite::bad_inputs_change_nothing(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_websocket_pushes_each_seat_its_view() {
    let db = pg();
    suite::websocket_pushes_updates(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_seat_a_never_sees_seat_b_secrets() {
    let db = pg();
    suite::secrets_never_leak(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_sigkill_and_restart_loses_no_acknowledged_move() {
    let db = pg();
    suite::kill_and_restart_loses_nothing(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_marine_and_pangea_bad_choices_get_json_errors_and_change_nothing() {
    let db = pg();
    suite::marine_and_pangea_bad_choices_change_nothing(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_claim_replaces_the_invite_token() {
    let db = pg();
    suite::claim_replaces_the_invite_token(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_websocket_refuses_large_client_messages() {
    let db = pg();
    suite::websocket_refuses_large_client_messages(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_bot_budgets_over_the_limits_are_refused() {
    let db = pg();
    suite::bot_budgets_are_bounded(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_disconnect_during_a_commit_keeps_memory_and_database_in_step() {
    let db = pg();
    suite::disconnect_during_a_commit_loses_no_step(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_chosen_seed_is_announced_to_every_seat() {
    let db = pg();
    suite::chosen_seed_is_announced(&db).await;
}

/// Two server processes share games: a move made on one is pushed to a
/// WebSocket client of the other (LISTEN/NOTIFY), and a stale move on the
/// other is refused.
#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_two_processes_share_games_and_pushes() {
    let db = pg();
    let a = Server::start(&db, 0);
    let b = Server::start(&db, 0);
    let c = client();
    let (id, tokens) = create(
        &a,
        &c,
        json!({"game": "ds", "players": 2, "seed": 44, "seats": [{}, {}]}),
    )
    .await;
    let t0 = tokens[0].clone().expect("t0");
    let t1 = tokens[1].clone().expect("t1");
    // A client of process B watches seat 1.
    let (mut ws_b, first) = ws_connect(b.ws_request(&id, Some(&t1))).await;
    assert_eq!(first["state"]["move"], 0);
    let mut n = 0i64;
    for round in 0..6 {
        // Alternate the process that takes the move.
        let (s, other) = if round % 2 == 0 { (&a, &b) } else { (&b, &a) };
        let v0 = get(&c, &s.url(&format!("/api/games/{id}/view?token={t0}")))
            .await
            .body;
        assert_eq!(v0["move"], n, "both processes agree on the move number");
        let to_move = v0["to_move"].as_u64().expect("to_move");
        let t = if to_move == 0 { &t0 } else { &t1 };
        let v = get(&c, &s.url(&format!("/api/games/{id}/view?token={t}")))
            .await
            .body;
        let pick = v["legal"][0]["choice"].clone();
        let r = post(
            &c,
            &s.url(&format!("/api/games/{id}/choice?token={t}")),
            &json!({"move": n, "choice": pick}),
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        n += 1;
        // The other process refuses the same move number as stale.
        let r = post(
            &c,
            &other.url(&format!("/api/games/{id}/choice?token={t}")),
            &json!({"move": n - 1, "choice": pick}),
        )
        .await;
        assert_eq!(r.status, 409, "{:?}", r.body);
        let m = ws_until_move(&mut ws_b, n).await;
        assert_eq!(m["state"]["move"], n);
    }
    // A claim on A retires the invite token on B too (and its socket there).
    let r = post(&c, &a.url("/api/claim"), &json!({"token": t1})).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    let new1 = r.body["token"].as_str().expect("token").to_string();
    let r = get(&c, &b.url(&format!("/api/games/{id}/view?token={t1}"))).await;
    assert_eq!(r.status, 403, "{:?}", r.body);
    let r = get(&c, &b.url(&format!("/api/games/{id}/view?token={new1}"))).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    assert_eq!(r.body["seat"], 1);
    // A bot game created on B is played by the bots and visible from A.
    let (bot_id, _) = create(&b, &c, ds_bots(12)).await;
    let summary = wait_over(&a, &c, &bot_id).await;
    assert_eq!(summary["over"], true);
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_undo_takes_back_to_the_last_barrier() {
    let db = pg();
    suite::undo_takes_back_to_the_last_barrier(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_racing_claims_of_one_token_conflict_cleanly() {
    let db = pg();
    suite::racing_claims_of_one_token_conflict_cleanly(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_claim_with_a_chosen_token_can_be_repeated() {
    let db = pg();
    suite::claim_with_a_chosen_token_can_be_repeated(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_traffic_limits_refuse_games_and_sockets() {
    let db = pg();
    suite::traffic_limits_refuse_games_and_sockets(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_a_trusted_proxy_names_the_client_of_the_games_limit() {
    let db = pg();
    suite::a_trusted_proxy_names_the_client_of_the_games_limit(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_pause_holds_bots_until_continued() {
    let db = pg();
    suite::pause_holds_bots_until_continued(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_a_finished_game_is_analysed_off_the_request_path() {
    let db = pg();
    common::analysis::analysis_of_a_finished_game(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_a_finished_game_replays_step_by_step() {
    let db = pg();
    common::lookback::replay_of_a_finished_game(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_a_finished_game_has_one_rematch_for_every_seat() {
    let db = pg();
    common::lookback::rematch_of_a_finished_game(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_websocket_takes_the_token_as_a_subprotocol() {
    let db = pg();
    suite::websocket_takes_the_token_as_a_subprotocol(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_seat_names_are_stored_clean() {
    let db = pg();
    suite::seat_names_are_stored_clean(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_grouped_appends_store_or_refuse_each_move_alone() {
    let db = pg();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let tag = format!("{}-{nanos}", std::process::id());
    common::appends::grouped_appends_answer_each_move(&db, &tag).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_a_clock_running_out_hands_the_seat_to_a_bot_until_the_player_returns() {
    let db = pg();
    clocks::a_clock_running_out_hands_the_seat_to_a_bot_until_the_player_returns(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_a_restart_keeps_the_clocks_deadline() {
    let db = pg();
    clocks::a_restart_keeps_the_deadline(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_twenty_joins_race_for_one_open_seat() {
    let db = pg();
    common::open_seats::twenty_joins_race_for_one_open_seat(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_a_game_nobody_else_played_in_can_be_cancelled_and_is_gone() {
    let db = pg();
    common::cancel::a_game_nobody_else_played_in_can_be_cancelled_and_is_gone(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_a_game_another_seat_played_in_cannot_be_cancelled() {
    let db = pg();
    common::cancel::a_game_another_seat_played_in_cannot_be_cancelled(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_the_lobby_filters_by_game_player_and_friends() {
    let db = pg();
    common::open_seats::the_lobby_filters_by_game_player_and_friends(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_chat_is_stored_pushed_and_limited() {
    let db = pg();
    common::chat::chat_is_stored_pushed_and_limited(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_ratings_change_once_per_finished_game() {
    let db = pg();
    common::ratings::ratings_change_once_per_finished_game(&db, "pg").await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_a_webhook_is_delivered_and_retried_without_holding_the_move() {
    let db = pg();
    common::webhooks::a_webhook_is_delivered_and_retried_without_holding_the_move(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_a_resigned_seat_is_played_to_the_end_by_its_stand_in() {
    let db = pg();
    common::resign::a_resigned_seat_is_played_to_the_end_by_its_stand_in(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_only_a_seat_that_left_the_table_is_voted_away() {
    let db = pg();
    common::presence::only_a_seat_that_left_the_table_is_voted_away(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_the_others_vote_an_absent_seat_to_a_bot() {
    let db = pg();
    clocks::the_others_vote_an_absent_seat_to_a_bot(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_single_and_grouped_appends_store_the_same_rows() {
    let db = pg();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let tag = format!("{}-{nanos}", std::process::id());
    common::appends::single_and_grouped_appends_store_the_same_rows(&db, &tag).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_a_profiles_games_open_on_another_device() {
    let db = pg();
    common::devices::a_profiles_games_open_on_another_device(&db).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn postgres_the_carry_links_qr_code_reads_back() {
    let db = pg();
    common::devices::the_carry_links_qr_code_reads_back(&db).await;
}
