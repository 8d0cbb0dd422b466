import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
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
 * Issue 25 from the outside, with Redis: two Hangar instances on one PostgreSQL and one Redis. A
 * scorecard written on A; a deployment (a pipeline's deploy stage), an entity change and an incident
 * recorded on B; the evaluation jobs run on the shared BullMQ queue and each level change reaches a
 * socket held by A; DORA answers the same on both; the entity's history lists every change.
 */
const prefix = `hangar-e2e-scorecards-${randomBytes(4).toString('hex')}`;
const work = mkdtempSync(join(tmpdir(), 'hangar-e2e-scorecards-'));
let db: Awaited<ReturnType<typeof createTestDatabase>>;
const nodes: { app: App; url: string }[] = [];
let socket: Socket;
const seen: { name: string; payload: any }[] = [];
let admin: string;
let org: string;

const A = 0;
const B = 1;

async function call(node: number, method: string, path: string, body?: unknown) {
  const res = await fetch(`${nodes[node]!.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${admin}`,
      'x-organization-id': org,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: res.status === 204 ? null : await res.json() };
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
  const login = await fetch(`${nodes[A]!.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
  });
  admin = (await login.json()).token;
  const created = await fetch(`${nodes[A]!.url}/api/v1/organizations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Scorecards', slug: uniq('scorecards') }),
  });
  org = (await created.json()).id;
  socket = await new Promise<Socket>((resolve, reject) => {
    const s = connect(`${nodes[A]!.url}/events`, {
      auth: { token: admin },
      transports: ['websocket'],
      reconnection: false,
    });
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
  socket.onAny((name: string, payload: unknown) => seen.push({ name, payload }));
}, 60_000);

afterAll(async () => {
  socket?.close();
  for (const n of nodes) await n.app.close();
  await db?.drop();
  rmSync(work, { recursive: true, force: true });
});

/** The `scorecard.level.changed` of `componentId` to `level`, as A's socket received it. */
async function levelChange(scorecardId: string, componentId: string, level: string | null) {
  const find = () =>
    seen.find(
      (e) =>
        e.name === 'scorecard.level.changed' &&
        e.payload.scorecardId === scorecardId &&
        e.payload.componentId === componentId &&
        e.payload.level === level,
    );
  await waitUntil(async () => find() !== undefined, 15_000, `scorecard.level.changed to ${level}`);
  return find()!.payload;
}

describe('scorecards and DORA on two instances sharing PostgreSQL and Redis', () => {
  it('a change recorded on B re-evaluates through the shared queue, reaches A’s sockets, and both answer the same', async () => {
    for (const n of nodes) expect(n.app.hangar.queue.kind).toBe('bullmq');
    const tag = uniq('e2e-sc').toLowerCase();
    const env = await call(A, 'POST', '/api/v1/environments', { name: uniq('prod'), type: 'production' });
    expect(env.status).toBe(201);
    const component = await call(A, 'POST', '/api/v1/catalog/components', {
      name: uniq('checkout'),
      kind: 'service',
      lifecycle: 'production',
      tags: [tag],
    });
    expect(component.status).toBe(201);
    const c = component.body.id as string;

    // Written on A: Bronze = deployed today (its DORA frequency too), Silver = described, Gold = no open P1.
    const card = await call(A, 'POST', '/api/v1/scorecards', {
      name: uniq('readiness'),
      filter: { tags: [tag] },
      levels: [
        { name: 'Bronze', colour: '#b08d57' },
        { name: 'Silver', colour: '#a8a9ad' },
        { name: 'Gold', colour: '#d4af37' },
      ],
      rules: [
        {
          key: 'deployed',
          level: 'Bronze',
          condition: { fact: 'deployments.daysSinceLast', operator: 'lessThan', value: 1 },
        },
        {
          key: 'dora',
          level: 'Bronze',
          condition: { fact: 'dora.deploymentFrequency', operator: 'greaterThan', value: 0 },
        },
        {
          key: 'described',
          level: 'Silver',
          condition: { fact: 'description.present', operator: 'equals', value: true },
        },
        { key: 'no-p1', level: 'Gold', condition: { fact: 'incidents.open.P1', operator: 'equals', value: 0 } },
      ],
    });
    expect(card.status).toBe(201);
    const s = card.body.id as string;
    // Its evaluation job (queued by A, run by either) gives the first result, read on B.
    await waitUntil(
      async () => (await call(B, 'GET', `/api/v1/scorecards/${s}/results`)).body.data?.[0]?.componentId === c,
      15_000,
      'first result',
    );
    expect((await call(B, 'GET', `/api/v1/scorecards/${s}/results`)).body.data[0]).toMatchObject({
      level: null,
      rules: { deployed: 'no_data', dora: 'fail' },
    });

    // A deployment on B, through a pipeline's deploy stage: deployment facts from its event, DORA's once ingested.
    const pipeline = await call(B, 'POST', '/api/v1/pipelines', {
      name: uniq('deploy'),
      organizationId: org,
      stages: [{ id: 'deploy', type: 'deploy', config: { componentId: c, environmentId: env.body.id } }],
    });
    expect(pipeline.status).toBe(201);
    expect((await call(B, 'POST', `/api/v1/pipelines/${pipeline.body.id}/trigger`, { version: '1.0.0' })).status).toBe(
      201,
    );
    expect(await levelChange(s, c, 'Bronze')).toMatchObject({
      previousLevel: null,
      componentRef: expect.stringContaining(component.body.name),
    });

    // An entity change on B.
    expect((await call(B, 'PATCH', `/api/v1/catalog/components/${c}`, { description: 'Takes the money' })).status).toBe(
      200,
    );
    expect(await levelChange(s, c, 'Gold')).toMatchObject({ previousLevel: 'Bronze', score: 100 });

    // An incident on B.
    expect(
      (
        await call(B, 'POST', '/api/v1/incidents', {
          title: 'checkout down',
          severity: 'P1',
          affectedComponentIds: [c],
        })
      ).status,
    ).toBe(201);
    expect(await levelChange(s, c, 'Silver')).toMatchObject({ previousLevel: 'Gold', score: 75 });

    // DORA: the same figures from either instance, the deployment counted once.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const metrics = `/api/v1/dora/metrics?scope=component&id=${c}&from=${day(-1)}&to=${day(0)}`;
    await waitUntil(
      async () => (await call(A, 'GET', metrics)).body.deploymentFrequency?.deployments === 1,
      15_000,
      'DORA deployment',
    );
    const [fromA, fromB] = [await call(A, 'GET', metrics), await call(B, 'GET', metrics)];
    expect(fromA.status).toBe(200);
    expect(fromB.body).toEqual(fromA.body);

    // History, answered by either: every change, newest first. A change of rule outcomes alone is an
    // entry too: the deployment's own facts and DORA's ingestion may land in one evaluation or in two
    // (a second entry at no level, `deployed` passing before `dora` does), so the levels are compared
    // with repeats collapsed.
    const history = await call(B, 'GET', `/api/v1/scorecards/entities/${c}/history?scorecardId=${s}`);
    expect(history.status).toBe(200);
    const levels = history.body.data.map((h: { level: string | null }) => h.level) as (string | null)[];
    expect(levels.filter((level, i) => i === 0 || level !== levels[i - 1])).toEqual(['Silver', 'Gold', 'Bronze', null]);
    expect((await call(A, 'GET', `/api/v1/scorecards/entities/${c}/history?scorecardId=${s}`)).body).toEqual(
      history.body,
    );
  }, 30_000);
});
