-- Snapshots of games (issue 20): a game's state after its first `n` stored
-- moves (choices and undos), so that loading it replays only the moves after
-- the latest snapshot. The moves stay the record and the source of truth: a
-- snapshot that does not read back, or that another server version wrote,
-- is ignored and the game replays from its first move.
CREATE TABLE snapshots (
    game_id     TEXT NOT NULL REFERENCES games (id),
    n           BIGINT NOT NULL,
    version     TEXT NOT NULL,
    body        TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (game_id, n)
);
