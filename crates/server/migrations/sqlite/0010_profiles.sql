-- Profiles and ratings (issue 21). A profile is a unique name (unique
-- without regard to case: name_key is its lowercase) and the hash of a
-- secret key its browser holds; a bot profile (bot: its spec, no key) is
-- made for each bot spec that finishes a game, so bots are rated too.
CREATE TABLE profiles (
    name        TEXT PRIMARY KEY,
    name_key    TEXT NOT NULL UNIQUE,
    key_hash    TEXT UNIQUE,
    bot         TEXT,
    created_at  BIGINT NOT NULL
);
-- The profile that took a seat (a claim or join with its key, or a bot's).
ALTER TABLE seats ADD COLUMN profile TEXT;
CREATE INDEX seats_profile ON seats (profile);
-- Each profile's rating per game kind (Weng-Lin: mean and uncertainty).
CREATE TABLE ratings (
    profile     TEXT NOT NULL REFERENCES profiles (name),
    game        TEXT NOT NULL,
    rating      REAL NOT NULL,
    uncertainty REAL NOT NULL,
    games       BIGINT NOT NULL,
    wins        BIGINT NOT NULL,
    PRIMARY KEY (profile, game)
);
-- The finished games already rated: a game is rated once, in the
-- transaction that inserts its row here.
CREATE TABLE rated_games (
    game_id     TEXT PRIMARY KEY REFERENCES games (id),
    rated_at    BIGINT NOT NULL
);
