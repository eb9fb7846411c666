-- The SEQUENCE of the meeting's calendar event (RFC 5545): raised by each edit that changes what its ICS
-- file says (time, name, description, location, link), so a calendar that imported the file takes the new
-- one as an update of the event instead of ignoring it. Existing meetings start at 0, as new ones do.
ALTER TABLE "meetings" ADD COLUMN "calendar_sequence" INTEGER NOT NULL DEFAULT 0;
