import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { availableParallelism, getPriority, setPriority } from 'node:os';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { projectRoot } from '../../src/kernel/paths.js';
import type { App } from '../../src/kernel/types.js';
import { installArgoRollouts, rollout } from '../fakes/kube-fixtures.js';
import { ADMIN, createTestDatabase, TEST_JWT_SECRET, testConfig, uniq } from '../helpers/app.js';
import { builtServerEntry } from '../helpers/built-server.js';
import { freePort, waitUntil } from '../helpers/free-port.js';
import { startKube } from '../helpers/kube.js';
import { TEST_NAME_PREFIX, TEST_REDIS_URL } from '../helpers/test-env.js';
import { gateSubscriptions } from '../../src/infra/realtime/subscriptions.js';
import { closeRedis, createRedis, loadRedisDriver } from '../../src/infra/redis.js';

/**
 * Issue 30 item 6, from the outside: events raised right after a socket connects are never lost,
 * with the machine's CPU taken by a competing process (one spinning child per core, at the same
 * priority). Two server processes on one PostgreSQL and one Redis, events crossing both ways; then
 * `rollout.updated` of a single process. Each round waits for its events, never for a fixed time.
 * 200 rounds in a row, as issue 30 asks (decision 1153: a loss stops the loop early, with its rounds named).
 */
const ROUNDS = 200;
/** A systematic loss stops the loop after this many lost rounds and is reported as such, not as a timeout. */
const LOST_TO_STOP = 3;
const prefix = `${TEST_NAME_PREFIX}-load-${randomBytes(4).toString('hex')}`;
const children: ChildProcess[] = [];
let serverEntry = '';
const cleanups: (() => Promise<void>)[] = [];

/**
 * A spinning child that cannot outlive the test (decision 1153): it spins in 50 ms slices so its event
 * loop notices the IPC channel closing (the test's worker gone, even by SIGKILL) and exits, and it stops
 * by itself after 30 minutes. An orphaned `for (;;) {}` once kept both cores busy after a killed run.
 */
const SPINNER = `
  const stopAt = Date.now() + 30 * 60_000;
  process.on('disconnect', () => process.exit(0));
  (function spin() {
    const end = Date.now() + 50;
    while (Date.now() < end) {}
    if (Date.now() > stopAt) process.exit(0);
    setImmediate(spin);
  })();`;

/** One child per core spinning at the test's own priority (nice 0 under `npm test`), as long as the file runs. */
function saturateCpu(cores = availableParallelism()) {
  for (let i = 0; i < cores; i++) {
    const child = spawn(process.execPath, ['-e', SPINNER], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    child.unref();
    children.push(child);
    setPriority(child.pid!, getPriority());
  }
}

/** Runs `round` (true: its events arrived) ROUNDS times in a row; returns the rounds lost and the time taken. */
async function runRounds(round: (n: number) => Promise<boolean>) {
  const lost: number[] = [];
  const start = Date.now();
  for (let n = 0; n < ROUNDS && lost.length < LOST_TO_STOP; n++) if (!(await round(n))) lost.push(n);
  return { lost, seconds: Math.round((Date.now() - start) / 1000) };
}

async function startServer(databaseUrl: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PASSWORD_HASH_PROFILE: 'test', // decision 1130
      DATABASE_URL: databaseUrl,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_SECRET: TEST_JWT_SECRET,
      AUTH_RATE_LIMIT: 'off',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(async () => (await fetch(`${url}/health/ready`)).ok, 180_000, `the server on port ${port}`);
  return url;
}

async function call(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  organizationId?: string,
) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(organizationId ? { 'x-organization-id': organizationId } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

async function login(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** A socket whose connection the server has acknowledged, recording every event. */
async function listen(base: string, token: string) {
  const seen: { name: string; payload: any }[] = [];
  const socket = await new Promise<Socket>((resolve, reject) => {
    const s = connect(`${base}/events`, { auth: { token }, transports: ['websocket'], reconnection: false });
    s.onAny((name, payload) => seen.push({ name, payload }));
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
  return { socket, seen };
}

/**
 * A witness on Redis of the two processes' Socket.IO fan-out: counts the messages published on the
 * adapter's channels and tells how many subscribers the adapter's request channel has. When a round is
 * lost, these say whether the raising process published and whether the listening one was subscribed.
 */
async function watchFanOut() {
  await loadRedisDriver();
  const subscriber = createRedis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  const client = createRedis(TEST_REDIS_URL);
  cleanups.push(
    () => closeRedis(subscriber),
    () => closeRedis(client),
  );
  const channel = `${prefix}:socket.io#/events#`;
  const witness = {
    published: 0,
    async subscribers() {
      const [, requests] = (await client.pubsub('NUMSUB', `${prefix}:socket.io-request#/events#`)) as [string, number];
      return `${requests} processes subscribed`;
    },
  };
  subscriber.on('pmessageBuffer', () => witness.published++);
  await subscriber.psubscribe(`${channel}*`);
  return witness;
}

beforeAll(async () => {
  // The processes run the bundle `npm start` runs (built here when a source changed).
  serverEntry = await builtServerEntry();
  saturateCpu();
}, 180_000);
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

describe('events right after a socket connects, the CPU saturated', () => {
  it(
    `two processes: no-organization and organization events cross both ways, ${ROUNDS} rounds, none lost`,
    { timeout: 900_000 },
    async () => {
      const db = await createTestDatabase('postgres');
      await db.handle.close();
      cleanups.push(() => db.drop());
      const nodes = [await startServer(db.url), await startServer(db.url)];
      const admin = await login(nodes[0]!, ADMIN.username, ADMIN.password);
      const org = (await call(nodes[0]!, admin, 'POST', '/api/v1/organizations', { name: 'Load', slug: uniq('load') }))
        .id as string;
      const username = uniq('loaded').slice(0, 40);
      const password = `Passw0rd-${randomBytes(4).toString('hex')}`;
      const member = (
        await call(nodes[0]!, admin, 'POST', '/api/v1/auth/register', {
          username,
          email: `${username}@example.test`,
          password,
        })
      ).id;
      await call(nodes[0]!, admin, 'POST', `/api/v1/organizations/${org}/members`, { userId: member, role: 'member' });
      const token = await login(nodes[1]!, username, password);
      const environment = uniq('load-env');
      await call(nodes[0]!, admin, 'POST', '/api/v1/environments', { name: environment }, org);
      const component = uniq('load-svc');
      await call(nodes[0]!, admin, 'POST', '/api/v1/catalog/components', { name: component, kind: 'service' }, org);

      const witness = await watchFanOut();
      const misses: string[] = [];
      const { lost, seconds } = await runRounds(async (round) => {
        const published = witness.published;
        const [listener, raiser] = round % 2 ? [nodes[0]!, nodes[1]!] : [nodes[1]!, nodes[0]!];
        const { socket, seen } = await listen(listener, token);
        const incident = (
          await call(raiser, admin, 'POST', '/api/v1/incidents', { title: `load ${round}`, severity: 'P4' })
        ).id as string;
        const deployment = (
          await call(
            raiser,
            token,
            'POST',
            '/api/v1/deployments/events',
            {
              source: 'load',
              externalId: `r${round}`,
              component,
              environment,
              status: 'started',
              version: `v${round}`,
            },
            org,
          )
        ).deployment.id as string;
        const arrived = () =>
          seen.some((e) => e.name === 'INCIDENT_CREATED' && e.payload.incidentId === incident) &&
          seen.some((e) => e.name === 'deployment.created' && e.payload.id === deployment);
        const ok = await waitUntil(async () => arrived(), 15_000, `round ${round}'s events`).then(
          () => true,
          () => false,
        );
        if (!ok)
          misses.push(
            `round ${round} (socket ${socket.connected ? 'connected' : 'disconnected'}; ` +
              `${witness.published - published} fan-out messages in Redis; ${await witness.subscribers()}): ` +
              `saw ${seen.map((e) => e.name).join(', ') || 'nothing'}`,
          );
        socket.close();
        return ok;
      });
      expect(lost, `lost rounds (after ${seconds} s): ${misses.join('; ')}`).toEqual([]);
    },
  );

  it(
    `one process: rollout.updated reaches a plain user's socket connected just before, ${ROUNDS} rounds`,
    { timeout: 900_000 },
    async () => {
      const kube = await startKube();
      cleanups.push(() => kube.cleanup());
      installArgoRollouts(kube.kube);
      kube.kube.apply(rollout('shop', 'storefront', 'Healthy'));
      const db = await createTestDatabase('postgres');
      cleanups.push(() => db.drop());
      const app: App = await buildApp(
        testConfig({ CLUSTER_CONFIG_PATH: kube.configPath, CLUSTER_SYNC_INTERVAL_S: '0' }),
        { database: db.handle, logger: false },
      );
      cleanups.push(() => app.close());
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const admin = await login(base, ADMIN.username, ADMIN.password);
      const username = uniq('watcher').slice(0, 40);
      const password = `Passw0rd-${randomBytes(4).toString('hex')}`;
      await call(base, admin, 'POST', '/api/v1/auth/register', {
        username,
        email: `${username}@example.test`,
        password,
      });
      const token = await login(base, username, password);
      await waitUntil(async () => kube.kube.openWatches === 1, 60_000, 'the rollout watch');

      const { lost, seconds } = await runRounds(async (round) => {
        const { socket, seen } = await listen(base, token);
        const phase = round % 2 ? 'Healthy' : 'Progressing';
        kube.kube.apply(rollout('shop', 'storefront', phase, { step: round }));
        const ok = await waitUntil(
          async () => seen.some((e) => e.name === 'rollout.updated' && e.payload.phase === phase),
          15_000,
          `round ${round}`,
        ).then(
          () => true,
          () => false,
        );
        socket.close();
        return ok;
      });
      expect(lost, `lost rounds (after ${seconds} s)`).toEqual([]);
    },
  );

  it('the subscription gate opens once Redis confirms, closes when the subscriber drops, and opens again once resubscribed', async () => {
    await loadRedisDriver();
    const subscriber = createRedis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    const publisher = createRedis(TEST_REDIS_URL);
    cleanups.push(
      () => closeRedis(subscriber),
      () => closeRedis(publisher),
    );
    const gate = gateSubscriptions(subscriber);
    let lost = 0;
    gate.onLost(() => lost++);
    const channel = `${prefix}:gate`;
    const received: string[] = [];
    subscriber.on('pmessage', (_pattern, _channel, message) => received.push(message));
    void subscriber.psubscribe(`${channel}*`);
    expect(await gate.ready(0)).toBe(false); // asked, not yet confirmed
    expect(await gate.ready(20_000)).toBe(true);
    await publisher.publish(channel, 'first');
    await waitUntil(async () => received.includes('first'), 10_000, 'the first message');

    // The connection drops: the gate closes at once and opens only after ioredis has resubscribed.
    subscriber.stream.destroy();
    await waitUntil(async () => lost === 1, 10_000, 'the subscriber to be lost');
    expect(await gate.ready(20_000)).toBe(true);
    await publisher.publish(channel, 'second');
    await waitUntil(async () => received.includes('second'), 10_000, 'the message after resubscribing');
  });
});
