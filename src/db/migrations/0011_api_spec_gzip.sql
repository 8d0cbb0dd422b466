-- 0011_api_spec_gzip: the raw spec kept gzip'd (decision 309); rows stored before keep their text.
ALTER TABLE "api_specs" ALTER COLUMN "spec" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "api_specs" ADD COLUMN "spec_gzip" "bytea";--> statement-breakpoint
ALTER TABLE "api_specs" ADD CONSTRAINT "api_specs_content" CHECK ("api_specs"."spec" IS NOT NULL OR "api_specs"."spec_gzip" IS NOT NULL);