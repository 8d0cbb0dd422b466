import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { IstioAdapter } from '../../integrations/kubernetes/istio.adapter.js';
import { kubernetesAccess } from '../../integrations/kubernetes/access.js';
import { PrometheusMetricsAdapter } from '../../integrations/prometheus/prometheus.adapter.js';
import { meshOneRoutes } from './meshone.routes.js';
import { createMeshOneService } from './meshone.service.js';

export { createMeshOneService } from './meshone.service.js';

/** Mesh one = Istio (decisions 600, 615): read live from the cluster and `METRICS_URL`. */
export async function meshOneModule(app: App, ctx: AppContext) {
  const service = createMeshOneService({
    mesh: new IstioAdapter(kubernetesAccess(ctx.config.cluster)),
    metrics: new PrometheusMetricsAdapter(ctx.config.cluster.metricsUrl, ctx.config.cluster.timeoutMs),
  });
  await app.register(meshOneRoutes, { service });
}
