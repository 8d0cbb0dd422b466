CREATE TABLE "discovery_repositories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"full_name" text NOT NULL,
	"web_url" text NOT NULL,
	"page" text NOT NULL,
	"changed_at" text,
	"file_etag" text,
	"location_id" uuid,
	"last_error" text,
	"seen_scan" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discovery_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"provider" text NOT NULL,
	"base_url" text NOT NULL,
	"owner" text NOT NULL,
	"credential_id" uuid NOT NULL,
	"file_path" text NOT NULL,
	"branch" text,
	"schedule" text NOT NULL,
	"include_archived" boolean DEFAULT false NOT NULL,
	"repository_pattern" text,
	"pages" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_scan" jsonb,
	"last_scan_started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discovery_repositories" ADD CONSTRAINT "discovery_repositories_source_id_discovery_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."discovery_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discovery_repositories" ADD CONSTRAINT "discovery_repositories_location_id_catalog_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."catalog_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discovery_sources" ADD CONSTRAINT "discovery_sources_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discovery_repositories_source_external_key" ON "discovery_repositories" USING btree ("source_id","external_id");--> statement-breakpoint
CREATE INDEX "discovery_repositories_source_page_idx" ON "discovery_repositories" USING btree ("source_id","page");--> statement-breakpoint
CREATE INDEX "discovery_repositories_full_name_idx" ON "discovery_repositories" USING btree ("full_name");--> statement-breakpoint
CREATE INDEX "discovery_sources_org_idx" ON "discovery_sources" USING btree ("organization_id","created_at");