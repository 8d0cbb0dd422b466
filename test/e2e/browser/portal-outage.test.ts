import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../../helpers/tcp-proxy.js';
import { databaseUrlFor, TEST_DATABASE_URL } from '../../helpers/test-env.js';
import {
  ADMIN,
  expectAccessible,
  launchBrowser,
  seedPortal,
  signIn,
  startPortalServer,
  type PortalBrowser,
  type PortalServer,
} from './helpers/index.js';

/**
 * A stopped dependency, seen in the browser: the server runs on a real PostgreSQL reached through a
 * TCP proxy; the proxy refuses connections (the database is down), the API answers 503 naming the
 * database, the page's error state shows that message, and "Try again" recovers once it is back.
 */
let server: PortalServer;
let pb: PortalBrowser;
let proxy: TcpProxy;
const dbName = `hangar_browser_${randomBytes(5).toString('hex')}`;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin(`CREATE DATABASE ${dbName}`);
  const target = new URL(databaseUrlFor(dbName));
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  server = await startPortalServer({
    DATABASE_URL: proxy.urlFor(databaseUrlFor(dbName)),
    // Refused and reset connections fail at once whatever these are; 1 s made ordinary queries fail
    // when the suite loaded the machine (decision 1183).
    DATABASE_STATEMENT_TIMEOUT_MS: '5000',
    DATABASE_CONNECT_TIMEOUT_MS: '5000',
    DATABASE_POOL_SIZE: '4',
  });
  await seedPortal(server);
  pb = await launchBrowser(server);
});
afterAll(async () => {
  proxy?.resume();
  await pb?.close();
  await server?.stop();
  await proxy?.close();
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
});

describe('a stopped database', () => {
  // Each run filters on its own words (both find ledger-worker), so no answer comes from a cache.
  for (const [theme, words] of [
    ['light', 'ledger'],
    ['dark', 'books'],
  ] as const) {
    it(`the catalog's error state names it (503), accessible in ${theme}; Try again recovers`, async () => {
      const { context, page } = await pb.newPage({ theme });
      await signIn(page, ADMIN, '/catalog');
      await page.getByRole('table', { name: 'Catalog components' }).waitFor();

      proxy.refuse();
      proxy.reset();
      // A new query (not in any cache): typed into the filter, a client-side navigation.
      await page.getByRole('searchbox', { name: 'Filter by text' }).fill(words);
      const alert = page.getByRole('alert').filter({ hasText: 'A service Hangar depends on is unavailable' });
      await alert.waitFor({ timeout: 60_000 });
      expect(await alert.textContent()).toMatch(/database/i);
      await expectAccessible(page, `503 error state ${theme}`);

      proxy.resume();
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('link', { name: 'ledger-worker' }).waitFor({ timeout: 60_000 });
      await context.close();
    });
  }
});
