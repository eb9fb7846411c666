-- Email votes per committee (fed by evt.voting.email-vote.*), as committee_meetings is for meetings: a
-- committee with an email vote whose end has not passed (open or scheduled) cannot be deleted. Only what that
-- check needs: the committee and the end (the phase comes from the clock). No foreign key: events may arrive
-- in any order, and a deleted committee's ended votes stay here as its ended meetings do. The consumer reads
-- the stream from its beginning, so on an existing deployment the retained events (14 days) fill the table.
CREATE TABLE "committee_email_votes" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "committee_id" UUID NOT NULL,
    "end" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "committee_email_votes_pkey" PRIMARY KEY ("tenant_id", "id")
);
CREATE INDEX "committee_email_votes_tenant_id_committee_id_idx" ON "committee_email_votes" ("tenant_id", "committee_id");
