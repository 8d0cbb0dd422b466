CREATE TABLE "dora_changes" (
	"deployment_id" uuid NOT NULL,
	"sha" text NOT NULL,
	"committed_at" timestamp with time zone NOT NULL,
	"organization_id" uuid,
	"component_id" uuid NOT NULL,
	"environment_id" uuid NOT NULL,
	"team_id" uuid,
	"production" boolean NOT NULL,
	"deployed_at" timestamp with time zone NOT NULL,
	"lead_seconds" double precision NOT NULL,
	CONSTRAINT "dora_changes_deployment_id_sha_pk" PRIMARY KEY("deployment_id","sha")
);
--> statement-breakpoint
CREATE TABLE "dora_deployments" (
	"deployment_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid,
	"component_id" uuid NOT NULL,
	"environment_id" uuid NOT NULL,
	"team_id" uuid,
	"production" boolean NOT NULL,
	"version" text NOT NULL,
	"revision" text,
	"previous_deployment_id" uuid,
	"deployed_at" timestamp with time zone NOT NULL,
	"rolled_back_at" timestamp with time zone,
	"changes_status" text DEFAULT 'pending' NOT NULL,
	"changes_error" text,
	"change_count" integer DEFAULT 0 NOT NULL,
	"skewed_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "caused_by_deployment_id" uuid;--> statement-breakpoint
ALTER TABLE "dora_changes" ADD CONSTRAINT "dora_changes_deployment_id_dora_deployments_deployment_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."dora_deployments"("deployment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dora_deployments" ADD CONSTRAINT "dora_deployments_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dora_deployments" ADD CONSTRAINT "dora_deployments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dora_deployments" ADD CONSTRAINT "dora_deployments_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dora_deployments" ADD CONSTRAINT "dora_deployments_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dora_changes_org_prod_idx" ON "dora_changes" USING btree ("organization_id","production","deployed_at","lead_seconds");--> statement-breakpoint
CREATE INDEX "dora_changes_component_idx" ON "dora_changes" USING btree ("component_id","deployed_at","lead_seconds");--> statement-breakpoint
CREATE INDEX "dora_changes_team_idx" ON "dora_changes" USING btree ("team_id","deployed_at","lead_seconds");--> statement-breakpoint
CREATE INDEX "dora_changes_environment_idx" ON "dora_changes" USING btree ("environment_id","deployed_at","lead_seconds");--> statement-breakpoint
CREATE INDEX "dora_deployments_org_prod_idx" ON "dora_deployments" USING btree ("organization_id","production","deployed_at","deployment_id","rolled_back_at","changes_status");--> statement-breakpoint
CREATE INDEX "dora_deployments_component_idx" ON "dora_deployments" USING btree ("component_id","deployed_at");--> statement-breakpoint
CREATE INDEX "dora_deployments_team_idx" ON "dora_deployments" USING btree ("team_id","deployed_at");--> statement-breakpoint
CREATE INDEX "dora_deployments_environment_idx" ON "dora_deployments" USING btree ("environment_id","deployed_at");--> statement-breakpoint
CREATE INDEX "dora_deployments_pending_idx" ON "dora_deployments" USING btree ("deployment_id") WHERE changes_status = 'pending';--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_caused_by_deployment_id_deployments_id_fk" FOREIGN KEY ("caused_by_deployment_id") REFERENCES "public"."deployments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incidents_caused_by_deployment_idx" ON "incidents" USING btree ("caused_by_deployment_id") WHERE caused_by_deployment_id IS NOT NULL;