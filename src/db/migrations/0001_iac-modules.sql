CREATE TABLE "iac_module_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"module_id" uuid NOT NULL,
	"version" text NOT NULL,
	"variables_meta" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"outputs_meta" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iac_modules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"provider" text NOT NULL,
	"engine" text,
	"description" text,
	"source_repo_url" text NOT NULL,
	"latest_version" text,
	"component_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "components" ADD COLUMN "workload_status" jsonb;--> statement-breakpoint
ALTER TABLE "iac_module_versions" ADD CONSTRAINT "iac_module_versions_module_id_iac_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."iac_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iac_modules" ADD CONSTRAINT "iac_modules_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "iac_module_versions_module_version_key" ON "iac_module_versions" USING btree ("module_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "iac_modules_name_provider_key" ON "iac_modules" USING btree ("name","provider");--> statement-breakpoint
CREATE INDEX "iac_modules_source_repo_url_idx" ON "iac_modules" USING btree ("source_repo_url");--> statement-breakpoint
CREATE INDEX "iac_modules_component_idx" ON "iac_modules" USING btree ("component_id");