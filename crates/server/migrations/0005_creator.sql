-- Who created each game (issue 20): the limit key of the client address
-- (an IPv4 address, or an IPv6 /64 network), so that the cap on unfinished
-- bot games per address survives a restart and holds across processes.
-- NULL for games created before this column and for games not counted.
ALTER TABLE games ADD COLUMN creator TEXT;
CREATE INDEX games_creator ON games (creator, status);
