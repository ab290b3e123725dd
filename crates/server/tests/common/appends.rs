//! Storage-level check of the grouped append ([`Store::append_moves`]), run
//! against SQLite (one transaction, a savepoint per move) and PostgreSQL
//! (one by one): every move is stored or refused on its own, exactly as
//! [`Store::append_move`] would.

use eons_server::store::{GameRow, NewMove, SeatRow, Store, StoreError};

fn game(id: &str) -> GameRow {
    GameRow {
        id: id.to_string(),
        game: "ds".into(),
        players: 2,
        setup: "{}".into(),
        options: "[]".into(),
        seed: 1,
        seed_chosen: false,
        created_at: 0,
        updated_at: 0,
        moves: 0,
        status: "active".into(),
        outcome: None,
        clock: None,
        spectator_chat: false,
        creator: None,
    }
}

fn seat(n: i64) -> SeatRow {
    SeatRow {
        seat: n,
        kind: "bot".into(),
        bot: Some("random".into()),
        name: None,
        token_hash: None,
        claimed: true,
        claimed_at: None,
        away: false,
        bank_ms: None,
        back_at: None,
        profile: None,
        webhook: None,
    }
}

fn row<'a>(game_id: &'a str, n: i64, outcome: Option<&'a str>) -> NewMove<'a> {
    NewMove {
        game_id,
        n,
        seat: n % 2,
        choice: "{\"pick\":1}",
        at: 10 + n,
        outcome,
        bank_ms: None,
    }
}

/// A batch mixing games, an out-of-order move, a taken move number and a
/// game-ending move: the refused ones change nothing, the others are stored.
pub async fn grouped_appends_answer_each_move(url: &str, tag: &str) {
    let store = Store::open(url).await.expect("open the store");
    let a = format!("grp-a-{tag}");
    let b = format!("grp-b-{tag}");
    for id in [&a, &b] {
        store
            .create_game(&game(id), &[seat(0), seat(1)], None)
            .await
            .expect("create");
    }
    let first = store
        .append_moves(&[
            row(&a, 0, None),
            row(&b, 1, None), // not the next move of b
            row(&a, 1, None), // a's next, after its move 0 of this batch
            row(&b, 0, None),
        ])
        .await
        .expect("the batch commits");
    let answers: Vec<Option<i64>> = first
        .iter()
        .map(|r| match r {
            Ok(()) => None,
            Err(StoreError::Conflict(n)) => Some(*n),
            Err(e) => panic!("unexpected error {e}"),
        })
        .collect();
    assert_eq!(answers, vec![None, Some(1), None, None]);
    let second = store
        .append_moves(&[row(&a, 1, None), row(&b, 1, Some("{\"winner\":0}"))])
        .await
        .expect("the second batch commits");
    assert!(
        matches!(second[0], Err(StoreError::Conflict(1))),
        "{second:?}"
    );
    assert!(second[1].is_ok(), "{second:?}");
    assert_eq!(store.move_count(&a).await.expect("count"), Some(2));
    assert_eq!(store.move_count(&b).await.expect("count"), Some(2));
    let moves: Vec<(i64, i64)> = store
        .moves_from(&a, 0)
        .await
        .expect("moves")
        .iter()
        .map(|m| (m.n, m.at))
        .collect();
    assert_eq!(moves, vec![(0, 10), (1, 11)]);
    let (over, _) = store.game(&b).await.expect("read").expect("game b");
    assert_eq!(over.status, "over");
    assert_eq!(over.outcome.as_deref(), Some("{\"winner\":0}"));
}
