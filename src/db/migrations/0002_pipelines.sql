CREATE TABLE "pipelines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"stages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"organization_id" uuid,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pipeline_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pipeline_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"triggered_by" uuid NOT NULL,
	"version" text DEFAULT 'latest' NOT NULL,
	"commit_sha" text DEFAULT '0000000' NOT NULL,
	"stages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"logs" text DEFAULT '' NOT NULL,
	"log_bytes" integer DEFAULT 0 NOT NULL,
	"stage_results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"resume_at" integer,
	"job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pipelines" ADD CONSTRAINT "pipelines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_runs" ADD CONSTRAINT "pipeline_runs_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pipelines_name_key" ON "pipelines" USING btree ("name");--> statement-breakpoint
CREATE INDEX "pipelines_org_created_idx" ON "pipelines" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pipelines_created_idx" ON "pipelines" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "pipeline_runs_pipeline_created_idx" ON "pipeline_runs" USING btree ("pipeline_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pipeline_runs_created_idx" ON "pipeline_runs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "pipeline_runs_unfinished_idx" ON "pipeline_runs" USING btree ("status") WHERE status IN ('queued', 'running', 'waiting_approval');
