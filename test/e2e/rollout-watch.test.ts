import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { App } from '../../src/kernel/types.js';
import { installArgoRollouts, rollout } from '../fakes/kube-fixtures.js';
import { ADMIN, createTestDatabase, testConfig } from '../helpers/app.js';
import { waitUntil } from '../helpers/free-port.js';
import { startKube } from '../helpers/kube.js';
import { TEST_REDIS_URL } from '../helpers/test-env.js';

/**
 * Two app instances (two processes' worth) on one PostgreSQL and one Redis, watching one cluster:
 * each phase change of a rollout reaches clients exactly once, and when the watching process goes
 * away the other one takes the watch over.
 */
const prefix = `hangar-e2e-${randomBytes(4).toString('hex')}`;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let kube: Awaited<ReturnType<typeof startKube>>;
const apps: App[] = [];
let client: Socket;
const received: any[] = [];

async function start() {
  const app = await buildApp(
    testConfig({
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      CLUSTER_CONFIG_PATH: kube.configPath,
      CLUSTER_SYNC_INTERVAL_S: '0',
    }),
    {
      database: db.handle,
      logger: false,
    },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  kube = await startKube();
  installArgoRollouts(kube.kube);
  kube.kube.apply(rollout('shop', 'storefront', 'Healthy'));
  db = await createTestDatabase('postgres');
  // The first instance takes the lease and watches; the second starts once it does.
  await start();
  await waitUntil(async () => kube.kube.openWatches === 1, 20_000, 'the first instance to watch');
  const { url } = await start();
  const login = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
  });
  const { token } = (await login.json()) as { token: string };
  client = await new Promise<Socket>((resolve, reject) => {
    const s = connect(`${url}/events`, { auth: { token }, transports: ['websocket'], reconnection: false });
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
  client.on('rollout.updated', (p) => received.push(p));
  // One watch in the cluster of processes, with the phases recorded.
  await waitUntil(async () => kube.kube.openWatches === 1, 20_000, 'one rollout watch');
}, 120_000);

afterAll(async () => {
  client?.close();
  for (const app of apps) await app.close().catch(() => {});
  await db?.drop();
  await kube?.cleanup();
});

describe('rollout.updated across processes', () => {
  it('is emitted exactly once per phase change, by the one watching process', async () => {
    await new Promise((r) => setTimeout(r, 1000));
    expect(kube.kube.openWatches).toBe(1);
    kube.kube.apply(rollout('shop', 'storefront', 'Progressing', { step: 1 }));
    await waitUntil(async () => received.length >= 1, 10_000, 'rollout.updated');
    await new Promise((r) => setTimeout(r, 1500));
    expect(received).toEqual([
      { name: 'storefront', namespace: 'shop', phase: 'Progressing', previousPhase: 'Healthy' },
    ]);
  });

  it('is taken over by the other process when the watching one stops', async () => {
    // The first instance holds the lease; the client is connected to the second.
    const first = apps[0]!;
    await first.close();
    apps.shift();
    await waitUntil(async () => kube.kube.openWatches === 1, 20_000, 'the watch to be taken over');
    received.length = 0;
    kube.kube.apply(rollout('shop', 'storefront', 'Degraded', { step: 1 }));
    await waitUntil(async () => received.length >= 1, 10_000, 'rollout.updated after takeover');
    await new Promise((r) => setTimeout(r, 1500));
    expect(received).toEqual([
      { name: 'storefront', namespace: 'shop', phase: 'Degraded', previousPhase: 'Progressing' },
    ]);
  });
});
