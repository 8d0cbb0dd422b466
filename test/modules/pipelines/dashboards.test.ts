import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, uniq, type TestApp } from '../../helpers/app.js';
import { createPipeline, script, trigger, waitForRun, workDir } from './helpers.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({ PIPELINE_WORK_DIR: workDir() });
  admin = await t.adminToken();
});
afterAll(async () => t?.close());

const api = async (method: string, url: string, payload?: unknown) => {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: bearer(admin),
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};

describe('dashboard widgets show pipeline runs', () => {
  it('team_activity and deployment_feed list recent runs', async () => {
    const p = await createPipeline(t, admin, { name: uniq('dash'), stages: [script('s', 'true')] });
    const run = await trigger(t, admin, p.id);
    await waitForRun(t, admin, p.id, run.id, ['succeeded']);
    const d = await api('POST', '/api/v1/dashboards', { name: uniq('D'), visibility: 'workspace' });
    const team = await api('POST', `/api/v1/dashboards/${d.id}/widgets`, { type: 'team_activity', title: 'Activity' });
    const feed = await api('POST', `/api/v1/dashboards/${d.id}/widgets`, { type: 'deployment_feed', title: 'Feed' });
    const activity = await api('GET', `/api/v1/dashboards/${d.id}/widgets/${team.id}/data`);
    expect(activity.sample).toBe(false);
    expect(activity.data.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'pipeline_run', id: run.id, pipelineName: p.name, status: 'succeeded' }),
      ]),
    );
    const deployments = await api('GET', `/api/v1/dashboards/${d.id}/widgets/${feed.id}/data`);
    expect(deployments.data.deployments).toEqual([]);
    expect(deployments.data.pipelineRuns[0]).toMatchObject({ id: run.id, pipelineId: p.id, status: 'succeeded' });
  });
});
