-- Whether the creator chose the seed (then they can know the deal; every seat is told).
ALTER TABLE games ADD COLUMN seed_chosen BIGINT NOT NULL DEFAULT 0;
