-- Games are stored as records: setup, seed and the ordered choices.
CREATE TABLE games (
    id          TEXT PRIMARY KEY,
    game        TEXT NOT NULL,
    players     BIGINT NOT NULL,
    setup       TEXT NOT NULL,
    options     TEXT NOT NULL,
    seed        TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL,
    moves       BIGINT NOT NULL DEFAULT 0,
    status      TEXT NOT NULL DEFAULT 'active',
    outcome     TEXT
);
CREATE INDEX games_status ON games (status);
CREATE INDEX games_updated ON games (updated_at);

CREATE TABLE seats (
    game_id     TEXT NOT NULL REFERENCES games (id),
    seat        BIGINT NOT NULL,
    kind        TEXT NOT NULL,
    bot         TEXT,
    name        TEXT,
    token_hash  TEXT,
    claimed     BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);
CREATE UNIQUE INDEX seats_token ON seats (token_hash);

CREATE TABLE moves (
    game_id     TEXT NOT NULL REFERENCES games (id),
    n           BIGINT NOT NULL,
    seat        BIGINT NOT NULL,
    choice      TEXT NOT NULL,
    at          BIGINT NOT NULL,
    PRIMARY KEY (game_id, n)
);
