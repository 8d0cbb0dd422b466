import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/**
 * The audit log (decisions 980–985, 1090–1094, 1100–1104). Rows are only ever inserted (and pruned
 * past retention): each organization's records (chain = its id; `global` for records without one)
 * are inserted in the writer's transaction under the chain's gate held shared (writers run side by
 * side), and sealed afterwards into a SHA-256 hash chain (`audit_seals`). No foreign keys: a record outlives the user or organization it names.
 */
export const auditRecords = pgTable(
  'audit_records',
  {
    id: uuid('id').primaryKey(),
    chain: text('chain').notNull(),
    at: ts('at').notNull(),
    organizationId: uuid('organization_id'),
    actorUserId: uuid('actor_user_id'),
    actorUsername: text('actor_username'),
    actorVia: text('actor_via').notNull(),
    action: text('action').notNull(),
    resourceType: text('resource_type'),
    resourceId: text('resource_id'),
    resourceRef: text('resource_ref'),
    outcome: text('outcome').notNull(),
    statusCode: integer('status_code'),
    requestId: text('request_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>(),
    /**
     * Insertion order, the sealer's order and watermark (decision 1101). Drawn from
     * `audit_records_n_seq` (cache 1) after the chain's gate was taken shared (decision 1100): by the
     * writers' insert itself (decision 1213), or by the BEFORE INSERT trigger `audit_records_gate`
     * (migration `audit_seal_fence`, `WHEN (NEW.n = 0)` since `audit_records_keyset_n`) on every
     * other path; the 0 default is never stored.
     */
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    // Every keyset is on `n`, newest first (decision 1211): `(chain, n)` serves the sealer and an
    // organization's list (its records are its chain), `n` a global admin's, the filters' own
    // indexes end in `n`; `(at, n)` gives a from/to window's `n` range from the index alone.
    index('audit_records_chain_n_idx').on(t.chain, t.n),
    index('audit_records_n_idx').on(t.n),
    index('audit_records_actor_n_idx').on(t.actorUserId, t.n),
    index('audit_records_actor_username_n_idx').on(t.actorUsername, t.n),
    index('audit_records_resource_n_idx').on(t.resourceId, t.n),
    index('audit_records_at_n_idx').on(t.at, t.n),
    // No index on `action`: its filter is a prefix (LIKE 'x%'), which a default btree under a non-C
    // collation never serves, and each index is paid by every write (decision 1162).
  ],
);

/**
 * A record's place in its chain, written once by the sealer (decision 1090): insert-only, so the
 * record row is never updated. `hash = sha256(prev_hash ‖ canonical JSON of the record and its seq)`.
 */
export const auditSeals = pgTable(
  'audit_seals',
  {
    recordId: uuid('record_id').primaryKey(),
    chain: text('chain').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [uniqueIndex('audit_seals_chain_seq_key').on(t.chain, t.seq)],
);

/**
 * The last sealed record of each chain, written only by the chain's sealer (one at a time, under an
 * advisory lock; decision 1102), and the watermark it sealed through: every record of the chain with
 * `n` at or below it is sealed (decision 1101).
 */
export const auditChainHeads = pgTable('audit_chain_heads', {
  chain: text('chain').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
  sealedThrough: bigint('sealed_through', { mode: 'number' }).notNull().default(0),
});

/** Where pruning cut a chain: the last pruned record's seq and hash, signed with the server's key (decision 983). */
export const auditCheckpoints = pgTable(
  'audit_checkpoints',
  {
    chain: text('chain').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    at: ts('at').notNull(),
    signature: text('signature').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chain, t.seq] })],
);
