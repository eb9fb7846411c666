-- The association's vote wording and motion default (meetings spec section 9).
ALTER TABLE "tenants"
    ADD COLUMN "abstain_label" TEXT NOT NULL DEFAULT 'Abstain',
    ADD COLUMN "hide_abstain" BOOLEAN NOT NULL DEFAULT false,
    ADD COLUMN "show_vote_progress" BOOLEAN NOT NULL DEFAULT true,
    ADD COLUMN "default_result_visibility" TEXT;
