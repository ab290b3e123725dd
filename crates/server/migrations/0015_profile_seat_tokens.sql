-- One player, many devices (issue 36): a human seat a profile holds opens
-- with a second token besides its own, the profile's token for that seat.
-- It is derived from the profile's key, which only the profile's browsers
-- hold (SHA-256 of "eons profile seat GAME SEAT KEY"), so every device that
-- holds the key gets the same token from `GET /api/me/games` while the
-- device that took the seat keeps its own. Only its SHA-256 is stored, as
-- for every token: the database alone opens no seat. NULL until the profile
-- first lists the game.
ALTER TABLE seats ADD COLUMN profile_token_hash TEXT;
CREATE UNIQUE INDEX seats_profile_token ON seats (profile_token_hash);
