-- Email votes (fed by evt.voting.email-vote.*), so the email-vote page's member list
-- (GET /api/vote/{committeeCode}/{voteCode}/retrieve/attendance) finds the vote and its own committee without
-- asking the voting service: an unknown vote code is a 404, and the list is that of the vote's committee. Only
-- what that lookup needs: the committee, the code and the start (the newest window first, as voting resolves
-- a code). No foreign key: events may arrive in any order. No unique key on the code either (voting keeps it
-- unique per committee code): an out-of-order pair of events must not stop the consumer. The consumer reads the
-- stream from its beginning, so on an existing deployment the retained events (14 days) fill the table.
CREATE TABLE "email_votes" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "committee_id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "start" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "email_votes_pkey" PRIMARY KEY ("tenant_id", "id")
);
CREATE INDEX "email_votes_tenant_id_committee_id_idx" ON "email_votes" ("tenant_id", "committee_id");
