import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { kubernetesAccess } from '../../integrations/kubernetes/access.js';
import { LinkerdAdapter } from '../../integrations/kubernetes/linkerd.adapter.js';
import { PrometheusMetricsAdapter } from '../../integrations/prometheus/prometheus.adapter.js';
import { meshTwoRoutes } from './meshtwo.routes.js';
import { createMeshTwoService } from './meshtwo.service.js';

export { createMeshTwoService } from './meshtwo.service.js';

/** Mesh two = Linkerd (decisions 600, 615): read live from the cluster and `METRICS_URL`. */
export async function meshTwoModule(app: App, ctx: AppContext) {
  const service = createMeshTwoService({
    mesh: new LinkerdAdapter(kubernetesAccess(ctx.config.cluster)),
    metrics: new PrometheusMetricsAdapter(ctx.config.cluster.metricsUrl, ctx.config.cluster.timeoutMs),
  });
  await app.register(meshTwoRoutes, { service });
}
