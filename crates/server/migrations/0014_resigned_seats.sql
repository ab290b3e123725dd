-- Resigning (issue 36): when a seat's player left the game for good (ms since
-- the epoch), NULL while they play. A resigned seat is away for good: the
-- game's stand-in bot plays it to the end, "I'm back" is refused, and the
-- rating ranks its player below every human who stayed. The resignation is
-- also a row of `moves` (`{"$resign":1}`), which places it in the log.
ALTER TABLE seats ADD COLUMN resigned_at BIGINT;
