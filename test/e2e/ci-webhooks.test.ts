import { createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, type TestApp } from '../helpers/app.js';
import { TEST_REDIS_URL } from '../helpers/test-env.js';

/**
 * Webhooks from the outside: two listening server processes sharing PostgreSQL and Redis (BullMQ,
 * Socket.IO fan-out). The same delivery sent to both is processed once; the event reaches a client
 * connected to either.
 */
const SECRET = 'e2e-circle-secret';
const TOKEN = 'e2e-travis-token';
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let a: TestApp;
let b: TestApp;
let urlA: string;
let urlB: string;
let socket: Socket;
const received: { name: string; payload: any }[] = [];

beforeAll(async () => {
  db = await createTestDatabase('postgres');
  const env = {
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: `hangar-ci-e2e-${randomBytes(4).toString('hex')}`,
    CLOUDCI_WEBHOOK_SECRET: SECRET,
    HOSTEDCI_WEBHOOK_TOKEN: TOKEN,
  };
  [a, b] = await Promise.all([buildTestApp(env, db), buildTestApp(env, db)]);
  for (const t of [a, b]) await t.app.listen({ port: 0, host: '127.0.0.1' });
  urlA = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
  urlB = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
  socket = io(`${urlA}/events`, {
    auth: { token: await a.adminToken() },
    transports: ['websocket'],
    reconnection: false,
  });
  socket.onAny((name: string, payload: unknown) => received.push({ name, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
});

afterAll(async () => {
  socket?.close();
  await Promise.all([a?.close(), b?.close()]);
  await db?.drop();
});

const updates = (id: string) => received.filter((e) => e.name === 'ci.build.updated' && e.payload?.id === id);
async function waitFor(id: string, n = 1) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && updates(id).length < n) await new Promise((r) => setTimeout(r, 50));
  return updates(id);
}

describe('CI webhooks across processes', () => {
  it('a signed cloudci delivery sent to both servers emits ci.build.updated once', async () => {
    const raw = JSON.stringify({
      type: 'workflow-completed',
      id: 'e2e-evt-1',
      project: { slug: 'gh/acme/shop' },
      workflow: { id: 'wf-e2e-1', name: 'build', status: 'success', url: 'https://ci.example/wf' },
    });
    const headers = {
      'content-type': 'application/json',
      'cloudci-signature': `v1=${createHmac('sha256', SECRET).update(raw).digest('hex')}`,
    };
    const answers = await Promise.all(
      [urlA, urlB, urlA].map((u) => fetch(`${u}/api/v1/webhooks/cloudci`, { method: 'POST', headers, body: raw })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await waitFor('wf-e2e-1')).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1000));
    const events = updates('wf-e2e-1');
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      platform: 'cloudci',
      id: 'wf-e2e-1',
      name: 'gh/acme/shop/build',
      status: 'succeeded',
      url: 'https://ci.example/wf',
    });
  });

  it('a Travis form delivery to the other server reaches this client; a bad token is 401', async () => {
    const body = new URLSearchParams({
      payload: JSON.stringify({
        id: 77,
        state: 'failed',
        build_url: 'https://travis.example/77',
        repository: { owner_name: 'acme', name: 'web' },
      }),
    });
    const res = await fetch(`${urlB}/api/v1/webhooks/hostedci?token=${TOKEN}`, { method: 'POST', body });
    expect(res.status).toBe(200);
    const [event] = await waitFor('77');
    expect(event!.payload).toMatchObject({ platform: 'hostedci', name: 'acme/web', status: 'failed' });
    const bad = await fetch(`${urlB}/api/v1/webhooks/hostedci?token=nope`, { method: 'POST', body });
    expect(bad.status).toBe(401);
    expect((await bad.json()).path).toBe('/api/v1/webhooks/hostedci');
  });
});
