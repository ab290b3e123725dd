-- Who decided a move (issue 36): the bot spec of the stand-in that chose for
-- an away seat, NULL when the seat's own player (or its own bot) chose. The
-- log then says "Bot for Ann", and the move stays beyond a take-back after a
-- restart as it does live. Moves stored before this keep NULL.
ALTER TABLE moves ADD COLUMN stand_in TEXT;
