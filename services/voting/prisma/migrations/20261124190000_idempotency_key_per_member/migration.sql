-- An idempotency key is unique per member, not per vote: another member sending the same key (a client
-- that builds keys predictably) must not be refused as a duplicate of someone else's response.
DROP INDEX "responses_idempotency_key";
CREATE UNIQUE INDEX "responses_idempotency_key" ON "responses" ("tenant_id", "vote_id", "member_id", "idempotency_key")
    WHERE "idempotency_key" IS NOT NULL;
