-- Which server process runs a game's bots (issue 20). With SQLite one
-- process owns the database and holds every lease without writing it down,
-- so this table stays empty; it exists so that both schemas match.
CREATE TABLE game_leases (
    game_id     TEXT PRIMARY KEY,
    holder      TEXT NOT NULL,
    expires_at  INTEGER NOT NULL
);
