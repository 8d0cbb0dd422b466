import { describe, expect, it } from 'vitest';
import { bearer, expectError, uniq } from '../../helpers/app.js';
import { createPipeline, script, trigger, waitForRun } from './helpers.js';
import { t, admin, user, url, usePipelinesApp } from './pipelines-setup.js';

usePipelinesApp();

describe('runs', () => {
  it('trigger answers 201 queued; the run succeeds with logs, stage results and timing', async () => {
    const p = await createPipeline(t, admin, {
      name: uniq('run'),
      stages: [script('one', 'echo "hello $HANGAR_VERSION"; echo err >&2'), script('two', 'echo two')],
    });
    const run = await trigger(t, user.token, p.id, { version: '1.2.3' });
    expect(run).toMatchObject({
      pipelineId: p.id,
      status: 'queued',
      triggeredBy: user.id,
      version: '1.2.3',
      commitSha: '0000000',
      stageResults: [],
    });
    const done = await waitForRun(t, admin, p.id, run.id, ['succeeded', 'failed']);
    expect(done.status, JSON.stringify(done)).toBe('succeeded');
    expect(done.logs).toContain('hello 1.2.3\n');
    expect(done.logs).toContain('err\n');
    expect(done.stageResults.map((r) => [r.stageId, r.status])).toEqual([
      ['one', 'succeeded'],
      ['two', 'succeeded'],
    ]);
    expect(done.stageResults[1]!.output).toContain('two\n');
    expect(Date.parse(done.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(done.startedAt!));
    expect(done.durationMs).toBe(Date.parse(done.finishedAt!) - Date.parse(done.startedAt!));
  });

  it('a failing stage fails the run and skips the rest', async () => {
    const p = await createPipeline(t, admin, {
      name: uniq('fail'),
      stages: [script('a', 'echo before; exit 3'), script('b', 'echo never')],
    });
    const run = await trigger(t, admin, p.id);
    const done = await waitForRun(t, admin, p.id, run.id, ['succeeded', 'failed']);
    expect(done.status).toBe('failed');
    expect(done.stageResults.map((r) => r.status)).toEqual(['failed', 'skipped']);
    expect(done.stageResults[0]!.output).toContain('exited with code 3');
    expect(done.logs).not.toContain('never');
  });

  it('lists runs newest first; a run of another pipeline is 404', async () => {
    const p = await createPipeline(t, admin, { name: uniq('list'), stages: [] });
    const q = await createPipeline(t, admin, { name: uniq('list2'), stages: [] });
    const r1 = await trigger(t, admin, p.id);
    const r2 = await trigger(t, admin, p.id);
    await waitForRun(t, admin, p.id, r2.id, ['succeeded']);
    const list = await t.app.inject({ url: `${url}/${p.id}/runs`, headers: bearer(user.token) });
    expect(list.json().map((r: { id: string }) => r.id)).toEqual([r2.id, r1.id]);
    expectError(await t.app.inject({ url: `${url}/${q.id}/runs/${r1.id}`, headers: bearer(admin) }), 404);
    expectError(
      await t.app.inject({ method: 'POST', url: `${url}/${q.id}/runs/${r1.id}/cancel`, headers: bearer(admin) }),
      404,
    );
    expectError(
      await t.app.inject({ url: `${url}/${p.id}/runs/00000000-0000-4000-8000-000000000000`, headers: bearer(admin) }),
      404,
    );
  });

  it('validates the trigger body', async () => {
    const p = await createPipeline(t, admin, { name: uniq('tb') });
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `${url}/${p.id}/trigger`,
        headers: bearer(admin),
        payload: { version: 5 },
      }),
      400,
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `${url}/${p.id}/trigger`,
        headers: bearer(admin),
        payload: { commitSha: 'not a sha' },
      }),
      400,
    );
  });
});
