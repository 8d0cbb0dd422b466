-- Decision 1211: every keyset of the audit list and export is on `n`, newest first; the time-ordered keyset indexes go, actor and resource indexes end in `n`, and `(at, n)` gives a from/to window its `n` range.
DROP INDEX "audit_records_org_at_idx";--> statement-breakpoint
DROP INDEX "audit_records_at_idx";--> statement-breakpoint
DROP INDEX "audit_records_actor_idx";--> statement-breakpoint
DROP INDEX "audit_records_resource_idx";--> statement-breakpoint
CREATE INDEX "audit_records_n_idx" ON "audit_records" USING btree ("n");--> statement-breakpoint
CREATE INDEX "audit_records_actor_n_idx" ON "audit_records" USING btree ("actor_user_id","n");--> statement-breakpoint
CREATE INDEX "audit_records_actor_username_n_idx" ON "audit_records" USING btree ("actor_username","n");--> statement-breakpoint
CREATE INDEX "audit_records_resource_n_idx" ON "audit_records" USING btree ("resource_id","n");--> statement-breakpoint
CREATE INDEX "audit_records_at_n_idx" ON "audit_records" USING btree ("at","n");