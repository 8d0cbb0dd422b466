import { existsSync, mkdtempSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { App } from '../../src/kernel/types.js';
import { ADMIN, createTestDatabase, testConfig, uniq } from '../helpers/app.js';
import { recordEvents } from '../helpers/events.js';
import { waitUntil } from '../helpers/free-port.js';
import { TEST_REDIS_URL } from '../helpers/test-env.js';

/**
 * Two server processes' worth of app instances on one PostgreSQL database and one Redis: a run is
 * executed by exactly one of them, and cancel and approval work from either.
 */
const prefix = `hangar-e2e-pl-${randomBytes(4).toString('hex')}`;
const work = mkdtempSync(join(tmpdir(), 'hangar-e2e-pipelines-'));
let db: Awaited<ReturnType<typeof createTestDatabase>>;
const nodes: { app: App; url: string; recorder: ReturnType<typeof recordEvents> }[] = [];
let token: string;
const sockets: Socket[] = [];

async function start() {
  const recorder = recordEvents();
  const app = await buildApp(
    testConfig({
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      PIPELINE_WORK_DIR: work,
      PIPELINE_CONCURRENCY: '2',
    }),
    {
      database: db.handle,
      logger: false,
      events: recorder.wrap,
    },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const node = { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, recorder };
  nodes.push(node);
  return node;
}

async function call(url: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: res.status === 204 ? null : await res.json() };
}

const runOf = async (url: string, pid: string, rid: string) =>
  (await call(url, 'GET', `/api/v1/pipelines/${pid}/runs/${rid}`)).body;
async function waitStatus(pid: string, rid: string, statuses: string[], timeoutMs = 30_000) {
  await waitUntil(
    async () => statuses.includes((await runOf(nodes[0]!.url, pid, rid)).status),
    timeoutMs,
    `run ${rid} to be ${statuses}`,
  );
  return runOf(nodes[0]!.url, pid, rid);
}
// Which process claimed a run: the claim emits `running` (no stage results yet) from the process that executes it.
const claimed = (n: (typeof nodes)[number], runId: string) =>
  n.recorder
    .named('pipeline.run.updated')
    .some((e) => e.payload.id === runId && e.payload.status === 'running' && e.payload.stageResults.length === 0);
const executor = (runId: string) => nodes.filter((n) => claimed(n, runId));

beforeAll(async () => {
  db = await createTestDatabase('postgres');
  await start();
  await start();
  const login = await fetch(`${nodes[0]!.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
  });
  token = (await login.json()).token;
}, 90_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  for (const n of nodes) await n.app.close();
  await db?.drop();
});

describe('pipelines across two processes on one Redis', () => {
  it('runs each run in exactly one process; events reach clients of either', async () => {
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect(`${b.url}/events`, { auth: { token }, transports: ['websocket'], reconnection: false });
      sockets.push(s);
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
    const lines: string[] = [];
    const finished = new Set<string>();
    socket.on('pipeline.log', (e: { message: string }) => lines.push(e.message));
    socket.on(
      'pipeline.run.updated',
      (e: { id: string; status: string }) => e.status === 'succeeded' && finished.add(e.id),
    );

    const p = (
      await call(a.url, 'POST', '/api/v1/pipelines', {
        name: uniq('e2e'),
        stages: [{ id: 's', type: 'script', config: { command: 'echo "run $HANGAR_RUN_ID"' } }],
      })
    ).body;
    const runs: string[] = [];
    for (let i = 0; i < 8; i++)
      runs.push((await call(i % 2 ? a.url : b.url, 'POST', `/api/v1/pipelines/${p.id}/trigger`)).body.id);
    for (const id of runs) {
      const run = await waitStatus(p.id, id, ['succeeded', 'failed']);
      expect(run.status).toBe('succeeded');
      expect(run.logs.match(/==> stage/g)).toHaveLength(1);
      expect(executor(id)).toHaveLength(1);
    }
    await waitUntil(async () => runs.every((id) => finished.has(id)), 10_000, 'run events on the other process');
    for (const id of runs) expect(lines).toContain(`run ${id}`);
  }, 60_000);

  it('cancel from the other process stops the running command', async () => {
    const p = (
      await call(nodes[0]!.url, 'POST', '/api/v1/pipelines', {
        name: uniq('e2e-c'),
        stages: [
          { id: 's', type: 'script', config: { command: 'echo started; sleep 30; echo finished' } },
          { id: 't', type: 'script', config: { command: 'echo next' } },
        ],
      })
    ).body;
    const run = (await call(nodes[0]!.url, 'POST', `/api/v1/pipelines/${p.id}/trigger`)).body;
    await waitUntil(
      async () => (await runOf(nodes[0]!.url, p.id, run.id)).logs.includes('started'),
      20_000,
      'the command to start',
    );
    const owner = executor(run.id)[0]!;
    const other = nodes.find((n) => n !== owner)!;
    const started = Date.now();
    const res = await call(other.url, 'POST', `/api/v1/pipelines/${p.id}/runs/${run.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
    // The owner's engine returns once its command is gone, and then removes the run's working folder.
    await waitUntil(async () => !existsSync(join(work, run.id)), 8_000, 'the command to be stopped');
    expect(Date.now() - started).toBeLessThan(8_000);
    const after = await runOf(owner.url, p.id, run.id);
    expect(after.status).toBe('cancelled');
    expect(after.logs).not.toContain('finished');
    expect(after.logs).not.toContain('next');
    expect(after.stageResults.map((r: { status: string }) => r.status)).toEqual(['failed', 'skipped']);
  }, 40_000);

  it('approval from the other process resumes the run (continuation in any process)', async () => {
    const p = (
      await call(nodes[1]!.url, 'POST', '/api/v1/pipelines', {
        name: uniq('e2e-a'),
        stages: [
          { id: 'gate', type: 'approval', config: { message: 'go' } },
          { id: 's', type: 'script', config: { command: 'echo resumed' } },
        ],
      })
    ).body;
    for (let i = 0; i < 2; i++) {
      const run = (await call(nodes[1]!.url, 'POST', `/api/v1/pipelines/${p.id}/trigger`)).body;
      await waitStatus(p.id, run.id, ['waiting_approval']);
      const owner = executor(run.id)[0]!;
      const other = nodes.find((n) => n !== owner)!;
      const res = await call(other.url, 'POST', `/api/v1/pipelines/${p.id}/runs/${run.id}/approve`);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('running');
      const done = await waitStatus(p.id, run.id, ['succeeded', 'failed']);
      expect(done.status).toBe('succeeded');
      expect(done.logs.match(/resumed/g)).toHaveLength(1);
    }
  }, 40_000);
});
