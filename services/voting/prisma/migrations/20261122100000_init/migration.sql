-- The voting service's schema (see prisma/schema.prisma). Runs inside the service's own Postgres schema.

-- Read models fed by other services' events.
CREATE TABLE "committees" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "year" INTEGER,
    "quorum" INTEGER,
    "two_thirds_vote" BOOLEAN NOT NULL,
    "chair_position" TEXT,
    "vchair_position" TEXT,
    "voting_rights" JSONB NOT NULL,
    "has_demographic" BOOLEAN NOT NULL,
    "demographic_motion_filterable" BOOLEAN NOT NULL,
    "demographics" TEXT[],
    "deleted" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "committees_pkey" PRIMARY KEY ("tenant_id", "id")
);
CREATE INDEX "committees_code_idx" ON "committees" ("tenant_id", lower("code"));

CREATE TABLE "memberships" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "committee_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "position" TEXT NOT NULL,
    "is_voting" BOOLEAN NOT NULL,
    "demographic" TEXT,
    "appointment_status" TEXT NOT NULL,
    "deleted" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "memberships_pkey" PRIMARY KEY ("tenant_id", "id")
);
CREATE INDEX "memberships_tenant_id_committee_id_idx" ON "memberships" ("tenant_id", "committee_id");
CREATE INDEX "memberships_tenant_id_user_id_idx" ON "memberships" ("tenant_id", "user_id");

CREATE TABLE "meetings" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "committee_id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "start" TIMESTAMPTZ(3) NOT NULL,
    "end" TIMESTAMPTZ(3) NOT NULL,
    "in_meeting_voting" BOOLEAN NOT NULL,
    "show_motions" BOOLEAN NOT NULL,
    "deleted" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "meetings_pkey" PRIMARY KEY ("tenant_id", "id")
);
CREATE INDEX "meetings_tenant_id_committee_id_idx" ON "meetings" ("tenant_id", "committee_id");

CREATE TABLE "attendance" (
    "tenant_id" UUID NOT NULL,
    "meeting_id" UUID NOT NULL,
    "membership_id" UUID NOT NULL,
    "checked_in" BOOLEAN NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "attendance_pkey" PRIMARY KEY ("tenant_id", "meeting_id", "membership_id")
);

-- Owned data.
CREATE TABLE "email_votes" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "tenant_id" UUID NOT NULL,
    "committee_id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "start" TIMESTAMPTZ(3) NOT NULL,
    "end" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "email_votes_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "email_votes_tenant_id_committee_id_code_key" ON "email_votes" ("tenant_id", "committee_id", "code");

CREATE TABLE "motions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "tenant_id" UUID NOT NULL,
    "committee_id" UUID NOT NULL,
    "meeting_id" UUID,
    "email_vote_id" UUID,
    "amendment_parent_id" UUID,
    "name" TEXT NOT NULL,
    "body" TEXT,
    "description" TEXT,
    "result_visibility" TEXT NOT NULL,
    "motion_responses" TEXT[],
    "motion_filter" JSONB,
    "maximum_responses" INTEGER NOT NULL,
    "vote_type" TEXT NOT NULL,
    "amendment_approved" BOOLEAN,
    "motion_approved" BOOLEAN,
    "amendment_vote_id" UUID,
    "motion_vote_id" UUID,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "motions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "motions_scope" CHECK (("meeting_id" IS NULL) <> ("email_vote_id" IS NULL))
);
CREATE UNIQUE INDEX "motions_tenant_id_id_key" ON "motions" ("tenant_id", "id");
CREATE INDEX "motions_tenant_id_meeting_id_idx" ON "motions" ("tenant_id", "meeting_id");
CREATE INDEX "motions_tenant_id_email_vote_id_idx" ON "motions" ("tenant_id", "email_vote_id");

CREATE TABLE "votes" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "tenant_id" UUID NOT NULL,
    "committee_id" UUID NOT NULL,
    "meeting_id" UUID,
    "email_vote_id" UUID,
    "motion_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "vote_type" TEXT NOT NULL,
    "responses" TEXT[],
    "maximum_responses" INTEGER NOT NULL,
    "motion_filter" JSONB,
    "require_check_in" BOOLEAN NOT NULL,
    "quorum" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3) NOT NULL,
    "is_finalized" BOOLEAN NOT NULL DEFAULT false,
    "discarded_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "votes_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "votes_tenant_id_id_key" ON "votes" ("tenant_id", "id");
CREATE INDEX "votes_tenant_id_meeting_id_idx" ON "votes" ("tenant_id", "meeting_id");
CREATE INDEX "votes_tenant_id_email_vote_id_idx" ON "votes" ("tenant_id", "email_vote_id");
-- The finalizer looks for ended votes not yet finalized.
CREATE INDEX "votes_unfinalized_idx" ON "votes" ("ended_at") WHERE NOT "is_finalized";

CREATE TABLE "electorate" (
    "tenant_id" UUID NOT NULL,
    "vote_id" UUID NOT NULL,
    "membership_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "eligible" BOOLEAN NOT NULL,
    CONSTRAINT "electorate_pkey" PRIMARY KEY ("tenant_id", "vote_id", "membership_id")
);
CREATE INDEX "electorate_vote_id_user_id_idx" ON "electorate" ("vote_id", "user_id");

CREATE TABLE "responses" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "tenant_id" UUID NOT NULL,
    "vote_id" UUID NOT NULL,
    "member_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "response" TEXT NOT NULL,
    "slot" INTEGER NOT NULL,
    "idempotency_key" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "responses_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "responses_tenant_id_vote_id_member_id_response_key" ON "responses" ("tenant_id", "vote_id", "member_id", "response");
CREATE UNIQUE INDEX "responses_tenant_id_vote_id_member_id_slot_key" ON "responses" ("tenant_id", "vote_id", "member_id", "slot");
-- A retried request (same idempotency key) never records twice. Partial, so the planner never picks it
-- for the cast path's per-member lookups (not in the Prisma model, which cannot express it).
CREATE UNIQUE INDEX "responses_idempotency_key" ON "responses" ("tenant_id", "vote_id", "idempotency_key")
    WHERE "idempotency_key" IS NOT NULL;
