-- The association's time zone (IANA name): what "today" means for its meetings. Null: the deployment's
-- MEETINGS_TIME_ZONE.
ALTER TABLE "tenants" ADD COLUMN "time_zone" TEXT;
