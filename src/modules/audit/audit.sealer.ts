import type { Database } from '../../db/client.js';
import { withJobDeadline } from '../../db/deadline.js';
import { GENESIS_HASH, recordHash, type ChainedBody } from './audit.chain.js';
import { pgErrorCode } from '../../kernel/db-errors.js';
import { auditRepository as repo, type RecordRow, type SealRow } from './audit.repository.js';
import { recordFields } from './audit.views.js';

/** Records sealed per statement batch: bounds one sealing transaction's memory. */
const BATCH = 2_000;
/** How soon after a record the sealer first looks, and how long it keeps looking after the last one. */
const FIRST_DELAY_MS = 50;
const MAX_DELAY_MS = 500;
const KEEP_LOOKING_MS = 2_000;
/**
 * After a pass that sealed, the next one: each fence makes the chain's arriving writers wait for the
 * writers already inside (decision 1103), so under a steady stream passes run a second apart
 * (decision 1163; was 200 ms). Verify and pruning seal first, so nothing waits for this.
 */
const SEAL_INTERVAL_MS = 1_000;
/** A chain whose writer stays open (the fence timed out) is tried again at most this often once its writes stop. */
const BUSY_MAX_DELAY_MS = 5_000;
/** SQLSTATE lock_not_available: the fence's lock_timeout expired. */
const LOCK_NOT_AVAILABLE = '55P03';
/**
 * Each round trip of a pass gives up after this long, whatever the context that nudged it (a job's
 * deadline is the statement timeout plus 2 s, 32 s by default): a stalled connection is dropped instead
 * of holding a pooled client (decision 1161). A request's deadline; a pass's statements take milliseconds.
 */
export const PASS_ROUND_TRIP_MS = 10_000;
/** How long `stop()` waits for the passes under way before the app's close goes on (decision 1160). */
export const STOP_DEADLINE_MS = 2_000;

/** Thrown inside a pass once the sealer is stopped: the pass ends before its next statement. */
class SealerStopped extends Error {
  constructor() {
    super('the audit sealer is stopped');
  }
}

/** The hashed body of a record at a place in its chain (decision 981: every column but the hashes). */
export function chainedBody(r: RecordRow, seq: number): ChainedBody {
  return { ...recordFields(r), chain: r.chain, seq };
}

export interface SealerLog {
  error(obj: object, msg: string): void;
}

/** The fence's answer, or 'busy' when a writer of the chain stayed open past the fence's timeout. */
async function fence(db: Database, chain: string): Promise<number | null | 'busy'> {
  try {
    return await db.transaction((tx) => repo.fence(tx, chain));
  } catch (err) {
    if (pgErrorCode(err) === LOCK_NOT_AVAILABLE) return 'busy';
    throw err;
  }
}

/** One batch under the chain's sealer lock: how many records it sealed and whether it reached `through`, or null when another sealer held the chain. */
async function sealBatch(
  db: Database,
  chain: string,
  through: number,
): Promise<{ sealed: number; done: boolean } | null> {
  return db.transaction(async (tx) => {
    if (!(await repo.trySealerLock(tx, chain))) return null;
    const head = await repo.head(tx, chain);
    const after = head?.sealedThrough ?? 0;
    if (after >= through) return { sealed: 0, done: true };
    const rows = await repo.unsealed(tx, chain, after, through, BATCH);
    let seq = head?.seq ?? 0;
    let prev = head?.hash ?? GENESIS_HASH;
    const seals: SealRow[] = rows.map((r) => {
      seq++;
      const hash = recordHash(prev, chainedBody(r, seq));
      const s = { recordId: r.id, chain, seq, prevHash: prev, hash };
      prev = hash;
      return s;
    });
    await repo.insertSeals(tx, seals);
    // A full batch moves the watermark to its last record; the last batch to the fence's `n`.
    const done = rows.length < BATCH;
    await repo.saveHead(tx, { chain, seq, hash: prev, sealedThrough: done ? through : rows.at(-1)!.n });
    return { sealed: rows.length, done };
  });
}

/**
 * One pass over a chain: answers the records sealed, or -1 when the chain was busy (tried again later).
 * `check` throws once the sealer is stopped: the pass ends before its next statement (decision 1160).
 */
async function sealPass(db: Database, chain: string, check: () => void): Promise<number> {
  check();
  // Nothing committed past the watermark: no fence, so idle chains never make their writers wait.
  const { last, sealedThrough } = await repo.progress(db, chain);
  if (last === null || last <= sealedThrough) return 0;
  check();
  const through = await fence(db, chain);
  if (through === 'busy') return -1;
  if (through === null || through <= sealedThrough) return 0;
  let total = 0;
  for (;;) {
    check();
    const batch = await sealBatch(db, chain, through);
    if (!batch) return total === 0 ? -1 : total;
    total += batch.sealed;
    if (batch.done) return total;
  }
}

/** Waits for `promises` to settle, at most `ms`. */
async function settleWithin(promises: Promise<unknown>[], ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.allSettled(promises), new Promise((r) => (timer = setTimeout(r, ms)))]);
  clearTimeout(timer);
}

/**
 * Seals each chain after its writers commit (decisions 1090, 1100–1102). Writers insert their record
 * holding the chain's gate shared. A pass first fences the chain (the gate exclusive for an instant:
 * no writer of the chain is open then, so every record up to the chain's last `n` is final and any
 * later one gets a larger `n`), then, as the chain's one sealer, appends the unsealed records up to
 * that `n` in `n` order. Nothing outside the chain's own writers holds a pass back.
 */
export function createSealer(db: Database, log: SealerLog) {
  let stopped = false;
  /** Passes under way (timer-driven, verify's, the sweep's): `stop()` waits for them (decision 1160). */
  const inFlight = new Set<Promise<number>>();
  const check = () => {
    if (stopped) throw new SealerStopped();
  };

  /** A pass with bounded round trips, tracked until it ends; 0 once stopped. */
  function seal(chain: string): Promise<number> {
    if (stopped) return Promise.resolve(0);
    const run = withJobDeadline(() => sealPass(db, chain, check), PASS_ROUND_TRIP_MS).catch((err: unknown) => {
      if (err instanceof SealerStopped) return 0;
      throw err;
    });
    inFlight.add(run);
    const done = () => inFlight.delete(run);
    run.then(done, done);
    return run;
  }

  const lastNudge = new Map<string, number>();
  /**
   * Each chain's state: a pass running (`true`), or waiting on its timer, with when it fires and whether
   * it is a back-off a nudge may shorten.
   */
  const running = new Map<string, { timer: NodeJS.Timeout; at: number; backOff: boolean } | true>();

  /** Keeps sealing the chain, backing off, until nothing was sealed for a while after its last record. */
  function schedule(chain: string, delay: number, backOff = true) {
    const timer = setTimeout(() => {
      running.set(chain, true);
      seal(chain)
        .catch((err: unknown) => {
          log.error({ err, chain }, 'could not seal audit records');
          return 0;
        })
        .then((sealed) => {
          running.delete(chain);
          if (stopped) return;
          const recent = Date.now() - (lastNudge.get(chain) ?? 0) < KEEP_LOOKING_MS;
          if (sealed > 0) schedule(chain, SEAL_INTERVAL_MS, false);
          else if (recent) schedule(chain, Math.min(delay * 2, MAX_DELAY_MS));
          else if (sealed < 0) schedule(chain, Math.min(delay * 2, BUSY_MAX_DELAY_MS));
          else lastNudge.delete(chain);
        });
    }, delay);
    timer.unref();
    running.set(chain, { timer, at: Date.now() + delay, backOff });
  }

  return {
    seal,

    /** A record was written to `chain` (its transaction may not have committed yet): seal soon. */
    nudge(chain: string) {
      if (stopped) return;
      lastNudge.set(chain, Date.now());
      const state = running.get(chain);
      if (state === undefined) schedule(chain, FIRST_DELAY_MS);
      else if (state !== true) {
        // A long back-off is cut short; a pass already due soon, or the interval after a pass that
        // sealed, is left alone: records arriving every few ms must not keep putting it off (decision 1213).
        if (state.backOff && state.at > Date.now() + FIRST_DELAY_MS) {
          clearTimeout(state.timer);
          schedule(chain, FIRST_DELAY_MS);
        }
      }
    },

    /** Every chain with work, once (the periodic job: records of a process that stopped before sealing). */
    async sealAll(): Promise<number> {
      if (stopped) return 0;
      let total = 0;
      const chains = await withJobDeadline(() => repo.chainsToSeal(db), PASS_ROUND_TRIP_MS);
      for (const chain of chains) total += Math.max(0, await seal(chain));
      return total;
    },

    /**
     * No new pass nor statement; waits (at most `deadlineMs`) for the passes under way, each of which
     * ends before its next statement, so no pass holds a pooled client once the app's close goes on to
     * the database (decision 1160). A round trip stalled past the deadline is dropped by its own
     * deadline (PASS_ROUND_TRIP_MS) or by the database's bounded close (decision 1161).
     */
    async stop(deadlineMs = STOP_DEADLINE_MS): Promise<void> {
      stopped = true;
      for (const state of running.values()) if (state !== true) clearTimeout(state.timer);
      running.clear();
      if (inFlight.size) await settleWithin([...inFlight], deadlineMs);
    },

    /** Passes under way (tests). */
    get passes(): number {
      return inFlight.size;
    },
  };
}

export type Sealer = ReturnType<typeof createSealer>;
