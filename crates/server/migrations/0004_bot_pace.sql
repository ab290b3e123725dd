-- What each human seat asked of a game's bots (issue 19): the pause before
-- each bot decision and whether the seat holds them. Stored so that every
-- server process (PostgreSQL) and a restarted one keep to the same pace.
CREATE TABLE bot_pace (
    game_id  TEXT NOT NULL REFERENCES games (id),
    seat     BIGINT NOT NULL,
    pace_ms  BIGINT NOT NULL,
    paused   BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
