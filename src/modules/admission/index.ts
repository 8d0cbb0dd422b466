import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { kubernetesAccess } from '../../integrations/kubernetes/access.js';
import { GatekeeperAdapter } from '../../integrations/kubernetes/gatekeeper.adapter.js';
import { admissionRoutes } from './admission.routes.js';
import { createAdmissionService } from './admission.service.js';

export { createAdmissionService } from './admission.service.js';

/** Admission policies (Gatekeeper), under /api/v1/orchestrator/policy-admission as the interface places them (decision 600). */
export async function admissionModule(app: App, ctx: AppContext) {
  await app.register(admissionRoutes, { service: createAdmissionService({ port: new GatekeeperAdapter(kubernetesAccess(ctx.config.cluster)) }) });
}
