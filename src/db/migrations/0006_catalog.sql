-- 0006_catalog: the Backstage entity model (identity, relations, people, locations) and full-text search.
CREATE OR REPLACE FUNCTION hangar_text_array(text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT coalesce(array_to_string($1, ' '), '') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hangar_entity_ref(ref text, default_kind text, default_namespace text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT CASE WHEN coalesce(ref, '') = '' THEN NULL ELSE (CASE WHEN strpos(ref, ':') > 0 THEN lower(split_part(ref, ':', 1)) ELSE default_kind END) || ':' || (CASE WHEN strpos(r.rest, '/') > 0 THEN r.rest ELSE default_namespace || '/' || r.rest END) END FROM (SELECT CASE WHEN strpos(ref, ':') > 0 THEN substr(ref, strpos(ref, ':') + 1) ELSE ref END AS rest) AS r $$;
--> statement-breakpoint
CREATE TABLE "catalog_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"branch" text DEFAULT '' NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"last_refreshed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_locations_url_branch_path_key" ON "catalog_locations" USING btree ("url","branch","path");
--> statement-breakpoint
CREATE TABLE "catalog_relations" (
	"source_ref" text NOT NULL,
	"type" text NOT NULL,
	"target_ref" text NOT NULL,
	"origin_ref" text NOT NULL,
	CONSTRAINT "catalog_relations_source_ref_type_target_ref_origin_ref_pk" PRIMARY KEY("source_ref","type","target_ref","origin_ref")
);
--> statement-breakpoint
CREATE INDEX "catalog_relations_origin_idx" ON "catalog_relations" USING btree ("origin_ref");
--> statement-breakpoint
CREATE INDEX "catalog_relations_target_idx" ON "catalog_relations" USING btree ("target_ref","type");
--> statement-breakpoint
CREATE TABLE "catalog_people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"namespace" text DEFAULT 'default' NOT NULL,
	"display_name" text,
	"email" text,
	"orphan" boolean DEFAULT false NOT NULL,
	"source_location_id" uuid,
	"source_file" text,
	"entity_hash" text,
	"ref" text GENERATED ALWAYS AS ('user:' || namespace || '/' || name) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_people" ADD CONSTRAINT "catalog_people_source_location_id_catalog_locations_id_fk" FOREIGN KEY ("source_location_id") REFERENCES "public"."catalog_locations"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_people_ref_key" ON "catalog_people" USING btree ("ref");
--> statement-breakpoint
CREATE INDEX "catalog_people_name_idx" ON "catalog_people" USING btree ("name","id");
--> statement-breakpoint
CREATE INDEX "catalog_people_email_idx" ON "catalog_people" USING btree (lower("email"));
--> statement-breakpoint
CREATE INDEX "catalog_people_source_location_idx" ON "catalog_people" USING btree ("source_location_id");
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "namespace" text DEFAULT 'default' NOT NULL;
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "parent_team_id" uuid;
--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_parent_team_id_teams_id_fk" FOREIGN KEY ("parent_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "teams_parent_team_idx" ON "teams" USING btree ("parent_team_id");
--> statement-breakpoint
ALTER TABLE "scaffold_requests" ADD COLUMN "component_id" uuid;
--> statement-breakpoint
ALTER TABLE "scaffold_requests" ADD CONSTRAINT "scaffold_requests_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
DROP INDEX "components_name_kind_key";
--> statement-breakpoint
ALTER TABLE "components" ALTER COLUMN "lifecycle" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "components" ADD COLUMN "namespace" text DEFAULT 'default' NOT NULL;
--> statement-breakpoint
ALTER TABLE "components" ADD COLUMN "entity_kind" text DEFAULT 'Component' NOT NULL;
--> statement-breakpoint
ALTER TABLE "components" ADD COLUMN "type" text;
--> statement-breakpoint
ALTER TABLE "components" ADD COLUMN "title" text;
--> statement-breakpoint
ALTER TABLE "components" ADD COLUMN "system" text;
--> statement-breakpoint
ALTER TABLE "components" ADD COLUMN "labels" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "components" ADD COLUMN "links" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "components" ADD COLUMN "orphan" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "components" ADD COLUMN "source_location_id" uuid;
--> statement-breakpoint
ALTER TABLE "components" ADD COLUMN "source_file" text;
--> statement-breakpoint
ALTER TABLE "components" ADD COLUMN "entity_hash" text;
--> statement-breakpoint
ALTER TABLE "components" ADD COLUMN "definition_hash" text;
--> statement-breakpoint
UPDATE "components" SET "entity_kind" = CASE "kind" WHEN 'api' THEN 'API' WHEN 'system' THEN 'System' WHEN 'domain' THEN 'Domain' WHEN 'resource' THEN 'Resource' ELSE 'Component' END;
--> statement-breakpoint
ALTER TABLE "components" ADD COLUMN "owner_ref" text GENERATED ALWAYS AS (hangar_entity_ref(owner, 'group', namespace)) STORED;
--> statement-breakpoint
ALTER TABLE "components" ADD COLUMN "system_ref" text GENERATED ALWAYS AS (hangar_entity_ref(system, 'system', namespace)) STORED;
--> statement-breakpoint
ALTER TABLE "components" ADD COLUMN "ref" text GENERATED ALWAYS AS (lower(entity_kind) || ':' || namespace || '/' || name) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "components" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, name), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, hangar_text_array(tags)), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "components" ADD CONSTRAINT "components_source_location_id_catalog_locations_id_fk" FOREIGN KEY ("source_location_id") REFERENCES "public"."catalog_locations"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "components_ref_idx" ON "components" USING btree ("ref");
--> statement-breakpoint
CREATE UNIQUE INDEX "components_kind_namespace_name_key" ON "components" USING btree ("kind","namespace","name");
--> statement-breakpoint
CREATE INDEX "components_owner_ref_name_idx" ON "components" USING btree ("owner_ref","name","id");
--> statement-breakpoint
CREATE INDEX "components_entity_kind_name_idx" ON "components" USING btree ("entity_kind","name","id");
--> statement-breakpoint
CREATE INDEX "components_type_name_idx" ON "components" USING btree ("type","name","id");
--> statement-breakpoint
CREATE INDEX "components_lifecycle_name_idx" ON "components" USING btree ("lifecycle","name","id");
--> statement-breakpoint
CREATE INDEX "components_namespace_name_idx" ON "components" USING btree ("namespace","name","id");
--> statement-breakpoint
CREATE INDEX "components_system_name_idx" ON "components" USING btree ("system_ref","name","id");
--> statement-breakpoint
CREATE INDEX "components_orphan_name_idx" ON "components" USING btree ("name","id") WHERE orphan;
--> statement-breakpoint
CREATE INDEX "components_updated_at_idx" ON "components" USING btree ("updated_at","id");
--> statement-breakpoint
CREATE INDEX "components_created_at_idx" ON "components" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "components_source_location_idx" ON "components" USING btree ("source_location_id");
--> statement-breakpoint
CREATE INDEX "components_tags_idx" ON "components" USING gin ("tags");
--> statement-breakpoint
CREATE INDEX "components_search_idx" ON "components" USING gin ("search");
