CREATE TABLE "audit_seals" (
	"record_id" uuid PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"seq" bigint NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
-- Records chained before decision 1090 keep their place: their hashes move into seals, unchanged.
INSERT INTO "audit_seals" ("record_id", "chain", "seq", "prev_hash", "hash") SELECT "id", "chain", "seq", "prev_hash", "hash" FROM "audit_records";--> statement-breakpoint
DROP INDEX "audit_records_chain_seq_key";--> statement-breakpoint
ALTER TABLE "audit_chain_heads" ADD COLUMN "horizon" "xid8";--> statement-breakpoint
ALTER TABLE "audit_records" ADD COLUMN "txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_seals_chain_seq_key" ON "audit_seals" USING btree ("chain","seq");--> statement-breakpoint
CREATE INDEX "audit_records_chain_txid_idx" ON "audit_records" USING btree ("chain","txid");--> statement-breakpoint
ALTER TABLE "audit_records" DROP COLUMN "seq";--> statement-breakpoint
ALTER TABLE "audit_records" DROP COLUMN "prev_hash";--> statement-breakpoint
ALTER TABLE "audit_records" DROP COLUMN "hash";