-- Meetings and voting resolve a committee code without a year as this service does: to the current year's
-- committee (contracts' committeeForCode). They learn the current year from evt.committees.current-year.set,
-- written whenever it changes. A tenant whose current year was set before that event existed announces it
-- once here, through the outbox like any event (the service publishes it once it runs). No table changes.
-- The outbox is the service kit's table: where it does not exist yet (`prisma migrate deploy` on an empty
-- database), no year exists either and there is nothing to announce.
DO $$
BEGIN
    IF to_regclass('gavel_outbox') IS NOT NULL THEN
        INSERT INTO gavel_outbox (id, subject, payload, created_at)
        SELECT gen_random_uuid(),
               'evt.committees.current-year.set',
               jsonb_build_object(
                   'tenantId', "tenant_id",
                   'year', "year",
                   'set_at', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
               ),
               clock_timestamp()
        FROM "years"
        WHERE "is_current";
    END IF;
END $$;
