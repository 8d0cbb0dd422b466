import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { NotFound } from '../../kernel/errors.js';
import type { OrchestratorPort, WatchedRollout } from './orchestrator.ports.js';
import type { OrchestratorService } from './orchestrator.service.js';

/** Lease lifetime and renewal period: a dead leader is replaced within LEASE_MS. */
const LEASE_MS = 15_000;
const RENEW_MS = 3_000;
/** A cluster that comes back is watched again within this (decision 614: events "within seconds"). */
const MAX_BACKOFF_MS = 10_000;
/** While the Rollout CRD is absent (a cheap 404 list), retry at least this often, so a CRD installed later is watched at once. */
const ABSENT_RETRY_MS = 3_000;
const STABLE_MS = 60_000;
/**
 * A phase whose recording failed (a pool or read timeout of a busy machine) is asked again this many
 * times, RECORD_RETRY_MS apart and doubling; after that the watch is relisted (decision 1066).
 */
const RECORD_ATTEMPTS = 5;
const RECORD_RETRY_MS = 250;

const RENEW =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/**
 * The rollout watch: one process of the cluster (the holder of a Redis lease; alone, the process
 * itself) lists and watches Argo Rollouts and records each phase; a phase that moved is emitted as
 * `rollout.updated` once (the phase row's conditional update decides, even across a leader change).
 * A failed watch is restarted with backoff and a fresh list, so a cluster that comes back, or a
 * Rollout CRD installed later, is picked up without a restart.
 */
export class RolloutWatcher {
  private readonly token = randomUUID();
  private leader = false;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private restartTimer: NodeJS.Timeout | undefined;
  private watch: { stop(): void } | undefined;
  private backoffMs = 1000;
  private startedAt = 0;
  /** Bumped whenever a watch is dropped, so callbacks of an old watch are ignored. */
  private generation = 0;
  /** Changes are recorded one at a time, in the order the API server reported them. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: {
      port: OrchestratorPort;
      service: OrchestratorService;
      redis: Redis | undefined;
      key: string;
      log: FastifyBaseLogger;
    },
  ) {}

  start() {
    void this.tick();
  }

  async close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearTimeout(this.restartTimer);
    this.stopWatch();
    await this.queue.catch(() => {});
    if (this.leader && this.deps.redis)
      await this.deps.redis.eval(RELEASE, 1, this.deps.key, this.token).catch(() => {});
    this.leader = false;
  }

  /** Whether this process holds the lease and watches (for tests and health views). */
  get watching() {
    return this.leader && !!this.watch;
  }

  private async tick() {
    if (this.closed) return;
    try {
      const held = await this.holdLease();
      if (held && !this.leader) {
        this.leader = true;
        this.backoffMs = 1000;
        await this.startWatch();
      } else if (!held && this.leader) {
        this.deps.log.warn('rollout watch: lease lost; another process watches now');
        this.leader = false;
        this.stopWatch();
      }
    } catch (err) {
      this.deps.log.warn({ err }, 'rollout watch: could not renew the lease');
    }
    if (!this.closed && this.deps.redis) {
      this.timer = setTimeout(() => void this.tick(), RENEW_MS);
      this.timer.unref();
    }
  }

  private async holdLease(): Promise<boolean> {
    const { redis, key } = this.deps;
    if (!redis) return true;
    if (this.leader) return (await redis.eval(RENEW, 1, key, this.token, String(LEASE_MS))) === 1;
    return (await redis.set(key, this.token, 'PX', LEASE_MS, 'NX')) === 'OK';
  }

  private async startWatch() {
    if (this.closed || !this.leader) return;
    this.stopWatch();
    const gen = this.generation;
    this.startedAt = Date.now();
    const current = () => gen === this.generation && !this.closed && this.leader;
    try {
      const handle = await this.deps.port.watchRollouts({
        changed: (r) => {
          if (current()) this.enqueue((retrySince) => this.deps.service.rolloutSeen(r, { retrySince }), r);
        },
        deleted: (r) => {
          if (current()) this.enqueue(() => this.deps.service.rolloutGone(r), r);
        },
        failed: (err) => {
          if (current()) this.restart(err);
        },
      });
      if (current()) this.watch = handle;
      else handle.stop();
    } catch (err) {
      if (current()) this.restart(err);
    }
  }

  private enqueue(work: (retrySince: Date | undefined) => Promise<void>, r: WatchedRollout) {
    if (this.closed) return;
    this.queue = this.queue.then(() => this.record(work, r));
  }

  /**
   * A change the watch reported is never dropped (decision 1066): the informer has already moved past
   * it, so a failed write used to lose its `rollout.updated` for good (and the next flip back compared
   * "same"). It is retried in order; `retrySince` tells the service when the first attempt, whose
   * outcome is unknown, started. Still failing, the watch is relisted: the fresh list re-reports every rollout, compared
   * with the stored phases.
   */
  private async record(work: (retrySince: Date | undefined) => Promise<void>, r: WatchedRollout) {
    // Millisecond precision of the stored timestamp: a write in the same millisecond still counts.
    const firstTry = new Date(Date.now() - 1);
    for (let attempt = 0; ; attempt++) {
      try {
        await work(attempt > 0 ? firstTry : undefined);
        return;
      } catch (err) {
        if (this.closed) return;
        if (attempt + 1 >= RECORD_ATTEMPTS) {
          this.deps.log.error(
            { err, rollout: `${r.namespace}/${r.name}` },
            'rollout watch: could not record a phase; relisting',
          );
          if (this.leader) this.restart(err);
          return;
        }
        this.deps.log.warn(
          { err, rollout: `${r.namespace}/${r.name}`, attempt: attempt + 1 },
          'rollout watch: could not record a phase; retrying',
        );
        await new Promise((resolve) => setTimeout(resolve, RECORD_RETRY_MS * 2 ** attempt).unref());
      }
    }
  }

  private restart(err: unknown) {
    this.stopWatch();
    if (this.closed || !this.leader) return;
    // A watch that ran a good while before failing starts the backoff over.
    if (Date.now() - this.startedAt > STABLE_MS) this.backoffMs = 1000;
    const absent = err instanceof NotFound;
    const delay = absent ? Math.min(this.backoffMs, ABSENT_RETRY_MS) : this.backoffMs;
    // Argo Rollouts not installed is a normal state of a cluster, not a warning every few seconds.
    if (absent) this.deps.log.debug({ retryInMs: delay }, 'rollout watch: the Rollout CRD is not installed; retrying');
    else this.deps.log.warn({ err: (err as Error)?.message, retryInMs: delay }, 'rollout watch stopped; restarting');
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => void this.startWatch(), delay);
    this.restartTimer.unref();
    this.backoffMs = Math.min(this.backoffMs * 2, MAX_BACKOFF_MS);
  }

  private stopWatch() {
    this.generation++;
    this.watch?.stop();
    this.watch = undefined;
  }
}
