import type { Allocation, CostSourcePort, CostWindow } from '../../modules/cost/cost.ports.js';
import { OpenCostClient, type OpenCostAllocation } from './client.js';

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** The cost-source port over OpenCost; `memoryCost` is OpenCost's `ramCost`. */
export class OpenCostAdapter implements CostSourcePort {
  private readonly client: OpenCostClient;
  constructor(baseUrl: string, opts: { fetch?: typeof fetch } = {}) {
    this.client = new OpenCostClient(baseUrl, opts);
  }

  healthy(signal?: AbortSignal) {
    return this.client.healthz(signal);
  }

  async allocations(window: CostWindow, aggregate: string, signal?: AbortSignal): Promise<Map<string, Allocation>> {
    const sets = await this.client.allocation(window, aggregate, signal);
    const out = new Map<string, Allocation>();
    // Several sets (a source that ignores `accumulate`) are summed per key.
    for (const set of sets) {
      for (const [key, a] of Object.entries(set)) {
        if (key.startsWith('__')) continue; // __idle__, __unallocated__: no component owns them
        const prev = out.get(key);
        const next = toAllocation(a);
        out.set(key, prev ? sum(prev, next) : next);
      }
    }
    return out;
  }
}

function toAllocation(a: OpenCostAllocation): Allocation {
  const cpuCost = num(a.cpuCost);
  const memoryCost = num(a.ramCost);
  const pvCost = num(a.pvCost);
  const networkCost = num(a.networkCost);
  const totalCost =
    a.totalCost !== undefined
      ? num(a.totalCost)
      : cpuCost + memoryCost + pvCost + networkCost + num(a.gpuCost) + num(a.loadBalancerCost);
  return { cpuCost, memoryCost, pvCost, networkCost, totalCost };
}

const sum = (a: Allocation, b: Allocation): Allocation => ({
  cpuCost: a.cpuCost + b.cpuCost,
  memoryCost: a.memoryCost + b.memoryCost,
  pvCost: a.pvCost + b.pvCost,
  networkCost: a.networkCost + b.networkCost,
  totalCost: a.totalCost + b.totalCost,
});
