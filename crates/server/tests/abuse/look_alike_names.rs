//! Look-alike and invisible names (issue 34, hole 10): `Аlice` with a
//! Cyrillic А, a fullwidth `Ａｌｉｃｅ`, a Hangul filler (U+3164), a braille
//! blank (U+2800) and letters under a stack of combining marks were all
//! accepted, as profile names and as seat names, and `Bot（greedy）` or
//! `Вot (greedy)` passed the reservation of the bots' names. Now a name is
//! normalised (NFKC), one that holds an invisible letter or a stack of marks
//! is refused (400, naming why), one that looks like a profile's name or
//! like another seat's name in the same game is taken (409, naming whose),
//! and the table's seat list says which seats a profile holds.

use crate::common::{self, Resp};
use crate::well_behaved;
use serde_json::{json, Value};

/// Asserts that `r` is refused with `status` and a message that says `says`.
fn refused(r: &Resp, status: u16, says: &str, what: &str) {
    assert_eq!(
        r.status, status,
        "{what}: answered {} {} (expected {status}, saying `{says}`)",
        r.status, r.body
    );
    let message = r.body["error"]["message"].as_str().unwrap_or("");
    assert!(
        message.contains(says),
        "{what}: `{message}` should say `{says}`"
    );
}

/// `base` with `marks` combining marks on its first letter (a "zalgo" name).
fn stacked(base: &str, marks: usize) -> String {
    let mut chars = base.chars();
    let mut out: String = chars.next().into_iter().collect();
    out.extend(
        [
            '\u{0300}', '\u{0301}', '\u{0302}', '\u{0303}', '\u{0304}', '\u{0306}',
        ]
        .iter()
        .cycle()
        .take(marks),
    );
    out.extend(chars);
    out
}

#[tokio::test]
async fn look_alike_and_invisible_names_are_refused() {
    let dir = common::temp_dir("abuse-look-alike-names");
    let db = dir.join("eons.sqlite").display().to_string();
    let server = common::Server::start_with(&db, 0, &["--max-games-per-hour", "1000"]);
    let c = common::client();
    let profiles = server.url("/api/profiles");
    let claim_url = server.url("/api/claim");

    let alice = common::post(&c, &profiles, &json!({"name": "Alice"})).await;
    assert_eq!(alice.status, 201, "{:?}", alice.body);
    let key = alice.body["key"].as_str().expect("key").to_string();

    // Names that look like the profile Alice's are taken.
    for (name, what) in [
        ("\u{0410}lice", "a Cyrillic А"),
        ("Al\u{0456}ce", "a Cyrillic і"),
        (
            "\u{FF21}\u{FF4C}\u{FF49}\u{FF43}\u{FF45}",
            "fullwidth letters",
        ),
        ("ALICE", "capitals"),
    ] {
        let r = common::post(&c, &profiles, &json!({"name": name})).await;
        refused(&r, 409, "Alice", &format!("a profile named with {what}"));
    }

    // The bots' names stay theirs, however written.
    for (name, what) in [
        ("Bot\u{FF08}greedy\u{FF09}", "fullwidth brackets"),
        ("\u{0412}ot (greedy)", "a Cyrillic В"),
        ("B\u{043E}t", "a Cyrillic о"),
    ] {
        let r = common::post(&c, &profiles, &json!({"name": name})).await;
        refused(&r, 400, "bots", &format!("a bot's name with {what}"));
    }

    // Invisible letters and stacks of marks are refused, as profile names
    // and as seat names, saying why.
    let (game, tokens) = common::create(
        &server,
        &c,
        json!({"game": "demo", "players": 3, "seats": [{}, {}, {}]}),
    )
    .await;
    let invites: Vec<String> = tokens.into_iter().map(|t| t.expect("an invite")).collect();
    let zalgo = stacked("Zed", 12);
    for (name, says) in [
        ("Ann\u{3164}", "U+3164"),
        ("\u{3164}\u{3164}\u{3164}", "U+3164"),
        ("Ann\u{2800}", "U+2800"),
        ("Ann\u{115F}", "U+115F"),
        ("A\u{034F}nn", "U+034F"),
        (zalgo.as_str(), "combining marks"),
    ] {
        let r = common::post(&c, &profiles, &json!({"name": name})).await;
        refused(&r, 400, says, &format!("a profile named {name:?}"));
        let r = common::post(&c, &claim_url, &json!({"token": invites[0], "name": name})).await;
        refused(&r, 400, says, &format!("a claim named {name:?}"));
    }
    // A few marks on a letter are writing, not an attack.
    let r = common::post(&c, &profiles, &json!({"name": stacked("Tiến", 2)})).await;
    assert_eq!(r.status, 201, "two marks on a letter: {:?}", r.body);

    // Within one game, a seat may not look like another.
    let r = common::post(&c, &claim_url, &json!({"token": invites[0], "name": "Bob"})).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    for (name, what) in [
        ("B\u{043E}b", "a Cyrillic о"),
        ("\u{FF22}ob", "a fullwidth B"),
        ("BOB", "capitals"),
    ] {
        let r = common::post(&c, &claim_url, &json!({"token": invites[1], "name": name})).await;
        refused(&r, 409, "Bob", &format!("a second seat named with {what}"));
    }
    // A seat may not pass for a profile without its key…
    for name in ["Alice", "\u{0410}lice"] {
        let r = common::post(&c, &claim_url, &json!({"token": invites[1], "name": name})).await;
        refused(
            &r,
            409,
            "Alice",
            &format!("a seat named {name:?} without the key"),
        );
    }
    // …but the profile itself takes its seat under its name.
    let r = common::post(&c, &claim_url, &json!({"token": invites[1], "key": key})).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    assert_eq!(r.body["name"], "Alice");
    // A fullwidth name is stored as the letters it shows.
    let r = common::post(
        &c,
        &claim_url,
        &json!({"token": invites[2], "name": "\u{FF24}\u{FF41}\u{FF4E}"}),
    )
    .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    assert_eq!(r.body["name"], "Dan");

    // The table says which seat a profile holds.
    let summary = common::get(&c, &server.url(&format!("/api/games/{game}"))).await;
    let seats = summary.body["seats"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let held: Vec<Value> = seats.iter().map(|s| s["profile"].clone()).collect();
    assert_eq!(
        held,
        vec![json!(false), json!(true), json!(false)],
        "{seats:?}"
    );

    // A create whose seat names look alike, or like a profile's, is refused.
    let games = server.url("/api/games");
    let r = common::post(
        &c,
        &games,
        &json!({"game": "demo", "players": 2, "seats": [{"name": "Eve"}, {"name": "\u{0415}ve"}]}),
    )
    .await;
    refused(&r, 400, "Eve", "a create with two seats named alike");
    let r = common::post(
        &c,
        &games,
        &json!({"game": "demo", "players": 2, "seats": [{"name": "\u{0410}lice"}, {}]}),
    )
    .await;
    refused(
        &r,
        409,
        "Alice",
        "a create with a seat named like a profile",
    );

    well_behaved(&server).await;
}
