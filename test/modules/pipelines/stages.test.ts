import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { components } from '../../../src/db/schema/index.js';
import { GITOPS_POLL_MS } from '../../../src/modules/pipelines/stages/deploy.js';
import { bearer, buildTestApp, uniq, type TestApp } from '../../helpers/app.js';
import { recordEvents } from '../../helpers/events.js';
import { createPipeline, trigger, waitForRun, workDir } from './helpers.js';
import { FakeGitOps } from '../../fakes/ports/gitops-deploy.fake.js';

let t: TestApp;
let admin: string;
let hook: Server;
const received: { body: any; headers: IncomingMessage['headers'] }[] = [];
const recorder = recordEvents();
const events = recorder.events;
const gitops = new FakeGitOps();

beforeAll(async () => {
  // A real webhook receiver: 500 for channel "broken", never answers for "slow".
  hook = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const body = JSON.parse(data);
      received.push({ body, headers: req.headers });
      if (body.channel === 'slow') return;
      res.writeHead(body.channel === 'broken' ? 500 : 200).end('ok');
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  t = await buildTestApp(
    {
      PIPELINE_WORK_DIR: workDir(),
      NOTIFY_WEBHOOK_URL: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`,
      PIPELINE_STAGE_TIMEOUT_S: '5',
    },
    undefined,
    { gitopsDeploy: gitops },
    { events: recorder.wrap },
  );
  admin = await t.adminToken();
});
afterAll(async () => {
  await t?.close();
  hook?.closeAllConnections();
  await new Promise((r) => hook?.close(r));
});

async function runOf(stages: unknown[], headers: Record<string, string> = {}, body?: Record<string, unknown>) {
  const p = await createPipeline(t, admin, { name: uniq('stg'), stages }, headers);
  const run = await trigger(t, admin, p.id, body);
  return { p, run: await waitForRun(t, admin, p.id, run.id, ['succeeded', 'failed'], 25_000) };
}

describe('notify', () => {
  it('posts {channel, text} to the webhook and emits pipeline.notify', async () => {
    const { p, run } = await runOf(
      [{ id: 'n', type: 'notify', config: { channel: 'deploys', message: 'shipped {{version}} of {{pipeline}}' } }],
      {},
      { version: '9.9.9' },
    );
    expect(run.status, run.logs).toBe('succeeded');
    const got = received.find((r) => r.body.text?.includes('9.9.9'))!;
    expect(got.body).toEqual({ channel: 'deploys', text: `shipped 9.9.9 of ${p.name}` });
    expect(got.headers['content-type']).toContain('application/json');
    const ev = events.find((e) => e.name === 'pipeline.notify' && e.payload.runId === run.id)!;
    expect(ev.payload).toMatchObject({
      channel: 'deploys',
      text: `shipped 9.9.9 of ${p.name}`,
      message: `shipped 9.9.9 of ${p.name}`,
      delivered: true,
      statusCode: 200,
      stageId: 'n',
      stage: 'n',
    });
  });

  it('a non-2xx answer fails the stage (and still emits pipeline.notify)', async () => {
    const { run } = await runOf([
      { id: 'n', type: 'notify', config: { channel: 'broken', message: 'x' } },
      { id: 'm', type: 'notify', config: { channel: 'ok' } },
    ]);
    expect(run.status).toBe('failed');
    expect(run.stageResults.map((r) => r.status)).toEqual(['failed', 'skipped']);
    expect(run.stageResults[0]!.output).toContain('answered 500');
    expect(events.find((e) => e.name === 'pipeline.notify' && e.payload.runId === run.id)!.payload).toMatchObject({
      delivered: false,
      statusCode: 500,
    });
  });

  it('gives up when the webhook never answers (10 s, or the stage timeout if shorter)', async () => {
    const { run } = await runOf([{ id: 'n', type: 'notify', config: { channel: 'slow', message: 'x' } }]);
    expect(run.status).toBe('failed');
    expect(run.stageResults[0]!.output).toMatch(/did not answer|timed out/);
  }, 30_000);
});

describe('deploy', () => {
  let componentId: string;
  let environmentId: string;
  let gitopsComponentId: string;
  let orgId: string;

  beforeAll(async () => {
    const [c] = await t.database.db
      .insert(components)
      .values({ name: uniq('svc'), kind: 'service' })
      .returning();
    const [g] = await t.database.db
      .insert(components)
      .values({ name: uniq('svc-g'), kind: 'service', gitopsApp: 'shop' })
      .returning();
    componentId = c!.id;
    gitopsComponentId = g!.id;
    const env = await t.app.inject({
      method: 'POST',
      url: '/api/v1/environments',
      headers: bearer(admin),
      payload: { name: uniq('env') },
    });
    expect(env.statusCode, env.body).toBe(201);
    environmentId = env.json().id;
    const org = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organizations',
      headers: bearer(admin),
      payload: { name: uniq('Org'), slug: uniq('org') },
    });
    orgId = org.json().id;
    gitops.organizations.add(orgId);
  });

  const deployments = async (runId: string) =>
    (await t.app.inject({ url: `/api/v1/deployments?take=100`, headers: bearer(admin) }))
      .json()
      .data.filter((d: { pipelineRunId: string }) => d.pipelineRunId === runId);

  it('records a Deployment (succeeded) and says so in the log when there is no GitOps sync', async () => {
    const { run } = await runOf(
      [{ id: 'd', type: 'deploy', config: { componentId, environmentId } }],
      {},
      { version: '1.4.0' },
    );
    expect(run.status, run.logs).toBe('succeeded');
    const [d] = await deployments(run.id);
    expect(d).toMatchObject({
      componentId,
      environmentId,
      version: '1.4.0',
      status: 'succeeded',
      pipelineRunId: run.id,
    });
    expect(run.stageResults[0]).toMatchObject({ status: 'succeeded', deploymentId: d.id });
    expect(run.logs).toMatch(/pending[\s\S]*in_progress[\s\S]*succeeded/);
    expect(run.logs).toContain('without a GitOps sync');
  });

  it('with gitopsApp but no credential for the organization: recorded, log says so', async () => {
    const { run } = await runOf([
      { id: 'd', type: 'deploy', config: { componentId: gitopsComponentId, environmentId } },
    ]);
    expect(run.status).toBe('succeeded');
    expect(run.logs).toContain('no GitOps CD credential');
  });

  it(
    'with gitopsApp and a credential: syncs and waits for Synced + Healthy',
    async () => {
      gitops.script.set('shop', [
        { sync: 'OutOfSync', health: 'Progressing' },
        { sync: 'Synced', health: 'Healthy' },
      ]);
      const { run } = await runOf(
        [{ id: 'd', type: 'deploy', config: { componentId: gitopsComponentId, environmentId } }],
        { 'x-organization-id': orgId },
      );
      expect(run.status, run.logs).toBe('succeeded');
      expect(gitops.syncs).toContain('shop');
      expect(run.logs).toContain('sync Synced, health Healthy');
      expect((await deployments(run.id))[0].status).toBe('succeeded');
    },
    20_000 + GITOPS_POLL_MS,
  );

  it('fails on Degraded, marking the deployment failed', async () => {
    gitops.script.set('shop', [{ sync: 'Synced', health: 'Degraded' }]);
    const { run } = await runOf(
      [{ id: 'd', type: 'deploy', config: { componentId: gitopsComponentId, environmentId } }],
      { 'x-organization-id': orgId },
    );
    expect(run.status).toBe('failed');
    expect(run.stageResults[0]!.output).toContain('Degraded');
    expect((await deployments(run.id))[0].status).toBe('failed');
  });

  it('fails after the stage timeout when the application never gets healthy', async () => {
    gitops.script.set('shop', [{ sync: 'OutOfSync', health: 'Progressing' }]);
    const { run } = await runOf(
      [{ id: 'd', type: 'deploy', config: { componentId: gitopsComponentId, environmentId } }],
      { 'x-organization-id': orgId },
    );
    expect(run.status).toBe('failed');
    expect(run.stageResults[0]!.output).toMatch(/timed out after 5 s/);
    expect((await deployments(run.id))[0].status).toBe('failed');
  }, 20_000);

  it('a missing component or environment fails the stage', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const a = await runOf([{ id: 'd', type: 'deploy', config: { componentId: missing, environmentId } }]);
    expect(a.run.status).toBe('failed');
    expect(a.run.stageResults[0]!.output).toMatch(/component .* does not exist/);
    const b = await runOf([{ id: 'd', type: 'deploy', config: { componentId, environmentId: missing } }]);
    expect(b.run.stageResults[0]!.output).toMatch(/environment .* does not exist/);
  });
});
