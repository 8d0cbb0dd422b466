import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { App } from '../../src/kernel/types.js';
import { ADMIN, createTestDatabase, testConfig, uniq } from '../helpers/app.js';
import { waitUntil } from '../helpers/free-port.js';
import { TEST_REDIS_URL } from '../helpers/test-env.js';

/**
 * Issue 20, items 3 and 12, from the outside: pipelines and their runs behind the organization
 * wall, and events delivered only to the organization's members and admins, with memberships
 * changed on one process applied to sockets held by another (two app instances on one Redis).
 */
const prefix = `hangar-e2e-walls-${randomBytes(4).toString('hex')}`;
const work = mkdtempSync(join(tmpdir(), 'hangar-e2e-walls-'));
let db: Awaited<ReturnType<typeof createTestDatabase>>;
const nodes: { app: App; url: string }[] = [];
const sockets: Socket[] = [];
let admin: string;
let orgA: string;
let orgB: string;
const users: Record<'a' | 'b', { id: string; token: string }> = {} as never;

async function call(token: string, method: string, path: string, body?: unknown, node = 0) {
  const res = await fetch(`${nodes[node]!.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: res.status === 204 ? null : await res.json() };
}

async function register(prefixName: string) {
  const username = uniq(prefixName).slice(0, 50);
  const password = 'Passw0rd-' + randomBytes(4).toString('hex');
  const reg = await fetch(`${nodes[0]!.url}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.test`, password }),
  });
  const id = (await reg.json()).id as string;
  const login = await fetch(`${nodes[0]!.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return { id, token: (await login.json()).token as string };
}

/** A socket on node `node` recording every event it receives. */
async function listen(token: string, node: number) {
  const seen: { name: string; payload: any }[] = [];
  const socket = await new Promise<Socket>((resolve, reject) => {
    const s = connect(`${nodes[node]!.url}/events`, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
  socket.onAny((name, payload) => seen.push({ name, payload }));
  sockets.push(socket);
  return seen;
}

beforeAll(async () => {
  db = await createTestDatabase('postgres');
  for (let i = 0; i < 2; i++) {
    const app = await buildApp(
      testConfig({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, PIPELINE_WORK_DIR: work }),
      {
        database: db.handle,
        logger: false,
      },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    nodes.push({ app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
  }
  const login = await fetch(`${nodes[0]!.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
  });
  admin = (await login.json()).token;
  const org = async () =>
    (await call(admin, 'POST', '/api/v1/organizations', { name: 'Wall', slug: uniq('wall') })).body.id as string;
  [orgA, orgB] = [await org(), await org()];
  users.a = await register('walla');
  users.b = await register('wallb');
  expect(
    (await call(admin, 'POST', `/api/v1/organizations/${orgA}/members`, { userId: users.a.id, role: 'member' })).status,
  ).toBe(201);
  expect(
    (await call(admin, 'POST', `/api/v1/organizations/${orgB}/members`, { userId: users.b.id, role: 'member' })).status,
  ).toBe(201);
}, 90_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  for (const n of nodes) await n.app.close();
  await db?.drop();
});

const gate = [{ id: 'gate', name: 'Gate', type: 'approval', config: { message: 'ok?' } }];

describe('pipelines behind the organization wall (item 3)', () => {
  it('a member of another organization can neither read, run, change, move nor delete a pipeline or its runs (404)', async () => {
    const created = await call(users.a.token, 'POST', '/api/v1/pipelines', {
      name: uniq('wall-pl'),
      stages: gate,
      organizationId: orgA,
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const run = await call(users.a.token, 'POST', `/api/v1/pipelines/${id}/trigger`);
    expect(run.status).toBe(201);
    const b = users.b.token;
    const refused = [
      await call(b, 'GET', `/api/v1/pipelines/${id}`),
      await call(b, 'GET', `/api/v1/pipelines/${id}/runs`),
      await call(b, 'GET', `/api/v1/pipelines/${id}/runs/${run.body.id}`),
      await call(b, 'PATCH', `/api/v1/pipelines/${id}`, { name: 'stolen' }),
      await call(b, 'PATCH', `/api/v1/pipelines/${id}`, { organizationId: orgB }),
      await call(b, 'POST', `/api/v1/pipelines/${id}/trigger`),
      await call(b, 'DELETE', `/api/v1/pipelines/${id}`),
    ];
    for (const r of refused) expect(r.status).toBe(404);
    expect((await call(b, 'GET', '/api/v1/pipelines', undefined)).body.data.map((p: any) => p.id)).not.toContain(id);
    // Members and global admins still can.
    expect((await call(users.a.token, 'GET', `/api/v1/pipelines/${id}/runs/${run.body.id}`)).status).toBe(200);
    expect((await call(admin, 'GET', `/api/v1/pipelines/${id}`)).body.name).toBe(created.body.name);
    expect((await call(users.a.token, 'DELETE', `/api/v1/pipelines/${id}`)).status).toBe(204);
  });
});

describe('events only to those who may read the record (item 12)', () => {
  it("org A's run events reach A's members and admins, not B; membership changes on another process follow at once", async () => {
    const seenA = await listen(users.a.token, 0);
    const seenB = await listen(users.b.token, 1);
    const seenAdmin = await listen(admin, 1);
    const walled = (
      await call(users.a.token, 'POST', '/api/v1/pipelines', {
        name: uniq('wall-ev'),
        stages: gate,
        organizationId: orgA,
      })
    ).body.id;
    const open = (await call(admin, 'POST', '/api/v1/pipelines', { name: uniq('open-ev'), stages: gate })).body.id;
    const runsOf = (seen: typeof seenA, pipelineId: string) =>
      seen.filter((e) => e.name === 'pipeline.run.updated' && e.payload.pipelineId === pipelineId);

    // A marker everyone receives (a pipeline of no organization), sent after the walled event.
    const triggerAndMark = async () => {
      const r = (await call(users.a.token, 'POST', `/api/v1/pipelines/${walled}/trigger`)).body.id as string;
      await waitUntil(async () => seenA.some((e) => e.payload?.id === r) && seenAdmin.some((e) => e.payload?.id === r));
      const m = (await call(admin, 'POST', `/api/v1/pipelines/${open}/trigger`)).body.id as string;
      await waitUntil(async () => seenB.some((e) => e.payload?.id === m));
      return r;
    };

    const first = await triggerAndMark();
    expect(seenB.some((e) => e.payload?.id === first || e.payload?.runId === first)).toBe(false);
    expect(runsOf(seenB, walled)).toEqual([]);

    // Added to A on node 0, B's socket on node 1 now receives A's events.
    expect(
      (await call(admin, 'POST', `/api/v1/organizations/${orgA}/members`, { userId: users.b.id, role: 'member' }))
        .status,
    ).toBe(201);
    const second = (await call(users.a.token, 'POST', `/api/v1/pipelines/${walled}/trigger`)).body.id as string;
    await waitUntil(async () => seenB.some((e) => e.payload?.id === second));

    // Removed again: nothing more.
    expect((await call(admin, 'DELETE', `/api/v1/organizations/${orgA}/members/${users.b.id}`)).status).toBe(204);
    const third = await triggerAndMark();
    expect(seenB.some((e) => e.payload?.id === third)).toBe(false);
  }, 60_000);

  it("a grant or removal of the global admin role on one process moves the user's live sockets on the other at once (decision 209)", async () => {
    const outsider = await register('wallc');
    const seen = await listen(outsider.token, 1);
    const walled = (
      await call(users.a.token, 'POST', '/api/v1/pipelines', {
        name: uniq('wall-adm'),
        stages: gate,
        organizationId: orgA,
      })
    ).body.id;
    const open = (await call(admin, 'POST', '/api/v1/pipelines', { name: uniq('open-adm'), stages: gate })).body.id;
    // A walled run, then a marker everyone receives: once the marker arrived, the walled event would have too.
    const walledThenMarker = async () => {
      const r = (await call(users.a.token, 'POST', `/api/v1/pipelines/${walled}/trigger`)).body.id as string;
      const m = (await call(admin, 'POST', `/api/v1/pipelines/${open}/trigger`)).body.id as string;
      await waitUntil(async () => seen.some((e) => e.payload?.id === m));
      return r;
    };

    const before = await walledThenMarker();
    expect(seen.some((e) => e.payload?.id === before)).toBe(false);
    expect((await call(admin, 'PATCH', `/api/v1/auth/users/${outsider.id}/roles`, { roles: ['admin'] })).status).toBe(
      200,
    );
    const granted = (await call(users.a.token, 'POST', `/api/v1/pipelines/${walled}/trigger`)).body.id as string;
    await waitUntil(async () => seen.some((e) => e.payload?.id === granted));
    expect((await call(admin, 'PATCH', `/api/v1/auth/users/${outsider.id}/roles`, { roles: [] })).status).toBe(200);
    const after = await walledThenMarker();
    expect(seen.some((e) => e.payload?.id === after)).toBe(false);
  }, 60_000);
});
