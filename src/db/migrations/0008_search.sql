-- 0008_search: ranked search over names (exact, prefix, trigram) beside the catalog's full-text index.
-- pg_trgm ships with PostgreSQL (contrib, a trusted extension) and with PGlite (loaded in src/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "components_name_lower_idx" ON "components" USING btree (lower("name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "components_name_trgm_idx" ON "components" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "catalog_people_name_lower_idx" ON "catalog_people" USING btree (lower("name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "catalog_people_name_trgm_idx" ON "catalog_people" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "teams_name_lower_idx" ON "teams" USING btree (lower("name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "teams_name_trgm_idx" ON "teams" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "service_templates_name_lower_idx" ON "service_templates" USING btree (lower("name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "service_templates_name_trgm_idx" ON "service_templates" USING gin (lower("name") gin_trgm_ops);
