CREATE TABLE "integration_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"ciphertext" text NOT NULL,
	"iv" text NOT NULL,
	"auth_tag" text NOT NULL,
	"key_id" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ci_webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform" text NOT NULL,
	"delivery_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integration_credentials" ADD CONSTRAINT "integration_credentials_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_credentials_org_type_key" ON "integration_credentials" USING btree ("organization_id","type") WHERE "integration_credentials"."organization_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_credentials_global_type_key" ON "integration_credentials" USING btree ("type") WHERE "integration_credentials"."organization_id" IS NULL;--> statement-breakpoint
CREATE INDEX "integration_credentials_key_idx" ON "integration_credentials" USING btree ("key_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ci_webhook_deliveries_platform_delivery_key" ON "ci_webhook_deliveries" USING btree ("platform","delivery_id");--> statement-breakpoint
CREATE INDEX "ci_webhook_deliveries_received_idx" ON "ci_webhook_deliveries" USING btree ("received_at");
