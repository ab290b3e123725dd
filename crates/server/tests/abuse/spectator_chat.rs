//! Spectators flooding a game's chat (issue 34, hole 8): spectators from
//! many addresses (each within its own rate) filled the 2,000 messages a
//! game kept, and from then on every seat got "chat is full" for good. Now
//! seats and spectators have caps of their own and old messages roll off:
//! a game keeps the newest seat messages and, apart, the newest spectator
//! messages, so spectators never push out what the seats wrote; spectators
//! of one game share one rate whatever their addresses.
//!
//! Scaled down through the environment (which a server that does not know
//! these limits ignores): seats keep 8 messages, spectators 20, and the
//! spectators of a game send 30 a minute together. Ten spectator addresses
//! send five messages each (each within its own rate of five at once), then
//! the seats write and read their messages back, before and after a restart.

use crate::common::{self, Launch};
use crate::{client_from, well_behaved};
use serde_json::{json, Value};
use std::time::Instant;

/// Seat messages a game keeps here.
const SEAT_MESSAGES: usize = 8;
/// Spectator messages a game keeps here.
const SPECTATOR_MESSAGES: usize = 20;
/// Spectator messages per minute per game here (all at once if they like).
const SPECTATORS_PER_MINUTE: usize = 30;
/// Spectator addresses in the flood (127.0.0.10 and on).
const ADDRESSES: u8 = 10;
/// Messages each spectator address sends: its own burst, no more.
const EACH: usize = 5;

/// The server's environment for these limits.
fn environment() -> [(&'static str, String); 3] {
    [
        ("EONS_MAX_SEAT_CHAT_MESSAGES", SEAT_MESSAGES.to_string()),
        (
            "EONS_MAX_SPECTATOR_CHAT_MESSAGES",
            SPECTATOR_MESSAGES.to_string(),
        ),
        (
            "EONS_SPECTATOR_CHAT_PER_MINUTE",
            SPECTATORS_PER_MINUTE.to_string(),
        ),
    ]
}

fn start(db: &str) -> common::Server {
    let env = environment();
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    common::Server::launch(
        db,
        0,
        Launch {
            env: &env,
            ..Launch::default()
        },
    )
}

/// Posts `text` in game `id`'s chat, as the seat of `token` or, without
/// one, as a spectator.
async fn say(
    server: &common::Server,
    c: &reqwest::Client,
    id: &str,
    token: Option<&str>,
    text: &str,
) -> common::Resp {
    let url = match token {
        Some(t) => server.url(&format!("/api/games/{id}/chat?token={t}")),
        None => server.url(&format!("/api/games/{id}/chat")),
    };
    common::post(c, &url, &json!({"text": text, "name": "Eve"})).await
}

/// The game's chat as everyone reads it.
async fn read(server: &common::Server, c: &reqwest::Client, id: &str) -> Vec<Value> {
    let r = common::get(c, &server.url(&format!("/api/games/{id}/chat"))).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    r.body["messages"].as_array().cloned().unwrap_or_default()
}

/// The texts of the seats' messages, oldest first.
fn seat_texts(messages: &[Value]) -> Vec<String> {
    messages
        .iter()
        .filter(|m| !m["seat"].is_null())
        .filter_map(|m| m["text"].as_str().map(str::to_string))
        .collect()
}

#[tokio::test]
async fn spectators_cannot_fill_the_seats_chat() {
    let dir = common::temp_dir("abuse-spectator-chat");
    let db = dir.join("eons.sqlite").display().to_string();
    let server = start(&db);
    let c = common::client();
    let (id, tokens) = common::create(
        &server,
        &c,
        json!({"game": "demo", "players": 2, "seats": [{}, {}], "spectator_chat": true}),
    )
    .await;
    let mut seats = Vec::new();
    for (invite, name) in tokens.iter().zip(["Ann", "Ben"]) {
        let r = common::post(
            &c,
            &server.url("/api/claim"),
            &json!({"token": invite.clone().expect("an invite"), "name": name}),
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        seats.push(r.body["token"].as_str().expect("token").to_string());
    }
    let r = say(&server, &c, &id, Some(&seats[0]), "before the flood").await;
    assert_eq!(r.status, 200, "{:?}", r.body);

    // The flood: each address sends its own burst, all at once.
    let started = Instant::now();
    let mut flood = tokio::task::JoinSet::new();
    for a in 0..ADDRESSES {
        let spectator = client_from(10 + a);
        let url = server.url(&format!("/api/games/{id}/chat"));
        flood.spawn(async move {
            let mut statuses = Vec::new();
            for i in 0..EACH {
                let body = json!({"text": format!("spam {a}.{i}"), "name": format!("Spammer {a}")});
                statuses.push(common::post(&spectator, &url, &body).await.status);
            }
            statuses
        });
    }
    let (mut taken, mut refused) = (0, 0);
    while let Some(statuses) = flood.join_next().await {
        for status in statuses.expect("a spectator's task") {
            match status {
                200 => taken += 1,
                429 => refused += 1,
                other => panic!("a spectator's message answered {other}"),
            }
        }
    }
    let took = started.elapsed();
    eprintln!(
        "spectator chat: {taken} spectator messages taken, {refused} refused (429) in {took:?}"
    );
    // The game's spectators may send their 30 at once, then one each 2 s
    // (one more for a second boundary crossed).
    let allowed =
        SPECTATORS_PER_MINUTE + usize::try_from(took.as_secs() / 2).unwrap_or(usize::MAX) + 1;

    let messages = read(&server, &c, &id).await;
    let spectators = messages.iter().filter(|m| m["seat"].is_null()).count();
    assert!(
        spectators <= SPECTATOR_MESSAGES,
        "the chat keeps {spectators} spectator messages; spectators keep at most {SPECTATOR_MESSAGES}"
    );
    assert!(
        taken <= allowed && refused > 0,
        "spectators from {ADDRESSES} addresses got {taken} messages in within {took:?} \
         ({SPECTATORS_PER_MINUTE} a minute per game)"
    );
    assert_eq!(
        seat_texts(&messages),
        ["before the flood"],
        "spectators pushed out a seat's message"
    );

    // The seats write on, past their own cap (each within its own burst of
    // five): the oldest roll off, no message is refused, and each is read
    // back.
    let mut sent = vec!["before the flood".to_string()];
    for i in 0..4 {
        for (seat, token) in seats.iter().enumerate() {
            let text = format!("seat {seat} says {i}");
            let r = say(&server, &c, &id, Some(token), &text).await;
            assert_eq!(r.status, 200, "{text}: {:?}", r.body);
            sent.push(text);
        }
    }
    let messages = read(&server, &c, &id).await;
    let newest = sent[sent.len() - SEAT_MESSAGES..].to_vec();
    assert_eq!(
        seat_texts(&messages),
        newest,
        "the seats keep their newest messages"
    );
    assert!(messages.iter().filter(|m| m["seat"].is_null()).count() <= SPECTATOR_MESSAGES);
    // Numbers go on from where they were, and `since` reads from there.
    let last = messages
        .last()
        .and_then(|m| m["n"].as_i64())
        .expect("a number");
    let view = common::get(&c, &server.url(&format!("/api/games/{id}/view"))).await;
    assert_eq!(
        view.body["chat_len"].as_i64(),
        Some(last + 1),
        "chat_len counts every message sent"
    );
    let since = common::get(
        &c,
        &server.url(&format!("/api/games/{id}/chat?since={last}")),
    )
    .await;
    assert_eq!(since.body["messages"].as_array().map(Vec::len), Some(1));

    // Stored as kept: a restart reads back the same chat.
    server.kill();
    let server = start(&db);
    assert_eq!(
        read(&server, &c, &id).await,
        messages,
        "the chat after a restart"
    );
    let r = say(&server, &c, &id, Some(&seats[1]), "after the restart").await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    assert_eq!(r.body["message"]["n"].as_i64(), Some(last + 1));

    well_behaved(&server).await;
}
