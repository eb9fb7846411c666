-- The tenant's current year (fed by evt.committees.current-year.*), so a committee code without a year names
-- the current year's committee, as the committees service resolves it (contracts' committeeForCode): the
-- email votes listed and created under /api/admin/committee/{code} are of the committee that page shows. Only
-- the latest change is kept (by set_at, to the microsecond): an older event arriving late changes nothing.
-- Until a tenant's first event arrives, a code resolves as before (term-based, else the most recent year).
CREATE TABLE "current_years" (
    "tenant_id" UUID NOT NULL,
    "year" INTEGER NOT NULL,
    "set_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "current_years_pkey" PRIMARY KEY ("tenant_id")
);
