CREATE TABLE "scorecard_exemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scorecard_id" uuid NOT NULL,
	"component_id" uuid NOT NULL,
	"rule_key" text NOT NULL,
	"reason" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scorecard_history" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scorecard_history_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"scorecard_id" uuid NOT NULL,
	"component_id" uuid NOT NULL,
	"level" text,
	"level_index" integer NOT NULL,
	"score" double precision NOT NULL,
	"rules" jsonb NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scorecard_results" (
	"scorecard_id" uuid NOT NULL,
	"component_id" uuid NOT NULL,
	"component_name" text NOT NULL,
	"component_ref" text NOT NULL,
	"team_id" uuid,
	"level" text,
	"level_index" integer NOT NULL,
	"score" double precision NOT NULL,
	"rules" jsonb NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scorecard_results_scorecard_id_component_id_pk" PRIMARY KEY("scorecard_id","component_id")
);
--> statement-breakpoint
CREATE TABLE "scorecards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"filter" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"levels" jsonb NOT NULL,
	"rules" jsonb NOT NULL,
	"builtin_key" text,
	"last_evaluated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scorecard_exemptions" ADD CONSTRAINT "scorecard_exemptions_scorecard_id_scorecards_id_fk" FOREIGN KEY ("scorecard_id") REFERENCES "public"."scorecards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorecard_exemptions" ADD CONSTRAINT "scorecard_exemptions_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorecard_history" ADD CONSTRAINT "scorecard_history_scorecard_id_scorecards_id_fk" FOREIGN KEY ("scorecard_id") REFERENCES "public"."scorecards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorecard_history" ADD CONSTRAINT "scorecard_history_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorecard_results" ADD CONSTRAINT "scorecard_results_scorecard_id_scorecards_id_fk" FOREIGN KEY ("scorecard_id") REFERENCES "public"."scorecards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorecard_results" ADD CONSTRAINT "scorecard_results_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorecard_results" ADD CONSTRAINT "scorecard_results_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorecards" ADD CONSTRAINT "scorecards_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scorecard_exemptions_rule_key" ON "scorecard_exemptions" USING btree ("scorecard_id","component_id","rule_key");--> statement-breakpoint
CREATE INDEX "scorecard_exemptions_component_idx" ON "scorecard_exemptions" USING btree ("component_id","expires_at");--> statement-breakpoint
CREATE INDEX "scorecard_history_component_idx" ON "scorecard_history" USING btree ("component_id","scorecard_id","recorded_at");--> statement-breakpoint
CREATE INDEX "scorecard_history_scorecard_idx" ON "scorecard_history" USING btree ("scorecard_id");--> statement-breakpoint
CREATE INDEX "scorecard_results_level_idx" ON "scorecard_results" USING btree ("scorecard_id","level_index","component_name","component_id");--> statement-breakpoint
CREATE INDEX "scorecard_results_team_idx" ON "scorecard_results" USING btree ("scorecard_id","team_id","component_name","component_id");--> statement-breakpoint
CREATE INDEX "scorecard_results_name_idx" ON "scorecard_results" USING btree ("scorecard_id","component_name","component_id");--> statement-breakpoint
CREATE INDEX "scorecard_results_component_idx" ON "scorecard_results" USING btree ("component_id");--> statement-breakpoint
CREATE INDEX "scorecards_org_name_idx" ON "scorecards" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "scorecards_org_builtin_key" ON "scorecards" USING btree ("organization_id","builtin_key") WHERE "scorecards"."builtin_key" IS NOT NULL;