import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { components } from '../../../src/db/schema/index.js';
import { argoApp, startArgoCdServer, type ArgoFake } from '../../fakes/argocd-server.js';
import { bearer, buildTestApp, uniq, type TestApp } from '../../helpers/app.js';
import { createPipeline, trigger, waitForRun, workDir } from './helpers.js';

// The deploy stage through the real wiring: a stored `gitopscd` credential, the CI module's
// GitOpsDeployPort and its Argo CD adapter, against a local server answering like Argo CD.
let t: TestApp;
let admin: string;
let argo: ArgoFake;

beforeAll(async () => {
  argo = await startArgoCdServer();
  argo.apps.set('shop', argoApp('shop'));
  t = await buildTestApp({ PIPELINE_WORK_DIR: workDir() });
  admin = await t.adminToken();
  const cred = await t.app.inject({
    method: 'POST',
    url: '/api/v1/integrations/credentials',
    headers: bearer(admin),
    payload: { type: 'gitopscd', name: 'argo', value: { url: argo.url, token: 'argo-token' } },
  });
  expect(cred.statusCode, cred.body).toBe(201);
});
afterAll(async () => {
  await t?.close();
  await argo?.close();
});

describe('deploy stage with the CI module GitOps client', () => {
  it('syncs the component gitopsApp and waits for Synced + Healthy', async () => {
    const [c] = await t.database.db
      .insert(components)
      .values({ name: uniq('shop'), kind: 'service', gitopsApp: 'shop' })
      .returning();
    const env = await t.app.inject({
      method: 'POST',
      url: '/api/v1/environments',
      headers: bearer(admin),
      payload: { name: uniq('prod') },
    });
    const p = await createPipeline(t, admin, {
      name: uniq('gitops'),
      stages: [{ id: 'd', type: 'deploy', config: { componentId: c!.id, environmentId: env.json().id } }],
    });
    const run = await trigger(t, admin, p.id, { version: '5.0.0' });
    const done = await waitForRun(t, admin, p.id, run.id, ['succeeded', 'failed'], 20_000);
    expect(done.status, done.logs).toBe('succeeded');
    expect(argo.syncBodies).toHaveLength(1);
    expect(done.logs).toContain('syncing GitOps application "shop"');
    expect(done.logs).toContain('sync Synced, health Healthy');
  }, 30_000);
});
