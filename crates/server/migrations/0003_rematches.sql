-- A finished game's rematch: the new game with the same seats and options (issue 19).
CREATE TABLE rematches (
    game_id     TEXT PRIMARY KEY REFERENCES games (id),
    rematch_id  TEXT NOT NULL REFERENCES games (id)
);
