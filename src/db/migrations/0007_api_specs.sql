-- 0007_api_specs: the stored, validated document of a spec (diffs never parse YAML again) and its content hash.
ALTER TABLE "api_specs" ADD COLUMN "document" text;
--> statement-breakpoint
ALTER TABLE "api_specs" ADD COLUMN "content_sha256" text;
