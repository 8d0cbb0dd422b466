ALTER TABLE "pipelines" ADD COLUMN "component_id" uuid;--> statement-breakpoint
ALTER TABLE "pipelines" ADD CONSTRAINT "pipelines_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pipelines_component_idx" ON "pipelines" USING btree ("component_id");