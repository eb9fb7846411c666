-- The meetings service's schema (see prisma/schema.prisma). Runs inside the service's own Postgres schema.

CREATE TABLE "meetings" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "tenant_id" UUID NOT NULL,
    "committee_id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "start" TIMESTAMPTZ(3) NOT NULL,
    "end" TIMESTAMPTZ(3) NOT NULL,
    "actual_start" TIMESTAMPTZ(3),
    "ended_at" TIMESTAMPTZ(3),
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'planned',
    "show_motions" BOOLEAN NOT NULL DEFAULT true,
    "allow_in_person" BOOLEAN NOT NULL DEFAULT true,
    "allow_remote" BOOLEAN NOT NULL DEFAULT false,
    "location_name" TEXT,
    "location_address" TEXT,
    "visibility" TEXT NOT NULL DEFAULT 'committee',
    "in_meeting_voting" BOOLEAN NOT NULL DEFAULT true,
    "slug" TEXT NOT NULL,
    "video_provider" TEXT NOT NULL DEFAULT 'none',
    "zoom_id" TEXT,
    "zoom_registration_url" TEXT,
    "video_url" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "meetings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "meetings_status_check" CHECK ("status" IN ('planned', 'in_progress', 'ended')),
    CONSTRAINT "meetings_visibility_check" CHECK ("visibility" IN ('committee', 'open')),
    CONSTRAINT "meetings_video_provider_check" CHECK ("video_provider" IN ('none', 'zoom', 'static'))
);
CREATE UNIQUE INDEX "meetings_tenant_id_id_key" ON "meetings" ("tenant_id", "id");
CREATE UNIQUE INDEX "meetings_tenant_id_committee_id_code_key" ON "meetings" ("tenant_id", "committee_id", "code");
-- Codes are unique per committee whatever their case.
CREATE UNIQUE INDEX "meetings_code_ci" ON "meetings" ("tenant_id", "committee_id", lower("code"));

CREATE TABLE "rsvps" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "tenant_id" UUID NOT NULL,
    "meeting_id" UUID NOT NULL,
    "attendee_type" TEXT NOT NULL,
    "attendee_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "attending" BOOLEAN NOT NULL,
    "attending_via" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "rsvps_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "rsvps_tenant_id_meeting_id_fkey" FOREIGN KEY ("tenant_id", "meeting_id")
        REFERENCES "meetings" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "rsvps_tenant_id_meeting_id_user_id_key" ON "rsvps" ("tenant_id", "meeting_id", "user_id");

CREATE TABLE "attendees" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "tenant_id" UUID NOT NULL,
    "meeting_id" UUID NOT NULL,
    "attendee_type" TEXT NOT NULL,
    "attendee_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "membership_id" UUID,
    "attending_via" TEXT,
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "attendees_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "attendees_tenant_id_meeting_id_fkey" FOREIGN KEY ("tenant_id", "meeting_id")
        REFERENCES "meetings" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "attendees_tenant_id_id_key" ON "attendees" ("tenant_id", "id");
CREATE UNIQUE INDEX "attendees_tenant_id_meeting_id_user_id_key" ON "attendees" ("tenant_id", "meeting_id", "user_id");

CREATE TABLE "check_ins" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "tenant_id" UUID NOT NULL,
    "attendee_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMPTZ(3),
    CONSTRAINT "check_ins_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "check_ins_tenant_id_attendee_id_fkey" FOREIGN KEY ("tenant_id", "attendee_id")
        REFERENCES "attendees" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "check_ins_tenant_id_attendee_id_idx" ON "check_ins" ("tenant_id", "attendee_id");
-- At most one open check-in range per attendee.
CREATE UNIQUE INDEX "check_ins_one_open" ON "check_ins" ("tenant_id", "attendee_id") WHERE "deleted_at" IS NULL;

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
    "demographic_name" TEXT,
    "demographic_is_displayed" BOOLEAN NOT NULL,
    "demographic_motion_filterable" BOOLEAN NOT NULL,
    "demographic_display_prepend" BOOLEAN NOT NULL,
    "demographics" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "committees_pkey" PRIMARY KEY ("tenant_id", "id")
);
CREATE INDEX "committees_tenant_id_code_idx" ON "committees" ("tenant_id", "code");

CREATE TABLE "memberships" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "committee_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "position" TEXT NOT NULL,
    "is_voting" BOOLEAN NOT NULL,
    "demographic" TEXT,
    "appointment_status" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "memberships_pkey" PRIMARY KEY ("tenant_id", "id")
);
CREATE INDEX "memberships_tenant_id_committee_id_idx" ON "memberships" ("tenant_id", "committee_id");

CREATE TABLE "users" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "nrds" TEXT,
    "first_name" TEXT NOT NULL,
    "last_name" TEXT NOT NULL,
    "displayed_first_name" TEXT NOT NULL,
    "nickname" TEXT,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "username" TEXT,
    "profile_display_url" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "users_pkey" PRIMARY KEY ("tenant_id", "id")
);

CREATE TABLE "votes" (
    "tenant_id" UUID NOT NULL,
    "id" TEXT NOT NULL,
    "meeting_id" TEXT,
    "started_at" TIMESTAMPTZ(3),
    "ended_at" TIMESTAMPTZ(3),
    "maximum_responses" INTEGER NOT NULL DEFAULT 1,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "votes_pkey" PRIMARY KEY ("tenant_id", "id")
);
CREATE INDEX "votes_tenant_id_meeting_id_idx" ON "votes" ("tenant_id", "meeting_id");

CREATE TABLE "vote_responses" (
    "tenant_id" UUID NOT NULL,
    "id" TEXT NOT NULL,
    "vote_id" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    CONSTRAINT "vote_responses_pkey" PRIMARY KEY ("tenant_id", "id")
);
CREATE INDEX "vote_responses_tenant_id_vote_id_idx" ON "vote_responses" ("tenant_id", "vote_id");
