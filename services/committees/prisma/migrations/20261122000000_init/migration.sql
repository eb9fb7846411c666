-- The committees service's schema (see prisma/schema.prisma). Runs inside the service's own Postgres schema.

CREATE TABLE "years" (
    "tenant_id" UUID NOT NULL,
    "year" INTEGER NOT NULL,
    "is_current" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "years_pkey" PRIMARY KEY ("tenant_id", "year")
);
-- Exactly one current year per tenant: at most one by this index, at least one by the service.
CREATE UNIQUE INDEX "years_one_current" ON "years" ("tenant_id") WHERE "is_current";

CREATE TABLE "committees" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "tenant_id" UUID NOT NULL,
    "guid" UUID NOT NULL DEFAULT gen_random_uuid(),
    "name" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "year" INTEGER,
    "quorum" INTEGER,
    "two_thirds_vote" BOOLEAN NOT NULL DEFAULT false,
    "chair_position" TEXT,
    "vchair_position" TEXT,
    "has_demographic" BOOLEAN NOT NULL DEFAULT false,
    "demographic_name" TEXT,
    "demographic_is_displayed" BOOLEAN NOT NULL DEFAULT false,
    "demographic_motion_filterable" BOOLEAN NOT NULL DEFAULT false,
    "demographic_display_prepend" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "committees_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "committees_tenant_id_id_key" ON "committees" ("tenant_id", "id");
CREATE UNIQUE INDEX "committees_tenant_id_guid_key" ON "committees" ("tenant_id", "guid");
CREATE INDEX "committees_tenant_id_year_idx" ON "committees" ("tenant_id", "year");
-- Code unique per tenant and year (term-based committees share one "no year" bucket).
CREATE UNIQUE INDEX "committees_code_per_year" ON "committees" ("tenant_id", lower("code"), COALESCE("year", 0));

CREATE TABLE "committee_positions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "tenant_id" UUID NOT NULL,
    "committee_id" UUID NOT NULL,
    "position" TEXT NOT NULL,
    "is_voting" BOOLEAN NOT NULL DEFAULT true,
    "sort" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "committee_positions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "committee_positions_tenant_id_committee_id_fkey" FOREIGN KEY ("tenant_id", "committee_id")
        REFERENCES "committees" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "committee_positions_tenant_id_committee_id_position_key"
    ON "committee_positions" ("tenant_id", "committee_id", "position");

CREATE TABLE "committee_demographics" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "tenant_id" UUID NOT NULL,
    "committee_id" UUID NOT NULL,
    "value" TEXT NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "committee_demographics_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "committee_demographics_tenant_id_committee_id_fkey" FOREIGN KEY ("tenant_id", "committee_id")
        REFERENCES "committees" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "committee_demographics_tenant_id_committee_id_value_key"
    ON "committee_demographics" ("tenant_id", "committee_id", "value");

-- Display copy of identity's users (fed by evt.identity.user.*).
CREATE TABLE "member_users" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "nrds" TEXT,
    "first_name" TEXT NOT NULL,
    "last_name" TEXT NOT NULL,
    "displayed_first_name" TEXT NOT NULL,
    "nickname" TEXT,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "profile_display_url" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "member_users_pkey" PRIMARY KEY ("tenant_id", "id")
);

CREATE TABLE "memberships" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "tenant_id" UUID NOT NULL,
    "committee_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "position" TEXT NOT NULL,
    "demographic" TEXT,
    "appointment_status" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "memberships_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "memberships_appointment_status_check" CHECK ("appointment_status" IN ('Accepted', 'Tentative', 'Declined')),
    CONSTRAINT "memberships_tenant_id_committee_id_fkey" FOREIGN KEY ("tenant_id", "committee_id")
        REFERENCES "committees" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "memberships_tenant_id_user_id_fkey" FOREIGN KEY ("tenant_id", "user_id")
        REFERENCES "member_users" ("tenant_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "memberships_tenant_id_id_key" ON "memberships" ("tenant_id", "id");
CREATE UNIQUE INDEX "memberships_tenant_id_committee_id_user_id_key" ON "memberships" ("tenant_id", "committee_id", "user_id");
CREATE INDEX "memberships_tenant_id_user_id_idx" ON "memberships" ("tenant_id", "user_id");

-- Meetings per committee (fed by evt.meetings.meeting.*); no foreign key: events may arrive in any order.
CREATE TABLE "committee_meetings" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "committee_id" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "committee_meetings_pkey" PRIMARY KEY ("tenant_id", "id")
);
CREATE INDEX "committee_meetings_tenant_id_committee_id_idx" ON "committee_meetings" ("tenant_id", "committee_id");
