import type { Database } from '../../db/client.js';
import { GENESIS_HASH, checkpointValid, recordHash } from './audit.chain.js';
import { auditRepository as repo } from './audit.repository.js';
import { chainedBody, type Sealer } from './audit.sealer.js';

// Verifying a chain (decision 1170: cut out of createAuditService).

export function chainVerifier(db: Database, checkpointKey: string, sealer: Sealer) {
  /** The hash the record `seq` must follow: its predecessor's, a signed checkpoint's, or the genesis hash. */
  async function startHash(
    chain: string,
    seq: number,
  ): Promise<string | { id: null; seq: number; at: null; reason: string }> {
    if (seq === 1) return GENESIS_HASH;
    const previous = await repo.sealBySeq(db, chain, seq - 1);
    if (previous) return previous.hash;
    const checkpoint = await repo.checkpointBefore(db, chain, seq - 1);
    if (!checkpoint || checkpoint.seq !== seq - 1)
      return { id: null, seq: seq - 1, at: null, reason: `record ${seq - 1} is missing and no checkpoint covers it` };
    if (!checkpointValid(checkpointKey, checkpoint))
      return { id: null, seq: checkpoint.seq, at: null, reason: 'the pruning checkpoint signature does not match' };
    return checkpoint.hash;
  }

  /**
   * Seals what has committed, then walks the chain from `from` to `to` (decisions 983, 1092): each
   * seal's hash must be the SHA-256 of its predecessor's and its record's canonical JSON, with no seq
   * missing; before the first seal left after pruning, its signed checkpoint stands in. Records still
   * waiting for their seal (their transaction, or another writer of the chain, still open) are counted
   * as `pending`, not as tampered.
   */
  return async function verify(chain: string, range: { from?: Date; to?: Date }) {
    const pending = await sealCommitted(chain);
    const first = await repo.firstSeq(db, chain, range.from);
    if (first === undefined) return { ok: true, checked: 0, pending, firstBad: null };
    // Read before the seals: every seal up to the head's seq is then visible to the walk (decision 1092).
    const head = range.to ? undefined : await repo.head(db, chain);
    let prev = await startHash(chain, first);
    if (typeof prev !== 'string') return { ok: false, checked: 0, pending, firstBad: prev };
    let expectedSeq = first;
    let checked = 0;
    const missing = (seq: number) => ({
      ok: false,
      checked,
      pending,
      firstBad: { id: null, seq, at: null, reason: `record ${seq} is missing` },
    });
    for (;;) {
      const rows = await repo.sealedSlice(db, chain, expectedSeq - 1, 1000);
      for (const { seal, record } of rows) {
        const bad = (reason: string) => ({
          ok: false,
          checked,
          pending,
          firstBad: { id: seal.recordId, seq: seal.seq, at: record?.at.toISOString() ?? null, reason },
        });
        if (seal.seq !== expectedSeq) return missing(expectedSeq);
        if (!record) return bad(`record ${seal.seq} is missing`);
        if (range.to && record.at > range.to) return { ok: true, checked, pending, firstBad: null };
        if (seal.prevHash !== prev) return bad('its previous hash does not match the record before it');
        if (recordHash(prev, chainedBody(record, seal.seq)) !== seal.hash)
          return bad('its contents do not match its hash');
        prev = seal.hash;
        expectedSeq++;
        checked++;
      }
      if (rows.length < 1000) break;
    }
    // A tail cut off with its seals still leaves the head further on.
    if (head && head.seq >= expectedSeq) return missing(expectedSeq);
    return { ok: true, checked, pending, firstBad: null };
  };

  /** A writer of the chain still open makes the fence wait (decision 1100): a few short tries. */
  async function sealCommitted(chain: string): Promise<number> {
    let pending = 0;
    for (let attempt = 0; attempt < 5; attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, 100));
      await sealer.seal(chain);
      pending = await repo.pending(db, chain);
      if (pending === 0) break;
    }
    return pending;
  }
}
