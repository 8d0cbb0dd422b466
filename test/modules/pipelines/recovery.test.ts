import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineRuns } from '../../../src/db/schema/index.js';
import { buildTestApp, createTestDatabase, uniq, type TestApp } from '../../helpers/app.js';
import { createPipeline, getRun, script, trigger, waitForRun, workDir } from './helpers.js';

/** What a process finds at start in the runs table of a process that stopped (decision 612). */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let first: TestApp;
let second: TestApp | undefined;
const env = { PIPELINE_WORK_DIR: workDir() };

beforeAll(async () => {
  db = await createTestDatabase();
  first = await buildTestApp(env, db);
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await db?.drop();
});

describe('restart recovery', () => {
  it('re-queues queued runs, fails running ones with a stage result saying so, keeps waiting ones', async () => {
    const admin = await first.adminToken();
    const p = await createPipeline(first, admin, {
      name: uniq('rec'),
      stages: [script('a', 'echo ran-a'), { id: 'gate', type: 'approval', config: {} }, script('c', 'echo ran-c')],
    });
    const adminId = p.createdBy;
    const stages = p.stages as never;
    const at = new Date(Date.now() - 5000);
    const insert = (values: Partial<typeof pipelineRuns.$inferInsert>) =>
      first.database.db
        .insert(pipelineRuns)
        .values({ pipelineId: p.id, triggeredBy: adminId, stages, ...values })
        .returning()
        .then((r) => r[0]!);
    const queued = await insert({ status: 'queued' });
    const running = await insert({
      status: 'running',
      startedAt: at,
      jobId: 'x.0',
      jobFrom: 0,
      stageResults: [
        { stageId: 'a', status: 'running', startedAt: at.toISOString(), finishedAt: null, output: 'half\n' },
      ],
    });
    const waiting = await insert({
      status: 'waiting_approval',
      startedAt: at,
      stageResults: [
        { stageId: 'a', status: 'succeeded', startedAt: at.toISOString(), finishedAt: at.toISOString(), output: '' },
        { stageId: 'gate', status: 'waiting', startedAt: at.toISOString(), finishedAt: null, output: '' },
      ],
    });
    const approved = await insert({
      status: 'running',
      startedAt: at,
      resumeAt: 2,
      jobId: `${uniq('j')}.2`,
      stageResults: [
        { stageId: 'a', status: 'succeeded', startedAt: at.toISOString(), finishedAt: at.toISOString(), output: '' },
        { stageId: 'gate', status: 'succeeded', startedAt: at.toISOString(), finishedAt: at.toISOString(), output: '' },
      ],
    });

    // A second process starts on the same database: its job catalog runs the recovery declaration.
    second = await buildTestApp(env, db);
    const token = await second.adminToken();
    const failed = await waitForRun(second, token, p.id, running.id, ['failed']);
    expect(failed.stageResults).toMatchObject([
      { stageId: 'a', status: 'failed' },
      { stageId: 'gate', status: 'skipped' },
      { stageId: 'c', status: 'skipped' },
    ]);
    expect(failed.stageResults[0]!.output).toMatch(/server (restarted|stopped)/);
    expect(failed.finishedAt).toBeTruthy();

    const requeued = await waitForRun(second, token, p.id, queued.id, ['waiting_approval']);
    expect(requeued.logs).toContain('ran-a');
    const resumed = await waitForRun(second, token, p.id, approved.id, ['succeeded']);
    expect(resumed.logs).toContain('ran-c');
    expect(resumed.logs).not.toContain('ran-a');
    expect((await getRun(second, token, p.id, waiting.id)).status).toBe('waiting_approval');
  });

  it('a process shutting down stops its running commands and fails those runs', async () => {
    const third = await buildTestApp(env, db);
    const token = await third.adminToken();
    const p = await createPipeline(third, token, {
      name: uniq('shutdown'),
      stages: [script('long', 'echo up; sleep 30'), script('next', 'echo next')],
    });
    const run = await trigger(third, token, p.id);
    await waitForRun(third, token, p.id, run.id, (r) => r.logs.includes('up'));
    await third.close();
    const admin = await first.adminToken();
    const done = await waitForRun(first, admin, p.id, run.id, ['failed'], 15_000);
    expect(done.stageResults).toMatchObject([
      { stageId: 'long', status: 'failed' },
      { stageId: 'next', status: 'skipped' },
    ]);
    expect(done.stageResults[0]!.output).toMatch(/shut down \(restarted\)/);
  });
});
