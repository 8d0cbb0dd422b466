import type { Redis } from 'ioredis';

/**
 * Read-through cache by namespace. `invalidate(ns)` bumps the namespace's version, so every key
 * of it is dropped at once, in every process sharing the store. A load that raced with a write is
 * stored under the version it started with, which nobody reads any more: stale data never sticks.
 */
export interface Cache {
  getOrLoad<T>(ns: string, key: string, ttlS: number, load: () => Promise<T>): Promise<T>;
  invalidate(ns: string): Promise<void>;
  close(): Promise<void>;
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

/** Cache in Redis, shared by every process: a write through one is never hidden by another's copy. */
export class RedisCache implements Cache {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async getOrLoad<T>(ns: string, key: string, ttlS: number, load: () => Promise<T>): Promise<T> {
    if (ttlS <= 0) return load();
    const version = (await this.redis.get(`${this.prefix}:cache:${ns}:version`)) ?? '0';
    const full = `${this.prefix}:cache:${ns}:${version}:${key}`;
    const raw = await this.redis.get(full);
    if (raw !== null) return JSON.parse(raw) as T;
    const value = await load();
    await this.redis.set(full, JSON.stringify(value), 'EX', ttlS);
    return value;
  }

  async invalidate(ns: string) {
    await this.redis.incr(`${this.prefix}:cache:${ns}:version`);
  }

  async close() {}
}
