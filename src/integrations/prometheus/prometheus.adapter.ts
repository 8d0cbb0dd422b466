import type { MeshOneMetricsPort } from '../../modules/meshone/meshone.ports.js';
import type { MeshTwoMetricsPort } from '../../modules/meshtwo/meshtwo.ports.js';
import { PrometheusClient } from './client.js';

/** Range queries for both meshes' metrics ports, over `METRICS_URL`. */
export class PrometheusMetricsAdapter implements MeshOneMetricsPort, MeshTwoMetricsPort {
  private readonly client: PrometheusClient;

  constructor(baseUrl: string | undefined, timeoutMs?: number) {
    this.client = new PrometheusClient(baseUrl, timeoutMs);
  }

  queryRange(query: string, range: { start: number; end: number; step: number }, signal?: AbortSignal) {
    return this.client.queryRange(query, range, signal);
  }
}
