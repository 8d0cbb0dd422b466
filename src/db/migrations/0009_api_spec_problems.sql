-- 0009_api_spec_problems: structural problems of a registered spec (lenient registration, strict report).
ALTER TABLE "api_specs" ADD COLUMN "problems" jsonb DEFAULT '[]'::jsonb NOT NULL;
