import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { AuditRecordFields } from './audit.views.js';

/** What a record's hash covers: every column but the hashes themselves (decision 981). */
export interface ChainedBody extends AuditRecordFields {
  chain: string;
  seq: number;
}

/** The chain of records without an organization (sign-ins, global roles, global settings). */
export const GLOBAL_CHAIN = 'global';
/** The `prev_hash` of a chain's first record. */
export const GENESIS_HASH = '0'.repeat(64);

export const chainOf = (organizationId: string | null) => organizationId ?? GLOBAL_CHAIN;

/** SHA-256 over the previous hash and the record's RFC 8785 canonical JSON (decision 981). */
export function recordHash(prevHash: string, body: ChainedBody): string {
  return createHash('sha256')
    .update(prevHash)
    .update(canonicalize(body) ?? '')
    .digest('hex');
}

/** A pruning checkpoint's signature: HMAC-SHA256 with the server's key over its canonical JSON (decision 983). */
export function signCheckpoint(key: string, checkpoint: { chain: string; seq: number; hash: string }): string {
  return createHmac('sha256', key)
    .update(canonicalize({ chain: checkpoint.chain, seq: checkpoint.seq, hash: checkpoint.hash }) ?? '')
    .digest('hex');
}

export function checkpointValid(
  key: string,
  checkpoint: { chain: string; seq: number; hash: string; signature: string },
): boolean {
  const expected = Buffer.from(signCheckpoint(key, checkpoint), 'hex');
  const given = Buffer.from(checkpoint.signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const SECRET_KEY =
  /(secret|password|passphrase|token|credential|authorization|api[-_]?key|private[-_]?key|^value$|^values$)/i;
export const MASK = '***';

/** Secrets never reach a record: any field named like one is replaced by "***", at any depth (decision 982). */
export function maskSecrets<T>(value: T, depth = 0): T {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? MASK : maskSecrets(v, depth + 1);
  return out as T;
}

/** A record's `{field: [before, after]}` with secret fields as "***" and secrets inside values masked (decision 982). */
export function maskChanges(changes: Record<string, [unknown, unknown]>): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const [field, pair] of Object.entries(changes)) {
    const [before, after] = Array.isArray(pair) ? pair : [null, pair];
    out[field] = SECRET_KEY.test(field)
      ? [before == null ? null : MASK, after == null ? null : MASK]
      : [maskSecrets(before), maskSecrets(after)];
  }
  return out;
}
