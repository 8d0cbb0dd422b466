-- 0001_foundation: hand-written SQL; separate statements with drizzle's statement-breakpoint marker line.
-- IaC modules: tags that could not be read on the last sync, kept beside the versions that could.
ALTER TABLE "iac_modules" ADD COLUMN "failed_versions" jsonb DEFAULT '[]'::jsonb NOT NULL;
