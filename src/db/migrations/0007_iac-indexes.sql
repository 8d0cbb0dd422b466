DROP INDEX "iac_module_drift_detected_idx";--> statement-breakpoint
DROP INDEX "iac_runs_stack_started_idx";--> statement-breakpoint
CREATE INDEX "iac_module_drift_detected_seq_idx" ON "iac_module_drift" USING btree ("detected_at","seq");--> statement-breakpoint
CREATE INDEX "iac_runs_stack_started_id_idx" ON "iac_runs" USING btree ("stack_id","started_at","id");