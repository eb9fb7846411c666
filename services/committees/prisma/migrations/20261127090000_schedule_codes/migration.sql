-- The codes of each committee's meetings and email votes (their addresses under the committee's code), so
-- that renaming a committee onto a code another year's committee uses is refused when a meeting or email vote
-- code of the one matches one of the other's: both would answer at one address. Rows written before this
-- have no code ('') until their meeting or email vote next changes.
ALTER TABLE "committee_meetings" ADD COLUMN "code" TEXT NOT NULL DEFAULT '';
ALTER TABLE "committee_email_votes" ADD COLUMN "code" TEXT NOT NULL DEFAULT '';
