import type { App, HangarModule } from '../../kernel/types.js';
import type { AdmissionPort } from './admission.ports.js';
import { admissionRoutes } from './admission.routes.js';
import { createAdmissionService, type AdmissionService } from './admission.service.js';

export type { AdmissionPort } from './admission.ports.js';
export { createAdmissionService, type AdmissionService } from './admission.service.js';

export interface AdmissionDeps {
  /** Gatekeeper on the cluster. */
  port: AdmissionPort;
}

/** Admission policies (Gatekeeper), under /api/v1/orchestrator/policy-admission as the interface places them (decision 600). */
export function createAdmissionModule(deps: AdmissionDeps): HangarModule<AdmissionService> {
  const service = createAdmissionService({ port: deps.port });
  return {
    service,
    async routes(app: App) {
      await app.register(admissionRoutes, { service });
    },
  };
}
