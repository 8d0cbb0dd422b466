ALTER TABLE "deployments" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "revision" text;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "url" text;--> statement-breakpoint
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "components_github_slug_idx" ON "components" USING btree (lower("annotations" ->> 'github.com/project-slug'));--> statement-breakpoint
CREATE INDEX "components_gitlab_slug_idx" ON "components" USING btree (lower("annotations" ->> 'gitlab.com/project-slug'));--> statement-breakpoint
CREATE INDEX "components_argocd_app_idx" ON "components" USING btree (lower("annotations" ->> 'argocd/app-name'));--> statement-breakpoint
CREATE UNIQUE INDEX "deployments_external_key" ON "deployments" USING btree (coalesce("organization_id", '00000000-0000-0000-0000-000000000000'::uuid),"source","external_id") WHERE "deployments"."external_id" IS NOT NULL;