//! The coach of issue 38, run against SQLite and PostgreSQL alike: a finished
//! game's analysis, made off the request path (202 until made, then 200),
//! the same as `eons analyse` makes from the game's record.

use super::*;
use eons_bots::analysis::{analyse, Options};
use eons_core::Record;

/// The analysis `eons analyse` makes of a record (JSON as the server
/// publishes it), with its default options.
struct Library(Value);

impl eons_games::Visitor for Library {
    type Output = Value;
    fn visit<G: eons_games::Registered>(self) -> Value {
        let record: Record<G> = serde_json::from_value(self.0).expect("the record reads");
        let analysis = analyse(&record, &Options::default(), |_| {}).expect("the record analyses");
        // Through JSON text, as the server's answer comes (serde_json reads
        // a number back within an ulp, not always to the same bits).
        let text = serde_json::to_string(&analysis).expect("serialises");
        serde_json::from_str(&text).expect("reads back")
    }
}

/// Asks for a game's analysis until it is made: every answer before is 202
/// with the bot searches done so far; returns the made analysis and the
/// number of 202 answers.
async fn wait_analysed(s: &Server, c: &reqwest::Client, id: &str) -> (Value, usize) {
    let start = Instant::now();
    let mut waits = 0;
    loop {
        let r = get(c, &s.url(&format!("/api/games/{id}/analysis"))).await;
        if r.status == 200 {
            return (r.body, waits);
        }
        assert_eq!(r.status, 202, "{:?}", r.body);
        assert_eq!(r.body["status"], "making", "{:?}", r.body);
        let (done, total) = (r.body["done"].as_u64(), r.body["total"].as_u64());
        assert!(done.is_some() && done <= total, "{:?}", r.body);
        waits += 1;
        assert!(start.elapsed() < PATIENCE, "game {id} was not analysed");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A finished 4-player Dominant Species game is analysed with the shipped
/// network: one row per step, each summing to 1, the last the result; the
/// biggest drops with the bot's choice; exactly what `eons analyse` makes
/// of the game's record. Kept: asked again, it is answered at once. A
/// running game is not analysed, an unknown one not found.
pub async fn analysis_of_a_finished_game(db: &str) {
    eons_games::register_value_networks();
    let s = Server::start(db, 0);
    let c = client();
    let (id, _) = create(
        &s,
        &c,
        json!({"game": "ds", "players": 4, "seed": 38, "seats": [
            {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"},
            {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}),
    )
    .await;
    let summary = wait_over(&s, &c, &id).await;
    let moves = summary["move"].as_u64().expect("move") as usize;

    let first = get(&c, &s.url(&format!("/api/games/{id}/analysis"))).await;
    assert_eq!(
        first.status, 202,
        "the first request starts it: {:?}",
        first.body
    );
    let (made, _) = wait_analysed(&s, &c, &id).await;
    assert_eq!(made["id"], json!(id));
    assert_eq!(made["game"], "ds");
    assert_eq!(made["estimator"], "network ds-4p", "the shipped network");
    assert_eq!(made["bot"], eons_bots::analysis::DEFAULT_BOT);
    let steps = made["steps"].as_array().expect("steps");
    assert_eq!(
        steps.len(),
        moves + 1,
        "one row per step, from the deal to the end"
    );
    for (n, row) in steps.iter().enumerate() {
        assert_eq!(row["step"].as_u64(), Some(n as u64));
        let win: Vec<f64> = row["win"]
            .as_array()
            .expect("win")
            .iter()
            .map(|p| p.as_f64().expect("a probability"))
            .collect();
        assert_eq!(win.len(), 4);
        assert!(
            (win.iter().sum::<f64>() - 1.0).abs() < 1e-6,
            "step {n}: {win:?}"
        );
    }
    let winner = summary["outcome"]["ranking"][0].as_u64().expect("a winner") as usize;
    let last: Vec<f64> = steps[moves]["win"]
        .as_array()
        .expect("win")
        .iter()
        .filter_map(Value::as_f64)
        .collect();
    let result: Vec<f64> = (0..4)
        .map(|i| if i == winner { 1.0 } else { 0.0 })
        .collect();
    assert_eq!(last, result, "the last row is the result");
    let drops = made["drops"].as_array().expect("drops");
    assert_eq!(drops.len(), eons_bots::analysis::DEFAULT_DROPS);
    let size = |d: &Value| d["before"].as_f64().unwrap_or(0.0) - d["after"].as_f64().unwrap_or(0.0);
    for pair in drops.windows(2) {
        assert!(size(&pair[0]) >= size(&pair[1]), "largest first: {pair:?}");
    }
    for d in drops {
        assert!(size(d) > 0.0, "{d}");
        assert!(
            d["bot_choice"].as_str().is_some_and(|t| !t.is_empty()),
            "{d}"
        );
    }
    let roles = made["roles"].as_array().expect("roles");
    assert_eq!(roles.len(), 4);
    assert!(
        roles
            .iter()
            .all(|r| r.as_array().is_some_and(|a| !a.is_empty())),
        "{roles:?}"
    );

    // The same as the command line's analysis of the published record.
    let record = get(&c, &s.url(&format!("/api/games/{id}/record"))).await;
    assert_eq!(record.status, 200, "{:?}", record.body);
    let library =
        eons_games::visit("ds", Library(record.body)).unwrap_or_else(|_| panic!("ds is a game"));
    assert_eq!(made["estimator"], library["estimator"]);
    let ours = library["steps"].as_array().expect("steps");
    assert_eq!(ours.len(), steps.len());
    if let Some((server, command)) = steps.iter().zip(ours).find(|(a, b)| a != b) {
        panic!("the server's analysis differs from the command line's: {server} against {command}");
    }
    assert_eq!(made["drops"], library["drops"]);

    // Kept: answered at once.
    let again = get(&c, &s.url(&format!("/api/games/{id}/analysis"))).await;
    assert_eq!(again.status, 200);
    assert_eq!(again.body, made);

    // A running game is not analysed; an unknown one is not found.
    let (running, _) = create(
        &s,
        &c,
        json!({"game": "ds", "players": 2, "seats": [{}, {"kind": "bot", "bot": "random"}]}),
    )
    .await;
    let r = get(&c, &s.url(&format!("/api/games/{running}/analysis"))).await;
    assert_eq!(r.status, 409, "{:?}", r.body);
    let r = get(&c, &s.url("/api/games/000000000000/analysis")).await;
    assert_eq!(r.status, 404, "{:?}", r.body);
}
