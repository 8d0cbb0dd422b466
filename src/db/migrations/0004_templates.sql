CREATE TABLE "iac_module_drift" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stack_path" text NOT NULL,
	"module_name" text NOT NULL,
	"source_url" text NOT NULL,
	"current_ref" text NOT NULL,
	"latest_ref" text NOT NULL,
	"versions_behind" integer NOT NULL,
	"module_id" uuid,
	"latest_known_version" text,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "iac_module_drift_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iac_resource_edges" (
	"stack_id" uuid NOT NULL,
	"source_address" text NOT NULL,
	"target_address" text NOT NULL,
	CONSTRAINT "iac_resource_edges_pkey" PRIMARY KEY("stack_id","source_address","target_address")
);
--> statement-breakpoint
CREATE TABLE "iac_resource_nodes" (
	"stack_id" uuid NOT NULL,
	"address" text NOT NULL,
	"type" text NOT NULL,
	"provider" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "iac_resource_nodes_pkey" PRIMARY KEY("stack_id","address")
);
--> statement-breakpoint
CREATE TABLE "iac_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stack_id" uuid NOT NULL,
	"stack_name" text NOT NULL,
	"environment" text NOT NULL,
	"provider" text,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"changes_add" integer DEFAULT 0 NOT NULL,
	"changes_change" integer DEFAULT 0 NOT NULL,
	"changes_destroy" integer DEFAULT 0 NOT NULL,
	"triggered_by" text,
	"pipeline_url" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iac_stacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"environment" text NOT NULL,
	"provider" text,
	"repository_url" text,
	"base_path" text,
	"external_tool_url" text,
	"component_id" uuid,
	"latest_run_id" uuid,
	"latest_run_started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scaffold_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"template_name" text NOT NULL,
	"target_repository" text NOT NULL,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_message" text,
	"requested_by" uuid NOT NULL,
	"dry_run" boolean DEFAULT false NOT NULL,
	"rendered_files" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"framework" text NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"repository_url" text NOT NULL,
	"variables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_built_in" boolean DEFAULT false NOT NULL,
	"organization_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "iac_module_drift" ADD CONSTRAINT "iac_module_drift_module_id_iac_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."iac_modules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iac_resource_edges" ADD CONSTRAINT "iac_resource_edges_stack_id_iac_stacks_id_fk" FOREIGN KEY ("stack_id") REFERENCES "public"."iac_stacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iac_resource_nodes" ADD CONSTRAINT "iac_resource_nodes_stack_id_iac_stacks_id_fk" FOREIGN KEY ("stack_id") REFERENCES "public"."iac_stacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iac_runs" ADD CONSTRAINT "iac_runs_stack_id_iac_stacks_id_fk" FOREIGN KEY ("stack_id") REFERENCES "public"."iac_stacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iac_stacks" ADD CONSTRAINT "iac_stacks_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iac_stacks" ADD CONSTRAINT "iac_stacks_latest_run_id_iac_runs_id_fk" FOREIGN KEY ("latest_run_id") REFERENCES "public"."iac_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scaffold_requests" ADD CONSTRAINT "scaffold_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_templates" ADD CONSTRAINT "service_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "iac_module_drift_detected_idx" ON "iac_module_drift" USING btree ("detected_at" DESC NULLS LAST,"seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "iac_runs_stack_started_idx" ON "iac_runs" USING btree ("stack_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "iac_stacks_name_environment_key" ON "iac_stacks" USING btree ("name","environment");--> statement-breakpoint
CREATE INDEX "iac_stacks_environment_name_idx" ON "iac_stacks" USING btree ("environment","name");--> statement-breakpoint
CREATE INDEX "iac_stacks_component_idx" ON "iac_stacks" USING btree ("component_id");--> statement-breakpoint
CREATE INDEX "scaffold_requests_created_idx" ON "scaffold_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "scaffold_requests_requester_created_idx" ON "scaffold_requests" USING btree ("requested_by","created_at","id");--> statement-breakpoint
CREATE INDEX "scaffold_requests_unfinished_idx" ON "scaffold_requests" USING btree ("status") WHERE status IN ('pending', 'in_progress');--> statement-breakpoint
CREATE UNIQUE INDEX "service_templates_name_key" ON "service_templates" USING btree ("name");--> statement-breakpoint
CREATE INDEX "service_templates_language_name_idx" ON "service_templates" USING btree ("language","name");--> statement-breakpoint
CREATE INDEX "service_templates_framework_name_idx" ON "service_templates" USING btree ("framework","name");--> statement-breakpoint
CREATE INDEX "service_templates_org_name_idx" ON "service_templates" USING btree ("organization_id","name");