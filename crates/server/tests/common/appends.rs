//! Storage-level check of the grouped append ([`Store::append_moves`]), run
//! against SQLite (one transaction, a savepoint per move) and PostgreSQL
//! (one by one): every move is stored or refused on its own, exactly as
//! [`Store::append_move`] would; and the three ways a move is stored (alone,
//! grouped, through the group commit) store the same rows.

use eons_server::store::{GameRow, GroupCommit, NewMove, SeatRow, Store, StoreError};

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
        profile_token_hash: None,
        claimed: true,
        claimed_at: None,
        away: false,
        bank_ms: None,
        back_at: None,
        profile: None,
        resigned_at: None,
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
        stand_in: None,
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

/// A game of three moves (two carrying the mover's time bank, the last one
/// ending the game), to store in each of the three ways.
fn three_moves(game_id: &str) -> Vec<NewMove<'_>> {
    vec![
        NewMove {
            game_id,
            n: 0,
            seat: 0,
            choice: "{\"pick\":0}",
            at: 100,
            outcome: None,
            bank_ms: Some(59_000),
            stand_in: None,
        },
        NewMove {
            game_id,
            n: 1,
            seat: 1,
            choice: "{\"pick\":1}",
            at: 250,
            outcome: None,
            bank_ms: None,
            stand_in: None,
        },
        NewMove {
            game_id,
            n: 2,
            seat: 1,
            choice: "{\"pick\":2}",
            at: 400,
            outcome: Some("{\"winner\":1}"),
            bank_ms: Some(41_500),
            stand_in: None,
        },
    ]
}

/// Everything storing a move changes, as read back: the game row's move
/// count, status, outcome and time, each seat's bank, and the move rows
/// (number, seat, choice, time).
type Stored = (
    i64,
    String,
    Option<String>,
    i64,
    Vec<Option<i64>>,
    Vec<(i64, i64, String, i64)>,
);

/// What storing moves left of game `id`.
async fn stored(store: &Store, id: &str) -> Stored {
    let (g, seats) = store.game(id).await.expect("read").expect("the game");
    let banks = seats.iter().map(|s| s.bank_ms).collect();
    let moves = store
        .moves_from(id, 0)
        .await
        .expect("moves")
        .into_iter()
        .map(|m| (m.n, m.seat, m.choice, m.at))
        .collect();
    (g.moves, g.status, g.outcome, g.updated_at, banks, moves)
}

/// The same moves stored alone ([`Store::append_move`]), in one grouped
/// transaction beside another game's moves ([`Store::append_moves`]) and
/// through the group commit ([`GroupCommit`]) leave the same rows, and a
/// move stored again is refused the same way by all three; through the group
/// commit, that refusal reaches only the game whose move it was.
pub async fn single_and_grouped_appends_store_the_same_rows(url: &str, tag: &str) {
    let store = Store::open(url).await.expect("open the store");
    let alone = format!("same-alone-{tag}");
    let grouped = format!("same-grouped-{tag}");
    let queued = format!("same-queued-{tag}");
    let beside = format!("same-beside-{tag}");
    for id in [&alone, &grouped, &queued, &beside] {
        store
            .create_game(&game(id), &[seat(0), seat(1)], None)
            .await
            .expect("create");
    }

    for m in three_moves(&alone) {
        store.append_move(&m).await.expect("stored alone");
    }

    let mut batch = Vec::new();
    for (n, m) in three_moves(&grouped).into_iter().enumerate() {
        batch.push(m);
        batch.push(row(&beside, n as i64, None));
    }
    let answers = store.append_moves(&batch).await.expect("the batch commits");
    assert!(answers.iter().all(Result::is_ok), "{answers:?}");

    let commits = GroupCommit::default();
    for m in three_moves(&queued) {
        commits
            .append(&store, &m)
            .await
            .expect("stored through the group commit");
    }

    let expected = stored(&store, &alone).await;
    let rows: Vec<(i64, i64, String, i64)> = three_moves(&alone)
        .iter()
        .map(|m| (m.n, m.seat, m.choice.to_string(), m.at))
        .collect();
    assert_eq!(
        expected,
        (
            3,
            "over".to_string(),
            Some("{\"winner\":1}".to_string()),
            400,
            vec![Some(59_000), Some(41_500)],
            rows
        )
    );
    assert_eq!(stored(&store, &grouped).await, expected, "grouped");
    assert_eq!(
        stored(&store, &queued).await,
        expected,
        "through the group commit"
    );

    // Move 1 again: refused by each path, and nothing changes.
    let again = |id| NewMove {
        game_id: id,
        n: 1,
        seat: 1,
        choice: "{\"pick\":9}",
        at: 999,
        outcome: None,
        bank_ms: Some(1),
        stand_in: None,
    };
    assert!(matches!(
        store.append_move(&again(&alone)).await,
        Err(StoreError::Conflict(1))
    ));
    let refused = store
        .append_moves(&[again(&grouped)])
        .await
        .expect("commits");
    assert!(
        matches!(refused[..], [Err(StoreError::Conflict(1))]),
        "{refused:?}"
    );
    // Through the group commit, together with another game's good move.
    let taken = again(&queued);
    let next = row(&beside, 3, None);
    let (conflicted, fine) = tokio::join!(
        commits.append(&store, &taken),
        commits.append(&store, &next)
    );
    assert!(
        matches!(conflicted, Err(StoreError::Conflict(1))),
        "{conflicted:?}"
    );
    assert!(fine.is_ok(), "{fine:?}");
    assert_eq!(
        stored(&store, &alone).await,
        expected,
        "alone, after the refusal"
    );
    assert_eq!(
        stored(&store, &grouped).await,
        expected,
        "grouped, after the refusal"
    );
    assert_eq!(
        stored(&store, &queued).await,
        expected,
        "queued, after the refusal"
    );
    assert_eq!(store.move_count(&beside).await.expect("count"), Some(4));
}
