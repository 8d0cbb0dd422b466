import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client.js';
import { procCpuMs } from './lib.js';

/**
 * Processor time of the PostgreSQL backends serving one database, read from /proc (the server must
 * run on this machine; the bench's default, 127.0.0.1). Backends are found through
 * `pg_stat_activity`; one that exits between two readings takes its time with it (the bench's pool
 * keeps its connections open while it writes). `backendCpu` answers null where /proc or the pids are not readable.
 */
export interface BackendCpu {
  /** A reading of each live backend's time; `since` answers the microseconds used after it. */
  snapshot(): Promise<Map<number, number>>;
  since(before: Map<number, number>): Promise<number>;
}

/** A backend's processor time in µs; undefined once it has exited (or without /proc). */
function cpuUsOf(pid: number): number | undefined {
  try {
    return procCpuMs(`/proc/${pid}/stat`) * 1000;
  } catch {
    return undefined;
  }
}

export async function backendCpu(database: DatabaseHandle): Promise<BackendCpu | null> {
  if (database.kind !== 'postgres') return null;
  const pids = async () => {
    const res = await database.db.execute<{ pid: number }>(
      sql`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
    );
    return res.rows.map((r) => Number(r.pid));
  };
  const first = await pids();
  if (!first.length || cpuUsOf(first[0]!) === undefined) return null;
  const snapshot = async () => {
    const out = new Map<number, number>();
    for (const pid of await pids()) {
      const t = cpuUsOf(pid);
      if (t !== undefined) out.set(pid, t);
    }
    return out;
  };
  return {
    snapshot,
    async since(before) {
      let us = 0;
      // A backend born since counts from 0; one that exited since is lost (the pool keeps its connections).
      for (const [pid, t] of await snapshot()) us += t - (before.get(pid) ?? 0);
      return us;
    },
  };
}
