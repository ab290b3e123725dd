-- Which server process runs a game's bots (issue 20): one lease per game,
-- held by one process (`holder`, a random id drawn at its start) until
-- `expires_at` (the database's clock). The holder renews it every few
-- seconds; once it has expired, any other process may take it over. No
-- foreign key: a process takes the lease of a game it creates before it
-- stores the game, so that no other process starts the game's bots first.
CREATE TABLE game_leases (
    game_id     TEXT PRIMARY KEY,
    holder      TEXT NOT NULL,
    expires_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX game_leases_holder ON game_leases (holder);
