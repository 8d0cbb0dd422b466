import { Unavailable } from '../../../src/kernel/errors.js';
import type { Allocation, CostSourcePort, CostWindow } from '../../../src/modules/cost/cost.ports.js';

/** In-memory cost source: allocations per window and aggregation; held to test/contracts/cost-source.contract.ts. */
export class FakeCostSource implements CostSourcePort {
  up = true;
  readonly data = new Map<string, Map<string, Allocation>>();

  set(window: CostWindow, aggregate: string, key: string, a: Allocation) {
    const k = `${window}|${aggregate}`;
    if (!this.data.has(k)) this.data.set(k, new Map());
    this.data.get(k)!.set(key, a);
  }
  async healthy(signal?: AbortSignal) {
    return this.up && !signal?.aborted;
  }
  async allocations(window: CostWindow, aggregate: string, signal?: AbortSignal) {
    signal?.throwIfAborted();
    if (!this.up) throw new Unavailable('OpenCost is unreachable');
    return new Map(this.data.get(`${window}|${aggregate}`) ?? []);
  }
}
