-- Runners' per-member voting status comes from the voting service, which holds the responses; no
-- response events are published, so this copy never filled and is gone.
DROP TABLE IF EXISTS "vote_responses";
