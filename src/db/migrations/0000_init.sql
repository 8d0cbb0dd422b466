CREATE TABLE "api_spec_consumers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"api_spec_id" uuid NOT NULL,
	"consumer_component_id" uuid,
	"consumer_team_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_spec_consumers_someone" CHECK ("api_spec_consumers"."consumer_component_id" IS NOT NULL OR "api_spec_consumers"."consumer_team_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "api_specs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"component_id" uuid NOT NULL,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"version" text NOT NULL,
	"spec" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"deprecated_at" timestamp with time zone,
	"sunset_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"display_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"roles" text[] DEFAULT '{"user"}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "components" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"owner" text,
	"lifecycle" text DEFAULT 'experimental' NOT NULL,
	"description" text,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"annotations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"team_id" uuid,
	"gitops_app" text,
	"workload_status" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_widgets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dashboard_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"grid_x" integer DEFAULT 0 NOT NULL,
	"grid_y" integer DEFAULT 0 NOT NULL,
	"grid_w" integer DEFAULT 4 NOT NULL,
	"grid_h" integer DEFAULT 3 NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"visibility" text DEFAULT 'private' NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deployments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"component_id" uuid NOT NULL,
	"environment_id" uuid NOT NULL,
	"version" text NOT NULL,
	"status" text NOT NULL,
	"deployed_by" uuid,
	"pipeline_run_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "environments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
	"run_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident_components" (
	"incident_id" uuid NOT NULL,
	"component_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "incident_components_incident_id_component_id_pk" PRIMARY KEY("incident_id","component_id")
);
--> statement-breakpoint
CREATE TABLE "incident_environments" (
	"incident_id" uuid NOT NULL,
	"environment_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "incident_environments_incident_id_environment_id_pk" PRIMARY KEY("incident_id","environment_id")
);
--> statement-breakpoint
CREATE TABLE "incident_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" serial NOT NULL,
	"incident_id" uuid NOT NULL,
	"message" text NOT NULL,
	"author_id" uuid,
	"type" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"severity" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"description" text,
	"commander_user_id" uuid,
	"created_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_mortems" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"incident_id" uuid NOT NULL,
	"root_cause" text NOT NULL,
	"contributing_factors" text[] DEFAULT '{}'::text[] NOT NULL,
	"action_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"body" text,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_members" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_members_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"display_name" text,
	"type" text NOT NULL,
	"description" text,
	"contact_email" text,
	"chat_channel" text,
	"metadata" jsonb,
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
ALTER TABLE "api_spec_consumers" ADD CONSTRAINT "api_spec_consumers_api_spec_id_api_specs_id_fk" FOREIGN KEY ("api_spec_id") REFERENCES "public"."api_specs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_spec_consumers" ADD CONSTRAINT "api_spec_consumers_consumer_component_id_components_id_fk" FOREIGN KEY ("consumer_component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_spec_consumers" ADD CONSTRAINT "api_spec_consumers_consumer_team_id_teams_id_fk" FOREIGN KEY ("consumer_team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_specs" ADD CONSTRAINT "api_specs_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "components" ADD CONSTRAINT "components_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_widgets" ADD CONSTRAINT "dashboard_widgets_dashboard_id_dashboards_id_fk" FOREIGN KEY ("dashboard_id") REFERENCES "public"."dashboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iac_module_versions" ADD CONSTRAINT "iac_module_versions_module_id_iac_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."iac_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iac_modules" ADD CONSTRAINT "iac_modules_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iac_module_drift" ADD CONSTRAINT "iac_module_drift_module_id_iac_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."iac_modules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iac_resource_edges" ADD CONSTRAINT "iac_resource_edges_stack_id_iac_stacks_id_fk" FOREIGN KEY ("stack_id") REFERENCES "public"."iac_stacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iac_resource_nodes" ADD CONSTRAINT "iac_resource_nodes_stack_id_iac_stacks_id_fk" FOREIGN KEY ("stack_id") REFERENCES "public"."iac_stacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iac_runs" ADD CONSTRAINT "iac_runs_stack_id_iac_stacks_id_fk" FOREIGN KEY ("stack_id") REFERENCES "public"."iac_stacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iac_stacks" ADD CONSTRAINT "iac_stacks_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iac_stacks" ADD CONSTRAINT "iac_stacks_latest_run_id_iac_runs_id_fk" FOREIGN KEY ("latest_run_id") REFERENCES "public"."iac_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_components" ADD CONSTRAINT "incident_components_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_components" ADD CONSTRAINT "incident_components_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_environments" ADD CONSTRAINT "incident_environments_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_environments" ADD CONSTRAINT "incident_environments_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_updates" ADD CONSTRAINT "incident_updates_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_commander_user_id_users_id_fk" FOREIGN KEY ("commander_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_mortems" ADD CONSTRAINT "post_mortems_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scaffold_requests" ADD CONSTRAINT "scaffold_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_templates" ADD CONSTRAINT "service_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_spec_consumers_spec_component_key" ON "api_spec_consumers" USING btree ("api_spec_id","consumer_component_id") WHERE "api_spec_consumers"."consumer_component_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "api_spec_consumers_spec_team_key" ON "api_spec_consumers" USING btree ("api_spec_id","consumer_team_id") WHERE "api_spec_consumers"."consumer_team_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "api_spec_consumers_component_idx" ON "api_spec_consumers" USING btree ("consumer_component_id");--> statement-breakpoint
CREATE INDEX "api_spec_consumers_team_idx" ON "api_spec_consumers" USING btree ("consumer_team_id");--> statement-breakpoint
CREATE INDEX "api_spec_consumers_spec_created_idx" ON "api_spec_consumers" USING btree ("api_spec_id","created_at","id");--> statement-breakpoint
CREATE INDEX "api_specs_component_name_idx" ON "api_specs" USING btree ("component_id","name","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "components_name_kind_key" ON "components" USING btree ("name","kind");--> statement-breakpoint
CREATE INDEX "components_name_id_idx" ON "components" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "components_kind_name_idx" ON "components" USING btree ("kind","name","id");--> statement-breakpoint
CREATE INDEX "components_team_name_idx" ON "components" USING btree ("team_id","name","id");--> statement-breakpoint
CREATE INDEX "components_owner_idx" ON "components" USING btree ("owner");--> statement-breakpoint
CREATE INDEX "dashboard_widgets_dashboard_idx" ON "dashboard_widgets" USING btree ("dashboard_id","created_at");--> statement-breakpoint
CREATE INDEX "dashboards_created_idx" ON "dashboards" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "dashboards_owner_created_idx" ON "dashboards" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "dashboards_visibility_created_idx" ON "dashboards" USING btree ("visibility","created_at");--> statement-breakpoint
CREATE INDEX "deployments_component_idx" ON "deployments" USING btree ("component_id","created_at");--> statement-breakpoint
CREATE INDEX "deployments_environment_idx" ON "deployments" USING btree ("environment_id","created_at");--> statement-breakpoint
CREATE INDEX "deployments_created_idx" ON "deployments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "deployments_status_idx" ON "deployments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "environments_order_idx" ON "environments" USING btree ("order","name");--> statement-breakpoint
CREATE UNIQUE INDEX "iac_module_versions_module_version_key" ON "iac_module_versions" USING btree ("module_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "iac_modules_name_provider_key" ON "iac_modules" USING btree ("name","provider");--> statement-breakpoint
CREATE INDEX "iac_modules_source_repo_url_idx" ON "iac_modules" USING btree ("source_repo_url");--> statement-breakpoint
CREATE INDEX "iac_modules_component_idx" ON "iac_modules" USING btree ("component_id");--> statement-breakpoint
CREATE INDEX "iac_module_drift_detected_seq_idx" ON "iac_module_drift" USING btree ("detected_at","seq");--> statement-breakpoint
CREATE INDEX "iac_runs_stack_started_id_idx" ON "iac_runs" USING btree ("stack_id","started_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "iac_stacks_name_environment_key" ON "iac_stacks" USING btree ("name","environment");--> statement-breakpoint
CREATE INDEX "iac_stacks_environment_name_idx" ON "iac_stacks" USING btree ("environment","name");--> statement-breakpoint
CREATE INDEX "iac_stacks_component_idx" ON "iac_stacks" USING btree ("component_id");--> statement-breakpoint
CREATE INDEX "incident_components_component_idx" ON "incident_components" USING btree ("component_id");--> statement-breakpoint
CREATE INDEX "incident_environments_environment_idx" ON "incident_environments" USING btree ("environment_id");--> statement-breakpoint
CREATE INDEX "incident_updates_incident_idx" ON "incident_updates" USING btree ("incident_id","created_at","seq");--> statement-breakpoint
CREATE INDEX "incident_updates_created_idx" ON "incident_updates" USING btree ("created_at","seq");--> statement-breakpoint
CREATE INDEX "incidents_created_idx" ON "incidents" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "incidents_severity_created_idx" ON "incidents" USING btree ("severity","created_at");--> statement-breakpoint
CREATE INDEX "incidents_status_created_idx" ON "incidents" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "post_mortems_incident_key" ON "post_mortems" USING btree ("incident_id");--> statement-breakpoint
CREATE INDEX "organization_members_user_idx" ON "organization_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_slug_key" ON "organizations" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_name_key" ON "teams" USING btree ("name");--> statement-breakpoint
CREATE INDEX "teams_created_at_idx" ON "teams" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "scaffold_requests_created_idx" ON "scaffold_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "scaffold_requests_requester_created_idx" ON "scaffold_requests" USING btree ("requested_by","created_at","id");--> statement-breakpoint
CREATE INDEX "scaffold_requests_unfinished_idx" ON "scaffold_requests" USING btree ("status") WHERE status IN ('pending', 'in_progress');--> statement-breakpoint
CREATE UNIQUE INDEX "service_templates_name_key" ON "service_templates" USING btree ("name");--> statement-breakpoint
CREATE INDEX "service_templates_language_name_idx" ON "service_templates" USING btree ("language","name");--> statement-breakpoint
CREATE INDEX "service_templates_framework_name_idx" ON "service_templates" USING btree ("framework","name");--> statement-breakpoint
CREATE INDEX "service_templates_org_name_idx" ON "service_templates" USING btree ("organization_id","name");