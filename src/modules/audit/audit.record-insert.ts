import { getTableColumns, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { withCommit } from '../../db/commit-with.js';
import { auditRecords } from '../../db/schema/index.js';

// The record's insert (decisions 1162, 1205), out of audit.repository.ts.

type RecordRow = typeof auditRecords.$inferSelect;
/** A record to insert: its changes already as JSON text, built once (decision 1212). */
export type RecordInsert = Omit<RecordRow, 'n' | 'changes'> & { changes: string | null };

/** The inserted columns (all but `n`, which the gate trigger sets). */
const RECORD_KEYS = Object.keys(getTableColumns(auditRecords)).filter((k) => k !== 'n') as (keyof Omit<
  RecordRow,
  'n'
>)[];
/** Every inserted column as a placeholder of the same name: the named insert's values (decision 1162). */
const RECORD_PLACEHOLDERS = Object.fromEntries(RECORD_KEYS.map((k) => [k, sql.placeholder(k)])) as unknown as Omit<
  RecordRow,
  'n'
>;
/**
 * The same insert as plain text, for the statement sent with the COMMIT (decision 1205). It takes the
 * chain's gate shared and then draws `n` itself, in its own statement, as the trigger does (decisions
 * 1100, 1101): the scalar subquery's inner select takes the lock before its outer one calls
 * `nextval`. With `n` set, the trigger (`WHEN (NEW.n = 0)`) is not called: no PL/pgSQL call on the
 * writers' path, while every other insert path still goes through it (decision 1213).
 */
const RECORD_INSERT = `insert into "audit_records" (${RECORD_KEYS.map((k) => `"${auditRecords[k].name}"`).join(', ')}, "n") values (${RECORD_KEYS.map((_, i) => `$${i + 1}`).join(', ')}, (select nextval('audit_records_n_seq') from (select pg_advisory_xact_lock_shared(36, hashtext($${RECORD_KEYS.indexOf('chain') + 1}))) as gate))`;
/** A row's values in RECORD_KEYS order, as the driver sends them (timestamps as ISO 8601, JSON as text). */
const recordValues = (row: RecordInsert) =>
  RECORD_KEYS.map((k) => {
    const v = row[k];
    return v instanceof Date ? v.toISOString() : v;
  });

/**
 * The record; it takes the chain's gate shared and sets `n` (decisions 1100, 1101): by itself when sent
 * with the transaction's COMMIT on PostgreSQL, in one round trip (decisions 1205, 1213); through the
 * trigger on PGlite (and in a savepoint), where it runs at once, a named statement parsed once per
 * connection (decision 1162).
 * `onSent` is told once it has gone in.
 */
export async function insertRecord(tx: Executor, row: RecordInsert, onSent?: () => void): Promise<void> {
  await withCommit(
    tx,
    { name: 'audit_records_commit_insert_n', text: RECORD_INSERT, values: recordValues(row), onSent },
    async () => {
      const changes = row.changes === null ? null : (JSON.parse(row.changes) as RecordRow['changes']);
      await tx
        .insert(auditRecords)
        .values(RECORD_PLACEHOLDERS)
        .prepare('audit_records_insert')
        .execute({ ...row, changes });
    },
  );
}
