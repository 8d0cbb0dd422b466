import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../helpers/app.js';
import { TEST_REDIS_URL } from '../helpers/test-env.js';

/** A real scaffold through BullMQ on Redis, into a bare git repository, watched over Socket.IO. */
let t: TestApp;
let socket: Socket;
const received: { name: string; payload: any }[] = [];
const dir = mkdtempSync(join(tmpdir(), 'hangar-scaffold-e2e-'));

beforeAll(async () => {
  t = await buildTestApp({ REDIS_URL: TEST_REDIS_URL });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  socket = io(`${url}/events`, {
    auth: { token: await t.adminToken() },
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
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function eventFor(id: string, deadline = Date.now() + 30_000) {
  while (Date.now() < deadline) {
    const hit = received.find((e) => e.payload?.id === id);
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no scaffold event for ${id}`);
}

async function builtin(name: string) {
  const res = await t.app.inject({ url: '/api/v1/service-templates?take=100', headers: bearer(await t.adminToken()) });
  return res.json().data.find((tpl: { name: string }) => tpl.name === name);
}

describe('scaffold over BullMQ with events', () => {
  it('commits to an empty bare repository and emits scaffold.completed', async () => {
    const bare = join(dir, 'target.git');
    spawnSync('git', ['init', '--quiet', '--bare', bare]);
    const tpl = await builtin('python-worker');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/service-templates/${tpl.id}/scaffold`,
      headers: bearer(await t.adminToken()),
      payload: {
        targetRepository: pathToFileURL(bare).href,
        variables: { SERVICE_NAME: 'billing-worker', QUEUE_NAME: 'invoices' },
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('pending');
    const event = await eventFor(res.json().id);
    expect(event.name).toBe('scaffold.completed');
    expect(event.payload).toMatchObject({ id: res.json().id, templateId: tpl.id, templateName: 'python-worker' });
    expect(event.payload.renderedFiles.length).toBeGreaterThan(3);
    // a plain clone checks the files out: the new repository's HEAD points at main
    const clone = join(dir, 'clone');
    const out = spawnSync('git', ['clone', '--quiet', bare, clone], { encoding: 'utf8' });
    expect(out.status).toBe(0);
    expect(existsSync(join(clone, 'README.md'))).toBe(true);
    expect(readFileSync(join(clone, 'README.md'), 'utf8')).toContain('billing-worker');
    const final = await t.app.inject({
      url: `/api/v1/scaffold-requests/${res.json().id}`,
      headers: bearer(await t.adminToken()),
    });
    expect(final.json()).toMatchObject({ status: 'completed', renderedFiles: event.payload.renderedFiles });
  });

  it('emits scaffold.failed with the cause when the target cannot be reached', async () => {
    const tpl = await builtin('go-service');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/service-templates/${tpl.id}/scaffold`,
      headers: bearer(await t.adminToken()),
      payload: {
        targetRepository: pathToFileURL(join(dir, 'missing.git')).href,
        variables: { SERVICE_NAME: 'orders-api' },
      },
    });
    expect(res.statusCode).toBe(201);
    const event = await eventFor(res.json().id);
    expect(event.name).toBe('scaffold.failed');
    expect(event.payload.statusMessage).toMatch(/missing\.git|does not appear|not found|No such/i);
  });
});
