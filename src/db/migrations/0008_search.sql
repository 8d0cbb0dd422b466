-- 0008_search: ranked search over names beside the catalog's full-text index: lower(name) in byte order
-- (exact and prefix matches, read in index order) and its trigrams (typos, partial words).
-- pg_trgm ships with PostgreSQL (contrib, a trusted extension) and with PGlite (loaded in src/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "components_name_lower_idx" ON "components" USING btree ((lower("name") COLLATE "C"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "components_name_trgm_idx" ON "components" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "catalog_people_name_lower_idx" ON "catalog_people" USING btree ((lower("name") COLLATE "C"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "catalog_people_name_trgm_idx" ON "catalog_people" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "teams_name_lower_idx" ON "teams" USING btree ((lower("name") COLLATE "C"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "teams_name_trgm_idx" ON "teams" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "service_templates_name_lower_idx" ON "service_templates" USING btree ((lower("name") COLLATE "C"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "service_templates_name_trgm_idx" ON "service_templates" USING gin (lower("name") gin_trgm_ops);
