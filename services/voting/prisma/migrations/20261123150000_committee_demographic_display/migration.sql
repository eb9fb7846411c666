-- The committee read model keeps the demographic's name and display settings as well (the email-vote page
-- shows the committee from here, as the meeting page does from the meetings service's copy). Defaults let
-- rows written before this migration, or by an instance not yet updated, stand; the renamed durable
-- consumer (voting-committees-v2, read-models/consumers.ts) replays the retained committee events into them.
ALTER TABLE "committees"
    ADD COLUMN "demographic_name" TEXT,
    ADD COLUMN "demographic_is_displayed" BOOLEAN NOT NULL DEFAULT false,
    ADD COLUMN "demographic_display_prepend" BOOLEAN NOT NULL DEFAULT false;
