-- Versions of what the attendance lists are made of, so a list encoded once can be served until it changes.

CREATE TABLE "list_versions" (
    "tenant_id" UUID NOT NULL,
    "scope" TEXT NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 1,
    CONSTRAINT "list_versions_pkey" PRIMARY KEY ("tenant_id", "scope")
);
