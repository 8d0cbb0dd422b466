-- 0004_cluster: hand-written SQL; separate statements with drizzle's statement-breakpoint marker line.
CREATE TABLE "orchestrator_rollout_phases" (
	"uid" text PRIMARY KEY NOT NULL,
	"namespace" text NOT NULL,
	"name" text NOT NULL,
	"phase" text NOT NULL,
	"previous_phase" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
