import type { App, HangarModule } from '../../kernel/types.js';
import type { MeshOneMetricsPort, MeshOnePort } from './meshone.ports.js';
import { meshOneRoutes } from './meshone.routes.js';
import { createMeshOneService, type MeshOneService } from './meshone.service.js';

export { createMeshOneService } from './meshone.service.js';
export type { MeshOneMetricsPort, MeshOnePort } from './meshone.ports.js';

export interface MeshOneDeps {
  /** Istio on the cluster. */
  mesh: MeshOnePort;
  /** Prometheus (`METRICS_URL`). */
  metrics: MeshOneMetricsPort;
}

/** Mesh one = Istio (decisions 600, 615): read live from the cluster and `METRICS_URL`. */
export function createMeshOneModule(deps: MeshOneDeps): HangarModule<MeshOneService> {
  const service = createMeshOneService(deps);
  return {
    service,
    async routes(app: App) {
      await app.register(meshOneRoutes, { service });
    },
  };
}
