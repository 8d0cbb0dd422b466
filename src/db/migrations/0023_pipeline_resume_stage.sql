ALTER TABLE "pipeline_runs" ADD COLUMN "job_from" integer;--> statement-breakpoint
UPDATE "pipeline_runs" SET "job_from" = CAST(substring("job_id" from '\.([0-9]+)$') AS integer) WHERE "job_id" IS NOT NULL AND "job_id" ~ '\.[0-9]+$';
