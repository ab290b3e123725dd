//! A bot with a huge iteration budget: `mcts:1000000it` is within the
//! iteration limit, but its first decision on Dominant Species took 46 s
//! when only time budgets stopped at the time limit. Every decision now
//! stops at the server's time limit (here 500 ms) whatever its budget.

use super::{common, well_behaved};
use serde_json::json;
use std::time::{Duration, Instant};

/// How long two decisions of 500 ms each may take at most here: generous
/// (a shared debug machine), far below a million iterations' 46 s.
const TWO_DECISIONS: Duration = Duration::from_secs(10);

#[tokio::test]
async fn a_huge_iteration_budget_stops_at_the_time_limit() {
    let dir = common::temp_dir("abuse-bot-budget");
    let db = dir.join("eons.sqlite").display().to_string();
    let server = common::Server::start_with(&db, 0, &["--bot-max-time-ms", "500"]);
    let c = common::client();
    let bot = json!({"kind": "bot", "bot": "mcts:1000000it"});
    let (id, _) = common::create(
        &server,
        &c,
        json!({"game": "ds", "players": 2, "seed": 7, "seats": [bot, bot]}),
    )
    .await;
    let started = Instant::now();
    let (_, reached) = tokio::join!(well_behaved(&server), async {
        loop {
            let r = common::get(&c, &server.url(&format!("/api/games/{id}"))).await;
            assert_eq!(r.status, 200, "{:?}", r.body);
            if r.body["move"].as_i64().unwrap_or(0) >= 2 {
                return started.elapsed();
            }
            assert!(
                started.elapsed() < TWO_DECISIONS,
                "the bots made {} moves in {TWO_DECISIONS:?}",
                r.body["move"]
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    });
    assert!(reached < TWO_DECISIONS);
    // And the server still answers once the bots are in full swing.
    well_behaved(&server).await;
}
