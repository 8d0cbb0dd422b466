import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Allocation, CostSourcePort, CostWindow } from '../../src/modules/cost/cost.ports.js';

export type CostData = Partial<Record<CostWindow, Record<string, Record<string, Allocation>>>>;

export interface CostSourceSubject {
  /** A port whose source holds `data` (window -> aggregate -> key -> allocation). */
  serving(data: CostData): Promise<CostSourcePort>;
  unreachable(): CostSourcePort;
  close?(): Promise<void>;
}

const web: Allocation = { cpuCost: 1, memoryCost: 2, pvCost: 3, networkCost: 4, totalCost: 10 };
const api: Allocation = { cpuCost: 0.5, memoryCost: 0.25, pvCost: 0, networkCost: 0, totalCost: 0.75 };

/** What the cost module relies on from a cost source (decision 510). */
export function costSourceContract(name: string, make: () => Promise<CostSourceSubject>) {
  describe(`cost-source port contract: ${name}`, () => {
    let s: CostSourceSubject;
    let port: CostSourcePort;
    beforeAll(async () => {
      s = await make();
      port = await s.serving({ '7d': { 'label:app': { web, api } }, '30d': { namespace: { shop: web } } });
    });
    afterAll(() => s?.close?.());

    it('allocations of one window and aggregation, keyed by the aggregate value', async () => {
      const got = await port.allocations('7d', 'label:app');
      expect(Object.fromEntries(got)).toEqual({ web, api });
      expect(Object.fromEntries(await port.allocations('30d', 'namespace'))).toEqual({ shop: web });
    });
    it('an aggregation with no data is an empty map', async () => {
      expect((await port.allocations('30d', 'label:team')).size).toBe(0);
    });
    it('healthy: true when up; false (never a throw) when unreachable or aborted', async () => {
      expect(await port.healthy()).toBe(true);
      expect(await s.unreachable().healthy()).toBe(false);
      expect(await port.healthy(AbortSignal.abort())).toBe(false);
    });
    it('allocations from an unreachable source are 503; an aborted signal rejects', async () => {
      await expect(s.unreachable().allocations('7d', 'namespace')).rejects.toMatchObject({ statusCode: 503 });
      await expect(port.allocations('7d', 'label:app', AbortSignal.abort())).rejects.toThrow();
    });
  });
}
