import { describe, expect, it } from 'vitest';
import { installArgoRollouts, rollout } from '../../fakes/kube-fixtures.js';
import { expectError } from '../../helpers/app.js';
import { waitUntil } from '../../helpers/free-port.js';
import { kube, events, get, useOrchestratorApp } from './orchestrator-setup.js';

useOrchestratorApp();

describe('rollouts', () => {
  it('is an empty list while Argo Rollouts is not installed', async () => {
    const res = await get('/api/v1/orchestrator/rollouts');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('lists rollouts with phase and steps, optionally of one namespace', async () => {
    installArgoRollouts(kube.kube);
    kube.kube.apply(rollout('shop', 'storefront', 'Paused', { step: 1, ready: 4 }));
    kube.kube.apply(rollout('payments', 'ledger', 'Healthy', { step: 4 }));
    const all = await get('/api/v1/orchestrator/rollouts');
    expect(all.json()).toEqual(
      expect.arrayContaining([
        {
          name: 'storefront',
          namespace: 'shop',
          phase: 'Paused',
          replicas: 5,
          readyReplicas: 4,
          currentStepIndex: 1,
          totalSteps: 4,
        },
      ]),
    );
    expect(all.json()).toHaveLength(2);
    const shop = await get('/api/v1/orchestrator/rollouts?namespace=shop');
    expect(shop.json().map((r: any) => r.name)).toEqual(['storefront']);
    expectError(await get('/api/v1/orchestrator/rollouts?namespace=Bad_NS'), 400);
  });

  it(
    'emits rollout.updated {name, namespace, phase, previousPhase} within seconds of a phase change (watch)',
    { timeout: 60_000 },
    async () => {
      // The watch retries every few seconds while the CRD is absent (3 s at most), so a CRD installed
      // after the start is watched at once; once it runs, it has listed and recorded the current phases.
      await waitUntil(async () => kube.kube.openWatches > 0, 8_000, 'the rollout watch');
      await new Promise((r) => setTimeout(r, 500));
      events.length = 0;
      kube.kube.apply(rollout('shop', 'storefront', 'Progressing', { step: 2 }));
      await waitUntil(async () => events.some((e) => e.name === 'rollout.updated'), 10_000, 'rollout.updated');
      expect(events.filter((e) => e.name === 'rollout.updated')).toEqual([
        {
          name: 'rollout.updated',
          payload: { name: 'storefront', namespace: 'shop', phase: 'Progressing', previousPhase: 'Paused' },
        },
      ]);
      // A change that keeps the phase is not an event.
      kube.kube.apply(rollout('shop', 'storefront', 'Progressing', { step: 3 }));
      kube.kube.apply(rollout('shop', 'storefront', 'Healthy', { step: 4 }));
      await waitUntil(
        async () => events.filter((e) => e.name === 'rollout.updated').length === 2,
        10_000,
        'second rollout.updated',
      );
      expect(events.filter((e) => e.name === 'rollout.updated').at(-1)!.payload).toEqual({
        name: 'storefront',
        namespace: 'shop',
        phase: 'Healthy',
        previousPhase: 'Progressing',
      });
    },
  );

  it('re-watches from its resourceVersion when the stream ends, and relists on 410 Gone', async () => {
    await waitUntil(async () => kube.kube.openWatches > 0, 10_000, 'an open watch');
    // Changes while no stream is open, then compaction: resuming from the old resourceVersion is 410.
    kube.kube.dropWatches();
    kube.kube.apply(rollout('payments', 'ledger', 'Paused', { step: 1 }));
    kube.kube.compact();
    events.length = 0;
    await waitUntil(async () => events.some((e) => e.name === 'rollout.updated'), 10_000, 'rollout.updated after 410');
    expect(events.filter((e) => e.name === 'rollout.updated').map((e) => e.payload)).toEqual([
      { name: 'ledger', namespace: 'payments', phase: 'Paused', previousPhase: 'Healthy' },
    ]);
    const watches = kube.kube.requests.filter((r) => r.path === '/apis/argoproj.io/v1alpha1/rollouts');
    expect(watches.length).toBeGreaterThan(2);
  });

  it('backs off instead of re-watching in a tight loop when streams end at once', async () => {
    const watches = () => kube.kube.requests.filter((r) => r.path === '/apis/argoproj.io/v1alpha1/rollouts').length;
    kube.kube.endWatchesAtOnce = true;
    kube.kube.dropWatches();
    const before = watches();
    await new Promise((r) => setTimeout(r, 3000));
    kube.kube.endWatchesAtOnce = false;
    // At most a handful of re-watches, then a relist after the backoff; never hundreds.
    expect(watches() - before).toBeLessThan(40);
  });

  it('resumes the watch after the cluster comes back, relisting when its resourceVersion is gone (410)', async () => {
    await kube.kube.stop();
    const body = expectError(await get('/api/v1/orchestrator/rollouts'), 503);
    expect(body.message).toMatch(/Kubernetes cluster/);
    // Meanwhile the phase changes and the history is compacted: the watch must relist to see it.
    kube.kube.apply(rollout('payments', 'ledger', 'Degraded', { step: 2 }));
    kube.kube.compact();
    events.length = 0;
    await kube.kube.start();
    await waitUntil(
      async () => events.some((e) => e.name === 'rollout.updated'),
      20_000,
      'rollout.updated after reconnect',
    );
    expect(events.filter((e) => e.name === 'rollout.updated').map((e) => e.payload)).toEqual([
      { name: 'ledger', namespace: 'payments', phase: 'Degraded', previousPhase: 'Paused' },
    ]);
    expect((await get('/api/v1/orchestrator/rollouts')).statusCode).toBe(200);
  });
});
