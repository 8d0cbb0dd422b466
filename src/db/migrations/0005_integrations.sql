-- 0005_integrations: hand-written SQL; separate statements with drizzle's statement-breakpoint marker line.
CREATE TABLE "policy_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"component_id" uuid NOT NULL,
	"policy_path" text NOT NULL,
	"allowed" boolean NOT NULL,
	"violations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"evaluated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "component_search_indices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"component_id" uuid NOT NULL,
	"organization_id" uuid,
	"index_pattern" text NOT NULL,
	"search_url" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cost_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"component_id" uuid NOT NULL,
	"window" text NOT NULL,
	"cpu_cost" double precision NOT NULL,
	"memory_cost" double precision NOT NULL,
	"pv_cost" double precision NOT NULL,
	"network_cost" double precision NOT NULL,
	"total_cost" double precision NOT NULL,
	"currency" text NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "component_vulnerabilities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"component_id" uuid NOT NULL,
	"cve_id" text NOT NULL,
	"severity" text NOT NULL,
	"package" text NOT NULL,
	"version" text NOT NULL,
	"fixed_version" text,
	"description" text,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_routes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_id" text NOT NULL,
	"gateway_type" text NOT NULL,
	"name" text NOT NULL,
	"paths" text[] DEFAULT '{}' NOT NULL,
	"methods" text[] DEFAULT '{}' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"probe_url" text,
	"component_id" uuid,
	"stale" boolean DEFAULT false NOT NULL,
	"stale_since" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_health_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"route_id" uuid NOT NULL,
	"status" text NOT NULL,
	"latency_ms" integer NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "policy_results" ADD CONSTRAINT "policy_results_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_search_indices" ADD CONSTRAINT "component_search_indices_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_search_indices" ADD CONSTRAINT "component_search_indices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_records" ADD CONSTRAINT "cost_records_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_vulnerabilities" ADD CONSTRAINT "component_vulnerabilities_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_routes" ADD CONSTRAINT "gateway_routes_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_health_checks" ADD CONSTRAINT "gateway_health_checks_route_id_gateway_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."gateway_routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policy_results_component_evaluated_idx" ON "policy_results" USING btree ("component_id","evaluated_at");--> statement-breakpoint
CREATE INDEX "component_search_indices_component_idx" ON "component_search_indices" USING btree ("component_id","created_at");--> statement-breakpoint
CREATE INDEX "component_search_indices_org_idx" ON "component_search_indices" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "cost_records_component_synced_idx" ON "cost_records" USING btree ("component_id","synced_at");--> statement-breakpoint
CREATE INDEX "cost_records_synced_idx" ON "cost_records" USING btree ("synced_at");--> statement-breakpoint
CREATE INDEX "component_vulnerabilities_component_idx" ON "component_vulnerabilities" USING btree ("component_id","severity");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_routes_type_external_key" ON "gateway_routes" USING btree ("gateway_type","external_id");--> statement-breakpoint
CREATE INDEX "gateway_routes_name_idx" ON "gateway_routes" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "gateway_routes_component_idx" ON "gateway_routes" USING btree ("component_id");--> statement-breakpoint
CREATE INDEX "gateway_health_checks_route_checked_idx" ON "gateway_health_checks" USING btree ("route_id","checked_at");
