import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';
import { recordEvents } from '../../helpers/events.js';
import { createPipeline, getRun, script, trigger, waitForRun, workDir } from './helpers.js';

let t: TestApp;
let admin: string;
let user: { id: string; token: string };
const recorder = recordEvents();
const events = recorder.events;
const base = '/api/v1/pipelines';
const dir = workDir();

beforeAll(async () => {
  t = await buildTestApp(
    {
      PIPELINE_WORK_DIR: dir,
      PIPELINE_LOG_MAX_BYTES: '4096',
      PIPELINE_STAGE_TIMEOUT_S: '3',
      PIPELINE_CONCURRENCY: '4',
    },
    undefined,
    undefined,
    { events: recorder.wrap },
  );
  admin = await t.adminToken();
  user = await t.newUser('eng');
});
afterAll(async () => t?.close());

const action = (p: string, r: string, verb: string, token = admin) =>
  t.app.inject({ method: 'POST', url: `${base}/${p}/runs/${r}/${verb}`, headers: bearer(token) });

describe('script stages', () => {
  it('see only the scrubbed environment, in the run working folder shared by stages, removed afterwards', async () => {
    const p = await createPipeline(t, admin, {
      name: uniq('env'),
      stages: [script('write', 'echo data > shared.txt; env | sort; pwd'), script('read', 'cat shared.txt')],
    });
    const run = await trigger(t, admin, p.id, { version: '2.0.0', commitSha: 'abcdef1234567' });
    const done = await waitForRun(t, admin, p.id, run.id, ['succeeded', 'failed']);
    expect(done.status, done.logs).toBe('succeeded');
    const envLines = done.stageResults[0]!.output.split('\n').filter((l) => /^[A-Z_]+=/.test(l));
    const names = envLines.map((l) => l.split('=')[0]).filter((n) => n !== 'PWD' && n !== 'SHLVL' && n !== '_');
    expect(names.sort()).toEqual([
      'HANGAR_COMMIT_SHA',
      'HANGAR_PIPELINE_ID',
      'HANGAR_RUN_ID',
      'HANGAR_VERSION',
      'HOME',
      'LANG',
      'PATH',
    ]);
    expect(done.logs).toContain(`HANGAR_RUN_ID=${run.id}`);
    expect(done.logs).toContain('HANGAR_VERSION=2.0.0');
    expect(done.logs).toContain('HANGAR_COMMIT_SHA=abcdef1234567');
    expect(done.logs).toContain(`HOME=${join(dir, run.id)}`);
    expect(done.logs).not.toContain('JWT_SECRET');
    expect(done.stageResults[1]!.output).toContain('data');
    expect(existsSync(join(dir, run.id))).toBe(false);
    const logEvents = events.filter((e) => e.name === 'pipeline.log' && e.payload.runId === run.id);
    expect(logEvents.some((e) => e.payload.stage === 'read' && e.payload.message === 'data')).toBe(true);
    const statuses = events
      .filter((e) => e.name === 'pipeline.run.updated' && e.payload.id === run.id)
      .map((e) => e.payload.status);
    expect(statuses).toEqual(['queued', 'running', 'succeeded']);
    expect(
      events.find(
        (e) => e.name === 'pipeline.run.updated' && e.payload.status === 'succeeded' && e.payload.id === run.id,
      )!.payload.logs,
    ).toContain('data');
  });

  it('persists logs while the stage runs', async () => {
    const p = await createPipeline(t, admin, {
      name: uniq('live'),
      stages: [script('s', 'echo first-line; sleep 2; echo second')],
    });
    const run = await trigger(t, admin, p.id);
    const live = await waitForRun(t, admin, p.id, run.id, (r) => r.logs.includes('first-line'));
    expect(live.status).toBe('running');
    // Decision 610: a stage result is succeeded, failed, skipped or waiting; an executing stage has none yet.
    expect(live.stageResults).toEqual([]);
    expect(live.logs).not.toContain('second');
    await waitForRun(t, admin, p.id, run.id, ['succeeded']);
  });

  it('enforces PIPELINE_STAGE_TIMEOUT_S on the whole process group', async () => {
    const p = await createPipeline(t, admin, {
      name: uniq('slow'),
      stages: [script('s', 'sleep 30 & sleep 30; echo late'), script('after', 'echo no')],
    });
    const started = Date.now();
    const run = await trigger(t, admin, p.id);
    const done = await waitForRun(t, admin, p.id, run.id, ['failed', 'succeeded'], 20_000);
    expect(done.status).toBe('failed');
    expect(Date.now() - started).toBeLessThan(12_000);
    expect(done.stageResults.map((r) => r.status)).toEqual(['failed', 'skipped']);
    expect(done.stageResults[0]!.output).toMatch(/timed out after 3 s/);
  });

  it('keeps at most PIPELINE_LOG_MAX_BYTES of a run, with one line saying output was dropped; the stage still runs', async () => {
    const p = await createPipeline(t, admin, {
      name: uniq('big'),
      stages: [script('s', 'i=0; while [ $i -lt 2000 ]; do echo "line $i"; i=$((i+1)); done; echo FINISHED >&2')],
    });
    const run = await trigger(t, admin, p.id);
    const done = await waitForRun(t, admin, p.id, run.id, ['succeeded', 'failed']);
    expect(done.status).toBe('succeeded');
    expect(Buffer.byteLength(done.logs)).toBeLessThan(4096 + 300);
    expect(done.logs.match(/output dropped/g)).toHaveLength(1);
    expect(done.stageResults[0]!.output).toContain('line 1999');
    expect(done.stageResults[0]!.output).toContain('FINISHED');
  });
});

describe('approval', () => {
  it('waits, then approve (admin) resumes after the gate; decisions go into the stage result', async () => {
    const p = await createPipeline(t, admin, {
      name: uniq('appr'),
      stages: [
        script('a', 'echo before > f'),
        { id: 'gate', name: 'Gate', type: 'approval', config: { message: 'ship it?' } },
        script('c', 'cat f; echo after'),
      ],
    });
    const run = await trigger(t, admin, p.id);
    const waiting = await waitForRun(t, admin, p.id, run.id, ['waiting_approval', 'failed']);
    expect(waiting.status).toBe('waiting_approval');
    expect(waiting.stageResults.map((r) => r.status)).toEqual(['succeeded', 'waiting']);
    expect(
      events.some(
        (e) => e.name === 'pipeline.run.updated' && e.payload.id === run.id && e.payload.status === 'waiting_approval',
      ),
    ).toBe(true);
    expectError(await action(p.id, run.id, 'approve', user.token), 403);
    expectError(await action(p.id, run.id, 'reject', user.token), 403);
    expectError(await action(p.id, run.id, 'cancel', user.token), 403);
    const approved = await action(p.id, run.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('running');
    expect(approved.json().stageResults[1]).toMatchObject({
      stageId: 'gate',
      status: 'succeeded',
      approvedBy: { username: 'root-admin' },
    });
    const done = await waitForRun(t, admin, p.id, run.id, ['succeeded', 'failed']);
    expect(done.status, done.logs).toBe('succeeded');
    expect(done.stageResults.map((r) => r.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(done.stageResults[2]!.output).toContain('before');
    // Decision 720: each live line carries its index in `logs`, across the approval's continuation too.
    const kept = done.logs.split('\n');
    const live = events.filter((e) => e.name === 'pipeline.log' && e.payload.runId === run.id).map((e) => e.payload);
    expect(live.length).toBeGreaterThan(3);
    for (const l of live) expect(kept[l.line], JSON.stringify(l)).toBe(l.message);
    expect(live.some((l) => l.message === 'after')).toBe(true);
    expectError(await action(p.id, run.id, 'approve'), 400);
    expectError(await action(p.id, run.id, 'reject'), 400);
    expectError(await action(p.id, run.id, 'cancel'), 400);
  });

  it('reject fails the run, skips the rest, and records who decided', async () => {
    const p = await createPipeline(t, user.token, {
      name: uniq('rej'),
      stages: [
        { id: 'gate', type: 'approval', config: {} },
        { id: 'n', type: 'notify', config: { channel: 'x' } },
      ],
    });
    const run = await trigger(t, user.token, p.id);
    await waitForRun(t, admin, p.id, run.id, ['waiting_approval']);
    const res = await action(p.id, run.id, 'reject');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'failed' });
    expect(res.json().stageResults).toMatchObject([
      { stageId: 'gate', status: 'failed', rejectedBy: { username: 'root-admin' } },
      { stageId: 'n', status: 'skipped' },
    ]);
    expect(res.json().finishedAt).toBeTruthy();
  });

  it('approve or reject of a run that is not waiting: 400', async () => {
    const p = await createPipeline(t, admin, { name: uniq('nw'), stages: [script('s', 'sleep 1')] });
    const run = await trigger(t, admin, p.id);
    expectError(await action(p.id, run.id, 'approve'), 400);
    expectError(await action(p.id, run.id, 'reject'), 400);
    await waitForRun(t, admin, p.id, run.id, ['succeeded']);
  });
});

describe('cancel', () => {
  it('of a running command: cancelled at once, SIGTERM to the group, no later stage starts', async () => {
    const p = await createPipeline(t, admin, {
      name: uniq('cxl'),
      stages: [script('s', 'echo started; sleep 2.5; echo not-printed'), script('later', 'echo later-ran')],
    });
    const run = await trigger(t, admin, p.id);
    await waitForRun(t, admin, p.id, run.id, (r) => r.logs.includes('started'));
    const res = await action(p.id, run.id, 'cancel');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('cancelled');
    await new Promise((r) => setTimeout(r, 3000));
    const after = await getRun(t, admin, p.id, run.id);
    expect(after.status).toBe('cancelled');
    expect(after.logs).not.toContain('not-printed');
    expect(after.logs).not.toContain('later-ran');
    expect(after.stageResults.map((r) => r.status)).toEqual(['failed', 'skipped']);
    expect(after.stageResults[0]!.output).toContain('started');
    expect(existsSync(join(dir, run.id))).toBe(false);
    expectError(await action(p.id, run.id, 'cancel'), 400);
  });

  it('of a waiting run and of a queued one', async () => {
    const p = await createPipeline(t, admin, {
      name: uniq('cw'),
      stages: [{ id: 'gate', type: 'approval', config: {} }],
    });
    const run = await trigger(t, admin, p.id);
    await waitForRun(t, admin, p.id, run.id, ['waiting_approval']);
    const res = await action(p.id, run.id, 'cancel');
    expect(res.json()).toMatchObject({ status: 'cancelled', stageResults: [{ stageId: 'gate', status: 'skipped' }] });
    expectError(await action(p.id, run.id, 'approve'), 400);
    // A run still queued (its job not picked up yet): cancelled before it starts, every stage skipped.
    const { pipelineRuns } = await import('../../../src/db/schema/index.js');
    const [queued] = await t.database.db
      .insert(pipelineRuns)
      .values({ pipelineId: p.id, triggeredBy: user.id, stages: p.stages as never })
      .returning();
    const cq = await action(p.id, queued!.id, 'cancel');
    expect(cq.statusCode).toBe(200);
    expect(cq.json()).toMatchObject({
      status: 'cancelled',
      startedAt: null,
      stageResults: [{ stageId: 'gate', status: 'skipped' }],
    });
    expect(typeof cq.json().durationMs).toBe('number');
    expectError(await action(p.id, queued!.id, 'cancel'), 400);
  });
});

describe('delete', () => {
  it('removes the pipeline and its runs, stopping a running one', async () => {
    const p = await createPipeline(t, admin, { name: uniq('del'), stages: [script('s', 'echo go; sleep 20')] });
    const run = await trigger(t, admin, p.id);
    await waitForRun(t, admin, p.id, run.id, (r) => r.logs.includes('go'));
    const res = await t.app.inject({ method: 'DELETE', url: `${base}/${p.id}`, headers: bearer(user.token) });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectError(await t.app.inject({ url: `${base}/${p.id}/runs/${run.id}`, headers: bearer(admin) }), 404);
    expectError(await t.app.inject({ url: `${base}/${p.id}`, headers: bearer(admin) }), 404);
    const { pipelineRuns } = await import('../../../src/db/schema/index.js');
    const { eq } = await import('drizzle-orm');
    expect(await t.database.db.select().from(pipelineRuns).where(eq(pipelineRuns.pipelineId, p.id))).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 1500));
    expect(existsSync(join(dir, run.id))).toBe(false);
  });
});
