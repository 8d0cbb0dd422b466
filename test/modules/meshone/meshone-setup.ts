import { afterAll, beforeAll } from 'vitest';
import { FakeKubeApiServer } from '../../fakes/kube-apiserver.js';
import { installIstio, istioResources, reviewsVirtualService } from '../../fakes/kube-mesh-fixtures.js';
import { bearer, buildTestApp, type TestApp } from '../../helpers/app.js';
import { freePort } from '../../helpers/free-port.js';
import { startKube } from '../../helpers/kube.js';

export let t: TestApp;
export let kube: Awaited<ReturnType<typeof startKube>>;
export let other: FakeKubeApiServer;
export let admin: Record<string, string>;
export let user: Record<string, string>;

export const get = (url: string, headers = user) => t.app.inject({ method: 'GET', url, headers });

/** The setup shared by the files split from meshone.test.ts (decision 1126): call at the top of each. */
export function useMeshOneApp(): void {
  beforeAll(async () => {
    kube = await startKube();
    installIstio(kube.kube);
    istioResources(kube.kube);
    // A second cluster serving only networking.istio.io/v1beta1 (Istio before 1.22), reached through clusterConfig.
    other = await new FakeKubeApiServer().start();
    installIstio(other, { networkingVersions: ['v1beta1'] });
    other.apply(reviewsVirtualService('legacy', 'v1beta1'));
    t = await buildTestApp({
      CLUSTER_CONFIG_PATH: kube.configPath,
      METRICS_URL: `http://127.0.0.1:${await freePort()}`,
      CLUSTER_WATCH_ROLLOUTS: 'false',
    });
    admin = bearer(await t.adminToken());
    user = bearer((await t.newUser()).token);
  });

  afterAll(async () => {
    await t?.close();
    await kube?.cleanup();
    await other?.stop();
  });
}
