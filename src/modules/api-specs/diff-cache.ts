/**
 * Serialised diffs of this process, bounded in bytes (not entries): least recently used answers
 * go first once the budget is full, an answer larger than a quarter of the budget is not kept, and
 * each expires after `ttlMs` (an `x-sunset` date may pass). Per process on purpose: a diff is a
 * pure function of two immutable specs, so sharing it through Redis would only move megabytes
 * through the event loop to save a computation the workers do off it.
 */
export class ByteBoundedCache<V> {
  private readonly entries = new Map<string, { value: V; bytes: number; expires: number }>();
  private used = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly ttlMs: number,
    private readonly sizeOf: (v: V) => number,
  ) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    if (hit.expires <= Date.now()) {
      this.used -= hit.bytes;
      return undefined;
    }
    this.entries.set(key, hit); // most recently used last
    return hit.value;
  }

  set(key: string, value: V) {
    const bytes = this.sizeOf(value);
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.used -= old.bytes;
    }
    if (bytes > this.maxBytes / 4) return;
    while (this.used + bytes > this.maxBytes && this.entries.size) {
      const [oldest, entry] = this.entries.entries().next().value!;
      this.entries.delete(oldest);
      this.used -= entry.bytes;
    }
    this.entries.set(key, { value, bytes, expires: Date.now() + this.ttlMs });
    this.used += bytes;
  }

  get bytes() {
    return this.used;
  }
}
