import type { App, HangarModule } from '../../kernel/types.js';
import type { MeshTwoMetricsPort, MeshTwoPort } from './meshtwo.ports.js';
import { meshTwoRoutes } from './meshtwo.routes.js';
import { createMeshTwoService, type MeshTwoService } from './meshtwo.service.js';

export { createMeshTwoService } from './meshtwo.service.js';
export type { MeshTwoMetricsPort, MeshTwoPort } from './meshtwo.ports.js';

export interface MeshTwoDeps {
  /** Linkerd on the cluster. */
  mesh: MeshTwoPort;
  /** Prometheus (`METRICS_URL`). */
  metrics: MeshTwoMetricsPort;
}

/** Mesh two = Linkerd (decisions 600, 615): read live from the cluster and `METRICS_URL`. */
export function createMeshTwoModule(deps: MeshTwoDeps): HangarModule<MeshTwoService> {
  const service = createMeshTwoService(deps);
  return {
    service,
    async routes(app: App) {
      await app.register(meshTwoRoutes, { service });
    },
  };
}
