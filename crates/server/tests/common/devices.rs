//! One player, many devices (issue 36), run against SQLite and PostgreSQL:
//! `GET /api/me/games` lists a profile's games from any device that holds
//! its key, each with a token that opens the profile's seat there (while
//! the device that took the seat keeps its own), and nobody else's; `GET
//! /api/me/link.svg` is a QR code that reads back as the profile's carry
//! link.

use super::*;
use serde_json::{json, Value};
use std::time::Duration;

/// Makes a profile (a name unique to this run: the PostgreSQL test database
/// outlives it) and answers `(name, key)`.
async fn profile(s: &Server, c: &reqwest::Client, name: &str) -> (String, String) {
    let name = format!("{name} {}", std::process::id() % 100_000);
    let r = post(c, &s.url("/api/profiles"), &json!({ "name": name })).await;
    assert_eq!(r.status, 201, "{:?}", r.body);
    (name, r.body["key"].as_str().expect("key").to_string())
}

/// `GET path` with `Authorization: Bearer KEY` (None: no header).
async fn get_with(c: &reqwest::Client, url: &str, key: Option<&str>) -> reqwest::Response {
    let mut r = c.get(url);
    if let Some(k) = key {
        r = r.bearer_auth(k);
    }
    r.send().await.expect("GET")
}

/// `GET /api/me/games` with `key`: status and body.
async fn my_games(s: &Server, c: &reqwest::Client, key: Option<&str>) -> Resp {
    let r = get_with(c, &s.url("/api/me/games"), key).await;
    let status = r.status().as_u16();
    if status == 200 {
        let cache = r.headers().get("cache-control").cloned();
        assert_eq!(
            cache.as_ref().and_then(|v| v.to_str().ok()),
            Some("no-store"),
            "a list of tokens is never cached"
        );
    }
    Resp {
        status,
        body: r.json().await.unwrap_or(Value::Null),
    }
}

/// The token a holder of `key` would derive for seat `seat` of game `id`,
/// written out here as the server's README gives it (an attacker who holds
/// a key can compute it for any seat: it must open only the profile's own).
fn derived(key: &str, id: &str, seat: i64) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(format!("eons profile seat {id} {seat} {key}").as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The seat `token` opens in game `id` (its view's `seat`), or the status
/// it was refused with.
async fn seat_of(s: &Server, c: &reqwest::Client, id: &str, token: &str) -> Result<i64, u16> {
    let r = c
        .get(s.url(&format!("/api/games/{id}/view")))
        .bearer_auth(token)
        .send()
        .await
        .expect("GET view");
    let status = r.status().as_u16();
    let body: Value = r.json().await.unwrap_or(Value::Null);
    if status == 200 {
        Ok(body["seat"].as_i64().unwrap_or(-1))
    } else {
        Err(status)
    }
}

/// Makes the first legal choice with `token` (its seat must be to move);
/// answers the move number after it.
async fn choose_first(s: &Server, c: &reqwest::Client, id: &str, token: &str) -> i64 {
    let v = get(c, &s.url(&format!("/api/games/{id}/view?token={token}"))).await;
    assert_eq!(v.status, 200, "{:?}", v.body);
    let legal = v.body["legal"].as_array().cloned().unwrap_or_default();
    assert!(!legal.is_empty(), "the seat is to move: {}", v.body);
    let r = post(
        c,
        &s.url(&format!("/api/games/{id}/choice?token={token}")),
        &json!({"move": v.body["move"], "index": legal[0]["index"]}),
    )
    .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    get(c, &s.url(&format!("/api/games/{id}"))).await.body["move"]
        .as_i64()
        .expect("move")
}

/// Claims invite `invite` (with a profile's `key`, or a `name`): the seat's token.
async fn claim(s: &Server, c: &reqwest::Client, invite: &str, who: Value) -> String {
    let mut body = who;
    body["token"] = json!(invite);
    let r = post(c, &s.url("/api/claim"), &body).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    r.body["token"].as_str().expect("token").to_string()
}

/// The ids of a `GET /api/me/games` answer, in order.
fn ids(body: &Value) -> Vec<String> {
    body["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|g| g["id"].as_str().expect("id").to_string())
        .collect()
}

/// The entry of game `id` in a `GET /api/me/games` answer.
fn entry<'a>(body: &'a Value, id: &str) -> &'a Value {
    body["games"]
        .as_array()
        .and_then(|g| g.iter().find(|g| g["id"] == id))
        .unwrap_or_else(|| panic!("game {id} listed: {body}"))
}

pub async fn a_profiles_games_open_on_another_device(db: &str) {
    let mut s = Server::start(db, 0);
    let c = client();
    let (ann, ann_key) = profile(&s, &c, "Ann Devices").await;
    let (mallory, mallory_key) = profile(&s, &c, "Mallory Devices").await;

    // No key, a key that opens no profile: refused, and nothing listed.
    assert_eq!(my_games(&s, &c, None).await.status, 401);
    let wrong = "0123456789abcdef0123456789abcdef";
    let r = my_games(&s, &c, Some(wrong)).await;
    assert_eq!(r.status, 403, "{:?}", r.body);
    assert_eq!(r.body["error"]["code"], "forbidden");

    // Game 1, unfinished: Ann (her key, device A), Mallory (her key) and
    // Ben (no profile).
    let (g1, inv) = create(
        &s,
        &c,
        json!({"game": "demo", "players": 3, "seed": 1, "seats": [{}, {}, {}]}),
    )
    .await;
    let ann_a = claim(&s, &c, inv[0].as_deref().unwrap(), json!({"key": ann_key})).await;
    let mallory_a = claim(
        &s,
        &c,
        inv[1].as_deref().unwrap(),
        json!({"key": mallory_key}),
    )
    .await;
    let ben = claim(&s, &c, inv[2].as_deref().unwrap(), json!({"name": "Ben"})).await;
    tokio::time::sleep(Duration::from_millis(5)).await;
    // Game 2, finished later: Ann against a bot, played out on device A.
    let (g2, inv) = create(
        &s,
        &c,
        json!({"game": "demo", "players": 2, "seed": 2, "options": ["target=10"],
               "seats": [{}, {"kind": "bot", "bot": "random"}]}),
    )
    .await;
    let ann_a2 = claim(&s, &c, inv[0].as_deref().unwrap(), json!({"key": ann_key})).await;
    for _ in 0..40 {
        let v = get(&c, &s.url(&format!("/api/games/{g2}/view?token={ann_a2}"))).await;
        if v.body["over"] == true {
            break;
        }
        if v.body["legal"].as_array().is_some_and(|l| !l.is_empty()) {
            choose_first(&s, &c, &g2, &ann_a2).await;
        } else {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    wait_over(&s, &c, &g2).await;
    tokio::time::sleep(Duration::from_millis(5)).await;
    // Game 3, the newest: Ann took a seat without her key, so the game is
    // not her profile's.
    let (g3, inv) = create(
        &s,
        &c,
        json!({"game": "demo", "players": 2, "seed": 3, "seats": [{}, {}]}),
    )
    .await;
    let _walker = claim(
        &s,
        &c,
        inv[0].as_deref().unwrap(),
        json!({"name": "Walker"}),
    )
    .await;

    // Device B holds only Ann's key: her two games, the unfinished first
    // (though older), each with her seat, its summary and a token.
    let r = my_games(&s, &c, Some(&ann_key)).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    assert_eq!(r.body["name"], ann);
    assert_eq!(ids(&r.body), [g1.clone(), g2.clone()], "{}", r.body);
    let e1 = entry(&r.body, &g1);
    assert_eq!(e1["seat"], 0);
    assert_eq!(e1["summary"]["id"], g1);
    assert_eq!(e1["summary"]["over"], false);
    assert_eq!(e1["summary"]["seats"][0]["name"], ann);
    assert_eq!(entry(&r.body, &g2)["summary"]["over"], true);
    let ann_b = e1["token"].as_str().expect("a token").to_string();
    assert_ne!(ann_b, ann_a, "device B gets a token of its own");
    // It opens Ann's seat and plays it; device A's token still works.
    assert_eq!(seat_of(&s, &c, &g1, &ann_b).await, Ok(0));
    assert_eq!(seat_of(&s, &c, &g1, &ann_a).await, Ok(0));
    let v = get(&c, &s.url(&format!("/api/games/{g1}"))).await;
    assert_eq!(v.body["to_move"], 0, "seat 1 moves first: {:?}", v.body);
    assert_eq!(choose_first(&s, &c, &g1, &ann_b).await, 1);
    // Its WebSocket opens the seat too.
    let (ws, first) = super::suite::ws_connect(s.ws_request(&g1, Some(&ann_b))).await;
    assert_eq!(first["state"]["seat"], 0, "{first}");
    drop(ws);
    // Listing again (device C, or B once more) answers the same token.
    let again = my_games(&s, &c, Some(&ann_key)).await;
    assert_eq!(entry(&again.body, &g1)["token"], ann_b);

    // Nobody else's seat: Mallory's list has her seat only, with a token
    // that opens hers, not Ann's.
    let m = my_games(&s, &c, Some(&mallory_key)).await;
    assert_eq!(m.body["name"], mallory);
    assert_eq!(ids(&m.body), std::slice::from_ref(&g1));
    assert_eq!(entry(&m.body, &g1)["seat"], 1);
    let mallory_b = entry(&m.body, &g1)["token"].as_str().unwrap().to_string();
    assert_eq!(seat_of(&s, &c, &g1, &mallory_b).await, Ok(1));
    assert_eq!(seat_of(&s, &c, &g1, &mallory_a).await, Ok(1));
    // What a key derives for a seat its profile does not hold opens
    // nothing: Ben's (no profile), Mallory's with Ann's key, Ann's with
    // Mallory's, the seat Ann took without her key.
    for (key, id, seat) in [
        (&ann_key, &g1, 1),
        (&ann_key, &g1, 2),
        (&mallory_key, &g1, 0),
        (&mallory_key, &g1, 2),
        (&ann_key, &g3, 0),
        (&ann_key, &g3, 1),
    ] {
        assert_eq!(
            seat_of(&s, &c, id, &derived(key, id, seat)).await,
            Err(403),
            "seat {seat} of {id}"
        );
    }
    assert_eq!(seat_of(&s, &c, &g1, &ben).await, Ok(2));

    // A restart (the hashes are stored, not only in memory): the profile's
    // tokens still open their seats.
    let db = s.db.clone();
    s.kill();
    s = Server::start(&db, 0);
    assert_eq!(seat_of(&s, &c, &g1, &ann_b).await, Ok(0));
    assert_eq!(seat_of(&s, &c, &g1, &mallory_b).await, Ok(1));
    assert_eq!(seat_of(&s, &c, &g1, &ann_a).await, Ok(0));
    let r = my_games(&s, &c, Some(&ann_key)).await;
    assert_eq!(ids(&r.body), [g1.clone(), g2.clone()]);
    assert_eq!(entry(&r.body, &g1)["token"], ann_b);
    assert_eq!(
        entry(&r.body, &g2)["token"].as_str().map(str::len),
        Some(64)
    );

    // A rematch asked from device A gives A the rematch's seat; device B,
    // asking with the profile's token, is told where to find it, and finds
    // it in the list, with a token for its seat there.
    let rematch = post(
        &c,
        &s.url(&format!("/api/games/{g2}/rematch?token={ann_a2}")),
        &json!({}),
    )
    .await;
    assert_eq!(rematch.status, 200, "{:?}", rematch.body);
    let g4 = rematch.body["id"]
        .as_str()
        .expect("the rematch")
        .to_string();
    let ann_b2 = entry(&r.body, &g2)["token"].as_str().unwrap().to_string();
    let from_b = post(
        &c,
        &s.url(&format!("/api/games/{g2}/rematch?token={ann_b2}")),
        &json!({}),
    )
    .await;
    assert_eq!(from_b.status, 409, "{:?}", from_b.body);
    assert!(
        from_b.body["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("My games")),
        "{:?}",
        from_b.body
    );
    let r = my_games(&s, &c, Some(&ann_key)).await;
    assert_eq!(ids(&r.body), [g4.clone(), g1.clone(), g2.clone()]);
    let ann_b4 = entry(&r.body, &g4)["token"].as_str().unwrap().to_string();
    assert_eq!(seat_of(&s, &c, &g4, &ann_b4).await, Ok(0));
}

/// Draws the SVG the QR renderer writes (`<svg … width="W" height="H" …>`,
/// a white `rect` and one `path` of `M{x} {y}h{w}v{h}H{x}V{y}` squares) as
/// a grey image, and reads the QR code in it as a phone's camera would.
fn read_qr(svg: &str) -> String {
    let number = |attr: &str| -> usize {
        let at = svg.find(&format!(" {attr}=\"")).expect(attr) + attr.len() + 3;
        svg[at..].split('"').next().unwrap().parse().expect(attr)
    };
    let (w, h) = (number("width"), number("height"));
    let mut pixels = vec![255u8; w * h];
    let d_at = svg.find(" d=\"").expect("a path") + 4;
    let d = svg[d_at..].split('"').next().unwrap();
    for square in d.split('M').filter(|p| !p.is_empty()) {
        let nums: Vec<usize> = square
            .split(|ch: char| !ch.is_ascii_digit())
            .filter(|p| !p.is_empty())
            .map(|p| p.parse().unwrap())
            .collect();
        let (x, y, dx, dy) = (nums[0], nums[1], nums[2], nums[3]);
        for row in y..y + dy {
            pixels[row * w + x..row * w + x + dx].fill(0);
        }
    }
    let mut img = rqrr::PreparedImage::prepare_from_greyscale(w, h, |x, y| pixels[y * w + x]);
    let grids = img.detect_grids();
    assert_eq!(grids.len(), 1, "one QR code in the image");
    grids[0].decode().expect("the QR code reads").1
}

pub async fn the_carry_links_qr_code_reads_back(db: &str) {
    let s = Server::start(db, 0);
    let c = client();
    let (name, key) = profile(&s, &c, "Zoë Link").await;
    let url = s.url("/api/me/link.svg");
    assert_eq!(get_with(&c, &url, None).await.status(), 401);
    assert_eq!(
        get_with(&c, &url, Some("0123456789abcdef0123456789abcdef"))
            .await
            .status(),
        403
    );
    let r = get_with(&c, &url, Some(&key)).await;
    assert_eq!(r.status(), 200);
    let header = |n: &str| {
        r.headers()
            .get(n)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string)
    };
    assert_eq!(header("content-type").as_deref(), Some("image/svg+xml"));
    assert_eq!(header("cache-control").as_deref(), Some("no-store"));
    let svg = r.text().await.expect("the SVG");
    // The link a browser's `encodeURIComponent` writes, at the address the
    // request came to (no --public-url here).
    let encoded = name.replace(' ', "%20").replace('ë', "%C3%AB");
    assert_eq!(
        read_qr(&svg),
        format!("{}/profile/{encoded}#k={key}", s.base)
    );

    // With a public URL, the link points there.
    let dir = temp_dir("devices-public");
    let db2 = if db.starts_with("postgres") {
        db.to_string()
    } else {
        dir.join("eons.sqlite").display().to_string()
    };
    let p = Server::start_with(&db2, 0, &["--public-url", "https://eons.example.org"]);
    let (name, key) = profile(&p, &c, "Public Link").await;
    let svg = get_with(&c, &p.url("/api/me/link.svg"), Some(&key))
        .await
        .text()
        .await
        .expect("the SVG");
    assert_eq!(
        read_qr(&svg),
        format!(
            "https://eons.example.org/profile/{}#k={key}",
            name.replace(' ', "%20")
        )
    );
}
