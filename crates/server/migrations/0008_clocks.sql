-- Time controls (issue 21). A game may have a clock: seconds per decision
-- and a bank per seat (either may be NULL; both NULL: no clock), and the bot
-- that decides for a seat whose time ran out (`on_timeout`).
ALTER TABLE games ADD COLUMN clock_per_decision_ms BIGINT;
ALTER TABLE games ADD COLUMN clock_bank_ms BIGINT;
ALTER TABLE games ADD COLUMN on_timeout TEXT;
-- Each seat's clock: what is left of its bank (NULL: the whole bank, nothing
-- spent yet), stored in the transaction of the move that spent it; whether
-- the seat is away (its time ran out and the `on_timeout` bot decides for
-- it until the player comes back); when the seat was claimed (a decision's
-- clock starts once every human seat is taken).
ALTER TABLE seats ADD COLUMN bank_ms BIGINT;
ALTER TABLE seats ADD COLUMN away BIGINT NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN claimed_at BIGINT;
-- When the seat last came back from away: its decision's clock starts again then.
ALTER TABLE seats ADD COLUMN back_at BIGINT;
