-- The meeting read model keeps the meeting's visibility, so the motions of an open meeting are shown to
-- every signed-in user of the association without asking the meetings service. Rows written before this
-- migration read as the narrower 'committee' until their meeting's next event; until then a viewer who is
-- neither in the committee nor meeting staff is answered by the meetings service (scope.service.ts).
ALTER TABLE "meetings" ADD COLUMN "visibility" TEXT NOT NULL DEFAULT 'committee';
