import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { commitBatcher, type CommitBatcher } from './commit-with.js';
import { jobDeadline } from './deadline.js';
import { endPool, openClients } from './pool-close.js';
import * as schema from './schema/index.js';

export type Database = NodePgDatabase<typeof schema>;
/** A database or an open transaction: what repositories run their queries on. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` while holding a cluster-wide lock (advisory lock on PostgreSQL). `fn` receives a
   * database bound to the locked session, which has no statement timeout (migrations use it).
   */
  withLock<T>(key: string, fn: (db: Database) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Where connection-level trouble is reported (never with query parameters). */
export interface DatabaseLog {
  warn(obj: object, msg: string): void;
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** Tests: start the embedded database from a dump of an already migrated one. */
  pgliteDump?: Blob;
  poolSize?: number;
  /** Server-side `statement_timeout`; a job's round trips give up (and drop the connection) shortly after. */
  statementTimeoutMs?: number;
  /** Client-side deadline of one round trip made for a request (decision 408): 503 instead of a hang. */
  requestTimeoutMs?: number;
  /** How long to wait for a new connection (or a free pooled one) before answering 503. */
  connectTimeoutMs?: number;
  log?: DatabaseLog;
  /** Told the text of every statement the query builder sends (tests count queries with it; decision 956). */
  onQuery?: (statement: string) => void;
  /** Bound of `close()` before the remaining connections are destroyed (decision 1161). */
  closeTimeoutMs?: number;
}

/** Drizzle's logger, only when someone listens (the parameters are never handed over). */
const queryLogger = (onQuery: DatabaseOptions['onQuery']) =>
  onQuery ? { logger: { logQuery: (statement: string) => onQuery(statement) } } : {};

export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
/**
 * How long closing the pool waits for connections still checked out (decision 1161). Past it their
 * sockets are destroyed: a query stalled on a silent network, or a client whose goodbye the peer never
 * acknowledges, must not hold the process's shutdown.
 */
export const DEFAULT_CLOSE_TIMEOUT_MS = 5_000;
// The client-side read timeout fires this long after the server's statement_timeout should have:
// a statement the server cancelled answers 57014 first; only a silent network trips this one.
const READ_TIMEOUT_MARGIN_MS = 2_000;

/** `DATABASE_URL` unset or `memory://`: the embedded database (PGlite); `postgres://…`: a server. */
export const isEmbeddedDatabase = (databaseUrl: string | undefined) => !databaseUrl?.startsWith('postgres');

export async function openDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  if (!isEmbeddedDatabase(opts.databaseUrl)) return openPostgres(opts.databaseUrl!, opts);
  return openPglite(opts);
}

const isReadTimeout = (err: unknown) => err instanceof Error && err.message === 'Query read timeout';

/**
 * Guards one pg client for its whole life, checked out or idle:
 * - an `'error'` listener, so a connection dying under a transaction (failover, restart, reset)
 *   fails that transaction's queries instead of crashing the process (the pool's own listener only
 *   covers idle clients);
 * - on a client-side read timeout the socket is destroyed: the unanswered query would otherwise stay
 *   active on the connection and block every later query of whoever gets it from the pool next.
 */
/**
 * Inside a job (`withJobDeadline`) a query config object gets the job's `query_timeout` instead of
 * the pool's request deadline. Set where the query is issued, in the caller's async context.
 */
function withDeadline(args: unknown[], statementTimeoutMs: number): unknown[] {
  const job = jobDeadline();
  const config = args[0];
  if (
    !job ||
    typeof config !== 'object' ||
    config === null ||
    Object.getPrototypeOf(config) !== Object.prototype ||
    'query_timeout' in config
  )
    return args;
  return [{ ...config, query_timeout: job.timeoutMs ?? statementTimeoutMs + READ_TIMEOUT_MARGIN_MS }, ...args.slice(1)];
}

function guardClient(
  client: pg.Client,
  log: DatabaseLog | undefined,
  statementTimeoutMs: number,
  batcher: CommitBatcher,
) {
  let reported = false;
  client.on('error', (err: Error & { code?: string }) => {
    if (reported) return;
    reported = true;
    log?.warn(
      { code: err.code ?? 'connection', reason: err.message },
      'a database connection failed; the pool replaces it',
    );
  });
  const kill = () =>
    (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const guarded = (...given: unknown[]): unknown => {
    const args = withDeadline(given, statementTimeoutMs);
    // A COMMIT carrying the statement that waits for it (decision 1205) comes back here with a callback.
    const batched = batcher.send(client, args, guarded);
    if (batched) return batched;
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (err: unknown, res: unknown) => {
        if (isReadTimeout(err)) kill();
        (last as (e: unknown, r: unknown) => void)(err, res);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) {
      const begin = isBegin(given[0]);
      return result.catch((err: unknown) => {
        if (isReadTimeout(err)) kill();
        if (begin) releaseAfterFailedBegin(client, err);
        throw err;
      });
    }
    return result;
  };
  (client as unknown as { query: typeof guarded }).query = guarded;
  batcher.register(client);
}

const isBegin = (config: unknown) => {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^\s*begin\b/i.test(text);
};

/**
 * drizzle-orm's node-postgres `transaction()` sends BEGIN before its try/finally, so a BEGIN that fails
 * (a dropped connection, a read timeout) never gives its pooled connection back, and `pool.end()` then
 * waits for it for ever: the app closes that hung in the full suite (decisions 1152, 1161). The failed
 * connection is released here, with the error, so the pool drops it; a later release is a no-op.
 */
function releaseAfterFailedBegin(client: pg.Client, err: unknown) {
  const pooled = client as unknown as { release?: (err?: Error | boolean) => void };
  if (typeof pooled.release !== 'function') return;
  try {
    pooled.release(err instanceof Error ? err : new Error(String(err)));
  } catch {
    // Already released by its holder.
  }
  pooled.release = () => {};
}

async function openPostgres(url: string, opts: DatabaseOptions): Promise<DatabaseHandle> {
  // Loaded only for PostgreSQL: the embedded database never needs the driver.
  const { default: pg } = await import('pg');
  const statementTimeoutMs = opts.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const requestTimeoutMs = opts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const connectTimeoutMs = Math.min(opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS, requestTimeoutMs);
  const pool = new pg.Pool({
    connectionString: url,
    max: Math.max(1, opts.poolSize ?? 10),
    // Also bounds the wait for a free pooled connection: a stalled database answers 503, not a hang.
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: statementTimeoutMs,
    // A request's round trip gives up at its deadline (a silent network, a stalled server): the
    // connection is dropped and the request answers 503. Jobs set their own (`withJobDeadline`).
    query_timeout: Math.min(requestTimeoutMs, statementTimeoutMs + READ_TIMEOUT_MARGIN_MS),
    // A transaction left open by a stuck caller must not hold its locks for ever.
    idle_in_transaction_session_timeout: Math.max(60_000, statementTimeoutMs * 2),
    keepAlive: true,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const batcher = commitBatcher(pg.Query);
  pool.on('connect', (client) => guardClient(client as unknown as pg.Client, opts.log, statementTimeoutMs, batcher));
  const clients = openClients(pool);
  // pool.query hands the config to a client from the pool's own callbacks: the job deadline is set here.
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) =>
    poolQuery(...withDeadline(args, statementTimeoutMs));
  const db = drizzlePg(pool, { schema, ...queryLogger(opts.onQuery) });
  return {
    db,
    kind: 'postgres',
    async withLock(key, fn) {
      // A session of its own, outside the pool: waiting for the lock (a second process waits for the
      // first one's migrations) neither pins a pooled connection nor runs into the statement timeout.
      const client = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: connectTimeoutMs,
        keepAlive: true,
      });
      client.on('error', () => {});
      await client.connect();
      try {
        await client.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
        try {
          return await fn(drizzlePg(client, { schema }));
        } finally {
          await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]).catch(() => {});
        }
      } finally {
        await client.end().catch(() => {});
      }
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      await endPool(pool, clients, opts.closeTimeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS);
    },
  };
}

/**
 * The embedded server's memory: PostgreSQL's defaults (128 MB shared buffers) are sized for a
 * dedicated server; one process serving a laptop or a demo holds 130 MB less with these.
 */
const PGLITE_CONF = [
  'shared_buffers = 16MB',
  'work_mem = 4MB',
  'maintenance_work_mem = 16MB',
  'temp_buffers = 2MB',
  'wal_buffers = 512kB',
];

async function openPglite(opts: DatabaseOptions): Promise<DatabaseHandle> {
  let dataDir: string | undefined;
  if (opts.databaseUrl !== 'memory://' && !opts.pgliteDump) {
    dataDir = resolve(join(opts.dataDir, 'pgdata'));
    mkdirSync(dataDir, { recursive: true });
  }
  // Loaded only for the embedded database: a PostgreSQL deployment never needs the WASM build.
  const [{ PGlite }, { drizzle: drizzlePglite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  // pg_trgm: trigram similarity for search (migration 0008 creates the extension).
  const extensions = { pg_trgm };
  // One options object: `new PGlite(undefined, options)` (in memory) would ignore the options.
  const client = opts.pgliteDump
    ? new PGlite({ loadDataDir: opts.pgliteDump, postgresqlconf: PGLITE_CONF, extensions })
    : new PGlite({ dataDir, postgresqlconf: PGLITE_CONF, extensions });
  await client.waitReady;
  const db = drizzlePglite(client, { schema, ...queryLogger(opts.onQuery) }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    // One embedded database belongs to one process: nothing to lock against.
    withLock: (_key, fn) => fn(db),
    async ping() {
      await db.execute(sql`SELECT 1`);
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}
