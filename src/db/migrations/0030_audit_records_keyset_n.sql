-- Decision 1211: every keyset of the audit list and export is on `n`, newest first; the time-ordered keyset indexes go, actor and resource indexes end in `n`, and `(at, n)` gives a from/to window its `n` range.
DROP INDEX "audit_records_org_at_idx";--> statement-breakpoint
DROP INDEX "audit_records_at_idx";--> statement-breakpoint
DROP INDEX "audit_records_actor_idx";--> statement-breakpoint
DROP INDEX "audit_records_resource_idx";--> statement-breakpoint
CREATE INDEX "audit_records_n_idx" ON "audit_records" USING btree ("n");--> statement-breakpoint
CREATE INDEX "audit_records_actor_n_idx" ON "audit_records" USING btree ("actor_user_id","n");--> statement-breakpoint
CREATE INDEX "audit_records_actor_username_n_idx" ON "audit_records" USING btree ("actor_username","n");--> statement-breakpoint
CREATE INDEX "audit_records_resource_n_idx" ON "audit_records" USING btree ("resource_id","n");--> statement-breakpoint
CREATE INDEX "audit_records_at_n_idx" ON "audit_records" USING btree ("at","n");--> statement-breakpoint
-- Decision 1213: the writers' insert takes the gate and draws `n` in its own statement; the trigger
-- runs for every other insert path (which leaves `n` at its default 0), without a PL/pgSQL call on the
-- writers' path.
DROP TRIGGER "audit_records_gate" ON "audit_records";--> statement-breakpoint
CREATE TRIGGER "audit_records_gate" BEFORE INSERT ON "audit_records" FOR EACH ROW WHEN (NEW."n" = 0) EXECUTE FUNCTION hangar_audit_record_gate();
