import type { Database } from '../../db/client.js';
import type { App, HangarModule } from '../../kernel/types.js';
import type { PolicyEnginePort } from './policyengine.ports.js';
import { policyEngineRoutes } from './policyengine.routes.js';
import { createPolicyEngineService, type PolicyEngineService } from './policyengine.service.js';

export type { PolicyEnginePort } from './policyengine.ports.js';
export { interpretDecision } from './policyengine.decision.js';
export { createPolicyEngineService, type PolicyEngineService } from './policyengine.service.js';

/** Policy evaluation against OPA (document 3, "Policy engine"). Admission endpoints live in `admission/`. */
export function createPolicyEngineModule(deps: { db: Database; engine: PolicyEnginePort }): HangarModule<PolicyEngineService> {
  const service = createPolicyEngineService(deps);
  return {
    service,
    async routes(app: App) {
      await app.register(policyEngineRoutes, { service });
    },
  };
}
