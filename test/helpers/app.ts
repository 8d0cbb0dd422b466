import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { Adapters } from '../../src/adapters/index.js';
import { buildApp, type AppDeps } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config/config.js';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from '../../src/db/client.js';
import type { App } from '../../src/kernel/types.js';
import { migratedPgliteDump } from './pglite-dump.js';
import { cloneTemplateDatabase } from './template-database.js';
import { TEST_NAME_PREFIX } from './test-env.js';

export const ADMIN = { username: 'root-admin', email: 'root-admin@hangar.test', password: 'Adm1nPassw0rd' };
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export type TestDatabaseKind = 'pglite' | 'postgres';
export const testDbKind = (): TestDatabaseKind => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

/**
 * A fresh, migrated database for one test file: a PGlite loaded from the migrated dump, or a
 * PostgreSQL database cloned from the migrated template (dropped again by `drop`).
 */
export async function createTestDatabase(
  kind: TestDatabaseKind = testDbKind(),
  options: Pick<DatabaseOptions, 'onQuery'> = {},
): Promise<{ handle: DatabaseHandle; url: string; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const dump = await migratedPgliteDump();
    const handle = await openDatabase({
      databaseUrl: 'memory://',
      dataDir: '',
      pgliteDump: dump,
      ...options,
    });
    return { handle, url: 'memory://', drop: () => handle.close() };
  }
  const db = await cloneTemplateDatabase();
  const handle = await openDatabase({ databaseUrl: db.url, dataDir: '', poolSize: 5, ...options });
  return {
    handle,
    url: db.url,
    async drop() {
      await handle.close().catch(() => {});
      await db.drop();
    },
  };
}

export function testConfig(env: Record<string, string | undefined> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    AUTH_RATE_LIMIT: 'off',
    // argon2id at 1 MiB and one pass for the suite's sign-ups (decision 1130); a test of the standard cost sets it back.
    PASSWORD_HASH_PROFILE: 'test',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    REDIS_KEY_PREFIX: `${TEST_NAME_PREFIX}-test-${randomBytes(4).toString('hex')}`,
    ...env,
  });
}

export interface TestApp {
  app: App;
  config: Config;
  database: DatabaseHandle;
  /** Logs in the bootstrap admin once; the token is reused. */
  adminToken(): Promise<string>;
  /** Registers and logs in a new plain user. */
  newUser(prefix?: string): Promise<{ id: string; username: string; token: string; password: string }>;
  close(): Promise<void>;
}

let counter = 0;
export const uniq = (prefix = 'x') => `${prefix}-${process.pid}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/**
 * The app over app.inject, on this file's own database. Call in beforeAll, close in afterAll.
 * `adapters` replace the real ones before the app is built (fakes of external systems, decision 500);
 * `options.events` wraps the event bus before start (`recordEvents()` in ./events.ts, decision 519).
 */
export async function buildTestApp(
  env: Record<string, string | undefined> = {},
  db?: Awaited<ReturnType<typeof createTestDatabase>>,
  adapters?: Partial<Adapters>,
  options: Pick<AppDeps, 'events' | 'auditPort'> = {},
): Promise<TestApp> {
  const database = db ?? (await createTestDatabase());
  const config = testConfig(env);
  const app = await buildApp(config, { database: database.handle, logger: false, adapters, ...options });
  // Suite-wide guard: no response of any test may carry a password hash or a stack trace.
  app.addHook('onSend', async (_req, _reply, payload) => {
    if (
      typeof payload === 'string' &&
      (/\$argon2/.test(payload) || /passwordHash|password_hash/.test(payload) || /\n\s+at .+:\d+:\d+/.test(payload))
    ) {
      throw new Error(`response leaks a secret or a stack trace: ${payload.slice(0, 200)}`);
    }
    return payload;
  });
  await app.ready();
  let admin: Promise<string> | undefined;
  const login = async (username: string, password: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return res.json().token as string;
  };
  return {
    app,
    config,
    database: database.handle,
    adminToken: () => (admin ??= login(ADMIN.username, ADMIN.password)),
    async newUser(prefix = 'user') {
      const username = uniq(prefix).slice(0, 50);
      const password = 'Passw0rd-' + randomBytes(4).toString('hex');
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { username, email: `${username}@example.test`, password },
      });
      if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
      return { id: res.json().id, username, password, token: await login(username, password) };
    },
    async close() {
      await app.close();
      if (!db) await database.drop();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Asserts the error envelope (docs/architecture.md, Errors) and returns the body. */
export function expectError(res: LightMyRequestResponse, status: number) {
  const body = res.json();
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  for (const key of ['statusCode', 'message', 'error', 'timestamp', 'path']) {
    if (!(key in body)) throw new Error(`error envelope lacks ${key}: ${res.body}`);
  }
  if (body.statusCode !== status || typeof body.message !== 'string') throw new Error(`bad envelope: ${res.body}`);
  return body as {
    statusCode: number;
    message: string;
    error: string;
    timestamp: string;
    path: string;
    details?: { field: string; problem: string }[];
  };
}
