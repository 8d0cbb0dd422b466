import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrchestratorPort, WatchedRollout } from '../../src/modules/orchestrator/orchestrator.ports.js';
import type { RolloutStatus } from '../../src/modules/orchestrator/orchestrator.schemas.js';

export interface OrchestratorSubject {
  /** A port on a cluster holding what the `add*` calls put there. */
  port: OrchestratorPort;
  /** A port of a server with no cluster configured. */
  unconfigured(): OrchestratorPort;
  addDeployment(namespace: string, name: string, image: string): void;
  /** Installs the Rollout CRD (Argo Rollouts) and one rollout in `phase` with 4 canary steps. */
  addRollout(namespace: string, name: string, phase: RolloutStatus['phase']): void;
  close?(): Promise<void>;
}

/** What the orchestrator module (routes, sync job, rollout watch) relies on from a cluster (decision 510). */
export function orchestratorContract(name: string, make: () => Promise<OrchestratorSubject>) {
  describe(`orchestrator port contract: ${name}`, () => {
    let s: OrchestratorSubject;
    beforeAll(async () => {
      s = await make();
      s.addDeployment('shop', 'web', 'nginx:1.27');
      s.addDeployment('billing', 'api', 'api:2');
    });
    afterAll(() => s?.close?.());

    it('lists workloads of every namespace with their image', async () => {
      expect(s.port.configured).toBe(true);
      const w = await s.port.listWorkloads();
      expect(w.find((x) => x.name === 'web')).toMatchObject({ namespace: 'shop', image: 'nginx:1.27' });
      expect(w.find((x) => x.name === 'api')).toMatchObject({ namespace: 'billing', image: 'api:2' });
    });
    it('rollouts are [] before the Rollout CRD exists, then listed and filtered by namespace', async () => {
      expect(await s.port.listRollouts()).toEqual([]);
      s.addRollout('shop', 'web', 'Progressing');
      s.addRollout('billing', 'api', 'Healthy');
      expect((await s.port.listRollouts()).map((r) => r.name).sort()).toEqual(['api', 'web']);
      const shop = await s.port.listRollouts('shop');
      expect(shop).toEqual([
        expect.objectContaining({ name: 'web', namespace: 'shop', phase: 'Progressing', totalSteps: 4 }),
      ]);
    });
    it('CRDs are sorted by name and include the Rollout CRD', async () => {
      const names = (await s.port.listCrds()).map((c) => c.name);
      expect(names).toContain('rollouts.argoproj.io');
      expect([...names].sort()).toEqual(names);
    });
    it('the watch reports existing rollouts, then stops', async () => {
      const seen: WatchedRollout[] = [];
      const watch = await s.port.watchRollouts({ changed: (r) => seen.push(r), deleted: () => {}, failed: () => {} });
      for (let i = 0; i < 50 && seen.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
      watch.stop();
      expect(seen.map((r) => r.name).sort()).toEqual(['api', 'web']);
      expect(seen.every((r) => typeof r.uid === 'string' && r.uid.length > 0)).toBe(true);
    });
    it('without a cluster: not configured and empty lists', async () => {
      const none = s.unconfigured();
      expect(none.configured).toBe(false);
      expect(await none.listWorkloads()).toEqual([]);
      expect(await none.listRollouts()).toEqual([]);
    });
    it('an aborted signal rejects', async () => {
      await expect(s.port.listWorkloads(AbortSignal.abort())).rejects.toThrow();
      await expect(s.port.listRollouts(undefined, AbortSignal.abort())).rejects.toThrow();
    });
  });
}
