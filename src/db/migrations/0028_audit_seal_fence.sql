DROP INDEX "audit_records_chain_txid_idx";--> statement-breakpoint
ALTER TABLE "audit_chain_heads" ADD COLUMN "sealed_through" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Decision 1101: a record's `n` comes from this sequence (cache 1: values handed out in the order they are asked for).
CREATE SEQUENCE "audit_records_n_seq" AS bigint CACHE 1;--> statement-breakpoint
-- The rows already there are numbered as the column is added; the trigger below sets every later one.
ALTER TABLE "audit_records" ADD COLUMN "n" bigint DEFAULT nextval('audit_records_n_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_records" ALTER COLUMN "n" SET DEFAULT 0;--> statement-breakpoint
ALTER SEQUENCE "audit_records_n_seq" OWNED BY "audit_records"."n";--> statement-breakpoint
CREATE INDEX "audit_records_chain_n_idx" ON "audit_records" USING btree ("chain","n");--> statement-breakpoint
-- Decision 1100: every insert, whatever its path, takes its chain's gate shared (to the end of its
-- transaction) before its `n` is drawn; the sealer's fence takes the gate exclusive.
CREATE OR REPLACE FUNCTION hangar_audit_record_gate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(36, hashtext(NEW.chain));
  NEW.n := nextval('audit_records_n_seq');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_records_gate BEFORE INSERT ON audit_records FOR EACH ROW EXECUTE FUNCTION hangar_audit_record_gate();
--> statement-breakpoint
-- Each head's watermark: just below the chain's first record still waiting for its seal, else its last record.
UPDATE "audit_chain_heads" h SET "sealed_through" = COALESCE(
  (SELECT min(r."n") - 1 FROM "audit_records" r WHERE r."chain" = h."chain" AND NOT EXISTS (SELECT 1 FROM "audit_seals" s WHERE s."record_id" = r."id")),
  (SELECT max(r."n") FROM "audit_records" r WHERE r."chain" = h."chain"),
  0);--> statement-breakpoint
ALTER TABLE "audit_chain_heads" DROP COLUMN "horizon";--> statement-breakpoint
ALTER TABLE "audit_records" DROP COLUMN "txid";
