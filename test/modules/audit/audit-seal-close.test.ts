import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/db/client.js';
import { buildTestApp, createTestDatabase, testDbKind, type TestApp } from '../../helpers/app.js';
import { startTcpProxy, type TcpProxy } from '../../helpers/tcp-proxy.js';

/**
 * An app closes in bounded time while its audit sealer works (decisions 1160–1161), the hang that
 * withdrew the sealer in the full suite (decision 1152): the close waits for the pass under way and
 * no sealer statement follows it; a pass stalled on a silent network, or a fence waiting on the
 * chain's gate, holds the close for seconds at most.
 */
const postgres = testDbKind() === 'postgres';
/** The sealer's statements: its look at the chain's progress, the fence, the sealing transaction. */
const SEALER = /max\(n\)|pg_advisory_xact_lock|pg_try_advisory_xact_lock|"audit_seals"/;
/** A round trip stalled this long would outlast the test: only the sealer's own bounds end it sooner. */
const SLOW_DATABASE_MS = 120_000;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
});

/** Statements the app sends, and a hook run synchronously before one of them goes out. */
function statementLog() {
  const seen: string[] = [];
  let hook: ((s: string) => void) | undefined;
  return {
    seen,
    onQuery: (s: string) => {
      seen.push(s);
      hook?.(s);
    },
    /** Resolves when the next statement matching `pattern` is about to be sent, after running `then`. */
    next(pattern: RegExp, then: () => void = () => {}) {
      return new Promise<void>((resolve) => {
        hook = (s) => {
          if (!pattern.test(s)) return;
          hook = undefined;
          then();
          resolve();
        };
      });
    },
  };
}

const record = (t: TestApp, chain: string) =>
  t.database.db.transaction((tx) =>
    t.app.hangar.audit.record(tx, { organizationId: chain, action: 'test.close', resource: { type: 'test' } }),
  );

async function timed(fn: () => Promise<unknown>) {
  const started = Date.now();
  await fn();
  return Date.now() - started;
}

describe('closing the app while the sealer works', () => {
  it('waits for the pass under way; no sealer statement is sent after the close', async () => {
    const log = statementLog();
    const db = await createTestDatabase(testDbKind(), { onQuery: log.onQuery });
    cleanups.push(() => db.drop());
    const t = await buildTestApp({}, db);
    cleanups.push(() => t.app.close());
    const progress = log.next(/max\(n\)/);
    await record(t, randomUUID());
    // The pass has just looked at the chain; its fence and seals would follow.
    await progress;
    await t.app.close();
    const atClose = log.seen.length;
    await new Promise((r) => setTimeout(r, 500));
    expect(log.seen.slice(atClose).filter((s) => SEALER.test(s))).toEqual([]);
  }, 60_000);

  it.runIf(postgres)(
    'is bounded while a pass waits on a silent network (stalled connection)',
    async () => {
      const log = statementLog();
      const db = await createTestDatabase('postgres');
      cleanups.push(() => db.drop());
      const target = new URL(db.url);
      const proxy: TcpProxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      cleanups.push(() => proxy.close());
      // Every database deadline far beyond the test: nothing but the sealer's and the close's own bounds can end the wait.
      const handle = await openDatabase({
        databaseUrl: proxy.urlFor(db.url),
        dataDir: '',
        poolSize: 5,
        requestTimeoutMs: SLOW_DATABASE_MS,
        statementTimeoutMs: SLOW_DATABASE_MS,
        onQuery: log.onQuery,
      });
      cleanups.push(() => handle.close());
      const t = await buildTestApp({}, { handle, url: db.url, drop: async () => {} });
      cleanups.push(() => t.app.close());
      // The network goes silent just as the pass sends its first statement.
      const stalled = log.next(/max\(n\)/, () => proxy.blackhole());
      await record(t, randomUUID());
      await stalled;
      const ms = await timed(async () => {
        await t.app.close();
        await handle.close();
      });
      // Stop's 2 s for the pass, then the pool's close destroys the stalled connection after 5 s (decision 1161).
      expect(ms).toBeLessThan(9_000);
    },
    60_000,
  );

  it.runIf(postgres)(
    'is bounded while a fence waits on the chain gate held by an open writer',
    async () => {
      const log = statementLog();
      const db = await createTestDatabase('postgres', { onQuery: log.onQuery });
      cleanups.push(() => db.drop());
      const t = await buildTestApp({}, db);
      cleanups.push(() => t.app.close());
      const chain = randomUUID();
      // A writer of the chain on its own connection, its gate held shared and never let go during the test.
      const writer = new pg.Client({ connectionString: db.url });
      await writer.connect();
      cleanups.push(() => writer.end());
      await writer.query('select pg_advisory_lock_shared(36, hashtext($1))', [chain]);
      const fencing = log.next(/pg_advisory_xact_lock\(/);
      await record(t, chain);
      await fencing;
      const ms = await timed(() => t.app.close());
      const atClose = log.seen.length;
      expect(ms).toBeLessThan(2_000);
      // Nothing of the app's pool still waits on the gate, and no later pass fences again.
      await new Promise((r) => setTimeout(r, 500));
      expect(log.seen.slice(atClose).filter((s) => SEALER.test(s))).toEqual([]);
      const waiting = await writer.query(
        "select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())",
      );
      expect(waiting.rows[0].n).toBe(0);
    },
    60_000,
  );
});
