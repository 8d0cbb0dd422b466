import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/**
 * The audit log (decisions 980–985). Rows are only ever inserted (and pruned past retention):
 * each organization's records (chain = its id; `global` for records without one) form a SHA-256
 * hash chain in `seq` order. No foreign keys: a record outlives the user or organization it names.
 */
export const auditRecords = pgTable(
  'audit_records',
  {
    id: uuid('id').primaryKey(),
    chain: text('chain').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
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
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('audit_records_chain_seq_key').on(t.chain, t.seq),
    index('audit_records_org_at_idx').on(t.organizationId, t.at.desc(), t.id.desc()),
    index('audit_records_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_records_actor_idx').on(t.actorUserId, t.at.desc()),
    index('audit_records_resource_idx').on(t.resourceType, t.resourceId),
    index('audit_records_action_idx').on(t.action),
  ],
);

/** The last record of each chain: locked by the transaction that appends, so appends of one chain are serial. */
export const auditChainHeads = pgTable('audit_chain_heads', {
  chain: text('chain').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
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
