import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';
import { waitUntil } from '../../helpers/free-port.js';
import { createPipeline, getRun, script, trigger, waitForRun, workDir, type Run } from './helpers.js';

// A black-box pass over pipelines (Pipeline, PipelineRun, endpoints, events) and decisions 610-612.

let t: TestApp;
let admin: string;
let user: { id: string; token: string };
let socket: Socket;
const events: { name: string; payload: any }[] = [];
const url = '/api/v1/pipelines';
/** Decision 610: a stage result's status is one of these, nothing else. */
const STAGE_STATUSES = ['succeeded', 'failed', 'skipped', 'waiting'];

beforeAll(async () => {
  t = await buildTestApp({ PIPELINE_WORK_DIR: workDir() });
  admin = await t.adminToken();
  user = await t.newUser('plc');
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  socket = io(`${base}/events`, { auth: { token: user.token }, transports: ['websocket'], reconnection: false });
  socket.onAny((name, payload) => events.push({ name, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
});
afterAll(async () => {
  socket?.close();
  await t?.close();
});

const runEvents = (runId: string) =>
  events.filter((e) => e.name === 'pipeline.run.updated' && e.payload.id === runId).map((e) => e.payload as Run);

describe('pipelines contract', () => {
  it('list envelope is exactly {data, total, page, limit}; page/limit validated', async () => {
    const res = await t.app.inject({ url, headers: bearer(user.token) });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['data', 'limit', 'page', 'total']);
    expect(res.json()).toMatchObject({ page: 1, limit: 20 });
    for (const q of ['page=0', 'limit=0', 'limit=101', 'page=x', 'limit=-1', 'organizationId=nope']) {
      expectError(await t.app.inject({ url: `${url}?${q}`, headers: bearer(user.token) }), 400);
    }
    expect((await t.app.inject({ url: `${url}?limit=100&page=3`, headers: bearer(user.token) })).json()).toMatchObject({
      page: 3,
      limit: 100,
    });
  });

  it('stage and name errors: 400 naming the stage and field, 409 on names, 404/400 on ids', async () => {
    const bad = async (stages: unknown[], field: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(admin),
        payload: { name: uniq('c'), stages },
      });
      expectError(res, 400);
      expect(res.json().message).toContain(field);
      return res.json().message as string;
    };
    expect(
      await bad(
        [{ id: 'dep', type: 'deploy', config: { componentId: 'x', environmentId: crypto.randomUUID() } }],
        'componentId',
      ),
    ).toContain('dep');
    expect(await bad([{ id: 'n1', type: 'notify', config: {} }], 'channel')).toContain('n1');
    expect(await bad([{ id: 'b1', type: 'build', config: { tag: 'x', push: true } }], 'registry')).toContain('b1');
    expect(await bad([{ id: 'b2', type: 'build', config: { tag: 'x', engine: 'kaniko' } }], 'engine')).toContain('b2');
    expect(await bad([{ id: 'q', type: 'quantum', config: {} }], 'type')).toContain('q');
    await bad([script('same', 'true'), script('same', 'true')], 'id');
    for (const name of ['a', 'x'.repeat(101)])
      expectError(await t.app.inject({ method: 'POST', url, headers: bearer(admin), payload: { name } }), 400);
    expectError(await t.app.inject({ method: 'POST', url, headers: bearer(admin), payload: {} }), 400);
    const p = await createPipeline(t, admin, { name: 'x'.repeat(100).slice(0, 90) + uniq('').slice(-10) });
    expectError(
      await t.app.inject({ method: 'POST', url, headers: bearer(user.token), payload: { name: p.name } }),
      409,
    );
    expectError(
      await t.app.inject({
        method: 'PATCH',
        url: `${url}/${crypto.randomUUID()}`,
        headers: bearer(admin),
        payload: { name: uniq('z') },
      }),
      404,
    );
    expectError(
      await t.app.inject({ method: 'DELETE', url: `${url}/${crypto.randomUUID()}`, headers: bearer(admin) }),
      404,
    );
    expectError(
      await t.app.inject({ method: 'POST', url: `${url}/${crypto.randomUUID()}/trigger`, headers: bearer(admin) }),
      404,
    );
    expectError(await t.app.inject({ url: `${url}/${p.id}/runs/${crypto.randomUUID()}`, headers: bearer(admin) }), 404);
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `${url}/${p.id}/runs/${crypto.randomUUID()}/approve`,
        headers: bearer(admin),
      }),
      404,
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `${url}/${p.id}/runs/${crypto.randomUUID()}/cancel`,
        headers: bearer(admin),
      }),
      404,
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `${url}/${p.id}/runs/${crypto.randomUUID()}/reject`,
        headers: bearer(user.token),
      }),
      403,
    );
  });

  it('stage results only ever carry the documented statuses, also while a stage executes', async () => {
    const p = await createPipeline(t, admin, {
      name: uniq('live'),
      stages: [script('a', 'echo one'), script('s', 'echo started; sleep 30'), script('z', 'true')],
    });
    const queued = await trigger(t, user.token, p.id);
    expect(queued).toMatchObject({
      status: 'queued',
      pipelineId: p.id,
      triggeredBy: user.id,
      startedAt: null,
      finishedAt: null,
      stageResults: [],
    });
    const live = await waitForRun(t, user.token, p.id, queued.id, (r) => r.logs.includes('started'));
    expect(live.status).toBe('running');
    expect(live.startedAt).not.toBeNull();
    for (const r of live.stageResults) expect(STAGE_STATUSES).toContain(r.status);
    expect(live.stageResults.map((r) => r.stageId)).toEqual(['a']);
    const list = await t.app.inject({ url: `${url}/${p.id}/runs`, headers: bearer(user.token) });
    for (const run of list.json() as Run[])
      for (const r of run.stageResults) expect(STAGE_STATUSES).toContain(r.status);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `${url}/${p.id}/runs/${queued.id}/cancel`,
      headers: bearer(admin),
    });
    expect(cancelled.statusCode).toBe(200);
    const run = cancelled.json() as Run;
    expect(run.status).toBe('cancelled');
    expect(run.stageResults.map((r) => [r.stageId, r.status])).toEqual([
      ['a', 'succeeded'],
      ['s', 'failed'],
      ['z', 'skipped'],
    ]);
    expect(run.finishedAt).not.toBeNull();
    expect(typeof run.durationMs).toBe('number');
    expectError(
      await t.app.inject({ method: 'POST', url: `${url}/${p.id}/runs/${queued.id}/cancel`, headers: bearer(admin) }),
      400,
    );
    await waitUntil(async () => runEvents(queued.id).some((e) => e.status === 'cancelled'));
    for (const e of runEvents(queued.id)) for (const r of e.stageResults) expect(STAGE_STATUSES).toContain(r.status);
    const after = await getRun(t, admin, p.id, queued.id);
    for (const r of after.stageResults) expect(STAGE_STATUSES).toContain(r.status);
  });

  it('events: pipeline.run.updated with the full run per status, pipeline.log {runId, stage, message}', async () => {
    const p = await createPipeline(t, admin, {
      name: uniq('ev'),
      stages: [script('hello', 'echo hi-there'), { id: 'gate', type: 'approval', config: { message: 'ok?' } }],
    });
    const run = await trigger(t, user.token, p.id);
    await waitForRun(t, user.token, p.id, run.id, ['waiting_approval']);
    await waitUntil(async () => runEvents(run.id).some((e) => e.status === 'waiting_approval'));
    const ap = await t.app.inject({
      method: 'POST',
      url: `${url}/${p.id}/runs/${run.id}/approve`,
      headers: bearer(admin),
    });
    expect(ap.statusCode).toBe(200);
    expect(ap.json().status).toBe('running');
    await waitForRun(t, user.token, p.id, run.id, ['succeeded']);
    await waitUntil(async () => runEvents(run.id).some((e) => e.status === 'succeeded'));
    const seq = runEvents(run.id).map((e) => e.status);
    expect(seq).toEqual(['queued', 'running', 'waiting_approval', 'running', 'succeeded']);
    const last = runEvents(run.id).at(-1)!;
    for (const k of [
      'id',
      'pipelineId',
      'status',
      'triggeredBy',
      'startedAt',
      'finishedAt',
      'durationMs',
      'logs',
      'stageResults',
      'createdAt',
      'updatedAt',
    ]) {
      expect(last).toHaveProperty(k);
    }
    for (const r of last.stageResults)
      expect(Object.keys(r)).toEqual(
        expect.arrayContaining(['stageId', 'status', 'startedAt', 'finishedAt', 'output']),
      );
    const log = events.find(
      (e) => e.name === 'pipeline.log' && e.payload.runId === run.id && e.payload.message === 'hi-there',
    );
    expect(log?.payload).toMatchObject({ runId: run.id, stage: 'hello', message: 'hi-there' });
    expectError(
      await t.app.inject({ method: 'POST', url: `${url}/${p.id}/runs/${run.id}/approve`, headers: bearer(admin) }),
      400,
    );
    expectError(
      await t.app.inject({ method: 'POST', url: `${url}/${p.id}/runs/${run.id}/reject`, headers: bearer(admin) }),
      400,
    );
    expectError(
      await t.app.inject({ method: 'POST', url: `${url}/${p.id}/runs/${run.id}/approve`, headers: bearer(user.token) }),
      403,
    );
  });
});
