-- Chat per game (issue 21): every message, numbered from 0 within its game
-- (two writers cannot both store message n), with the seat that wrote it
-- (NULL: a spectator, when the creator let spectators write) and the name
-- shown. Whether spectators may write is the creator's choice.
CREATE TABLE chat (
    game_id     TEXT NOT NULL REFERENCES games (id),
    n           BIGINT NOT NULL,
    seat        BIGINT,
    name        TEXT NOT NULL,
    text        TEXT NOT NULL,
    at          BIGINT NOT NULL,
    PRIMARY KEY (game_id, n)
);
ALTER TABLE games ADD COLUMN spectator_chat BIGINT NOT NULL DEFAULT 0;
