import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { components, deployments } from '../../../src/db/schema/index.js';
import { bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';
import { createPipeline, trigger, waitForRun, workDir } from '../pipelines/helpers.js';

/** GET /api/v1/deployments/:id: the record with its run's pipeline, commit and who deployed it (decision 710). */
let t: TestApp;
let admin: string;
let componentId: string;
let environmentId: string;

beforeAll(async () => {
  t = await buildTestApp({ PIPELINE_WORK_DIR: workDir() });
  admin = await t.adminToken();
  const [c] = await t.database.db
    .insert(components)
    .values({ name: uniq('svc'), kind: 'service' })
    .returning();
  componentId = c!.id;
  const env = await t.app.inject({
    method: 'POST',
    url: '/api/v1/environments',
    headers: bearer(admin),
    payload: { name: uniq('env') },
  });
  expect(env.statusCode, env.body).toBe(201);
  environmentId = env.json().id;
});
afterAll(async () => {
  await t?.close();
});

const get = (id: string, token = admin) =>
  t.app.inject({ url: `/api/v1/deployments/${id}`, headers: token ? bearer(token) : {} });

describe('GET /api/v1/deployments/:id', () => {
  it("names the pipeline whose run deployed it, the run's commit and who triggered it", async () => {
    const p = await createPipeline(t, admin, {
      name: uniq('ship'),
      stages: [{ id: 'd', type: 'deploy', config: { componentId, environmentId } }],
    });
    const run = await trigger(t, admin, p.id, { version: '2.0.1', commitSha: 'abc1234def' });
    const done = await waitForRun(t, admin, p.id, run.id, ['succeeded', 'failed'], 25_000);
    expect(done.status, done.logs).toBe('succeeded');
    const deploymentId = done.stageResults[0]!.deploymentId as string;

    const res = await get(deploymentId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: deploymentId,
      componentId,
      environmentId,
      version: '2.0.1',
      status: 'succeeded',
      pipelineRunId: run.id,
      pipelineId: p.id,
      pipelineName: p.name,
      commitSha: 'abc1234def',
      deployedByUsername: 'root-admin',
    });
    // A plain user reads it too (the list is open to every signed-in user).
    const user = await t.newUser('reader');
    expect((await get(deploymentId, user.token)).json().pipelineId).toBe(p.id);
  });

  it('answers nulls for a deployment without a pipeline run', async () => {
    const [row] = await t.database.db
      .insert(deployments)
      .values({ componentId, environmentId, version: '0.9.0', status: 'succeeded' })
      .returning();
    const res = await get(row!.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: row!.id,
      pipelineRunId: null,
      pipelineId: null,
      pipelineName: null,
      commitSha: null,
      deployedBy: null,
      deployedByUsername: null,
    });
  });

  it('404 for an unknown deployment, 400 for a malformed id, 401 without a token', async () => {
    expectError(await get('00000000-0000-4000-8000-000000000000'), 404);
    expectError(await get('not-a-uuid'), 400);
    expectError(await get('00000000-0000-4000-8000-000000000000', ''), 401);
  });
});
