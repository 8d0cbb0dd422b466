export interface Allocation {
  cpuCost: number;
  memoryCost: number;
  pvCost: number;
  networkCost: number;
  totalCost: number;
}

export type CostWindow = '7d' | '30d';

/** What the cost module needs from a cost source (OpenCost implements it). */
export interface CostSourcePort {
  /** True when the source answers its health probe. Never throws. */
  healthy(signal?: AbortSignal): Promise<boolean>;
  /**
   * Accumulated allocations of `window`, aggregated by `aggregate` (`namespace`, `label:app`, …),
   * keyed by the aggregate's value. 503 when the source is unreachable.
   */
  allocations(window: CostWindow, aggregate: string, signal?: AbortSignal): Promise<Map<string, Allocation>>;
}
