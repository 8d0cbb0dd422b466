import type { Redis } from 'ioredis';

/**
 * Read-through cache by namespace. `invalidate(ns)` bumps the namespace's version, so every key
 * of it is dropped at once, in every process sharing the store. A load that raced with a write is
 * stored under the version it started with, which nobody reads any more: stale data never sticks.
 *
 * The cache is never the reason a request fails: a read falls back to the loader when the store is
 * away, and `invalidate` never throws (a write that committed answers as committed). An
 * invalidation that could not reach the store is retried until it does (see RedisCache).
 */
export interface Cache {
  getOrLoad<T>(ns: string, key: string, ttlS: number, load: () => Promise<T>): Promise<T>;
  invalidate(ns: string): Promise<void>;
  close(): Promise<void>;
}

export interface CacheLog {
  warn(obj: object, msg: string): void;
}

/** Cache of one process; used when there is no Redis (and so only one process). */
export class MemoryCache implements Cache {
  private readonly versions = new Map<string, number>();
  private readonly entries = new Map<string, { value: unknown; expires: number }>();
  private static readonly MAX_ENTRIES = 10_000;

  async getOrLoad<T>(ns: string, key: string, ttlS: number, load: () => Promise<T>): Promise<T> {
    if (ttlS <= 0) return load();
    const version = this.versions.get(ns) ?? 0;
    const full = `${ns}:${version}:${key}`;
    const hit = this.entries.get(full);
    if (hit && hit.expires > Date.now()) return hit.value as T;
    const value = await load();
    if ((this.versions.get(ns) ?? 0) === version) {
      if (this.entries.size >= MemoryCache.MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(full, { value, expires: Date.now() + ttlS * 1000 });
    }
    return value;
  }

  async invalidate(ns: string) {
    this.versions.set(ns, (this.versions.get(ns) ?? 0) + 1);
    for (const k of this.entries.keys()) if (k.startsWith(`${ns}:`)) this.entries.delete(k);
  }

  async close() {
    this.entries.clear();
  }
}

const RETRY_MS = 1_000;

/**
 * Cache in Redis, shared by every process: a write through one is never hidden by another's copy.
 *
 * Redis outages and partitions:
 * - reads while this process cannot reach Redis go straight to the loader (the database);
 * - an invalidation that fails is kept as pending: until it reaches Redis this process reads that
 *   namespace around the cache, and retries every second and on reconnect;
 * - every (re)connection bumps a cluster-wide epoch that is part of every key, which drops all
 *   entries in every process. So an invalidation lost for good (its process died while Redis was
 *   away) cannot leave stale entries behind either: the restarted process bumps the epoch on connect.
 */
export class RedisCache implements Cache {
  private readonly pending = new Set<string>();
  private retryTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly onReady = () => void this.reconnected();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly log?: CacheLog,
  ) {
    redis.on('ready', this.onReady);
    if (redis.status === 'ready') void this.reconnected();
  }

  private get epochKey() {
    return `${this.prefix}:cache:epoch`;
  }

  private versionKey(ns: string) {
    return `${this.prefix}:cache:${ns}:version`;
  }

  private get available() {
    return this.redis.status === 'ready' && !this.closed;
  }

  async getOrLoad<T>(ns: string, key: string, ttlS: number, load: () => Promise<T>): Promise<T> {
    if (ttlS <= 0 || this.pending.has(ns) || !this.available) return load();
    let full: string;
    let raw: string | null;
    try {
      const [epoch, version] = await this.redis.mget(this.epochKey, this.versionKey(ns));
      full = `${this.prefix}:cache:${epoch ?? '0'}:${ns}:${version ?? '0'}:${key}`;
      raw = await this.redis.get(full);
    } catch {
      return load();
    }
    // An invalidation of this process may have failed meanwhile: what was read may be stale.
    if (raw !== null && !this.pending.has(ns)) return JSON.parse(raw) as T;
    const value = await load();
    if (!this.pending.has(ns)) await this.redis.set(full, JSON.stringify(value), 'EX', ttlS).catch(() => {});
    return value;
  }

  async invalidate(ns: string) {
    // Pending from now until Redis confirms: this process stops trusting the namespace at once.
    this.pending.add(ns);
    await this.flush(ns);
  }

  private async flush(ns: string): Promise<boolean> {
    if (!this.available) {
      this.scheduleRetry();
      return false;
    }
    try {
      await this.redis.incr(this.versionKey(ns));
      this.pending.delete(ns);
      return true;
    } catch (err) {
      this.log?.warn({ ns, reason: (err as Error).message }, 'cache invalidation did not reach Redis; retrying');
      this.scheduleRetry();
      return false;
    }
  }

  private scheduleRetry() {
    if (this.retryTimer || this.closed) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      for (const ns of [...this.pending]) void this.flush(ns);
    }, RETRY_MS);
    this.retryTimer.unref();
  }

  private async reconnected() {
    if (this.closed) return;
    try {
      await this.redis.incr(this.epochKey);
    } catch {
      // The next 'ready' tries again; until then this process reads around pending namespaces.
    }
    for (const ns of [...this.pending]) await this.flush(ns);
  }

  async close() {
    this.closed = true;
    this.redis.off('ready', this.onReady);
    if (this.retryTimer) clearTimeout(this.retryTimer);
  }
}
