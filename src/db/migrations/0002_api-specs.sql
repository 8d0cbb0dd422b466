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
ALTER TABLE "api_spec_consumers" ADD CONSTRAINT "api_spec_consumers_api_spec_id_api_specs_id_fk" FOREIGN KEY ("api_spec_id") REFERENCES "public"."api_specs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_spec_consumers" ADD CONSTRAINT "api_spec_consumers_consumer_component_id_components_id_fk" FOREIGN KEY ("consumer_component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_spec_consumers" ADD CONSTRAINT "api_spec_consumers_consumer_team_id_teams_id_fk" FOREIGN KEY ("consumer_team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_specs" ADD CONSTRAINT "api_specs_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_spec_consumers_spec_component_key" ON "api_spec_consumers" USING btree ("api_spec_id","consumer_component_id") WHERE "api_spec_consumers"."consumer_component_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "api_spec_consumers_spec_team_key" ON "api_spec_consumers" USING btree ("api_spec_id","consumer_team_id") WHERE "api_spec_consumers"."consumer_team_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "api_spec_consumers_component_idx" ON "api_spec_consumers" USING btree ("consumer_component_id");--> statement-breakpoint
CREATE INDEX "api_spec_consumers_team_idx" ON "api_spec_consumers" USING btree ("consumer_team_id");--> statement-breakpoint
CREATE INDEX "api_spec_consumers_spec_created_idx" ON "api_spec_consumers" USING btree ("api_spec_id","created_at","id");--> statement-breakpoint
CREATE INDEX "api_specs_component_name_idx" ON "api_specs" USING btree ("component_id","name","created_at","id");