import { afterAll, beforeAll } from 'vitest';
import { deployment, installGatekeeper } from '../../fakes/kube-fixtures.js';
import { installIstio } from '../../fakes/kube-mesh-fixtures.js';
import { bearer, buildTestApp, type TestApp } from '../../helpers/app.js';
import { recordEvents } from '../../helpers/events.js';
import { startKube } from '../../helpers/kube.js';

export let t: TestApp;
export let kube: Awaited<ReturnType<typeof startKube>>;
export let admin: Record<string, string>;
export let user: Record<string, string>;
// Made per test file: the module is shared between the files of a worker (isolate: false).
export let recorder: ReturnType<typeof recordEvents>;
export let events: ReturnType<typeof recordEvents>['events'];

export const get = (url: string, headers = user) => t.app.inject({ method: 'GET', url, headers });

/** The setup shared by the files split from orchestrator.test.ts (decision 1126): call at the top of each. */
export function useOrchestratorApp(): void {
  recorder = recordEvents();
  events = recorder.events;
  beforeAll(async () => {
    kube = await startKube();
    kube.kube.apply(
      deployment('shop', 'checkout', {
        image: 'registry.example/checkout:1.4.2',
        replicas: 3,
        ready: 2,
        labels: { app: 'checkout', tier: 'backend' },
      }),
    );
    kube.kube.apply(
      deployment('shop', 'checkout-worker', {
        image: 'registry.example/checkout-worker:1.4.2',
        labels: { app: 'checkout-worker', 'app.kubernetes.io/part-of': 'checkout' },
      }),
    );
    kube.kube.apply(deployment('payments', 'ledger', { image: 'registry.example/ledger:2.0.0', replicas: 2 }));
    installIstio(kube.kube);
    installGatekeeper(kube.kube);
    kube.kube.installCrd({
      group: 'example.com',
      kind: 'Widget',
      plural: 'widgets',
      versions: ['v2', 'v1'],
      scope: 'Cluster',
    });
    t = await buildTestApp(
      { CLUSTER_CONFIG_PATH: kube.configPath, CLUSTER_SYNC_INTERVAL_S: '0' },
      undefined,
      undefined,
      {
        events: recorder.wrap,
      },
    );
    admin = bearer(await t.adminToken());
    user = bearer((await t.newUser()).token);
  });

  afterAll(async () => {
    await t?.close();
    await kube?.cleanup();
  });
}
